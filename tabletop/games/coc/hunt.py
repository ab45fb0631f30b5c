"""Hunting the Fellowship (round step 6) and the reactions around it: Gandalf, the extra hunt,
Pippin, icons gained by Gandalf's escape; the Crebain, the Mouth of Sauron, the Nazgul.

A hunt names a location; the prey's answer (not there and how far, or found) is public, and so
is what follows.  Gandalf's escape route stays secret.  A reaction is an operation pushed above
the hunter's turn: it records what is under way in the slot's ``wait`` and asks its seat.
"""
from __future__ import annotations

from typing import Any

from tabletop.core.i18n import _, ngettext
from tabletop.core.model import TableState
from tabletop.core.ruleset import Refused
from tabletop.games.coc.board import MARKED, count, next_box, ready
from tabletop.games.coc.ctx import Ctx, hunt_track, learn, op, resolve_track
from tabletop.games.coc.data import GameData
from tabletop.games.coc.icons import arrive, usable
import tabletop.games.coc.commands as C
import tabletop.games.coc.slot as S
import tabletop.games.coc.texts as T


def hunt_marks(data: GameData, st: TableState, seat: int) -> int:
    """How much hunt a seat has marked."""
    return count(S.half_state(st, seat, "sh")["tracks"][hunt_track(data).id])


def hunt(ctx: Ctx, seat: int, at: str, discount: int) -> str:
    """Spend hunt equal to the location's number (less ``discount``) and ask the prey."""
    st, data = ctx.st, ctx.data
    loc = data.locations.get(at)
    if loc is None:
        raise Refused(_("There is no such location on the map."))
    if loc.hunt is None:
        raise Refused(_("Nobody can be hunted at {place}: its number is an X.").format(
            place=T.place(data, at)))
    cost = max(0, loc.hunt - discount)
    have = hunt_marks(data, st, seat)
    if have < cost:
        raise Refused(_("Hunting at {place} takes {cost} hunt; you have {have}.").format(
            place=T.place(data, at), cost=cost, have=have))
    ctx.marker.erase(seat, "sh", hunt_track(data).id, cost)
    prey = S.shadow_enemy(st, seat)
    where = S.secret(st, prey)["fellowship"]["at"]
    tries = S.public(st, seat).get("hunt", {}).get("tries", 0) + 1
    head = _("{name} hunts {prey}'s Fellowship at {place}:").format(
        name=ctx.name(seat), prey=ctx.name(prey), place=T.place(data, at))
    if where != at:
        d = data.distance(at, where)
        learn(ctx, prey, {"kind": "miss", "at": at, "distance": d})
        ctx.put({"at": at, "result": "failed", "tries": tries}, "seats", S.pkey(seat), "hunt")
        return head + " " + ngettext("not there; it is {n} step away.",
                                     "not there; it is {n} steps away.", d).format(n=d)
    learn(ctx, prey, {"kind": "found", "at": at})
    ctx.put({"at": at, "result": "found", "tries": tries}, "seats", S.pkey(seat), "hunt")
    words = [head, _("found!")]
    if gandalf_escapes(data, st, prey, at):
        react(ctx, {"kind": "gandalf", "seat": prey, "hunter": seat, "at": at})
    else:
        words.append(after_found(ctx, seat, prey, at))
    return " ".join(w for w in words if w)


def react(ctx: Ctx, wait: dict[str, Any]) -> None:
    """A reaction begins: record it (public) and push the operation that asks for it."""
    ctx.E["wait"] = wait
    ctx.push({"op": wait["kind"]})


def done_reacting(ctx: Ctx) -> None:
    """The reaction under way is over."""
    ctx.E["wait"] = None


def gandalf_escapes(data: GameData, st: TableState, prey: int, at: str) -> list[str]:
    """Where Gandalf could lead the prey's Fellowship (nothing when he is not ready)."""
    if not ready(data, st, prey, "fp", "gandalf"):
        return []
    visited = S.secret(st, prey)["fellowship"]["visited"]
    return [n for n in data.adjacency[at] if n not in visited and n != data.goal]


def after_found(ctx: Ctx, hunter: int, prey: int, at: str) -> str:
    """The Shadow says how much more hunt it spends (asked only when it has any)."""
    if hunt_marks(ctx.data, ctx.st, hunter):
        react(ctx, {"kind": "extra", "seat": hunter, "prey": prey, "at": at})
        return ""
    return doom(ctx, hunter, prey, 0)


def doom(ctx: Ctx, hunter: int, prey: int, extra: int) -> str:
    """Extra hunt wears the prey's resolve down; then 1 doom box, or 2 if none is left."""
    data, m = ctx.data, ctx.marker
    m.erase(hunter, "sh", hunt_track(data).id, extra)
    resolve = resolve_track(data).id
    lost = m.erase(prey, "fp", resolve, extra)
    left = count(m.marks(prey, "fp", resolve))
    boxes = data.doom_marks[0] if left else data.doom_marks[1]
    marked = mark_doom(ctx, hunter, boxes)
    state = _("has resolve left") if left else _("has no resolve left")
    return _("{name} spends {extra} more hunt; {prey} erases {lost} resolve and {state}. "
             "{name} marks {n} doom.").format(
        name=ctx.name(hunter), extra=extra, prey=ctx.name(prey), lost=lost, state=state, n=marked)


def mark_doom(ctx: Ctx, hunter: int, boxes: int) -> int:
    """Mark doom boxes of the hunter's doom track; their icons wait for the next round."""
    st = ctx.st
    key = S.board_key(st, hunter, "sh")
    marks = list(S.board(st, key)["doom"])
    gained: list[str] = []
    done = 0
    for _i in range(boxes):
        i = next_box(marks)
        if i is None:
            break
        marks[i] = MARKED
        gained += ctx.data.doom[i][1]
        done += 1
    if done:
        ctx.put(marks, "boards", key, "doom")
    if gained:
        carry = list(S.secret(st, hunter).get("carry", [])) + gained
        ctx.put(carry, "secret", S.pkey(hunter), "carry")
    return done


# ------------------------------------------------------------------ reactions
@op("gandalf", doc="The found prey calls on Gandalf (answer: where to) or lets the hunt stand.")
def op_gandalf(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Ask the prey; ``"decline"`` lets the hunt stand, a location is Gandalf's escape."""
    wait = ctx.E["wait"]
    if "answer" not in ins:
        ctx.ask_for(ins, "gandalf", [wait["seat"]])
        return
    done_reacting(ctx)
    prey = wait["seat"]
    if ins["answer"] == "decline":
        ctx.say(after_found(ctx, wait["hunter"], prey, wait["at"])
                or _("{name} lets the hunt stand.").format(name=ctx.name(prey)))
        return
    ctx.marker.use(prey, "fp", "gandalf")
    arrive(ctx, prey, ins["answer"])
    hunter = wait["hunter"]
    ctx.put(dict(S.public(ctx.st, hunter)["hunt"], result="failed"), "seats", S.pkey(hunter), "hunt")
    if usable(ctx.data, ctx.st, prey, "fp"):
        react(ctx, {"kind": "spend", "seat": prey, "half": "fp"})
    else:
        ctx.put([], "secret", S.pkey(prey), "fp", "pool")
    ctx.say(_("{name} uses Gandalf: the hunt fails, and the Fellowship slips away unseen.").format(
        name=ctx.name(prey)))


@op("extra", doc="After a successful hunt, the hunter spends more hunt (answer: how much).")
def op_extra(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Ask the hunter how much more hunt to spend; then the doom."""
    wait = ctx.E["wait"]
    if "answer" not in ins:
        ctx.ask_for(ins, "extra", [wait["seat"]], low=0, high=1)
        return
    done_reacting(ctx)
    ctx.say(doom(ctx, wait["seat"], wait["prey"], ins["answer"]))


@op("pippin", doc="The Nazgul's prey calls on Pippin (answer \"pippin\") or answers them.")
def op_pippin(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Ask the prey whether Pippin stops the Nazgul."""
    wait = ctx.E["wait"]
    if "answer" not in ins:
        ctx.ask_for(ins, "pippin", [wait["seat"]], options=["pippin", "decline"])
        return
    done_reacting(ctx)
    if ins["answer"] == "pippin":
        ctx.marker.use(wait["seat"], "fp", "pippin")
        ctx.say(_("{name} uses Pippin: the Nazgûl learn nothing.").format(name=ctx.name(wait["seat"])))
    else:
        ctx.say(nazgul_answer(ctx, wait["hunter"], wait["seat"]))


@op("spend", doc="The icons Gandalf's escape gave are used at once (answer \"done\").")
def op_spend(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Ask the prey to use its new icons; ``"done"`` closes its board again."""
    wait = ctx.E["wait"]
    if ins.get("answer") != "done":
        ctx.ask_for(ins, "spend", [wait["seat"]])
        return
    done_reacting(ctx)
    ctx.put([], "secret", S.pkey(wait["seat"]), "fp", "pool")
    ctx.say(_("{name} closes their board.").format(name=ctx.name(wait["seat"])))


# ---------------------------------------------------------------- characters
def use_crebain(ctx: Ctx, cmd: C.Use) -> None:
    """Crebain: after a failed hunt, hunt again at once for 1 hunt less."""
    if S.public(ctx.st, cmd.seat).get("hunt", {}).get("result") != "failed":
        raise Refused(_("Crebain hunt again only after a failed hunt this round."))
    discount = ctx.data.sh.characters["crebain"].num("discount", 1)
    text = hunt(ctx, cmd.seat, cmd.target, discount)
    ctx.marker.use(cmd.seat, "sh", "crebain")
    ctx.say(_("{name} sends the Crebain.").format(name=ctx.name(cmd.seat)) + " " + text)


def use_mouth_of_sauron(ctx: Ctx, cmd: C.Use) -> None:
    """The Mouth of Sauron: after a successful hunt in a Shadow location, 1 more doom."""
    hunted = S.public(ctx.st, cmd.seat).get("hunt", {})
    if hunted.get("result") != "found" or not ctx.data.shadow_location(hunted["at"]):
        raise Refused(_("The Mouth of Sauron speaks after a successful hunt in a Shadow location."))
    ctx.marker.use(cmd.seat, "sh", "mouth_of_sauron")
    n = mark_doom(ctx, cmd.seat, ctx.data.sh.characters["mouth_of_sauron"].num("extra_doom", 1))
    ctx.say(_("{name} uses the Mouth of Sauron and marks {n} more doom.").format(
        name=ctx.name(cmd.seat), n=n))


def use_nazgul(ctx: Ctx, cmd: C.Use) -> None:
    """The Nazgul: the prey names the region its Fellowship is in (Pippin may stop it)."""
    ctx.marker.use(cmd.seat, "sh", "nazgul")
    prey = S.shadow_enemy(ctx.st, cmd.seat)
    words = _("{name} sends the Nazgûl after {prey}'s Fellowship.").format(
        name=ctx.name(cmd.seat), prey=ctx.name(prey))
    if ctx.marker.ready(prey, "fp", "pippin"):
        react(ctx, {"kind": "pippin", "seat": prey, "hunter": cmd.seat})
        ctx.say(words)
        return
    ctx.say(words + " " + nazgul_answer(ctx, cmd.seat, prey))


def nazgul_answer(ctx: Ctx, hunter: int, prey: int) -> str:
    """The prey names its Fellowship's region."""
    at = S.secret(ctx.st, prey)["fellowship"]["at"]
    region = ctx.data.locations[at].region
    learn(ctx, prey, {"kind": "region", "region": region})
    return _("{prey}'s Fellowship is in {region}.").format(
        prey=ctx.name(prey), region=T.region(ctx.data, region))
