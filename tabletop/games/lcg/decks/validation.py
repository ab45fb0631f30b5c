"""Deck-building checks: one deck against the rules, and the decks of a whole table."""
from __future__ import annotations

from collections import Counter

from tabletop.games.lcg.cards import CardDB, CardDef, fold
from tabletop.core.i18n import _, ngettext
from tabletop.games.lcg.decks.model import (MAX_COPIES, MAX_HEROES, MIN_DECK_SIZE, MIN_HEROES,
                                            Deck, Problem, _db, _short)
from tabletop.games.lcg.decks.starters import _starter_name, _starter_variant


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


def starting_threat(deck: Deck, db: CardDB | None = None) -> int:
    """Sum of the heroes' threat costs (unknown codes count 0)."""
    db = _db(db)
    return sum((db.by_code[c].threat or 0) for c in deck.heroes if c in db.by_code)


class _Problems(list):
    """The problems of a check in the order found, with a call per severity."""

    def error(self, rule: str, message: str) -> None:
        self.append(Problem("error", message, rule))

    def note(self, rule: str, message: str) -> None:
        self.append(Problem("note", message, rule))


def validate_deck(deck: Deck, db: CardDB | None = None) -> list[Problem]:
    """Deck-building problems: errors make the deck illegal, notes are information."""
    db = _db(db)
    problems = _Problems()
    real_heroes = _check_heroes(deck, db, problems)
    over_limit = _check_cards(deck, db, real_heroes, problems)
    _check_size(deck, db, problems)
    # more copies than one core set holds: legal, but needs a second box
    problems.extend(_pool_notes([deck], db, skip_titles=over_limit))
    return list(problems)


def _check_heroes(deck: Deck, db: CardDB, problems: _Problems) -> list[CardDef]:
    """Heroes: 1-3, each a hero card, each title once.  Returns the real hero cards."""
    heroes = [db.by_code.get(code) for code in deck.heroes]
    for code, card in zip(deck.heroes, heroes):
        if card is None:
            problems.error("unknown", _("unknown hero code {code}").format(code=_short(code, 20)))
        elif card.type != "hero":
            problems.error("not_hero", _("{card} is not a hero").format(card=card.name))
    real_heroes = [c for c in heroes if c is not None and c.type == "hero"]
    if len(deck.heroes) < MIN_HEROES:
        problems.error("heroes", _("the deck has no hero; a player starts with 1 to 3 heroes"))
    elif len(deck.heroes) > MAX_HEROES:
        problems.error("heroes", _(
            "the deck has {count} heroes; a player starts with 1 to 3 heroes").format(
            count=len(deck.heroes)))
    hero_titles = Counter(fold(c.name) for c in real_heroes)
    for card in real_heroes:
        if hero_titles.get(fold(card.name), 0) > 1:
            problems.error("unique_hero", _(
                "hero {card} appears {count} times; a unique hero can be used "
                "only once").format(card=card.name, count=hero_titles[fold(card.name)]))
            hero_titles[fold(card.name)] = 0  # report once
    return real_heroes


def _check_cards(deck: Deck, db: CardDB, real_heroes: list[CardDef],
                 problems: _Problems) -> set[str]:
    """The player deck's cards: known player cards, payable, at most MAX_COPIES a title.

    Returns the folded titles over their copy limit (the pool notes skip them).
    """
    hero_spheres = {c.sphere for c in real_heroes if c.sphere}
    titles: Counter[str] = Counter()
    title_limit: dict[str, int] = {}
    title_name: dict[str, str] = {}
    for code, qty in deck.cards:
        card = db.by_code.get(code)
        if card is None:
            problems.error("unknown", _("unknown card code {code}").format(code=_short(code, 20)))
            continue
        if card.deck != "player":
            problems.error("not_player_card",
                           _("{card} belongs to the {deck}; it cannot be in a player deck").format(
                               card=card.name, deck=_deck_label(card.deck)))
            continue
        if card.type == "hero":
            problems.error("hero_in_deck", _(
                "hero {card} is listed among the player deck cards").format(card=card.name))
            continue
        key = fold(card.name)
        titles[key] += qty
        title_limit[key] = min(title_limit.get(key, MAX_COPIES), card.deck_limit or MAX_COPIES)
        title_name[key] = card.name
        payable = not card.sphere or card.sphere == "neutral" or card.sphere in hero_spheres
        if real_heroes and not payable:
            problems.error("sphere", ngettext(
                "{count} copy of {card} ({sphere}) cannot be paid for: no hero has a {sphere} "
                "resource icon",
                "{count} copies of {card} ({sphere}) cannot be paid for: no hero has a {sphere} "
                "resource icon", qty).format(count=qty, card=card.name,
                                             sphere=_sphere_label(card.sphere)))
    over_limit = set()
    for key, count in titles.items():
        if count > title_limit[key]:
            over_limit.add(key)
            problems.error("copies", _(
                "{count} copies of {card}; at most {limit} copies of a card "
                "(by title) are allowed").format(
                count=count, card=title_name[key], limit=title_limit[key]))
    return over_limit


def _check_size(deck: Deck, db: CardDB, problems: _Problems) -> None:
    """Size: 50 for a custom deck; the starter decks are meant for a first game."""
    size = deck.size
    starter = None
    if deck.source == "starter" or size < MIN_DECK_SIZE:
        starter = _starter_variant(deck, db)
    if size < MIN_DECK_SIZE:
        if starter is not None or deck.source == "starter":
            problems.note("size", _(
                "{count} cards: a starter deck, fine for a first game; a custom deck "
                "needs at least {min} cards").format(count=size, min=MIN_DECK_SIZE))
        else:
            problems.error("size", _(
                "{count} cards in the player deck; a custom deck needs at least {min} "
                "(heroes are not counted)").format(count=size, min=MIN_DECK_SIZE))
    if starter is not None and starter[1]:
        diffs = ", ".join(_("{card} {have} (rulebook {want})").format(
            card=db.by_code[code].name, have=have, want=want)
            for code, (have, want) in starter[1].items())
        problems.note("starter_variant", _(
            "this is OCTGN's version of the {deck}, which differs from the "
            "rulebook: {diffs}").format(deck=_starter_name(starter[0]), diffs=diffs))


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
