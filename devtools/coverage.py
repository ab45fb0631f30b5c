"""How far each card of a game is automated, computed from its declaration and from the
tests whose subject it is: ``python3 main.py cards --game lcg --coverage [--json]``
(or ``python3 -m devtools.coverage --game lcg [--json]``).  A development tool: it reads
a checkout's ``tests/`` folder and is not part of the installed program.

A test names the cards it is about with a marker::

    @pytest.mark.card("01004")            # Gimli
    def test_gimli_attack_grows_with_his_damage(): ...

It plays (or triggers) those cards and asserts their effect; several codes only when it
really tests each of them.  The game is the test's folder under ``tests/`` (``tests/lcg``
is the card game) unless the marker says ``game="wotr"``.  A test that merely mentions a
card is not one of its tests.  The tests are read with ``ast``, never imported nor run.

A card's automation:

- ``full``: it has a declaration, the declaration says nothing is missing, and at least
  one of its subject tests asserts something;
- ``partial``: it has a declaration, but the declaration says what is missing, or no
  subject test of it asserts anything (``why`` says which);
- ``none``: no declaration: the players carry out its text.
"""
from __future__ import annotations

import argparse
import ast
import json
import os
import sys
from dataclasses import dataclass, field

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TESTS = os.path.join(ROOT, "tests")


@dataclass
class SubjectTest:
    """A test whose subject is a card (its marker names the card's code)."""
    id: str                   # "tests/lcg/test_cards_heroes.py::test_gimli_..."
    game: str
    codes: tuple[str, ...]
    asserts: bool             # it holds an assert statement or a pytest.raises


@dataclass
class Found:
    """What the tests say: subject tests by (game, code), and markers that are wrong."""
    tests: dict[tuple[str, str], list[SubjectTest]] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


def _card_marker(node: ast.expr) -> ast.Call | None:
    """``pytest.mark.card(...)`` (or ``mark.card(...)``) as a decorator, else None."""
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
        return None
    f = node.func
    if f.attr != "card":
        return None
    base = f.value
    if isinstance(base, ast.Attribute) and base.attr == "mark":
        return node
    if isinstance(base, ast.Name) and base.id == "mark":
        return node
    return None


def _asserts(fn: ast.AST) -> bool:
    """Does a test check anything: an ``assert``, or ``pytest.raises``?"""
    for n in ast.walk(fn):
        if isinstance(n, ast.Assert):
            return True
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "raises":
            return True
    return False


def _test_functions(tree: ast.Module):
    """(qualified name, node, its decorators) of the module's tests, those in Test classes
    too (a class's markers are its tests', as pytest applies them)."""
    for n in tree.body:
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name.startswith("test"):
            yield n.name, n, n.decorator_list
        elif isinstance(n, ast.ClassDef) and n.name.startswith("Test"):
            for m in n.body:
                if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)) and m.name.startswith("test"):
                    yield f"{n.name}::{m.name}", m, [*n.decorator_list, *m.decorator_list]


def read_tests(tests_dir: str = TESTS) -> Found:
    """Every subject test under ``tests_dir`` (read statically)."""
    found = Found()
    root = os.path.dirname(os.path.abspath(tests_dir))
    for base, dirs, files in os.walk(tests_dir):
        dirs[:] = sorted(d for d in dirs if not d.startswith((".", "__")))
        for fname in sorted(files):
            if not (fname.startswith("test_") and fname.endswith(".py")):
                continue
            path = os.path.join(base, fname)
            rel = os.path.relpath(path, root).replace(os.sep, "/")
            parts = rel.split("/")
            folder_game = parts[1] if len(parts) > 2 else None
            with open(path, encoding="utf-8") as fh:
                tree = ast.parse(fh.read(), rel)
            for name, fn, decorators in _test_functions(tree):
                tid = f"{rel}::{name}"
                for dec in decorators:
                    marker = _card_marker(dec)
                    if marker is None:
                        continue
                    codes = [a.value for a in marker.args
                             if isinstance(a, ast.Constant) and isinstance(a.value, str)]
                    game = folder_game
                    for kw in marker.keywords:
                        if kw.arg == "game" and isinstance(kw.value, ast.Constant):
                            game = kw.value.value
                    if len(codes) != len(marker.args) or not codes:
                        found.problems.append(f"{tid}: a card marker names its cards by their "
                                              "codes, as plain strings")
                        continue
                    if game is None:
                        found.problems.append(f"{tid}: which game? (game=... in the marker)")
                        continue
                    test = SubjectTest(tid, game, tuple(codes), _asserts(fn))
                    for code in codes:
                        found.tests.setdefault((game, code), []).append(test)
    return found


def coverage(game_id: str = "lcg", tests_dir: str = TESTS) -> tuple[list[dict], list[str]]:
    """(one row per card of the game, problems): a row has code, name, type, automation,
    paraphrase, missing (declared), why (why not full), tests (its subject tests), and
    pending (languages whose translation of its words is pending).  Problems: markers
    that name no card of the game, or are malformed.  Raises LookupError when the game
    declares no cards."""
    from tabletop.core import catalogs
    from tabletop.core.games import game
    spec = game(game_id)
    if spec.cards is None:
        raise LookupError(game_id)
    cards = spec.cards()
    found = read_tests(tests_dir)
    problems = list(found.problems)
    codes = {c.code for c in cards}
    for (g, code), tests in sorted(found.tests.items()):
        if g == game_id and code not in codes:
            problems += [f"{t.id}: marks card {code}, which {game_id} does not have" for t in tests]
    pending = catalogs.pending_cards(game_id, cards)
    rows = []
    for c in cards:
        tests = found.tests.get((game_id, c.code), [])
        asserting = [t for t in tests if t.asserts]
        if not c.declared:
            automation, why = "none", "no declaration: the players carry out its text"
        elif c.missing:
            automation, why = "partial", f"declared missing: {c.missing}"
        elif not tests:
            automation, why = "partial", "no test has it as its subject"
        elif not asserting:
            automation, why = "partial", "none of its subject tests asserts anything"
        else:
            automation, why = "full", ""
        rows.append({"code": c.code, "name": c.name, "type": c.type, "automation": automation,
                     "paraphrase": c.paraphrase, "missing": c.missing, "why": why,
                     "tests": [t.id for t in tests], "pending": pending.get(c.code, [])})
    return rows, problems


def report(rows: list[dict], problems: list[str]) -> str:
    """The coverage as text: one line per card, then what is wrong, then the totals."""
    lines = []
    for r in rows:
        line = (f"{r['code']}  {r['name']:<28.28} {r['type']:<10} {r['automation']:<8} "
                f"{len(r['tests'])} subject test(s)")
        if r["why"]:
            line += f"  ({r['why']})"
        if r["pending"]:
            line += f"  translation pending: {', '.join(r['pending'])}"
        lines.append(line)
        lines.append(f"       {r['paraphrase']}")
        lines += [f"       - {t}" for t in r["tests"]]
    lines += [f"problem: {p}" for p in problems]
    counts = {k: sum(1 for r in rows if r["automation"] == k) for k in ("full", "partial", "none")}
    pending = sum(1 for r in rows if r["pending"])
    lines.append(f"{len(rows)} cards: {counts['full']} full, {counts['partial']} partial, "
                 f"{counts['none']} none; {pending} with a pending translation")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """``python3 -m devtools.coverage [--game G] [--json]``: the report, or the rows as JSON;
    exit 1 when a marker is wrong."""
    p = argparse.ArgumentParser(prog="python3 -m devtools.coverage", description=__doc__.split("\n\n")[0])
    from tabletop.core.games import game_ids
    p.add_argument("--game", default="lcg", choices=list(game_ids()))
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    try:
        rows, problems = coverage(args.game)
    except LookupError:
        print(f"{args.game} declares no cards yet.", file=sys.stderr)
        print("[]" if args.json else "", end="\n" if args.json else "")
        return 0
    print(json.dumps(rows, ensure_ascii=False) if args.json else report(rows, problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
