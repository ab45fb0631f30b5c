"""Card verbs: changes to cards, tokens and threat.

Each takes its card as ``card`` (nothing happens when that card is not
there any more: an effect may outlive its target) and says what it did.
"""
from __future__ import annotations

from typing import Any

from tabletop.core.i18n import _, ngettext
from tabletop.core.model import TABLE
from tabletop.games.lcg.engine.allowed import unique_in_play
from tabletop.games.lcg.engine.context import Ctx
from tabletop.games.lcg.engine.damage import check_destroyed, deal_damage, destroy
from tabletop.games.lcg.engine.language import CARD, NONE, SEAT, V, Opt
from tabletop.games.lcg.engine.moves import (add_tokens, attach, discard, engage, exhaust, place,
                                             ready, shuffle, to_zone)
from tabletop.games.lcg.engine.players import check_heroes, raise_threat
from tabletop.games.lcg.engine.progress import check_explored, check_stage, place_progress
from tabletop.games.lcg.engine.triggers import trigger
from tabletop.games.lcg.engine.vocab.common import card_arg, owned_card

_FROM_TO: dict[str, Any] = {"from": CARD, "to": CARD}      # parameters named by keywords

@V.op("damage", card=CARD, n=Opt(int))
def op_damage(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Deal ``n`` damage to a card."""
    cid = card_arg(ctx, ins)
    if cid is not None and ctx.state.cards[cid].zone == TABLE:
        n = ins.get("n", 1)
        ctx.say(ngettext("{card} takes {n} damage.", "{card} takes {n} damage.", n).format(
            card=ctx.name(cid), n=n))
        deal_damage(ctx, cid, n)


@V.op("heal", card=CARD, n=Opt((int, str)))
def op_heal(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Heal ``n`` damage ("all": every damage) from a character."""
    cid = card_arg(ctx, ins)
    if cid is None:
        return
    have = ctx.damage(cid)
    n = have if ins.get("n") == "all" else min(have, ins.get("n", 1))
    if n:
        add_tokens(ctx, cid, "damage", -n)
        ctx.say(_("{card} heals {n} damage.").format(card=ctx.name(cid), n=n))


@V.op("progress", card=Opt(CARD), n=Opt(int), quest=Opt(bool), bypass=Opt(bool))
def op_progress(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Place ``n`` progress: on a card, or on the current quest (active location first)."""
    n = ins.get("n", 1)
    cid = card_arg(ctx, ins)
    if ins.get("quest"):
        if ins.get("bypass"):
            q = ctx.quest_card()
            if q is not None:
                add_tokens(ctx, q, "progress", n)
                check_stage(ctx)
            return
        place_progress(ctx, n)
        return
    if cid is None:
        return
    add_tokens(ctx, cid, "progress", n)
    ctx.say(_("{n} progress on {card}.").format(n=n, card=ctx.name(cid)))
    if ctx.ctype(cid) == "location":
        check_explored(ctx, cid)
    elif ctx.ctype(cid) == "quest":
        check_stage(ctx)


@V.op("remove_progress", card=Opt(CARD), n=Opt(int))
def op_remove_progress(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Remove ``n`` progress from a card (the quest stage by default)."""
    cid = card_arg(ctx, ins) if ins.get("card") is not None else ctx.quest_card()
    if cid is not None:
        add_tokens(ctx, cid, "progress", -ins.get("n", 1))


@V.op("threat", seat=Opt((int, str, NONE)), n=Opt(int))
def op_threat(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Raise (``n`` > 0) or reduce a player's threat; ``seat`` "all": every player."""
    n = ins.get("n", 1)
    seats = ctx.seats_in_order() if ins.get("seat") == "all" else [ins.get("seat")]
    for seat in seats:
        if seat is None:
            continue
        raise_threat(ctx, seat, n)
        if n > 0:
            ctx.say(_("{name} raises their threat by {n}.").format(name=ctx.seat_name(seat), n=n))
        elif n < 0:
            ctx.say(_("{name} reduces their threat by {n}.").format(name=ctx.seat_name(seat), n=-n))


@V.op("resource", card=CARD, n=Opt(int))
def op_resource(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Add (or remove, ``n`` < 0) resources to a hero's pool."""
    cid = card_arg(ctx, ins)
    if cid is not None:
        n = ins.get("n", 1)
        add_tokens(ctx, cid, "resource", n)
        if n > 0:
            ctx.say(ngettext("{card} gains {n} resource.", "{card} gains {n} resources.", n).format(
                card=ctx.name(cid), n=n))


@V.op("move_resource", n=Opt(int), **_FROM_TO)
def op_move_resource(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Move ``n`` resources from one hero's pool to another's."""
    src, dst = ins.get("from"), ins.get("to")
    if not isinstance(src, int) or not isinstance(dst, int) or src not in ctx.state.cards:
        return
    n = min(ins.get("n", 1), ctx.resources(src))
    if n and dst in ctx.state.cards:
        add_tokens(ctx, src, "resource", -n)
        add_tokens(ctx, dst, "resource", n)
        ctx.say(_("{n} resource moves from {a} to {b}.").format(n=n, a=ctx.name(src), b=ctx.name(dst)))


@V.op("exhaust", card=CARD, say=Opt(bool))
def op_exhaust(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Exhaust a card (``say``: and say so)."""
    cid = card_arg(ctx, ins)
    if cid is not None:
        exhaust(ctx, cid)
        if ins.get("say"):
            ctx.say(_("{card} is exhausted.").format(card=ctx.name(cid)))


@V.op("ready", card=CARD)
def op_ready(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Ready a card."""
    cid = card_arg(ctx, ins)
    if cid is not None and ctx.state.cards[cid].exhausted:
        ready(ctx, cid)
        ctx.say(_("{card} readies.").format(card=ctx.name(cid)))


@V.op("discard", card=CARD)
def op_discard(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Discard a card (not destroyed: no "destroyed" effects)."""
    cid = card_arg(ctx, ins)
    if cid is None:
        return
    name = ctx.name(cid) if ctx.state.cards[cid].face_up else _("a card")
    zone = ctx.state.cards[cid].zone
    discard(ctx, cid)
    ctx.say(_("{card} is discarded.").format(card=name))
    owner = ctx.state.cards[cid].owner
    if ctx.ctype(cid) == "hero" and zone == TABLE and owner is not None:
        check_heroes(ctx, owner)


@V.op("check_destroyed", cards=Opt(list))
def op_check_destroyed(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Hit points or damage changed other than by dealing damage (an attachment that gave
    hit points left play, an effect ended, damage put on a card, the table given back
    from the players' hands): every character and enemy in play (or ``cards``) whose
    damage reaches its hit points is destroyed."""
    cards = ins.get("cards")
    st = ctx.state
    pool = [c for c in (cards if cards is not None else ctx.table_cards())
            if isinstance(c, int) and c in st.cards]
    for cid in pool:
        check_destroyed(ctx, cid)


@V.op("destroy", card=CARD)
def op_destroy(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Destroy a character or enemy outright."""
    cid = card_arg(ctx, ins)
    if cid is not None and ctx.state.cards[cid].zone == TABLE:
        destroy(ctx, cid)


@V.op("to_hand", card=CARD)
def op_to_hand(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Return a card to its owner's hand."""
    found = owned_card(ctx, ins)
    if found is None:
        return
    cid, owner = found
    name = ctx.name(cid)
    to_zone(ctx, cid, ctx.state.seat_zone(owner, "hand"), face_up=True)
    ctx.say(_("{card} returns to {name}'s hand.").format(card=name, name=ctx.seat_name(owner)))


@V.op("to_deck", card=CARD, bottom=Opt(bool), shuffle=Opt(bool))
def op_to_deck(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Put a card on top of (``bottom``: under) its deck of origin; ``shuffle`` it in."""
    cid = card_arg(ctx, ins)
    if cid is None:
        return
    zone = ctx.state.deck_zone_for(cid)
    name = ctx.name(cid)
    to_zone(ctx, cid, zone, top=not ins.get("bottom"), face_up=False)
    if ins.get("shuffle"):
        shuffle(ctx, zone)
        ctx.say(_("{card} is shuffled into its deck.").format(card=name))
    else:
        ctx.say(_("{card} goes on top of its deck.").format(card=name))


@V.op("to_staging", card=CARD)
def op_to_staging(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Put a card into the staging area (not revealed: no When Revealed, no keywords)."""
    cid = card_arg(ctx, ins)
    if cid is None:
        return
    if ctx.face_down_enemy(cid) is not None:
        # an Orc Guard would return to the staging area: its owner's discard pile instead (FAQ)
        discard(ctx, cid)
        ctx.say(_("The Orc Guard goes to its owner's discard pile."))
        return
    place(ctx, cid, "staging")
    ctx.say(_("{card} is added to the staging area.").format(card=ctx.name(cid)))


@V.op("to_victory", card=CARD)
def op_to_victory(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Put a card in the victory display."""
    cid = card_arg(ctx, ins)
    if cid is not None:
        to_zone(ctx, cid, "victory")


@V.op("set_aside", card=CARD)
def op_set_aside(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Set a card aside, out of play."""
    cid = card_arg(ctx, ins)
    if cid is not None:
        to_zone(ctx, cid, "aside", face_up=True)
        ctx.say(_("{card} is set aside.").format(card=ctx.name(cid)))


@V.op("shuffle", zone=Opt(str), seat=Opt(SEAT))
def op_shuffle(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Shuffle a pile (``zone``; "deck" of ``seat``)."""
    zone = ins.get("zone", "encounter.deck")
    if zone == "deck":
        zone = ctx.state.seat_zone(ins["seat"], "deck")
    shuffle(ctx, zone)


@V.op("engage", card=CARD, seat=SEAT)
def op_engage(ctx: Ctx, ins: dict[str, Any]) -> None:
    """An enemy engages a player."""
    cid, seat = card_arg(ctx, ins), ins.get("seat")
    if cid is not None and seat is not None and not ctx.eliminated(seat):
        engage(ctx, cid, seat, _("{card} engages {name}.").format(card=ctx.name(cid),
                                                                  name=ctx.seat_name(seat)))


@V.op("put_into_play", card=CARD, seat=SEAT)
def op_put_into_play(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Put a card into play under ``seat``'s control (not played: no cost, no
    "after you play"; "enters play" effects happen)."""
    cid, seat = card_arg(ctx, ins), ins.get("seat")
    if cid is None or seat is None:
        return
    if unique_in_play(ctx, cid):
        ctx.say(_("{card} is unique and a card of that title is already in play: it cannot be "
                  "put into play (rulebook, Unique cards).").format(card=ctx.name(cid)))
        return
    place(ctx, cid, f"p{seat + 1}.play")
    ready(ctx, cid)
    ctx.say(_("{card} is put into play.").format(card=ctx.name(cid)))
    trigger(ctx, "enters_play", card=cid, seat=seat)


@V.op("attach_to", card=CARD, host=CARD)
def op_attach_to(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Attach a card to a host (encounter conditions, objectives)."""
    cid, host = card_arg(ctx, ins), ins.get("host")
    if cid is not None and host in ctx.state.cards:
        attach(ctx, cid, host)
        ctx.say(_("{card} is attached to {host}.").format(card=ctx.name(cid), host=ctx.name(host)))


@V.op("control", card=CARD, seat=SEAT)
def op_control(ctx: Ctx, ins: dict[str, Any]) -> None:
    """``seat`` takes control of a card: it moves to their play area."""
    cid, seat = card_arg(ctx, ins), ins.get("seat")
    if cid is None or seat is None:
        return
    ctx.E["control"][str(cid)] = seat
    if ctx.state.cards[cid].attached_to is None:
        place(ctx, cid, f"p{seat + 1}.play")
    ctx.say(_("{name} takes control of {card}.").format(name=ctx.seat_name(seat),
                                                       card=ctx.name(cid)))


@V.op("return_to_staging", card=CARD)
def op_return_to_staging(ctx: Ctx, ins: dict[str, Any]) -> None:
    """An engaged enemy goes back to the staging area; its shadow cards are discarded."""
    cid = card_arg(ctx, ins)
    if cid is None or ctx.state.cards[cid].zone != TABLE:
        return
    if ctx.face_down_enemy(cid) is not None:
        # an Orc Guard would return to the staging area: its owner's discard pile instead (FAQ)
        discard(ctx, cid)
        ctx.say(_("The Orc Guard goes to its owner's discard pile."))
        return
    for shadow in ctx.attachments(cid, "shadow"):
        discard(ctx, shadow)
    place(ctx, cid, "staging")
    ctx.say(_("{card} returns to the staging area.").format(card=ctx.name(cid)))



@V.op("revive", card=int)
def op_revive(ctx: Ctx, ins: dict[str, Any]) -> None:
    """A hero comes back into play, ready, under its owner's control."""
    cid = ins["card"]
    owner = ctx.state.cards[cid].owner
    if owner is None or ctx.eliminated(owner) or unique_in_play(ctx, cid):
        return
    place(ctx, cid, f"p{owner + 1}.play")
    ready(ctx, cid)
    ctx.say(_("{card} returns to play.").format(card=ctx.name(cid)))
    trigger(ctx, "enters_play", card=cid, seat=owner)

