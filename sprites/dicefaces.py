"""Procedural die faces: a rounded square in the die's colour with an icon.

Everything is drawn with plain ``pygame.draw`` on a supersampled canvas and
scaled down with ``smoothscale``, which anti-aliases every edge.  No image
files, no display needed (works after ``pygame.init()`` with the dummy video
driver).  Results are cached per (die type, face, size).

Icons are drawn in a unit box (-1..1 on both axes, y down) by small functions
registered in ``ICONS``; an unknown icon falls back to the face's text label.
"""
from __future__ import annotations

import math
from typing import Callable, Sequence

import pygame

from tabletop.core.dice import DieType
from tabletop.core.i18n import _

__all__ = ["render_die", "shown_face", "icon_colour", "ICONS", "clear_cache"]

Colour = tuple[int, int, int]
Point = tuple[float, float]

_DARK: Colour = (28, 26, 30)
_LIGHT: Colour = (250, 247, 238)
_GOLD: Colour = (226, 172, 38)
_FIRE: Colour = (255, 150, 30)

_cache: dict[tuple[DieType, int, int], pygame.Surface] = {}


def clear_cache() -> None:
    """Forget every rendered die face."""
    _cache.clear()


def _luma(c: Colour) -> float:
    r, g, b = (x / 255.0 for x in c)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def icon_colour(die_colour: Colour) -> Colour:
    """Ink for icons and pips: dark on light dice, light on dark dice."""
    return _DARK if _luma(die_colour) > 0.5 else _LIGHT


def _shade(c: Colour, k: float) -> Colour:
    if k >= 1.0:
        return tuple(int(x + (255 - x) * (k - 1.0)) for x in c)  # type: ignore[return-value]
    return tuple(int(x * k) for x in c)  # type: ignore[return-value]


class _Pen:
    """Maps the unit icon box (-1..1, y down) onto a square on a surface."""

    def __init__(self, surf: pygame.Surface, cx: float, cy: float, r: float,
                 ink: Colour, die: Colour):
        self.surf, self.cx, self.cy, self.r = surf, cx, cy, r
        self.ink, self.die = ink, die

    def pt(self, x: float, y: float) -> tuple[int, int]:
        return (round(self.cx + x * self.r), round(self.cy + y * self.r))

    def poly(self, pts: Sequence[Point], colour: Colour | None = None) -> None:
        pygame.draw.polygon(self.surf, colour or self.ink, [self.pt(*p) for p in pts])

    def circle(self, x: float, y: float, rad: float, colour: Colour | None = None,
               width: float = 0) -> None:
        w = 0 if width == 0 else max(1, round(width * self.r))
        pygame.draw.circle(self.surf, colour or self.ink, self.pt(x, y),
                           max(1, round(rad * self.r)), w)

    def rect(self, x0: float, y0: float, x1: float, y1: float,
             colour: Colour | None = None, radius: float = 0) -> None:
        a, b = self.pt(x0, y0), self.pt(x1, y1)
        pygame.draw.rect(self.surf, colour or self.ink,
                         pygame.Rect(a[0], a[1], b[0] - a[0], b[1] - a[1]),
                         border_radius=round(radius * self.r))

    def thick(self, pts: Sequence[Point], width: float,
              colour: Colour | None = None) -> None:
        """A polyline of the given width with round joins and ends."""
        col = colour or self.ink
        for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
            dx, dy = x1 - x0, y1 - y0
            n = math.hypot(dx, dy) or 1.0
            ox, oy = -dy / n * width / 2, dx / n * width / 2
            self.poly([(x0 + ox, y0 + oy), (x1 + ox, y1 + oy),
                       (x1 - ox, y1 - oy), (x0 - ox, y0 - oy)], col)
        for x, y in pts:
            self.circle(x, y, width / 2, col)

    def sub(self, dx: float, dy: float, scale: float) -> "_Pen":
        """A pen for a smaller icon box centred at (dx, dy) of this one."""
        cx, cy = self.pt(dx, dy)
        return _Pen(self.surf, cx, cy, self.r * scale, self.ink, self.die)


def _rot(pts: Sequence[Point], deg: float, ox: float = 0, oy: float = 0) -> list[Point]:
    a = math.radians(deg)
    c, s = math.cos(a), math.sin(a)
    return [(ox + x * c - y * s, oy + x * s + y * c) for x, y in pts]


# -- icons ---------------------------------------------------------------------

_PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


def _pips(n: int) -> Callable[[_Pen], None]:
    def draw(p: _Pen) -> None:
        for x, y in _PIPS[n]:
            p.circle(x * 0.62, y * 0.62, 0.2 if n > 1 else 0.27)
    return draw


def _character(p: _Pen) -> None:
    p.circle(0, -0.42, 0.32)                                     # head
    pts = [(0.78 * math.cos(a), 0.78 + 0.78 * math.sin(a))        # shoulders
           for a in [math.pi + i * math.pi / 20 for i in range(21)]]
    p.poly(pts + [(0.78, 0.82), (-0.78, 0.82)])
    p.poly([(-0.35, 0.0), (0.35, 0.0), (0.0, 0.3)], p.die)         # collar notch


_SWORD = [(0, -0.98), (0.17, -0.74), (0.17, 0.24), (0.5, 0.24), (0.5, 0.42),
          (0.12, 0.42), (0.12, 0.7), (-0.12, 0.7), (-0.12, 0.42), (-0.5, 0.42),
          (-0.5, 0.24), (-0.17, 0.24), (-0.17, -0.74)]


def _sword_at(p: _Pen, deg: float, scale: float = 1.0) -> None:
    pts = [(x * scale, y * scale) for x, y in _SWORD]
    p.poly(_rot(pts, deg))
    cx, cy = _rot([(0, 0.84 * scale)], deg)[0]
    p.circle(cx, cy, 0.15 * scale)                                # pommel


def _sword(p: _Pen) -> None:
    _sword_at(p, 0)


_SHORT_SWORD = [(0, -1.0), (0.2, -0.74), (0.2, 0.3), (0.42, 0.3), (0.42, 0.48),
                (0.13, 0.48), (0.13, 0.9), (-0.13, 0.9), (-0.13, 0.48), (-0.42, 0.48),
                (-0.42, 0.3), (-0.2, 0.3), (-0.2, -0.74)]


def _army(p: _Pen) -> None:
    # two crossed swords, the upper one outlined so the crossing stays readable
    for i, deg in enumerate((-42, 42)):
        pts = _rot(_SHORT_SWORD, deg)
        if i:
            p.thick(pts + pts[:1], 0.16, p.die)
        p.poly(pts)


def _muster(p: _Pen) -> None:
    p.rect(-0.62, -0.92, -0.46, 0.92, radius=0.05)                # pole
    p.circle(-0.54, -0.92, 0.11)                                  # finial
    p.poly([(-0.46, -0.78), (0.8, -0.78), (0.42, -0.36), (0.8, 0.06),
            (-0.46, 0.06)])                                       # swallow-tail flag
    p.rect(-0.8, 0.8, -0.28, 0.94, radius=0.04)                   # foot


def _event(p: _Pen) -> None:
    # a palantir: a seeing-stone resting in a cradle
    p.poly([(-0.62, 0.2), (0.62, 0.2), (0.36, 0.6), (0.7, 0.94), (-0.7, 0.94),
            (-0.36, 0.6)])
    p.circle(0, -0.2, 0.8, p.die)                                 # gap around the stone
    p.circle(0, -0.2, 0.66)
    p.circle(-0.26, -0.44, 0.15, p.die)                           # glint


def _will_of_the_west(p: _Pen) -> None:
    p.thick([(-0.82, -0.5), (-0.42, 0.66), (0.0, -0.12), (0.42, 0.66), (0.82, -0.5)],
            0.26)
    # a small four-pointed star above the W
    s = [(0, -0.98), (0.1, -0.76), (0.3, -0.68), (0.1, -0.6), (0, -0.38),
         (-0.1, -0.6), (-0.3, -0.68), (-0.1, -0.76)]
    p.poly(s)


def _eye(p: _Pen) -> None:
    n = 24
    top = [(-0.96 + 1.92 * i / n, -0.62 * (1 - ((-0.96 + 1.92 * i / n) / 0.96) ** 2))
           for i in range(n + 1)]
    bottom = [(x, -y) for x, y in reversed(top)]
    outline = [(x * 1.08, y * 1.2) for x, y in top + bottom]
    p.poly(outline, p.ink)                                        # rim in ink
    p.poly(top + bottom, _FIRE)
    pupil = [(0.17 * (1 - (y / 0.56) ** 2), y) for y in
             [-0.56 + 1.12 * i / 16 for i in range(17)]]
    pupil += [(-x, y) for x, y in reversed(pupil)]
    p.poly(pupil, _DARK)


def _time(p: _Pen) -> None:
    p.rect(-0.66, -0.94, 0.66, -0.74, radius=0.06)
    p.rect(-0.66, 0.74, 0.66, 0.94, radius=0.06)
    glass = [(-0.5, -0.74), (0.5, -0.74), (0.1, -0.04), (0.1, 0.04), (0.5, 0.74),
             (-0.5, 0.74), (-0.1, 0.04), (-0.1, -0.04)]
    p.thick(glass + glass[:1], 0.12)
    p.poly([(-0.28, -0.48), (0.28, -0.48), (0.0, -0.06)])         # sand above
    p.poly([(0.0, 0.3), (0.38, 0.7), (-0.38, 0.7)])               # sand below


def _boot(p: _Pen) -> None:
    p.poly([(-0.5, -0.9), (0.16, -0.9), (0.2, 0.12), (0.58, 0.24), (0.84, 0.44),
            (0.86, 0.66), (-0.5, 0.66), (-0.56, 0.3)])
    p.rect(-0.56, 0.7, 0.86, 0.88, radius=0.05)                   # sole
    p.rect(-0.56, -0.78, 0.22, -0.66, p.die)                      # cuff line


def _bezier(p0: Point, p1: Point, p2: Point, t: float) -> Point:
    u = 1 - t
    return (u * u * p0[0] + 2 * u * t * p1[0] + t * t * p2[0],
            u * u * p0[1] + 2 * u * t * p1[1] + t * t * p2[1])


def _horn(p: _Pen) -> None:
    # a curved hunting horn: narrow mouthpiece upper left, wide bell upper right
    p0, p1, p2 = (-0.94, -0.5), (-0.3, 1.25), (0.6, -0.12)
    n = 24
    left, right, frames = [], [], []
    for i in range(n + 1):
        t = i / n
        x, y = _bezier(p0, p1, p2, t)
        x2, y2 = _bezier(p0, p1, p2, min(1.0, t + 0.01))
        x1, y1 = _bezier(p0, p1, p2, max(0.0, t - 0.01))
        tx, ty = x2 - x1, y2 - y1
        k = math.hypot(tx, ty) or 1.0
        nx, ny = -ty / k, tx / k
        w = 0.08 + 0.32 * t ** 1.6
        left.append((x + nx * w, y + ny * w))
        right.append((x - nx * w, y - ny * w))
        frames.append((x, y, tx / k, ty / k, nx, ny, w))
    p.poly(left + list(reversed(right)))
    for t_band in (0.6,):                                   # metal bands
        x, y, tx, ty, nx, ny, w = frames[round(t_band * n)]
        a = (x + nx * (w + 0.02), y + ny * (w + 0.02))
        b = (x - nx * (w + 0.02), y - ny * (w + 0.02))
        p.thick([a, b], 0.09, p.die)
    x, y, tx, ty, nx, ny, w = frames[-1]                          # bell mouth
    rim = [(x + nx * (w + 0.1) * math.cos(a) + tx * 0.2 * math.sin(a),
            y + ny * (w + 0.1) * math.cos(a) + ty * 0.2 * math.sin(a))
           for a in [2 * math.pi * i / 28 for i in range(28)]]
    p.poly(rim)
    hole = [(x + nx * (w - 0.02) * math.cos(a) + tx * 0.1 * math.sin(a),
             y + ny * (w - 0.02) * math.cos(a) + ty * 0.1 * math.sin(a))
            for a in [2 * math.pi * i / 28 for i in range(28)]]
    p.poly(hole, _shade(p.die, 0.7))


def _ring(p: _Pen) -> None:
    p.circle(0, 0, 0.74, p.ink)
    p.circle(0, 0, 0.66, _GOLD)
    p.circle(0, 0, 0.44, p.ink)
    p.circle(0, 0, 0.38, p.die)
    p.circle(-0.34, -0.42, 0.08, _LIGHT)                          # glint


def _blank(p: _Pen) -> None:
    return None


ICONS: dict[str, Callable[[_Pen], None]] = {
    **{str(n): _pips(n) for n in range(1, 7)},
    "character": _character,
    "army": _army,
    "muster": _muster,
    "event": _event,
    "will_of_the_west": _will_of_the_west,
    "eye": _eye,
    "time": _time,
    "boot": _boot,
    "sword": _sword,
    "horn": _horn,
    "ring": _ring,
    "blank": _blank,
}


def _label(p: _Pen, text: str, px: int) -> None:
    font_px = max(8, round(p.r * 0.9))
    font = pygame.font.Font(None, font_px)
    img = font.render(text, True, p.ink)
    limit = 2 * p.r
    if img.get_width() > limit:
        k = limit / img.get_width()
        img = pygame.transform.smoothscale(
            img, (max(1, int(img.get_width() * k)), max(1, int(img.get_height() * k))))
    p.surf.blit(img, img.get_rect(center=(round(p.cx), round(p.cy))))


def _draw_face(surf: pygame.Surface, die: DieType, face_index: int, side: int) -> None:
    colour = die.colour
    ink = icon_colour(colour)
    radius = round(side * 0.18)
    edge = _shade(colour, 0.62 if _luma(colour) > 0.5 else 0.55)
    rect = surf.get_rect()
    pygame.draw.rect(surf, edge, rect, border_radius=radius)
    inner = rect.inflate(-round(side * 0.05), -round(side * 0.05))
    pygame.draw.rect(surf, colour, inner, border_radius=round(radius * 0.85))
    hi = inner.inflate(-round(side * 0.1), -round(side * 0.1))
    hi.height = round(side * 0.08)
    pygame.draw.rect(surf, _shade(colour, 1.18), hi, border_radius=hi.height // 2)

    pen = _Pen(surf, side / 2, side / 2, side * 0.36, ink, colour)
    icons = die.icons[face_index]
    if len(icons) == 1:
        _draw_icon(pen, icons[0], die, face_index, side)
    elif len(icons) >= 2:
        # two icons on a diagonal, split by a thin line
        pygame.draw.line(surf, _shade(colour, 0.8) if ink == _LIGHT else _shade(colour, 0.75),
                         pen.pt(0.95, -0.95), pen.pt(-0.95, 0.95),
                         max(1, round(side * 0.02)))
        _draw_icon(pen.sub(-0.44, -0.44, 0.62), icons[0], die, face_index, side)
        _draw_icon(pen.sub(0.44, 0.44, 0.62), icons[1], die, face_index, side)


def _draw_icon(pen: _Pen, icon: str, die: DieType, face_index: int, side: int) -> None:
    fn = ICONS.get(icon)
    if fn is None:
        _label(pen, _(die.labels[face_index]), side)
    else:
        fn(pen)


def render_die(die_type: DieType, face_index: int, size: int) -> pygame.Surface:
    """A ``size`` x ``size`` per-pixel-alpha surface of one face (cached)."""
    size = max(4, int(size))
    key = (die_type, face_index, size)
    surf = _cache.get(key)
    if surf is not None:
        return surf
    if not 0 <= face_index < die_type.n_faces:
        raise IndexError(f"{die_type.id} has no face {face_index}")
    if not pygame.font.get_init():
        pygame.font.init()
    ss = 4 if size <= 128 else 2 if size <= 512 else 1
    big = pygame.Surface((size * ss, size * ss), pygame.SRCALPHA)
    _draw_face(big, die_type, face_index, size * ss)
    surf = pygame.transform.smoothscale(big, (size, size)) if ss > 1 else big
    _cache[key] = surf
    return surf


def shown_face(final_face: int, n_faces: int, tumble: float, clock: float,
               salt: int = 0) -> int:
    """Face to draw now: the engine's face once settled, flicker before.

    ``tumble`` comes from ``DiceWorld.tumble``; ``clock`` is any running time
    in seconds; ``salt`` (e.g. the die's id hash) de-synchronises dice.  The
    flicker is a pure function of its arguments and never touches the game's
    random generator.
    """
    if tumble <= 0.0 or n_faces <= 1:
        return final_face
    rate = 4.0 + 14.0 * min(1.0, tumble)          # face changes per second
    tick = int(clock * rate) + salt * 7919
    h = (tick * 2654435761 + salt * 40503) & 0xFFFFFFFF
    h ^= h >> 15
    h = (h * 2246822519) & 0xFFFFFFFF
    h ^= h >> 13
    return h % n_faces
