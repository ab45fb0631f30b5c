"""Playing cards from hand and paying for them (rulebook, "Planning" and
"Paying costs").

A card is paid with resources from the pools of heroes whose resource icon
matches its sphere (neutral cards: any heroes); the player picks which
heroes pay, one resource at a time, unless only one way is possible.  A
card of a sphere needs a hero of that sphere even when it costs 0.  Unique
cards: one copy in play across the table.  Allies and attachments are
played in the planning phase; an attachment goes onto a legal host;
Restricted: a character never has more than two Restricted attachments
(a third forces one to be discarded).
"""
from __future__ import annotations

from typing import Any

from tabletop.core.i18n import _, ngettext
import tabletop.games.lcg.names as names
from tabletop.games.lcg.engine.allowed import (attachment_hosts, card_cost, hero_spheres, payers,
                                               sphere_of)
from tabletop.games.lcg.engine.context import Ctx
from tabletop.games.lcg.engine.language import NONE, V, Opt
from tabletop.core.kernel import INSTRUCTIONS
from tabletop.games.lcg.engine.moves import add_tokens, attach, discard, place, ready
from tabletop.games.lcg.engine.specs import steps_of
from tabletop.games.lcg.engine.table import Table
from tabletop.games.lcg.engine.triggers import trigger

# what the window and the card tests ask of this module (engine.allowed answers it)
__all__ = ["play_card", "pay_for", "event_steps", "attachment_hosts", "hero_spheres"]


@V.op("pay", seat=int, amount=int, sphere=Opt((str, NONE)), then=Opt(INSTRUCTIONS),
        distinct=Opt(bool), state=("paid", "exclude"))
def op_pay(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Pay ``amount`` resources from matching heroes, the player picking which;
    then run ``then``."""
    seat, sphere, left = ins["seat"], ins.get("sphere"), ins["amount"]
    heroes = [h for h in payers(ctx, seat, sphere) if ctx.resources(h) > 0
              and h not in ins.get("exclude", ())]
    if "answer" in ins:
        h = ins.pop("answer")
        add_tokens(ctx, h, "resource", -1)
        ins.setdefault("paid", []).append(h)
        left -= 1
        if ins.get("distinct"):
            ins.setdefault("exclude", []).append(h)
        ins["amount"] = left
        heroes = [x for x in payers(ctx, seat, sphere) if ctx.resources(x) > 0
                  and x not in ins.get("exclude", ())]
    if left <= 0:
        if ins.get("paid"):
            ctx.say(ngettext("{name} pays {n} resource.", "{name} pays {n} resources.",
                             len(ins["paid"])).format(name=ctx.seat_name(seat), n=len(ins["paid"])))
        ctx.push(*ins.get("then", ()))
        return
    total = sum(ctx.resources(h) for h in heroes)
    if ins.get("distinct"):
        total = len(heroes)
    if total < left:
        ctx.say(_("{name} cannot pay: not enough matching resources.").format(
            name=ctx.seat_name(seat)))
        return
    if len(heroes) == 1 or total == left:
        # only one way to pay: take it
        for h in heroes:
            take = 1 if ins.get("distinct") else min(ctx.resources(h), left)
            add_tokens(ctx, h, "resource", -take)
            ins.setdefault("paid", []).extend([h] * take)
            left -= take
            if left <= 0:
                break
        ins["amount"] = 0
        ins.pop("answer", None)
        op_pay(ctx, ins)
        return
    labels = {h: _("Pay 1 from {card} ({n} left)").format(card=ctx.name(h), n=ctx.resources(h))
              for h in heroes}
    ctx.ask(ins, seat, ngettext("{name}: pick a hero to pay {n} more resource.",
                                "{name}: pick a hero to pay {n} more resources.", left).format(
        name=ctx.seat_name(seat), n=left), heroes, labels, kind="pay", data={"left": left})


def play_card(ctx: Ctx, seat: int, cid: int) -> None:
    """Start playing a card from hand: a host for an attachment, then the cost,
    then the card enters play (or the event resolves)."""
    cdef = ctx.cdef(cid)
    sphere = sphere_of(ctx, cid)
    steps = []
    if cdef.type == "attachment":
        steps.append({"op": "choose_host", "seat": seat, "card": cid})
    if cdef.type == "event":
        steps.extend(event_steps(ctx, seat, cid))
    else:
        steps.append({"op": "pay", "seat": seat, "sphere": sphere, "amount": card_cost(ctx, cid),
                      "then": [{"op": "enter_play", "seat": seat, "card": cid}]})
    ctx.say(_("{name} plays {card}.").format(name=ctx.seat_name(seat), card=names.term(cdef.name)))
    ctx.push(*steps)


@V.op("choose_host", seat=int, card=int)
def op_choose_host(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Pick the card an attachment goes onto."""
    seat, cid = ins["seat"], ins["card"]
    if "answer" in ins:
        ctx.E["flags"]["host"] = ins.pop("answer")
        return
    hosts = attachment_hosts(ctx, seat, cid)
    if len(hosts) == 1:
        ctx.E["flags"]["host"] = hosts[0]
        return
    labels = {h: _("Attach to {card}").format(card=ctx.name(h)) for h in hosts}
    ctx.ask(ins, seat, _("{name}: attach {card} to which card?").format(
        name=ctx.seat_name(seat), card=ctx.name(cid)), hosts, labels,
        data={"card": cid})


@V.op("enter_play", seat=int, card=int, played=Opt(bool))
def op_enter_play(ctx: Ctx, ins: dict[str, Any]) -> None:
    """A paid ally goes to its player's play area, an attachment onto its host."""
    seat, cid = ins["seat"], ins["card"]
    kind = ctx.ctype(cid)
    if kind == "attachment":
        host = ctx.E["flags"].pop("host", None)
        if host is None or host not in ctx.state.cards:
            discard(ctx, cid)
            return
        put_attachment(ctx, seat, cid, host)
    else:
        place(ctx, cid, f"p{seat + 1}.play")
        ready(ctx, cid)
    if ins.get("played", True):
        if kind == "ally":
            rnd, n = ctx.E["flags"].get("allies_played") or [0, 0]
            ctx.E["flags"]["allies_played"] = [ctx.state.round, (n if rnd == ctx.state.round else 0) + 1]
        trigger(ctx, "played", card=cid, seat=seat)
    trigger(ctx, "enters_play", card=cid, seat=seat)


def put_attachment(ctx: Ctx, seat: int, cid: int, host: int) -> None:
    """Attach a card; a third Restricted attachment makes one of them go."""
    attach(ctx, cid, host)
    ctx.say(_("{card} is attached to {host}.").format(card=ctx.name(cid), host=ctx.name(host)))
    if ctx.has_keyword(cid, "Restricted"):
        restricted = [a for a in ctx.attachments(host) if ctx.has_keyword(a, "Restricted")]
        if len(restricted) > 2:
            ctx.push({"op": "restricted", "seat": seat, "host": host})


@V.op("restricted", seat=int, host=int)
def op_restricted(ctx: Ctx, ins: dict[str, Any]) -> None:
    """A character with three Restricted attachments discards one of them."""
    host, seat = ins["host"], ins["seat"]
    restricted = [a for a in ctx.attachments(host) if ctx.has_keyword(a, "Restricted")]
    if len(restricted) <= 2:
        return
    if "answer" in ins:
        cid = ins.pop("answer")
        ctx.say(_("{card} is discarded: a character has at most two Restricted attachments.").format(
            card=ctx.name(cid)))
        discard(ctx, cid)
        return
    labels = {a: _("Discard {card}").format(card=ctx.name(a)) for a in restricted}
    ctx.ask(ins, seat, _("{name}: {host} has three Restricted attachments; discard one.").format(
        name=ctx.seat_name(seat), host=ctx.name(host)), restricted, labels)


def pay_for(t: Table, seat: int, cid: int, then: list[dict]) -> dict:
    """The instruction that pays for a card from hand, then runs ``then``: its
    cost from matching heroes; for an X cost, the player first picks X (``$x``
    in ``then``); Thicket of Spears: one resource from each of different heroes."""
    sphere = sphere_of(t, cid)
    spec = t.registry.spec(t.state.cards[cid].code)
    if t.cdef(cid).cost == "X":
        most = sum(t.resources(h) for h in payers(t, seat, sphere))
        ask: dict[str, Any] = {}
        if spec is not None and spec.x_values is not None:
            ask["values"] = list(spec.x_values(t, seat, cid))   # the X that can do something
        return {"op": "number", "seat": seat, "min": 1 if most else 0, "max": most, "as": "$x", **ask,
                "prompt": _("{name}: how much do you pay for X ({card})?").format(
                    name=t.state.seats[seat].name, card=names.term(t.cdef(cid).name)),
                "then": [{"op": "pay", "seat": seat, "sphere": sphere, "amount": "$x",
                          "then": then}]}
    return {"op": "pay", "seat": seat, "sphere": sphere, "amount": card_cost(t, cid),
            "distinct": bool(spec is not None and spec.pay_distinct), "then": then}


def event_steps(ctx: Ctx, seat: int, cid: int) -> list[dict]:
    """Playing an event: pay its cost, resolve its effect, then it is discarded."""
    cdef = ctx.cdef(cid)
    ctx.tx.move(cid, ctx.state.seat_zone(seat, "discard"), None)   # it leaves the hand at once
    spec = ctx.registry.spec(ctx.state.cards[cid].code)
    if spec is None:
        effect = [{"op": "say", "text": _("{card}: its text is not automated yet; carry it out "
                                          "by hand (free hands).").format(card=names.term(cdef.name))}]
        return [pay_for(ctx, seat, cid, effect)]
    i, ab = next(((i, a) for i, a in spec.of_kind("event")), (None, None))
    cost = [] if ab is None else steps_of(ab.cost, ctx, cid, {}, seat)
    effect = [] if ab is None else steps_of(ab.effect, ctx, cid, {}, seat)
    return [pay_for(ctx, seat, cid, cost + effect + [{"op": "event_done", "card": cid, "seat": seat}])]


@V.op("event_done", card=int, seat=int)
def op_event_done(ctx: Ctx, ins: dict[str, Any]) -> None:
    """An event has resolved: "after you play" responses."""
    trigger(ctx, "played", card=ins["card"], seat=ins["seat"])

