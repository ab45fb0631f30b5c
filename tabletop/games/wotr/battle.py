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
    if b["stage"] == "roll":
        side = next(s for s in (b["attacker"], other(b["attacker"])) if s not in b["rolled"])
        c.ask(ins, S.lead(st, side), _("Play a combat card, then roll"), (), kind="act")
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
    c.put(("battle",), {"region": cmd.region, "origin": cmd.origin,
                        "attacker": side, "round": 1, "stage": "roll",
                        "rolled": [], "owed": {FP: 0, SHADOW: 0},
                        "abilities": {FP: [], SHADOW: []}, "bonus": {FP: 0, SHADOW: 0}})
    c.push({"op": "battle"})
    fire(c, BATTLE_BEGINS, region=cmd.region, origin=cmd.origin, attacker=side)
    return _("The {side} attack {r} from {o}").format(
        side=S.side_name(side), r=c.region_name(cmd.region), o=c.region_name(cmd.origin))


def _battle_side(c: Ctx, seat: int) -> tuple[dict[str, Any], str]:
    b = battle(c.st)
    c.must(b, _("No battle is being fought."))
    return b, S.seat_side(c.st, seat)


def combat_card(c: Ctx, cmd: C.CombatCard) -> str:
    """Play a combat card from the hand in this battle round."""
    _battle_side(c, cmd.seat)
    _forfeit(c, cmd.seat, cmd.card_id)
    return _("{seat} played {card} as a combat card").format(
        seat=c.seat_name(cmd.seat), card=c.card_name(cmd.card_id))


def _forfeit(c: Ctx, seat: int, card_id: int) -> None:
    """Play a combat card from the hand (to its discard pile)."""
    c.need_cards((card_id,))
    card = c.st.cards[card_id]
    c.must(card.zone == hand_zone(seat), _("That card is not in {seat}'s hand.").format(
        seat=c.seat_name(seat)))
    c.need(battle(c.st).get("stage") == "roll", _("Combat cards are played before the roll"),
           base("combat"))
    side = S.seat_side(c.st, seat)
    c.tx.move(card_id, f"discard.{side}.{S.event_deck(card.code)}")


def ruler_combat(c: Ctx, cmd: C.RulerCombat) -> str:
    """Forfeit a combat card to use a Ruler's special combat ability."""
    st = c.st
    c.need_kings()
    b, side = _battle_side(c, cmd.seat)
    rulers = ("sov.brand",) + tuple(f"dc.{d}" for d in chieftains())
    c.must(cmd.ruler in rulers, _("{r} has no special combat ability.").format(r=cmd.ruler))
    region = battle_region(b, side)
    present = [S.code(st, x) for x in S.army(st, region, side)]
    c.need(cmd.ruler in present or cmd.ruler + ".silver" in present,
           _("That Ruler is not in the army in this battle"), kome("combat"))
    c.need(cmd.ruler not in b["abilities"][side],
           _("A Ruler's combat ability is used once a round"), kome("combat"))
    if cmd.ruler.startswith("sov."):
        c.need(S.sovereign_state(st, cmd.ruler[4:]) == "awake",
               _("Only an Awakened Sovereign has his abilities"), kome("sovereigns"))
    if cmd.ruler == "sov.brand":
        c.need(any(S.code(st, x).startswith("north.") for x in S.army(st, region, side)),
               _("Heir of Bard needs a North unit in the battle"), kome("combat"))
    _forfeit(c, cmd.seat, cmd.card_id)
    c.put(("battle", "abilities", side), b["abilities"][side] + [cmd.ruler])
    return _ability_effect(c, b, side, cmd)


def _ability_effect(c: Ctx, b: dict[str, Any], side: str, cmd: C.RulerCombat) -> str:
    if cmd.ruler == "dc.the-black-serpent":
        extra = 2 if cmd.relentless or _is_relentless(c.st, cmd.card_id) else 1
        c.put(("battle", "bonus", side), b["bonus"][side] + extra)
        c.put(("battle", "owed", side), b["owed"][side] + 1)
        return _("Red Wrath: the Black Serpent takes a hit for {n} more combat dice").format(
            n=extra)
    if cmd.ruler == "dc.the-shadow-of-mirkwood":
        return _("Lord of the Bats: +1 to each leader re-roll die this round, without his "
                 "Leadership")
    if cmd.ruler == "dc.ugluk":
        return _("I Command: +1 to each combat and re-roll die of his army this round")
    return _("Heir of Bard: the Shadow's combat card is cancelled")


def _is_relentless(st: TableState, card_id: int) -> bool:
    code = st.cards[card_id].code
    for e in kings_events():
        if event_code(e.side, e.deck, e.number, True) == code:
            return e.combat == "Relentless Assault"
    return False


# ----------------------------------------------------------------- the roll
def leadership(st: TableState, region: str, side: str, b: dict[str, Any]) -> int:
    """Leadership of a side's army in a battle round."""
    total = 0
    skip = "dc.the-shadow-of-mirkwood" in b["abilities"][side]
    for cid in S.army(st, region, side):
        d = catalogue()[S.code(st, cid)]
        if d.kind in ("leader", "nazgul"):
            total += 1
        elif d.kind in ("companion", "minion"):
            total += characters()[d.code[5:]].leadership
        elif d.kind == "chieftain" and not (skip and d.code == "dc.the-shadow-of-mirkwood"):
            total += chieftains()[d.code[3:]].leadership
        elif d.kind == "sovereign":
            total += _sovereign_leadership(st, d.code, b)
    return total


def _sovereign_leadership(st: TableState, code: str, b: dict[str, Any]) -> int:
    sid = code.split(".")[1]
    state = S.sovereign_state(st, sid)
    if state == "sleeping":
        return 1
    if state != "awake":
        return 0
    if sid == "theoden" and b["round"] == 1:
        return 3                      # Forth, Eorlingas!
    return sovereigns()[sid].leadership


def target(st: TableState, b: dict[str, Any], side: str) -> int:
    """The number a die must reach to hit."""
    info = regions()[b["region"]]
    if side == b["attacker"] and b["region"] != b["origin"]:
        if S.besieged(st, b["region"]) or (
                b["round"] == 1 and info.settlement in ("City", "Fortification", "Stronghold")):
            return 6
    return 5


def combat_dice(st: TableState, b: dict[str, Any], side: str) -> tuple[int, int, int, int]:
    """Dice to roll, the number to hit, and what is added to each combat and
    re-roll die (the Rulers' abilities used this round)."""
    region = battle_region(b, side)
    plus = 1 if "dc.ugluk" in b["abilities"][side] else 0
    lead_plus = plus + (1 if "dc.the-shadow-of-mirkwood" in b["abilities"][side] else 0)
    n = min(MAX_DICE, len(S.units(st, region, side))) + b["bonus"][side]
    return n, target(st, b, side), plus, lead_plus


def combat_roll(c: Ctx, cmd: C.CombatRoll) -> str:
    """Roll one side's combat dice and leader re-roll; the hits are counted."""
    st = c.st
    b, seat_side = _battle_side(c, cmd.seat)
    side = cmd.side or seat_side
    c.must(side in (FP, SHADOW), _("Unknown side {s}.").format(s=side))
    c.need(b["stage"] == "roll" and side not in b["rolled"],
           _("That side has rolled this round"), base("combat"))
    c.need_side(cmd.seat, side, base("combat"))
    region = battle_region(b, side)
    n, need, plus, lead_plus = combat_dice(st, b, side)
    rolls = roll_d6(n, c.rng)
    hits = sum(1 for r in rolls if r + plus >= need)
    again = roll_d6(min(n - hits, leadership(st, region, side, b)), c.rng)
    hits += sum(1 for r in again if r + lead_plus >= need)
    foe = other(side)
    c.put(("battle", "owed", foe), b["owed"][foe] + hits)
    rolled = b["rolled"] + [side]
    c.put(("battle", "rolled"), rolled)
    if len(rolled) == 2:
        owed = dict(b["owed"], **{foe: b["owed"][foe] + hits})
        c.put(("battle", "stage"), "hits" if any(owed.values()) else "decide")
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
        c.put(("battle",), dict(b, round=b["round"] + 1, stage="roll", rolled=[],
                                abilities={FP: [], SHADOW: []}, bonus={FP: 0, SHADOW: 0}))
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


HANDLERS: dict[type[Command], Handler] = {C.Attack: attack, C.CombatCard: combat_card, C.RulerCombat: ruler_combat,
            C.CombatRoll: combat_roll, C.TakeHits: take_hits, C.BattleEnd: battle_end}
