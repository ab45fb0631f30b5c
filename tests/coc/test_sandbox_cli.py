"""The free table (a pen on paper), the command line, and the saved files of the game."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from saves.codec import dumps, loads
from tabletop.core import commands as CC
from tabletop.core.games import game as game_spec
from tabletop.games.coc import commands as C
from tabletop.games.coc.board import ERASED, MARKED
from tabletop.games.coc.check import check_slot
from tabletop.games.coc.scoring import seat_score

from tests.coc.helpers import D, game, marks, ok, refused, sec, slot

ROOT = __file__.rsplit("/tests/", 1)[0]


def test_the_pen_marks_any_box_in_any_order_and_erases():
    s = game(2, rules="sandbox")
    ok(s, C.Pen(0, "fp", "resolve", 5))                                # out of order: a pen may
    ok(s, C.Pen(0, "fp", "resolve", 5))
    assert marks(s, 0, "fp", "resolve")[5] == ERASED                   # a second stroke erases
    ok(s, C.Pen(0, "fp", "resolve", 5))
    assert marks(s, 0, "fp", "resolve")[5] == MARKED
    ok(s, C.PenArc(0, "fp", "gandalf", 0))
    ok(s, C.PenMap(0, "rivendell"))                                     # anywhere on the map
    assert sec(s, 0)["fellowship"]["at"] == "rivendell"
    ok(s, C.PenBattle(1, "b1", "march", "gondor_mordor", 2))
    ok(s, C.PenBattle(1, "b1", "winner", "gondor_mordor", 0))
    ok(s, C.WriteStrength(1, "b1", "gondor_mordor", "fp", 12))
    ok(s, C.MoveGollum(0, 4))
    ok(s, C.Note(1, "moria", "?"))
    assert seat_score(D, s.state, 0)["fp_battles"] == 1 and seat_score(D, s.state, 0)["fp_strength"] == 1
    assert "no such box" in refused(s, C.Pen(0, "fp", "resolve", 99))
    check_slot("coc", slot(s))


def test_the_sandbox_rolls_the_real_dice_and_keeps_the_shared_verbs():
    s = game(2, rules="sandbox")
    ok(s, CC.RollDice(0, (1, 2)))
    assert "Middle-earth die" in s.history[-1].text
    ok(s, CC.FirstPlayer(0, 1))
    assert s.pending() is None and s.legal_actions(0) == []


def test_the_engine_refuses_pen_strokes_and_the_sandbox_engine_commands():
    assert "does not know" in refused(game(2), C.Pen(0, "fp", "resolve", 0))
    assert "does not know" in refused(game(2, rules="sandbox"), C.Roll(0))


def test_the_spec_and_the_registry():
    spec = game_spec("coc")
    assert spec.seats == (2, 4) and set(spec.rulesets) == {"sandbox", "enforce"}
    with pytest.raises(ValueError, match="2 to 4"):
        spec.new_game(players=5)
    with pytest.raises(ValueError, match="sandbox or enforce"):
        spec.new_game(players=2, rules="strict")
    s = spec.new_game(players=3, names=["Ann", "Ben", "Cyd"], seed=7, rules="enforce",
                      scenario="passage-through-mirkwood", decks=None, easy=False)
    assert [x.name for x in s.state.seats] == ["Ann", "Ben", "Cyd"]


def test_a_damaged_slot_is_refused_in_one_line():
    s = game(2)
    data = dumps(s)
    bad = loads(data)
    bad.state.slots["coc"]["secret"]["p1"]["fp"]["tracks"]["resolve"] = [1, 1]
    with pytest.raises(ValueError, match="resolve must be 8 boxes"):
        check_slot("coc", bad.state.slots["coc"])
    with pytest.raises(ValueError):
        check_slot("coc", {"step": "dance"})


def run(*args):
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)


def test_command_line_new_save_check_and_play(tmp_path):
    path = tmp_path / "coc.msgpack"
    out = run("new", "coc", "--players", "3", "--name", "Ann", "--name", "Ben", "--name", "Cyd",
              "--seed", "4", "--rules", "enforce", "--headless", "--save", str(path))
    assert out.returncode == 0, out.stderr
    check = run("save", "check", str(path))
    assert check.returncode == 0 and "Ann, Ben, Cyd" in check.stdout
    out = run("play", "coc", "--players", "2", "--games", "2", "--seed", "3", "--json")
    figures = json.loads(out.stdout)
    assert figures["game"] == "coc" and len(figures["games"]) == 2
    assert all(g["winner"] or g["detail"]["winners"] for g in figures["games"])
    bad = run("new", "coc", "--players", "6", "--headless")
    assert bad.returncode == 2 and bad.stderr.strip().count("\n") == 0 and "2 to 4" in bad.stderr


def test_with_the_rules_the_tray_dice_are_refused_with_the_reason():
    s = game(2)
    assert "panel's button" in refused(s, CC.AddDie(0, "d6"))
    assert "panel's button" in refused(s, CC.RollDice(0, (1,)))
