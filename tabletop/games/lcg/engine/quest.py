"""Encounter cards and the quest: revealing, keywords, treacheries, guarded
objectives, and advancing the quest stages.

A revealed card resolves in this order (rulebook and FAQ 1.01, 1.19, 1.22):
the players may respond to the reveal (A Test of Will cancels its When
Revealed effects), Doomed raises every player's threat, the When Revealed
effects resolve, a treachery is then discarded, Guarded attaches a guard,
and Surge reveals one more card.
"""
from __future__ import annotations

from tabletop.core.i18n import _
from tabletop.core.model import TABLE
from tabletop.games.lcg.engine.abilities import (stage_blocked, stage_revealed, trigger,
                                                  when_revealed)
from tabletop.games.lcg.engine.ctx import HOOKS, Ctx
from tabletop.games.lcg.engine.flow import op
from tabletop.games.lcg.engine.table import phase_of


@op("reveal")
def op_reveal(ctx: Ctx, ins: dict) -> None:
    """Reveal the top encounter card (``guard_of``: as that objective's guard)."""
    in_quest = phase_of(ctx.E["step"]) in ("quest", "setup")
    cid = ctx.encounter_top(reshuffle=in_quest)
    if cid is None:
        ctx.say(_("The encounter deck is empty: no card is revealed."))
        return
    kind = ctx.db.by_code[ctx.state.cards[cid].code].type
    ctx.place(cid, "staging")
    ctx.say(_("Revealed {card}.").format(card=ctx.name(cid)))
    guard_of = ins.get("guard_of")
    if guard_of is not None and kind in ("enemy", "location"):
        ctx.E["guards"][str(guard_of)] = cid
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


@op("revealed_responses")
def op_revealed_responses(ctx: Ctx, ins: dict) -> None:
    """The players may respond to a card just revealed (before its effects)."""
    trigger(ctx, "revealed", card=ins["card"])


def gone(ctx: Ctx, cid: int) -> bool:
    """An enemy or location revealed and already out of play (destroyed by Thalin):
    its keywords and When Revealed effects do not resolve (FAQ)."""
    card = ctx.state.cards.get(cid)
    return (card is None or card.zone != TABLE) and ctx.ctype(cid) in ("enemy", "location")


@op("doomed")
def op_doomed(ctx: Ctx, ins: dict) -> None:
    """Doomed X: each player raises their threat by X."""
    cid = ins["card"]
    if gone(ctx, cid):
        return
    x = ctx.keyword_value(cid, "Doomed") if cid in ctx.state.cards else 0
    if x:
        ctx.say(_("Doomed {n}: each player raises their threat by {n}.").format(n=x))
        for seat in ctx.seats_in_order():
            ctx.raise_threat(seat, x)


@op("when_revealed")
def op_when_revealed(ctx: Ctx, ins: dict) -> None:
    """The card's When Revealed effects, unless they were cancelled."""
    cid = ins["card"]
    cancelled = ctx.E["flags"].pop("cancel_revealed", None)
    if gone(ctx, cid):
        return
    if cancelled == cid:
        ctx.say(_("The When Revealed effects of {card} are cancelled.").format(card=ctx.name(cid)))
        return
    when_revealed(ctx, cid)


@op("treachery_done")
def op_treachery_done(ctx: Ctx, ins: dict) -> None:
    """A treachery goes to the discard pile once resolved (unless it stayed in play,
    attached to something)."""
    cid = ins["card"]
    card = ctx.state.cards[cid]
    if card.zone == TABLE and card.attached_to is None and ctx.area(cid) == "staging":
        ctx.discard(cid)


@op("surge")
def op_surge(ctx: Ctx, ins: dict) -> None:
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


# -------------------------------------------------------------------- stages
def stage_number(ctx: Ctx, cid: int) -> int:
    """The stage of a quest card."""
    return ctx.cdef(cid).stage or 0


def last_stage(ctx: Ctx) -> int:
    """The number of the scenario's final stage."""
    sc = ctx.db.scenarios.get(ctx.state.scenario, {})
    return max((s["stage"] for s in sc.get("quest_stages", ())), default=0)


def check_stage(ctx: Ctx) -> None:
    """Advance (or win) when the current stage has all its progress and nothing blocks it."""
    quest = ctx.quest_card()
    if quest is None or ctx.state.cards[quest].zone != TABLE:
        return
    need = ctx.stat(quest, "quest_points")
    if need <= 0 or ctx.progress(quest) < need:
        return
    why = stage_blocked(ctx, quest)
    if why:
        ctx.say(why)
        return
    complete_stage(ctx, quest)


def complete_stage(ctx: Ctx, quest: int) -> None:
    """The stage is defeated: the players win after the last one, else the next stage."""
    stage = stage_number(ctx, quest)
    ctx.say(_("Stage {n}, {card}, is complete.").format(n=stage, card=ctx.name(quest)))
    if stage >= last_stage(ctx):
        ctx.end_game("won")
        return
    ctx.to_zone(quest, "quest.discard")
    st = ctx.state
    nxt = [c for c in st.zones["quest.deck"].cards if stage_number(ctx, c) == stage + 1]
    if not nxt:
        ctx.end_game("won")
        return
    chosen = ctx.rng.choice(nxt) if len(nxt) > 1 else nxt[0]
    for other in nxt:
        if other != chosen:
            ctx.to_zone(other, "quest.discard")
    reveal_stage(ctx, chosen, side="B")


def reveal_stage(ctx: Ctx, cid: int, side: str = "B") -> None:
    """Put a quest card on the table as the current stage, showing ``side``."""
    ctx.place(cid, "quest")
    ctx.tx.set(cid, "side", side)
    ctx.say(_("The quest advances to stage {n}: {card}.").format(n=stage_number(ctx, cid),
                                                                  card=ctx.name(cid)))
    stage_revealed(ctx, cid)


HOOKS["check_stage"] = check_stage
