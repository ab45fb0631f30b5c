"""``Ctx``: the engine's hands on the table during one command.

Everything the engine changes goes through the command's ``Tx`` (so it is
logged, undone and replayed) and is said in words (``say``): the lines of
one command become its log entry.  The engine's own data is the working copy
``self.E`` (see ``engine.state``).
"""
from __future__ import annotations

import random

from tabletop.core import events as Ev
from tabletop.core.i18n import _, ngettext
from tabletop.core.model import CARD_H, CARD_W, TABLE, TableState
from tabletop.core.tx import Tx
from tabletop.games.lcg.cards import CardDB
from tabletop.games.lcg.engine.passives import instead
from tabletop.games.lcg.engine.score import score
from tabletop.games.lcg.engine.table import CHARACTER_TYPES, ELIMINATION_THREAT, Table
from tabletop.games.lcg.layout import free_spot, quest_spot


# What the engine's later modules lend to Ctx (so Ctx needs not import them):
# "trigger" (engine.abilities) and "check_stage" (engine.quest).
HOOKS: dict = {}


class GameOver(Exception):
    """Raised inside the engine when the game has just been won or lost."""


class Ctx(Table):
    """The table, the command's ``Tx``, its random generator and the engine's data."""

    def __init__(self, state: TableState, tx: Tx, rng: random.Random, db: CardDB, E: dict):
        super().__init__(state, db, E)
        self.tx = tx
        self.rng = rng
        self.E = E
        self.lines: list[str] = []

    # -------------------------------------------------------------- words
    def say(self, text: str) -> None:
        """A line of the log (never naming a card nobody can see)."""
        if text:
            self.lines.append(text)

    def seat_name(self, seat: int | None) -> str:
        """A seat's name."""
        if seat is None or not 0 <= seat < self.nseats:
            return _("nobody")
        return self.state.seats[seat].name

    # ------------------------------------------------------------- hooks
    def trigger(self, event: str, **info) -> None:
        """A game event happened: its Forced effects and Responses (engine.abilities)."""
        HOOKS["trigger"](self, event, **info)

    def check_stage(self) -> None:
        """See whether the current quest stage is defeated (engine.quest)."""
        HOOKS["check_stage"](self)

    # -------------------------------------------------------- instructions
    def push(self, *instructions: dict) -> None:
        """Do these next, in the order given (before anything already waiting)."""
        self.E["stack"].extend(reversed(instructions))

    def ask(self, ins: dict, seat: int, prompt: str, options: list, labels: dict | None = None,
            kind: str = "one", data: dict | None = None) -> None:
        """Stop and wait for ``seat`` to pick one of ``options``; ``ins`` runs again
        with the answer in ``ins["answer"]``."""
        self.E["stack"].append(ins)
        self.E["choice"] = {"seat": seat, "kind": kind, "prompt": prompt, "options": list(options),
                            "labels": {str(k): v for k, v in (labels or {}).items()},
                            "data": data or {}}

    # ------------------------------------------------------------ moving
    def place(self, cid: int, area: str, face_up: bool = True) -> None:
        """Put a card on the table in an area (the first free spot of its mat)."""
        st = self.state
        if area == "quest":
            x, y = quest_spot()
        else:
            x, y = free_spot(st, area)
        card = st.cards[cid]
        if card.attached_to is not None:
            self.tx.set(cid, "attached_to", None)
            self.tx.set(cid, "attach_kind", "")
        self.tx.set(cid, "x", float(x))
        self.tx.set(cid, "y", float(y))
        self.tx.move(cid, TABLE, None)
        self.tx.set(cid, "face_up", face_up)

    def attach(self, cid: int, host: int, kind: str = "attachment", exact: bool = False) -> None:
        """Tuck a card under another (an attachment above it, a shadow card below);
        under the card it hangs from, unless ``exact`` (a shadow card's own shadow)."""
        st = self.state
        host = host if exact else st.root(host)
        if st.cards[cid].zone != TABLE:
            self.tx.move(cid, TABLE, None)
        self.tx.set(cid, "attached_to", host)
        self.tx.set(cid, "attach_kind", kind)
        self.tx.set(cid, "exhausted", False)
        table = st.table.cards
        i, j = table.index(cid), table.index(host)
        if i > j:
            self.tx.emit(Ev.move_card(cid, TABLE, i, TABLE, j))

    def to_zone(self, cid: int, zone: str, top: bool = True, face_up: bool | None = None) -> None:
        """Move a card (and what is attached to it, to its own discard) into a pile."""
        st = self.state
        on_table = st.cards[cid].zone == TABLE and st.cards[cid].attach_kind != "shadow"
        if on_table:
            dest = instead(self, "leave_play", st.cards[cid].code, cid, zone)
            if dest == "staging":
                self.back_to_staging(cid)
                return
            if dest is not None and dest != zone:
                zone, top = dest, True
                self.say(_("{card} goes to the {pile} instead.").format(
                    card=self.name(cid), pile=_(st.zones[zone].label).lower()))
        kind = self.ctype(cid) if on_table else ""
        was_enemy = kind == "enemy"
        left_seat = self.controller(cid) if kind in CHARACTER_TYPES else None
        for child in list(st.attachments(cid)):
            self.to_zone(child, st.discard_zone_for(child))
        self.tx.move(cid, zone, None if top else 0)
        self.tx.set(cid, "exhausted", False)
        z = st.zones[zone]
        self.tx.set(cid, "face_up", z.face_up if face_up is None else face_up)
        for tok in list(st.cards[cid].tokens):
            self.tx.token(cid, tok, 0)
        self.forget(cid)
        if was_enemy:
            self.trigger("enemy_left", card=cid)
        elif kind == "ally":
            self.trigger("ally_left", card=cid, seat=left_seat)
        elif kind == "hero":
            self.trigger("hero_left", card=cid, seat=left_seat)

    def back_to_staging(self, cid: int) -> None:
        """A card leaves play by returning to the staging area instead (a claimed
        objective that is detached)."""
        st = self.state
        for tok in list(st.cards[cid].tokens):
            self.tx.token(cid, tok, 0)
        self.forget(cid)
        self.place(cid, "staging")
        self.ready(cid)
        self.say(_("{card} returns to the staging area.").format(card=self.name(cid)))

    def forget(self, cid: int) -> None:
        """A card left play: it is no longer committed, controlled, guarding or affected."""
        E = self.E
        if cid in E["committed"]:
            E["committed"].remove(cid)
        E["control"].pop(str(cid), None)
        for eff in E["effects"]:
            if cid in eff.get("targets", ()):
                eff["targets"] = [t for t in eff["targets"] if t != cid]
        E["effects"] = [e for e in E["effects"] if e.get("targets") or e.get("keep")]
        for obj, guard in list(E["guards"].items()):
            if guard == cid or int(obj) == cid:
                del E["guards"][obj]
        flags = E["flags"]
        for key in ("face_down_enemies", "keep_shadow", "deck_attachments"):
            if str(cid) in flags.get(key, ()):
                del flags[key][str(cid)]

    def discard(self, cid: int) -> None:
        """Send a card to the discard pile of its deck of origin."""
        self.to_zone(cid, self.state.discard_zone_for(cid))

    # ------------------------------------------------------------ tokens
    def add_tokens(self, cid: int, token: str, n: int) -> None:
        """Add (or, with n < 0, remove) tokens; never below 0."""
        old = self.state.cards[cid].tokens.get(token, 0)
        self.tx.token(cid, token, max(0, old + n))

    def exhaust(self, cid: int) -> None:
        """Turn a card sideways."""
        self.tx.set(cid, "exhausted", True)

    def ready(self, cid: int) -> None:
        """Turn a card upright."""
        self.tx.set(cid, "exhausted", False)

    # ------------------------------------------------------------ threat
    def raise_threat(self, seat: int, n: int) -> None:
        """Raise (or lower, n < 0) a seat's threat; 50 or more eliminates it."""
        if self.eliminated(seat) or n == 0:
            return
        new = max(0, self.threat(seat) + n)
        self.tx.counter(seat, "threat", new)
        if new >= ELIMINATION_THREAT:
            self.say(_("{name}'s threat reached {n}.").format(name=self.seat_name(seat), n=new))
            self.eliminate(seat)

    # ------------------------------------------------------------ leaving
    def eliminate(self, seat: int) -> None:
        """A seat leaves the game: its cards go to its discard pile, its enemies
        back to the staging area; the game is lost when nobody is left."""
        E = self.E
        if seat in E["eliminated"]:
            return
        st = self.state
        dead = sum(self.cdef(h).threat or 0 for h in self.heroes(seat, face_down=True))
        E["dead_threat"] += dead
        E["eliminated"].append(seat)
        self.say(_("{name} is eliminated.").format(name=self.seat_name(seat)))
        for enemy in self.engaged(seat):
            if self.face_down_enemy(enemy) is not None:
                self.discard(enemy)            # an Orc Guard goes to its owner's discard pile
            else:
                self.place(enemy, "staging")
        for cid in list(self.table_cards()):
            card = st.cards[cid]
            if card.origin == "player" and (card.owner == seat or self.controller(cid) == seat):
                self.to_zone(cid, st.discard_zone_for(cid))
            elif self.deck_attachment(cid) == seat:     # Iron Shackles on the gone deck
                self.to_zone(cid, st.discard_zone_for(cid))
        for zone in ("hand", "deck"):
            for cid in list(st.zones[st.seat_zone(seat, zone)].cards):
                self.to_zone(cid, st.seat_zone(seat, "discard"))
        left = [s for s in range(self.nseats) if s not in E["eliminated"]]
        if not left:
            self.end_game("lost")
        elif st.first_player == seat:
            nxt = next(s for s in ((seat + i) % self.nseats for i in range(1, self.nseats + 1))
                       if s in left)
            self.tx.set_global("first_player", nxt)

    def end_game(self, outcome: str) -> None:
        """The game is won or lost: nothing more happens."""
        E = self.E
        if E["outcome"]:
            return
        E["outcome"] = outcome
        E["choice"] = None
        E["stack"] = []
        E["step"] = "end"
        if outcome == "won":
            self.say(_("The players have won."))
        else:
            self.say(_("The players have lost: every player is eliminated."))
        s = score(self)
        if outcome == "won":
            self.say(_("Final score: {total} (threat {threat} + dead heroes {dead} + damage {damage}"
                       " + 10 x {rounds} rounds - {victory} victory points).").format(**s))
        raise GameOver(outcome)

    def check_heroes(self, seat: int) -> None:
        """A seat with no hero left in play (the prisoner does not count: FAQ) is eliminated."""
        if not self.eliminated(seat) and not [h for h in self.heroes(seat, face_down=True)
                                              if not self.is_prisoner(h)]:
            self.say(_("{name} has no hero left.").format(name=self.seat_name(seat)))
            self.eliminate(seat)

    # ------------------------------------------------------------- damage
    def deal_damage(self, cid: int, n: int) -> bool:
        """Put ``n`` damage on a character or enemy; True if it was destroyed."""
        if n <= 0 or self.is_prisoner(cid):
            return False
        self.add_tokens(cid, "damage", n)
        if self.check_destroyed(cid):
            return True
        self.trigger("damaged", card=cid, n=n)
        return False

    def check_destroyed(self, cid: int) -> bool:
        """Destroy a card whose damage reached its hit points."""
        st = self.state
        if cid not in st.cards or st.cards[cid].zone != TABLE:
            return False
        hp = self.stat(cid, "hitpoints")
        if self.ctype(cid) in CHARACTER_TYPES | {"enemy"} and self.damage(cid) >= hp:
            self.destroy(cid)
            return True
        return False

    def destroy(self, cid: int) -> None:
        """A character or enemy is destroyed (damage reached its hit points)."""
        kind = self.ctype(cid)
        name = self.name(cid)
        seat = self.controller(cid) if kind in CHARACTER_TYPES else None
        if kind == "enemy":
            self.leave_play(cid, victory=True)
            self.say(_("{card} is destroyed.").format(card=name))
            self.trigger("enemy_destroyed", card=cid)
        else:
            self.leave_play(cid)
            self.say(_("{card} is destroyed.").format(card=name))
            self.trigger("character_destroyed", card=cid, seat=seat)
            if kind == "hero" and seat is not None:
                self.check_heroes(seat)

    def leave_play(self, cid: int, victory: bool = False) -> None:
        """A card leaves play: to the victory display (if it has victory points and
        ``victory``), else to its discard pile; shadow cards and attachments go
        to their discard piles."""
        st = self.state
        if victory and self.keyword_value(cid, "Victory"):
            self.to_zone(cid, "victory")
        else:
            self.to_zone(cid, st.discard_zone_for(cid))

    # ------------------------------------------------------------ the quest
    def place_progress(self, n: int) -> None:
        """Progress on the current quest: the active location first, then the stage."""
        loc = self.active_location()
        if loc is not None and n > 0:
            need = max(0, self.stat(loc, "quest_points") - self.progress(loc))
            put = min(n, need)
            if put:
                self.add_tokens(loc, "progress", put)
                n -= put
            self.check_explored(loc)
        quest = self.quest_card()
        if quest is not None and n > 0 and self.state.cards[quest].zone == TABLE:
            self.add_tokens(quest, "progress", n)
            self.say(ngettext("{n} progress on the quest.", "{n} progress on the quest.", n).format(n=n))
            self.trigger("quest_progress", card=quest, n=n)
            self.check_stage()

    def check_explored(self, loc: int) -> bool:
        """A location with as much progress as its quest points is explored."""
        st = self.state
        if loc not in st.cards or st.cards[loc].zone != TABLE:
            return False
        if self.progress(loc) >= self.stat(loc, "quest_points") > 0:
            name = self.name(loc)
            self.leave_play(loc, victory=True)
            self.say(_("{card} is explored.").format(card=name))
            self.trigger("explored", card=loc)
            return True
        return False

    # ---------------------------------------------------------- encounter
    def encounter_top(self, reshuffle: bool) -> int | None:
        """The top card of the encounter deck; an empty deck is refilled from
        the discard pile when ``reshuffle`` (during the quest phase)."""
        st = self.state
        deck = st.zones["encounter.deck"]
        if not deck.cards and reshuffle:
            pile = list(st.zones["encounter.discard"].cards)
            if pile:
                for cid in pile:
                    self.tx.move(cid, "encounter.deck", None)
                    self.tx.set(cid, "face_up", False)
                order = list(deck.cards)
                self.rng.shuffle(order)
                self.tx.reorder("encounter.deck", order)
                self.say(_("The encounter deck is empty: its discard pile is shuffled into a new deck."))
        return deck.cards[-1] if deck.cards else None

    def shuffle(self, zone: str) -> None:
        """Shuffle a pile (from the command's seeded randomness)."""
        order = list(self.state.zones[zone].cards)
        self.rng.shuffle(order)
        self.tx.reorder(zone, order)

    def free_spot_near(self, area: str) -> tuple[float, float]:
        """Where a card put in ``area`` lies."""
        return free_spot(self.state, area)


CARD_SIZE = (CARD_W, CARD_H)
