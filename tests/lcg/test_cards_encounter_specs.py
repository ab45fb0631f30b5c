"""Every encounter and quest card of the core set has a declaration whose paraphrase is
the effects file's.  (How far each is automated, and by which tests, is computed by
devtools/coverage.py: tests/test_card_coverage.py.)"""
import json
import os
from functools import lru_cache

import pytest

from tabletop.games.lcg.cards import DATA_DIR, core_set
from tabletop.games.lcg.cardspecs import load

CODES = [c.code for c in core_set() if c.deck in ("encounter", "quest")]


@lru_cache(maxsize=None)
def _paraphrases() -> dict:
    with open(os.path.join(DATA_DIR, "lotr_lcg_core_effects.json"), encoding="utf-8") as fh:
        return {code: c["rules_text_en"] for code, c in json.load(fh)["cards"].items()}


def test_every_encounter_and_quest_card_is_declared():
    assert len(CODES) >= 55               # the core set's 55
    specs = load()
    assert [c for c in CODES if c not in specs] == []


@pytest.mark.parametrize("code", CODES)
def test_declaration_paraphrase_is_the_effects_files(code):
    spec = load()[code]
    assert " ".join(t for t in (spec.text, spec.shadow_text) if t) == _paraphrases()[code], (
        f"{code}: the declaration's text and shadow_text must read as rules_text_en of "
        "lotr_lcg_core_effects.json")
