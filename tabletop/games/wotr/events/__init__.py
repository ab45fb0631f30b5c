"""The event cards of War of the Ring, declared: one ``EventSpec`` per card.

Every card of the four base decks (24 each) and the 19 cards of Kings of
Middle-earth is declared once, as plain data built on the game's card
language (``vocab.VOCAB``): its facts (name, side, deck, number, the die icon
that plays it), our own short paraphrase of its text, its precondition
(conditions of ``conds.COND``), what it does (instructions of ``VOCAB``,
pushed when it is played; ``$card``, ``$seat`` and ``$side`` stand for the
card, the seat that played it and its side), and, for a card played on the
table, what keeps it there and what it answers while it lies there
(triggers of ``VOCAB`` with the instructions they push).  Its lower half,
the combat card, is a ``Combat`` of ``combat_cards``.

No printed sentence is stored: names, titles and numbers are facts; every
text is our own paraphrase (an English msgid marked with ``N_``).

``SPECS`` (code -> spec) holds every card, base and expansion; ``spec``
finds one.  ``tests/wotr/test_event_specs.py`` checks every declaration
against the vocabularies before any runs.

Pure Python: no pygame.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

Ins = dict[str, Any]


@dataclass(frozen=True)
class Combat:
    """The lower half of an event card: a combat card."""
    title: str                          # English msgid (N_)
    initiative: int                     # when it resolves (0 first)
    text: str                           # our paraphrase (N_)
    when: tuple[Ins, ...] = ()          # conditions (conds.COND) about the battle
    effect: str = ""                    # its effect in combat.EFFECTS
    params: tuple[tuple[str, Any], ...] = ()   # the effect's parameters

    def param(self, key: str, default: Any = None) -> Any:
        """One of the effect's parameters."""
        return dict(self.params).get(key, default)


@dataclass(frozen=True)
class EventSpec:
    """One event card."""
    code: str                           # ev.fp.char.07, ev.shadow.strat.18k
    name: str                           # English msgid (N_): the printed name
    side: str                           # fp / shadow
    deck: str                           # character / strategy
    number: int
    kings: bool                         # a card of Kings of Middle-earth
    icon: str                           # the die icon that also plays it: character/army/muster
    text: str                           # our paraphrase of the event (N_)
    combat: Combat
    when: tuple[Ins, ...] = ()          # precondition (conds.COND); all must hold
    effect: tuple[Ins, ...] = ()        # what it does (vocab.VOCAB)
    table: bool = False                 # played on the table
    keep: tuple[Ins, ...] = ()          # a table card is discarded when one of these fails
    on: tuple[tuple[str, tuple[Ins, ...]], ...] = ()   # trigger -> instructions (table cards)
    missing: str = ""                   # what the engine leaves to the players ("" none)

    @property
    def initiative(self) -> int:
        """The number printed in its corner: the initiative of its combat card."""
        return self.combat.initiative


def card(side: str, deck: str, number: int, name: str, icon: str, text: str, combat: Combat,
         kings: bool = False, **more: Any) -> EventSpec:
    """An ``EventSpec`` from its facts (the code is made from side, deck and number)."""
    from tabletop.games.wotr.pieces import event_code
    for key in ("when", "effect", "keep"):
        if key in more:
            more[key] = tuple(more[key])
    if "on" in more:
        more["on"] = tuple((t, tuple(v)) for t, v in more["on"].items())
    return EventSpec(event_code(side, deck, number, kings), name, side, deck, number, kings,
                     icon, text, combat, **more)


@lru_cache(maxsize=1)
def specs() -> dict[str, EventSpec]:
    """Every event card by code (base and expansion)."""
    from tabletop.games.wotr.events import (fp_character, fp_strategy, kings, shadow_character,
                                            shadow_strategy)
    out: dict[str, EventSpec] = {}
    for mod in (fp_character, fp_strategy, shadow_character, shadow_strategy, kings):
        for s in mod.CARDS:
            if s.code in out:
                raise ValueError(f"event card {s.code} is declared twice")
            out[s.code] = s
    return out


def spec(code: str) -> EventSpec | None:
    """The declaration of a card (None: not an event card)."""
    return specs().get(code)


def table_specs() -> list[EventSpec]:
    """The cards played on the table."""
    return [s for s in specs().values() if s.table]


@dataclass
class _Fill:
    """Placeholders of a declaration filled in with a play's values."""
    values: dict[str, Any] = field(default_factory=dict)

    def __call__(self, x: Any) -> Any:
        if isinstance(x, str) and x.startswith("$") and x[1:] in self.values:
            return self.values[x[1:]]
        if isinstance(x, dict):
            return {k: self(v) for k, v in x.items()}
        if isinstance(x, (list, tuple)):
            return [self(v) for v in x]
        return x


def fill(steps: tuple[Ins, ...], **values: Any) -> list[Ins]:
    """A declaration's instructions with ``$name`` placeholders filled in (plain data)."""
    f = _Fill(values)
    return [f(s) for s in steps]
