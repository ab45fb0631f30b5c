"""The Hunt for the Ring: the Hunt roll, the tiles, the damage and the reveal.

After each Fellowship move (``fellowship``) the Hunt runs as kernel
operations a card may use as well:

- ``hunt``: the Shadow rolls one die per Eye in the Hunt box (at most 5),
  hitting on 6 with +1 for each Free Peoples die already in the box (a 1
  always misses), and re-rolls misses once for each of: a Shadow Stronghold,
  Shadow army units, Nazgûl in the Fellowship's region (and Uglúk nearby);
- ``hunt_tile``: a tile drawn at random from the Hunt pool (refilled with the
  standard tiles drawn when it is empty): its number, an Eye the hits (on the
  Mordor track: the dice in the Hunt box), is the damage;
- ``hunt_damage``: the Free Peoples choose how to take it when a Companion is
  in the Fellowship (the Guide, or a random Companion, as a casualty,
  reducing the damage by his Level; the rest as corruption); a Reveal icon
  reveals the Fellowship; 12 corruption ends the game; on the Mordor track
  the Fellowship then steps forward (unless the tile shows a Stop icon) and
  reaching the Crack of Doom ends it;
- ``reveal_move``: a revealed Fellowship's figure is moved by the Free
  Peoples up to its progress from its last known position (never into a Free
  Peoples City or Stronghold they hold), the progress back to 0.

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
from tabletop.games.wotr.data import FP, SHADOW, characters, regions, tracks
from tabletop.games.wotr.dice import roll_d6
from tabletop.games.wotr.geo import within
from tabletop.games.wotr.kings import ugluk_rerolls
from tabletop.games.wotr.pieces import catalogue
from tabletop.games.wotr.victory import check_ring
from tabletop.games.wotr.vocab import HUNT_TILE, VOCAB, fire
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


def companions(st: TableState) -> list[int]:
    """The Companions in the Fellowship (the Ring-bearers aside)."""
    return [x for x in st.zones["fellowship"].cards if S.kind(st, x) == "companion"]


def guide_piece(st: TableState) -> int | None:
    """The Guide's figure in the Fellowship (None: Gollum guides)."""
    guide = S.get(st, "fellowship", "guide", default="")
    for cid in companions(st):
        if S.code(st, cid) == f"char.{guide}":
            return cid
    return None


def best_guide(inside: list[str], current: str = "") -> str:
    """The Companion of the highest Level (the current Guide kept among equals;
    Gollum when none is left)."""
    if not inside:
        return "gollum"
    top = max(characters()[x].level or 0 for x in inside)
    if current in inside and (characters()[current].level or 0) == top:
        return current
    return max(inside, key=lambda x: (characters()[x].level or 0, x))


def guide_after_change(c: Ctx) -> None:
    """The Fellowship changed: the Guide is again a Companion of the highest Level."""
    st = c.st
    inside = [S.code(st, x)[5:] for x in companions(st)]
    now = c.get("fellowship", "guide", default="")
    new = best_guide(inside, now)
    if new != now:
        c.put(("fellowship", "guide"), new)
        c.say(_("{name} now guides the Fellowship").format(name=_(characters()[new].name)))


@VOCAB.op("hunt", bonus=int, doc="The Hunt roll: one die per Eye in the Hunt box (at most 5).")
def _hunt(c: Ctx, ins: dict[str, Any]) -> None:
    bonus = ins["bonus"]
    dice = min(tracks()["hunt_roll_max_dice"], c.get("hunt_box", "eyes", default=0))
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


def draw_tile(c: Ctx) -> int | None:
    """A tile drawn at random from the Hunt pool, face up (the pool refilled with the
    standard tiles drawn when it is empty)."""
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
        return None
    cid = pool[c.rng.randrange(len(pool))]
    c.tx.move(cid, "hunt.drawn")
    c.tx.set(cid, "face_up", True)
    return cid


@VOCAB.op("hunt_tile", eye=int, mordor=Opt(bool, "a move on the Mordor track"),
          doc="Draw a Hunt tile against the Fellowship; an Eye is worth ``eye``.")
def _hunt_tile(c: Ctx, ins: dict[str, Any]) -> None:
    cid = draw_tile(c)
    mordor = bool(ins.get("mordor"))
    if cid is None:
        c.say(_("The Hunt pool is empty"))
        if mordor:
            c.push({"op": "hunt_damage", "damage": 0, "reveal": False, "mordor": True})
        return
    d = catalogue()[S.code(c.st, cid)]
    damage = ins["eye"] if d.eye else d.value
    c.say(_("{tile}: {n} damage{revealed}").format(
        tile=c.card_name(cid), n=damage,
        revealed=_(", the Fellowship is revealed") if d.reveal else ""))
    c.push({"op": "hunt_damage", "damage": damage, "reveal": bool(d.reveal),
            "mordor": mordor, "stop": S.code(c.st, cid) in STOP_TILES})
    fire(c, HUNT_TILE, card=cid, damage=damage, reveal=d.reveal)


@VOCAB.op("hunt_damage", damage=int, reveal=bool, mordor=Opt(bool), stop=Opt(bool),
          doc="The Free Peoples take the Hunt's damage (a casualty, or corruption).")
def _hunt_damage(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    damage = ins["damage"]
    if "answer" not in ins and damage > 0 and companions(st):
        guide = guide_piece(st)
        options = ["corruption"] + (["guide"] if guide is not None else []) + ["random"]
        labels = {"corruption": _("Take {n} corruption").format(n=damage),
                  "random": _("A random Companion as a casualty")}
        if guide is not None:
            labels["guide"] = _("{name} (the Guide) as a casualty").format(
                name=c.card_name(guide))
        c.ask(ins, S.lead(st, FP), _("The Hunt deals {n} damage: how do the Free Peoples take "
                                     "it?").format(n=damage), options, labels)
        return
    choice = ins.pop("answer", "corruption")
    if damage > 0 and choice in ("guide", "random") and companions(st):
        victim = guide_piece(st) if choice == "guide" else None
        if victim is None:
            inside = companions(st)
            victim = inside[c.rng.randrange(len(inside))]
        level = characters()[S.code(st, victim)[5:]].level or 0
        c.tx.move(victim, "chars.dead")
        c.say(_("{name} falls: the damage is reduced by {n}").format(name=c.card_name(victim),
                                                                    n=level))
        damage = max(0, damage - level)
        guide_after_change(c)
    if damage:
        fel = c.get("fellowship")
        new = max(0, min(tracks()["corruption_max"], fel.get("corruption", 0) + damage))
        c.put(("fellowship", "corruption"), new)
        c.say(_("The Ring-bearers' corruption is {c}").format(c=new))
        if check_ring(c):
            return
    if ins.get("mordor"):
        if ins["reveal"]:
            c.put(("fellowship", "revealed"), True)
        if ins.get("stop"):
            c.say(_("The Fellowship does not move forward"))
            return
        step = c.get("fellowship", "mordor", default=0) + 1
        c.put(("fellowship", "mordor"), step)
        c.say(_("The Fellowship reaches step {n} of the Mordor track").format(n=step))
        check_ring(c)
        return
    if ins["reveal"]:
        c.put(("fellowship", "revealed"), True)
        c.push({"op": "reveal_move"})


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
        c.say(_("The Fellowship is revealed in {r}").format(
            r=c.region_name(S.fellowship_region(st))))
        return
    c.ask(ins, S.lead(st, FP), _("The Fellowship is revealed: where is it?"), targets,
          {r: c.region_name(r) for r in targets})


def hunt_damage_cmd(c: Ctx, cmd: C.HuntDamage) -> str:
    """The Free Peoples say how they take the Hunt's damage."""
    c.need_side(cmd.seat, FP, base("hunt"))
    c.must(c.asking() == "hunt_damage", _("No Hunt damage waits to be taken."))
    c.must(cmd.choice in ("corruption", "guide", "random"),
           _("Unknown choice {c}.").format(c=cmd.choice))
    if cmd.choice == "guide":
        c.must(guide_piece(c.st) is not None, _("Gollum guides the Fellowship: no Guide to lose."))
    if cmd.choice != "corruption":
        c.must(companions(c.st), _("No Companion is left in the Fellowship."))
    c.answer(cmd.choice)
    return ""


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


HANDLERS: dict[type[Command], Handler] = {C.HuntRoll: hunt_roll, C.DrawHunt: draw_hunt,
                                          C.HuntDamage: hunt_damage_cmd}
