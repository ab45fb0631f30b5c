"""The catalogue of War of the Ring pieces: every code a piece may carry.

A piece's ``code`` says what it is; its zone says where it is.  Codes:

- army units ``<nation>.regular``, ``<nation>.elite``, ``<nation>.leader``,
  ``sauron.nazgul``;
- characters ``char.<id>``, the Ring-bearers' figure ``fellowship``;
- Sovereigns ``sov.<id>`` (grey figure) and ``sov.<id>.silver``, Dark
  Chieftains ``dc.<id>``;
- hunt tiles ``hunt.eye``, ``hunt.3``, ``hunt.2r``... (``r``: the Reveal icon),
  special tiles ``hunt.blue.*`` / ``hunt.red.*``, Kings tiles ``hunt.king1/2``;
- event cards ``ev.<fp|shadow>.<char|strat>.<nn>`` (``k`` appended for the
  expansion's cards), the expansion's character cards ``card.sov.<id>``,
  ``card.sovc.<id>`` (Corrupted), ``card.dc.<id>``;
- ``ruler.<sovereign>`` tokens, ``corruptor``, ``helms-deep.tile``, ``ring``
  (an Elven ring).

Names are English msgids (translate with ``_`` where shown).  Pure Python.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from tabletop.games.wotr.data import (FP, NATION_NAMES, NATIONS, SHADOW, characters,
                                      chieftains, hunt_tiles, kings_events, nation_side,
                                      sovereigns)

UNIT_KINDS = ("regular", "elite", "leader", "nazgul")
ARMY_KINDS = ("regular", "elite")          # count against the stacking limit
DECK_WORD = {"character": "char", "strategy": "strat"}


@dataclass(frozen=True)
class PieceDef:
    """What a code stands for."""
    code: str
    name: str                 # English msgid
    kind: str                 # regular, elite, leader, nazgul, companion, minion, fellowship,
                              # sovereign, chieftain, hunt, event, rulercard, token, ring
    side: str | None = None
    nation: str | None = None
    value: int = 0            # hunt tiles: the number (an Eye counts as 0 here)
    reveal: bool = False      # hunt tiles with the Reveal icon
    eye: bool = False         # the Eye tile (its value is the hunt's successes)
    special: bool = False     # special hunt tiles (blue/red) and Kings tiles
    king: bool = False        # a Kings hunt tile
    number: int = 0           # event cards: the card number


def unit_code(nation: str, kind: str) -> str:
    """``gondor.regular``, ``sauron.nazgul``..."""
    return f"{nation}.{kind}"


def event_code(side: str, deck: str, number: int, kings: bool = False) -> str:
    """``ev.fp.char.07``; the expansion's card of that number ends in ``k``."""
    return f"ev.{side}.{DECK_WORD[deck]}.{number:02d}" + ("k" if kings else "")


def _units(out: dict) -> None:
    names = {"regular": "{nation} Regular", "elite": "{nation} Elite",
             "leader": "{nation} Leader"}
    for nation in NATIONS:
        side = nation_side(nation)
        for kind in ("regular", "elite", "leader"):
            code = unit_code(nation, kind)
            out[code] = PieceDef(code, names[kind].replace("{nation}", NATION_NAMES[nation]),
                                 kind, side, nation)
    out["sauron.nazgul"] = PieceDef("sauron.nazgul", "Nazgûl", "nazgul", SHADOW, "sauron")


def _characters(out: dict) -> None:
    for cid, ch in characters().items():
        kind = "companion" if ch.side == FP else "minion"
        out[f"char.{cid}"] = PieceDef(f"char.{cid}", ch.name, kind, ch.side, ch.nation)
    out["fellowship"] = PieceDef("fellowship", "The Fellowship", "fellowship", FP)
    for sid, s in sovereigns().items():
        out[f"sov.{sid}"] = PieceDef(f"sov.{sid}", s.name, "sovereign", FP, s.nation)
        out[f"sov.{sid}.silver"] = PieceDef(f"sov.{sid}.silver", s.name, "sovereign", FP,
                                            s.nation)
        out[f"card.sov.{sid}"] = PieceDef(f"card.sov.{sid}", s.name + " (Awakened)",
                                          "rulercard", FP, s.nation)
        out[f"card.sovc.{sid}"] = PieceDef(f"card.sovc.{sid}", s.name + " (Corrupted)",
                                           "rulercard", SHADOW, s.nation)
        out[f"ruler.{sid}"] = PieceDef(f"ruler.{sid}", "Ruler token: " + s.name, "token", FP,
                                       s.nation)
    for did, dc in chieftains().items():
        out[f"dc.{did}"] = PieceDef(f"dc.{did}", dc.name, "chieftain", SHADOW, dc.nation)
        out[f"card.dc.{did}"] = PieceDef(f"card.dc.{did}", dc.name, "rulercard", SHADOW,
                                         dc.nation)


_SPECIAL = {"Elven Cloaks": "cloaks", "Elven Rope": "rope", "Phial of Galadriel": "phial",
            "Smeagol Helps Nice Master": "smeagol", "Shelob's Lair": "shelob",
            "The Ring is Mine!": "mine", "On, On They Went": "onon", "Give it to Uss!": "uss"}


def _hunt_code(value, reveal: bool) -> str:
    if value == "Eye":
        return "hunt.eye"
    return f"hunt.{value}" + ("r" if reveal else "")


def _hunt(out: dict) -> None:
    h = hunt_tiles()
    for t in h["standard_pool_16"]:
        code = _hunt_code(t["value"], t["reveal"])
        eye = t["value"] == "Eye"
        name = "Eye" if eye else str(t["value"]) + (" (Reveal)" if t["reveal"] else "")
        out[code] = PieceDef(code, "Hunt tile " + name, "hunt", SHADOW, None,
                             0 if eye else int(t["value"]), bool(t["reveal"]), eye)
    for colour, key in (("blue", "special_free_peoples_blue"),
                        ("red", "special_shadow_red_all_with_stop_icon")):
        for t in h[key]:
            code = f"hunt.{colour}.{_SPECIAL[t['via_event']]}"
            value = t["value"] if isinstance(t["value"], int) else 0
            out[code] = PieceDef(code, "Special hunt tile: " + t["via_event"], "hunt", None,
                                 None, value, bool(t["reveal"]), t["value"] == "Eye",
                                 special=True)
    for t in h["kome_kings_tiles"]["tiles"]:
        code = f"hunt.king{t['value']}"
        out[code] = PieceDef(code, f"Kings hunt tile {t['value']}", "hunt", None, None,
                             int(t["value"]), False, False, special=True, king=True)


def standard_pool() -> list[str]:
    """The codes of the 16 standard hunt tiles, one per tile."""
    return [_hunt_code(t["value"], t["reveal"])
            for t in hunt_tiles()["standard_pool_16"] for _i in range(t["count"])]


def _events(out: dict) -> None:
    from tabletop.games.wotr.data import BASE_DECK_SIZE, DECKS
    side_word = {FP: "Free Peoples", SHADOW: "Shadow"}
    deck_word = {"character": "Character", "strategy": "Strategy"}
    for side, deck in DECKS:
        for n in range(1, BASE_DECK_SIZE + 1):
            code = event_code(side, deck, n)
            out[code] = PieceDef(code, f"{side_word[side]} {deck_word[deck]} event {n}",
                                 "event", side, number=n)
    for ev in kings_events():
        code = event_code(ev.side, ev.deck, ev.number, kings=True)
        out[code] = PieceDef(code, ev.name, "event", ev.side, number=ev.number)


@lru_cache(maxsize=1)
def catalogue() -> dict[str, PieceDef]:
    """Every piece code this game knows."""
    out: dict[str, PieceDef] = {}
    _units(out)
    _characters(out)
    _hunt(out)
    _events(out)
    out["corruptor"] = PieceDef("corruptor", "Corruptor token", "token", SHADOW)
    out["helms-deep.tile"] = PieceDef("helms-deep.tile", "Helm's Deep Shadow Stronghold tile",
                                      "token", SHADOW, "isengard")
    out["ring"] = PieceDef("ring", "Elven ring", "ring", FP)
    return out


def piece(code: str) -> PieceDef:
    """The definition of a code (KeyError if unknown)."""
    return catalogue()[code]


def is_army_unit(code: str) -> bool:
    """Regular and Elite units: what the stacking limit counts."""
    d = catalogue().get(code)
    return d is not None and d.kind in ARMY_KINDS


def is_figure(code: str) -> bool:
    """Anything that stands in a region and moves over the map."""
    d = catalogue().get(code)
    return d is not None and d.kind in ("regular", "elite", "leader", "nazgul", "companion",
                                        "minion", "fellowship", "sovereign", "chieftain")
