"""The two War of the Ring rulesets: the free table and the enforced rules.

``WotrSandbox`` does the bookkeeping (dice, the turn, the Hunt, battles, the
expansion's pieces) and lets the players move anything anywhere, as at a
real table.  ``WotrEnforce`` is the same table with the rules enforced:
every command checks them first and is refused with the rule's name (for
the expansion, the section of its rulebook); it also lists the legal
actions of a position.

Both are small: the game's commands go through ``engine.HANDLERS`` (plain
functions) on the rules kernel; the shared table verbs (moving a piece by
hand, dice, tokens) are the shared sandbox's.  Both keep what the game waits
for in the slot (``pending``).

Pure Python: no pygame.
"""
from __future__ import annotations

import random
from typing import Any

from tabletop.core.commands import Command
from tabletop.core.model import TableState
from tabletop.core.ruleset import Choice
from tabletop.core.sandbox import Sandbox
from tabletop.core.tx import Tx
from tabletop.core.view import register_redactor
import tabletop.games.wotr.engine as engine
from tabletop.games.wotr.base import piece_label
from tabletop.games.wotr.legal import legal_actions
import tabletop.games.wotr.state as S


class WotrSandbox(Sandbox):
    """The free War of the Ring table with the bookkeeping done."""

    name = "sandbox"
    game = "wotr"
    strict = False

    def execute(self, state: TableState, cmd: Command, tx: Tx, rng: random.Random) -> str:
        """Carry out a command: the game's own through its handler on the kernel,
        a shared table verb through the shared sandbox."""
        handler = engine.HANDLERS.get(type(cmd))
        if handler is not None:
            return engine.execute(state, cmd, tx, rng, self.strict, handler)
        text = super().execute(state, cmd, tx, rng)
        more = engine.free_hands(state, tx, rng, self.strict)
        return ". ".join(part for part in (text, more) if part)

    def pending(self, state: TableState) -> Choice | None:
        """The decision the table waits for (the same in both rulesets)."""
        return engine.pending(state)

    def card_name(self, state: TableState, card_id: int) -> str:
        """A piece's name in the reader's language."""
        return piece_label(state.cards[card_id].code)


class WotrEnforce(WotrSandbox):
    """War of the Ring with the rules enforced (base-game bookkeeping and the
    Kings of Middle-earth rules; see docs/WAR_OF_THE_RING.md for the list)."""

    name = "enforce"
    strict = True

    def legal_actions(self, state: TableState, seat: int | None = None) -> list[Command]:
        """The commands the rules allow now (for ``seat``, or anyone)."""
        acts = legal_actions(state)
        return acts if seat is None else [a for a in acts if a.seat == seat]


def redact(slot: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """The ``wotr`` slot's one secret: the combat card a side chose this battle round,
    until both have chosen (the other side sees that it chose: -1).  Hidden things
    besides (hands, the Hunt pool, Corruption tokens) are zones, and their visibility
    hides them; the pending choice names pieces by id only."""
    b = slot.get("battle")
    if not isinstance(b, dict) or b.get("shown") or not isinstance(b.get("cards"), dict):
        return slot
    seats = slot.get("seats") or []
    mine = seats[seat].get("side") if seat is not None and 0 <= seat < len(seats) else None
    cards = {side: (cid if side == mine or cid is None else -1)
             for side, cid in b["cards"].items()}
    rulers = {side: (r if side == mine else "") for side, r in (b.get("rulers") or {}).items()}
    if cards == b["cards"] and rulers == (b.get("rulers") or {}):
        return slot
    return {**slot, "battle": {**b, "cards": cards, "rulers": rulers}}


register_redactor(S.SLOT, redact)
