"""The seam between the window and a game: ``GameView``, and how a game's window
part is found.

The window (``sprites.app.App``) hosts one game view at a time, chosen by
``session.state.game`` (``view_for``).  The App keeps what every
game shares: the loop, the window, toasts, the game log panel, the hot-seat
curtain, saves, undo/redo, the replay timeline, the hotkey overlay, menus and
the dice tray with its physics.  A game view draws its table and turns the
pointer and keys the App did not take into commands (``app.submit``).

What a view may use of the App: ``screen``, ``session``, ``state`` (the
session's table), ``viewer`` (the seat whose view is shown), ``camera``
(``sprites.camera.Camera``), ``toast(text, seconds=3.5)``, ``submit(cmd) ->
bool`` (a refusal becomes a toast), ``now``, ``pointer``, ``mods``, ``ui``
(the pygame_gui manager) and ``keymap``.

**How a game's window is found** (nothing lists the games here): the game ids
come from ``tabletop.core.games.game_ids()``, and a game's window part is the
package ``sprites/games/<id>/`` by convention:

- ``sprites.games.<id>`` may give ``NAME``, the game's short name for the window
  (marked with ``N_``; default: the ``GameSpec``'s name);
- ``sprites.games.<id>.view`` gives ``VIEW``, its ``GameView`` subclass;
- ``sprites.games.<id>.newgame`` may give ``PANEL``, its panel of the new-game
  screen (default: ``sprites.newgame_panels.GenericPanel``).

They are imported by name only when wanted (``window_part``), so the shared
window never imports a game's view; a game whose view is missing gets the
blank ``GameView`` and a toast.
"""
from __future__ import annotations

import importlib

import pygame

from sprites.actions import SHARED, SHARED_BY_ID, Target, help_rows, menu_items
from sprites.palette import FELT
from tabletop.core.i18n import _

PACKAGE = "sprites.games"           # a game's window part: PACKAGE.<id>


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

    def resized(self) -> None:
        """The window changed size (the camera already has it): frame the table again.
        Default: the whole table (``fit_view``)."""
        self.fit_view()

    def curtain_hint(self, name: str) -> str:
        """The line under "Pass the computer to NAME" on the hot-seat curtain."""
        return _("{name}: click or press Enter when you are at the computer").format(name=name)

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

    def side_width(self) -> int:
        """Pixels at the right under the bars that a panel of the view takes for now
        (toasts are centred in the rest)."""
        return 0

    def wake_in(self) -> float | None:
        """Seconds until the view must be drawn again with nothing happening (a panel
        that goes away), or None."""
        return None

    def ai_acted(self, seat: int, cmd, why: str) -> None:
        """An AI seat's answer was just submitted (``sprites.aiseats``): show what it picked
        (the card game lights the card up).  Default: nothing more than the log line."""

    def suggest(self) -> None:
        """The Suggest button or key (``suggest``): what the game's expert would do in the
        viewing seat's place, and why.  Default: said in a toast
        (``AiPlayers.hint``); the card game lights the answer up on the table."""
        hint = self.app.ai.hint(self.app.viewer)
        if hint is not None:
            self.app.toast(_("Suggestion: {why}").format(why=hint[1]), 10)

    def menu_title(self, pos) -> str:
        """The title of the right-click menu at ``pos``."""
        return _("Table")

    def draw_overlay(self, screen: pygame.Surface) -> None:
        """Drawn above the dice and below the HUD (a hand of cards, a card preview)."""

    def covers(self, pos) -> bool:
        """Is ``pos`` on a part of this view drawn over the dice on the table?"""
        return False

    def table_bounds(self) -> tuple[float, float, float, float]:
        """(left, top, right, bottom) in table units: where thrown dice roll and come to
        rest (the dice tray's throws).  Default: what the camera shows now."""
        cam = self.app.camera
        left, top = cam.to_world(0, 0)
        right, bottom = cam.to_world(cam.width, cam.height)
        return (left, top, right, bottom)


# --------------------------------------------------------------------------- finding a game's part
def window_part(game_id: str, module: str, name: str):
    """``name`` from the game's window module ``sprites.games.<id>[.<module>]``; None when
    that module is not there.  A module that is there but fails to import raises, and so
    does one without ``name`` (ImportError)."""
    if not game_id.isidentifier():
        return None
    path = ".".join(p for p in (PACKAGE, game_id, module) if p)
    try:
        found = importlib.import_module(path)
    except ModuleNotFoundError as exc:
        if exc.name and (path == exc.name or path.startswith(exc.name + ".")):
            return None             # the game's window (or this part of it) is not there
        raise
    try:
        return getattr(found, name)
    except AttributeError:
        raise ImportError(f"{path} has no {name}") from None


def game_name(game_id: str) -> str:
    """The game's short name, translated (its window's ``NAME``, else its ``GameSpec``'s
    name, else its id)."""
    try:
        name = window_part(game_id, "", "NAME")
    except ImportError:
        name = None
    if name is None:
        from tabletop.core.games import game
        try:
            name = game(game_id).name
        except (KeyError, ImportError):
            return game_id
    return _(name)


def view_class(game_id: str) -> type[GameView] | None:
    """The view class of a game (``sprites.games.<id>.view.VIEW``); None when the game
    has no window module (yet).  A window module that exists but fails to import raises
    (ImportError for a missing name or module it needs)."""
    return window_part(game_id, "view", "VIEW")


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
