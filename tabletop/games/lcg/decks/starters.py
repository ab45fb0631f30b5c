"""The four core-set starter decks, and choosing a deck per seat."""
from __future__ import annotations

import os
from collections import Counter

from tabletop.games.lcg.cards import CardDB, fold
from tabletop.core.i18n import _
from tabletop.games.lcg.decks.files import load_deck
from tabletop.games.lcg.decks.model import Deck, DeckError, _db, _short

STARTER_SPHERES = ("leadership", "tactics", "spirit", "lore")
_STARTER_ALIASES = {
    # English names, and the Czech names used by the rulebook this table follows
    "leadership": "leadership", "vedeni": "leadership",
    "tactics": "tactics", "taktika": "tactics", "taktiky": "tactics",
    "spirit": "spirit", "duch": "spirit", "duchovni": "spirit",
    "lore": "lore", "znalosti": "lore",
}


def _starter_name(sphere: str) -> str:
    names = {
        "leadership": _("Leadership starter deck"), "tactics": _("Tactics starter deck"),
        "spirit": _("Spirit starter deck"), "lore": _("Lore starter deck"),
    }
    return names[sphere]


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


def resolve_deck(spec: str | os.PathLike[str], db: CardDB | None = None) -> Deck:
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
        have: Counter[str] = Counter()
        for code, qty in deck.cards:
            have[code] += qty
        want: Counter[str] = Counter()
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
