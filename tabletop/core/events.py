"""Invertible changes to a ``TableState``.

An event is a plain tuple ``(tag, *args)`` carrying both the old and the new
value, so it can be applied, reverted, logged and saved as it is (the same
idea as DragnCards' ``[old, new]`` deltas).  Commands are executed into lists
of events; undo reverts them in reverse order, redo applies them again.
"""
from __future__ import annotations

from typing import Any

from tabletop.core.model import Card, Die, TableState

Event = tuple

CARD_FIELDS = frozenset({"x", "y", "face_up", "exhausted", "side", "attached_to",
                         "attach_kind", "owner"})
ZONE_FIELDS = frozenset({"x", "y", "label", "face_up"})
SEAT_FIELDS = frozenset({"name", "threat"})
GLOBAL_FIELDS = frozenset({"round", "first_player", "scenario"})
DIE_FIELDS = frozenset({"face", "x", "y", "angle"})


def set_card(card_id: int, fld: str, old: Any, new: Any) -> Event:
    return ("card", card_id, fld, old, new)


def set_token(card_id: int, token: str, old: int, new: int) -> Event:
    return ("token", card_id, token, old, new)


def move_card(card_id: int, from_zone: str, from_index: int, to_zone: str, to_index: int) -> Event:
    return ("move", card_id, from_zone, from_index, to_zone, to_index)


def reorder(zone_id: str, old: list[int], new: list[int]) -> Event:
    return ("order", zone_id, list(old), list(new))


def set_zone(zone_id: str, fld: str, old: Any, new: Any) -> Event:
    return ("zone", zone_id, fld, old, new)


def set_seat(seat: int, fld: str, old: Any, new: Any) -> Event:
    return ("seat", seat, fld, old, new)


def set_global(fld: str, old: Any, new: Any) -> Event:
    return ("global", fld, old, new)


def add_card(card_data: list) -> Event:
    """Create a card (``card_data`` as in ``TableState.to_data()['cards']``)."""
    return ("add", list(card_data))


def set_die(die_id: int, fld: str, old: Any, new: Any) -> Event:
    return ("die", die_id, fld, old, new)


def add_die(data: list) -> Event:
    """Put a die on the table (``data`` as in ``TableState.to_data()['dice']``)."""
    return ("add_die", list(data))


def remove_die(data: list) -> Event:
    return ("remove_die", list(data))


def apply(state: TableState, ev: Event) -> None:
    _do(state, ev, forward=True)


def revert(state: TableState, ev: Event) -> None:
    _do(state, ev, forward=False)


def _do(state: TableState, ev: Event, forward: bool) -> None:
    tag = ev[0]
    if tag == "card":
        _, cid, fld, old, new = ev
        setattr(state.cards[cid], fld, new if forward else old)
    elif tag == "token":
        _, cid, tok, old, new = ev
        value = new if forward else old
        tokens = state.cards[cid].tokens
        if value:
            tokens[tok] = value
        else:
            tokens.pop(tok, None)
    elif tag == "move":
        _, cid, zfrom, ifrom, zto, ito = ev
        if not forward:
            zfrom, ifrom, zto, ito = zto, ito, zfrom, ifrom
        src = state.zones[zfrom].cards
        if src[ifrom] != cid:
            raise ValueError(f"event out of step: card {cid} is not at {zfrom}[{ifrom}]")
        del src[ifrom]
        state.zones[zto].cards.insert(ito, cid)
        state.cards[cid].zone = zto
    elif tag == "order":
        _, zid, old, new = ev
        state.zones[zid].cards[:] = list(new if forward else old)
    elif tag == "zone":
        _, zid, fld, old, new = ev
        setattr(state.zones[zid], fld, new if forward else old)
    elif tag == "seat":
        _, seat, fld, old, new = ev
        setattr(state.seats[seat], fld, new if forward else old)
    elif tag == "global":
        _, fld, old, new = ev
        setattr(state, fld, new if forward else old)
    elif tag == "add":
        data = ev[1]
        cid, zone = data[0], data[3]
        if forward:
            (cid, code, owner, zone, x, y, face_up, exhausted, side, tokens,
             attached_to, attach_kind, origin) = data
            state.cards[cid] = Card(cid, code, owner, zone, x, y, face_up, exhausted,
                                    side, dict(tokens), attached_to, attach_kind, origin)
            state.zones[zone].cards.append(cid)
            state.next_id = max(state.next_id, cid + 1)
        else:
            state.zones[zone].cards.remove(cid)
            del state.cards[cid]
            if state.next_id == cid + 1:
                state.next_id = cid
    elif tag == "die":
        _, did, fld, old, new = ev
        setattr(state.dice[did], fld, new if forward else old)
    elif tag in ("add_die", "remove_die"):
        data = ev[1]
        if (tag == "add_die") == forward:
            did, kind, face, x, y, angle = data
            state.dice[did] = Die(did, kind, face, x, y, angle)
            state.next_id = max(state.next_id, did + 1)
        else:
            del state.dice[data[0]]
            if tag == "add_die" and state.next_id == data[0] + 1:
                state.next_id = data[0]
    else:
        raise ValueError(f"unknown event {tag!r}")


def validate_event(ev: Any) -> None:
    """Raise ValueError unless ``ev`` has the shape of a known event (for loading files)."""
    try:
        _validate_event(ev)
    except TypeError as exc:          # e.g. an unhashable field name
        raise ValueError(f"malformed event: {exc}") from None


def _validate_event(ev: Any) -> None:
    if not isinstance(ev, (list, tuple)) or not ev or not isinstance(ev[0], str):
        raise ValueError("an event is not a list starting with its kind")
    tag, n = ev[0], len(ev)
    shapes = {"card": 5, "token": 5, "move": 6, "order": 4, "zone": 5, "seat": 5,
              "global": 4, "add": 2, "die": 5, "add_die": 2, "remove_die": 2}
    if tag not in shapes:
        raise ValueError(f"unknown event kind {tag!r}")
    if n != shapes[tag]:
        raise ValueError(f"event {tag!r} has {n - 1} values, expected {shapes[tag] - 1}")
    if tag == "card" and ev[2] not in CARD_FIELDS:
        raise ValueError(f"event changes unknown card field {ev[2]!r}")
    if tag == "zone" and ev[2] not in ZONE_FIELDS:
        raise ValueError(f"event changes unknown zone field {ev[2]!r}")
    if tag == "seat" and ev[2] not in SEAT_FIELDS:
        raise ValueError(f"event changes unknown seat field {ev[2]!r}")
    if tag == "die" and ev[2] not in DIE_FIELDS:
        raise ValueError(f"event changes unknown die field {ev[2]!r}")
    if tag == "global" and ev[1] not in GLOBAL_FIELDS:
        raise ValueError(f"event changes unknown field {ev[1]!r}")
