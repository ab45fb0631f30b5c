"""The game turn: phases, action dice, Elven rings, event cards, politics.

Phases (``slot["phase"]``): ``start`` (a new game) -> ``fellowship`` (phase 1,
recovering dice and drawing cards, is done when a turn starts) -> ``hunt``
(the Shadow allocates Hunt dice) -> ``roll`` -> ``discard`` (only with a Ruler
die in a pool) -> ``actions`` -> the next turn, or ``over``.

Pure Python: no pygame.
"""
from __future__ import annotations

from tabletop.core.i18n import _, ngettext
from tabletop.core.ruleset import handles
from tabletop.games.wotr.base import base, face_word, kome
from tabletop.games.wotr.data import (DECKS, FP, FP_NATIONS, NATIONS, SHADOW, characters,
                                      dice_counts, tracks)
from tabletop.games.wotr.setup import deck_zone, discard_zone, hand_zone
import tabletop.games.wotr.commands as C
import tabletop.games.wotr.state as S

DIE_KIND = {FP: "wotr_free_peoples", SHADOW: "wotr_shadow"}
RULER_KIND = {FP: "kome_ruler_fp", SHADOW: "kome_ruler_shadow"}
FACES = ("character", "army", "muster", "army_muster", "event", "will_of_the_west", "eye")


def hand_limit(st) -> int:
    """Six cards; four each in a 4-player game."""
    return 4 if len(st.seats) == 4 else 6


class TurnMixin:
    """Handlers for the turn's phases, dice, rings, cards and politics."""

    # ------------------------------------------------------------- phases
    @handles(C.NextPhase)
    def _next_phase(self, st, cmd: C.NextPhase, tx, rng) -> str:
        phase = S.get(st, "phase")
        self.need(phase != "over", _("The game is over"), base("turn"))
        if phase == "start":
            return self.begin_turn(st, tx, first=True)
        if phase == "fellowship":
            if self.strict:
                self._check_hands(st)
            self.put(tx, ("phase",), "hunt")
            return _("Hunt allocation: the Shadow puts dice in the Hunt box")
        if phase == "actions":
            self.need(not self.unused(st, FP) and not self.unused(st, SHADOW),
                      _("Action dice remain to be used"), base("actions"))
            return self._end_turn(st, tx)
        self.need(False, _("This phase ends with its own step ({phase})").format(
            phase=phase), base("turn"))
        return self._skip_phase(st, tx, phase)

    def _skip_phase(self, st, tx, phase: str) -> str:
        nxt = {"hunt": "roll", "roll": "actions", "discard": "actions"}.get(phase, "fellowship")
        self.put(tx, ("phase",), nxt)
        return _("The players moved on to the next phase")

    def _check_hands(self, st) -> None:
        limit = hand_limit(st)
        for seat in range(len(st.seats)):
            self.need(len(st.zones[hand_zone(seat)].cards) <= limit,
                      _("{seat} holds more than {n} cards: discard first").format(
                          seat=self.seat_name(st, seat), n=limit), base("cards"))
        self.need(not S.get(st, "draws"), _("Every player draws before the turn goes on"),
                  base("cards"))

    def begin_turn(self, st, tx, first: bool = False) -> str:
        """Phase 1: recover the action dice and draw event cards."""
        if not first:
            tx.set_global("round", st.round + 1)
            if len(st.seats) > 2:
                for side in (FP, SHADOW):
                    team = S.seats_of(st, side)
                    if len(team) > 1:
                        cur = S.lead(st, side)
                        self.put(tx, ("lead", side), team[(team.index(cur) + 1) % len(team)])
        self.kings_new_turn(st, tx)
        for side in (FP, SHADOW):
            self.put(tx, ("dice", side), self.fresh_pool(st, side))
        self.put(tx, ("hunt_box",), {"eyes": 0, "fp": 0})
        self.put(tx, ("fellowship", "moves"), 0)
        self.put(tx, ("acting",), FP)
        self.put(tx, ("last",), None)
        drawn = self._turn_draws(st, tx, first)
        self.put(tx, ("phase",), "fellowship")
        return _("Turn {n} begins: action dice recovered; {drawn}").format(n=st.round,
                                                                          drawn=drawn)

    def fresh_pool(self, st, side: str) -> list[dict]:
        """The dice a side rolls this turn."""
        start, top = dice_counts()[side]
        extra = sum(1 for cid, ch in characters().items()
                    if ch.side == side and ch.extra_die and self.in_play(st, f"char.{cid}"))
        pool = [{"kind": DIE_KIND[side], "face": "", "used": False}
                for _i in range(min(top, start + extra))]
        if S.get(st, "kome", "ruler_dice", side) == "pool":
            pool.append({"kind": RULER_KIND[side], "face": "", "used": False})
        return pool

    @staticmethod
    def in_play(st, code: str) -> bool:
        """Is a character on the map or in the Fellowship?"""
        for cid in st.zones["fellowship"].cards:
            if st.cards[cid].code == code:
                return True
        return any(c.code == code and c.zone.startswith("r.") for c in st.cards.values())

    def _turn_draws(self, st, tx, first: bool) -> str:
        if len(st.seats) == 2 or first:
            n = 0
            for seat in range(len(st.seats)):
                side = S.seat_side(st, seat)
                for deck in ("character", "strategy"):
                    n += self.draw_card(st, tx, seat, side, deck)
            return ngettext("{n} event card drawn", "{n} event cards drawn", n).format(n=n)
        self.put(tx, ("draws",), list(range(len(st.seats))))
        return _("each player now draws a card from an event deck of their choice")

    def draw_card(self, st, tx, seat: int, side: str, deck: str) -> int:
        """Draw the top card of a deck into a seat's hand (0 if the deck is empty)."""
        pile = st.zones[deck_zone(side, deck)].cards
        if not pile:
            return 0
        cid = pile[-1]
        tx.move(cid, hand_zone(seat))
        tx.set(cid, "face_up", True)
        tx.set(cid, "owner", seat)
        return 1

    def _end_turn(self, st, tx) -> str:
        outcome = self.victory(st)
        if outcome:
            self.put(tx, ("phase",), "over")
            self.put(tx, ("outcome",), outcome)
            return _("The game is over: the {side} win").format(side=S.side_name(outcome))
        return self.begin_turn(st, tx)

    def victory(self, st) -> str:
        """Who has won, if anyone: military victory points, the Ring."""
        t = tracks()
        fel = S.get(st, "fellowship", default={})
        if fel.get("corruption", 0) >= t["corruption_max"]:
            return SHADOW
        if fel.get("mordor", -1) >= t["mordor_track_steps"]:
            return FP
        vp = S.victory_points(st)
        if vp[SHADOW] >= t["shadow_military_vp_to_win"]:
            return SHADOW
        if vp[FP] >= t["fp_military_vp_to_win"]:
            return FP
        return ""

    # ---------------------------------------------------------- the Hunt box
    def max_hunt_dice(self, st) -> int:
        """The Shadow may allocate up to one die per Companion in the Fellowship (at least 1)."""
        return max(1, len(st.zones["fellowship"].cards))

    @handles(C.AllocateHunt)
    def _allocate(self, st, cmd: C.AllocateHunt, tx, rng) -> str:
        self.need(S.get(st, "phase") == "hunt", _("Hunt dice are allocated before the roll"),
                  base("hunt"))
        self.need_side(st, cmd.seat, SHADOW, base("hunt"))
        plain = [i for i, d in enumerate(S.get(st, "dice", SHADOW, default=[]))
                 if d["kind"] == DIE_KIND[SHADOW]]
        self.must(0 <= cmd.count <= len(plain), _("The Shadow has not that many dice."))
        self.need(cmd.count <= self.max_hunt_dice(st),
                  _("At most {n} dice may go to the Hunt box").format(n=self.max_hunt_dice(st)),
                  base("hunt"))
        pool = self.pool(st, SHADOW)
        for i in reversed(plain[len(plain) - cmd.count:]):
            del pool[i]
        self.put(tx, ("dice", SHADOW), pool)
        self.put(tx, ("hunt_box", "eyes"), cmd.count)
        self.put(tx, ("phase",), "roll")
        return ngettext("The Shadow put {n} die in the Hunt box",
                        "The Shadow put {n} dice in the Hunt box", cmd.count).format(n=cmd.count)

    # -------------------------------------------------------------- rolling
    @handles(C.RollActions)
    def _roll_actions(self, st, cmd: C.RollActions, tx, rng) -> str:
        self.need(S.get(st, "phase") == "roll", _("The action dice are rolled once a turn, "
                                                  "after the Hunt allocation"), base("dice"))
        words = []
        for side in (FP, SHADOW):
            pool = self.pool(st, side)
            for d in pool:
                d["face"] = self.roll_die(d["kind"], rng)
                d["used"] = False
            self.put(tx, ("dice", side), pool)
            words.append("{side}: {faces}".format(side=S.side_name(side), faces=", ".join(
                face_word(d["face"]) for d in pool)))
        rulers = [s for s in (SHADOW, FP) if self.has_ruler_die(st, s)]
        if SHADOW not in rulers:
            self._eyes_to_hunt_box(st, tx)
        if rulers:
            self.put(tx, ("phase",), "discard")
            self.put(tx, ("discarding",), rulers[0])
        else:
            self._start_actions(st, tx)
        return _("Action dice rolled. {results}").format(results="; ".join(words))

    @staticmethod
    def has_ruler_die(st, side: str) -> bool:
        """Is a Ruler die among a side's dice this turn?"""
        return any(d["kind"] == RULER_KIND[side] for d in S.get(st, "dice", side, default=[]))

    def _eyes_to_hunt_box(self, st, tx) -> None:
        pool = self.pool(st, SHADOW)
        keep = [d for d in pool if d["face"] != "eye" or d.get("used")]
        eyes = len(pool) - len(keep)
        if eyes:
            self.put(tx, ("dice", SHADOW), keep)
            self.put(tx, ("hunt_box", "eyes"), S.get(st, "hunt_box", "eyes", default=0) + eyes)

    def _start_actions(self, st, tx) -> None:
        self.put(tx, ("phase",), "actions")
        self.put(tx, ("discarding",), None)
        self.put(tx, ("acting",), FP if self.unused(st, FP) else SHADOW)

    @handles(C.DiscardDie)
    def _discard_die(self, st, cmd: C.DiscardDie, tx, rng) -> str:
        side = cmd.side
        self.must(side in (FP, SHADOW), _("Unknown side {s}.").format(s=side))
        pool = self.pool(st, side)
        self.must(0 <= cmd.die < len(pool), _("There is no such action die."))
        self.need(S.get(st, "phase") == "discard" and S.get(st, "discarding") == side,
                  _("Now is not the time for the {side} to set a die aside").format(
                      side=S.side_name(side)), kome("dice"))
        self.need_side(st, cmd.seat, side, kome("dice"))
        die = pool[cmd.die]
        if side == SHADOW:
            self.need(die["kind"] == RULER_KIND[SHADOW] or die["face"] != "eye",
                      _("The Shadow sets aside the Ruler die or a die that shows no Eye"),
                      kome("dice"))
        del pool[cmd.die]
        self.put(tx, ("dice", side), pool)
        if side == SHADOW:
            self._eyes_to_hunt_box(st, tx)
        if side == SHADOW and self.has_ruler_die(st, FP):
            self.put(tx, ("discarding",), FP)
        else:
            self._start_actions(st, tx)
        return _("The {side} set aside a die showing {face}").format(
            side=S.side_name(side), face=face_word(die["face"]))

    # -------------------------------------------------------------- acting
    @handles(C.UseDie)
    def _use_die(self, st, cmd: C.UseDie, tx, rng) -> str:
        self.must(cmd.side in (FP, SHADOW), _("Unknown side {s}.").format(s=cmd.side))
        self.need_side(st, cmd.seat, cmd.side, base("actions"))
        pool = S.get(st, "dice", cmd.side, default=[])
        self.must(0 <= cmd.die < len(pool), _("There is no such action die."))
        face = pool[cmd.die]["face"]
        kind = {"army_muster": "army", "will_of_the_west": "army"}.get(face, face)
        self.spend(st, tx, cmd.side, cmd.die, kind if kind in ("army", "muster", "character",
                                                               "event") else "event",
                   cmd.action or face)
        return _("{seat} used an action die showing {face}: {action}").format(
            seat=self.seat_name(st, cmd.seat), face=face_word(face),
            action=cmd.action or _("an action done by hand"))

    @handles(C.Pass)
    def _pass(self, st, cmd: C.Pass, tx, rng) -> str:
        side = cmd.side or S.seat_side(st, cmd.seat)
        other = SHADOW if side == FP else FP
        self.need(S.get(st, "phase") == "actions" and S.get(st, "acting") == side,
                  _("It is not the {side}' turn to act").format(side=S.side_name(side)),
                  base("actions"))
        self.need(len(self.unused(st, side)) < len(self.unused(st, other)),
                  _("Only the side with fewer unused dice may pass"), base("actions"))
        self.put(tx, ("acting",), other)
        return _("The {side} passed").format(side=S.side_name(side))

    # --------------------------------------------------------------- rings
    @handles(C.ElvenRing)
    def _ring(self, st, cmd: C.ElvenRing, tx, rng) -> str:
        side = cmd.side
        self.must(side in (FP, SHADOW) and cmd.face in FACES, _("Unknown side or result."))
        zone = "rings.fp" if side == FP else "rings.shadow"
        self.must(st.zones[zone].cards, _("The {side} hold no Elven ring.").format(
            side=S.side_name(side)))
        pool = self.pool(st, side)
        self.must(0 <= cmd.die < len(pool) and pool[cmd.die]["face"],
                  _("There is no such rolled die."))
        self.need_side(st, cmd.seat, side, base("rings"))
        self.need(S.get(st, "ring_used", side) != st.round,
                  _("Only one Elven ring a turn"), base("rings"))
        self.need(cmd.face != ("will_of_the_west" if side == FP else "eye")
                  and cmd.face in self._faces_of(pool[cmd.die]["kind"]),
                  _("An Elven ring cannot give that result"), base("rings"))
        if pool[cmd.die]["kind"] == RULER_KIND.get(side) or side == FP:
            self.need(S.get(st, "kome", "token_turn") != st.round,
                      _("A Ruler token and an Elven ring cannot both be used in one turn"),
                      kome("tokens"))
        old = pool[cmd.die]["face"]
        self.set_die(st, tx, side, cmd.die, face=cmd.face)
        self.put(tx, ("ring_used", side), st.round)
        if side == FP and S.kings(st):
            self.put(tx, ("kome", "ring_turn"), st.round)
        tx.move(st.zones[zone].cards[-1], "rings.shadow" if side == FP else "rings.used")
        return _("The {side} used an Elven ring: {old} became {new}").format(
            side=S.side_name(side), old=face_word(old), new=face_word(cmd.face))

    @staticmethod
    def _faces_of(kind: str) -> tuple:
        from tabletop.core.dice import die_type
        return die_type(kind).faces

    # ------------------------------------------------------------- cards
    @handles(C.DrawEvent)
    def _draw_event(self, st, cmd: C.DrawEvent, tx, rng) -> str:
        self._need_seat(st, cmd.seat)
        side = S.seat_side(st, cmd.seat)
        self.must(cmd.deck in ("character", "strategy"), _("Unknown deck {d}.").format(d=cmd.deck))
        self.must(st.zones[deck_zone(side, cmd.deck)].cards, _("That event deck is empty."))
        draws = list(S.get(st, "draws", default=[]) or [])
        if cmd.seat in draws:
            draws.remove(cmd.seat)
            self.put(tx, ("draws",), draws or None)
        else:
            self.spend(st, tx, side, self._event_die(st, side), "event")
        self.draw_card(st, tx, cmd.seat, side, cmd.deck)
        word = _("a Character event card") if cmd.deck == "character" else _(
            "a Strategy event card")
        return _("{seat} drew {card}").format(seat=self.seat_name(st, cmd.seat), card=word)

    def _event_die(self, st, side: str) -> int:
        if S.get(st, "phase") != "actions":
            return -1
        for i in self.unused(st, side):
            if self.die_ok(st, side, i, "event"):
                return i
        return -1

    @handles(C.PlayEvent)
    def _play_event(self, st, cmd: C.PlayEvent, tx, rng) -> str:
        card = self._hand_card(st, cmd.seat, cmd.card_id)
        side = S.seat_side(st, cmd.seat)
        deck = S.event_deck(card.code)
        if self.strict and cmd.die >= 0:
            face = S.get(st, "dice", side, default=[])[cmd.die]["face"] \
                if cmd.die < len(S.get(st, "dice", side, default=[])) else ""
            kind = "character" if deck == "character" and face == "character" else \
                "army" if deck == "strategy" and face in ("army", "army_muster") else \
                "muster" if deck == "strategy" and face == "muster" else "event"
            self.spend(st, tx, side, cmd.die, kind, "event")
        else:
            self.spend(st, tx, side, cmd.die, "event")
        tx.move(cmd.card_id, discard_zone(side, deck))
        return _("{seat} played {card}").format(seat=self.seat_name(st, cmd.seat),
                                               card=self.card_name(st, cmd.card_id))

    def _hand_card(self, st, seat: int, card_id: int):
        self._need_cards(st, (card_id,))
        card = st.cards[card_id]
        self.must(card.zone == hand_zone(seat), _("That card is not in {seat}'s hand.").format(
            seat=self.seat_name(st, seat)))
        return card

    @handles(C.DiscardEvent)
    def _discard_event(self, st, cmd: C.DiscardEvent, tx, rng) -> str:
        card = self._hand_card(st, cmd.seat, cmd.card_id)
        side = S.seat_side(st, cmd.seat)
        deck = S.event_deck(card.code)
        tx.move(cmd.card_id, discard_zone(side, deck))
        return _("{seat} discarded {card}").format(seat=self.seat_name(st, cmd.seat),
                                                  card=self.card_name(st, cmd.card_id))

    # ------------------------------------------------------------ politics
    @handles(C.Politics)
    def _politics(self, st, cmd: C.Politics, tx, rng) -> str:
        self.must(cmd.nation in NATIONS, _("There is no nation called {n}.").format(n=cmd.nation))
        pol = S.politics(st, cmd.nation)
        new = pol["step"] - cmd.steps
        self.must(0 <= new <= 3, _("The political track has no such step."))
        self.need(cmd.steps == 1, _("A nation moves one step at a time"), base("politics"))
        if cmd.nation in FP_NATIONS:
            self.need(new > 0 or pol["active"],
                      _("A passive nation cannot go to war"), base("politics"))
        self.need(cmd.nation in S.seat_info(st, cmd.seat).get("nations", ()),
                  _("{seat} does not play {nation}").format(
                      seat=self.seat_name(st, cmd.seat), nation=S.nation_name(cmd.nation)),
                  base("politics"))
        if cmd.die >= 0 or S.get(st, "phase") == "actions":
            self.spend(st, tx, S.nation_side_of(cmd.nation), cmd.die, "muster")
        self.put(tx, ("politics", cmd.nation, "step"), new)
        self.after_politics(st, tx, cmd.nation)
        if new == 0:
            return _("{nation} is now At War").format(nation=S.nation_name(cmd.nation))
        return ngettext("{nation} is {n} step from war", "{nation} is {n} steps from war",
                        new).format(nation=S.nation_name(cmd.nation), n=new)

    @handles(C.Activate)
    def _activate(self, st, cmd: C.Activate, tx, rng) -> str:
        self.must(cmd.nation in NATIONS, _("There is no nation called {n}.").format(n=cmd.nation))
        self.must(not S.politics(st, cmd.nation)["active"], _("{nation} is already active.").format(
            nation=S.nation_name(cmd.nation)))
        self.put(tx, ("politics", cmd.nation, "active"), True)
        self.after_politics(st, tx, cmd.nation)
        return _("{nation} is now active").format(nation=S.nation_name(cmd.nation))

    def after_politics(self, st, tx, nation: str) -> None:
        """Overridden by the Kings rules (removing Corruption tokens)."""

    def kings_new_turn(self, st, tx) -> None:
        """Overridden by the Kings rules (Ruler dice, attempts this turn)."""

    @staticmethod
    def decks_of(side: str) -> list[str]:
        """The two event decks of a side."""
        return [d for s, d in DECKS if s == side]
