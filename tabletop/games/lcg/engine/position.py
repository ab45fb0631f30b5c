"""Positions: a card game table built from a small JSON file (docs/API.md).

A position names the scenario, the seats (heroes, allies, attachments, hand,
deck, discard, threat, engaged enemies, committed characters), the shared
area (staging area, active location, quest stage and its progress,
encounter deck and discard, victory display) and where in the round the
game stands (``"step": "encounter.checks"``, or a phase and a step).  Cards
are named by their English name (accents and case do not matter) or their
code; a card can be a map with its tokens and state.  Whatever a position
leaves out is filled in the usual way (the rest of the scenario's encounter
deck, shuffled by the seed; the rest of a starter deck).
"""
from __future__ import annotations

import json
import os
from typing import Any

from tabletop.core.i18n import _
from tabletop.core.model import TABLE, Card, Seat, TableState, Zone
from tabletop.games.lcg.cards import NONNEGATIVE_TOKENS, TOKEN_TYPES, CardDB, core_set, name_key
from tabletop.core.games import ruleset_for
from tabletop.core.session import Session
from tabletop.games.lcg.engine.round import ROUND
import tabletop.games.lcg.layout as layout
from tabletop.games.lcg.setup import encounter_codes, find_scenario, quest_codes

MAX_POSITION_BYTES = 1_000_000

# friendly names of steps (the step ids of engine.round.ROUND.names work too)
STEP_ALIASES = {
    "resource": "resource.gain", "planning": "planning.play", "quest": "quest.commit",
    "commit": "quest.commit", "staging": "quest.staging", "quest resolution": "quest.resolve",
    "resolve": "quest.resolve", "travel": "travel.travel", "encounter": "encounter.optional",
    "optional engagement": "encounter.optional", "engagement checks": "encounter.checks",
    "engagement": "encounter.checks", "checks": "encounter.checks", "combat": "combat.shadows",
    "shadows": "combat.shadows", "deal shadows": "combat.shadows",
    "enemy attacks": "combat.enemy_attacks", "player attacks": "combat.player_attacks",
    "attacks": "combat.player_attacks", "refresh": "refresh.ready",
}


class PositionError(ValueError):
    """A position that cannot be built; the message names the problem."""


def read_position(path: str | os.PathLike[str]) -> dict:
    """Read a position file (JSON) with a clear error for anything wrong."""
    if not os.path.isfile(path):
        raise PositionError(_("{path}: no such position file").format(path=path))
    if os.path.getsize(path) > MAX_POSITION_BYTES:
        raise PositionError(_("{path}: a position file is at most 1 MB").format(path=path))
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise PositionError(_("{path}: not a JSON position ({why})").format(path=path, why=exc)) from None
    if not isinstance(data, dict):
        raise PositionError(_("{path}: a position is a JSON object").format(path=path))
    return data


def resolve_step(data: dict) -> str:
    """The step of the round a position starts at."""
    step = data.get("step")
    phase = data.get("phase")
    if step is None and phase is None:
        return "resource.gain"
    if isinstance(step, str):
        s = step.strip().lower().replace("_", " ")
        if step in ROUND.names:
            return step
        if phase and f"{phase}.{step}" in ROUND.names:
            return f"{phase}.{step}"
        if s in STEP_ALIASES:
            return STEP_ALIASES[s]
        raise PositionError(_("Unknown step {step!r}; steps are: {steps}").format(
            step=step, steps=", ".join(r for r in ROUND.names if not r.endswith((".begin", ".end")))))
    if isinstance(phase, str) and phase.lower() in STEP_ALIASES:
        return STEP_ALIASES[phase.lower()]
    raise PositionError(_("Unknown phase {phase!r}").format(phase=phase))


class _Builder:
    def __init__(self, data: dict, db: CardDB):
        self.data = data
        self.db = db
        try:
            self.scenario = find_scenario(str(data.get("scenario", "passage-through-mirkwood")), db)
        except KeyError:
            raise PositionError(_("Unknown scenario {name!r}").format(name=data.get("scenario"))) from None
        seed = data.get("seed", 1)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise PositionError(_("The seed is a whole number."))
        self.st = TableState(game="lcg", scenario=self.scenario, seed=seed)
        self.engine: dict[str, Any] = {}

    # ---------------------------------------------------------- cards
    def code(self, ref: Any, kinds: tuple[str, ...] | None = None) -> str:
        """A card's code from its name or code."""
        if isinstance(ref, dict):
            ref = ref.get("card")
        if not isinstance(ref, str) or not ref.strip():
            raise PositionError(_("A card is named by a text, got {ref!r}").format(ref=ref))
        ref = ref.strip()
        if ref in self.db.by_code:
            return ref
        found = self.db.find_name(ref)
        if not found:
            key = name_key(ref)
            found = [c for c in self.db if c.type == "quest" and key in
                     (name_key(c.side_a_name or ""), name_key(c.side_b_name or ""))]
        if kinds:
            found = [c for c in found if c.type in kinds] or found
        if not found:
            raise PositionError(_("Unknown card {name!r}").format(name=ref))
        return found[0].code

    def make(self, ref: Any, zone: str, owner: int | None, origin: str, face_up: bool,
             kinds: tuple[str, ...] | None = None) -> int:
        st = self.st
        code = self.code(ref, kinds)
        cid = st.next_id
        st.next_id += 1
        card = Card(cid, code, owner, zone, 0.0, 0.0, face_up, origin=origin)
        st.cards[cid] = card
        st.zones[zone].cards.append(cid)
        if isinstance(ref, dict):
            self.tokens(cid, ref)
        return cid

    def tokens(self, cid: int, ref: dict) -> None:
        card = self.st.cards[cid]
        for key, token in (("damage", "damage"), ("resources", "resource"), ("resource", "resource"),
                           ("progress", "progress")):
            n = ref.get(key)
            if n:
                if not isinstance(n, int) or n < 0:
                    raise PositionError(_("{what} on {card} must be a whole number >= 0").format(
                        what=key, card=self.db[card.code].name))
                card.tokens[token] = n
        for token, n in (ref.get("tokens") or {}).items():
            if str(token) not in TOKEN_TYPES or not isinstance(n, int) or isinstance(n, bool) \
                    or (n < 0 and str(token) in NONNEGATIVE_TOKENS):
                raise PositionError(_("{what} on {card}: a token the game knows, as a whole "
                                      "number (resources, progress and damage: >= 0)").format(
                    what=str(token)[:40], card=self.db[card.code].name))
            if n:
                card.tokens[str(token)] = n
        card.exhausted = bool(ref.get("exhausted", False))

    def on_table(self, ref: Any, area: str, owner: int | None, origin: str,
                 kinds: tuple[str, ...] | None = None) -> int:
        cid = self.make(ref, TABLE, owner, origin, True, kinds)
        x, y = layout.quest_spot() if area == "quest" else layout.free_spot(self.st, area)
        self.st.cards[cid].x, self.st.cards[cid].y = float(x), float(y)
        if isinstance(ref, dict):
            for att in ref.get("attachments") or ():
                # an encounter card attached to a hero (Caught in a Web) stays an encounter card
                deck = "encounter" if self.db[self.code(att)].deck == "encounter" else origin
                a = self.make(att, TABLE, owner if deck == "player" else None,
                              "player" if deck == "player" else "encounter", True)
                self.st.cards[a].attached_to = cid
                self.st.cards[a].attach_kind = "attachment"
                self._under(a, cid)
                if origin == "player" and self.db[self.st.cards[a].code].type == "objective":
                    # an objective on a hero was claimed: its player controls it (FAQ 1.07)
                    self.engine.setdefault("control", {})[str(a)] = owner
            for sh in ref.get("shadow") or ():
                s = self.make(sh, TABLE, None, "encounter", False)
                self.st.cards[s].attached_to = cid
                self.st.cards[s].attach_kind = "shadow"
                self._under(s, cid)
        return cid

    def _under(self, cid: int, host: int) -> None:
        cards = self.st.table.cards
        cards.remove(cid)
        cards.insert(cards.index(host), cid)

    # ---------------------------------------------------------- build
    def build(self) -> TableState:
        d, st = self.data, self.st
        seats = d.get("seats") or [{}]
        if not isinstance(seats, list) or not 1 <= len(seats) <= 4:
            raise PositionError(_("A position has 1 to 4 seats."))
        st.zones[TABLE] = Zone(TABLE, "table", None, "Table", 0, 0, True)
        for z in layout.shared_zones():
            st.zones[z.id] = z
        st.regions = layout.shared_regions()
        st.options = {"easy": bool(d.get("easy", False))}
        names = []
        for i, s in enumerate(seats):
            name = str(s.get("name") or _("Player {n}").format(n=i + 1))
            names.append(name)
            st.seats.append(Seat(name, {"threat": 0}))
            for z in layout.seat_zones(i, name, len(seats)):
                st.zones[z.id] = z
            st.regions.extend(layout.seat_regions(i, name, len(seats)))
        heroes = [self.seat(i, s) for i, s in enumerate(seats)]
        self.shared()
        st.slots["lcg"] = {"heroes": heroes, "engine": self.engine}
        rnd = d.get("round", 1)
        first = d.get("first_player", next((i for i, s in enumerate(seats) if s.get("first")), 0))
        if not isinstance(rnd, int) or rnd < 1 or not isinstance(first, int) \
                or not 0 <= first < len(seats):
            raise PositionError(_("round is a whole number from 1; first_player a seat number."))
        st.round, st.first_player = rnd, first
        return st

    def seat(self, i: int, s: dict) -> list[str]:
        st = self.st
        if not isinstance(s, dict):
            raise PositionError(_("Seat {n} is not a JSON object.").format(n=i + 1))
        play, engaged = f"p{i + 1}.play", f"p{i + 1}.engaged"
        heroes = []
        threat = 0
        for h in s.get("heroes") or ():
            cid = self.on_table(h, play, i, "player", ("hero",))
            heroes.append(st.cards[cid].code)
            threat += self.db[st.cards[cid].code].threat or 0
            if isinstance(h, dict) and h.get("prisoner"):      # Escape from Dol Guldur
                st.cards[cid].face_up = False
                self.engine.setdefault("prisoners", []).append(cid)
        for a in s.get("allies") or ():
            self.on_table(a, play, i, "player", ("ally",))
        st.seats[i].counters["threat"] = int(s.get("threat", threat))
        for e in s.get("engaged") or ():
            self.on_table(e, engaged, None, "encounter", ("enemy",))
        for c in s.get("hand") or ():
            self.make(c, st.seat_zone(i, "hand"), i, "player", True)
        for c in s.get("discard") or ():
            self.make(c, st.seat_zone(i, "discard"), i, "player", True)
        deck = s.get("deck")
        if isinstance(deck, str):
            self.starter_rest(i, deck)
        else:
            for c in reversed(deck or ()):              # listed top first
                self.make(c, st.seat_zone(i, "deck"), i, "player", False)
        committed = []
        for ref in s.get("committed") or ():
            code = self.code(ref)
            match = [c for c in st.table.cards if st.cards[c].code == code and st.cards[c].owner == i
                     and c not in committed]
            if not match:
                raise PositionError(_("Seat {n} commits {card}, which it does not have in play.").format(
                    n=i + 1, card=ref))
            committed.append(match[0])
            st.cards[match[0]].exhausted = True
        self.engine.setdefault("committed", []).extend(committed)
        if s.get("eliminated"):
            self.engine.setdefault("eliminated", []).append(i)
        return heroes

    def starter_rest(self, seat: int, sphere: str) -> None:
        from tabletop.games.lcg.decks import starter_deck
        st = self.st
        try:
            deck = starter_deck(sphere, self.db)
        except Exception:
            raise PositionError(_("Unknown starter deck {name!r}").format(name=sphere)) from None
        used: dict[str, int] = {}
        for c in st.cards.values():
            if c.owner == seat:
                used[c.code] = used.get(c.code, 0) + 1
        pile = []
        for code, qty in deck.cards:
            pile.extend([code] * max(0, qty - used.get(code, 0)))
        import random
        random.Random(f"{st.seed}:position:{seat}").shuffle(pile)
        for code in pile:
            self.make(code, st.seat_zone(seat, "deck"), seat, "player", False)

    def shared(self) -> None:
        d, st = self.data, self.st
        sc = self.db.scenarios[self.scenario]
        quest = d.get("quest")
        codes = quest_codes(sc)
        if isinstance(quest, (int, str)) or quest is None:
            quest = {"stage": quest} if isinstance(quest, int) else ({"card": quest} if quest else {})
        stage = quest.get("stage", 1)
        if "card" in quest:
            code = self.code(quest["card"], ("quest",))
        else:
            options = [c for c in codes if self.db[c].stage == stage]
            if not options:
                raise PositionError(_("Stage {n} is not a stage of this scenario.").format(n=stage))
            code = options[0]
        qid = self.on_table(code, "quest", None, "quest", ("quest",))
        st.cards[qid].side = "B"
        if quest.get("progress"):
            st.cards[qid].tokens["progress"] = int(quest["progress"])
        later = [c for c in codes if (self.db[c].stage or 0) > (self.db[code].stage or 0)]
        for c in reversed(later):
            self.make(c, "quest.deck", None, "quest", True)
        for ref in d.get("staging") or ():
            cid = self.on_table(ref, "staging", None, "encounter")
            if isinstance(ref, dict) and ref.get("guard"):          # a guarded objective
                guard = self.on_table(ref["guard"], "staging", None, "encounter")
                # attached to its guard (FAQ 1.17)
                self.st.cards[cid].attached_to = guard
                self.st.cards[cid].attach_kind = "attachment"
                self._under(cid, guard)
        loc = d.get("active_location")
        if loc:
            self.on_table(loc, "active", None, "encounter", ("location",))
        for ref in d.get("victory") or ():
            self.make(ref, "victory", None, "encounter", True)
        for ref in d.get("encounter_discard") or ():
            self.make(ref, "encounter.discard", None, "encounter", True)
        for ref in d.get("set_aside") or ():
            self.make(ref, "aside", None, "encounter", True)
        deck = d.get("encounter_deck")
        if deck is None:
            self.encounter_rest()
        else:
            for ref in reversed(deck):                   # listed top first
                self.make(ref, "encounter.deck", None, "encounter", False)

    def encounter_rest(self) -> None:
        import random
        st = self.st
        sc = self.db.scenarios[self.scenario]
        pile = encounter_codes(sc, self.db, bool(self.data.get("easy")))
        for c in st.cards.values():
            if c.origin == "encounter" and c.code in pile:
                pile.remove(c.code)
        random.Random(f"{st.seed}:position:encounter").shuffle(pile)
        for code in pile:
            self.make(code, "encounter.deck", None, "encounter", False)


def build_state(data: dict, db: CardDB | None = None) -> TableState:
    """The table a position describes (raises PositionError saying what is wrong)."""
    if not isinstance(data, dict):
        raise PositionError(_("A position is a JSON object."))
    try:
        return _Builder(data, db or core_set()).build()
    except PositionError:
        raise
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        raise PositionError(_("The position is malformed ({why}).").format(why=exc)) from None


def load_position(source, rules: str = "enforce"):
    """A session at a position (a path to a JSON file, or the position itself),
    with the rules engine started at the position's step."""
    import tabletop.games.lcg.commands as LC
    data = read_position(source) if isinstance(source, (str, os.PathLike)) else source
    state = build_state(data)
    rules = data.get("rules", rules)
    if rules == "sandbox":
        return Session(state)
    # the engine as the game's package gives it (with its card declarations)
    session = Session(state, ruleset_for("lcg", "enforce"))
    if data.get("pacing") in ("decisions", "reveals"):
        session.submit(LC.Pacing(0, data["pacing"]), automatic=True)
    result = session.submit(LC.Start(0, resolve_step(data)), automatic=True)
    if not result.ok:
        raise PositionError(result.reason)
    return session
