"""How much of each core-set card the rules engine does: ``main.py cards --coverage``.

For every card: its automation (``full``: every ability works; ``partial``:
what is missing is said; ``none``: no declaration, its text is done by hand)
and the tests that cover it: the test functions (in ``tests/lcg``) whose text
names the card.
"""
from __future__ import annotations

import ast
import os
from functools import lru_cache

from tabletop.games.lcg.cardspecs import load, spec_for
from tabletop.games.lcg.cards import core_set

TESTS = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))), "tests", "lcg")


@lru_cache(maxsize=1)
def _test_texts() -> list[tuple[str, str]]:
    """(test id, the test function's source) for the card game's tests."""
    out = []
    if not os.path.isdir(TESTS):
        return out
    for name in sorted(os.listdir(TESTS)):
        if not (name.startswith("test_") and name.endswith(".py")):
            continue
        path = os.path.join(TESTS, name)
        source = open(path, encoding="utf-8").read()
        for node in ast.parse(source).body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                text = ast.get_source_segment(source, node) or ""
                out.append((f"tests/lcg/{name}::{node.name}", text))
    return out


def tests_naming(name: str) -> list[str]:
    """The tests whose text names a card (by its quoted name)."""
    needles = (f'"{name}"', f"'{name}'", f'"{name}:', f'"Play {name}')
    return [tid for tid, text in _test_texts() if any(n in text for n in needles)]


def coverage() -> list[dict]:
    """One row per card: code, name, type, automation, missing, tests."""
    load()
    rows = []
    for cdef in sorted(core_set(), key=lambda c: c.code):
        spec = spec_for(cdef.code)
        names = {cdef.name}
        if cdef.type == "quest":
            names |= {n for n in (cdef.side_a_name, cdef.side_b_name) if n}
        tests = {t for n in names for t in tests_naming(n)}
        if spec is not None:                      # and the tests its declaration names
            tests |= {t for t in spec.tests if "::" in t}
        tests = sorted(tests)
        if spec is None:
            automation, missing = "none", "no declaration yet: its text is carried out by hand"
        else:
            automation, missing = spec.automation, spec.missing
        rows.append({"code": cdef.code, "name": cdef.name, "type": cdef.type,
                     "automation": automation, "missing": missing, "tests": tests})
    return rows


def report(rows: list[dict]) -> str:
    """The coverage as text: one line per card, then totals."""
    lines = []
    for r in rows:
        tests = len(r["tests"])
        line = f"{r['code']}  {r['name']:<32} {r['type']:<10} {r['automation']:<8} {tests} test(s)"
        if r["missing"]:
            line += f"  missing: {r['missing']}"
        if not tests:
            line += "  NO TEST"
        lines.append(line)
    counts = {k: sum(1 for r in rows if r["automation"] == k) for k in ("full", "partial", "none")}
    untested = sum(1 for r in rows if not r["tests"])
    lines.append(f"{len(rows)} cards: {counts['full']} full, {counts['partial']} partial, "
                 f"{counts['none']} none; {untested} without a test")
    return "\n".join(lines)
