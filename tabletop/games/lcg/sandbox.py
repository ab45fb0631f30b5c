"""The card game's free table: the shared sandbox plus the card game's own verbs.

Reveal an encounter card, deal a shadow card, the victory display, threat
dials, mulligans; card names from the core set's data; quest cards turn to
their other side when flipped.
"""
from __future__ import annotations

from tabletop.core import events as E
from tabletop.core.i18n import _, ngettext
from tabletop.core.model import TABLE, TableState
from tabletop.core.ruleset import Refused, handles
from tabletop.core.sandbox import Sandbox
from tabletop.core.tx import Tx
import tabletop.games.lcg.commands as LC
from tabletop.games.lcg.cards import NONNEGATIVE_TOKENS, TOKEN_TYPES, CardDB, core_set
from tabletop.games.lcg.layout import free_spot

THREAT = "threat"


class LcgSandbox(Sandbox):
    """Free play at the card game's table."""

    game = "lcg"
    token_types = TOKEN_TYPES
    nonnegative_tokens = NONNEGATIVE_TOKENS

    def __init__(self, db: CardDB | None = None):
        self.db = db or core_set()

    def card_name(self, state: TableState, card_id: int) -> str:
        """The printed name (a quest card: the name of the side showing)."""
        return card_name(self.db, state, card_id)

    def flip_card(self, st: TableState, tx: Tx, cid: int) -> None:
        """Quest cards turn between side A and B; other cards turn face up or down."""
        card = st.cards[cid]
        cdef = self.db.by_code.get(card.code)
        if cdef is not None and cdef.type == "quest" and card.face_up:
            tx.set(cid, "side", "B" if card.side == "A" else "A")
        else:
            tx.set(cid, "face_up", not card.face_up)

    @handles(LC.RevealEncounter)
    def _reveal(self, st, cmd: LC.RevealEncounter, tx: Tx, rng) -> str:
        deck = st.zones.get("encounter.deck")
        if deck is None or not deck.cards:
            raise Refused(_("The encounter deck is empty."))
        cid = deck.cards[-1]
        x, y = free_spot(st, "staging")
        tx.set(cid, "x", x)
        tx.set(cid, "y", y)
        tx.move(cid, TABLE, None)
        tx.set(cid, "face_up", cmd.face_up)
        return _("{seat} revealed {card} from the encounter deck").format(
            seat=self.seat_name(st, cmd.seat), card=self.public_name(st, cid))

    def current_stage(self, st: TableState) -> int | None:
        """The quest stage lying on the table (the topmost one), if any."""
        for cid in reversed(st.table.cards):
            cdef = self.db.by_code.get(st.cards[cid].code)
            if cdef is not None and cdef.type == "quest" and st.cards[cid].attached_to is None:
                return cid
        return None

    @handles(LC.AdvanceQuest)
    def _advance(self, st, cmd: LC.AdvanceQuest, tx: Tx, rng) -> str:
        stage = cmd.card_id or self.current_stage(st)
        if stage is None or stage not in st.cards or st.cards[stage].zone != TABLE:
            raise Refused(_("There is no quest stage on the table to advance from."))
        if self.db[st.cards[stage].code].type != "quest":
            raise Refused(_("Only a quest stage advances to the next stage."))
        deck = st.zones.get("quest.deck")
        if deck is None or not deck.cards:
            raise Refused(_("The quest deck is empty: this is the last stage."))
        nxt = deck.cards[-1]
        old = self.card_name(st, stage)
        x, y = st.cards[stage].x, st.cards[stage].y
        self._send_home(st, tx, stage, lambda c: "quest.discard")
        tx.set(nxt, "x", x)
        tx.set(nxt, "y", y)
        tx.move(nxt, TABLE, None)
        tx.set(nxt, "face_up", True)
        tx.set(nxt, "side", "A")
        return _("{seat} advanced the quest from {old} to {new}").format(
            seat=self.seat_name(st, cmd.seat), old=old, new=self.card_name(st, nxt))

    @handles(LC.DealShadow)
    def _shadow(self, st, cmd: LC.DealShadow, tx: Tx, rng) -> str:
        self._need_cards(st, (cmd.enemy_id,))
        if st.cards[cmd.enemy_id].zone != TABLE:
            raise Refused(_("Shadow cards are dealt to enemies on the table."))
        deck = st.zones.get("encounter.deck")
        if deck is None or not deck.cards:
            raise Refused(_("The encounter deck is empty: no shadow card can be dealt."))
        cid = deck.cards[-1]
        host = st.root(cmd.enemy_id)
        tx.set(cid, "face_up", False)
        tx.move(cid, TABLE, None)
        tx.set(cid, "attached_to", host)
        tx.set(cid, "attach_kind", "shadow")
        table = st.table.cards
        ifrom, ihost = table.index(cid), table.index(host)
        if ifrom > ihost:
            tx.emit(E.move_card(cid, TABLE, ifrom, TABLE, ihost))
        return _("{seat} dealt a shadow card to {enemy}").format(
            seat=self.seat_name(st, cmd.seat), enemy=self.public_name(st, host))

    @handles(LC.ToVictory)
    def _victory(self, st, cmd: LC.ToVictory, tx: Tx, rng) -> str:
        self._need_cards(st, cmd.card_ids)
        for cid in cmd.card_ids:
            for child in st.attachments(cid):
                self._send_home(st, tx, child, st.discard_zone_for)
            self._send_home(st, tx, cid, lambda _c: "victory")
        return _("{seat} added {cards} to the victory display").format(
            seat=self.seat_name(st, cmd.seat), cards=self.names(st, cmd.card_ids, public=False))

    @handles(LC.Threat)
    def _threat(self, st, cmd: LC.Threat, tx: Tx, rng) -> str:
        targets = range(len(st.seats)) if cmd.target == -1 else [cmd.target]
        for t in targets:
            self._need_seat(st, t)
        for t in targets:
            old = st.counter(t, THREAT)
            new = max(0, old + cmd.delta)
            if new != old:
                tx.counter(t, THREAT, new)
        who = _("everyone") if cmd.target == -1 else self.seat_name(st, cmd.target)
        if cmd.target == -1:
            return _("Threat {delta:+d} for everyone").format(delta=cmd.delta)
        return _("{who}'s threat is now {value}").format(who=who, value=st.counter(cmd.target, THREAT))

    @handles(LC.SetThreat)
    def _set_threat(self, st, cmd: LC.SetThreat, tx: Tx, rng) -> str:
        self._need_seat(st, cmd.target)
        old = st.counter(cmd.target, THREAT)
        new = max(0, int(cmd.value))
        if new != old:
            tx.counter(cmd.target, THREAT, new)
        return _("{who}'s threat is now {value}").format(
            who=self.seat_name(st, cmd.target), value=new)

    @handles(LC.Mulligan)
    def _mulligan(self, st, cmd: LC.Mulligan, tx: Tx, rng) -> str:
        self._need_seat(st, cmd.target)
        hand = st.zones[st.seat_zone(cmd.target, "hand")]
        deck_id = st.seat_zone(cmd.target, "deck")
        n = len(hand.cards)
        if n == 0:
            raise Refused(_("{seat} has no cards in hand to mulligan.").format(
                seat=self.seat_name(st, cmd.target)))
        for cid in list(hand.cards):
            tx.move(cid, deck_id, None)
            tx.set(cid, "face_up", False)
        order = list(st.zones[deck_id].cards)
        rng.shuffle(order)
        tx.reorder(deck_id, order)
        for _i in range(n):
            cid = st.zones[deck_id].cards[-1]
            tx.move(cid, hand.id, None)
            tx.set(cid, "face_up", True)
        return ngettext("{seat} took a mulligan and drew {n} new card",
                        "{seat} took a mulligan and drew {n} new cards", n).format(
            seat=self.seat_name(st, cmd.target), n=n)

    @handles(LC.DiscardRandom)
    def _discard_random(self, st, cmd: LC.DiscardRandom, tx: Tx, rng) -> str:
        self._need_seat(st, cmd.target)
        hand = st.zones[st.seat_zone(cmd.target, "hand")]
        if not hand.cards:
            raise Refused(_("{seat} has no cards in hand.").format(seat=self.seat_name(st, cmd.target)))
        cid = rng.choice(hand.cards)
        self._send_home(st, tx, cid, st.discard_zone_for)
        return _("{seat} discarded {card} at random from their hand").format(
            seat=self.seat_name(st, cmd.target), card=self.card_name(st, cid))


def card_name(db: CardDB, state: TableState, card_id: int) -> str:
    """A card's printed name (a quest card: the name of the side showing)."""
    card = state.cards[card_id]
    cdef = db.by_code.get(card.code)
    if cdef is None:
        return card.code
    if cdef.type == "quest":
        return (cdef.side_b_name if card.side == "B" else cdef.side_a_name) or cdef.name
    return cdef.name
