"""The seam between the window and a game: ``GameView``.

The window (``sprites.app.App``) hosts one game view at a time, chosen by
``session.state.game`` (``sprites.games.view_for``).  The App keeps what every
game shares: the loop, the window, toasts, the game log panel, the hot-seat
curtain, saves, undo/redo, the replay timeline, the hotkey overlay, menus and
the dice tray with its physics.  A game view draws its table and turns the
pointer and keys the App did not take into commands (``app.submit``).

What a view may use of the App: ``screen``, ``session``, ``state`` (the
session's table), ``viewer`` (the seat whose view is shown), ``camera``
(``sprites.camera.Camera``), ``toast(text, seconds=3.5)``, ``submit(cmd) ->
bool`` (a refusal becomes a toast), ``now``, ``pointer``, ``mods``, ``ui``
(the pygame_gui manager) and ``keymap``.
"""
from __future__ import annotations

import pygame

from sprites.actions import SHARED, SHARED_BY_ID, Target, help_rows, menu_items
from sprites.palette import FELT
from tabletop.core.i18n import _


class GameView:
    """A game's part of the window.  Every method has a default that does nothing
    (the blank table of a game that has no window yet); a game overrides what it has."""
    game_id = ""

    def __init__(self, app):
        self.app = app

    def rebuild(self, entry) -> None:
        """The session changed: a submit, undo, redo, seek, a loaded game, or the viewing
        seat changed (``entry`` is the log entry, or None)."""

    def draw(self, screen: pygame.Surface) -> None:
        """Draw the table area (the App draws its HUD on top).  Default: bare felt."""
        screen.fill(FELT)

    def handle(self, ev) -> bool:
        """A pygame event the App did not consume; True if this view consumed it."""
        return False

    def update(self, dt: float) -> bool:
        """Advance animations by ``dt`` seconds; True while something moves."""
        return False

    def fit_view(self) -> None:
        """Point the camera so that it shows the whole table."""

    def menu_items(self, pos) -> list:
        """The right-click menu at a screen position (``sprites.menus.MenuItem``).
        Default: the window's own actions (undo, redo, seats, saves...)."""
        return menu_items(SHARED, self.app, Target("table", self.app.viewer))

    def help_rows(self) -> list[tuple[str, str]]:
        """Rows (keys, what they do) for the hotkey overlay; a row ``("", title)``
        starts a column.  Default: the window's own keys."""
        return help_rows(self.app.keymap, set(SHARED_BY_ID))

    def status(self) -> list[str]:
        """Short lines for the top bar (the first is shown in gold): round, phase, turn."""
        st = self.app.state
        me = st.seats[self.app.viewer].name if st.seats else ""
        return [_("Round {n}").format(n=st.round), _("You: {name}").format(name=me)]

    # Optional, for views with more on screen (the card game uses them):
    def top_height(self) -> int:
        """Pixels of a bar of the game's own under the window's top bar (toasts go below)."""
        return 0

    def menu_title(self, pos) -> str:
        """The title of the right-click menu at ``pos``."""
        return _("Table")

    def draw_overlay(self, screen: pygame.Surface) -> None:
        """Drawn above the dice and below the HUD (a hand of cards, a card preview)."""

    def covers(self, pos) -> bool:
        """Is ``pos`` on a part of this view drawn over the dice on the table?"""
        return False
