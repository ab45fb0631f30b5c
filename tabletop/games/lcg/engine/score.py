"""The score at the end of a game (rulebook, "Score"): lower is better.

Each player's final threat (50 for an eliminated player), plus the threat
cost of every dead hero (an eliminated player's heroes all count as dead),
plus the damage on the surviving heroes, plus 10 points per round, minus the
victory points in the victory display.
"""
from __future__ import annotations

from tabletop.core.model import TABLE
from tabletop.games.lcg.engine.table import ELIMINATION_THREAT, Table


def score(t: Table) -> dict:
    """{"total", "threat", "dead", "damage", "rounds", "victory"} for the table as it is."""
    st = t.state
    threat = sum(ELIMINATION_THREAT if t.eliminated(s) else t.threat(s) for s in range(t.nseats))
    dead = 0
    damage = 0
    for cid, card in st.cards.items():
        if card.origin != "player":
            continue
        cdef = t.db.by_code.get(card.code)
        if cdef is None or cdef.type != "hero":
            continue
        if card.zone == TABLE:
            damage += card.tokens.get("damage", 0)
        elif card.zone.endswith(".discard"):
            dead += cdef.threat or 0
    victory = sum(t.keyword_value(c, "Victory") for c in st.zones["victory"].cards)
    rounds = st.round
    total = threat + dead + damage + 10 * rounds - victory
    return {"total": total, "threat": threat, "dead": dead, "damage": damage, "rounds": rounds,
            "victory": victory}
