"""The round's course on the kernel: round steps 1-3, the turn order of steps 5 and 6, and
step 8 (the end of the round or of the game).  Step 4 is in ``icons``, step 7 in ``battle``.

Each step of ``ctx.ROUND`` registers its work here; the automatic parts are operations of
``ctx.VOCAB`` (rolling, moving Gollum, the secret Gollum/Smeagol choices and their reveal,
assigning the dice, a revealed turn); every player decision is asked with the kernel and kept
as the pending choice in the slot.
"""
from __future__ import annotations

import random
from typing import Any

from tabletop.core.dice import die_name, die_type, face_label, roll
from tabletop.core.i18n import _
from tabletop.core import events as E
from tabletop.core.kernel import GameOver
from tabletop.core.model import TableState
from tabletop.core.ruleset import Refused
from tabletop.core.tx import Tx
from tabletop.games.coc.board import ACTIVATED, MOTIVATED, complete
from tabletop.games.coc.ctx import (MACHINE, ROUND, Ctx, hunt_track, learn, op, reset_ready,
                                    resolve_track, unready)
from tabletop.games.coc.data import GameData
from tabletop.games.coc.layout import roll_spot
from tabletop.games.coc.revealed import start_turn
import tabletop.games.coc.scoring as scoring
import tabletop.games.coc.slot as S
import tabletop.games.coc.texts as T

ME_DIE = "coc_middle_earth"


# ------------------------------------------------------------------- the dice
def dice_to_roll(data: GameData, st: TableState) -> list[int]:
    """The Middle-earth dice and the die of every nation someone has activated."""
    active: set[str] = set()
    for b in S.get(st, "boards", default={}).values():
        active.update(n for n, v in b["nations"].items() if v >= ACTIVATED)
    dice_of = {data.nations[n].die for n in active}
    return [d.id for d in sorted(st.dice.values(), key=lambda d: d.id)
            if d.kind == ME_DIE or d.kind in dice_of]


def rolled_icons(st: TableState, die_id: int) -> tuple[str, ...]:
    """The icons showing on a die."""
    die = st.dice[die_id]
    return tuple(die_type(die.kind).icons[die.face])


def me_dice(st: TableState) -> list[int]:
    """The two Middle-earth dice's ids."""
    return [d.id for d in sorted(st.dice.values(), key=lambda d: d.id) if d.kind == ME_DIE]


def nation_icons(data: GameData, st: TableState, seat: int, half: str) -> list[str]:
    """The icons a seat takes from its activated nations' dice (twice when motivated)."""
    b = S.board(st, S.board_key(st, seat, half))
    rolled = {st.dice[d].kind: d for d in S.get(st, "rolled", default=[])}
    out: list[str] = []
    for nation in data.half(half).nations.values():
        level = b["nations"][nation.id]
        if level >= ACTIVATED and nation.die in rolled and nation.id not in b["banned"]:
            icons = [i for i in rolled_icons(st, rolled[nation.die]) if i != "ring"]
            out += icons * (2 if level == MOTIVATED else 1)
    return out


# ------------------------------------------------------------ step 1: rolling
@ROUND.step("roll")
def _roll_step(ctx: Ctx) -> None:
    ctx.push({"op": "roll"})


@op("roll", doc="Round step 1: the start player rolls (answer: where the dice came to rest).")
def op_roll(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Ask the start player to roll; the answer ``{"xs", "ys", "angles"}`` rolls the dice."""
    seat = ctx.st.first_player
    if "answer" not in ins:
        ctx.ask_for(ins, "roll", [seat], options=["roll"])
        return
    st, rest = ctx.st, ins["answer"]
    ids = dice_to_roll(ctx.data, st)
    if any(len(rest[k]) not in (0, len(ids)) for k in ("xs", "ys", "angles")):
        raise Refused(_("Each rolled die needs one resting place."))
    words = []
    for i, did in enumerate(ids):
        die = st.dice[did]
        face = roll(die.kind, ctx.rng)
        x, y = roll_spot(i, len(ids))
        if rest["xs"]:
            x, y = float(rest["xs"][i]), float(rest["ys"][i])
        angle = float(rest["angles"][i]) % 360.0 if rest["angles"] else die.angle
        for fld, value in (("face", face), ("x", x), ("y", y), ("angle", angle)):
            if getattr(die, fld) != value:
                ctx.tx.emit(E.set_die(did, fld, getattr(die, fld), value))
        words.append(f"{die_name(die.kind)}: {face_label(die.kind, face)}")
    ctx.put(ids, "rolled")
    ctx.say(_("{name} rolls {dice}.").format(name=ctx.name(seat), dice=", ".join(words)))


# ------------------------------------------------------- step 2: Gollum / Smeagol
@ROUND.step("gollum")
def _gollum_step(ctx: Ctx) -> None:
    """Gollum moves a space for each Ring; reaching or passing a Gollum icon (or rolling a
    Ring once on the last space) calls for one Gollum/Smeagol action."""
    st, data = ctx.st, ctx.data
    rings = sum(rolled_icons(st, d).count("ring") for d in S.get(st, "rolled")
                if st.dice[d].kind == ME_DIE)
    pos = S.get(st, "gollum", default=0)
    last = len(data.gollum_track) - 1
    acts = False
    for _ring in range(rings):
        if pos == last:
            acts = True
        else:
            pos += 1
            acts = acts or data.gollum_track[pos][1]
    if rings:
        ctx.put(pos, "gollum")
        ctx.say(_("Gollum moves to space {n} of the Ring board.").format(n=pos + 1))
    if acts:
        reset_ready(ctx)
        ctx.say(_("Gollum stirs: every player secretly chooses Gollum or Sméagol."))
        ctx.push({"op": "choose_gollum"})


@op("choose_gollum", doc="Every seat chooses Gollum or Smeagol in secret.")
def op_choose_gollum(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Keep each seat's secret choice; once everyone has chosen, reveal them."""
    if "answer" in ins:
        chosen_in_secret(ctx, ins["by"], "gollum", ins["answer"])
    left = unready(ctx.st)
    if left:
        ctx.ask_for(ins, "gollum", left, options=["gollum", "smeagol"], several=True)
        return
    ctx.push({"op": "reveal_gollum"})


def chosen_in_secret(ctx: Ctx, seat: int, key: str, value: Any) -> None:
    """Keep a seat's secret choice under its secret data; the seat is ready."""
    ctx.put(value, "secret", S.pkey(seat), key)
    ctx.put(True, "seats", S.pkey(seat), "ready")
    ctx.say(_("{name} has chosen in secret.").format(name=ctx.name(seat)))


@op("reveal_gollum", doc="Reveal the Gollum/Smeagol choices and mark their boxes.")
def op_reveal_gollum(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Everyone's choice is announced from the start player on; Gollum marks every hunt box,
    Smeagol every resolve box (no icons); each Gollum makes its prey tell where it is."""
    st, m = ctx.st, ctx.marker
    for seat in S.order_from_start(st):
        choice = S.secret(st, seat)["gollum"]
        ctx.put(choice, "seats", S.pkey(seat), "gollum")
        ctx.put("", "secret", S.pkey(seat), "gollum")
        if choice == "gollum":
            m.fill(seat, "sh", hunt_track(ctx.data).id)
            ctx.say(_("{name} chose Gollum.").format(name=ctx.name(seat)))
        else:
            m.fill(seat, "fp", resolve_track(ctx.data).id)
            ctx.say(_("{name} chose Sméagol.").format(name=ctx.name(seat)))
    for seat in S.order_from_start(st):
        if S.public(st, seat)["gollum"] == "gollum":
            prey = S.shadow_enemy(st, seat)
            at = S.secret(st, prey)["fellowship"]["at"]
            learn(ctx, prey, {"kind": "gollum", "at": at})
            ctx.say(_("{prey}'s Fellowship is at {place}.").format(
                prey=ctx.name(prey), place=T.place(ctx.data, at)))


# ---------------------------------------------------------- step 3: the dice
@ROUND.step("assign")
def _assign_step(ctx: Ctx) -> None:
    """Every seat gives a Middle-earth die to each half, in secret (skipped when both dice
    show the same face)."""
    a, b = (ctx.st.dice[d].face for d in me_dice(ctx.st))
    if a == b:
        for seat in range(len(ctx.st.seats)):
            ctx.put(0, "secret", S.pkey(seat), "assign")
        ctx.say(_("Both Middle-earth dice show the same face."))
        return
    reset_ready(ctx)
    ctx.push({"op": "assign"})


@op("assign", doc="Every seat gives one Middle-earth die to its Free Peoples half, in secret.")
def op_assign(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Keep each seat's secret assignment (0 or 1: the die for the Free Peoples)."""
    if "answer" in ins:
        chosen_in_secret(ctx, ins["by"], "assign", ins["answer"])
    left = unready(ctx.st)
    if left:
        ctx.ask_for(ins, "assign", left, options=[0, 1], several=True)


# ------------------------------------------------------ steps 5 and 6: turns
@ROUND.step("fp")
def _fp_step(ctx: Ctx) -> None:
    """Round step 5: revealed Free Peoples actions, from the start player clockwise."""
    ctx.push({"op": "turns", "half": "fp"})


@ROUND.step("shadow")
def _shadow_step(ctx: Ctx) -> None:
    """Round step 6: revealed Shadow actions (and hunting), from the start player clockwise."""
    ctx.push({"op": "turns", "half": "sh"})


@op("turns", state=("begun",), half=str,
    doc="Each seat's revealed turn, from the start player clockwise; the slot's turn says whose.")
def op_turns(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Open a turn (its announcements) and ask for actions until the answer ``"done"``;
    then the next seat's turn, until every seat has had one."""
    st, half = ctx.st, ins["half"]
    if not ins.get("begun"):
        ins["begun"] = True
        _open_turn(ctx, st.first_player, half)
    elif ins.get("answer") == "done":
        seat = ctx.E["turn"]
        ctx.say(_("{name} has finished their {side} actions.").format(
            name=ctx.name(seat), side=T.half_name(half)))
        nxt = (seat + 1) % len(st.seats)
        if nxt == st.first_player:
            return
        _open_turn(ctx, nxt, half)
    ctx.ask_for(ins, "fp" if half == "fp" else "shadow", [ctx.E["turn"]])


def _open_turn(ctx: Ctx, seat: int, half: str) -> None:
    ctx.E["turn"] = seat
    start_turn(ctx, seat, half)


# --------------------------------------------------- step 8: the end of a round
def end_conditions(st: TableState) -> list[str]:
    """Which end conditions hold (Mount Doom, doom, both battles of a board fought)."""
    out = []
    if any(S.public(st, s).get("ring") for s in range(len(st.seats))):
        out.append("mount_doom")
    boards = S.get(st, "boards", default={}).values()
    if any(complete(b["doom"]) for b in boards):
        out.append("doom")
    if any(all(x["fought"] for x in b["battles"].values()) for b in boards):
        out.append("battles")
    return out


@ROUND.step("end")
def _end_step(ctx: Ctx) -> None:
    """Round step 8: end the game, or pass the start player token and begin a new round."""
    st = ctx.st
    met = end_conditions(st)
    if met:
        ctx.put(met, "end")
        finish(ctx)
    n = len(st.seats)
    ctx.tx.set_global("first_player", (st.first_player + 1) % n)
    ctx.tx.set_global("round", st.round + 1)
    for seat in range(n):
        key = S.pkey(seat)
        ctx.put({}, "seats", key, "hunt")
        ctx.put([], "seats", key, "marched")
        ctx.put("", "seats", key, "gollum")
        ctx.put(0, "secret", key, "fellowship", "moves")
        for half in ("fp", "sh"):
            ctx.put([], "secret", key, half, "used")
    ctx.put([], "rolled")
    ctx.say(_("Round {n} begins; {name} is the start player.").format(
        n=st.round, name=ctx.name(st.first_player)))


def finish(ctx: Ctx) -> None:
    """The game ends: score, say who won, and stop the machine."""
    result = scoring.result(ctx.data, ctx.st)
    ctx.put(result, "result")
    ctx.say(scoring.result_words(ctx.st, result))
    ctx.E.update(step="over", outcome="win" if len(result["winners"]) == 1 else "shared",
                 stack=[], choice=None)
    raise GameOver


# ------------------------------------------------------------ a new game
def begin(data: GameData, st: TableState) -> dict[str, Any]:
    """The kernel's data of a new game: round step 1, the start player asked to roll."""
    tx = Tx(st)                 # asking reads the table only
    ctx = Ctx(data, st, tx, random.Random(0), {"step": "roll", "turn": -1, "wait": None,
                                               "stack": [ROUND.enter("roll")], "choice": None,
                                               "outcome": None})
    try:
        MACHINE.run(ctx)
    finally:
        tx.rollback()
    return {k: ctx.E[k] for k in ("stack", "choice")}
