"""Reading card declarations: instructions of an ability for one use, and limits.

Shared by ``engine.playing`` (events) and ``engine.abilities`` (everything
else), below both.
"""
from __future__ import annotations

import copy

from tabletop.games.lcg.cardspecs import load, spec_for  # noqa: F401
from tabletop.games.lcg.cardspecs.base import Ability
from tabletop.games.lcg.engine.table import Table, phase_of


# ------------------------------------------------------------ instructions
def substitute(value, src, seat, info: dict):
    """``$src``, ``$seat``, ``$info.key`` in an instruction, replaced."""
    if isinstance(value, str):
        if value == "$src":
            return src
        if value == "$seat":
            return seat
        if value.startswith("$info."):
            return info.get(value[6:])
        return value
    if isinstance(value, list):
        return [substitute(v, src, seat, info) for v in value]
    if isinstance(value, dict):
        return {k: substitute(v, src, seat, info) for k, v in value.items()}
    return value


def steps_of(part, ctx: Table, src: int | None, info: dict, seat: int | None) -> list[dict]:
    """An ability's cost or effect as instructions for this use."""
    if callable(part):
        out = part(ctx, src, info, seat) or []
    else:
        out = copy.deepcopy(list(part))
    return [substitute(i, src, seat, info) for i in out]


def limit_key(ctx: Table, cid: int, index: int, ability: Ability, seat: int | None) -> str:
    """The key under which uses of a limited ability are counted now."""
    per, _n = ability.limit
    when = f"{ctx.state.round}" if per == "round" else f"{ctx.state.round}.{phase_of(ctx.engine.get('step'))}"
    who = f":{seat}" if ability.per_player else ""
    return f"{cid}:{index}:{when}{who}"


def within_limit(ctx: Table, cid: int, index: int, ability: Ability, seat: int | None = None) -> bool:
    """Has the ability been used fewer times than its limit (this round, phase)?"""
    if not ability.limit:
        return True
    used = ctx.engine.get("limits", {}).get(limit_key(ctx, cid, index, ability, seat), 0)
    return used < ability.limit[1]


def usable(ctx: Table, cid: int, index: int, ability: Ability, info: dict, seat: int) -> bool:
    """Does the ability's condition hold and is its limit not reached?"""
    if not within_limit(ctx, cid, index, ability, seat):
        return False
    if ability.condition is not None and not ability.condition(ctx, cid, info, seat):
        return False
    return True




def play_allowed(t: Table, seat: int, cid: int) -> bool:
    """Does anything in play forbid playing this card now (a scenario's rule)?"""
    for spec in load().values():
        if spec.play_allowed is not None and spec.code in _codes_in_play(t):
            if not spec.play_allowed(t, seat, cid):
                return False
    own = spec_for(t.state.cards[cid].code)
    if own is not None and own.play_allowed is not None and own.code not in _codes_in_play(t):
        return own.play_allowed(t, seat, cid)
    return True


def _codes_in_play(t: Table) -> set[str]:
    cards = t.state.cards
    return {cards[c].code for c in t.state.table.cards if cards[c].face_up}


def event_playable(t: Table, seat: int, cid: int, phase: str) -> bool:
    """May this event be played now as an action (its phase; its condition)?"""
    spec = spec_for(t.state.cards[cid].code)
    if spec is None:
        return True                      # its text is carried out by hand
    for i, ab in spec.of_kind("event"):
        if ab.phase is not None and ab.phase != phase:
            continue
        if usable(t, cid, i, ab, {}, seat):
            return True
    return False
