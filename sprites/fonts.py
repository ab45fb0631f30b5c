"""Fonts for the interface, cached per (face, size)."""
from __future__ import annotations

import os

import pygame

from tabletop.core.schema import printable

ASSETS = os.path.join(os.path.dirname(__file__), "assets")
FACES = {
    "ui": "DejaVuSansCondensed.ttf",
    "ui-bold": "DejaVuSansCondensed-Bold.ttf",
    "title": "LinLibertine_RB.otf",
}
_cache: dict[tuple[str, int], pygame.font.Font] = {}


def font(size: int, face: str = "ui") -> pygame.font.Font:
    """The interface font ``face`` at ``size`` pixels (cached)."""
    key = (face, size)
    f = _cache.get(key)
    if f is None:
        if not pygame.font.get_init():
            pygame.font.init()
        path = os.path.join(ASSETS, FACES.get(face, FACES["ui"]))
        f = pygame.font.Font(path if os.path.exists(path) else None, size)
        _cache[key] = f
    return f


_texts: dict = {}


def clear_texts() -> None:
    """Forget every rendered label (after a language switch)."""
    _texts.clear()


def text(s: str, size: int, color=(235, 230, 215), face: str = "ui") -> pygame.Surface:
    """Rendered text, cached: the same label is not re-rendered every frame.

    The surface is shared: copy it before changing it (alpha, drawing on it).
    Control characters (from a seat name, a file) are drawn escaped, as ``\x1b``.
    """
    if not s.isprintable():
        s = printable(s)
    key = (s, size, tuple(color), face)
    surf = _texts.get(key)
    if surf is None:
        if len(_texts) > 3000:
            _texts.clear()
        surf = _texts[key] = font(size, face).render(s, True, color)
    return surf
