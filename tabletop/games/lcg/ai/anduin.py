"""What a good player knows of Journey Down the Anduin (the core set's second scenario).

- Stage 1 (To the River...) cannot be defeated while a Hill Troll is in play: the troll
  must die, so every point of damage that stays on it counts.
- The Hill Troll (engagement cost 30, attack 6, defense 3, 9 hit points): damage of its
  attack beyond the defender's hit points raises the defending player's threat.
- Destroying that troll is worth the stage (``block_value``); when the characters still ready
  can destroy it this round, the fewest that do it neither quest nor defend
  (``tactics.troll_killers``).
- Stage 2 (Anduin Passage) reveals one more encounter card each quest phase and makes no
  engagement checks; stage 3 (Ambush on the Shore) has no staging and is won when no
  enemy is left in play.

Every rule here applies only in this scenario (``active``).
"""
from __future__ import annotations

from tabletop.core.i18n import _
from tabletop.games.lcg.ai.advice import Advice
from tabletop.games.lcg.ai.read import Facts

SCENARIO = "journey_down_the_anduin"
TROLL = "Hill Troll"
TROLL_CHIP = 1.0            # share of the troll's kill value that damage staying on it is worth


def active(f: Facts) -> bool:
    """Is the game Journey Down the Anduin?"""
    return f.state.scenario == SCENARIO


def stage(f: Facts) -> int:
    """The current quest stage (0 if unknown)."""
    q = f.t.quest_card()
    return (f.t.cdef(q).stage or 0) if q is not None else 0


def trolls(f: Facts) -> list[int]:
    """Hill Trolls in play (the staging area or engaged with anyone)."""
    return [c for c in f.t.table_cards() if f.ctype(c) == "enemy" and f.en(c) == TROLL
            and f.state.cards[c].face_up]


def troll_blocks(f: Facts) -> bool:
    """Does a Hill Troll keep stage 1 from being defeated?"""
    return active(f) and stage(f) == 1 and bool(trolls(f))


TROLL_BLOCK = 30.0          # destroying the troll that blocks stage 1: the game goes on


def block_value(f: Facts, enemy: int) -> float:
    """What destroying an enemy is worth beyond its attacks: a Hill Troll that blocks stage 1
    holds the whole game (0 elsewhere)."""
    if troll_blocks(f) and f.en(enemy) == TROLL:
        return TROLL_BLOCK
    return 0.0


def chip_weight(f: Facts, enemy: int, default: float) -> float:
    """What share of an enemy's kill value damage that stays on it is worth."""
    if active(f) and f.en(enemy) == TROLL and stage(f) == 1:
        return TROLL_CHIP
    return default


TROLL_ENGAGE_COST = 12.0    # optional engagement: what the troll's one attack may cost, when it dies


def engage_max_cost(f: Facts, enemy: int, default: float) -> float:
    """What an optional engagement may cost: more for a Hill Troll that blocks stage 1 and
    can be destroyed this round (it must die, and it will engage at 30 threat anyway)."""
    if troll_blocks(f) and f.en(enemy) == TROLL:
        return TROLL_ENGAGE_COST
    return default


def gandalf_advice(f: Facts, words: set[str]) -> Advice | None:
    """Gandalf's choice here: lower the threat while a Hill Troll waits in the staging area
    and the threat nears its engagement cost; 4 damage on a Hill Troll engaged with the
    players (a third of the way to destroying it); else None (the general rule)."""
    if not active(f):
        return None
    staged = [t for t in trolls(f) if t in f.staging_enemies()]
    cost = min((f.stat(t, "engagement") for t in staged), default=0)
    if "threat" in words and staged and f.threat() + 5 >= cost:
        return Advice("threat", lambda: _("lowers the threat by 5: {card} in the staging area "
                                          "engages at {e}.").format(card=f.name(staged[0]),
                                                                     e=cost))
    engaged = [t for t in trolls(f) if t not in staged]
    if "damage" in words and engaged and stage(f) == 1:
        return Advice("damage", lambda: _("deals 4 damage to {card}: the quest cannot go on "
                                          "while it lives.").format(card=f.name(engaged[0])))
    return None


KEEP_ATTACKER = 1.0         # a defender's point of attack, lost to the troll's damage while it lives


def keep_attacker_weight(f: Facts, default: float) -> float:
    """How much a point of attack of a would-be defender counts against defending with it:
    while a Hill Troll engaged with the seat blocks stage 1, attack left ready wears it down."""
    if troll_blocks(f) and any(t in f.engaged() for t in trolls(f)):
        return KEEP_ATTACKER
    return default


def slips_away(f: Facts, enemy: int) -> bool:
    """Wargs go back to the staging area after their attack unless their shadow card has an
    effect: engaged optionally, they attack and leave before they can be destroyed."""
    return active(f) and f.en(enemy) == "Wargs"


def troll_to_fight(f: Facts) -> int | None:
    """The Hill Troll that blocks stage 1 and attacks the seat this round: engaged with it, or
    in the staging area with an engagement cost the seat's threat reaches (solo)."""
    if not troll_blocks(f):
        return None
    mine = [t for t in trolls(f) if t in f.engaged()]
    if mine:
        return mine[0]
    if len(f.seats()) == 1:
        staged = [t for t in trolls(f) if t in f.staging_enemies()
                  and f.stat(t, "engagement") <= f.threat()]
        if staged:
            return staged[0]
    return None
