"""Passive abilities: what holds while a card is in play.

A passive is derived each time a value is read (never faked with tokens):
stat changes, "cannot" restrictions, extra resource icons, cost changes.  The
card declarations (``tabletop.games.lcg.cardspecs``) register them; this
module only asks them.  Each function takes the engine's ``Table`` view.
"""
from __future__ import annotations

from typing import Callable

_STATS: list[Callable] = []      # fn(table, cid, stat) -> bonus
_CANNOT: list[Callable] = []     # fn(table, cid, what) -> bool
_SPHERES: list[Callable] = []    # fn(table, hero) -> set of spheres
_COST: list[Callable] = []       # fn(table, cid) -> change of cost


def register_stat(fn: Callable) -> None:
    """Add a passive ``fn(table, card id, stat) -> bonus``."""
    _STATS.append(fn)


def register_cannot(fn: Callable) -> None:
    """Add a passive ``fn(table, card id, what) -> bool`` that keeps cards from doing things."""
    _CANNOT.append(fn)


def register_spheres(fn: Callable) -> None:
    """Add a passive ``fn(table, hero) -> set`` of extra resource icons."""
    _SPHERES.append(fn)


def register_cost(fn: Callable) -> None:
    """Add a passive ``fn(table, card id) -> int`` changing what a card costs."""
    _COST.append(fn)


def passive_bonus(table, cid: int, stat: str) -> int:
    """What every passive adds to ``stat`` of ``cid`` now."""
    return sum(fn(table, cid, stat) for fn in _STATS) if _STATS else 0


def passive_cannot(table, cid: int, what: str) -> bool:
    """Does any passive keep ``cid`` from doing ``what``?"""
    return any(fn(table, cid, what) for fn in _CANNOT)


def passive_spheres(table, hero: int) -> set:
    """Resource icons passives give a hero."""
    out: set = set()
    for fn in _SPHERES:
        out |= fn(table, hero)
    return out


def passive_cost(table, cid: int) -> int:
    """How passives change the cost of playing a card."""
    return sum(fn(table, cid) for fn in _COST)


_RULES: dict[str, list[Callable]] = {}   # rule name -> fn(table) -> int | bool


def register_rule(name: str, fn: Callable) -> None:
    """Add a passive that changes a rule of the round: "extra_staging" (more cards
    revealed), "no_staging", "no_engagement_checks", "ally_limit"..."""
    _RULES.setdefault(name, []).append(fn)


def rule(table, name: str) -> int:
    """The sum of what the passives say of a rule now (True counts as 1)."""
    return sum(int(fn(table)) for fn in _RULES.get(name, ()))
