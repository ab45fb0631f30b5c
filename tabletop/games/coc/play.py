"""Whole games without a window: every decision taken by a policy (``policy``), for tests
and figures.

``play(games=, policy=, players=, names=, seed=)`` plays ``games`` games of the enforced
rules (game ``i`` with seed ``seed + i``) and reports each game's outcome, winner, rounds,
scores and number of actions, and the games played per second.
"""
from __future__ import annotations

import random
import time

from tabletop.core.i18n import _
import tabletop.games.coc.slot as S
from tabletop.games.coc.policy import POLICIES
from tabletop.games.coc.setup import new_game

MAX_ACTIONS = 50_000            # a runaway game is reported as unfinished, never loops forever


class PolicyError(RuntimeError):
    """The rules refused an action they had listed as legal (a bug, never a player's fault)."""


def play_one(players: int, names, seed: int, policy: str = "random") -> dict:
    """One whole game; the summary of how it went."""
    session = new_game(players=players, names=names, seed=seed, rules="enforce")
    rng = random.Random(f"{policy}:{seed}")
    pick = POLICIES[policy]
    while len(session.log) < MAX_ACTIONS:
        cmd = pick(session, rng)
        if cmd is None:
            break
        result = session.submit(cmd)
        if not result.ok:
            raise PolicyError(f"{cmd} was listed as legal but refused: {result.reason}")
    st = session.state
    res = S.get(st, "result")
    names_of = [s.name for s in st.seats]
    if res is None:
        return {"seed": seed, "outcome": "unfinished", "winner": None, "winners": [],
                "rounds": st.round, "scores": {}, "actions": len(session.log), "end": []}
    winners = [names_of[s] for s in res["winners"]]
    return {"seed": seed, "outcome": "win" if len(winners) == 1 else "shared",
            "winner": winners[0] if len(winners) == 1 else None, "winners": winners,
            "rounds": st.round, "scores": {names_of[i]: r["total"] for i, r in enumerate(res["scores"])},
            "actions": len(session.log), "end": list(S.get(st, "end", default=[]))}


def play(games: int = 1, policy: str = "random", players: int | None = None, names=None,
         seed: int | None = None, **_other) -> dict:
    """Play ``games`` games; ValueError (one line) for an unknown policy or seat count."""
    if policy not in POLICIES:
        raise ValueError(_("Unknown policy {name!r}: choose {known}.").format(
            name=policy, known=", ".join(sorted(POLICIES))))
    players = players or max(2, len(names or []))
    base = 1 if seed is None else int(seed)
    new_game(players=players, names=names, seed=base, rules="enforce")   # checks the options
    start = time.perf_counter()
    results = [play_one(players, names, base + i, policy) for i in range(max(1, games))]
    elapsed = time.perf_counter() - start
    return {"game": "coc", "players": players, "policy": policy, "seed": base, "games": results,
            "games_per_second": round(len(results) / elapsed, 3) if elapsed > 0 else None}
