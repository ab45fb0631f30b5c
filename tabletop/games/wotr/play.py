"""New games and whole games without a window.

``new_game`` builds the table of the rulebook's setup and starts turn 1
(dice recovered, event cards drawn) as an automatic logged action.
``play`` plays games with a policy ("random": a random legal action at every
step) through the same command path a window uses, and reports figures.

Pure Python: no pygame.
"""
from __future__ import annotations

import random
import time

from tabletop.core.i18n import _
from tabletop.core.session import Session
import tabletop.games.wotr.commands as C
import tabletop.games.wotr.state as S
from tabletop.games.wotr.rules import WotrEnforce, WotrSandbox
from tabletop.games.wotr.setup import new_table

RULESETS = {"sandbox": WotrSandbox, "enforce": WotrEnforce}
MAX_TURNS = 12


def new_game(players: int | None = None, names=None, seed: int = 1, rules: str | None = None,
             kings: bool = False, position: str | None = None, **_other) -> Session:
    """A new game as the command line and the new-game screen ask for it.

    ``players`` 2, 3 or 4 (default 2); ``kings`` adds Kings of Middle-earth;
    ``rules`` "sandbox" (the default: a free table with the bookkeeping done)
    or "enforce".  Raises ValueError with a one-line reason.
    """
    if position:
        raise ValueError(_("Position files are for the card game; War of the Ring has none yet."))
    rules = rules or "sandbox"
    if rules not in RULESETS:
        raise ValueError(_("Unknown rules {name!r}: choose sandbox or enforce.").format(
            name=rules))
    st = new_table(players or 2, names, seed, kings=bool(kings))
    session = Session(st, RULESETS[rules]())
    result = session.submit(C.NextPhase(0), automatic=True)
    if not result.ok:
        raise ValueError(_("Setup step failed: {why}").format(why=result.reason))
    return session


def play_one(seed: int, players: int = 2, kings: bool = True, max_turns: int = MAX_TURNS,
             check=None, max_actions: int = 5000) -> dict:
    """One game of random legal actions under the enforced rules."""
    session = new_game(players=players, seed=seed, rules="enforce", kings=kings)
    rng = random.Random(f"play:{seed}")
    refused = 0
    actions = 0
    while actions < max_actions:
        if S.get(session.state, "outcome") or session.state.round > max_turns:
            break
        choices = session.legal_actions()
        if not choices:
            break
        rng.shuffle(choices)
        for cmd in choices:
            if session.submit(cmd).ok:
                actions += 1
                if check is not None:
                    check(session)
                break
            refused += 1
        else:
            break
    st = session.state
    return {"seed": seed, "outcome": S.get(st, "outcome") or "unfinished",
            "rounds": st.round, "actions": actions, "refused": refused,
            "vp": S.victory_points(st)}


def play(games: int = 1, policy: str = "random", players: int | None = None, seed: int = 1,
         kings: bool = False, **_other) -> dict:
    """Play whole games without a window; figures for the command line."""
    if policy != "random":
        raise ValueError(_("Unknown policy {name!r}: only random is offered.").format(name=policy))
    start = time.perf_counter()
    results = [play_one(seed + i, players or 2, bool(kings)) for i in range(games)]
    spent = max(time.perf_counter() - start, 1e-9)
    return {"game": "wotr", "players": players or 2, "games": results,
            "games_per_second": round(len(results) / spent, 3)}
