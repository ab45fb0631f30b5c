"""What a seat may see: hidden information is decided here and nowhere else.

``can_see(state, seat, card_id)`` answers for one card, ``may_search`` for a
pile a seat looks through on purpose; ``view(state, seat)``
gives a copy of the whole table as that seat may know it (hidden cards keep
their place but lose their identity; a game's slot is passed through the
game's own ``redact``).  ``seat=None`` is the public: what the game log, a
spectator and an opponent's screen in hot-seat may show.

The rules:

- a card on the free table is seen by everyone when face up, by nobody when
  face down (a shadow card, an encounter card dealt face down);
- a card in a zone is seen as its zone's ``visibility`` says: ``public``
  (everyone, if the card is face up), ``owner`` (the seat that owns the zone:
  a hand, a secret board), ``hidden`` (nobody: a deck).
"""
from __future__ import annotations

from typing import Any, Callable

from tabletop.core.model import HIDDEN, OWNER, TABLE, TableState

UNKNOWN = ""        # the code a hidden card has in a ``view``


def can_see(state: TableState, seat: int | None, card_id: int) -> bool:
    """May ``seat`` (None: everyone) know which card ``card_id`` is?"""
    card = state.cards[card_id]
    if card.zone == TABLE:
        return card.face_up
    zone = state.zones[card.zone]
    if zone.visibility == HIDDEN:
        return False
    if zone.visibility == OWNER:
        return seat is not None and seat == zone.owner
    return card.face_up


def is_public(state: TableState, card_id: int) -> bool:
    """Does everyone at the table see this card (what the log may name)?"""
    return can_see(state, None, card_id)


def zone_contents_visible(state: TableState, seat: int | None, zone_id: str) -> bool:
    """May ``seat`` look through a zone's cards (a pile browser)?"""
    zone = state.zones[zone_id]
    if zone.visibility == HIDDEN:
        return False
    if zone.visibility == OWNER:
        return seat is not None and seat == zone.owner
    return True


def may_search(state: TableState, seat: int | None, zone_id: str) -> bool:
    """May ``seat`` look through a zone on purpose (a pile browser)?

    What it may see, and hidden piles too: searching a deck is a deliberate act
    that the free table allows, as a real table does.  A zone that is private
    to another seat (a hand, a secret board) never.
    """
    zone = state.zones[zone_id]
    if zone.visibility == OWNER:
        return seat is not None and seat == zone.owner
    return True


Redactor = Callable[[dict[str, Any], "int | None"], dict[str, Any]]
_redactors: dict[str, Redactor] = {}


def register_redactor(slot: str, fn: Redactor) -> None:
    """A game says how its slot looks to a seat (hide other seats' secrets)."""
    _redactors[slot] = fn


def view(state: TableState, seat: int | None) -> TableState:
    """A copy of the table as ``seat`` may know it.

    Hidden cards keep their id, zone and position (everyone sees that a card
    is there) but their code becomes ``UNKNOWN`` and their tokens stay (tokens
    lie on top, in sight).  Each game slot goes through its redactor.
    """
    out = state.clone()
    for cid, card in out.cards.items():
        if not can_see(state, seat, cid):
            card.code = UNKNOWN
            card.side = "A"
    for name, value in list(out.slots.items()):
        fn = _redactors.get(name)
        if fn is not None:
            out.slots[name] = fn(value, seat)
    return out
