"""The card coverage (devtools/coverage.py): a card is "full" only when a test whose
subject it is (@pytest.mark.card) asserts its effect; the product never reads tests/."""
import ast
import json
import os
import textwrap

import pytest

import cli
import main
from devtools import coverage as cov
from tabletop.games.lcg.cards import core_set
from tabletop.games.lcg.cardspecs import load

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def fake_tests(tmp_path, files: dict[str, str]) -> str:
    """A tests/ folder of made-up test files (read, never run)."""
    tests = tmp_path / "tests"
    for rel, source in files.items():
        path = tests / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(source), encoding="utf-8")
    return str(tests)


def by_code(rows):
    return {r["code"]: r for r in rows}


def test_every_core_set_card_is_full_with_its_own_tests():
    rows, problems = cov.coverage("lcg")
    assert problems == []
    assert len(rows) == len(core_set()) >= 128
    assert [(r["code"], r["automation"], r["why"]) for r in rows if r["automation"] != "full"] == []
    for r in rows:
        assert r["tests"] and all("::test_" in t for t in r["tests"]), r["code"]


GIMLI = """
    import pytest

    @pytest.mark.card("01004")  # Gimli
    def test_gimli_attack_grows_with_his_damage():
        assert 2 + 3 == 5

    def test_a_story_that_merely_mentions_gimli():
        hero = "Gimli"
        assert hero == "Gimli"
"""


def test_a_card_that_loses_its_subject_test_is_no_longer_full(tmp_path):
    rows, problems = cov.coverage("lcg", fake_tests(tmp_path, {"lcg/test_x.py": GIMLI}))
    gimli = by_code(rows)["01004"]
    assert problems == []
    assert (gimli["automation"], gimli["tests"]) == (
        "full", ["tests/lcg/test_x.py::test_gimli_attack_grows_with_his_damage"])
    # the same file without the marker: the test only mentions Gimli now
    unmarked = GIMLI.replace('    @pytest.mark.card("01004")  # Gimli\n', "")
    rows, _problems = cov.coverage("lcg", fake_tests(tmp_path / "b", {"lcg/test_x.py": unmarked}))
    gimli = by_code(rows)["01004"]
    assert (gimli["automation"], gimli["tests"]) == ("partial", [])
    assert gimli["why"] == "no test has it as its subject"


def test_a_test_that_mentions_a_card_is_not_its_test(tmp_path):
    rows, _problems = cov.coverage("lcg", fake_tests(tmp_path, {"lcg/test_x.py": GIMLI}))
    assert all(r["tests"] == [] for r in rows if r["code"] != "01004")
    assert by_code(rows)["01004"]["tests"] == ["tests/lcg/test_x.py::test_gimli_attack_grows_with_his_damage"]


def test_a_subject_test_without_an_assertion_makes_the_card_partial(tmp_path):
    rows, _problems = cov.coverage("lcg", fake_tests(tmp_path, {"lcg/test_x.py": """
        import pytest

        @pytest.mark.card("01001", "01002")
        def test_aragorn_and_theodred_play_along():
            play_them()

        @pytest.mark.card("01002")
        class TestTheodred:
            def test_raises(self):
                with pytest.raises(ValueError):
                    int("x")
        """}))
    rows = by_code(rows)
    assert rows["01001"]["automation"] == "partial"
    assert rows["01001"]["why"] == "none of its subject tests asserts anything"
    # a class's marker is its tests' (pytest.raises is an assertion)
    assert rows["01002"]["automation"] == "full" and rows["01002"]["tests"] == [
        "tests/lcg/test_x.py::test_aragorn_and_theodred_play_along",
        "tests/lcg/test_x.py::TestTheodred::test_raises"]


def test_declared_missing_and_no_declaration(tmp_path, monkeypatch):
    specs = load()
    monkeypatch.setattr(specs["01004"], "missing", "his bonus is not applied")
    monkeypatch.delitem(specs, "01013")
    rows, _problems = cov.coverage("lcg", fake_tests(tmp_path, {"lcg/test_x.py": GIMLI}))
    rows = by_code(rows)
    assert (rows["01004"]["automation"], rows["01004"]["why"]) == (
        "partial", "declared missing: his bonus is not applied")
    assert rows["01013"]["automation"] == "none"


def test_markers_naming_no_card_or_not_by_code_are_problems(tmp_path):
    _rows, problems = cov.coverage("lcg", fake_tests(tmp_path, {"lcg/test_x.py": """
        import pytest
        GIMLI = "01004"

        @pytest.mark.card("09999")
        def test_unknown():
            assert True

        @pytest.mark.card(GIMLI)
        def test_not_a_literal():
            assert True
        """, "test_top.py": """
        import pytest

        @pytest.mark.card("01004")
        def test_which_game():
            assert True
        """}))
    assert any("09999" in p for p in problems)
    assert any("test_not_a_literal" in p for p in problems)
    assert any("test_which_game" in p for p in problems)


def test_the_marker_is_registered():
    import configparser
    cfg = configparser.ConfigParser()
    cfg.read(os.path.join(ROOT, "setup.cfg"))
    assert any(line.startswith("card(") for line in cfg["tool:pytest"]["markers"].splitlines())


def run(argv, capsys):
    code = main.main(["--lang", "en", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_cards_coverage_command(capsys):
    code, out, _err = run(["cards", "--coverage", "--json"], capsys)
    rows = json.loads(out)
    assert code == 0 and len(rows) == len(core_set())
    assert set(rows[0]) >= {"code", "name", "type", "automation", "paraphrase", "tests"}
    code, out, _err = run(["cards", "--game", "lcg", "--coverage"], capsys)
    n = len(core_set())
    assert code == 0 and f"{n} cards: {n} full, 0 partial, 0 none" in out


@pytest.mark.parametrize("game_id", ["coc"])
def test_a_game_without_cards_says_so(game_id, capsys):
    code, out, err = run(["cards", "--game", game_id, "--coverage", "--json"], capsys)
    assert code == 0 and json.loads(out) == [] and "declares no cards yet" in err


def test_war_of_the_ring_lists_every_event_and_character_card(capsys):
    code, out, _err = run(["cards", "--game", "wotr", "--coverage", "--json"], capsys)
    rows = json.loads(out)
    events = [r for r in rows if r["code"].startswith("ev.")]
    assert code == 0 and len(events) == 115 and len(rows) > 115
    assert all(r["automation"] == "full" and r["paraphrase"] and r["tests"] for r in rows)


def test_the_coverage_needs_a_checkout(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(cli, "__file__", str(tmp_path / "cli.py"))    # an installed copy
    code, out, err = run(["cards", "--coverage"], capsys)
    assert code == 2 and out == "" and "checkout" in err
    code, out, _err = run(["cards"], capsys)                         # the list needs none
    assert code == 0 and "Aragorn" in out


def test_the_product_never_reads_tests():
    """No module of the installed packages names the tests/ folder (the card coverage
    reads it from devtools/, outside them)."""
    for package in ("tabletop", "saves", "sprites"):
        for base, _dirs, files in os.walk(os.path.join(ROOT, package)):
            for f in files:
                if not f.endswith(".py"):
                    continue
                path = os.path.join(base, f)
                tree = ast.parse(open(path, encoding="utf-8").read())
                docs = {id(n.body[0].value) for n in ast.walk(tree)
                        if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef)) and n.body
                        and isinstance(n.body[0], ast.Expr)}
                for n in ast.walk(tree):
                    if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs:
                        assert n.value != "tests" and not n.value.startswith("tests/"), (path, n.value)
