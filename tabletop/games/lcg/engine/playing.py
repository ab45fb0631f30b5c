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

from tabletop.core.i18n import _, ngettext
from tabletop.games.lcg.engine.ctx import Ctx
from tabletop.games.lcg.engine.flow import op
from tabletop.games.lcg.engine.passives import passive_cost, passive_spheres
from tabletop.games.lcg.engine.specs import event_playable, play_allowed, spec_for, steps_of
from tabletop.games.lcg.engine.table import CHARACTER_TYPES, Table


def payers(t: Table, seat: int, sphere: str | None) -> list[int]:
    """Heroes of ``seat`` whose resources may pay for a card of ``sphere``
    (None: a neutral card, any hero)."""
    out = []
    for h in t.heroes(seat):
        if t.is_prisoner(h):
            continue
        if sphere is None or sphere == "neutral" or sphere in hero_spheres(t, h):
            out.append(h)
    return out


def hero_spheres(t: Table, hero: int) -> set[str]:
    """A hero's resource icons (printed, and those given by attachments/effects)."""
    out = {t.cdef(hero).sphere} if t.cdef(hero).sphere else set()
    out.update(e["sphere"] for e in t.engine.get("effects", ())
               if e.get("sphere") and hero in e.get("targets", ()))
    out.update(passive_spheres(t, hero))
    return out


def can_pay(t: Table, seat: int, sphere: str | None, amount: int) -> bool:
    """Is there a matching hero, and enough matching resources?"""
    heroes = payers(t, seat, sphere)
    if not heroes:
        return False
    return sum(t.resources(h) for h in heroes) >= amount


def unique_in_play(t: Table, cid: int) -> bool:
    """Is another copy of this unique card (same name) in play?"""
    cdef = t.cdef(cid)
    if not cdef.unique:
        return False
    for other in t.state.table.cards:
        if other != cid and t.state.cards[other].face_up:
            o = t.db.by_code.get(t.state.cards[other].code)
            if o is not None and o.unique and o.name == cdef.name and t.ctype(other) != "quest":
                return True
    return False


def card_cost(t: Table, cid: int) -> int:
    """What a card costs to play now (printed, with cost changes)."""
    cost = t.cdef(cid).cost
    base = cost if isinstance(cost, int) else 0
    return max(0, base + passive_cost(t, cid))


@op("pay")
def op_pay(ctx: Ctx, ins: dict) -> None:
    """Pay ``amount`` resources from matching heroes, the player picking which;
    then run ``then``."""
    seat, sphere, left = ins["seat"], ins.get("sphere"), ins["amount"]
    heroes = [h for h in payers(ctx, seat, sphere) if ctx.resources(h) > 0
              and h not in ins.get("exclude", ())]
    if "answer" in ins:
        h = ins.pop("answer")
        ctx.add_tokens(h, "resource", -1)
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
            ctx.add_tokens(h, "resource", -take)
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


# ------------------------------------------------------------------ playing
def attachment_hosts(t: Table, seat: int, cid: int) -> list[int]:
    """Where an attachment may be played now."""
    spec = spec_for(t.state.cards[cid].code)
    if spec is not None and spec.attach_hosts is not None:
        return [h for h in spec.attach_hosts(t, seat, cid) if not t.cannot(h, "have_attachments")]
    target = (t.cdef(cid).attach_to or "character").lower()
    out = []
    for c in t.table_cards():
        if not t.state.cards[c].face_up or t.is_prisoner(c):
            continue
        kind = t.ctype(c)
        if target == "hero" and kind == "hero":
            out.append(c)
        elif target == "character" and kind in CHARACTER_TYPES:
            out.append(c)
        elif target == "location" and kind == "location" and t.area(c) in ("staging", "active"):
            out.append(c)
        elif target.startswith("enemy") and kind == "enemy" and t.engaged_with(c) is not None:
            out.append(c)
    return [c for c in out if not t.cannot(c, "have_attachments")]   # Nazgûl of Dol Guldur


def playable(t: Table, seat: int, cid: int, phase: str) -> bool:
    """May ``seat`` play this card from their hand now (ally/attachment in the
    planning phase; events per their card declaration)?"""
    st = t.state
    card = st.cards[cid]
    if card.zone != st.seat_zone(seat, "hand"):
        return False
    cdef = t.cdef(cid)
    if cdef.type in ("ally", "attachment"):
        if phase != "planning":
            return False
    elif cdef.type == "event":
        if not event_playable(t, seat, cid, phase):
            return False
    else:
        return False
    if not play_allowed(t, seat, cid):
        return False
    if unique_in_play(t, cid):
        return False
    sphere = sphere_of(t, cid)
    spec = spec_for(card.code)
    if cdef.cost == "X":
        if not payers(t, seat, sphere):
            return False
    elif spec is not None and spec.pay_distinct:
        if sum(1 for h in payers(t, seat, sphere) if t.resources(h) > 0) < card_cost(t, cid):
            return False
    elif not can_pay(t, seat, sphere, card_cost(t, cid)):
        return False
    if cdef.type == "attachment" and not attachment_hosts(t, seat, cid):
        return False
    return True


SPHERE_NAMES = {"leadership": _("Leadership"), "tactics": _("Tactics"), "spirit": _("Spirit"),
                "lore": _("Lore")}


def why_not_playable(t: Table, seat: int, cid: int, phase: str) -> str:
    """Why ``seat`` cannot play this card now, in one sentence naming the rule."""
    st = t.state
    cdef = t.cdef(cid)
    where = (phase or "").capitalize() + " phase: " if phase else ""
    if st.cards[cid].zone != st.seat_zone(seat, "hand"):
        return _("{card} is not in your hand.").format(card=cdef.name)
    if cdef.type in ("ally", "attachment") and phase != "planning":
        return where + _("allies and attachments are played in the planning phase "
                         "(rulebook, Planning phase).")
    if cdef.type == "event" and not event_playable(t, seat, cid, phase):
        spec = spec_for(st.cards[cid].code)
        kinds = [a for a in spec.abilities] if spec else []
        phases = {a.phase for a in kinds if a.kind == "event" and a.phase}
        if phases and phase not in phases:
            return where + _("{card} is played in the {phase} phase (its text).").format(
                card=cdef.name, phase=_(sorted(phases)[0]))
        if kinds and all(a.kind == "response" for a in kinds):
            return where + _("{card} is a Response: it is played when what it answers happens "
                             "(its text).").format(card=cdef.name)
        return where + _("{card} cannot be played now: there is nothing for it to do (its "
                         "text).").format(card=cdef.name)
    if not play_allowed(t, seat, cid):
        return where + _("the current quest stage forbids playing {card} now.").format(card=cdef.name)
    if unique_in_play(t, cid):
        return where + _("{card} is unique and a copy is already in play (rulebook, Unique "
                         "cards).").format(card=cdef.name)
    sphere = sphere_of(t, cid)
    heroes = payers(t, seat, sphere)
    if sphere and not heroes:
        return where + _("{card} needs a {sphere} resource and none of your heroes has that "
                         "resource icon (rulebook, Resource match).").format(
            card=cdef.name, sphere=SPHERE_NAMES.get(sphere, sphere))
    cost = card_cost(t, cid) if cdef.cost != "X" else 0
    if sum(t.resources(h) for h in heroes) < cost:
        return where + _("{card} costs {n} and your heroes{with_} have only {have} to pay with "
                         "(rulebook, Paying costs).").format(
            card=cdef.name, n=cost, have=sum(t.resources(h) for h in heroes),
            with_=(" " + _("with a {sphere} icon").format(sphere=SPHERE_NAMES.get(sphere, sphere)))
            if sphere else "")
    if cdef.type == "attachment" and not attachment_hosts(t, seat, cid):
        return where + _("there is no card {card} may be attached to.").format(card=cdef.name)
    return where + _("{card} cannot be played now.").format(card=cdef.name)


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
    ctx.say(_("{name} plays {card}.").format(name=ctx.seat_name(seat), card=cdef.name))
    ctx.push(*steps)


@op("choose_host")
def op_choose_host(ctx: Ctx, ins: dict) -> None:
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


@op("enter_play")
def op_enter_play(ctx: Ctx, ins: dict) -> None:
    """A paid ally goes to its player's play area, an attachment onto its host."""
    seat, cid = ins["seat"], ins["card"]
    kind = ctx.ctype(cid)
    if kind == "attachment":
        host = ctx.E["flags"].pop("host", None)
        if host is None or host not in ctx.state.cards:
            ctx.discard(cid)
            return
        put_attachment(ctx, seat, cid, host)
    else:
        ctx.place(cid, f"p{seat + 1}.play")
        ctx.ready(cid)
    if ins.get("played", True):
        if kind == "ally":
            rnd, n = ctx.E["flags"].get("allies_played") or [0, 0]
            ctx.E["flags"]["allies_played"] = [ctx.state.round, (n if rnd == ctx.state.round else 0) + 1]
        ctx.trigger("played", card=cid, seat=seat)
    ctx.trigger("enters_play", card=cid, seat=seat)


def put_attachment(ctx: Ctx, seat: int, cid: int, host: int) -> None:
    """Attach a card; a third Restricted attachment makes one of them go."""
    ctx.attach(cid, host)
    ctx.say(_("{card} is attached to {host}.").format(card=ctx.name(cid), host=ctx.name(host)))
    if ctx.has_keyword(cid, "Restricted"):
        restricted = [a for a in ctx.attachments(host) if ctx.has_keyword(a, "Restricted")]
        if len(restricted) > 2:
            ctx.push({"op": "restricted", "seat": seat, "host": host})


@op("restricted")
def op_restricted(ctx: Ctx, ins: dict) -> None:
    """A character with three Restricted attachments discards one of them."""
    host, seat = ins["host"], ins["seat"]
    restricted = [a for a in ctx.attachments(host) if ctx.has_keyword(a, "Restricted")]
    if len(restricted) <= 2:
        return
    if "answer" in ins:
        cid = ins.pop("answer")
        ctx.say(_("{card} is discarded: a character has at most two Restricted attachments.").format(
            card=ctx.name(cid)))
        ctx.discard(cid)
        return
    labels = {a: _("Discard {card}").format(card=ctx.name(a)) for a in restricted}
    ctx.ask(ins, seat, _("{name}: {host} has three Restricted attachments; discard one.").format(
        name=ctx.seat_name(seat), host=ctx.name(host)), restricted, labels)


def sphere_of(t: Table, cid: int) -> str | None:
    """The sphere whose resources pay for a card (None: a neutral card, any hero)."""
    sphere = t.cdef(cid).sphere
    return None if sphere in (None, "neutral") else sphere


def pay_for(t: Table, seat: int, cid: int, then: list[dict]) -> dict:
    """The instruction that pays for a card from hand, then runs ``then``: its
    cost from matching heroes; for an X cost, the player first picks X (``$x``
    in ``then``); Thicket of Spears: one resource from each of different heroes."""
    sphere = sphere_of(t, cid)
    spec = spec_for(t.state.cards[cid].code)
    if t.cdef(cid).cost == "X":
        most = sum(t.resources(h) for h in payers(t, seat, sphere))
        return {"op": "number", "seat": seat, "min": 1 if most else 0, "max": most, "as": "$x",
                "prompt": _("{name}: how much do you pay for X ({card})?").format(
                    name=t.state.seats[seat].name, card=t.cdef(cid).name),
                "then": [{"op": "pay", "seat": seat, "sphere": sphere, "amount": "$x",
                          "then": then}]}
    return {"op": "pay", "seat": seat, "sphere": sphere, "amount": card_cost(t, cid),
            "distinct": bool(spec is not None and spec.pay_distinct), "then": then}


def event_steps(ctx: Ctx, seat: int, cid: int) -> list[dict]:
    """Playing an event: pay its cost, resolve its effect, then it is discarded."""
    cdef = ctx.cdef(cid)
    ctx.tx.move(cid, ctx.state.seat_zone(seat, "discard"), None)   # it leaves the hand at once
    spec = spec_for(ctx.state.cards[cid].code)
    if spec is None:
        effect = [{"op": "say", "text": _("{card}: its text is not automated yet; carry it out "
                                          "by hand (free hands).").format(card=cdef.name)}]
        return [pay_for(ctx, seat, cid, effect)]
    i, ab = next(((i, a) for i, a in spec.of_kind("event")), (None, None))
    cost = [] if ab is None else steps_of(ab.cost, ctx, cid, {}, seat)
    effect = [] if ab is None else steps_of(ab.effect, ctx, cid, {}, seat)
    return [pay_for(ctx, seat, cid, cost + effect + [{"op": "event_done", "card": cid, "seat": seat}])]


@op("event_done")
def op_event_done(ctx: Ctx, ins: dict) -> None:
    """An event has resolved: "after you play" responses."""
    ctx.trigger("played", card=ins["card"], seat=ins["seat"])
