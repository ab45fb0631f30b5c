"""The Hunt for the Ring: the Hunt roll, the tiles, the revealed Fellowship.

After each Fellowship move (``fellowship``) the Hunt runs as kernel
operations a card may use as well:

- ``hunt``: the Shadow rolls one die per Eye in the Hunt box (at most 5),
  hitting on 6 with +1 for each Free Peoples die already in the box (a 1
  always misses), and re-rolls misses once for each of: a Shadow Stronghold,
  Shadow army units, Nazgûl in the Fellowship's region (and Uglúk nearby);
- ``hunt_tile``: a tile drawn at random from the Hunt pool (refilled with the
  standard tiles drawn when it is empty): its number, an Eye the hits (on the
  Mordor track: the dice in the Hunt box), is the Hunt damage, which the Free
  Peoples take (``characters``: ``hunt_damage``: abilities, a Companion as a
  casualty, the rest as corruption; 12 corruption ends the game at once);
- ``mordor_step``: on the Mordor track the Fellowship then steps forward,
  unless the tile showed a Stop icon; reaching the Crack of Doom ends the game;
- ``reveal_move``: whenever the Fellowship is revealed off the Mordor track,
  the Free Peoples move its figure up to its progress from its last known
  position (never into a Free Peoples City or Stronghold they hold), and the
  progress goes back to 0.

Pure Python: no pygame.
"""
from __future__ import annotations

from typing import Any

from tabletop.core.commands import Command
from tabletop.core.i18n import _
from tabletop.core.kernel import Opt
from tabletop.core.model import TableState
import tabletop.games.wotr.commands as C
from tabletop.games.wotr.base import base
from tabletop.games.wotr.ctx import Ctx, Handler
from tabletop.games.wotr.data import FP, SHADOW, regions, tracks
from tabletop.games.wotr.dice import roll_d6
from tabletop.games.wotr.effects import ev_put
from tabletop.games.wotr.geo import within
from tabletop.games.wotr.kings import ugluk_rerolls
from tabletop.games.wotr.pieces import catalogue
from tabletop.games.wotr.tablecards import hunt_mod, set_hunt_mod
from tabletop.games.wotr.victory import check_ring
from tabletop.games.wotr.vocab import (HUNT_BEFORE_TILE, HUNT_DRAWN, HUNT_ROLL_BEGINS, HUNT_TILE,
                                       REVEALED, VOCAB, fire, react)
import tabletop.games.wotr.state as S

STOP_TILES = ("hunt.red.shelob", "hunt.red.mine", "hunt.red.onon", "hunt.red.uss")


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
    hits = [r for r in rolls if r > 1 and r + bonus >= 6]
    misses = len(rolls) - len(hits)
    again = roll_d6(min(misses, rerolls(c.st)), c.rng)
    hits += [r for r in again if r > 1 and r + bonus >= 6]
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
    """A random tile of the Hunt pool, face up among the drawn tiles (the pool refilled
    with the standard tiles drawn when it is empty; None: nothing to draw)."""
    st = c.st
    pool = st.zones["hunt.pool"].cards
    if not pool:
        back = [x for x in st.zones["hunt.drawn"].cards
                if not catalogue()[S.code(st, x)].special]
        for cid in back:
            c.tx.move(cid, "hunt.pool")
            c.tx.set(cid, "face_up", False)
        if back:
            c.say(_("The Hunt pool was empty: the standard tiles drawn go back into it"))
        pool = st.zones["hunt.pool"].cards
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


@VOCAB.op("mordor_step", drawn=int, doc="On the Mordor track: the Fellowship steps forward "
                                         "unless the tile drawn showed a Stop icon.")
def _mordor_step(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    new = st.zones["hunt.drawn"].cards[ins["drawn"]:]
    if any(S.code(st, x) in STOP_TILES for x in new):
        c.say(_("The Fellowship does not move forward"))
        return
    step = c.get("fellowship", "mordor", default=0) + 1
    c.put(("fellowship", "mordor"), step)
    c.say(_("The Fellowship reaches step {n} of the Mordor track").format(n=step))
    check_ring(c)


def reveal_targets(st: TableState) -> list[str]:
    """Where a revealed Fellowship's figure may go: up to its progress from its last
    known position, never into a Free Peoples City or Stronghold they hold."""
    here = S.fellowship_region(st)
    steps = S.get(st, "fellowship", "progress", default=0)
    out = []
    for r in sorted(within(here, steps)):
        info = regions()[r]
        if r != here and info.settlement in ("City", "Stronghold") and info.nation \
                and S.nation_side_of(info.nation) == FP and S.controller_side(st, r) == FP:
            continue
        out.append(r)
    return out


def revealed(c: Ctx, facts: dict[str, Any]) -> None:
    """The Fellowship was revealed: off the Mordor track its figure is moved."""
    if c.get("fellowship", "mordor", default=-1) < 0:
        c.push({"op": "reveal_move"})


react(REVEALED)(revealed)


@VOCAB.op("reveal_move", doc="The revealed Fellowship's figure is moved up to its progress.")
def _reveal_move(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    if c.get("fellowship", "mordor", default=-1) >= 0:
        return
    if "answer" in ins:
        region = ins.pop("answer")
        fig = S.find_anywhere(st, "fellowship")
        if S.region_of_zone(st.cards[fig].zone) != region:
            c.tx.move(fig, S.rzone(region))
        c.put(("fellowship", "progress"), 0)
        c.say(_("The Fellowship is revealed in {r}").format(r=c.region_name(region)))
        return
    targets = reveal_targets(st)
    if c.get("fellowship", "progress", default=0) == 0 or len(targets) <= 1:
        c.put(("fellowship", "progress"), 0)
        return
    c.ask(ins, S.lead(st, FP), _("The Fellowship is revealed: where is it?"), targets,
          {r: c.region_name(r) for r in targets})


def hunt_roll(c: Ctx, cmd: C.HuntRoll) -> str:
    """Roll the Hunt by hand (the free table)."""
    c.need(False, _("The Hunt is rolled after each move of the Fellowship"), base("hunt"))
    c.push({"op": "hunt", "bonus": max(0, c.get("hunt_box", "fp", default=0) - 1)})
    return ""


def draw_hunt(c: Ctx, cmd: C.DrawHunt) -> str:
    """Draw a Hunt tile by hand (the free table)."""
    pool = c.st.zones["hunt.pool"].cards
    c.must(pool, _("The Hunt pool is empty."))
    c.need(False, _("Hunt tiles are drawn after a successful Hunt"), base("hunt"))
    cid = pool[c.rng.randrange(len(pool))]
    c.tx.move(cid, "hunt.drawn")
    c.tx.set(cid, "face_up", True)
    return _("{seat} drew the hunt tile {tile}").format(seat=c.seat_name(cmd.seat),
                                                      tile=c.card_name(cid))


HANDLERS: dict[type[Command], Handler] = {C.HuntRoll: hunt_roll, C.DrawHunt: draw_hunt}

