"""The viewing seat's hand: a fan of cards along the bottom of the window."""
from __future__ import annotations

import pygame

import sprites.fonts as fonts
from tabletop.core.i18n import _

HAND_W, HAND_H = 118, 165       # a hand card on screen, pixels
HAND_MARGIN = 26                 # the strip above the cards (its label, the lifted card)


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

    def area(self) -> pygame.Rect:
        """The strip along the bottom of the window that holds the hand."""
        w, h = self.view.app.screen.get_size()
        return pygame.Rect(0, h - HAND_H - HAND_MARGIN, w, HAND_H + HAND_MARGIN)

    def rects(self) -> list[tuple[int, pygame.Rect]]:
        """Each hand card's rectangle, left to right; the hovered one is lifted."""
        ids = self.ids()
        if not ids:
            return []
        w, h = self.view.app.screen.get_size()
        span = min(w - 580, len(ids) * (HAND_W * 0.82))
        step = span / max(1, len(ids)) if len(ids) > 1 else 0
        x0 = w / 2 - (step * (len(ids) - 1) + HAND_W) / 2
        out = []
        for i, cid in enumerate(ids):
            y = h - HAND_H - 12
            if cid == self.hover:
                y -= 26
            out.append((cid, pygame.Rect(int(x0 + i * step), y, HAND_W, HAND_H)))
        return out

    def card_at(self, pos) -> int | None:
        """The hand card under ``pos`` (none while the hot-seat curtain is down)."""
        if self.view.app.curtain is not None:
            return None
        for cid, r in reversed(self.rects()):
            if r.collidepoint(pos):
                return cid
        return None

    def draw(self, screen: pygame.Surface, dragged=frozenset()) -> None:
        """The shaded strip, "Name's hand (n)" and the cards (but the one being dragged)."""
        app = self.view.app
        area = self.area()
        shade = pygame.Surface(area.size, pygame.SRCALPHA)
        shade.fill((10, 8, 6, 150))
        screen.blit(shade, area)
        me = app.state.seats[app.viewer]
        label = fonts.text(_("{name}'s hand ({n})").format(name=me.name, n=len(self.ids())),
                           14, (210, 200, 170), "ui-bold")
        screen.blit(label, (12, area.y + 6))
        faces = self.view.faces
        for cid, r in self.rects():
            if cid in dragged:
                continue
            card = app.state.cards[cid]
            screen.blit(faces.face(card.code, card.side, True, r.w, r.h), r)

