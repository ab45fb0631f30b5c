"""The Fellowship: its moves and the Hunt that follows, hiding, declaring, the Guide,
Companions leaving it, the Mordor track.

Enforced (War of the Ring, "The Fellowship of the Ring", "The Hunt for the
Ring", "The Fellowship in Mordor"):

- a Character die moves a hidden Fellowship one step (its die goes to the
  Hunt box after the Hunt) or hides a revealed one;
- in the Fellowship phase the Free Peoples may declare the Fellowship's
  position (up to its progress from the last known one; the progress back to
  0): in a Free Peoples City or Stronghold not held by the enemy its nation
  is activated and the Ring-bearers heal one corruption point; they may
  change the Guide (a Companion of the highest Level), and from Minas Morgul
  or the Morannon enter the Mordor track (the Eye tiles drawn go back into the
  Hunt pool);
- on the Mordor track each move draws a tile (no roll; an Eye is worth the
  dice in the Hunt box), no Companion leaves the Fellowship, and a turn in
  which the Fellowship neither moved nor hid costs one corruption point at
  the end of the action phase.

Pure Python: no pygame.
"""
from __future__ import annotations

from tabletop.core.commands import Command
from tabletop.core.i18n import _, ngettext
from tabletop.core.model import TableState
import tabletop.games.wotr.commands as C
from tabletop.games.wotr.base import base
from tabletop.games.wotr.ctx import Ctx, Handler
from tabletop.games.wotr.data import FP, characters, tracks
from tabletop.games.wotr.dice import spend
from tabletop.games.wotr.geo import distance, within
from tabletop.games.wotr.hunt import reveal_targets
from tabletop.games.wotr.moves import HOOKS
from tabletop.games.wotr.pieces import catalogue
import tabletop.games.wotr.politics as P
from tabletop.games.wotr.victory import check_ring
from tabletop.games.wotr.vocab import FELLOWSHIP_DECLARED, FELLOWSHIP_MOVED, fire
import tabletop.games.wotr.state as S

MORDOR_GATES = ("minas-morgul", "morannon")


def in_mordor(c: Ctx) -> bool:
    """Is the Fellowship on the Mordor track?"""
    return c.get("fellowship", "mordor", default=-1) >= 0


def fellowship_move(c: Ctx, cmd: C.FellowshipMove) -> str:
    """Move the Fellowship one step with a Character die; the Hunt follows."""
    c.need_side(cmd.seat, FP, base("fellowship"))
    c.need(c.get("outcome") in (None, ""), _("The game is over"), base("turn"))
    fel = c.get("fellowship")
    c.need(not fel.get("revealed"), _("The Fellowship is revealed: it hides before it moves "
                                      "again"), base("fellowship"))
    spend(c, FP, cmd.die, "character", "fellowship")
    bonus = c.get("hunt_box", "fp", default=0)
    if "last_battle" not in S.RULE_HOOKS or not S.RULE_HOOKS["last_battle"](c.st):
        c.put(("hunt_box", "fp"), bonus + 1)    # (The Last Battle keeps it out)
    c.put(("fellowship", "moves"), fel.get("moves", 0) + 1)
    c.put(("fellowship", "moved"), c.st.round)
    if fel.get("mordor", -1) >= 0:
        eyes = c.get("hunt_box", "eyes", default=0)
        fire(c, FELLOWSHIP_MOVED, progress=fel.get("progress", 0), mordor=fel["mordor"])
        c.push({"op": "hunt_tile", "eye": eyes + bonus},
               {"op": "mordor_step", "drawn": len(c.st.zones["hunt.drawn"].cards)})
        return _("The Fellowship moves on the Mordor track")
    progress = fel.get("progress", 0) + 1
    c.put(("fellowship", "progress"), progress)
    fire(c, FELLOWSHIP_MOVED, progress=progress, mordor=-1)
    c.push({"op": "hunt", "bonus": bonus})
    return ngettext("The Fellowship moved: {n} step from where it was last seen",
                    "The Fellowship moved: {n} steps from where it was last seen",
                    progress).format(n=progress)


def hide(c: Ctx, cmd: C.Hide) -> str:
    """Hide the revealed Fellowship again (a Character die)."""
    c.need_side(cmd.seat, FP, base("fellowship"))
    c.must(c.get("fellowship", "revealed"), _("The Fellowship is not revealed."))
    spend(c, FP, cmd.die, "character", "hide")
    c.put(("fellowship", "revealed"), False)
    c.put(("fellowship", "moved"), c.st.round)
    return _("The Fellowship hides again")


def reveal(c: Ctx, cmd: C.Reveal) -> str:
    """Reveal the Fellowship, or hide it again, by hand (the free table)."""
    c.need(False, _("The Fellowship is revealed by the Hunt and hidden with a Character die"),
           base("fellowship"))
    c.put(("fellowship", "revealed"), bool(cmd.revealed))
    if cmd.revealed:
        return _("The Fellowship is revealed")
    return _("The Fellowship is hidden again")


def fellowship_set(c: Ctx, cmd: C.FellowshipSet) -> str:
    """Change the Fellowship's progress or corruption by hand (the free table)."""
    c.need(False, _("The Fellowship's tracks move as the rules say"), base("fellowship"))
    fel = c.get("fellowship")
    top = tracks()["corruption_max"]
    prog = max(0, fel.get("progress", 0) + cmd.progress)
    corr = max(0, min(top, fel.get("corruption", 0) + cmd.corruption))
    c.put(("fellowship", "progress"), prog)
    c.put(("fellowship", "corruption"), corr)
    text = _("{seat}: the Fellowship's progress is {p}, its corruption {c}").format(
        seat=c.seat_name(cmd.seat), p=prog, c=corr)
    check_ring(c)
    return text


def declare_targets(c: Ctx) -> list[str]:
    """Where the Fellowship may be declared: up to its progress from its last known
    position (nowhere once on the Mordor track)."""
    if in_mordor(c):
        return []
    here = S.fellowship_region(c.st)
    return sorted(within(here, c.get("fellowship", "progress", default=0)))


def can_enter_mordor(c: Ctx) -> bool:
    """In the Fellowship phase, from Minas Morgul or the Morannon, with no progress to
    declare first."""
    return not in_mordor(c) and S.fellowship_region(c.st) in MORDOR_GATES \
        and c.get("fellowship", "progress", default=0) == 0


def declare(c: Ctx, cmd: C.Declare) -> str:
    """Declare the Fellowship's position, enter the Mordor track, or (the Hunt having
    revealed it) say where the revealed Fellowship is."""
    st = c.st
    c.need_side(cmd.seat, FP, base("fellowship"))
    if c.asking() == "reveal_move":
        c.need_region(cmd.region)
        c.must(cmd.region in reveal_targets(st), _("The revealed Fellowship cannot be in {r}.")
               .format(r=c.region_name(cmd.region)))
        c.answer(cmd.region)
        return ""
    c.need(c.asking() == "fellowship", _("The Fellowship is declared in the Fellowship phase"),
           base("fellowship"))
    if cmd.region == "mordor":
        c.need(can_enter_mordor(c), _("The Fellowship enters Mordor from Minas Morgul or the "
                                      "Morannon"), base("fellowship"))
        return enter_mordor(c)
    c.need_region(cmd.region)
    c.need(not in_mordor(c), _("The Fellowship is on the Mordor track"), base("fellowship"))
    c.need(c.get("fellowship", "declared") != st.round,
           _("The Fellowship is declared once a turn"), base("fellowship"))
    here = S.fellowship_region(st)
    steps = distance(here, cmd.region, 12) if here else 0
    c.need(steps is not None and steps <= c.get("fellowship", "progress", default=0),
           _("The Fellowship has not come that far"), base("fellowship"))
    c.tx.move(S.find_anywhere(st, "fellowship"), S.rzone(cmd.region))
    c.put(("fellowship", "progress"), 0)
    c.put(("fellowship", "declared"), st.round)
    text = _("The Fellowship was declared in {r}").format(r=c.region_name(cmd.region))
    if P.fellowship_declared(c, cmd.region) and c.get("fellowship", "corruption", default=0):
        c.put(("fellowship", "corruption"), c.get("fellowship", "corruption") - 1)
        text += ". " + _("The Ring-bearers heal one corruption point")
    fire(c, FELLOWSHIP_DECLARED, region=cmd.region)
    return text


def enter_mordor(c: Ctx) -> str:
    """The Fellowship steps onto the Mordor track: the Eye tiles drawn go back into the
    Hunt pool."""
    st = c.st
    c.put(("fellowship", "mordor"), 0)
    c.put(("fellowship", "progress"), 0)
    back = [x for x in st.zones["hunt.drawn"].cards if catalogue()[S.code(st, x)].eye
            and not catalogue()[S.code(st, x)].special]
    for cid in back:
        c.tx.move(cid, "hunt.pool")
        c.tx.set(cid, "face_up", False)
    fire(c, FELLOWSHIP_DECLARED, region="mordor")
    return ngettext("The Fellowship enters the Mordor track ({n} Eye tile goes back into the "
                    "Hunt pool)", "The Fellowship enters the Mordor track ({n} Eye tiles go back "
                    "into the Hunt pool)", len(back)).format(n=len(back))


def companions(st: TableState) -> list[int]:
    """The Companions in the Fellowship (the Ring-bearers aside)."""
    return [x for x in st.zones["fellowship"].cards if S.kind(st, x) == "companion"]


def best_guide(inside: list[str], current: str = "") -> str:
    """The Companion of the highest Level (the current Guide kept among equals;
    Gollum when none is left)."""
    if not inside:
        return "gollum"
    top = max(characters()[x].level or 0 for x in inside)
    if current in inside and (characters()[current].level or 0) == top:
        return current
    return max(inside, key=lambda x: (characters()[x].level or 0, x))


def guide_options(c: Ctx) -> list[str]:
    """The Companions who may guide: those of the highest Level in the Fellowship."""
    inside = [S.code(c.st, x)[5:] for x in companions(c.st)]
    if not inside:
        return []
    top = max(characters()[x].level or 0 for x in inside)
    return sorted(x for x in inside if (characters()[x].level or 0) == top)


def guide(c: Ctx, cmd: C.Guide) -> str:
    """Choose the Fellowship's Guide (in the Fellowship phase, among the Companions of
    the highest Level)."""
    st = c.st
    code = "char." + cmd.companion
    inside = [st.cards[x].code for x in st.zones["fellowship"].cards]
    c.must(cmd.companion in characters(), _("Unknown companion {c}.").format(c=cmd.companion))
    c.need(code in inside or cmd.companion == "gollum",
           _("The Guide is a Companion of the Fellowship"), base("fellowship"))
    c.need(c.asking() == "fellowship", _("The Guide is changed in the Fellowship phase"),
           base("fellowship"))
    c.need(cmd.companion in guide_options(c),
           _("The Guide is a Companion of the highest Level"), base("fellowship"))
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
    c.need(not in_mordor(c), _("On the Mordor track no Companion leaves the Fellowship"),
           base("fellowship"))
    here = S.fellowship_region(st)
    reach = max(characters()[S.code(st, x)[5:]].level or 0 for x in cmd.card_ids)
    reach += c.get("fellowship", "progress", default=0)
    steps = distance(here, cmd.region, 20)
    c.need(steps is not None and steps <= reach, _("{r} is out of the Companions' reach")
           .format(r=c.region_name(cmd.region)), base("characters"))
    spend(c, FP, cmd.die, "character", "separate")
    for cid in cmd.card_ids:
        c.tx.move(cid, S.rzone(cmd.region))
    if "arrived" in HOOKS:
        HOOKS["arrived"](c, cmd.card_ids, cmd.region)
    return ngettext("{pieces} left the Fellowship for {r}",
                    "{pieces} left the Fellowship for {r}", len(cmd.card_ids)).format(
        pieces=c.names(cmd.card_ids), r=c.region_name(cmd.region))


def end_of_actions(c: Ctx) -> None:
    """The end of the action phase: on the Mordor track a Fellowship that neither moved
    nor hid this turn gains one corruption point."""
    fel = c.get("fellowship", default={}) or {}
    if fel.get("mordor", -1) < 0 or fel.get("moved") == c.st.round:
        return
    c.put(("fellowship", "corruption"), min(tracks()["corruption_max"],
                                            fel.get("corruption", 0) + 1))
    c.say(_("The Fellowship lingered on the Mordor track: corruption {c}").format(
        c=fel.get("corruption", 0) + 1))
    check_ring(c)


HANDLERS: dict[type[Command], Handler] = {
    C.FellowshipMove: fellowship_move, C.Hide: hide, C.Reveal: reveal,
    C.FellowshipSet: fellowship_set, C.Declare: declare, C.Guide: guide, C.Separate: separate}
