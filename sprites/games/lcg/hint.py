"""A hint: what the expert would answer to the viewing seat's decision, shown on the table.

The decision bar's *Suggest* button and the ``suggest`` key (``?``, ``Ctrl+H``) ask
``tabletop.games.lcg.api.suggest`` (the expert, a few milliseconds).  The answer is
lit on the table: the card it names (on the table or in the hand) gets a pulsing
gold frame and a "Suggested" tag, a word answer's button a gold ring; its reason,
one sentence, is shown in a box under the decision bar, at the left.  The hint
belongs to one position: any change of the game takes it away.
"""
from __future__ import annotations

import math

import pygame

import sprites.fonts as fonts
from sprites.hud import bar_h, wrap
from sprites.palette import GOLD, INK
from sprites.screen import px
from tabletop.core.i18n import _

RING = (255, 214, 90)        # the suggested card's frame and the suggested button's ring
BOX = (24, 20, 14)
PULSE = 3.0                  # seconds the frame pulses


class Hint:
    """The suggestion for the position the game is in (or none)."""

    def __init__(self, view):
        self.view = view
        self.key: tuple | None = None       # (session, cursor, seat) it was asked for
        self.value = None
        self.why = ""
        self.since = 0.0

    # ------------------------------------------------------------ asking
    def _position(self) -> tuple:
        app = self.view.app
        return (id(app.session), app.session.cursor, app.viewer)

    def ask(self) -> bool:
        """Ask the expert about the viewer's decision; False (and a toast) when there is
        nothing to suggest."""
        app = self.view.app
        panel = self.view.panel
        if not panel.active or panel.free or panel.choice is None:
            app.toast(_("No rules engine decision is waiting: there is nothing to suggest."))
            return False
        if panel.ai_decides():
            app.toast(_("{name} is deciding: ask again when it is your turn.").format(
                name=app.ai.name(panel.choice.seat)))
            return False
        if not panel.mine():
            app.toast(_("This decision is not yours: there is nothing to suggest to you."))
            return False
        from tabletop.games.lcg.api import suggest
        try:
            got = suggest(app.session, "expert", app.viewer)
        except Exception as exc:            # a hint that fails must not end the window
            app.toast(_("No suggestion: {why}").format(why=exc))
            return False
        if not got:
            app.toast(_("No suggestion for this decision."))
            return False
        self.key = self._position()
        self.value = got["answer"]
        self.why = str(got["why"])
        self.since = app.now
        return True

    def shown(self) -> bool:
        """Is there a hint for the position on the table?"""
        if self.key is None:
            return False
        if self.key != self._position():
            self.key = None                  # the game moved on: the hint is gone
            return False
        return True

    def card(self) -> int | None:
        """The card the suggested answer stands for (None: a word answer)."""
        return self.view.panel._card_of(self.value) if self.shown() else None

    def is_answer(self, value) -> bool:
        """Is ``value`` the suggested answer?"""
        return self.shown() and value == self.value

    # ------------------------------------------------------------ drawing
    def pulsing(self) -> bool:
        """Does the frame still pulse (the first seconds; then it holds still)?"""
        return self.shown() and self.view.app.now - self.since < PULSE

    def _pulse(self) -> int:
        t = self.view.app.now - self.since
        return 3 + (int(2 * (1 + math.sin(t * 5))) if t < PULSE else 2)

    def draw_frame(self, screen: pygame.Surface, rect: pygame.Rect) -> None:
        """The suggested card's frame and tag around ``rect`` (screen pixels)."""
        w = self._pulse()
        r = rect.inflate(10 + w, 10 + w)
        pygame.draw.rect(screen, RING, r, w, border_radius=max(5, r.w // 12))
        tag = fonts.text(_("Suggested"), px(screen.get_size(), 13), (30, 22, 8), "ui-bold")
        box = tag.get_rect(midtop=(r.centerx, r.bottom + 2)).inflate(12, 6)
        box.clamp_ip(screen.get_rect())
        pygame.draw.rect(screen, RING, box, border_radius=6)
        screen.blit(tag, tag.get_rect(center=box.center))

    def draw_on_table(self, screen: pygame.Surface) -> None:
        """Frame the suggested card where it lies: on the table or in the hand."""
        cid = self.card()
        if cid is None:
            return
        view = self.view
        it = view.view.by_id.get(cid)
        if it is not None:
            self.draw_frame(screen, view.view.screen_rect(view.app.camera, it))
            return
        for hid, r in view.hand.rects():
            if hid == cid:
                self.draw_frame(screen, r)

    def draw_ring(self, screen: pygame.Surface, rect: pygame.Rect) -> None:
        """The ring around the suggested answer's button."""
        w = self._pulse()
        pygame.draw.rect(screen, RING, rect.inflate(6 + w, 6 + w), w, border_radius=9)

    def draw_reason(self, screen: pygame.Surface) -> None:
        """"Suggestion: <why>" in a box under the decision bar, at the left."""
        if not self.shown():
            return
        size = screen.get_size()
        f = fonts.font(px(size, 15))
        width = min(px(size, 620), size[0] // 2)
        title = fonts.text(_("Suggestion"), px(size, 14), GOLD, "ui-bold")
        lines = wrap(self.why, f, width - px(size, 24))[:5]
        line_h = int(f.get_linesize() * 1.05)
        h = title.get_height() + px(size, 10) + line_h * len(lines) + px(size, 8)
        top = bar_h(size) + self.view.top_height() + px(size, 8)
        box = pygame.Rect(px(size, 10), top, width, h)
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        panel.fill((*BOX, 232))
        screen.blit(panel, box)
        pygame.draw.rect(screen, RING, box, 2, border_radius=8)
        screen.blit(title, (box.x + px(size, 12), box.y + px(size, 6)))
        y = box.y + px(size, 8) + title.get_height()
        for line in lines:
            screen.blit(fonts.text(line, px(size, 15), INK), (box.x + px(size, 12), y))
            y += line_h


PICK = (255, 170, 70)        # the frame of the card an AI seat just picked
PICK_SECONDS = 1.4


class AiPick:
    """The card an AI seat's answer named, framed for a moment with the seat's name, so
    the table shows who did what at the AI's pace."""

    def __init__(self, view):
        self.view = view
        self.cid: int | None = None
        self.label = ""
        self.until = 0.0

    def show(self, seat: int, value) -> None:
        """An AI seat answered with ``value``: frame its card, if it names one."""
        app = self.view.app
        cid = self.view.panel._card_of(value)
        if cid is None or cid not in app.state.cards:
            self.cid = None
            return
        self.cid = cid
        self.label = app.ai.name(seat)
        self.until = app.now + PICK_SECONDS

    def active(self) -> bool:
        """Is a pick being shown?"""
        return self.cid is not None and self.view.app.now < self.until

    def draw(self, screen: pygame.Surface) -> None:
        """The frame and the seat's name over the picked card, fading out."""
        if not self.active():
            return
        view = self.view
        it = view.view.by_id.get(self.cid)
        if it is None:
            return
        left = self.until - view.app.now
        w = 3 + int(3 * min(1.0, left / PICK_SECONDS))
        r = view.view.screen_rect(view.app.camera, it).inflate(10, 10)
        pygame.draw.rect(screen, PICK, r, w, border_radius=max(5, r.w // 12))
        tag = fonts.text(self.label, px(screen.get_size(), 13), (30, 18, 6), "ui-bold")
        box = tag.get_rect(midbottom=(r.centerx, r.top - 3)).inflate(12, 6)
        box.clamp_ip(screen.get_rect())
        pygame.draw.rect(screen, PICK, box, border_radius=6)
        screen.blit(tag, tag.get_rect(center=box.center))
