"""``save check FILE``: the command-line check of a save file.

    check_cli(path, out) -> int          # 0 and a summary, or 2 and one line why

``check_cli`` opens the file read-only and never writes anything.
Pure Python: no pygame, no pymunk.
"""
from __future__ import annotations

import os
import sys
from typing import TextIO

from tabletop.core.i18n import _, format_datetime
from tabletop.core.schema import printable

from . import codec, store
from .codec import SaveError
from .library import title_of

EXIT_OK = 0
EXIT_BAD = 2


def _when(ts: float) -> str:
    try:
        return format_datetime(ts)
    except (OverflowError, OSError, ValueError):
        return "?"


def check_cli(path: str | os.PathLike, out: TextIO | None = None,
              err: TextIO | None = None) -> int:
    """Check a save thoroughly (full replay) without changing it.

    Prints a short summary to ``out`` and returns 0 for a good save;
    prints one line ``error: PATH: REASON`` (to ``err``, default ``out``) and
    returns 2 for anything else.  Never raises, never prints a traceback.
    """
    out = out if out is not None else sys.stdout
    err = err if err is not None else out
    try:
        data = store.read_bytes(path)
        session = codec.loads(data, verify=True)
        info = codec.summary(data)
    except SaveError as exc:
        print(printable(_("error: {message}").format(message=f"{os.fspath(path)}: {exc}")),
              file=err)
        return EXIT_BAD
    except Exception as exc:            # belt and braces: still one line, no traceback
        print(printable(codec.one_line(_("error: {message}").format(
            message=f"{os.fspath(path)}: {type(exc).__name__}: {exc}"))), file=err)
        return EXIT_BAD
    redo = len(session.log) - session.cursor
    # everything from the file is shown with its control characters escaped
    actions = (_("actions: {n} (+{redo} undone, can be redone)") if redo
               else _("actions: {n}")).format(n=session.cursor, redo=redo)
    lines = [
        _("ok: {path}").format(path=printable(os.fspath(path))),
        _("game: {game}, scenario: {scenario}").format(
            game=printable(info['game'], 40), scenario=title_of(info['game'], info['scenario'])),
        _("seats: {seats}").format(
            seats=", ".join(printable(s, 80) for s in info['seats']) or "-"),
        _("rules: {rules}").format(rules=printable(info["rules"] or "sandbox", 40)),
        _("round: {n}").format(n=info['round']),
        actions,
        _("cards: {n}").format(n=info['cards']),
        _("saved: {when} (save format {version}, app {app})").format(
            when=_when(info['saved']), version=info['version'], app=printable(info['app'], 40)),
    ]
    print("\n".join(lines), file=out)
    return EXIT_OK
