"""Where the window keeps save files, and the calls it makes to the save format."""
from __future__ import annotations

import os
import time

from saves import store
from saves.codec import summary
from tabletop.core.i18n import _


class SaveFiles:
    QUICK = "quick.msgpack"

    def folder(self) -> str:
        path = str(store.saves_dir())
        os.makedirs(path, exist_ok=True)
        return path

    def quick_path(self) -> str:
        return os.path.join(self.folder(), self.QUICK)

    def named_path(self, name: str) -> str:
        if not name.endswith(".msgpack"):
            name += ".msgpack"
        return os.path.join(self.folder(), name)

    def new_path(self, session) -> str:
        st = session.state
        stamp = time.strftime("%Y-%m-%d-%H%M")
        return self.named_path(f"{st.scenario.replace('_', '-')}-{stamp}")

    def save(self, session, path) -> str:
        return str(store.save(session, path))

    def load(self, path):
        result = store.load(path)
        return result.session, result.warning

    def listing(self) -> list[tuple[str, str, str]]:
        """(path, label, when) of the saves in the folder, newest first."""
        out = []
        folder = self.folder()
        for name in os.listdir(folder):
            if not name.endswith(".msgpack"):
                continue
            path = os.path.join(folder, name)
            try:
                with open(path, "rb") as fh:
                    info = summary(fh.read())
            except Exception:
                continue              # damaged files are not offered; `save check` explains them
            mtime = os.path.getmtime(path)
            label = _("{name}: round {round}, {n} actions").format(
                name=name[:-8], round=info.get("round", "?"), n=info.get("actions", "?"))
            out.append((mtime, path, label, time.strftime("%d %b %H:%M", time.localtime(mtime))))
        out.sort(reverse=True)
        return [(p, label, when) for _m, p, label, when in out]
