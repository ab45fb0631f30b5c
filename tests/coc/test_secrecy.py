"""Hidden information: a secret choice changes nothing another seat sees, nor the log, until
its reveal step."""
from __future__ import annotations

import random

from saves.codec import dumps, loads
from tabletop.core.view import view
from tabletop.games.coc import commands as C
from tabletop.games.coc.policy import random_policy
import tabletop.games.coc.slot as S

from tests.coc.helpers import D, game, ok, slot

SECRET_KINDS = (C.ChooseGollum, C.Assign, C.Mark, C.Move, C.BattleCharacters, C.Note)


def others_see_the_same(a, b, seat: int) -> None:
    """Two tables that differ only in ``seat``'s secret look the same to everyone else."""
    assert a.history[-1].text == b.history[-1].text
    for other in [None] + [x for x in range(len(a.state.seats)) if x != seat]:
        assert view(a.state, other) == view(b.state, other), other


def branch(s, x, y):
    """The session after ``x``, and a copy of it after ``y`` instead."""
    other = loads(dumps(s))
    ok(s, x)
    ok(other, y)
    return s, other


def completes_step(s, cmd) -> bool:
    step = slot(s)["step"]
    wait = slot(s).get("wait") or {}
    if wait.get("kind") == "battle":
        return len(wait["need"]) == 1
    if step in ("gollum", "assign", "icons"):
        ready = [slot(s)["seats"][S.pkey(p)]["ready"] for p in range(len(s.state.seats))]
        return ready.count(False) == 1 and (step != "icons" or isinstance(cmd, C.Done))
    return False


def test_no_secret_choice_shows_before_its_reveal():
    checked = set()
    for seed in range(1, 40):
        s = game(3, seed)
        rng = random.Random(seed)
        for _i in range(900):
            choice = s.pending()
            if choice is None:
                break
            for seat in choice.data["actors"]:
                actions = [a for a in s.legal_actions(seat) if isinstance(a, SECRET_KINDS)
                           and not completes_step(s, a)]
                kinds = {type(a) for a in actions}
                for kind in kinds:
                    pair = [a for a in actions if type(a) is kind][:2]
                    if len(pair) == 2 and (kind not in checked or rng.random() < 0.05):
                        checked.add(kind)
                        others_see_the_same(*branch(loads(dumps(s)), *pair), seat)
            ok(s, random_policy(s, rng))
        if checked >= {C.ChooseGollum, C.Assign, C.Mark, C.Move, C.BattleCharacters}:
            break
    assert checked >= {C.ChooseGollum, C.Assign, C.Mark, C.Move, C.BattleCharacters}


def test_the_log_never_names_a_secret_place():
    names = {D.locations[loc].name for loc in D.locations}
    for seed in range(1, 8):
        s = game(2, seed)
        rng = random.Random(seed)
        while (cmd := random_policy(s, rng)) is not None:
            entry = ok(s, cmd)
            if isinstance(cmd, (C.Move, C.Mark, C.Assign, C.Note)) or (
                    isinstance(cmd, C.Use) and cmd.character in ("gandalf", "palantir")):
                public = "destroyed" in entry.text                      # Mount Doom announced
                assert public or not any(n in entry.text for n in names), entry.text


def test_views_hold_only_the_seats_own_secrets():
    s = game(4)
    for seat in range(4):
        assert list(view(s.state, seat).slots["coc"]["secret"]) == [S.pkey(seat)]
    assert view(s.state, None).slots["coc"]["secret"] == {}
    assert s.state.slots["coc"]["secret"].keys() == {"p1", "p2", "p3", "p4"}   # untouched


def test_sandbox_pen_marks_stay_secret():
    s = game(2, rules="sandbox")
    a, b = branch(s, C.Pen(0, "fp", "resolve", 0), C.Pen(0, "sh", "hunt", 3))
    others_see_the_same(a, b, 0)
    a, b = branch(a, C.PenMap(0, "bree"), C.PenMap(0, "caradhras"))
    others_see_the_same(a, b, 0)
