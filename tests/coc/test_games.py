"""Whole games: random policies end with a winner on valid boards; saves, undo and replay
give back exactly the same game."""
from __future__ import annotations

import random

import pytest

from saves.codec import dumps, loads
from tabletop.core.view import view
from tabletop.games.coc import commands as C
from tabletop.games.coc.check import check_slot
from tabletop.core.play import play_games, play_one
from tabletop.games.coc.policy import random_policy
import tabletop.games.coc.slot as S

from tests.coc.helpers import game, ok, slot


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_with_a_winner_on_valid_boards(players):
    for seed in range(1, 4):
        s = game(players, seed)
        rng = random.Random(seed)
        while (cmd := random_policy(s, rng)) is not None:
            ok(s, cmd)
            assert len(s.log) < 20000
        g = slot(s)
        assert g["step"] == "over" and g["end"]
        assert g["result"]["winners"] and 5 <= s.state.round <= 40
        check_slot("coc", g)                                           # every board well-formed
        for seat in range(players):
            assert g["secret"][S.pkey(seat)]["fp"]["pool"] == []


def test_every_listed_action_is_accepted():
    s = game(3, 11)
    rng = random.Random(5)
    for _i in range(400):
        choice = s.pending()
        if choice is None:
            break
        actions = s.legal_actions(choice.seat)
        assert actions
        for cmd in actions[:: max(1, len(actions) // 12)]:
            assert s.explain(cmd) is None, (cmd, s.explain(cmd))
        other = next(seat for seat in range(3) if seat not in choice.data["actors"]) \
            if len(choice.data["actors"]) < 3 else None
        if other is not None:
            assert s.legal_actions(other) == []
        ok(s, rng.choice(actions))


def test_play_reports_figures():
    out = play_games("coc", games=2, policy="random", players=2, seed=4)
    assert out["game"] == "coc" and out["players"] == 2 and len(out["games"]) == 2
    g = out["games"][0]
    assert {"seed", "outcome", "winner", "rounds", "actions"} <= set(g) and "scores" in g["detail"]
    assert out["games_per_second"] > 0 and out["defects"] == 0
    again = play_one("coc", 4, "random", {"players": 2})
    assert {**g, "ms": 0} == {**again, "ms": 0}                          # the same seed, the same game
    s = game(2, 4, names=["Player 1", "Player 2"])                      # the policy as it always was
    rng = random.Random("random:4")
    while (cmd := random_policy(s, rng)) is not None:
        ok(s, cmd)
    assert len(s.log) == g["actions"] and slot(s)["result"]["scores"][0]["total"] == \
        g["detail"]["scores"]["Player 1"]
    with pytest.raises(ValueError, match="policy"):
        play_games("coc", policy="clever")


def mid_round_with_a_secret_choice():
    """A game stopped while one player has chosen Gollum or Smeagol and the other has not."""
    for seed in range(1, 400):
        s = game(2, seed)
        rng = random.Random(seed)
        while slot(s)["step"] != "over" and s.state.round < 12:
            if slot(s)["step"] == "gollum" and any(
                    slot(s)["seats"][S.pkey(p)]["ready"] for p in range(2)):
                return s
            ok(s, random_policy(s, rng))
    raise AssertionError("no Gollum action in 400 games")


def test_save_and_load_in_the_middle_of_a_round_gives_the_same_game():
    s = mid_round_with_a_secret_choice()
    back = loads(dumps(s))
    assert back.state == s.state and back.rules.name == "enforce"
    assert back.pending() == s.pending()
    assert back.legal_actions(back.pending().seat) == s.legal_actions(s.pending().seat)
    rng1, rng2 = random.Random(9), random.Random(9)
    for _i in range(150):
        a, b = random_policy(s, rng1), random_policy(back, rng2)
        assert a == b
        if a is None:
            break
        assert s.submit(a).ok and back.submit(b).ok
    assert back.state == s.state


def test_undo_to_the_start_gives_the_start_and_replay_gives_the_end():
    s = game(3, 8)
    start = s.state.clone()
    rng = random.Random(2)
    for _i in range(300):
        cmd = random_policy(s, rng)
        if cmd is None:
            break
        ok(s, cmd)
    end = s.state.clone()
    assert s.replay_state() == end
    s.seek(0)
    assert s.state == start
    s.seek(len(s.log))
    assert s.state == end


def test_a_roll_is_the_same_after_undo():
    s = game(2, 5)
    ok(s, C.Roll(s.state.first_player))
    faces = [d.face for d in s.state.dice.values()]
    s.undo()
    ok(s, C.Roll(s.state.first_player))
    assert [d.face for d in s.state.dice.values()] == faces             # no fishing for rolls
    assert "Middle-earth die" in s.history[-1].text


def test_views_of_a_saved_game_hide_other_seats():
    s = mid_round_with_a_secret_choice()
    for seat in range(2):
        mine = view(s.state, seat).slots["coc"]["secret"]
        assert list(mine) == [S.pkey(seat)]


def test_the_greedy_player_ends_games_and_plays_on_public_knowledge_only():
    out = play_games("coc", games=3, policy="greedy", players=3, seed=2)
    assert all(g["outcome"] in ("win", "shared") and g["detail"]["winners"] for g in out["games"])
    from tabletop.games.coc.policy import candidates
    from tests.coc.helpers import D
    s = game(2, 3)
    slot(s)["secret"]["p1"]["fellowship"]["at"] = "moria"               # a secret: not used
    assert "moria" not in candidates(D, s.state, 0)                      # round 1: near the Shire
