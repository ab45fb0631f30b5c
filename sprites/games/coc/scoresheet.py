"""The score table on the back of the Ring board: a line per scoring row, a column per seat.

Before the game ends, another seat's journey (its Ring points) is secret and shows as "?";
everything else on it is read from the public battle boards.
"""
from __future__ import annotations

import pygame

import sprites.fonts as fonts
from sprites.games.coc.canvas import GOLD, HUD_BG, HUD_INK as INK
from tabletop.core.i18n import _
from tabletop.games.coc.scoring import seat_score
import tabletop.games.coc.slot as S

COL, ROW = 130, 28


class ScoreSheet:
    """The score table overlay of a ``CocView``."""

    def __init__(self, view):
        self.view = view
        self.visible = False
        self.rect = pygame.Rect(0, 0, 0, 0)

    def toggle(self) -> None:
        """Show or hide the table."""
        self.visible = not self.visible

    def covers(self, pos) -> bool:
        """Is ``pos`` on the table (when shown)?"""
        return self.visible and self.rect.collidepoint(pos)

    def click(self, pos) -> None:
        """A click anywhere closes the table."""
        self.visible = False

    def columns(self) -> list[tuple[str, dict]]:
        """(name, row values) per seat; "?" where the value is another seat's secret."""
        app = self.view.app
        st = app.state
        over = S.get(st, "step") == "over"
        out = []
        for seat in range(len(st.seats)):
            known = over or seat == app.viewer
            row = seat_score(self.view.data, st if known else self.view.seen, seat)
            if not known:
                row = {k: ("?" if k in ("ring", "total") else v) for k, v in row.items()}
            out.append((st.seats[seat].name, row))
        return out

    def draw(self, screen: pygame.Surface) -> None:
        """The table in the middle of the window."""
        if not self.visible:
            return
        data = self.view.data
        cols = self.columns()
        rows = [(rid, _(name)) for rid, name, _side in data.score_rows] + [("total", _("Total"))]
        w = 260 + COL * len(cols)
        h = 70 + ROW * (len(rows) + 1)
        sw, sh = screen.get_size()
        self.rect = pygame.Rect((sw - w) // 2, (sh - h) // 2, w, h)
        box = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        box.fill((*HUD_BG, 240))
        screen.blit(box, self.rect)
        pygame.draw.rect(screen, GOLD, self.rect, 2, border_radius=8)
        x0, y0 = self.rect.x + 16, self.rect.y + 14
        screen.blit(fonts.text(_("Score table"), 20, GOLD, "title"), (x0, y0))
        winners = (S.get(self.view.app.state, "result") or {}).get("winners", [])
        for i, (name, _row) in enumerate(cols):
            colour = GOLD if i in winners else INK
            img = fonts.text(name, 16, colour, "ui-bold")
            screen.blit(img, img.get_rect(midtop=(x0 + 244 + COL * i + COL // 2, y0 + 36)))
        for r, (rid, rname) in enumerate(rows):
            y = y0 + 36 + ROW * (r + 1)
            bold = rid == "total"
            if bold:
                pygame.draw.line(screen, GOLD, (x0, y - 3), (self.rect.right - 16, y - 3))
            screen.blit(fonts.text(rname, 15, INK, "ui-bold" if bold else "ui"), (x0, y + 2))
            for i, (_name, row) in enumerate(cols):
                img = fonts.text(str(row[rid]), 16, GOLD if bold else INK, "ui-bold" if bold else "ui")
                screen.blit(img, img.get_rect(midtop=(x0 + 244 + COL * i + COL // 2, y + 1)))
