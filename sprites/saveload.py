"""Saving, opening and starting games from the window (Ctrl+S, Ctrl+O, F5/F9, new game).

The files themselves are handled by ``sprites.savefiles`` and the save format;
these functions are what the window's actions call, and they report in toasts.
"""
from __future__ import annotations

import os

import pygame

from sprites.menus import ContextMenu, MenuItem
from tabletop.core.i18n import _


def save_game(app, path=None) -> bool:
    """Save (Ctrl+S) to ``path``, the file this game came from, or a new file."""
    path = path or app.save_path or app.files.new_path(app.session)
    try:
        where = app.files.save(app.session, path)
    except Exception as exc:          # report; the previous good file stays untouched
        app.toast(_("Could not save: {why}").format(why=exc), 6)
        return False
    if path != app.files.quick_path():
        app.save_path = str(where)
    app.toast(_("Saved to {path}").format(path=where))
    return True


def save_as(app) -> None:
    """Ask for a file name, then save under it in the saves folder."""
    default = os.path.splitext(os.path.basename(app.save_path or app.files.new_path(app.session)))[0]

    def done(name: str) -> None:
        name = name.strip()
        if not name or any(c in name for c in "/\\:*?\"<>|"):
            app.toast(_("Type a file name without / \\ : * ? \" < > |"))
            return
        save_game(app, app.files.named_path(name))
    app.open_prompt(_("Save as (name):"), done, text=default)


def load_game(app, path) -> bool:
    """Open a saved game in the window (its undo history comes with it)."""
    try:
        session, warning = app.files.load(path)
    except Exception as exc:
        app.toast(_("Could not open {path}: {why}").format(path=path, why=exc), 6)
        return False
    app.set_session(session)
    app.save_path = None if str(path) == str(app.files.quick_path()) else str(path)
    app.toast(warning or _("Opened {path}").format(path=path), 6 if warning else 3)
    return True


def open_saves_menu(app) -> None:
    """Ctrl+O: the library's games and the ways back (hook, see sprites/library.py)."""
    from sprites.library import open_games_menu
    open_games_menu(app, lambda path: load_game(app, path))


def new_game_screen(app) -> None:
    """Choose a game, seats and options; the current game stays in its autosave."""
    hook = getattr(app, "on_new_game", None)
    if hook is None:
        app.toast(_("Start a new game with: python main.py new lcg"))
        return
    session = hook(app.screen)
    surface = pygame.display.get_surface()       # the screen may have been resized
    if surface is not None:
        app.screen = surface
        app.resize(*surface.get_size())
    if session is not None:
        app.save_path = None
        app.set_session(session)
        app.toast(_("New game: seed {seed}").format(seed=session.state.seed), 5)
