"""The card game's card-face painting shared by its fronts and backs: sizes,
colours, fonts, gradients, anti-aliased shapes; the rounded corners are the
window's own (``sprites.corners``, shared with image packs and other games).

All surfaces are opaque with ``CORNER_KEY`` as an RLE-accelerated colorkey:
the pixels outside the rounded corners carry that colour.  The layout is
designed on a 250x350 master card and scales to any size (``_L``).
"""
from __future__ import annotations

import math
import os
from functools import lru_cache

import pygame
import pygame.gfxdraw

from sprites import fonts
from sprites.corners import CORNER_KEY, finish as _finish, radius as _radius  # noqa: F401

CARD_W, CARD_H = 250, 350

ASSETS_DIR = fonts.ASSETS              # the fonts every part of the window uses
FONT_FILES = {
    "title": "LinLibertine_RB.otf",        # names, numbers, type line
    "title_italic": "LinLibertine_RBI.otf",  # traits
    "body": "DejaVuSansCondensed.ttf",      # rules text
    "body_bold": "DejaVuSansCondensed-Bold.ttf",  # keywords, triggers
}
# roles that reuse another file with pygame's synthetic style
_DERIVED_FONTS = {"body_italic": ("body", "italic")}

# ---------------------------------------------------------------- colours --

Color = tuple[int, int, int]

BORDER = (20, 17, 14)
INK = (30, 22, 14)
PARCHMENT = (238, 226, 196)
PARCHMENT_DARK = (214, 196, 154)
GOLD = (212, 172, 84)
GOLD_LIGHT = (246, 222, 150)
WHITE = (250, 247, 238)

# frame colours: main, dark (bottom of the gradient / plates), light (accents)
SPHERE_COLORS: dict[str, tuple[Color, Color, Color]] = {
    "leadership": ((112, 58, 140), (58, 26, 78), (202, 168, 222)),
    "tactics": ((158, 40, 36), (86, 18, 16), (236, 160, 144)),
    "spirit": ((40, 110, 176), (18, 54, 98), (160, 204, 240)),
    "lore": ((48, 122, 58), (20, 66, 28), (168, 216, 160)),
    "neutral": ((124, 122, 116), (66, 64, 60), (210, 208, 200)),
}
TYPE_COLORS: dict[str, tuple[Color, Color, Color]] = {
    "enemy": ((118, 42, 26), (56, 18, 12), (220, 150, 120)),
    "location": ((116, 112, 66), (58, 58, 30), (214, 206, 150)),
    "treachery": ((64, 40, 80), (26, 14, 34), (176, 150, 196)),
    "objective": ((184, 144, 52), (104, 74, 20), (248, 224, 150)),
    "quest": ((150, 116, 70), (86, 62, 34), (236, 214, 170)),
    "quest_b": ((108, 122, 86), (52, 62, 38), (214, 222, 186)),
}

RAISED = (130, 235, 120)       # a current value above the printed one
LOWERED = (255, 120, 96)       # ... below it


class Current(int):
    """A stat's current value where it differs from the printed one (drawn coloured:
    ``value_colour``); ``delta`` is current minus printed."""
    delta: int

    def __new__(cls, value: int, delta: int) -> "Current":
        obj = super().__new__(cls, value)
        obj.delta = delta
        return obj


def value_colour(value, default=WHITE):
    """The ink of a number on a card: green raised, red lowered, else ``default``."""
    delta = getattr(value, "delta", 0)
    return RAISED if delta > 0 else LOWERED if delta < 0 else default


STAT_COLORS = {
    "willpower": (248, 210, 100),
    "attack": (232, 234, 240),
    "defense": (176, 204, 236),
    "health": (226, 64, 58),
    "threat": (250, 136, 52),
    "quest": (240, 226, 170),
}


def _mix(a: Color, b: Color, t: float) -> Color:
    return tuple(int(round(a[i] + (b[i] - a[i]) * t)) for i in range(3))  # type: ignore[return-value]



# ------------------------------------------------------------------ fonts --

_FONTS: dict[tuple[str, int], pygame.font.Font] = {}


def _font(role: str, size: int) -> pygame.font.Font:
    """A cached font for a role ("title", "body", ...) at a pixel size."""
    size = max(5, int(round(size)))
    key = (role, size)
    font = _FONTS.get(key)
    if font is not None:
        return font
    if not pygame.font.get_init():
        pygame.font.init()
    base, style = _DERIVED_FONTS.get(role, (role, None))
    path = os.path.join(ASSETS_DIR, FONT_FILES.get(base, ""))
    try:
        font = pygame.font.Font(path, size)
    except (OSError, FileNotFoundError, pygame.error):
        # pygame's default font is smaller for the same nominal size
        font = pygame.font.Font(None, int(size * 1.3))
        if "bold" in base or base.startswith("title"):
            font.bold = True
        if "italic" in base:
            font.italic = True
    if style == "italic":
        font.italic = True
    _FONTS[key] = font
    return font


def _text(role: str, size: int, text: str, color: Color) -> pygame.Surface:
    return _font(role, size).render(text, True, color)


def _fit_text(role: str, text: str, color: Color, max_w: int, size: int,
              min_size: int) -> pygame.Surface:
    """Render ``text`` one line, shrinking from ``size`` to ``min_size`` to fit
    ``max_w``; condense horizontally as a last resort."""
    size = int(size)
    min_size = int(min(min_size, size))
    while size > min_size and _font(role, size).size(text)[0] > max_w:
        size -= 1
    surf = _text(role, size, text, color)
    if surf.get_width() > max_w > 0:
        surf = pygame.transform.smoothscale(surf, (max_w, surf.get_height()))
    return surf


# -------------------------------------------------------------- utilities --


@lru_cache(maxsize=128)
def _vgradient(w: int, h: int, top: Color, bottom: Color) -> pygame.Surface:
    col = pygame.Surface((1, max(2, h)))
    n = max(2, h)
    for y in range(n):
        col.set_at((0, y), _mix(top, bottom, y / (n - 1)))
    return pygame.transform.scale(col, (max(1, w), max(1, h)))


@lru_cache(maxsize=64)
def _radial(w: int, h: int, inner: Color, outer: Color, cx: float = 0.5,
            cy: float = 0.45, power: float = 1.4) -> pygame.Surface:
    sw, sh = 40, 56
    small = pygame.Surface((sw, sh))
    for y in range(sh):
        for x in range(sw):
            dx = (x + 0.5) / sw - cx
            dy = ((y + 0.5) / sh - cy) * sh / sw
            d = min(1.0, math.hypot(dx, dy) / 0.75)
            small.set_at((x, y), _mix(inner, outer, d ** power))
    return pygame.transform.smoothscale(small, (max(1, w), max(1, h)))


def _rounded_panel(surf: pygame.Surface, rect: pygame.Rect, top: Color, bottom: Color,
                   radius: int) -> None:
    """Blit a vertically graded rounded rectangle."""
    if rect.w <= 0 or rect.h <= 0:
        return
    panel = _rounded_gradient(rect.w, rect.h, top, bottom, radius)
    surf.blit(panel, rect.topleft)


@lru_cache(maxsize=128)
def _rounded_gradient(w: int, h: int, top: Color, bottom: Color, radius: int) -> pygame.Surface:
    panel = pygame.Surface((w, h), pygame.SRCALPHA)
    panel.blit(_vgradient(w, h, top, bottom), (0, 0))
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), (0, 0, w, h), border_radius=radius)
    panel.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return panel


def _aa_circle(surf, center, r, color, outline: Color | None = None) -> None:
    x, y = int(round(center[0])), int(round(center[1]))
    r = int(round(r))
    if r <= 0:
        return
    pygame.gfxdraw.filled_circle(surf, x, y, r, color)
    pygame.gfxdraw.aacircle(surf, x, y, r, outline or color)


def _aa_poly(surf, points, color) -> None:
    pts = [(int(round(px)), int(round(py))) for px, py in points]
    if len(pts) < 3:
        return
    pygame.gfxdraw.filled_polygon(surf, pts, color)
    pygame.gfxdraw.aapolygon(surf, pts, color)



COMPACT_BELOW = 190    # narrower faces use the table layout (name, picture, large numbers)


class _L:
    """Scale helper: base 250x350 units to pixels of the target size."""

    def __init__(self, w: int, h: int):
        self.w, self.h = w, h
        self.sx, self.sy = w / CARD_W, h / CARD_H
        self.s = min(self.sx, self.sy)
        self.compact = w < COMPACT_BELOW

    def r(self, x, y, w, h) -> pygame.Rect:
        x0, y0 = int(round(x * self.sx)), int(round(y * self.sy))
        x1, y1 = int(round((x + w) * self.sx)), int(round((y + h) * self.sy))
        return pygame.Rect(x0, y0, max(1, x1 - x0), max(1, y1 - y0))

    def px(self, v: float, minimum: int = 1) -> int:
        return max(minimum, int(round(v * self.s)))


def _plate(surf, rect: pygame.Rect, fill_top: Color, fill_bot: Color, edge: Color,
           radius: int, edge_w: int = 1) -> None:
    _rounded_panel(surf, rect, fill_top, fill_bot, radius)
    pygame.draw.rect(surf, edge, rect, width=edge_w, border_radius=radius)


