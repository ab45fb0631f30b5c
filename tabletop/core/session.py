"""The one path every change to the table takes.

``Session.submit(command)`` asks the ruleset, applies the resulting events,
appends one log entry and tells the listeners.  Undo, redo, the game log,
replay and saves all come from that log.

Randomness: the random generator of an action is seeded from the game seed
and the action's position in the log, so undoing a shuffle and shuffling
again gives the same order: undo cannot fish for a better outcome.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, MutableSequence, Sequence

from tabletop.core import events as E
from tabletop.core import schema
from tabletop.core.commands import Command
from tabletop.core.i18n import _, format_number
from tabletop.core.model import TableState
from tabletop.core.ruleset import Choice, Refused, Ruleset
from tabletop.core.tx import Tx

# What a malformed command raises inside a ruleset: refused, and rolled back.
_MALFORMED = (TypeError, ValueError, KeyError, IndexError, OverflowError)


def rng_for(seed: int, seq: int) -> random.Random:
    """The random generator of action ``seq`` of a game with ``seed``."""
    return random.Random(f"{seed}:{seq}")


@dataclass
class LogEntry:
    """One action in the log: the command, its events and the words for it."""
    seq: int                     # position in the log (0-based)
    command: Command
    events: list[E.Event]
    text: str                    # what happened, in words that reveal nothing hidden
    round: int                   # the round the action was taken in
    automatic: bool = False      # done by the rules engine rather than a person


@dataclass
class Result:
    """What ``Session.submit`` answers: ok, or refused with the reason."""
    ok: bool
    reason: str = ""
    entry: LogEntry | None = None

    def __bool__(self) -> bool:
        return self.ok


Listener = Callable[[str, "LogEntry | None"], None]


class Session:
    """Owns the table, its ruleset and its log; the one path every change takes.

    ``submit(command)`` asks the ruleset, rolls a refused command back,
    appends one log entry and tells the listeners (``subscribe``); ``undo``,
    ``redo``, ``seek`` and ``replay_state`` come from the log.  Without a
    ruleset the game's sandbox is used.

    A new game's table (no ``initial`` given) must be inside the schema
    (``tabletop.core.schema.table_problem``): ValueError says why not.
    """

    def __init__(self, state: TableState, rules: Ruleset | None = None,
                 initial: dict[str, Any] | None = None):
        if initial is None:
            why = schema.table_problem(state)
            if why is not None:
                raise ValueError(why)
        self.state = state
        if rules is None:
            from tabletop.core.games import ruleset_for
            rules = ruleset_for(state.game, "sandbox")
        self.rules = rules
        # the table at the start of the log, for replay (a loaded game passes its own)
        self.initial = state.to_data() if initial is None else initial
        # a loaded game's log is a saves.lazylog.LazyLog (entries built on first use)
        self.log: MutableSequence[LogEntry] = []
        self.cursor = 0                           # entries [0, cursor) are applied
        self.events_total = 0                     # changes held by the whole log
        self._listeners: list[Listener] = []

    # ---------------------------------------------------------- listeners
    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(kind, entry)`` after every change ("submit", "undo",
        "redo", "refused"); returns a function that unsubscribes."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    def _notify(self, kind: str, entry: LogEntry | None) -> None:
        for fn in list(self._listeners):
            fn(kind, entry)

    # ------------------------------------------------------------- submit
    def rng_for(self, seq: int) -> random.Random:
        """The random generator of the action at log position ``seq``."""
        return rng_for(self.state.seed, seq)

    def submit(self, command: Command, automatic: bool = False,
               note: str | None = None) -> Result:
        """Carry a command out, or refuse it and leave the table exactly as it was.

        The command's fields are checked against their annotations and the
        schema first (``schema.command_problem``), and every change it makes
        as it is made (``Tx.emit``): what is accepted can always be saved,
        loaded and drawn.  ``note``, one line, joins the entry's text after its
        first line (an AI seat's reason: "Ann (AI): commits Éowyn: ...")."""
        why = schema.command_problem(command)
        if why is None and self.cursor >= schema.MAX_ACTIONS:
            why = _("this game has reached {n} actions, the most one game can hold").format(
                n=format_number(schema.MAX_ACTIONS))
        if why is not None:
            self._notify("refused", None)
            return Result(False, _("The table could not do that ({why}); nothing was changed.")
                          .format(why=schema.printable(why, 200)))
        seq = self.cursor
        round_before = self.state.round
        tx = Tx(self.state)
        try:
            text = self.rules.execute(self.state, command, tx, self.rng_for(seq))
        except Refused as why:
            tx.rollback()
            self._notify("refused", None)
            return Result(False, schema.printable(why))      # names from a file: escaped
        except _MALFORMED as exc:
            # a malformed command must never leave the table half-changed
            tx.rollback()
            self._notify("refused", None)
            return Result(False, _("The table could not do that ({why}); nothing was changed.").format(
                why=schema.printable(exc, 200)))
        total = self.events_total + len(tx.events)
        if self.cursor < len(self.log):           # a new action forgets the redo tail
            total -= sum(len(e.events) for e in self.log[self.cursor:])
        if total > schema.MAX_EVENTS:
            tx.rollback()
            self._notify("refused", None)
            return Result(False, _("The table could not do that (this game holds {n} changes, "
                                   "the most one game can hold); nothing was changed.").format(
                n=format_number(schema.MAX_EVENTS)))
        del self.log[self.cursor:]
        self.events_total = total
        if note and type(text) is str:
            head, sep, rest = text.partition("\n")
            line = " ".join(str(note).split())
            text = f"{head}\n{line}{sep}{rest}" if head else line + sep + rest
        if type(text) is str and len(text) > schema.MAX_STR:   # as long as a file may hold
            text = text[:schema.MAX_STR - 1] + "\N{HORIZONTAL ELLIPSIS}"
        entry = LogEntry(seq, command, tx.events, text, round_before, automatic)
        self.log.append(entry)
        self.cursor += 1
        self._notify("submit", entry)
        return Result(True, "", entry)

    # ------------------------------------------------------- the rules
    def pending(self) -> Choice | None:
        """The decision the game waits for (None at a free table)."""
        return self.rules.pending(self.state)

    def legal_actions(self, seat: int | None = None) -> list[Command]:
        """What the ruleset allows now (a sandbox lists none)."""
        return self.rules.legal_actions(self.state, seat)

    def explain(self, command: Command) -> str | None:
        """Why ``command`` would be refused now, or None."""
        return self.rules.explain(self.state, command)

    # ------------------------------------------------------- undo / redo
    @property
    def can_undo(self) -> bool:
        """Is there an action to undo?"""
        return self.cursor > 0

    @property
    def can_redo(self) -> bool:
        """Is there an undone action to redo?"""
        return self.cursor < len(self.log)

    def undo(self) -> LogEntry | None:
        """Undo the last applied action (None if there is none, or if its changes
        do not fit the table: then nothing changes)."""
        if not self.can_undo:
            return None
        entry = self.log[self.cursor - 1]
        if not self._step(entry.events, forward=False):
            return None
        self.cursor -= 1
        self._notify("undo", entry)
        return entry

    def redo(self) -> LogEntry | None:
        """Redo the next undone action (None if there is none, or if its changes
        do not fit the table: then nothing changes)."""
        if not self.can_redo:
            return None
        entry = self.log[self.cursor]
        if not self._step(entry.events, forward=True):
            return None
        self.cursor += 1
        self._notify("redo", entry)
        return entry

    def _step(self, events: list[E.Event], forward: bool) -> bool:
        """Apply (or revert) one entry's events, all or nothing: a log read from
        a file whose changes do not fit the table is refused, never half done."""
        done = []
        try:
            for ev in (events if forward else reversed(events)):
                (E.apply if forward else E.revert)(self.state, ev)
                done.append(ev)
        except (KeyError, IndexError, ValueError, TypeError, AttributeError):
            for ev in reversed(done):
                (E.revert if forward else E.apply)(self.state, ev)
            self._notify("refused", None)
            return False
        return True

    def undo_round(self) -> int:
        """Undo every action of the current round; at a round's very start, undo
        the previous round too (DragnCards' Shift+Left).  Returns the count."""
        p = self.cursor
        current = self.state.round
        while p > 0 and self.log[p - 1].round == current:
            p -= 1
        if p == self.cursor and p > 0:
            previous = self.log[p - 1].round
            while p > 0 and self.log[p - 1].round == previous:
                p -= 1
        before = self.cursor
        self.seek(p)
        return before - self.cursor

    def redo_round(self) -> int:
        """Redo up to the end of the round being replayed (to the next round change)."""
        n = 0
        start_round = self.state.round
        while self.can_redo:
            if self.redo() is None:
                break
            n += 1
            if self.state.round != start_round:
                break
        return n

    def seek(self, position: int) -> None:
        """Undo or redo until exactly ``position`` actions are applied."""
        position = max(0, min(position, len(self.log)))
        while self.cursor > position:
            if self.undo() is None:
                break
        while self.cursor < position:
            if self.redo() is None:
                break

    def set_option(self, key: str, value: bool | int | str | None) -> None:
        """Set one of the table's options, a setting of how the game is played rather
        than an action (the window's "I play all seats"): in the table and in the
        initial snapshot alike, so undo, replays and saves keep it; not logged."""
        self.state.options[key] = value
        options = dict(self.initial.get("options") or {})
        options[key] = value
        self.initial = {**self.initial, "options": options}   # a new object: saves repack it
        self._notify("option", None)

    # ------------------------------------------------------------- replay
    def replay_state(self, position: int | None = None) -> TableState:
        """A fresh state rebuilt from the initial snapshot and the log's events."""
        state = TableState.from_data(self.initial)
        upto = self.cursor if position is None else position
        for entry in self.log[:upto]:
            for ev in entry.events:
                E.apply(state, ev)
        return state

    @property
    def history(self) -> Sequence[LogEntry]:
        """Entries currently applied (what the game log shows)."""
        return self.log[:self.cursor]
