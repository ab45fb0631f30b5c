"""Invertible changes to a ``TableState``, each kind declared once.

An event is a plain tuple ``(kind, *values)`` carrying both the old and the
new value, so it can be applied, reverted, logged and saved as it is (the same
idea as DragnCards' ``[old, new]`` deltas).  Commands are executed into lists
of events; undo reverts them in reverse order, redo applies them again.

Every kind is declared once, in ``KINDS``, with

- ``apply(state, ev, forward)``: do it (``forward``) or undo it;
- ``columns``: what each value is (a card id, a zone id, a field name and the
  values that field takes...), from which a save loader derives both its fast
  column-wise check and its explaining per-event check (``saves.validate``);
- ``in_step(state, ev)``: does the table hold what the event says it held
  before (the replay check of ``save check``);
- ``decode(ev)``: the live form of an event read from a file (lists where the
  file has tuples).

A new kind of event is one ``EventKind`` here and nothing else: the save
loader, ``save check`` and replay use the declaration.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from tabletop.core.i18n import N_
from tabletop.core.model import Die, TableState

Event = tuple[Any, ...]
"""An event: ``(kind, *values)``."""

# ------------------------------------------------------------ value types
# The field tables say which fields of a card, zone, seat, die or the table an
# event may change, and which Python types the values have.  ``None`` in a
# table means "any name": a seat's counters are named by the game.
Types = frozenset[type]
"""The Python types a field's values may have."""
FieldTable = dict[str | None, Types]
"""Field name -> its value types (the key ``None``: any other name)."""

NUM: Types = frozenset({int, float})   # bool is excluded on purpose: type(True) is bool
INT: Types = frozenset({int})
STR: Types = frozenset({str})
BOOL: Types = frozenset({bool})
INT_OR_NONE: Types = frozenset({int, type(None)})

CARD_FIELD_TYPES: FieldTable = {"x": NUM, "y": NUM, "face_up": BOOL, "exhausted": BOOL, "side": STR,
                    "attached_to": INT_OR_NONE, "attach_kind": STR, "owner": INT_OR_NONE}
ZONE_FIELD_TYPES: FieldTable = {"x": NUM, "y": NUM, "label": STR, "face_up": BOOL}
SEAT_FIELD_TYPES: FieldTable = {"name": STR, None: INT}      # the name, or any counter (an int)
GLOBAL_FIELD_TYPES: FieldTable = {"round": INT, "first_player": INT, "scenario": STR}
DIE_FIELD_TYPES: FieldTable = {"face": INT, "x": NUM, "y": NUM, "angle": NUM}

CARD_FIELDS = frozenset(CARD_FIELD_TYPES)
ZONE_FIELDS = frozenset(ZONE_FIELD_TYPES)
GLOBAL_FIELDS = frozenset(GLOBAL_FIELD_TYPES)
DIE_FIELDS = frozenset(DIE_FIELD_TYPES)

MAX_NAME = 64                          # a token, counter or slot key
MAX_PATH = 8                           # depth of a slot path


@dataclass(frozen=True)
class Col:
    """One value of an event, as a save loader checks it.

    ``kind`` is one of: ``"card"``, ``"zone"``, ``"seat"``, ``"die"`` (an id
    that must exist), ``"index"`` (an int >= 0), ``"name"`` (text of at most
    ``MAX_NAME`` characters), ``"int"``, ``"field"`` (a field name from
    ``table``), ``"value"`` (a value of the type ``table`` gives the field
    named by the column ``of``), ``"ids"`` (a list of card ids), ``"path"``
    (a slot path: 1 to ``MAX_PATH`` names), ``"plain"`` (plain data),
    ``"die_row"`` (a whole die as ``TableState.to_data()`` has it).
    """
    kind: str
    table: FieldTable | None = None
    of: int = 0                        # for "value": the position of its "field" column


def _card() -> Col: return Col("card")
def _zone() -> Col: return Col("zone")
def _field(table: FieldTable) -> Col: return Col("field", table)
def _value(table: FieldTable, of: int) -> Col: return Col("value", table, of)


@dataclass(frozen=True)
class EventKind:
    """The single declaration of an event kind (see the module docstring)."""
    tag: str
    columns: tuple[Col, ...]
    apply: Callable[[TableState, Event, bool], None]
    in_step: Callable[[TableState, Event], bool]
    decode: Callable[[Event], Event] | None = None
    creates: str = ""                  # "die" when the event brings a die into the game
    related: Callable[[Event], bool] | None = None   # a check across values (order)
    related_why: str = ""              # what is wrong when ``related`` fails
    doc: str = ""

    @property
    def arity(self) -> int:
        """Number of values after the tag."""
        return len(self.columns)


KINDS: dict[str, EventKind] = {}


def declare(kind: EventKind) -> EventKind:
    """Register an event kind (its tag must be new)."""
    if kind.tag in KINDS:
        raise ValueError(f"event kind {kind.tag!r} is declared twice")
    KINDS[kind.tag] = kind
    return kind


# ---------------------------------------------------------------- helpers
def _setter(getter: Callable[[TableState, Any], Any]
            ) -> tuple[Callable[[TableState, Event, bool], None], Callable[[TableState, Event], bool]]:
    """apply/in_step for ``(tag, key, field, old, new)`` events on an object."""
    def apply(state: TableState, ev: Event, forward: bool) -> None:
        setattr(getter(state, ev[1]), ev[2], ev[4] if forward else ev[3])

    def in_step(state: TableState, ev: Event) -> bool:
        return bool(getattr(getter(state, ev[1]), ev[2]) == ev[3])
    return apply, in_step


def _apply_token(state: TableState, ev: Event, forward: bool) -> None:
    _, cid, tok, old, new = ev
    value = new if forward else old
    tokens = state.cards[cid].tokens
    if value:
        tokens[tok] = value
    else:
        tokens.pop(tok, None)


def _apply_move(state: TableState, ev: Event, forward: bool) -> None:
    _, cid, zfrom, ifrom, zto, ito = ev
    if not forward:
        zfrom, ifrom, zto, ito = zto, ito, zfrom, ifrom
    src = state.zones[zfrom].cards
    if src[ifrom] != cid:
        raise ValueError(f"event out of step: card {cid} is not at {zfrom}[{ifrom}]")
    del src[ifrom]
    state.zones[zto].cards.insert(ito, cid)
    state.cards[cid].zone = zto


def _move_in_step(state: TableState, ev: Event) -> bool:
    _, cid, zf, i_f, zt, i_t = ev
    src = state.zones[zf].cards
    return bool(state.cards[cid].zone == zf and i_f < len(src) and src[i_f] == cid
                and i_t <= len(state.zones[zt].cards) - (1 if zf == zt else 0))


def _apply_seat(state: TableState, ev: Event, forward: bool) -> None:
    _, seat, fld, old, new = ev
    value = new if forward else old
    if fld == "name":
        state.seats[seat].name = value
    else:
        state.seats[seat].counters[fld] = value


def _seat_in_step(state: TableState, ev: Event) -> bool:
    seat = state.seats[ev[1]]
    now = seat.name if ev[2] == "name" else seat.counters.get(ev[2], 0)
    return bool(now == ev[3])


def _die_row(d: Die) -> list[Any]:
    return [d.id, d.kind, d.face, d.x, d.y, d.angle]


def _apply_die_presence(state: TableState, ev: Event, forward: bool) -> None:
    tag, data = ev
    if (tag == "add_die") == forward:
        did, kind, face, x, y, angle = data
        state.dice[did] = Die(did, kind, face, x, y, angle)
        state.next_id = max(state.next_id, did + 1)
    else:
        del state.dice[data[0]]
        if tag == "add_die" and state.next_id == data[0] + 1:
            state.next_id = data[0]


def _slot_get(slots: dict[str, Any], path: Iterable[str]) -> Any:
    cur: Any = slots
    for key in path:
        if not isinstance(cur, dict) or key not in cur:
            return None
        cur = cur[key]
    return cur


def _apply_slot(state: TableState, ev: Event, forward: bool) -> None:
    _, path, old, new = ev
    value = new if forward else old
    cur = state.slots
    for key in path[:-1]:
        nxt = cur.get(key)
        if not isinstance(nxt, dict):
            if value is None:
                return
            nxt = cur[key] = {}
        cur = nxt
    if value is None:
        cur.pop(path[-1], None)
        _prune(state.slots, path[:-1])
    else:
        cur[path[-1]] = live(value)


def _prune(slots: dict[str, Any], path: tuple[str, ...]) -> None:
    """Drop dicts that the removal of their last key left empty (so that
    setting and then clearing a value gives back exactly the old table)."""
    for depth in range(len(path), 0, -1):
        parent = _slot_get(slots, path[:depth - 1]) if depth > 1 else slots
        if isinstance(parent, dict) and parent.get(path[depth - 1]) == {}:
            del parent[path[depth - 1]]
        else:
            break


def live(value: Any) -> Any:
    """Plain data as the live table holds it: lists, not tuples."""
    if type(value) is tuple or type(value) is list:
        return [live(v) for v in value]
    if type(value) is dict:
        return {k: live(v) for k, v in value.items()}
    return value


# ----------------------------------------------------------- the registry
_ap, _in = _setter(lambda st, k: st.cards[k])
declare(EventKind("card", (_card(), _field(CARD_FIELD_TYPES), _value(CARD_FIELD_TYPES, 1),
                           _value(CARD_FIELD_TYPES, 1)), _ap, _in,
                  doc="a field of a card changes: (card, field, old, new)"))
declare(EventKind("token", (_card(), Col("name"), Col("int"), Col("int")), _apply_token,
                  lambda st, ev: st.cards[ev[1]].tokens.get(ev[2], 0) == ev[3],
                  doc="a card's count of one token changes: (card, token, old, new)"))
declare(EventKind("move", (_card(), _zone(), Col("index"), _zone(), Col("index")),
                  _apply_move, _move_in_step,
                  doc="a card moves: (card, from zone, from index, to zone, to index)"))
declare(EventKind("order", (_zone(), Col("ids"), Col("ids")),
                  lambda st, ev, fwd: st.zones[ev[1]].cards.__setitem__(
                      slice(None), list(ev[3] if fwd else ev[2])),
                  lambda st, ev: st.zones[ev[1]].cards == list(ev[2]),
                  decode=lambda ev: ("order", ev[1], list(ev[2]), list(ev[3])),
                  related=lambda ev: len(ev[2]) == len(ev[3]) and sorted(ev[2]) == sorted(ev[3]),
                  related_why=N_("it is not a reordering of the same cards"),
                  doc="a pile is reordered (shuffled): (zone, old order, new order)"))
_ap, _in = _setter(lambda st, k: st.zones[k])
declare(EventKind("zone", (_zone(), _field(ZONE_FIELD_TYPES), _value(ZONE_FIELD_TYPES, 1),
                           _value(ZONE_FIELD_TYPES, 1)), _ap, _in,
                  doc="a field of a zone changes: (zone, field, old, new)"))
declare(EventKind("seat", (Col("seat"), _field(SEAT_FIELD_TYPES), _value(SEAT_FIELD_TYPES, 1),
                           _value(SEAT_FIELD_TYPES, 1)), _apply_seat, _seat_in_step,
                  doc="a seat's name or one of its counters changes: (seat, field, old, new)"))
declare(EventKind("global", (_field(GLOBAL_FIELD_TYPES), _value(GLOBAL_FIELD_TYPES, 0),
                             _value(GLOBAL_FIELD_TYPES, 0)),
                  lambda st, ev, fwd: setattr(st, ev[1], ev[3] if fwd else ev[2]),
                  lambda st, ev: getattr(st, ev[1]) == ev[2],
                  doc="round, first player or scenario changes: (field, old, new)"))
_ap, _in = _setter(lambda st, k: st.dice[k])
declare(EventKind("die", (Col("die"), _field(DIE_FIELD_TYPES), _value(DIE_FIELD_TYPES, 1),
                          _value(DIE_FIELD_TYPES, 1)), _ap, _in,
                  doc="a field of a die changes: (die, field, old, new)"))
declare(EventKind("add_die", (Col("die_row"),), _apply_die_presence,
                  lambda st, ev: ev[1][0] not in st.dice,
                  decode=lambda ev: (ev[0], list(ev[1])), creates="die",
                  doc="a die is taken from the tray: (die row)"))
declare(EventKind("remove_die", (Col("die_row"),), _apply_die_presence,
                  lambda st, ev: (ev[1][0] in st.dice
                                  and _die_row(st.dice[ev[1][0]]) == list(ev[1])),
                  decode=lambda ev: (ev[0], list(ev[1])), creates="die",
                  doc="a die goes back to the tray: (die row)"))
declare(EventKind("slot", (Col("path"), Col("plain"), Col("plain")), _apply_slot,
                  lambda st, ev: _slot_get(st.slots, ev[1]) == live(ev[2]),
                  decode=lambda ev: ("slot", tuple(ev[1]), live(ev[2]), live(ev[3])),
                  doc="a value in a game's slot changes: (path, old, new); None = absent"))


# ------------------------------------------------------------ constructors
def set_card(card_id: int, fld: str, old: Any, new: Any) -> Event:
    """A card's field changes."""
    return ("card", card_id, fld, old, new)


def set_token(card_id: int, token: str, old: int, new: int) -> Event:
    """A card's count of one token changes (0 = none)."""
    return ("token", card_id, token, old, new)


def move_card(card_id: int, from_zone: str, from_index: int, to_zone: str, to_index: int) -> Event:
    """A card moves between (or within) zones."""
    return ("move", card_id, from_zone, from_index, to_zone, to_index)


def reorder(zone_id: str, old: list[int], new: list[int]) -> Event:
    """A zone's cards are put in a new order."""
    return ("order", zone_id, list(old), list(new))


def set_zone(zone_id: str, fld: str, old: Any, new: Any) -> Event:
    """A zone's field changes."""
    return ("zone", zone_id, fld, old, new)


def set_seat(seat: int, fld: str, old: Any, new: Any) -> Event:
    """A seat's name or one of its counters changes."""
    return ("seat", seat, fld, old, new)


def set_global(fld: str, old: Any, new: Any) -> Event:
    """The round, the first player or the scenario changes."""
    return ("global", fld, old, new)


def set_die(die_id: int, fld: str, old: Any, new: Any) -> Event:
    """A die's field changes."""
    return ("die", die_id, fld, old, new)


def add_die(data: list[Any]) -> Event:
    """Put a die on the table (``data`` as in ``TableState.to_data()['dice']``)."""
    return ("add_die", list(data))


def remove_die(data: list[Any]) -> Event:
    """Put a die back in the tray (``data`` as the table has it)."""
    return ("remove_die", list(data))


def set_slot(path: tuple[str, ...], old: Any, new: Any) -> Event:
    """A value in a game's slot changes; ``None`` means absent.

    Values are plain data (None, bool, int, float, str, lists, dicts with text
    keys); tuples are stored as lists, as a save gives them back."""
    return ("slot", tuple(path), live(old), live(new))


def slot_value(state: TableState, path: tuple[str, ...]) -> Any:
    """The value at ``path`` in the table's slots (None when absent)."""
    return _slot_get(state.slots, path)


# ------------------------------------------------------------------ apply
def apply(state: TableState, ev: Event) -> None:
    """Do an event."""
    KINDS[ev[0]].apply(state, ev, True)


def revert(state: TableState, ev: Event) -> None:
    """Undo an event."""
    KINDS[ev[0]].apply(state, ev, False)


def validate_event(ev: Any) -> None:
    """Raise ValueError unless ``ev`` has the shape of a known event.

    A light check of shape and field names (for events made in Python); the
    full check of untrusted data, against the table, is ``saves.validate``.
    """
    if not isinstance(ev, (list, tuple)) or not ev or not isinstance(ev[0], str):
        raise ValueError("an event is not a list starting with its kind")
    kind = KINDS.get(ev[0])
    if kind is None:
        raise ValueError(f"unknown event kind {ev[0]!r}")
    if len(ev) != kind.arity + 1:
        raise ValueError(f"event {kind.tag!r} has {len(ev) - 1} values, expected {kind.arity}")
    for col, value in zip(kind.columns, ev[1:]):
        if col.kind == "field":
            table = col.table or {}            # a "field" column always names its table
            try:
                known = value in table or (None in table and isinstance(value, str))
            except TypeError:
                known = False
            if not known:
                raise ValueError(f"event changes unknown {kind.tag} field {value!r}")
