"""Card abilities in the round: using them, the action windows, the Responses window.

The engine's operations that carry out what ``engine.offers`` offers: an
ability's use (its limit counted, its cost paid, its effect pushed), an
action window, the players' Responses to a game event, a revealed card's and a
shadow card's own effects, travel.  Nothing here names a card: every answer
comes from the declarations in the table's card registry.  A card without a
declaration is played and revealed normally and its text is left to the
players (the log says so).
"""
from __future__ import annotations

from typing import Any

from tabletop.core.i18n import _
from tabletop.games.lcg.engine.context import Ctx
from tabletop.games.lcg.engine.language import SEAT, V, Opt
from tabletop.games.lcg.engine.moves import place
from tabletop.games.lcg.engine.offers import available_actions, own_abilities, responses_for
from tabletop.games.lcg.engine.playing import pay_for, play_card
from tabletop.games.lcg.engine.specs import limit_key, steps_of
from tabletop.games.lcg.engine.triggers import trigger

__all__ = ["take_action", "use_response", "when_revealed", "shadow_effect", "travel_to"]


@V.op("ability", card=int, index=int, seat=SEAT, info=dict)
def op_ability(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Use an ability: count the use, pay its cost, then its effect."""
    cid, index, seat, info = ins["card"], ins["index"], ins.get("seat"), ins.get("info", {})
    spec = ctx.registry.spec(ctx.state.cards[cid].code)
    ability = spec.abilities[index]
    if ability.limit:
        key = limit_key(ctx, cid, index, ability, seat)
        ctx.E["limits"][key] = ctx.E["limits"].get(key, 0) + 1
    if ability.text and ability.kind not in ("when_revealed", "shadow", "stage"):
        ctx.say(_("{card}: {text}").format(card=ctx.name(cid), text=_(ability.text)))
    cost = steps_of(ability.cost, ctx, cid, info, seat)
    effect = steps_of(ability.effect, ctx, cid, info, seat)
    ctx.push(*cost, *effect)


def take_action(ctx: Ctx, seat: int, option: Any) -> None:
    """Carry out an option of ``available_actions``."""
    kind, _sep, rest = str(option).partition(":")
    if kind == "play":
        play_card(ctx, seat, int(rest))
    elif kind == "use":
        cid, index = (int(x) for x in rest.split(":"))
        ctx.push({"op": "ability", "card": cid, "index": index, "seat": seat, "info": {}})


def use_response(ctx: Ctx, seat: int, option: str, event: str, info: dict[str, Any]) -> None:
    """Carry out a Response chosen from ``responses_for``."""
    kind, _sep, rest = option.partition(":")
    cid, index = (int(x) for x in rest.split(":"))
    if kind == "use" or ctx.ctype(cid) != "event":
        # an ability of a card in play, or a card put into play from hand (Brok Ironfist)
        ctx.push({"op": "ability", "card": cid, "index": index, "seat": seat, "info": info})
        return
    ctx.say(_("{name} plays {card}.").format(name=ctx.seat_name(seat), card=ctx.cdef(cid).name))
    ctx.tx.move(cid, ctx.state.seat_zone(seat, "discard"), None)
    ctx.push(pay_for(ctx, seat, cid, [
        {"op": "ability", "card": cid, "index": index, "seat": seat, "info": info},
        {"op": "event_done", "card": cid, "seat": seat}]))


def _not_automated(ctx: Ctx, cid: int, what: str) -> None:
    if ctx.registry.spec(ctx.state.cards[cid].code) is None and what:
        ctx.say(_("{card}: its text is not automated yet; carry it out by hand (free hands).").format(
            card=ctx.name(cid)))


def when_revealed(ctx: Ctx, cid: int) -> None:
    """A revealed card's When Revealed effects."""
    steps = own_abilities(ctx, cid, "when_revealed", {"seat": ctx.first_seat()})
    if not steps:
        _not_automated(ctx, cid, ctx.cdef(cid).rules_text)
    ctx.push(*steps)


def shadow_effect(ctx: Ctx, cid: int) -> None:
    """A shadow card's effect, for the attack being resolved."""
    att = ctx.E.get("attack") or {}
    steps = own_abilities(ctx, cid, "shadow", {"seat": att.get("seat"), "enemy": att.get("enemy")})
    if not steps:
        _not_automated(ctx, cid, ctx.cdef(cid).shadow_text)
    ctx.push(*steps)


def travel_to(ctx: Ctx, seat: int, loc: int) -> None:
    """Pay a location's Travel cost, then it becomes the active location."""
    steps = own_abilities(ctx, loc, "travel", {"seat": seat})
    ctx.push(*steps, {"op": "arrive", "card": loc, "seat": seat})


@V.op("arrive", card=int, seat=Opt(SEAT))
def op_arrive(ctx: Ctx, ins: dict[str, Any]) -> None:
    """The location becomes the active location."""
    loc = ins["card"]
    if loc not in ctx.state.cards or ctx.area(loc) != "staging":
        return
    place(ctx, loc, "active")
    ctx.say(_("The players travel to {card}.").format(card=ctx.name(loc)))
    trigger(ctx, "traveled", card=loc, seat=ins.get("seat"))


@V.op("window", phase=Opt(str), state=("turn", "passes"))
def op_window(ctx: Ctx, ins: dict[str, Any]) -> None:
    """An action window: players act or pass in turn from the first player; it
    closes when every player still in the game has passed in succession."""
    seats = ctx.seats_in_order()
    if not seats:
        return
    phase = ins.get("phase") or (ctx.E["step"] or "").split(".")[0]
    turn, passes = ins.get("turn", 0), ins.get("passes", 0)
    if "answer" in ins:
        choice = ins.pop("answer")
        if choice == "pass":
            turn, passes = turn + 1, passes + 1
        else:
            ins.update(turn=turn, passes=0)
            ctx.push(ins)          # the window goes on after the action resolves
            take_action(ctx, seats[turn % len(seats)], choice)
            return
    while passes < len(seats):
        seat = seats[turn % len(seats)]
        options = available_actions(ctx, seat, phase)
        if options:
            ins.update(turn=turn, passes=passes)
            labels = dict(options)
            labels["pass"] = _("Pass")
            ctx.ask(ins, seat, _("{name}: take an action or pass.").format(
                name=ctx.seat_name(seat)), list(options) + ["pass"], labels, kind="act",
                data={"window": phase})
            return
        turn, passes = turn + 1, passes + 1


@V.op("trigger", event=str, info=dict)
def op_trigger(ctx: Ctx, ins: dict[str, Any]) -> None:
    """A game event whose effects wait for what was set off before it."""
    trigger(ctx, ins["event"], **ins["info"])


@V.op("responses", event=str, info=dict, used=list, state=("seat", "declined"))
def op_responses(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Offer the Responses to a game event, player by player from the first player."""
    event, info, used = ins["event"], ins["info"], ins["used"]
    if "answer" in ins:
        choice = ins.pop("answer")
        seat = ins["seat"]
        if choice == "no":
            ins.setdefault("declined", []).append(seat)
        else:
            used.append(choice)
            ctx.push(ins)
            use_response(ctx, seat, choice, event, info)
            return
    declined = ins.get("declined", [])
    for seat in ctx.seats_in_order():
        if seat in declined:
            continue
        options = {k: v for k, v in responses_for(ctx, event, info, seat).items() if k not in used}
        if options:
            ins["seat"] = seat
            labels = dict(options)
            labels["no"] = _("No response")
            ctx.ask(ins, seat, _("{name}: respond?").format(name=ctx.seat_name(seat)),
                    list(options) + ["no"], labels, kind="act", data={"event": event})
            return

