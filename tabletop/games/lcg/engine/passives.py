"""Passive abilities: what holds while a card is in play.

A passive is derived each time a value is read (never faked with tokens):
stat changes, "cannot" restrictions, extra traits and resource icons, cost
changes, changes to the rules of the round.  The card declarations
(``tabletop.games.lcg.cardspecs``) register them here; the engine only asks.

Passives are looked up by the card they belong to, so reading a stat costs
little: a card's own passives (``register_self``), those of the attachments
on it (``register_attached``), and the few that look at the whole table
(``register_stat`` and friends).  Each function takes the engine's ``Table``.
"""
from __future__ import annotations

from typing import Callable

_SELF: dict[str, list[Callable]] = {}       # code -> fn(table, cid, what, arg) -> value
_ATTACHED: dict[str, list[Callable]] = {}   # attachment code -> fn(table, att, host, what, arg)
_GLOBAL: dict[str, list[Callable]] = {}     # what -> fn(table, cid, arg)
_RULES: dict[str, list[Callable]] = {}      # rule name -> fn(table) -> int | bool

# what: "stat" (arg: stat name; value: a bonus), "cannot" (arg: what; value: bool),
# "traits" (value: a set), "spheres" (value: a set), "cost" (value: a change), "ability"
# (arg: an ability name such as "attack_staging"; value: bool)


def register_self(code: str, what: str, fn: Callable) -> None:
    """A passive of the cards with this code: ``fn(table, cid, arg)``."""
    _SELF.setdefault(code, []).append((what, fn))


def register_attached(code: str, what: str, fn: Callable) -> None:
    """A passive an attachment with this code gives its host: ``fn(table, att, host, arg)``."""
    _ATTACHED.setdefault(code, []).append((what, fn))


def register_global(what: str, fn: Callable) -> None:
    """A passive that may concern any card: ``fn(table, cid, arg)``."""
    _GLOBAL.setdefault(what, []).append(fn)


def register_rule(name: str, fn: Callable) -> None:
    """A passive that changes a rule of the round: "extra_staging" (more cards
    revealed), "no_staging", "no_engagement_checks"..."""
    _RULES.setdefault(name, []).append(fn)


def _values(table, cid: int, what: str, arg):
    st = table.state
    code = st.cards[cid].code
    for w, fn in _SELF.get(code, ()):
        if w == what:
            yield fn(table, cid, arg)
    if _ATTACHED:
        for att in st.attachments(cid):
            acode = st.cards[att].code
            if acode in _ATTACHED and st.cards[att].face_up:
                for w, fn in _ATTACHED[acode]:
                    if w == what:
                        yield fn(table, att, cid, arg)
    for fn in _GLOBAL.get(what, ()):
        yield fn(table, cid, arg)


def passive_bonus(table, cid: int, stat: str) -> int:
    """What the passives add to ``stat`` of ``cid`` now."""
    return sum(v or 0 for v in _values(table, cid, "stat", stat))


def passive_cannot(table, cid: int, what: str) -> bool:
    """Does a passive keep ``cid`` from doing ``what``?"""
    return any(_values(table, cid, "cannot", what))


def passive_can(table, cid: int, what: str) -> bool:
    """Does a passive let ``cid`` do something out of the ordinary (``what``)?"""
    return any(_values(table, cid, "ability", what))


def passive_traits(table, cid: int) -> set:
    """Traits passives give a card."""
    out: set = set()
    for v in _values(table, cid, "traits", None):
        out |= v or set()
    return out


def passive_spheres(table, hero: int) -> set:
    """Resource icons passives give a hero."""
    out: set = set()
    for v in _values(table, hero, "spheres", None):
        out |= v or set()
    return out


def passive_cost(table, cid: int) -> int:
    """How passives change the cost of playing a card."""
    return sum(fn(table, cid, None) or 0 for fn in _GLOBAL.get("cost", ()))


_INSTEAD: dict[tuple, list[Callable]] = {}   # (event, code or None) -> fn(table, *args)


def register_instead(event: str, fn: Callable, code: str | None = None) -> None:
    """A replacement effect: when ``event`` would happen (to a card with ``code``, or
    to any card when None), ``fn(table, *args)`` may say what happens instead (None:
    nothing is replaced).  Events: "leave_play" (args: card id, the pile it would go
    to; returns another pile, or "staging") and "draw" (args: seat; returns the
    instructions done instead of drawing)."""
    _INSTEAD.setdefault((event, code), []).append(fn)


def instead(table, event: str, code: str | None, *args):
    """What replaces ``event`` now (the first replacement that applies), or None."""
    if not _INSTEAD:
        return None
    for key in ((event, code), (event, None)):
        for fn in _INSTEAD.get(key, ()):
            out = fn(table, *args)
            if out is not None:
                return out
    return None


def rule(table, name: str) -> int:
    """The sum of what the passives say of a rule now (True counts as 1)."""
    return sum(int(fn(table)) for fn in _RULES.get(name, ()))
