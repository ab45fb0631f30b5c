"""Plain-text deck lists ("3x Guard of the Citadel", "Guard of the Citadel x3", ...)."""
from __future__ import annotations

import difflib
import re

from tabletop.games.lcg.cards import CardDB, CardDef, fold
from tabletop.core.i18n import _
from tabletop.games.lcg.decks.model import (MAX_LINE_CHARS, Deck, DeckError, _Builder, _db,
                                            _parse_qty, _short, _with_line)


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
        qty_text = ""
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
