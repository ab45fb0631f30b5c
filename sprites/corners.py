"""Rounded corners of a card picture, shared by every game's cards (drawn faces and
the player's own scans).

A finished card is an opaque surface whose pixels outside its rounded corners
carry ``CORNER_KEY``, set as an RLE-accelerated colorkey: blitting it opaque is
several times faster than per-pixel alpha.
"""
from __future__ import annotations

from functools import lru_cache

import pygame

CORNER_KEY = (255, 0, 255)


def radius(w: int, h: int) -> int:
    """The corner radius of a card of w x h pixels."""
    return max(3, int(round(min(w, h) * 0.05)))


@lru_cache(maxsize=64)
def corner_overlay(w: int, h: int) -> pygame.Surface:
    """A surface that, blitted on a card, paints CORNER_KEY outside the
    rounded rectangle and leaves the inside untouched."""
    over = pygame.Surface((w, h))
    over.fill(CORNER_KEY)
    hole = (0, 0, 0) if CORNER_KEY != (0, 0, 0) else (1, 1, 1)
    pygame.draw.rect(over, hole, (0, 0, w, h), border_radius=radius(w, h))
    over.set_colorkey(hole)
    return over


def finish(surf: pygame.Surface) -> pygame.Surface:
    """Cut the rounded corners, convert if a display exists, set the colorkey."""
    w, h = surf.get_size()
    surf.blit(corner_overlay(w, h), (0, 0))
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        try:
            surf = surf.convert()
        except pygame.error:
            pass
    surf.set_colorkey(CORNER_KEY, pygame.RLEACCEL)
    return surf
