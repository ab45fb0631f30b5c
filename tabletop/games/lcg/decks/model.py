"""Deck data types, errors, file limits and the helpers every deck format shares.

Pure Python (no pygame).  A ``Deck`` names cards by code only; ``tabletop.games.lcg.cards``
holds what the codes mean.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from tabletop.games.lcg.cards import CardDB, CardDef, core_set
from tabletop.core.i18n import _

MAX_FILE_BYTES = 1024 * 1024     # deck files are a few KiB; refuse anything over 1 MiB
MAX_QUANTITY = 99                # a single line/slot asking for more is nonsense, not a deck
MAX_LINE_CHARS = 200             # no card name is this long
MAX_DECK_ENTRIES = 500           # different cards in one file (a deck lists a few dozen)
MAX_DECK_CARDS = 1000            # cards in one deck (a deck holds 50 or so)
# rulebook sections (Czech core rulebook): "Vlastní sestavování turnajového balíčku" (p. 27),
# "Balíček hráče", "Karty hrdinů"; see docs/DECKS.md
MIN_DECK_SIZE = 50
MAX_COPIES = 3
MIN_HEROES, MAX_HEROES = 1, 3


# --------------------------------------------------------------------------- data types

@dataclass(frozen=True)
class Deck:
    """A player deck: hero codes, and (code, quantity) for the deck proper (heroes excluded)."""
    name: str
    heroes: tuple[str, ...]
    cards: tuple[tuple[str, int], ...]
    source: str                      # "starter", "ringsdb", "o8d" or "text"

    @property
    def size(self) -> int:
        """Number of cards in the player deck (heroes not counted)."""
        return sum(qty for _code, qty in self.cards)

    def expanded(self) -> list[str]:
        """One code per physical card of the player deck, in list order (not shuffled)."""
        return [code for code, qty in self.cards for _i in range(qty)]


@dataclass(frozen=True)
class QuestDeck:
    """An OCTGN quest deck: the scenario's shared sections (Quest, Encounter, Setup, ...)."""
    name: str
    sections: tuple[tuple[str, tuple[tuple[str, int], ...]], ...]
    source: str = "o8d"

    def section(self, name: str) -> tuple[tuple[str, int], ...]:
        """The cards of one section of the quest deck file."""
        for sec_name, cards in self.sections:
            if sec_name.casefold() == name.casefold():
                return cards
        return ()

    def count(self, name: str) -> int:
        """How many cards the quest deck file lists."""
        return sum(qty for _code, qty in self.section(name))


class DeckError(Exception):
    """A deck could not be read.  ``str(err)`` is a complete, translated message."""

    def __init__(self, message: str, *, path: str | None = None, line: int | None = None):
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line

    def __str__(self) -> str:
        return self.message


class QuestDeckError(DeckError):
    """The file is a readable OCTGN quest deck, not a player deck (see ``load_quest_deck``)."""

    def __init__(self, message: str, quest_deck: QuestDeck, *, path: str | None = None):
        super().__init__(message, path=path)
        self.quest_deck = quest_deck


@dataclass
class Problem:
    """One thing wrong (or worth knowing) about a deck, with its rule and severity."""
    severity: str        # "error" or "note"
    message: str
    rule: str = ""       # stable key for code and tests: "heroes", "copies", "sphere", ...

    @property
    def is_error(self) -> bool:
        """Does it keep the deck from being played?"""
        return self.severity == "error"


# --------------------------------------------------------------------------- helpers

def _db(db: CardDB | None) -> CardDB:
    return db if db is not None else core_set()


def _short(value: object, limit: int = 60) -> str:
    """A printable, bounded rendering of untrusted text for an error message."""
    text = str(value)
    text = "".join(ch if ch.isprintable() else "\N{REPLACEMENT CHARACTER}" for ch in text)
    if len(text) > limit:
        text = text[:limit - 1] + "\N{HORIZONTAL ELLIPSIS}"
    return text


def _line_of(text: str, needle: str) -> int | None:
    """1-based line of the first occurrence of needle in text (for messages), or None."""
    pos = text.find(needle)
    if pos < 0:
        return None
    return text.count("\n", 0, pos) + 1


class _Builder:
    """Collects heroes and cards in file order, sorting heroes out by card type;
    refuses a deck larger than ``MAX_DECK_CARDS`` cards."""

    def __init__(self, label: str = ""):
        self.label = label
        self.heroes: list[str] = []
        self.cards: dict[str, int] = {}
        self.total = 0

    def add(self, card: CardDef, qty: int) -> None:
        if qty <= 0:
            return
        self.total += qty
        if self.total > MAX_DECK_CARDS:
            raise DeckError(_("{file}: the deck has more than {n} cards, too many for a "
                              "deck").format(file=self.label, n=MAX_DECK_CARDS))
        if card.type == "hero":
            self.heroes.extend([card.code] * qty)
        else:
            self.cards[card.code] = self.cards.get(card.code, 0) + qty

    def deck(self, name: str, source: str) -> Deck:
        return Deck(name=name, heroes=tuple(self.heroes),
                    cards=tuple(self.cards.items()), source=source)

    @property
    def empty(self) -> bool:
        return not self.heroes and not self.cards


def _parse_qty(raw: object, label: str, what: str, line: int | None) -> int:
    """A quantity from a file: a non-negative int (or digit string) up to MAX_QUANTITY."""
    if isinstance(raw, bool):
        raw = None
    if isinstance(raw, str) and re.fullmatch(r"[0-9]{1,6}", raw.strip()):
        raw = int(raw.strip())
    if not isinstance(raw, int) or raw < 0:
        msg = _("{file}: {card} has an invalid quantity {qty!r}").format(
            file=label, card=what, qty=_short(raw, 20))
        raise DeckError(_with_line(msg, line), line=line)
    if raw > MAX_QUANTITY:
        msg = _("{file}: {card} has quantity {qty}, more than {max}").format(
            file=label, card=what, qty=raw, max=MAX_QUANTITY)
        raise DeckError(_with_line(msg, line), line=line)
    return raw


def _with_line(message: str, line: int | None) -> str:
    if line is None:
        return message
    return _("{message} (line {line})").format(message=message, line=line)
