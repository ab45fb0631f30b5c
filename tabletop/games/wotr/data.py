"""War of the Ring facts from the data file, as small typed records.

``war_of_the_ring_kings.json`` (copied from the project's shared data) holds the
base game's map (105 regions, 232 passable borders), nations, characters,
tracks, hunt tiles and dice, and the Kings of Middle-earth expansion's pieces.
This module reads it once and offers what the rules and the table need:
regions with their borders, nations, characters, Rulers and event cards.
Names are English msgids; texts shown to a person pass through ``_`` where
they are used.

Pure Python: no pygame.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass
from functools import lru_cache

DATA_DIR = os.path.join(os.path.dirname(__file__), "data")
DATA_FILE = os.path.join(DATA_DIR, "war_of_the_ring_kings.json")

FP, SHADOW = "fp", "shadow"
FP_NATIONS = ("gondor", "rohan", "elves", "dwarves", "north")
SHADOW_NATIONS = ("sauron", "isengard", "southrons")
NATIONS = FP_NATIONS + SHADOW_NATIONS
NATION_NAMES = {"gondor": "Gondor", "rohan": "Rohan", "elves": "Elves", "dwarves": "Dwarves",
                "north": "The North", "sauron": "Sauron", "isengard": "Isengard",
                "southrons": "Southrons & Easterlings"}
SETTLEMENTS = ("Stronghold", "City", "Town", "Fortification")


@dataclass(frozen=True)
class RegionInfo:
    """One region of the map: its settlement, nation and starting army."""
    id: str
    name: str
    nation: str | None            # whose region it is (None: nobody's)
    settlement: str | None        # Stronghold, City, Town, Fortification or None
    vp: int                       # victory points to whoever captures it
    units: dict                   # starting army: {"regular": n, "elite": n, "leader": n, "nazgul": n}
    army_nation: str | None       # the nation of the starting army (Osgiliath: Gondor's)
    passable: tuple[str, ...]     # regions across a passable border
    impassable: tuple[str, ...]   # regions across an impassable border (partial in the data)


@dataclass(frozen=True)
class Character:
    """A Companion or a Minion of the base game."""
    id: str
    name: str
    side: str
    level: int | None             # None: unlimited (the Witch-king flies)
    leadership: int
    nation: str | None = None     # a Minion's nation; a Companion's nation symbol
    extra_die: bool = False


@dataclass(frozen=True)
class Sovereign:
    """A Free Peoples Sovereign of Kings of Middle-earth."""
    id: str
    name: str
    nation: str
    start: str                    # his home region (also where he goes when Corrupted)
    level: int                    # Level once Awakened
    leadership: int               # Leadership once Awakened
    resistance: int               # Shadow Resistance
    awaken_region: str | None     # None: any unconquered Free Peoples City or Stronghold
    ability_face: str             # the Ruler die face his second ability needs
    ability: str                  # the second ability's name
    combat: str = ""              # name of a special combat ability (Brand, Theoden)


@dataclass(frozen=True)
class Chieftain:
    """A Dark Chieftain of Kings of Middle-earth."""
    id: str
    name: str
    nation: str
    level: int
    leadership: int
    ability: str
    initiative: str


@dataclass(frozen=True)
class EventCard:
    """An event card: base-game cards are only numbered; expansion cards are named."""
    side: str                     # FP or SHADOW
    deck: str                     # "character" or "strategy"
    number: int
    name: str = ""                # expansion cards only
    kind: str = ""                # "replace" or "add" (expansion), "" (base)
    combat: str = ""
    initiative: int = 0


@lru_cache(maxsize=1)
def raw() -> dict:
    """The whole data file."""
    with open(DATA_FILE, encoding="utf-8") as fh:
        return json.load(fh)


def _side(s: str) -> str:
    return FP if s in ("FP", "FreePeoples") else SHADOW


@lru_cache(maxsize=1)
def regions() -> dict[str, RegionInfo]:
    """Every region by id, in the data file's order."""
    out = {}
    for rid, r in raw()["base_game"]["regions"].items():
        out[rid] = RegionInfo(
            id=rid, name=r["name"], nation=r["nation"], settlement=r["settlement"],
            vp=int(r["vp_if_captured"] or 0), units=dict(r["initial_units"] or {}),
            army_nation=r.get("initial_units_nation") or r["nation"],
            passable=tuple(r["adjacent_passable"]),
            impassable=tuple(r.get("impassable_border_neighbours_partial") or ()))
    return out


@lru_cache(maxsize=1)
def borders() -> frozenset[frozenset[str]]:
    """The passable borders: pairs of regions an army may cross between."""
    return frozenset(frozenset((a, b)) for a, r in regions().items() for b in r.passable)


@lru_cache(maxsize=1)
def closed_borders() -> frozenset[frozenset[str]]:
    """Impassable borders the data lists (the western and central map only)."""
    return frozenset(frozenset((a, b)) for a, r in regions().items() for b in r.impassable)


def neighbours(region: str) -> tuple[str, ...]:
    """Regions across a passable border."""
    return regions()[region].passable


def nation_side(nation: str) -> str:
    """FP or SHADOW."""
    return FP if nation in FP_NATIONS else SHADOW


@lru_cache(maxsize=1)
def nations() -> dict[str, dict]:
    """Per nation: side, reinforcements at the start, political steps, active."""
    out = {}
    for nid, n in raw()["base_game"]["nations"].items():
        out[nid] = {"side": _side(n["side"]), "reinforcements": dict(n["reinforcements_start"]),
                    "steps": int(n["political_steps_from_at_war"]),
                    "active": bool(n["active_at_start"])}
    return out


_COMPANION_NATIONS = {"strider": "north", "boromir": "gondor", "legolas": "elves",
                      "gimli": "dwarves"}
_CHARACTER_NAMES = {"gandalf-grey": "Gandalf the Grey", "strider": "Strider",
                    "boromir": "Boromir", "legolas": "Legolas", "gimli": "Gimli",
                    "meriadoc": "Meriadoc", "peregrin": "Peregrin",
                    "aragorn": "Aragorn", "gandalf-white": "Gandalf the White",
                    "gollum": "Gollum", "saruman": "Saruman", "witch-king": "The Witch-king",
                    "mouth-of-sauron": "The Mouth of Sauron"}


@lru_cache(maxsize=1)
def characters() -> dict[str, Character]:
    """Companions (with Gollum) and Minions by id."""
    ch = raw()["base_game"]["characters"]
    out = {}
    for c in ch["companions"]:
        out[c["id"]] = Character(c["id"], _CHARACTER_NAMES[c["id"]], FP, int(c["level"]),
                                 int(c["leadership"]), _COMPANION_NATIONS.get(c["id"]),
                                 bool(c.get("extra_action_die")))
    for c in ch["minions"]:
        level = c["level"] if isinstance(c["level"], int) else None
        out[c["id"]] = Character(c["id"], _CHARACTER_NAMES[c["id"]], SHADOW, level,
                                 int(c["leadership"]), c.get("nation"),
                                 bool(c.get("extra_action_die")))
    return out


FELLOWSHIP_START = ("gandalf-grey", "strider", "boromir", "legolas", "gimli", "meriadoc",
                    "peregrin")

_FACE_OF = {"Muster": "muster", "Event": "event", "Character": "character"}


@lru_cache(maxsize=1)
def sovereigns() -> dict[str, Sovereign]:
    """The five Sovereigns by id."""
    out = {}
    names = {"brand": "Brand", "dain": "Dáin", "denethor": "Denethor", "theoden": "Théoden",
             "thranduil": "Thranduil"}
    for sid, s in raw()["rulers"]["sovereigns"].items():
        a2 = s["ability_2"]
        awaken = None if s["awaken_region"].startswith("any") else s["awaken_region"]
        out[sid] = Sovereign(
            id=sid, name=names[sid], nation=s["nation"], start=s["start_region"],
            level=int(s["level_awakened"]), leadership=int(s["leadership_awakened"]),
            resistance=int(s["shadow_resistance"]), awaken_region=awaken,
            ability_face=_FACE_OF[a2["ruler_die_result"]], ability=a2["name"],
            combat=s["ability_1"]["name"] if s["ability_1"].get("combat_special") else "")
    return out


@lru_cache(maxsize=1)
def chieftains() -> dict[str, Chieftain]:
    """The three Dark Chieftains by id."""
    out = {}
    names = {"the-black-serpent": "The Black Serpent", "the-shadow-of-mirkwood":
             "The Shadow of Mirkwood", "ugluk": "Uglúk"}
    for cid, c in raw()["rulers"]["dark_chieftains"].items():
        out[cid] = Chieftain(cid, names[cid], c["nation"], int(c["level"]),
                             int(c["leadership"]), c["ability"]["name"],
                             str(c["ability"]["initiative"]))
    return out


DECKS = (("fp", "character"), ("fp", "strategy"), ("shadow", "character"),
         ("shadow", "strategy"))
BASE_DECK_SIZE = 24


@lru_cache(maxsize=1)
def kings_events() -> tuple[EventCard, ...]:
    """The expansion's 19 event cards (11 replace a base card by number, 8 are new)."""
    out = []
    for e in raw()["kome_event_cards"]["list"]:
        out.append(EventCard(_side(e["side"]), e["deck"].lower(), int(e["no"]), e["name"],
                             e["kind"], e["combat"], int(e["init"])))
    return tuple(out)


def hunt_tiles() -> dict:
    """The hunt tiles: standard pool, special tiles, the Kings tiles."""
    return raw()["hunt_tiles"]


def tracks() -> dict:
    """Numbers of the tracks (corruption, Mordor, victory points, rings)."""
    return raw()["base_game"]["tracks"]


def dice_counts() -> dict:
    """Action dice at the start and at most, per side."""
    a = raw()["action_dice"]
    return {FP: (a["free_peoples_standard"]["count_start"], a["free_peoples_standard"]["max"]),
            SHADOW: (a["shadow_standard"]["count_start"], a["shadow_standard"]["max"])}
