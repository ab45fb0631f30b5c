"""Procedural art that tells cards apart at a glance (no copyrighted images).

Each card's picture is the landscape of ``cardicons._art`` (seeded by its code)
in colours shifted per card, with a silhouette in front chosen by its type and
traits: a figure with a sword, a bow, a crown, an axe, a pointed hat; trees,
peaks, a river, a tower; a spider, an orc's helm, a troll, a wraith; a sword,
shield, crown or ring; a burst of light; a bolt; a key or a scroll.  The same
card always gets the same picture; cards of one sphere no longer share one.
"""
from __future__ import annotations

import colorsys
import math
import random

import pygame

from sprites.games.lcg.cardpaint import Color, _aa_circle, _aa_poly, _mix

MOTIFS_BY_TRAIT = (           # the first trait of a card found here picks its silhouette
    ("Spider", "spider"), ("Insect", "spider"), ("Troll", "troll"), ("Nazgûl", "wraith"),
    ("Undead", "wraith"), ("Orc", "orc"), ("Goblin", "orc"), ("Creature", "beast"),
    ("Forest", "trees"), ("Mountain", "peaks"), ("Wasteland", "deadtree"),
    ("Riverland", "river"), ("Marshland", "river"), ("Dungeon", "tower"),
    ("Stronghold", "tower"), ("Dol Guldur", "tower"), ("Istari", "wizard"),
    ("Dwarf", "dwarf"), ("Hobbit", "hobbit"), ("Ranger", "archer"), ("Archer", "archer"),
    ("Silvan", "archer"), ("Noldor", "archer"), ("Beorning", "beast"), ("Title", "crown"),
    ("Noble", "noble"), ("Steward", "crown"), ("Weapon", "sword"), ("Armor", "shield"),
    ("Artifact", "ring"), ("Condition", "chains"), ("Trap", "chains"), ("Skill", "star"),
    ("Warrior", "warrior"), ("Scout", "scout"), ("Minstrel", "noble"), ("Craftsman", "dwarf"),
    ("Rohan", "warrior"), ("Gondor", "warrior"), ("Item", "ring"),
)
MOTIFS_BY_TYPE = {"hero": "warrior", "ally": "scout", "event": "burst", "treachery": "bolt",
                  "location": "peaks", "enemy": "beast", "attachment": "sword",
                  "objective": "key", "quest": "peaks"}


def motif_of(card) -> str:
    """The silhouette of a card: by its first telling trait, else by its type."""
    for trait, motif in MOTIFS_BY_TRAIT:
        if trait in card.traits:
            if card.type in ("hero", "ally") and motif in ("ring", "crown", "sword", "shield"):
                continue
            return motif
    if card.type == "objective" and "Map" in card.name:
        return "scroll"
    return MOTIFS_BY_TYPE.get(card.type, "burst")


def shifted(colour: Color, seed: str, amount: float = 0.07) -> Color:
    """``colour`` with its hue and lightness nudged by the card (the same every time)."""
    rng = random.Random(seed + "hue")
    r, g, b = (c / 255 for c in colour)
    h, l, s = colorsys.rgb_to_hls(r, g, b)
    h = (h + rng.uniform(-amount, amount)) % 1.0
    l = min(0.95, max(0.05, l + rng.uniform(-0.08, 0.08)))
    return tuple(int(round(c * 255)) for c in colorsys.hls_to_rgb(h, l, s))


def draw_motif(surf: pygame.Surface, rect: pygame.Rect, card, ink: Color, light: Color) -> None:
    """The card's silhouette over its landscape, in ``ink`` with ``light`` details."""
    rng = random.Random(card.code + "motif")
    motif = motif_of(card)
    w, h = rect.w, rect.h
    if w < 8 or h < 8:
        return
    cx = rect.x + w * rng.uniform(0.42, 0.58)
    base = rect.bottom
    s = min(w, h * 1.25) * rng.uniform(0.9, 1.05)
    _DRAW.get(motif, _burst)(surf, rect, cx, base, s, ink, light, rng)


def _P(cx, base, s, pts):
    return [(cx + x * s, base - y * s) for x, y in pts]


def _figure(surf, cx, base, s, ink, head=0.13, width=0.34, height=0.5):
    _aa_poly(surf, _P(cx, base, s, [(-width, 0), (-width * 0.8, height * 0.62),
                                     (-width * 0.35, height * 0.78), (width * 0.35, height * 0.78),
                                     (width * 0.8, height * 0.62), (width, 0)]), ink)
    _aa_circle(surf, (cx, base - s * (height * 0.78 + head * 0.95)), s * head, ink)


def _warrior(surf, rect, cx, base, s, ink, light, rng):
    _figure(surf, cx, base, s, ink)
    x0, y0 = cx + s * 0.26, base - s * 0.18
    pygame.draw.line(surf, light, (x0, y0), (x0 + s * 0.28, y0 - s * 0.62), max(2, int(s * 0.045)))
    pygame.draw.line(surf, light, (x0 - s * 0.06, y0 - s * 0.12), (x0 + s * 0.12, y0 - s * 0.03),
                     max(1, int(s * 0.035)))


def _archer(surf, rect, cx, base, s, ink, light, rng):
    _figure(surf, cx, base, s, ink, width=0.3)
    bow = pygame.Rect(0, 0, int(s * 0.34), int(s * 0.8))
    bow.midright = (int(cx - s * 0.22), int(base - s * 0.5))
    pygame.draw.arc(surf, light, bow, -math.pi / 2, math.pi / 2, max(2, int(s * 0.04)))
    pygame.draw.line(surf, light, bow.midtop, bow.midbottom, 1)


def _noble(surf, rect, cx, base, s, ink, light, rng):
    _figure(surf, cx, base, s, ink)
    top = base - s * (0.78 * 0.5 + 0.26)
    _aa_poly(surf, [(cx - s * 0.12, top), (cx - s * 0.12, top - s * 0.1), (cx - s * 0.06, top - s * 0.04),
                    (cx, top - s * 0.12), (cx + s * 0.06, top - s * 0.04), (cx + s * 0.12, top - s * 0.1),
                    (cx + s * 0.12, top)], light)


def _dwarf(surf, rect, cx, base, s, ink, light, rng):
    _figure(surf, cx, base, s, ink, head=0.12, width=0.4, height=0.4)
    beard_y = base - s * 0.34
    _aa_poly(surf, [(cx - s * 0.1, beard_y), (cx + s * 0.1, beard_y), (cx, beard_y + s * 0.2)], light)
    x = cx + s * 0.34
    pygame.draw.line(surf, ink, (x, base - s * 0.1), (x, base - s * 0.72), max(2, int(s * 0.04)))
    _aa_poly(surf, [(x, base - s * 0.72), (x + s * 0.16, base - s * 0.64), (x + s * 0.16, base - s * 0.48),
                    (x, base - s * 0.56)], light)


def _hobbit(surf, rect, cx, base, s, ink, light, rng):
    _figure(surf, cx, base, s * 0.72, ink, head=0.16)


def _wizard(surf, rect, cx, base, s, ink, light, rng):
    _figure(surf, cx, base, s, ink, width=0.36, height=0.46)
    top = base - s * (0.46 * 0.78 + 0.2)
    _aa_poly(surf, [(cx - s * 0.2, top), (cx + s * 0.2, top), (cx + s * 0.05, top - s * 0.34)], ink)
    pygame.draw.line(surf, light, (cx - s * 0.34, base), (cx - s * 0.4, base - s * 0.8),
                     max(2, int(s * 0.035)))


def _scout(surf, rect, cx, base, s, ink, light, rng):
    _figure(surf, cx, base, s, ink, width=0.3, height=0.54)
    top = base - s * (0.54 * 0.78)
    _aa_poly(surf, [(cx - s * 0.17, top - s * 0.02), (cx, top - s * 0.36), (cx + s * 0.17, top - s * 0.02)], ink)


def _trees(surf, rect, cx, base, s, ink, light, rng):
    for i in range(rng.randint(3, 5)):
        x = rect.x + rect.w * (0.1 + 0.8 * rng.random())
        t = s * rng.uniform(0.45, 0.8)
        for k in range(3):
            y = base - t * (0.15 + 0.27 * k)
            hw = t * (0.28 - 0.07 * k)
            _aa_poly(surf, [(x - hw, y), (x + hw, y), (x, y - t * 0.38)], _mix(ink, light, 0.1 * k))


def _peaks(surf, rect, cx, base, s, ink, light, rng):
    for i in range(2):
        x = cx + s * (0.3 * i - 0.15) + rng.uniform(-s * 0.1, s * 0.1)
        t = s * (0.75 - 0.2 * i)
        _aa_poly(surf, [(x - t * 0.6, base), (x, base - t), (x + t * 0.6, base)], ink)
        _aa_poly(surf, [(x - t * 0.16, base - t * 0.73), (x, base - t), (x + t * 0.16, base - t * 0.73)], light)


def _river(surf, rect, cx, base, s, ink, light, rng):
    for k in range(3):
        y = base - s * (0.08 + 0.12 * k)
        pts = [(rect.x + rect.w * i / 10, y + math.sin(i + k + rng.random()) * s * 0.03) for i in range(11)]
        pygame.draw.lines(surf, _mix(light, ink, 0.3 * k), False, pts, max(2, int(s * 0.04)))


def _deadtree(surf, rect, cx, base, s, ink, light, rng):
    pygame.draw.line(surf, ink, (cx, base), (cx, base - s * 0.7), max(3, int(s * 0.07)))
    for k in range(4):
        y = base - s * (0.3 + 0.12 * k)
        d = (1 if k % 2 else -1) * s * (0.3 - 0.05 * k)
        pygame.draw.line(surf, ink, (cx, y), (cx + d, y - s * 0.18), max(2, int(s * 0.04)))


def _tower(surf, rect, cx, base, s, ink, light, rng):
    tw = s * 0.26
    _aa_poly(surf, [(cx - tw, base), (cx - tw * 0.8, base - s * 0.78), (cx + tw * 0.8, base - s * 0.78),
                    (cx + tw, base)], ink)
    for k in range(3):
        x = cx - tw * 0.8 + k * tw * 0.65
        pygame.draw.rect(surf, ink, (x, base - s * 0.9, tw * 0.36, s * 0.14))
    pygame.draw.rect(surf, light, (cx - tw * 0.15, base - s * 0.55, tw * 0.3, s * 0.14))


def _spider(surf, rect, cx, base, s, ink, light, rng):
    cy = base - s * 0.4
    for side in (-1, 1):
        for k in range(4):
            a = math.radians(-50 + k * 30)
            kx = cx + side * s * 0.32 * math.cos(a)
            ky = cy - s * 0.32 * math.sin(a)
            fx = cx + side * s * 0.52 * math.cos(a - 0.6)
            pygame.draw.lines(surf, ink, False, [(cx, cy), (kx, ky - s * 0.1), (fx, ky + s * 0.2)],
                              max(2, int(s * 0.04)))
    _aa_circle(surf, (cx, cy + s * 0.06), s * 0.17, ink)
    _aa_circle(surf, (cx, cy - s * 0.12), s * 0.1, ink)
    for e in (-1, 1):
        _aa_circle(surf, (cx + e * s * 0.04, cy - s * 0.14), max(1, s * 0.022), (230, 60, 40))


def _orc(surf, rect, cx, base, s, ink, light, rng):
    _figure(surf, cx, base, s, ink, width=0.42, height=0.46)
    top = base - s * (0.46 * 0.78 + 0.2)
    for k in range(-2, 3):
        _aa_poly(surf, [(cx + k * s * 0.06 - s * 0.03, top + s * 0.04), (cx + k * s * 0.06, top - s * 0.1),
                        (cx + k * s * 0.06 + s * 0.03, top + s * 0.04)], ink)
    for e in (-1, 1):
        _aa_circle(surf, (cx + e * s * 0.05, top + s * 0.12), max(1, s * 0.02), (240, 200, 60))


def _troll(surf, rect, cx, base, s, ink, light, rng):
    _figure(surf, cx, base, s * 1.25, ink, head=0.1, width=0.42, height=0.55)


def _wraith(surf, rect, cx, base, s, ink, light, rng):
    _aa_poly(surf, _P(cx, base, s, [(-0.34, 0), (-0.18, 0.55), (-0.08, 0.78), (0, 0.84), (0.08, 0.78),
                                    (0.18, 0.55), (0.34, 0), (0.15, 0.08), (0, 0), (-0.15, 0.08)]), ink)
    for e in (-1, 1):
        _aa_circle(surf, (cx + e * s * 0.04, base - s * 0.66), max(1, s * 0.02), (200, 230, 255))


def _beast(surf, rect, cx, base, s, ink, light, rng):
    _aa_poly(surf, _P(cx, base, s, [(-0.5, 0), (-0.45, 0.28), (-0.2, 0.36), (0.2, 0.38), (0.32, 0.52),
                                    (0.38, 0.46), (0.5, 0.42), (0.52, 0.34), (0.4, 0.26), (0.42, 0)]), ink)
    _aa_circle(surf, (cx + s * 0.4, base - s * 0.4), max(1, s * 0.025), (240, 200, 60))


def _sword(surf, rect, cx, base, s, ink, light, rng):
    top, hilt = base - s * 0.9, base - s * 0.18
    _aa_poly(surf, [(cx - s * 0.045, hilt), (cx - s * 0.045, top + s * 0.08), (cx, top),
                    (cx + s * 0.045, top + s * 0.08), (cx + s * 0.045, hilt)], light)
    pygame.draw.line(surf, ink, (cx - s * 0.18, hilt), (cx + s * 0.18, hilt), max(2, int(s * 0.06)))
    pygame.draw.line(surf, ink, (cx, hilt), (cx, base - s * 0.02), max(2, int(s * 0.06)))


def _shield(surf, rect, cx, base, s, ink, light, rng):
    _aa_poly(surf, _P(cx, base, s, [(-0.3, 0.75), (0.3, 0.75), (0.3, 0.35), (0, 0.05), (-0.3, 0.35)]), ink)
    _aa_poly(surf, _P(cx, base, s, [(-0.2, 0.66), (0.2, 0.66), (0.2, 0.38), (0, 0.16), (-0.2, 0.38)]), light)


def _crown(surf, rect, cx, base, s, ink, light, rng):
    _aa_poly(surf, _P(cx, base - s * 0.2, s, [(-0.36, 0), (-0.4, 0.42), (-0.2, 0.2), (0, 0.48),
                                              (0.2, 0.2), (0.4, 0.42), (0.36, 0)]), light)
    pygame.draw.line(surf, ink, (cx - s * 0.36, base - s * 0.2), (cx + s * 0.36, base - s * 0.2),
                     max(2, int(s * 0.05)))


def _ring(surf, rect, cx, base, s, ink, light, rng):
    c = (cx, base - s * 0.42)
    pygame.draw.circle(surf, light, c, s * 0.26, max(3, int(s * 0.08)))
    _aa_circle(surf, (cx, base - s * 0.7), s * 0.07, (240, 240, 255))


def _chains(surf, rect, cx, base, s, ink, light, rng):
    for k in range(4):
        r = pygame.Rect(0, 0, int(s * 0.3), int(s * 0.18))
        r.center = (int(cx - s * 0.33 + k * s * 0.22), int(base - s * (0.35 + 0.08 * (k % 2))))
        pygame.draw.ellipse(surf, ink, r, max(2, int(s * 0.045)))


def _star(surf, rect, cx, base, s, ink, light, rng):
    c = (cx, base - s * 0.45)
    pts = []
    for k in range(10):
        rr = s * (0.34 if k % 2 == 0 else 0.14)
        a = -math.pi / 2 + k * math.pi / 5
        pts.append((c[0] + rr * math.cos(a), c[1] + rr * math.sin(a)))
    _aa_poly(surf, pts, light)


def _burst(surf, rect, cx, base, s, ink, light, rng):
    c = (cx, base - s * 0.45)
    for k in range(12):
        a = k * math.pi / 6 + rng.random() * 0.2
        pygame.draw.line(surf, light, c, (c[0] + s * 0.45 * math.cos(a), c[1] + s * 0.45 * math.sin(a)),
                         max(1, int(s * 0.035)))
    _aa_circle(surf, c, s * 0.14, light)


def _bolt(surf, rect, cx, base, s, ink, light, rng):
    _aa_poly(surf, _P(cx, base, s, [(0.05, 0.95), (-0.2, 0.45), (0.0, 0.45), (-0.12, 0.02),
                                    (0.22, 0.55), (0.02, 0.55), (0.2, 0.95)]), light)


def _key(surf, rect, cx, base, s, ink, light, rng):
    pygame.draw.circle(surf, light, (cx - s * 0.2, base - s * 0.5), s * 0.13, max(2, int(s * 0.06)))
    pygame.draw.line(surf, light, (cx - s * 0.08, base - s * 0.5), (cx + s * 0.34, base - s * 0.5),
                     max(2, int(s * 0.06)))
    for k in (0.22, 0.32):
        pygame.draw.line(surf, light, (cx + s * k, base - s * 0.5), (cx + s * k, base - s * 0.38),
                         max(2, int(s * 0.05)))


def _scroll(surf, rect, cx, base, s, ink, light, rng):
    r = pygame.Rect(0, 0, int(s * 0.7), int(s * 0.5))
    r.midbottom = (int(cx), int(base - s * 0.15))
    pygame.draw.rect(surf, light, r)
    for k in range(3):
        pygame.draw.line(surf, ink, (r.x + 4, r.y + r.h * (0.3 + 0.2 * k)), (r.right - 4, r.y + r.h * (0.3 + 0.2 * k)), 1)


_DRAW = {
    "warrior": _warrior, "archer": _archer, "noble": _noble, "dwarf": _dwarf, "hobbit": _hobbit,
    "wizard": _wizard, "scout": _scout, "trees": _trees, "peaks": _peaks, "river": _river,
    "deadtree": _deadtree, "tower": _tower, "spider": _spider, "orc": _orc, "troll": _troll,
    "wraith": _wraith, "beast": _beast, "sword": _sword, "shield": _shield, "crown": _crown,
    "ring": _ring, "chains": _chains, "star": _star, "burst": _burst, "bolt": _bolt,
    "key": _key, "scroll": _scroll,
}
