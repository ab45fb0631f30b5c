"""Action dice: using a die for an action, and rolling.

An action of the action phase is a command the player submits while the
engine asks the acting side to "use an action die" (the ``act`` question);
``spend`` checks the die (enforced: in the action phase, by the side whose
turn it is, with a fitting result) and marks it used, which gives the turn
to the other side.

Pure Python: no pygame.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tabletop.core.dice import face_id, roll
from tabletop.core.i18n import _
from tabletop.core.ruleset import Refused
from tabletop.games.wotr.base import base, faces_words, kome
from tabletop.games.wotr.ctx import Ctx
from tabletop.games.wotr.data import FP, SHADOW
from tabletop.games.wotr.vocab import DIE_USED, fire
import tabletop.games.wotr.state as S


def set_die(c: Ctx, side: str, i: int, **fields: Any) -> None:
    """Change fields of one die (the pool is written back whole: slot paths
    name map keys, not list positions)."""
    pool = S.pool(c.st, side)
    pool[i].update(fields)
    c.put(("dice", side), pool)


def spend(c: Ctx, side: str, i: int, kind: str, what: str = "", more: int = 0) -> None:
    """Use die ``i`` for an action of ``kind``.  ``more``: how many further steps
    of the same action the die still allows (an Army die moves two armies; a
    Muster die recruits two Regulars).  ``i`` -1: no die (outside the action
    phase, or on the free table)."""
    st = c.st
    if i < 0:
        c.need(c.get("phase") != "actions",
               _("That action takes an unused action die showing {faces}").format(
                   faces=faces_words(kind)), base("actions"))
        return
    dice = c.get("dice", side, default=[])
    c.must(0 <= i < len(dice), _("There is no such action die."))
    die = dice[i]
    if die.get("used") and die.get("left", 0) > 0 and die.get("action") == (what or kind) \
            and c.get("last") == side:
        set_die(c, side, i, left=die["left"] - 1)
        return
    c.need(c.get("phase") == "actions",
           _("Action dice are used in the action resolution phase"), base("actions"))
    need_free_hand(c)
    c.need(c.get("acting") == side,
           _("It is the {side}' turn to act").format(side=S.side_name(c.get("acting"))),
           base("actions"))
    c.need(S.die_ok(st, side, i, kind), _("That die's result does not allow this action"),
           base("dice"))
    mark_used(c, side, i, what or kind, more)


def need_free_hand(c: Ctx) -> None:
    """Enforced: an action of the action phase waits until nothing else is asked
    (a battle, a tile to keep, a token to remove)."""
    if c.strict and c.asking() not in (None, "act"):
        raise Refused(_("Another decision is waiting."))


def mark_used(c: Ctx, side: str, i: int, action: str, more: int = 0) -> None:
    """Mark a die used and give the turn to the other side (if it has dice)."""
    face = c.get("dice", side)[i].get("face", "")
    set_die(c, side, i, used=True, action=action, **({"left": more} if more else {}))
    foe = S.other(side)
    c.put(("acting",), foe if S.unused(c.st, foe) else side)
    c.put(("last",), side)
    fire(c, DIE_USED, side=side, action=action, face=face)


def spend_ruler(c: Ctx, side: str, die: int, kind: str, what: str,
                any_face: Callable[[str], bool] = lambda face: True) -> None:
    """Use a die: the Ruler die with any result ``any_face`` allows, else a die of ``kind``."""
    dice = c.get("dice", side, default=[])
    if 0 <= die < len(dice) and dice[die]["kind"] == S.RULER_KIND[side] \
            and not dice[die].get("used") and any_face(dice[die]["face"]):
        need_free_hand(c)
        c.need(c.get("phase") == "actions" and c.get("acting") == side,
               _("It is not the {side}' turn to act").format(side=S.side_name(side)),
               kome("dice"))
        mark_used(c, side, die, what)
        return
    spend(c, side, die, kind, what)


def roll_die(kind: str, rng: random.Random) -> str:
    """Roll one die of a type; its face symbol."""
    return face_id(kind, roll(kind, rng))


def roll_d6(n: int, rng: random.Random) -> list[int]:
    """Roll ``n`` six-sided dice."""
    return [roll("d6", rng) + 1 for _i in range(max(0, n))]


def eyes_to_hunt_box(c: Ctx) -> None:
    """The Shadow's rolled Eyes go to the Hunt box."""
    pool = S.pool(c.st, SHADOW)
    keep = [d for d in pool if d["face"] != "eye" or d.get("used")]
    eyes = len(pool) - len(keep)
    if eyes:
        c.put(("dice", SHADOW), keep)
        c.put(("hunt_box", "eyes"), c.get("hunt_box", "eyes", default=0) + eyes)


def start_actions(c: Ctx) -> None:
    """The action resolution phase begins: the Free Peoples act first (if they can)."""
    c.put(("phase",), "actions")
    c.put(("discarding",), None)
    c.put(("acting",), FP if S.unused(c.st, FP) else SHADOW)
