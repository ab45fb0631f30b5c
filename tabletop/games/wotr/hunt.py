"""The Fellowship and the Hunt for the Ring.

A Fellowship move (a Character die) adds one step of progress and puts the
die in the Hunt box; then the Hunt runs as two kernel operations a card may
use as well: ``hunt`` (the Shadow rolls one die per Eye in the box, at most
5, hitting on 6 with +1 per Free Peoples die already there, re-rolling
misses once per Shadow Stronghold, Shadow army and Nazgûl in the
Fellowship's region, and with Uglúk at or next to it) and ``hunt_tile`` (a
tile drawn at random: its number, an Eye the hits, added to the corruption;
a Reveal icon reveals the Fellowship).  How the Free Peoples absorb the
damage (a Companion instead of corruption) is theirs to do by hand.

Pure Python: no pygame.
"""
from __future__ import annotations

from typing import Any

from tabletop.core.commands import Command
from tabletop.core.i18n import _, ngettext
from tabletop.core.kernel import Opt
from tabletop.core.model import TableState
import tabletop.games.wotr.commands as C
from tabletop.games.wotr.base import base
from tabletop.games.wotr.ctx import Ctx, Handler
from tabletop.games.wotr.data import FP, SHADOW, characters, regions, tracks
from tabletop.games.wotr.dice import roll_d6, spend
from tabletop.games.wotr.geo import distance
from tabletop.games.wotr.kings import ugluk_rerolls
from tabletop.games.wotr.moves import HOOKS
from tabletop.games.wotr.pieces import catalogue
from tabletop.games.wotr.effects import ev_put
from tabletop.games.wotr.tablecards import hunt_mod, set_hunt_mod
from tabletop.games.wotr.vocab import (FELLOWSHIP_MOVED, HUNT_BEFORE_TILE, HUNT_DRAWN,
                                       HUNT_ROLL_BEGINS, HUNT_TILE, VOCAB, fire)
import tabletop.games.wotr.state as S

MORDOR_GATES = ("minas-morgul", "morannon")


def rerolls(st: TableState) -> int:
    """Hunt re-rolls the Fellowship's region gives the Shadow."""
    region = S.fellowship_region(st)
    if not region:
        return 0
    n = 0
    info = regions()[region]
    if info.settlement == "Stronghold" and S.controller_side(st, region) == SHADOW:
        n += 1
    if S.units(st, region, SHADOW):
        n += 1
    if any(S.kind(st, c) == "nazgul" for c in S.pieces_in(st, region)):
        n += 1
    return n + ugluk_rerolls(st, region)


@VOCAB.op("hunt", bonus=int, state=("stage",),
          doc="The Hunt roll: one die per Eye in the Hunt box (at most 5).")
def _hunt(c: Ctx, ins: dict[str, Any]) -> None:
    if not ins.get("stage"):                  # what answers "the Hunt roll begins" first
        ins["stage"] = 1
        c.push(ins)
        fire(c, HUNT_ROLL_BEGINS)
        return
    mod = hunt_mod(c.st)
    set_hunt_mod(c, plus=0, fewer=0)
    bonus = ins["bonus"] + mod.get("plus", 0)
    dice = min(tracks()["hunt_roll_max_dice"], c.get("hunt_box", "eyes", default=0))
    dice = max(0, dice - mod.get("fewer", 0))
    if dice == 0:
        c.say(_("No Eye in the Hunt box: no Hunt"))
        return
    rolls = roll_d6(dice, c.rng)
    hits = [r for r in rolls if r + bonus >= 6]
    misses = len(rolls) - len(hits)
    again = roll_d6(min(misses, rerolls(c.st)), c.rng)
    hits += [r for r in again if r + bonus >= 6]
    c.say(_("Hunt roll {rolls}{again}: {n} hits").format(
        rolls=" ".join(map(str, rolls)),
        again=(" / " + " ".join(map(str, again))) if again else "", n=len(hits)))
    if hits:
        c.push({"op": "hunt_tile", "eye": len(hits)})


def tile_damage(c: Ctx, cid: int, eye: int) -> tuple[int, bool]:
    """A tile's Hunt damage (an Eye: ``eye``; Shelob's Lair: a die) and its Reveal icon."""
    d = catalogue()[S.code(c.st, cid)]
    if S.code(c.st, cid) == "hunt.red.shelob":
        return roll_d6(1, c.rng)[0], False
    return (eye if d.eye else d.value), d.reveal


def draw_tile(c: Ctx) -> int | None:
    """A random tile of the Hunt pool, face up among the drawn tiles (None: pool empty)."""
    pool = c.st.zones["hunt.pool"].cards
    if not pool:
        c.say(_("The Hunt pool is empty"))
        return None
    cid = pool[c.rng.randrange(len(pool))]
    c.tx.move(cid, "hunt.drawn")
    c.tx.set(cid, "face_up", True)
    return cid


@VOCAB.op("hunt_tile", eye=int, mode=Opt(str, "a card's Hunt: plain, ring, companion, "
                                              "breaking, balrog"),
          state=("stage", "tile"),
          doc="Draw a Hunt tile against the Fellowship; an Eye is worth ``eye``.")
def _hunt_tile(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    stage = ins.get("stage", 0)
    if stage == 0:                            # "a tile is about to be drawn" (Wizard's Staff)
        ev_put(c, "hunt", {})
        ins["stage"] = 1
        c.push(ins)
        fire(c, HUNT_BEFORE_TILE)
        return
    mod = hunt_mod(st)
    if stage == 1:
        if mod.get("prevent"):
            ev_put(c, "hunt", {})
            c.say(_("No Hunt tile is drawn"))
            return
        cid = draw_tile(c)
        if cid is None:
            return
        ins["tile"], ins["stage"] = cid, 2
        damage, reveal = tile_damage(c, cid, ins["eye"])
        set_hunt_mod(c, damage=damage, ring_only=ins.get("mode") == "ring")
        c.push(ins)
        fire(c, HUNT_DRAWN, card=cid, damage=damage, reveal=reveal)
        return
    cid = ins["tile"]
    if mod.get("redraw") == 1:                # Mithril Coat and Sting: a second tile instead
        second = draw_tile(c)
        if second is not None:
            c.tx.move(cid, "hunt.pool")
            c.tx.set(cid, "face_up", False)
            c.say(_("A second tile counts instead: {tile}").format(tile=c.card_name(second)))
            cid = ins["tile"] = second
        set_hunt_mod(c, redraw=2)
    ev_put(c, "hunt", {})
    damage, reveal = tile_damage(c, cid, ins["eye"])
    damage = max(0, damage - mod.get("reduce", 0)) if damage > 0 else damage
    code = S.code(st, cid)
    mode = ins.get("mode", "")
    if mode and (catalogue()[code].eye or code.startswith("hunt.blue.")):
        c.say(_("{tile}: no effect").format(tile=c.card_name(cid)))
        return
    if mode == "breaking":
        c.push({"op": "breaking", "n": max(0, damage)})
        c.say(_("{tile}: Companions must leave the Fellowship").format(tile=c.card_name(cid)))
        return
    if code.startswith("hunt.red."):
        ev_put(c, "stop", st.round)
    c.say(_("{tile}: Hunt damage {n}").format(tile=c.card_name(cid), n=damage))
    c.push({"op": "hunt_damage", "damage": damage, "reveal": reveal,
            "standard": not catalogue()[code].special and not catalogue()[code].eye,
            **({"mode": mode} if mode else {})})
    fire(c, HUNT_TILE, card=cid, damage=damage, reveal=reveal)


def fellowship_move(c: Ctx, cmd: C.FellowshipMove) -> str:
    """Move the Fellowship one step with a Character die; the Hunt follows."""
    c.need_side(cmd.seat, FP, base("fellowship"))
    c.need(c.get("outcome") in (None, ""), _("The game is over"), base("turn"))
    spend(c, FP, cmd.die, "character", "fellowship")
    fel = c.get("fellowship")
    bonus = c.get("hunt_box", "fp", default=0)
    c.put(("hunt_box", "fp"), bonus + 1)
    c.put(("fellowship", "moves"), fel.get("moves", 0) + 1)
    if fel.get("mordor", -1) >= 0:
        c.put(("fellowship", "mordor"), fel["mordor"] + 1)
        fire(c, FELLOWSHIP_MOVED, progress=fel.get("progress", 0), mordor=fel["mordor"] + 1)
        c.push({"op": "hunt_tile", "eye": c.get("hunt_box", "eyes", default=0)})
        return _("The Fellowship moved on the Mordor track")
    c.put(("fellowship", "progress"), fel.get("progress", 0) + 1)
    fire(c, FELLOWSHIP_MOVED, progress=fel.get("progress", 0) + 1, mordor=-1)
    c.push({"op": "hunt", "bonus": bonus})
    return _("The Fellowship moved (progress {n})").format(n=fel.get("progress", 0) + 1)


def hunt_roll(c: Ctx, cmd: C.HuntRoll) -> str:
    """Roll the Hunt by hand."""
    c.push({"op": "hunt", "bonus": max(0, c.get("hunt_box", "fp", default=0) - 1)})
    return ""


def draw_hunt(c: Ctx, cmd: C.DrawHunt) -> str:
    """Draw a Hunt tile by hand."""
    pool = c.st.zones["hunt.pool"].cards
    c.must(pool, _("The Hunt pool is empty."))
    cid = pool[c.rng.randrange(len(pool))]
    c.tx.move(cid, "hunt.drawn")
    c.tx.set(cid, "face_up", True)
    return _("{seat} drew the hunt tile {tile}").format(seat=c.seat_name(cmd.seat),
                                                      tile=c.card_name(cid))


def fellowship_set(c: Ctx, cmd: C.FellowshipSet) -> str:
    """Change the Fellowship's progress or corruption by hand."""
    fel = c.get("fellowship")
    top = tracks()["corruption_max"]
    prog = max(0, fel.get("progress", 0) + cmd.progress)
    corr = max(0, min(top, fel.get("corruption", 0) + cmd.corruption))
    c.put(("fellowship", "progress"), prog)
    c.put(("fellowship", "corruption"), corr)
    return _("{seat}: the Fellowship's progress is {p}, its corruption {c}").format(
        seat=c.seat_name(cmd.seat), p=prog, c=corr)


def reveal(c: Ctx, cmd: C.Reveal) -> str:
    """Reveal the Fellowship, or hide it again."""
    c.put(("fellowship", "revealed"), bool(cmd.revealed))
    if cmd.revealed:
        return _("The Fellowship is revealed")
    return _("The Fellowship is hidden again")


def declare(c: Ctx, cmd: C.Declare) -> str:
    """Declare the Fellowship's position, or enter the Mordor track."""
    st = c.st
    c.need_side(cmd.seat, FP, base("fellowship"))
    here = S.fellowship_region(st)
    fel = c.get("fellowship")
    if cmd.region == "mordor":
        c.need(here in MORDOR_GATES, _("The Fellowship enters Mordor from Minas Morgul "
                                       "or the Morannon"), base("fellowship"))
        c.put(("fellowship", "mordor"), 0)
        c.put(("fellowship", "progress"), 0)
        for cid in list(st.zones["hunt.drawn"].cards):
            if not catalogue()[S.code(st, cid)].special:
                c.tx.move(cid, "hunt.pool")
                c.tx.set(cid, "face_up", False)
        return _("The Fellowship entered the Mordor track")
    c.need_region(cmd.region)
    steps = distance(here, cmd.region, 12) if here else 0
    c.need(steps is not None and steps <= fel.get("progress", 0),
           _("The Fellowship has not come that far"), base("fellowship"))
    c.tx.move(S.find_anywhere(st, "fellowship"), S.rzone(cmd.region))
    c.put(("fellowship", "progress"), 0)
    return _("The Fellowship was declared in {r}").format(r=c.region_name(cmd.region))


def guide(c: Ctx, cmd: C.Guide) -> str:
    """Choose the Fellowship's Guide."""
    st = c.st
    code = "char." + cmd.companion
    inside = [st.cards[x].code for x in st.zones["fellowship"].cards]
    c.must(cmd.companion in characters(), _("Unknown companion {c}.").format(c=cmd.companion))
    c.need(code in inside or cmd.companion == "gollum",
           _("The Guide is a Companion of the Fellowship"), base("fellowship"))
    c.put(("fellowship", "guide"), cmd.companion)
    return _("{name} now guides the Fellowship").format(name=_(characters()[cmd.companion].name))


def separate(c: Ctx, cmd: C.Separate) -> str:
    """Companions leave the Fellowship for a region (or, on the free table, rejoin it)."""
    st = c.st
    c.need_cards(cmd.card_ids)
    if not cmd.region:
        c.need(False, _("Companions do not rejoin the Fellowship"), base("fellowship"))
        for cid in cmd.card_ids:
            c.tx.move(cid, "fellowship")
        return _("{pieces} rejoined the Fellowship").format(pieces=c.names(cmd.card_ids))
    c.need_region(cmd.region)
    for cid in cmd.card_ids:
        c.must(st.cards[cid].zone == "fellowship", _("{p} is not in the Fellowship.").format(
            p=c.card_name(cid)))
    here = S.fellowship_region(st)
    reach = min(characters()[S.code(st, x)[5:]].level or 0 for x in cmd.card_ids)
    reach += c.get("fellowship", "progress", default=0)
    steps = distance(here, cmd.region, 20)
    c.need(steps is not None and steps <= reach, _("{r} is out of the Companions' reach")
           .format(r=c.region_name(cmd.region)), base("characters"))
    spend(c, FP, cmd.die, "character", "separate")
    for cid in cmd.card_ids:
        c.tx.move(cid, S.rzone(cmd.region))
    if "arrived" in HOOKS:
        HOOKS["arrived"](c, cmd.card_ids, cmd.region)
    guide_now = c.get("fellowship", "guide")
    left = [st.cards[x].code[5:] for x in st.zones["fellowship"].cards]
    if guide_now not in left:
        c.put(("fellowship", "guide"), best_guide(left))
    return ngettext("{pieces} left the Fellowship for {r}",
                    "{pieces} left the Fellowship for {r}", len(cmd.card_ids)).format(
        pieces=c.names(cmd.card_ids), r=c.region_name(cmd.region))


def best_guide(inside: list[str]) -> str:
    """The Companion of the highest Level (Gollum when none is left)."""
    if not inside:
        return "gollum"
    return max(inside, key=lambda x: (characters()[x].level or 0, x))


HANDLERS: dict[type[Command], Handler] = {C.FellowshipMove: fellowship_move, C.HuntRoll: hunt_roll, C.DrawHunt: draw_hunt,
            C.FellowshipSet: fellowship_set, C.Reveal: reveal, C.Declare: declare,
            C.Guide: guide, C.Separate: separate}
