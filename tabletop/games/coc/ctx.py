"""Circle of Conflict on the rules kernel: its vocabulary, its round, and the hands of a command.

The enforced rules keep, beside the boards in the game's slot (``slot``), the kernel's data and
the round's position, all public:

| key | what |
|---|---|
| ``step`` | the round's step (``ROUND``: roll, gollum, assign, icons, fp, shadow, battle, end; ``over`` once the game has ended) |
| ``turn`` | whose revealed turn it is in steps 5 and 6 (-1 otherwise) |
| ``wait`` | the reaction under way: a hunt's Gandalf or extra hunt, Pippin, icons to spend, a battle's characters (None when none) |
| ``stack`` | what the engine does next: instructions of ``VOCAB`` (the kernel's stack) |
| ``choice`` | the decision it waits for (the kernel's pending choice; ``seats`` when several seats choose in secret) |
| ``outcome`` | ``"win"`` or ``"shared"`` once the game is over |

A command works on a copy of these keys (``Working``) and writes back the keys that changed,
one slot event each; the boards change through the command's ``Tx`` as they always did.
A slot saved before the rules kernel holds no ``stack``: ``legacy`` derives it once.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from tabletop.core.i18n import N_, _
from tabletop.core.kernel import Context, Handler, Machine, Round, Vocabulary, forget
from tabletop.core.model import TableState
from tabletop.core.tx import Tx
from tabletop.games.coc.board import Marker
from tabletop.games.coc.data import GameData, Track
import tabletop.games.coc.slot as S
import tabletop.games.coc.texts as T

VOCAB = Vocabulary("coc")
ROUND = Round(VOCAB, ["roll", "gollum", "assign", "icons", "fp", "shadow", "battle", "end"])
MACHINE = Machine(VOCAB)

KEYS = ("step", "turn", "wait", "stack", "choice", "outcome")
SIMULTANEOUS = ("gollum", "assign", "icons")     # steps every seat takes at once, in secret
WAITS = ("gandalf", "extra", "pippin", "spend", "battle")   # reactions, by their ``wait`` kind


# each step's (or reaction's) kind of decision and its words (translated when asked)
PROMPTS: dict[str, tuple[str, str]] = {
    "roll": ("act", N_("Roll the dice.")),
    "gollum": ("one", N_("Choose Gollum or Sméagol, in secret.")),
    "assign": ("one", N_("Give a Middle-earth die to your Free Peoples half, in secret.")),
    "icons": ("act", N_("Use your icons and take secret actions, then close your board.")),
    "fp": ("act", N_("Announce your revealed Free Peoples actions, then finish.")),
    "shadow": ("act", N_("Announce your revealed Shadow actions (and hunt), then finish.")),
    "gandalf": ("one", N_("Your Fellowship was found: call on Gandalf, or let the hunt stand.")),
    "extra": ("number", N_("The hunt found the Fellowship: spend more hunt (0 or more).")),
    "pippin": ("yesno", N_("The Nazgûl are coming: call on Pippin, or answer them.")),
    "spend": ("act", N_("Use the icons you just gained, then close your board.")),
    "battle": ("many", N_("Choose in secret the characters you bring into the battle.")),
}


class Working:
    """A working copy of the kernel's keys for one command; ``flush`` writes back what changed.

    Only the stack is copied (each instruction: they are flat maps of plain values, which the
    machine changes while it runs them); the choice and ``wait`` are replaced, never changed
    in place, so the copy shares them with the table."""

    def __init__(self, original: dict[str, Any]):
        E = {k: original.get(k) for k in KEYS}
        E["stack"] = [dict(ins) for ins in E["stack"] or ()]
        if E["turn"] is None:
            E["turn"] = -1
        self.E: dict[str, Any] = E

    def flush(self, tx: Tx, state: TableState) -> None:
        """Write the keys that changed into the slot (one event each; None removes a key).
        A choice asked again of other seats changes in one or two of its keys: only those
        are written (the log keeps small events)."""
        slot = state.slots.get(S.SLOT, {})
        for key in KEYS:
            value, old = self.E[key], slot.get(key)
            if value == old:
                continue
            if key == "choice" and type(value) is dict and type(old) is dict:
                changed = [k for k in value.keys() | old.keys() if value.get(k) != old.get(k)]
                if len(changed) <= 2:
                    for k in sorted(changed):
                        tx.slot((S.SLOT, key, k), value.get(k))
                    continue
            tx.slot((S.SLOT, key), value)


class Ctx(Context):
    """The hands of one command: the boards (``st`` through ``tx``), the board files
    (``data``), the kernel's working data (``E``) and the log's words (``lines``)."""

    def __init__(self, data: GameData, st: TableState, tx: Tx, rng: random.Random,
                 E: dict[str, Any]):
        super().__init__(E)
        self.data, self.st, self.tx, self.rng = data, st, tx, rng

    @property
    def marker(self) -> Marker:
        """Marks and erases boxes of the boards through the command's ``Tx``."""
        return Marker(self.data, self.st, self.tx)

    def put(self, value: Any, *path: str) -> None:
        """Set a value of the game's slot (boards, seats, secrets) through the ``Tx``."""
        S.put(self.tx, value, *path)

    def name(self, seat: int) -> str:
        """A seat's name."""
        return T.seat_name(self.st, seat)

    def ask_for(self, ins: dict[str, Any], what: str, seats: Sequence[int],
                options: Sequence[Any] = (), low: int = 1, high: int = 1,
                several: bool = False) -> None:
        """Stop and ask ``seats`` (the first is expected first) the decision ``what`` (a
        step or a reaction, see ``PROMPTS``); ``several``: they choose in secret, in any order."""
        kind, prompt = PROMPTS[what]
        data = {"step": self.E["step"], "wait": what if what in WAITS else ""}
        self.ask(forget(ins), seats[0], _(prompt), options, kind=kind, data=data, low=low,
                 high=high, seats=list(seats) if several else None)

    def resume(self) -> None:
        """After a player's action: run on (a reaction it caused first), and ask again."""
        self.E["choice"] = None
        MACHINE.run(self)

    def answer(self, value: Any, seat: int | None = None) -> None:
        """Answer the pending decision (``seat``: who, when several seats choose) and run on."""
        MACHINE.answer(self, value, seat)


def op(name: str, /, **params: Any) -> Callable[[Handler], Handler]:
    """Declare an operation of Circle of Conflict (``Vocabulary.op`` of ``VOCAB``)."""
    return VOCAB.op(name, **params)


def unready(st: TableState) -> list[int]:
    """Seats that have not finished the simultaneous step, from the start player on."""
    return [s for s in S.order_from_start(st) if not S.public(st, s).get("ready")]


def reset_ready(ctx: Ctx) -> None:
    """Nobody has finished the new step yet."""
    for seat in range(len(ctx.st.seats)):
        ctx.put(False, "seats", S.pkey(seat), "ready")


def learn(ctx: Ctx, seat: int, fact: dict[str, Any]) -> None:
    """Record a fact about ``seat``'s Fellowship that everyone now knows."""
    known = list(S.public(ctx.st, seat).get("known", [])) + [dict(fact, round=ctx.st.round)]
    ctx.put(known, "seats", S.pkey(seat), "known")


def hunt_track(data: GameData) -> Track:
    """The Shadow half's hunt track."""
    return data.sh.section("hunt")[0]


def resolve_track(data: GameData) -> Track:
    """The Free Peoples half's resolve track."""
    return data.fp.section("resolve")[0]
