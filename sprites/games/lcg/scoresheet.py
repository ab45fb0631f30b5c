"""The score sheet at the end of a game the rules engine ran.

Won or lost, the rounds played and each term of the rulebook's score (final
threat, dead heroes, damage on heroes, 10 per round, minus victory points),
from ``tabletop.games.lcg.api.derived(session)["score"]``.  It is an overlay
of the window (``app.overlay``): it sees the pointer first and closes with
Escape, its Close button or a click outside it; the table menu's "Score sheet"
opens it again.
"""
from __future__ import annotations

import pygame

import sprites.fonts as fonts
from sprites.menus import DIM, INK, PANEL_EDGE
from sprites.palette import GOLD
from tabletop.core.i18n import _, ngettext

WON = (120, 210, 130)
LOST = (235, 110, 90)


class ScoreSheet:
    """The end of the game: outcome, rounds and the score, term by term."""

    def __init__(self, view):
        self.view = view
        self.app = view.app
        self.resize(self.app.screen.get_size())

    def rows(self) -> list[tuple[str, str]]:
        """(term, value) rows of the score, the total last."""
        s = self.view.panel.info.get("score") or {}
        return [
            (_("Final threat of every player"), f"{s.get('threat', 0)}"),
            (_("Threat cost of dead heroes"), f"+ {s.get('dead', 0)}"),
            (_("Damage on surviving heroes"), f"+ {s.get('damage', 0)}"),
            (_("Rounds: {n} × 10").format(n=s.get("rounds", 0)), f"+ {10 * s.get('rounds', 0)}"),
            (_("Victory points"), f"− {s.get('victory', 0)}"),
            (_("Score (lower is better)"), f"{s.get('total', 0)}"),
        ]

    # ---------------------------------------------------------------- geometry
    def resize(self, size) -> None:
        w, h = size
        pw, ph = min(560, w - 40), min(380, h - 60)
        self.rect = pygame.Rect((w - pw) // 2, max(50, (h - ph) // 2 - 30), pw, ph)
        self.close_rect = pygame.Rect(0, 0, 150, 34)
        self.close_rect.midbottom = (self.rect.centerx - 85, self.rect.bottom - 16)
        self.new_rect = pygame.Rect(0, 0, 150, 34)
        self.new_rect.midbottom = (self.rect.centerx + 85, self.rect.bottom - 16)

    def covers(self, pos) -> bool:
        return self.rect.collidepoint(pos)

    # ---------------------------------------------------------------- input
    def handle(self, ev) -> bool:
        if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_ESCAPE, pygame.K_RETURN,
                                                     pygame.K_KP_ENTER):
            self.close()
            return True
        if ev.type != pygame.MOUSEBUTTONDOWN or ev.button != 1:
            return ev.type == pygame.MOUSEWHEEL and self.covers(self.app.pointer)
        if self.new_rect.collidepoint(ev.pos):
            self.close()
            from sprites.saveload import new_game_screen
            new_game_screen(self.app)
            return True
        if self.close_rect.collidepoint(ev.pos) or not self.covers(ev.pos):
            self.close()
        return True

    def close(self) -> None:
        if self.app.overlay is self:
            self.app.overlay = None

    # ---------------------------------------------------------------- drawing
    def draw(self, screen: pygame.Surface) -> None:
        panel = self.view.panel
        won = panel.outcome == "won"
        r = self.rect
        veil = pygame.Surface(screen.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 130))
        screen.blit(veil, (0, 0))
        pygame.draw.rect(screen, (26, 23, 20), r, border_radius=12)
        pygame.draw.rect(screen, WON if won else LOST, r, 2, border_radius=12)
        st = self.app.state
        title = _("The heroes have won!") if won else _("The heroes have lost.")
        t = fonts.text(title, 34, WON if won else LOST, "title")
        screen.blit(t, t.get_rect(midtop=(r.centerx, r.y + 18)))
        scen = self.view.db.scenarios.get(st.scenario, {}).get("name", st.scenario)
        rounds = ngettext("{n} round", "{n} rounds", st.round).format(n=st.round)
        sub = fonts.text(f"{scen} · {rounds} · " + ", ".join(s.name for s in st.seats), 15, DIM)
        screen.blit(sub, sub.get_rect(midtop=(r.centerx, r.y + 64)))
        y = r.y + 100
        rows = self.rows()
        for i, (term, value) in enumerate(rows):
            last = i == len(rows) - 1
            if last:
                pygame.draw.line(screen, PANEL_EDGE, (r.x + 40, y + 2), (r.right - 40, y + 2))
                y += 10
            face, size = ("ui-bold", 19) if last else ("ui", 17)
            a = fonts.text(term, size, GOLD if last else INK, face)
            b = fonts.text(value, size, GOLD if last else INK, face)
            screen.blit(a, (r.x + 44, y))
            screen.blit(b, (r.right - 44 - b.get_width(), y))
            y += 32
        for rect, label in ((self.close_rect, _("Look at the table")), (self.new_rect, _("New game..."))):
            hover = rect.collidepoint(self.app.pointer)
            pygame.draw.rect(screen, (78, 66, 48) if hover else (44, 38, 32), rect, border_radius=7)
            pygame.draw.rect(screen, (150, 125, 70), rect, 1, border_radius=7)
            s = fonts.text(label, 14, INK, "ui-bold")
            screen.blit(s, s.get_rect(center=rect.center))
