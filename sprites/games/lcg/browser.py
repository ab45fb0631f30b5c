"""The pile browser: look through a pile, search it, drag or take cards out.

It is an overlay the window hosts (``app.overlay``): drawn over the table and
the HUD's bar, tray and log, and the first to see the pointer's events.  Which
piles a seat may look through is decided by ``tabletop.core.view.may_search``.
"""
from __future__ import annotations

from typing import Callable

import pygame
import pygame_gui

import sprites.fonts as fonts
from sprites.menus import DIM, INK, PANEL_EDGE
from sprites.pointer import Drag
from tabletop.core.i18n import _


class PileBrowser:
    """A scrollable overlay showing the cards of one pile, with a search filter.

    The pile is listed top card first.  Cards can be dragged out onto the
    table, a pile or the hand; double-click takes one, right-click gives the
    other choices (the card game's action table, place "browser").
    """
    CW, CH = 112, 157
    GAP = 10

    def __init__(self, view, zone_id: str, title: str):
        self.view = view                     # the card game's view
        self.zone_id = zone_id
        self.title = title
        self.scroll = 0
        self.query = ""
        self.hover: int | None = None        # the card under the pointer
        self.resize(view.app.screen.get_size())
        self.visible: list[int] = []         # card ids after filtering, top first
        r = self.search_rect
        self.search = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(r.x, r.y, r.w, r.h), view.app.ui,
            placeholder_text=_("Search by name or trait"))

    # ------------------------------------------------------------ geometry
    def resize(self, size) -> None:
        """Lay the overlay out for a window of ``size``."""
        w, h = size
        self.rect = pygame.Rect(int(w * 0.08), int(h * 0.1), int(w * 0.84), int(h * 0.62))
        self.grid = self.rect.inflate(-32, -96).move(0, 14)
        self.close_rect = pygame.Rect(self.rect.right - 36, self.rect.y + 8, 26, 26)
        self.search_rect = pygame.Rect(self.rect.right - 330, self.rect.y + 10, 280, 28)
        search = getattr(self, "search", None)
        if search is not None:
            search.set_relative_position(self.search_rect.topleft)

    @property
    def cols(self) -> int:
        """Cards per row."""
        return max(1, (self.grid.w + self.GAP) // (self.CW + self.GAP))

    def covers(self, pos) -> bool:
        """Is ``pos`` on the overlay's panel (not while a card is dragged out of it)?"""
        return not self.dragging() and self.rect.collidepoint(pos)

    def dragging(self) -> bool:
        """Is a card being dragged out of the browser (it steps aside meanwhile)?"""
        d = self.view.drag
        return d is not None and d.active and d.kind == "browser"

    def filter(self, ids_top_first: list[int], name_of: Callable[[int], str]) -> None:
        """Keep the cards whose name (or trait...) holds the search text."""
        q = self.query.strip().casefold()
        self.visible = [c for c in ids_top_first if not q or q in name_of(c).casefold()]
        rows = (len(self.visible) + self.cols - 1) // self.cols
        max_scroll = max(0, rows * (self.CH + self.GAP) - self.grid.h)
        self.scroll = max(0, min(self.scroll, max_scroll))

    def card_rects(self) -> list[tuple[int, pygame.Rect]]:
        """Each shown card's rectangle on screen (scrolled)."""
        out = []
        for i, cid in enumerate(self.visible):
            col, row = i % self.cols, i // self.cols
            r = pygame.Rect(self.grid.x + col * (self.CW + self.GAP),
                            self.grid.y + row * (self.CH + self.GAP) - self.scroll, self.CW, self.CH)
            out.append((cid, r))
        return out

    def card_at(self, pos) -> int | None:
        """The card under ``pos``."""
        if not self.grid.collidepoint(pos):
            return None
        for cid, r in self.card_rects():
            if r.collidepoint(pos):
                return cid
        return None

    def wheel(self, dy: int) -> None:
        """Scroll by a wheel step."""
        self.scroll = max(0, self.scroll - dy * 60)

    # ------------------------------------------------------------ input
    def handle(self, ev) -> bool:
        """The pointer's events while the browser is open; True if consumed."""
        view = self.view
        if ev.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and getattr(ev, "ui_element", self.search) is self.search:
            self.query = ev.text
            self.scroll = 0
            return True
        if ev.type == pygame.MOUSEWHEEL and self.rect.collidepoint(view.app.pointer):
            self.wheel(ev.y)
            return True
        if ev.type != pygame.MOUSEBUTTONDOWN or ev.button != 1:
            return False
        pos = ev.pos
        if self.close_rect.collidepoint(pos) or not self.rect.collidepoint(pos):
            view.close_browser()
            return True
        cid = self.card_at(pos)
        if cid is not None:
            if view.clicks.double(("browser", cid), view.app.now):
                view.take_from_browser(cid)
            else:
                view.drag = Drag("browser", pos, (cid,), zone=self.zone_id, pos=pos)
        return True

    def close(self) -> None:
        """Close: remove the search box; the view and the window forget the browser."""
        self.search.kill()
        view = self.view
        if view.browser is self:
            view.browser = None
        if view.app.overlay is self:
            view.app.overlay = None

    # ------------------------------------------------------------ drawing
    def draw(self, screen: pygame.Surface) -> None:
        """The veil, the panel and the pile's cards that match the search."""
        view = self.view
        if self.dragging():
            self.search.hide()
            return                   # out of the way of the drop
        if not self.search.visible:
            self.search.show()
        st = view.app.state
        zone = st.zones[self.zone_id]
        self.filter(list(reversed(zone.cards)), view.search_text)
        faces = view.faces
        self._draw(screen, lambda c, cw, ch: faces.face(st.cards[c].code, st.cards[c].side, True, cw, ch),
                   self.hover, len(zone.cards))

    def _draw(self, screen: pygame.Surface, face_of: Callable[[int, int, int], pygame.Surface],
              hover: int | None, count: int) -> None:
        r = self.rect
        veil = pygame.Surface(screen.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 120))
        screen.blit(veil, (0, 0))
        pygame.draw.rect(screen, (24, 22, 20), r, border_radius=10)
        pygame.draw.rect(screen, PANEL_EDGE, r, 2, border_radius=10)
        t = fonts.text(f"{self.title}  ({count})", 20, (235, 205, 130), "ui-bold")
        screen.blit(t, (r.x + 16, r.y + 12))
        hint = fonts.text(_("Drag a card out, right-click for more, double-click to take it"),
                          13, DIM)
        screen.blit(hint, (r.x + 16, r.bottom - 26))
        pygame.draw.rect(screen, (60, 40, 36), self.close_rect, border_radius=5)
        x = fonts.text("x", 18, INK, "ui-bold")
        screen.blit(x, x.get_rect(center=self.close_rect.center))
        clip = screen.get_clip()
        screen.set_clip(self.grid)
        for cid, cr in self.card_rects():
            if cr.bottom < self.grid.top or cr.top > self.grid.bottom:
                continue
            screen.blit(face_of(cid, cr.w, cr.h), cr)
            if cid == hover:
                pygame.draw.rect(screen, (255, 255, 255), cr.inflate(4, 4), 2, border_radius=8)
        if not self.visible:
            e = fonts.text(_("No card matches.") if self.query else _("This pile is empty."), 18, DIM)
            screen.blit(e, e.get_rect(center=self.grid.center))
        screen.set_clip(clip)
