"""Where things sit on the table: the rulebook's recommended layout.

The shared row (quest deck, active location, staging area, encounter deck and
discard, token supply, victory display) runs across the top; each seat gets a
row below it: engaged enemies above, heroes and allies below, the threat dial
on the left and the player deck and discard on the right.
"""
from __future__ import annotations

from tabletop.core.model import CARD_H, CARD_W, Region, TableState, Zone

GAP = 20
SHARED_Y = 0.0
SEAT_ROW = 380.0                          # height of one seat's rows (engaged + heroes)
LEFT = -640.0                             # the current quest stage and threat dials
QUEST_DECK_X = LEFT - 140.0               # the quest deck, left of the current stage
PLAY_LEFT = -580.0                        # left edge of the play mats
PLAY_RIGHT = 305.0                        # right edge of the play mats
DECK_X = 370.0
DISCARD_X = 490.0
SIDE_X = 610.0                            # victory display; other seats' hands
ASIDE_X = 730.0
LABEL = 26                                # room for a mat's label above its cards


def quest_spot() -> tuple[float, float]:
    """Where the current quest stage lies on the table (it takes progress there)."""
    return (LEFT - 20, SHARED_Y + 4)


def seat_y(seat: int) -> float:
    """Centre line of a seat's heroes row."""
    return SHARED_Y + 370.0 + seat * SEAT_ROW


def engaged_y(seat: int) -> float:
    """Centre line of a seat's engaged-enemies row."""
    return seat_y(seat) - 184.0


def _mat(rid, label, left, right, cy, owner=None) -> Region:
    return Region(rid, label, left, cy - CARD_H / 2 - LABEL, right - left, CARD_H + LABEL + 8, owner)


def shared_regions() -> list[Region]:
    """The quest stage, the active location and the staging area."""
    return [
        _mat("quest", "Quest", LEFT - 20 - CARD_W / 2 - 8, LEFT - 20 + CARD_W / 2 + 8, SHARED_Y),
        _mat("active", "Active location", -585.0, -445.0, SHARED_Y),
        _mat("staging", "Staging area", -432.0, PLAY_RIGHT, SHARED_Y),
    ]


def seat_regions(seat: int, name: str) -> list[Region]:
    """A seat's mats: its engagement area and its play area."""
    return [
        _mat(f"p{seat + 1}.engaged", f"{name}: engaged enemies", PLAY_LEFT, PLAY_RIGHT,
             engaged_y(seat), seat),
        _mat(f"p{seat + 1}.play", f"{name}: heroes and allies", PLAY_LEFT, PLAY_RIGHT,
             seat_y(seat), seat),
    ]


def shared_zones() -> list[Zone]:
    """The shared piles: quest and encounter decks and discards, victory display, set aside."""
    return [
        Zone("quest.deck", "quest", None, "Quest deck", QUEST_DECK_X, SHARED_Y, True),
        Zone("encounter.deck", "deck", None, "Encounter deck", DECK_X, SHARED_Y, False),
        Zone("encounter.discard", "discard", None, "Encounter discard", DISCARD_X, SHARED_Y, True),
        Zone("victory", "victory", None, "Victory display", SIDE_X, SHARED_Y, True),
        Zone("aside", "aside", None, "Set aside", ASIDE_X, SHARED_Y, True),
        Zone("quest.discard", "discard", None, "Quest discard", DECK_X, engaged_y(0), True),
    ]


def seat_zones(seat: int, name: str) -> list[Zone]:
    """A seat's piles: deck, discard and hand."""
    y = seat_y(seat)
    p = f"p{seat + 1}"
    return [
        Zone(f"{p}.deck", "deck", seat, f"{name}'s deck", DECK_X, y, False),
        Zone(f"{p}.discard", "discard", seat, f"{name}'s discard", DISCARD_X, y, True),
        Zone(f"{p}.hand", "hand", seat, f"{name}'s hand", 0.0, 0.0, True),
    ]


def hero_spot(seat: int, index: int) -> tuple[float, float]:
    """Where a seat's ``index``-th hero lies at the start."""
    return (PLAY_LEFT + GAP + CARD_W / 2 + index * (CARD_W + GAP), seat_y(seat) + 4)


def dial_spot(seat: int) -> tuple[float, float]:
    """Where a seat's threat dial stands (left of its heroes)."""
    return (LEFT - 10, seat_y(seat) - 20)


def supply_spot() -> tuple[float, float]:
    """Centre of the token supply (beside the encounter deck, as the rulebook says)."""
    return (SIDE_X + 60, engaged_y(0) + 10)


def hidden_hand_spot(seat: int) -> tuple[float, float]:
    """Where another seat's hand is shown as backs with a count."""
    return (SIDE_X, seat_y(seat))


def table_bounds(seats: int) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of everything the layout places."""
    left = QUEST_DECK_X - CARD_W / 2 - GAP
    top = SHARED_Y - CARD_H / 2 - LABEL - GAP
    right = ASIDE_X + CARD_W / 2 + GAP
    bottom = seat_y(max(0, seats - 1)) + CARD_H / 2 + 2 * GAP
    return (left, top, right, bottom)


def free_spot(state: TableState, region_id: str) -> tuple[float, float]:
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
