"""The viewing seat's hand: a row of cards along the bottom of the window.

The cards are sized to the window (larger on a large screen) and spread over
the width the strip has, left of the dice tray: side by side while they fit,
overlapping evenly only when they do not.
"""
from __future__ import annotations

import pygame

import sprites.fonts as fonts
from sprites.screen import px, user_scale
from tabletop.core.i18n import _

HAND_W, HAND_H = 118, 165       # a hand card on screen at 900 pixels of window height
HAND_MARGIN = 26                 # the strip above the cards (its label, the lifted card)
TRAY_W = 262                     # the dice tray at the bottom right (without a window)
GAP = 8


def card_size(window_h: int) -> tuple[int, int]:
    """A hand card's size for a window of that height (18% of it, at least 118 pixels;
    times --scale, at most 30% of the window)."""
    h = int(min(max(118, window_h * 0.183) * user_scale(), window_h * 0.3))
    return int(h * HAND_W / HAND_H), h


def margin(size: tuple[int, int]) -> int:
    """The strip above the hand's cards (its label, the lifted card), at this window's scale."""
    return px(size, HAND_MARGIN)


class Hand:
    """Where the viewer's hand cards are on screen, which one is under the pointer,
    and how the fan is drawn.  Only the viewing seat's own hand is ever shown."""

    def __init__(self, view):
        self.view = view                 # the card game's view (its app, state, faces)
        self.hover: int | None = None    # the hand card under the pointer (lifted)

    def ids(self) -> list[int]:
        """The viewer's hand, in order."""
        app = self.view.app
        zone = app.state.zones.get(app.state.seat_zone(app.viewer, "hand"))
        return list(zone.cards) if zone else []

    def height(self) -> int:
        """The cards' height (the strip is ``HAND_MARGIN`` taller)."""
        return card_size(self.view.app.screen.get_height())[1]

    def area(self) -> pygame.Rect:
        """The strip along the bottom of the window that holds the hand."""
        w, h = self.view.app.screen.get_size()
        ch = self.height()
        m = margin((w, h))
        return pygame.Rect(0, h - ch - m, w, ch + m)

    def right(self) -> int:
        """Where the hand's cards end: left of the dice tray and its caption."""
        app = self.view.app
        tray = getattr(app, "tray", None)
        w = app.screen.get_width()
        return w - (tray.width() if tray is not None else TRAY_W) - GAP

    def rects(self) -> list[tuple[int, pygame.Rect]]:
        """Each hand card's rectangle, left to right; the hovered one is lifted."""
        ids = self.ids()
        if not ids:
            return []
        w, h = self.view.app.screen.get_size()
        cw, ch = card_size(h)
        left, right = 12, self.right()
        n = len(ids)
        if n * (cw + GAP) - GAP <= right - left:
            step = cw + GAP                     # side by side, centred in the strip
            x0 = max(left, min((w - (n * step - GAP)) / 2, right - (n * step - GAP)))
        else:
            step = (right - left - cw) / (n - 1)
            x0 = left
        out = []
        for i, cid in enumerate(ids):
            y = h - ch - px((w, h), 12)
            if cid == self.hover:
                y -= px((w, h), 22)
            out.append((cid, pygame.Rect(int(x0 + i * step), y, cw, ch)))
        return out

    def card_at(self, pos) -> int | None:
        """The hand card under ``pos`` (none while the hot-seat curtain is down)."""
        if self.view.app.curtain is not None:
            return None
        rects = self.rects()
        lifted = [(c, r) for c, r in rects if c == self.hover]
        for cid, r in lifted + list(reversed(rects)):
            if r.collidepoint(pos):
                return cid
        return None

    def draw(self, screen: pygame.Surface, dragged=frozenset(), lit=frozenset()) -> None:
        """The shaded strip, "Name's hand (n)" and the cards (but the one being dragged);
        ``lit`` cards (playable now) are outlined."""
        app = self.view.app
        area = self.area()
        shade = pygame.Surface(area.size, pygame.SRCALPHA)
        shade.fill((10, 8, 6, 150))
        screen.blit(shade, area)
        me = app.state.seats[app.viewer]
        label = fonts.text(_("{name}'s hand ({n})").format(name=me.name, n=len(self.ids())),
                           px(screen.get_size(), 14), (210, 200, 170), "ui-bold")
        screen.blit(label, (12, area.y + px(screen.get_size(), 6)))
        faces = self.view.faces
        rects = self.rects()
        hovered = None
        for cid, r in rects:
            if cid in dragged:
                continue
            if cid == self.hover:
                hovered = (cid, r)          # drawn last, over its neighbours
                continue
            self._card(screen, faces, cid, r, cid in lit)
        if hovered is not None:
            self._card(screen, faces, *hovered, hovered[0] in lit)

    def _card(self, screen, faces, cid, r, lit: bool) -> None:
        card = self.view.app.state.cards[cid]
        screen.blit(faces.face(card.code, card.side, True, r.w, r.h), r)
        if lit:
            pygame.draw.rect(screen, (120, 230, 255), r.inflate(6, 6), 3, border_radius=8)

