"""Card verbs: choices and the flow of an effect.

``choose`` picks a card fitting a filter (``engine.filters``); ``choose_player``
a player; ``yesno``, ``number`` and ``mode`` ask; ``each`` and ``each_player``
repeat; ``$choice`` (or the ``as`` name, such as ``$card``) in the
instructions after a choice stands for the answer.  Also: a line of the log
(``say``), small facts (``flag``), lasting and scheduled effects.
"""
from __future__ import annotations

import copy
from typing import Any

from tabletop.core.i18n import _
from tabletop.core.model import TABLE
from tabletop.games.lcg.engine.context import Ctx
from tabletop.games.lcg.engine.effects import add_effect, schedule
from tabletop.games.lcg.engine.filters import candidates
from tabletop.games.lcg.engine.language import ANY, CARD, NONE, SEAT, V, Opt
from tabletop.games.lcg.engine.vocab.common import card_arg, listify
from tabletop.core.kernel import INSTRUCTIONS

# parameters named by Python keywords
_AS: dict[str, Any] = {"as": Opt(str)}
_AS_FOR: dict[str, Any] = {"as": Opt(str), "for": Opt(SEAT)}

# instructions that bind a name for their own body, and that name when not given by "as"
BINDERS = {"choose": "$choice", "each": "$choice", "number": "$choice", "choose_player": "$player",
           "each_player": "$choice"}
BODIES = ("then", "do", "otherwise")


def fill(value: Any, choice: Any, var: str = "$choice") -> Any:
    """``$choice`` (or ``var``) replaced by the answer in instructions.  Like a
    variable in a program, the name is not replaced inside the body of a nested
    instruction that binds the same name again (a choice inside a choice)."""
    if value == var:
        return choice
    if isinstance(value, list):
        return [fill(v, choice, var) for v in value]
    if isinstance(value, dict):
        rebinds = value.get("op") in BINDERS and value.get("as", BINDERS[value["op"]]) == var
        return {k: (v if rebinds and k in BODIES else fill(v, choice, var)) for k, v in value.items()}
    return value


def _deciding(ctx: Ctx, seat: int | None) -> int:
    """Who decides: ``seat``, or the first player when none is named."""
    if seat is not None:
        return seat
    first = ctx.first_seat()
    return first if first is not None else 0


@V.op("choose", seat=Opt(SEAT), filter=Opt(dict), then=Opt(INSTRUCTIONS), otherwise=Opt(INSTRUCTIONS),
        prompt=Opt(str), optional=Opt(bool), none_label=Opt(str), options=Opt(list),
        labels=Opt(dict), kind=Opt(str), random=Opt(bool), auto=Opt(bool),
        **_AS_FOR)
def op_choose(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Pick a card fitting ``filter`` (``seat`` decides; None: the first player);
    ``then`` runs with ``$choice``.  ``optional``: "none" is an option;
    ``random``: picked at random; ``auto``: a single candidate is taken."""
    seat = ins.get("seat")
    if seat is None:
        seats = ctx.seats_in_order()
        seat = seats[0] if seats else 0
    if "answer" in ins:
        choice = ins.pop("answer")
        if choice == "none":
            ctx.push(*copy.deepcopy(ins.get("otherwise", [])))
            return
        ctx.push(*fill(copy.deepcopy(ins.get("then", [])), choice, ins.get("as", "$choice")))
        return
    options = candidates(ctx, ins.get("filter", {}), ins.get("for", seat))
    if ins.get("options") is not None:
        options = [o for o in ins["options"]]
    if not options:
        ctx.push(*copy.deepcopy(ins.get("otherwise", [])))
        return
    if ins.get("random"):
        ins["answer"] = ctx.rng.choice(options)
        op_choose(ctx, ins)
        return
    if len(options) == 1 and not ins.get("optional") and ins.get("auto", True):
        ins["answer"] = options[0]
        op_choose(ctx, ins)
        return
    labels: dict[Any, str] = {o: (ctx.name(o) if isinstance(o, int) else str(o)) for o in options}
    if ins.get("labels"):
        labels.update(ins["labels"])
    opts: list[Any] = list(options)
    if ins.get("optional"):
        opts.append("none")
        labels["none"] = ins.get("none_label") or _("None")
    ctx.ask(ins, seat, ins.get("prompt") or _("{name}: choose a card.").format(
        name=ctx.seat_name(seat)), opts, labels, kind=ins.get("kind", "one"))


@V.op("each", filter=dict, do=INSTRUCTIONS, seat=Opt(SEAT))
def op_each(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Run ``do`` for every card fitting ``filter`` (``$choice`` = that card)."""
    seat = ins.get("seat")
    for cid in reversed(candidates(ctx, ins.get("filter", {}), seat)):
        ctx.push(*fill(copy.deepcopy(ins["do"]), cid))


@V.op("each_player", do=INSTRUCTIONS)
def op_each_player(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Run ``do`` once for every player still in the game, from the first player
    (``$choice`` and ``seat`` = that player)."""
    for seat in reversed(ctx.seats_in_order()):
        steps = fill(copy.deepcopy(ins["do"]), seat)
        for s in steps:
            s.setdefault("seat", seat)
        ctx.push(*steps)


@V.op("yesno", prompt=str, seat=Opt(SEAT), then=Opt(INSTRUCTIONS), otherwise=Opt(INSTRUCTIONS),
        yes=Opt(str), no=Opt(str))
def op_yesno(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Ask ``seat`` a yes/no question; ``then`` on yes, ``otherwise`` on no."""
    if "answer" in ins:
        part = "then" if ins.pop("answer") == "yes" else "otherwise"
        ctx.push(*copy.deepcopy(ins.get(part, [])))
        return
    seat = ins.get("seat")
    if seat is None:
        seat = (ctx.seats_in_order() or [0])[0]
    ctx.ask(ins, seat, ins["prompt"], ["yes", "no"],
            {"yes": ins.get("yes") or _("Yes"), "no": ins.get("no") or _("No")}, kind="yesno")


@V.op("number", seat=int, prompt=str, min=Opt(int), max=Opt(int), then=Opt(INSTRUCTIONS),
        values=Opt(list), **_AS)
def op_number(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Ask ``seat`` for a number from ``min`` to ``max`` (``values``: only these, the
    numbers with which the effect can change the game); ``then`` with ``$choice``."""
    if "answer" in ins:
        n = int(str(ins.pop("answer")))
        ctx.push(*fill(copy.deepcopy(ins.get("then", [])), n, ins.get("as", "$choice")))
        return
    lo, hi = ins.get("min", 0), ins.get("max", 0)
    if hi < lo:
        return
    numbers: list[int] = list(range(lo, hi + 1))
    if ins.get("values") is not None:
        numbers = [n for n in numbers if n in ins["values"]]
        if not numbers:
            return
    options = [str(n) for n in numbers]
    if len(options) == 1:
        ins["answer"] = options[0]
        op_number(ctx, ins)
        return
    ctx.ask(ins, ins["seat"], ins["prompt"], options, {o: o for o in options}, kind="number")


@V.op("choose_player", seat=Opt(SEAT), then=Opt(INSTRUCTIONS), prompt=Opt(str), others=Opt(bool),
        among=Opt(list), **_AS)
def op_choose_player(ctx: Ctx, ins: dict[str, Any]) -> None:
    """``seat`` picks a player still in the game (``others``: not themselves;
    ``among``: only these seats); ``then`` runs with ``$player`` (or ``as``)."""
    seat = ins.get("seat")
    var = ins.get("as", "$player")
    if "answer" in ins:
        chosen = int(str(ins.pop("answer")).split(":")[1])
        ctx.push(*fill(copy.deepcopy(ins.get("then", [])), chosen, var))
        return
    seats = [s for s in ctx.seats_in_order() if not (ins.get("others") and s == seat)
             and (ins.get("among") is None or s in ins["among"])]
    if not seats:
        return
    if len(seats) == 1:
        ins["answer"] = f"seat:{seats[0]}"
        op_choose_player(ctx, ins)
        return
    options = [f"seat:{s}" for s in seats]
    asker = _deciding(ctx, seat)
    ctx.ask(ins, asker, ins.get("prompt") or _("{name}: choose a player.").format(
        name=ctx.seat_name(asker)), options, {f"seat:{s}": ctx.seat_name(s) for s in seats})


@V.op("mode", modes=list, seat=Opt(SEAT), prompt=Opt(str))
def op_mode(ctx: Ctx, ins: dict[str, Any]) -> None:
    """``seat`` picks one of ``modes`` ([{"key", "label", "do"}]) and it happens."""
    modes = [m for m in ins["modes"] if m.get("if", True)]
    if "answer" in ins:
        key = ins.pop("answer")
        chosen = next(m for m in modes if m["key"] == key)
        ctx.push(*copy.deepcopy(chosen["do"]))
        return
    if not modes:
        return
    seat = _deciding(ctx, ins.get("seat"))
    ctx.ask(ins, seat, ins.get("prompt") or _("{name}: choose one.").format(name=ctx.seat_name(seat)),
            [m["key"] for m in modes], {m["key"]: m["label"] for m in modes})


@V.op("if_in_play", card=CARD, do=INSTRUCTIONS)
def op_if_in_play(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Run ``do`` only if ``card`` is still in play (on the table, face up)."""
    cid = card_arg(ctx, ins)
    if cid is not None and ctx.state.cards[cid].zone == TABLE and ctx.state.cards[cid].face_up:
        ctx.push(*copy.deepcopy(ins["do"]))



@V.op("say", text=str)
def op_say(ctx: Ctx, ins: dict[str, Any]) -> None:
    """A line of the log, at its moment."""
    ctx.say(ins["text"])



@V.op("flag", name=str, value=Opt(ANY))
def op_flag(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Set (or with ``value`` None, clear) one of the engine's small facts."""
    if ins.get("value") is None:
        ctx.E["flags"].pop(ins["name"], None)
    else:
        ctx.E["flags"][ins["name"]] = ins["value"]


@V.op("effect", targets=Opt((int, list, NONE)), filter=Opt(dict), seat=Opt(SEAT), until=Opt(str),
        source=Opt(CARD), stat=Opt(str), amount=Opt(int), cannot=Opt(str), keyword=Opt(str),
        sphere=Opt(str), keep=Opt(bool), tag=Opt(str), area=Opt(str), types=Opt(list))
def op_effect(ctx: Ctx, ins: dict[str, Any]) -> None:
    """A lasting effect on ``targets`` (a card id or a list), ``until`` "phase",
    "round" or "attack": a stat change, a "cannot", a keyword or a sphere."""
    targets = [t for t in listify(ins.get("targets", [])) if isinstance(t, int)]
    if "filter" in ins:
        targets += candidates(ctx, ins["filter"], ins.get("seat"))
    what = {k: v for k, v in ins.items() if k in ("stat", "amount", "cannot", "keyword", "sphere",
                                                  "keep", "tag", "area", "types")}
    if targets or what.get("keep"):
        add_effect(ctx, targets, ins.get("until", "phase"), ins.get("source"), **what)


@V.op("schedule", do=INSTRUCTIONS, when=Opt(str), source=Opt(CARD), label=Opt(str))
def op_schedule(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Run ``do`` at the end of this phase (``when`` "phase") or round."""
    schedule(ctx, ins.get("when", "phase"), ins["do"], ins.get("source"), ins.get("label", ""))


@V.op("attack_bonus", n=Opt(int))
def op_attack_bonus(ctx: Ctx, ins: dict[str, Any]) -> None:
    """The attacking enemy gets +``n`` attack for this attack."""
    att = ctx.E["attack"]
    if att:
        att["bonus"] = att.get("bonus", 0) + ins.get("n", 1)
        ctx.say(_("{card} gets +{n} attack for this attack.").format(card=ctx.name(att["enemy"]),
                                                                     n=ins.get("n", 1)))

