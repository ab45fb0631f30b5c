"""Which view draws which game in the window.

``view_for(app)`` gives the view of the game on the table (``app.session.state.game``):
``VIEWS`` maps a game id to its view class by module path, imported only when
that game is on the table.  A game whose window module is missing gets the
blank ``GameView`` and a toast; nothing crashes.  A new game's window is a
package ``sprites/games/<id>/`` with a ``GameView`` subclass, and one line here.
"""
from __future__ import annotations

import importlib

from sprites.actions import N_
from sprites.gameview import GameView
from tabletop.core.i18n import _

VIEWS = {
    "lcg": "sprites.games.lcg.view.LcgView",
    "coc": "sprites.games.coc.view.CocView",
    "wotr": "sprites.games.wotr.view.WotrView",
}
NAMES = {                       # short names for the window (the new-game screen's choice)
    "lcg": N_("The Card Game"),
    "coc": N_("Circle of Conflict"),
    "wotr": N_("War of the Ring"),
}


def game_name(game_id: str) -> str:
    """The game's short name, translated."""
    return _(NAMES[game_id]) if game_id in NAMES else game_id


def view_class(game_id: str) -> type[GameView] | None:
    """The view class of a game; None when the game has no window module (yet).

    A window module that exists but fails to import raises (ImportError for a
    missing name or module it needs)."""
    path = VIEWS.get(game_id)
    if path is None:
        return None
    module, _dot, name = path.rpartition(".")
    try:
        found = importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name and (module == exc.name or module.startswith(exc.name + ".")):
            return None             # the window's own module is not there
        raise
    cls = getattr(found, name, None)
    if cls is None:
        raise ImportError(f"{module} has no {name}")
    return cls


def view_for(app) -> GameView:
    """A view of the game on ``app``'s table; the blank view (and a toast saying why)
    for a game whose window is missing or cannot be loaded."""
    game_id = app.session.state.game
    try:
        cls = view_class(game_id)
    except Exception as exc:        # a broken window module must not take the table down
        app.toast(_("{game}: its window could not be loaded ({why}).").format(
            game=game_name(game_id), why=exc), 8)
        return GameView(app)
    if cls is None:
        app.toast(_("{game} has no window yet.").format(game=game_name(game_id)), 8)
        return GameView(app)
    return cls(app)
