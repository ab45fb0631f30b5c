"""Card faces drawn procedurally with pygame, plus optional user image packs.

No card art or scans ship with the project (they are copyrighted): every face
is composed from shapes, gradients and text, from the facts in ``CardDef``.
Players who own the cards may point the table at a folder of their own scans
(:class:`ImagePack`); :func:`face_surface` prefers those and falls back to the
procedural face.

All surfaces are opaque with ``CORNER_KEY`` as an RLE-accelerated colorkey:
the pixels outside the rounded corners carry that colour.  The layout is
designed on a 250x350 master card and scales to any size; below about 160
pixels wide a compact variant keeps the name, numbers and icons legible and
drops the small print.  See docs/CARD_FACES.md.
"""
from __future__ import annotations

import math
import os
import random
import re
from functools import lru_cache

import pygame
import pygame.gfxdraw

CARD_W, CARD_H = 250, 350
CORNER_KEY = (255, 0, 255)

ASSETS_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "assets")
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

STAT_COLORS = {
    "willpower": (248, 210, 100),
    "attack": (232, 234, 240),
    "defense": (176, 204, 236),
    "health": (226, 64, 58),
    "threat": (250, 136, 52),
    "quest": (240, 226, 170),
}

TYPE_LABELS = {
    "hero": "Hero", "ally": "Ally", "attachment": "Attachment", "event": "Event",
    "enemy": "Enemy", "location": "Location", "treachery": "Treachery",
    "objective": "Objective", "quest": "Quest",
}

TRIGGERS = (
    "When Revealed", "Forced", "Response", "Quest Action", "Combat Action",
    "Planning Action", "Action", "Setup", "Travel", "Shadow", "Side B",
)
_TRIGGER_RE = re.compile(r"\b(" + "|".join(re.escape(t) for t in TRIGGERS) + r")(?=[:,]| \()")


def _mix(a: Color, b: Color, t: float) -> Color:
    return tuple(int(round(a[i] + (b[i] - a[i]) * t)) for i in range(3))  # type: ignore[return-value]


def _palette(card) -> tuple[Color, Color, Color]:
    if card.deck == "player":
        return SPHERE_COLORS.get(card.sphere or "neutral", SPHERE_COLORS["neutral"])
    return TYPE_COLORS.get(card.type, TYPE_COLORS["treachery"])


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


def _finish(surf: pygame.Surface) -> pygame.Surface:
    """Cut the rounded corners, convert if a display exists, set the colorkey."""
    w, h = surf.get_size()
    surf.blit(_corner_overlay(w, h), (0, 0))
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        try:
            surf = surf.convert()
        except pygame.error:
            pass
    surf.set_colorkey(CORNER_KEY, pygame.RLEACCEL)
    return surf


def _radius(w: int, h: int) -> int:
    return max(3, int(round(min(w, h) * 0.05)))


@lru_cache(maxsize=64)
def _corner_overlay(w: int, h: int) -> pygame.Surface:
    """A surface that, blitted on a card, paints CORNER_KEY outside the
    rounded rectangle and leaves the inside untouched."""
    over = pygame.Surface((w, h))
    over.fill(CORNER_KEY)
    hole = (0, 0, 0) if CORNER_KEY != (0, 0, 0) else (1, 1, 1)
    pygame.draw.rect(over, hole, (0, 0, w, h), border_radius=_radius(w, h))
    over.set_colorkey(hole)
    return over


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


# ------------------------------------------------------------------ icons --
# Icons are drawn on a 100x100 canvas at 4x, then smooth-scaled and cached.

_ICON_SS = 4


def _star_points(cx, cy, r_out, r_in, n, rot=-math.pi / 2):
    pts = []
    for i in range(n * 2):
        r = r_out if i % 2 == 0 else r_in
        a = rot + i * math.pi / n
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def _draw_icon(name: str, s: pygame.Surface, color: Color) -> None:
    k = s.get_width() / 100.0
    dark = _mix(color, (0, 0, 0), 0.55)

    def P(pts):
        return [(x * k, y * k) for x, y in pts]

    def C(x, y, r, c):
        pygame.draw.circle(s, c, (x * k, y * k), r * k)

    if name == "willpower":  # a sun: disc and sixteen rays
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
    elif name == "attack":  # an upright sword, drawn then tilted
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
    elif name == "defense":  # a heater shield with a boss line
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
    elif name == "health":  # a heart
        C(31, 36, 22, color)
        C(69, 36, 22, color)
        pygame.draw.polygon(s, color, P([(11, 46), (89, 46), (50, 92)]))
        pygame.draw.polygon(s, color, P([(14, 40), (86, 40), (50, 60)]))
        C(28, 30, 8, _mix(color, (255, 255, 255), 0.5))
    elif name == "threat":  # an eye
        top = [(4 + 92 * t / 20, 50 - 34 * math.sin(math.pi * t / 20)) for t in range(21)]
        bot = [(96 - 92 * t / 20, 50 + 34 * math.sin(math.pi * t / 20)) for t in range(21)]
        pygame.draw.polygon(s, color, P(top + bot))
        C(50, 50, 22, dark)
        pygame.draw.ellipse(s, color, pygame.Rect(45 * k, 32 * k, 10 * k, 36 * k))
    elif name == "quest":  # a compass star
        pygame.draw.polygon(s, color, P(_star_points(50, 50, 48, 14, 4)))
        pygame.draw.polygon(s, _mix(color, (0, 0, 0), 0.3),
                            P(_star_points(50, 50, 30, 9, 4, rot=-math.pi / 4)))
        C(50, 50, 8, dark)
    elif name == "unique":  # a small four-pointed gem
        pygame.draw.polygon(s, color, P(_star_points(50, 50, 50, 17, 4)))
        C(50, 50, 10, _mix(color, (255, 255, 255), 0.5))
    elif name == "leadership":  # a crown
        pts = [(10, 78), (10, 30), (30, 52), (50, 18), (70, 52), (90, 30), (90, 78)]
        pygame.draw.polygon(s, color, P(pts))
        pygame.draw.rect(s, color, pygame.Rect(10 * k, 80 * k, 80 * k, 10 * k))
        for x, y in ((10, 26), (50, 14), (90, 26)):
            C(x, y, 7, color)
    elif name == "tactics":  # crossed blades
        for ang in (-42, 42):
            tmp = pygame.Surface(s.get_size(), pygame.SRCALPHA)
            tmp.fill((*color, 0))
            pygame.draw.polygon(tmp, color, P([(50, 0), (57, 12), (57, 68), (43, 68), (43, 12)]))
            pygame.draw.rect(tmp, color, pygame.Rect(30 * k, 66 * k, 40 * k, 8 * k))
            pygame.draw.rect(tmp, color, pygame.Rect(46 * k, 74 * k, 8 * k, 16 * k))
            pygame.draw.circle(tmp, color, (50 * k, 93 * k), 6 * k)
            rot = pygame.transform.rotate(tmp, ang)
            s.blit(rot, rot.get_rect(center=s.get_rect().center))
    elif name == "spirit":  # a flame
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
    elif name == "lore":  # an open book
        pygame.draw.polygon(s, color, P([(4, 22), (46, 30), (46, 86), (4, 76)]))
        pygame.draw.polygon(s, color, P([(96, 22), (54, 30), (54, 86), (96, 76)]))
        for i in range(3):
            y = 40 + i * 12
            pygame.draw.line(s, dark, (12 * k, (y - 3) * k), (38 * k, (y + 2) * k), max(1, int(3 * k)))
            pygame.draw.line(s, dark, (88 * k, (y - 3) * k), (62 * k, (y + 2) * k), max(1, int(3 * k)))
    elif name == "neutral":  # a ringed gem
        pygame.draw.circle(s, color, (50 * k, 50 * k), 44 * k, max(1, int(9 * k)))
        pygame.draw.polygon(s, color, P([(50, 20), (72, 50), (50, 80), (28, 50)]))
    elif name == "location":  # a tower on a hill
        pygame.draw.polygon(s, color, P([(0, 96), (30, 70), (70, 70), (100, 96)]))
        pygame.draw.rect(s, color, pygame.Rect(38 * k, 22 * k, 24 * k, 52 * k))
        for x in (36, 46, 56):
            pygame.draw.rect(s, color, pygame.Rect(x * k, 12 * k, 8 * k, 12 * k))
        pygame.draw.rect(s, dark, pygame.Rect(46 * k, 34 * k, 8 * k, 14 * k))
    elif name == "treachery":  # a jagged bolt
        pygame.draw.polygon(s, color, P([(58, 0), (22, 54), (46, 54), (34, 100),
                                         (80, 38), (54, 38), (72, 0)]))
    elif name == "objective":  # a key
        pygame.draw.circle(s, color, (30 * k, 30 * k), 22 * k, max(1, int(9 * k)))
        tmp = [(44, 44), (92, 92), (84, 100), (36, 52)]
        pygame.draw.polygon(s, color, P(tmp))
        pygame.draw.polygon(s, color, P([(70, 70), (82, 58), (90, 66), (78, 78)]))
    elif name == "enemy":  # three claw slashes
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
    else:
        C(50, 50, 40, color)


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


# -------------------------------------------------------------- rich text --

def _split_rules(card) -> tuple[list[str], str, str]:
    """(keywords to print in bold, rules text, shadow text) for a card.

    The keyword sentences at the head of the paraphrase ("Sentinel. ...") and
    "Victory N." are shown elsewhere, so they are taken out of the body; the
    part after "Shadow:" becomes the shadow line.
    """
    text = (card.rules_text or "").strip()
    shadow = ""
    m = re.search(r"(?:^|\s)Shadow:\s*", text)
    if m:
        shadow = text[m.end():].strip()
        text = text[:m.start()].strip()
    if not shadow and (card.shadow_text or "").strip():
        shadow = card.shadow_text.strip()
    keywords = [k for k in card.keywords if not k.lower().startswith("victory")]
    for k in card.keywords:
        text = re.sub(r"(?:(?<=^)|(?<=[.!?]\s))" + re.escape(k) + r"\.\s*", "", text)
    text = text.strip()
    return keywords, text, shadow


def _quest_text(card, side: str) -> str:
    text = (card.rules_text or "").strip()
    m = re.search(r"\bSide B\b[,:]?\s*", text)
    if m:
        a, b = text[:m.start()].strip(), text[m.end():].strip()
        if b[:1].islower():
            b = b[0].upper() + b[1:]
        return a if side == "A" else b
    sentences = re.split(r"(?<=[.!?])\s+", text)
    if sentences and sentences[0].startswith("Setup:"):
        return sentences[0] if side == "A" else " ".join(sentences[1:])
    return text if side == "B" else ""


def _runs(text: str, base_role: str = "body") -> list[tuple[str, str]]:
    """Split text into (word, role) with trigger words in bold."""
    out: list[tuple[str, str]] = []
    pos = 0
    for m in _TRIGGER_RE.finditer(text):
        for w in text[pos:m.start()].split():
            out.append((w, base_role))
        end = m.end()
        if end < len(text) and text[end] in ":,":
            end += 1
        for w in text[m.start():end].split():
            out.append((w, "body_bold"))
        pos = end
    for w in text[pos:].split():
        out.append((w, base_role))
    return out


def _wrap(paragraphs: list[list[tuple[str, str]]], size: int, width: int):
    """Greedy wrap; returns lines as lists of (text, role) chunks and the
    line height."""
    lines: list[tuple[int, list[tuple[str, str]]]] = []  # (paragraph index, chunks)
    space = _font("body", size).size(" ")[0]
    for pi, words in enumerate(paragraphs):
        cur: list[tuple[str, str]] = []
        cur_w = 0
        for word, role in words:
            ww = _font(role, size).size(word)[0]
            add = ww if not cur else cur_w + space + ww
            if cur and add > width:
                lines.append((pi, cur))
                cur, cur_w = [(word, role)], ww
            else:
                cur.append((word, role))
                cur_w = add
        if cur:
            lines.append((pi, cur))
    return lines


def _merge_chunks(chunks):
    merged: list[list] = []
    for word, role in chunks:
        if merged and merged[-1][1] == role:
            merged[-1][0] += " " + word
        else:
            if merged:
                merged[-1][0] += " "
            merged.append([word, role])
    return merged


def _fit_paragraphs(paragraphs: list[list[tuple[str, str]]], width: int, height: int,
                    max_size: int, min_size: int):
    """Choose the largest size from max_size down to min_size at which the
    wrapped paragraphs fit ``height``; at min_size, keep only the lines that
    fit and end the last one with an ellipsis.

    Returns (size, [(y, chunks), ...], used height)."""
    size = max(min_size, max_size)
    while True:
        lines = _wrap(paragraphs, size, width)
        lh = _font("body", size).get_linesize()
        gap = max(1, lh // 3)
        total = len(lines) * lh + gap * (lines[-1][0] if lines else 0)
        if total <= height or size <= min_size:
            break
        size -= 1
    fitted: list[tuple[int, list[tuple[str, str]]]] = []
    y = 0
    prev_p = lines[0][0] if lines else 0
    slack = max(1, lh // 6)  # the line height includes some air below the glyphs
    for pi, chunks in lines:
        top = y + (gap if pi != prev_p else 0)
        if top + lh > height + slack:
            if fitted:
                last_y, last_chunks = fitted[-1]
                last_chunks = list(last_chunks)
                word, role = last_chunks[-1]
                last_chunks[-1] = (word.rstrip(".,;:") + "\u2026", role)
                fitted[-1] = (last_y, last_chunks)
            break
        fitted.append((top, chunks))
        y = top + lh
        prev_p = pi
    return size, fitted, y


def _draw_paragraphs(surf: pygame.Surface, rect: pygame.Rect,
                     paragraphs: list[list[tuple[str, str]]], max_size: int,
                     min_size: int, color: Color, center: bool = False,
                     valign: str = "top") -> int:
    """Draw wrapped rich text inside rect, shrinking the size to fit. Never
    draws outside rect (lines that cannot fit at min_size are cut, the last
    one ending with an ellipsis). Returns the size used (0 if nothing)."""
    paragraphs = [p for p in paragraphs if p]
    if not paragraphs or rect.w <= 4 or rect.h <= 4:
        return 0
    size, fitted, used_h = _fit_paragraphs(paragraphs, rect.w, rect.h, max_size, min_size)
    y0 = rect.y
    if valign == "middle":
        y0 = rect.y + max(0, (rect.h - used_h) // 2)
    clip = surf.get_clip()
    surf.set_clip(rect.clip(clip))
    for ly, chunks in fitted:
        parts = [_font(role, size).render(txt, True, color) for txt, role in _merge_chunks(chunks)]
        line_w = sum(p.get_width() for p in parts)
        x = rect.x + (rect.w - line_w) // 2 if center else rect.x
        for p in parts:
            surf.blit(p, (x, y0 + ly))
            x += p.get_width()
    surf.set_clip(clip)
    return size


# ----------------------------------------------------------------- layout --


class _L:
    """Scale helper: base 250x350 units to pixels of the target size."""

    def __init__(self, w: int, h: int):
        self.w, self.h = w, h
        self.sx, self.sy = w / CARD_W, h / CARD_H
        self.s = min(self.sx, self.sy)
        self.compact = w < 160

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


def _badge(surf, center, r: int, fill: Color, ring: Color, text: str, L: _L,
           label: str = "", text_color: Color = WHITE, shape: str = "circle") -> None:
    """A numbered disc (cost, threat, engagement...)."""
    cx, cy = center
    # drop shadow
    shadow = pygame.Surface((r * 2 + 6, r * 2 + 6), pygame.SRCALPHA)
    pygame.draw.circle(shadow, (0, 0, 0, 90), (r + 3, r + 4), r + 1)
    surf.blit(shadow, (cx - r - 3, cy - r - 3))
    ring_w = max(2, int(round(r * 0.16)))
    if shape == "circle":
        _aa_circle(surf, (cx, cy), r, ring)
        _aa_circle(surf, (cx, cy), r - ring_w, fill)
        hl = _mix(fill, (255, 255, 255), 0.18)
        pygame.draw.circle(surf, hl, (cx, cy), r - ring_w, max(1, ring_w // 2),
                           draw_top_left=True, draw_top_right=True)
    else:  # "shield"-ish pointed badge for heroes' threat cost
        pts = [(cx + (r) * math.cos(a), cy + (r) * math.sin(a))
               for a in [i * math.pi / 4 + math.pi / 8 for i in range(8)]]
        _aa_poly(surf, pts, ring)
        pts2 = [(cx + (r - ring_w) * math.cos(a), cy + (r - ring_w) * math.sin(a))
                for a in [i * math.pi / 4 + math.pi / 8 for i in range(8)]]
        _aa_poly(surf, pts2, fill)
    size = int(r * (1.15 if len(text) < 2 else 0.95))
    num_y = cy - (r * 0.12 if label and not L.compact else 0)
    txt = _text("title", size, text, text_color)
    sh = _text("title", size, text, (0, 0, 0))
    rect = txt.get_rect(center=(cx, num_y))
    sh.set_alpha(140)
    surf.blit(sh, rect.move(1, 1))
    surf.blit(txt, rect)
    if label and not L.compact:
        lab = _fit_text("body_bold", label, _mix(text_color, fill, 0.25),
                        int(r * (1.5 if shape == "circle" else 1.25)), max(6, int(r * 0.3)), 5)
        surf.blit(lab, lab.get_rect(center=(cx, cy + r * (0.56 if shape == "circle" else 0.5))))


def _stat_cell(surf, rect: pygame.Rect, icon: str, value, L: _L, frame_dark: Color) -> None:
    """Icon and number on a dark pill."""
    rad = max(2, rect.h // 3)
    _plate(surf, rect, _mix(frame_dark, (0, 0, 0), 0.35), _mix(frame_dark, (0, 0, 0), 0.6),
           _mix(GOLD, frame_dark, 0.35), rad, 1)
    ih = int(rect.h * 0.78)
    ic = _icon_outlined(icon, ih, STAT_COLORS[icon], (0, 0, 0))
    num = "\u2013" if value is None else str(value)
    size = int(rect.h * (0.92 if not L.compact else 1.0))
    txt = _text("title", size, num, WHITE)
    gap = max(1, int(rect.h * 0.12))
    total = ic.get_width() + gap + txt.get_width()
    x = rect.centerx - total // 2
    surf.blit(ic, ic.get_rect(midleft=(x, rect.centery)))
    trect = txt.get_rect(midleft=(x + ic.get_width() + gap, rect.centery + 1))
    shadow = _text("title", size, num, (0, 0, 0))
    surf.blit(shadow, trect.move(1, 1))
    surf.blit(txt, trect)


def _frame(surf: pygame.Surface, L: _L, pal, hero: bool) -> None:
    main, dark, light = pal
    w, h = L.w, L.h
    surf.fill(BORDER)
    inset = max(2, L.px(6))
    inner = pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset)
    _rounded_panel(surf, inner, _mix(main, light, 0.18), dark, max(2, _radius(w, h) - inset // 2))
    # a fine bevel line
    pygame.draw.rect(surf, _mix(main, light, 0.45), inner, width=1,
                     border_radius=max(2, _radius(w, h) - inset // 2))
    if hero:
        gi = inner.inflate(-L.px(6, 2), -L.px(6, 2))
        pygame.draw.rect(surf, GOLD, gi, width=max(1, L.px(1.5)), border_radius=max(2, _radius(w, h) - inset))


def _name_plate(surf, L: _L, rect: pygame.Rect, card_name: str, unique: bool, pal,
                plate_colors=(PARCHMENT, PARCHMENT_DARK)) -> None:
    main, dark, light = pal
    rad = max(2, rect.h // 3)
    _plate(surf, rect, plate_colors[0], plate_colors[1], _mix(dark, BORDER, 0.5), rad,
           max(1, L.px(1.5)))
    pad = max(2, L.px(8))
    uniq_w = 0
    max_size = rect.h * 0.78 if not L.compact else min(rect.h * 0.9, L.px(34))
    min_size = max(10, int(rect.h * 0.45)) if L.compact else max(11, int(rect.h * 0.5))
    if unique:
        us = max(6, int(rect.h * 0.42))
        uniq_w = us + max(2, L.px(4))
    avail = rect.w - 2 * pad - uniq_w
    # try one line; if it does not fit at min size, two lines
    size = int(max_size)
    font_w = _font("title", size).size(card_name)[0]
    while size > min_size and font_w > avail:
        size -= 1
        font_w = _font("title", size).size(card_name)[0]
    lines = [card_name]
    if font_w > avail and " " in card_name and rect.h >= 2 * min_size * 0.95:
        words = card_name.split()
        best = None
        for i in range(1, len(words)):
            a, b = " ".join(words[:i]), " ".join(words[i:])
            m = max(_font("title", size).size(a)[0], _font("title", size).size(b)[0])
            if best is None or m < best[0]:
                best = (m, [a, b])
        lines = best[1]
        size = int(min(max_size, rect.h / 2.1 / 0.95))
        while size > 6 and max(_font("title", size).size(t)[0] for t in lines) > avail:
            size -= 1
    surfs = [_fit_text("title", t, INK, avail, size, size) for t in lines]
    total_h = sum(int(s.get_height() * 0.82) for s in surfs)
    y = rect.centery - total_h // 2 - int(surfs[0].get_height() * 0.06)
    if unique:
        us = max(6, int(rect.h * 0.42))
        ic = _icon_outlined("unique", us, _mix(main, BORDER, 0.1), _mix(GOLD, PARCHMENT, 0.3))
        first_w = surfs[0].get_width()
        ux = rect.centerx - (first_w + uniq_w) // 2
        surf.blit(ic, ic.get_rect(midleft=(ux, y + int(surfs[0].get_height() * 0.5))))
    for i, s in enumerate(surfs):
        lx = rect.centerx - (s.get_width() + uniq_w) // 2 + uniq_w if i == 0 \
            else rect.centerx - s.get_width() // 2
        surf.blit(s, (lx, y))
        y += int(s.get_height() * 0.82)


def _type_ribbon(surf, L: _L, center_x: int, y: int, label: str, pal) -> pygame.Rect:
    main, dark, light = pal
    size = max(7, L.px(11))
    txt = _text("title", size, label.upper(), GOLD_LIGHT)
    rect = txt.get_rect()
    rect.inflate_ip(max(8, L.px(22)), max(2, L.px(3)))
    rect.center = (center_x, y)
    _plate(surf, rect, _mix(dark, BORDER, 0.3), _mix(dark, BORDER, 0.6), _mix(GOLD, dark, 0.2),
           max(2, rect.h // 2), 1)
    surf.blit(txt, txt.get_rect(center=rect.center))
    return rect


def _text_box(surf, L: _L, rect: pygame.Rect, traits: tuple[str, ...], keywords: list[str],
              body: str, shadow: str, pal, victory=None, extra_top: str = "") -> None:
    main, dark, light = pal
    rad = max(2, L.px(6))
    _plate(surf, rect, _mix(PARCHMENT, (255, 255, 255), 0.25), PARCHMENT,
           _mix(dark, BORDER, 0.4), rad, max(1, L.px(1.2)))
    pad_x = max(2, L.px(7))
    pad_y = max(1, L.px(4))
    inner = rect.inflate(-2 * pad_x, -2 * pad_y)
    y = inner.y
    if traits:
        tsize = max(8, L.px(12)) if not L.compact else max(8, L.px(16))
        t = _fit_text("title_italic", ". ".join(traits) + ".", _mix(INK, main, 0.25), inner.w,
                      tsize, max(6, tsize - 3))
        surf.blit(t, t.get_rect(midtop=(inner.centerx, y)))
        y += int(t.get_height() * 0.95)
    if extra_top:
        t = _fit_text("title", extra_top, _mix(INK, main, 0.25), inner.w, max(8, L.px(13)), 7)
        surf.blit(t, t.get_rect(midtop=(inner.centerx, y)))
        y += t.get_height()
    if L.compact:
        # the small print is unreadable at this size: keywords, or the kind of
        # ability the card has, in letters that still read
        hint = ". ".join(keywords) + "." if keywords else ""
        if not hint and body:
            m = _TRIGGER_RE.search(body)
            if m and m.start() < 3:
                hint = m.group(1)
        if hint:
            kw = _fit_text("body_bold", hint, INK, inner.w, max(8, L.px(18)), 7)
            surf.blit(kw, kw.get_rect(midtop=(inner.centerx, y + 1)))
        if victory:
            v = _text("title", max(8, L.px(18)), f"V{victory}", INK)
            surf.blit(v, v.get_rect(bottomright=(inner.right + 1, inner.bottom + 2)))
        return
    bottom = inner.bottom
    if victory:
        # the victory plate straddles the bottom edge of the text box
        vsize = max(7, L.px(10))
        vt = _text("title", vsize, f"VICTORY {victory}.", INK)
        vr = vt.get_rect().inflate(L.px(10), L.px(3))
        vr.midright = (rect.right - L.px(8), rect.bottom)
        pygame.draw.rect(surf, PARCHMENT_DARK, vr, border_radius=max(1, L.px(2)))
        pygame.draw.rect(surf, INK, vr, width=1, border_radius=max(1, L.px(2)))
        surf.blit(vt, vt.get_rect(center=vr.center))
        bottom = vr.top - L.px(1)
    paragraphs: list[list[tuple[str, str]]] = []
    if keywords:
        paragraphs.append([(w, "body_bold") for w in (". ".join(keywords) + ".").split()])
    if body:
        paragraphs.append(_runs(body))
    avail = pygame.Rect(inner.x, y + L.px(2), inner.w, bottom - y - L.px(2))
    max_size, min_size = L.px(11.5), max(6, L.px(7.5))
    if not shadow:
        if paragraphs:
            _draw_paragraphs(surf, avail, paragraphs, max_size, min_size, INK, valign="middle")
        return
    # body and shadow share one size (the shadow a point smaller), chosen so
    # that both fit; the shadow sits at the bottom under a separator
    shadow_paras = [[("Shadow:", "body_bold")] + _runs(shadow, "body_italic")]
    sep = L.px(12)
    size = max_size
    while size > min_size:
        hb = _para_height(paragraphs, size, avail.w) if paragraphs else 0
        hs = _para_height(shadow_paras, max(min_size, size - 1), avail.w)
        if hb + hs + sep <= avail.h:
            break
        size -= 1
    ssize = max(min_size, size - 1)
    hs = min(_para_height(shadow_paras, ssize, avail.w), int(avail.h * (0.6 if paragraphs else 1.0)))
    if paragraphs:
        sh_rect = pygame.Rect(avail.x, avail.bottom - hs, avail.w, hs)
    else:
        sh_rect = pygame.Rect(avail.x, avail.centery - hs // 2 + sep // 2, avail.w, hs)
    sep_y = sh_rect.y - sep // 2
    _shadow_separator(surf, L, inner, sep_y, dark)
    _draw_paragraphs(surf, sh_rect, shadow_paras, ssize, min_size, (70, 44, 40))
    if paragraphs:
        body_rect = pygame.Rect(avail.x, avail.y, avail.w, sep_y - sep // 2 - avail.y)
        _draw_paragraphs(surf, body_rect, paragraphs, size, min_size, INK)


def _para_height(paragraphs, size: int, width: int) -> int:
    lines = _wrap(paragraphs, size, width)
    lh = _font("body", size).get_linesize()
    gap = max(1, lh // 3)
    return len(lines) * lh + gap * (lines[-1][0] if lines else 0)


def _shadow_separator(surf, L: _L, inner: pygame.Rect, y: int, dark: Color) -> None:
    col = _mix(dark, PARCHMENT, 0.35)
    cx = inner.centerx
    half = inner.w // 2 - L.px(4)
    pygame.draw.line(surf, col, (cx - half, y), (cx - L.px(8), y), max(1, L.px(1.2)))
    pygame.draw.line(surf, col, (cx + L.px(8), y), (cx + half, y), max(1, L.px(1.2)))
    d = L.px(4)
    _aa_poly(surf, [(cx, y - d), (cx + d, y), (cx, y + d), (cx - d, y)], col)


def _footer(surf, L: _L, left: str, right: str, pal, y: int) -> None:
    main, dark, light = pal
    if L.compact:
        return
    size = max(6, L.px(9))
    col = _mix(light, WHITE, 0.3)
    if left:
        t = _fit_text("body_bold", left, col, int(L.w * 0.62), size, 6)
        surf.blit(t, t.get_rect(midleft=(L.px(16), y)))
    if right:
        t = _text("body", size, right, _mix(col, dark, 0.25))
        surf.blit(t, t.get_rect(midright=(L.w - L.px(16), y)))


def _sphere_badge(surf, L: _L, center, r: int, icon: str, pal) -> None:
    main, dark, light = pal
    _aa_circle(surf, center, r, _mix(GOLD, BORDER, 0.1))
    _aa_circle(surf, center, r - max(1, L.px(2)), dark)
    ic = _icon(icon, int(r * 1.3), _mix(light, WHITE, 0.4))
    surf.blit(ic, ic.get_rect(center=center))


# ------------------------------------------------------------------ fronts --


def render_front(card, width: int = CARD_W, height: int = CARD_H, side: str = "A") -> pygame.Surface:
    """The procedural face of ``card`` at ``width`` x ``height`` pixels.

    ``side`` ("A" or "B") matters only for quest cards.
    """
    width, height = max(16, int(width)), max(16, int(height))
    side = (side or "A").upper()
    if side not in ("A", "B"):
        raise ValueError(f"side must be 'A' or 'B', not {side!r}")
    surf = pygame.Surface((width, height))
    L = _L(width, height)
    if card.type == "quest":
        _draw_quest(surf, L, card, side)
    else:
        _draw_card(surf, L, card)
    return _finish(surf)


def _number(v) -> str:
    return "\u2013" if v is None else str(v)


def _layout(L: _L, has_stats: bool, has_disc: bool) -> dict[str, pygame.Rect]:
    """Where the parts of a player or encounter card go."""
    c = L.compact
    lay: dict[str, pygame.Rect] = {}
    if not c:
        lay["name"] = L.r(50, 11, 186, 32) if has_disc else L.r(16, 11, 218, 32)
        lay["disc"] = L.r(8, 6, 46, 46)
        if has_stats:
            lay["art"] = L.r(14, 48, 222, 112)
            lay["stats"] = L.r(14, 165, 222, 28)
        else:
            lay["art"] = L.r(14, 48, 222, 138)
    else:
        lay["name"] = L.r(54, 8, 188, 58) if has_disc else L.r(12, 8, 226, 58)
        lay["disc"] = L.r(4, 4, 58, 66)
        # no small print here, so the art takes the room of the text
        if has_stats:
            lay["art"] = L.r(14, 70, 222, 114)
            lay["stats"] = L.r(12, 188, 226, 64)
        else:
            lay["art"] = L.r(14, 70, 222, 160)
    return lay


def _disc_geometry(L: _L, rect: pygame.Rect) -> tuple[tuple[int, int], int]:
    r = min(rect.w, rect.h) // 2
    if L.compact:
        r = max(11, r)
    return (rect.centerx, rect.centery), r


def _stat_row(surf, L: _L, row: pygame.Rect, stats, dark) -> None:
    n = len(stats)
    gap = max(1, L.px(5) if not L.compact else L.px(5))
    cell_w = (row.w - gap * (n - 1)) / n
    for i, (icon, value) in enumerate(stats):
        cell = pygame.Rect(int(row.x + i * (cell_w + gap)), row.y, int(cell_w), row.h)
        if L.compact:
            _stat_cell_stacked(surf, cell, icon, value, dark)
        else:
            _stat_cell(surf, cell, icon, value, L, dark)


def _stat_cell_stacked(surf, rect: pygame.Rect, icon: str, value, frame_dark: Color) -> None:
    """Compact stat: icon above a number, for small cards."""
    rad = max(2, rect.w // 4)
    _plate(surf, rect, _mix(frame_dark, (0, 0, 0), 0.35), _mix(frame_dark, (0, 0, 0), 0.6),
           _mix(GOLD, frame_dark, 0.35), rad, 1)
    ih = max(6, min(rect.w - 4, int(rect.h * 0.42)))
    ic = _icon_outlined(icon, ih, STAT_COLORS[icon], (0, 0, 0))
    surf.blit(ic, ic.get_rect(midtop=(rect.centerx, rect.y + 1)))
    num = "\u2013" if value is None else str(value)
    size = max(9, int(rect.h * 0.62))
    txt = _fit_text("title", num, WHITE, rect.w - 2, size, 8)
    trect = txt.get_rect(midbottom=(rect.centerx, rect.bottom + max(1, size // 6)))
    surf.blit(txt, trect)


_ENCOUNTER_SKY = {
    "enemy": ((148, 64, 44), (60, 20, 16)),
    "location": ((190, 186, 140), (112, 118, 76)),
    "treachery": ((110, 78, 130), (40, 24, 56)),
    "objective": ((236, 206, 130), (150, 112, 44)),
}


def _draw_card(surf, L: _L, card) -> None:
    """Player and encounter cards share one layout."""
    pal = _palette(card)
    main, dark, light = pal
    c = L.compact
    kind = card.type
    player = card.deck == "player"
    sphere = card.sphere or "neutral"
    stats: list[tuple[str, object]] = []
    if kind in ("hero", "ally"):
        stats = [("willpower", card.willpower), ("attack", card.attack),
                 ("defense", card.defense), ("health", card.health)]
    elif kind == "enemy":
        stats = [("threat", card.threat_strength), ("attack", card.attack),
                 ("defense", card.defense), ("health", card.health)]
    elif kind == "location":
        stats = [("threat", card.threat_strength), ("quest", card.quest_points)]
    has_disc = player or kind == "enemy"
    lay = _layout(L, bool(stats), has_disc)
    _frame(surf, L, pal, hero=kind == "hero")

    art = lay["art"]
    if player:
        sky = (_mix(main, WHITE, 0.45), _mix(main, light, 0.35))
        emblem = sphere
    else:
        sky = _ENCOUNTER_SKY.get(kind, (_mix(main, WHITE, 0.4), dark))
        emblem = kind
    art_s = _art(card.code, art.w, art.h, sky[0], sky[1], _mix(dark, BORDER, 0.3), emblem,
                 _mix(light, WHITE, 0.45))
    surf.blit(art_s, art)
    pygame.draw.rect(surf, _mix(dark, BORDER, 0.5), art, width=max(1, L.px(1.5)))
    if player and not c:
        br = L.px(13)
        _sphere_badge(surf, L, (art.right - br - L.px(5), art.bottom - br - L.px(5)), br, sphere, pal)

    plate_cols = (PARCHMENT, PARCHMENT_DARK)
    if kind in ("enemy", "treachery"):
        plate_cols = ((226, 212, 186), (196, 176, 146))
    _name_plate(surf, L, lay["name"], card.name, card.unique, pal, plate_cols)

    if has_disc:
        center, cr = _disc_geometry(L, lay["disc"])
        if kind == "hero":
            _badge(surf, center, cr, _mix(dark, BORDER, 0.2), GOLD, _number(card.threat), L,
                   label="THREAT", shape="oct")
        elif kind == "enemy":
            _badge(surf, center, cr, (40, 16, 12), (196, 70, 50), _number(card.engagement_cost), L,
                   label="ENGAGE")
        else:
            _badge(surf, center, cr, _mix(main, BORDER, 0.25), GOLD_LIGHT, _number(card.cost), L,
                   label="COST")

    if stats:
        row = lay["stats"]
        if len(stats) == 2:
            row = row.inflate(-int(row.w * (0.3 if not c else 0.4)), 0)
        _stat_row(surf, L, row, stats, dark)
        ribbon_y = row.bottom + (L.px(10) if not c else L.px(13))
    else:
        ribbon_y = art.bottom + (L.px(1) if not c else 0)
    ribbon = _type_ribbon(surf, L, L.w // 2, ribbon_y, TYPE_LABELS.get(kind, kind), pal)

    keywords, body, shadow = _split_rules(card)
    box_top = ribbon.bottom + L.px(2)
    box = pygame.Rect(L.px(14), box_top, L.w - 2 * L.px(14), L.h - box_top - L.px(26 if not c else 12))
    _text_box(surf, L, box, card.traits, keywords, body, shadow, pal, victory=card.victory)
    footer_left = sphere.capitalize() if player else (card.encounter_set or "")
    number = f"Core \u00b7 {card.number:03d}" if card.number and not card.victory else ""
    _footer(surf, L, footer_left, number, pal, L.h - L.px(17))


def _draw_quest(surf, L: _L, card, side: str) -> None:
    pal = TYPE_COLORS["quest" if side == "A" else "quest_b"]
    main, dark, light = pal
    c = L.compact
    _frame(surf, L, pal, hero=False)
    stage = card.stage if card.stage is not None else "?"
    name = (card.side_b_name if side == "B" else card.side_a_name) or card.name
    # scenario line above the name
    if not c:
        scen = _fit_text("title", (card.scenario or card.encounter_set or "").upper(),
                         _mix(light, WHITE, 0.5), L.w - L.px(100), L.px(11), 7)
        surf.blit(scen, scen.get_rect(center=(L.w // 2 + L.px(22), L.px(20))))
        name_rect = L.r(50, 30, 186, 34)
    else:
        name_rect = L.r(52, 8, 190, 58)
    _name_plate(surf, L, name_rect, name, False, pal,
                (PARCHMENT, PARCHMENT_DARK) if side == "A" else ((232, 230, 204), (200, 200, 164)))
    cr = L.px(24) if not c else max(12, L.px(28))
    center = (L.px(32) if not c else max(cr + 2, L.px(30)), L.px(33) if not c else max(cr + 2, L.px(36)))
    _badge(surf, center, cr, _mix(dark, BORDER, 0.3), GOLD, f"{stage}{side}", L, label="STAGE")
    art_top = 70 if not c else 72
    art_bottom = 170 if not c else 228
    art = L.r(14, art_top, 222, art_bottom - art_top)
    sky = ((214, 196, 150), (150, 126, 84)) if side == "A" else ((190, 200, 160), (100, 112, 76))
    art_s = _art(card.code + side, art.w, art.h, sky[0], sky[1], _mix(dark, BORDER, 0.2),
                 "quest", _mix(light, WHITE, 0.3))
    surf.blit(art_s, art)
    _quest_path(surf, art, card.code + side, L)
    pygame.draw.rect(surf, _mix(dark, BORDER, 0.5), art, width=max(1, L.px(1.5)))
    label = f"Stage {stage} \u00b7 Side {side}"
    ribbon = _type_ribbon(surf, L, L.w // 2, art.bottom + (L.px(1) if not c else 0),
                          label if not c else f"Stage {stage}{side}", pal)
    box_top = ribbon.bottom + L.px(2)
    bottom_reserved = 26 if not c else 12
    box = pygame.Rect(L.px(14), box_top, L.w - 2 * L.px(14), L.h - box_top - L.px(bottom_reserved))
    body = _quest_text(card, side)
    if c:
        body = ""
    elif not body:
        body = f"Stage {stage} of {card.scenario}." if card.scenario else f"Stage {stage}."
    _text_box(surf, L, box, (), [], body, "", pal,
              extra_top=(card.scenario or "") if c else "")
    if side == "B" and card.quest_points is not None:
        # quest points: a big disc over the art's lower right corner
        qr = L.px(25) if not c else max(12, L.px(30))
        qc = (art.right - qr - L.px(2), art.bottom - qr // 3)
        _badge(surf, qc, qr, _mix(dark, BORDER, 0.2), GOLD, str(card.quest_points), L,
               label="QUEST")
    _footer(surf, L, card.encounter_set or "", f"Core \u00b7 {card.number:03d}" if card.number else "",
            pal, L.h - L.px(17))


def _quest_path(surf, art: pygame.Rect, seed: str, L: _L) -> None:
    """A dotted journey line across the quest art, like a map."""
    rng = random.Random(seed + "path")
    pts = []
    n = 7
    for i in range(n + 1):
        x = art.x + art.w * (0.08 + 0.84 * i / n)
        y = art.y + art.h * (0.78 - 0.5 * i / n + rng.uniform(-0.1, 0.1))
        pts.append((x, y))
    col = (92, 40, 24)
    dot = max(1, L.px(2))
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        steps = max(2, int(math.hypot(x1 - x0, y1 - y0) / max(3, L.px(7))))
        for k in range(steps):
            t = k / steps
            pygame.draw.circle(surf, col, (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t), dot)
    ex, ey = pts[-1]
    m = max(3, L.px(7))
    pygame.draw.line(surf, (150, 30, 20), (ex - m, ey - m), (ex + m, ey + m), max(2, L.px(3)))
    pygame.draw.line(surf, (150, 30, 20), (ex - m, ey + m), (ex + m, ey - m), max(2, L.px(3)))


# ------------------------------------------------------------------- backs --

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


# -------------------------------------------------------------- image pack --
# The user's own scans live in sprites/imagepack.py (decoded off the frame,
# with a size check first); re-exported here for older imports.
from .imagepack import IMAGE_EXTS, ImagePack, _next_guid  # noqa: E402,F401


def face_surface(card, width: int, height: int, side: str = "A",
                 pack: ImagePack | None = None) -> pygame.Surface:
    """The face to show: the pack's scan when there is one, else procedural."""
    if pack is not None:
        surf = pack.face(card, width, height, side)
        if surf is not None:
            return _finish(surf)
    return render_front(card, width, height, side)


__all__ = ["CARD_W", "CARD_H", "CORNER_KEY", "render_front", "render_back", "ImagePack",
           "face_surface"]
