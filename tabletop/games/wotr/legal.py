"""The legal actions of a War of the Ring position (for the enforced rules).

Built from what the engine asks (the operation that asks, and its question
kept in the slot) rather than by trying every command: the answers the
question allows, or, while the acting side is asked to use an action die,
what each of its unused dice can do (``legal_act``).  The ruleset still
checks each command when it is submitted.

Pure Python: no pygame.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.core.commands import Command
from tabletop.core.model import TableState
import tabletop.games.wotr.commands as C
import tabletop.games.wotr.state as S
from tabletop.games.wotr.battle import (advance_choices, cease_choices, battle_region,
                                        can_hold_inside, continue_choices, fighters,
                                        hit_points, retreats)
from tabletop.games.wotr.combat import ruler_problem
from tabletop.games.wotr.data import FP, SHADOW
import tabletop.games.wotr.effects as effects
from tabletop.games.wotr.engine import current
from tabletop.games.wotr.legal_act import act_actions

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
    seat = q["seat"]
    out: list[Command] = [C.NextPhase(seat)]
    fel = S.get(st, "fellowship", default={}) or {}
    if fel.get("mordor", -1) < 0:
        here = S.fellowship_region(st)
        if fel.get("declared") != st.round:
            from tabletop.games.wotr.geo import within
            out += [C.Declare(seat, r) for r in sorted(within(here, fel.get("progress", 0)))]
        if here in ("minas-morgul", "morannon") and fel.get("progress", 0) == 0:
            out.append(C.Declare(seat, "mordor"))
    from tabletop.games.wotr.fellowship import companions
    inside = [S.code(st, x)[5:] for x in companions(st)]
    if inside:
        from tabletop.games.wotr.data import characters
        top = max(characters()[x].level or 0 for x in inside)
        out += [C.Guide(seat, x) for x in sorted(inside)
                if (characters()[x].level or 0) == top and x != fel.get("guide")]
    return out


def _draws(st: TableState, q: Choice) -> list[Command]:
    return [C.DrawEvent(q["seat"], d) for d in q["options"]]


def _hunt(st: TableState, q: Choice) -> list[Command]:
    return [C.AllocateHunt(q["seat"], n) for n in range(q.get("min", 1), q.get("max", 1) + 1)]


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
    return act_actions(st, q)


def _reveal_move(st: TableState, q: Choice) -> list[Command]:
    return [C.Declare(q["seat"], r) for r in q["options"]]


def _battle(st: TableState, q: Choice) -> list[Command]:
    b = S.get(st, "battle") or {}
    attacker, defender = b["attacker"], other(b["attacker"])
    seat = q["seat"]
    stage = b["stage"]
    if stage == "cards":
        side = S.seat_side(st, seat)
        return [C.CombatCard(seat, cid) for cid in q["options"]] + [
            C.RulerCombat(seat, r, cid) for r in ("sov.brand", "dc.the-black-serpent",
                                                  "dc.ugluk", "dc.the-shadow-of-mirkwood")
            if S.kings(st) and not ruler_problem(st, b, side, r)
            for cid in q["options"][1:2]]
    if stage == "hold":
        return [C.BattleEnd(seat, "field"), C.BattleEnd(seat, "siege")]
    if stage == "roll":
        rolls: list[Command] = [C.CombatRoll(S.lead(st, s), s) for s in (attacker, defender)
                                if s not in b["rolled"]]
        return rolls[:1]
    owing = [s for s in (attacker, defender) if b["owed"][s]]
    if stage == "hits" and owing:
        side = owing[0]
        region = battle_region(b, side)
        need = min(b["owed"][side], hit_points(st, region, side, b))
        return casualty_options(st, seat, b, side, need)
    if stage == "retreat":
        out: list[Command] = [C.BattleEnd(seat, "stay")]
        if can_hold_inside(st, b):
            out.append(C.BattleEnd(seat, "siege"))
        return out + [C.BattleEnd(seat, "retreat", r) for r in retreats(st, b)]
    if stage == "advance":
        ways: list[Command] = [C.BattleEnd(seat, "advance"), C.BattleEnd(seat, "stay")]
        return ways + [C.BattleEnd(seat, "advance", units=u) for u in advance_choices(st, b)]
    out = [C.BattleEnd(seat, "cease")] if cease_choices(b) else []
    if fighters(st, b, attacker) and fighters(st, b, defender):
        if b.get("kind") == "siege":
            out += [C.BattleEnd(seat, "continue", card_id=x) for x in continue_choices(st, b)]
        else:
            out.append(C.BattleEnd(seat, "continue"))
    return out


def casualty_options(st: TableState, seat: int, b: dict[str, Any], side: str,
                     need: int) -> list[Command]:
    """Ways to take ``need`` hits: Regulars first, then Elites reduced (one hit each,
    while a Regular is there to replace them; removed otherwise), then reduced
    Elites removed; and, when it differs, Elites removed first."""
    units = fighters(st, b, side)
    out: list[Command] = []
    for elites_first in (False, True):
        remove: list[int] = []
        reduce: list[int] = []
        left = need
        spare: dict[str, int] = {}
        order = sorted(units, key=lambda x: (S.kind(st, x) == "regular") == elites_first)
        for cid in order:
            if left <= 0:
                break
            if S.kind(st, cid) == "regular":
                remove.append(cid)
                left -= 1
                continue
            nation = S.code(st, cid).split(".")[0]
            if nation not in spare:
                spare[nation] = sum(1 for x in st.zones[f"reinf.{nation}"].cards
                                    if S.code(st, x) == f"{nation}.regular")
            if elites_first and left >= 2 or not spare[nation]:
                remove.append(cid)
                left -= 2
            else:
                spare[nation] -= 1
                reduce.append(cid)
                left -= 1
        for cid in list(reduce):                   # still owed: reduced Elites removed
            if left > 0:
                reduce.remove(cid)
                remove.append(cid)
                left -= 1
        cmd = C.TakeHits(seat, tuple(remove), tuple(reduce))
        if left <= 0 and cmd not in out:
            out.append(cmd)
    return out


def _choose(st: TableState, q: Choice) -> list[Command]:
    """A card's or an ability's question: its answers (a few for a choice of many)."""
    return [C.Choose(q["seat"], a) for a in effects.answers(q)]


def _hand_limit(st: TableState, q: Choice) -> list[Command]:
    return [C.DiscardEvent(q["seat"], cid) for cid in q["options"]]


# the answers each asking operation accepts
ANSWERS: dict[str, Callable[[TableState, Choice], list[Command]]] = {
    "start": _start, "fellowship": _fellowship, "draws": _draws, "hunt_alloc": _hunt,
    "roll": _roll, "discard": _discard, "act": _act, "battle": _battle, "keep": _keep,
    "cleanse": _cleanse, "reveal_move": _reveal_move, "hand_limit": _hand_limit}


def answers_for(op: str) -> Callable[[TableState, Choice], list[Command]]:
    """The answers of an asking operation (a card's question: ``Choose``)."""
    return ANSWERS.get(op, _choose)
