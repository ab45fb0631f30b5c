"""Lasting effects and effects scheduled for later.

A lasting effect (``E["effects"]``) is plain data: the cards it affected when
it resolved (``targets``), what it does (``stat``/``amount``, ``cannot``,
``keyword``, ``sphere``) and until when (``until``: "phase", "round", or
"attack"; ``phase`` names the phase it ends with).  Stats read them each time
(``Table.stat``).  A scheduled effect (``E["scheduled"]``) is a list of
instructions to run at the end of a phase or round (Sneak Attack returns its
ally to hand at the end of the phase); when several end together the first
player orders them.
"""
from __future__ import annotations

from typing import Any

from tabletop.core.i18n import _
from tabletop.games.lcg.engine.context import Ctx
from tabletop.games.lcg.engine.language import V
from tabletop.games.lcg.engine.table import phase_of


def phase_now(ctx: Ctx) -> str:
    """The phase a lasting effect started now ends with: during setup, the first
    resource phase (FAQ 1.19)."""
    phase = phase_of(ctx.E["step"])
    return "resource" if phase == "setup" else phase


def add_effect(ctx: Ctx, targets: list[int], until: str, source: int | None = None,
               **what: Any) -> None:
    """Start a lasting effect on ``targets`` (remembered as they are now)."""
    E = ctx.E
    eff = {"targets": list(targets), "until": until, "phase": phase_now(ctx),
           "source": source}
    eff.update(what)
    E["effects"].append(eff)


def schedule(ctx: Ctx, when: str, instructions: list[dict[str, Any]], source: int | None = None,
             label: str = "") -> None:
    """Run ``instructions`` at the end of this phase (``when`` "phase") or round."""
    ctx.E["scheduled"].append({"when": when, "phase": phase_now(ctx),
                               "round": ctx.state.round, "do": instructions,
                               "source": source, "label": label})


def end_of(ctx: Ctx, what: str, phase: str) -> None:
    """The end of a phase (``what`` "phase") or of the round: lasting effects that
    last until then end, scheduled effects run."""
    E = ctx.E
    keep = []
    ended = False
    for eff in E["effects"]:
        if eff["until"] == what and (what == "round" or eff.get("phase") == phase):
            ended = ended or eff.get("stat") == "hitpoints"
            continue
        keep.append(eff)
    E["effects"] = keep
    if ended:                       # hit points went down: some card may be destroyed
        ctx.push({"op": "check_destroyed"})
    due: list[dict[str, Any]] = []
    later: list[dict[str, Any]] = []
    for item in E["scheduled"]:
        if item["when"] == what and (what == "round" or item.get("phase") == phase):
            due.append(item)
        else:
            later.append(item)
    E["scheduled"] = later
    if due:
        ctx.push({"op": "run_scheduled", "items": due})


@V.op("run_scheduled", items=list)
def op_run_scheduled(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Run effects that end together; the first player picks their order."""
    items = ins["items"]
    if "answer" in ins:
        i = ins.pop("answer")
        item = items.pop(int(i))
        if items:
            ctx.push(ins)
        ctx.push(*item["do"])
        return
    if not items:
        return
    if len(items) == 1:
        ctx.push(*items.pop()["do"])
        return
    seats = ctx.seats_in_order()
    first = seats[0] if seats else 0
    labels = {str(i): it.get("label") or _("Effect {n}").format(n=i + 1) for i, it in enumerate(items)}
    ctx.ask(ins, first, _("{name}: these effects end together; which resolves first?").format(
        name=ctx.seat_name(first)), [str(i) for i in range(len(items))], labels, kind="order")


def end_attack_effects(ctx: Ctx) -> None:
    """Effects that last for one attack end with it."""
    ctx.E["effects"] = [e for e in ctx.E["effects"] if e["until"] != "attack"]
