"""The card game's table as the rules engine reads it.

The engine keeps only what the table cannot show (see ``engine.state``) and
reads everything else from the table itself, so that a player can take the
table into their own hands at any moment and the engine continues from the
table as it then is:

- where a card is: the *area* a card on the table lies in is the labelled mat
  under it (``quest``, ``active``, ``staging``, ``p1.engaged``, ``p1.play``...),
  an attachment's area is its host's; a card off the mats counts as being in
  its owner's play area (player cards) or the staging area (encounter cards);
- who controls a card: the seat whose play area it lies in (or the engine's
  record of a change of control);
- tokens (resources, progress, damage), exhaustion, threat dials, the first
  player, the round: as on the table.

Stats are derived each time they are read (printed value, the tokens a player
put on the card by hand, lasting effects and passive abilities), never stored.
Passive abilities come from the card registry the table is given
(``engine.registry``).  Nothing here changes the table: the engine's verbs
(``engine.moves`` and its neighbours) do, through the command's ``Tx``.
"""
from __future__ import annotations

import re
from functools import lru_cache

from collections.abc import MutableMapping
from typing import Any

from tabletop.core.i18n import _
from tabletop.core.model import TABLE, TableState
from tabletop.games.lcg.cards import CardDB, CardDef, core_set
import tabletop.games.lcg.names as names
from tabletop.games.lcg.engine.registry import CardRegistry

PLAYER_TYPES = frozenset({"hero", "ally", "attachment", "event"})
CHARACTER_TYPES = frozenset({"hero", "ally"})
STAT_FIELDS = {"willpower": "willpower", "attack": "attack", "defense": "defense",
               "hitpoints": "health", "threat": "threat_strength",
               "engagement": "engagement_cost", "quest_points": "quest_points"}
# a token that changes a stat by hand (DragnCards' 5-9); "willpower" is threat on encounter cards
STAT_TOKENS = {"willpower": "willpower", "attack": "attack", "defense": "defense",
               "hitpoints": "hitpoints", "threat": "willpower", "engagement": "engagement"}
ELIMINATION_THREAT = 50
# encounter cards that become attachments when they attach (an objective keeps its type)
ENCOUNTER_ATTACHABLE = frozenset({"treachery", "enemy", "location"})


@lru_cache(maxsize=None)
def keywords(code: str) -> dict[str, int]:
    """A card's printed keywords: {"Surge": 1, "Doomed": 1, "Victory": 5, "Sentinel": 1...}."""
    cdef = core_set().by_code.get(code)
    out: dict[str, int] = {}
    if cdef is None:
        return out
    for kw in cdef.keywords:
        m = re.match(r"^(\w[\w ]*?)\s+(\d+)$", kw)
        if m:
            out[m.group(1)] = int(m.group(2))
        else:
            out[kw] = 1
    if cdef.victory and "Victory" not in out:
        out["Victory"] = cdef.victory
    return out


@lru_cache(maxsize=256)
def _seat_of_area(area: str) -> int | None:
    if area.startswith("p") and "." in area:
        head = area.split(".", 1)[0][1:]
        if head.isdigit():
            return int(head) - 1
    return None


def phase_of(step_name: str | None) -> str:
    """"quest" for the step "quest.staging"."""
    return (step_name or "").split(".")[0]


def printed(cdef: CardDef, stat: str) -> int:
    """A printed stat (0 when the card has none)."""
    value = getattr(cdef, STAT_FIELDS[stat], None)
    return value if isinstance(value, int) else 0


class Table:
    """Read-only questions about the card game's table (areas, control, stats),
    with the passives of the cards in ``registry``."""

    def __init__(self, state: TableState, registry: CardRegistry, db: CardDB | None = None,
                 engine: MutableMapping[str, Any] | None = None):
        self.state = state
        self.registry = registry
        self.db = db or core_set()
        self.engine: MutableMapping[str, Any] = engine if engine is not None else {}
        self._regions = [(r.id, r.x, r.y, r.x + r.w, r.y + r.h) for r in state.regions]
        self._areas: dict[int, tuple[float, float, str]] = {}   # card -> (x, y, its area)
        self.nseats = len(state.seats)

    # ------------------------------------------------------------ cards
    def cdef(self, cid: int) -> CardDef:
        """The printed facts of a card."""
        return self.db.by_code[self.state.cards[cid].code]

    def face_down_enemy(self, cid: int) -> dict | None:
        """The stats of a player card turned into a face-down enemy (an Orc Guard), or None."""
        fd = self.engine.get("flags", {}).get("face_down_enemies")
        return fd.get(str(cid)) if fd else None

    def ctype(self, cid: int) -> str:
        """hero, ally, attachment, event, enemy, location, treachery, objective, quest."""
        card = self.state.cards[cid]
        if not card.face_up and card.zone == TABLE and self.face_down_enemy(cid) is not None:
            return "enemy"                # a face-down Orc Guard
        cdef = self.db.by_code.get(card.code)
        if cdef is None:
            return ""
        if cdef.type in ENCOUNTER_ATTACHABLE and (
                card.attached_to is not None and card.attach_kind == "attachment"
                or str(cid) in self.engine.get("flags", {}).get("deck_attachments", ())):
            return "attachment"       # it lost its own type when it attached (FAQ 1.23)
        return cdef.type

    def deck_attachment(self, cid: int) -> int | None:
        """The seat whose deck an encounter card is attached to (Iron Shackles), or None."""
        return self.engine.get("flags", {}).get("deck_attachments", {}).get(str(cid))

    def name(self, cid: int) -> str:
        """A card's printed name (a quest card: the side showing)."""
        fd = self.face_down_enemy(cid)
        if fd is not None:
            return fd.get("name") or "?"
        card = self.state.cards[cid]
        cdef = self.db.by_code.get(card.code)
        if cdef is None:
            return card.code
        return names.card_name(cdef, card.side)   # in the language in force

    def traits(self, cid: int) -> tuple[str, ...]:
        """A card's traits (none while it lies face down on the table)."""
        card = self.state.cards[cid]
        if card.zone == TABLE and not card.face_up:
            return ()
        traits = self.cdef(cid).traits
        if card.zone == TABLE:
            extra = self.registry.traits(self, cid)
            if extra:
                return tuple(traits) + tuple(sorted(extra - set(traits)))
        return traits

    def has_keyword(self, cid: int, kw: str) -> bool:
        """Does a card (face up) have a keyword, printed or given by an effect?"""
        card = self.state.cards[cid]
        if not card.face_up:
            return False
        if kw in keywords(card.code):
            return True
        return any(e.get("keyword") == kw and cid in e.get("targets", ())
                   for e in self.engine.get("effects", ()))

    def keyword_value(self, cid: int, kw: str) -> int:
        """The X of a keyword such as Doomed X or Victory X (0 without it)."""
        return keywords(self.state.cards[cid].code).get(kw, 0)

    # ------------------------------------------------------------ areas
    def area(self, cid: int) -> str:
        """Where a card is: a mat id on the table, or its zone id off the table."""
        st = self.state
        card = st.cards[cid]
        if card.zone != TABLE:
            return card.zone
        if card.attached_to is not None:
            root = st.root(cid)
            if root != cid:
                return self.area(root)
        x, y = card.x, card.y
        hit = self._areas.get(cid)
        if hit is not None and hit[0] == x and hit[1] == y:
            return hit[2]                 # the mats do not move: where it lay, it lies
        area = self._area_at(card, x, y)
        self._areas[cid] = (x, y, area)
        return area

    def _area_at(self, card: Any, x: float, y: float) -> str:
        for rid, x0, y0, x1, y1 in self._regions:
            if x0 <= x <= x1 and y0 <= y <= y1:
                return rid
        # off the mats: a player card is in its owner's play area, an encounter card in
        # the staging area, a quest card is the quest
        if card.origin == "player" and card.owner is not None:
            return f"p{card.owner + 1}.play"
        if card.origin == "quest":
            return "quest"
        return "staging"

    def seat_of_area(self, area: str) -> int | None:
        """2 for "p3.play" or "p3.engaged"; None for a shared area."""
        return _seat_of_area(area)

    def table_cards(self):
        """Ids of the cards on the table that are not attached to another card."""
        cards = self.state.cards
        return [c for c in self.state.table.cards if cards[c].attached_to is None]

    def in_area(self, area: str, types=None) -> list[int]:
        """Unattached face-up cards in an area, in drawing order (left to right
        by position within the area)."""
        st = self.state
        out = [c for c in self.table_cards() if self.area(c) == area and st.cards[c].face_up
               and (types is None or self.ctype(c) in types)]
        out.sort(key=lambda c: (st.cards[c].x, st.cards[c].y))
        return out

    def staging(self, types=None) -> list[int]:
        """Cards in the staging area."""
        return self.in_area("staging", types)

    def active_location(self) -> int | None:
        """The active location, if any."""
        locs = self.in_area("active", ("location",))
        return locs[0] if locs else None

    def quest_card(self) -> int | None:
        """The current quest stage (the quest card on the table; else the top of the quest deck)."""
        st = self.state
        on_table = [c for c in self.table_cards() if self.ctype(c) == "quest" and self.area(c) == "quest"]
        if on_table:
            return on_table[-1]
        deck = st.zones.get("quest.deck")
        return deck.cards[-1] if deck and deck.cards else None

    def engaged(self, seat: int) -> list[int]:
        """Enemies engaged with a seat, highest engagement cost first (then left to right)."""
        st = self.state
        p = f"p{seat + 1}."
        out = [c for c in self.table_cards() if self.ctype(c) == "enemy"
               and (st.cards[c].face_up or self.face_down_enemy(c) is not None)
               and self.area(c) in (p + "engaged", p + "play")]
        out.sort(key=lambda c: (-self.stat(c, "engagement"), st.cards[c].x))
        return out

    def engaged_with(self, cid: int) -> int | None:
        """The seat an enemy is engaged with, if any."""
        area = self.area(cid)
        if area.endswith(".engaged") or area.endswith(".play"):
            return self.seat_of_area(area)
        return None

    def controller(self, cid: int) -> int | None:
        """The seat controlling a card (None for encounter cards not under anyone's control)."""
        st = self.state
        card = st.cards[cid]
        moved = self.engine.get("control", {}).get(str(cid))
        if moved is not None:
            return moved
        if card.origin != "player":
            return None
        if card.zone == TABLE:
            if card.attached_to is None:
                seat = self.seat_of_area(self.area(cid))
                if seat is not None:
                    return seat
            else:
                # an attachment is controlled by the player who controls its host
                # (rulebook, "Control and ownership"); on an encounter card, by its owner
                host = self.state.root(cid)
                if host != cid and self.ctype(host) in CHARACTER_TYPES:
                    return self.controller(host)
        return card.owner

    def characters(self, seat: int) -> list[int]:
        """Face-up heroes and allies a seat controls, in play."""
        st = self.state
        out = [c for c in self.table_cards() if st.cards[c].face_up
               and self.ctype(c) in CHARACTER_TYPES and self.controller(c) == seat
               and not self.is_prisoner(c)]
        out.sort(key=lambda c: (self.ctype(c) != "hero", st.cards[c].x))
        return out

    def heroes(self, seat: int, face_down: bool = False) -> list[int]:
        """Heroes a seat controls in play (with the face-down prisoner if asked)."""
        st = self.state
        cards, by_code = st.cards, self.db.by_code
        out = [c for c in self.table_cards() if (face_down or cards[c].face_up)
               and getattr(by_code.get(cards[c].code), "type", None) == "hero"
               and self.ctype(c) == "hero" and self.controller(c) == seat]
        out.sort(key=lambda c: st.cards[c].x)
        return out

    def is_prisoner(self, cid: int) -> bool:
        """The hero held prisoner in Escape from Dol Guldur (face down, untouchable)."""
        return cid in self.engine.get("prisoners", ())

    def cannot(self, cid: int, what: str) -> bool:
        """Is a card kept from doing ``what`` ("quest", "attack", "defend", "ready",
        "be_attacked"...) by a lasting effect or a passive?"""
        if self.is_prisoner(cid):
            return True
        for eff in self.engine.get("effects", ()):
            if eff.get("cannot") == what and cid in eff.get("targets", ()):
                return True
        return self.registry.cannot(self, cid, what)

    def attachments(self, cid: int, kind: str = "attachment") -> list[int]:
        """Cards attached to a card (``kind`` "attachment" or "shadow")."""
        st = self.state
        return [c for c in st.attachments(cid) if st.cards[c].attach_kind == kind]

    # ------------------------------------------------------------ stats
    def stat(self, cid: int, name: str) -> int:
        """A stat as it is now: printed, plus tokens put on by hand, plus lasting
        effects and passive abilities; never below 0."""
        st = self.state
        card = st.cards[cid]
        fd = self.face_down_enemy(cid)
        if fd is not None:
            return max(0, fd.get(name, 0) + sum(
                e.get("amount", 0) for e in self.engine.get("effects", ())
                if e.get("stat") == name and cid in e.get("targets", ())))
        cdef = self.db.by_code.get(card.code)
        if cdef is None or not card.face_up:
            return 0
        value = printed(cdef, name)
        token = STAT_TOKENS.get(name)
        if name == "willpower" and cdef.type not in PLAYER_TYPES:
            token = None                  # on encounter cards the 5-token is threat
        if token:
            value += card.tokens.get(token, 0)
        for eff in self.engine.get("effects", ()):
            if eff.get("stat") == name and (cid in eff.get("targets", ())
                                            or "area" in eff and self.in_scope(cid, eff)):
                value += eff.get("amount", 0)
        value += self.registry.bonus(self, cid, name)
        return max(0, value)

    def in_scope(self, cid: int, eff: dict) -> bool:
        """Does a lasting effect over an area (an encounter card's, recalculated as
        the table changes: FAQ 1.55) cover this card now?  ``area`` and ``types``."""
        card = self.state.cards[cid]
        if card.zone != TABLE or card.attached_to is not None or not card.face_up:
            return False
        types = eff.get("types")
        return (types is None or self.ctype(cid) in types) and self.area(cid) == eff["area"]

    def damage(self, cid: int) -> int:
        """Damage tokens on a card."""
        return self.state.cards[cid].tokens.get("damage", 0)

    def resources(self, cid: int) -> int:
        """Resource tokens in a hero's resource pool."""
        return self.state.cards[cid].tokens.get("resource", 0)

    def progress(self, cid: int) -> int:
        """Progress tokens on a card."""
        return self.state.cards[cid].tokens.get("progress", 0)

    def threat(self, seat: int) -> int:
        """A seat's threat dial."""
        return self.state.counter(seat, "threat")

    # ------------------------------------------------------------ seats
    def seat_name(self, seat: int | None) -> str:
        """A seat's name ("nobody" for no seat)."""
        if seat is None or not 0 <= seat < self.nseats:
            return _("nobody")
        return self.state.seats[seat].name

    def first_seat(self) -> int | None:
        """The first player still in the game (None when nobody is left)."""
        seats = self.seats_in_order()
        return seats[0] if seats else None

    def rule(self, name: str) -> int:
        """What the passives say of a rule of the round now (``registry.rule``)."""
        return self.registry.rule(self, name)

    def eliminated(self, seat: int) -> bool:
        """Has this seat been eliminated?"""
        return seat in self.engine.get("eliminated", ())

    def seats_in_order(self) -> list[int]:
        """Seats still in the game, from the first player clockwise."""
        n = self.nseats
        first = self.state.first_player
        return [s for s in ((first + i) % n for i in range(n)) if not self.eliminated(s)]

    def staging_threat(self) -> int:
        """Total threat of the cards in the staging area (the active location does not
        count, nor a card an effect keeps from counting)."""
        cards = sum(self.stat(c, "threat") for c in self.staging(("enemy", "location", "treachery",
                                                                   "objective"))
                    if not self.cannot(c, "count_threat"))
        # effects on the total itself (Under the Shadow)
        return max(0, cards + sum(e.get("amount", 0) for e in self.engine.get("effects", ())
                                  if e.get("stat") == "staging_threat"))

    def can(self, cid: int, what: str) -> bool:
        """May a card do something out of the ordinary (``what``: "attack_staging"...)?"""
        return self.registry.can(self, cid, what)

    def committed(self) -> list[int]:
        """Characters committed to the quest (still in play)."""
        st = self.state
        return [c for c in self.engine.get("committed", ()) if c in st.cards
                and st.cards[c].zone == TABLE and self.ctype(c) in CHARACTER_TYPES]

    def committed_willpower(self) -> int:
        """Total willpower of the committed characters."""
        return sum(self.stat(c, "willpower") for c in self.committed())

    def spheres(self, seat: int) -> set[str]:
        """The resource icons of a seat's heroes."""
        out = set()
        for h in self.heroes(seat):
            sphere = self.cdef(h).sphere
            if sphere:
                out.add(sphere)
            out.update(e["sphere"] for e in self.engine.get("effects", ())
                       if e.get("sphere") and h in e.get("targets", ()))
        return out
