"""Circle of Conflict on the rules kernel: the round, the vocabulary, the pending choice in the
slot, secret choices of several seats, slots saved before the kernel, the slot check."""
from __future__ import annotations

import copy
import random

import pytest

from tabletop.core.kernel import check_data
from tabletop.games.coc import commands as C
from tabletop.games.coc.check import check_slot
from tabletop.games.coc.ctx import ROUND, VOCAB
from tabletop.games.coc.legacy import stored
from tabletop.games.coc.policy import random_policy
import tabletop.games.coc.engine  # noqa: F401  (declares every operation)

from tests.coc.helpers import D, game, ok, slot


def test_the_round_is_eight_steps_and_every_operation_is_declared():
    assert ROUND.names == ["roll", "gollum", "assign", "icons", "fp", "shadow", "battle", "end"]
    ops = set(VOCAB.ops)
    assert {"step", "roll", "choose_gollum", "reveal_gollum", "assign", "icons", "turns",
            "battles", "battle_characters", "gandalf", "extra", "pippin", "spend"} <= ops
    assert all(d.doc for d in VOCAB.ops.values())
    assert len(VOCAB.describe()) == len(ops)


def test_a_new_game_waits_for_the_start_player_to_roll():
    s = game(3, 7)
    g = slot(s)
    assert g["stack"] == [{"op": "step", "name": "gollum"}, {"op": "roll"}]
    assert g["choice"]["seat"] == s.state.first_player and g["choice"]["kind"] == "act"
    choice = s.pending()
    assert choice.seat == s.state.first_player and choice.data["actors"] == [choice.seat]
    assert choice.data["step"] == "roll" and choice.data["wait"] == ""
    assert s.legal_actions() == [C.Roll(choice.seat)]
    check_data(VOCAB, g, 3)


def test_a_secret_step_asks_every_seat_left_and_keeps_no_answer_public():
    for seed in range(1, 200):
        s = game(3, seed)
        ok(s, C.Roll(s.state.first_player))
        if slot(s)["step"] == "assign":
            break
    order = [(s.state.first_player + i) % 3 for i in range(3)]
    assert slot(s)["choice"]["seats"] == order and s.pending().data["actors"] == order
    ok(s, C.Assign(order[2], 1))                      # the last seat first: any order
    assert slot(s)["choice"]["seats"] == order[:2] and slot(s)["choice"]["seat"] == order[0]
    assert all(set(ins) <= {"op", "name"} for ins in slot(s)["stack"])    # no answer, no "by"
    assert "You have finished" in s.explain(C.Assign(order[2], 0))
    ok(s, C.Assign(order[0], 0))
    ok(s, C.Assign(order[1], 0))
    assert slot(s)["step"] == "icons" and slot(s)["choice"]["seats"] == order


def test_the_slot_is_checked_every_move_of_a_game():
    s = game(2, 4)
    rng = random.Random(4)
    while (cmd := random_policy(s, rng)) is not None:
        ok(s, cmd)
        check_slot("coc", slot(s))
    assert slot(s)["outcome"] in ("win", "shared") and slot(s)["stack"] == []
    assert slot(s).get("choice") is None and s.pending() is None


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3)])
def test_an_old_slot_derives_what_the_engine_holds(players, seed):
    """At every position of a game, the kernel data derived from the round's position alone
    (as for a save made before the kernel) is the engine's own."""
    s = game(players, seed)
    rng = random.Random(seed)
    positions = set()
    while (cmd := random_policy(s, rng)) is not None:
        old = copy.deepcopy(slot(s))
        for key in ("stack", "choice", "outcome"):
            old.pop(key, None)
        s.state.slots["coc"], real = old, s.state.slots["coc"]
        derived = stored(D, s.state)
        s.state.slots["coc"] = real
        assert derived["stack"] == real["stack"] and derived["choice"] == real.get("choice")
        positions.add((real["step"], (real.get("wait") or {}).get("kind", "")))
        ok(s, cmd)
    assert {("roll", ""), ("assign", ""), ("icons", ""), ("fp", ""), ("shadow", "")} <= positions


def test_the_first_move_on_an_old_slot_writes_the_kernel_data_and_undo_takes_it_back():
    s = game(2, 5)
    for key in ("stack", "choice"):
        slot(s).pop(key)
    check_slot("coc", slot(s))
    before = copy.deepcopy(slot(s))
    assert s.pending().data["step"] == "roll"
    ok(s, C.Roll(s.state.first_player))
    assert "stack" in slot(s) and "choice" in slot(s)
    s.undo()
    assert slot(s) == before


@pytest.mark.parametrize("damage, why", [
    (lambda g: g["stack"].append({"op": "dance"}), "unknown operation"),
    (lambda g: g["stack"].append({"op": "turns"}), "missing parameter 'half'"),
    (lambda g: g["stack"].insert(0, {"op": "step", "name": "lunch"}), "does not have"),
    (lambda g: g["choice"].update(seat=7), "does not exist"),
    (lambda g: g["choice"]["data"].update(step="lunch"), "unknown step"),
    (lambda g: g["choice"]["data"].update(wait="gandalf"), "reaction"),
    (lambda g: g.update(choice=None), "missing while the game goes on"),
    (lambda g: g.update(turn="p1"), "turn"),
    (lambda g: g.update(wait={"kind": "tea"}), "not a known reaction"),
])
def test_damaged_kernel_data_is_refused_in_one_line(damage, why):
    g = copy.deepcopy(slot(game(2)))
    damage(g)
    with pytest.raises(ValueError, match=why):
        check_slot("coc", g)
