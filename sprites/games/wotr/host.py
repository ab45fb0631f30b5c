"""A small window that hosts one ``GameView`` (until the main window hosts game views).

It offers a view what ``sprites.games.base`` promises (screen, session, state,
viewer, camera, toast, submit, now, pointer, mods, ui, keymap) and does the
host's part: quitting, undo and redo, saving, seat switching behind a
curtain, the game log, the help overlay, context menus and toasts.
"""
from __future__ import annotations

import os
import time

import pygame
import pygame_gui

from sprites import fonts
from sprites.camera import Camera
from sprites.games import view_for
from sprites.keymap import load_keymap
from sprites.menus import ContextMenu
from tabletop.core.i18n import _
from tabletop.core.session import Session

THEME = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(__file__))), "assets",
                     "theme.json")
GOLD = (230, 196, 100)
BAR_H = 34
INK = (236, 228, 208)


class ViewHost:
    """The window loop around a game's view."""

    def __init__(self, session: Session, size=(1600, 900), viewer: int = 0, autosaver=None,
                 save_path: str | None = None, replay: bool = False, **_other):
        pygame.display.init()
        pygame.font.init()
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption(_("Lord of the Rings tabletop"))
        self.session = session
        self.viewer = viewer
        self.camera = Camera(*size)
        self.ui = pygame_gui.UIManager(size, THEME if os.path.exists(THEME) else None)
        self.keymap = load_keymap()
        self.autosaver = autosaver
        self.save_path = save_path
        self.replay = replay
        self.running = True
        self.now = time.monotonic()
        self.pointer = (0, 0)
        self.mods = 0
        self.toasts: list[tuple[float, str]] = []
        self.menu: ContextMenu | None = None
        self.curtain: int | None = None
        self.help_visible = False
        self.log_visible = False
        self.on_new_game = None
        self.view = view_for(self)
        self._unsubscribe = session.subscribe(self._on_change)
        if replay:
            session.seek(0)
            self.toast(_("Replay: Left / Right step through the game, Home / End jump."), 8)

    @property
    def state(self):
        return self.session.state

    def toast(self, text: str, seconds: float = 3.5) -> None:
        """A message at the bottom of the window for a few seconds."""
        self.toasts = (self.toasts + [(self.now + seconds, text)])[-4:]

    def submit(self, cmd) -> bool:
        """Send a command; a refusal is shown as a toast."""
        if self.replay:
            self.toast(_("This is a replay: nothing can be changed."))
            return False
        result = self.session.submit(cmd)
        if not result.ok:
            self.toast(result.reason, 5)
        return result.ok

    def _on_change(self, kind: str, entry) -> None:
        if kind == "refused":
            return
        self.view.rebuild(entry)
        if kind in ("undo", "redo") and entry is not None:
            word = _("Undone: {text}") if kind == "undo" else _("Redone: {text}")
            self.toast(word.format(text=entry.text), 2)
        elif entry is not None:
            self.toast(entry.text, 4)
        if self.autosaver is not None:
            self.autosaver.notify(self.session)

    # ------------------------------------------------------------- loop
    def step(self, events=(), dt: float = 1 / 60) -> None:
        """Handle events, advance and draw one frame (tests and screenshots)."""
        for ev in events:
            self.handle(ev)
        self.view.update(dt)
        self.draw()

    def run(self) -> None:
        """Until the window is closed."""
        clock = pygame.time.Clock()
        while self.running:
            dt = clock.tick(60) / 1000.0
            self.now = time.monotonic()
            for ev in pygame.event.get():
                self.handle(ev)
            self.view.update(dt)
            self.draw()
            pygame.display.flip()
        if self.autosaver is not None:
            self.autosaver.flush(self.session)

    def handle(self, ev) -> None:
        """The host's keys and clicks first, then the view's."""
        if ev.type == pygame.QUIT:
            self.running = False
            return
        if ev.type == pygame.VIDEORESIZE:
            self.screen = pygame.display.set_mode((ev.w, ev.h), pygame.RESIZABLE)
            self.camera.resize(ev.w, ev.h)
            self.ui.set_window_resolution((ev.w, ev.h))
            self.view.rebuild(None)
            return
        if hasattr(ev, "pos"):
            self.pointer = ev.pos
        if ev.type in (pygame.KEYDOWN, pygame.KEYUP):
            self.mods = ev.mod
        if self.curtain is not None:
            if ev.type == pygame.MOUSEBUTTONDOWN or (ev.type == pygame.KEYDOWN
                                                     and ev.key == pygame.K_RETURN):
                self.viewer, self.curtain = self.curtain, None
                self.view.rebuild(None)
            return
        if self._menu_event(ev) or self._host_key(ev):
            return
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 3:
            items = self.view.menu_items(ev.pos)
            if items:
                self.menu = ContextMenu(self.view.menu_title(ev.pos) or _("Table"), items, ev.pos,
                                        self.screen.get_size())
            return
        self.view.handle(ev)

    def _menu_event(self, ev) -> bool:
        if self.menu is None:
            return False
        if ev.type == pygame.MOUSEMOTION:
            self.menu.motion(ev.pos)
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN:
            menu, self.menu = self.menu, None
            if ev.button == 1:
                menu.click(ev.pos)
            return True
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            self.menu = None
            return True
        return False

    def _host_key(self, ev) -> bool:
        if ev.type == pygame.KEYUP and ev.key in (pygame.K_TAB, pygame.K_F1):
            self.help_visible = False
            return True
        if ev.type != pygame.KEYDOWN:
            return False
        ctrl = ev.mod & pygame.KMOD_CTRL
        key = ev.key
        if self.replay and key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
            self._replay_key(key)
            return True
        if key in (pygame.K_TAB, pygame.K_F1):
            self.help_visible = True
        elif ctrl and key == pygame.K_z:
            self.session.undo()
        elif ctrl and key == pygame.K_y:
            self.session.redo()
        elif ctrl and key in (pygame.K_LEFT, pygame.K_RIGHT):
            n = len(self.state.seats)
            self.curtain = (self.viewer + (1 if key == pygame.K_RIGHT else -1)) % n
        elif ctrl and key == pygame.K_s:
            self._save()
        elif key == pygame.K_l and not ctrl:
            self.log_visible = not self.log_visible
        elif key == pygame.K_SPACE:
            self.view.fit_view()
        else:
            return False
        return True

    def _replay_key(self, key: int) -> None:
        s = self.session
        target = {pygame.K_LEFT: s.cursor - 1, pygame.K_RIGHT: s.cursor + 1,
                  pygame.K_HOME: 0, pygame.K_END: len(s.log)}[key]
        s.seek(target)
        self.view.rebuild(None)
        self.toast(_("Action {n} of {total}").format(n=s.cursor, total=len(s.log)), 1.5)

    def _save(self) -> None:
        from saves.store import save
        path = self.save_path or "war-of-the-ring.msgpack"
        try:
            save(self.session, path)
            self.toast(_("Saved to {path}").format(path=path))
        except Exception as exc:                 # a full disk: say so, keep playing
            self.toast(_("Could not save: {why}").format(why=exc), 6)

    # ------------------------------------------------------------- draw
    def draw(self) -> None:
        """One frame."""
        screen = self.screen
        self.view.draw(screen)
        self.view.draw_overlay(screen)
        self._draw_top_bar(screen)
        if self.log_visible:
            self._draw_log(screen)
        if self.menu is not None:
            self.menu.draw(screen)
        self._draw_toasts(screen)
        if self.help_visible:
            self._draw_help(screen)
        if self.curtain is not None:
            self._draw_curtain(screen)

    def _draw_top_bar(self, screen) -> None:
        w = screen.get_width()
        pygame.draw.rect(screen, (22, 19, 16), (0, 0, w, BAR_H))
        pygame.draw.line(screen, (90, 75, 45), (0, BAR_H), (w, BAR_H))
        x = 12
        for i, part in enumerate(self.view.status()):
            img = fonts.text(part, 16, GOLD if i == 0 else INK, "ui-bold")
            screen.blit(img, (x, 8))
            x += img.get_width() + 26

    def _veil(self, screen, alpha: int) -> None:
        veil = pygame.Surface(screen.get_size(), pygame.SRCALPHA)
        veil.fill((8, 6, 5, alpha))
        screen.blit(veil, (0, 0))

    def _draw_toasts(self, screen) -> None:
        self.toasts = [(t, s) for t, s in self.toasts if t > self.now]
        y = screen.get_height() - 16
        for _t, text in reversed(self.toasts):
            img = fonts.text(text[:160], 15, INK)
            box = img.get_rect(bottomleft=(16, y))
            pygame.draw.rect(screen, (20, 16, 12), box.inflate(14, 8), border_radius=5)
            screen.blit(img, box)
            y = box.top - 12

    def _draw_log(self, screen) -> None:
        rect = pygame.Rect(10, 60, 560, screen.get_height() - 160)
        panel = pygame.Surface(rect.size, pygame.SRCALPHA)
        panel.fill((14, 12, 10, 230))
        screen.blit(panel, rect)
        screen.blit(fonts.text(_("Game log"), 16, GOLD, "ui-bold"), (rect.x + 10, rect.y + 6))
        rows = (rect.h - 36) // 18
        for i, e in enumerate(self.session.history[-rows:]):
            text = f"{_('Turn')} {e.round}: {e.text}"[:110]
            screen.blit(fonts.text(text, 13, INK), (rect.x + 10, rect.y + 32 + i * 18))

    def _draw_help(self, screen) -> None:
        self._veil(screen, 225)
        screen.blit(fonts.text(_("War of the Ring: keys and gestures"), 22, GOLD, "ui-bold"),
                    (30, 20))
        rows = self.view.help_rows() + [
            ("Ctrl+Z / Ctrl+Y", _("undo / redo")), ("Ctrl+← / Ctrl+→", _("next seat (hot-seat)")),
            ("Ctrl+S", _("save")), ("L", _("game log")), (_("Space"), _("whole map")),
            (_("hold Tab"), _("this help"))]
        y = 64
        for key, desc in rows:
            screen.blit(fonts.text(key, 15, GOLD, "ui-bold"), (30, y))
            screen.blit(fonts.text(desc, 15, INK), (300, y))
            y += 24

    def _draw_curtain(self, screen) -> None:
        self._veil(screen, 250)
        w, h = screen.get_size()
        name = self.state.seats[self.curtain].name
        t = fonts.text(_("Pass the computer to {name}").format(name=name), 40, GOLD, "title")
        screen.blit(t, t.get_rect(center=(w // 2, h // 2 - 30)))
        s = fonts.text(_("{name}: click or press Enter").format(name=name), 20, INK)
        screen.blit(s, s.get_rect(center=(w // 2, h // 2 + 24)))
