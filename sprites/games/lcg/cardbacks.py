"""Card backs: the player, encounter and quest backs, drawn procedurally."""
from __future__ import annotations

import math
import random

import pygame

from sprites.games.lcg.cardicons import _star_points
from sprites.games.lcg.cardpaint import (BORDER, CARD_H, CARD_W, GOLD, GOLD_LIGHT, Color, _L,
                                         _aa_circle, _aa_poly, _finish, _fit_text, _mix, _radial,
                                         _radius, _text)

_BACKS: dict[tuple[str, int, int], pygame.Surface] = {}


def render_back(kind: str, width: int = CARD_W, height: int = CARD_H) -> pygame.Surface:
    """A card back: "player" (brown and gold, a ring), "encounter" (dark and
    red, an eye) or "quest" (parchment, a compass)."""
    if kind not in ("player", "encounter", "quest"):
        raise ValueError(f"unknown card back {kind!r}")
    width, height = max(16, int(width)), max(16, int(height))
    key = (kind, width, height)
    cached = _BACKS.get(key)
    if cached is None:
        surf = pygame.Surface((width, height))
        L = _L(width, height)
        {"player": _back_player, "encounter": _back_encounter, "quest": _back_quest}[kind](surf, L)
        cached = _finish(surf)
        _BACKS[key] = cached
    return cached.copy()


def _back_border(surf, L: _L, fill_in: Color, fill_out: Color, line: Color) -> pygame.Rect:
    w, h = L.w, L.h
    surf.fill(BORDER)
    inset = max(2, L.px(6))
    inner = pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset)
    bg = _radial(inner.w, inner.h, fill_in, fill_out)
    surf.blit(bg, inner)
    rad = max(2, _radius(w, h) - inset // 2)
    # clip the radial to a rounded shape by redrawing the corners in border colour
    ring = pygame.Surface(inner.size)
    ring.fill(BORDER)
    pygame.draw.rect(ring, (0, 0, 0), ring.get_rect(), border_radius=rad)
    ring.set_colorkey((0, 0, 0))
    surf.blit(ring, inner)
    for k, wdt in ((L.px(10), max(1, L.px(2))), (L.px(15), 1)):
        pygame.draw.rect(surf, line, inner.inflate(-2 * k, -2 * k), width=wdt,
                         border_radius=max(2, rad - k // 2))
    # corner diamonds
    d = max(2, L.px(6))
    for cx, cy in ((inner.x + L.px(22), inner.y + L.px(22)), (inner.right - L.px(22), inner.y + L.px(22)),
                   (inner.x + L.px(22), inner.bottom - L.px(22)),
                   (inner.right - L.px(22), inner.bottom - L.px(22))):
        _aa_poly(surf, [(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)], line)
    return inner


def _ring(surf, center, r_out: float, r_in: float, col: Color, L: _L) -> None:
    """An anti-aliased annulus via a supersampled surface."""
    ss = 3
    size = int(r_out * 2 + 4)
    big = pygame.Surface((size * ss, size * ss), pygame.SRCALPHA)
    big.fill((*col, 0))
    c = size * ss / 2
    pygame.draw.circle(big, (*col, 255), (c, c), r_out * ss)
    pygame.draw.circle(big, (*col, 0), (c, c), r_in * ss)
    small = pygame.transform.smoothscale(big, (size, size))
    surf.blit(small, small.get_rect(center=center))


def _glow(surf, center, radius: float, col: Color, strength: int = 22, steps: int = 8) -> None:
    g = pygame.Surface((int(radius * 2) + 2, int(radius * 2) + 2), pygame.SRCALPHA)
    c = radius + 1
    for i in range(steps, 0, -1):
        pygame.draw.circle(g, (*col, strength), (c, c), radius * i / steps)
    surf.blit(g, g.get_rect(center=center))


def _back_label(surf, L: _L, text: str, col: Color, y: int) -> None:
    size = max(7, L.px(15))
    t = _text("title", size, "  ".join(text.upper()), col)
    if t.get_width() > L.w - L.px(50):
        t = _fit_text("title", text.upper(), col, L.w - L.px(50), size, 6)
    surf.blit(t, t.get_rect(center=(L.w // 2, y)))


def _back_player(surf, L: _L) -> None:
    brown_in, brown_out = (120, 78, 42), (46, 28, 14)
    inner = _back_border(surf, L, brown_in, brown_out, GOLD)
    cx, cy = inner.centerx, int(inner.y + inner.h * 0.45)
    r = min(inner.w, inner.h) * 0.30
    _glow(surf, (cx, cy), r * 1.6, (255, 200, 90), 16)
    # the ring, seen slightly tilted: outer gold band with a darker inner edge
    ring_s = pygame.Surface((int(r * 2.4), int(r * 2.4)), pygame.SRCALPHA)
    rc = ring_s.get_width() / 2
    _ring(ring_s, (rc, rc), r, r * 0.74, (150, 104, 30), L)
    _ring(ring_s, (rc, rc - r * 0.03), r * 0.97, r * 0.80, GOLD, L)
    _ring(ring_s, (rc, rc - r * 0.06), r * 0.93, r * 0.88, GOLD_LIGHT, L)
    ring_s = pygame.transform.smoothscale(ring_s, (ring_s.get_width(), int(ring_s.get_height() * 0.82)))
    surf.blit(ring_s, ring_s.get_rect(center=(cx, cy)))
    # an eye-shaped motif of rays inside the ring
    for i in range(12):
        a = i * math.pi / 6
        x0, y0 = cx + r * 0.3 * math.cos(a), cy + r * 0.3 * 0.82 * math.sin(a)
        x1, y1 = cx + r * 0.58 * math.cos(a), cy + r * 0.58 * 0.82 * math.sin(a)
        pygame.draw.aaline(surf, (210, 160, 80), (x0, y0), (x1, y1))
    _aa_circle(surf, (cx, cy), max(2, r * 0.16), (234, 190, 96))
    _aa_circle(surf, (cx, cy), max(1, r * 0.07), (80, 46, 16))
    if not L.compact:
        _back_label(surf, L, "Player", GOLD_LIGHT, int(inner.y + inner.h * 0.84))


def _back_encounter(surf, L: _L) -> None:
    inner = _back_border(surf, L, (70, 20, 16), (14, 8, 8), (170, 44, 30))
    cx, cy = inner.centerx, int(inner.y + inner.h * 0.45)
    r = min(inner.w, inner.h) * 0.36
    _glow(surf, (cx, cy), r * 1.5, (255, 80, 20), 18)
    # radiating flames
    rng = random.Random("encounter")
    for i in range(24):
        a = i * math.pi / 12 + rng.uniform(-0.05, 0.05)
        r1, r2 = r * 0.55, r * rng.uniform(0.85, 1.15)
        hw = 0.07
        _aa_poly(surf, [(cx + r1 * math.cos(a - hw), cy + r1 * math.sin(a - hw)),
                        (cx + r2 * math.cos(a), cy + r2 * math.sin(a)),
                        (cx + r1 * math.cos(a + hw), cy + r1 * math.sin(a + hw))], (200, 70, 24))
    # the eye: almond, fiery iris, slit pupil
    ew, eh = r * 0.95, r * 0.42
    top = [(cx - ew + 2 * ew * t / 24, cy - eh * math.sin(math.pi * t / 24)) for t in range(25)]
    bot = [(cx + ew - 2 * ew * t / 24, cy + eh * math.sin(math.pi * t / 24)) for t in range(25)]
    _aa_poly(surf, top + bot, (250, 150, 40))
    inner_top = [(cx - ew * 0.8 + 1.6 * ew * t / 24, cy - eh * 0.75 * math.sin(math.pi * t / 24)) for t in range(25)]
    inner_bot = [(cx + ew * 0.8 - 1.6 * ew * t / 24, cy + eh * 0.75 * math.sin(math.pi * t / 24)) for t in range(25)]
    _aa_poly(surf, inner_top + inner_bot, (255, 210, 90))
    pupil = [(cx + eh * 0.16 * math.sin(math.pi * t / 12), cy - eh * 0.95 + eh * 1.9 * t / 12) for t in range(13)]
    pupil += [(cx - eh * 0.16 * math.sin(math.pi * t / 12), cy + eh * 0.95 - eh * 1.9 * t / 12) for t in range(13)]
    _aa_poly(surf, pupil, (20, 6, 4))
    if not L.compact:
        _back_label(surf, L, "Encounter", (236, 120, 80), int(inner.y + inner.h * 0.84))


def _back_quest(surf, L: _L) -> None:
    inner = _back_border(surf, L, (240, 226, 190), (176, 146, 96), (110, 70, 34))
    cx, cy = inner.centerx, int(inner.y + inner.h * 0.45)
    r = min(inner.w, inner.h) * 0.36
    ink = (96, 60, 30)
    # map lines
    rng = random.Random("quest-back")
    for _ in range(5):
        y = rng.uniform(inner.y + inner.h * 0.1, inner.bottom - inner.h * 0.1)
        pts = [(inner.x + L.px(18) + i * (inner.w - L.px(36)) / 8,
                y + rng.uniform(-1, 1) * L.px(8)) for i in range(9)]
        pygame.draw.aalines(surf, _mix(ink, (240, 226, 190), 0.7), False, pts)
    pygame.draw.circle(surf, ink, (cx, cy), r, max(1, L.px(2)))
    pygame.draw.circle(surf, ink, (cx, cy), r * 0.86, 1)
    for i in range(32):
        a = i * math.pi / 16
        ln = 0.08 if i % 4 else 0.14
        pygame.draw.aaline(surf, ink, (cx + r * math.cos(a), cy + r * math.sin(a)),
                           (cx + r * (1 - ln) * math.cos(a), cy + r * (1 - ln) * math.sin(a)))
    _aa_poly(surf, _star_points(cx, cy, r * 0.8, r * 0.18, 4), (150, 44, 30))
    _aa_poly(surf, _star_points(cx, cy, r * 0.55, r * 0.12, 4, rot=-math.pi / 4), ink)
    _aa_circle(surf, (cx, cy), max(2, r * 0.09), (240, 226, 190))
    if not L.compact:
        _back_label(surf, L, "Quest", ink, int(inner.y + inner.h * 0.84))


