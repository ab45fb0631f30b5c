"""Rulesets: they check commands and turn them into events.

``SandboxRules`` allows everything that is physically possible at a real
table and refuses only the impossible (drawing from an empty deck, attaching
a card to itself), always with a reason a person can read.  A game's rules
engine is a stricter ruleset on the same path.
"""
from __future__ import annotations

import random
from typing import Callable

from tabletop.core import commands as C
from tabletop.core import events as E
from tabletop.games.lcg.cards import CardDB, core_set
from tabletop.core.i18n import _, ngettext
from tabletop.core.model import CARD_H, CARD_W, NONNEGATIVE_TOKENS, TABLE, TOKEN_TYPES, TableState


class Refused(Exception):
    """A command that cannot be carried out; the message says why."""


class Tx:
    """Applies events to the state as a command executes, and records them."""

    def __init__(self, state: TableState):
        self.state = state
        self.events: list[E.Event] = []

    def emit(self, ev: E.Event) -> None:
        E.apply(self.state, ev)
        self.events.append(ev)

    def set(self, card_id: int, fld: str, value) -> None:
        old = getattr(self.state.cards[card_id], fld)
        if old != value:
            self.emit(E.set_card(card_id, fld, old, value))

    def token(self, card_id: int, token: str, value: int) -> None:
        old = self.state.cards[card_id].tokens.get(token, 0)
        if old != value:
            self.emit(E.set_token(card_id, token, old, value))

    def move(self, card_id: int, zone: str, index: int | None = None) -> None:
        """Move a card to ``zone`` (top when index is None), leaving attachments behind."""
        st = self.state
        card = st.cards[card_id]
        src = st.zones[card.zone]
        ifrom = src.cards.index(card_id)
        if zone != TABLE:
            for child in st.attachments(card_id):
                self.detach_in_place(child)
            if card.attached_to is not None:
                self.set(card_id, "attached_to", None)
                self.set(card_id, "attach_kind", "")
        dest = st.zones[zone]
        count = len(dest.cards) - (1 if card.zone == zone else 0)
        ito = count if index is None else max(0, min(index, count))
        if card.zone == zone and ifrom == ito:
            return
        self.emit(E.move_card(card_id, card.zone, ifrom, zone, ito))

    def raise_to_top(self, card_id: int) -> None:
        self.move(card_id, TABLE, None)

    def detach_in_place(self, card_id: int) -> None:
        x, y = self.state.position(card_id)
        self.set(card_id, "attached_to", None)
        self.set(card_id, "attach_kind", "")
        self.set(card_id, "x", x)
        self.set(card_id, "y", y)

    def reorder(self, zone: str, new: list[int]) -> None:
        old = list(self.state.zones[zone].cards)
        if old != new:
            self.emit(E.reorder(zone, old, new))


class SandboxRules:
    """Free play: anything a person could do with real cards."""

    name = "sandbox"

    def __init__(self, db: CardDB | None = None):
        self.db = db or core_set()
        self._handlers: dict[type, Callable] = {
            C.MoveCards: self._move, C.Nudge: self._nudge, C.Attach: self._attach,
            C.Detach: self._detach, C.Exhaust: self._exhaust, C.ReadyAll: self._ready_all,
            C.Flip: self._flip, C.Tokens: self._tokens, C.Draw: self._draw,
            C.Shuffle: self._shuffle, C.RevealEncounter: self._reveal,
            C.DealShadow: self._shadow, C.Discard: self._discard,
            C.ToVictory: self._victory, C.ToDeck: self._to_deck,
            C.ShuffleInto: self._shuffle_into, C.Threat: self._threat,
            C.SetThreat: self._set_threat, C.FirstPlayer: self._first_player,
            C.Round: self._round, C.MoveZone: self._move_zone, C.Mulligan: self._mulligan,
            C.DiscardRandom: self._discard_random,
            C.AddDie: self._add_die, C.RollDice: self._roll, C.MoveDice: self._move_dice,
            C.RemoveDice: self._remove_dice,
        }

    # ------------------------------------------------------------ entry
    def execute(self, state: TableState, cmd: C.Command, rng: random.Random) -> tuple[list, str]:
        """Carry ``cmd`` out on ``state``; returns (events, log text) or raises Refused.

        On refusal the state is left exactly as it was.
        """
        handler = self._handlers.get(type(cmd))
        if handler is None:
            raise Refused(_("The table does not know how to do that ({name}).").format(name=cmd.name))
        tx = Tx(state)
        try:
            text = handler(state, cmd, tx, rng)
        except Refused:
            for ev in reversed(tx.events):
                E.revert(state, ev)
            raise
        except (TypeError, ValueError, KeyError, IndexError) as exc:
            # a malformed command must never leave the table half-changed
            for ev in reversed(tx.events):
                E.revert(state, ev)
            raise Refused(_("The table could not do that ({why}); nothing was changed.").format(
                why=exc)) from None
        return tx.events, text

    # ---------------------------------------------------------- helpers
    def seat_name(self, state: TableState, seat: int) -> str:
        if 0 <= seat < len(state.seats):
            return state.seats[seat].name
        return _("Seat {n}").format(n=seat + 1)

    def card_name(self, state: TableState, card_id: int) -> str:
        card = state.cards[card_id]
        cdef = self.db.by_code.get(card.code)
        if cdef is None:
            return card.code
        if cdef.type == "quest":
            return (cdef.side_b_name if card.side == "B" else cdef.side_a_name) or cdef.name
        return cdef.name

    def public_name(self, state: TableState, card_id: int) -> str:
        """The card's name if everyone can see it, otherwise "a face-down card"."""
        card = state.cards[card_id]
        zone = state.zones[card.zone]
        visible = card.face_up and (zone.kind == "table" or zone.face_up)
        if visible:
            return self.card_name(state, card_id)
        return _("a face-down card") if zone.kind == "table" else _("a card")

    def names(self, state: TableState, ids, public=True) -> str:
        fn = self.public_name if public else self.card_name
        names = [fn(state, i) for i in ids]
        if len(names) > 3:
            return _("{first} and {n} more").format(first=", ".join(names[:2]), n=len(names) - 2)
        return ", ".join(names)

    def _need_cards(self, state: TableState, ids) -> None:
        if not ids:
            raise Refused(_("No card was chosen."))
        for cid in ids:
            if cid not in state.cards:
                raise Refused(_("There is no card #{id} on the table.").format(id=cid))

    def _need_zone(self, state: TableState, zone: str) -> None:
        if zone not in state.zones:
            raise Refused(_("There is no pile called {zone}.").format(zone=zone))

    def _need_seat(self, state: TableState, seat: int) -> None:
        if not 0 <= seat < len(state.seats):
            raise Refused(_("There is no seat {n}.").format(n=seat + 1))

    @staticmethod
    def zone_words(zone) -> str:
        """"the encounter deck", "Ann's discard": a pile named inside a sentence."""
        if zone.owner is None:
            return _("the {pile}").format(pile=_(zone.label).lower())
        return zone.label

    def region_words(self, st: TableState, region) -> str:
        if region.owner is None:
            return _("the {area}").format(area=_(region.label).lower())
        name = self.seat_name(st, region.owner)
        if region.id.endswith(".engaged"):
            return _("{name}'s engagement area").format(name=name)
        return _("{name}'s play area").format(name=name)

    @staticmethod
    def region_at(state: TableState, x: float, y: float):
        for r in state.regions:
            if r.x <= x <= r.x + r.w and r.y <= y <= r.y + r.h:
                return r
        return None

    def free_spot(self, state: TableState, region_id: str) -> tuple[float, float]:
        """The first empty slot, left to right, in a region (for revealed cards)."""
        region = next((r for r in state.regions if r.id == region_id), None)
        if region is None:
            return (0.0, 0.0)
        step = CARD_W + 12
        y = region.y + region.h - CARD_H / 2 - 4
        taken = [state.position(c) for c in state.table.cards
                 if state.cards[c].attached_to is None]
        x = region.x + step / 2 + 6
        while x < region.x + region.w - CARD_W / 2:
            if all(abs(px - x) > CARD_W * 0.6 or abs(py - y) > CARD_H * 0.6 for px, py in taken):
                return (x, y)
            x += step
        return (region.x + region.w - CARD_W / 2 - 6, y)

    # --------------------------------------------------------- handlers
    def _move(self, st, cmd: C.MoveCards, tx: Tx, rng) -> str:
        self._need_cards(st, cmd.card_ids)
        self._need_zone(st, cmd.zone)
        before = self.names(st, cmd.card_ids)
        src = {st.cards[c].zone for c in cmd.card_ids}
        for i, cid in enumerate(cmd.card_ids):
            if cmd.zone == TABLE:
                if st.cards[cid].attached_to is not None:
                    tx.set(cid, "attached_to", None)
                    tx.set(cid, "attach_kind", "")
                tx.set(cid, "x", float(cmd.x) + i * 18)
                tx.set(cid, "y", float(cmd.y) + i * 18)
                tx.move(cid, TABLE, None)
            else:
                index = None if cmd.index is None else cmd.index + i
                tx.move(cid, cmd.zone, index)
            if cmd.face_up is not None:
                tx.set(cid, "face_up", cmd.face_up)
            elif cmd.zone != TABLE:
                zone = st.zones[cmd.zone]
                if zone.kind in ("deck", "discard", "victory", "quest"):
                    tx.set(cid, "face_up", zone.face_up or zone.kind == "quest")
                elif zone.kind == "hand":
                    tx.set(cid, "face_up", True)
        after = self.names(st, cmd.card_ids)
        shown = after if after != _("a card") else before
        dest = st.zones[cmd.zone]
        if cmd.zone == TABLE:
            region = self.region_at(st, cmd.x, cmd.y)
            if region is not None:
                return _("{seat} put {cards} in {region}").format(
                    seat=self.seat_name(st, cmd.seat), cards=shown,
                    region=self.region_words(st, region))
            if src == {TABLE}:
                return _("{seat} moved {cards}").format(seat=self.seat_name(st, cmd.seat), cards=shown)
            return _("{seat} put {cards} on the table").format(seat=self.seat_name(st, cmd.seat), cards=shown)
        where = self.zone_words(dest)
        if cmd.index == 0:
            return _("{seat} put {cards} at the bottom of {zone}").format(
                seat=self.seat_name(st, cmd.seat), cards=shown, zone=where)
        return _("{seat} put {cards} into {zone}").format(
            seat=self.seat_name(st, cmd.seat), cards=shown, zone=where)

    def _nudge(self, st, cmd: C.Nudge, tx: Tx, rng) -> str:
        self._need_cards(st, cmd.card_ids)
        roots = []
        for cid in cmd.card_ids:
            if st.cards[cid].zone != TABLE:
                raise Refused(_("{card} is not on the table.").format(card=self.public_name(st, cid)))
            root = st.root(cid)
            if root not in roots:
                roots.append(root)
        for cid in roots:
            card = st.cards[cid]
            tx.set(cid, "x", card.x + cmd.dx)
            tx.set(cid, "y", card.y + cmd.dy)
        for cid in sorted(roots, key=st.table.cards.index):
            tx.raise_to_top(cid)
        return _("{seat} moved {cards}").format(seat=self.seat_name(st, cmd.seat),
                                               cards=self.names(st, roots))

    def _attach(self, st, cmd: C.Attach, tx: Tx, rng) -> str:
        self._need_cards(st, (cmd.card_id, cmd.host_id))
        if cmd.card_id == cmd.host_id:
            raise Refused(_("A card cannot be attached to itself."))
        host = st.cards[cmd.host_id]
        if host.zone != TABLE:
            raise Refused(_("{card} is not on the table, so nothing can be attached to it.").format(
                card=self.public_name(st, cmd.host_id)))
        if st.root(cmd.host_id) == cmd.card_id or cmd.card_id in self._chain(st, cmd.host_id):
            raise Refused(_("{card} already carries that card.").format(
                card=self.public_name(st, cmd.card_id)))
        if cmd.kind not in ("attachment", "shadow"):
            raise Refused(_("Unknown kind of attachment {kind!r}.").format(kind=cmd.kind))
        # attach to the root so stacks stay one level deep and readable
        host_id = st.root(cmd.host_id)
        if st.cards[cmd.card_id].zone != TABLE:
            tx.move(cmd.card_id, TABLE, None)
        for child in st.attachments(cmd.card_id):
            tx.set(child, "attached_to", host_id)
        tx.set(cmd.card_id, "attached_to", host_id)
        tx.set(cmd.card_id, "attach_kind", cmd.kind)
        if cmd.kind == "shadow":
            tx.set(cmd.card_id, "exhausted", False)
        # tucked under: drawn before the host
        table = st.table.cards
        ifrom = table.index(cmd.card_id)
        ihost = table.index(host_id)
        if ifrom > ihost:
            tx.emit(E.move_card(cmd.card_id, TABLE, ifrom, TABLE, ihost))
        return _("{seat} attached {card} to {host}").format(
            seat=self.seat_name(st, cmd.seat), card=self.public_name(st, cmd.card_id),
            host=self.public_name(st, host_id))

    def _chain(self, st, cid) -> set[int]:
        out, cur = set(), cid
        while st.cards[cur].attached_to is not None and cur not in out:
            out.add(cur)
            cur = st.cards[cur].attached_to
        return out

    def _detach(self, st, cmd: C.Detach, tx: Tx, rng) -> str:
        self._need_cards(st, cmd.card_ids)
        done = []
        for cid in cmd.card_ids:
            if st.cards[cid].attached_to is None:
                continue
            x, y = st.position(cid)
            tx.set(cid, "attached_to", None)
            tx.set(cid, "attach_kind", "")
            tx.set(cid, "x", x + CARD_W * 0.6)
            tx.set(cid, "y", y)
            tx.raise_to_top(cid)
            done.append(cid)
        if not done:
            raise Refused(_("That card is not attached to anything."))
        return _("{seat} detached {cards}").format(seat=self.seat_name(st, cmd.seat),
                                                   cards=self.names(st, done))

    def _exhaust(self, st, cmd: C.Exhaust, tx: Tx, rng) -> str:
        self._need_cards(st, cmd.card_ids)
        changed = []
        for cid in cmd.card_ids:
            card = st.cards[cid]
            if card.zone != TABLE:
                continue
            value = (not card.exhausted) if cmd.value is None else cmd.value
            if value != card.exhausted:
                tx.set(cid, "exhausted", value)
                changed.append(cid)
        if not changed:
            if all(st.cards[c].zone != TABLE for c in cmd.card_ids):
                raise Refused(_("Only cards on the table can be exhausted or readied."))
            return _("{seat} left {cards} as they were").format(
                seat=self.seat_name(st, cmd.seat), cards=self.names(st, cmd.card_ids))
        verb = _("exhausted") if st.cards[changed[0]].exhausted else _("readied")
        return _("{seat} {verb} {cards}").format(seat=self.seat_name(st, cmd.seat), verb=verb,
                                                 cards=self.names(st, changed))

    def _ready_all(self, st, cmd: C.ReadyAll, tx: Tx, rng) -> str:
        self._need_seat(st, cmd.target)
        n = 0
        for card in list(st.iter_table()):
            if card.owner == cmd.target and card.exhausted:
                tx.set(card.id, "exhausted", False)
                n += 1
        return ngettext("{seat} readied {n} card", "{seat} readied {n} cards", n).format(
            seat=self.seat_name(st, cmd.target), n=n)

    def _flip(self, st, cmd: C.Flip, tx: Tx, rng) -> str:
        self._need_cards(st, cmd.card_ids)
        before = self.names(st, cmd.card_ids)
        for cid in cmd.card_ids:
            card = st.cards[cid]
            cdef = self.db.by_code.get(card.code)
            if cdef is not None and cdef.type == "quest" and card.face_up:
                tx.set(cid, "side", "B" if card.side == "A" else "A")
            else:
                tx.set(cid, "face_up", not card.face_up)
        after = self.names(st, cmd.card_ids)
        return _("{seat} flipped {cards}").format(seat=self.seat_name(st, cmd.seat),
                                                 cards=after if "card" not in after else before)

    def _tokens(self, st, cmd: C.Tokens, tx: Tx, rng) -> str:
        self._need_cards(st, (cmd.card_id,))
        if cmd.token not in TOKEN_TYPES:
            raise Refused(_("Unknown token {token!r}.").format(token=cmd.token))
        old = st.cards[cmd.card_id].tokens.get(cmd.token, 0)
        new = old + cmd.delta
        if cmd.token in NONNEGATIVE_TOKENS:
            new = max(0, new)
        if new == old:
            raise Refused(_("{card} has no {token} token to remove.").format(
                card=self.public_name(st, cmd.card_id), token=_(cmd.token)))
        tx.token(cmd.card_id, cmd.token, new)
        diff = new - old
        if diff > 0:
            return _("{seat} added {n} {token} to {card}").format(
                seat=self.seat_name(st, cmd.seat), n=diff, token=_(cmd.token),
                card=self.public_name(st, cmd.card_id))
        return _("{seat} removed {n} {token} from {card}").format(
            seat=self.seat_name(st, cmd.seat), n=-diff, token=_(cmd.token),
            card=self.public_name(st, cmd.card_id))

    def _draw(self, st, cmd: C.Draw, tx: Tx, rng) -> str:
        self._need_seat(st, cmd.target)
        deck = st.zones[st.seat_zone(cmd.target, "deck")]
        hand = st.seat_zone(cmd.target, "hand")
        if cmd.count < 1:
            raise Refused(_("Draw at least one card."))
        if not deck.cards:
            raise Refused(_("{seat}'s deck is empty: there is nothing to draw.").format(
                seat=self.seat_name(st, cmd.target)))
        n = min(cmd.count, len(deck.cards))
        for _i in range(n):
            cid = deck.cards[-1]
            tx.move(cid, hand, None)
            tx.set(cid, "face_up", True)
        return ngettext("{seat} drew {n} card", "{seat} drew {n} cards", n).format(
            seat=self.seat_name(st, cmd.target), n=n)

    def _shuffle(self, st, cmd: C.Shuffle, tx: Tx, rng) -> str:
        self._need_zone(st, cmd.zone)
        zone = st.zones[cmd.zone]
        if zone.kind == TABLE:
            raise Refused(_("The table itself cannot be shuffled."))
        order = list(zone.cards)
        rng.shuffle(order)
        tx.reorder(cmd.zone, order)
        return _("{seat} shuffled {zone}").format(seat=self.seat_name(st, cmd.seat),
                                                  zone=self.zone_words(zone))

    def _reveal(self, st, cmd: C.RevealEncounter, tx: Tx, rng) -> str:
        deck = st.zones.get("encounter.deck")
        if deck is None or not deck.cards:
            raise Refused(_("The encounter deck is empty."))
        cid = deck.cards[-1]
        x, y = self.free_spot(st, "staging")
        tx.set(cid, "x", x)
        tx.set(cid, "y", y)
        tx.move(cid, TABLE, None)
        tx.set(cid, "face_up", cmd.face_up)
        return _("{seat} revealed {card} from the encounter deck").format(
            seat=self.seat_name(st, cmd.seat), card=self.public_name(st, cid))

    def _shadow(self, st, cmd: C.DealShadow, tx: Tx, rng) -> str:
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

    def _send_home(self, st, tx: Tx, cid: int, zone_for) -> None:
        """Move a card and everything attached to it to piles picked by ``zone_for``."""
        for child in st.attachments(cid):
            self._send_home(st, tx, child, zone_for)
        zone = zone_for(cid)
        tx.move(cid, zone, None)
        tx.set(cid, "exhausted", False)
        tx.set(cid, "face_up", st.zones[zone].face_up)
        for tok in list(st.cards[cid].tokens):
            tx.token(cid, tok, 0)

    def _discard(self, st, cmd: C.Discard, tx: Tx, rng) -> str:
        self._need_cards(st, cmd.card_ids)
        names = self.names(st, cmd.card_ids, public=False)
        for cid in cmd.card_ids:
            if st.cards[cid].zone == st.discard_zone_for(cid):
                continue
            self._send_home(st, tx, cid, st.discard_zone_for)
        return _("{seat} discarded {cards}").format(seat=self.seat_name(st, cmd.seat), cards=names)

    def _victory(self, st, cmd: C.ToVictory, tx: Tx, rng) -> str:
        self._need_cards(st, cmd.card_ids)
        for cid in cmd.card_ids:
            for child in st.attachments(cid):
                self._send_home(st, tx, child, st.discard_zone_for)
            self._send_home(st, tx, cid, lambda _c: "victory")
        return _("{seat} added {cards} to the victory display").format(
            seat=self.seat_name(st, cmd.seat), cards=self.names(st, cmd.card_ids, public=False))

    def _to_deck(self, st, cmd: C.ToDeck, tx: Tx, rng) -> str:
        self._need_cards(st, cmd.card_ids)
        before = self.names(st, cmd.card_ids)
        for cid in cmd.card_ids:
            zone = st.deck_zone_for(cid)
            for child in st.attachments(cid):
                self._send_home(st, tx, child, st.discard_zone_for)
            tx.move(cid, zone, 0 if cmd.bottom else None)
            tx.set(cid, "exhausted", False)
            tx.set(cid, "face_up", st.zones[zone].face_up or st.zones[zone].kind == "quest")
            for tok in list(st.cards[cid].tokens):
                tx.token(cid, tok, 0)
        where = _("the bottom") if cmd.bottom else _("the top")
        return _("{seat} put {cards} on {where} of its deck").format(
            seat=self.seat_name(st, cmd.seat), cards=before, where=where)

    def _shuffle_into(self, st, cmd: C.ShuffleInto, tx: Tx, rng) -> str:
        self._need_cards(st, cmd.card_ids)
        before = self.names(st, cmd.card_ids)
        decks = []
        for cid in cmd.card_ids:
            zone = st.deck_zone_for(cid)
            self._send_home(st, tx, cid, lambda _c, z=zone: z)
            if zone not in decks:
                decks.append(zone)
        for zone in decks:
            order = list(st.zones[zone].cards)
            rng.shuffle(order)
            tx.reorder(zone, order)
        return _("{seat} shuffled {cards} into its deck").format(
            seat=self.seat_name(st, cmd.seat), cards=before)

    def _threat(self, st, cmd: C.Threat, tx: Tx, rng) -> str:
        targets = range(len(st.seats)) if cmd.target == -1 else [cmd.target]
        for t in targets:
            self._need_seat(st, t)
        for t in targets:
            old = st.seats[t].threat
            new = max(0, old + cmd.delta)
            if new != old:
                tx.emit(E.set_seat(t, "threat", old, new))
        who = _("everyone") if cmd.target == -1 else self.seat_name(st, cmd.target)
        if cmd.target == -1:
            return _("Threat {delta:+d} for everyone").format(delta=cmd.delta)
        return _("{who}'s threat is now {value}").format(who=who, value=st.seats[cmd.target].threat)

    def _set_threat(self, st, cmd: C.SetThreat, tx: Tx, rng) -> str:
        self._need_seat(st, cmd.target)
        old = st.seats[cmd.target].threat
        new = max(0, int(cmd.value))
        if new != old:
            tx.emit(E.set_seat(cmd.target, "threat", old, new))
        return _("{who}'s threat is now {value}").format(
            who=self.seat_name(st, cmd.target), value=new)

    def _first_player(self, st, cmd: C.FirstPlayer, tx: Tx, rng) -> str:
        self._need_seat(st, cmd.target)
        tx.emit(E.set_global("first_player", st.first_player, cmd.target))
        return _("{who} is now the first player").format(who=self.seat_name(st, cmd.target))

    def _round(self, st, cmd: C.Round, tx: Tx, rng) -> str:
        new = max(1, st.round + cmd.delta)
        if new == st.round:
            raise Refused(_("The round counter cannot go below 1."))
        tx.emit(E.set_global("round", st.round, new))
        return _("Round {n} begins").format(n=new)

    def _move_zone(self, st, cmd: C.MoveZone, tx: Tx, rng) -> str:
        self._need_zone(st, cmd.zone)
        zone = st.zones[cmd.zone]
        if zone.kind in ("table", "hand"):
            raise Refused(_("{zone} cannot be moved.").format(zone=zone.label or zone.id))
        for fld, value in (("x", float(cmd.x)), ("y", float(cmd.y))):
            old = getattr(zone, fld)
            if old != value:
                tx.emit(E.set_zone(cmd.zone, fld, old, value))
        return _("{seat} moved {zone}").format(seat=self.seat_name(st, cmd.seat),
                                               zone=self.zone_words(zone))

    def _mulligan(self, st, cmd: C.Mulligan, tx: Tx, rng) -> str:
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

    def _discard_random(self, st, cmd: C.DiscardRandom, tx: Tx, rng) -> str:
        self._need_seat(st, cmd.target)
        hand = st.zones[st.seat_zone(cmd.target, "hand")]
        if not hand.cards:
            raise Refused(_("{seat} has no cards in hand.").format(seat=self.seat_name(st, cmd.target)))
        cid = rng.choice(hand.cards)
        self._send_home(st, tx, cid, st.discard_zone_for)
        return _("{seat} discarded {card} at random from their hand").format(
            seat=self.seat_name(st, cmd.target), card=self.card_name(st, cid))

    # ------------------------------------------------------------- dice
    def _need_dice(self, st, ids) -> None:
        if not ids:
            raise Refused(_("No die was chosen."))
        for did in ids:
            if did not in st.dice:
                raise Refused(_("There is no die #{id} on the table.").format(id=did))

    def _add_die(self, st, cmd: C.AddDie, tx: Tx, rng) -> str:
        from tabletop.core.dice import die_name, die_types
        if cmd.kind not in die_types():
            raise Refused(_("Unknown kind of die {kind!r}.").format(kind=cmd.kind))
        did = st.next_id
        tx.emit(E.add_die([did, cmd.kind, 0, float(cmd.x), float(cmd.y), 0.0]))
        return _("{seat} took a {die}").format(seat=self.seat_name(st, cmd.seat), die=die_name(cmd.kind))

    def _roll(self, st, cmd: C.RollDice, tx: Tx, rng) -> str:
        from tabletop.core.dice import die_name, face_label, roll
        self._need_dice(st, cmd.die_ids)
        n = len(cmd.die_ids)
        for seq in (cmd.xs, cmd.ys, cmd.angles):
            if seq and len(seq) != n:
                raise Refused(_("Each rolled die needs one resting place."))
        results = []
        for i, did in enumerate(cmd.die_ids):
            die = st.dice[did]
            face = roll(die.kind, rng)
            self._set_die(tx, did, "face", face)
            if cmd.xs:
                self._set_die(tx, did, "x", float(cmd.xs[i]))
                self._set_die(tx, did, "y", float(cmd.ys[i]))
            if cmd.angles:
                self._set_die(tx, did, "angle", float(cmd.angles[i]) % 360.0)
            results.append(f"{die_name(die.kind)}: {face_label(die.kind, face)}")
        return _("{seat} rolled {results}").format(seat=self.seat_name(st, cmd.seat),
                                                  results=", ".join(results))

    @staticmethod
    def _set_die(tx: Tx, did: int, fld: str, value) -> None:
        old = getattr(tx.state.dice[did], fld)
        if old != value:
            tx.emit(E.set_die(did, fld, old, value))

    def _move_dice(self, st, cmd: C.MoveDice, tx: Tx, rng) -> str:
        self._need_dice(st, cmd.die_ids)
        for did in cmd.die_ids:
            d = st.dice[did]
            self._set_die(tx, did, "x", d.x + cmd.dx)
            self._set_die(tx, did, "y", d.y + cmd.dy)
        return ngettext("{seat} moved a die", "{seat} moved {n} dice", len(cmd.die_ids)).format(
            seat=self.seat_name(st, cmd.seat), n=len(cmd.die_ids))

    def _remove_dice(self, st, cmd: C.RemoveDice, tx: Tx, rng) -> str:
        self._need_dice(st, cmd.die_ids)
        for did in cmd.die_ids:
            d = st.dice[did]
            tx.emit(E.remove_die([d.id, d.kind, d.face, d.x, d.y, d.angle]))
        return ngettext("{seat} put a die back in the tray", "{seat} put {n} dice back in the tray",
                        len(cmd.die_ids)).format(seat=self.seat_name(st, cmd.seat), n=len(cmd.die_ids))
