"""The legal actions of the action phase: what each unused die of the acting side
can do, or, while a die's action goes on (a second army, a second recruit, more
characters), its next parts and "done".

An Army die: moves of up to two armies, or an attack.  A Character die: a
move or attack of an army with a Leader or Character, the Fellowship's move
(or hiding it), the Nazgûl's flight, a Corrupted Sovereign removed, a
Character event.  A Muster die: recruits, a nation advanced, a Sovereign
awakened or a Dark Chieftain brought in.  An Event die: a card drawn or
played.  Will of the West: any of those but the Eye's.  Nazgûl flights are
offered toward the Fellowship and the Shadow's armies (the rules accept any
destination in reach).

Pure Python: no pygame.
"""
from __future__ import annotations

from collections.abc import Callable, Collection
from functools import partial
from typing import Any

from tabletop.core.commands import Command
from tabletop.core.model import TableState
import tabletop.games.wotr.commands as C
import tabletop.games.wotr.state as S
from tabletop.games.wotr.abilities import ability_actions
from tabletop.games.wotr.battle import attack_problem
from tabletop.games.wotr.cards import can_play
from tabletop.games.wotr.data import FP, SHADOW, characters, chieftains, regions, sovereigns
from tabletop.games.wotr.geo import distance
from tabletop.games.wotr.kings import chieftain_ready, suitable_companion
from tabletop.games.wotr.geo import within
from tabletop.games.wotr.moves import (dest_problem, flying_reach, muster_problem, not_at_war,
                                       origin_problem, reach_of)
from tabletop.games.wotr.pieces import catalogue
from tabletop.games.wotr.politics import can_advance
from tabletop.games.wotr.setup import hand_zone
import tabletop.games.wotr.siege as SG
from tabletop.games.wotr.sovereigns import second_ability_problem
from tabletop.games.wotr.tablecards import discard_actions

other = S.other
Choice = dict[str, Any]
# the actions a die allows, each made with the die's index: make(die) -> command (or None)
Make = Callable[[int], "Command | None"]


# what one listing of the actions computes once (cleared at its start)
_MEMO: dict[tuple[str, str], Any] = {}


def act_actions(st: TableState, q: Choice) -> list[Command]:
    """The answers to "use an action die" (or to "go on with the die's action")."""
    _MEMO.clear()
    f = S.get(st, "follow")
    if f:
        return follow_actions(st, f)
    side = S.get(st, "acting")
    foe = other(side)
    mine, theirs = S.unused(st, side), S.unused(st, foe)
    if not mine and not theirs:
        return [C.NextPhase(S.lead(st, FP))]
    out: list[Command] = []
    dice = S.get(st, "dice", side)
    found: dict[Callable[[TableState, str], list[Make]], list[Make]] = {}

    def each(kind: Callable[[TableState, str], list[Make]], die: int) -> list[Command]:
        """What a die can do (the targets are found once for every die of that kind)."""
        if kind not in found:
            found[kind] = kind(st, side)
        return [cmd for cmd in (make(die) for make in found[kind]) if cmd is not None]

    for i in mine:
        face = dice[i]["face"]
        ruler = dice[i]["kind"] == S.RULER_KIND[side]
        if S.die_ok(st, side, i, "army"):
            out += each(_army_actions, i)
        if S.die_ok(st, side, i, "muster"):
            out += each(_muster_actions, i)
        if S.die_ok(st, side, i, "muster") or (ruler and (side == FP or face != "eye")):
            out += each(_ruler_actions, i)
        if face == "character":
            out += each(_leader_army_actions, i)
        if S.die_ok(st, side, i, "character"):
            out += each(_character_actions, i)
        if S.die_ok(st, side, i, "event"):
            out += each(_event_actions, i)
    out += _play_actions(st, side, mine)
    out += discard_actions(st, side, mine)
    out += ability_actions(st, side, mine)
    out += _sovereign_abilities(st, side, mine)
    if side == SHADOW and S.kings(st):
        out += _corrupt_actions(st)
    if len(mine) < len(theirs):
        out.append(C.Pass(S.lead(st, side), side))
    out += [C.UseDie(S.lead(st, side), side, i, "") for i in mine]   # an action done by hand
    return out


def follow_actions(st: TableState, f: dict[str, Any]) -> list[Command]:
    """The next parts of a die's action, and "done"."""
    side, die, seat = f["side"], f["die"], int(f.get("seat", S.lead(st, f["side"])))
    used_regions, used = set(f.get("regions", ())), set(f.get("pieces", ()))
    makes: list[Make] = []
    if f["action"] == "army":
        makes = _army_moves(st, side, skip=used_regions, moved=used)
    elif f["action"] == "muster":
        makes = _recruits(st, side, units=("regular", "leader", "nazgul"), skip=used_regions)
    elif f["action"] == "characters":
        makes = _nazgul_moves(st, side, moved=used) + _companion_moves(st, side, moved=used)
    out: list[Command] = [cmd for cmd in (make(die) for make in makes) if cmd is not None]
    return out + [C.Decline(seat)]


# ------------------------------------------------------------------ armies
def _movers(st: TableState, region: str, side: str, characters_too: bool = False) -> tuple[int, ...]:
    """A side's figures that move as an army from a region: units and Leaders of one
    seat's nations (and, for a Character die, the Characters with them)."""
    units = S.units(st, region, side)
    if not units:
        return ()
    nation = catalogue()[S.code(st, units[0])].nation
    nations = S.seat_info(st, S.controller(st, nation or "")).get("nations", ())
    out = []
    for cid in S.army(st, region, side):
        k = S.kind(st, cid)
        if k in ("regular", "elite", "leader"):
            if catalogue()[S.code(st, cid)].nation in nations:
                out.append(cid)
        elif k == "sovereign" and S.sovereign_state(st, S.code(st, cid).split(".")[1]) \
                == "sleeping" and catalogue()[S.code(st, cid)].nation in nations:
            out.append(cid)
        elif characters_too and S.leads(st, cid) and _level(st, cid) != 0:
            out.append(cid)
    return tuple(out)


def _level(st: TableState, cid: int) -> int | None:
    code = S.code(st, cid)
    if code.startswith("char."):
        return characters()[code[5:]].level
    if code.startswith("dc."):
        return chieftains()[code[3:]].level
    if code.startswith("sov."):
        return sovereigns()[code.split(".")[1]].level
    return 1


def _army_moves(st: TableState, side: str, skip: set[str] = frozenset(),  # type: ignore[assignment]
                moved: set[int] = frozenset(), leaders: bool = False) -> list[Make]:  # type: ignore[assignment]
    out: list[Make] = []
    for rid in _regions_with_units(st, side):
        info = regions()[rid]
        if rid in skip:
            continue
        movers = _movers(st, rid, side, characters_too=leaders)
        movers = tuple(x for x in movers if x not in moved)
        if not any(S.kind(st, x) in ("regular", "elite") for x in movers):
            continue
        if leaders and not any(S.leads(st, x) for x in movers):
            continue
        unit = next(x for x in movers if S.kind(st, x) in ("regular", "elite"))
        seat = S.controller(st, catalogue()[S.code(st, unit)].nation or "")
        if origin_problem(st, list(movers), rid, side) is not None:
            continue
        nonwar = not_at_war(st, movers)
        for nxt in info.passable:
            if dest_problem(st, list(movers), rid, nxt, side, nonwar) is None:
                out.append(partial(C.MoveFigures, seat, movers, nxt))
    return out


def _attacks(st: TableState, side: str, leaders: bool = False) -> list[Make]:
    out: list[Make] = []
    for rid in _regions_with_units(st, side):
        info = regions()[rid]
        if leaders and not any(S.leads(st, x) for x in S.army(st, rid, side)):
            continue
        units = S.units(st, rid, side)
        seat = S.controller(st, catalogue()[S.code(st, units[0])].nation or "")
        targets = list(info.passable) + ([rid] if SG.besieged_side(st, rid) else [])
        for nxt in targets:
            if S.units(st, nxt, other(side)) and attack_problem(st, rid, nxt, side) is None:
                out.append(partial(C.Attack, seat, rid, nxt))
    return out


def _regions_with_units(st: TableState, side: str) -> list[str]:
    """The regions where ``side`` has army units, in the map's order."""
    key = ("units", side)
    if key not in _MEMO:
        _MEMO[key] = [rid for rid, by in S.units_by_region(st).items() if by.get(side)]
    return list(_MEMO[key])


def _army_actions(st: TableState, side: str) -> list[Make]:
    return _attacks(st, side) + _army_moves(st, side)


def _leader_army_actions(st: TableState, side: str) -> list[Make]:
    return _attacks(st, side, leaders=True) + _army_moves(st, side, leaders=True)


# ------------------------------------------------------------------ muster
def _recruits(st: TableState, side: str, units: tuple[str, ...] = ("regular", "elite", "leader",
                                                                   "nazgul"),
              skip: set[str] = frozenset()) -> list[Make]:  # type: ignore[assignment]
    out: list[Make] = []
    for rid, info in regions().items():
        if rid in skip or not info.settlement or not info.nation:
            continue
        for unit in units:
            nation = "sauron" if unit == "nazgul" else info.nation
            if S.nation_side_of(nation) != side:
                continue
            code = f"{nation}.{unit}"
            if not any(S.code(st, c) == code for c in st.zones[f"reinf.{nation}"].cards):
                continue
            if muster_problem(st, nation, unit, rid) is None:
                out.append(partial(C.Recruit, S.controller(st, nation), nation, unit, rid))
    return out


def _muster_actions(st: TableState, side: str) -> list[Make]:
    out = _recruits(st, side)
    for nation, pol in (S.get(st, "politics", default={}) or {}).items():
        if S.nation_side_of(nation) == side and can_advance(st, nation) and not (
                side == FP and not pol["active"] and "threats" in S.RULE_HOOKS
                and S.RULE_HOOKS["threats"](st)):
            out.append(partial(C.Politics, S.controller(st, nation), nation, 1))
    return out


def _ruler_actions(st: TableState, side: str) -> list[Make]:
    if not S.kings(st):
        return []
    out: list[Make] = []
    if side == FP:
        for sid, sov in sovereigns().items():
            if S.sovereign_state(st, sid) == "sleeping" and S.politics(st, sov.nation)["active"]:
                target = awaken_target(st, sid)
                if target:
                    out.append(partial(_awaken, st, S.controller(st, sov.nation), sid, target))
    else:
        for did, dc in chieftains().items():
            if not chieftain_ready(st, did):
                continue
            for rid in regions():
                if any(catalogue()[S.code(st, c)].nation == dc.nation
                       for c in S.units(st, rid, SHADOW)):
                    out.append(partial(C.BringChieftain, S.controller(st, dc.nation), did, rid))
                    break
    return out


def _awaken(st: TableState, seat: int, sid: str, target: str, die: int) -> Command | None:
    """Awaken with this die (None when a card on the table forbids it)."""
    from tabletop.games.wotr.kings import HOOKS
    if "awaken" in HOOKS and HOOKS["awaken"](st, sid, die):
        return None
    return C.Awaken(seat, sid, target, die)


def awaken_target(st: TableState, sid: str) -> str | None:
    """Where a Sovereign can awaken (None: nowhere within his Awakened Level)."""
    sov = sovereigns()[sid]
    here = S.sovereign_region(st, sid)
    if here is None:
        return None
    if sov.awaken_region:
        targets = [sov.awaken_region]
    else:
        targets = [r for r, info in regions().items() if info.settlement in ("City", "Stronghold")
                   and info.nation and S.nation_side_of(info.nation) == FP]
    for r in sorted(targets, key=lambda r: (r != here, r)):
        steps = distance(here, r, sov.level)
        if steps is not None and steps <= sov.level and not S.is_conquered(st, r):
            return r
    return None


# -------------------------------------------------------------- characters
def _character_actions(st: TableState, side: str) -> list[Make]:
    out: list[Make] = []
    if side == FP:
        fel = S.get(st, "fellowship", default={}) or {}
        if fel.get("revealed"):
            out.append(partial(C.Hide, S.lead(st, FP)))
        else:
            out.append(partial(C.FellowshipMove, S.lead(st, FP)))
        for sid in sovereigns():
            if S.kings(st) and S.sovereign_state(st, sid) == "corrupted" \
                    and suitable_companion(st, sid):
                out.append(partial(C.RemoveCorrupted, S.lead(st, FP), sid))
        out += _separations(st) + _companion_moves(st, side)
    else:
        out += _nazgul_moves(st, side)
    return out


def _fp_holds(st: TableState) -> set[str]:
    """Free Peoples Cities and Strongholds the Free Peoples hold (where Companions go)."""
    return {r for r, i in regions().items() if i.settlement in ("City", "Stronghold")
            and i.nation and S.nation_side_of(i.nation) == FP and S.controller_side(st, r) == FP}


def _separations(st: TableState) -> list[Make]:
    """A Companion leaving the Fellowship for a Free Peoples City or Stronghold in reach
    (its Level plus the Fellowship's progress from the figure's region)."""
    fel = S.get(st, "fellowship", default={}) or {}
    if fel.get("mordor", -1) >= 0:
        return []
    here = S.fellowship_region(st)
    progress = fel.get("progress", 0)
    holds = _fp_holds(st)
    out: list[Make] = []
    for cid in st.zones["fellowship"].cards:
        code = S.code(st, cid)
        if S.kind(st, cid) != "companion" or not code.startswith("char."):
            continue
        reach = within(here, (characters()[code[5:]].level or 0) + progress)
        for goal in sorted(reach & holds):
            out.append(partial(C.Separate, S.lead(st, FP), (cid,), goal))
    return out


def _companion_moves(st: TableState, side: str, moved: Collection[int] = ()) -> list[Make]:
    """The Companions of a region moving together to a Free Peoples City or Stronghold
    in their reach."""
    if side != FP:
        return []
    holds = _fp_holds(st)
    out: list[Make] = []
    for rid in regions():
        group = tuple(x for x in S.pieces_in(st, rid) if S.kind(st, x) == "companion"
                      and x not in moved)
        if not group:
            continue
        for goal in sorted(reach_of(st, group, rid) & holds - {rid}):
            out.append(partial(C.MoveFigures, S.lead(st, FP), group, goal))
    return out


def _nazgul_moves(st: TableState, side: str, moved: set[int] = frozenset()  # type: ignore[assignment]
                  ) -> list[Make]:
    """The Nazgûl of a region flying together toward the Fellowship or a Shadow army."""
    if side != SHADOW:
        return []
    reach = flying_reach(st)
    fel = S.fellowship_region(st)
    goals = {fel, *regions()[fel].passable} if fel else set()
    armies = sorted(regions(), key=lambda r: -S.stack_count(st, r, SHADOW))[:3]
    goals |= {r for r in armies if S.stack_count(st, r, SHADOW)}
    out: list[Make] = []
    seat = S.controller(st, "sauron")
    for rid in regions():
        flyers = tuple(x for x in S.pieces_in(st, rid) if x not in moved
                       and (S.kind(st, x) == "nazgul" or S.code(st, x) == "char.witch-king"))
        if not flyers:
            continue
        for goal in sorted(goals & reach):
            if goal != rid:
                out.append(partial(C.MoveFigures, seat, flyers, goal))
    return out


# ------------------------------------------------------------------ events
def _event_actions(st: TableState, side: str) -> list[Make]:
    seat = S.lead(st, side)
    out: list[Make] = [partial(_draw, C.DrawEvent(seat, d)) for d in ("character", "strategy")
                       if st.zones[f"deck.{side}.{d}"].cards]
    return out


def _sovereign_abilities(st: TableState, side: str, mine: list[int]) -> list[Command]:
    """Awakened Sovereigns' second abilities with the Ruler die showing what they need."""
    if side != FP or not S.kings(st):
        return []
    dice = S.get(st, "dice", FP)
    out: list[Command] = []
    for i in mine:
        if dice[i]["kind"] != S.RULER_KIND[FP]:
            continue
        for sid in S.awake_sovereigns(st):
            sov = sovereigns()[sid]
            if dice[i]["face"] in (sov.ability_face, "will_of_the_west") \
                    and not second_ability_problem(st, sid):
                out.append(C.RulerAbility(S.controller(st, sov.nation), sid, i))
    return out


def _play_actions(st: TableState, side: str, mine: list[int]) -> list[Command]:
    """Each card of the hand each unused die can play (found once per die result)."""
    seat = S.lead(st, side)
    dice = S.get(st, "dice", side)
    by_face: dict[str, list[int]] = {}
    out: list[Command] = []
    for i in mine:
        face = dice[i]["face"]
        if face not in by_face:
            by_face[face] = [cid for cid in st.zones[hand_zone(seat)].cards
                             if not can_play(st, seat, cid, i)]
        out += [C.PlayEvent(seat, cid, i) for cid in by_face[face]]
    return out


def _draw(cmd: Command, die: int) -> Command:
    """Drawing a card names no die (the first fitting one is used)."""
    return cmd


def _corrupt_actions(st: TableState) -> list[Command]:
    if S.get(st, "hunt_box", "eyes", default=0) < 2 or not S.unused(st, FP):
        return []
    done = S.get(st, "kome", "attempted", default=[])
    last = S.get(st, "kome", "corruptor", default=-1)
    seats = [s for s in S.seats_of(st, SHADOW) if s != last] or S.seats_of(st, SHADOW)
    return [C.CorruptAttempt(seats[0], sid) for sid in sovereigns()
            if S.sovereign_state(st, sid) == "sleeping" and sid not in done]
