"""The Ring board: Gollum's track around the Ring, the place where the dice are thrown, a
space for every die, and the table's public state seat by seat (the start player, who is
still choosing, what has been revealed).
"""
from __future__ import annotations

import pygame

import sprites.games.coc.geometry as G
from sprites.games.coc.canvas import FAINT, INK, MARKER, PAPER, Canvas
from tabletop.core.dice import die_type
from tabletop.core.i18n import _
from tabletop.games.coc.data import GameData
from tabletop.games.coc.layout import RING_H, RING_W, RING_X, RING_Y, ROLL_RECT, die_space

GOLD = (214, 170, 60)
DARK = (48, 40, 30)


def render(data: GameData, gollum: int, rows: list[dict], z: float) -> pygame.Surface:
    """The board at zoom ``z``: Gollum on space ``gollum``; ``rows`` one line per seat
    (``name``, ``start``, ``status``, ``note``)."""
    surf = pygame.Surface((int(RING_W * z) + 1, int(RING_H * z) + 1))
    c = Canvas(surf, z)
    c.rect((0, 0, RING_W, RING_H), (190, 160, 96), 0, 12)
    c.rect((5, 5, RING_W - 10, RING_H - 10), PAPER, 0, 10)
    c.rect((0, 0, RING_W, RING_H), INK, 2, 12)
    _gollum_track(c, data, gollum)
    x, y, w, h = ROLL_RECT
    c.rect((x - RING_X, y - RING_Y, w, h), (226, 214, 182), 0, 8)
    c.text(_("throw the dice here"), x - RING_X + w / 2, y - RING_Y + h - 12, 11, FAINT, "center")
    for i, kind in enumerate(data.dice_spaces):
        dx, dy = die_space(i, len(data.dice_spaces))
        colour = die_type(kind).colour
        rect = (dx - RING_X - 22, dy - RING_Y - 22, 44, 44)
        c.rect(rect, colour, 2.5, 6)
    _seats(c, rows)
    return surf


def _gollum_track(c: Canvas, data: GameData, gollum: int) -> None:
    cx, cy = G.GOLLUM_C
    c.circle(cx, cy, G.GOLLUM_R, GOLD, 7)
    c.icon("ring", cx, cy, 24, GOLD)
    c.text(_("Gollum"), cx, cy + 36, 11, FAINT, "center")
    for (kind, key, rect), (arrow, icon) in zip(G.gollum_spots(len(data.gollum_track)),
                                                data.gollum_track):
        x, y, w, h = rect
        c.circle(x + w / 2, y + h / 2, w / 2, (250, 244, 226))
        c.circle(x + w / 2, y + h / 2, w / 2, INK, 1.5)
        if icon:
            _gollum_face(c, x + w / 2, y + h / 2, w * 0.32, (200, 196, 160))
        if arrow:
            c.text("➜", x + w / 2, y + h / 2 - 1, 16, INK, "center")
        c.text(str(key[0] + 1), x + w - 2, y - 2, 9, FAINT, "topright")
        if key[0] == gollum:
            _gollum_face(c, x + w / 2, y + h / 2, w * 0.44, (74, 96, 60), token=True)


def _gollum_face(c: Canvas, x: float, y: float, r: float, skin, token: bool = False) -> None:
    """Gollum: a bald head and two great pale eyes (the token, or the icon on a space)."""
    c.circle(x, y, r, skin)
    if token:
        c.circle(x, y, r, INK, 1.5)
    for dx in (-0.38, 0.38):
        c.circle(x + dx * r, y - 0.05 * r, r * 0.3, (250, 250, 236))
        c.circle(x + dx * r, y - 0.02 * r, r * 0.13, DARK)


def _seats(c: Canvas, rows: list[dict]) -> None:
    x = G.SEATS_X
    c.text(_("At the table"), x, 12, 13, INK, face="ui-bold")
    for i, row in enumerate(rows):
        y = 34 + i * 40
        if row.get("start"):
            c.circle(x + 8, y + 9, 8, GOLD)
            c.text("1", x + 8, y + 9, 10, DARK, "center", "ui-bold")
        c.text(row["name"], x + 22, y + 9, 13, MARKER if row.get("you") else INK, "midleft",
               "ui-bold")
        c.text(row.get("status", ""), x + 22, y + 27, 10.5, FAINT, "midleft")
