"""Encounter cards: revealing, keywords, treacheries, guarded objectives; and the
pacing stop after a reveal (``ack``).  Advancing the quest stages is
``engine.progress``.

A revealed card resolves in this order (rulebook and FAQ 1.01, 1.19, 1.22):
the players may respond to the reveal (A Test of Will cancels its When
Revealed effects), Doomed raises every player's threat, the When Revealed
effects resolve, a treachery is then discarded, Guarded attaches a guard,
and Surge reveals one more card.
"""
from __future__ import annotations

from typing import Any

from tabletop.core.i18n import _
from tabletop.core.model import TABLE
from tabletop.games.lcg.engine.abilities import when_revealed
from tabletop.games.lcg.engine.context import Ctx
from tabletop.games.lcg.engine.language import V, Opt
from tabletop.games.lcg.engine.moves import attach, discard, encounter_top, place
from tabletop.games.lcg.engine.players import raise_threat
from tabletop.games.lcg.engine.table import phase_of
from tabletop.games.lcg.engine.triggers import trigger


@V.op("reveal", staging=Opt(bool), guard_of=Opt(int))
def op_reveal(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Reveal the top encounter card (``guard_of``: as that objective's guard)."""
    in_quest = phase_of(ctx.E["step"]) in ("quest", "setup")
    cid = encounter_top(ctx, reshuffle=in_quest)
    if cid is None:
        ctx.say(_("The encounter deck is empty: no card is revealed."))
        return
    kind = ctx.db.by_code[ctx.state.cards[cid].code].type
    place(ctx, cid, "staging")
    ctx.say(_("Revealed {card}.").format(card=ctx.name(cid)))
    guard_of = ins.get("guard_of")
    if guard_of is not None and kind in ("enemy", "location") and guard_of in ctx.state.cards \
            and ctx.state.cards[guard_of].zone == TABLE:
        # the objective is treated as attached to its guard until the guard leaves play,
        # and goes where the guard goes (FAQ 1.17)
        attach(ctx, guard_of, cid)
        ctx.say(_("{card} guards {objective}.").format(card=ctx.name(cid),
                                                       objective=ctx.name(guard_of)))
    steps = [{"op": "revealed_responses", "card": cid},
             {"op": "doomed", "card": cid},
             {"op": "when_revealed", "card": cid}]
    if kind == "treachery":
        steps.append({"op": "treachery_done", "card": cid})
    if kind == "objective" and ctx.has_keyword(cid, "Guarded"):
        steps.append({"op": "reveal", "guard_of": cid, "staging": ins.get("staging", False)})
    if guard_of is not None and kind == "objective":
        # an objective revealed as a guard: the first objective still needs one
        steps.append({"op": "reveal", "guard_of": guard_of, "staging": ins.get("staging", False)})
    steps.append({"op": "surge", "card": cid})
    steps.append({"op": "ack", "text": _("Revealed {card}.").format(card=ctx.name(cid))})
    ctx.push(*steps)


@V.op("revealed_responses", card=int)
def op_revealed_responses(ctx: Ctx, ins: dict[str, Any]) -> None:
    """The players may respond to a card just revealed (before its effects)."""
    trigger(ctx, "revealed", card=ins["card"])


def gone(ctx: Ctx, cid: int) -> bool:
    """An enemy or location revealed and already out of play (destroyed by Thalin):
    its keywords and When Revealed effects do not resolve (FAQ)."""
    card = ctx.state.cards.get(cid)
    return (card is None or card.zone != TABLE) and ctx.ctype(cid) in ("enemy", "location")


@V.op("doomed", card=int)
def op_doomed(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Doomed X: each player raises their threat by X."""
    cid = ins["card"]
    if gone(ctx, cid):
        return
    x = ctx.keyword_value(cid, "Doomed") if cid in ctx.state.cards else 0
    if x:
        ctx.say(_("Doomed {n}: each player raises their threat by {n}.").format(n=x))
        for seat in ctx.seats_in_order():
            raise_threat(ctx, seat, x)


@V.op("when_revealed", card=int)
def op_when_revealed(ctx: Ctx, ins: dict[str, Any]) -> None:
    """The card's When Revealed effects, unless they were cancelled."""
    cid = ins["card"]
    cancelled = ctx.E["flags"].pop("cancel_revealed", None)
    if gone(ctx, cid):
        return
    if cancelled == cid:
        ctx.say(_("The When Revealed effects of {card} are cancelled.").format(card=ctx.name(cid)))
        return
    when_revealed(ctx, cid)


@V.op("treachery_done", card=int)
def op_treachery_done(ctx: Ctx, ins: dict[str, Any]) -> None:
    """A treachery goes to the discard pile once resolved (unless it stayed in play,
    attached to something)."""
    cid = ins["card"]
    card = ctx.state.cards[cid]
    if card.zone == TABLE and card.attached_to is None and ctx.area(cid) == "staging":
        discard(ctx, cid)


@V.op("surge", card=int, staging=Opt(bool))
def op_surge(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Surge: reveal one more encounter card (after it, a replacement for a cancelled
    treachery: Eleanor)."""
    cid = ins["card"]
    flags = ctx.E["flags"]
    surge = flags.pop("surge", None) == cid
    if flags.get("replace") == cid:
        del flags["replace"]
        ctx.say(_("A replacement for {card} is revealed.").format(card=ctx.name(cid)))
        ctx.push({"op": "reveal", "staging": ins.get("staging", True)})
    if gone(ctx, cid):
        return
    if cid in ctx.state.cards and (ctx.keyword_value(cid, "Surge") or surge):
        if not flags.pop("no_surge", None) == cid:
            ctx.say(_("Surge: {card} reveals one more card.").format(card=ctx.name(cid)))
            ctx.push({"op": "reveal", "staging": True})



@V.op("ack", text=Opt(str))
def op_ack(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Pacing: stop so the players can look (after a reveal or a shadow effect)."""
    if "answer" in ins or ctx.E["pacing"] != "reveals":
        return
    seat = ctx.seats_in_order()[0] if ctx.seats_in_order() else 0
    ctx.ask(ins, seat, ins.get("text") or _("Continue."), ["ok"], {"ok": _("Continue")},
            kind="ok")

