"""Story-test helpers: set up a position by hand, act, check."""
from __future__ import annotations

import copy
import random

from tabletop.games.coc.board import MARKED
from tabletop.games.coc.data import game_data
from tabletop.games.coc.policy import random_policy
from tabletop.games.coc.setup import new_game
import tabletop.games.coc.slot as S

D = game_data()


def game(players: int = 2, seed: int = 3, rules: str = "enforce", names=None):
    """A new session: names Ann, Ben, Cyd, Dan by default."""
    names = names or ["Ann", "Ben", "Cyd", "Dan"][:players]
    return new_game(players=players, names=names, seed=seed, rules=rules)


def slot(session) -> dict:
    """The live slot, for setting up a position by hand (tests only)."""
    return session.state.slots[S.SLOT]


def sec(session, seat: int) -> dict:
    return slot(session)["secret"][S.pkey(seat)]


def marks(session, seat: int, half: str, track: str) -> list[int]:
    return sec(session, seat)[half]["tracks"][track]


def set_marks(session, seat: int, half: str, track: str, n: int) -> None:
    """Mark the first ``n`` boxes of a track (by hand)."""
    t = D.half(half).tracks[track]
    sec(session, seat)[half]["tracks"][track] = [MARKED] * n + [0] * (len(t.boxes) - n)


def ready_character(session, seat: int, half: str, character: str) -> None:
    """Mark a character's track up to its first arc (by hand)."""
    track = D.half(half).character_track(character)
    set_marks(session, seat, half, track.id, track.arcs[0] + 1)


def to_step(session, step: str, rng_seed: int = 0, limit: int = 5000):
    """Play random legal actions until the round reaches ``step``."""
    rng = random.Random(rng_seed)
    for _i in range(limit):
        if S.get(session.state, "step") == step:
            return session
        cmd = random_policy(session, rng)
        assert cmd is not None, "the game ended first"
        assert session.submit(cmd).ok
    raise AssertionError(f"never reached {step}")


def force(session, **values) -> None:
    """Set top-level slot values by hand (step, turn, wait...).  The rules kernel's data is
    dropped with them, so the engine reads the position from these values, as it reads a game
    saved before the kernel (``tabletop.games.coc.legacy``)."""
    for k, v in values.items():
        if v is None:
            slot(session).pop(k, None)
        else:
            slot(session)[k] = copy.deepcopy(v)
    for k in ("stack", "choice", "outcome"):
        slot(session).pop(k, None)


def ok(session, cmd):
    result = session.submit(cmd)
    assert result.ok, result.reason
    return result.entry


def refused(session, cmd) -> str:
    result = session.submit(cmd)
    assert not result.ok, f"{cmd} was accepted"
    return result.reason
