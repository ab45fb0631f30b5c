"""RingsDB JSON export: ``heroes`` + ``slots`` keyed by card code (``slots`` includes heroes)."""
from __future__ import annotations

import json

from tabletop.games.lcg.cards import CardDB, CardDef
from tabletop.core.i18n import _
from tabletop.games.lcg.decks.model import (MAX_DECK_CARDS, MAX_DECK_ENTRIES, Deck, DeckError,
                                            _Builder, _line_of, _parse_qty, _short, _with_line)


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
