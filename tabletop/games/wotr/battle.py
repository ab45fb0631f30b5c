"""Battles: field battles, siege battles and sorties, round by round.

A battle (``slot["battle"]``) runs in combat rounds (War of the Ring,
"Resolving a battle"): each side may play a combat card (or forfeit one to use
a Ruler's combat ability), then rolls one die per unit (its combat strength,
at most 5), hitting on 5+ (the attacker on 6 in the first round against a City
or Fortification, and in every round of a siege battle), and re-rolls misses
up to its Leadership (at most 5).  Each side then takes as many hits as it
suffered (a Regular removed or an Elite reduced per hit, an Elite removed for
two), chosen by its player.  Then the attacker ceases or goes on; when it goes
on, the defender may retreat to a free neighbouring region (or, with a
Stronghold of its own in the region, into it: see ``siege``).  A defender
eliminated or gone, the attacker may advance into the region.

Kinds of battle (``kind``): ``field``; ``siege`` (the besiegers attack the
besieged army from the region: one round, more only by reducing an Elite
unit each round); ``sortie`` (the besieged army attacks its besiegers: a
field battle; ceasing, it goes back inside; it never advances).  Only units of
a nation At War attack, those its player chooses (the ``rearguard`` question);
the others stay behind (``rearguard``).  The winner advances with all, some or
none of its figures (``BattleEnd`` ``units``).  The army
attacked activates its nations and moves them one step toward war.

Combat cards and the Rulers' abilities are ``combat``'s (stage ``cards``).
The ``battle`` operation asks, stage by stage (``hold``, ``cards``, ``roll``,
``hits``, ``decide``, ``retreat``, ``advance``), what the battle waits for;
the base rules' answers are ``CombatRoll``, ``TakeHits`` and ``BattleEnd``.

Pure Python: no pygame.
"""
from __future__ import annotations

from typing import Any

from tabletop.core.commands import Command
from tabletop.core.i18n import _, ngettext
from tabletop.core.model import TableState
import tabletop.games.wotr.commands as C
from tabletop.games.wotr.base import base, piece_label
import tabletop.games.wotr.combat as combat
from tabletop.games.wotr.ctx import Ctx, Handler
from tabletop.games.wotr.data import FP, SHADOW, regions
from tabletop.games.wotr.dice import face_of, spend
from tabletop.games.wotr.legacy import ASKING
from tabletop.games.wotr.moves import after_arrival, reduce_elite, regular_for, remove_figure
from tabletop.games.wotr.pieces import catalogue, is_army_unit
import tabletop.games.wotr.politics as P
import tabletop.games.wotr.siege as SG
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


def fighters(st: TableState, b: dict[str, Any], side: str) -> list[int]:
    """A side's army units in the battle (the attacker's rearguard stays out)."""
    out = S.units(st, battle_region(b, side), side)
    if side == b["attacker"] and b.get("rearguard"):
        keep = set(b["rearguard"])
        out = [x for x in out if x not in keep]
    return out


def army_in_battle(st: TableState, b: dict[str, Any], side: str) -> list[int]:
    """A side's figures in the battle: units, Leaders, Characters (no rearguard)."""
    out = S.army(st, battle_region(b, side), side)
    if side == b["attacker"] and b.get("rearguard"):
        keep = set(b["rearguard"])
        out = [x for x in out if x not in keep]
    return out


def retreats(st: TableState, b: dict[str, Any]) -> list[str]:
    """Where the defender may retreat: a neighbouring region free for its army (no
    enemy army, no settlement held by the enemy) with room for it.  A besieged army
    never retreats."""
    defender = other(b["attacker"])
    if b.get("kind") == "siege":
        return []
    moving = len(fighters(st, b, defender))
    out = []
    for r in regions()[b["region"]].passable:
        if S.units(st, r, b["attacker"]):
            continue
        info = regions()[r]
        if info.settlement and info.nation and S.controller_side(st, r) == b["attacker"]:
            continue
        if S.stack_count(st, r, defender) + moving > S.STACK_LIMIT:
            continue
        out.append(r)
    return out


def can_hold_inside(st: TableState, b: dict[str, Any]) -> bool:
    """May the defender retreat into a Stronghold of its own in the region?"""
    defender = other(b["attacker"])
    return b.get("kind", "field") == "field" and b["region"] != b["origin"] \
        and SG.own_stronghold(st, b["region"], defender) \
        and SG.besieged_side(st, b["region"]) is None


def can_advance(st: TableState, b: dict[str, Any]) -> bool:
    """May the attacker advance into the region it won?"""
    attacker = b["attacker"]
    if b.get("kind", "field") != "field" or b["region"] == b["origin"]:
        return False
    if not fighters(st, b, attacker) or S.units(st, b["region"], other(attacker)) and \
            not SG.is_besieged(st, b["region"], other(attacker)):
        return False
    room = S.STACK_LIMIT - S.stack_count(st, b["region"], attacker)
    return len(fighters(st, b, attacker)) <= room


def advance_problem(st: TableState, b: dict[str, Any], units: tuple[int, ...]) -> str | None:
    """Why the attacker's figures ``units`` may not advance into the region won (None:
    they may): figures of its army in the battle, with at least one army unit."""
    army = set(army_in_battle(st, b, b["attacker"]))
    if not set(units) <= army or len(set(units)) != len(units):
        return _("Only figures of the army in the battle advance")
    if not any(is_army_unit(S.code(st, x)) for x in units):
        return _("An advance is made with at least one army unit")
    return None


def advance_choices(st: TableState, b: dict[str, Any]) -> list[tuple[int, ...]]:
    """A few ways to advance with part of the army (the legal actions offer these
    beside the whole army and none): each figure left behind in turn, and the army
    units without their Leaders and Characters."""
    army = sorted(army_in_battle(st, b, b["attacker"]))
    out: list[tuple[int, ...]] = []
    units = tuple(x for x in army if is_army_unit(S.code(st, x)))
    if units and len(units) < len(army):
        out.append(units)
    for cid in army:
        rest = tuple(x for x in army if x != cid)
        if len(army) > 1 and advance_problem(st, b, rest) is None and rest not in out:
            out.append(rest)
    return out


def continue_choices(st: TableState, b: dict[str, Any]) -> list[int]:
    """Siege battles: the Elite units whose reduction buys another round (one per
    nation, with a Regular to replace it).  Other battles: [-1]."""
    if b.get("kind") != "siege":
        return [-1]
    if b["round"] < (b.get("flags") or {}).get("rounds", 1):
        return [-1]                                   # a card's siege of several rounds
    out, seen = [], set()
    for cid in fighters(st, b, b["attacker"]):
        nation = catalogue()[S.code(st, cid)].nation
        if S.kind(st, cid) == "elite" and nation not in seen and regular_for(st, cid) is not None:
            seen.add(nation)
            out.append(cid)
    if fate_of(st, b["region"]):                      # a Corrupted Sovereign's weakness
        seen = set()
        for cid in fighters(st, b, b["attacker"]):
            nation = catalogue()[S.code(st, cid)].nation
            if S.kind(st, cid) == "regular" and nation not in seen:
                seen.add(nation)
                out.append(cid)
    return out


def fate_of(st: TableState, region: str) -> bool:
    """Fate of the Lonely Mountain, the White Tower, Mirkwood: a siege of a Corrupted
    Sovereign's city may go on for a Regular lost instead of an Elite reduced."""
    sid = {"erebor": "dain", "minas-tirith": "denethor", "woodland-realm": "thranduil"}.get(
        region, "")
    return bool(sid) and S.kings(st) and S.sovereign_state(st, sid) == "corrupted"


def cease_choices(b: dict[str, Any]) -> list[str]:
    """["cease"], unless a card says the attack cannot cease (Corsairs of Umbar)."""
    return [] if (b.get("flags") or {}).get("no_cease") else ["cease"]


@VOCAB.op("battle", doc="Ask what the battle being fought waits for, until it is over.")
def _battle_op(c: Ctx, ins: dict[str, Any]) -> None:
    ins.pop("answer", None)
    b = battle(c.st)
    if not b:
        return
    st = c.st
    attacker, defender = b["attacker"], other(b["attacker"])
    stage = b["stage"]
    if stage == "hold":
        c.ask(ins, S.lead(st, defender), _("Fight a field battle, or retreat into the "
                                           "Stronghold?"), ["field", "siege"])
    elif stage == "cards":
        if combat.round_start(c, ins, b) or combat.ask_card(c, ins, b):
            return
        c.put(("battle", "stage"), "roll")
        c.push({"op": "combat_reveal"}, ins)
    elif stage == "roll":
        if not fighters(st, b, attacker) or not fighters(st, b, defender):
            c.put(("battle", "stage"), "decide")
            c.push(ins)
            return
        side = next(s for s in (attacker, defender) if s not in b["rolled"])
        c.ask(ins, S.lead(st, side), _("Roll your combat dice"), (), kind="act")
    elif stage == "hits" and any(b["owed"].values()):
        side = next(s for s in (attacker, defender) if b["owed"][s])
        c.ask(ins, S.lead(st, side), ngettext(
            "Choose casualties for {n} hit", "Choose casualties for {n} hits",
            b["owed"][side]).format(n=b["owed"][side]), (), kind="many")
    elif stage == "retreat":
        c.ask(ins, S.lead(st, defender), _("Retreat, or fight on?"),
              ["stay"] + (["siege"] if can_hold_inside(st, b) else []) + retreats(st, b))
    elif stage in ("hits", "decide") and not (fighters(st, b, attacker)
                                              and fighters(st, b, defender)):
        _round_over(c)                        # an army is gone: advance, or the end
        if battle(st):
            c.push(ins)
    elif stage == "advance" and not can_advance(st, b):
        _finish(c, b)                         # the army to advance is gone (a card's hits)
    elif stage == "advance":
        c.ask(ins, S.lead(st, attacker), _("Advance into {r} (all, some or none of the "
                                           "army)?").format(r=c.region_name(b["region"])),
              ["advance", "stay"])
    elif b.get("kind") == "siege":
        c.ask(ins, S.lead(st, attacker), _("Reduce an Elite unit to go on with the siege, "
                                           "or cease"), cease_choices(b) + continue_choices(st, b))
    else:
        c.ask(ins, S.lead(st, attacker), _("Continue the battle or cease"),
              ["continue"] + cease_choices(b))


@VOCAB.op("battle_withdraw", region=str,
          doc="A defender slips away before the roll (Scouts): to a free neighbouring region, "
              "or (``siege``) into its Stronghold.")
def _withdraw(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    b = battle(st)
    if not b:
        return
    defender = other(b["attacker"])
    if ins["region"] == "siege":
        c.say(_hold(c, b, "siege"))
        return
    for cid in S.army(st, b["region"], defender):
        c.tx.move(cid, S.rzone(ins["region"]))
    SG.refresh(c, b["region"])
    c.say(_("The {side} slip away to {r}").format(side=S.side_name(defender),
                                                  r=c.region_name(ins["region"])))
    b = battle(st)
    if can_advance(st, b):
        c.put(("battle", "stage"), "advance")
    else:
        _finish(c, b)


def attack_problem(st: TableState, origin: str, region: str, side: str) -> str | None:
    """Why ``side``'s army in ``origin`` may not attack ``region`` (None: it may), the
    die aside."""
    foe = other(side)
    if not S.units(st, origin, side):
        return _("No army stands in {r}.").format(r=_(regions()[origin].name))
    if not S.units(st, region, foe):
        return _("No enemy army stands in {r}.").format(r=_(regions()[region].name))
    if "forbidden" in S.RULE_HOOKS and S.RULE_HOOKS["forbidden"](st, side, region):
        return _("A card on the table keeps Shadow armies out of {r}").format(
            r=_(regions()[region].name))
    inside = SG.besieged_side(st, region)
    if origin == region:
        if inside is None:
            return _("An army attacks a neighbouring region, or a siege in its own")
    elif region not in regions()[origin].passable:
        return _("{a} and {b} share no passable border").format(
            a=_(regions()[origin].name), b=_(regions()[region].name))
    elif inside == foe:
        return _("A besieged Stronghold is attacked from its own region")
    elif SG.is_besieged(st, origin, side):
        return _("A besieged army attacks only its besiegers (a sortie)")
    if not [x for x in S.units(st, origin, side)
            if S.at_war(st, catalogue()[S.code(st, x)].nation or "")]:
        return _("Only the armies of a nation At War start a battle")
    return None


def attack(c: Ctx, cmd: C.Attack) -> str:
    """Attack the army in ``region`` with the army in ``origin`` (a field battle, a
    siege battle from the region, or a sortie of the besieged)."""
    st = c.st
    c.need_region(cmd.origin)
    c.need_region(cmd.region)
    side = S.seat_side(st, cmd.seat)
    if not S.units(st, cmd.origin, side):
        side = S.occupant(st, cmd.origin) or ""
    c.must(side in (FP, SHADOW), _("No army stands in {r}.").format(r=c.region_name(cmd.origin)))
    c.must(S.units(st, cmd.region, other(side)), _("No enemy army stands in {r}.").format(
        r=c.region_name(cmd.region)))
    c.must(not battle(st), _("A battle is being fought already."))
    c.need_side(cmd.seat, side, base("combat"))
    why = attack_problem(st, cmd.origin, cmd.region, side)
    c.need(why is None, why or "", base("combat"))
    rearguard = [x for x in S.army(st, cmd.origin, side) if is_army_unit(S.code(st, x))
                 and not S.at_war(st, catalogue()[S.code(st, x)].nation or "")]
    inside = SG.besieged_side(st, cmd.region)
    kind = "field"
    if cmd.origin == cmd.region:
        kind = "sortie" if inside == side else "siege"
    if face_of(c, side, cmd.die) == "character":
        c.need(any(S.leads(st, x) for x in S.army(st, cmd.origin, side) if x not in rearguard),
               _("A Character die attacks with an army with a Leader or a Character"),
               base("combat"))
        spend(c, side, cmd.die, "character", "attack")
    else:
        spend(c, side, cmd.die, "army", "attack")
    if len(attackers(st, cmd.origin, side)) > 1:           # the attacker's choice
        c.push({"op": "rearguard", "origin": cmd.origin, "region": cmd.region, "side": side})
        return _("The {side} attack {r} from {o}").format(
            side=S.side_name(side), r=c.region_name(cmd.region), o=c.region_name(cmd.origin))
    return begin_battle(c, cmd.origin, cmd.region, side, rearguard=rearguard)


def attackers(st: TableState, origin: str, side: str) -> list[int]:
    """The units of ``side`` in ``origin`` that may attack (of a nation At War)."""
    return sorted(x for x in S.army(st, origin, side) if is_army_unit(S.code(st, x))
                  and S.at_war(st, catalogue()[S.code(st, x)].nation or ""))


ASKING.add("rearguard")


@VOCAB.op("rearguard", origin=str, region=str, side=str,
          doc="An army attacks: its player chooses the units that attack; the others (and "
              "the units of a nation not At War) stay behind as the rearguard.")
def _rearguard(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    origin, region, side = ins["origin"], ins["region"], ins["side"]
    able = attackers(st, origin, side)
    if not able or not S.units(st, region, other(side)) or battle(st):
        return
    if "answer" not in ins and len(able) > 1:
        c.ask(ins, S.lead(st, side), _("Choose the units that attack {r} (the others stay in "
                                       "{o} as the rearguard)").format(
                  r=c.region_name(region), o=c.region_name(origin)),
              able, {x: piece_label(S.code(st, x)) for x in able}, kind="many",
              data={"suggest": able}, low=1, high=len(able))
        return
    going = set(ins.pop("answer", None) or able) & set(able) or set(able)
    rearguard = [x for x in S.army(st, origin, side) if is_army_unit(S.code(st, x))
                 and x not in going]
    if rearguard:
        c.say(_("{pieces} stay behind as the rearguard").format(pieces=c.names(rearguard)))
    c.say(begin_battle(c, origin, region, side, rearguard=rearguard))


def begin_battle(c: Ctx, origin: str, region: str, side: str,
                 flags: dict[str, Any] | None = None,
                 rearguard: list[int] | None = None) -> str:
    """A battle begins: ``side``'s army in ``origin`` attacks the army in ``region``
    (``flags``: what an event card changes for the whole battle; ``rearguard``: units
    of the attacker's that stay out).  A field battle, or from the region a siege
    battle (the besiegers) or a sortie (the besieged); the army attacked activates
    its nations and moves them one step toward war."""
    st = c.st
    inside = SG.besieged_side(st, region)
    kind = "field"
    if origin == region:
        kind = "sortie" if inside == side else "siege"
    b = {"region": region, "origin": origin, "attacker": side, "round": 1, "stage": "cards",
         "rolled": [], "owed": {FP: 0, SHADOW: 0}, "abilities": {FP: [], SHADOW: []},
         "bonus": {FP: 0, SHADOW: 0}, "flags": dict(flags or {}), "kind": kind,
         "rearguard": list(rearguard or []), **combat.fresh_round()}
    if can_hold_inside(st, b):
        b["stage"] = "hold"
    c.put(("battle",), b)
    c.push({"op": "battle"})
    fire(c, BATTLE_BEGINS, region=region, origin=origin, attacker=side)
    words = {"field": _("The {side} attack {r} from {o}"),
             "siege": _("The {side} assault the besieged Stronghold of {r}"),
             "sortie": _("The {side} make a sortie from the Stronghold of {r}")}[kind]
    text = words.format(side=S.side_name(side), r=c.region_name(region), o=c.region_name(origin))
    P.army_attacked(c, fighters(st, b, other(side)))
    return text


def _battle_side(c: Ctx, seat: int) -> tuple[dict[str, Any], str]:
    b = battle(c.st)
    c.must(b, _("No battle is being fought."))
    return b, S.seat_side(c.st, seat)


# ----------------------------------------------------------------- the roll
def leadership(st: TableState, region: str, side: str, b: dict[str, Any]) -> int:
    """Leadership of a side's army in a battle round (see ``combat.leadership``)."""
    return combat.leadership(st, b, side)


def target(st: TableState, b: dict[str, Any], side: str) -> int:
    """The number a die must reach to hit: 5, or 6 for the attacker in a siege
    battle, and in the first round of a field battle against a City or a
    Fortification (a Stronghold helps only a besieged army)."""
    if side != b["attacker"]:
        return 5
    kind = b.get("kind", "field")
    if kind == "siege" or (kind == "field" and S.besieged(st, b["region"])
                           and b["region"] == b["origin"]):
        return 6
    info = regions()[b["region"]]
    if kind == "field" and b["round"] == 1 and info.settlement in ("City", "Fortification"):
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
def hit_points(st: TableState, region: str, side: str, b: dict[str, Any] | None = None) -> int:
    """How many hits an army can still take."""
    us = fighters(st, b, side) if b else S.units(st, region, side)
    return sum(2 if S.kind(st, x) == "elite" else 1 for x in us)


def take_hits(c: Ctx, cmd: C.TakeHits) -> str:
    """Take the hits: the units the player chose are removed or reduced."""
    st = c.st
    b, side = _battle_side(c, cmd.seat)
    c.need(b["stage"] == "hits", _("Casualties are taken after both sides rolled"),
           base("combat"))
    if not b["owed"].get(side) and b["owed"].get(other(side)) and not c.strict:
        side = other(side)
    region = battle_region(b, side)
    ids = set(cmd.remove) | set(cmd.reduce)
    army = set(fighters(st, b, side))
    c.must(ids <= army and not set(cmd.remove) & set(cmd.reduce),
           _("Casualties come from the side's own army in the battle."))
    for cid in cmd.reduce:
        c.must(S.kind(st, cid) == "elite", _("Only an Elite unit can be reduced."))
    regulars: dict[str, int] = {}
    for cid in cmd.reduce:
        nation = catalogue()[S.code(st, cid)].nation or ""
        regulars[nation] = regulars.get(nation, 0) + 1
    for nation, n in regulars.items():
        left = sum(1 for x in st.zones[f"reinf.{nation}"].cards
                   if S.code(st, x) == f"{nation}.regular")
        c.must(left >= n, _("No Regular unit of that nation is left to replace it."))
    points = sum(2 if S.kind(st, x) == "elite" else 1 for x in cmd.remove) + len(cmd.reduce)
    owed = min(b["owed"][side], hit_points(st, region, side, b))
    stuck = False                  # an Elite that no Regular is left to replace is removed
    for cid in cmd.remove:
        nation = catalogue()[S.code(st, cid)].nation or ""
        if S.kind(st, cid) == "elite" and regular_for(st, cid) is None or \
                S.kind(st, cid) == "elite" and regulars.get(nation, 0) >= sum(
                    1 for x in st.zones[f"reinf.{nation}"].cards
                    if S.code(st, x) == f"{nation}.regular"):
            stuck = True
    c.need(points == owed or (points == owed + 1 and stuck),
           _("The army must take exactly {n} hits").format(n=owed), base("combat"))
    for cid in cmd.reduce:
        reduce_elite(c, cid)
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
    """An Elite reduced (removed when no Regular is left to replace it)."""
    if regular_for(c.st, cid) is not None:
        reduce_elite(c, cid)
    else:
        remove_figure(c, cid)


def _army_destroyed(c: Ctx, region: str, side: str) -> None:
    """With no unit left, the army's Leaders and Nazgûl leave with it (Characters stay)."""
    st = c.st
    if S.units(st, region, side):
        return
    for cid in S.army(st, region, side):
        if S.kind(st, cid) in ("leader", "nazgul") or (
                S.kind(st, cid) == "sovereign"
                and S.sovereign_state(st, S.code(st, cid).split(".")[1]) == "sleeping"):
            remove_figure(c, cid)


def _round_over(c: Ctx) -> None:
    """Casualties are taken: the battle ends, or its next decision is asked."""
    st = c.st
    b = battle(st)
    attacker, defender = b["attacker"], other(b["attacker"])
    alive_a, alive_d = fighters(st, b, attacker), fighters(st, b, defender)
    if alive_a and alive_d:
        c.put(("battle", "stage"), "decide")
    elif alive_a and can_advance(st, b):
        c.put(("battle", "stage"), "advance")
    else:
        _finish(c, b)


def _finish(c: Ctx, b: dict[str, Any]) -> None:
    """The battle is over: sieges put right, the record cleared."""
    c.put(("battle",), None)
    for region in {b["region"], b["origin"]}:
        SG.refresh(c, region)
    c.say(_("The battle in {r} is over").format(r=c.region_name(b["region"])))


def _next_round(c: Ctx, b: dict[str, Any]) -> None:
    new = dict(b, round=b["round"] + 1, stage="cards", rolled=[], owed={FP: 0, SHADOW: 0},
               abilities={FP: [], SHADOW: []}, bonus={FP: 0, SHADOW: 0}, **combat.fresh_round())
    if can_hold_inside(c.st, new):
        new["stage"] = "hold"
    c.put(("battle",), new)


# ------------------------------------------------------------------ the end
def battle_end(c: Ctx, cmd: C.BattleEnd) -> str:
    """The battle's decisions: the defender fights a field battle or retreats into
    its Stronghold (``field``, ``siege``); the attacker goes on (``continue``, in a
    siege battle reducing the Elite ``card_id``) or ceases (``cease``); the
    defender retreats (``retreat`` into ``region``) or fights on (``stay``); the
    attacker advances into the region won (``advance``: the figures ``units``, or the
    whole army) or not (``stay``)."""
    st = c.st
    b, side = _battle_side(c, cmd.seat)
    attacker, defender = b["attacker"], other(b["attacker"])
    stage = b["stage"]
    if not c.strict and stage == "decide" and cmd.choice in ("retreat", "advance"):
        stage = "retreat" if cmd.choice == "retreat" else "advance"     # the free table
    choice = cmd.choice
    if stage == "hold":
        c.need(choice in ("field", "siege"), _("The defender fights a field battle or retreats "
                                               "into the Stronghold"), base("combat"))
        c.need_side(cmd.seat, defender, base("combat"))
        return _hold(c, b, choice)
    if stage == "decide":
        c.need(choice in ("continue", "cease"), _("The attacker goes on or ceases"),
               base("combat"))
        c.need_side(cmd.seat, attacker, base("combat"))
        c.need(choice != "cease" or cease_choices(b),
               _("This attack cannot cease (Corsairs of Umbar)"), base("combat"))
        if choice == "cease":
            _finish(c, b)
            return _("The {side} cease the attack").format(side=S.side_name(attacker))
        return _go_on(c, b, cmd)
    if stage == "retreat":
        c.need_side(cmd.seat, defender, base("combat"))
        if choice == "stay":
            _next_round(c, b)
            return _("The {side} fight on: round {n}").format(side=S.side_name(defender),
                                                              n=b["round"] + 1)
        if choice == "siege":
            c.need(can_hold_inside(st, b), _("There is no Stronghold of theirs to hold"),
                   base("combat"))
            return _hold(c, b, "siege")
        c.need(choice == "retreat", _("Retreat, or fight on"), base("combat"))
        c.need_region(cmd.region)
        c.need(cmd.region in retreats(st, b),
               _("An army retreats into a free neighbouring region"), base("combat"))
        for cid in S.army(st, b["region"], defender):
            c.tx.move(cid, S.rzone(cmd.region))
        SG.refresh(c, b["region"])
        text = _("The {side} retreat to {r}").format(side=S.side_name(defender),
                                                     r=c.region_name(cmd.region))
        b = battle(st)
        if can_advance(st, b):
            c.put(("battle", "stage"), "advance")
        else:
            _finish(c, b)
        return text
    if stage == "advance":
        c.need(choice in ("advance", "stay"), _("Advance, or stay"), base("combat"))
        c.need_side(cmd.seat, attacker, base("combat"))
        if choice == "advance":
            c.need(can_advance(st, b), _("The army cannot advance there"), base("combat"))
            movers = army_in_battle(st, b, attacker)
            if cmd.units:
                c.need(advance_problem(st, b, cmd.units) is None,
                       advance_problem(st, b, cmd.units) or "", base("combat"))
                movers = [x for x in movers if x in set(cmd.units)]
            for cid in movers:
                c.tx.move(cid, S.rzone(b["region"]))
            P.region_entered(c, b["region"], attacker)
            after_arrival(c, b["region"], attacker)
            _finish(c, b)
            return _("The {side} advance into {r}").format(side=S.side_name(attacker),
                                                           r=c.region_name(b["region"]))
        if SG.is_besieged(st, b["region"], defender) and not S.units(st, b["region"], attacker):
            SG.set_siege(c, b["region"], None)           # nobody to besiege them
        _finish(c, b)
        return _("The {side} stay where they are").format(side=S.side_name(attacker))
    c.need(False, _("The round is not over yet"), base("combat"))
    return ""


def _hold(c: Ctx, b: dict[str, Any], choice: str) -> str:
    """Before a round: the defender fights in the field, or retreats into its Stronghold
    (the attacker may then advance and besiege it)."""
    defender = other(b["attacker"])
    if choice == "field":
        c.put(("battle", "stage"), "cards")
        return _("The {side} fight a field battle").format(side=S.side_name(defender))
    SG.retreat_inside(c, b["region"], defender)
    c.put(("battle", "stage"), "advance")
    return _("The {side} retreat into the Stronghold of {r}").format(
        side=S.side_name(defender), r=c.region_name(b["region"]))


def _go_on(c: Ctx, b: dict[str, Any], cmd: C.BattleEnd) -> str:
    """The attacker goes on: a siege battle costs an Elite reduced; a field battle or
    a sortie lets the defender retreat first."""
    st = c.st
    if b.get("kind") == "siege":
        options = continue_choices(st, b)
        c.need(cmd.card_id in options, _("A siege battle goes on only by reducing an Elite "
                                          "unit of the attacker"), base("combat"))
        if cmd.card_id in st.cards and S.kind(st, cmd.card_id) == "regular":
            remove_figure(c, cmd.card_id)             # Fate of ...: a Regular lost instead
        elif cmd.card_id >= 0:
            reduce_elite(c, cmd.card_id)
        _next_round(c, battle(st))
        return _("The siege battle goes on: round {n}").format(n=b["round"] + 1)
    if b.get("kind") == "sortie" and not retreats(st, b):
        _next_round(c, b)
        return _("The battle goes on: round {n}").format(n=b["round"] + 1)
    if retreats(st, b) or can_hold_inside(st, b):
        c.put(("battle", "stage"), "retreat")
    else:
        _next_round(c, b)
    return _("The battle goes on: round {n}").format(n=b["round"] + 1)


HANDLERS: dict[type[Command], Handler] = {C.Attack: attack, C.CombatRoll: combat_roll,
                                          C.TakeHits: take_hits, C.BattleEnd: battle_end}
