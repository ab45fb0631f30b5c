"""Settlements changing hands, and units going back to the reinforcements.

The settlements held by the side they do not belong to are the slot's
``captured`` record (region -> side), written whole so that it stays a map,
empty or not, whatever is undone.  An army entering a Town, City or
unoccupied Stronghold of the enemy captures it (a Fortification is no
Settlement); the settlement's nation then advances one step toward war.

Pure Python: no pygame.
"""
from __future__ import annotations

from tabletop.core.i18n import _
from tabletop.games.wotr.ctx import Ctx
from tabletop.games.wotr.data import regions
from tabletop.games.wotr.pieces import catalogue
import tabletop.games.wotr.politics as P
from tabletop.games.wotr.vocab import CAPTURED, fire
import tabletop.games.wotr.state as S

SETTLEMENTS = ("Town", "City", "Stronghold")     # a Fortification is no Settlement


def set_captured(c: Ctx, region: str, side: str | None) -> None:
    """Record who holds a settlement (None: its own nation again).  The record
    is written whole, so it stays a map even when its last entry goes."""
    record = dict(c.get("captured", default={}) or {})
    if side is None:
        record.pop(region, None)
    else:
        record[region] = side
    c.put(("captured",), record)
    fire(c, CAPTURED, region=region, side=side)


def after_arrival(c: Ctx, region: str, side: str | None) -> None:
    """An army entering a Town, City or unoccupied Stronghold takes control of it
    (a captured settlement's nation advances one step)."""
    info = regions()[region]
    if side is None or info.settlement not in SETTLEMENTS or not info.nation:
        return
    if S.units(c.st, region, S.other(side)):
        return
    own = S.nation_side_of_region(region)
    new = None if side == own else side
    if c.get("captured", region) != new:
        set_captured(c, region, new)
        if new is not None:
            c.say(_("{r} is captured by the {side}").format(r=c.region_name(region),
                                                            side=S.side_name(side)))
            P.settlement_captured(c, region)


def to_reinforcements(c: Ctx, cid: int) -> None:
    """A unit back among its nation's available reinforcements (not a casualty)."""
    d = catalogue()[S.code(c.st, cid)]
    c.tx.move(cid, f"reinf.{d.nation}")
