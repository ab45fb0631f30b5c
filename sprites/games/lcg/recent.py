"""What just happened: the last automated events, beside the decision bar.

The rules engine carries out everything between two decisions at once: an
undefended attack, its shadow card and the discard of an attachment can all
happen between two clicks.  This short list shows the sentences the session
logged for them (the log entries' own text), newest last, right under the
decision bar.  It stays a few seconds, longer when something hurt a player
(damage on a player's card, a player's card discarded, threat raised), and
while the pointer is on it.
"""
from __future__ import annotations

import pygame

import sprites.fonts as fonts
from sprites.hud import bar_h, wrap
from sprites.palette import GOLD, INK
from sprites.screen import px, ui_scale
from tabletop.core.i18n import _
from tabletop.core.model import TABLE
from tabletop.core.schema import printable

HOLD = 6.0                  # seconds the list stays after an automated event
HOLD_HURT = 12.0            # ... after one that hurt a player
LINES = 7                   # sentences shown at most
HURT_INK = (255, 150, 130)
FADE = 0.6


def hurts(entry, state) -> bool:
    """Did this entry hurt a player: damage on a player's card, a player's card
    discarded (from the table or a hand), a threat dial raised?"""
    cards = state.cards
    for ev in entry.events:
        kind = ev[0]
        if kind == "token" and ev[2] == "damage" and ev[4] > ev[3]:
            card = cards.get(ev[1])
            if card is not None and card.origin == "player":
                return True
        elif kind == "seat" and ev[2] == "threat" and ev[4] > ev[3]:
            return True
        elif kind == "move" and str(ev[4]).endswith("discard"):
            card = cards.get(ev[1])
            if card is not None and card.origin == "player" and (
                    ev[2] == TABLE or str(ev[2]).endswith(".hand")):
                return True
    return False


class Recent:
    """The list, fed by the window's session changes (``add``), drawn under the bars."""

    def __init__(self, view):
        self.view = view
        self.lines: list[tuple[str, bool]] = []     # (sentence, from an entry that hurt)
        self.until = 0.0
        self.rect = pygame.Rect(0, 0, 0, 0)

    def clear(self) -> None:
        """Forget the list (undo, another game)."""
        self.lines.clear()
        self.until = 0.0

    def add(self, entry) -> None:
        """An entry the session has just logged: its sentences join the list when the
        engine did something on its own (more than the player's answer)."""
        app = self.view.app
        parts = [p for p in str(entry.text).split("\n") if p.strip()]
        hurt = hurts(entry, app.state)
        if len(parts) < 2 and not entry.automatic and not hurt:
            return
        self.lines = (self.lines + [(printable(p, 300), hurt) for p in parts])[-LINES:]
        self.until = max(self.until, app.now + (HOLD_HURT if hurt else HOLD))

    def visible(self) -> bool:
        """Is the list on screen now?"""
        app = self.view.app
        if not self.lines or app.curtain is not None:
            return False
        return app.now < self.until or self.rect.collidepoint(app.pointer)

    def wake_in(self) -> float | None:
        """Seconds until the list goes (the idle window must draw that frame)."""
        if not self.lines or self.view.app.now >= self.until:
            return None
        return self.until - self.view.app.now

    def width(self) -> int:
        """How much of the window's right side the list takes (0 when hidden)."""
        if not self.visible():
            return 0
        w, h = self.view.app.screen.get_size()
        return min(px((w, h), 380), int(w * 0.3))

    def draw(self, screen: pygame.Surface) -> None:
        """The list, at the right under the decision bar, fading out at the end."""
        if not self.visible():
            self.rect = pygame.Rect(0, 0, 0, 0)
            return
        app = self.view.app
        size2 = screen.get_size()
        w = self.width()
        fs = px(size2, 13)
        f = fonts.font(fs)
        rows: list[tuple[str, bool]] = []
        for text, hurt in self.lines:
            for line in wrap("• " + text, f, w - px(size2, 20)):
                rows.append((line, hurt))
        rows = rows[-(LINES + 3):]
        line_h = int(fs * 1.35)
        title = fonts.text(_("What just happened"), px(size2, 13), GOLD, "ui-bold")
        hh = title.get_height() + px(size2, 8)
        top = bar_h(size2) + self.view.top_height() + px(size2, 8)
        box = pygame.Rect(size2[0] - w - px(size2, 8), top, w, hh + line_h * len(rows) + px(size2, 10))
        self.rect = box
        left = self.until - app.now
        alpha = 215 if left > FADE or self.rect.collidepoint(app.pointer) else \
            int(215 * max(0.0, left) / FADE)
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        panel.fill((16, 13, 11, alpha))
        hurt_any = any(hurt for _t, hurt in self.lines)
        edge = (200, 90, 70) if hurt_any else (120, 100, 60)
        pygame.draw.rect(panel, (*edge, alpha), panel.get_rect(), max(1, int(ui_scale(size2))),
                         border_radius=8)
        t = title.copy()
        t.set_alpha(alpha)
        panel.blit(t, (px(size2, 10), px(size2, 5)))
        y = hh
        for line, hurt in rows:
            s = fonts.text(line, fs, HURT_INK if hurt else INK).copy()
            s.set_alpha(alpha)
            panel.blit(s, (px(size2, 10), y))
            y += line_h
        screen.blit(panel, box)
