"""Event cards: drawing, playing, discarding, the hand limit.

In phase 1 every player draws: in a 2-player game (and on turn 1) one card
of each of the side's decks, done at once; from turn 2 of a 3-4 player game
each player chooses a deck, which the ``draws`` operation asks in seat order.
A deck that is empty is not offered, and a player with both decks empty
draws nothing (the turn goes on).  Over the hand limit (six cards, four in a
4-player game) the player discards down to it before the turn goes on (the
``fellowship`` question asks that first).

Playing a card spends an Event die (or a Character die for a Character card,
an Army or Muster die for a Strategy card showing that icon), checks what the
card needs (its declaration in ``events``) and pushes what it does; a card
"played on the table" lies on the shared table zone until it is discarded.

Pure Python: no pygame.
"""
from __future__ import annotations

from typing import Any

from tabletop.core.commands import Command
from tabletop.core.i18n import _, ngettext
from tabletop.core.model import TABLE, Card, TableState
import tabletop.games.wotr.commands as C
from tabletop.games.wotr.base import base
from tabletop.games.wotr.conds import holds
from tabletop.games.wotr.ctx import Ctx, Handler
from tabletop.games.wotr.data import SHADOW
from tabletop.games.wotr.events import fill, spec
from tabletop.games.wotr.dice import spend
from tabletop.games.wotr.effects import draw_card, set_turn_flag, table_card, turn_flag
from tabletop.games.wotr.setup import deck_zone, discard_zone, hand_zone
from tabletop.games.wotr.vocab import VOCAB
import tabletop.games.wotr.state as S

DECK_NAMES = ("character", "strategy")


def decks_left(c: Ctx, seat: int) -> list[str]:
    """The decks of a seat's side that still hold a card."""
    side = S.seat_side(c.st, seat)
    return [d for d in DECK_NAMES if c.st.zones[deck_zone(side, d)].cards]


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


def die_kind(st: TableState, side: str, deck: str, icon: str, face: str) -> str:
    """The kind of action a die's result plays a card as ("" when it cannot): an Event
    die (or Will of the West) plays any card, a Character die a Character card, an Army
    or Muster die a Strategy card showing that icon; with The Palantir of Barad-dur on
    the table, once a turn, a Shadow Muster die plays any card."""
    if face in ("event", "will_of_the_west"):
        return "event"
    if deck == "character" and face == "character":
        return "character"
    if deck == "strategy" and face in ("army", "army_muster") and icon == "army":
        return "army"
    if deck == "strategy" and face in ("muster", "army_muster") and icon == "muster":
        return "muster"
    if side == SHADOW and face in ("muster", "army_muster") and barad_dur(st):
        return "muster"
    return ""


def barad_dur(st: TableState) -> bool:
    """Does The Palantir of Barad-dur let a Muster die play an event now?"""
    return table_card(st, "ev.shadow.strat.25") is not None and not turn_flag(st, "barad-dur")


def can_play(st: TableState, seat: int, cid: int, die: int, free: bool = False) -> str:
    """Why a card of a seat's hand cannot be played now with die ``die`` ("" if it can)."""
    card = st.cards[cid]
    sp = spec(card.code)
    if sp is None:
        return _("That card has no effect to play.")
    side = S.seat_side(st, seat)
    if not free:
        dice = S.get(st, "dice", side, default=[])
        if not 0 <= die < len(dice) or dice[die].get("used"):
            return _("That card is played with an unused action die.")
        if not die_kind(st, side, sp.deck, sp.icon, dice[die].get("face", "")):
            return _("That die's result does not play this card.")
    if not holds(st, sp.when, {"side": side, "seat": seat}):
        return _("{card}: what it needs is not so now").format(card=_(sp.name))
    if sp.table and table_card(st, sp.code.rstrip("k")) is not None:
        return _("{card} already lies on the table").format(card=_(sp.name))
    return ""


def play_event(c: Ctx, cmd: C.PlayEvent) -> str:
    """Play an event card from the hand: check what it needs, spend the die, carry it out."""
    card = hand_card(c, cmd.seat, cmd.card_id)
    side = S.seat_side(c.st, cmd.seat)
    deck = S.event_deck(card.code)
    sp = spec(card.code)
    face = ""
    dice = c.get("dice", side, default=[])
    if 0 <= cmd.die < len(dice):
        face = dice[cmd.die].get("face", "")
    if c.strict:
        why = can_play(c.st, cmd.seat, cmd.card_id, cmd.die) if cmd.die >= 0 else ""
        c.need(not why, why, base("cards"))
        kind = die_kind(c.st, side, deck, sp.icon if sp else "", face) if cmd.die >= 0 else "event"
        if kind == "muster" and sp is not None and sp.icon != "muster" and face != "event":
            set_turn_flag(c, "barad-dur")
        spend(c, side, cmd.die, kind or "event", "event")
    else:
        spend(c, side, cmd.die, "event")
    name = c.card_name(cmd.card_id)
    put_into_play(c, cmd.seat, cmd.card_id, face)
    return _("{seat} played {card}").format(seat=c.seat_name(cmd.seat), card=name)


def put_into_play(c: Ctx, seat: int, cid: int, face: str = "") -> None:
    """A card leaves the hand: to the table or its discard pile; its effect is pushed."""
    code = c.st.cards[cid].code
    side = S.seat_side(c.st, seat)
    deck = S.event_deck(code)
    sp = spec(code)
    if sp is not None and sp.table:
        c.tx.move(cid, TABLE)
        c.tx.set(cid, "face_up", True)
    else:
        c.tx.move(cid, discard_zone(side, deck))
    c.push({"op": "card_done", "card": cid, "seat": seat, "deck": deck, "face": face})
    if sp is not None:
        c.push(*fill(sp.effect, card=cid, seat=seat, side=side))


def discard_event(c: Ctx, cmd: C.DiscardEvent) -> str:
    """Discard an event card from the hand (over the hand limit, or when a card asks)."""
    card = hand_card(c, cmd.seat, cmd.card_id)
    side = S.seat_side(c.st, cmd.seat)
    c.tx.move(cmd.card_id, discard_zone(side, S.event_deck(card.code)))
    if c.asking() == "hand_limit":
        c.answer(cmd.card_id)
    return _("{seat} discarded {card}").format(seat=c.seat_name(cmd.seat),
                                              card=c.card_name(cmd.card_id))


HANDLERS: dict[type[Command], Handler] = {C.DrawEvent: draw_event, C.PlayEvent: play_event, C.DiscardEvent: discard_event}
