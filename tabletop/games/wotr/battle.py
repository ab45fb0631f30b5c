"""Battles: combat rolls with hits counted, casualties chosen by the player.

A battle (``slot["battle"]``) runs in rounds: each side may play a combat card
(or forfeit one to use a Ruler's combat ability), then rolls one die per army
unit (at most 5), hitting on 5+ (6+ for an attacker against a City or
Fortification in the first round, or against a besieged Stronghold), and
re-rolls misses up to its Leadership.  Each side then chooses its casualties
for the hits it took (a Regular or a reduced Elite per hit, an Elite removed
for two), and the attacker continues or ceases; the defender may retreat.
Combat card texts are the players' to apply.

An attack pushes the ``battle`` operation, which asks, stage by stage, what
the battle waits for: a side's roll, its casualties, the attacker's decision.

Pure Python: no pygame.
"""
from __future__ import annotations

from typing import Any

from tabletop.core.commands import Command
from tabletop.core.i18n import _, ngettext
from tabletop.core.model import TableState
import tabletop.games.wotr.commands as C
from tabletop.games.wotr.base import base, kome
import tabletop.games.wotr.combat as combat
from tabletop.games.wotr.ctx import Ctx, Handler
from tabletop.games.wotr.data import (FP, SHADOW, characters, chieftains, kings_events, regions,
                                      sovereigns)
from tabletop.games.wotr.dice import roll_d6, spend
from tabletop.games.wotr.moves import after_arrival, remove_figure
from tabletop.games.wotr.pieces import catalogue, event_code, unit_code
from tabletop.games.wotr.setup import hand_zone
from tabletop.games.wotr.vocab import BATTLE_BEGINS, COMBAT_ROLLED, VOCAB, fire
import tabletop.games.wotr.state as S

MAX_DICE = 5
other = S.other


def battle(st: TableState) -> dict[str, Any]:
    """The battle being fought (empty dict when none)."""
    return S.get(st, "battle", default={}) or {}


def battle_region(b: dict[str, Any], side: str) -> str:
    """Where a side's army in the battle stands."""
    return str(b["origin"] if side == b["attacker"] else b["region"])


@VOCAB.op("battle", doc="Ask what the battle being fought waits for, until it is over.")
def _battle_op(c: Ctx, ins: dict[str, Any]) -> None:
    ins.pop("answer", None)
    b = battle(c.st)
    if not b:
        return
    st = c.st
    if b["stage"] == "cards":
        if combat.round_start(c, ins, b) or combat.ask_card(c, ins, b):
            return
        c.put(("battle", "stage"), "roll")
        c.push({"op": "combat_reveal"}, ins)
        return
    if b["stage"] == "roll":
        if not S.units(st, b["origin"], b["attacker"]) or not S.units(
                st, b["region"], other(b["attacker"])):
            c.put(("battle", "stage"), "decide")
            c.push(ins)
            return
        side = next(s for s in (b["attacker"], other(b["attacker"])) if s not in b["rolled"])
        c.ask(ins, S.lead(st, side), _("Roll your combat dice"), (), kind="act")
        return
    owing = [s for s in (FP, SHADOW) if b["owed"][s]]
    if b["stage"] == "hits" and owing:
        side = owing[0]
        c.ask(ins, S.lead(st, side), ngettext(
            "Choose casualties for {n} hit", "Choose casualties for {n} hits",
            b["owed"][side]).format(n=b["owed"][side]), (), kind="many")
        return
    c.ask(ins, S.lead(st, b["attacker"]), _("Continue the battle or cease"),
          ["continue", "cease"])


def attack(c: Ctx, cmd: C.Attack) -> str:
    """Attack the army in ``region`` with the army in ``origin``."""
    st = c.st
    c.need_region(cmd.origin)
    c.need_region(cmd.region)
    side = S.occupant(st, cmd.origin)
    c.must(side, _("No army stands in {r}.").format(r=c.region_name(cmd.origin)))
    assert side is not None
    c.must(S.units(st, cmd.region, other(side)), _("No enemy army stands in {r}.").format(
        r=c.region_name(cmd.region)))
    c.must(not battle(st), _("A battle is being fought already."))
    c.need_side(cmd.seat, side, base("combat"))
    c.need(cmd.region in regions()[cmd.origin].passable or cmd.region == cmd.origin,
           _("{a} and {b} share no passable border").format(
               a=c.region_name(cmd.origin), b=c.region_name(cmd.region)), base("combat"))
    spend(c, side, cmd.die, "army", "attack")
    return begin_battle(c, cmd.origin, cmd.region, side)


def begin_battle(c: Ctx, origin: str, region: str, side: str,
                 flags: dict[str, Any] | None = None) -> str:
    """A battle begins: ``side``'s army in ``origin`` attacks the army in ``region``
    (``flags``: what an event card changes for the whole battle)."""
    c.put(("battle",), {"region": region, "origin": origin,
                        "attacker": side, "round": 1, "stage": "cards",
                        "rolled": [], "owed": {FP: 0, SHADOW: 0},
                        "abilities": {FP: [], SHADOW: []}, "bonus": {FP: 0, SHADOW: 0},
                        "flags": dict(flags or {}), **combat.fresh_round()})
    c.push({"op": "battle"})
    fire(c, BATTLE_BEGINS, region=region, origin=origin, attacker=side)
    return _("The {side} attack {r} from {o}").format(
        side=S.side_name(side), r=c.region_name(region), o=c.region_name(origin))


def _battle_side(c: Ctx, seat: int) -> tuple[dict[str, Any], str]:
    b = battle(c.st)
    c.must(b, _("No battle is being fought."))
    return b, S.seat_side(c.st, seat)


# ----------------------------------------------------------------- the roll
def leadership(st: TableState, region: str, side: str, b: dict[str, Any]) -> int:
    """Leadership of a side's army in a battle round (see ``combat.leadership``)."""
    return combat.leadership(st, b, side)


def target(st: TableState, b: dict[str, Any], side: str) -> int:
    """The number a die must reach to hit."""
    info = regions()[b["region"]]
    if side == b["attacker"] and b["region"] != b["origin"]:
        if S.besieged(st, b["region"]) or (
                b["round"] == 1 and info.settlement in ("City", "Fortification", "Stronghold")):
            return 6
    return 5


def combat_dice(st: TableState, b: dict[str, Any], side: str) -> tuple[int, int, int, int]:
    """Dice to roll, the number to hit, and what is added to each combat and re-roll die
    this round (before the cards that lower the dice)."""
    m = combat.mods(b, side)
    n = min(MAX_DICE, combat.strength(st, b, side)) + b["bonus"][side] + m.get("bonus", 0)
    return n, target(st, b, side), m.get("plus", 0), m.get("rplus", 0)


def combat_roll(c: Ctx, cmd: C.CombatRoll) -> str:
    """Roll one side's combat dice and leader re-roll; the hits are counted."""
    b, seat_side = _battle_side(c, cmd.seat)
    side = cmd.side or seat_side
    c.must(side in (FP, SHADOW), _("Unknown side {s}.").format(s=side))
    c.need(b["stage"] == "roll" and side not in b["rolled"],
           _("That side has rolled this round"), base("combat"))
    c.need_side(cmd.seat, side, base("combat"))
    need = target(c.st, b, side)
    rolls, again, hits = combat.roll(c, b, side, need)
    rolled = b["rolled"] + [side]
    c.put(("battle", "rolled"), rolled)
    if len(rolled) == 2:
        c.push({"op": "combat_after"})
    fire(c, COMBAT_ROLLED, side=side, hits=hits, round=b["round"])
    return _("{side} combat roll {rolls}{again} (hit on {need}+): {n} hits").format(
        side=S.side_name(side), rolls=" ".join(map(str, rolls)),
        again=(_(", re-roll ") + " ".join(map(str, again))) if again else "",
        need=need, n=hits)


# --------------------------------------------------------------- casualties
def hit_points(st: TableState, region: str, side: str) -> int:
    """How many hits an army can still take."""
    return sum(2 if S.kind(st, x) == "elite" else 1 for x in S.units(st, region, side))


def take_hits(c: Ctx, cmd: C.TakeHits) -> str:
    """Take the hits: the units the player chose are removed or reduced."""
    st = c.st
    b, side = _battle_side(c, cmd.seat)
    c.need(b["stage"] == "hits", _("Casualties are taken after both sides rolled"),
           base("combat"))
    region = battle_region(b, side)
    ids = set(cmd.remove) | set(cmd.reduce)
    army = set(S.units(st, region, side))
    c.must(ids <= army and not set(cmd.remove) & set(cmd.reduce),
           _("Casualties come from the side's own army in the battle."))
    for cid in cmd.reduce:
        c.must(S.kind(st, cid) == "elite", _("Only an Elite unit can be reduced."))
    points = sum(2 if S.kind(st, x) == "elite" else 1 for x in cmd.remove) + len(cmd.reduce)
    owed = min(b["owed"][side], hit_points(st, region, side))
    c.need(points == owed, _("The army must take exactly {n} hits").format(n=owed),
           base("combat"))
    for cid in cmd.reduce:
        _reduce_in_battle(c, cid, region)
    for cid in cmd.remove:
        remove_figure(c, cid)
    _army_destroyed(c, region, side)
    c.put(("battle", "owed", side), 0)
    if not b["owed"][other(side)]:
        c.put(("battle", "stage"), "decide")
        if not b.get("late", True):
            c.push({"op": "combat_late"})
    return _("The {side} took {n} hits").format(side=S.side_name(side), n=points)


def _reduce_in_battle(c: Ctx, cid: int, region: str) -> None:
    st = c.st
    nation = catalogue()[S.code(st, cid)].nation or ""
    code = unit_code(nation, "regular")
    pool = [x for x in st.zones[f"reinf.{nation}"].cards if S.code(st, x) == code]
    remove_figure(c, cid)
    if pool:
        c.tx.move(pool[-1], S.rzone(region))


def _army_destroyed(c: Ctx, region: str, side: str) -> None:
    """With no unit left, the army's leaders and Nazgûl leave with it."""
    st = c.st
    if S.units(st, region, side):
        return
    for cid in S.army(st, region, side):
        if S.kind(st, cid) in ("leader", "nazgul") or (
                S.kind(st, cid) == "sovereign"
                and S.sovereign_state(st, S.code(st, cid).split(".")[1]) == "sleeping"):
            remove_figure(c, cid)


# ------------------------------------------------------------------ the end
def battle_end(c: Ctx, cmd: C.BattleEnd) -> str:
    """After a round: the attacker continues or ceases, the defender may retreat,
    the attacker may advance into an emptied region."""
    st = c.st
    b, side = _battle_side(c, cmd.seat)
    c.need(b["stage"] == "decide", _("The round is not over yet"), base("combat"))
    attacker, defender = b["attacker"], other(b["attacker"])
    alive_a = S.units(st, b["origin"], attacker)
    alive_d = S.units(st, b["region"], defender)
    if cmd.choice == "continue" and alive_a and alive_d:
        c.need(side == attacker, _("The attacker decides whether to go on"), base("combat"))
        c.put(("battle",), dict(b, round=b["round"] + 1, stage="cards", rolled=[],
                                abilities={FP: [], SHADOW: []}, bonus={FP: 0, SHADOW: 0},
                                **combat.fresh_round()))
        return _("The battle goes on: round {n}").format(n=b["round"] + 1)
    if cmd.choice == "retreat" and alive_d:
        c.need(side == defender, _("Only the defender retreats"), base("combat"))
        c.need_region(cmd.region)
        c.need(cmd.region in regions()[b["region"]].passable
               and not S.units(st, cmd.region, attacker),
               _("An army retreats into a free neighbouring region"), base("combat"))
        for cid in S.army(st, b["region"], defender):
            c.tx.move(cid, S.rzone(cmd.region))
    if cmd.choice == "advance" and alive_a and not alive_d:
        for cid in S.army(st, b["origin"], attacker):
            c.tx.move(cid, S.rzone(b["region"]))
        after_arrival(c, b["region"], attacker)
    c.put(("battle",), None)
    return _("The battle in {r} is over").format(r=c.region_name(b["region"]))


HANDLERS: dict[type[Command], Handler] = {C.Attack: attack, C.CombatRoll: combat_roll,
                                          C.TakeHits: take_hits, C.BattleEnd: battle_end}
