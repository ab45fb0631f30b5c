"""``api.suggest``: a hint for the pending decision, by a policy that says why."""
from __future__ import annotations

import random

from tabletop.core.session import Session


def suggest(game: Session, policy: str = "expert", seat: int | None = None) -> dict | None:
    """``{"answer", "why", "seat", "policy"}`` for the pending decision, or None.

    The policy decides on the game as it stands (a search works on copies): the game is
    not changed.  The random generator is seeded from the game's seed and its number of
    actions, so the same position gets the same hint."""
    from tabletop.games.lcg.ai import POLICIES
    make = POLICIES.get(policy)
    if make is None:
        raise ValueError(f"no policy {policy!r} gives hints: choose {', '.join(sorted(POLICIES))}")
    choice = game.pending()
    if choice is None or (seat is not None and choice.seat != seat):
        return None
    rng = random.Random(f"hint:{game.state.seed}:{game.cursor}")
    advice = make().advise(game, choice.seat, rng)
    if advice is None:
        return None
    return {"answer": advice.value, "why": advice.why, "seat": choice.seat, "policy": policy}
