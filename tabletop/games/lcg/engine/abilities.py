"""Card abilities in the round: the bridge between the engine and the card
declarations (``tabletop.games.lcg.cardspecs``).

The engine asks here what a player may do in an action window, which Forced
effects and Responses a game event sets off, what a revealed card, a shadow
card or a new quest stage does, whether a stage is blocked and whether the
players may travel to a location.  Nothing here names a card: every answer
comes from the declarations.  A card without a declaration is played and
revealed normally and its text is left to the players (the log says so).
"""
from __future__ import annotations

from tabletop.core.i18n import _
from tabletop.games.lcg.cardspecs.base import CardSpec
import tabletop.games.lcg.names as names
from tabletop.games.lcg.engine.ctx import HOOKS, Ctx
from tabletop.games.lcg.engine.flow import op
from tabletop.games.lcg.engine.playing import can_pay, card_cost, pay_for, play_card, playable, sphere_of
from tabletop.games.lcg.engine.specs import limit_key, load, spec_for, steps_of, usable
from tabletop.games.lcg.engine.table import Table

__all__ = ["available_actions", "take_action", "forced_for", "responses_for", "use_response",
           "when_revealed", "shadow_effect", "stage_revealed", "stage_blocked", "can_travel",
           "travel_to", "trigger"]


@op("ability")
def op_ability(ctx: Ctx, ins: dict) -> None:
    """Use an ability: count the use, pay its cost, then its effect."""
    cid, index, seat, info = ins["card"], ins["index"], ins.get("seat"), ins.get("info", {})
    spec = spec_for(ctx.state.cards[cid].code)
    ability = spec.abilities[index]
    if ability.limit:
        key = limit_key(ctx, cid, index, ability, seat)
        ctx.E["limits"][key] = ctx.E["limits"].get(key, 0) + 1
    if ability.text and ability.kind not in ("when_revealed", "shadow", "stage"):
        ctx.say(_("{card}: {text}").format(card=ctx.name(cid), text=_(ability.text)))
    cost = steps_of(ability.cost, ctx, cid, info, seat)
    effect = steps_of(ability.effect, ctx, cid, info, seat)
    ctx.push(*cost, *effect)


# --------------------------------------------------------- action windows
def _controlled_in_play(t: Table, seat: int) -> list[int]:
    st = t.state
    return [c for c in st.table.cards if st.cards[c].face_up and t.controller(c) == seat
            and st.cards[c].attach_kind != "shadow"]


def available_actions(ctx: Table, seat: int, phase: str) -> dict[str, str]:
    """{option: label} of what ``seat`` may do in an action window of ``phase``:
    cards to play from hand, Action abilities of cards they control."""
    st = ctx.state
    out: dict[str, str] = {}
    for cid in st.zones[st.seat_zone(seat, "hand")].cards:
        if playable(ctx, seat, cid, phase):
            cdef = ctx.cdef(cid)
            out[f"play:{cid}"] = _("Play {card} ({n})").format(card=names.term(cdef.name),
                                                              n=card_cost(ctx, cid))
    mine = set(_controlled_in_play(ctx, seat))
    for cid in st.table.cards:
        card = st.cards[cid]
        if not card.face_up or card.attach_kind == "shadow":
            continue
        spec = spec_for(card.code)
        if spec is None:
            continue
        for i, ab in spec.of_kind("action"):
            if ab.phase is not None and ab.phase != phase:
                continue
            if cid not in mine and not ab.anyone:
                continue
            if usable(ctx, cid, i, ab, {}, seat):
                out[f"use:{cid}:{i}"] = _("{card}: {text}").format(
                    card=ctx.name(cid), text=_(ab.text) if ab.text else _("use its action"))
    return out


def take_action(ctx: Ctx, seat: int, option: str) -> None:
    """Carry out an option of ``available_actions``."""
    kind, _sep, rest = str(option).partition(":")
    if kind == "play":
        play_card(ctx, seat, int(rest))
    elif kind == "use":
        cid, index = (int(x) for x in rest.split(":"))
        ctx.push({"op": "ability", "card": cid, "index": index, "seat": seat, "info": {}})


# --------------------------------------------------------------- triggers
def _watchers(t: Table, info: dict) -> list[int]:
    """Cards whose abilities may answer a game event: in play (a shadow card has
    only its shadow effect: FAQ), the card the event is about, and cards set
    aside (for their abilities marked ``where="aside"``: Nazgûl of Dol Guldur)."""
    st = t.state
    cards = st.cards
    out = [c for c in st.table.cards if cards[c].face_up and cards[c].attach_kind != "shadow"]
    card = info.get("card")
    if isinstance(card, int) and card in cards and card not in out:
        out.append(card)
    aside = st.zones.get("aside")
    if aside is not None:
        out.extend(c for c in aside.cards if c != card)
    return out


def _answers(ab, event: str, in_aside: bool) -> bool:
    """Does this ability answer the event by itself: a Forced effect or a stage's rule?"""
    if ab.trigger != event or (ab.where == "aside") != in_aside:
        return False
    return ab.kind in ("forced", "stage")


def _encounter_responses(ctx: Table, event: str, info: dict, seat: int) -> dict[str, str]:
    """Responses printed on encounter and quest cards (``where="self"``): nobody controls
    them, so the first player decides whether the players use them, in the same window
    as the players' own Responses."""
    cards, responders = ctx.state.cards, _self_responders()
    found = [c for c in ctx.state.table.cards if cards[c].code in responders and cards[c].face_up
             and cards[c].attach_kind != "shadow"]
    card = info.get("card")
    if isinstance(card, int) and card in cards and cards[card].code in responders and card not in found:
        found.append(card)                    # an explored location has just left play
    out: dict[str, str] = {}
    for cid in found:
        for i, ab in spec_for(cards[cid].code).of_kind("response"):
            if ab.trigger == event and ab.where == "self" and usable(ctx, cid, i, ab, info, seat):
                out[f"use:{cid}:{i}"] = _("{card}: {text}").format(card=ctx.name(cid), text=ab.text)
    return out


_SELF_RESPONDERS: set[str] = set()


def _self_responders() -> set[str]:
    """Codes of the cards with a Response printed for the players to use (computed once)."""
    if not _SELF_RESPONDERS:
        _SELF_RESPONDERS.update(code for code, spec in load().items()
                                if any(ab.where == "self" for _i, ab in spec.of_kind("response")))
        _SELF_RESPONDERS.add("")              # computed, even when there are none
    return _SELF_RESPONDERS


def forced_for(ctx: Ctx, event: str, info: dict) -> list[dict]:
    """Instructions for the Forced effects (and a stage's rules) an event sets off,
    in the first player's order."""
    st = ctx.state
    out = []
    for cid in _watchers(ctx, info):
        spec = spec_for(st.cards[cid].code)
        if spec is None:
            continue
        in_aside = st.cards[cid].zone == "aside"
        for i, ab in enumerate(spec.abilities):
            if not _answers(ab, event, in_aside):
                continue
            seat = ctx.controller(cid)
            if seat is None:
                seat = info.get("seat") if isinstance(info.get("seat"), int) else None
            if usable(ctx, cid, i, ab, info, seat):
                out.append({"op": "ability", "card": cid, "index": i, "seat": seat, "info": info})
    return out


def responses_for(ctx: Table, event: str, info: dict, seat: int | None = None) -> dict[str, str]:
    """{option: label} of the Responses ``seat`` (or anyone, when None) may use now."""
    st = ctx.state
    seats = [seat] if seat is not None else ctx.seats_in_order()
    out: dict[str, str] = {}
    order = ctx.seats_in_order()
    if order and order[0] in seats:
        out.update(_encounter_responses(ctx, event, info, order[0]))
    for s in seats:
        for cid in _controlled_in_play(ctx, s):
            spec = spec_for(st.cards[cid].code)
            if spec is None:
                continue
            for i, ab in spec.of_kind("response"):
                if ab.trigger == event and ab.where == "play" and usable(ctx, cid, i, ab, info, s):
                    out[f"use:{cid}:{i}"] = _("{card}: {text}").format(card=ctx.name(cid), text=_(ab.text))
        for cid in st.zones[st.seat_zone(s, "hand")].cards:
            spec = spec_for(st.cards[cid].code)
            if spec is None:
                continue
            cdef = ctx.cdef(cid)
            sphere = sphere_of(ctx, cid)
            for i, ab in spec.of_kind("response"):
                if ab.trigger == event and ab.where == "hand" and usable(ctx, cid, i, ab, info, s) \
                        and (cdef.type != "event" or can_pay(ctx, s, sphere, card_cost(ctx, cid))):
                    out[f"play:{cid}:{i}"] = _("Play {card}: {text}").format(card=names.term(cdef.name),
                                                                           text=_(ab.text))
    return out


def use_response(ctx: Ctx, seat: int, option: str, event: str, info: dict) -> None:
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


# ------------------------------------------------------- encounter cards
def _own(ctx: Ctx, cid: int, kind: str, info: dict | None = None) -> list[dict]:
    spec = spec_for(ctx.state.cards[cid].code)
    info = dict(info or {}, card=cid)
    if spec is None:
        return []
    out = []
    for i, ab in spec.of_kind(kind):
        seat = info.get("seat")
        if ab.condition is None or ab.condition(ctx, cid, info, seat):
            out.append({"op": "ability", "card": cid, "index": i, "seat": seat, "info": info})
    return out


def _not_automated(ctx: Ctx, cid: int, what: str) -> None:
    if spec_for(ctx.state.cards[cid].code) is None and what:
        ctx.say(_("{card}: its text is not automated yet; carry it out by hand (free hands).").format(
            card=ctx.name(cid)))


def when_revealed(ctx: Ctx, cid: int) -> None:
    """A revealed card's When Revealed effects."""
    steps = _own(ctx, cid, "when_revealed", {"seat": _first(ctx)})
    if not steps:
        _not_automated(ctx, cid, ctx.cdef(cid).rules_text)
    ctx.push(*steps)


def shadow_effect(ctx: Ctx, cid: int) -> None:
    """A shadow card's effect, for the attack being resolved."""
    att = ctx.E.get("attack") or {}
    steps = _own(ctx, cid, "shadow", {"seat": att.get("seat"), "enemy": att.get("enemy")})
    if not steps:
        _not_automated(ctx, cid, ctx.cdef(cid).shadow_text)
    ctx.push(*steps)


def stage_revealed(ctx: Ctx, cid: int) -> None:
    """A new quest stage's When Revealed effects."""
    steps = [s for s in _own(ctx, cid, "when_revealed", {"seat": _first(ctx)})]
    ctx.push(*steps)


def stage_blocked(ctx: Table, quest: int) -> str | None:
    """Why the current stage cannot be defeated yet (None if it can)."""
    spec = spec_for(ctx.state.cards[quest].code)
    if spec is not None and spec.stage_blocked is not None:
        return spec.stage_blocked(ctx, quest)
    return None


def _first(ctx: Table) -> int | None:
    seats = ctx.seats_in_order()
    return seats[0] if seats else None


# ------------------------------------------------------------------ travel
def can_travel(ctx: Table, seat: int, loc: int) -> bool:
    """May the players travel to this location (its Travel cost can be paid)?"""
    spec = spec_for(ctx.state.cards[loc].code)
    if spec is None:
        return True
    for i, ab in spec.of_kind("travel"):
        if ab.condition is not None and not ab.condition(ctx, loc, {}, seat):
            return False
    return True


def travel_to(ctx: Ctx, seat: int, loc: int) -> None:
    """Pay a location's Travel cost, then it becomes the active location."""
    steps = _own(ctx, loc, "travel", {"seat": seat})
    ctx.push(*steps, {"op": "arrive", "card": loc, "seat": seat})


@op("arrive")
def op_arrive(ctx: Ctx, ins: dict) -> None:
    """The location becomes the active location."""
    loc = ins["card"]
    if loc not in ctx.state.cards or ctx.area(loc) != "staging":
        return
    ctx.place(loc, "active")
    ctx.say(_("The players travel to {card}.").format(card=ctx.name(loc)))
    trigger(ctx, "traveled", card=loc, seat=ins.get("seat"))


def automation(code: str) -> tuple[str, str, CardSpec | None]:
    """(full | partial | none, what is missing, the spec) for a card, as far as its
    declaration says (devtools/coverage.py also asks for a test that asserts it)."""
    spec = spec_for(code)
    if spec is None:
        return ("none", _("no declaration"), None)
    return ("partial" if spec.missing else "full", spec.missing, spec)


# ------------------------------------------------------------------ windows
@op("window")
def op_window(ctx: Ctx, ins: dict) -> None:
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


# ----------------------------------------------------------------- triggers
_ANSWERING: dict[str, frozenset] = {}


def answering(event: str) -> frozenset:
    """The codes of the cards with an ability that answers this game event."""
    codes = _ANSWERING.get(event)
    if codes is None:
        from tabletop.games.lcg.cardspecs import load
        codes = _ANSWERING[event] = frozenset(
            code for code, spec in load().items()
            if any(ab.trigger == event for ab in spec.abilities))
    return codes


def _anyone_answers(ctx: Ctx, event: str, info: dict) -> bool:
    """Is a card that could answer this event on the table, in a hand or set aside?"""
    codes = answering(event)
    if not codes:
        return False
    st = ctx.state
    cards = st.cards
    card = info.get("card")
    if isinstance(card, int) and card in cards and cards[card].code in codes:
        return True
    zones = [st.table, st.zones.get("aside")] + [st.zones.get(st.seat_zone(s, "hand"))
                                                 for s in range(ctx.nseats)]
    return any(cards[c].code in codes for z in zones if z is not None for c in z.cards)


def trigger(ctx: Ctx, event: str, **info) -> None:
    """A game event happened: Forced effects resolve now (in the first player's
    order), then each player may use their Responses."""
    if not _anyone_answers(ctx, event, info):
        return
    forced = forced_for(ctx, event, info)
    responses = responses_for(ctx, event, info)
    if responses:
        ctx.push({"op": "responses", "event": event, "info": info, "used": []})
    for item in reversed(forced):
        ctx.push(item)


@op("trigger")
def op_trigger(ctx: Ctx, ins: dict) -> None:
    """A game event whose effects wait for what was set off before it."""
    trigger(ctx, ins["event"], **ins["info"])


@op("responses")
def op_responses(ctx: Ctx, ins: dict) -> None:
    """Offer the Responses to a game event, player by player from the first player."""
    event, info, used = ins["event"], ins["info"], ins["used"]
    if "answer" in ins:
        choice = ins.pop("answer")
        seat = ins.get("seat")
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


HOOKS["trigger"] = trigger
