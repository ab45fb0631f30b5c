"""Sieges: an army inside its Stronghold with an enemy army in the region.

The slot's ``sieges`` record maps a region to the side whose army is
besieged inside its Stronghold there.  Both armies stand in the region's
zone; the record tells them apart.  A defender attacked in a region with a
Stronghold it controls may retreat into it before any combat round; the
attacker may then advance into the region, which begins the siege (a
Stronghold holds at most five army units: the rest go back to the
reinforcements: the defender chooses the five that go inside).  While besieged, an army leaves only by a sortie (a field
battle against the besiegers in the region); it is attacked only by a siege
battle from the region (the attacker hits on 6, one round unless the
attacker reduces an Elite unit for each further round), or relieved by an
army attacking the besiegers from outside.  The siege ends when the
besiegers leave or either army is eliminated; a Stronghold whose besieged
army is eliminated is captured by the besiegers.

``refresh`` puts the record right after anything that moved or removed
figures in a region.

Pure Python: no pygame.
"""
from __future__ import annotations

from typing import Any

from tabletop.core.i18n import _
from tabletop.core.model import TableState
from tabletop.games.wotr.base import piece_label
from tabletop.games.wotr.capture import after_arrival, to_reinforcements
from tabletop.games.wotr.ctx import Ctx
from tabletop.games.wotr.data import regions
from tabletop.games.wotr.legacy import ASKING
from tabletop.games.wotr.vocab import VOCAB
import tabletop.games.wotr.state as S

SIEGE_LIMIT = 5          # army units inside a besieged Stronghold


def besieged_side(st: TableState, region: str) -> str | None:
    """The side besieged in the region's Stronghold (None: no siege there)."""
    side = S.get(st, "sieges", region)
    return side if side in ("fp", "shadow") else None


def is_besieged(st: TableState, region: str, side: str) -> bool:
    """Is ``side``'s army besieged in the region?"""
    return besieged_side(st, region) == side


def own_stronghold(st: TableState, region: str, side: str) -> bool:
    """Does the region hold a Stronghold that ``side`` controls?"""
    return regions()[region].settlement == "Stronghold" and S.controller_side(st, region) == side


def set_siege(c: Ctx, region: str, side: str | None) -> None:
    """Record (or end, with None) a siege; the record is written whole."""
    record = dict(c.get("sieges", default={}) or {})
    if side is None:
        record.pop(region, None)
    else:
        record[region] = side
    c.put(("sieges",), record)


def retreat_inside(c: Ctx, region: str, side: str) -> None:
    """``side``'s army retreats into its Stronghold, and the siege is recorded; with more
    than five units, its player first chooses the five that go inside (``siege_fit``)."""
    if len(S.units(c.st, region, side)) > SIEGE_LIMIT:
        c.push({"op": "siege_fit", "region": region, "side": side})
    else:
        set_siege(c, region, side)


def fit_suggestion(st: TableState, units: list[int]) -> list[int]:
    """The five units the engine would keep inside: Elites before Regulars."""
    order = sorted(units, key=lambda x: 0 if S.kind(st, x) == "regular" else 1)
    return sorted(order[len(units) - SIEGE_LIMIT:])


ASKING.add("siege_fit")


@VOCAB.op("siege_fit", region=str, side=str,
          doc="An army retreating into its Stronghold with more than five units: its player "
              "chooses the five that go inside; the others go back to the reinforcements.")
def _siege_fit(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    region, side = ins["region"], ins["side"]
    units = sorted(S.units(st, region, side))
    if "answer" not in ins and len(units) > SIEGE_LIMIT:
        c.ask(ins, S.lead(st, side), _("Choose the {n} units that go inside the Stronghold of "
                                       "{r} (the others go back to the reinforcements)").format(
                  n=SIEGE_LIMIT, r=c.region_name(region)),
              units, {x: piece_label(S.code(st, x)) for x in units}, kind="many",
              data={"suggest": fit_suggestion(st, units)}, low=SIEGE_LIMIT, high=SIEGE_LIMIT)
        return
    keep = set(ins.pop("answer", None) or units)
    rest = sorted((x for x in units if x not in keep),     # the same unit named twice
                  key=lambda x: 0 if S.kind(st, x) == "regular" else 1)
    while len(keep) < SIEGE_LIMIT and rest:
        keep.add(rest.pop())
    gone = [x for x in units if x not in keep]
    if gone:
        c.say(_("{pieces} cannot fit in the Stronghold and go back to the reinforcements").format(
            pieces=c.names(gone)))
    for cid in gone:
        to_reinforcements(c, cid)
    set_siege(c, region, side)


def refresh(c: Ctx, region: str) -> None:
    """A siege ends when its besiegers have left or either army is gone; a Stronghold
    whose besieged army is eliminated while besiegers remain is captured."""
    side = besieged_side(c.st, region)
    if side is None:
        return
    foe = S.other(side)
    inside = S.units(c.st, region, side)
    outside = S.units(c.st, region, foe)
    if inside and outside:
        return
    set_siege(c, region, None)
    if not inside and outside:
        c.say(_("The Stronghold of {r} falls").format(r=c.region_name(region)))
        after_arrival(c, region, foe)
    elif inside:
        c.say(_("The siege of {r} is lifted").format(r=c.region_name(region)))


def refresh_all(c: Ctx) -> None:
    """Every recorded siege put right."""
    for region in list((c.get("sieges", default={}) or {})):
        refresh(c, region)
