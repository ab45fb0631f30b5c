"""Card verbs a few player cards need of their own: Erebor Hammersmith's return
of an attachment, Quick Strike's immediate attack, Thicket of Spears, Stand
Together."""
from __future__ import annotations

from typing import Any

from tabletop.core.i18n import _
from tabletop.games.lcg.engine.allowed import strike_targets
from tabletop.games.lcg.engine.context import Ctx
from tabletop.games.lcg.engine.effects import add_effect
from tabletop.games.lcg.engine.filters import attachments_in_discard
from tabletop.games.lcg.engine.language import V


@V.op("hammersmith", seat=int)
def op_hammersmith(ctx: Ctx, ins: dict[str, Any]) -> None:
    """The topmost attachment of a chosen player's discard pile returns to their hand."""
    seat = ins["seat"]
    seats = [s for s in ctx.seats_in_order() if attachments_in_discard(ctx, s)]
    if "answer" in ins:
        owner = int(str(ins.pop("answer")).split(":")[1])
        cid = attachments_in_discard(ctx, owner)[-1]
        ctx.tx.move(cid, ctx.state.seat_zone(owner, "hand"), None)
        ctx.say(_("{card} returns to {name}'s hand.").format(card=ctx.name(cid),
                                                            name=ctx.seat_name(owner)))
        return
    if not seats:
        return
    if len(seats) == 1:
        ins["answer"] = f"seat:{seats[0]}"
        op_hammersmith(ctx, ins)
        return
    ctx.ask(ins, seat, _("Erebor Hammersmith: from whose discard pile?"),
            [f"seat:{s}" for s in seats], {f"seat:{s}": ctx.seat_name(s) for s in seats})


@V.op("quick_strike", seat=int, card=int)
def op_quick_strike(ctx: Ctx, ins: dict[str, Any]) -> None:
    """The exhausted character attacks an enemy it could attack, alone, at once."""
    seat, char = ins["seat"], ins["card"]
    targets = strike_targets(ctx, seat, char)
    if "answer" in ins:
        enemy = ins.pop("answer")
        ctx.push({"op": "resolve_player_attack", "seat": seat, "enemy": enemy, "attackers": [char]})
        return
    if not targets:
        return
    if len(targets) == 1:
        ins["answer"] = targets[0]
        op_quick_strike(ctx, ins)
        return
    ctx.ask(ins, seat, _("Quick Strike: {card} attacks which enemy?").format(card=ctx.name(char)),
            targets, {e: ctx.name(e) for e in targets})


@V.op("thicket", player=int)
def op_thicket(ctx: Ctx, ins: dict[str, Any]) -> None:
    """The enemies engaged with a player now cannot attack that player this phase."""
    seat = ins["player"]
    enemies = ctx.engaged(seat)
    if enemies:
        ctx.push({"op": "effect", "targets": enemies, "cannot": "attack", "until": "phase"})
        ctx.say(_("The enemies engaged with {name} cannot attack them this phase.").format(
            name=ctx.seat_name(seat)))


@V.op("stand_together", player=int)
def op_stand_together(ctx: Ctx, ins: dict[str, Any]) -> None:
    """A player may declare any number of defenders against each attack this phase
    (a lasting effect: it ends with the phase it was played in)."""
    add_effect(ctx, [], "phase", None, keep=True, tag="many_defenders", player=ins["player"])
    ctx.say(_("{name} may defend each attack with several characters this phase.").format(
        name=ctx.seat_name(ins["player"])))
