"""Small pieces shared by the card declarations: conditions and instruction makers.

Conditions have the signature ``fn(table, src, info, seat) -> bool``; the
instruction makers return plain instructions of ``engine.vocab``.
"""
from __future__ import annotations

import copy
from collections.abc import Callable

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


def exhausted(t: Table, src: int, info=None, seat=None) -> bool:
    """The card is exhausted (readying it changes something)."""
    return t.state.cards[src].exhausted


def encounter_deck_not_empty(t: Table, src: int = 0, info=None, seat=None) -> bool:
    """There is a card to look at on top of the encounter deck."""
    return bool(t.state.zones["encounter.deck"].cards)


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


# ------------------------------------------- what an effect can change (the rules: an
# effect that cannot change the game cannot be started, and a choice offers only what it
# can change)
def can_draw(t: Table, seat: int) -> bool:
    """Would a draw by ``seat`` change the game: cards in their deck and nothing forbids
    drawing (or something happens instead: Iron Shackles)?"""
    st = t.state
    if t.rule("no_draw"):
        return False
    return bool(st.zones[st.seat_zone(seat, "deck")].cards) or bool(
        t.registry.instead(t, "draw", None, seat))


def deck_not_empty(t: Table, seat: int) -> bool:
    """Are there cards in the player's deck?"""
    st = t.state
    return bool(st.zones[st.seat_zone(seat, "deck")].cards)


def players_who(test) -> Callable:
    """The seats still in the game for which ``test(table, seat)`` holds."""
    return lambda t: [s for s in t.seats_in_order() if test(t, s)]


def some_player(test):
    """A condition: at least one player still in the game passes ``test(table, seat)``."""
    return lambda t, src, info, seat: any(test(t, s) for s in t.seats_in_order())


def choose_player_who(test, then: list[dict], prompt: str, var: str = "$player"):
    """An effect: the player using it chooses a player for whom ``test(table, seat)``
    holds (the others could not be changed by it); ``then`` with ``$player``."""
    def effect(t: Table, src, info, seat) -> list[dict]:
        return [{"op": "choose_player", "then": copy.deepcopy(then), "prompt": prompt, "seat": seat,
                 "as": var, "among": [s for s in t.seats_in_order() if test(t, s)]}]
    return effect
