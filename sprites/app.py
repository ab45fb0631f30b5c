"""The table window: the loop, and what every game shares.

The App holds the window, the session, the camera, toasts, the game log panel,
the hot-seat curtain, saves, undo/redo, the replay timeline, the hotkey
overlay, menus, prompts and the dice tray; the game on the table is drawn and
played by its view (``sprites.gameview.view_for``, a ``GameView`` found by
convention in ``sprites/games/<id>/``).  Every gesture or hotkey becomes a
command submitted to the session; the views redraw from the model when the
session reports a change.

The loop is ``handle(event)`` / ``update(dt)`` / ``draw()``, and
``step(events)`` drives it from tests with synthetic events.
"""
from __future__ import annotations

import contextlib
import os
import time

import pygame
import pygame_gui

import sprites.dicefaces as dicefaces
import sprites.fonts as fonts
import sprites.hud as hud
from sprites.aiseats import AiPlayers
from sprites.screen import remember_size
from sprites.actions import REPLAY_NOTE, SHARED_BY_ID, Target, on_key
from sprites.autosave import SessionAutosave
from sprites.camera import Camera
from sprites.dicetray import DiceTray
from sprites.gameview import view_for
from sprites.keymap import Keymap, load_keymap
from sprites.menus import ContextMenu
from sprites.pointer import Drag
from sprites.prompt import Prompt
from sprites.savefiles import SaveFiles
from tabletop.core.commands import Command
from tabletop.core import i18n
from tabletop.core.aiseats import seats_to_act
from tabletop.core.i18n import _
from tabletop.core.session import Session

THEME = os.path.join(os.path.dirname(__file__), "assets", "theme.json")


class App:
    """The window: one session on the table, drawn and played through its game's view."""

    def __init__(self, session: Session, size=(1600, 900), viewer: int = 0,
                 keymap: Keymap | None = None, image_pack: str | None = None,
                 autosaver=None, save_path: str | None = None, replay: bool = False):
        pygame.display.init()
        pygame.font.init()
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption(_("Lord of the Rings tabletop"))
        self.session = session
        self.viewer = viewer
        self.keymap = keymap or load_keymap()
        self.image_pack = image_pack
        self.camera = Camera(*size)
        self.ui = pygame_gui.UIManager(size, THEME if os.path.exists(THEME) else None)
        self.remember_size = False      # launch: the size the player gives it is remembered
        self._resized = False
        self.save_path = save_path
        self.replay = replay            # read-only: step through the log
        if replay:
            session.seek(0)
        self.running = True
        self.needs_frame = True         # something changed: draw the next frame
        self._moving = False            # the game's view or the dice move
        self.pointer = (0, 0)
        self.mods = 0
        self.now = time.monotonic()
        self.frame_ms = 0.0
        self.toasts: list[tuple[float, str]] = []
        self._quiet = 0                 # inside quietly(): no toast per undo/redo
        self.change = ""                # the kind of session change being shown
        self._refused: set[str] = set()  # the refusals shown as toasts
        self.menu: ContextMenu | None = None
        # a game's modal panel (the card game's pile browser): draw(screen), handle(ev) -> bool
        # (it sees the pointer first), covers(pos), resize(size), close()
        self.overlay = None
        self.prompt: Prompt | None = None
        self.curtain: int | None = None
        self.help_visible = False
        self.log_visible = False
        self.log_scroll = 0
        self.drag: Drag | None = None   # the replay timeline being dragged
        self.tray = DiceTray(self)
        self.dice = self.tray.layer
        self.files = SaveFiles()
        self.autosave = SessionAutosave(autosaver, session) if autosaver is not None else None
        self._unsubscribe = session.subscribe(self._on_change)
        self._stop_language = i18n.on_change(self._language_changed)
        self.ai = AiPlayers(self)       # the seats the computer plays
        self._sit_with_people()
        self.game = view_for(self)
        self._game_id = session.state.game
        self.ai.changed()
        self.follow_decider()
        for problem in self.keymap.problems:
            self.toast(problem, 8)

    # ----------------------------------------------------------- basics
    @property
    def state(self):
        """The table of the session being played."""
        return self.session.state

    @property
    def autosaver(self):
        """The ``saves.store.Autosaver`` saving this window's game (None in a replay)."""
        return self.autosave.saver if self.autosave is not None else None

    def toast(self, text: str, seconds: float = 3.5) -> None:
        """Show a short message under the top bar (the same message twice is shown once,
        for longer, never stacked)."""
        self.toasts = [t for t in self.toasts if t[1] != text]
        self.toasts.append((self.now + seconds, text))
        self.toasts = self.toasts[-4:]

    @contextlib.contextmanager
    def quietly(self):
        """Undo and redo inside this block show no "Undone: ..." toast each (a whole
        round undone, a payment backed out: the caller says what happened once)."""
        self._quiet += 1
        try:
            yield
        finally:
            self._quiet -= 1

    def submit(self, cmd: Command, note: str | None = None) -> bool:
        """Submit a command (``note``: a line for its log entry, an AI seat's reason); a
        refusal (or a replay) becomes a toast."""
        if self.replay:
            self.toast(_(REPLAY_NOTE))
            return False
        result = self.session.submit(cmd, note=note)
        if not result.ok:
            self.toast(result.reason)
            self._refused.add(result.reason)
        elif self._refused:             # a refusal is stale once something has been done
            self.toasts = [t for t in self.toasts if t[1] not in self._refused]
            self._refused.clear()
        return result.ok

    def _on_change(self, kind: str, entry) -> None:
        if kind == "refused" or entry is None:
            return
        self.tray.forget(animation=kind in ("undo", "redo"))
        self.tray.update_hover(self.pointer)   # what is under the pointer may have changed
        self.change = kind                      # submit, undo, redo: the view may animate
        self.game.rebuild(entry)
        self.change = ""
        self.ai.changed(kind)
        self.follow_decider()
        if self._quiet:
            return
        if not self.replay and kind == "undo":
            self.toast(_("Undone: {text}").format(text=entry.text), 2)
        elif not self.replay and kind == "redo":
            self.toast(_("Redone: {text}").format(text=entry.text), 2)

    @property
    def pointer_busy(self) -> bool:
        """Is the window's own drag under way (a die, the timeline)?"""
        return any(d is not None and d.active for d in (self.drag, self.tray.drag))

    def text_focused(self) -> bool:
        """Is a text box taking the keys (a search, a prompt)?"""
        return any(isinstance(e, pygame_gui.elements.UITextEntryLine) and e.is_focused
                   for e in self.ui.get_sprite_group().sprites())

    def open_prompt(self, label: str, on_answer, text: str | None = None) -> None:
        """Ask for a number (or, with ``text`` given, a line of text) in a small box."""
        self.close_prompt()
        self.prompt = Prompt(self.ui, self.screen.get_size(), label, on_answer, text)

    def close_prompt(self) -> None:
        """Take the prompt away unanswered."""
        if self.prompt is not None:
            self.prompt.close()
            self.prompt = None

    def close_overlay(self) -> None:
        """Close a game's modal panel (it removes itself from ``overlay``)."""
        if self.overlay is not None:
            self.overlay.close()
            self.overlay = None

    # ----------------------------------------------------------- the table
    def set_session(self, session: Session) -> None:
        """Put another game on the table (a loaded or a new game)."""
        if self._unsubscribe is not None:
            self._unsubscribe()
        self.session = session
        self._unsubscribe = session.subscribe(self._on_change)
        self.viewer = min(self.viewer, len(session.state.seats) - 1)
        self.tray.selected.clear()
        self.tray.forget(animation=True)
        self.close_overlay()
        self.menu = None
        if self.autosave is not None:
            self.autosave.attach(session)
        self.ai.reset()
        self._sit_with_people()
        if session.state.game != self._game_id:
            self._game_id = session.state.game
            self.game = view_for(self)
        else:
            self.game.rebuild(None)
        self.follow_decider()

    def set_language(self, lang: str) -> None:
        """Switch the language at once and remember it in the user's config folder."""
        i18n.set_language(lang)
        try:
            i18n.save_language(lang)
        except OSError as exc:
            self.toast(_("The language could not be remembered: {why}").format(why=exc))
        self.toast(_("Language: {name}").format(name=i18n.LANGUAGES[i18n.language()]))

    def _language_changed(self, lang: str) -> None:
        """Everything drawn is drawn again in the new language (new log lines too;
        the lines already in the log keep the words they were written in)."""
        if not pygame.display.get_init() or pygame.display.get_surface() is not self.screen:
            return
        fonts.clear_texts()
        dicefaces.clear_cache()
        pygame.display.set_caption(_("Lord of the Rings tabletop"))
        self.menu = None
        self.game = view_for(self)
        self.refresh_hover()

    def switch_seat(self, step: int) -> None:
        """Sit in another seat; the curtain hides the table until that player is there
        (not when one person plays all seats)."""
        n = len(self.state.seats)
        if n < 2:
            self.toast(_("There is only one seat at this table."))
            return
        self.viewer = (self.viewer + step) % n
        if self.keymap.options.get("confirm_seat_switch", True) and not self.all_seats \
                and not self.ai.is_ai(self.viewer) and len(self.ai.humans()) > 1:
            self.curtain = self.viewer      # the curtain falls between people only
        self.game.rebuild(None)
        self.toast(_("Now playing as {name}").format(name=self.state.seats[self.viewer].name))

    # ----------------------------------------------------------- one person, every seat
    @property
    def all_seats(self) -> bool:
        """Does one person play every seat ("I play all seats", a table option kept in
        the save)?  Then there is no curtain, and the window sits wherever a decision
        is to be made."""
        return bool(self.state.options.get("all_seats")) and len(self.state.seats) > 1

    def set_all_seats(self, on: bool) -> None:
        """Turn "I play all seats" on or off for this game (remembered in its save)."""
        if self.replay:
            return
        self.session.set_option("all_seats", bool(on))
        if on:
            self.curtain = None
            self.follow_decider()
            self.toast(_("You play all seats: no curtain, and the table turns to whoever "
                         "decides."), 4)
        else:
            self.toast(_("Each seat is its own player again: the curtain falls between "
                         "seats."), 4)

    def follow_decider(self) -> None:
        """In "I play all seats", sit at the seat whose decision the game waits for (a
        person's seat: never an AI seat's); in a game the computer plays alone, at the
        AI seat that decides (a game to watch)."""
        watching = self.ai.everyone()
        if not (self.all_seats or watching) or self.replay:
            return
        deciders = seats_to_act(self.session)
        if not watching:
            deciders = [s for s in deciders if not self.ai.is_ai(s)]
        seat = self.viewer if self.viewer in deciders else next(iter(deciders), None)
        if isinstance(seat, int) and 0 <= seat < len(self.state.seats) and seat != self.viewer:
            self.viewer = seat
            self.curtain = None
            self.game.rebuild(None)

    def _sit_with_people(self) -> None:
        """A game with AI seats opens at a person's seat (the first), without a curtain."""
        humans = self.ai.humans()
        if self.ai.seats() and humans and self.viewer not in humans:
            self.viewer = humans[0]
            self.curtain = None

    def quit(self) -> None:
        """Close the window: the game is saved first (the autosave, written now), and a
        size the player gave the window is remembered for the next start."""
        if self.autosave is not None:
            self.autosave.flush()
        if self.remember_size and self._resized:
            try:
                remember_size(self.screen.get_size())
            except OSError:
                pass
        self.running = False

    def resize(self, w: int, h: int) -> None:
        """The window was resized: the table is framed again at once and the bars, text,
        hand and dice tray take the new size's scale."""
        w, h = max(1, w), max(1, h)
        if (w, h) == self.screen.get_size():
            return
        if pygame.display.get_surface() is None or pygame.display.get_surface().get_size() != (w, h):
            self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        else:
            self.screen = pygame.display.get_surface()
        self._resized = True
        self.camera.resize(w, h)
        self.ui.set_window_resolution((w, h))
        if self.overlay is not None:
            self.overlay.resize((w, h))
        self.menu = None
        self.game.resized()
        self.refresh_hover()
        self.needs_frame = True

    # ----------------------------------------------------------- the loop
    def step(self, events=(), dt: float = 1 / 60) -> None:
        """Process events, advance time and draw one frame (used by tests)."""
        for ev in events:
            self.handle(ev)
        self.update(dt)
        self.draw()

    def run(self, max_frames: int | None = None) -> None:
        """The window's loop, until it is closed; the game is on disk at the end.

        A frame is drawn only when something happened (an event, a change of the
        game) or moves (an animation, a throw, a drag); otherwise the loop sleeps in
        ``pygame.event.wait`` until the next event or the next toast to expire, so an
        idle window costs next to nothing and still answers at once.
        """
        clock = pygame.time.Clock()
        frames = 0
        last = time.monotonic()
        while self.running:
            if self.needs_frame or self.busy():
                clock.tick(60)
                events = pygame.event.get()
            else:
                first = pygame.event.wait(self._idle_timeout())
                events = [first] if first.type != pygame.NOEVENT else []
                events += pygame.event.get()
            t = time.monotonic()
            # a modal screen (new game) can hold the loop for seconds: do not let toasts
            # and animations jump by that much
            dt = min(t - last, 0.25)
            last = t
            for ev in events:
                self.handle(ev)
            self.update(dt)
            self.draw()
            pygame.display.flip()
            self.needs_frame = False
            frames += 1
            if max_frames is not None and frames >= max_frames:
                break
        if self.autosave is not None:
            self.autosave.flush()

    def busy(self) -> bool:
        """Does something move on screen (so the next frame must be drawn soon)?"""
        return bool(self._moving or self.dice.animating or self.pointer_busy)

    def _idle_timeout(self) -> int:
        """Milliseconds an idle loop may sleep: until a toast expires, or a pending
        autosave is due; 0 = until the next event."""
        waits = [t - self.now for t, _text in self.toasts]
        for wake in (self.game.wake_in(), self.ai.wake_in()):
            if wake is not None:
                waits.append(wake)
        if self.autosave is not None and self.autosave.saver.dirty:
            waits.append(0.25)
        if self.text_focused():
            waits.append(0.4)               # the text cursor blinks
        if not waits:
            return 0
        return max(10, int(min(waits) * 1000) + 5)

    def handle(self, ev: pygame.event.Event) -> None:
        """One event: the window takes what is its own, the game's view the rest."""
        if ev.type == pygame.QUIT:
            self.quit()
            return
        if ev.type == pygame.VIDEORESIZE:
            self.resize(ev.w, ev.h)
            return
        if ev.type == pygame.WINDOWSIZECHANGED:
            self.resize(*pygame.display.get_window_size())
            return
        if hasattr(ev, "pos"):
            self.pointer = ev.pos
        if ev.type in (pygame.KEYDOWN, pygame.KEYUP):
            self.mods = ev.mod
        if self.ui.process_events(ev):
            return
        if ev.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and self.prompt is not None:
            prompt, self.prompt = self.prompt, None
            prompt.finish(ev.text, self.toast)
            return
        if self._own_event(ev):
            return
        self.game.handle(ev)

    def _own_event(self, ev) -> bool:
        """What the window consumes before the game: the curtain, menus, overlays,
        the timeline, the dice, its own keys."""
        if ev.type == pygame.MOUSEMOTION:
            self._motion(ev)
            return False
        if ev.type == pygame.MOUSEBUTTONDOWN:
            return self._button_down(ev)
        if ev.type == pygame.MOUSEBUTTONUP:
            return self._button_up(ev)
        if ev.type == pygame.MOUSEWHEEL:
            if self.overlay is not None and self.overlay.handle(ev):
                return True
            if self.log_visible and hud.log_rect(self.screen.get_size(), self.game.top_height()).collidepoint(self.pointer):
                self.log_scroll = max(0, self.log_scroll + ev.y)
                return True
            return False
        if ev.type == pygame.KEYDOWN:
            return self._key_down(ev)
        if ev.type == pygame.KEYUP and self.keymap.action_for(ev.key, 0) == "help":
            self.help_visible = False
        if self.overlay is not None:
            return self.overlay.handle(ev)
        return False

    def _motion(self, ev) -> None:
        for d in (self.drag, self.tray.drag):
            if d is not None and d.follow(ev.pos, self.now) is not None and d.kind == "timeline":
                hud.seek_timeline(self, ev.pos[0])
        if self.menu is not None:
            self.menu.motion(ev.pos)
        self.tray.update_hover(ev.pos)

    def _button_down(self, ev) -> bool:
        pos = ev.pos
        if self.curtain is not None:
            if ev.button == 1:
                self.curtain = None
            return True
        if self.menu is not None:
            inside = self.menu.click(pos) if ev.button == 1 else False
            if not inside:
                self.menu = None
            self.refresh_hover()
            return True
        if ev.button == 3:
            self.open_menu(pos)
            return True
        if self.overlay is not None and self.overlay.handle(ev):
            return True
        if ev.button != 1:
            return False
        if self.replay and hud.timeline_rect(self.screen.get_size()).collidepoint(pos):
            hud.seek_timeline(self, pos[0])
            self.drag = Drag("timeline", pos, pos=pos)
            return True
        if self.tray.kind_at(pos) is None and self.game.covers(pos):
            return False
        return self.tray.press(pos)

    def _button_up(self, ev) -> bool:
        if self.drag is not None:
            self.drag = None
            return True
        if self.tray.drag is not None:
            self.tray.release(ev.pos)
            self.refresh_hover()
            return True
        return False

    def _key_down(self, ev) -> bool:
        if self.curtain is not None:
            if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.curtain = None
            return True
        if self.text_focused():
            if ev.key == pygame.K_ESCAPE:
                self.close_overlay()
                self.close_prompt()
            return True
        if self.replay and ev.key in (pygame.K_HOME, pygame.K_END):
            self.session.seek(0 if ev.key == pygame.K_HOME else len(self.session.log))
            return True
        action = self.keymap.action_for(ev.key, ev.mod)
        if action == "deselect" and self.menu is not None:
            self.menu = None
            return True
        if action == "discard" and self.tray.remove_hovered():
            return True
        shared = SHARED_BY_ID.get(action)
        if shared is None:
            return False
        on_key(shared, self, Target("table", self.viewer))
        return True

    def open_menu(self, pos) -> None:
        """The right-click menu: the game's, for what is under the pointer."""
        self.tray.update_hover(pos)
        items = self.game.menu_items(pos)
        title = self.game.menu_title(pos)
        self.menu = ContextMenu(title, items, pos, self.screen.get_size())

    def refresh_hover(self) -> None:
        """Work out again what is under the pointer (after a menu or a drop)."""
        self.tray.update_hover(self.pointer)
        self.game.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=self.pointer, rel=(0, 0),
                                            buttons=(0, 0, 0)))

    def update(self, dt: float) -> None:
        """Advance time: the game's animations, the dice, autosave, toasts, widgets."""
        self.now += dt
        self.ai.tick()                  # an AI seat's decision, when it is due
        self._moving = bool(self.game.update(dt))
        self.dice.update(dt)
        if self.autosave is not None:
            self.autosave.tick()
        self.toasts = [t for t in self.toasts if t[0] > self.now]
        self.ui.update(dt)

    # ----------------------------------------------------------- drawing
    def draw(self) -> None:
        """One frame: the game's table, the dice, the game's overlay, then the HUD."""
        t0 = time.perf_counter()
        screen = self.screen
        self.game.draw(screen)
        self.tray.draw_dice(screen)
        self.game.draw_overlay(screen)
        self._draw_hud(screen)
        self.frame_ms = (time.perf_counter() - t0) * 1000

    def _draw_hud(self, screen) -> None:
        hud.draw_top_bar(self, screen)
        if self.replay:
            hud.draw_timeline(self, screen)
        elif self.curtain is None:
            self.tray.draw_tray(screen)
        if self.log_visible:
            hud.draw_log(self, screen)
        if self.overlay is not None:
            self.overlay.draw(screen)
        if self.prompt is not None:
            self.prompt.draw(screen)
        self.ui.draw_ui(screen)
        if self.menu is not None:
            self.menu.draw(screen)
        hud.draw_toasts(self, screen)
        if self.curtain is not None:
            hud.draw_curtain(self, screen)
        if self.help_visible:
            hud.draw_help(self, screen, self.game.help_rows())
