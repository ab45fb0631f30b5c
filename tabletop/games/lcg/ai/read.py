"""What a player of the card game reads off the table before deciding.

``Decision`` names the pending choice of the rules engine by what it asks
(``what``: ``"commit"``, ``"defender"``, ``"travel"``...), from its ``kind``,
its ``data``, its options and the instruction waiting on the engine's stack
(``slots["lcg"]["engine"]["stack"]``), never from its prompt (prompts are
translated).  ``Facts`` answers the questions a player asks of the table
through the engine's read-only view (``engine_view``): a character's stats and
hit points left, the threat to come from the encounter deck, who is engaged.

Only what the deciding seat may know is read: the encounter deck's order is not
(its contents are: the scenario's cards less those seen), nor face-down shadow
cards, nor other seats' hands.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tabletop.core.model import TABLE, TableState
from tabletop.core.ruleset import Choice
from tabletop.games.lcg.engine import engine_view
from tabletop.games.lcg.engine import state as S
from tabletop.games.lcg.engine.table import CHARACTER_TYPES, Table

# what a decision asks, from the instruction that asked it
_BY_OP = {
    "travel": "travel", "optional_engage": "engage", "enemy_attacks": "enemy_order",
    "player_attacks": "attack_target", "declare_attackers": "attackers",
    "declare_defender": "defender", "choose_host": "host", "restricted": "restricted",
    "mulligan": "mulligan", "choose": "choose", "discard_from_hand": "discard",
    "mode": "mode", "choose_player": "player", "setup_first_player": "first_player",
    "plan": "window", "window": "window", "responses": "response", "commit": "commit",
    "pay": "pay", "yesno": "yesno", "number": "number", "peek": "peek",
    "search_top": "search", "order_effects": "order",
}


@dataclass
class Decision:
    """The pending choice, named: ``what`` it asks, its ``options`` and ``labels``."""
    seat: int
    kind: str
    what: str
    options: tuple
    labels: dict[str, str]
    data: dict[str, Any]
    step: str
    op: str
    ins: dict = field(default_factory=dict)

    def label(self, option: Any) -> str:
        """The words of an option."""
        return str(self.labels.get(str(option), option))

    @property
    def cards(self) -> list[int]:
        """The options that are card ids."""
        return [o for o in self.options if isinstance(o, int) and not isinstance(o, bool)]

    @property
    def words(self) -> list[str]:
        """The options that are words ("done", "pass", "play:12"...)."""
        return [o for o in self.options if isinstance(o, str)]


def top_instruction(state: TableState) -> dict:
    """The instruction that asked the pending choice ({} if unknown)."""
    stack = S.stored(state).get("stack") or []
    top = stack[-1] if stack else None
    return top if isinstance(top, dict) else {}


def read_decision(state: TableState, choice: Choice) -> Decision:
    """Name the pending ``choice``."""
    E = S.stored(state)
    ins = top_instruction(state)
    op = str(ins.get("op", ""))
    labels = dict(choice.data.get("labels") or {})
    data = {k: v for k, v in choice.data.items() if k != "labels"}
    options = tuple(choice.options)
    what = _BY_OP.get(op, "")
    if choice.kind == "ok":
        what = "ok"
    elif choice.kind == "pay":
        what = "pay"
    elif choice.kind == "act":
        what = "response" if "event" in data else "window"
    elif choice.kind == "many" and "enemy" in data:
        what = "attackers"
    elif choice.kind == "many":
        what = what or "commit"
    elif op == "attack_damage":
        what = "damage_target"
    elif set(options) == {"keep", "mulligan"}:
        what = "mulligan"
    elif "enemy" in data and choice.kind == "one":
        what = "defender"
    elif not what:
        what = {"yesno": "yesno", "number": "number", "order": "order"}.get(choice.kind, "other")
    return Decision(choice.seat, choice.kind, what, options, labels, data,
                    str(E.get("step") or ""), op, ins)


class Facts:
    """The table as the deciding seat reads it (a thin layer over ``engine_view``)."""

    def __init__(self, state: TableState, seat: int):
        self.state = state
        self.seat = seat
        self.t: Table = engine_view(state)
        self.E = S.stored(state)
        self._stats: dict[tuple[int, str], int] = {}     # the table does not change meanwhile

    # --------------------------------------------------------------- cards
    def name(self, cid: int) -> str:
        """A card's name (in the language in force)."""
        return self.t.name(cid)

    def en(self, cid: int) -> str:
        """A card's English name (for the policy's own card knowledge)."""
        cdef = self.t.db.by_code.get(self.state.cards[cid].code)
        return cdef.name if cdef is not None else ""

    def stat(self, cid: int, name: str) -> int:
        """A stat as it is now (willpower, attack, defense, hitpoints, threat, engagement)."""
        key = (cid, name)
        v = self._stats.get(key)
        if v is None:
            v = self._stats[key] = self.t.stat(cid, name)
        return v

    def hp_left(self, cid: int) -> int:
        """Hit points less damage."""
        return self.stat(cid, "hitpoints") - self.t.damage(cid)

    def ctype(self, cid: int) -> str:
        """hero, ally, enemy, location..."""
        return self.t.ctype(cid)

    def is_hero(self, cid: int) -> bool:
        """Is it a hero?"""
        return self.t.ctype(cid) == "hero"

    def ready(self, cid: int) -> bool:
        """Is it ready (not exhausted)?"""
        return not self.state.cards[cid].exhausted

    def cost(self, cid: int) -> int:
        """Its printed cost (0 for X or none)."""
        cost = self.t.cdef(cid).cost
        return cost if isinstance(cost, int) else 0

    def in_play(self, cid: int) -> bool:
        """Is it on the table?"""
        return cid in self.state.cards and self.state.cards[cid].zone == TABLE

    # --------------------------------------------------------------- seats
    def threat(self, seat: int | None = None) -> int:
        """A seat's threat dial."""
        return self.t.threat(self.seat if seat is None else seat)

    def characters(self, seat: int | None = None) -> list[int]:
        """Heroes and allies a seat controls."""
        return self.t.characters(self.seat if seat is None else seat)

    def heroes(self, seat: int | None = None) -> list[int]:
        """A seat's heroes in play (not the prisoner)."""
        return [h for h in self.t.heroes(self.seat if seat is None else seat)
                if not self.t.is_prisoner(h)]

    def engaged(self, seat: int | None = None) -> list[int]:
        """Enemies engaged with a seat."""
        return self.t.engaged(self.seat if seat is None else seat)

    def staging_enemies(self) -> list[int]:
        """Enemies in the staging area."""
        return self.t.staging(("enemy",))

    def seats(self) -> list[int]:
        """Seats still in the game, from the first player."""
        return self.t.seats_in_order()

    def hand(self, seat: int | None = None) -> list[int]:
        """A seat's hand."""
        st = self.state
        return list(st.zones[st.seat_zone(self.seat if seat is None else seat, "hand")].cards)

    def resources(self, cid: int) -> int:
        """Resources in a hero's pool."""
        return self.t.resources(cid)

    # --------------------------------------------------------------- quest
    def staging_threat(self) -> int:
        """The threat of the staging area now."""
        return self.t.staging_threat()

    def committed(self) -> list[int]:
        """Characters committed to the quest."""
        return self.t.committed()

    def reveal_threats(self) -> list[int]:
        """The threat of each card that may still come out of the encounter deck (its
        contents are known, its order is not); an empty deck is reshuffled from the discard."""
        st = self.state
        out = []
        db = self.t.db.by_code
        for cid in self._unseen_ids():
            cdef = db.get(st.cards[cid].code)
            v = cdef.threat_strength if cdef is not None else 0
            out.append(v if isinstance(v, int) else 0)
        return out or [0]

    def unseen_encounter(self) -> list:
        """The printed facts of the cards that may come out of the encounter deck."""
        st = self.state
        db = self.t.db.by_code
        return [db[st.cards[c].code] for c in self._unseen_ids() if st.cards[c].code in db]

    def _unseen_ids(self) -> list[int]:
        """The cards that may come out of the encounter deck next: the deck's, or, when it
        is empty, the discard pile's (it is reshuffled)."""
        zones = self.state.zones
        pile = zones.get("encounter.deck")
        cards = list(pile.cards) if pile is not None else []
        if not cards:
            pile = zones.get("encounter.discard")
            cards = list(pile.cards) if pile is not None else []
        return cards

    def quest_left(self) -> int:
        """Progress still needed: the active location's and the current stage's."""
        t = self.t
        need = 0
        loc = t.active_location()
        if loc is not None:
            need += max(0, t.stat(loc, "quest_points") - t.progress(loc))
        q = t.quest_card()
        if q is not None:
            need += max(0, t.stat(q, "quest_points") - t.progress(q))
        return need

    def can_defend(self, cid: int) -> bool:
        """May this character defend now?"""
        return self.ready(cid) and not self.t.cannot(cid, "defend")

    def can_attack(self, cid: int) -> bool:
        """May this character attack now?"""
        return self.ready(cid) and not self.t.cannot(cid, "attack")

    def is_character(self, cid: int) -> bool:
        """A hero or an ally?"""
        return self.t.ctype(cid) in CHARACTER_TYPES

    def controller(self, cid: int) -> int | None:
        """Who controls it."""
        return self.t.controller(cid)


def mean(values: list[int]) -> float:
    """The mean (0 for none)."""
    return sum(values) / len(values) if values else 0.0
