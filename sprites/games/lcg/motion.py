"""Automated effects, seen: cards slide and turn over to where they go, and the
tokens and threat that change flash.

When the session reports an entry, ``Motion.begin`` reads its events: every card
that moved (between the table, the piles and the hands, or across the table)
slides from where it was drawn to where it is now, turning over on the way if it
was revealed or hidden; a card that went to a pile slides onto that pile.  Cards
of one entry set off one after another, in the order the entry moved them, so a
shadow card and a discarded attachment are seen going, not just gone.  Damage,
progress and resources put on a card, and a threat dial that moves, flash with
their change ("+3").  Nothing here changes the model; undo and redo move at once.
"""
from __future__ import annotations

import math

import pygame

import sprites.fonts as fonts
from sprites.lru import LRU
import tabletop.games.lcg.layout as layout
from tabletop.core.model import TABLE

SLIDE = 0.5                 # seconds a card takes to reach its place
STAGGER = 0.12              # between two cards of one entry
FLASH = 1.6                 # seconds a changed token or dial flashes
MAX_SLIDES = 14             # an entry that moves more (a shuffle) is not played out
FLASH_INK = {"damage": (255, 96, 80), "progress": (110, 190, 255), "resource": (250, 210, 90),
             "threat": (255, 120, 90)}


class Slide:
    """A card on its way: from ``a`` to ``b`` (table units), face ``up0`` to ``up1``."""
    __slots__ = ("cid", "code", "side", "up0", "up1", "a", "b", "t0", "exhausted", "lands")

    def __init__(self, cid, code, side, up0, up1, a, b, t0, exhausted, lands):
        self.cid, self.code, self.side = cid, code, side
        self.up0, self.up1 = up0, up1
        self.a, self.b = a, b
        self.t0 = t0
        self.exhausted = exhausted
        self.lands = lands          # it lands on the table (hide it there until it arrives)


class Flash:
    """A change shown for a moment: on a card (``cid``) or a seat's threat dial."""
    __slots__ = ("cid", "seat", "text", "ink", "t0")

    def __init__(self, cid, seat, text, ink, t0):
        self.cid, self.seat, self.text, self.ink, self.t0 = cid, seat, text, ink, t0


def _shade(size: tuple[int, int]) -> pygame.Surface:
    """The shadow under a sliding card (made once per size, not every frame)."""
    shade = pygame.Surface(size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 70))
    return shade


def _ease(t: float) -> float:
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


class Motion:
    """The slides and flashes of the card game's table."""

    def __init__(self, view):
        self.view = view
        self.slides: list[Slide] = []
        self.flashes: list[Flash] = []
        self._shades = LRU(24)      # the shadows under sliding cards, per size

    # ------------------------------------------------------------ starting
    def clear(self) -> None:
        """Stop everything (undo, another game, another seat)."""
        self.slides.clear()
        self.flashes.clear()

    def begin(self, entry, before: dict) -> None:
        """Play out ``entry``: ``before`` holds where each table card was drawn
        (card id -> (x, y)) before the entry."""
        app = self.view.app
        st = app.state
        now = app.now
        first: dict[int, str] = {}            # card -> the zone it left first
        last: dict[int, str] = {}             # card -> the zone it is in at the end
        order: list[int] = []
        turned: dict[int, bool] = {}          # card -> face up before the entry
        tokens: dict[tuple[int, str], int] = {}
        threat: dict[int, int] = {}
        for ev in entry.events:
            kind = ev[0]
            if kind == "move":
                cid = ev[1]
                first.setdefault(cid, ev[2])
                last[cid] = ev[4]
                if cid not in order:
                    order.append(cid)
            elif kind == "card" and ev[2] == "face_up":
                turned.setdefault(ev[1], bool(ev[3]))
            elif kind == "card" and ev[2] in ("x", "y", "attached_to") and ev[1] in before:
                if ev[1] not in order:
                    order.append(ev[1])
            elif kind == "token" and ev[2] in FLASH_INK:
                key = (ev[1], ev[2])
                tokens[key] = tokens.get(key, 0) + max(0, ev[4] - ev[3])
            elif kind == "seat" and ev[2] == "threat":
                threat[ev[1]] = threat.get(ev[1], 0) + (ev[4] - ev[3])
        by_id = self.view.view.by_id
        shifted = [cid for cid, point in before.items() if cid not in order and cid in by_id
                   and math.dist(point, (by_id[cid].x, by_id[cid].y)) >= 6]
        if len(order) + len(shifted) <= MAX_SLIDES:
            i = 0
            for cid in order:
                slide = self._slide(cid, first.get(cid), last.get(cid), before, turned,
                                    now + i * STAGGER)
                if slide is not None:
                    self.slides.append(slide)
                    i += 1
            for cid in shifted:                 # a row closing up, a card pushed aside
                slide = self._slide(cid, None, None, before, turned, now)
                if slide is not None:
                    self.slides.append(slide)
        for (cid, token), n in tokens.items():
            if n and cid in st.cards and st.cards[cid].zone == TABLE:
                self.flashes.append(Flash(cid, None, f"+{n}", FLASH_INK[token], now))
        for seat, n in threat.items():
            if n:
                self.flashes.append(Flash(None, seat, f"{n:+d}", FLASH_INK["threat"], now))

    def _slide(self, cid, from_zone, to_zone, before, turned, t0) -> Slide | None:
        st = self.view.app.state
        card = st.cards.get(cid)
        if card is None:
            return None
        a = before.get(cid) or self._zone_point(from_zone)
        it = self.view.view.by_id.get(cid)
        b = (it.x, it.y) if it is not None else self._zone_point(to_zone)
        if a is None or b is None or math.dist(a, b) < 6:
            return None
        up1 = bool(card.face_up) and self._visible(cid)
        up0 = turned.get(cid, bool(card.face_up)) and self._visible(cid)
        if from_zone is not None and from_zone != TABLE and cid not in before:
            up0 = up0 and st.zones.get(from_zone) is not None and \
                st.zones[from_zone].visibility == "public"
        return Slide(cid, card.code, card.side, up0, up1, a, b, t0,
                     bool(card.exhausted) and it is not None, it is not None)

    def _visible(self, cid) -> bool:
        from tabletop.core.view import can_see
        app = self.view.app
        return can_see(app.state, app.viewer, cid)

    def _zone_point(self, zone_id) -> tuple[float, float] | None:
        """Where a pile or a hand is on the table (the viewer's hand: under the table)."""
        app = self.view.app
        st = app.state
        zone = st.zones.get(zone_id) if zone_id else None
        if zone is None:
            return None
        if zone.kind == "hand":
            if zone.owner == app.viewer:
                w, h = app.screen.get_size()
                return app.camera.to_world(w / 2, h - self.view.hand.height() / 2)
            if zone.owner is not None and 0 <= zone.owner < len(st.seats):
                return layout.hidden_hand_spot(st, zone.owner)
            return None
        if zone.kind == "table":
            return None
        return (zone.x, zone.y)

    # ------------------------------------------------------------ time
    def update(self, now: float) -> bool:
        """Forget what has finished; True while something moves or flashes."""
        self.slides = [s for s in self.slides if now - s.t0 < SLIDE]
        self.flashes = [f for f in self.flashes if now - f.t0 < FLASH]
        return bool(self.slides or self.flashes)

    def hidden(self, now: float) -> frozenset:
        """Table cards not drawn in their place yet (they are still on their way)."""
        return frozenset(s.cid for s in self.slides if s.lands)

    # ------------------------------------------------------------ drawing
    def draw(self, screen: pygame.Surface, now: float) -> None:
        """The cards on their way, then the flashes."""
        view = self.view
        camera = view.app.camera
        w0, h0 = view.view.card_px(camera)
        for s in self.slides:
            t = (now - s.t0) / SLIDE
            if t < 0:
                point = s.a
                up = s.up0
                squash = 1.0
            else:
                e = _ease(t)
                point = (s.a[0] + (s.b[0] - s.a[0]) * e, s.a[1] + (s.b[1] - s.a[1]) * e)
                up = s.up1 if t >= 0.5 else s.up0
                squash = abs(math.cos(math.pi * t)) if s.up0 != s.up1 else 1.0
            surf = view.faces.face(s.code, s.side, up, w0, h0, s.exhausted and t >= 0.5)
            if squash < 0.999:
                surf = pygame.transform.scale(surf, (max(1, int(surf.get_width() * squash)),
                                                     surf.get_height()))
            sx, sy = camera.to_screen(*point)
            lift = int(10 * math.sin(math.pi * min(1.0, max(0.0, t))))
            r = surf.get_rect(center=(sx, sy - lift))
            shade = self._shades.get_or(r.size, lambda: _shade(r.size))
            screen.blit(shade, r.move(4, 6 + lift // 2))
            screen.blit(surf, r)
        for f in self.flashes:
            self._draw_flash(screen, f, now)

    def _draw_flash(self, screen, f: Flash, now: float) -> None:
        view = self.view
        camera = view.app.camera
        t = (now - f.t0) / FLASH
        if t < 0 or t >= 1:
            return
        if f.cid is not None:
            it = view.view.by_id.get(f.cid)
            if it is None:
                return
            rect = view.view.screen_rect(camera, it)
        else:
            rect = view.view.dial_rects(camera, f.seat)[0]
        alpha = int(255 * (1 - t) ** 0.7)
        pulse = 3 + int(4 * abs(math.sin(t * math.pi * 3)))
        ring = pygame.Surface(rect.inflate(16, 16).size, pygame.SRCALPHA)
        pygame.draw.rect(ring, (*f.ink, alpha), ring.get_rect(), pulse,
                         border_radius=max(6, rect.w // 6))
        screen.blit(ring, rect.inflate(16, 16))
        size = max(16, min(40, rect.w // 2))
        label = fonts.text(f.text, size, f.ink, "ui-bold").copy()
        outline = fonts.text(f.text, size, (20, 10, 8), "ui-bold").copy()
        label.set_alpha(alpha)
        outline.set_alpha(alpha)
        rise = int(24 * t)
        pos = label.get_rect(midbottom=(rect.centerx, rect.top - 2 - rise))
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1), (2, 2)):
            screen.blit(outline, pos.move(dx, dy))
        screen.blit(label, pos)
