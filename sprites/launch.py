"""Open the table window for a session (wiring for main.py)."""
from __future__ import annotations

import os

from tabletop.core.schema import printable


def parse_size(text: str) -> tuple[int, int]:
    """"1600x900" as a window size (at least 800x600)."""
    try:
        w, h = (int(v) for v in text.lower().split("x"))
        return max(800, w), max(600, h)
    except ValueError:
        return (1600, 900)


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
    size = parse_size(getattr(args, "size", "1600x900"))
    # the library's autosave: a new game gets its own file now, a continued game is
    # written only once it changes (launch hook, see sprites/library.py)
    autosaver = None if replay else GameSaver(min_interval=0.2)
    app = App(session, size=size, autosaver=autosaver, save_path=save_path, replay=replay)
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
            for _ in range(3):
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
    """SIGTERM asks the window to close, so the last action is saved and the lock let go."""
    import signal

    import pygame

    def ask(_signum, _frame):
        pygame.event.post(pygame.event.Event(pygame.QUIT))
    try:
        signal.signal(signal.SIGTERM, ask)
    except (ValueError, OSError, AttributeError):     # not the main thread, or no SIGTERM
        pass


_LAST: dict = {}


def choose_new_game(size: tuple[int, int], game: str | None = None):
    """`python main.py new GAME --choose`: the new-game screen (with that game selected)
    before the table opens."""
    import pygame

    pygame.display.init()
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
