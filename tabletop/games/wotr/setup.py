"""A new War of the Ring table, set up as the rules say.

Base game: every starting army and leader in its region, reinforcements in
their pools, the political track, the Fellowship in Rivendell with its seven
Companions (Gandalf the Grey its Guide), the Hunt pool, the Elven rings, the
four event decks shuffled.  With Kings of Middle-earth (rulebook, "Setup"):
the grey Sovereigns in their home regions, the Dark Chieftains, silver
figures, character cards and Ruler tokens set aside, the Sovereign Corruption
board, both Kings hunt tiles in the Hunt pool, the eleven replaced event cards
out of the decks and the eight new ones in.

Zones: ``r.<region>`` (a region), ``reinf.<nation>``, ``cas.<nation>`` (Free
Peoples casualties), ``fellowship``, ``chars.aside``, ``chars.dead``,
``hunt.pool`` (hidden), ``hunt.drawn``, ``hunt.aside``, ``hunt.out``,
``deck.<side>.<deck>`` (hidden), ``discard.<side>.<deck>``, ``hand.<seat>``
(owner), ``cards.out`` (replaced cards), ``rings.fp``, ``rings.shadow``,
``rings.used``, ``kome.aside``, ``kome.fp``, ``kome.shadow``, ``kome.out``,
``corrupt.<sovereign>`` (seen by the Shadow's leading seat).

Pure Python: no pygame.
"""
from __future__ import annotations

import random

from tabletop.core.i18n import _
from tabletop.core.model import HIDDEN, OWNER, PUBLIC, TABLE, Card, Seat, TableState, Zone
from tabletop.games.wotr.data import (DECKS, FELLOWSHIP_START, FP, FP_NATIONS, NATIONS,
                                      SHADOW, SHADOW_NATIONS, BASE_DECK_SIZE, characters,
                                      chieftains, dice_counts, kings_events, nations, regions,
                                      sovereigns)
from tabletop.games.wotr.pieces import event_code, standard_pool, unit_code
from tabletop.games.wotr.state import SLOT, rzone

ROLES = {
    2: (("fp", FP, FP_NATIONS), ("shadow", SHADOW, SHADOW_NATIONS)),
    3: (("fp", FP, FP_NATIONS), ("witch-king", SHADOW, ("sauron",)),
        ("saruman", SHADOW, ("isengard", "southrons"))),
    4: (("gondor", FP, ("gondor", "elves")), ("rohan", FP, ("rohan", "north", "dwarves")),
        ("witch-king", SHADOW, ("sauron",)), ("saruman", SHADOW, ("isengard", "southrons"))),
}


def role_name(role: str) -> str:
    """The default seat name for a role."""
    return {"fp": _("Free Peoples"), "shadow": _("Shadow"), "witch-king": _("Witch-king"),
            "saruman": _("Saruman"), "gondor": _("Gondor"), "rohan": _("Rohan")}[role]


def deck_zone(side: str, deck: str) -> str:
    """``deck.fp.character``..."""
    return f"deck.{side}.{deck}"


def discard_zone(side: str, deck: str) -> str:
    """``discard.fp.character``..."""
    return f"discard.{side}.{deck}"


def hand_zone(seat: int) -> str:
    """A seat's hand of event cards."""
    return f"hand.{seat}"


class _Builder:
    """Adds zones and pieces to a new table."""

    def __init__(self, st: TableState):
        self.st = st

    def zone(self, zid: str, kind: str, label: str, visibility: str = PUBLIC,
             owner: int | None = None, face_up: bool = True) -> None:
        """Add an empty zone."""
        self.st.zones[zid] = Zone(zid, kind, owner, label, 0.0, 0.0, face_up, [], visibility)

    def piece(self, code: str, zone: str, owner: int | None = None, face_up: bool = True,
              origin: str = "") -> int:
        """Add a piece on top of a zone; its id."""
        st = self.st
        cid = st.next_id
        st.next_id += 1
        st.cards[cid] = Card(cid, code, owner, zone, 0.0, 0.0, face_up, origin=origin)
        st.zones[zone].cards.append(cid)
        return cid


def _seats(players: int, names) -> list[tuple[str, str, str, tuple[str, ...]]]:
    if players not in ROLES:
        raise ValueError(_("War of the Ring is played by 2, 3 or 4 players (not {n}).").format(
            n=players))
    roles = ROLES[players]
    names = list(names or [])
    if len(names) > players:
        raise ValueError(_("{n} names were given for {players} seats.").format(
            n=len(names), players=players))
    return [(names[i] if i < len(names) else role_name(r[0]), r[0], r[1], r[2])
            for i, r in enumerate(roles)]


def _map_and_armies(b: _Builder) -> None:
    for rid, info in regions().items():
        b.zone(rzone(rid), "region", info.name)
    for nation in NATIONS:
        b.zone(f"reinf.{nation}", "reinforcements", nation)
        if nation in FP_NATIONS:
            b.zone(f"cas.{nation}", "casualties", nation)
    for rid, info in regions().items():
        for kind, n in info.units.items():
            for _i in range(n):
                b.piece(unit_code(info.army_nation or "", kind), rzone(rid))
    for nation, n in nations().items():
        for kind, count in n["reinforcements"].items():
            for _i in range(count):
                b.piece(unit_code(nation, kind), f"reinf.{nation}")


def _characters(b: _Builder) -> None:
    b.zone("fellowship", "fellowship", "The Fellowship")
    b.zone("chars.aside", "aside", "Characters not in play")
    b.zone("chars.dead", "out", "Eliminated characters")
    b.piece("fellowship", rzone("rivendell"))
    for cid in FELLOWSHIP_START:
        b.piece(f"char.{cid}", "fellowship")
    for cid in characters():
        if cid not in FELLOWSHIP_START:
            b.piece(f"char.{cid}", "chars.aside")


def _hunt(b: _Builder, kings: bool) -> None:
    b.zone("hunt.pool", "pool", "Hunt pool", HIDDEN, face_up=False)
    b.zone("hunt.drawn", "drawn", "Drawn hunt tiles")
    b.zone("hunt.aside", "aside", "Special hunt tiles")
    b.zone("hunt.out", "out", "Hunt tiles out of play")
    for code in standard_pool():
        b.piece(code, "hunt.pool", face_up=False)
    for code in ("hunt.blue.cloaks", "hunt.blue.rope", "hunt.blue.phial", "hunt.blue.smeagol",
                 "hunt.red.shelob", "hunt.red.mine", "hunt.red.onon", "hunt.red.uss"):
        b.piece(code, "hunt.aside")
    for code in ("hunt.king1", "hunt.king2"):
        b.piece(code, "hunt.pool" if kings else "hunt.out", face_up=not kings)


def _cards(b: _Builder, seats: list, kings: bool, rng: random.Random) -> None:
    replaced = {(e.side, e.deck, e.number) for e in kings_events() if e.kind == "replace"}
    b.zone("cards.out", "out", "Replaced event cards")
    for side, deck in DECKS:
        b.zone(deck_zone(side, deck), "deck", "Event deck", HIDDEN, face_up=False)
        b.zone(discard_zone(side, deck), "discard", "Discard pile")
        codes = []
        for n in range(1, BASE_DECK_SIZE + 1):
            if kings and (side, deck, n) in replaced:
                b.piece(event_code(side, deck, n), "cards.out", origin=side)
            else:
                codes.append(event_code(side, deck, n))
        if kings:
            codes += [event_code(e.side, e.deck, e.number, kings=True)
                      for e in kings_events() if (e.side, e.deck) == (side, deck)]
        rng.shuffle(codes)
        for code in codes:
            b.piece(code, deck_zone(side, deck), face_up=False, origin=side)
    for i, _seat in enumerate(seats):
        b.zone(hand_zone(i), "hand", "Hand", OWNER, owner=i)
    b.zone("rings.fp", "rings", "Elven rings")
    b.zone("rings.shadow", "rings", "Elven rings used by the Free Peoples")
    b.zone("rings.used", "out", "Elven rings used")
    for _i in range(3):
        b.piece("ring", "rings.fp")


def _kings(b: _Builder, shadow_seat: int) -> None:
    b.zone("kome.aside", "aside", "Set aside")
    b.zone("kome.fp", "cards", "Free Peoples Ruler cards")
    b.zone("kome.shadow", "cards", "Shadow Ruler cards")
    b.zone("kome.out", "out", "Out of the game")
    b.zone("kome.draw", "drawn", "Tiles drawn for a corruption attempt", OWNER,
           owner=shadow_seat, face_up=False)
    for sid, sov in sovereigns().items():
        b.zone(f"corrupt.{sid}", "board", sov.name, OWNER, owner=shadow_seat, face_up=False)
        b.piece(f"sov.{sid}", rzone(sov.start))
        b.piece(f"sov.{sid}.silver", "kome.aside")
        b.piece(f"card.sov.{sid}", "kome.aside")
        b.piece(f"card.sovc.{sid}", "kome.aside")
        b.piece(f"ruler.{sid}", "kome.aside")
    for did in chieftains():
        b.piece(f"dc.{did}", "kome.aside")
        b.piece(f"card.dc.{did}", "kome.aside")
    b.piece("corruptor", "kome.aside")
    b.piece("helms-deep.tile", "kome.aside")


def initial_slot(seats: list, kings: bool) -> dict:
    """The plain data a new game starts with (the shape of the ``wotr`` slot)."""
    counts = dice_counts()
    slot = {
        "kings": kings, "players": len(seats),
        "seats": [{"role": r, "side": side, "nations": list(ns)} for _n, r, side, ns in seats],
        "lead": {FP: next(i for i, s in enumerate(seats) if s[2] == FP),
                 SHADOW: next(i for i, s in enumerate(seats) if s[2] == SHADOW)},
        "phase": "start", "acting": FP,
        "politics": {n: {"step": v["steps"], "active": v["active"]} for n, v in nations().items()},
        "fellowship": {"progress": 0, "corruption": 0, "revealed": False,
                       "guide": "gandalf-grey", "mordor": -1, "moves": 0},
        "dice": {FP: [{"kind": "wotr_free_peoples", "face": "", "used": False}
                      for _i in range(counts[FP][0])],
                 SHADOW: [{"kind": "wotr_shadow", "face": "", "used": False}
                          for _i in range(counts[SHADOW][0])]},
        "hunt_box": {"eyes": 0, "fp": 0}, "hunt_alloc": 0,
        "captured": {}, "sieges": {},
        "stack": [{"op": "start"}],          # the rules kernel: the first turn is to begin
    }
    if kings:
        slot["kome"] = {
            "sovereigns": {s: {"state": "sleeping"} for s in sovereigns()},
            "chieftains": {d: "aside" for d in chieftains()},
            "ruler_dice": {FP: "aside", SHADOW: "aside"},
            "attempted": [], "corruptor": -1, "token_turn": 0, "ring_turn": 0,
        }
    return slot


def new_table(players: int = 2, names=None, seed: int = 1, kings: bool = True) -> TableState:
    """The table of a new game, set up (no action taken yet)."""
    seats = _seats(players, names)
    st = TableState(game="wotr", seed=seed,
                    scenario="War of the Ring: Kings of Middle-earth" if kings else "War of the Ring")
    st.options = {"kings": bool(kings), "players": players}
    st.seats = [Seat(name, {}) for name, *_rest in seats]
    b = _Builder(st)
    b.zone(TABLE, "table", "Table")
    _map_and_armies(b)
    _characters(b)
    _hunt(b, kings)
    _cards(b, seats, kings, random.Random(f"{seed}:setup"))
    slot = initial_slot(seats, kings)
    if kings:
        _kings(b, slot["lead"][SHADOW])
    st.slots[SLOT] = slot
    return st
