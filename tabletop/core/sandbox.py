"""The free table: anything a person could do with real pieces.

``Sandbox`` is the ruleset every game starts from.  It accepts every command
that is physically possible and refuses only the impossible (drawing from an
empty deck, attaching a card to itself), always with a reason a person can
read.  A game's own sandbox (``tabletop.games.lcg.sandbox``) adds the verbs of
that game; a rules engine is a stricter ruleset on the same command path.
"""
from __future__ import annotations

import random
import re
from typing import Any, Callable, Iterable, Sequence

from tabletop.core import commands as C
from tabletop.core import events as E
from tabletop.core.dice import die_name, die_types, face_label, roll
from tabletop.core.i18n import _, ngettext
from tabletop.core.model import CARD_W, TABLE, Region, TableState, Zone
from tabletop.core.ruleset import Refused, Rules, handles
from tabletop.core.tx import Tx
from tabletop.core.view import is_public


# a seat's pile as the table labels it ("Ann's deck"); the words are the layout's msgids
_OWNED_PILE = re.compile(r"^(.+)'s (?:deck|discard|hand)$")


class Sandbox(Rules):
    """Free play: the verbs every game's table shares."""

    name = "sandbox"
    token_types: tuple[str, ...] = ()          # the game's token kinds
    nonnegative_tokens: frozenset[str] = frozenset()

    def seat_name(self, state: TableState, seat: int) -> str:
        """A seat's name ("Seat 3" for a seat that does not exist)."""
        if 0 <= seat < len(state.seats):
            return state.seats[seat].name
        return _("Seat {n}").format(n=seat + 1)

    def card_name(self, state: TableState, card_id: int) -> str:
        """A piece's name (a game's ruleset knows its catalogue; here: its code)."""
        return state.cards[card_id].code

    def public_name(self, state: TableState, card_id: int) -> str:
        """The card's name if everyone can see it, otherwise "a face-down card"."""
        if is_public(state, card_id):
            return self.card_name(state, card_id)
        return _("a face-down card") if state.cards[card_id].zone == TABLE else _("a card")

    def names(self, state: TableState, ids: Iterable[int], public: bool = True) -> str:
        """Cards named for the log (public names unless ``public`` is False), shortened past three."""
        fn = self.public_name if public else self.card_name
        names = [fn(state, i) for i in ids]
        if len(names) > 3:
            return _("{first} and {n} more").format(first=", ".join(names[:2]), n=len(names) - 2)
        return ", ".join(names)

    def _need_cards(self, state: TableState, ids: Sequence[int]) -> None:
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
    def zone_words(zone: Zone) -> str:
        """"the encounter deck", "Ann's discard": a pile named inside a sentence."""
        if zone.owner is None:
            return _("the {pile}").format(pile=_(zone.label).lower())
        m = _OWNED_PILE.match(zone.label or "")
        if m:                      # "Ann's deck": the table's English label, translated
            return _(m.group(0).replace(m.group(1), "{name}", 1)).format(name=m.group(1))
        return zone.label

    def region_words(self, st: TableState, region: Region) -> str:
        """A mat named inside a sentence: "the staging area", "Ann's play area"."""
        if region.owner is None:
            return _("the {area}").format(area=_(region.label).lower())
        name = self.seat_name(st, region.owner)
        if region.id.endswith(".engaged"):
            return _("{name}'s engagement area").format(name=name)
        return _("{name}'s play area").format(name=name)

    @staticmethod
    def region_at(state: TableState, x: float, y: float) -> Region | None:
        """The mat under a point of the table, or None."""
        for r in state.regions:
            if r.x <= x <= r.x + r.w and r.y <= y <= r.y + r.h:
                return r
        return None

    @handles(C.MoveCards)
    def _move(self, st: TableState, cmd: C.MoveCards, tx: Tx, rng: random.Random) -> str:
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

    @handles(C.Nudge)
    def _nudge(self, st: TableState, cmd: C.Nudge, tx: Tx, rng: random.Random) -> str:
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

    @handles(C.Attach)
    def _attach(self, st: TableState, cmd: C.Attach, tx: Tx, rng: random.Random) -> str:
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
            if cmd.kind == "attachment":
                # taken out of a pile (a search) onto a card: played face up, as at a table
                tx.set(cmd.card_id, "face_up", True)
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

    def _chain(self, st: TableState, cid: int) -> set[int]:
        out: set[int] = set()
        cur, host = cid, st.cards[cid].attached_to
        while host is not None and cur not in out:
            out.add(cur)
            cur, host = host, st.cards[host].attached_to
        return out

    @handles(C.Detach)
    def _detach(self, st: TableState, cmd: C.Detach, tx: Tx, rng: random.Random) -> str:
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

    @handles(C.Exhaust)
    def _exhaust(self, st: TableState, cmd: C.Exhaust, tx: Tx, rng: random.Random) -> str:
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

    @handles(C.ReadyAll)
    def _ready_all(self, st: TableState, cmd: C.ReadyAll, tx: Tx, rng: random.Random) -> str:
        self._need_seat(st, cmd.target)
        n = 0
        for card in list(st.iter_table()):
            if card.owner == cmd.target and card.exhausted:
                tx.set(card.id, "exhausted", False)
                n += 1
        return ngettext("{seat} readied {n} card", "{seat} readied {n} cards", n).format(
            seat=self.seat_name(st, cmd.target), n=n)

    @handles(C.Flip)
    def _flip(self, st: TableState, cmd: C.Flip, tx: Tx, rng: random.Random) -> str:
        self._need_cards(st, cmd.card_ids)
        before = self.names(st, cmd.card_ids)
        for cid in cmd.card_ids:
            self.flip_card(st, tx, cid)
        after = self.names(st, cmd.card_ids)
        return _("{seat} flipped {cards}").format(seat=self.seat_name(st, cmd.seat),
                                                 cards=after if "card" not in after else before)

    def flip_card(self, st: TableState, tx: Tx, cid: int) -> None:
        """Turn one card over (a game may turn some cards to their other side instead)."""
        tx.set(cid, "face_up", not st.cards[cid].face_up)

    @handles(C.Tokens)
    def _tokens(self, st: TableState, cmd: C.Tokens, tx: Tx, rng: random.Random) -> str:
        self._need_cards(st, (cmd.card_id,))
        if cmd.token not in self.token_types:
            raise Refused(_("Unknown token {token!r}.").format(token=cmd.token))
        old = st.cards[cmd.card_id].tokens.get(cmd.token, 0)
        new = old + cmd.delta
        if cmd.token in self.nonnegative_tokens:
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

    @handles(C.Draw)
    def _draw(self, st: TableState, cmd: C.Draw, tx: Tx, rng: random.Random) -> str:
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

    @handles(C.Shuffle)
    def _shuffle(self, st: TableState, cmd: C.Shuffle, tx: Tx, rng: random.Random) -> str:
        self._need_zone(st, cmd.zone)
        zone = st.zones[cmd.zone]
        if zone.kind == TABLE:
            raise Refused(_("The table itself cannot be shuffled."))
        order = list(zone.cards)
        rng.shuffle(order)
        tx.reorder(cmd.zone, order)
        return _("{seat} shuffled {zone}").format(seat=self.seat_name(st, cmd.seat),
                                                  zone=self.zone_words(zone))

    def _send_home(self, st: TableState, tx: Tx, cid: int, zone_for: Callable[[int], str]) -> None:
        """Move a card and everything attached to it to piles picked by ``zone_for``."""
        for child in st.attachments(cid):
            self._send_home(st, tx, child, zone_for)
        zone = zone_for(cid)
        tx.move(cid, zone, None)
        tx.set(cid, "exhausted", False)
        tx.set(cid, "face_up", st.zones[zone].face_up)
        for tok in sorted(st.cards[cid].tokens):   # an order that undo cannot change
            tx.token(cid, tok, 0)

    @handles(C.Discard)
    def _discard(self, st: TableState, cmd: C.Discard, tx: Tx, rng: random.Random) -> str:
        self._need_cards(st, cmd.card_ids)
        names = self.names(st, cmd.card_ids, public=False)
        for cid in cmd.card_ids:
            if st.cards[cid].zone == st.discard_zone_for(cid):
                continue
            self._send_home(st, tx, cid, st.discard_zone_for)
        return _("{seat} discarded {cards}").format(seat=self.seat_name(st, cmd.seat), cards=names)

    @handles(C.ToDeck)
    def _to_deck(self, st: TableState, cmd: C.ToDeck, tx: Tx, rng: random.Random) -> str:
        self._need_cards(st, cmd.card_ids)
        before = self.names(st, cmd.card_ids)
        for cid in cmd.card_ids:
            zone = st.deck_zone_for(cid)
            for child in st.attachments(cid):
                self._send_home(st, tx, child, st.discard_zone_for)
            tx.move(cid, zone, 0 if cmd.bottom else None)
            tx.set(cid, "exhausted", False)
            tx.set(cid, "face_up", st.zones[zone].face_up or st.zones[zone].kind == "quest")
            for tok in sorted(st.cards[cid].tokens):
                tx.token(cid, tok, 0)
        where = _("the bottom") if cmd.bottom else _("the top")
        return _("{seat} put {cards} on {where} of its deck").format(
            seat=self.seat_name(st, cmd.seat), cards=before, where=where)

    @handles(C.ShuffleInto)
    def _shuffle_into(self, st: TableState, cmd: C.ShuffleInto, tx: Tx, rng: random.Random) -> str:
        self._need_cards(st, cmd.card_ids)
        before = self.names(st, cmd.card_ids)
        decks = []
        for cid in cmd.card_ids:
            zone = st.deck_zone_for(cid)
            self._send_home(st, tx, cid, lambda _c: zone)     # used at once, in this turn of the loop
            if zone not in decks:
                decks.append(zone)
        for zone in decks:
            order = list(st.zones[zone].cards)
            rng.shuffle(order)
            tx.reorder(zone, order)
        return _("{seat} shuffled {cards} into its deck").format(
            seat=self.seat_name(st, cmd.seat), cards=before)

    @handles(C.FirstPlayer)
    def _first_player(self, st: TableState, cmd: C.FirstPlayer, tx: Tx, rng: random.Random) -> str:
        self._need_seat(st, cmd.target)
        tx.emit(E.set_global("first_player", st.first_player, cmd.target))
        return _("{who} is now the first player").format(who=self.seat_name(st, cmd.target))

    @handles(C.Round)
    def _round(self, st: TableState, cmd: C.Round, tx: Tx, rng: random.Random) -> str:
        new = max(1, st.round + cmd.delta)
        if new == st.round:
            raise Refused(_("The round counter cannot go below 1."))
        tx.emit(E.set_global("round", st.round, new))
        return _("Round {n} begins").format(n=new)

    @handles(C.MoveZone)
    def _move_zone(self, st: TableState, cmd: C.MoveZone, tx: Tx, rng: random.Random) -> str:
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

    def _need_dice(self, st: TableState, ids: Sequence[int]) -> None:
        if not ids:
            raise Refused(_("No die was chosen."))
        for did in ids:
            if did not in st.dice:
                raise Refused(_("There is no die #{id} on the table.").format(id=did))

    @handles(C.AddDie)
    def _add_die(self, st: TableState, cmd: C.AddDie, tx: Tx, rng: random.Random) -> str:
        if cmd.kind not in die_types():
            raise Refused(_("Unknown kind of die {kind!r}.").format(kind=cmd.kind))
        did = st.next_id
        tx.emit(E.add_die([did, cmd.kind, 0, float(cmd.x), float(cmd.y), 0.0]))
        return _("{seat} took a {die}").format(seat=self.seat_name(st, cmd.seat), die=die_name(cmd.kind))

    @handles(C.RollDice)
    def _roll(self, st: TableState, cmd: C.RollDice, tx: Tx, rng: random.Random) -> str:
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
    def _set_die(tx: Tx, did: int, fld: str, value: Any) -> None:
        old = getattr(tx.state.dice[did], fld)
        if old != value:
            tx.emit(E.set_die(did, fld, old, value))

    @handles(C.MoveDice)
    def _move_dice(self, st: TableState, cmd: C.MoveDice, tx: Tx, rng: random.Random) -> str:
        self._need_dice(st, cmd.die_ids)
        for did in cmd.die_ids:
            d = st.dice[did]
            self._set_die(tx, did, "x", d.x + cmd.dx)
            self._set_die(tx, did, "y", d.y + cmd.dy)
        return ngettext("{seat} moved a die", "{seat} moved {n} dice", len(cmd.die_ids)).format(
            seat=self.seat_name(st, cmd.seat), n=len(cmd.die_ids))

    @handles(C.RemoveDice)
    def _remove_dice(self, st: TableState, cmd: C.RemoveDice, tx: Tx, rng: random.Random) -> str:
        self._need_dice(st, cmd.die_ids)
        for did in cmd.die_ids:
            d = st.dice[did]
            tx.emit(E.remove_die([d.id, d.kind, d.face, d.x, d.y, d.angle]))
        return ngettext("{seat} put a die back in the tray", "{seat} put {n} dice back in the tray",
                        len(cmd.die_ids)).format(seat=self.seat_name(st, cmd.seat), n=len(cmd.die_ids))
