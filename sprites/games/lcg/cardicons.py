"""Icons (stats, spheres, card types) and the small procedural landscapes on card faces.

Icons are drawn on a 100x100 canvas at 4x, then smooth-scaled and cached.
"""
from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

from sprites.games.lcg.cardpaint import Color, _aa_circle, _aa_poly, _mix, _vgradient

_ICON_SS = 4


def _star_points(cx, cy, r_out, r_in, n, rot=-math.pi / 2):
    pts = []
    for i in range(n * 2):
        r = r_out if i % 2 == 0 else r_in
        a = rot + i * math.pi / n
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


class _Pen:
    """What an icon drawer draws with: the 4x canvas, its scale (``k`` pixels a unit of
    the 100x100 design), the colour and a darker shade of it."""

    def __init__(self, s: pygame.Surface, color: Color):
        self.s = s
        self.color = color
        self.k = s.get_width() / 100.0
        self.dark = _mix(color, (0, 0, 0), 0.55)

    def P(self, pts):
        """Design units to canvas pixels."""
        return [(x * self.k, y * self.k) for x, y in pts]

    def C(self, x, y, r, c):
        """A filled circle in design units."""
        pygame.draw.circle(self.s, c, (x * self.k, y * self.k), r * self.k)


def _icon_willpower(p: _Pen) -> None:
    """A sun: disc and sixteen rays."""
    s, color = p.s, p.color
    P, C = p.P, p.C
    for i in range(16):
        long = i % 2 == 0
        a = i * math.pi / 8 - math.pi / 2
        r1, r2, hw = (24, 49, 0.16) if long else (24, 40, 0.13)
        pts = [(50 + r1 * math.cos(a - hw), 50 + r1 * math.sin(a - hw)),
               (50 + r2 * math.cos(a), 50 + r2 * math.sin(a)),
               (50 + r1 * math.cos(a + hw), 50 + r1 * math.sin(a + hw))]
        pygame.draw.polygon(s, color, P(pts))
    C(50, 50, 24, color)
    C(50, 50, 16, _mix(color, (255, 255, 255), 0.45))


def _icon_attack(p: _Pen) -> None:
    """An upright sword, drawn then tilted."""
    s, color, dark, k = p.s, p.color, p.dark, p.k
    P = p.P
    tmp = pygame.Surface(s.get_size(), pygame.SRCALPHA)
    tmp.fill((*color, 0))
    blade = [(50, 0), (61, 15), (61, 66), (39, 66), (39, 15)]
    pygame.draw.polygon(tmp, color, P(blade))
    pygame.draw.line(tmp, dark, (50 * k, 12 * k), (50 * k, 62 * k), max(1, int(2.5 * k)))
    pygame.draw.rect(tmp, color, pygame.Rect(22 * k, 63 * k, 56 * k, 11 * k),
                     border_radius=int(4 * k))
    pygame.draw.rect(tmp, _mix(color, (120, 80, 40), 0.6),
                     pygame.Rect(44 * k, 73 * k, 12 * k, 16 * k))
    pygame.draw.circle(tmp, color, (50 * k, 92 * k), 7.5 * k)
    rot = pygame.transform.rotate(tmp, -40)
    s.blit(rot, rot.get_rect(center=s.get_rect().center))


def _icon_defense(p: _Pen) -> None:
    """A heater shield with a boss line."""
    s, color, dark, k = p.s, p.color, p.dark, p.k
    P = p.P
    pts = [(14, 10), (86, 10), (86, 44)]
    for i in range(1, 13):  # right flank curving to the point
        t = i / 12
        pts.append((86 - 36 * t ** 1.3, 44 + 52 * t))
    for i in range(12, 0, -1):
        t = i / 12
        pts.append((14 + 36 * t ** 1.3, 44 + 52 * t))
    pts.append((14, 44))
    pygame.draw.polygon(s, color, P(pts))
    inner = [(50 + (x - 50) * 0.72, 14 + (y - 10) * 0.78) for x, y in pts]
    pygame.draw.polygon(s, _mix(color, (255, 255, 255), 0.35), P(inner))
    pygame.draw.line(s, dark, (50 * k, 16 * k), (50 * k, 84 * k), max(1, int(5 * k)))
    pygame.draw.line(s, dark, (22 * k, 38 * k), (78 * k, 38 * k), max(1, int(5 * k)))


def _icon_health(p: _Pen) -> None:
    """A heart."""
    s, color = p.s, p.color
    P, C = p.P, p.C
    C(31, 36, 22, color)
    C(69, 36, 22, color)
    pygame.draw.polygon(s, color, P([(11, 46), (89, 46), (50, 92)]))
    pygame.draw.polygon(s, color, P([(14, 40), (86, 40), (50, 60)]))
    C(28, 30, 8, _mix(color, (255, 255, 255), 0.5))


def _icon_threat(p: _Pen) -> None:
    """An eye."""
    s, color, dark, k = p.s, p.color, p.dark, p.k
    P, C = p.P, p.C
    top = [(4 + 92 * t / 20, 50 - 34 * math.sin(math.pi * t / 20)) for t in range(21)]
    bot = [(96 - 92 * t / 20, 50 + 34 * math.sin(math.pi * t / 20)) for t in range(21)]
    pygame.draw.polygon(s, color, P(top + bot))
    C(50, 50, 22, dark)
    pygame.draw.ellipse(s, color, pygame.Rect(45 * k, 32 * k, 10 * k, 36 * k))


def _icon_quest(p: _Pen) -> None:
    """A compass star."""
    s, color, dark = p.s, p.color, p.dark
    P, C = p.P, p.C
    pygame.draw.polygon(s, color, P(_star_points(50, 50, 48, 14, 4)))
    pygame.draw.polygon(s, _mix(color, (0, 0, 0), 0.3),
                        P(_star_points(50, 50, 30, 9, 4, rot=-math.pi / 4)))
    C(50, 50, 8, dark)


def _icon_unique(p: _Pen) -> None:
    """A small four-pointed gem."""
    s, color = p.s, p.color
    P, C = p.P, p.C
    pygame.draw.polygon(s, color, P(_star_points(50, 50, 50, 17, 4)))
    C(50, 50, 10, _mix(color, (255, 255, 255), 0.5))


def _icon_leadership(p: _Pen) -> None:
    """A crown."""
    s, color, k = p.s, p.color, p.k
    P, C = p.P, p.C
    pts = [(10, 78), (10, 30), (30, 52), (50, 18), (70, 52), (90, 30), (90, 78)]
    pygame.draw.polygon(s, color, P(pts))
    pygame.draw.rect(s, color, pygame.Rect(10 * k, 80 * k, 80 * k, 10 * k))
    for x, y in ((10, 26), (50, 14), (90, 26)):
        C(x, y, 7, color)


def _icon_tactics(p: _Pen) -> None:
    """Crossed blades."""
    s, color, k = p.s, p.color, p.k
    P = p.P
    for ang in (-42, 42):
        tmp = pygame.Surface(s.get_size(), pygame.SRCALPHA)
        tmp.fill((*color, 0))
        pygame.draw.polygon(tmp, color, P([(50, 0), (57, 12), (57, 68), (43, 68), (43, 12)]))
        pygame.draw.rect(tmp, color, pygame.Rect(30 * k, 66 * k, 40 * k, 8 * k))
        pygame.draw.rect(tmp, color, pygame.Rect(46 * k, 74 * k, 8 * k, 16 * k))
        pygame.draw.circle(tmp, color, (50 * k, 93 * k), 6 * k)
        rot = pygame.transform.rotate(tmp, ang)
        s.blit(rot, rot.get_rect(center=s.get_rect().center))


def _icon_spirit(p: _Pen) -> None:
    """A flame."""
    s, color = p.s, p.color
    P = p.P
    pts = []
    for i in range(41):
        t = i / 40 * 2 * math.pi
        x = 50 + 30 * math.sin(t)
        y = 62 - 34 * math.cos(t)
        if math.cos(t) > 0:  # upper half is drawn out into a point
            y = 62 - 58 * math.cos(t) ** 0.8
            x = 50 + 30 * math.sin(t) * (0.55 + 0.45 * (1 - math.cos(t)))
        pts.append((x, y))
    pygame.draw.polygon(s, color, P(pts))
    inner = [(50 + (x - 50) * 0.5, 72 + (y - 62) * 0.55) for x, y in pts]
    pygame.draw.polygon(s, _mix(color, (255, 255, 255), 0.5), P(inner))


def _icon_lore(p: _Pen) -> None:
    """An open book."""
    s, color, dark, k = p.s, p.color, p.dark, p.k
    P = p.P
    pygame.draw.polygon(s, color, P([(4, 22), (46, 30), (46, 86), (4, 76)]))
    pygame.draw.polygon(s, color, P([(96, 22), (54, 30), (54, 86), (96, 76)]))
    for i in range(3):
        y = 40 + i * 12
        pygame.draw.line(s, dark, (12 * k, (y - 3) * k), (38 * k, (y + 2) * k), max(1, int(3 * k)))
        pygame.draw.line(s, dark, (88 * k, (y - 3) * k), (62 * k, (y + 2) * k), max(1, int(3 * k)))


def _icon_neutral(p: _Pen) -> None:
    """A ringed gem."""
    s, color, k = p.s, p.color, p.k
    P = p.P
    pygame.draw.circle(s, color, (50 * k, 50 * k), 44 * k, max(1, int(9 * k)))
    pygame.draw.polygon(s, color, P([(50, 20), (72, 50), (50, 80), (28, 50)]))


def _icon_location(p: _Pen) -> None:
    """A tower on a hill."""
    s, color, dark, k = p.s, p.color, p.dark, p.k
    P = p.P
    pygame.draw.polygon(s, color, P([(0, 96), (30, 70), (70, 70), (100, 96)]))
    pygame.draw.rect(s, color, pygame.Rect(38 * k, 22 * k, 24 * k, 52 * k))
    for x in (36, 46, 56):
        pygame.draw.rect(s, color, pygame.Rect(x * k, 12 * k, 8 * k, 12 * k))
    pygame.draw.rect(s, dark, pygame.Rect(46 * k, 34 * k, 8 * k, 14 * k))


def _icon_treachery(p: _Pen) -> None:
    """A jagged bolt."""
    s, color = p.s, p.color
    P = p.P
    pygame.draw.polygon(s, color, P([(58, 0), (22, 54), (46, 54), (34, 100),
                                     (80, 38), (54, 38), (72, 0)]))


def _icon_objective(p: _Pen) -> None:
    """A key."""
    s, color, k = p.s, p.color, p.k
    P = p.P
    pygame.draw.circle(s, color, (30 * k, 30 * k), 22 * k, max(1, int(9 * k)))
    tmp = [(44, 44), (92, 92), (84, 100), (36, 52)]
    pygame.draw.polygon(s, color, P(tmp))
    pygame.draw.polygon(s, color, P([(70, 70), (82, 58), (90, 66), (78, 78)]))


def _icon_enemy(p: _Pen) -> None:
    """Three claw slashes."""
    s, color = p.s, p.color
    P = p.P
    for dx in (-24, 0, 24):
        pts_l, pts_r = [], []
        for i in range(13):
            t = i / 12
            x = 50 + dx + 22 * (t - 0.5) + 8 * math.sin(math.pi * t)
            y = 6 + 88 * t
            hw = 7 * math.sin(math.pi * min(1.0, t * 1.1)) + 0.5
            pts_l.append((x - hw, y))
            pts_r.append((x + hw, y))
        pygame.draw.polygon(s, color, P(pts_l + pts_r[::-1]))


def _icon_default(p: _Pen) -> None:
    """A plain disc."""
    color = p.color
    C = p.C
    C(50, 50, 40, color)


_ICON_DRAWERS = {
    "willpower": _icon_willpower,
    "attack": _icon_attack,
    "defense": _icon_defense,
    "health": _icon_health,
    "threat": _icon_threat,
    "quest": _icon_quest,
    "unique": _icon_unique,
    "leadership": _icon_leadership,
    "tactics": _icon_tactics,
    "spirit": _icon_spirit,
    "lore": _icon_lore,
    "neutral": _icon_neutral,
    "location": _icon_location,
    "treachery": _icon_treachery,
    "objective": _icon_objective,
    "enemy": _icon_enemy,
}


def _draw_icon(name: str, s: pygame.Surface, color: Color) -> None:
    """Draw icon ``name`` (a stat, a sphere, a card type) on the 4x canvas ``s``."""
    _ICON_DRAWERS.get(name, _icon_default)(_Pen(s, color))

@lru_cache(maxsize=512)
def _icon(name: str, size: int, color: Color) -> pygame.Surface:
    size = max(4, int(size))
    big = pygame.Surface((size * _ICON_SS, size * _ICON_SS), pygame.SRCALPHA)
    big.fill((*color, 0))
    _draw_icon(name, big, color)
    return pygame.transform.smoothscale(big, (size, size))


@lru_cache(maxsize=512)
def _icon_outlined(name: str, size: int, color: Color, outline: Color) -> pygame.Surface:
    """Icon with a soft dark halo so it reads on any background."""
    size = max(4, int(size))
    base = _icon(name, size, color)
    halo = _icon(name, size, outline)
    out = pygame.Surface((size + 2, size + 2), pygame.SRCALPHA)
    for dx, dy in ((0, 1), (2, 1), (1, 0), (1, 2), (2, 2)):
        out.blit(halo, (dx, dy))
    out.blit(base, (1, 1))
    return out


# -------------------------------------------------------------------- art --


@lru_cache(maxsize=64)
def _art(seed: str, w: int, h: int, sky_top: Color, sky_bot: Color, land: Color,
         emblem: str, emblem_color: Color) -> pygame.Surface:
    """A small procedural landscape: sky, a pale disc, mountain ridges and a
    faint emblem. Seeded by the card code, so each card gets its own view."""
    rng = random.Random(seed)
    art = _vgradient(w, h, sky_top, sky_bot).copy()
    # pale sun or moon
    disc = _mix(sky_top, (255, 246, 220), 0.55)
    cx, cy = rng.uniform(0.2, 0.8) * w, rng.uniform(0.18, 0.38) * h
    glow = pygame.Surface((w, h), pygame.SRCALPHA)
    for i in range(6, 0, -1):
        pygame.draw.circle(glow, (*disc, 18), (cx, cy), h * (0.08 + 0.035 * i))
    art.blit(glow, (0, 0))
    _aa_circle(art, (cx, cy), h * 0.075, disc)
    # emblem watermark
    if emblem and w >= 24:
        size = int(min(w, h) * 0.62)
        ic = _icon(emblem, size, emblem_color).copy()
        ic.set_alpha(46)
        art.blit(ic, ic.get_rect(center=(w / 2, h * 0.47)))
    # three ridges, far (pale) to near (dark)
    for layer in range(3):
        col = _mix(_mix(sky_bot, land, 0.35 + 0.2 * layer), (0, 0, 0), 0.12 * layer)
        base = h * (0.55 + 0.14 * layer)
        amp = h * (0.22 - 0.04 * layer)
        n = 5 + layer * 2
        pts = [(0, h)]
        for i in range(n + 1):
            x = w * i / n
            y = base - amp * rng.uniform(0.15, 1.0) * (1.0 if i % 2 else 0.45)
            pts.append((x, y))
        pts.append((w, h))
        _aa_poly(art, pts, col)
    # mist band
    mist = pygame.Surface((w, max(1, h // 6)), pygame.SRCALPHA)
    mist.fill((*_mix(sky_top, (255, 255, 255), 0.4), 26))
    art.blit(mist, (0, int(h * 0.62)))
    return art


