"""Player decks: loading deck files, the four starter decks, and deck-building checks.

Pure Python (no pygame).  A ``Deck`` names cards by code only; ``tabletop.games.lcg.cards``
holds what the codes mean.  Formats read by ``load_deck``:

* RingsDB JSON export (``heroes`` + ``slots`` keyed by card code, ``slots`` includes heroes);
* OCTGN ``.o8d`` XML (cards by OCTGN GUID, in sections such as Hero / Ally / Attachment / Event);
* a plain text list ("3x Guard of the Citadel", "Guard of the Citadel x3", ...).

Every file is treated as untrusted: size limit, no DTDs or entities in XML, and every
failure becomes a ``DeckError`` whose message names the file and the problem.
See docs/DECKS.md for the formats and the rules checked.

The package: ``model`` (types, errors, limits), ``files`` (reading a file, choosing the
format), ``ringsdb`` / ``o8d`` / ``text`` (the formats), ``starters`` (starter decks, a deck
per seat) and ``validation`` (the deck-building rules).  This module is the public face:
import from ``tabletop.games.lcg.decks``, as before.
"""
from __future__ import annotations

import sys

from tabletop.games.lcg.cards import core_set
from tabletop.core.i18n import _, ngettext
from tabletop.games.lcg.decks.files import load_deck, load_quest_deck
from tabletop.games.lcg.decks.model import (MAX_COPIES, MAX_FILE_BYTES, MIN_DECK_SIZE, Deck,
                                            DeckError, Problem, QuestDeck, QuestDeckError, _short)
from tabletop.games.lcg.decks.starters import STARTER_SPHERES, resolve_deck, starter_deck
from tabletop.games.lcg.decks.text import parse_deck_text
from tabletop.games.lcg.decks.validation import (seat_shared_heroes, shared_heroes,
                                                 starting_threat, validate_deck, validate_seats)

# importable from here as well (the rest of the project and the tests use them)
from tabletop.games.lcg.decks.model import MAX_DECK_CARDS, MAX_DECK_ENTRIES  # noqa: F401
from tabletop.games.lcg.decks.model import MAX_HEROES, MIN_HEROES  # noqa: F401
from tabletop.games.lcg.decks.model import MAX_LINE_CHARS, MAX_QUANTITY  # noqa: F401
from tabletop.games.lcg.decks.o8d import OCTGN_LOTR_GAME_ID  # noqa: F401
from tabletop.games.lcg.decks.starters import seat_decks  # noqa: F401

__all__ = [
    "Deck", "DeckError", "QuestDeck", "QuestDeckError", "Problem",
    "load_deck", "load_quest_deck", "parse_deck_text", "starter_deck", "resolve_deck",
    "validate_deck", "validate_seats", "shared_heroes", "seat_shared_heroes", "deck_check_cli",
    "starting_threat",
    "STARTER_SPHERES", "MAX_FILE_BYTES", "MIN_DECK_SIZE", "MAX_COPIES",
]


# --------------------------------------------------------------------------- command line

def _write(out, line: str) -> None:
    try:
        out.write(line + "\n")
    except UnicodeEncodeError:
        encoding = getattr(out, "encoding", None) or "ascii"
        out.write(line.encode(encoding, "replace").decode(encoding, "replace") + "\n")


def deck_check_cli(path: str, out=None) -> int:
    """``deck check FILE``: print the deck and its problems.

    Returns 0 for a legal deck (notes allowed), 1 for an illegal one (or a quest deck),
    2 when the file cannot be read.  Never raises for bad input.
    """
    if out is None:
        out = sys.stdout
    try:
        db = core_set()
        try:
            deck = resolve_deck(path, db)
        except QuestDeckError as exc:
            _write(out, _("error: {message}").format(message=exc.message))
            return 1
        except DeckError as exc:
            _write(out, _("error: {message}").format(message=exc.message))
            return 2
        problems = validate_deck(deck, db)
        _write(out, _("Deck: {name}").format(name=deck.name))
        names = ", ".join(db.by_code[c].name if c in db.by_code else c for c in deck.heroes)
        _write(out, _("Heroes: {names} (starting threat {threat})").format(
            names=names or _("none"), threat=starting_threat(deck, db)))
        _write(out, ngettext("Player deck: {count} card (heroes not counted)",
                             "Player deck: {count} cards (heroes not counted)",
                             deck.size).format(count=deck.size))
        for p in problems:
            if p.is_error:
                _write(out, _("error: {message}").format(message=p.message))
            else:
                _write(out, _("note: {message}").format(message=p.message))
        errors = sum(1 for p in problems if p.is_error)
        if errors:
            _write(out, ngettext("Not legal: {count} error.", "Not legal: {count} errors.",
                                 errors).format(count=errors))
            return 1
        _write(out, _("Legal deck."))
        return 0
    except Exception as exc:  # last resort: bad input must never end in a traceback
        try:
            _write(out, _("error: {file}: could not check the deck: {error}").format(
                file=_short(path), error=_short(exc, 120)))
        except Exception:
            pass
        return 2
