"""The War of the Ring map, drawn from its shapes and cached in tiles per zoom step.

Nothing is scanned: the sea, the regions (parchment tinted by their nation),
open borders (thin) and closed ones (thick, with mountain ticks), settlements
drawn by type in their nation's colour and region names are painted with
``pygame.draw`` into 512-pixel tiles.  A tile is painted once per zoom step
and kept (least recently used tiles are dropped past a budget), so a frame is
a dozen blits however the map is panned.
"""
from __future__ import annotations

import math
from collections import OrderedDict

import pygame

from sprites import fonts
from tabletop.core.i18n import _
import tabletop.games.wotr.geo as geo
from tabletop.games.wotr.data import regions

TILE = 512
MAX_TILES = 160
TABLE_BG = (26, 22, 19)
SEA = (64, 98, 132)
SEA_DEEP = (52, 82, 114)
PARCHMENT = (222, 208, 170)
OPEN_LINE = (120, 96, 62)
CLOSED_LINE = (40, 30, 24)
INK = (44, 34, 24)
NATION_COLOURS = {
    "gondor": (70, 110, 185), "rohan": (84, 150, 78), "elves": (60, 160, 160),
    "dwarves": (150, 96, 58), "north": (120, 112, 190), "sauron": (178, 44, 40),
    "isengard": (96, 96, 104), "southrons": (206, 138, 42),
}


def nation_colour(nation: str | None) -> tuple[int, int, int]:
    """A nation's colour (ink for nobody's)."""
    return NATION_COLOURS.get(nation or "", (110, 100, 80))


def _mix(a, b, t: float) -> tuple[int, int, int]:
    return tuple(int(x + (y - x) * t) for x, y in zip(a, b))


def region_fill(rid: str) -> tuple[int, int, int]:
    """Parchment, tinted by the region's nation."""
    nation = regions()[rid].nation
    if nation is None:
        return PARCHMENT
    return _mix(PARCHMENT, nation_colour(nation), 0.22)


class MapTiles:
    """Paints and caches the map's tiles."""

    def __init__(self):
        self.tiles: OrderedDict = OrderedDict()
        self.bounds = {rid: _bbox(s.outline) for rid, s in geo.shapes().items()}
        self.border_bounds = [(_bbox(b.line), b) for b in geo.border_lines()]
        self.painted = 0                       # tiles painted so far (for benchmarks)

    def blit(self, screen: pygame.Surface, camera) -> None:
        """Draw the visible part of the map."""
        z = camera.zoom
        w, h = geo.size()
        ox, oy = camera.to_screen(0, 0)
        cols, rows = math.ceil(w * z / TILE), math.ceil(h * z / TILE)
        sw, sh = screen.get_size()
        for ty in range(max(0, -oy // TILE), min(rows, (sh - oy) // TILE + 1)):
            for tx in range(max(0, -ox // TILE), min(cols, (sw - ox) // TILE + 1)):
                screen.blit(self.tile(camera.zoom_index, z, tx, ty),
                            (ox + tx * TILE, oy + ty * TILE))

    def tile(self, zi: int, z: float, tx: int, ty: int) -> pygame.Surface:
        """One tile (painted on first use)."""
        key = (zi, tx, ty)
        surf = self.tiles.get(key)
        if surf is not None:
            self.tiles.move_to_end(key)
            return surf
        surf = self.paint(z, tx * TILE, ty * TILE)
        self.tiles[key] = surf
        if len(self.tiles) > MAX_TILES:
            self.tiles.popitem(last=False)
        return surf

    def paint(self, z: float, px: int, py: int) -> pygame.Surface:
        """Paint the tile whose top-left pixel is (px, py) at zoom ``z``."""
        self.painted += 1
        surf = pygame.Surface((TILE, TILE))
        surf.fill(TABLE_BG)
        mw, mh = geo.size()
        pygame.draw.rect(surf, SEA, (-px, -py, int(mw * z), int(mh * z)))
        world = (px / z, py / z, (px + TILE) / z, (py + TILE) / z)

        def pt(p):
            return (p[0] * z - px, p[1] * z - py)
        for ring in geo.sea():
            pygame.draw.polygon(surf, SEA_DEEP, [pt(p) for p in ring])
        for rid, s in geo.shapes().items():
            if _overlaps(self.bounds[rid], world):
                pygame.draw.polygon(surf, region_fill(rid), [pt(p) for p in s.outline])
        self._borders(surf, z, pt, world)
        for rid, s in geo.shapes().items():
            if _overlaps(_grow(self.bounds[rid], 40), world):
                self._settlement(surf, rid, pt(s.site), z)
                self._name(surf, rid, pt(s.label), pt(s.site), z)
        pygame.draw.rect(surf, (150, 125, 70), (-px - 2, -py - 2, int(mw * z) + 4,
                                                 int(mh * z) + 4), 2)
        return surf

    def _borders(self, surf, z: float, pt, world) -> None:
        for box, b in self.border_bounds:
            if not _overlaps(_grow(box, 10), world):
                continue
            pts = [pt(p) for p in b.line]
            if len(pts) < 2:
                continue
            if b.open:
                pygame.draw.lines(surf, OPEN_LINE, False, pts, max(1, int(2 * z)))
            else:
                pygame.draw.lines(surf, CLOSED_LINE, False, pts, max(3, int(7 * z)))
                _ticks(surf, pts, max(3.0, 9 * z))

    def _settlement(self, surf, rid: str, at, z: float) -> None:
        info = regions()[rid]
        if not info.settlement:
            return
        draw_settlement(surf, info.settlement, nation_colour(info.army_nation),
                        (at[0], at[1] - 26 * z), max(7, int(15 * z)))

    def _name(self, surf, rid: str, label, site, z: float) -> None:
        size = int(15 * z)
        if size < 8:
            return
        text = fonts.text(_(regions()[rid].name), min(size, 26), INK, "title")
        x = site[0] - text.get_width() / 2
        y = site[1] + 34 * z
        surf.blit(text, (x, y))


def draw_settlement(surf, kind: str, colour, at, r: int) -> None:
    """A Stronghold (a keep with merlons), a City (a walled round), a Town (a
    house) or a Fortification (a wall), in the nation's colour."""
    x, y = int(at[0]), int(at[1])
    edge = (30, 24, 18)
    if kind == "Stronghold":
        body = pygame.Rect(x - r, y - r // 2, 2 * r, int(1.4 * r))
        pygame.draw.rect(surf, colour, body)
        m = max(2, r // 3)
        for i in range(3):
            pygame.draw.rect(surf, colour, (x - r + i * (2 * r - m) // 2, y - r, m, r // 2 + 1))
        pygame.draw.rect(surf, edge, body, max(1, r // 6))
        pygame.draw.rect(surf, edge, (x - m // 2, y + r // 4, m, body.bottom - y - r // 4))
    elif kind == "City":
        pygame.draw.circle(surf, colour, (x, y), r)
        pygame.draw.circle(surf, edge, (x, y), r, max(1, r // 6))
        pygame.draw.circle(surf, edge, (x, y), max(2, r // 2), max(1, r // 7))
    elif kind == "Town":
        pts = [(x - r, y + r // 2), (x - r, y - r // 4), (x, y - r), (x + r, y - r // 4),
               (x + r, y + r // 2)]
        pygame.draw.polygon(surf, colour, pts)
        pygame.draw.polygon(surf, edge, pts, max(1, r // 6))
    else:                                   # Fortification: a wall with a gate
        body = pygame.Rect(x - r, y - r // 3, 2 * r, r)
        pygame.draw.rect(surf, colour, body)
        pygame.draw.rect(surf, edge, body, max(1, r // 6))
        pygame.draw.line(surf, edge, (x, y - r // 3), (x, y + 2 * r // 3), max(1, r // 5))


def _ticks(surf, pts, size: float) -> None:
    """Little peaks along a closed border: mountains no army crosses."""
    step = size * 2.2
    carry = 0.0
    for (x1, y1), (x2, y2) in zip(pts, pts[1:]):
        dx, dy = x2 - x1, y2 - y1
        seg = math.hypot(dx, dy)
        if seg == 0:
            continue
        ux, uy = dx / seg, dy / seg
        d = step - carry
        while d < seg:
            cx, cy = x1 + ux * d, y1 + uy * d
            peak = (cx - uy * size, cy + ux * size)
            pygame.draw.polygon(surf, CLOSED_LINE, [(cx - ux * size * 0.7, cy - uy * size * 0.7),
                                                    peak, (cx + ux * size * 0.7, cy + uy * size * 0.7)])
            d += step
        carry = (carry + seg) % step


def _bbox(points) -> tuple[float, float, float, float]:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def _grow(b, d: float):
    return (b[0] - d, b[1] - d, b[2] + d, b[3] + d)


def _overlaps(a, b) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]
