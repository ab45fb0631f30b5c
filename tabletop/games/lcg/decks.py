"""Player decks: loading deck files, the four starter decks, and deck-building checks.

Pure Python (no pygame).  A ``Deck`` names cards by code only; ``tabletop.games.lcg.cards``
holds what the codes mean.  Formats read by ``load_deck``:

* RingsDB JSON export (``heroes`` + ``slots`` keyed by card code, ``slots`` includes heroes);
* OCTGN ``.o8d`` XML (cards by OCTGN GUID, in sections such as Hero / Ally / Attachment / Event);
* a plain text list ("3x Guard of the Citadel", "Guard of the Citadel x3", ...).

Every file is treated as untrusted: size limit, no DTDs or entities in XML, and every
failure becomes a ``DeckError`` whose message names the file and the problem.
See docs/DECKS.md for the formats and the rules checked.
"""
from __future__ import annotations

import difflib
import io
import json
import os
import re
import stat
import sys
import xml.sax
import xml.sax.handler
from collections import Counter
from dataclasses import dataclass

from tabletop.games.lcg.cards import CardDB, CardDef, core_set, fold
from tabletop.core.i18n import _, ngettext

try:  # hardened XML parsing; a guarded stdlib parser is used when it is missing
    from defusedxml import DefusedXmlException as _DefusedXmlException
    from defusedxml import sax as _safe_sax
except ImportError:  # pragma: no cover - exercised by monkeypatching in the tests
    _safe_sax = None

    class _DefusedXmlException(ValueError):  # type: ignore[no-redef]
        pass


__all__ = [
    "Deck", "DeckError", "QuestDeck", "QuestDeckError", "Problem",
    "load_deck", "load_quest_deck", "parse_deck_text", "starter_deck", "resolve_deck",
    "validate_deck", "validate_seats", "shared_heroes", "seat_shared_heroes", "deck_check_cli",
    "starting_threat",
    "STARTER_SPHERES", "MAX_FILE_BYTES", "MIN_DECK_SIZE", "MAX_COPIES",
]

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

OCTGN_LOTR_GAME_ID = "a21af4e8-be4b-4cda-a6b6-534f9717391f"
STARTER_SPHERES = ("leadership", "tactics", "spirit", "lore")
_STARTER_ALIASES = {
    # English names, and the Czech names used by the rulebook this table follows
    "leadership": "leadership", "vedeni": "leadership",
    "tactics": "tactics", "taktika": "tactics", "taktiky": "tactics",
    "spirit": "spirit", "duch": "spirit", "duchovni": "spirit",
    "lore": "lore", "znalosti": "lore",
}
_SIDEBOARD_SECTIONS = ("sideboard", "side board")


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


def _sphere_label(sphere: str | None) -> str:
    labels = {
        "leadership": _("Leadership"), "tactics": _("Tactics"), "spirit": _("Spirit"),
        "lore": _("Lore"), "neutral": _("Neutral"),
    }
    return labels.get(sphere or "", sphere or "?")


def _deck_label(deck_kind: str) -> str:
    labels = {"encounter": _("encounter deck"), "quest": _("quest deck"),
              "player": _("player deck")}
    return labels.get(deck_kind, deck_kind)


def _starter_name(sphere: str) -> str:
    names = {
        "leadership": _("Leadership starter deck"), "tactics": _("Tactics starter deck"),
        "spirit": _("Spirit starter deck"), "lore": _("Lore starter deck"),
    }
    return names[sphere]


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


def _name_key(name: str) -> str:
    """Fold a card title for matching: accents, case, typographic quotes, spacing."""
    name = (name.replace("\u2019", "'").replace("\u2018", "'").replace("`", "'")
            .replace("\u201c", '"').replace("\u201d", '"'))
    return " ".join(fold(name).split())


class _NameIndex:
    """Card look-up by folded title (with the ASCII spellings OCTGN uses)."""

    def __init__(self, db: CardDB):
        ascii_names = {}
        for entry in (db.raw or {}).get("cards", ()) if isinstance(db.raw, dict) else ():
            if isinstance(entry, dict) and entry.get("name_ascii"):
                ascii_names[entry.get("code")] = entry["name_ascii"]
        self.by_key: dict[str, list[CardDef]] = {}
        for card in db:
            keys = {_name_key(card.name)}
            if card.code in ascii_names:
                keys.add(_name_key(ascii_names[card.code]))
            for key in keys:
                self.by_key.setdefault(key, []).append(card)
        for cards in self.by_key.values():  # player cards first, then by code
            cards.sort(key=lambda c: (not c.is_player_card, c.code))
        self.display = {key: cards[0].name for key, cards in self.by_key.items()}

    def find(self, name: str) -> CardDef | None:
        cards = self.by_key.get(_name_key(name))
        return cards[0] if cards else None

    def suggest(self, name: str, cutoff: float = 0.6) -> list[str]:
        key = _name_key(name)[:MAX_LINE_CHARS]
        matches = difflib.get_close_matches(key, list(self.by_key), n=3, cutoff=cutoff)
        if matches:  # keep only the suggestions about as good as the best one
            best = difflib.SequenceMatcher(None, key, matches[0]).ratio()
            matches = [m for m in matches
                       if difflib.SequenceMatcher(None, key, m).ratio() >= best - 0.1]
        names: list[str] = []
        for m in matches:
            if self.display[m] not in names:
                names.append(self.display[m])
        return names


_INDEX_CACHE: dict[int, tuple[CardDB, _NameIndex]] = {}


def _index(db: CardDB) -> _NameIndex:
    cached = _INDEX_CACHE.get(id(db))
    if cached is None or cached[0] is not db:
        cached = (db, _NameIndex(db))
        _INDEX_CACHE[id(db)] = cached
    return cached[1]


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


# --------------------------------------------------------------------------- reading files

def _label(path: str) -> str:
    return _short(os.path.basename(path.rstrip("/\\")) or path or "''", 80)


def _is_blank(data: bytes) -> bool:
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    elif data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return not data.decode("utf-16").strip()
        except UnicodeDecodeError:
            return False
    return not data.strip(b" \t\r\n")


def _read_bytes(path: str, label: str) -> bytes:
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise DeckError(_("{file}: no such file").format(file=label), path=path) from None
    except (OSError, ValueError) as exc:
        raise DeckError(_("{file}: cannot read the file: {error}").format(
            file=label, error=_short(getattr(exc, "strerror", None) or exc)), path=path) from None
    if stat.S_ISDIR(st.st_mode):
        raise DeckError(_("{file}: is a directory, not a deck file").format(file=label), path=path)
    if not stat.S_ISREG(st.st_mode):
        raise DeckError(_("{file}: is not a regular file").format(file=label), path=path)
    if st.st_size > MAX_FILE_BYTES:
        msg = _("{file}: file is too large for a deck ({size} bytes, limit {limit})")
        raise DeckError(msg.format(file=label, size=st.st_size, limit=MAX_FILE_BYTES), path=path)
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise DeckError(_("{file}: cannot read the file: {error}").format(
            file=label, error=_short(exc.strerror or exc)), path=path) from None
    if len(data) > MAX_FILE_BYTES:
        raise DeckError(_("{file}: file is too large for a deck (limit {limit} bytes)").format(
            file=label, limit=MAX_FILE_BYTES), path=path)
    return data


def _decode(data: bytes, label: str) -> str:
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        encoding = "utf-16"
    else:
        encoding = "utf-8-sig"
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError:
        raise DeckError(_("{file}: not a text file (it is not UTF-8 encoded)").format(
            file=label)) from None
    if "\x00" in text:
        raise DeckError(_("{file}: not a text file (it contains binary data)").format(file=label))
    return text


def _open_deck_file(path) -> tuple[str, str, bytes]:
    """(path, label for messages, contents) of a deck file, or DeckError."""
    try:
        path = os.fspath(path)
    except TypeError:
        raise DeckError(_("not a file name: {value}").format(value=_short(path))) from None
    if isinstance(path, bytes):
        path = os.fsdecode(path)
    label = _label(path)
    data = _read_bytes(path, label)
    if _is_blank(data):
        raise DeckError(_("{file}: the file is empty").format(file=label), path=path)
    return path, label, data


def load_deck(path: str, db: CardDB | None = None) -> Deck:
    """Read a player deck file (RingsDB .json, OCTGN .o8d, or a text list).

    The format is chosen by extension (.json, .o8d/.xml) and otherwise by content.
    Raises ``DeckError`` (``QuestDeckError`` for an OCTGN quest deck) for anything unusable.
    """
    db = _db(db)
    path, label, data = _open_deck_file(path)
    try:
        return _load_any(path, label, data, db)
    except DeckError as exc:
        if exc.path is None:
            exc.path = path
        raise


def _load_any(path: str, label: str, data: bytes, db: CardDB) -> Deck:
    stem = os.path.splitext(label)[0]
    ext = os.path.splitext(path)[1].casefold()
    if ext in (".o8d", ".xml"):
        return _load_o8d(data, label, stem, db)
    text = _decode(data, label)
    head = text.lstrip()
    if ext == ".json":
        return _load_ringsdb(text, label, stem, db)
    if head.startswith("<"):
        return _load_o8d(data, label, stem, db)
    if head.startswith("{"):
        return _load_ringsdb(text, label, stem, db)
    if head.startswith("["):
        try:
            return _load_ringsdb(text, label, stem, db)
        except DeckError:
            pass  # "[Heroes]"-style text headers also start with a bracket
    return _parse_text(text, db, name="", label=label, default_name=stem)


# --------------------------------------------------------------------------- RingsDB JSON

def _load_ringsdb(text: str, label: str, stem: str, db: CardDB) -> Deck:
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DeckError(_("{file}: not valid JSON: {error}").format(
            file=label, error=_short(str(exc), 120)), line=exc.lineno) from None
    except (ValueError, RecursionError) as exc:
        raise DeckError(_("{file}: not valid JSON: {error}").format(
            file=label, error=_short(str(exc) or type(exc).__name__, 120))) from None
    if isinstance(obj, list) and len(obj) == 1:
        obj = obj[0]
    if not isinstance(obj, dict):
        msg = _("{file}: not a RingsDB deck (expected one JSON object with \"slots\")")
        raise DeckError(msg.format(file=label))
    slots = obj.get("slots")
    heroes_raw = obj.get("heroes")
    if slots is None and heroes_raw is None:
        msg = _("{file}: not a RingsDB deck (no \"slots\" or \"heroes\")")
        raise DeckError(msg.format(file=label))
    slots = _json_code_map(slots, "slots", text, label)
    heroes = _json_code_map(heroes_raw, "heroes", text, label)

    def card_for(code: str) -> CardDef:
        card = db.by_code.get(code)
        if card is None:
            msg = _("{file}: unknown card code {code} (not a core set card)").format(
                file=label, code=_short(code, 20))
            line = _line_of(text, json.dumps(code))
            raise DeckError(_with_line(msg, line), line=line)
        return card

    builder = _Builder(label)
    for code, qty in heroes.items():
        card = card_for(code)
        if card.type != "hero":
            msg = _("{file}: {card} ({code}) is listed under \"heroes\" but is not a hero").format(
                file=label, card=card.name, code=code)
            line = _line_of(text, json.dumps(code))
            raise DeckError(_with_line(msg, line), line=line)
        builder.add(card, qty)
    for code, qty in slots.items():
        card = card_for(code)
        if card.type == "hero" and code in heroes:
            qty = max(0, qty - heroes[code])   # slots repeats the heroes
        builder.add(card, qty)
    if builder.empty:
        raise DeckError(_("{file}: the deck has no cards").format(file=label))
    name = obj.get("name")
    if not isinstance(name, str) or not name.strip():
        name = stem
    return builder.deck(_short(name.strip(), 120), "ringsdb")


def _json_code_map(raw: object, key: str, text: str, label: str) -> dict[str, int]:
    """RingsDB {code: qty}; an empty PHP array ([]) or a list of codes is accepted too."""
    if raw is None:
        return {}
    if isinstance(raw, list):
        if len(raw) > MAX_DECK_CARDS:
            raise DeckError(_("{file}: the deck has more than {n} cards, too many for a "
                              "deck").format(file=label, n=MAX_DECK_CARDS))
        result: dict[str, int] = {}
        for code in raw:
            if not isinstance(code, str):
                raise DeckError(_("{file}: \"{key}\" must map card codes to quantities").format(
                    file=label, key=key))
            result[code] = result.get(code, 0) + 1
        return result
    if not isinstance(raw, dict):
        raise DeckError(_("{file}: \"{key}\" must map card codes to quantities").format(
            file=label, key=key))
    if len(raw) > MAX_DECK_ENTRIES:
        raise DeckError(_("{file}: \"{key}\" lists {n} different cards, more than a deck can "
                          "hold ({max})").format(file=label, key=key, n=len(raw),
                                                 max=MAX_DECK_ENTRIES))
    result = {}
    for code, qty in raw.items():
        try:
            result[code] = _parse_qty(qty, label, _("card {code}").format(
                code=_short(code, 20)), None)
        except DeckError:            # the line is looked up only to explain an error
            line = _line_of(text, json.dumps(code))
            result[code] = _parse_qty(qty, label, _("card {code}").format(
                code=_short(code, 20)), line)
    return result


# --------------------------------------------------------------------------- OCTGN .o8d

class _O8dHandler(xml.sax.handler.ContentHandler):
    def __init__(self):
        super().__init__()
        self.locator = None
        self.root: str | None = None
        self.game: str | None = None
        self.sections: list[tuple[str, bool, list[tuple[str, str, int, str]]]] = []
        self.stray: list[int] = []
        self._card: list | None = None
        self._depth = 0

    def setDocumentLocator(self, locator):
        self.locator = locator

    def _line(self) -> int:
        try:
            return int(self.locator.getLineNumber()) if self.locator else 0
        except Exception:  # pragma: no cover - defensive
            return 0

    def startElement(self, name, attrs):
        self._depth += 1
        if self.root is None:
            self.root = name
            self.game = attrs.get("game")
            return
        if name == "section" and self._depth == 2:
            shared = str(attrs.get("shared", "False")).strip().casefold() == "true"
            self.sections.append((str(attrs.get("name", "")), shared, []))
        elif name == "card":
            if self._depth != 3 or not self.sections:
                self.stray.append(self._line())
                return
            self._card = [str(attrs.get("id", "")), attrs.get("qty", "1"), self._line(), []]

    def characters(self, content):
        if self._card is not None and sum(len(s) for s in self._card[3]) < 500:
            self._card[3].append(content)

    def endElement(self, name):
        self._depth -= 1
        if name == "card" and self._card is not None:
            guid, qty, line, text = self._card
            self.sections[-1][2].append((guid, qty, line, "".join(text).strip()))
            self._card = None


class _NoDTDLexicalHandler(xml.sax.handler.LexicalHandler):
    """Stdlib fallback: refuse any DOCTYPE before its internal subset is read."""

    def startDTD(self, name, public_id, system_id):
        raise _DefusedXmlException("DTD")

    def endDTD(self):
        pass

    def startCDATA(self):
        pass

    def endCDATA(self):
        pass

    def comment(self, content):
        pass


def _parse_xml(data: bytes, handler: xml.sax.handler.ContentHandler) -> None:
    if _safe_sax is not None:
        parser = _safe_sax.make_parser()
        parser.forbid_dtd = True
        parser.forbid_entities = True
        parser.forbid_external = True
    else:
        parser = xml.sax.make_parser()
        parser.setFeature(xml.sax.handler.feature_external_ges, False)
        parser.setFeature(xml.sax.handler.feature_external_pes, False)
        parser.setProperty(xml.sax.handler.property_lexical_handler, _NoDTDLexicalHandler())
    parser.setContentHandler(handler)
    parser.setErrorHandler(xml.sax.handler.ErrorHandler())
    source = xml.sax.xmlreader.InputSource()
    source.setByteStream(io.BytesIO(data))
    parser.parse(source)


def _read_o8d(data: bytes, label: str) -> _O8dHandler:
    handler = _O8dHandler()
    try:
        _parse_xml(data, handler)
    except xml.sax.SAXParseException as exc:
        raise DeckError(_("{file}: not valid XML: {error} (line {line}, column {column})").format(
            file=label, error=_short(exc.getMessage(), 80), line=exc.getLineNumber(),
            column=exc.getColumnNumber()), line=exc.getLineNumber()) from None
    except _DefusedXmlException:
        raise DeckError(_("{file}: unsafe XML (document type or entity declarations are "
                          "not allowed in a deck file)").format(file=label)) from None
    except (xml.sax.SAXException, ValueError, LookupError, RecursionError) as exc:
        raise DeckError(_("{file}: not valid XML: {error}").format(
            file=label, error=_short(exc, 80))) from None
    if handler.root != "deck":
        msg = _("{file}: not an OCTGN deck (the root element is <{root}>, not <deck>)")
        raise DeckError(msg.format(file=label, root=_short(handler.root, 30)))
    if handler.game and handler.game.strip().strip("{}").casefold() != OCTGN_LOTR_GAME_ID:
        raise DeckError(_("{file}: an OCTGN deck for another game (game id {game})").format(
            file=label, game=_short(handler.game, 40)))
    if handler.stray:
        msg = _("{file}: <card> outside a <section>").format(file=label)
        raise DeckError(_with_line(msg, handler.stray[0]), line=handler.stray[0])
    return handler


def _o8d_cards(handler: _O8dHandler, label: str, db: CardDB, want_shared: bool
               ) -> list[tuple[str, list[tuple[CardDef, int]]]]:
    result = []
    for sec_name, shared, cards in handler.sections:
        if shared != want_shared or sec_name.strip().casefold() in _SIDEBOARD_SECTIONS:
            continue
        resolved = []
        for guid, raw_qty, line, text in cards:
            key = guid.strip().strip("{}").casefold()
            card = db.by_guid.get(key)
            shown = _short(guid, 40) + (" (" + _short(text, 40) + ")" if text else "")
            if card is None:
                msg = _("{file}: unknown OCTGN card id {guid}: not a core set card").format(
                    file=label, guid=shown)
                raise DeckError(_with_line(msg, line), line=line)
            qty = _parse_qty(raw_qty, label, card.name, line)
            resolved.append((card, qty))
        result.append((sec_name, resolved))
    return result


def _count(sections: list[tuple[str, list[tuple[CardDef, int]]]]) -> int:
    return sum(qty for _name, cards in sections for _card, qty in cards)


def _load_o8d(data: bytes, label: str, stem: str, db: CardDB) -> Deck:
    handler = _read_o8d(data, label)
    player = _o8d_cards(handler, label, db, want_shared=False)
    if _count(player) == 0:
        shared = _o8d_cards(handler, label, db, want_shared=True)
        if _count(shared) > 0:
            quest = _quest_deck(shared, stem)
            parts = ", ".join(
                _("{section} {count}").format(section=_short(name, 20), count=quest.count(name))
                for name, cards in quest.sections)
            raise QuestDeckError(
                _("{file}: this is an OCTGN quest deck ({parts}), not a player deck; "
                  "choose the scenario at the table instead").format(file=label, parts=parts),
                quest)
        raise DeckError(_("{file}: the deck has no cards").format(file=label))
    builder = _Builder(label)
    for _sec, cards in player:
        for card, qty in cards:
            builder.add(card, qty)
    if builder.empty:
        raise DeckError(_("{file}: the deck has no cards").format(file=label))
    return builder.deck(_short(stem, 120), "o8d")


def _quest_deck(shared: list[tuple[str, list[tuple[CardDef, int]]]], stem: str) -> QuestDeck:
    sections = []
    for name, cards in shared:
        merged: dict[str, int] = {}
        for card, qty in cards:
            if qty:
                merged[card.code] = merged.get(card.code, 0) + qty
        if merged:
            sections.append((name, tuple(merged.items())))
    return QuestDeck(name=_short(stem, 120), sections=tuple(sections))


def load_quest_deck(path: str, db: CardDB | None = None) -> QuestDeck:
    """Read an OCTGN quest deck (.o8d whose cards are all in shared sections)."""
    db = _db(db)
    path, label, data = _open_deck_file(path)
    handler = _read_o8d(data, label)
    if _count(_o8d_cards(handler, label, db, want_shared=False)) > 0:
        raise DeckError(_("{file}: this is a player deck, not a quest deck").format(file=label),
                        path=path)
    quest = _quest_deck(_o8d_cards(handler, label, db, want_shared=True),
                        os.path.splitext(label)[0])
    if not quest.sections:
        raise DeckError(_("{file}: the deck has no cards").format(file=label), path=path)
    return quest


# --------------------------------------------------------------------------- text lists

_BULLET = re.compile(r"^(?:[-*\u2022]\s+)")
_QTY_BEFORE = re.compile(r"^([0-9]{1,6})\s*[x\u00d7X]?\s+(\S.*)$|^([0-9]{1,6})[x\u00d7X](\S.*)$")
_QTY_AFTER = re.compile(r"^(\S.*?)\s+[x\u00d7X]\s*([0-9]{1,6})$")
_HEADER = re.compile(r"^[^:]{1,40}:\s*(?:\(?\s*\d*\s*\)?)?$")
_KEY_VALUE = re.compile(r"^([A-Za-z][\w .-]{0,30}):\s*(.*)$")
_NAME_KEYS = ("name", "deck", "deck name", "title")
_PACK_SUFFIX = re.compile(r"^(.*\S)\s*\([^()]*\)$")


def parse_deck_text(text: str, db: CardDB | None = None, name: str = "") -> Deck:
    """Parse a plain-text deck list (see docs/DECKS.md); raises ``DeckError``."""
    if not isinstance(text, str):
        raise DeckError(_("deck list: expected text"))
    return _parse_text(text, _db(db), name=name, label=_("deck list"), default_name="")


def _parse_text(text: str, db: CardDB, name: str, label: str, default_name: str) -> Deck:
    index = _index(db)
    builder = _Builder(label)
    text_name = ""
    seen_content = False
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw
        for marker in ("#", "//"):
            cut = line.find(marker)
            if cut >= 0:
                line = line[:cut]
        line = _BULLET.sub("", line.strip()).strip()
        if not line:
            continue
        first = not seen_content
        seen_content = True
        if len(line) > MAX_LINE_CHARS:
            msg = _("{file}: line is too long to be a card").format(file=label)
            raise DeckError(_with_line(msg, lineno), line=lineno)
        if line.startswith("[") and line.endswith("]"):
            continue  # "[Heroes]"
        qty: int | None = None
        card_name = line
        m = _QTY_BEFORE.match(line)
        if m:
            if m.group(1):
                qty_text, card_name = m.group(1), m.group(2)
            else:
                qty_text, card_name = m.group(3), m.group(4)
        else:
            m = _QTY_AFTER.match(line)
            if m:
                card_name, qty_text = m.group(1), m.group(2)
        if m:
            qty = _parse_qty(qty_text, label, _short(card_name), lineno)
        else:
            if _HEADER.match(line):
                continue  # "Heroes:", "Allies (12):", "Total Cards: (50)"
            kv = _KEY_VALUE.match(line)
            if kv:
                if kv.group(1).strip().casefold() in _NAME_KEYS and kv.group(2).strip():
                    text_name = text_name or _short(kv.group(2).strip(), 120)
                continue  # "Author: ...", "Starting Threat: 29"
        card = _lookup(index, card_name)
        if card is None:
            if qty is None and first and not index.suggest(card_name, 0.8):
                text_name = _short(card_name, 120)  # RingsDB text export: the name comes first
                continue
            msg = _unknown_name(label, card_name, index)
            raise DeckError(_with_line(msg, lineno), line=lineno)
        builder.add(card, 1 if qty is None else qty)
    if builder.empty:
        raise DeckError(_("{file}: no cards found in the deck list").format(file=label))
    deck_name = (name or "").strip() or text_name or default_name or _("Deck")
    return builder.deck(deck_name, "text")


def _lookup(index: _NameIndex, card_name: str) -> CardDef | None:
    card = index.find(card_name)
    if card is None:
        m = _PACK_SUFFIX.match(card_name)  # "Guard of the Citadel (Core Set)"
        if m:
            card = index.find(m.group(1))
    return card


def _unknown_name(label: str, card_name: str, index: _NameIndex) -> str:
    suggestions = index.suggest(card_name)
    if not suggestions:
        m = _PACK_SUFFIX.match(card_name)
        if m:
            suggestions = index.suggest(m.group(1))
    if suggestions:
        return _("{file}: unknown card \"{name}\"; did you mean {suggestions}?").format(
            file=label, name=_short(card_name),
            suggestions=_(" or ").join("\"" + s + "\"" for s in suggestions))
    return _("{file}: unknown card \"{name}\" (not a core set card)").format(
        file=label, name=_short(card_name))


# --------------------------------------------------------------------------- starter decks

def _starter_key(sphere: str) -> str | None:
    key = fold(sphere)
    if key.startswith("starter:"):
        key = key[len("starter:"):].strip()
    return _STARTER_ALIASES.get(key)


def starter_deck(sphere: str, db: CardDB | None = None) -> Deck:
    """One of the four core-set starter decks as the rulebook builds them ("První hra")."""
    db = _db(db)
    key = _starter_key(sphere) if isinstance(sphere, str) else None
    if key is None or key not in db.starter_decks:
        raise DeckError(_("unknown starter deck \"{name}\"; choose {choices}").format(
            name=_short(sphere, 30), choices=", ".join(STARTER_SPHERES)))
    data = db.starter_decks[key]
    heroes: list[str] = []
    for hero in data["heroes"]:
        heroes.extend([hero["code"]] * int(hero.get("quantity", 1)))
    cards = tuple((c["code"], int(c["quantity"])) for c in data["cards"])
    return Deck(name=_starter_name(key), heroes=tuple(heroes), cards=cards, source="starter")


def resolve_deck(spec: str, db: CardDB | None = None) -> Deck:
    """A starter deck ("leadership", "starter:lore") or a deck file path."""
    db = _db(db)
    if not isinstance(spec, (str, os.PathLike)):
        raise DeckError(_("not a deck: {value}").format(value=_short(spec)))
    if isinstance(spec, str):
        if fold(spec).startswith("starter:"):
            return starter_deck(spec, db)
        if _starter_key(spec) is not None and not os.path.exists(spec):
            return starter_deck(spec, db)
    return load_deck(spec, db)


def _starter_variant(deck: Deck, db: CardDB) -> tuple[str, dict[str, tuple[int, int]]] | None:
    """(sphere, {code: (have, rulebook)}) if deck is a starter deck (rulebook or OCTGN's)."""
    for sphere in STARTER_SPHERES:
        if sphere not in db.starter_decks:
            continue
        ref = starter_deck(sphere, db)
        if sorted(deck.heroes) != sorted(ref.heroes):
            continue
        have = Counter()
        for code, qty in deck.cards:
            have[code] += qty
        want = Counter()
        for code, qty in ref.cards:
            want[code] += qty
        if have == want:
            return sphere, {}
        octgn = Counter(want)
        for number, diff in (db.starter_decks[sphere].get("octgn_o8d_differences") or {}).items():
            octgn["01%03d" % int(number)] = int(diff["octgn_o8d"])
        if +have == +octgn:
            return sphere, {code: (have[code], want[code])
                            for code in sorted(set(have) | set(want)) if have[code] != want[code]}
    return None


# --------------------------------------------------------------------------- validation

def starting_threat(deck: Deck, db: CardDB | None = None) -> int:
    """Sum of the heroes' threat costs (unknown codes count 0)."""
    db = _db(db)
    return sum((db.by_code[c].threat or 0) for c in deck.heroes if c in db.by_code)


def validate_deck(deck: Deck, db: CardDB | None = None) -> list[Problem]:
    """Deck-building problems: errors make the deck illegal, notes are information."""
    db = _db(db)
    problems: list[Problem] = []

    def error(rule: str, message: str) -> None:
        problems.append(Problem("error", message, rule))

    def note(rule: str, message: str) -> None:
        problems.append(Problem("note", message, rule))

    # heroes: 1-3, each a hero card, each title once
    heroes = [db.by_code.get(code) for code in deck.heroes]
    for code, card in zip(deck.heroes, heroes):
        if card is None:
            error("unknown", _("unknown hero code {code}").format(code=_short(code, 20)))
        elif card.type != "hero":
            error("not_hero", _("{card} is not a hero").format(card=card.name))
    real_heroes = [c for c in heroes if c is not None and c.type == "hero"]
    if len(deck.heroes) < MIN_HEROES:
        error("heroes", _("the deck has no hero; a player starts with 1 to 3 heroes"))
    elif len(deck.heroes) > MAX_HEROES:
        error("heroes", _("the deck has {count} heroes; a player starts with 1 to 3 heroes")
              .format(count=len(deck.heroes)))
    hero_titles = Counter(fold(c.name) for c in real_heroes)
    for card in real_heroes:
        if hero_titles.get(fold(card.name), 0) > 1:
            error("unique_hero", _("hero {card} appears {count} times; a unique hero can be used "
                                   "only once").format(card=card.name,
                                                       count=hero_titles[fold(card.name)]))
            hero_titles[fold(card.name)] = 0  # report once
    hero_spheres = {c.sphere for c in real_heroes if c.sphere}

    # player deck cards
    titles: Counter[str] = Counter()
    title_limit: dict[str, int] = {}
    title_name: dict[str, str] = {}
    for code, qty in deck.cards:
        card = db.by_code.get(code)
        if card is None:
            error("unknown", _("unknown card code {code}").format(code=_short(code, 20)))
            continue
        if card.deck != "player":
            error("not_player_card",
                  _("{card} belongs to the {deck}; it cannot be in a player deck").format(
                      card=card.name, deck=_deck_label(card.deck)))
            continue
        if card.type == "hero":
            error("hero_in_deck", _("hero {card} is listed among the player deck cards").format(
                card=card.name))
            continue
        key = fold(card.name)
        titles[key] += qty
        title_limit[key] = min(title_limit.get(key, MAX_COPIES), card.deck_limit or MAX_COPIES)
        title_name[key] = card.name
        payable = not card.sphere or card.sphere == "neutral" or card.sphere in hero_spheres
        if real_heroes and not payable:
            error("sphere", ngettext(
                "{count} copy of {card} ({sphere}) cannot be paid for: no hero has a {sphere} "
                "resource icon",
                "{count} copies of {card} ({sphere}) cannot be paid for: no hero has a {sphere} "
                "resource icon", qty).format(count=qty, card=card.name,
                                             sphere=_sphere_label(card.sphere)))
    over_limit = set()
    for key, count in titles.items():
        if count > title_limit[key]:
            over_limit.add(key)
            error("copies", _("{count} copies of {card}; at most {limit} copies of a card "
                              "(by title) are allowed").format(
                count=count, card=title_name[key], limit=title_limit[key]))

    # size: 50 for a custom deck; the starter decks are meant for a first game
    size = deck.size
    starter = None
    if deck.source == "starter" or size < MIN_DECK_SIZE:
        starter = _starter_variant(deck, db)
    if size < MIN_DECK_SIZE:
        if starter is not None or deck.source == "starter":
            note("size", _("{count} cards: a starter deck, fine for a first game; a custom deck "
                           "needs at least {min} cards").format(count=size, min=MIN_DECK_SIZE))
        else:
            error("size", _("{count} cards in the player deck; a custom deck needs at least {min} "
                            "(heroes are not counted)").format(count=size, min=MIN_DECK_SIZE))
    if starter is not None and starter[1]:
        diffs = ", ".join(_("{card} {have} (rulebook {want})").format(
            card=db.by_code[code].name, have=have, want=want)
            for code, (have, want) in starter[1].items())
        note("starter_variant", _("this is OCTGN's version of the {deck}, which differs from the "
                                  "rulebook: {diffs}").format(deck=_starter_name(starter[0]),
                                                              diffs=diffs))

    # more copies than one core set holds: legal, but needs a second box
    problems.extend(_pool_notes([deck], db, skip_titles=over_limit))
    return problems


def _pool_notes(decks: list[Deck], db: CardDB,
                skip_titles: frozenset[str] | set[str] = frozenset()) -> list[Problem]:
    need: Counter[str] = Counter()
    for deck in decks:  # heroes are covered by the unique-hero and shared-hero rules
        for code, qty in deck.cards:
            need[code] += qty
    notes = []
    for code, count in need.items():
        card = db.by_code.get(code)
        if card is None or card.deck != "player" or fold(card.name) in skip_titles:
            continue
        if count > card.quantity:
            notes.append(Problem("note", _("{count} copies of {card} needed; one core set has "
                                           "{have}").format(count=count, card=card.name,
                                                            have=card.quantity), "pool"))
    return notes


def _hero_titles(deck: Deck, db: CardDB) -> dict[str, str]:
    """A deck's heroes: folded title -> printed name, in the deck's order."""
    out: dict[str, str] = {}
    for code in deck.heroes:
        card = db.by_code.get(code)
        if card is not None and card.type == "hero":
            out.setdefault(fold(card.name), card.name)
    return out


def shared_heroes(decks: list[Deck], db: CardDB | None = None) -> dict[str, list[int]]:
    """Heroes in the decks of more than one seat: folded title -> seats (0-based).

    The one check of the rule "only one player may use a hero"; ``validate_seats``
    reports it for the table and ``seat_shared_heroes`` for each seat.
    """
    db = _db(db)
    seats: dict[str, list[int]] = {}
    for i, deck in enumerate(decks):
        for key in _hero_titles(deck, db):
            seats.setdefault(key, []).append(i)
    return {key: s for key, s in seats.items() if len(s) > 1}


def seat_shared_heroes(decks: list[Deck], db: CardDB | None = None) -> list[list[Problem]]:
    """Per seat: one "shared_hero" error naming its heroes that other seats' decks also
    have (in its deck's order) and those seats, or nothing."""
    db = _db(db)
    shared = shared_heroes(decks, db)
    out: list[list[Problem]] = []
    for i, deck in enumerate(decks):
        mine = {key: name for key, name in _hero_titles(deck, db).items() if key in shared}
        others = sorted({s for key in mine for s in shared[key] if s != i})
        if not mine:
            out.append([])
            continue
        if len(others) == 1:
            text = _("shares {heroes} with seat {seat}; only one player may use a hero, "
                     "so the players must agree who takes it")
        else:
            text = _("shares {heroes} with seats {seat}; only one player may use a hero, "
                     "so the players must agree who takes it")
        out.append([Problem("error", text.format(
            heroes=", ".join(mine.values()), seat=", ".join(str(s + 1) for s in others)),
            "shared_hero")])
    return out


def validate_seats(decks: list[Deck], db: CardDB | None = None) -> list[Problem]:
    """Problems of every seat's deck (prefixed "Seat N:"), plus heroes shared between seats."""
    db = _db(db)
    problems: list[Problem] = []
    for seat, deck in enumerate(decks, start=1):
        for p in validate_deck(deck, db):
            if p.rule == "pool":
                continue  # reported once for the whole table below
            problems.append(Problem(p.severity, _("Seat {seat}: {message}").format(
                seat=seat, message=p.message), p.rule))
    names: dict[str, str] = {}
    for deck in decks:
        for key, name in _hero_titles(deck, db).items():
            names.setdefault(key, name)
    for key, seats in shared_heroes(decks, db).items():
        problems.append(Problem("error", _(
            "hero {card} is in the decks of seats {seats}; only one player may use a hero, "
            "so the players must agree who takes it").format(
            card=names[key], seats=", ".join(str(s + 1) for s in seats)), "shared_hero"))
    problems.extend(_pool_notes(list(decks), db))
    return problems


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


def seat_decks(players: int | None, specs=None, db: CardDB | None = None) -> list:
    """A deck per seat from starter names, deck files or deck objects.

    No specs: the starter decks in rulebook order.  One spec for several seats
    is refused only if it would share heroes (``validate_seats`` says so later).
    """
    specs = list(specs or [])
    if not specs:
        return [starter_deck(STARTER_SPHERES[i % len(STARTER_SPHERES)], db) for i in range(players or 1)]
    if players is not None and len(specs) not in (1, players):
        raise DeckError(_("{n} seats but {d} decks given: give one --deck per seat").format(
            n=players, d=len(specs)))
    decks = [resolve_deck(s, db) if isinstance(s, (str, os.PathLike)) else s for s in specs]
    if players is not None and len(decks) == 1 and players > 1:
        decks = decks * players
    return decks
