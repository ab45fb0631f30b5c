"""Open the table window for a session (wiring for main.py)."""
from __future__ import annotations

import os
import sys

from tabletop.core.i18n import _
from tabletop.core.schema import printable


def parse_size(text: str | None) -> tuple[int, int]:
    """"1600x900" as a window size (``sprites.screen.parse_size``; None: 1600x900).
    Raises ``sprites.screen.SizeError`` with the reason for a size that cannot be used."""
    from .screen import DEFAULT, parse_size as parse
    return DEFAULT if not text else parse(text)


def window_size(args) -> tuple[int, int] | None:
    """The size the window opens at (``--size``, the remembered size, or most of the
    screen) and the ``--scale`` in force; None after printing why ``--size`` cannot be
    used (larger than every screen)."""
    import pygame

    from .screen import SizeError, initial_size, desktops, remembered_size, set_user_scale
    os.environ.setdefault("SDL_VIDEO_CENTERED", "1")     # on the screen, not in a corner
    pygame.display.init()
    set_user_scale(getattr(args, "scale", None))
    try:
        return initial_size(getattr(args, "size", None), desktops(), remembered_size())
    except SizeError as exc:
        print(_("--size: {why}").format(why=exc), file=sys.stderr)
        return None


def open_table(session, args, save_path: str | None = None, replay: bool = False,
               notice: str | None = None) -> int:
    """Open the window on ``session`` (autosaved unless a replay) until it is closed."""
    import pygame

    from saves.library import GameSaver

    from . import library as library_ui
    from .app import App
    from .keymap import config_dir, write_default

    keys = os.path.join(config_dir(), "keys.toml")
    if not os.path.lexists(keys):
        try:
            write_default(keys)          # so players can find and edit their hotkeys
        except OSError:
            pass
    size = window_size(args)
    if size is None:
        return 2
    # the library's autosave: a new game gets its own file now, a continued game is
    # written only once it changes (launch hook, see sprites/library.py)
    autosaver = None if replay else GameSaver(min_interval=0.2)
    app = App(session, size=size, autosaver=autosaver, save_path=save_path, replay=replay)
    app.remember_size = not getattr(args, "screenshot", None)
    if autosaver is not None:
        autosaver.on_error = lambda msg: app.toast(msg, 6)
        autosaver.start()           # the window subscribed it to the session
    app.on_new_game = _new_game_hook
    if notice:
        app.toast(printable(notice), 6)
    library_ui.after_open(app)          # hook: the choice when another window holds the game
    _quit_on_sigterm()                  # a polite kill closes the window as a click would
    shot = getattr(args, "screenshot", None)
    try:
        if shot:
            for _i in range(3):
                app.step([])
            pygame.image.save(app.screen, shot)
            print(shot)
        else:
            app.run()
    finally:
        if autosaver is not None:
            autosaver.stop(app.session)     # the last action is on disk before we exit
    pygame.quit()
    return 0


def _quit_on_sigterm() -> None:
    """SIGTERM (and SIGHUP, SIGINT) ask the window to close at once, as a click on its
    close button would: the last action is saved and the game's lock let go.

    A Python signal handler runs only between two bytecodes, and an idle window sleeps
    in ``pygame.event.wait`` (C code) until the next event: so the signal also writes a
    byte to a pipe (``signal.set_wakeup_fd``), and a small thread waiting on that pipe
    posts the QUIT event, which wakes the loop now.
    """
    import signal
    import threading

    import pygame

    def ask(_signum, _frame):
        post_quit()

    def post_quit():
        if pygame.display.get_init():
            try:
                pygame.event.post(pygame.event.Event(pygame.QUIT))
            except pygame.error:
                pass

    def watch(fd):
        while True:
            try:
                data = os.read(fd, 64)
            except OSError:
                return
            if not data:
                return
            post_quit()

    try:
        wanted = [signal.SIGTERM, signal.SIGINT] + [getattr(signal, n) for n in ("SIGHUP",)
                                                    if hasattr(signal, n)]
        for sig in wanted:
            signal.signal(sig, ask)
        r, w = os.pipe()
        os.set_blocking(w, False)
        signal.set_wakeup_fd(w, warn_on_full_buffer=False)
    except (ValueError, OSError, AttributeError):     # not the main thread, or no SIGTERM
        return
    threading.Thread(target=watch, args=(r,), name="sigterm-wake", daemon=True).start()


_LAST: dict = {}


def choose_new_game(args, game: str | None = None):
    """`python main.py new GAME --choose`: the new-game screen (with that game selected)
    before the table opens; None when it is cancelled, False when the window cannot
    open at ``--size`` (the reason is printed)."""
    import pygame

    size = window_size(args)
    if size is None:
        return False                                 # the reason is printed
    pygame.font.init()
    screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    session = _new_game_hook(screen, game)
    if session is not None:
        print(_LAST["choice"].command_line())        # the line that replays this game
    return session


def _new_game_hook(screen, game: str | None = None):
    """Show the new-game screen; returns the started session or None if cancelled."""
    from .newgame import run_new_game_screen

    choice = run_new_game_screen(screen, defaults=_LAST.get("choice"), game=game)
    if choice is None:
        return None
    _LAST["choice"] = choice
    return choice.session
