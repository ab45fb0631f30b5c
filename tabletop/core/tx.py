"""``Tx``: the events of one command, applied as they are emitted.

A ruleset changes the table only through a ``Tx``: every change is an event
(``tabletop.core.events``) that is applied at once and recorded, so the
session can log the command, undo it, or roll it back when it is refused.
"""
from __future__ import annotations

from typing import Any

from tabletop.core import events as E
from tabletop.core import schema
from tabletop.core.i18n import _, format_number
from tabletop.core.model import TABLE, TableState


class Tx:
    """Applies events to the state as a command executes, and records them."""

    def __init__(self, state: TableState):
        self.state = state
        self.events: list[E.Event] = []

    def emit(self, ev: E.Event) -> None:
        """Apply one event and record it.

        Raises ValueError (the session rolls the command back) when the event
        holds a value outside the schema, does not start from what the table
        holds, or the command makes more changes than one action may hold."""
        why = schema.event_problem(ev, self.state)
        if why is None and len(self.events) >= schema.MAX_EVENTS_PER_ACTION:
            why = _("one action cannot make more than {n} changes").format(
                n=format_number(schema.MAX_EVENTS_PER_ACTION))
        if why is not None:
            raise ValueError(why)
        E.apply(self.state, ev)
        self.events.append(ev)

    def rollback(self) -> None:
        """Revert everything emitted so far (a refused command leaves no trace)."""
        for ev in reversed(self.events):
            E.revert(self.state, ev)
        self.events.clear()

    # ------------------------------------------------------ small changes
    def set(self, card_id: int, fld: str, value: Any) -> None:
        """Set a card's field (no event when it already has that value)."""
        old = getattr(self.state.cards[card_id], fld)
        if old != value:
            self.emit(E.set_card(card_id, fld, old, value))

    def token(self, card_id: int, token: str, value: int) -> None:
        """Set a card's count of a token."""
        old = self.state.cards[card_id].tokens.get(token, 0)
        if old != value:
            self.emit(E.set_token(card_id, token, old, value))

    def counter(self, seat: int, name: str, value: int) -> None:
        """Set a seat's counter (a threat dial...)."""
        old = self.state.seats[seat].counters.get(name, 0)
        if old != value:
            self.emit(E.set_seat(seat, name, old, value))

    def set_global(self, fld: str, value: Any) -> None:
        """Set the round, the first player or the scenario."""
        old = getattr(self.state, fld)
        if old != value:
            self.emit(E.set_global(fld, old, value))

    def slot(self, path: tuple[str, ...], value: Any) -> None:
        """Set a value in a game's slot (None removes it)."""
        old = E.slot_value(self.state, path)
        if old != value:
            self.emit(E.set_slot(path, old, value))

    def move(self, card_id: int, zone: str, index: int | None = None) -> None:
        """Move a card to ``zone`` (top when index is None), leaving attachments behind."""
        st = self.state
        card = st.cards[card_id]
        src = st.zones[card.zone]
        ifrom = src.cards.index(card_id)
        if zone != TABLE:
            for child in st.attachments(card_id):
                self.detach_in_place(child)
            if card.attached_to is not None:
                self.set(card_id, "attached_to", None)
                self.set(card_id, "attach_kind", "")
        dest = st.zones[zone]
        count = len(dest.cards) - (1 if card.zone == zone else 0)
        ito = count if index is None else max(0, min(index, count))
        if card.zone == zone and ifrom == ito:
            return
        self.emit(E.move_card(card_id, card.zone, ifrom, zone, ito))

    def raise_to_top(self, card_id: int) -> None:
        """Draw a table card above all others."""
        self.move(card_id, TABLE, None)

    def detach_in_place(self, card_id: int) -> None:
        """Free an attached card where it lies."""
        x, y = self.state.position(card_id)
        self.set(card_id, "attached_to", None)
        self.set(card_id, "attach_kind", "")
        self.set(card_id, "x", x)
        self.set(card_id, "y", y)

    def reorder(self, zone: str, new: list[int]) -> None:
        """Put a zone's cards in a new order (a shuffle)."""
        old = list(self.state.zones[zone].cards)
        if old != new:
            self.emit(E.reorder(zone, old, new))
