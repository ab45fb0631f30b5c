"""Where things sit on the table: the rulebook's recommended layout.

The shared row (quest deck and the current stage, active location, staging
area, encounter deck and discard, victory display, set aside, quest discard,
token supply) runs across the top.  Below it each seat has a block, two blocks
side by side per row (as players sit round a real table, every play area in
sight): engaged enemies above, heroes and allies below, the threat dial on the
left and the player's discard and deck on the right.  Heroes stand a turned
card's width apart, so exhausting them never covers a neighbour.
"""
from __future__ import annotations

from tabletop.core.model import CARD_H, CARD_W, Region, TableState, Zone

GAP = 20
SHARED_Y = 0.0
LEFT = -640.0                             # the current quest stage
QUEST_DECK_X = LEFT - 140.0               # the quest deck, left of the current stage
PLAY_RIGHT = 305.0                        # right edge of the staging area
DECK_X = 370.0
DISCARD_X = 490.0
SIDE_X = 610.0                            # victory display
ASIDE_X = 730.0
QUEST_DISCARD_X = 850.0
SUPPLY_X = 1000.0                         # the token supply, at the right end of the shared row
LABEL = 26                                # room for a mat's label above its cards
SHARED_LEFT = QUEST_DECK_X - CARD_W / 2 - GAP
SHARED_RIGHT = SUPPLY_X + 95.0

# A seat's block, left to right: its threat dial (and, for other seats, the hand's backs),
# its two mats (engaged enemies above, heroes and allies below), its discard and deck.
# Blocks sit side by side under the shared row, two to a row, as players sit round a table.
SEAT_COLUMN = 180.0                       # the dial column left of the mats
MAT_W = 960.0                             # six exhausted cards side by side
BLOCK_W = SEAT_COLUMN + MAT_W + 12 + CARD_W + 10
BLOCK_GAP = 60.0
ROW_GAP = 420.0                           # from one row of seats to the next
ENGAGED_Y = SHARED_Y + 216.0              # the first row's engaged enemies (room for pile labels)
PLAY_DY = 184.0                           # from a seat's engaged row to its heroes row
HERO_STEP = CARD_H + GAP                  # heroes side by side: turned, they still do not touch


def _columns(seats: int) -> int:
    return 1 if seats <= 1 else 2


def seat_left(seat: int, seats: int = 1) -> float:
    """The left edge of a seat's block (its dial column)."""
    cols = _columns(seats)
    total = cols * BLOCK_W + (cols - 1) * BLOCK_GAP
    left = (SHARED_LEFT + SHARED_RIGHT) / 2 - total / 2
    return left + (seat % cols) * (BLOCK_W + BLOCK_GAP)


def play_left(seat: int, seats: int = 1) -> float:
    """The left edge of a seat's mats."""
    return seat_left(seat, seats) + SEAT_COLUMN


def quest_spot() -> tuple[float, float]:
    """Where the current quest stage lies on the table (it takes progress there)."""
    return (LEFT - 20, SHARED_Y + 4)


def engaged_y(seat: int, seats: int = 1) -> float:
    """Centre line of a seat's engaged enemies row."""
    return ENGAGED_Y + (seat // _columns(seats)) * ROW_GAP


def seat_y(seat: int, seats: int = 1) -> float:
    """Centre line of a seat's heroes row."""
    return engaged_y(seat, seats) + PLAY_DY


def _mat(rid, label, left, right, cy, owner=None) -> Region:
    return Region(rid, label, left, cy - CARD_H / 2 - LABEL, right - left, CARD_H + LABEL + 8, owner)


def shared_regions() -> list[Region]:
    """The quest stage, the active location and the staging area."""
    return [
        _mat("quest", "Quest", LEFT - 20 - CARD_W / 2 - 8, LEFT - 20 + CARD_W / 2 + 8, SHARED_Y),
        _mat("active", "Active location", -585.0, -445.0, SHARED_Y),
        _mat("staging", "Staging area", -432.0, PLAY_RIGHT, SHARED_Y),
    ]


def seat_regions(seat: int, name: str, seats: int = 1) -> list[Region]:
    """A seat's mats: its engagement area and its play area."""
    left = play_left(seat, seats)
    return [
        _mat(f"p{seat + 1}.engaged", f"{name}: engaged enemies", left, left + MAT_W,
             engaged_y(seat, seats), seat),
        _mat(f"p{seat + 1}.play", f"{name}: heroes and allies", left, left + MAT_W,
             seat_y(seat, seats), seat),
    ]


def shared_zones() -> list[Zone]:
    """The shared piles: quest and encounter decks and discards, victory display, set aside."""
    return [
        Zone("quest.deck", "quest", None, "Quest deck", QUEST_DECK_X, SHARED_Y, True),
        Zone("encounter.deck", "deck", None, "Encounter deck", DECK_X, SHARED_Y, False),
        Zone("encounter.discard", "discard", None, "Encounter discard", DISCARD_X, SHARED_Y, True),
        Zone("victory", "victory", None, "Victory display", SIDE_X, SHARED_Y, True),
        Zone("aside", "aside", None, "Set aside", ASIDE_X, SHARED_Y, True),
        Zone("quest.discard", "discard", None, "Quest discard", QUEST_DISCARD_X, SHARED_Y, True),
    ]


def seat_zones(seat: int, name: str, seats: int = 1) -> list[Zone]:
    """A seat's piles: deck, discard and hand."""
    x = play_left(seat, seats) + MAT_W + 12 + CARD_W / 2
    p = f"p{seat + 1}"
    return [
        Zone(f"{p}.deck", "deck", seat, f"{name}'s deck", x, seat_y(seat, seats), False),
        Zone(f"{p}.discard", "discard", seat, f"{name}'s discard", x, engaged_y(seat, seats), True),
        Zone(f"{p}.hand", "hand", seat, f"{name}'s hand", 0.0, 0.0, True),
    ]


def hero_spot(seat: int, index: int, seats: int = 1) -> tuple[float, float]:
    """Where a seat's ``index``-th hero lies at the start."""
    return (play_left(seat, seats) + GAP + CARD_H / 2 + index * HERO_STEP, seat_y(seat, seats) + 4)


def _play_mat(state: TableState, seat: int) -> Region | None:
    return next((r for r in state.regions if r.id == f"p{seat + 1}.play"), None)


def dial_spot(state: TableState, seat: int) -> tuple[float, float]:
    """Where a seat's threat dial stands: left of its heroes (read from its mat, so a
    table laid out by an older version keeps its dials beside its mats)."""
    mat = _play_mat(state, seat)
    if mat is None:
        return (seat_left(seat, len(state.seats)) + SEAT_COLUMN / 2, seat_y(seat, len(state.seats)) - 20)
    return (mat.x - SEAT_COLUMN / 2, mat.y + LABEL + CARD_H / 2 - 20)


def hidden_hand_spot(state: TableState, seat: int) -> tuple[float, float]:
    """Where another seat's hand is shown as backs with a count: above its dial."""
    x, y = dial_spot(state, seat)
    return (x, y - PLAY_DY + 4)


def supply_spot() -> tuple[float, float]:
    """Centre of the token supply (beside the encounter deck, as the rulebook says)."""
    return (SUPPLY_X, SHARED_Y)


def table_bounds(seats: int) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of everything the layout places."""
    cols = _columns(seats)
    left = min(SHARED_LEFT, seat_left(0, seats)) - GAP
    right = max(SHARED_RIGHT, seat_left(cols - 1, seats) + BLOCK_W) + GAP
    top = SHARED_Y - CARD_H / 2 - LABEL - GAP
    bottom = seat_y(max(0, seats - 1), seats) + CARD_H / 2 + 2 * GAP
    return (left, top, right, bottom)


def state_bounds(state: TableState) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of the mats, piles and dials of a table as it is laid
    out (an older table keeps its own layout)."""
    left, top, right, bottom = table_bounds(len(state.seats)) if not state.regions else \
        (SHARED_LEFT - GAP, SHARED_Y - CARD_H / 2 - LABEL - GAP, SHARED_RIGHT + GAP, SHARED_Y)
    for r in state.regions:
        left, top = min(left, r.x - GAP), min(top, r.y - GAP)
        right, bottom = max(right, r.x + r.w + GAP), max(bottom, r.y + r.h + GAP)
    for z in state.zones.values():
        if z.kind not in ("table", "hand"):
            left, right = min(left, z.x - CARD_W / 2 - GAP), max(right, z.x + CARD_W / 2 + GAP)
            top, bottom = min(top, z.y - CARD_H / 2 - GAP), max(bottom, z.y + CARD_H / 2 + 2 * GAP)
    for seat in range(len(state.seats)):
        x, y = dial_spot(state, seat)
        left = min(left, x - SEAT_COLUMN / 2)
    return (left, top, right, bottom)


def free_spot(state: TableState, region_id: str) -> tuple[float, float]:
    """The first empty slot, left to right, in a region (for revealed cards)."""
    region = next((r for r in state.regions if r.id == region_id), None)
    if region is None:
        return (0.0, 0.0)
    # a player's cards may be turned (exhausted): their slots are a turned card apart,
    # in line with the heroes
    turning = region.id.endswith(".play")
    step = HERO_STEP if turning else CARD_W + 12
    near = (CARD_H if turning else CARD_W) * 0.6
    y = region.y + region.h - CARD_H / 2 - 4
    taken = [state.position(c) for c in state.table.cards
             if state.cards[c].attached_to is None]
    x = region.x + (GAP + CARD_H / 2 if turning else step / 2 + 6)
    while x < region.x + region.w - CARD_W / 2:
        if all(abs(px - x) > near or abs(py - y) > CARD_H * 0.6 for px, py in taken):
            return (x, y)
        x += step
    return (region.x + region.w - CARD_W / 2 - 6, y)
