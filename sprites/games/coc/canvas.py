"""Drawing in a board's own units at the camera's zoom: boxes as a marker leaves them,
icons, stars, arcs, text.

A ``Canvas`` wraps a surface and a scale; everything is given in board units.  Icons are the
dice's own icon drawings (``sprites.dicefaces``), so a Boot on a board looks like the Boot on
a die.
"""
from __future__ import annotations

import math

import pygame

import sprites.fonts as fonts
from sprites.dicefaces import ICONS, _Pen     # the dice's icon drawings, reused as they are

FELT = (28, 58, 44)                # the table
HUD_BG = (18, 16, 14)              # panels over the table
HUD_INK = (235, 228, 205)
GOLD = (222, 186, 92)
PAPER = (236, 226, 198)
PAPER_DARK = (214, 200, 164)
FP_TINT = (231, 214, 160)          # the gold of the Free Peoples
SH_TINT = (196, 196, 198)          # the grey of the Shadow
INK = (52, 40, 28)
FAINT = (150, 132, 100)
MARKER = (32, 54, 140)             # a blue dry-erase marker
SMUDGE = (170, 176, 196)           # an erased mark leaves a ghost
ARC = (150, 60, 40)                # an action arc printed on the board
ARC_READY = (230, 130, 20)
NATION = {"blue": (44, 88, 170), "green": (40, 128, 70), "brown": (132, 86, 46),
          "red": (172, 34, 34), "yellow": (206, 164, 30), "grey": (110, 112, 118)}


class Canvas:
    """A surface drawn on in board units (scaled by ``z``)."""

    def __init__(self, surface: pygame.Surface, z: float):
        self.s = surface
        self.z = z

    def p(self, v: float) -> int:
        """Board units to pixels."""
        return int(round(v * self.z))

    def r(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """A board rectangle in pixels."""
        return pygame.Rect(self.p(x), self.p(y), max(1, self.p(w)), max(1, self.p(h)))

    def rect(self, rect, colour, width: float = 0, radius: float = 0) -> None:
        """A rectangle (filled when ``width`` is 0)."""
        w = 0 if width == 0 else max(1, self.p(width))
        pygame.draw.rect(self.s, colour, self.r(*rect), w, border_radius=self.p(radius))

    def circle(self, cx: float, cy: float, rad: float, colour, width: float = 0) -> None:
        """A circle (filled when ``width`` is 0)."""
        w = 0 if width == 0 else max(1, self.p(width))
        pygame.draw.circle(self.s, colour, (self.p(cx), self.p(cy)), max(1, self.p(rad)), w)

    def line(self, a, b, colour, width: float = 1) -> None:
        """A straight line."""
        pygame.draw.line(self.s, colour, (self.p(a[0]), self.p(a[1])), (self.p(b[0]), self.p(b[1])),
                         max(1, self.p(width)))

    def text(self, s: str, x: float, y: float, size: float, colour=INK, anchor: str = "topleft",
             face: str = "ui") -> pygame.Rect:
        """Text at a point; ``anchor`` is a pygame.Rect attribute name."""
        img = fonts.text(s, max(7, self.p(size)), colour, face)
        rect = img.get_rect(**{anchor: (self.p(x), self.p(y))})
        self.s.blit(img, rect)
        return rect

    def icon(self, name: str, cx: float, cy: float, rad: float, ink=INK) -> None:
        """A game icon (Boot, Sword...) centred at a point."""
        fn = ICONS.get(name)
        if fn is not None:
            fn(_Pen(self.s, cx * self.z, cy * self.z, rad * self.z, ink, PAPER))

    def icons(self, names, cx: float, cy: float, rad: float, ink=INK) -> None:
        """One or more small icons side by side, centred at a point."""
        n = len(names)
        for i, name in enumerate(names):
            self.icon(name, cx + (i - (n - 1) / 2) * rad * 2.1, cy, rad, ink)

    def mark(self, rect, state: int, shape: str, hint=()) -> None:
        """A box as a marker leaves it: empty (with the icon it gives), an X, or an erased
        ghost of an X."""
        x, y, w, h = rect
        cx, cy = x + w / 2, y + h / 2
        if shape == "circle":
            self.circle(cx, cy, w / 2, (250, 244, 226))
            self.circle(cx, cy, w / 2, INK, 1.3)
        else:
            self.rect(rect, (250, 244, 226))
            self.rect(rect, INK, 1.3)
        if hint:
            self.icons(hint, cx, cy, min(w, h) * (0.3 if len(hint) == 1 else 0.2), FAINT)
        if state == 2:
            self.cross(rect, SMUDGE, 0.14)
        elif state == 1:
            self.cross(rect, MARKER, 0.16)

    def cross(self, rect, colour, weight: float) -> None:
        """A hand-drawn X across a box."""
        x, y, w, h = rect
        k = 0.18
        width = max(w, h) * weight
        self.line((x + w * k, y + h * k), (x + w * (1 - k), y + h * (1 - k)), colour, width)
        self.line((x + w * (1 - k), y + h * k), (x + w * k, y + h * (1 - k)), colour, width)

    def arc(self, rect, ticked: bool, ready: bool) -> None:
        """A character's action arc above a square (orange once ready); ticked once used."""
        x, y, w, h = rect
        colour = MARKER if ticked else (ARC_READY if ready else ARC)
        box = self.r(x + 1, y, w - 2, h * 2.4)
        pygame.draw.arc(self.s, colour, box, 0.2, math.pi - 0.2, max(2, self.p(2.2)))
        if ticked:
            self.line((x + w * 0.25, y + h * 0.35), (x + w * 0.45, y + h * 0.95), MARKER, 1.8)
            self.line((x + w * 0.45, y + h * 0.95), (x + w * 0.8, y - h * 0.5), MARKER, 1.8)

    def star(self, cx: float, cy: float, rad: float, fill, edge=INK) -> None:
        """An 8-pointed star (a location on the maps)."""
        pts = []
        for i in range(16):
            a = math.pi * i / 8 - math.pi / 2
            rr = rad if i % 2 == 0 else rad * 0.62
            pts.append((self.p(cx + rr * math.cos(a)), self.p(cy + rr * math.sin(a))))
        pygame.draw.polygon(self.s, fill, pts)
        pygame.draw.polygon(self.s, edge, pts, max(1, self.p(1.1)))

    def die(self, rect, colour, pips: int) -> None:
        """The small die printed in a call to arms box (one pip: activate, two: motivate)."""
        x, y, w, h = rect
        self.rect((x + w * 0.2, y + h * 0.2, w * 0.6, h * 0.6), colour, 0, 2)
        for i in range(pips):
            px = x + w * (0.5 if pips == 1 else 0.36 + 0.28 * i)
            self.circle(px, y + h / 2, w * 0.07, (250, 250, 250))
