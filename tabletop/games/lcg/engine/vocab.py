"""The effect vocabulary: the instructions card effects are made of.

Every instruction is plain data (it may wait on the stack, in a save, while
a player decides).  Cards are chosen with ``choose`` and a *filter*, a plain
map evaluated against the table:

    {"type": ["hero", "ally"], "controller": "you", "ready": True}
    {"type": "enemy", "engaged_with": "you"}
    {"type": "location", "area": "staging"}
    {"trait": "Dwarf", "type": "hero"}
    {"zone": "discard", "of": "any", "type": "ally"}        # cards in discard piles

``$choice`` in the instructions after a choice stands for the answer.
Predicates too odd for the filter language are named functions registered
with ``predicate``.
"""
from __future__ import annotations

import copy
from typing import Callable

from tabletop.core.i18n import _, ngettext
from tabletop.core.model import TABLE
from tabletop.games.lcg.engine.abilities import trigger
from tabletop.games.lcg.engine.ctx import Ctx
from tabletop.games.lcg.engine.effects import add_effect, schedule
from tabletop.games.lcg.engine.flow import op
from tabletop.games.lcg.engine.quest import check_stage
from tabletop.games.lcg.engine.round import engage
from tabletop.games.lcg.engine.table import CHARACTER_TYPES, Table

PREDICATES: dict[str, Callable] = {}


def predicate(name: str):
    """Register a named predicate ``fn(table, card id, seat, args) -> bool``."""
    def reg(fn):
        PREDICATES[name] = fn
        return fn
    return reg


# ------------------------------------------------------------------ filters
def _listify(v):
    return v if isinstance(v, (list, tuple, set)) else [v]


def matches(t: Table, cid: int, f: dict, seat: int | None) -> bool:
    """Does a card fit a filter (see the module docstring)?"""
    st = t.state
    card = st.cards.get(cid)
    if card is None:
        return False
    kind = t.ctype(cid)
    if "type" in f:
        types = set(_listify(f["type"]))
        if "character" in types:
            types |= CHARACTER_TYPES
        if kind not in types:
            return False
    if t.is_prisoner(cid) and not f.get("prisoner"):
        return False
    if "trait" in f and not set(_listify(f["trait"])) & set(t.traits(cid)):
        return False
    if "sphere" in f and t.cdef(cid).sphere not in _listify(f["sphere"]):
        return False
    if "name" in f and t.cdef(cid).name not in _listify(f["name"]):
        return False
    if "controller" in f:
        c = t.controller(cid)
        want = f["controller"]
        if want == "you" and c != seat or want == "other" and (c is None or c == seat):
            return False
        if isinstance(want, int) and c != want:
            return False
    if "owner" in f and f["owner"] == "you" and card.owner != seat:
        return False
    if "engaged_with" in f:
        e = t.engaged_with(cid)
        want = f["engaged_with"]
        if want == "you" and e != seat or want == "any" and e is None:
            return False
        if isinstance(want, int) and e != want:
            return False
    if "area" in f and t.area(cid) not in _area_names(f["area"], t, seat):
        return False
    if "ready" in f and (card.exhausted == f["ready"]):
        return False
    if "exhausted" in f and card.exhausted != f["exhausted"]:
        return False
    if "damaged" in f and (t.damage(cid) > 0) != f["damaged"]:
        return False
    if "not" in f and cid in _listify(f["not"]):
        return False
    if "committed" in f and (cid in t.engine.get("committed", ())) != f["committed"]:
        return False
    if "unique" in f and bool(t.cdef(cid).unique) != f["unique"]:
        return False
    if "max_cost" in f:
        cost = t.cdef(cid).cost
        if not isinstance(cost, int) or cost > f["max_cost"]:
            return False
    if "keyword" in f and not t.has_keyword(cid, f["keyword"]):
        return False
    if "pred" in f:
        fn = PREDICATES[f["pred"]]
        if not fn(t, cid, seat, f.get("args")):
            return False
    return True


def _area_names(area, t: Table, seat: int | None) -> set[str]:
    names: set[str] = set()
    for a in _listify(area):
        if a == "engaged":
            names |= {f"p{s + 1}.engaged" for s in range(t.nseats)}
            names |= {f"p{s + 1}.play" for s in range(t.nseats)}
        elif a == "play":
            names |= {f"p{s + 1}.play" for s in range(t.nseats)}
        elif a == "in_play":
            names |= {"staging", "active", "quest"}
            names |= {f"p{s + 1}.{k}" for s in range(t.nseats) for k in ("play", "engaged")}
        else:
            names.add(a)
    return names


def candidates(t: Table, f: dict, seat: int | None) -> list[int]:
    """Every card fitting a filter: on the table (in play), or in the piles the
    filter names with ``zone`` ("hand", "discard", "deck", "encounter.deck",
    "encounter.discard", "victory", "aside") and ``of`` ("you"/"any")."""
    st = t.state
    zone = f.get("zone")
    if zone is None:
        pool = [c for c in st.table.cards if st.cards[c].attach_kind != "shadow"
                and (st.cards[c].face_up or t.face_down_enemy(c) is not None)]   # Orc Guards
        if "area" not in f:
            inplay = _area_names("in_play", t, seat)
            pool = [c for c in pool if t.area(c) in inplay]
    else:
        pool = []
        for z in _listify(zone):
            if z in st.zones:
                pool.extend(st.zones[z].cards)
                continue
            who = range(t.nseats) if f.get("of") == "any" else ([seat] if seat is not None else [])
            for s in who:
                zid = st.seat_zone(s, z)
                if zid in st.zones:
                    pool.extend(st.zones[zid].cards)
    return [c for c in pool if matches(t, c, f, seat)]


# instructions that bind a name for their own body, and that name when not given by "as"
BINDERS = {"choose": "$choice", "each": "$choice", "number": "$choice", "choose_player": "$player",
           "each_player": "$choice"}
BODIES = ("then", "do", "otherwise")


def fill(value, choice, var: str = "$choice"):
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


# ------------------------------------------------------------------ choices
@op("choose")
def op_choose(ctx: Ctx, ins: dict) -> None:
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
    labels = {o: (ctx.name(o) if isinstance(o, int) else str(o)) for o in options}
    if ins.get("labels"):
        labels.update(ins["labels"])
    opts = list(options)
    if ins.get("optional"):
        opts.append("none")
        labels["none"] = ins.get("none_label") or _("None")
    ctx.ask(ins, seat, ins.get("prompt") or _("{name}: choose a card.").format(
        name=ctx.seat_name(seat)), opts, labels, kind=ins.get("kind", "one"))


@op("each")
def op_each(ctx: Ctx, ins: dict) -> None:
    """Run ``do`` for every card fitting ``filter`` (``$choice`` = that card)."""
    seat = ins.get("seat")
    for cid in reversed(candidates(ctx, ins.get("filter", {}), seat)):
        ctx.push(*fill(copy.deepcopy(ins["do"]), cid))


@op("each_player")
def op_each_player(ctx: Ctx, ins: dict) -> None:
    """Run ``do`` once for every player still in the game, from the first player
    (``$choice`` and ``seat`` = that player)."""
    for seat in reversed(ctx.seats_in_order()):
        steps = fill(copy.deepcopy(ins["do"]), seat)
        for s in steps:
            s.setdefault("seat", seat)
        ctx.push(*steps)


@op("yesno")
def op_yesno(ctx: Ctx, ins: dict) -> None:
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


@op("number")
def op_number(ctx: Ctx, ins: dict) -> None:
    """Ask ``seat`` for a number from ``min`` to ``max``; ``then`` with ``$choice``."""
    if "answer" in ins:
        n = int(str(ins.pop("answer")))
        ctx.push(*fill(copy.deepcopy(ins.get("then", [])), n, ins.get("as", "$choice")))
        return
    lo, hi = ins.get("min", 0), ins.get("max", 0)
    if hi < lo:
        return
    options = [str(n) for n in range(lo, hi + 1)]
    if len(options) == 1:
        ins["answer"] = options[0]
        op_number(ctx, ins)
        return
    ctx.ask(ins, ins["seat"], ins["prompt"], options, {o: o for o in options}, kind="number")


# ------------------------------------------------------------------ changes
def _card(ctx: Ctx, ins: dict) -> int | None:
    cid = ins.get("card")
    return cid if isinstance(cid, int) and cid in ctx.state.cards else None


@op("damage")
def op_damage(ctx: Ctx, ins: dict) -> None:
    """Deal ``n`` damage to a card."""
    cid = _card(ctx, ins)
    if cid is not None and ctx.state.cards[cid].zone == TABLE:
        n = ins.get("n", 1)
        ctx.say(ngettext("{card} takes {n} damage.", "{card} takes {n} damage.", n).format(
            card=ctx.name(cid), n=n))
        ctx.deal_damage(cid, n)


@op("heal")
def op_heal(ctx: Ctx, ins: dict) -> None:
    """Heal ``n`` damage ("all": every damage) from a character."""
    cid = _card(ctx, ins)
    if cid is None:
        return
    have = ctx.damage(cid)
    n = have if ins.get("n") == "all" else min(have, ins.get("n", 1))
    if n:
        ctx.add_tokens(cid, "damage", -n)
        ctx.say(_("{card} heals {n} damage.").format(card=ctx.name(cid), n=n))


@op("progress")
def op_progress(ctx: Ctx, ins: dict) -> None:
    """Place ``n`` progress: on a card, or on the current quest (active location first)."""
    n = ins.get("n", 1)
    cid = _card(ctx, ins)
    if ins.get("quest"):
        if ins.get("bypass"):
            q = ctx.quest_card()
            if q is not None:
                ctx.add_tokens(q, "progress", n)
                check_stage(ctx)
            return
        ctx.place_progress(n)
        return
    if cid is None:
        return
    ctx.add_tokens(cid, "progress", n)
    ctx.say(_("{n} progress on {card}.").format(n=n, card=ctx.name(cid)))
    if ctx.ctype(cid) == "location":
        ctx.check_explored(cid)
    elif ctx.ctype(cid) == "quest":
        check_stage(ctx)


@op("remove_progress")
def op_remove_progress(ctx: Ctx, ins: dict) -> None:
    """Remove ``n`` progress from a card (the quest stage by default)."""
    cid = _card(ctx, ins) if ins.get("card") is not None else ctx.quest_card()
    if cid is not None:
        ctx.add_tokens(cid, "progress", -ins.get("n", 1))


@op("threat")
def op_threat(ctx: Ctx, ins: dict) -> None:
    """Raise (``n`` > 0) or reduce a player's threat; ``seat`` "all": every player."""
    n = ins.get("n", 1)
    seats = ctx.seats_in_order() if ins.get("seat") == "all" else [ins.get("seat")]
    for seat in seats:
        if seat is None:
            continue
        ctx.raise_threat(seat, n)
        if n > 0:
            ctx.say(_("{name} raises their threat by {n}.").format(name=ctx.seat_name(seat), n=n))
        elif n < 0:
            ctx.say(_("{name} reduces their threat by {n}.").format(name=ctx.seat_name(seat), n=-n))


@op("resource")
def op_resource(ctx: Ctx, ins: dict) -> None:
    """Add (or remove, ``n`` < 0) resources to a hero's pool."""
    cid = _card(ctx, ins)
    if cid is not None:
        n = ins.get("n", 1)
        ctx.add_tokens(cid, "resource", n)
        if n > 0:
            ctx.say(ngettext("{card} gains {n} resource.", "{card} gains {n} resources.", n).format(
                card=ctx.name(cid), n=n))


@op("move_resource")
def op_move_resource(ctx: Ctx, ins: dict) -> None:
    """Move ``n`` resources from one hero's pool to another's."""
    src, dst = ins.get("from"), ins.get("to")
    n = min(ins.get("n", 1), ctx.resources(src)) if src in ctx.state.cards else 0
    if n and dst in ctx.state.cards:
        ctx.add_tokens(src, "resource", -n)
        ctx.add_tokens(dst, "resource", n)
        ctx.say(_("{n} resource moves from {a} to {b}.").format(n=n, a=ctx.name(src), b=ctx.name(dst)))


@op("exhaust")
def op_exhaust(ctx: Ctx, ins: dict) -> None:
    """Exhaust a card (``say``: and say so)."""
    cid = _card(ctx, ins)
    if cid is not None:
        ctx.exhaust(cid)
        if ins.get("say"):
            ctx.say(_("{card} is exhausted.").format(card=ctx.name(cid)))


@op("ready")
def op_ready(ctx: Ctx, ins: dict) -> None:
    """Ready a card."""
    cid = _card(ctx, ins)
    if cid is not None and ctx.state.cards[cid].exhausted:
        ctx.ready(cid)
        ctx.say(_("{card} readies.").format(card=ctx.name(cid)))


@op("discard")
def op_discard(ctx: Ctx, ins: dict) -> None:
    """Discard a card (not destroyed: no "destroyed" effects)."""
    cid = _card(ctx, ins)
    if cid is None:
        return
    name = ctx.name(cid) if ctx.state.cards[cid].face_up else _("a card")
    zone = ctx.state.cards[cid].zone
    ctx.discard(cid)
    ctx.say(_("{card} is discarded.").format(card=name))
    if ctx.ctype(cid) == "hero" and zone == TABLE:
        ctx.check_heroes(ctx.state.cards[cid].owner)


@op("destroy")
def op_destroy(ctx: Ctx, ins: dict) -> None:
    """Destroy a character or enemy outright."""
    cid = _card(ctx, ins)
    if cid is not None and ctx.state.cards[cid].zone == TABLE:
        ctx.destroy(cid)


@op("to_hand")
def op_to_hand(ctx: Ctx, ins: dict) -> None:
    """Return a card to its owner's hand."""
    cid = _card(ctx, ins)
    if cid is None:
        return
    owner = ctx.state.cards[cid].owner
    if owner is None:
        return
    name = ctx.name(cid)
    ctx.to_zone(cid, ctx.state.seat_zone(owner, "hand"), face_up=True)
    ctx.say(_("{card} returns to {name}'s hand.").format(card=name, name=ctx.seat_name(owner)))


@op("to_deck")
def op_to_deck(ctx: Ctx, ins: dict) -> None:
    """Put a card on top of (``bottom``: under) its deck of origin; ``shuffle`` it in."""
    cid = _card(ctx, ins)
    if cid is None:
        return
    zone = ctx.state.deck_zone_for(cid)
    name = ctx.name(cid)
    ctx.to_zone(cid, zone, top=not ins.get("bottom"), face_up=False)
    if ins.get("shuffle"):
        ctx.shuffle(zone)
        ctx.say(_("{card} is shuffled into its deck.").format(card=name))
    else:
        ctx.say(_("{card} goes on top of its deck.").format(card=name))


@op("to_staging")
def op_to_staging(ctx: Ctx, ins: dict) -> None:
    """Put a card into the staging area (not revealed: no When Revealed, no keywords)."""
    cid = _card(ctx, ins)
    if cid is None:
        return
    if ctx.face_down_enemy(cid) is not None:
        # an Orc Guard would return to the staging area: its owner's discard pile instead (FAQ)
        ctx.discard(cid)
        ctx.say(_("The Orc Guard goes to its owner's discard pile."))
        return
    ctx.place(cid, "staging")
    ctx.say(_("{card} is added to the staging area.").format(card=ctx.name(cid)))


@op("to_victory")
def op_to_victory(ctx: Ctx, ins: dict) -> None:
    """Put a card in the victory display."""
    cid = _card(ctx, ins)
    if cid is not None:
        ctx.to_zone(cid, "victory")


@op("set_aside")
def op_set_aside(ctx: Ctx, ins: dict) -> None:
    """Set a card aside, out of play."""
    cid = _card(ctx, ins)
    if cid is not None:
        ctx.to_zone(cid, "aside", face_up=True)
        ctx.say(_("{card} is set aside.").format(card=ctx.name(cid)))


@op("shuffle")
def op_shuffle(ctx: Ctx, ins: dict) -> None:
    """Shuffle a pile (``zone``; "deck" of ``seat``)."""
    zone = ins.get("zone", "encounter.deck")
    if zone == "deck":
        zone = ctx.state.seat_zone(ins["seat"], "deck")
    ctx.shuffle(zone)


@op("engage")
def op_engage(ctx: Ctx, ins: dict) -> None:
    """An enemy engages a player."""
    cid, seat = _card(ctx, ins), ins.get("seat")
    if cid is not None and seat is not None and not ctx.eliminated(seat):
        engage(ctx, cid, seat, _("{card} engages {name}.").format(card=ctx.name(cid),
                                                                  name=ctx.seat_name(seat)))


@op("put_into_play")
def op_put_into_play(ctx: Ctx, ins: dict) -> None:
    """Put a card into play under ``seat``'s control (not played: no cost, no
    "after you play"; "enters play" effects happen)."""
    cid, seat = _card(ctx, ins), ins.get("seat")
    if cid is None or seat is None:
        return
    ctx.place(cid, f"p{seat + 1}.play")
    ctx.ready(cid)
    ctx.say(_("{card} is put into play.").format(card=ctx.name(cid)))
    trigger(ctx, "enters_play", card=cid, seat=seat)


@op("attach_to")
def op_attach_to(ctx: Ctx, ins: dict) -> None:
    """Attach a card to a host (encounter conditions, objectives)."""
    cid, host = _card(ctx, ins), ins.get("host")
    if cid is not None and host in ctx.state.cards:
        ctx.attach(cid, host)
        ctx.say(_("{card} is attached to {host}.").format(card=ctx.name(cid), host=ctx.name(host)))


@op("effect")
def op_effect(ctx: Ctx, ins: dict) -> None:
    """A lasting effect on ``targets`` (a card id or a list), ``until`` "phase",
    "round" or "attack": a stat change, a "cannot", a keyword or a sphere."""
    targets = [t for t in _listify(ins.get("targets", [])) if isinstance(t, int)]
    if "filter" in ins:
        targets += candidates(ctx, ins["filter"], ins.get("seat"))
    what = {k: v for k, v in ins.items() if k in ("stat", "amount", "cannot", "keyword", "sphere",
                                                  "keep", "tag", "area", "types")}
    if targets or what.get("keep"):
        add_effect(ctx, targets, ins.get("until", "phase"), ins.get("source"), **what)


@op("schedule")
def op_schedule(ctx: Ctx, ins: dict) -> None:
    """Run ``do`` at the end of this phase (``when`` "phase") or round."""
    schedule(ctx, ins.get("when", "phase"), ins["do"], ins.get("source"), ins.get("label", ""))


@op("discard_from_hand")
def op_discard_from_hand(ctx: Ctx, ins: dict) -> None:
    """``seat`` discards ``n`` cards from hand (``random``, or of their choice)."""
    st = ctx.state
    seat, n = ins["seat"], ins.get("n", 1)
    hand = st.zones[st.seat_zone(seat, "hand")].cards
    if "answer" in ins:
        cid = ins.pop("answer")
        ctx.discard(cid)
        ctx.say(_("{name} discards {card}.").format(name=ctx.seat_name(seat), card=ctx.name(cid)))
        ins["n"] = n - 1
        if ins["n"] > 0:
            ctx.push(ins)
        return
    if n <= 0 or not hand:
        return
    if len(hand) <= n and not ins.get("random"):
        for cid in list(hand):                  # no choice to make
            ctx.discard(cid)
            ctx.say(_("{name} discards {card}.").format(name=ctx.seat_name(seat), card=ctx.name(cid)))
        return
    if ins.get("random"):
        for _i in range(min(n, len(hand))):
            cid = ctx.rng.choice(hand)
            ctx.discard(cid)
            ctx.say(_("{name} discards {card} at random.").format(name=ctx.seat_name(seat),
                                                                  card=ctx.name(cid)))
        return
    ctx.ask(ins, seat, ngettext("{name}: discard {n} card from your hand.",
                                "{name}: discard {n} cards from your hand.", n).format(
        name=ctx.seat_name(seat), n=n), list(hand), {c: ctx.name(c) for c in hand})


@op("flag")
def op_flag(ctx: Ctx, ins: dict) -> None:
    """Set (or with ``value`` None, clear) one of the engine's small facts."""
    if ins.get("value") is None:
        ctx.E["flags"].pop(ins["name"], None)
    else:
        ctx.E["flags"][ins["name"]] = ins["value"]


@op("attack_bonus")
def op_attack_bonus(ctx: Ctx, ins: dict) -> None:
    """The attacking enemy gets +``n`` attack for this attack."""
    att = ctx.E.get("attack")
    if att:
        att["bonus"] = att.get("bonus", 0) + ins.get("n", 1)
        ctx.say(_("{card} gets +{n} attack for this attack.").format(card=ctx.name(att["enemy"]),
                                                                     n=ins.get("n", 1)))


@op("control")
def op_control(ctx: Ctx, ins: dict) -> None:
    """``seat`` takes control of a card: it moves to their play area."""
    cid, seat = _card(ctx, ins), ins.get("seat")
    if cid is None or seat is None:
        return
    ctx.E["control"][str(cid)] = seat
    if ctx.state.cards[cid].attached_to is None:
        ctx.place(cid, f"p{seat + 1}.play")
        if ins.get("keep_exhausted") and not ctx.state.cards[cid].exhausted:
            pass
    ctx.say(_("{name} takes control of {card}.").format(name=ctx.seat_name(seat),
                                                       card=ctx.name(cid)))


@op("mode")
def op_mode(ctx: Ctx, ins: dict) -> None:
    """``seat`` picks one of ``modes`` ([{"key", "label", "do"}]) and it happens."""
    modes = [m for m in ins["modes"] if m.get("if", True)]
    if "answer" in ins:
        key = ins.pop("answer")
        chosen = next(m for m in modes if m["key"] == key)
        ctx.push(*copy.deepcopy(chosen["do"]))
        return
    if not modes:
        return
    seat = ins.get("seat")
    ctx.ask(ins, seat, ins.get("prompt") or _("{name}: choose one.").format(name=ctx.seat_name(seat)),
            [m["key"] for m in modes], {m["key"]: m["label"] for m in modes})


@op("peek")
def op_peek(ctx: Ctx, ins: dict) -> None:
    """``seat`` looks at the top ``n`` cards of a pile (privately); with ``bottom``,
    they may put the top card under the pile."""
    st = ctx.state
    zone = ins.get("zone", "encounter.deck")
    seat = ins["seat"]
    cards = list(reversed(st.zones[zone].cards[-ins.get("n", 1):]))
    if not cards:
        return
    if "answer" in ins:
        if ins.pop("answer") == "bottom":
            ctx.tx.move(cards[0], zone, 0)
            ctx.say(_("{name} puts the top card of {pile} at the bottom.").format(
                name=ctx.seat_name(seat), pile=_(st.zones[zone].label).lower()))
        return
    names = ", ".join(ctx.name(c) for c in cards)
    ctx.say(_("{name} looks at the top of {pile}.").format(name=ctx.seat_name(seat),
                                                           pile=_(st.zones[zone].label).lower()))
    if ins.get("bottom"):
        ctx.ask(ins, seat, _("{name} sees: {cards}. Leave it on top or put it at the bottom?").format(
            name=ctx.seat_name(seat), cards=names), ["top", "bottom"],
            {"top": _("Leave it on top"), "bottom": _("Put it at the bottom")},
            kind="yesno", data={"private": True})
    else:
        ctx.ask(ins, seat, _("{name} sees: {cards}.").format(name=ctx.seat_name(seat), cards=names),
                ["ok"], {"ok": _("Continue")}, kind="ok", data={"private": True})


@op("shuffle_discard_into_deck")
def op_shuffle_discard_into_deck(ctx: Ctx, ins: dict) -> None:
    """A player's discard pile (heroes stay) is shuffled into their deck."""
    st = ctx.state
    seat = ins["seat"]
    deck, pile = st.seat_zone(seat, "deck"), st.seat_zone(seat, "discard")
    moved = 0
    for cid in list(st.zones[pile].cards):
        if ctx.ctype(cid) != "hero":
            ctx.tx.move(cid, deck, None)
            ctx.tx.set(cid, "face_up", False)
            moved += 1
    ctx.shuffle(deck)
    ctx.say(ngettext("{name} shuffles {n} card from their discard pile into their deck.",
                     "{name} shuffles {n} cards from their discard pile into their deck.",
                     moved).format(name=ctx.seat_name(seat), n=moved))


@op("search_top")
def op_search_top(ctx: Ctx, ins: dict) -> None:
    """``seat`` looks at the top ``n`` cards of ``owner``'s deck: one goes to that
    player's hand, the others back on top in the order ``seat`` picks."""
    st = ctx.state
    seat, owner = ins["seat"], ins["owner"]
    deck = st.seat_zone(owner, "deck")
    if "cards" not in ins:
        ins["cards"] = list(reversed(st.zones[deck].cards[-ins.get("n", 1):]))
        ins["back"] = []
    cards = [c for c in ins["cards"] if st.cards[c].zone == deck]
    if "answer" in ins:
        cid = ins.pop("answer")
        if ins.get("taken") is None:
            ins["taken"] = cid
            ctx.tx.move(cid, st.seat_zone(owner, "hand"), None)
            ctx.tx.set(cid, "face_up", True)
            ctx.say(_("{name} takes a card into their hand.").format(name=ctx.seat_name(owner)))
        else:
            ins["back"].append(cid)
        cards = [c for c in ins["cards"] if st.cards[c].zone == deck and c not in ins["back"]]
    if not cards:
        # the cards put back, the first picked on top
        for cid in reversed(ins["back"]):
            ctx.tx.move(cid, deck, None)
        return
    if ins.get("taken") is None:
        ctx.ask(ins, seat, _("{name}: which card goes to {owner}'s hand?").format(
            name=ctx.seat_name(seat), owner=ctx.seat_name(owner)), cards,
            {c: ctx.name(c) for c in cards}, data={"private": True})
    elif len(cards) == 1:
        ins["answer"] = cards[0]
        op_search_top(ctx, ins)
    else:
        ctx.ask(ins, seat, _("{name}: which card goes back on top first?").format(
            name=ctx.seat_name(seat)), cards, {c: ctx.name(c) for c in cards}, kind="order",
            data={"private": True})


@op("choose_player")
def op_choose_player(ctx: Ctx, ins: dict) -> None:
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
    ctx.ask(ins, seat, ins.get("prompt") or _("{name}: choose a player.").format(
        name=ctx.seat_name(seat)), options, {f"seat:{s}": ctx.seat_name(s) for s in seats})


@op("if_in_play")
def op_if_in_play(ctx: Ctx, ins: dict) -> None:
    """Run ``do`` only if ``card`` is still in play (on the table, face up)."""
    cid = _card(ctx, ins)
    if cid is not None and ctx.state.cards[cid].zone == TABLE and ctx.state.cards[cid].face_up:
        ctx.push(*copy.deepcopy(ins["do"]))


@op("peek_card")
def op_peek_card(ctx: Ctx, ins: dict) -> None:
    """``seat`` looks at a face-down card (privately)."""
    cid = _card(ctx, ins)
    seat = ins["seat"]
    if cid is None or "answer" in ins:
        return
    ctx.say(_("{name} looks at a face-down card.").format(name=ctx.seat_name(seat)))
    ctx.ask(ins, seat, _("{name} sees: {card}.").format(name=ctx.seat_name(seat), card=ctx.name(cid)),
            ["ok"], {"ok": _("Continue")}, kind="ok", data={"private": True})


@op("return_to_staging")
def op_return_to_staging(ctx: Ctx, ins: dict) -> None:
    """An engaged enemy goes back to the staging area; its shadow cards are discarded."""
    cid = _card(ctx, ins)
    if cid is None or ctx.state.cards[cid].zone != TABLE:
        return
    if ctx.face_down_enemy(cid) is not None:
        # an Orc Guard would return to the staging area: its owner's discard pile instead (FAQ)
        ctx.discard(cid)
        ctx.say(_("The Orc Guard goes to its owner's discard pile."))
        return
    for shadow in ctx.attachments(cid, "shadow"):
        ctx.discard(shadow)
    ctx.place(cid, "staging")
    ctx.say(_("{card} returns to the staging area.").format(card=ctx.name(cid)))
