"""Where the window keeps save files, and the calls it makes to the save format.

Every game lives in the library (``saves.library``) and is autosaved there;
Ctrl+S saves it now, Ctrl+Shift+S writes a named copy into the library, F5 / F9
quick-save to and quick-load from ``quick.msgpack``.  File names typed by the
player or made from a game are reduced to safe names inside their folder, so a
save can never be written anywhere else.
"""
from __future__ import annotations

import os
import time
from pathlib import Path

from saves import store
from saves.library import Library, home_of, open_game, slug
from tabletop.core.i18n import format_datetime
from tabletop.core.schema import printable


class SaveFiles:
    """The window's files: the library, quick save, named copies."""

    QUICK = "quick.msgpack"

    def folder(self) -> str:
        path = str(store.saves_dir())
        os.makedirs(path, exist_ok=True)
        return path

    def quick_path(self) -> str:
        return os.path.join(self.folder(), self.QUICK)

    def named_path(self, name: str) -> str:
        """A copy named by the player, in the library folder (never outside it)."""
        name = os.path.basename(str(name).replace("\\", "/")).strip()
        if name.endswith(".msgpack"):
            name = name[:-len(".msgpack")]
        safe = "".join(c for c in name if c.isprintable() and c not in '/\\:*?"<>|').strip(". ")
        return str(Library().ensure() / ((safe or "game")[:80] + ".msgpack"))

    def new_path(self, session) -> str:
        """Where Ctrl+S saves this game: its file in the library."""
        home = home_of(session)
        if home is not None and home.path is not None:
            return str(home.path)
        st = session.state
        stamp = time.strftime("%Y-%m-%d-%H%M")
        return self.named_path(f"{slug(st.game, 12)}-{slug(st.scenario)}-{stamp}")

    def save(self, session, path) -> str:
        """Save now: to the game's own file (through its autosave) or to ``path``."""
        home = home_of(session)
        if home is not None and home.saver is not None and not home.read_only:
            own = Path(path) == home.path if home.path is not None else (
                Path(path).parent == Library().folder and path == self.new_path(session))
            if own:                        # the game's own file in the library
                return str(home.saver.save_now(session))
        return str(store.save(session, path))

    def load(self, path):
        opened = open_game(path)
        return opened.session, opened.notice

    def listing(self) -> list[tuple[str, str, str]]:
        """(path, label, when) of the games in the library, the last changed first."""
        out = []
        for e in Library().entries():
            stamp = format_datetime(e.changed)       # in the local style
            out.append((str(e.path), printable(e.label), stamp))
        return out
