"""What event cards do, part three: the Fellowship and the Companions.

Hunts by card (``card_hunt``: Orc Patrol and its kin, The Breaking of the
Fellowship), Companions separated or moved by a card (``separate``,
``companions_move``, with the Level, extra regions and besieged Strongholds
the card allows), the Fellowship pushed (Cruel Weather), Lure of the Ring,
the Mirror, Challenge of the King, There and Back Again.

Pure Python: no pygame.
"""
from __future__ import annotations

from typing import Any

from tabletop.core.i18n import _
from tabletop.core.kernel import Opt
from tabletop.core.model import TableState
from tabletop.games.wotr.characters import arrived, fix_guide, lose_companion, random_companion
from tabletop.games.wotr.ctx import Ctx
from tabletop.games.wotr.data import FP, characters, regions
from tabletop.games.wotr.dice import set_die
from tabletop.games.wotr.effects import (add_corruption, advance_nation, ask, asks, guide,
                                         piece_labels, region_labels)
from tabletop.games.wotr.geo import within
from tabletop.games.wotr.pieces import catalogue
from tabletop.games.wotr.vocab import FELLOWSHIP_MOVED, VOCAB, fire
import tabletop.games.wotr.conds as K
import tabletop.games.wotr.state as S

DONE = "done"
IN_F = "fellowship"


def on_mordor(st: TableState) -> bool:
    """Is the Fellowship on the Mordor track?"""
    return S.get(st, "fellowship", "mordor", default=-1) >= 0


@VOCAB.op("card_hunt", mode=str, doc="A card's Hunt: draw a Hunt tile (``mode``: plain, ring, "
                                     "companion, breaking).")
def _card_hunt(c: Ctx, ins: dict[str, Any]) -> None:
    if ins["mode"] == "breaking" and guide(c.st) == "gollum":
        add_corruption(c, 1)
        return
    c.push({"op": "hunt_tile", "eye": 0, "mode": ins["mode"]})


@VOCAB.op(asks("breaking"), n=int, doc="That many Companions leave the Fellowship where it "
                                       "stands (the Free Peoples choose).")
def _breaking(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    inside = [x for x in st.zones["fellowship"].cards if K.is_companion(st, x)]
    n = min(ins["n"], len(inside))
    if n <= 0:
        return
    answer = ins.pop("answer", None)
    if answer is None and n < len(inside):
        ask(c, ins, S.lead(st, FP), _("Which Companions leave the Fellowship?"), sorted(inside),
            piece_labels(st, inside), kind="many", low=n, high=n, suggest=sorted(inside)[:n])
        return
    go = list(answer) if answer is not None else inside
    for cid in go:
        c.tx.move(cid, S.rzone(S.fellowship_region(st)))
    c.say(_("{who} leave the Fellowship").format(who=c.names(go)))
    fix_guide(c)


@VOCAB.op(asks("lure"), state=("who",), doc="Lure of the Ring: a random Companion adds his Level in "
                            "Corruption or falls (the Free Peoples choose).")
def _lure(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    if guide(st) == "gollum" or not K.fellowship_companions(st):
        add_corruption(c, 1)
        return
    who = ins.get("who") or random_companion(c)
    ins["who"] = who
    answer = ins.pop("answer", None)
    if answer is None:
        level = characters()[who].level or 0
        ask(c, ins, S.lead(st, FP), _("{name} is drawn: add {n} Corruption, or he falls?").format(
            name=_(characters()[who].name), n=level), ["corruption", "falls"],
            {"corruption": _("Add Corruption"), "falls": _("He falls")})
        return
    if answer == "corruption":
        add_corruption(c, characters()[who].level or 0)
    else:
        lose_companion(c, who)



def move_fellowship(c: Ctx) -> None:
    """The Fellowship moves without an action die: progress (or the Mordor track), then the
    Hunt as after a move."""
    fel = c.get("fellowship")
    c.put(("fellowship", "moves"), fel.get("moves", 0) + 1)
    bonus = c.get("hunt_box", "fp", default=0)
    if fel.get("mordor", -1) >= 0:
        c.put(("fellowship", "mordor"), fel["mordor"] + 1)
        fire(c, FELLOWSHIP_MOVED, progress=fel.get("progress", 0), mordor=fel["mordor"] + 1)
        c.push({"op": "hunt_tile", "eye": c.get("hunt_box", "eyes", default=0)})
        return
    c.put(("fellowship", "progress"), fel.get("progress", 0) + 1)
    fire(c, FELLOWSHIP_MOVED, progress=fel.get("progress", 0) + 1, mordor=-1)
    c.push({"op": "hunt", "bonus": bonus})


@VOCAB.op(asks("gollum_path"), seat=int, doc="With Gollum guiding, the Fellowship may hide or "
                                             "move.")
def _gollum_path(c: Ctx, ins: dict[str, Any]) -> None:
    if guide(c.st) != "gollum":
        return
    answer = ins.pop("answer", None)
    if answer is None:
        opts = (["hide"] if c.get("fellowship", "revealed") else []) + ["move", DONE]
        ask(c, ins, ins["seat"], _("Gollum leads: hide or move the Fellowship?"), opts,
            {"hide": _("Hide"), "move": _("Move"), DONE: _("Neither")})
        return
    if answer == "hide":
        c.put(("fellowship", "revealed"), False)
        c.say(_("The Fellowship hides"))
    elif answer == "move":
        c.say(_("The Fellowship moves"))
        move_fellowship(c)


@VOCAB.op(asks("mirror"), seat=int, doc="Mirror of Galadriel: an unused Character die becomes "
                                        "Will of the West; in Lórien, heal one.")
def _mirror(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    dice = S.get(st, "dice", FP, default=[])
    chars = [i for i, d in enumerate(dice) if d.get("face") == "character" and not d.get("used")]
    if chars:
        set_die(c, FP, chars[0], face="will_of_the_west")
        c.say(_("A Character die becomes Will of the West"))
    if S.fellowship_region(st) == "lorien" and not S.is_conquered(st, "lorien") \
            and not on_mordor(st):
        add_corruption(c, -1)


@VOCAB.op("challenge", doc="Challenge of the King: three Hunt tiles drawn.")
def _challenge(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    pool = list(st.zones["hunt.pool"].cards)
    drawn = []
    for _i in range(min(3, len(pool))):
        cid = pool.pop(c.rng.randrange(len(pool)))
        drawn.append(cid)
    eyes = [x for x in drawn if catalogue()[S.code(st, x)].eye]
    c.say(_("Challenge of the King: {tiles}").format(tiles=", ".join(c.card_name(x)
                                                                    for x in drawn)))
    if len(drawn) == 3 and len(eyes) == 3:
        who = "aragorn" if K.in_play(st, "aragorn") else "strider"
        cid = S.find_anywhere(st, "char." + who)
        from tabletop.games.wotr.moves import remove_figure
        if K.in_play(st, who):
            remove_figure(c, cid)
            c.say(_("{name} falls").format(name=c.card_name(cid)))
        return
    for cid in eyes:
        c.tx.move(cid, "hunt.out")
        c.tx.set(cid, "face_up", True)


@VOCAB.op(asks("fellowship_push"), seat=int, doc="Cruel Weather: the Fellowship goes to a "
                                                 "neighbouring region.")
def _push(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    here = S.fellowship_region(st)
    if not here or on_mordor(st):
        return
    answer = ins.pop("answer", None)
    if answer is None:
        opts = list(regions()[here].passable)
        ask(c, ins, ins["seat"], _("Where does the weather drive the Fellowship?"), opts,
            region_labels(opts))
        return
    c.tx.move(S.find_anywhere(st, "fellowship"), S.rzone(answer))
    c.say(_("The Fellowship is driven to {r}").format(r=c.region_name(answer)))


# ------------------------------------------------------------- Companions
def group_reach(st: TableState, ids: list[int], origin: str, bonus: int, level: int,
                siege: bool) -> list[str]:
    """Where a group of Companions may go: the highest Level among them (or ``level``) plus
    ``bonus`` regions, not into a besieged Stronghold unless the card allows."""
    top = level or max((characters()[S.code(st, x)[5:]].level or 0) for x in ids)
    from tabletop.games.wotr.characters import reach_levels
    top = max(top, reach_levels(st, ids))
    regs = within(origin, top + bonus)
    return sorted(r for r in regs if r != origin and (siege or not S.besieged(st, r)))


def companion_groups(st: TableState, moved: list[int]) -> list[str]:
    """Regions with Companions outside the Fellowship that have not moved yet."""
    return [r for r in regions() if any(x not in moved for x in K.companions_at(st, r)
                                        if S.code(st, x).startswith("char."))]


@VOCAB.op(asks("companions_move"), seat=int, extra=Opt(int), level=Opt(int), siege=Opt(bool),
          separate=Opt(bool, "the group may also leave the Fellowship"),
          all=Opt(bool, "any number of groups, each once"),
          state=("moved", "place", "group"),
          doc="Move Companions outside the Fellowship (or separate a group) as a card allows.")
def _companions_move(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    moved = list(ins.get("moved", []))
    answer = ins.pop("answer", None)
    if "place" not in ins:
        if answer == DONE:
            return
        if answer is None:
            opts = companion_groups(st, moved)
            if ins.get("separate") and K.fellowship_companions(st) and not on_mordor(st):
                opts = [IN_F] + opts
            if not opts or (moved and not ins.get("all")):
                return
            extra = [DONE] if ins.get("all") else []
            ask(c, ins, ins["seat"], _("Which Companions move?"), opts + extra,
                {**region_labels([o for o in opts if o != IN_F]), IN_F: _("The Fellowship"),
                 DONE: _("No more")})
            return
        ins["place"] = answer
        answer = None
    place = ins["place"]
    if "group" not in ins:
        if place == IN_F:
            pool = [x for x in st.zones["fellowship"].cards if K.is_companion(st, x)]
        else:
            pool = [x for x in K.companions_at(st, place) if x not in moved
                    and S.code(st, x).startswith("char.")]
        if answer is None and len(pool) > 1:
            ask(c, ins, ins["seat"], _("Which of them?"), sorted(pool), piece_labels(st, pool),
                kind="many", low=1, high=len(pool), suggest=sorted(pool)[:1 if place == IN_F
                                                                        else len(pool)])
            return
        ins["group"] = list(answer) if answer is not None else pool
        answer = None
    group = ins["group"]
    origin = S.fellowship_region(st) if place == IN_F else place
    bonus = ins.get("extra", 0) + (S.get(st, "fellowship", "progress", default=0)
                                   if place == IN_F else 0)
    if answer is None:
        opts = group_reach(st, group, origin, bonus, ins.get("level", 0), bool(ins.get("siege")))
        if place == IN_F:
            opts = [origin] + opts
        ask(c, ins, ins["seat"], _("Where do they go?"), opts, region_labels(opts))
        return
    separate_to(c, group, answer)
    del ins["place"], ins["group"]
    ins["moved"] = moved + group
    if ins.get("all"):
        c.push(ins)


def separate_to(c: Ctx, group: list[int], region: str) -> None:
    """Companions go to a region (leaving the Fellowship if they were in it)."""
    for cid in group:
        c.tx.move(cid, S.rzone(region))
    c.say(_("{who} go to {r}").format(who=c.names(group), r=c.region_name(region)))
    arrived(c, group, region)
    fix_guide(c)


@VOCAB.op(asks("separate"), seat=int, extra=Opt(int), state=("group",),
          doc="Separate a Companion or a group from the Fellowship (``extra`` regions "
              "further).")
def _separate(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    if on_mordor(st):
        return
    pool = [x for x in st.zones["fellowship"].cards if K.is_companion(st, x)]
    if not pool:
        return
    answer = ins.pop("answer", None)
    if "group" not in ins:
        if answer is None and len(pool) > 1:
            ask(c, ins, ins["seat"], _("Which Companions leave the Fellowship?"), sorted(pool),
                piece_labels(st, pool), kind="many", low=1, high=len(pool),
                suggest=sorted(pool)[:1])
            return
        ins["group"] = list(answer) if answer is not None else pool
        answer = None
    origin = S.fellowship_region(st)
    if answer is None:
        bonus = ins.get("extra", 0) + S.get(st, "fellowship", "progress", default=0)
        opts = [origin] + group_reach(st, ins["group"], origin, bonus, 0, False)
        ask(c, ins, ins["seat"], _("Where do they go?"), opts, region_labels(opts))
        return
    separate_to(c, ins["group"], answer)


@VOCAB.op("back_again", doc="There and Back Again: with Gimli or Legolas in Dale, Erebor or the "
                            "Woodland Realm, the Dwarves and the North activate and three "
                            "nations advance.")
def _back_again(c: Ctx, ins: dict[str, Any]) -> None:
    where = ("dale", "erebor", "woodland-realm")
    if not any(K.char_zone(c.st, w) in where for w in ("gimli", "legolas")):
        return
    for nation in ("dwarves", "north"):
        pol = S.politics(c.st, nation)
        if not pol["active"]:
            c.put(("politics", nation, "active"), True)
    for nation in ("dwarves", "elves", "north"):
        advance_nation(c, nation)
