"""A small box that asks for a number (or a line of text): Enter confirms, Esc cancels."""
from __future__ import annotations

import pygame
import pygame_gui

import sprites.fonts as fonts
from sprites.palette import GOLD, INK
from tabletop.core.i18n import _


class Prompt:
    """A question in the middle of the window; ``finish(text)`` calls back with the answer."""

    def __init__(self, ui, size: tuple[int, int], label: str, on_answer, text: str | None = None):
        w, h = size
        width = 120 if text is None else 420
        self.label = label
        self.on_answer = on_answer
        self.is_text = text is not None
        self.entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(w // 2 - width // 2, h // 2 - 4, width, 34), ui)
        if text is None:
            self.entry.set_allowed_characters("numbers")
        else:
            self.entry.set_text(text)
        self.entry.focus()

    def finish(self, text: str, toast) -> None:
        """The answer was typed: close, then call back (a number must be a whole number)."""
        self.close()
        if self.is_text:
            self.on_answer(text)
            return
        try:
            n = int(text)
        except ValueError:
            toast(_("Type a whole number."))
            return
        self.on_answer(n)

    def close(self) -> None:
        """Remove the text entry."""
        self.entry.kill()

    def draw(self, screen: pygame.Surface) -> None:
        """The box and its question around the entry (pygame_gui draws the entry)."""
        box = self.entry.rect.inflate(360, 70).move(0, -12)
        pygame.draw.rect(screen, (28, 25, 22), box, border_radius=8)
        pygame.draw.rect(screen, GOLD, box, 1, border_radius=8)
        t = fonts.text(self.label + "  " + _("(Enter to confirm, Esc to cancel)"), 15, INK)
        screen.blit(t, t.get_rect(midtop=(box.centerx, box.y + 6)))
