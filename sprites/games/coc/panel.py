"""The action panel: what the round waits for, in words, and a button for each decision
that is not a click on a board (rolling, secret choices, marches, finishing a step...).

The panel sits at the bottom left of the window; it shows only the viewing seat's choices,
and says who the game waits for when it is someone else.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

import sprites.fonts as fonts
from sprites.games.coc.canvas import GOLD, HUD_BG, HUD_INK as INK
from tabletop.core.i18n import _

PAD, ROW, BUTTON_H = 10, 21, 30
BUTTON = (58, 50, 38)
BUTTON_HOVER = (96, 78, 44)
BUTTON_MAIN = (120, 92, 36)
DIM = (170, 160, 140)


@dataclass
class Button:
    """A button: its words, what it does, its place on screen (set by ``layout``)."""
    label: str
    run: Callable[[], None]
    main: bool = False
    rect: pygame.Rect | None = None


class Panel:
    """Lines of text and rows of buttons, laid out from the bottom left of the window."""

    def __init__(self):
        self.title = ""
        self.lines: list[str] = []
        self.buttons: list[Button] = []
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.hover = -1

    def set(self, title: str, lines: list[str], buttons: list[Button]) -> None:
        """New contents."""
        self.title, self.lines, self.buttons = title, lines, buttons
        self.hover = -1

    def layout(self, screen_size: tuple[int, int]) -> None:
        """Place the panel at the bottom left: its lines, then its buttons beside them when
        there is room, below them when not."""
        w, h = screen_size
        limit = max(360, w - 300)
        f = fonts.font(15)
        bold = fonts.font(15, "ui-bold")
        text_w = max([fonts.font(16, "ui-bold").size(self.title)[0]]
                     + [(bold if i == 0 and not self.title else f).size(line)[0]
                        for i, line in enumerate(self.lines)])
        widths = [f.size(b.label)[0] + 24 for b in self.buttons]
        text_h = (ROW if self.title else 0) + ROW * len(self.lines)
        beside = text_w + 24 + sum(widths) + 8 * len(widths) <= limit - 2 * PAD
        x = PAD + text_w + 24 if beside else PAD
        y = (text_h - BUTTON_H) // 2 if beside else text_h + 6
        rows = 1 if self.buttons else 0
        for b, bw in zip(self.buttons, widths):
            if x + bw > limit - PAD and x > PAD and not beside:
                x, y, rows = PAD, y + BUTTON_H + 6, rows + 1
            b.rect = pygame.Rect(x, y, bw, BUTTON_H)
            x += bw + 8
        right = max([PAD + text_w] + [b.rect.right for b in self.buttons])
        height = (max(text_h, BUTTON_H) if beside else text_h + 6 + rows * (BUTTON_H + 6)) + 2 * PAD
        self.rect = pygame.Rect(10, h - height - 8, right + PAD, height)
        for b in self.buttons:
            b.rect.move_ip(self.rect.x, self.rect.y + PAD)

    def draw(self, screen: pygame.Surface) -> None:
        """Draw the panel (call ``layout`` first)."""
        if not self.title and not self.lines and not self.buttons:
            return
        box = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        box.fill((*HUD_BG, 236))
        screen.blit(box, self.rect)
        pygame.draw.rect(screen, GOLD, self.rect, 1, border_radius=6)
        y = self.rect.y + PAD
        if self.title:
            screen.blit(fonts.text(self.title, 16, GOLD, "ui-bold"), (self.rect.x + PAD, y))
            y += ROW
        for i, line in enumerate(self.lines):
            colour = GOLD if i == 0 and not self.title else (INK if i == 0 else DIM)
            screen.blit(fonts.text(line, 15, colour, "ui-bold" if colour == GOLD else "ui"),
                        (self.rect.x + PAD, y + i * ROW))
        for i, b in enumerate(self.buttons):
            colour = BUTTON_HOVER if i == self.hover else (BUTTON_MAIN if b.main else BUTTON)
            pygame.draw.rect(screen, colour, b.rect, border_radius=5)
            pygame.draw.rect(screen, GOLD if b.main else DIM, b.rect, 1, border_radius=5)
            img = fonts.text(b.label, 15, INK)
            screen.blit(img, img.get_rect(center=b.rect.center))

    def covers(self, pos) -> bool:
        """Is ``pos`` on the panel?"""
        return (bool(self.title or self.lines or self.buttons)) and self.rect.collidepoint(pos)

    def motion(self, pos) -> None:
        """Highlight the button under the pointer."""
        self.hover = next((i for i, b in enumerate(self.buttons)
                           if b.rect is not None and b.rect.collidepoint(pos)), -1)

    def click(self, pos) -> bool:
        """Press the button under ``pos``; True when the click was on the panel."""
        for b in self.buttons:
            if b.rect is not None and b.rect.collidepoint(pos):
                b.run()
                return True
        return self.covers(pos)

    def press_main(self) -> bool:
        """Press the main button (Enter); False when there is none."""
        main = [b for b in self.buttons if b.main]
        if len(main) != 1:
            return False
        main[0].run()
        return True


def waiting_line(name: str) -> str:
    """"Waiting for Ben."."""
    return _("Waiting for {name}.").format(name=name)
