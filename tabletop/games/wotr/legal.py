"""The legal actions of a War of the Ring position (for the enforced rules).

Built straight from the position rather than by trying every command: what
the pending decision allows, or in the action phase what each unused die of
the acting side can do (move or attack with an army, muster, advance a
nation, awaken a Sovereign, bring in a Dark Chieftain, move the Fellowship,
draw or play a card, corrupt a Sovereign, pass).  The ruleset still checks
each command when it is submitted.

Pure Python: no pygame.
"""
from __future__ import annotations

import tabletop.games.wotr.commands as C
import tabletop.games.wotr.state as S
from tabletop.games.wotr.battle import other
from tabletop.games.wotr.data import FP, SHADOW, chieftains, regions, sovereigns
from tabletop.games.wotr.pieces import catalogue
from tabletop.games.wotr.setup import hand_zone
from tabletop.games.wotr.turn import RULER_KIND


def legal_actions(rules, st) -> list[C.Command]:
    """Every command the enforced rules should accept now."""
    if S.get(st, "outcome"):
        return []
    p = S.get(st, "pending") or {}
    if p.get("kind") == "keep":
        return [C.KeepTile(p["seat"], cid) for cid in st.zones["kome.draw"].cards]
    if p.get("kind") == "cleanse":
        return [C.Cleanse(p["seat"], p["sovereign"]), C.Decline(p["seat"])]
    draws = S.get(st, "draws") or []
    if draws:
        seat = draws[0]
        side = S.seat_side(st, seat)
        return [C.DrawEvent(seat, d) for d in ("character", "strategy")
                if st.zones[f"deck.{side}.{d}"].cards] or [C.NextPhase(seat)]
    b = S.get(st, "battle") or {}
    if b:
        return _battle(rules, st, b)
    return _phase(rules, st)


def _phase(rules, st) -> list:
    phase = S.get(st, "phase")
    fp, sh = S.lead(st, FP), S.lead(st, SHADOW)
    if phase == "start":
        return [C.NextPhase(fp)]
    if phase == "fellowship":
        out = []
        for seat in range(len(st.seats)):
            hand = st.zones[hand_zone(seat)].cards
            over = len(hand) - (4 if len(st.seats) == 4 else 6)
            if over > 0:
                out.append(C.DiscardEvent(seat, hand[0]))
        return out or [C.NextPhase(fp)]
    if phase == "hunt":
        plain = sum(1 for d in S.get(st, "dice", SHADOW, default=[]) if d["kind"] == "wotr_shadow")
        return [C.AllocateHunt(sh, n) for n in range(min(plain, rules.max_hunt_dice(st)) + 1)]
    if phase == "roll":
        return [C.RollActions(fp)]
    if phase == "discard":
        side = S.get(st, "discarding")
        seat = S.lead(st, side)
        dice = S.get(st, "dice", side, default=[])
        return [C.DiscardDie(seat, side, i) for i, d in enumerate(dice)
                if side == FP or d["kind"] == RULER_KIND[SHADOW] or d["face"] != "eye"]
    if phase == "actions":
        return _actions(rules, st)
    return []


def _actions(rules, st) -> list:
    side = S.get(st, "acting")
    foe = other(side)
    mine, theirs = rules.unused(st, side), rules.unused(st, foe)
    if not mine and not theirs:
        return [C.NextPhase(S.lead(st, FP))]
    out: list = []
    for i in mine:
        face = S.get(st, "dice", side)[i]["face"]
        ruler = S.get(st, "dice", side)[i]["kind"] == RULER_KIND[side]
        if rules.die_ok(st, side, i, "army"):
            out += _army_actions(st, side, i)
        if rules.die_ok(st, side, i, "muster"):
            out += _muster_actions(st, side, i)
        if rules.die_ok(st, side, i, "muster") or (ruler and (side == FP or face != "eye")):
            out += _ruler_actions(rules, st, side, i)
        if rules.die_ok(st, side, i, "character"):
            out += _character_actions(rules, st, side, i)
        if rules.die_ok(st, side, i, "event"):
            out += _event_actions(st, side, i)
    if side == SHADOW and S.kings(st):
        out += _corrupt_actions(rules, st)
    if len(mine) < len(theirs):
        out.append(C.Pass(S.lead(st, side), side))
    out += [C.UseDie(S.lead(st, side), side, i, "") for i in mine]   # an action done by hand
    return out


def _army_actions(st, side: str, die: int) -> list:
    out = []
    for rid, info in regions().items():
        units = S.units(st, rid, side)
        if not units:
            continue
        nation = catalogue()[S.code(st, units[0])].nation
        seat = S.controller(st, nation)
        movers = [c for c in S.army(st, rid, side) if S.kind(st, c) in ("regular", "elite", "leader")
                  and catalogue()[S.code(st, c)].nation in S.seat_info(st, seat)["nations"]]
        n_units = sum(1 for c in movers if S.kind(st, c) in ("regular", "elite"))
        if not n_units:
            continue
        for nxt in info.passable:
            if S.units(st, nxt, other(side)):
                out.append(C.Attack(seat, rid, nxt, die))
            elif S.stack_count(st, nxt) + n_units <= S.STACK_LIMIT:
                out.append(C.MoveFigures(seat, tuple(movers), nxt, die))
    return out


def _muster_actions(st, side: str, die: int) -> list:
    out = []
    for rid, info in regions().items():
        nation = info.nation
        if not nation or not info.settlement or S.nation_side_of(nation) != side:
            continue
        if not S.at_war(st, nation) or S.is_conquered(st, rid) or S.units(st, rid, other(side)):
            continue
        if S.stack_count(st, rid) >= S.STACK_LIMIT:
            continue
        if any(S.code(st, c) == f"{nation}.regular" for c in st.zones[f"reinf.{nation}"].cards):
            out.append(C.Recruit(S.controller(st, nation), nation, "regular", rid, die))
    for nation, pol in (S.get(st, "politics", default={}) or {}).items():
        if S.nation_side_of(nation) != side or pol["step"] == 0:
            continue
        if side == FP and pol["step"] == 1 and not pol["active"]:
            continue
        out.append(C.Politics(S.controller(st, nation), nation, 1, die))
    return out


def _ruler_actions(rules, st, side: str, die: int) -> list:
    if not S.kings(st):
        return []
    out = []
    if side == FP:
        for sid, sov in sovereigns().items():
            if S.sovereign_state(st, sid) == "sleeping" and S.politics(st, sov.nation)["active"]:
                out.append(C.Awaken(S.controller(st, sov.nation), sid, "", die))
    else:
        for did, dc in chieftains().items():
            if not rules.chieftain_ready(st, did):
                continue
            for rid in regions():
                if any(catalogue()[S.code(st, c)].nation == dc.nation
                       for c in S.units(st, rid, SHADOW)):
                    out.append(C.BringChieftain(S.controller(st, dc.nation), did, rid, die))
                    break
    return out


def _character_actions(rules, st, side: str, die: int) -> list:
    out = []
    if side == FP:
        out.append(C.FellowshipMove(S.lead(st, FP), die))
        for sid in sovereigns():
            if S.kings(st) and S.sovereign_state(st, sid) == "corrupted" \
                    and rules.suitable_companion(st, sid):
                out.append(C.RemoveCorrupted(S.lead(st, FP), sid, die))
    return out


def _event_actions(st, side: str, die: int) -> list:
    seat = S.lead(st, side)
    out = [C.DrawEvent(seat, d) for d in ("character", "strategy")
           if st.zones[f"deck.{side}.{d}"].cards]
    out += [C.PlayEvent(seat, cid, die) for cid in st.zones[hand_zone(seat)].cards[:2]]
    return out


def _corrupt_actions(rules, st) -> list:
    if S.get(st, "hunt_box", "eyes", default=0) < 2 or not rules.unused(st, FP):
        return []
    done = S.get(st, "kome", "attempted", default=[])
    last = S.get(st, "kome", "corruptor", default=-1)
    seats = [s for s in S.seats_of(st, SHADOW) if s != last] or S.seats_of(st, SHADOW)
    return [C.CorruptAttempt(seats[0], sid) for sid in sovereigns()
            if S.sovereign_state(st, sid) == "sleeping" and sid not in done]


def _battle(rules, st, b: dict) -> list:
    if b["stage"] == "roll":
        return [C.CombatRoll(S.lead(st, s), s) for s in (b["attacker"], other(b["attacker"]))
                if s not in b["rolled"]]
    if b["stage"] == "hits":
        side = next(s for s in (FP, SHADOW) if b["owed"][s])
        region = rules.battle_region(b, side)
        need = min(b["owed"][side], rules.hit_points(st, region, side))
        return [_casualties(st, S.lead(st, side), region, side, need)]
    attacker = S.lead(st, b["attacker"])
    out = [C.BattleEnd(attacker, "cease")]
    if S.units(st, b["origin"], b["attacker"]) and S.units(st, b["region"], other(b["attacker"])):
        out.append(C.BattleEnd(attacker, "continue"))
    return out


def _casualties(st, seat: int, region: str, side: str, need: int) -> C.TakeHits:
    """Regulars first, then Elites reduced (one hit each), then Elites removed."""
    remove, reduce = [], []
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
