"""The hands of the War of the Ring rules during one command: ``Ctx``.

A command's handler and every operation of the kernel get a ``Ctx``: the
table (``st``), the transaction its changes go through (``tx``), the seeded
random numbers (``rng``), whether the rules are enforced (``strict``), and
the kernel's working data ``E`` (``SlotData``: the ``wotr`` slot, whose
``stack`` and ``choice`` are worked on in place and written back once, at
the end of the command, by ``flush``).

``strict`` is the one difference between the free table and the enforced
rules: ``need`` refuses only when the rules are enforced, ``must`` always
(what no real table allows either: a piece that does not exist).

A command meets the engine in one of three ways (see ``engine.execute``):
it *answers* the pending question (``answer``: the asking instruction runs
again with the answer), it is a *free* action taken while the question
waits (the question is asked again afterwards, from the table as it is
then), or, on the free table, it takes the game to another phase out of
turn (``rederive``: the stack is read back from the slot's keys).

Pure Python: no pygame.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, MutableMapping
from typing import Any

from tabletop.core.events import live
from tabletop.core.i18n import _
from tabletop.core.kernel import Context, GameOver
from tabletop.core.model import TableState
from tabletop.core.ruleset import Refused
from tabletop.core.tx import Tx
import tabletop.games.wotr.base as B
import tabletop.games.wotr.legacy as legacy
from tabletop.games.wotr.data import regions
from tabletop.games.wotr.vocab import MACHINE, ROUND
import tabletop.games.wotr.state as S



class SlotData(MutableMapping[str, Any]):
    """The ``wotr`` slot as the kernel's working data.

    ``stack`` and ``choice`` are copies worked on in place during a command
    and written back by ``flush`` (only what changed becomes an event); every
    other key reads the table's slot and writes through the ``Tx`` at once
    (the Round's ``phase``, the ``outcome``)."""

    def __init__(self, st: TableState, tx: Tx):
        self.st = st
        self.tx = tx
        slot = st.slots[S.SLOT]
        stack = slot.get("stack")
        self.buf: dict[str, Any] = {"stack": live(stack) if isinstance(stack, list) else [],
                                    "choice": slot.get("choice")}

    def __getitem__(self, key: str) -> Any:
        if key in self.buf:
            return self.buf[key]
        return self.st.slots[S.SLOT].get(key)

    def __setitem__(self, key: str, value: Any) -> None:
        if key in self.buf:
            self.buf[key] = value
        else:
            self.tx.slot((S.SLOT, key), value)

    def __delitem__(self, key: str) -> None:
        self[key] = None

    def __iter__(self) -> Iterator[str]:
        return iter(set(self.st.slots[S.SLOT]) | set(self.buf))

    def __len__(self) -> int:
        return len(set(self.st.slots[S.SLOT]) | set(self.buf))

    def flush(self) -> None:
        """Write the stack and the pending choice back into the slot (a choice that
        differs from the one before in a few fields only is written field by field)."""
        slot = self.st.slots[S.SLOT]
        tx = self.tx
        stack = self.buf["stack"]
        if slot.get("stack") != stack:
            tx.slot((S.SLOT, "stack"), stack)
        new = self.buf["choice"]
        old = slot.get("choice")
        if old == new:
            return
        if isinstance(old, dict) and isinstance(new, dict) and old.keys() == new.keys():
            for key, value in new.items():
                if old[key] != value:
                    tx.slot((S.SLOT, "choice", key), value)
            return
        tx.slot((S.SLOT, "choice"), new)


class Ctx(Context):
    """One command's view of the War of the Ring table, with the rules' verbs."""

    def __init__(self, st: TableState, tx: Tx, rng: random.Random, strict: bool):
        self.data = SlotData(st, tx)
        super().__init__(self.data)
        self.st = st
        self.tx = tx
        self.rng = rng
        self.strict = strict
        self.asked: dict[str, Any] | None = None   # the question pending when the command came
        self.seat: int | None = None               # the seat whose command this is

    # ------------------------------------------------------------ checks
    def need(self, ok: Any, text: str, where: str) -> None:
        """Refuse (citing ``where``) when the rules are enforced and ``ok`` is false."""
        if self.strict and not ok:
            raise Refused(B.cite(text, where))

    @staticmethod
    def must(ok: Any, text: str) -> None:
        """Refuse always when ``ok`` is false (no table could do it)."""
        if not ok:
            raise Refused(text)

    def need_region(self, region: str) -> None:
        """Refuse an unknown region."""
        self.must(region in regions(), _("There is no region called {r}.").format(r=region))

    def need_kings(self) -> None:
        """Refuse an expansion verb in a game without the expansion."""
        self.must(S.kings(self.st), _("This game is played without Kings of Middle-earth."))

    def need_side(self, seat: int, side: str, where: str) -> None:
        """Enforced: the seat must play ``side``."""
        self.need(S.seat_side(self.st, seat) == side,
                  _("{seat} does not play the {side}").format(
                      seat=self.seat_name(seat), side=S.side_name(side)), where)

    def need_seat(self, seat: int) -> None:
        """Refuse a seat that does not exist."""
        self.must(0 <= seat < len(self.st.seats), _("There is no seat {n}.").format(n=seat + 1))

    def need_cards(self, ids: Iterable[int]) -> None:
        """Refuse an empty choice or a piece that does not exist."""
        ids = tuple(ids)
        self.must(ids, _("No card was chosen."))
        for cid in ids:
            self.must(cid in self.st.cards, _("There is no card #{id} on the table.").format(id=cid))

    def need_turn(self, op: str, text: str, where: str) -> None:
        """Enforced: the pending question must be the one ``op`` asks; when the
        phase is right but another decision waits above it, say so."""
        if not self.strict or self.asking() == op:
            return
        if self.get("phase") == legacy.OP_PHASE.get(op, op) and self.asking() is not None:
            raise Refused(_("Another decision is waiting."))
        raise Refused(B.cite(text, where))

    # ------------------------------------------------------------ the slot
    def get(self, *path: str, default: Any = None) -> Any:
        """A value inside the slot by path."""
        return S.get(self.st, *path, default=default)

    def put(self, path: Iterable[str], value: Any) -> None:
        """Set a value in the ``wotr`` slot (None removes it)."""
        self.tx.slot((S.SLOT,) + tuple(path), value)

    # ------------------------------------------------------------ names
    def seat_name(self, seat: int) -> str:
        """A seat's name."""
        return B.seat_name(self.st, seat)

    def card_name(self, card_id: int) -> str:
        """A piece's name."""
        return B.card_name(self.st, card_id)

    def names(self, ids: Iterable[int]) -> str:
        """Pieces named for the log."""
        return B.names(self.st, ids)

    @staticmethod
    def region_name(region: str) -> str:
        """A region's name."""
        return B.region_name(region)

    # ------------------------------------------------------------ the machine
    def asking(self) -> str | None:
        """The operation whose question was pending when the command came (None: none)."""
        return self.asked["op"] if self.asked is not None else None

    def answer(self, value: Any = None) -> None:
        """Answer the pending question: its instruction runs again with ``value``."""
        stack = self.E["stack"]
        if self.asked is None or not stack or stack[-1] is not self.asked:
            raise RuntimeError("no question waits on top of the stack")
        self.asked = None
        MACHINE.answer(self, value)

    def rederive(self) -> None:
        """The free table went to another phase out of turn: read the stack back
        from the slot's keys (it runs at the end of the command)."""
        self.E["stack"] = legacy.stack_for(self.st.slots[S.SLOT])
        self.E["choice"] = None
        self.asked = None

    def jump(self, step: str) -> None:
        """The free table: enter a step of the turn out of turn (its work is done).
        What waits above the phase (a battle, the turn's draws, a tile to keep)
        still waits."""
        self.E["stack"] = [ROUND.enter(step)]
        self.E["choice"] = None
        self.asked = None
        self.run()
        more = legacy.nested(self.st.slots[S.SLOT])
        if more and not self.E["outcome"]:
            self.E["choice"] = None
            self.E["stack"].extend(more)

    def run(self) -> None:
        """Run the stack until a question is pending, it is empty or the game is over."""
        try:
            MACHINE.run(self)
        except GameOver:
            pass


def sync(c: Ctx) -> None:
    """At the start of a command: make the stack agree with the slot (an old save,
    a position set by hand), then take the pending question down so the
    command can answer it, or act freely and have it asked again."""
    slot = c.st.slots[S.SLOT]
    if legacy.stale(slot):
        c.E["stack"] = legacy.stack_for(slot)
        c.E["choice"] = None
        c.run()
    if c.E["choice"] is not None:
        c.asked = c.E["stack"][-1]
        c.E["choice"] = None


# A command's handler: checks the rules, acts through the ``Ctx``, returns the log's sentence.
Handler = Callable[[Ctx, Any], str]
