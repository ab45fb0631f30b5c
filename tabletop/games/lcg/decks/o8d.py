"""OCTGN ``.o8d`` XML: cards by OCTGN GUID, in sections such as Hero / Ally / Attachment / Event.

No DTDs or entities are accepted: defusedxml when it is installed, otherwise a guarded
stdlib parser that refuses any DOCTYPE.
"""
from __future__ import annotations

import io
import xml.sax
import xml.sax.handler
from types import ModuleType

from tabletop.games.lcg.cards import CardDB, CardDef
from tabletop.core.i18n import _
from tabletop.games.lcg.decks.model import (Deck, DeckError, QuestDeck, QuestDeckError, _Builder,
                                            _parse_qty, _short, _with_line)

_safe_sax: ModuleType | None
try:  # hardened XML parsing; a guarded stdlib parser is used when it is missing
    from defusedxml import DefusedXmlException as _DefusedXmlException
    from defusedxml import sax as _safe_sax
except ImportError:  # pragma: no cover - exercised by monkeypatching in the tests
    _safe_sax = None

    # a stand-in under the same name, only when defusedxml's own is missing
    class _DefusedXmlException(ValueError):  # type: ignore[no-redef]
        pass


OCTGN_LOTR_GAME_ID = "a21af4e8-be4b-4cda-a6b6-534f9717391f"
_SIDEBOARD_SECTIONS = ("sideboard", "side board")


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
