"""The seam between the window and a game: one ``GameView`` per game.

The window hosts one game view at a time, chosen by ``session.state.game``
(``sprites.games.view_for``).  The host (``app``) exposes ``screen``,
``session``, ``state``, ``viewer`` (seat index), ``camera``, ``toast(text,
seconds)``, ``submit(cmd) -> bool``, ``now``, ``pointer``, ``mods``, ``ui``
(pygame_gui manager) and ``keymap``; it handles quitting, undo/redo, saves,
seat switching, the log, the help overlay, menus and dice.  A view draws its
game and takes the events the host did not consume.
"""
from __future__ import annotations


class GameView:
    """What every game's window part offers its host (a minimal base)."""

    def __init__(self, app):
        self.app = app

    def rebuild(self, entry) -> None:
        """The table changed (``entry``: the log entry, or None after a load)."""

    def draw(self, screen) -> None:
        """Draw the game."""

    def handle(self, ev) -> bool:
        """An event the host did not consume; True when the view used it."""
        return False

    def update(self, dt: float) -> bool:
        """Advance animations; True when something needs drawing."""
        return False

    def fit_view(self) -> None:
        """Show the whole table."""

    def menu_items(self, pos) -> list:
        """Context-menu items for a right click at ``pos`` (``sprites.menus.MenuItem``)."""
        return []

    def help_rows(self) -> list[tuple[str, str]]:
        """(keys, what they do) rows for the help overlay."""
        return []

    def status(self) -> list[str]:
        """Short lines for the status bar."""
        return []

    # Optional, for views with more on screen:
    def menu_title(self, pos) -> str:
        """The title of the right-click menu at ``pos``."""
        return ""

    def draw_overlay(self, screen) -> None:
        """Drawn above the dice and below the host's top bar and menus."""

    def covers(self, pos) -> bool:
        """Is ``pos`` on a part of this view drawn over the table's dice?"""
        return False
