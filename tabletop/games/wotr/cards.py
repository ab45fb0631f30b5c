"""Event cards: drawing, playing, discarding, the hand limit.

In phase 1 every player draws: in a 2-player game (and on turn 1) one card
of each of the side's decks, done at once; from turn 2 of a 3-4 player game
each player chooses a deck, which the ``draws`` operation asks in seat order.
A deck that is empty is not offered, and a player with both decks empty
draws nothing (the turn goes on).  Over the hand limit (six cards, four in a
4-player game) the player discards down to it before the turn goes on (the
``fellowship`` question asks that first).

Playing a card spends an Event die (or a Character / Army / Muster die for a
card of the matching deck); its text is the players' to carry out.

Pure Python: no pygame.
"""
from __future__ import annotations

from typing import Any

from tabletop.core.commands import Command
from tabletop.core.i18n import _, ngettext
from tabletop.core.model import Card
import tabletop.games.wotr.commands as C
from tabletop.games.wotr.ctx import Ctx, Handler
from tabletop.games.wotr.dice import spend
from tabletop.games.wotr.setup import deck_zone, discard_zone, hand_zone
from tabletop.games.wotr.vocab import CARD_DRAWN, CARD_PLAYED, VOCAB, fire
import tabletop.games.wotr.state as S

DECK_NAMES = ("character", "strategy")


def decks_left(c: Ctx, seat: int) -> list[str]:
    """The decks of a seat's side that still hold a card."""
    side = S.seat_side(c.st, seat)
    return [d for d in DECK_NAMES if c.st.zones[deck_zone(side, d)].cards]


def draw_card(c: Ctx, seat: int, side: str, deck: str) -> int:
    """Draw the top card of a deck into a seat's hand (0 if the deck is empty)."""
    pile = c.st.zones[deck_zone(side, deck)].cards
    if not pile:
        return 0
    cid = pile[-1]
    c.tx.move(cid, hand_zone(seat))
    c.tx.set(cid, "face_up", True)
    c.tx.set(cid, "owner", seat)
    fire(c, CARD_DRAWN, seat=seat, deck=deck, card=cid)
    return 1


def turn_draws(c: Ctx) -> str:
    """Phase 1's cards: drawn at once, or each player's choice asked in turn."""
    st = c.st
    if len(st.seats) == 2 or st.round == 1:
        n = 0
        for seat in range(len(st.seats)):
            side = S.seat_side(st, seat)
            for deck in DECK_NAMES:
                n += draw_card(c, seat, side, deck)
        return ngettext("{n} event card drawn", "{n} event cards drawn", n).format(n=n)
    c.put(("draws",), list(range(len(st.seats))))
    c.push({"op": "draws"})
    return _("each player now draws a card from an event deck of their choice")


@VOCAB.op("draws", doc="Each player still to draw in phase 1 chooses a deck, in seat order.")
def _draws(c: Ctx, ins: dict[str, Any]) -> None:
    ins.pop("answer", None)
    draws = list(c.get("draws", default=[]) or [])
    while draws and not decks_left(c, draws[0]):
        c.say(_("{seat} has no event card left to draw").format(seat=c.seat_name(draws[0])))
        draws.pop(0)
    c.put(("draws",), draws or None)
    if draws:
        c.ask(ins, draws[0], _("Draw an event card"), decks_left(c, draws[0]))


def over_limit(c: Ctx) -> int | None:
    """The first seat holding more cards than the hand limit (None: nobody)."""
    limit = S.hand_limit(c.st)
    for seat in range(len(c.st.seats)):
        if len(c.st.zones[hand_zone(seat)].cards) > limit:
            return seat
    return None


def draw_event(c: Ctx, cmd: C.DrawEvent) -> str:
    """Draw from one of the side's event decks: phase 1's draw, or with an Event die."""
    c.need_seat(cmd.seat)
    side = S.seat_side(c.st, cmd.seat)
    c.must(cmd.deck in DECK_NAMES, _("Unknown deck {d}.").format(d=cmd.deck))
    c.must(c.st.zones[deck_zone(side, cmd.deck)].cards, _("That event deck is empty."))
    draws = list(c.get("draws", default=[]) or [])
    if cmd.seat in draws:
        draws.remove(cmd.seat)
        c.put(("draws",), draws or None)
    else:
        spend(c, side, event_die(c, side), "event")
    draw_card(c, cmd.seat, side, cmd.deck)
    word = _("a Character event card") if cmd.deck == "character" else _(
        "a Strategy event card")
    return _("{seat} drew {card}").format(seat=c.seat_name(cmd.seat), card=word)


def event_die(c: Ctx, side: str) -> int:
    """The first unused die allowing an event (-1 outside the action phase)."""
    if c.get("phase") != "actions":
        return -1
    for i in S.unused(c.st, side):
        if S.die_ok(c.st, side, i, "event"):
            return i
    return -1


def hand_card(c: Ctx, seat: int, card_id: int) -> Card:
    """A card of a seat's hand (refused when it is not there)."""
    c.need_cards((card_id,))
    card = c.st.cards[card_id]
    c.must(card.zone == hand_zone(seat), _("That card is not in {seat}'s hand.").format(
        seat=c.seat_name(seat)))
    return card


def play_event(c: Ctx, cmd: C.PlayEvent) -> str:
    """Play an event card from the hand (to its discard pile)."""
    card = hand_card(c, cmd.seat, cmd.card_id)
    side = S.seat_side(c.st, cmd.seat)
    deck = S.event_deck(card.code)
    if c.strict and cmd.die >= 0:
        dice = c.get("dice", side, default=[])
        face = dice[cmd.die]["face"] if cmd.die < len(dice) else ""
        kind = "character" if deck == "character" and face == "character" else \
            "army" if deck == "strategy" and face in ("army", "army_muster") else \
            "muster" if deck == "strategy" and face == "muster" else "event"
        spend(c, side, cmd.die, kind, "event")
    else:
        spend(c, side, cmd.die, "event")
    c.tx.move(cmd.card_id, discard_zone(side, deck))
    fire(c, CARD_PLAYED, seat=cmd.seat, card=cmd.card_id, deck=deck)
    return _("{seat} played {card}").format(seat=c.seat_name(cmd.seat),
                                           card=c.card_name(cmd.card_id))


def discard_event(c: Ctx, cmd: C.DiscardEvent) -> str:
    """Discard an event card from the hand."""
    card = hand_card(c, cmd.seat, cmd.card_id)
    side = S.seat_side(c.st, cmd.seat)
    c.tx.move(cmd.card_id, discard_zone(side, S.event_deck(card.code)))
    return _("{seat} discarded {card}").format(seat=c.seat_name(cmd.seat),
                                              card=c.card_name(cmd.card_id))


HANDLERS: dict[type[Command], Handler] = {C.DrawEvent: draw_event, C.PlayEvent: play_event, C.DiscardEvent: discard_event}
