"""The right-click menu: a title and rows of actions with their hotkeys."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

from . import fonts

PANEL = (30, 27, 24)
PANEL_EDGE = (150, 125, 70)
ROW_HOVER = (88, 70, 40)
INK = (238, 230, 210)
DIM = (160, 150, 130)


@dataclass
class MenuItem:
    """A row of a menu: its label, what it runs (None: a note), the hotkey shown."""
    label: str
    action: Callable[[], None] | None
    hotkey: str = ""
    enabled: bool = True


class ContextMenu:
    """A menu at the pointer; a click on a row runs it, a click elsewhere closes it."""
    ROW = 26
    PAD = 8

    def __init__(self, title: str, items: list[MenuItem], pos: tuple[int, int],
                 screen_size: tuple[int, int]):
        self.title = title
        self.items = items
        f, fk = fonts.font(15), fonts.font(13)
        width = max([fonts.font(14, "ui-bold").size(title)[0] + 2 * self.PAD] +
                    [f.size(i.label)[0] + fk.size(i.hotkey)[0] + 48 for i in items])
        height = self.ROW * (len(items) + 1) + self.PAD
        x = min(pos[0], screen_size[0] - width - 4)
        y = min(pos[1], screen_size[1] - height - 4)
        self.rect = pygame.Rect(max(0, x), max(0, y), width, height)
        self.hover = -1

    def row_at(self, pos) -> int:
        """The row under ``pos`` (-1 for none)."""
        if not self.rect.collidepoint(pos):
            return -1
        i = (pos[1] - self.rect.y - self.ROW) // self.ROW
        return i if 0 <= i < len(self.items) else -1

    def motion(self, pos) -> None:
        """Highlight the row under the pointer."""
        self.hover = self.row_at(pos)

    def click(self, pos) -> bool:
        """Run the clicked item; returns False when the click was outside (close)."""
        i = self.row_at(pos)
        if i < 0:
            return self.rect.collidepoint(pos)
        item = self.items[i]
        if item.enabled and item.action:
            item.action()
        return False

    def draw(self, screen: pygame.Surface) -> None:
        """The menu with its shadow, title and rows."""
        r = self.rect
        shadow = pygame.Surface(r.size, pygame.SRCALPHA)
        shadow.fill((0, 0, 0, 110))
        screen.blit(shadow, r.move(5, 6))
        pygame.draw.rect(screen, PANEL, r, border_radius=6)
        pygame.draw.rect(screen, PANEL_EDGE, r, 1, border_radius=6)
        t = fonts.text(self.title, 14, (230, 200, 120), "ui-bold")
        screen.blit(t, (r.x + self.PAD, r.y + 5))
        pygame.draw.line(screen, PANEL_EDGE, (r.x + 4, r.y + self.ROW - 1), (r.right - 5, r.y + self.ROW - 1))
        for i, item in enumerate(self.items):
            y = r.y + self.ROW * (i + 1)
            if i == self.hover and item.enabled:
                pygame.draw.rect(screen, ROW_HOVER, (r.x + 2, y + 1, r.w - 4, self.ROW - 2), border_radius=4)
            ink = INK if item.enabled else (110, 104, 95)
            screen.blit(fonts.text(item.label, 15, ink), (r.x + self.PAD, y + 4))
            if item.hotkey:
                k = fonts.text(item.hotkey, 13, DIM)
                screen.blit(k, (r.right - self.PAD - k.get_width(), y + 6))
