"""The dice every game's window shares: the tray to take dice from, and the dice
on the table (hover, select, drag, throw with a flick, roll in place, put back).

A throw is simulated to rest first (``sprites.dicetable``) and submitted as one
command whose faces come from the session's seeded randomness; the tumble is
then played back, within the game view's ``table_bounds()``.  The window gives
the tray the pointer's events before the game sees them.
"""
from __future__ import annotations

import math

import pygame

import sprites.fonts as fonts
import tabletop.core.commands as C
from sprites.dicefaces import render_die
from sprites.dicetable import DiceLayer, roll_in_place_velocity, simulate_throw, tray_kinds
from sprites.palette import INK, SELECT
from sprites.pointer import Drag
from sprites.screen import px
from tabletop.core.dice import die_name, die_types
from tabletop.core.i18n import _

FLICK_SPEED = 500.0     # table units per second: a faster release throws the dice


def _spin(vx: float, vy: float) -> float:
    """Cosmetic spin for a throw, proportional to its speed."""
    return max(-1400.0, min(1400.0, (vx - vy) * 0.8))


class DiceTray:
    """The tray at the bottom right and the dice lying on the table."""
    SIZE, GAP, COLS = 34, 6, 6

    def __init__(self, app):
        self.app = app
        self.layer = DiceLayer()           # drawing and the tumble's playback
        self.selected: set[int] = set()
        self.hover: tuple[str, object] | None = None    # ("tray", kind) or ("die", id)
        self.drag: Drag | None = None

    # ------------------------------------------------------------ places
    def rects(self) -> list[tuple[str, pygame.Rect]]:
        """Each die kind's square in the tray (larger on a large window)."""
        w, h = self.app.screen.get_size()
        size, gap, cols = px((w, h), self.SIZE), px((w, h), self.GAP), self.COLS
        x0 = w - cols * (size + gap) - 10
        y0 = h - 2 * (size + gap) - 14
        return [(k, pygame.Rect(x0 + (i % cols) * (size + gap), y0 + (i // cols) * (size + gap), size, size))
                for i, k in enumerate(tray_kinds())]

    def width(self) -> int:
        """How much of the window's right edge the tray and its caption take."""
        rects = self.rects()
        box = rects[0][1].unionall([r for _k, r in rects]).inflate(12, 12)
        return self.app.screen.get_width() - box.x + 6

    def _caption(self, width: int) -> list[pygame.Surface]:
        """The tray's caption in lines no wider than the tray (a long translation wraps)."""
        from sprites.hud import wrap
        size = px(self.app.screen.get_size(), 12)
        text = _("Dice tray: drag a die out, flick to throw, R rolls")
        f = fonts.font(size)
        lines = wrap(text, f, width)
        words = text.split(" ")
        if len(lines) == 2 and len(words) > 1:      # two lines of about the same length
            best = min(range(1, len(words)), key=lambda i: max(
                f.size(" ".join(words[:i]))[0], f.size(" ".join(words[i:]))[0]))
            lines = [" ".join(words[:best]), " ".join(words[best:])]
        return [fonts.text(line, size, (190, 180, 150)) for line in lines]

    def kind_at(self, pos) -> str | None:
        """The die kind in the tray under ``pos`` (none under the curtain or an overlay)."""
        if self.app.curtain is not None or self.app.overlay is not None:
            return None
        for kind, r in self.rects():
            if r.collidepoint(pos):
                return kind
        return None

    def die_at(self, pos) -> int | None:
        """The die on the table under ``pos``."""
        return self.layer.pick(self.app.camera, self.app.state, *pos)

    def update_hover(self, pos) -> None:
        """What of the dice is under the pointer (``hover``)."""
        app = self.app
        self.hover = None
        if app.menu is not None or app.curtain is not None or (
                app.overlay is not None and app.overlay.covers(pos)):
            return
        kind = self.kind_at(pos)
        if kind is not None:
            self.hover = ("tray", kind)
            return
        if app.game.covers(pos) or (self.drag is not None and self.drag.active
                                    and self.drag.kind == "die"):
            return
        die = self.die_at(pos)
        if die is not None:
            self.hover = ("die", die)

    @property
    def hovered_die(self) -> int | None:
        """The die under the pointer, if any."""
        return self.hover[1] if self.hover and self.hover[0] == "die" else None

    # ------------------------------------------------------------ pointer
    def press(self, pos) -> bool:
        """A left press: take a die from the tray or pick one up; True if it was the dice'."""
        kind = self.kind_at(pos)
        if kind is not None:
            self.drag = Drag("traydie", pos, pos=pos, extra={"kind": kind})
            return True
        die = self.die_at(pos)
        if die is None:
            return False
        if die not in self.selected:
            self.selected = {die}
        wx, wy = self.app.camera.to_world(*pos)
        d0 = self.app.state.dice[die]
        self.drag = Drag("die", pos, tuple(sorted(self.selected)), pos=pos,
                         grab=(wx - d0.x, wy - d0.y), anchor=die)
        return True

    def release(self, pos) -> None:
        """Let go: put the new die down, move the dice, or throw them with a flick."""
        d, self.drag = self.drag, None
        if d is None or not d.active:
            return
        app = self.app
        wx, wy = app.camera.to_world(*pos)
        vx, vy = d.velocity(app.now, app.camera.zoom)
        thrown = math.hypot(vx, vy) >= FLICK_SPEED
        if d.kind == "traydie":
            if not app.submit(C.AddDie(app.viewer, d.extra["kind"], wx, wy)):
                return
            did = max(app.state.dice)
            self.selected = {did}
            if thrown:
                self.throw({did: (vx, vy, _spin(vx, vy))})
            return
        anchor = app.state.dice[d.anchor]
        dx, dy = wx - d.grab[0] - anchor.x, wy - d.grab[1] - anchor.y
        if thrown:
            starts = {i: (app.state.dice[i].x + dx, app.state.dice[i].y + dy) for i in d.ids}
            self.throw({i: (vx, vy, _spin(vx, vy)) for i in d.ids}, starts)
        else:
            app.submit(C.MoveDice(app.viewer, d.ids, dx, dy))

    def throw(self, throws: dict, starts=None) -> None:
        """Simulate the tumble to rest, submit the roll (faces from the seeded RNG), play it back."""
        app = self.app
        rest, frames = simulate_throw(app.game.table_bounds(), app.state, throws, starts)
        ids = tuple(throws)
        ok = app.submit(C.RollDice(app.viewer, ids, tuple(rest[i][0] for i in ids),
                                   tuple(rest[i][1] for i in ids), tuple(rest[i][2] for i in ids)))
        if ok:
            self.layer.start(frames)

    def roll_hovered(self) -> None:
        """R: roll the die under the pointer (its whole selection) where it lies."""
        did = self.hovered_die
        ids = ()
        if did is not None:
            ids = tuple(sorted(self.selected)) if did in self.selected else (did,)
        elif self.selected:
            ids = tuple(sorted(self.selected))
        if not ids:
            self.app.toast(_("Point at a die (or select dice) to roll."))
            return
        seq = self.app.session.cursor
        self.throw({i: roll_in_place_velocity(i, seq) for i in ids})

    def remove_hovered(self) -> bool:
        """X over a die: put it (its whole selection) back in the tray; False if no die."""
        did = self.hovered_die
        if did is None:
            return False
        dice = tuple(sorted(self.selected)) if did in self.selected else (did,)
        self.app.submit(C.RemoveDice(self.app.viewer, dice))
        self.selected -= set(dice)
        return True

    def select_in_rect(self, rect: pygame.Rect) -> None:
        """Add the dice inside a screen rectangle (a rubber band) to the selection."""
        cam = self.app.camera
        self.selected |= {d.id for d in self.app.state.dice.values()
                          if rect.colliderect(self.layer.screen_rect(cam, d.x, d.y))}

    def forget(self, animation: bool = False) -> None:
        """Drop selected dice that left the table (and the tumble, after undo or a new game)."""
        self.selected &= set(self.app.state.dice)
        if animation:
            self.layer.anim = None

    # ------------------------------------------------------------ drawing
    def draw_dice(self, screen: pygame.Surface) -> None:
        """The dice on the table, the selection's marks and the dice being dragged."""
        app = self.app
        cam, state, d = app.camera, app.state, self.drag
        dragging = d is not None and d.active and d.kind == "die"
        self.layer.draw(screen, cam, state, skip=d.ids if dragging else (), clock=app.now)
        for did in self.selected:
            if did in state.dice and not self.layer.animating and not dragging:
                die = state.dice[did]
                pygame.draw.rect(screen, SELECT, self.layer.screen_rect(cam, die.x, die.y).inflate(8, 8),
                                 2, border_radius=6)
        if dragging:
            wx, wy = cam.to_world(*d.pos)
            anchor = state.dice[d.anchor]
            self.layer.draw(screen, cam, state, only=set(d.ids),
                            offset=(wx - d.grab[0] - anchor.x, wy - d.grab[1] - anchor.y), clock=app.now)
        elif d is not None and d.active and d.kind == "traydie":
            px = max(8, int(40 * cam.zoom))
            surf = render_die(die_types()[d.extra["kind"]], 0, px)
            screen.blit(surf, surf.get_rect(center=d.pos))

    def draw_tray(self, screen: pygame.Surface) -> None:
        """The tray: one die of each kind, a label, the name of the kind under the pointer."""
        rects = self.rects()
        box = rects[0][1].unionall([r for _k, r in rects]).inflate(12, 12)
        lines = self._caption(box.w)
        y = box.y - 4 - sum(t.get_height() for t in lines)
        for t in lines:
            screen.blit(t, (box.right - t.get_width(), y))
            y += t.get_height()
        for kind, r in rects:
            screen.blit(render_die(die_types()[kind], 0, r.w), r)
        if self.hover and self.hover[0] == "tray":
            r = dict(rects)[self.hover[1]]
            tip = fonts.text(die_name(self.hover[1]), px(screen.get_size(), 14), INK, "ui-bold")
            top = box.y - 4 - sum(t.get_height() for t in lines)
            tr = tip.get_rect(bottomright=(r.right, top - 4)).inflate(12, 6)
            tr.right = min(tr.right, screen.get_width() - 2)
            pygame.draw.rect(screen, (28, 25, 22), tr, border_radius=5)
            screen.blit(tip, tip.get_rect(center=tr.center))
