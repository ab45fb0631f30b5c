"""What the players are offered, and what a game event sets off: read-only.

The engine asks here what a player may do in an action window, which Forced
effects and Responses a game event sets off, and what a revealed card, a
shadow card or a new quest stage does, as instructions
(``{"op": "ability", ...}``) for the machine.  Nothing here names a card:
every answer comes from the declarations in the table's card registry.
"""
from __future__ import annotations

from typing import Any

from tabletop.core.i18n import _
import tabletop.games.lcg.names as names
from tabletop.games.lcg.engine.allowed import can_pay, card_cost, playable, sphere_of
from tabletop.games.lcg.engine.specs import usable
from tabletop.games.lcg.engine.table import Table


def available_actions(ctx: Table, seat: int, phase: str) -> dict[str, str]:
    """{option: label} of what ``seat`` may do in an action window of ``phase``:
    cards to play from hand, Action abilities of cards they control."""
    st = ctx.state
    out: dict[str, str] = {}
    hand = st.zones[st.seat_zone(seat, "hand")].cards
    if hand:
        heroes = ctx.heroes(seat)
        for cid in hand:
            if playable(ctx, seat, cid, phase, heroes):
                cdef = ctx.cdef(cid)
                out[f"play:{cid}"] = _("Play {card} ({n})").format(card=names.term(cdef.name),
                                                                  n=card_cost(ctx, cid))
    actors = ctx.registry.actors()
    cards = st.cards
    for cid in st.table.cards:
        card = cards[cid]
        if card.code not in actors or not card.face_up or card.attach_kind == "shadow":
            continue
        spec = ctx.registry.spec(card.code)
        mine: bool | None = None
        for i, ab in spec.of_kind("action"):
            if ab.phase is not None and ab.phase != phase:
                continue
            if not ab.anyone:
                if mine is None:
                    mine = ctx.controller(cid) == seat
                if not mine:
                    continue
            if usable(ctx, cid, i, ab, {}, seat):
                out[f"use:{cid}:{i}"] = _("{card}: {text}").format(
                    card=ctx.name(cid), text=_(ab.text) if ab.text else _("use its action"))
    return out


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
    cards, responders = ctx.state.cards, ctx.registry.self_responders()
    found = [c for c in ctx.state.table.cards if cards[c].code in responders and cards[c].face_up
             and cards[c].attach_kind != "shadow"]
    card = info.get("card")
    if isinstance(card, int) and card in cards and cards[card].code in responders and card not in found:
        found.append(card)                    # an explored location has just left play
    out: dict[str, str] = {}
    for cid in found:
        for i, ab in ctx.registry.spec(cards[cid].code).of_kind("response"):
            if ab.trigger == event and ab.where == "self" and usable(ctx, cid, i, ab, info, seat):
                out[f"use:{cid}:{i}"] = _("{card}: {text}").format(card=ctx.name(cid), text=ab.text)
    return out


def forced_for(ctx: Table, event: str, info: dict) -> list[dict]:
    """Instructions for the Forced effects (and a stage's rules) an event sets off,
    in the first player's order."""
    st = ctx.state
    out: list[dict] = []
    codes = ctx.registry.answering(event)
    if not codes:
        return out
    for cid in _watchers(ctx, info):
        if st.cards[cid].code not in codes:     # no ability of it answers this event
            continue
        spec = ctx.registry.spec(st.cards[cid].code)
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
    cards = st.cards
    seats = [seat] if seat is not None else ctx.seats_in_order()
    out: dict[str, str] = {}
    codes = ctx.registry.answering(event)
    if not codes:                               # no card answers it (encounter cards neither)
        return out
    order = ctx.seats_in_order()
    if order and order[0] in seats:
        out.update(_encounter_responses(ctx, event, info, order[0]))
    in_play = [c for c in st.table.cards if cards[c].code in codes and cards[c].face_up
               and cards[c].attach_kind != "shadow"]
    for s in seats:
        for cid in in_play:
            if ctx.controller(cid) != s:
                continue
            spec = ctx.registry.spec(cards[cid].code)
            for i, ab in spec.of_kind("response"):
                if ab.trigger == event and ab.where == "play" and usable(ctx, cid, i, ab, info, s):
                    out[f"use:{cid}:{i}"] = _("{card}: {text}").format(card=ctx.name(cid), text=_(ab.text))
        for cid in st.zones[st.seat_zone(s, "hand")].cards:
            if cards[cid].code not in codes:
                continue
            spec = ctx.registry.spec(cards[cid].code)
            cdef = ctx.cdef(cid)
            sphere = sphere_of(ctx, cid)
            for i, ab in spec.of_kind("response"):
                if ab.trigger == event and ab.where == "hand" and usable(ctx, cid, i, ab, info, s) \
                        and (cdef.type != "event" or can_pay(ctx, s, sphere, card_cost(ctx, cid))):
                    out[f"play:{cid}:{i}"] = _("Play {card}: {text}").format(card=names.term(cdef.name),
                                                                           text=_(ab.text))
    return out


def own_abilities(ctx: Table, cid: int, kind: str, info: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """Instructions for a card's own abilities of one kind (when revealed, shadow,
    travel) whose condition holds; ``info`` gets the card."""
    spec = ctx.registry.spec(ctx.state.cards[cid].code)
    info = dict(info or {}, card=cid)
    if spec is None:
        return []
    out = []
    for i, ab in spec.of_kind(kind):
        seat = info.get("seat")
        if ab.condition is None or ab.condition(ctx, cid, info, seat):
            out.append({"op": "ability", "card": cid, "index": i, "seat": seat, "info": info})
    return out



def anyone_answers(ctx: Table, event: str, info: dict[str, Any]) -> bool:
    """Is a card that could answer this event on the table, in a hand or set aside?"""
    codes = ctx.registry.answering(event)
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

