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
from tabletop.core.model import TableState
import tabletop.games.wotr.commands as C
from tabletop.games.wotr.base import base
from tabletop.games.wotr.ctx import Ctx, Handler
from tabletop.games.wotr.data import FP, SHADOW, characters, regions, tracks
from tabletop.games.wotr.dice import roll_d6, spend
from tabletop.games.wotr.geo import distance
from tabletop.games.wotr.kings import ugluk_rerolls
from tabletop.games.wotr.pieces import catalogue
from tabletop.games.wotr.vocab import FELLOWSHIP_MOVED, HUNT_TILE, VOCAB, fire
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


@VOCAB.op("hunt", bonus=int, doc="The Hunt roll: one die per Eye in the Hunt box (at most 5).")
def _hunt(c: Ctx, ins: dict[str, Any]) -> None:
    bonus = ins["bonus"]
    dice = min(tracks()["hunt_roll_max_dice"], c.get("hunt_box", "eyes", default=0))
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


@VOCAB.op("hunt_tile", eye=int, doc="Draw a Hunt tile against the Fellowship; an Eye is worth "
                                     "``eye``.")
def _hunt_tile(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    pool = st.zones["hunt.pool"].cards
    if not pool:
        c.say(_("The Hunt pool is empty"))
        return
    cid = pool[c.rng.randrange(len(pool))]
    c.tx.move(cid, "hunt.drawn")
    c.tx.set(cid, "face_up", True)
    d = catalogue()[S.code(st, cid)]
    damage = ins["eye"] if d.eye else d.value
    fel = c.get("fellowship")
    new = max(0, min(tracks()["corruption_max"], fel.get("corruption", 0) + damage))
    c.put(("fellowship", "corruption"), new)
    if d.reveal:
        c.put(("fellowship", "revealed"), True)
    c.say(_("{tile}: corruption {c}{revealed}").format(
        tile=c.card_name(cid), c=new,
        revealed=_(", the Fellowship is revealed") if d.reveal else ""))
    fire(c, HUNT_TILE, card=cid, damage=damage, reveal=d.reveal)


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
