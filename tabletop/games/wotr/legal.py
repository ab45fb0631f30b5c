"""The legal actions of a War of the Ring position (for the enforced rules).

Built from what the engine asks (the operation that asks, and its question
kept in the slot) rather than by trying every command: the answers the
question allows, or, while the acting side is asked to use an action die,
what each of its unused dice can do (move or attack with an army, muster,
advance a nation, awaken a Sovereign, bring in a Dark Chieftain, move the
Fellowship, draw or play a card, corrupt a Sovereign, pass).  The ruleset
still checks each command when it is submitted.

Pure Python: no pygame.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from tabletop.core.commands import Command
from tabletop.core.model import TableState
import tabletop.games.wotr.commands as C
import tabletop.games.wotr.state as S
from tabletop.games.wotr.battle import battle_region, hit_points
from tabletop.games.wotr.cards import can_play
from tabletop.games.wotr.combat import ruler_problem
from tabletop.games.wotr.data import FP, SHADOW, chieftains, regions, sovereigns
from tabletop.games.wotr.abilities import ability_actions
from tabletop.games.wotr.engine import current
from tabletop.games.wotr.geo import within
from tabletop.games.wotr.sovereigns import second_ability_problem
from tabletop.games.wotr.tablecards import discard_actions
import tabletop.games.wotr.effects as effects
from tabletop.games.wotr.kings import chieftain_ready, suitable_companion
from tabletop.games.wotr.pieces import catalogue
from tabletop.games.wotr.setup import hand_zone

other = S.other
Choice = dict[str, Any]


def legal_actions(st: TableState) -> list[Command]:
    """Every command the enforced rules should accept now."""
    ins, choice = current(st)
    if ins is None or choice is None:
        return []
    return answers_for(ins["op"])(st, choice)


def _start(st: TableState, q: Choice) -> list[Command]:
    return [C.NextPhase(q["seat"])]


def _fellowship(st: TableState, q: Choice) -> list[Command]:
    if q["kind"] == "one":                     # over the hand limit: discard first
        return [C.DiscardEvent(q["seat"], cid) for cid in q["options"]]
    return [C.NextPhase(q["seat"])]


def _draws(st: TableState, q: Choice) -> list[Command]:
    return [C.DrawEvent(q["seat"], d) for d in q["options"]]


def _hunt(st: TableState, q: Choice) -> list[Command]:
    plain = sum(1 for d in S.get(st, "dice", SHADOW, default=[]) if d["kind"] == "wotr_shadow")
    return [C.AllocateHunt(q["seat"], n) for n in range(min(plain, q.get("max", 1)) + 1)]


def _roll(st: TableState, q: Choice) -> list[Command]:
    return [C.RollActions(q["seat"])]


def _discard(st: TableState, q: Choice) -> list[Command]:
    side = S.get(st, "discarding")
    dice = S.get(st, "dice", side, default=[])
    return [C.DiscardDie(q["seat"], side, i) for i, d in enumerate(dice)
            if side == FP or d["kind"] == S.RULER_KIND[SHADOW] or d["face"] != "eye"]


def _keep(st: TableState, q: Choice) -> list[Command]:
    return [C.KeepTile(q["seat"], cid) for cid in q["options"]]


def _cleanse(st: TableState, q: Choice) -> list[Command]:
    return [C.Cleanse(q["seat"], q["options"][0]), C.Decline(q["seat"])]


def _act(st: TableState, q: Choice) -> list[Command]:
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


# the actions a die allows, each made with the die's index: make(die) -> command
Make = Callable[[int], "Command | None"]


def _army_actions(st: TableState, side: str) -> list[Make]:
    out: list[Make] = []
    by_region = S.units_by_region(st)
    foe = other(side)
    for rid, info in regions().items():
        units = by_region[rid][side]
        if not units:
            continue
        nation = catalogue()[S.code(st, units[0])].nation
        seat = S.controller(st, nation or "")
        movers = tuple(c for c in S.army(st, rid, side)
                       if S.kind(st, c) in ("regular", "elite", "leader")
                       and catalogue()[S.code(st, c)].nation in S.seat_info(st, seat)["nations"])
        n_units = sum(1 for c in movers if S.kind(st, c) in ("regular", "elite"))
        if not n_units:
            continue
        for nxt in info.passable:
            there = by_region[nxt]
            if there[foe]:
                out.append(partial(C.Attack, seat, rid, nxt))
            elif len(there[FP]) + len(there[SHADOW]) + n_units <= S.STACK_LIMIT:
                out.append(partial(C.MoveFigures, seat, movers, nxt))
    return out


def _muster_actions(st: TableState, side: str) -> list[Make]:
    out: list[Make] = []
    by_region = S.units_by_region(st)
    foe = other(side)
    for rid, info in regions().items():
        nation = info.nation
        if not nation or not info.settlement or S.nation_side_of(nation) != side:
            continue
        here = by_region[rid]
        if not S.at_war(st, nation) or S.is_conquered(st, rid) or here[foe]:
            continue
        if len(here[FP]) + len(here[SHADOW]) >= S.STACK_LIMIT:
            continue
        if any(S.code(st, c) == f"{nation}.regular" for c in st.zones[f"reinf.{nation}"].cards):
            out.append(partial(C.Recruit, S.controller(st, nation), nation, "regular", rid))
    for nation, pol in (S.get(st, "politics", default={}) or {}).items():
        if S.nation_side_of(nation) != side or pol["step"] == 0:
            continue
        if side == FP and pol["step"] == 1 and not pol["active"]:
            continue
        out.append(partial(C.Politics, S.controller(st, nation), nation, 1))
    return out


def _ruler_actions(st: TableState, side: str) -> list[Make]:
    if not S.kings(st):
        return []
    out: list[Make] = []
    if side == FP:
        for sid, sov in sovereigns().items():
            if S.sovereign_state(st, sid) == "sleeping" and S.politics(st, sov.nation)["active"]:
                out.append(partial(_awaken, st, S.controller(st, sov.nation), sid))
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


def _awaken(st: TableState, seat: int, sid: str, die: int) -> Command | None:
    """Awaken with this die (None when a card on the table forbids it)."""
    from tabletop.games.wotr.kings import HOOKS
    if "awaken" in HOOKS and HOOKS["awaken"](st, sid, die):
        return None
    sov = sovereigns()[sid]
    if sov.awaken_region:
        return C.Awaken(seat, sid, "", die)
    here = S.sovereign_region(st, sid) or ""
    for r in sorted(within(here, sov.level), key=lambda r: r != here):
        info = regions()[r]
        if info.settlement in ("City", "Stronghold") and info.nation \
                and S.nation_side_of(info.nation) == FP and not S.is_conquered(st, r):
            return C.Awaken(seat, sid, r, die)
    return None


def _character_actions(st: TableState, side: str) -> list[Make]:
    out: list[Make] = []
    if side == FP:
        out.append(partial(C.FellowshipMove, S.lead(st, FP)))
        for sid in sovereigns():
            if S.kings(st) and S.sovereign_state(st, sid) == "corrupted" \
                    and suitable_companion(st, sid):
                out.append(partial(C.RemoveCorrupted, S.lead(st, FP), sid))
    return out


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


def _battle(st: TableState, q: Choice) -> list[Command]:
    b = S.get(st, "battle") or {}
    if b["stage"] == "cards":
        side = S.seat_side(st, q["seat"])
        return [C.CombatCard(q["seat"], cid) for cid in q["options"]] + [
            C.RulerCombat(q["seat"], r, cid) for r in ("sov.brand", "dc.the-black-serpent",
                                                      "dc.ugluk", "dc.the-shadow-of-mirkwood")
            if S.kings(st) and not ruler_problem(st, b, side, r)
            for cid in q["options"][1:2]]
    if b["stage"] == "roll":
        return [C.CombatRoll(S.lead(st, s), s) for s in (b["attacker"], other(b["attacker"]))
                if s not in b["rolled"]]
    owing = [s for s in (FP, SHADOW) if b["owed"][s]]
    if b["stage"] == "hits" and owing:
        side = owing[0]
        region = battle_region(b, side)
        need = min(b["owed"][side], hit_points(st, region, side))
        return [_casualties(st, S.lead(st, side), region, side, need)]
    attacker = S.lead(st, b["attacker"])
    out: list[Command] = [C.BattleEnd(attacker, "cease")]
    if S.units(st, b["origin"], b["attacker"]) and S.units(st, b["region"], other(b["attacker"])):
        out.append(C.BattleEnd(attacker, "continue"))
    return out


def _casualties(st: TableState, seat: int, region: str, side: str, need: int) -> C.TakeHits:
    """Regulars first, then Elites reduced (one hit each), then Elites removed."""
    remove: list[int] = []
    reduce: list[int] = []
    units = S.units(st, region, side)
    for cid in units:
        if need and S.kind(st, cid) == "regular":
            remove.append(cid)
            need -= 1
    for cid in units:
        if need and S.kind(st, cid) == "elite":
            reduce.append(cid)
            need -= 1
    for cid in list(reduce):
        if need:
            reduce.remove(cid)
            remove.append(cid)
            need -= 1
    return C.TakeHits(seat, tuple(remove), tuple(reduce))


def _choose(st: TableState, q: Choice) -> list[Command]:
    """A card's or an ability's question: its answers (a few for a choice of many)."""
    return [C.Choose(q["seat"], a) for a in effects.answers(q)]


def _hand_limit(st: TableState, q: Choice) -> list[Command]:
    return [C.DiscardEvent(q["seat"], cid) for cid in q["options"]]


# the answers each asking operation accepts
ANSWERS: dict[str, Callable[[TableState, Choice], list[Command]]] = {
    "start": _start, "fellowship": _fellowship, "draws": _draws, "hunt_alloc": _hunt,
    "roll": _roll, "discard": _discard, "act": _act, "battle": _battle, "keep": _keep,
    "cleanse": _cleanse}


def answers_for(op: str) -> Callable[[TableState, Choice], list[Command]]:
    """The answers of an asking operation (a card's question: ``Choose``)."""
    if op == "hand_limit":
        return _hand_limit
    return ANSWERS.get(op, _choose)
