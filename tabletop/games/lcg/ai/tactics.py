"""The arithmetic behind the expert's rules of thumb: the quest and combat sums a
good player does in their head before committing, defending or attacking.

- ``quest_outlook``: what committing a set of characters is likely to bring, over
  the threat the encounter deck may still add (one card per player);
- ``defense_plan``: who defends which of the coming attacks, or which is left
  undefended, at the least cost in damage and lost characters;
- ``attack_plan``: which enemies can be destroyed this round, and by whom.

Everything is read through ``Facts`` (what the deciding seat may know).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations

import tabletop.games.lcg.ai.anduin as anduin
from tabletop.games.lcg.ai.dolguldur import (attachments_at_risk, guard_value, shadow_risk,
                                            threat_weight)
from tabletop.games.lcg.ai.knowledge import character_value
from tabletop.games.lcg.ai.read import Facts

THREAT_BASE = 2.0          # one point of threat, far from 50
THREAT_SLOPE = 0.25        # ... and how much more each point above 30 costs
SHADOW_MARGIN = 0          # attack a face-down shadow card may add, counted as a risk
PROGRESS_VALUE = 2.0       # one progress token on what must be explored
OVERFLOW_VALUE = 0.15      # progress beyond what the stage needs
DAMAGE_HERO = 1.0          # weight of damage that stays on a hero
DAMAGE_ALLY = 0.5
KILL_WEIGHT = 1.5          # destroying an enemy saves about this many of its attacks
# characters who ready themselves once committed (they may quest and still fight)
SELF_READYING = {"Aragorn": 1}      # English name -> resources it takes
# enemies whose damage beyond the defender's hit points raises the defending player's threat
EXCESS_TO_THREAT = frozenset({"Hill Troll"})


def threat_cost(f: Facts) -> float:
    """What one point of threat costs a seat now: more as the dial nears 50."""
    threat = f.threat()
    return (THREAT_BASE + max(0, threat - 30) * THREAT_SLOPE) * threat_weight(f)


def reveal_distribution(f: Facts, cards: int) -> dict[int, float]:
    """Probabilities of the threat added by ``cards`` encounter cards still to come
    (each drawn from the deck's known contents; draws taken as independent)."""
    counts = Counter(f.reveal_threats())
    total = sum(counts.values())
    one = {t: n / total for t, n in counts.items()}
    dist = {0: 1.0}
    for _i in range(cards):
        nxt: dict[int, float] = {}
        for a, p in dist.items():
            for b, q in one.items():
                nxt[a + b] = nxt.get(a + b, 0.0) + p * q
        dist = nxt
    return dist


def cards_to_come(f: Facts) -> int:
    """Encounter cards still to be revealed in this quest phase (one per player
    still in the game, until staging is done)."""
    step = f.E.get("step") or ""
    if step in ("quest.commit", "quest.actions_commit", "quest.begin") or step.startswith(
            ("resource", "planning")):
        if f.t.rule("no_staging"):
            return 0
        return len(f.seats()) + f.t.rule("extra_staging")
    return 0


@dataclass
class Outlook:
    """What committing ``willpower`` is expected to bring."""
    willpower: int
    staged: int
    to_come: int
    expected_threat: float
    value: float
    p_success: float


def quest_outlook(f: Facts, willpower: int, dist: dict[int, float] | None = None,
                  to_come: int | None = None) -> Outlook:
    """The expected value of questing with ``willpower`` (progress is worth
    ``PROGRESS_VALUE`` a token; a failure costs the threat it raises)."""
    n = cards_to_come(f) if to_come is None else to_come
    dist = reveal_distribution(f, n) if dist is None else dist
    staged = f.staging_threat()
    need = max(1, f.quest_left())
    tc = threat_cost(f) * len(f.seats())
    value = p_ok = expected = 0.0
    for extra, p in dist.items():
        margin = willpower - staged - extra
        expected += p * extra
        if margin > 0:
            p_ok += p
            value += p * (min(margin, need) * PROGRESS_VALUE + max(0, margin - need) * OVERFLOW_VALUE)
        elif margin < 0:
            value += p * margin * tc
    return Outlook(willpower, staged, n, expected, value, p_ok)


# ------------------------------------------------------------------ combat
def revealed_enemy(f: Facts, threat: int) -> tuple[float, int]:
    """The chance that a card still to be revealed is an enemy that engages at ``threat``,
    and the mean attack of such enemies."""
    cards = f.unseen_encounter()
    if not cards:
        return 0.0, 0
    hits = [c for c in cards if c.type == "enemy" and isinstance(c.engagement_cost, int)
            and c.engagement_cost <= threat]
    if not hits:
        return 0.0, 0
    return len(hits) / len(cards), round(sum(c.attack or 0 for c in hits) / len(hits))


def coming_enemies(f: Facts, threat_after: int | None = None) -> list[int]:
    """Enemies that will attack the seat this round: those engaged, and those of the
    staging area whose engagement cost the seat's threat reaches."""
    threat = f.threat() if threat_after is None else threat_after
    out = list(f.engaged())
    if len(f.seats()) == 1 and not f.t.rule("no_engagement_checks"):
        out += [e for e in f.staging_enemies() if f.stat(e, "engagement") <= threat]
    return out


def damage_cost(f: Facts, cid: int, dmg: int) -> float:
    """What ``dmg`` damage on a character costs: its whole worth if it dies, else a
    share that grows as its hit points run out (damage on a hero stays)."""
    if dmg <= 0:
        return 0.0
    left = f.hp_left(cid)
    value = character_value(f, cid)
    if dmg >= left:
        return value
    if f.is_hero(cid):
        return value * dmg / (left + 2) * DAMAGE_HERO
    return value * dmg / (left + 2) * DAMAGE_ALLY


def attack_cost(f: Facts, defender: int | None, attack: int, enemy: int | None = None) -> float:
    """What defending an attack of ``attack`` with ``defender`` (None: undefended,
    on the hero best able to take it) is expected to cost, a shadow card's extra
    attack counted as a risk (and, for an enemy whose excess damage raises the
    defending player's threat, that threat).  Where the scenario's shadow cards are
    known to hurt (``dolguldur.shadow_risk``), their odds replace the flat margin."""
    excess = enemy is not None and f.en(enemy) in EXCESS_TO_THREAT
    risk = shadow_risk(f, enemy, defender is None)
    if defender is None:
        heroes = f.heroes()
        if not heroes:
            return 0.0
        cost = min(_hit(f, h, attack, risk)
                   + (max(0, attack - f.hp_left(h)) * threat_cost(f) if excess else 0.0)
                   for h in heroes)
        return cost + _side_cost(f, risk)
    d = f.stat(defender, "defense")
    cost = _hit(f, defender, attack - d, risk) + _side_cost(f, risk)
    if excess:
        cost += max(0, attack - d - f.hp_left(defender)) * threat_cost(f)
    return cost


def _hit(f: Facts, cid: int, dmg: int, risk) -> float:
    """The expected cost of ``dmg`` damage on a character, with a shadow card's extra."""
    if risk is None:
        return 0.7 * damage_cost(f, cid, dmg) + 0.3 * damage_cost(f, cid, dmg + SHADOW_MARGIN)
    return sum(p * damage_cost(f, cid, dmg + extra) for extra, p in risk.attack)


def _side_cost(f: Facts, risk) -> float:
    """What a shadow card costs besides the attack: threat, damage on every character,
    the attachments lost."""
    if risk is None:
        return 0.0
    cost = risk.threat * threat_cost(f)
    if risk.each:
        cost += sum(damage_cost(f, c, 1) for c in f.characters()) * risk.each
    if risk.strip:
        cost += risk.strip * attachments_at_risk(f)
    return cost


@dataclass
class DefensePlan:
    """Who defends which attack (None: undefended), and the total expected cost."""
    assign: dict[int, int | None] = field(default_factory=dict)
    cost: float = 0.0


def defense_plan(f: Facts, enemies: list[int], defenders: list[int]) -> DefensePlan:
    """Greedy: the strongest attack first, each to its cheapest answer."""
    plan = DefensePlan()
    free = list(defenders)
    keep = anduin.keep_attacker_weight(f, 0.05)
    for e in sorted(enemies, key=lambda e: -f.stat(e, "attack")):
        a = f.stat(e, "attack")
        best: tuple[float, int | None] = (attack_cost(f, None, a, e), None)
        for d in free:
            c = attack_cost(f, d, a, e) + keep * f.stat(d, "attack")   # keep attackers if equal
            if c < best[0]:
                best = (c, d)
        plan.assign[e] = best[1]
        plan.cost += best[0]
        if best[1] is not None:
            free.remove(best[1])
    return plan


def kill_need(f: Facts, enemy: int) -> int:
    """Total attack needed to destroy an enemy this round."""
    return f.stat(enemy, "defense") + max(0, f.hp_left(enemy))


def cheapest_killers(f: Facts, attackers: list[int], need: int) -> list[int] | None:
    """The smallest group of attackers whose attack reaches ``need`` (least attack
    wasted), or None."""
    pool = sorted(attackers, key=lambda c: -f.stat(c, "attack"))[:8]
    if sum(f.stat(c, "attack") for c in pool) < need:
        return None
    best: tuple[int, int, list[int]] | None = None
    for k in range(1, len(pool) + 1):
        for group in combinations(pool, k):
            total = sum(f.stat(c, "attack") for c in group)
            if total >= need:
                key = (total - need, k, list(group))
                if best is None or key[:2] < best[:2]:
                    best = key
        if best is not None:
            break
    return None if best is None else best[2]


def kill_value(f: Facts, enemy: int) -> float:
    """What destroying an enemy is worth: the attacks it will not make (it would attack
    again every round) and its threat if it ever returns to the staging area."""
    return (KILL_WEIGHT * attack_cost(f, None, f.stat(enemy, "attack")) + 1.0
            + 0.5 * f.stat(enemy, "threat") + guard_value(f, enemy) + anduin.block_value(f, enemy))


def danger(f: Facts, enemy: int) -> float:
    """How much an enemy hurts while it lives (its attack, its threat if it returns)."""
    return (f.stat(enemy, "attack") * 1.5 + f.stat(enemy, "threat")
            + f.t.keyword_value(enemy, "Victory") + guard_value(f, enemy))


def attack_plan(f: Facts, targets: list[int], attackers: list[int]) -> list[tuple[int, list[int]]]:
    """Enemies to attack, in order, with their attackers: the most dangerous ones that can be
    destroyed first, then whatever attack is left on the most dangerous survivor."""
    free = list(attackers)
    plan: list[tuple[int, list[int]]] = []
    left = list(targets)
    for e in sorted(targets, key=lambda e: -danger(f, e)):
        group = cheapest_killers(f, free, kill_need(f, e))
        if group:
            plan.append((e, group))
            for c in group:
                free.remove(c)
            left.remove(e)
    total = sum(f.stat(c, "attack") for c in free)
    through = [e for e in left if total > f.stat(e, "defense")]
    if free and through:
        e = max(through, key=lambda e: (danger(f, e), -f.hp_left(e)))
        plan.append((e, [c for c in free if f.stat(c, "attack") > 0]))
    return plan


def troll_killers(f: Facts, pool: list[int] | None = None) -> list[int]:
    """The fewest ready characters whose attack destroys the Hill Troll this round (it must
    die before stage 1 can be left): kept out of the quest and from defending; [] when the
    troll is not in this fight or they cannot destroy it."""
    troll = anduin.troll_to_fight(f)
    if troll is None:
        return []
    if pool is None:
        pool = [c for c in f.characters() if f.ready(c) and f.can_attack(c)]
    return cheapest_killers(f, [c for c in pool if f.stat(c, "attack") > 0],
                            kill_need(f, troll)) or []
