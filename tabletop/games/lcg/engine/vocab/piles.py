"""Card verbs: hands, decks and piles (discarding from hand, looking at cards in
secret, searching a deck, shuffling a discard pile back)."""
from __future__ import annotations

from typing import Any

from tabletop.core.i18n import _, ngettext
from tabletop.games.lcg.engine.context import Ctx
from tabletop.games.lcg.engine.language import CARD, V, Opt
from tabletop.games.lcg.engine.moves import discard, shuffle, to_zone
from tabletop.games.lcg.engine.vocab.common import card_arg, owned_card

@V.op("discard_from_hand", seat=int, n=Opt(int), random=Opt(bool))
def op_discard_from_hand(ctx: Ctx, ins: dict[str, Any]) -> None:
    """``seat`` discards ``n`` cards from hand (``random``, or of their choice)."""
    st = ctx.state
    seat, n = ins["seat"], ins.get("n", 1)
    hand = st.zones[st.seat_zone(seat, "hand")].cards
    if "answer" in ins:
        cid = ins.pop("answer")
        discard(ctx, cid)
        ctx.say(_("{name} discards {card}.").format(name=ctx.seat_name(seat), card=ctx.name(cid)))
        ins["n"] = n - 1
        if ins["n"] > 0:
            ctx.push(ins)
        return
    if n <= 0 or not hand:
        return
    if len(hand) <= n and not ins.get("random"):
        for cid in list(hand):                  # no choice to make
            discard(ctx, cid)
            ctx.say(_("{name} discards {card}.").format(name=ctx.seat_name(seat), card=ctx.name(cid)))
        return
    if ins.get("random"):
        for _i in range(min(n, len(hand))):
            cid = ctx.rng.choice(hand)
            discard(ctx, cid)
            ctx.say(_("{name} discards {card} at random.").format(name=ctx.seat_name(seat),
                                                                  card=ctx.name(cid)))
        return
    ctx.ask(ins, seat, ngettext("{name}: discard {n} card from your hand.",
                                "{name}: discard {n} cards from your hand.", n).format(
        name=ctx.seat_name(seat), n=n), list(hand), {c: ctx.name(c) for c in hand})


@V.op("peek", seat=int, zone=Opt(str), n=Opt(int), bottom=Opt(bool))
def op_peek(ctx: Ctx, ins: dict[str, Any]) -> None:
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


@V.op("peek_card", card=CARD, seat=int)
def op_peek_card(ctx: Ctx, ins: dict[str, Any]) -> None:
    """``seat`` looks at a face-down card (privately)."""
    cid = card_arg(ctx, ins)
    seat = ins["seat"]
    if cid is None or "answer" in ins:
        return
    ctx.say(_("{name} looks at a face-down card.").format(name=ctx.seat_name(seat)))
    ctx.ask(ins, seat, _("{name} sees: {card}.").format(name=ctx.seat_name(seat), card=ctx.name(cid)),
            ["ok"], {"ok": _("Continue")}, kind="ok", data={"private": True})


@V.op("search_top", seat=int, owner=int, n=Opt(int), state=("cards", "back", "taken"))
def op_search_top(ctx: Ctx, ins: dict[str, Any]) -> None:
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


@V.op("shuffle_discard_into_deck", seat=int)
def op_shuffle_discard_into_deck(ctx: Ctx, ins: dict[str, Any]) -> None:
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
    shuffle(ctx, deck)
    ctx.say(ngettext("{name} shuffles {n} card from their discard pile into their deck.",
                     "{name} shuffles {n} cards from their discard pile into their deck.",
                     moved).format(name=ctx.seat_name(seat), n=moved))



@V.op("take_card", card=CARD)
def op_take_card(ctx: Ctx, ins: dict[str, Any]) -> None:
    """A card a player searched for goes from their deck to their hand (not a draw)."""
    found = owned_card(ctx, ins)
    if found is None:
        return
    cid, owner = found
    to_zone(ctx, cid, ctx.state.seat_zone(owner, "hand"), face_up=True)
    ctx.say(_("{name} takes a card into their hand.").format(name=ctx.seat_name(owner)))

