"""Figures on the map: moving, mustering, casualties, control of settlements.

Enforced (War of the Ring, "Army movement", "Recruiting troops", "Characters"):

- an Army die moves up to two different armies one region each (no figure
  twice), a Character die one army with a Leader or Character; never over the
  stacking limit of 10 units of a side, never into an enemy army (that is an
  attack) unless the enemy is besieged there by one's own army; a besieged
  army leaves only by a sortie; Free Peoples Leaders never stay behind without
  units; units of a nation not At War never cross into another nation's
  region;
- a Character die moves every Nazgûl and Minion (the Nazgûl and the
  Witch-king fly anywhere but into a Free Peoples Stronghold not besieged by
  the Shadow; Dark Chieftains move as non-flying Minions) or every Companion
  (up to his Level), each figure once;
- a Muster die recruits two Regulars or Leaders (Nazgûl in Sauron's
  Strongholds), each in a different free Town, City or Stronghold of its
  nation At War, not captured nor besieged, or one Elite;
- an army entering a Town, City or unoccupied Stronghold of the enemy
  captures it (its nation advances one step); entering a Free Peoples
  nation's region activates it.

The free table moves anything anywhere.  The settlements held by the side
they do not belong to are the slot's ``captured`` record (region -> side),
written whole so that it stays a map, empty or not, whatever is undone.

Pure Python: no pygame.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from tabletop.core.commands import Command
from tabletop.core.i18n import _, ngettext
from tabletop.core.model import TableState
import tabletop.games.wotr.commands as C
from tabletop.games.wotr.base import base, kome, piece_label
from tabletop.games.wotr.ctx import Ctx, Handler
from tabletop.games.wotr.data import (FP, NATIONS, SHADOW, characters, chieftains, regions,
                                      sovereigns)
from tabletop.games.wotr.dice import face_of, note_follow, spend
from tabletop.games.wotr.geo import within
from tabletop.games.wotr.kings import sovereign_gone
from tabletop.games.wotr.pieces import UNIT_KINDS, catalogue, is_army_unit, is_figure, unit_code
import tabletop.games.wotr.politics as P
from tabletop.games.wotr.capture import (SETTLEMENTS, after_arrival, set_captured,  # noqa: F401
                                         to_reinforcements)
import tabletop.games.wotr.siege as SG
import tabletop.games.wotr.state as S

ARMY_PIECES = ("regular", "elite", "leader")
# what the character rules add (``characters``): "falls" (c, id) takes a fallen character
# off the map; "arrived" (c, ids, region) after figures moved into a region
HOOKS: dict[str, Callable[..., Any]] = S.RULE_HOOKS


# ------------------------------------------------------------------ moving
def move_figures(c: Ctx, cmd: C.MoveFigures) -> str:
    """Move figures into a region (enforced: by the rules of movement)."""
    st = c.st
    c.need_cards(cmd.card_ids)
    c.need_region(cmd.region)
    for cid in cmd.card_ids:
        c.must(is_figure(S.code(st, cid)), _("{piece} is not a figure of the map.").format(
            piece=c.card_name(cid)))
    entered = HOOKS["enter"](c, cmd.seat, cmd.card_ids, cmd.region) if "enter" in HOOKS \
        else None                               # a character set aside enters play
    if entered is not None:
        return str(entered)
    origins = {S.region_of_zone(st.cards[x].zone) for x in cmd.card_ids}
    if c.strict:
        _check_move(c, cmd)
    names = c.names(cmd.card_ids)
    side = _movers_side(st, cmd.card_ids)
    for cid in cmd.card_ids:
        c.tx.move(cid, S.rzone(cmd.region))
    for origin in origins:
        if origin:
            SG.refresh(c, origin)
    P.region_entered(c, cmd.region, side)
    after_arrival(c, cmd.region, side)
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
    c.need(S.code(st, cid) != "char.saruman", _("Saruman never leaves Orthanc"),
           base("characters"))


def _sleeping_sovereigns(st: TableState, ids: Iterable[int]) -> bool:
    return any(S.code(st, x).startswith("sov.") and S.kind(st, x) == "sovereign"
               and S.sovereign_state(st, S.code(st, x).split(".")[1]) == "sleeping"
               for x in ids)


def army_move_problem(st: TableState, ids: Iterable[int], origin: str, dest: str,
                      side: str) -> str | None:
    """Why an army may not move from ``origin`` to ``dest`` (None: it may), the die aside."""
    ids = list(ids)
    return origin_problem(st, ids, origin, side) or dest_problem(st, ids, origin, dest, side)


def origin_problem(st: TableState, ids: list[int], origin: str, side: str) -> str | None:
    """What keeps these figures from moving out of ``origin`` at all (None: nothing)."""
    if not any(is_army_unit(S.code(st, x)) for x in ids):
        return _("Leaders move only together with army units")
    if SG.is_besieged(st, origin, side):
        return _("A besieged army leaves its Stronghold only by a sortie")
    left = [x for x in S.pieces_in(st, origin) if x not in ids]
    if side == FP and any(S.kind(st, x) == "leader" for x in left) \
            and not any(is_army_unit(S.code(st, x)) and S.side_of_piece(st, x) == FP
                        for x in left):
        return _("Free Peoples Leaders never stay in a region without army units")
    return None


def not_at_war(st: TableState, ids: Iterable[int]) -> set[str]:
    """The nations not At War among the army units and Leaders of ``ids``."""
    out = set()
    for cid in ids:
        nation = catalogue()[S.code(st, cid)].nation
        if S.kind(st, cid) in ARMY_PIECES and nation and not S.at_war(st, nation):
            out.add(nation)
    return out


def dest_problem(st: TableState, ids: list[int], origin: str, dest: str, side: str,
                 nonwar: set[str] | None = None) -> str | None:
    """What keeps these figures (free to leave ``origin``) from entering ``dest``."""
    if dest not in regions()[origin].passable:
        return _("{a} and {b} share no passable border").format(
            a=_(regions()[origin].name), b=_(regions()[dest].name))
    if S.units(st, dest, S.other(side)) and not SG.is_besieged(st, dest, S.other(side)):
        return _("An enemy army holds {r}: attack it instead").format(r=_(regions()[dest].name))
    if "forbidden" in HOOKS and HOOKS["forbidden"](st, side, dest):
        return _("A card on the table keeps Shadow armies out of {r}").format(
            r=_(regions()[dest].name))
    moving = sum(1 for x in ids if is_army_unit(S.code(st, x)))
    if S.stack_count(st, dest, side) + moving > S.STACK_LIMIT:
        return _("{r} would hold more than {n} army units").format(
            r=_(regions()[dest].name), n=S.STACK_LIMIT)
    target = regions()[dest].nation
    for nation in sorted(not_at_war(st, ids) if nonwar is None else nonwar):
        if target not in (None, nation):
            return _("{nation} is not At War: its units never cross into another nation's "
                     "land").format(nation=S.nation_name(nation))
    return None


def _check_army_move(c: Ctx, cmd: C.MoveFigures, origin: str, side: str) -> None:
    st = c.st
    why = army_move_problem(st, cmd.card_ids, origin, cmd.region, side)
    c.need(why is None, why or "", base("stack") if why and str(S.STACK_LIMIT) in why
           else base("move"))
    f = c.get("follow")
    if f and f.get("action") == "army" and f.get("side") == side and cmd.die in (-1, f["die"]):
        c.need(origin not in f.get("regions", ()) and not set(cmd.card_ids) & set(
            f.get("pieces", ())), _("An Army die moves two different armies, never the same "
                                    "figures twice"), base("move"))
        spend(c, side, cmd.die, "army", "army")
        note_follow(c, [cmd.region], list(cmd.card_ids))
        return
    if face_of(c, side, cmd.die) == "character":
        c.need(any(S.leads(st, x) for x in cmd.card_ids),
               _("A Character die moves an army with a Leader or a Character"), base("move"))
        spend(c, side, cmd.die, "character", "leader-army")
        return
    spend(c, side, cmd.die, "army", "army", more=1)
    note_follow(c, [cmd.region], list(cmd.card_ids))


def _check_character_move(c: Ctx, cmd: C.MoveFigures, origin: str, side: str) -> None:
    reach = _reach(c.st, cmd.card_ids, origin)
    c.need(cmd.region in reach, _("{r} is out of the characters' reach").format(
        r=c.region_name(cmd.region)), _reach_rule(c.st, cmd.card_ids))
    f = c.get("follow")
    if f and f.get("action") == "characters" and f.get("side") == side:
        c.need(not set(cmd.card_ids) & set(f.get("pieces", ())),
               _("A Character die moves each figure once"), base("characters"))
    spend(c, side, cmd.die, "character", "characters", more=99)
    note_follow(c, pieces=list(cmd.card_ids))


def reach_of(st: TableState, ids: Iterable[int], origin: str) -> set[str]:
    """Regions the characters ``ids`` in ``origin`` can reach together this move."""
    return _reach(st, ids, origin)


def _reach_rule(st: TableState, ids: Iterable[int]) -> str:
    if any(S.kind(st, x) == "chieftain" for x in ids):
        return kome("nonflying")
    return base("characters")


def _reach(st: TableState, ids: Iterable[int], origin: str) -> set[str]:
    """Regions all the moving characters can reach together."""
    ids = list(ids)
    level = HOOKS["group_level"](st, ids) if "group_level" in HOOKS else 0
    if level:                                   # Shadowfax
        return within(origin, level)
    reach: set[str] | None = None
    for cid in ids:
        here = _piece_reach(st, cid, origin)
        reach = here if reach is None else reach & here
    return reach or set()


def flying_reach(st: TableState) -> set[str]:
    """Where the Nazgûl and the Witch-king may fly: anywhere but a region with a Free
    Peoples Stronghold the Shadow does not besiege."""
    return {r for r, info in regions().items()
            if not (info.settlement == "Stronghold" and S.controller_side(st, r) == FP
                    and not SG.is_besieged(st, r, FP))}


def _piece_reach(st: TableState, cid: int, origin: str) -> set[str]:
    code = S.code(st, cid)
    k = S.kind(st, cid)
    if k == "nazgul" or code == "char.witch-king":
        return flying_reach(st)
    if k == "chieftain":
        return _nonflying_reach(st, chieftains()[code[3:]].level, origin)
    if code == "char.mouth-of-sauron":
        return _nonflying_reach(st, characters()["mouth-of-sauron"].level or 3, origin)
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
def control(c: Ctx, cmd: C.Control) -> str:
    """Mark who holds a settlement ("" gives it back to its nation): the free table."""
    c.need_region(cmd.region)
    info = regions()[cmd.region]
    c.must(info.settlement, _("{r} has no settlement to control.").format(
        r=c.region_name(cmd.region)))
    c.must(cmd.side in ("", FP, SHADOW), _("Unknown side {s}.").format(s=cmd.side))
    c.need(False, _("A settlement changes hands when an army captures it"), base("move"))
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


def muster_problem(st: TableState, nation: str, unit: str, region: str) -> str | None:
    """Why a unit of ``nation`` may not be mustered in ``region`` (None: it may),
    the die and the seat aside."""
    info = regions()[region]
    side = S.nation_side_of(nation)
    if not S.at_war(st, nation):
        return _("{nation} is not At War").format(nation=S.nation_name(nation))
    weak = HOOKS["weakness"](st, nation, unit, region) if "weakness" in HOOKS else ""
    if weak:                                    # a Corrupted Sovereign's weakness
        return str(weak)
    white = "white_hand" in HOOKS and HOOKS["white_hand"](st, region, nation)
    if unit == "nazgul":
        if info.nation != "sauron" or info.settlement != "Stronghold":
            return _("Nazgûl are recruited in the Strongholds of Sauron")
    elif (info.nation != nation and not white) or info.settlement not in SETTLEMENTS:
        return _("Units are mustered in a Town, City or Stronghold of their own nation")
    if S.controller_side(st, region) != side:
        return _("{r} has been conquered").format(r=_(info.name))
    if SG.besieged_side(st, region) is not None or S.units(st, region, S.other(side)):
        return _("An enemy army stands in {r}").format(r=_(info.name))
    if unit in ("regular", "elite") and S.stack_count(st, region, side) >= S.STACK_LIMIT:
        return _("{r} already holds {n} army units").format(r=_(info.name), n=S.STACK_LIMIT)
    return None


def _check_recruit(c: Ctx, cmd: C.Recruit) -> None:
    st = c.st
    side = S.nation_side_of(cmd.nation)
    c.need(cmd.nation in S.seat_info(st, cmd.seat).get("nations", ()),
           _("{seat} does not play {nation}").format(
               seat=c.seat_name(cmd.seat), nation=S.nation_name(cmd.nation)), base("recruit"))
    why = muster_problem(st, cmd.nation, cmd.unit, cmd.region)
    c.need(why is None, why or "", base("recruit"))
    f = c.get("follow")
    if f and f.get("action") == "muster" and f.get("side") == side and cmd.die in (-1, f["die"]):
        c.need(cmd.unit != "elite", _("A Muster die recruits one Elite, or two Regulars or "
                                      "Leaders"), base("recruit"))
        c.need(cmd.region not in f.get("regions", ()),
               _("The two figures of a Muster die go to different settlements"), base("recruit"))
    spend(c, side, cmd.die, "muster", "muster", more=0 if cmd.unit == "elite" else 1)
    note_follow(c, [cmd.region])


# -------------------------------------------------------------- casualties
def eliminate(c: Ctx, cmd: C.Eliminate) -> str:
    """Remove figures as casualties (the free table; the rules take their own)."""
    c.need_cards(cmd.card_ids)
    c.need(False, _("Casualties are taken as the rules say (battles, the Hunt)"), base("combat"))
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


def regular_for(st: TableState, cid: int) -> int | None:
    """A Regular unit of an Elite's nation left in the reinforcements (None: none)."""
    nation = catalogue()[S.code(st, cid)].nation or ""
    code = unit_code(nation, "regular")
    pool = [x for x in st.zones[f"reinf.{nation}"].cards if S.code(st, x) == code]
    return pool[-1] if pool else None


def reduce_elite(c: Ctx, cid: int) -> None:
    """Replace an Elite unit on the map by a Regular unit of its nation; the Elite
    goes back to the reinforcements."""
    zone = c.st.cards[cid].zone
    regular = regular_for(c.st, cid)
    c.must(regular is not None, _("No Regular unit of that nation is left to replace it."))
    assert regular is not None
    to_reinforcements(c, cid)
    c.tx.move(regular, zone)


def reduce(c: Ctx, cmd: C.Reduce) -> str:
    """Replace an Elite unit on the map by a Regular unit of its nation (the free table)."""
    st = c.st
    c.need_cards((cmd.card_id,))
    d = catalogue().get(S.code(st, cmd.card_id))
    c.must(d is not None and d.kind == "elite", _("Only an Elite unit can be reduced."))
    assert d is not None
    c.must(st.cards[cmd.card_id].zone.startswith("r."), _("Only a unit on the map can be reduced."))
    c.need(False, _("Elite units are reduced as the rules say (casualties, sieges)"),
           base("combat"))
    reduce_elite(c, cmd.card_id)
    return _("{seat} replaced {piece} by a Regular unit").format(
        seat=c.seat_name(cmd.seat), piece=piece_label(d.code))


HANDLERS: dict[type[Command], Handler] = {C.MoveFigures: move_figures, C.Recruit: recruit, C.Eliminate: eliminate,
            C.Reduce: reduce, C.Control: control}
