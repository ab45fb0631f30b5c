"""The table as plain data: what every game shares.

No rules live here and nothing here draws.  A game is played with *pieces*
(``Card``: a card, a figure, a marker; its ``code`` names it in the game's own
catalogue), *zones* that hold them (piles, hands, map regions, the free table),
*seats* with named counters (the card game's threat dial is the counter
``"threat"``), dice, labelled mats, and one *slot* of plain data per game for
what the table cannot show (a rules engine's current step, a pending choice,
secret marks on a player board).

Every zone is a ``Zone`` holding an ordered list of piece ids: piles (decks,
discards), hands, and the free table (``TABLE``), whose order is the drawing
order (last = on top).  Who may look at a zone's contents is its
``visibility`` (see ``tabletop.core.view``).  Positions are table units; a
card is ``CARD_W`` x ``CARD_H`` when ready.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Iterator

CARD_W = 100
CARD_H = 140
TABLE = "table"
ENCOUNTER = None  # owner of encounter/quest cards (no seat)



@dataclass
class Card:
    """A piece in play: a card, a figure or a marker, named by ``code``."""
    id: int
    code: str
    owner: int | None            # seat index; None for encounter and quest cards
    zone: str                    # id of the zone that holds it
    x: float = 0.0               # centre, table units (meaningful on the table)
    y: float = 0.0
    face_up: bool = True
    exhausted: bool = False
    side: str = "A"              # quest cards: "A" or "B"
    tokens: dict[str, int] = field(default_factory=dict)
    attached_to: int | None = None   # host card id while tucked under it
    attach_kind: str = ""        # "attachment" or "shadow" when attached
    origin: str = ""             # "player", "encounter" or "quest": its deck of origin


@dataclass
class Die:
    """A die lying on the table.  Its face is decided by the game's seeded
    randomness and recorded in the log; physics only shows the tumble."""
    id: int
    kind: str                    # a die type id from tabletop/core/data/dice.json
    face: int = 0
    x: float = 0.0
    y: float = 0.0
    angle: float = 0.0           # degrees, as it came to rest


# Who may look at the cards in a zone (cards on the free table are seen by
# everyone when face up).  See tabletop.core.view.
PUBLIC = "public"        # everyone (a discard pile, the victory display)
OWNER = "owner"          # only the seat that owns the zone (a hand, a secret board)
HIDDEN = "hidden"        # nobody: only the count is known (a deck)
VISIBILITIES = (PUBLIC, OWNER, HIDDEN)


def default_visibility(kind: str, face_up: bool) -> str:
    """The visibility a zone of ``kind`` has unless a game says otherwise."""
    if kind == "hand":
        return OWNER
    if kind == "table" or face_up:
        return PUBLIC
    return HIDDEN


@dataclass
class Zone:
    """An ordered holder of pieces: a pile, a hand, a region, the free table."""
    id: str
    kind: str                    # "table", "deck", "discard", "hand", "quest", "victory", "aside"
    owner: int | None = None
    label: str = ""
    x: float = 0.0               # where the pile sits on the table (centre)
    y: float = 0.0
    face_up: bool = False        # are its cards shown face up (discard) or down (deck)
    cards: list[int] = field(default_factory=list)   # bottom .. top
    visibility: str = ""         # PUBLIC, OWNER or HIDDEN; "" = default for its kind

    def __post_init__(self) -> None:
        if not self.visibility:
            self.visibility = default_visibility(self.kind, self.face_up)

    @property
    def top(self) -> int | None:
        """The id of the top card (None for an empty zone)."""
        return self.cards[-1] if self.cards else None


@dataclass
class Seat:
    """A player's place at the table: a name and named counters (dials)."""
    name: str
    counters: dict[str, int] = field(default_factory=dict)


@dataclass
class Region:
    """A labelled mat on the table (staging area, a seat's play area...)."""
    id: str
    label: str
    x: float
    y: float
    w: float
    h: float
    owner: int | None = None


@dataclass
class TableState:
    """The whole table as plain data; ``slots`` holds each game's own state."""
    game: str = "lcg"
    scenario: str = ""
    seed: int = 0
    cards: dict[int, Card] = field(default_factory=dict)
    dice: dict[int, Die] = field(default_factory=dict)
    zones: dict[str, Zone] = field(default_factory=dict)
    seats: list[Seat] = field(default_factory=list)
    regions: list[Region] = field(default_factory=list)
    round: int = 1
    first_player: int = 0
    next_id: int = 1
    options: dict[str, Any] = field(default_factory=dict)
    slots: dict[str, Any] = field(default_factory=dict)   # game slot name -> plain data

    # ----------------------------------------------------------- look-ups
    def zone_of(self, card_id: int) -> Zone:
        """The zone that holds a card."""
        return self.zones[self.cards[card_id].zone]

    @property
    def table(self) -> Zone:
        """The free table: the zone whose order is the drawing order."""
        return self.zones[TABLE]

    def attachments(self, host_id: int) -> list[int]:
        """Cards tucked under ``host_id``, in drawing order."""
        return [cid for cid in self.table.cards
                if self.cards[cid].attached_to == host_id]

    def root(self, card_id: int) -> int:
        """The card an attachment chain hangs from (itself if not attached)."""
        seen = set()
        cid = card_id
        host = self.cards[cid].attached_to
        while host is not None and cid not in seen:
            seen.add(cid)
            cid = host
            host = self.cards[cid].attached_to
        return cid

    def attachment_offset(self, card_id: int) -> tuple[float, float]:
        """Where an attached card sits relative to its host's centre.

        Attachments peek out above the host, shadow cards below it, each one
        further out than the last, so every card stays readable.
        """
        card = self.cards[card_id]
        host = card.attached_to
        if host is None:
            return (0.0, 0.0)
        siblings = [c for c in self.attachments(host)
                    if self.cards[c].attach_kind == card.attach_kind]
        i = siblings.index(card_id) + 1
        if card.attach_kind == "shadow":
            return (CARD_W * 0.12 * i, CARD_H * 0.32 * i)
        return (0.0, -CARD_H * 0.22 * i)

    def position(self, card_id: int) -> tuple[float, float]:
        """Centre of a table card, following its host if attached."""
        card = self.cards[card_id]
        host = card.attached_to
        if host is not None and host in self.cards and host != card_id \
                and self.root(card_id) != card_id:
            hx, hy = self.position(self.root(card_id))
            dx, dy = self.attachment_offset(card_id)
            return (hx + dx, hy + dy)
        return (card.x, card.y)

    def counter(self, seat: int, name: str) -> int:
        """A seat's counter (``"threat"``...), 0 if it has none."""
        return self.seats[seat].counters.get(name, 0)

    def slot(self, name: str) -> dict[str, Any]:
        """A game's slot of plain data (empty when the game stored nothing)."""
        value = self.slots.get(name)
        return value if isinstance(value, dict) else {}

    def seat_zone(self, seat: int, kind: str) -> str:
        """The id of a seat's zone of a kind: ``p1.hand``, ``p2.deck``..."""
        return f"p{seat + 1}.{kind}"

    def discard_zone_for(self, card_id: int) -> str:
        """The discard pile of a card's deck of origin."""
        card = self.cards[card_id]
        if card.origin == "player" and card.owner is not None:
            return self.seat_zone(card.owner, "discard")
        if card.origin == "quest":
            return "quest.discard"
        return "encounter.discard"

    def deck_zone_for(self, card_id: int) -> str:
        """A card's deck of origin."""
        card = self.cards[card_id]
        if card.origin == "player" and card.owner is not None:
            return self.seat_zone(card.owner, "deck")
        if card.origin == "quest":
            return "quest.deck"
        return "encounter.deck"

    def iter_table(self) -> Iterator[Card]:
        """The cards on the free table, bottom to top."""
        for cid in self.table.cards:
            yield self.cards[cid]

    def clone(self) -> "TableState":
        """A deep copy."""
        return copy.deepcopy(self)

    # ------------------------------------------------------- plain data
    def to_data(self) -> dict[str, Any]:
        """A plain-data (msgpack/JSON friendly) snapshot of the whole table."""
        return {
            "game": self.game, "scenario": self.scenario, "seed": self.seed,
            "round": self.round, "first_player": self.first_player,
            "next_id": self.next_id, "options": dict(self.options),
            "seats": [[s.name, dict(s.counters)] for s in self.seats],
            "regions": [[r.id, r.label, r.x, r.y, r.w, r.h, r.owner] for r in self.regions],
            "zones": [[z.id, z.kind, z.owner, z.label, z.x, z.y, z.face_up, list(z.cards),
                       z.visibility] for z in self.zones.values()],
            "cards": [[c.id, c.code, c.owner, c.zone, c.x, c.y, c.face_up, c.exhausted,
                       c.side, dict(c.tokens), c.attached_to, c.attach_kind, c.origin]
                      for c in self.cards.values()],
            "dice": [[d.id, d.kind, d.face, d.x, d.y, d.angle]
                     for d in sorted(self.dice.values(), key=lambda d: d.id)],
            "slots": copy.deepcopy(self.slots),
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> "TableState":
        """A table from its ``to_data()`` snapshot."""
        st = cls(game=data["game"], scenario=data["scenario"], seed=data["seed"],
                 round=data["round"], first_player=data["first_player"],
                 next_id=data["next_id"], options=dict(data.get("options") or {}))
        st.seats = [Seat(n, dict(c)) for n, c in data["seats"]]
        st.regions = [Region(*r) for r in data["regions"]]
        for zid, kind, owner, label, x, y, face_up, cards, vis in data["zones"]:
            st.zones[zid] = Zone(zid, kind, owner, label, x, y, face_up, list(cards), vis)
        for (cid, code, owner, zone, x, y, face_up, exhausted, side, tokens,
             attached_to, attach_kind, origin) in data["cards"]:
            st.cards[cid] = Card(cid, code, owner, zone, x, y, face_up, exhausted, side,
                                 dict(tokens), attached_to, attach_kind, origin)
        for did, kind, face, x, y, angle in data.get("dice") or ():
            st.dice[did] = Die(did, kind, face, x, y, angle)
        st.slots = copy.deepcopy(dict(data.get("slots") or {}))
        return st

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TableState) and self.to_data() == other.to_data()
