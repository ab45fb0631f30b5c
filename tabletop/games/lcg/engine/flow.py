"""The engine's interpreter: it advances until a player must decide.

What the engine will do next is a stack of plain instructions
(``{"op": "reveal", ...}``) in its saved data.  ``run`` pops and executes them
one by one; an instruction may change the table, push more instructions, or
*ask*: it sets the pending choice and puts itself back on the stack, and the
engine stops.  The answer (a command like any other) pops it and runs it
again with ``ins["answer"]`` set.  Because a choice is asked by re-running its
instruction, it is always computed from the table as it is now (after free
hands, after a load).

Action windows and triggers are in ``engine.abilities``.
"""
from __future__ import annotations

from typing import Callable

from tabletop.core.i18n import _
from tabletop.games.lcg.engine.ctx import Ctx, GameOver

OPS: dict[str, Callable[[Ctx, dict], None]] = {}
MAX_STEPS = 100_000          # a safety net against an endless loop of instructions


def op(name: str):
    """Register an instruction."""
    def reg(fn):
        OPS[name] = fn
        return fn
    return reg


def run(ctx: Ctx) -> None:
    """Execute instructions until a choice is pending, the stack is empty or the game ends."""
    E = ctx.E
    steps = 0
    try:
        while E["choice"] is None and E["stack"] and not E["outcome"]:
            ins = E["stack"].pop()
            OPS[ins["op"]](ctx, ins)
            steps += 1
            if steps > MAX_STEPS:
                raise RuntimeError("the rules engine is going round in circles")
    except GameOver:
        pass


def answer(ctx: Ctx, value) -> None:
    """Give the pending choice its answer and continue."""
    E = ctx.E
    E["choice"] = None
    ins = E["stack"].pop()
    ins["answer"] = value
    try:
        OPS[ins["op"]](ctx, ins)
    except GameOver:
        return
    run(ctx)


def refresh(ctx: Ctx) -> None:
    """Ask the pending choice again from the table as it is now (after free hands)."""
    E = ctx.E
    if E["choice"] is not None:
        E["choice"] = None
        ins = E["stack"].pop()
        ins.pop("answer", None)
        E["stack"].append(ins)
    run(ctx)


@op("say")
def op_say(ctx: Ctx, ins: dict) -> None:
    """A line of the log, at its moment."""
    ctx.say(ins["text"])


@op("ack")
def op_ack(ctx: Ctx, ins: dict) -> None:
    """Pacing: stop so the players can look (after a reveal or a shadow effect)."""
    if "answer" in ins or ctx.E["pacing"] != "reveals":
        return
    seat = ctx.seats_in_order()[0] if ctx.seats_in_order() else 0
    ctx.ask(ins, seat, ins.get("text") or _("Continue."), ["ok"], {"ok": _("Continue")},
            kind="ok")
