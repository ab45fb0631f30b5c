"""Where things sit on the table: the rulebook's recommended layout.

The shared row (quest deck, active location, staging area, encounter deck and
discard, token supply, victory display) runs across the top; each seat gets a
row below it: engaged enemies above, heroes and allies below, the threat dial
on the left and the player deck and discard on the right.
"""
from __future__ import annotations

from .model import CARD_H, CARD_W, Region, Zone

GAP = 24
SHARED_Y = 0.0
SEAT_ROW = CARD_H * 2 + 3 * GAP + 60      # height of one seat's row
LEFT = -760.0
RIGHT = 760.0


def seat_y(seat: int) -> float:
    """Centre line of a seat's heroes row."""
    return SHARED_Y + CARD_H + 2 * GAP + 40 + seat * SEAT_ROW + CARD_H * 1.5 + GAP


def engaged_y(seat: int) -> float:
    return seat_y(seat) - CARD_H - GAP


def shared_regions() -> list[Region]:
    h = CARD_H + 2 * GAP
    top = SHARED_Y - h / 2
    return [
        Region("quest", "Quest", LEFT - CARD_W / 2 - GAP, top, CARD_W + 2 * GAP, h),
        Region("active", "Active location", LEFT + CARD_W + GAP, top, CARD_W + 2 * GAP, h),
        Region("staging", "Staging area", LEFT + 2 * CARD_W + 4 * GAP, top,
               (RIGHT - 2.5 * CARD_W - 4 * GAP) - (LEFT + 2 * CARD_W + 4 * GAP), h),
    ]


def seat_regions(seat: int, name: str) -> list[Region]:
    left = LEFT - CARD_W / 2 - GAP + CARD_W + 2 * GAP
    width = (RIGHT - 1.5 * CARD_W - 2 * GAP) - left
    return [
        Region(f"p{seat + 1}.engaged", f"{name}: engaged enemies", left,
               engaged_y(seat) - CARD_H / 2 - GAP / 2, width, CARD_H + GAP, seat),
        Region(f"p{seat + 1}.play", f"{name}: heroes and allies", left,
               seat_y(seat) - CARD_H / 2 - GAP / 2, width, CARD_H + GAP, seat),
    ]


def shared_zones() -> list[Zone]:
    return [
        Zone("quest.deck", "quest", None, "Quest deck", LEFT, SHARED_Y, True),
        Zone("encounter.deck", "deck", None, "Encounter deck", RIGHT - CARD_W - GAP, SHARED_Y, False),
        Zone("encounter.discard", "discard", None, "Encounter discard", RIGHT, SHARED_Y, True),
        Zone("quest.discard", "discard", None, "Quest discard", LEFT, SHARED_Y - CARD_H - 2 * GAP, True),
        Zone("victory", "victory", None, "Victory display", RIGHT + CARD_W + GAP, SHARED_Y, True),
        Zone("aside", "aside", None, "Set aside", RIGHT + CARD_W + GAP, SHARED_Y - CARD_H - 2 * GAP, True),
    ]


def seat_zones(seat: int, name: str) -> list[Zone]:
    y = seat_y(seat)
    p = f"p{seat + 1}"
    return [
        Zone(f"{p}.deck", "deck", seat, f"{name}'s deck", RIGHT - CARD_W - GAP, y, False),
        Zone(f"{p}.discard", "discard", seat, f"{name}'s discard", RIGHT, y, True),
        Zone(f"{p}.hand", "hand", seat, f"{name}'s hand", 0.0, 0.0, True),
    ]


def hero_spot(seat: int, index: int) -> tuple[float, float]:
    left = LEFT - CARD_W / 2 - GAP + CARD_W + 2 * GAP
    return (left + GAP + CARD_W / 2 + index * (CARD_W + GAP), seat_y(seat))


def dial_spot(seat: int) -> tuple[float, float]:
    """Where a seat's threat dial stands (left of its heroes)."""
    return (LEFT, seat_y(seat) - CARD_H / 2)


def supply_spot() -> tuple[float, float]:
    """Where the token supply lies (beside the encounter deck, as the rulebook says)."""
    return (RIGHT + 2 * (CARD_W + GAP) + 30, SHARED_Y)
