"""The ``Ruleset`` protocol: what the session asks of a game's rules.

A ruleset turns a command into events (through a ``Tx``) or refuses it with a
sentence a person can read.  The free table (a *sandbox*) accepts anything
physically possible; a rules engine is a stricter ruleset on the same command
path, which also lists the legal actions of a position and reports the
decision it is waiting for (a ``Choice``).

``Session`` does the rest: it rolls a refused command back, so a ruleset may
emit events and then refuse; nothing of a refused command stays on the table.

Rulesets are registered per game (``tabletop.core.games``); a save records the
ruleset's ``name`` and a load restores it.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol, TypeVar, runtime_checkable

from tabletop.core.commands import Command
from tabletop.core.i18n import _
from tabletop.core.model import TableState
from tabletop.core.tx import Tx


class Refused(Exception):
    """A command that cannot be carried out; the message says why (one sentence)."""


@dataclass(frozen=True)
class Choice:
    """A decision the game waits for.

    ``seat`` decides; ``kind`` is one of ``"one"`` (pick one option),
    ``"many"`` (pick between ``min`` and ``max``), ``"split"`` (share out a
    number), ``"number"`` (pick a number from ``min`` to ``max``), ``"order"``
    (put the options in order), ``"yesno"`` or ``"act"`` (take an action or
    pass).  ``options`` are plain values (card ids, words); ``prompt`` says in
    words what is asked; ``data`` holds whatever else the ruleset needs to show
    it (plain data).
    """
    seat: int
    kind: str
    prompt: str
    options: tuple[Any, ...] = ()
    min: int = 1
    max: int = 1
    data: dict[str, Any] = field(default_factory=dict)


@runtime_checkable
class Ruleset(Protocol):
    """What every ruleset offers the session, the window and tools."""

    name: str                     # saved in the file header ("sandbox", "enforce")
    game: str                     # the game it belongs to ("lcg", "coc", "wotr")

    def execute(self, state: TableState, cmd: Command, tx: Tx, rng: random.Random) -> str:
        """Carry ``cmd`` out through ``tx``; return the log text, or raise ``Refused``."""

    def legal_actions(self, state: TableState, seat: int | None = None) -> list[Command]:
        """Commands the rules allow now (for ``seat``, or anyone); a sandbox may list none."""

    def pending(self, state: TableState) -> Choice | None:
        """The decision the game waits for, if any (never for a sandbox)."""

    def explain(self, state: TableState, cmd: Command) -> str | None:
        """Why ``cmd`` would be refused now, or None if it would be accepted."""


# a handler: a ruleset method (self, state, cmd, tx, rng) -> log text, where ``cmd`` is
# of the command class it handles (so the decorator keeps the method's own type)
Handler = TypeVar("Handler", bound=Callable[..., str])


def handles(*commands: type[Command]) -> Callable[[Handler], Handler]:
    """Mark a ruleset method as the handler of some command classes."""
    def mark(fn: Handler) -> Handler:
        # functions take attributes; mypy knows no attribute of a Callable
        fn.__handles__ = getattr(fn, "__handles__", ()) + commands   # type: ignore[attr-defined]
        return fn
    return mark


class Rules:
    """A base for rulesets: dispatches each command to its ``@handles`` method.

    Subclasses inherit their parents' handlers and may replace them.  The
    defaults list no legal actions, wait for nothing and explain a refusal by
    trying the command and rolling it back.
    """

    name = "rules"
    game = ""

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        table: dict[type[Command], str] = {}
        for klass in reversed(cls.__mro__):
            for attr, fn in vars(klass).items():
                for cmd in getattr(fn, "__handles__", ()):
                    table[cmd] = attr
        cls._handlers = table

    _handlers: dict[type[Command], str] = {}

    def handler(self, cmd: Command) -> Callable[[TableState, Command, Tx, random.Random], str] | None:
        """The bound method that carries out ``cmd``, or None."""
        attr = self._handlers.get(type(cmd))
        if not attr:
            return None
        fn: Callable[[TableState, Command, Tx, random.Random], str] = getattr(self, attr)
        return fn

    def execute(self, state: TableState, cmd: Command, tx: Tx, rng: random.Random) -> str:
        """Carry ``cmd`` out through its handler (Refused if there is none)."""
        fn = self.handler(cmd)
        if fn is None:
            raise Refused(_("The table does not know how to do that ({name}).").format(name=cmd.name))
        return fn(state, cmd, tx, rng)

    def legal_actions(self, state: TableState, seat: int | None = None) -> list[Command]:
        """None: a plain ruleset lists no legal actions."""
        return []

    def pending(self, state: TableState) -> Choice | None:
        """None: a plain ruleset waits for nothing."""
        return None

    def explain(self, state: TableState, cmd: Command) -> str | None:
        """Why ``cmd`` would be refused: try it, roll it back, say the reason (None if accepted)."""
        tx = Tx(state)
        try:
            self.execute(state, cmd, tx, random.Random(0))
        except Refused as why:
            return str(why)
        except (TypeError, ValueError, KeyError, IndexError, OverflowError) as exc:
            return _("The table could not do that ({why}); nothing was changed.").format(why=exc)
        finally:
            tx.rollback()
        return None
