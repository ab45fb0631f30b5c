"""Reading card declarations: an ability's instructions for one use, and its limits.

The declarations come from the table's card registry (``Table.registry``);
nothing here imports them.  Read-only.
"""
from __future__ import annotations

import copy
from typing import Any

from tabletop.games.lcg.engine.registry import AbilityDecl
from tabletop.games.lcg.engine.table import Table, phase_of


# ------------------------------------------------------------ instructions
def substitute(value: Any, src: int | None, seat: int | None, info: dict[str, Any]) -> Any:
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


def steps_of(part: Any, t: Table, src: int | None, info: dict[str, Any],
             seat: int | None) -> list[dict[str, Any]]:
    """An ability's cost or effect as instructions for this use (a function of the
    table is called with it: declarations read, they never change the table)."""
    if callable(part):
        out = part(t, src, info, seat) or []
    else:
        out = copy.deepcopy(list(part))
    return [substitute(i, src, seat, info) for i in out]


# ------------------------------------------------------------------ limits
def limit_key(t: Table, cid: int, index: int, ability: AbilityDecl, seat: int | None) -> str:
    """The key under which uses of a limited ability are counted now."""
    per = ability.limit[0] if ability.limit else "round"
    when = f"{t.state.round}" if per == "round" else f"{t.state.round}.{phase_of(t.engine.get('step'))}"
    who = f":{seat}" if ability.per_player else ""
    return f"{cid}:{index}:{when}{who}"


def within_limit(t: Table, cid: int, index: int, ability: AbilityDecl,
                 seat: int | None = None) -> bool:
    """Has the ability been used fewer times than its limit (this round, phase)?"""
    if not ability.limit:
        return True
    used = t.engine.get("limits", {}).get(limit_key(t, cid, index, ability, seat), 0)
    return bool(used < ability.limit[1])


def usable(t: Table, cid: int, index: int, ability: AbilityDecl, info: dict[str, Any],
           seat: int | None) -> bool:
    """Does the ability's condition hold and is its limit not reached?"""
    if not within_limit(t, cid, index, ability, seat):
        return False
    if ability.condition is not None and not ability.condition(t, cid, info, seat):
        return False
    return True


# ------------------------------------------------------------------ playing
def _codes_in_play(t: Table) -> set[str]:
    cards = t.state.cards
    return {cards[c].code for c in t.state.table.cards if cards[c].face_up}


def play_allowed(t: Table, seat: int, cid: int) -> bool:
    """Does anything in play forbid playing this card now (a scenario's rule)?"""
    rules = t.registry.with_play_rules()
    if not rules:
        return True
    in_play = _codes_in_play(t)
    for spec in rules:
        if spec.code in in_play and not spec.play_allowed(t, seat, cid):
            return False
    own = t.registry.spec(t.state.cards[cid].code)
    if own is not None and own.play_allowed is not None and own.code not in in_play:
        return bool(own.play_allowed(t, seat, cid))
    return True


def event_playable(t: Table, seat: int, cid: int, phase: str) -> bool:
    """May this event be played now as an action (its phase; its condition)?"""
    spec = t.registry.spec(t.state.cards[cid].code)
    if spec is None:
        return True                      # its text is carried out by hand
    for i, ab in spec.of_kind("event"):
        if ab.phase is not None and ab.phase != phase:
            continue
        if usable(t, cid, i, ab, {}, seat):
            return True
    return False
