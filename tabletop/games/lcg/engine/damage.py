"""Verbs of damage: a card takes damage, and is destroyed at its hit points.

A destroyed enemy goes to the victory display (with victory points) or its
discard pile and sets off ``enemy_destroyed``; a destroyed character sets off
``character_destroyed`` and its player may be left without a hero.
"""
from __future__ import annotations

from tabletop.core.i18n import _
from tabletop.core.model import TABLE
from tabletop.games.lcg.engine.context import Ctx
from tabletop.games.lcg.engine.moves import add_tokens, leave_play
from tabletop.games.lcg.engine.players import check_heroes
from tabletop.games.lcg.engine.table import CHARACTER_TYPES
from tabletop.games.lcg.engine.triggers import trigger


def deal_damage(ctx: Ctx, cid: int, n: int) -> bool:
    """Put ``n`` damage on a character or enemy; True if it was destroyed."""
    if n <= 0 or ctx.is_prisoner(cid):
        return False
    add_tokens(ctx, cid, "damage", n)
    if check_destroyed(ctx, cid):
        return True
    trigger(ctx, "damaged", card=cid, n=n)
    return False


def check_destroyed(ctx: Ctx, cid: int) -> bool:
    """Destroy a card whose damage reached its hit points."""
    st = ctx.state
    if cid not in st.cards or st.cards[cid].zone != TABLE:
        return False
    hp = ctx.stat(cid, "hitpoints")
    if ctx.ctype(cid) in CHARACTER_TYPES | {"enemy"} and ctx.damage(cid) >= hp:
        destroy(ctx, cid)
        return True
    return False


def destroy(ctx: Ctx, cid: int) -> None:
    """A character or enemy is destroyed (damage reached its hit points)."""
    kind = ctx.ctype(cid)
    name = ctx.name(cid)
    seat = ctx.controller(cid) if kind in CHARACTER_TYPES else None
    if kind == "enemy":
        leave_play(ctx, cid, victory=True)
        ctx.say(_("{card} is destroyed.").format(card=name))
        trigger(ctx, "enemy_destroyed", card=cid)
    else:
        leave_play(ctx, cid)
        ctx.say(_("{card} is destroyed.").format(card=name))
        trigger(ctx, "character_destroyed", card=cid, seat=seat)
        if kind == "hero" and seat is not None:
            check_heroes(ctx, seat)
