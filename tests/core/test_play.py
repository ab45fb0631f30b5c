"""One play harness for every game: one JSON shape, every game an outcome, a refused legal
action reported as a defect (never stepped over), seeds that reproduce, a safety limit."""
from __future__ import annotations

import json
import random

import pytest

import cli
import main
from tabletop.core import events as E
from tabletop.core import games, i18n
from tabletop.core import commands as C
from tabletop.core.games import GameSpec
from tabletop.core.model import Seat, TableState
from tabletop.core.play import (RECORD_KEYS, REPORT_KEYS, Policy, RandomPolicy, play_games,
                                play_one, policies)
from tabletop.core.ruleset import Choice, Refused, Rules, handles
from tabletop.core.session import Session


@pytest.fixture
def run_main(capsys):
    """``main.py ARGS`` in this process: (exit code, stdout, stderr)."""
    def run(*args):
        try:
            code = main.main(["--lang", "en", *args])
        finally:
            i18n.set_language("en")
        out = capsys.readouterr()
        return code, out.out, out.err
    return run


def without_ms(records):
    return [{k: v for k, v in r.items() if k != "ms"} for r in records]


# ------------------------------------------------------------- the three games
THREE = {"lcg": ["--players", "1"], "coc": ["--players", "2"], "wotr": ["--kings"]}


def test_the_three_games_print_the_same_json_shape(run_main):
    shapes = {}
    for gid, extra in THREE.items():
        code, out, err = run_main("play", gid, "--games", "2", "--seed", "3", "--json", *extra)
        report = json.loads(out)
        assert code == 0 and report["defects"] == 0 and report["unfinished"] == 0, (gid, err, out)
        assert set(report) == set(REPORT_KEYS)
        assert report["game"] == gid and report["policy"] == "random" and report["seed"] == 3
        assert [g["seed"] for g in report["games"]] == [3, 4]            # game i: seed + i
        for g in report["games"]:
            assert set(g) == set(RECORD_KEYS)
            assert isinstance(g["outcome"], str) and g["outcome"]        # never missing
            assert g["outcome"] not in ("stuck", "defect") and g["defect"] is None
            assert g["rounds"] >= 1 and g["actions"] > 0 and g["ms"] > 0
            assert isinstance(g["detail"], dict)
        assert report["games_per_second"] > 0 and report["decisions_per_second"] > 0
        shapes[gid] = (sorted(report), sorted(report["games"][0]))
    assert shapes["lcg"] == shapes["coc"] == shapes["wotr"]


def test_each_game_says_how_it_ended_in_its_own_words():
    lcg = play_one("lcg", 1)
    assert lcg["outcome"] in ("won", "lost") and "score" in lcg["detail"]
    coc = play_one("coc", 1, "greedy", {"players": 3})
    assert coc["outcome"] in ("win", "shared") and coc["detail"]["winners"]
    wotr = play_one("wotr", 1, options={"kings": True})
    assert wotr["outcome"] in ("ring", "corruption", "military")
    assert wotr["winner"] in ("fp", "shadow") and wotr["detail"]["kings"] is True


def test_the_games_own_options_are_still_accepted(run_main):
    code, out, _err = run_main("play", "lcg", "--scenario", "journey-down-the-anduin",
                               "--deck", "spirit", "--json")
    report = json.loads(out)
    assert code == 0 and report["options"]["scenario"] == "journey-down-the-anduin"
    assert report["options"]["decks"] == ["spirit"]
    assert report["games"][0]["detail"]["scenario"] == "journey_down_the_anduin"
    code, out, _err = run_main("play", "wotr", "--kings", "--json")
    assert code == 0 and json.loads(out)["options"] == {"kings": True}


def test_without_json_a_short_table(run_main):
    code, out, _err = run_main("play", "coc", "--games", "3", "--seed", "2")
    lines = out.strip().splitlines()
    assert code == 0 and len(lines) == 5
    assert lines[0].split() == ["seed", "outcome", "winner", "rounds", "actions", "ms"]
    assert lines[1].split()[0] == "2" and "3 games" in lines[-1] and "0 defects" in lines[-1]


def test_an_unknown_policy_is_one_line_and_exit_2(run_main):
    for gid in THREE:
        code, out, err = run_main("play", gid, "--policy", "clever")
        assert code == 2 and out == "" and err.strip().count("\n") == 0
        assert "clever" in err and "random" in err
    code, _out, err = run_main("play", "lcg", "--rules", "sandbox")
    assert code == 2 and "enforced" in err


def test_each_game_offers_its_policies():
    assert set(policies("lcg")) == {"random", "expert", "mcts"}
    assert set(policies("coc")) == {"random", "greedy", "expert"}
    assert set(policies("wotr")) == {"random", "greedy"}
    for gid in THREE:
        for make in policies(gid).values():
            assert isinstance(make(), Policy)


def test_seeds_reproduce_the_same_records():
    for gid, options in (("lcg", {}), ("coc", {"players": 3}), ("wotr", {"kings": True})):
        a = play_games(gid, games=2, seed=5, **options)
        b = play_games(gid, games=2, seed=5, **options)
        assert without_ms(a["games"]) == without_ms(b["games"])
        assert without_ms([play_one(gid, 6, options=options)]) == without_ms(a["games"][1:])
    greedy = [play_games("coc", games=2, seed=1, policy="greedy") for _ in range(2)]
    assert without_ms(greedy[0]["games"]) == without_ms(greedy[1]["games"])


def test_a_real_game_stops_at_the_safety_limit_as_stuck():
    r = play_one("lcg", 1, max_actions=5)
    assert r["outcome"] == "stuck" and r["actions"] == 5 and r["winner"] is None
    assert "5 actions" in r["defect"]


# ------------------------------------------------------------- a fake game
class FakeRules(Rules):
    """Seats take turns moving the round on; the game is over after round ``end``.

    ``mode``: "play" plays fair; "refuse" refuses, from round 3 on, the actions it lists;
    "crash" raises from round 3 on; "silent" lists nothing while the game goes on."""

    name = "enforce"
    game = "fake"

    def __init__(self, mode: str = "play", end: int = 6):
        self.mode, self.end = mode, end

    def over(self, st) -> bool:
        return st.round > self.end

    def pending(self, st):
        return None if self.over(st) else Choice(st.round % 2, "act", "Move the round on")

    def legal_actions(self, st, seat=None):
        if self.over(st) or self.mode == "silent":
            return []
        acts = [C.Round(seat=st.round % 2, delta=1), C.Round(seat=st.round % 2, delta=2)]
        return [a for a in acts if seat in (None, a.seat)]

    @handles(C.Round)
    def _round(self, st, cmd, tx, rng) -> str:
        if st.round >= 3 and self.mode == "refuse":
            raise Refused("the fake rules refuse this")
        if st.round >= 3 and self.mode == "crash":
            raise RuntimeError("the fake rules broke")
        tx.emit(E.set_global("round", st.round, st.round + cmd.delta))
        return "on"


def _summary(session):
    st = session.state
    done = session.rules.over(st)
    return {"outcome": "done" if done else None, "winner": st.seats[st.round % 2].name if done
            else None, "rounds": st.round, "detail": {"mode": session.rules.mode}}


@pytest.fixture
def fake(monkeypatch):
    """Register the fake game, its rules in ``mode`` (and end after round ``end``)."""
    def register(mode: str = "play", end: int = 6, max_actions: int = 50_000):
        def new_game(players=None, seed=1, rules=None, **_other):
            st = TableState(game="fake", seed=seed, seats=[Seat("Ann"), Seat("Ben")])
            return Session(st, FakeRules(mode, end))
        spec = GameSpec(id="fake", name="Fake", new_game=new_game, summary=_summary,
                        max_actions=max_actions)
        monkeypatch.setitem(games._GAMES, "fake", spec)
        return spec
    return register


def test_the_fake_game_plays_to_its_end(fake):
    fake("play")
    report = play_games("fake", games=3, seed=1)
    assert report["defects"] == 0 and report["players"] == 2
    assert all(g["outcome"] == "done" and g["winner"] in ("Ann", "Ben") for g in report["games"])


def test_a_refused_legal_action_is_a_defect_never_stepped_over(fake):
    fake("refuse")
    report = play_games("fake", games=3, seed=1)
    assert len(report["games"]) == 3                                     # none skipped
    assert report["defects"] == report["unfinished"] == 3
    for g in report["games"]:
        assert g["outcome"] == "defect" and g["winner"] is None and g["rounds"] in (3, 4)
        assert "Round(seat=" in g["defect"] and "the fake rules refuse this" in g["defect"]
        assert "\n" not in g["defect"]
    args = main.build_parser().parse_args(["play", "lcg", "--json"])
    args.game = "fake"
    assert cli.play(args) == 1                                           # the exit code says so


def test_an_exception_of_the_rules_is_a_defect_not_a_crash(fake):
    fake("crash")
    g = play_one("fake", 1)
    assert g["outcome"] == "defect" and "RuntimeError" in g["defect"] and "broke" in g["defect"]


def test_no_legal_action_before_the_end_is_stuck(fake):
    fake("silent")
    g = play_one("fake", 1)
    assert g["outcome"] == "stuck" and g["actions"] == 0
    assert "no legal action" in g["defect"] and "Move the round on" in g["defect"]


def test_a_game_without_end_stops_at_the_safety_limit_as_stuck(fake):
    fake("play", end=10 ** 9, max_actions=40)
    report = play_games("fake", games=2, seed=1)
    for g in report["games"]:
        assert g["outcome"] == "stuck" and g["actions"] == 40 and "40 actions" in g["defect"]
    assert report["unfinished"] == report["defects"] == 2
    assert play_one("fake", 1, max_actions=7)["actions"] == 7            # the limit can be lowered


def test_a_game_that_ends_on_its_last_allowed_action_is_not_stuck(fake):
    fake("play", end=2)
    g = play_one("fake", 1)
    assert g["outcome"] == "done"
    g = play_one("fake", 1, max_actions=g["actions"])
    assert g["outcome"] == "done" and g["defect"] is None


def test_a_policy_is_asked_for_the_seat_that_must_act(fake):
    fake("play")
    asked = []

    class First:
        name = "first"

        def choose(self, session, seat, rng):
            asked.append((seat, session.pending().seat))
            acts = session.legal_actions(seat)
            return acts[0] if acts else None

    g = play_one("fake", 1, First())
    assert g["outcome"] == "done" and g["actions"] == 6 and g["rounds"] == 7
    assert asked and all(seat == pending for seat, pending in asked)
    assert isinstance(First(), Policy) and isinstance(RandomPolicy(), Policy)


def test_the_policy_draws_from_its_own_seeded_generator(fake):
    fake("play", end=40)
    a, b = play_one("fake", 3), play_one("fake", 3)
    assert without_ms([a]) == without_ms([b])
    rounds = {play_one("fake", s)["actions"] for s in range(1, 9)}
    assert len(rounds) > 1                                               # the seeds differ
    assert random.Random("random:3").random() != random.Random("random:4").random()
