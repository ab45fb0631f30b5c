"""``Ctx``: the engine's hands on the table during one command.

A ``Ctx`` is the read-only ``Table`` (every query) with what the machine
needs to act (``kernel.Context``: the engine's working data ``E``, the lines
said for the log, ``push`` and ``ask``), the command's ``Tx`` and its seeded
random generator.  Everything the engine changes goes through the ``Tx`` (so
it is logged, undone and replayed) by the verbs of ``engine.moves``,
``engine.players``, ``engine.damage`` and ``engine.progress``, and is said in
words (``say``): the lines of one command become its log entry.  The
engine's own data is the working copy ``E`` (see ``engine.state``).
"""
from __future__ import annotations

import random
from collections.abc import Mapping, MutableMapping, Sequence
from typing import Any

from tabletop.core.i18n import _
from tabletop.core.kernel import Context
from tabletop.core.model import TableState
from tabletop.core.tx import Tx
from tabletop.games.lcg.cards import CardDB
from tabletop.games.lcg.engine.registry import CardRegistry
from tabletop.games.lcg.engine.table import Table


class Ctx(Table, Context):
    """The table, the command's ``Tx``, its random generator and the engine's data."""

    E: MutableMapping[str, Any]

    def __init__(self, state: TableState, tx: Tx, rng: random.Random, db: CardDB | None,
                 E: MutableMapping[str, Any], registry: CardRegistry):
        Table.__init__(self, state, registry, db, E)
        Context.__init__(self, E)
        self.tx = tx
        self.rng = rng

    def ask(self, ins: dict[str, Any], seat: int, prompt: str, options: Sequence[Any],
            labels: Mapping[Any, Any] | None = None, kind: str = "one",
            data: Mapping[str, Any] | None = None, low: int = 1, high: int = 1,
            seats: Sequence[int] | None = None) -> None:
        """Stop and wait for ``seat`` to pick one of ``options``; ``ins`` runs again
        with the answer in ``ins["answer"]``.  Prompts and labels may be marked text
        from a card's declaration (``N_``): they are translated now, in the language
        of the moment they are asked."""
        Context.ask(self, ins, seat, _(prompt), options,
                    {k: _(v) if isinstance(v, str) else v for k, v in (labels or {}).items()},
                    kind, data, low, high, seats)
