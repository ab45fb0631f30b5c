"""Round step 4: spending icons on boxes, and the secret actions (moving the Fellowship,
Arwen, Galadriel, the Palantir).  Every seat takes the step at once, in secret: the kernel's
choice names every seat that has not closed its board yet.

Log lines of this step never say what was marked or where the Fellowship went.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tabletop.core.i18n import _
from tabletop.core.model import TableState
from tabletop.core.ruleset import Refused
from tabletop.games.coc.board import count, next_box, ready
from tabletop.games.coc.ctx import ROUND, Ctx, hunt_track, op, reset_ready, resolve_track, unready
from tabletop.games.coc.data import GameData, HALVES, fits, tracks_for
from tabletop.games.coc.flow import me_dice, nation_icons, rolled_icons
import tabletop.games.coc.commands as C
import tabletop.games.coc.slot as S
import tabletop.games.coc.texts as T


def best_icon(pool: list[str], accepts: Iterable[str]) -> str | None:
    """The icon to spend on a box: one the box names before a wildcard (Time, Army)."""
    exact = [i for i in pool if i in accepts]
    if exact:
        return exact[0]
    return next((i for i in pool if fits(i, accepts)), None)


def usable(data: GameData, st: TableState, seat: int, half: str) -> list[tuple[str, str]]:
    """(icon, track) pairs: icons of the pool that can still mark a box."""
    hs = S.half_state(st, seat, half)
    out = []
    for icon in dict.fromkeys(hs["pool"]):
        tid = next((t for t in tracks_for(data, half, icon)
                    if next_box(hs["tracks"][t]) is not None), None)
        if tid is not None:
            out.append((icon, tid))
    return out


def unused_icon(data: GameData, st: TableState, seat: int, halves: Iterable[str] = HALVES) -> str:
    """Why a board cannot be closed yet ("" when every icon that could be used has been)."""
    for half in halves:
        left = usable(data, st, seat, half)
        if left:
            icon, tid = left[0]
            return _("Every icon must be used: your {icon} can still mark {track}.").format(
                icon=T.icon_name(icon), track=T.track(data, half, tid))
    return ""


# ------------------------------------------------------------------ the step
@ROUND.step("icons")
def _icons_step(ctx: Ctx) -> None:
    """Every seat's icons go to its halves' pools; then everyone uses them, in secret."""
    st = ctx.st
    me = me_dice(st)
    for seat in range(len(st.seats)):
        sec = S.secret(st, seat)
        fp_die, sh_die = me[sec["assign"]], me[1 - sec["assign"]]
        pools = {"fp": [i for i in rolled_icons(st, fp_die) if i != "ring"],
                 "sh": [i for i in rolled_icons(st, sh_die) if i != "ring"]
                 + list(sec.get("carry", []))}
        for half in HALVES:
            ctx.put(pools[half] + nation_icons(ctx.data, st, seat, half),
                    "secret", S.pkey(seat), half, "pool")
        ctx.put([], "secret", S.pkey(seat), "carry")
    reset_ready(ctx)
    ctx.say(_("Everyone uses their icons and takes secret actions."))
    ctx.push({"op": "icons"})


@op("icons", doc="Every seat uses its icons and takes secret actions, then closes its board.")
def op_icons(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Ask the seats whose board is open; the answer ``"done"`` closes the answering seat's."""
    if ins.get("answer") == "done":
        seat = ins["by"]
        for half in HALVES:
            ctx.put([], "secret", S.pkey(seat), half, "pool")
        ctx.put(True, "seats", S.pkey(seat), "ready")
        ctx.say(_("{name} closes their board.").format(name=ctx.name(seat)))
    left = unready(ctx.st)
    if left:
        ctx.ask_for(ins, "icons", left, several=True)


# ---------------------------------------------------------------- marking
def mark(ctx: Ctx, cmd: C.Mark, only_half: str = "") -> None:
    """Spend an icon of the pool on the next box of a track (``only_half``: icons gained
    outside step 4 are used on the half that gained them)."""
    data = ctx.data
    if cmd.half not in HALVES or cmd.track not in data.half(cmd.half).tracks:
        raise Refused(_("There is no such track on your board."))
    if only_half and cmd.half != only_half:
        raise Refused(_("Icons are used on the half of the board that gained them."))
    track = data.half(cmd.half).tracks[cmd.track]
    name = T.track(data, cmd.half, cmd.track)
    hs = S.half_state(ctx.st, cmd.seat, cmd.half)
    box = next_box(hs["tracks"][cmd.track])
    if box is None:
        raise Refused(_("{track} is full.").format(track=name))
    if cmd.box >= 0 and cmd.box != box:
        raise Refused(_("Tracks are marked in order along their arrow: the next box of {track} "
                        "is box {n}.").format(track=name, n=box + 1))
    icon = cmd.icon or best_icon(hs["pool"], track.accepts)
    if icon is None or icon not in hs["pool"] or not fits(icon, track.accepts):
        raise Refused(_("You have no icon that marks {track}; it takes {icons}.").format(
            track=name, icons=T.icons_words(sorted(track.accepts))))
    pool = list(hs["pool"])
    pool.remove(icon)
    ctx.put(pool, "secret", S.pkey(cmd.seat), cmd.half, "pool")
    ctx.marker.mark(cmd.seat, cmd.half, cmd.track)
    ctx.say(_("{name} marks a box.").format(name=ctx.name(cmd.seat)))


# ----------------------------------------------------------- the Fellowship
def moves_left(data: GameData, st: TableState, seat: int) -> bool:
    """May the Fellowship still move this round (once, Arwen allowing one more)?"""
    moves = S.secret(st, seat)["fellowship"]["moves"]
    return moves < 1 + int(moves >= 1 and ready(data, st, seat, "fp", "arwen"))


def move_cost(data: GameData, st: TableState, seat: int, to: str, galadriel: bool) -> int:
    """Resolve needed to move to ``to`` (refuses what the rules forbid)."""
    fel = S.secret(st, seat)["fellowship"]
    if to not in data.locations:
        raise Refused(_("There is no such location on the map."))
    if to not in data.adjacency[fel["at"]]:
        raise Refused(_("The Fellowship moves only along a line, to a neighbouring location."))
    if to in fel["visited"]:
        raise Refused(_("The Fellowship never returns to a location it has left."))
    cost = data.locations[to].resolve
    if galadriel:
        if not data.shadow_location(to):
            raise Refused(_("Galadriel helps only on the way into a Shadow location."))
        cost = min(cost, data.fp.characters["galadriel"].num("cost", 1))
    return max(cost, 1) if galadriel else cost


def arrive(ctx: Ctx, seat: int, to: str) -> None:
    """Draw the line, the X in the new location, fill the old one, gain its icons."""
    fel = S.secret(ctx.st, seat)["fellowship"]
    new = {"at": to, "visited": fel["visited"] + [to], "lines": fel["lines"] + [[fel["at"], to]],
           "moves": fel["moves"] + 1}
    ctx.put(new, "secret", S.pkey(seat), "fellowship")
    ctx.marker.gain(seat, "fp", ctx.data.locations[to].icons)


def move(ctx: Ctx, cmd: C.Move) -> None:
    """Move the Fellowship to a neighbouring location, paying resolve (a secret action)."""
    st, data, m = ctx.st, ctx.data, ctx.marker
    moves = S.secret(st, cmd.seat)["fellowship"]["moves"]
    if not moves_left(data, st, cmd.seat):
        raise Refused(_("The Fellowship moves once a round (Arwen allows one more move)."))
    cost = move_cost(data, st, cmd.seat, cmd.to, cmd.galadriel)
    if cmd.galadriel and not m.ready(cmd.seat, "fp", "galadriel"):
        raise Refused(_("Galadriel is not ready (or has already acted this round)."))
    resolve = resolve_track(data).id
    have = count(m.marks(cmd.seat, "fp", resolve))
    if have < cost:
        raise Refused(_("Moving there costs {cost} resolve; you have {have}.").format(
            cost=cost, have=have))
    if moves >= 1:
        m.use(cmd.seat, "fp", "arwen")
    if cmd.galadriel:
        m.use(cmd.seat, "fp", "galadriel")
    m.erase(cmd.seat, "fp", resolve, cost)
    arrive(ctx, cmd.seat, cmd.to)
    ctx.say(_("{name} acts in secret.").format(name=ctx.name(cmd.seat)))


def use_palantir(ctx: Ctx, cmd: C.Use) -> None:
    """The Palantir (secret): mark every hunt box, gaining nothing."""
    ctx.marker.use(cmd.seat, "sh", "palantir")
    ctx.marker.fill(cmd.seat, "sh", hunt_track(ctx.data).id)
    ctx.say(_("{name} acts in secret.").format(name=ctx.name(cmd.seat)))
