"""Game events: what a trigger sets off.

``trigger(ctx, "engaged", card=..., seat=...)`` is called by the verbs and the
round's steps when something happens that cards may answer (the triggers and
their facts are declared in ``engine.language``).  Forced effects resolve
first, in the first player's order; then each player, from the first player,
may use their Responses (FAQ 1.09, 1.37): the instructions for both are pushed
(``{"op": "ability"}``, ``{"op": "responses"}``: ``engine.abilities``).
"""
from __future__ import annotations

from typing import Any

from tabletop.games.lcg.engine.context import Ctx
from tabletop.games.lcg.engine.language import V
from tabletop.games.lcg.engine.offers import anyone_answers, forced_for, responses_for

# True (tests): every trigger's facts are checked against their declaration
CHECK_FACTS = False


def trigger(ctx: Ctx, event: str, **info: Any) -> None:
    """A game event happened: Forced effects resolve now (in the first player's
    order), then each player may use their Responses."""
    if event not in V.triggers:
        raise KeyError(f"the game event {event!r} is not declared (engine.language)")
    if CHECK_FACTS:
        problems = V.trigger_problems(event, info)
        if problems:
            raise ValueError("; ".join(problems))
    if not anyone_answers(ctx, event, info):
        return
    forced = forced_for(ctx, event, info)
    responses = responses_for(ctx, event, info)
    if responses:
        ctx.push({"op": "responses", "event": event, "info": info, "used": []})
    for item in reversed(forced):
        ctx.push(item)
