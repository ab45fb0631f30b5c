"""The card game's cached surfaces: card faces per (face, size, rotation), token badges.

Nothing is transformed per frame: a face is rendered once at master size,
scaled once per zoom step, rotated once for the exhausted pose, and kept.
Faces carry a colorkey for their rounded corners and are blitted opaque
(RLE-accelerated), which is several times faster than per-pixel alpha.
"""
from __future__ import annotations

import pygame

from sprites import fonts
from sprites.games.lcg import cardface
from sprites.games.lcg.cardpaint import COMPACT_BELOW
from sprites.lru import LRU
from tabletop.core.i18n import N_, _
from tabletop.games.lcg.cards import TOKEN_TYPES, CardDB

# colour and short glyph of each token type (hotkeys 1-9 in this order)
TOKEN_STYLE = {
    "resource": ((214, 170, 40), "R"),
    "progress": ((60, 150, 210), "P"),
    "damage": ((200, 45, 40), "D"),
    "time": ((120, 120, 140), "T"),
    "willpower": ((235, 235, 235), "W"),
    "attack": ((230, 120, 30), "A"),
    "defense": ((90, 130, 170), "Df"),
    "hitpoints": ((200, 90, 140), "HP"),
    "engagement": ((130, 80, 170), "E"),
}
# the glyphs in the players' language: "token glyph: R" translates to the glyph alone
GLYPH_MSGIDS = {"resource": N_("token glyph: R"), "progress": N_("token glyph: P"),
                     "damage": N_("token glyph: D"), "time": N_("token glyph: T"),
                     "willpower": N_("token glyph: W"), "attack": N_("token glyph: A"),
                     "defense": N_("token glyph: Df"), "hitpoints": N_("token glyph: HP"),
                     "engagement": N_("token glyph: E")}


def token_glyph(token: str) -> str:
    """The short glyph of a token type in the language in force."""
    return _(GLYPH_MSGIDS[token]).rsplit(": ", 1)[-1]


TOKEN_LABEL = {   # translated where shown
    "resource": N_("Resource"), "progress": N_("Progress"), "damage": N_("Damage"), "time": N_("Time"),
    "willpower": N_("Willpower / threat"), "attack": N_("Attack"), "defense": N_("Defense"),
    "hitpoints": N_("Hit points / quest points"), "engagement": N_("Engagement cost"),
}


class FaceCache:
    """Card faces for the renderer.  ``key`` = (code, side, face_up)."""

    def __init__(self, db: CardDB, pack: cardface.ImagePack | None = None):
        self.db = db
        self.pack = pack
        self.masters = LRU(400)
        self.sized = LRU(6000)

    def _master(self, key) -> pygame.Surface:
        code, side, face_up, current = key
        cdef = self.db.by_code.get(code)

        def make():
            if cdef is None:
                return cardface.render_back("player")
            if not face_up:
                return cardface.render_back(cdef.back)
            return cardface.face_surface(cdef, cardface.CARD_W, cardface.CARD_H, side, self.pack,
                                         current)
        return self.masters.get_or(key, make)

    def _direct(self, key, w, h) -> pygame.Surface:
        code, side, face_up, current = key
        cdef = self.db.by_code.get(code)
        if cdef is None:
            return cardface.render_back("player", w, h)
        if not face_up:
            return cardface.render_back(cdef.back, w, h)
        return cardface.face_surface(cdef, w, h, side, self.pack, current)

    def face(self, code: str, side: str, face_up: bool, w: int, h: int,
             exhausted: bool = False, current: tuple = ()) -> pygame.Surface:
        """The card at w x h pixels (portrait size), rotated 90° when exhausted;
        ``current``: the stats that differ from the printed ones, (field, value, delta)
        (``sprites.games.lcg.current``), drawn coloured."""
        key = (code, side if face_up else "", face_up, current if face_up else ())
        return self.sized.get_or((key, w, h, exhausted), lambda: self._make(key, w, h, exhausted))

    def _make(self, key, w, h, exhausted) -> pygame.Surface:
        if exhausted:
            base = self.face(key[0], key[1], key[2], w, h, False, key[3])
            surf = pygame.transform.rotate(base, -90)
        elif w < COMPACT_BELOW or w > cardface.CARD_W:
            # small faces use the compact layout; large ones are drawn sharp
            surf = self._direct(key, w, h)
        else:
            master = self._master(key)
            surf = master.copy() if (w, h) == master.get_size() else scale_keyed(master, w, h)
        if pygame.display.get_surface() is not None:
            surf = surf.convert()
        surf.set_colorkey(cardface.CORNER_KEY, pygame.RLEACCEL)
        return surf

    def clear(self) -> None:
        """Forget every face."""
        self.masters.clear()
        self.sized.clear()


def scale_keyed(master: pygame.Surface, w: int, h: int) -> pygame.Surface:
    """Scale a colorkeyed face smoothly without pink fringes at the corners."""
    mw, mh = master.get_size()
    flat = master.copy()
    flat.set_colorkey(None)
    corners = pygame.mask.from_threshold(master, cardface.CORNER_KEY, (1, 1, 1, 255))
    corners.to_surface(flat, setcolor=(25, 22, 20, 255), unsetcolor=None)
    scaled = pygame.transform.smoothscale(flat, (w, h))
    shape = pygame.Surface((w, h))
    shape.fill((0, 0, 0))
    r = max(2, int(round(min(w, h) * _corner_ratio(master))))
    pygame.draw.rect(shape, (255, 255, 255), (0, 0, w, h), border_radius=r)
    body = pygame.mask.from_threshold(shape, (255, 255, 255), (1, 1, 1, 255))
    out = pygame.Surface((w, h))
    out.fill(cardface.CORNER_KEY)
    body.to_surface(out, setsurface=scaled, unsetcolor=None)
    return out


def _corner_ratio(master: pygame.Surface) -> float:
    """How round the master's corners are (keyed pixels along its top edge)."""
    w, h = master.get_size()
    key = pygame.Color(*cardface.CORNER_KEY)
    n = 0
    while n < w // 4 and master.get_at((n, 0))[:3] == key[:3]:
        n += 1
    return (n * 2.4) / min(w, h) if n else 0.06


class TokenArt:
    """Round token badges with a count, cached per (token, count, size)."""

    def __init__(self):
        self.cache = LRU(2000)

    def badge(self, token: str, count: int, size: int) -> pygame.Surface:
        """A token badge with its count."""
        return self.cache.get_or((token, count, size), lambda: self._make(token, count, size))

    def _make(self, token: str, count: int, size: int) -> pygame.Surface:
        colour = TOKEN_STYLE[token][0]
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        c = size // 2
        pygame.draw.circle(surf, (20, 18, 16, 230), (c, c), c)
        pygame.draw.circle(surf, colour, (c, c), c - max(1, size // 14))
        inner = tuple(max(0, v - 50) for v in colour)
        pygame.draw.circle(surf, inner, (c, c), int(c * 0.72), max(1, size // 16))
        label = str(count) if token in ("resource", "progress", "damage", "time") else f"{count:+d}"
        ink = (20, 20, 20) if sum(colour) > 450 else (255, 255, 255)
        txt = fonts.font(max(8, int(size * 0.55)), "ui-bold").render(label, True, ink)
        surf.blit(txt, txt.get_rect(center=(c, c + 1)))
        return surf

    def chip(self, token: str, size: int) -> pygame.Surface:
        """A supply chip: the token with its glyph instead of a count."""
        def make():
            colour, glyph = TOKEN_STYLE[token][0], token_glyph(token)
            surf = pygame.Surface((size, size), pygame.SRCALPHA)
            c = size // 2
            pygame.draw.circle(surf, (15, 12, 10, 200), (c + 2, c + 3), c - 1)
            pygame.draw.circle(surf, colour, (c, c), c - 2)
            pygame.draw.circle(surf, tuple(min(255, v + 40) for v in colour), (c, c), c - 2, 2)
            ink = (20, 20, 20) if sum(colour) > 450 else (255, 255, 255)
            txt = fonts.font(max(8, int(size * 0.42)), "ui-bold").render(glyph, True, ink)
            surf.blit(txt, txt.get_rect(center=(c, c + 1)))
            return surf
        return self.cache.get_or(("chip", token, size), make)


def token_slot(token: str) -> tuple[float, float]:
    """Where a token badge sits on a card, as fractions of its width and height.

    The 3x3 grid mirrors the number keys 1-9, so the badge for key N is where
    a player expects it.
    """
    i = TOKEN_TYPES.index(token)
    col, row = i % 3, i // 3
    return (0.22 + col * 0.28, 0.30 + row * 0.22)
