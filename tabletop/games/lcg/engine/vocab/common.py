"""What the card-level verbs share."""
from __future__ import annotations

from typing import Any

from tabletop.games.lcg.engine.table import Table


def card_arg(t: Table, ins: dict[str, Any]) -> int | None:
    """The instruction's ``card``, if it is a card on this table (else None)."""
    cid = ins.get("card")
    return cid if isinstance(cid, int) and cid in t.state.cards else None


def owned_card(t: Table, ins: dict[str, Any]) -> tuple[int, int] | None:
    """The instruction's ``card`` and the seat that owns it, if it is a card on this
    table that a player owns (else None)."""
    cid = card_arg(t, ins)
    if cid is None:
        return None
    owner = t.state.cards[cid].owner
    return None if owner is None else (cid, owner)


def listify(v: Any) -> list[Any]:
    """A value as a list (a single value, or a list, tuple or set of them)."""
    return list(v) if isinstance(v, (list, tuple, set)) else [v]
