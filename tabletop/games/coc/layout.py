"""Where the shared pieces lie on the table (table units): the Ring board and the dice.

The window draws each seat's boards around these; only the dice are pieces of the shared
table model, so only their places are fixed here.
"""
from __future__ import annotations

RING_W, RING_H = 760.0, 250.0
RING_X, RING_Y = -RING_W / 2, -RING_H / 2          # the Ring board's top-left corner
DIE = 40.0                                           # a die's size
ROLL_RECT = (RING_X + 236.0, RING_Y + 14.0, 290.0, 168.0)   # where thrown dice come to rest


def die_space(index: int, count: int = 8) -> tuple[float, float]:
    """The centre of a die's space on the Ring board (in the order of the board file)."""
    step = (RING_W - 80.0) / max(1, count)
    return (RING_X + 40.0 + step * (index + 0.5), RING_Y + RING_H - 30.0)


def roll_spot(index: int, count: int) -> tuple[float, float]:
    """Where the ``index``-th of ``count`` dice rolled without a throw comes to rest."""
    x, y, w, h = ROLL_RECT
    cols = min(4, max(1, count))
    row, col = divmod(index, cols)
    return (x + w * (col + 0.5) / cols, y + 44.0 + row * 64.0)


def table_bounds() -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of the area dice may roll in."""
    x, y, w, h = ROLL_RECT
    return (x, y, x + w, y + h)
