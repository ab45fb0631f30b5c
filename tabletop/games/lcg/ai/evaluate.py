"""How well the players stand: a number from 0 (lost) to 1 (won).

Used where a search stops before the end of the game (``ai.mcts``'s truncated
playouts, the expert's lookahead on cards' own choices): quest progress (stages
behind and progress on the current one), threat (50 is the end), heroes alive and
their hit points, allies in play, cards in hand, enemies engaged and the threat
waiting in the staging area.  The weights are rough and were set by looking at
games, not fitted.
"""
from __future__ import annotations

import math

from tabletop.core.model import TABLE, TableState
from tabletop.games.lcg.engine import engine_view
from tabletop.games.lcg.engine import state as S

WIN, LOSS = 1.0, 0.0


def outcome_value(state: TableState) -> float | None:
    """1 won, 0 lost, None while the game goes on."""
    outcome = S.stored(state).get("outcome")
    if outcome == "won":
        return WIN
    if outcome == "lost":
        return LOSS
    return None


def stage_fraction(state: TableState) -> float:
    """How far along the quest the players are, from 0 to 1 (stages defeated, and
    progress on the current one)."""
    t = engine_view(state)
    q = t.quest_card()
    done = len(state.zones["quest.discard"].cards) if "quest.discard" in state.zones else 0
    left = len(state.zones["quest.deck"].cards) if "quest.deck" in state.zones else 0
    # Passage Through Mirkwood keeps two stage 3 cards and plays one: count stages, not cards
    total = max(1, done + 1 + (1 if left else 0))
    part = 0.0
    if q is not None and state.cards[q].zone == TABLE:
        qp = max(1, t.stat(q, "quest_points"))
        part = min(1.0, t.progress(q) / qp)
    return min(1.0, (done + part) / total)


def evaluate(state: TableState) -> float:
    """The players' standing, 0 to 1 (1 and 0 only for a game won or lost)."""
    final = outcome_value(state)
    if final is not None:
        return final
    t = engine_view(state)
    seats = t.seats_in_order()
    if not seats:
        return LOSS
    x = 0.0
    x += 4.0 * stage_fraction(state)
    loc = t.active_location()
    if loc is not None:
        x += 0.1 * t.progress(loc)
    for s in range(t.nseats):
        if t.eliminated(s):
            x -= 3.0
            continue
        threat = t.threat(s)
        x -= 0.06 * threat + 0.004 * max(0, threat - 35) ** 2
        for h in t.heroes(s):
            hp = t.stat(h, "hitpoints")
            x += 0.9 + 0.25 * (hp - t.damage(h)) / max(1, hp)
        for c in t.characters(s):
            if t.ctype(c) == "ally":
                x += 0.25 + 0.04 * (t.stat(c, "willpower") + t.stat(c, "attack")
                                    + t.stat(c, "defense"))
        hand = state.zones[state.seat_zone(s, "hand")].cards
        x += 0.03 * min(8, len(hand))
        x += 0.03 * sum(t.resources(h) for h in t.heroes(s))
        for e in t.engaged(s):
            x -= 0.08 * t.stat(e, "attack") + 0.04 * max(0, t.stat(e, "hitpoints") - t.damage(e))
    x -= 0.07 * t.staging_threat()
    x -= 0.02 * state.round
    return 1.0 / (1.0 + math.exp(-(x - 2.0)))
