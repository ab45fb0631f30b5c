"""Context menu and the pile browser overlay."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

from tabletop.core.i18n import _

from . import fonts

PANEL = (30, 27, 24)
PANEL_EDGE = (150, 125, 70)
ROW_HOVER = (88, 70, 40)
INK = (238, 230, 210)
DIM = (160, 150, 130)


@dataclass
class MenuItem:
    label: str
    action: Callable[[], None] | None
    hotkey: str = ""
    enabled: bool = True


class ContextMenu:
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
        if not self.rect.collidepoint(pos):
            return -1
        i = (pos[1] - self.rect.y - self.ROW) // self.ROW
        return i if 0 <= i < len(self.items) else -1

    def motion(self, pos) -> None:
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


class PileBrowser:
    """A scrollable overlay showing the cards of one pile, with a search filter.

    The pile is listed top card first.  Cards can be dragged out onto the
    table, a pile or the hand; right-click gives the other choices.
    """
    CW, CH = 112, 157
    GAP = 10

    def __init__(self, zone_id: str, title: str, screen_size: tuple[int, int]):
        self.zone_id = zone_id
        self.title = title
        self.scroll = 0
        self.query = ""
        self.resize(screen_size)
        self.visible: list[int] = []     # card ids after filtering, top first

    def resize(self, size) -> None:
        w, h = size
        self.rect = pygame.Rect(int(w * 0.08), int(h * 0.1), int(w * 0.84), int(h * 0.62))
        self.grid = self.rect.inflate(-32, -96).move(0, 14)
        self.close_rect = pygame.Rect(self.rect.right - 36, self.rect.y + 8, 26, 26)
        self.search_rect = pygame.Rect(self.rect.right - 330, self.rect.y + 10, 280, 28)

    @property
    def cols(self) -> int:
        return max(1, (self.grid.w + self.GAP) // (self.CW + self.GAP))

    def filter(self, ids_top_first: list[int], name_of: Callable[[int], str]) -> None:
        q = self.query.strip().casefold()
        self.visible = [c for c in ids_top_first if not q or q in name_of(c).casefold()]
        rows = (len(self.visible) + self.cols - 1) // self.cols
        max_scroll = max(0, rows * (self.CH + self.GAP) - self.grid.h)
        self.scroll = max(0, min(self.scroll, max_scroll))

    def card_rects(self) -> list[tuple[int, pygame.Rect]]:
        out = []
        for i, cid in enumerate(self.visible):
            col, row = i % self.cols, i // self.cols
            r = pygame.Rect(self.grid.x + col * (self.CW + self.GAP),
                            self.grid.y + row * (self.CH + self.GAP) - self.scroll, self.CW, self.CH)
            out.append((cid, r))
        return out

    def card_at(self, pos) -> int | None:
        if not self.grid.collidepoint(pos):
            return None
        for cid, r in self.card_rects():
            if r.collidepoint(pos):
                return cid
        return None

    def wheel(self, dy: int) -> None:
        self.scroll = max(0, self.scroll - dy * 60)

    def draw(self, screen: pygame.Surface, face_of: Callable[[int, int, int], pygame.Surface],
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
