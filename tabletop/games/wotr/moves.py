"""Figures on the map: moving, mustering, casualties, control of settlements.

Enforced: armies move one region along a passable border with an Army die,
never over the stacking limit of 10 units, never into an enemy army (that is
an attack); characters move up to their Level with a Character die; Dark
Chieftains move as non-flying Minions; a Corrupted Sovereign never moves;
units are mustered only in a free settlement of their nation At War.  The
free table moves anything anywhere.

The settlements held by the side they do not belong to are the slot's
``captured`` record (region -> side), written whole so that it stays a map,
empty or not, whatever is undone.

Pure Python: no pygame.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable

from tabletop.core.commands import Command
from tabletop.core.i18n import _, ngettext
from tabletop.core.model import TableState
import tabletop.games.wotr.commands as C
from tabletop.games.wotr.base import base, kome, piece_label
from tabletop.games.wotr.ctx import Ctx, Handler
from tabletop.games.wotr.data import (FP, NATIONS, SHADOW, characters, chieftains, regions,
                                      sovereigns)
from tabletop.games.wotr.dice import spend
from tabletop.games.wotr.geo import within
from tabletop.games.wotr.kings import sovereign_gone
from tabletop.games.wotr.pieces import UNIT_KINDS, catalogue, is_army_unit, is_figure, unit_code
from tabletop.games.wotr.vocab import CAPTURED, fire
import tabletop.games.wotr.state as S

ARMY_PIECES = ("regular", "elite", "leader")
# what the character rules add (``characters``): "falls" (c, id) takes a fallen character
# off the map; "arrived" (c, ids, region) after figures moved into a region
HOOKS: dict[str, Callable[..., None]] = {}


# ------------------------------------------------------------------ moving
def move_figures(c: Ctx, cmd: C.MoveFigures) -> str:
    """Move figures into a region (enforced: by the rules of movement)."""
    st = c.st
    c.need_cards(cmd.card_ids)
    c.need_region(cmd.region)
    for cid in cmd.card_ids:
        c.must(is_figure(S.code(st, cid)), _("{piece} is not a figure of the map.").format(
            piece=c.card_name(cid)))
    if c.strict:
        _check_move(c, cmd)
    names = c.names(cmd.card_ids)
    for cid in cmd.card_ids:
        c.tx.move(cid, S.rzone(cmd.region))
    after_arrival(c, cmd.region, _movers_side(st, cmd.card_ids))
    if "arrived" in HOOKS:
        HOOKS["arrived"](c, cmd.card_ids, cmd.region)
    return _("{seat} moved {pieces} to {region}").format(
        seat=c.seat_name(cmd.seat), pieces=names, region=c.region_name(cmd.region))


def _movers_side(st: TableState, ids: Iterable[int]) -> str | None:
    sides = {S.side_of_piece(st, x) for x in ids if is_army_unit(S.code(st, x))}
    return sides.pop() if len(sides) == 1 else None


def _check_move(c: Ctx, cmd: C.MoveFigures) -> None:
    st = c.st
    zones = {st.cards[x].zone for x in cmd.card_ids}
    c.need(len(zones) == 1 and next(iter(zones)).startswith("r."),
           _("Figures move together from one region of the map"), base("move"))
    origin = S.region_of_zone(next(iter(zones))) or ""
    c.need(origin != cmd.region, _("The figures are already there"), base("move"))
    side = S.seat_side(st, cmd.seat)
    for cid in cmd.card_ids:
        _check_mover(c, cmd.seat, side, cid)
    kinds = {S.kind(st, x) for x in cmd.card_ids}
    if kinds & {"regular", "elite"} or _sleeping_sovereigns(st, cmd.card_ids):
        _check_army_move(c, cmd, origin, side)
    else:
        _check_character_move(c, cmd, origin, side)


def _check_mover(c: Ctx, seat: int, side: str, cid: int) -> None:
    st = c.st
    name = c.card_name(cid)
    c.need(S.side_of_piece(st, cid) == side,
           _("{piece} belongs to the other side").format(piece=name), base("move"))
    if S.corrupted_piece(st, cid):
        c.need(False, _("A Corrupted Sovereign cannot move"), kome("sovereigns"))
    nation = catalogue()[S.code(st, cid)].nation
    if S.kind(st, cid) in ARMY_PIECES and nation:
        c.need(nation in S.seat_info(st, seat).get("nations", ()),
               _("{piece} is played by another seat").format(piece=name),
               kome("multi") if len(st.seats) > 2 else base("move"))
    c.need(S.kind(st, cid) != "fellowship",
           _("The Fellowship moves with a Character die, not as an army"), base("fellowship"))


def _sleeping_sovereigns(st: TableState, ids: Iterable[int]) -> bool:
    return any(S.code(st, x).startswith("sov.") and S.kind(st, x) == "sovereign"
               and S.sovereign_state(st, S.code(st, x).split(".")[1]) == "sleeping"
               for x in ids)


def _check_army_move(c: Ctx, cmd: C.MoveFigures, origin: str, side: str) -> None:
    st = c.st
    c.need(any(is_army_unit(S.code(st, x)) for x in cmd.card_ids),
           _("Leaders move only together with army units"), base("move"))
    c.need(cmd.region in regions()[origin].passable,
           _("{a} and {b} share no passable border").format(
               a=c.region_name(origin), b=c.region_name(cmd.region)), base("move"))
    c.need(not S.units(st, cmd.region, S.other(side)),
           _("An enemy army holds {r}: attack it instead").format(
               r=c.region_name(cmd.region)), base("move"))
    moving = sum(1 for x in cmd.card_ids if is_army_unit(S.code(st, x)))
    c.need(S.stack_count(st, cmd.region) + moving <= S.STACK_LIMIT,
           _("{r} would hold more than {n} army units").format(
               r=c.region_name(cmd.region), n=S.STACK_LIMIT), base("stack"))
    spend(c, side, cmd.die, "army", more=1)


def _check_character_move(c: Ctx, cmd: C.MoveFigures, origin: str, side: str) -> None:
    reach = _reach(c.st, cmd.card_ids, origin)
    c.need(cmd.region in reach, _("{r} is out of the characters' reach").format(
        r=c.region_name(cmd.region)), _reach_rule(c.st, cmd.card_ids))
    spend(c, side, cmd.die, "character")


def _reach_rule(st: TableState, ids: Iterable[int]) -> str:
    if any(S.kind(st, x) == "chieftain" for x in ids):
        return kome("nonflying")
    return base("characters")


def _reach(st: TableState, ids: Iterable[int], origin: str) -> set[str]:
    """Regions all the moving characters can reach together."""
    reach: set[str] | None = None
    for cid in ids:
        here = _piece_reach(st, cid, origin)
        reach = here if reach is None else reach & here
    return reach or set()


def _piece_reach(st: TableState, cid: int, origin: str) -> set[str]:
    code = S.code(st, cid)
    k = S.kind(st, cid)
    if k == "nazgul" or code == "char.witch-king":
        return set(regions())                     # they fly
    if k == "chieftain":
        return _nonflying_reach(st, chieftains()[code[3:]].level, origin)
    if k == "sovereign":
        sov = sovereigns()[code.split(".")[1]]
        return within(origin, sov.level)
    level = characters()[code[5:]].level if code.startswith("char.") else 1
    return within(origin, level or 0)


def _nonflying_reach(st: TableState, level: int, origin: str) -> set[str]:
    """Non-flying Minions: up to their Level, no impassable border, no region
    with a besieged friendly Stronghold, no Free Peoples Stronghold unless a
    Shadow army besieges it."""
    def closed(r: str) -> bool:
        """A region such a Minion may not enter or pass."""
        info = regions()[r]
        fp_hold = (info.settlement == "Stronghold" and S.controller_side(st, r) == FP
                   and not S.besieged(st, r))
        return fp_hold or (S.besieged(st, r) and S.controller_side(st, r) == SHADOW)
    if closed(origin) and S.besieged(st, origin):
        return {origin}
    reach = within(origin, level, blocked=closed)
    return {r for r in reach if r == origin or not closed(r)}


# ----------------------------------------------------------------- control
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
    """An army entering a settlement takes control of it."""
    info = regions()[region]
    if side is None or not info.settlement or not info.nation:
        return
    if S.units(c.st, region, S.other(side)):
        return
    own = S.nation_side_of_region(region)
    new = None if side == own else side
    if c.get("captured", region) != new:
        set_captured(c, region, new)


def control(c: Ctx, cmd: C.Control) -> str:
    """Mark who holds a settlement ("" gives it back to its nation)."""
    c.need_region(cmd.region)
    info = regions()[cmd.region]
    c.must(info.settlement, _("{r} has no settlement to control.").format(
        r=c.region_name(cmd.region)))
    c.must(cmd.side in ("", FP, SHADOW), _("Unknown side {s}.").format(s=cmd.side))
    own = S.nation_side_of_region(cmd.region)
    set_captured(c, cmd.region, None if cmd.side in ("", own) else cmd.side)
    holder = cmd.side or own
    who = S.side_name(holder) if holder else _("nobody")
    return _("{seat}: {r} is now held by the {side}").format(
        seat=c.seat_name(cmd.seat), r=c.region_name(cmd.region), side=who)


# --------------------------------------------------------------- mustering
def recruit(c: Ctx, cmd: C.Recruit) -> str:
    """Bring a unit from its nation's reinforcements into a region."""
    st = c.st
    c.must(cmd.nation in NATIONS, _("There is no nation called {n}.").format(n=cmd.nation))
    c.must(cmd.unit in UNIT_KINDS, _("There is no unit called {u}.").format(u=cmd.unit))
    c.need_region(cmd.region)
    code = unit_code(cmd.nation, cmd.unit)
    pool = [x for x in st.zones[f"reinf.{cmd.nation}"].cards if S.code(st, x) == code]
    c.must(pool, _("No {piece} is left in the reinforcements.").format(piece=piece_label(code)))
    if c.strict:
        _check_recruit(c, cmd)
    c.tx.move(pool[-1], S.rzone(cmd.region))
    return _("{seat} mustered a {piece} in {region}").format(
        seat=c.seat_name(cmd.seat), piece=piece_label(code), region=c.region_name(cmd.region))


def _check_recruit(c: Ctx, cmd: C.Recruit) -> None:
    st = c.st
    info = regions()[cmd.region]
    side = S.nation_side_of(cmd.nation)
    c.need(cmd.nation in S.seat_info(st, cmd.seat).get("nations", ()),
           _("{seat} does not play {nation}").format(
               seat=c.seat_name(cmd.seat), nation=S.nation_name(cmd.nation)), base("recruit"))
    c.need(S.at_war(st, cmd.nation), _("{nation} is not At War").format(
        nation=S.nation_name(cmd.nation)), base("politics"))
    c.need(info.nation == cmd.nation and info.settlement,
           _("Units are mustered in a settlement of their own nation"), base("recruit"))
    c.need(not S.is_conquered(st, cmd.region), _("{r} has been conquered").format(
        r=c.region_name(cmd.region)), base("recruit"))
    c.need(not S.units(st, cmd.region, S.other(side)), _("An enemy army stands in {r}").format(
        r=c.region_name(cmd.region)), base("recruit"))
    if cmd.unit in ("regular", "elite"):
        c.need(S.stack_count(st, cmd.region) < S.STACK_LIMIT,
               _("{r} already holds {n} army units").format(
                   r=c.region_name(cmd.region), n=S.STACK_LIMIT), base("stack"))
    spend(c, side, cmd.die, "muster", more=0 if cmd.unit == "elite" else 1)


# -------------------------------------------------------------- casualties
def eliminate(c: Ctx, cmd: C.Eliminate) -> str:
    """Remove figures as casualties."""
    c.need_cards(cmd.card_ids)
    names = c.names(cmd.card_ids)
    for cid in cmd.card_ids:
        remove_figure(c, cid)
    return ngettext("{seat} removed {pieces} as a casualty",
                    "{seat} removed {pieces} as casualties", len(cmd.card_ids)).format(
        seat=c.seat_name(cmd.seat), pieces=names)


def remove_figure(c: Ctx, cid: int) -> None:
    """Take a figure off the map where the rules send it."""
    d = catalogue()[S.code(c.st, cid)]
    if d.kind == "sovereign":
        sid = d.code.split(".")[1]
        c.need(S.sovereign_state(c.st, sid) != "corrupted",
               _("A Corrupted Sovereign leaves the game only as the rules say"), kome("remove"))
        sovereign_gone(c, sid)
        c.tx.move(cid, "kome.out")
        return
    c.must(d.kind in UNIT_KINDS or d.kind in ("companion", "minion", "chieftain"),
           _("{piece} cannot be taken as a casualty.").format(piece=_(d.name)))
    if d.kind in ("companion", "minion"):
        fall = HOOKS.get("falls")
        if fall is None:
            c.tx.move(cid, "chars.dead")
        else:
            fall(c, cid)
    elif d.kind == "chieftain":
        c.tx.move(cid, "kome.out")
        c.put(("kome", "chieftains", d.code[3:]), "out")
    elif d.side == FP:
        c.tx.move(cid, f"cas.{d.nation}")
    else:
        c.tx.move(cid, f"reinf.{d.nation}")


def reduce(c: Ctx, cmd: C.Reduce) -> str:
    """Replace an Elite unit on the map by a Regular unit of its nation."""
    st = c.st
    c.need_cards((cmd.card_id,))
    d = catalogue().get(S.code(st, cmd.card_id))
    c.must(d is not None and d.kind == "elite", _("Only an Elite unit can be reduced."))
    assert d is not None
    zone = st.cards[cmd.card_id].zone
    c.must(zone.startswith("r."), _("Only a unit on the map can be reduced."))
    regular = unit_code(d.nation or "", "regular")
    pool = [x for x in st.zones[f"reinf.{d.nation}"].cards if S.code(st, x) == regular]
    c.must(pool, _("No Regular unit of that nation is left to replace it."))
    remove_figure(c, cmd.card_id)
    c.tx.move(pool[-1], zone)
    return _("{seat} replaced {piece} by a Regular unit").format(
        seat=c.seat_name(cmd.seat), piece=piece_label(d.code))


HANDLERS: dict[type[Command], Handler] = {C.MoveFigures: move_figures, C.Recruit: recruit, C.Eliminate: eliminate,
            C.Reduce: reduce, C.Control: control}
