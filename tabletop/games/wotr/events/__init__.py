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

from functools import lru_cache

from tabletop.games.wotr.events.spec import Combat, EventSpec, Ins, card, fill


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


__all__ = ["Combat", "EventSpec", "Ins", "card", "fill"]
