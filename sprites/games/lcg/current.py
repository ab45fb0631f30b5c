"""What the rules engine makes of the cards now: current stats and committed characters.

A card's face prints its stats; the rules engine counts them with attachments,
lasting effects and tokens (Aragorn with Celebrían's Stone quests for 4, not 2).
The window draws the value the engine counts, coloured where it differs from the
printed one, and marks the characters committed to the quest (a committed hero
readied by his own response still quests).  Everything is asked of the engine's
read-only view (``tabletop.games.lcg.engine.engine_view``).
"""
from __future__ import annotations

from tabletop.core.model import TABLE, TableState

# the engine's stat -> the card field the face prints it from, per card type
STATS = {
    "hero": (("willpower", "willpower"), ("attack", "attack"), ("defense", "defense"),
             ("hitpoints", "health")),
    "ally": (("willpower", "willpower"), ("attack", "attack"), ("defense", "defense"),
             ("hitpoints", "health")),
    "enemy": (("threat", "threat_strength"), ("attack", "attack"), ("defense", "defense"),
              ("hitpoints", "health"), ("engagement", "engagement_cost")),
    "location": (("threat", "threat_strength"),),
}


class Now:
    """The engine's current values of a table, worked out once per change."""

    __slots__ = ("stats", "committed")

    def __init__(self, stats: dict[int, tuple] | None = None, committed: frozenset = frozenset()):
        self.stats = stats or {}            # card id -> ((field, value, delta), ...)
        self.committed = committed          # characters committed to the quest


def read(state: TableState, db) -> Now:
    """The current stats that differ from the printed ones, and the committed
    characters, of every face-up card on the table."""
    from tabletop.games.lcg.engine import engine_view
    t = engine_view(state)
    stats: dict[int, tuple] = {}
    for cid in state.table.cards:
        card = state.cards[cid]
        if not card.face_up:
            continue
        cdef = db.by_code.get(card.code)
        pairs = STATS.get(cdef.type) if cdef is not None else None
        if not pairs:
            continue
        if card.attached_to is not None and card.attach_kind == "shadow":
            continue
        changed = []
        for stat, field in pairs:
            printed = getattr(cdef, field, None)
            if not isinstance(printed, int):
                continue
            try:
                value = t.stat(cid, stat)
            except (KeyError, ValueError, TypeError):
                continue
            if value != printed:
                changed.append((field, value, value - printed))
        if changed:
            stats[cid] = tuple(changed)
    try:
        committed = frozenset(c for c in t.committed() if state.cards[c].zone == TABLE)
    except (KeyError, TypeError):
        committed = frozenset()
    return Now(stats, committed)
