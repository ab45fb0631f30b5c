"""The library in the window: the list of games (Ctrl+O), walking a game back to an
older generation, and the choice when another window holds the game.

Hook points: ``sprites/launch.py`` calls ``after_open(app)`` once the table is
open; ``sprites.saveload.open_saves_menu`` (Ctrl+O) calls ``open_games_menu``
with its way of opening a file.  Everything else goes through ``saves.library``.
"""
from __future__ import annotations

import time

from saves import codec, store
from saves.codec import SaveError
from saves.library import Home, Library, copy_of, home_of, set_home
from tabletop.core import i18n
from tabletop.core.i18n import N_, _
from tabletop.core.schema import printable

from .menus import ContextMenu, MenuItem

MAX_LISTED = 15

# generation -> what it holds, in the words of the menu (translated where shown)
WALK_BACK = (
    ("round", N_("Back to the start of this round")),
    ("session", N_("Back to where this session began")),
    ("round.1", N_("Back to the start of the round before")),
    ("session.1", N_("Back to where the session before began")),
    ("1", N_("Back one save (the last action)")),
)


def when(ts: float) -> str:
    """"14:02" today, "24 Nov 2026 14:02" before (the date in the local style:
    "24. 11. 2026 14:02" in Czech, "24.11.2026 14:02" in Polish)."""
    now = time.localtime()
    t = time.localtime(ts)
    if t[:3] == now[:3]:
        return time.strftime("%H:%M", t)
    return i18n.format_datetime(ts)


def after_open(app) -> None:
    """If the game on the table is read-only because another window holds it,
    say so and offer the choice."""
    home = home_of(app.session)
    if home is not None and home.read_only:
        offer_copy(app)


def offer_copy(app) -> None:
    """The choice for a game another window holds: watch it read-only or play a copy."""
    w, h = app.screen.get_size()
    items = [
        MenuItem(_("Keep it open read-only"), lambda: None),
        MenuItem(_("Make a copy and play on the copy"), lambda: play_a_copy(app)),
    ]
    app.menu = ContextMenu(_("This game is open in another window"), items,
                           (w // 2 - 200, h // 3), (w, h))


def play_a_copy(app) -> None:
    """Put a copy of the game on the table, in its own new file."""
    try:
        session = copy_of(app.session)
    except SaveError as exc:
        app.toast(_("Could not copy the game: {why}").format(why=printable(exc)), 6)
        return
    app.set_session(session)
    home = home_of(session)
    name = home.path.name if home is not None and home.path is not None else ""
    app.toast(_("You are playing a copy: {name}").format(name=printable(name)), 6)


def open_games_menu(app, load) -> None:
    """Ctrl+O: the games of the library (last changed first), and ways back in time
    for the game on the table; ``load(path)`` opens a game (True when it did)."""
    items = walk_back_items(app)
    home = home_of(app.session)
    if home is not None and home.read_only:
        items.insert(0, MenuItem(_("Make a copy of this game and play on it"),
                                 lambda: play_a_copy(app)))
    current = home.path if home is not None else None
    others = [e for e in Library().entries() if e.path != current][:MAX_LISTED]
    if others:
        items.append(MenuItem(_("Your other games, the last played first:"), None, "", False))
    for entry in others:
        label = entry.label
        if entry.open_elsewhere:
            label += " · " + _("open in another window")
        items.append(MenuItem(label, lambda p=entry.path: _open(app, load, p), when(entry.changed),
                              entry.problem is None or _has_backup(entry.path)))
    if not items:
        items = [MenuItem(_("No other games yet (Ctrl+Shift+N starts one)"), None, "", False)]
    w, h = app.screen.get_size()
    app.menu = ContextMenu(_("Your games"), items, (w // 2 - 260, 80), (w, h))


def _has_backup(path) -> bool:
    return any(p.is_file() for p in store.backup_paths(path)[1:])


def _open(app, load, path) -> None:
    if load(path):
        after_open(app)


def walk_back_items(app) -> list[MenuItem]:
    """One item per older generation of the game on the table that can be read."""
    home = home_of(app.session)
    if home is None or home.path is None or home.read_only:
        return []
    items = []
    for generation, words in WALK_BACK:
        path = store.generation_path(home.path, generation)
        try:
            info = codec.summary(store.read_bytes(path))
        except SaveError:
            continue
        label = _("{what} (round {round}, {n} actions)").format(
            what=_(words), round=info["round"], n=info["actions"])
        items.append(MenuItem(label, lambda p=path: walk_back(app, p), when(info["saved"])))
    return items


def walk_back(app, path) -> None:
    """Put an older generation of the game on the table; it becomes the game's
    file, and what was there is kept as the newest backup (so this can be undone
    the same way)."""
    home = home_of(app.session)
    try:
        # the check of `save check` and of opening a game: the whole log replayed
        session = codec.loads(store.read_bytes(path), verify=True)
    except SaveError as exc:
        app.toast(_("Could not go back: {why}").format(why=printable(exc)), 6)
        return
    set_home(session, Home(home.path))
    app.set_session(session)
    app.toast(_("Went back to round {round}, {n} actions; the game you left is the newest "
                "backup.").format(round=session.state.round, n=session.cursor), 6)
