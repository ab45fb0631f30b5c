"""Every encounter and quest card of the core set has a declaration: its paraphrase as
in the effects file, how far it is automated, and tests that exist."""
import ast
import json
import os
from functools import lru_cache

import pytest

from tabletop.games.lcg.cards import DATA_DIR, core_set
from tabletop.games.lcg.cardspecs import load

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CODES = [c.code for c in core_set() if c.deck in ("encounter", "quest")]


@lru_cache(maxsize=None)
def _paraphrases() -> dict:
    with open(os.path.join(DATA_DIR, "lotr_lcg_core_effects.json"), encoding="utf-8") as fh:
        return {code: c["rules_text_en"] for code, c in json.load(fh)["cards"].items()}


@lru_cache(maxsize=None)
def _test_names(path: str) -> set[str]:
    with open(os.path.join(ROOT, path), encoding="utf-8") as fh:
        tree = ast.parse(fh.read())
    return {n.name for n in tree.body if isinstance(n, ast.FunctionDef) and n.name.startswith("test_")}


def test_all_55_encounter_and_quest_cards_are_declared():
    assert len(CODES) == 55
    specs = load()
    assert [c for c in CODES if c not in specs] == []


@pytest.mark.parametrize("code", CODES)
def test_declaration_paraphrase_automation_and_tests(code):
    spec = load()[code]
    text = _paraphrases()[code]
    assert " ".join(t for t in (spec.text, spec.shadow_text) if t) == text
    assert spec.automation in ("full", "partial") and (spec.automation == "full") == (not spec.missing)
    assert spec.tests
    for ref in spec.tests:
        path, _sep, name = ref.partition("::")
        assert name in _test_names(path), f"{code} names a test that does not exist: {ref}"
