"""The card game's engine is built in floors, and the card declarations stand on it.

From the bottom: the language (the vocabulary, the card registry, the saved
data), read-only queries, verbs that change the table through the Tx, the
operations (the card-level verbs and the round), the ruleset.  A module imports
only modules of its own floor or below; no engine module imports the card
declarations (``tabletop.games.lcg.cardspecs``) or the game's package; the
declarations use only the language and the queries (they never change the
table themselves: their instructions do, through the machine).
"""
from __future__ import annotations

import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LCG = "tabletop.games.lcg"
ENGINE = LCG + ".engine"
FLOORS = {
    0: ("language", "registry", "state"),
    1: ("table", "filters", "specs", "allowed", "offers", "score"),
    2: ("context", "triggers", "moves", "players", "damage", "progress", "effects"),
    3: ("vocab", "playing", "abilities", "round", "quest", "combat", "setup"),
    4: ("", "position", "ruleset"),
}
FLOOR = {f"{ENGINE}.{m}".rstrip("."): n for n, mods in FLOORS.items() for m in mods}


def _modules(package: str) -> dict[str, str]:
    base = os.path.join(ROOT, *package.split("."))
    out = {}
    for root, _dirs, files in os.walk(base):
        for f in files:
            if f.endswith(".py"):
                path = os.path.join(root, f)
                name = os.path.relpath(path, ROOT)[:-3].replace(os.sep, ".").removesuffix(".__init__")
                out[name] = path
    return out


def _imports(path: str) -> set[str]:
    tree = ast.parse(open(path, encoding="utf-8").read())
    out: set[str] = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Import):
            out |= {a.name for a in n.names}
        elif isinstance(n, ast.ImportFrom) and n.module:
            out.add(n.module)
            out |= {f"{n.module}.{a.name}" for a in n.names}
    return {m for m in out if m.startswith(LCG)}


def _floor(module: str) -> int | None:
    while module:
        if module in FLOOR:
            return FLOOR[module]
        module = module.rpartition(".")[0]
    return None


def test_every_engine_module_has_a_floor():
    assert all(_floor(m) is not None for m in _modules(ENGINE)), \
        [m for m in _modules(ENGINE) if _floor(m) is None]


def test_engine_modules_import_only_their_floor_or_below():
    wrong = []
    for module, path in _modules(ENGINE).items():
        mine = _floor(module)
        for other in _imports(path):
            if other.startswith(LCG + ".cardspecs") or other == LCG:
                wrong.append((module, other, "the declarations or the game's package"))
            elif other.startswith(ENGINE + ".") and _floor(other) > mine:
                wrong.append((module, other, f"floor {_floor(other)} above {mine}"))
    assert not wrong, wrong


def test_declarations_stand_on_the_language_and_the_queries():
    wrong = [(module, other) for module, path in _modules(LCG + ".cardspecs").items()
             for other in _imports(path)
             if other.startswith(ENGINE + ".") and _floor(other) > 1]
    assert not wrong, wrong
