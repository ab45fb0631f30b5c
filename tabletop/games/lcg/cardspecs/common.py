"""Small pieces shared by the card declarations: conditions and instruction makers.

Conditions have the signature ``fn(table, src, info, seat) -> bool``; the
instruction makers return plain instructions of ``engine.vocab``.
"""
from __future__ import annotations

from tabletop.games.lcg.engine.filters import (candidates, enemies_in_play,  # noqa: F401
                                               in_deck_named, named_in_play)
from tabletop.games.lcg.engine.table import CHARACTER_TYPES, Table


def is_current_quest(t: Table, src: int, info=None, seat=None) -> bool:
    """Is ``src`` the current quest stage?"""
    return t.quest_card() == src and t.state.cards[src].side == "B"


def characters_of(t: Table, seat: int) -> list[int]:
    """A seat's characters in play."""
    return [c for c in t.characters(seat) if t.ctype(c) in CHARACTER_TYPES]


def say(text: str) -> dict:
    """A log line."""
    return {"op": "say", "text": text}


# ------------------------------------------------------------------ costs
EXHAUST_SELF = [{"op": "exhaust", "card": "$src"}]
DISCARD_ONE = [{"op": "discard_from_hand", "seat": "$seat", "n": 1}]


def pay_own(n: int = 1) -> list[dict]:
    """Remove ``n`` resources from the card's own pool (a hero paying for itself)."""
    return [{"op": "resource", "card": "$src", "n": -n}]


# ------------------------------------------------------------- conditions
def ready(t: Table, src: int, info=None, seat=None) -> bool:
    """The card is ready (it can pay an exhaust cost)."""
    return not t.state.cards[src].exhausted


def has_resources(n: int = 1):
    """The card's own pool holds at least ``n`` resources."""
    return lambda t, src, info, seat: t.resources(src) >= n


def hand_size(n: int = 1):
    """The player using the ability holds at least ``n`` cards."""
    def cond(t: Table, src: int, info, seat) -> bool:
        st = t.state
        return seat is not None and len(st.zones[st.seat_zone(seat, "hand")].cards) >= n
    return cond


def itself(t: Table, src: int, info: dict, seat=None) -> bool:
    """The game event is about this very card."""
    return info.get("card") == src


def both(*conds):
    """All these conditions hold."""
    return lambda t, src, info, seat: all(c(t, src, info, seat) for c in conds)


def any_of(t: Table, f: dict, seat) -> bool:
    """Is there at least one card fitting the filter?"""
    return bool(candidates(t, f, seat))


def exists(f: dict):
    """A condition: a card fitting the filter exists (for the player using it)."""
    return lambda t, src, info, seat: any_of(t, f, seat)


def host(t: Table, att: int) -> int:
    """The card an attachment is attached to."""
    return t.state.root(att)


def choose(filter_: dict, then: list[dict], prompt: str, optional: bool = False,
           seat: str | int | None = "$seat", var: str = "$choice") -> dict:
    """A choice of a card fitting ``filter_`` for the player using the ability."""
    ins = {"op": "choose", "filter": filter_, "then": then, "prompt": prompt, "seat": seat}
    if optional:
        ins["optional"] = True
    if var != "$choice":
        ins["as"] = var
    return ins


def choose_player(then: list[dict], prompt: str, var: str = "$player") -> dict:
    """A choice of a player (``$player`` in ``then``)."""
    return {"op": "choose_player", "then": then, "prompt": prompt, "seat": "$seat", "as": var}
