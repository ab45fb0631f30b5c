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
from collections.abc import Callable, Iterable
from typing import Any

from tabletop.core.dice import face_id, roll
from tabletop.core.i18n import _
from tabletop.core.ruleset import Refused
import tabletop.games.wotr.base as B
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
    """Use die ``i`` for an action of ``kind`` (named ``what``).  ``more``: how many
    further parts of the same action the die still allows (an Army die moves a
    second army; a Muster die recruits a second Regular or Leader; a Character
    die moves every Nazgûl, Minion or Companion): the side goes on with them
    (the ``follow`` record) before the turn passes.  ``i`` -1: no die (outside
    the action phase, or on the free table; while an action goes on, its die)."""
    st = c.st
    action = what or kind
    f = c.get("follow")
    if f and f.get("side") == side and f.get("action") == action and i in (-1, f.get("die")):
        left = int(f.get("left", 0)) - 1
        if left <= 0:
            end_follow(c)
        else:
            c.put(("follow", "left"), left)
        return
    if i < 0:
        c.need(c.get("phase") != "actions",
               _("That action takes an unused action die showing {faces}").format(
                   faces=faces_words(kind)), base("actions"))
        return
    dice = c.get("dice", side, default=[])
    c.must(0 <= i < len(dice), _("There is no such action die."))
    die = dice[i]
    if die.get("used") and die.get("left", 0) > 0 and die.get("action") == action \
            and c.get("last") == side:            # a save written before ``follow``
        set_die(c, side, i, left=die["left"] - 1)
        return
    c.need(c.get("phase") == "actions",
           _("Action dice are used in the action resolution phase"), base("actions"))
    need_free_hand(c)
    if f and c.strict:
        raise Refused(B.cite(_("Finish the action of the die in use first, or say you are "
                               "done with it"), base("actions")))
    c.need(c.get("acting") == side,
           _("It is the {side}' turn to act").format(side=S.side_name(c.get("acting"))),
           base("actions"))
    c.need(S.die_ok(st, side, i, kind), _("That die's result does not allow this action"),
           base("dice"))
    if kind == "army" and die.get("face") == "muster":          # the Mouth of Sauron's
        ev = dict(c.get("ev") or {})
        c.put(("ev",), {**ev, "turn": {**(ev.get("turn") or {}), "mouth": st.round}})
    mark_used(c, side, i, action, more)


def face_of(c: Ctx, side: str, i: int) -> str:
    """The result of a side's die ``i`` ("" when there is no such die)."""
    dice = c.get("dice", side, default=[])
    return str(dice[i].get("face", "")) if 0 <= i < len(dice) else ""


def need_free_hand(c: Ctx) -> None:
    """Enforced: an action of the action phase waits until nothing else is asked
    (a battle, a tile to keep, a token to remove)."""
    if c.strict and c.asking() not in (None, "act"):
        raise Refused(_("Another decision is waiting."))


def mark_used(c: Ctx, side: str, i: int, action: str, more: int = 0) -> None:
    """Mark a die used; the turn passes to the other side (if it has dice), or,
    when the action has ``more`` parts, once the side is done with them."""
    if c.get("follow"):
        end_follow(c)                      # the free table: a new die ends the action before
    face = c.get("dice", side)[i].get("face", "")
    set_die(c, side, i, used=True, action=action)
    c.put(("last",), side)
    if more:
        c.put(("follow",), {"side": side, "seat": S.lead(c.st, side) if c.seat is None else c.seat,
                            "die": i, "action": action, "left": more, "regions": [],
                            "pieces": []})
        c.put(("acting",), side)
    else:
        pass_turn_after(c, side)
    fire(c, DIE_USED, side=side, action=action, face=face)


def pass_turn_after(c: Ctx, side: str) -> None:
    """After ``side``'s action: the other side acts next, if it has a die left."""
    foe = S.other(side)
    c.put(("acting",), foe if S.unused(c.st, foe) else side)


def end_follow(c: Ctx) -> None:
    """The side is done with the parts of its die's action: the turn passes."""
    f = c.get("follow")
    c.put(("follow",), None)
    if f:
        pass_turn_after(c, f["side"])


def note_follow(c: Ctx, regions: Iterable[str] = (), pieces: Iterable[int] = ()) -> None:
    """Remember what a part of the action in progress used (a region, figures)."""
    f = c.get("follow")
    if not f:
        return
    regions, pieces = list(regions), list(pieces)
    if regions:
        c.put(("follow", "regions"), list(f.get("regions", [])) + regions)
    if pieces:
        c.put(("follow", "pieces"), list(f.get("pieces", [])) + pieces)


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
    c.put(("follow",), None)
    c.put(("acting",), FP if S.unused(c.st, FP) else SHADOW)
