"""Lay out a new table: heroes, decks, quest and encounter decks, dials.

This puts the physical pieces where the rulebook's layout puts them, shuffled
from the game seed.  The scenario's own setup steps (opening hands, staging
moves) run afterwards as logged actions (see ``tabletop.games.lcg.scenarios``).
"""
from __future__ import annotations

import random
from typing import Protocol, Sequence

from tabletop.games.lcg.cards import CardDB, core_set
from tabletop.core.i18n import _
from tabletop.core.model import TABLE, Card, Seat, TableState, Zone
import tabletop.games.lcg.layout as layout

DEFAULT_SCENARIO = "passage_through_mirkwood"


class DeckLike(Protocol):
    """What a new table needs of a deck: its name, heroes and cards."""
    name: str
    heroes: tuple[str, ...]
    cards: tuple[tuple[str, int], ...]


def starter(sphere: str, db: CardDB | None = None):
    """One of the rulebook's four starter decks (see ``tabletop.games.lcg.decks.starter_deck``)."""
    from tabletop.games.lcg.decks import starter_deck
    return starter_deck(sphere, db)


def scenario_keys(db: CardDB | None = None) -> list[str]:
    """The keys of the set's scenarios."""
    return list((db or core_set()).scenarios)


def find_scenario(name: str, db: CardDB | None = None) -> str:
    """Accept "passage-through-mirkwood", "Passage Through Mirkwood", "1"... -> data key."""
    db = db or core_set()
    wanted = name.strip().lower().replace("-", "_").replace(" ", "_")
    for key, sc in db.scenarios.items():
        aliases = {key, sc["name"].lower().replace(" ", "_"), str(sc["scenario_number"])}
        aliases.update(a.lower().replace(" ", "_") for a in sc.get("aliases", []) or [])
        if wanted in aliases:
            return key
    raise KeyError(name)


def encounter_codes(scenario: dict, db: CardDB, easy: bool = False) -> list[str]:
    """The codes of a scenario's encounter deck, one per copy (easy mode: the easy quantities)."""
    sets = set(scenario["encounter_sets"])
    codes = []
    for c in db:
        if c.encounter_set in sets and c.deck == "encounter":
            qty = c.easy_mode_quantity if easy and c.easy_mode_quantity is not None else c.quantity
            codes.extend([c.code] * qty)
    return codes


def quest_codes(scenario: dict) -> list[str]:
    """The codes of a scenario's quest cards, stage by stage."""
    codes: list[str] = []
    for stage in scenario["quest_stages"]:
        if "options" in stage:
            codes.extend(opt["code"] for opt in stage["options"])
        else:
            codes.append(stage["code"])
    return codes


def new_table(scenario: str = DEFAULT_SCENARIO, decks: Sequence[DeckLike] | None = None,
              names: Sequence[str] | None = None, seed: int = 1, easy: bool = False,
              db: CardDB | None = None) -> TableState:
    """The physical table of a new game: decks shuffled by the seed, heroes and threat, the quest deck in stage order."""
    db = db or core_set()
    sc_key = find_scenario(scenario, db)
    sc = db.scenarios[sc_key]
    decks = list(decks) if decks else [starter("leadership", db)]
    if not 1 <= len(decks) <= 4:
        raise ValueError("a game has 1 to 4 seats")
    names = list(names or [])
    # seat names are table data: written in the language of the moment the game starts
    names += [_("Player {n}").format(n=i + 1) for i in range(len(names), len(decks))]
    rng = random.Random(f"{seed}:setup")

    st = TableState(game="lcg", scenario=sc_key, seed=seed)
    st.options = {"easy": bool(easy)}
    st.zones[TABLE] = Zone(TABLE, "table", None, "Table", 0, 0, True)
    for z in layout.shared_zones():
        st.zones[z.id] = z
    st.regions = layout.shared_regions()

    def make(code: str, owner, zone: str, origin: str, face_up: bool, x=0.0, y=0.0) -> int:
        cid = st.next_id
        st.next_id += 1
        st.cards[cid] = Card(cid, code, owner, zone, x, y, face_up, origin=origin)
        st.zones[zone].cards.append(cid)
        return cid

    # quest deck: stage 1 on top
    for code in reversed(quest_codes(sc)):
        make(code, None, "quest.deck", "quest", True)
    # encounter deck, shuffled
    enc = encounter_codes(sc, db, easy)
    rng.shuffle(enc)
    for code in enc:
        make(code, None, "encounter.deck", "encounter", False)

    heroes: list[list[str]] = []
    for seat, (deck, name) in enumerate(zip(decks, names)):
        st.seats.append(Seat(name, {"threat": 0}))
        heroes.append(list(deck.heroes))
        for z in layout.seat_zones(seat, name, len(decks)):
            st.zones[z.id] = z
        st.regions.extend(layout.seat_regions(seat, name, len(decks)))
        threat = 0
        for i, code in enumerate(deck.heroes):
            x, y = layout.hero_spot(seat, i, len(decks))
            make(code, seat, TABLE, "player", True, x, y)
            threat += db[code].threat or 0
        st.seats[seat].counters["threat"] = threat
        pile = [code for code, qty in deck.cards for _ in range(qty)]
        rng.shuffle(pile)
        for code in pile:
            make(code, seat, st.seat_zone(seat, "deck"), "player", False)
    st.slots["lcg"] = {"heroes": heroes}
    st.first_player = 0
    return st


def seat_heroes(state: TableState, seat: int) -> list[str]:
    """The codes of the heroes a seat's deck started with."""
    heroes = state.slot("lcg").get("heroes") or []
    return list(heroes[seat]) if 0 <= seat < len(heroes) else []
