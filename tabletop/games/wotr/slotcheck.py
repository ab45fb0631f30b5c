"""The check of the ``wotr`` slot when a save is loaded.

The save loader has already made sure the slot is bounded plain data; this
checks that it has the shape the rules read (see ``setup.initial_slot``), so
a damaged or hand-edited file is refused with a line saying what is wrong
instead of failing later in the middle of a game.  The rules kernel's part
(the instruction ``stack``, the pending ``choice``, the ``outcome``) is
checked by ``kernel.check_data`` against the game's declared operations; a
save written before the kernel has none, and gets it at its next action.
The record of captured settlements may be empty, or (in a save written
before that was fixed) missing.

Pure Python: no pygame.
"""
from __future__ import annotations

from typing import Any

from tabletop.games.wotr.data import FP, NATIONS, SHADOW, chieftains, regions, sovereigns
from tabletop.games.wotr.engine import check

PHASES = ("start", "fellowship", "hunt", "roll", "discard", "actions", "over")
DIE_KINDS = ("wotr_free_peoples", "wotr_shadow", "kome_ruler_fp", "kome_ruler_shadow")
FACES = ("", "character", "army", "muster", "army_muster", "event", "will_of_the_west", "eye")
SOVEREIGN_STATES = ("sleeping", "awake", "corrupted", "removed")


def _need(ok: Any, what: str) -> None:
    if not ok:
        raise ValueError(what)


def _int(v: Any, lo: int, hi: int, what: str) -> None:
    _need(type(v) is int and lo <= v <= hi, f"{what} is not a number from {lo} to {hi}")


def check_slot(name: str, value: Any) -> None:
    """Raise ValueError (one line) unless ``value`` is a good ``wotr`` slot."""
    _need(name == "wotr", f"unknown game data {name!r}")
    _need(isinstance(value, dict), "the game data is not a map")
    _need(isinstance(value.get("kings"), bool), "the expansion flag is missing")
    seats = value.get("seats")
    _need(isinstance(seats, list) and 2 <= len(seats) <= 4, "the seats are not 2 to 4")
    for s in seats:
        _need(isinstance(s, dict) and s.get("side") in (FP, SHADOW)
              and isinstance(s.get("nations"), list)
              and all(n in NATIONS for n in s["nations"]), "a seat's side or nations are wrong")
    _need(value.get("phase") in PHASES, f"unknown phase {value.get('phase')!r}")
    _check_politics(value.get("politics"))
    _check_dice(value.get("dice"))
    _check_fellowship(value.get("fellowship"))
    box = value.get("hunt_box")
    _need(isinstance(box, dict), "the Hunt box is missing")
    _int(box.get("eyes"), 0, 20, "the Eyes in the Hunt box")
    _int(box.get("fp"), 0, 20, "the Free Peoples dice in the Hunt box")
    captured = value.get("captured", {})
    _need(isinstance(captured, dict), "the captured settlements are not a map")
    for rid, side in captured.items():
        _need(rid in regions() and side in (FP, SHADOW), f"a captured region is wrong ({rid!r})")
    if value["kings"]:
        _check_kings(value.get("kome"))
    check(value, len(seats))


def _check_politics(pol: Any) -> None:
    _need(isinstance(pol, dict) and set(pol) == set(NATIONS), "the political track is incomplete")
    for nation, p in pol.items():
        _need(isinstance(p, dict) and isinstance(p.get("active"), bool),
              f"{nation}'s political marker is wrong")
        _int(p.get("step"), 0, 3, f"{nation}'s political step")


def _check_dice(dice: Any) -> None:
    _need(isinstance(dice, dict) and set(dice) == {FP, SHADOW}, "the action dice are missing")
    for side, pool in dice.items():
        _need(isinstance(pool, list) and len(pool) <= 12, f"the {side} dice are not a short list")
        for d in pool:
            _need(isinstance(d, dict) and d.get("kind") in DIE_KINDS and d.get("face") in FACES
                  and isinstance(d.get("used"), bool), f"a {side} action die is wrong")


def _check_fellowship(fel: Any) -> None:
    _need(isinstance(fel, dict), "the Fellowship's track is missing")
    _int(fel.get("progress"), 0, 99, "the Fellowship's progress")
    _int(fel.get("corruption"), 0, 12, "the Fellowship's corruption")
    _int(fel.get("mordor"), -1, 5, "the Fellowship's step on the Mordor track")
    _need(isinstance(fel.get("revealed"), bool), "the Fellowship's revealed flag is wrong")
    _need(isinstance(fel.get("guide"), str), "the Fellowship's Guide is wrong")


def _check_kings(kome: Any) -> None:
    _need(isinstance(kome, dict), "the Kings of Middle-earth data is missing")
    sov = kome.get("sovereigns")
    _need(isinstance(sov, dict) and set(sov) == set(sovereigns()), "the Sovereigns are missing")
    for sid, s in sov.items():
        _need(isinstance(s, dict) and s.get("state") in SOVEREIGN_STATES,
              f"{sid}'s state is wrong")
    dcs = kome.get("chieftains")
    _need(isinstance(dcs, dict) and set(dcs) == set(chieftains())
          and all(v in ("aside", "in", "out") for v in dcs.values()),
          "the Dark Chieftains are wrong")
    rd = kome.get("ruler_dice")
    _need(isinstance(rd, dict) and all(rd.get(s) in ("aside", "due", "pool") for s in (FP, SHADOW)),
          "the Ruler dice are wrong")
    _need(isinstance(kome.get("attempted"), list)
          and all(a in sovereigns() for a in kome["attempted"]), "the attempts this turn are wrong")
