"""Round steps 5 and 6: revealed actions (the announcements a turn opens with, marching,
engaging, recruiting, the characters that act in the open).  Hunting is in ``hunt``.

Plain functions of a command's hands (``ctx.Ctx``); each refuses what the rules forbid and
says what happened for the log.  Who may act is checked before (``legal.expect``).
"""
from __future__ import annotations

from typing import Any

from tabletop.core.i18n import _
from tabletop.core.model import TableState
from tabletop.core.ruleset import Refused
from tabletop.games.coc.board import ERASED, MARKED, MOTIVATED, complete, count, next_box
from tabletop.games.coc.ctx import Ctx, learn, resolve_track
from tabletop.games.coc.data import GameData
import tabletop.games.coc.commands as C
import tabletop.games.coc.slot as S
import tabletop.games.coc.texts as T


# ------------------------------------------------------------ a turn's announcements
def start_turn(ctx: Ctx, seat: int, half: str) -> None:
    """The announcements a player must make: nations activated or motivated, and (Free
    Peoples) the Ring destroyed on Mount Doom."""
    ctx.put([], "seats", S.pkey(seat), "marched")
    announce_nations(ctx, seat, half)
    announce_ring(ctx, seat, half)


def announce_nations(ctx: Ctx, seat: int, half: str) -> None:
    """Copy newly activated or motivated nations to the battle board."""
    st, m = ctx.st, ctx.marker
    key = S.board_key(st, seat, half)
    for nation in ctx.data.half(half).nations:
        now = m.private_nation(seat, half, nation)
        if now <= S.board(st, key)["nations"][nation]:
            continue
        ctx.put(now, "boards", key, "nations", nation)
        banned = S.board(st, key)["banned"]
        if now == MOTIVATED and nation in banned:
            ctx.put([n for n in banned if n != nation], "boards", key, "banned")
        word = _("{name} motivates {nation}.") if now == MOTIVATED else _("{name} activates {nation}.")
        ctx.say(word.format(name=ctx.name(seat), nation=T.nation(ctx.data, nation)))


def announce_ring(ctx: Ctx, seat: int, half: str) -> None:
    """Round step 5F: a Fellowship on Mount Doom destroys the Ring."""
    st, data = ctx.st, ctx.data
    if half != "fp" or S.public(st, seat).get("ring"):
        return
    if S.secret(st, seat)["fellowship"]["at"] != data.goal:
        return
    ctx.put(True, "seats", S.pkey(seat), "ring")
    learn(ctx, seat, {"kind": "ring", "at": data.goal})
    ctx.say(_("{name}'s Fellowship has reached {place}: the Ring is destroyed!").format(
        name=ctx.name(seat), place=T.place(data, data.goal)))


# --------------------------------------------------------- marching and recruiting
def open_battle(data: GameData, st: TableState, key: str, battle: str) -> dict[str, Any]:
    """A battle that can still take strength, marches and engagement."""
    if battle not in data.battles:
        raise Refused(_("There is no such battle."))
    b: dict[str, Any] = S.board(st, key)["battles"][battle]
    if b["fought"]:
        raise Refused(_("That battle has been fought; nothing more can join it."))
    return b


def march(ctx: Ctx, cmd: C.March) -> None:
    """Erase a marked march/engage circle to mark a battle's march or engagement track."""
    st, m = ctx.st, ctx.marker
    track = ctx.data.half(cmd.half).section("march")[0]
    if not count(m.marks(cmd.seat, cmd.half, track.id)):
        raise Refused(_("Marching or engaging needs a marked march/engage box on your board."))
    key = S.board_key(st, cmd.seat, cmd.half)
    b = open_battle(ctx.data, st, key, cmd.battle)
    which = "engage" if cmd.engage else "march"
    if next_box(b[which]) is None:
        raise Refused(_("That track of the battle is full."))
    m.erase(cmd.seat, cmd.half, track.id, 1)
    ctx.say(advance_battle(ctx, cmd.seat, cmd.half, cmd.battle, which))
    if not cmd.engage:
        marched = list(S.public(st, cmd.seat).get("marched", [])) + [cmd.battle]
        ctx.put(marched, "seats", S.pkey(cmd.seat), "marched")


def advance_battle(ctx: Ctx, seat: int, half: str, battle: str, which: str) -> str:
    """Mark the next march or engagement box of a battle (the third march makes the
    marcher the attacker)."""
    from tabletop.games.coc.scoring import engagement_vp
    st, data = ctx.st, ctx.data
    key = S.board_key(st, seat, half)
    marks = list(S.board(st, key)["battles"][battle][which])
    box = next_box(marks)
    if box is None:
        raise Refused(_("That track of the battle is full."))
    marks[box] = MARKED
    ctx.put(marks, "boards", key, "battles", battle, which)
    name, where = ctx.name(seat), T.battle(data, battle, half)
    if which == "engage":
        vp = engagement_vp(data, battle, S.board(st, key)["battles"][battle])
        return _("{name} raises the stakes of {battle}: its winner gains {vp} VP.").format(
            name=name, battle=where, vp=vp)
    if complete(marks):
        ctx.put(half, "boards", key, "battles", battle, "attacker")
        return _("{name} marches on {battle} and attacks: it is fought this round.").format(
            name=name, battle=where)
    return _("{name} marches towards {battle} ({n} of {total}).").format(
        name=name, battle=where, n=count(marks), total=len(marks))


def recruit(ctx: Ctx, cmd: C.Recruit) -> None:
    """Recruit a complete unit into a battle: its strength joins the army."""
    st, data = ctx.st, ctx.data
    unit = data.half(cmd.half).tracks.get(cmd.unit)
    if unit is None or unit.section != "recruitment":
        raise Refused(_("There is no such unit on your board."))
    m = ctx.marker
    if not complete(m.marks(cmd.seat, cmd.half, cmd.unit)):
        raise Refused(_("A unit is recruited once all its boxes are marked."))
    nation = data.half(cmd.half).nations[unit.nation]
    if cmd.battle not in nation.battles:
        raise Refused(_("{nation} units cannot join that battle.").format(
            nation=T.nation(data, nation.id)))
    key = S.board_key(st, cmd.seat, cmd.half)
    b = open_battle(data, st, key, cmd.battle)
    add = unit.strength[S.board(st, key)["nations"][nation.id]]
    total = b["strength"][cmd.half] + add
    ctx.put(total, "boards", key, "battles", cmd.battle, "strength", cmd.half)
    m.set_marks(cmd.seat, cmd.half, cmd.unit, [ERASED] * len(unit.boxes))
    ctx.say(_("{name} recruits {unit} (+{add}) for {battle}: army strength {total}.").format(
        name=ctx.name(cmd.seat), unit=T.track(data, cmd.half, cmd.unit), add=add,
        battle=T.battle(data, cmd.battle, cmd.half), total=total))


# ------------------------------------------------------------ revealed characters
def use_merry(ctx: Ctx, cmd: C.Use) -> None:
    """Merry: after a march, one more march box in the same battle."""
    if cmd.target not in S.public(ctx.st, cmd.seat).get("marched", []):
        raise Refused(_("Merry follows a march you made this turn in that same battle."))
    key = S.board_key(ctx.st, cmd.seat, "fp")
    b = open_battle(ctx.data, ctx.st, key, cmd.target)
    if complete(b["march"]):
        raise Refused(_("That battle's march track is full."))
    ctx.marker.use(cmd.seat, "fp", "merry")
    ctx.say(_("{name} uses Merry.").format(name=ctx.name(cmd.seat)) + " " +
            advance_battle(ctx, cmd.seat, "fp", cmd.target, "march"))


def strider_nations(data: GameData, st: TableState, seat: int) -> list[str]:
    """Nations whose region holds, or neighbours, the seat's Fellowship."""
    at = S.secret(st, seat)["fellowship"]["at"]
    near = (at,) + data.adjacency[at]
    regions = {data.locations[loc].region for loc in near}
    return [n for n in data.fp.nations if n in regions]


def use_strider(ctx: Ctx, cmd: C.Use) -> None:
    """Strider: mark up to 4 call to arms boxes of a nation near the Fellowship, gaining
    nothing; the nation is activated or motivated as usual."""
    data = ctx.data
    limit = data.fp.characters["strider"].num("boxes", 4)
    if cmd.target not in data.fp.nations or not 1 <= cmd.amount <= limit:
        raise Refused(_("Strider rallies one Free Peoples nation, 1 to {n} boxes.").format(n=limit))
    if cmd.target not in strider_nations(data, ctx.st, cmd.seat):
        raise Refused(_("Strider rallies only a nation whose land the Fellowship is in or next to."))
    m = ctx.marker
    track = data.fp.cta(cmd.target).id
    nxt = next_box(m.marks(cmd.seat, "fp", track))
    if nxt is None or cmd.amount > len(data.fp.cta(cmd.target).boxes) - nxt:
        raise Refused(_("That call to arms track has fewer boxes left."))
    m.use(cmd.seat, "fp", "strider")
    for _i in range(cmd.amount):
        m.mark(cmd.seat, "fp", track, gain=False)
    ctx.say(_("{name} uses Strider to rally {nation}.").format(
        name=ctx.name(cmd.seat), nation=T.nation(data, cmd.target)))
    announce_nations(ctx, cmd.seat, "fp")


def use_boromir(ctx: Ctx, cmd: C.Use) -> None:
    """Boromir: mark every resolve box, gaining nothing."""
    m = ctx.marker
    m.use(cmd.seat, "fp", "boromir")
    m.fill(cmd.seat, "fp", resolve_track(ctx.data).id)
    ctx.say(_("{name} uses Boromir: every resolve box is marked.").format(name=ctx.name(cmd.seat)))


def use_saruman(ctx: Ctx, cmd: C.Use) -> None:
    """Saruman: move up to 10 army strength from one Shadow battle to the other."""
    st, data = ctx.st, ctx.data
    key = S.board_key(st, cmd.seat, "sh")
    limit = data.sh.characters["saruman"].num("transfer", 10)
    src = open_battle(data, st, key, cmd.target)
    others = [b for b in data.battles if b != cmd.target]
    if not others:
        raise Refused(_("There is no other battle to move strength to."))
    dest = others[0]
    open_battle(data, st, key, dest)
    if not 1 <= cmd.amount <= min(limit, src["strength"]["sh"]):
        raise Refused(_("Saruman moves 1 to {n} strength, never more than the army has.").format(
            n=limit))
    ctx.marker.use(cmd.seat, "sh", "saruman")
    battles = S.board(st, key)["battles"]
    ctx.put(src["strength"]["sh"] - cmd.amount, "boards", key, "battles", cmd.target, "strength", "sh")
    ctx.put(battles[dest]["strength"]["sh"] + cmd.amount, "boards", key, "battles", dest,
            "strength", "sh")
    ctx.say(_("{name} uses Saruman: {n} strength moves from {a} to {b}.").format(
        name=ctx.name(cmd.seat), n=cmd.amount, a=T.battle(data, cmd.target, "sh"),
        b=T.battle(data, dest, "sh")))


def use_wormtongue(ctx: Ctx, cmd: C.Use) -> None:
    """Wormtongue: the prey may not use a named Free Peoples nation's die until it
    motivates that nation."""
    st, data = ctx.st, ctx.data
    if cmd.target not in data.fp.nations:
        raise Refused(_("Wormtongue names Gondor, Rohan or the Elves."))
    key = S.board_key(st, cmd.seat, "sh")
    b = S.board(st, key)
    if b["nations"][cmd.target] >= 2 or cmd.target in b["banned"]:
        raise Refused(_("Wormtongue's words would change nothing for that nation now."))
    ctx.marker.use(cmd.seat, "sh", "wormtongue")
    ctx.put(b["banned"] + [cmd.target], "boards", key, "banned")
    prey = S.shadow_enemy(st, cmd.seat)
    ctx.say(_("{name} uses Wormtongue: {prey} may not use the {nation} die until {nation} is "
              "motivated.").format(name=ctx.name(cmd.seat), prey=ctx.name(prey),
                                   nation=T.nation(data, cmd.target)))


def use_shelob(ctx: Ctx, cmd: C.Use) -> None:
    """Shelob: the prey erases every marked resolve box."""
    ctx.marker.use(cmd.seat, "sh", "shelob")
    prey = S.shadow_enemy(ctx.st, cmd.seat)
    ctx.marker.erase(prey, "fp", resolve_track(ctx.data).id, 10 ** 6)
    ctx.say(_("{name} uses Shelob: {prey} erases all their resolve.").format(
        name=ctx.name(cmd.seat), prey=ctx.name(prey)))
