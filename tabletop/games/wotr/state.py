"""Reading the War of the Ring table: the ``wotr`` slot, seats, armies, control.

What the shared model cannot hold lives in ``state.slots["wotr"]`` as plain
data (see ``setup.initial_slot`` for its shape).  The functions here read it
together with the pieces in their zones: who plays which nation, the army in a
region, who controls a settlement, victory points.  They never change the
table; changes go through ``Tx.slot`` and ``Tx.move`` in the rulesets.

Pure Python: no pygame.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from tabletop.core.i18n import _
from tabletop.core.model import TableState
from tabletop.games.wotr.base import FACES_FOR
from tabletop.games.wotr.data import (FP, FP_NATIONS, NATION_NAMES, SHADOW, nation_side,
                                      regions, sovereigns)
from tabletop.games.wotr.pieces import catalogue, is_army_unit

SLOT = "wotr"
# what the event cards and characters add to the base rules, filled by their modules
# (``tablecards``, ``characters``, ``sovereigns``): a rule of a lower module looks a hook
# up by name and, when one is there, calls it (it never imports the higher module)
RULE_HOOKS: dict[str, Callable[..., Any]] = {}
STACK_LIMIT = 10
DIE_KIND = {FP: "wotr_free_peoples", SHADOW: "wotr_shadow"}
RULER_KIND = {FP: "kome_ruler_fp", SHADOW: "kome_ruler_shadow"}


def slot(st: TableState) -> dict:
    """The game's slot (empty dict when missing)."""
    return st.slot(SLOT)


def get(st: TableState, *path: str, default: Any = None) -> Any:
    """A value inside the slot by path."""
    cur: Any = st.slot(SLOT)
    for key in path:
        if not isinstance(cur, dict) or key not in cur:
            return default
        cur = cur[key]
    return cur


def rzone(region: str) -> str:
    """The zone id of a region."""
    return f"r.{region}"


def region_of_zone(zone: str) -> str | None:
    """The region a zone id stands for, or None."""
    return zone[2:] if zone.startswith("r.") else None


def code(st: TableState, cid: int) -> str:
    """A piece's code."""
    return st.cards[cid].code


def kind(st: TableState, cid: int) -> str:
    """A piece's kind (regular, elite, leader, companion...)."""
    d = catalogue().get(st.cards[cid].code)
    return d.kind if d else ""


def side_of_piece(st: TableState, cid: int) -> str | None:
    """FP or SHADOW for a figure (None for neutral pieces)."""
    d = catalogue().get(st.cards[cid].code)
    return d.side if d else None


def find(st: TableState, zone: str, piece_code: str) -> int | None:
    """The topmost piece of a code in a zone (None if there is none)."""
    for cid in reversed(st.zones[zone].cards):
        if st.cards[cid].code == piece_code:
            return cid
    return None


def find_anywhere(st: TableState, piece_code: str) -> int:
    """The one piece of a unique code, wherever it is."""
    return next(c.id for c in st.cards.values() if c.code == piece_code)


def event_deck(piece_code: str) -> str:
    """"character" or "strategy" for an event card's code."""
    return "character" if ".char." in piece_code else "strategy"


# ------------------------------------------------------------------ seats
def seat_info(st: TableState, seat: int) -> dict:
    """``{"side", "nations", "role"}`` of a seat."""
    seats = get(st, "seats", default=[])
    return seats[seat] if 0 <= seat < len(seats) else {"side": "", "nations": [], "role": ""}


def seat_side(st: TableState, seat: int) -> str:
    """The side a seat plays ("fp" or "shadow")."""
    return seat_info(st, seat).get("side", "")


def seats_of(st: TableState, side: str) -> list[int]:
    """The seats that play a side."""
    return [i for i, s in enumerate(get(st, "seats", default=[])) if s.get("side") == side]


def controller(st: TableState, nation: str) -> int:
    """The seat that plays a nation."""
    for i, s in enumerate(get(st, "seats", default=[])):
        if nation in s.get("nations", ()):
            return i
    return 0


def lead(st: TableState, side: str) -> int:
    """The side's Leading Player this turn."""
    return int(get(st, "lead", side, default=seats_of(st, side)[0] if seats_of(st, side) else 0))


def other(side: str) -> str:
    """The opposing side."""
    return SHADOW if side == FP else FP


def hand_limit(st: TableState) -> int:
    """Six cards; four each in a 4-player game."""
    return 4 if len(st.seats) == 4 else 6


# -------------------------------------------------------------- action dice
def pool(st: TableState, side: str) -> list[dict]:
    """A side's action dice this turn (copies)."""
    return [dict(d) for d in get(st, "dice", side, default=[])]


def unused(st: TableState, side: str) -> list[int]:
    """Indices of a side's rolled dice not used yet (an Eye is not an action)."""
    return [i for i, d in enumerate(get(st, "dice", side, default=[]))
            if d.get("face") not in ("", None, "eye") and not d.get("used")]


def die_ok(st: TableState, side: str, i: int, kind: str) -> bool:
    """Does die ``i`` of ``side`` allow an action of ``kind``?"""
    dice = get(st, "dice", side, default=[])
    if not 0 <= i < len(dice) or dice[i].get("used") or not dice[i].get("face"):
        return False
    face = dice[i]["face"]
    if kind == "army" and face == "muster" and side == SHADOW and "mouth" in RULE_HOOKS \
            and RULE_HOOKS["mouth"](st):
        return True                    # the Mouth of Sauron: a Muster die as an Army die
    return face in FACES_FOR[kind] or (face == "will_of_the_west" and kind != "eye")


def has_ruler_die(st: TableState, side: str) -> bool:
    """Is a Ruler die among a side's dice this turn?"""
    return any(d["kind"] == RULER_KIND[side] for d in get(st, "dice", side, default=[]))


def fellowship_region(st: TableState) -> str:
    """Where the Fellowship's figure stands (its last known position)."""
    for c in st.cards.values():
        if c.code == "fellowship":
            return region_of_zone(c.zone) or ""
    return ""


def in_play(st: TableState, piece_code: str) -> bool:
    """Is a character on the map or in the Fellowship?"""
    for cid in st.zones["fellowship"].cards:
        if st.cards[cid].code == piece_code:
            return True
    return any(c.code == piece_code and c.zone.startswith("r.") for c in st.cards.values())


# ------------------------------------------------------------------ armies
def pieces_in(st: TableState, region: str) -> list[int]:
    """Ids of every piece in a region, bottom to top."""
    z = st.zones.get(rzone(region))
    return list(z.cards) if z else []


def army(st: TableState, region: str, side: str) -> list[int]:
    """A side's figures in a region (units, leaders, characters, Rulers)."""
    return [c for c in pieces_in(st, region) if side_of_piece(st, c) == side
            and kind(st, c) not in ("fellowship",) and not corrupted_piece(st, c)]


def units(st: TableState, region: str, side: str | None = None) -> list[int]:
    """Regular and Elite units in a region (of one side, or any)."""
    z = st.zones.get("r." + region)
    if z is None:
        return []
    sides = _army_sides()
    cards = st.cards
    if side is None:
        return [c for c in z.cards if cards[c].code in sides]
    return [c for c in z.cards if sides.get(cards[c].code) == side]


def units_by_region(st: TableState) -> dict[str, dict[str | None, list[int]]]:
    """Every region's Regular and Elite units by side, in one pass (for legal actions)."""
    sides = _army_sides()
    cards = st.cards
    out: dict[str, dict[str | None, list[int]]] = {}
    for rid in regions():
        by: dict[str | None, list[int]] = {FP: [], SHADOW: []}
        z = st.zones.get("r." + rid)
        for c in z.cards if z is not None else ():
            side = sides.get(cards[c].code, "")
            if side != "":
                by.setdefault(side, []).append(c)
        out[rid] = by
    return out


@lru_cache(maxsize=1)
def _army_sides() -> dict[str, str | None]:
    """The codes of Regular and Elite units, and their side."""
    return {code: d.side for code, d in catalogue().items() if is_army_unit(code)}


def occupant(st: TableState, region: str) -> str | None:
    """The side with army units in a region (None when there are none)."""
    us = units(st, region)
    if not us:
        return None
    return side_of_piece(st, us[0])


def stack_count(st: TableState, region: str, side: str | None = None) -> int:
    """Units counting against the stacking limit in a region (of one side: the two
    sides share a region only in a siege, each under its own limit)."""
    return len(units(st, region, side))


def corrupted_piece(st: TableState, cid: int) -> bool:
    """Is this a Corrupted Sovereign's figure (no longer a Free Peoples figure)?"""
    c = code(st, cid)
    if not c.startswith("sov."):
        return False
    sid = c.split(".")[1]
    return get(st, "kome", "sovereigns", sid, "state") == "corrupted"


# --------------------------------------------------------------- control
def controller_side(st: TableState, region: str) -> str | None:
    """Who controls a region's settlement: its nation's side unless captured."""
    info = regions()[region]
    captured = get(st, "captured", region)
    if captured:
        return captured
    if info.nation:
        return nation_side(info.nation)
    return None


def nation_side_of(nation: str) -> str:
    """FP or SHADOW for a nation."""
    return nation_side(nation)


def nation_side_of_region(region: str) -> str | None:
    """The side a region's nation belongs to (None: nobody's region)."""
    info = regions()[region]
    return nation_side(info.nation) if info.nation else None


def is_conquered(st: TableState, region: str) -> bool:
    """A settlement held by the side it does not belong to."""
    nation = regions()[region].nation
    return bool(nation) and controller_side(st, region) != nation_side(nation or "")


def victory_points(st: TableState) -> dict[str, int]:
    """Victory points each side holds from captured Cities and Strongholds."""
    vp = {FP: 0, SHADOW: 0}
    for rid, side in (get(st, "captured", default={}) or {}).items():
        info = regions()[rid]
        if info.nation and side != nation_side(info.nation):
            vp[side] += info.vp
    return vp


def besieged(st: TableState, region: str) -> bool:
    """A Stronghold whose defenders are inside while an enemy army stands in the region."""
    return bool(get(st, "sieges", region))


LEADING_KINDS = {FP: ("leader", "companion", "sovereign"),
                 SHADOW: ("nazgul", "minion", "chieftain")}


def leads(st: TableState, cid: int) -> bool:
    """A Leader or a Character: what an army needs to move or attack with a
    Character die (a Free Peoples Leader, Companion or Sovereign not Corrupted; a
    Nazgûl, Minion or Dark Chieftain)."""
    side = side_of_piece(st, cid)
    return side in LEADING_KINDS and kind(st, cid) in LEADING_KINDS[side] \
        and not corrupted_piece(st, cid)


# ------------------------------------------------------------- politics
def politics(st: TableState, nation: str) -> dict:
    """``{"step": steps from At War, "active": bool}``."""
    return get(st, "politics", nation, default={"step": 3, "active": False})


def at_war(st: TableState, nation: str) -> bool:
    """Is a nation At War (the last step of the political track)?"""
    return politics(st, nation).get("step", 3) == 0


def nation_name(nation: str) -> str:
    """A nation's name in the reader's language."""
    return _(NATION_NAMES[nation])


def side_name(side: str) -> str:
    """"Free Peoples" or "Shadow"."""
    return _("Free Peoples") if side == FP else _("Shadow")


# ---------------------------------------------------------------- Kings
def kings(st: TableState) -> bool:
    """Is the Kings of Middle-earth expansion in play?"""
    return bool(get(st, "kings", default=False))


def sovereign_state(st: TableState, sid: str) -> str:
    """"sleeping", "awake", "corrupted" or "removed"."""
    return get(st, "kome", "sovereigns", sid, "state", default="sleeping")


def sovereign_piece(st: TableState, sid: str) -> int | None:
    """The Sovereign's figure on the map (grey or silver), if any."""
    codes = (f"sov.{sid}", f"sov.{sid}.silver")
    for cid, card in st.cards.items():
        if card.code in codes and card.zone.startswith("r."):
            return cid
    return None


def sovereign_region(st: TableState, sid: str) -> str | None:
    """Where a Sovereign's figure stands."""
    cid = sovereign_piece(st, sid)
    return None if cid is None else region_of_zone(st.cards[cid].zone)


def awake_sovereigns(st: TableState) -> list[str]:
    """Awakened Sovereigns in play."""
    return [s for s in sovereigns() if sovereign_state(st, s) == "awake"]


def chieftains_in_play(st: TableState) -> list[str]:
    """Dark Chieftains on the map."""
    from tabletop.games.wotr.data import chieftains
    return [d for d in chieftains() if get(st, "kome", "chieftains", d) == "in"]


def companion_nation_ok(companion_code: str, nation: str) -> bool:
    """A "suitable" Companion for a nation: its own symbol or the Free Peoples symbol."""
    d = catalogue().get(companion_code)
    if d is None or d.kind != "companion" or companion_code == "char.gollum":
        return False
    return d.nation in (None, nation)


def is_fp_nation(nation: str) -> bool:
    """Is a nation one of the Free Peoples?"""
    return nation in FP_NATIONS
