"""Command-line helpers for saves: ``save check FILE`` and headless new games.

    check_cli(path, out) -> int          # 0 and a summary, or 2 and one line why
    new_headless(scenario, seed, save_path, players=1, decks=None) -> Session

``python main.py save check FILE`` and ``python main.py new lcg ... --headless
--save FILE`` are wired to these.  ``check_cli`` opens the file read-only and
never writes anything.  Pure Python: no pygame, no pymunk.
"""
from __future__ import annotations

import os
import sys
import time
from typing import Sequence, TextIO

from tabletop.core.session import Session

from . import codec, store
from .codec import SaveError

EXIT_OK = 0
EXIT_BAD = 2


def _when(ts: float) -> str:
    try:
        return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(ts))
    except (OverflowError, OSError, ValueError):
        return "?"


def _scenario_name(key: str) -> str:
    try:
        from tabletop.games.lcg.cards import core_set
        return core_set().scenarios[key]["name"]
    except Exception:
        return key


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
        print(f"error: {os.fspath(path)}: {exc}", file=err)
        return EXIT_BAD
    except Exception as exc:            # belt and braces: still one line, no traceback
        print(codec.one_line(f"error: {os.fspath(path)}: {type(exc).__name__}: {exc}"), file=err)
        return EXIT_BAD
    redo = len(session.log) - session.cursor
    lines = [
        f"ok: {os.fspath(path)}",
        f"game: {info['game']}, scenario: {_scenario_name(info['scenario'])}",
        f"seats: {', '.join(info['seats']) or '-'}",
        f"round: {info['round']}",
        f"actions: {session.cursor}" + (f" (+{redo} undone, can be redone)" if redo else ""),
        f"cards: {info['cards']}",
        f"saved: {_when(info['saved'])} (save format {info['version']}, app {info['app']})",
    ]
    print("\n".join(lines), file=out)
    return EXIT_OK


def resolve_decks(players: int, decks: Sequence | None):
    """Deck objects: starter names / deck files (via tabletop.games.lcg.decks) or DeckLike objects."""
    from tabletop.games.lcg.decks import seat_decks
    return seat_decks(players, decks)


def new_headless(scenario: str, seed: int, save_path: str | os.PathLike | None,
                 players: int = 1, decks: Sequence | None = None,
                 names: Sequence[str] | None = None, easy: bool = False) -> Session:
    """Create a game without a window (rulebook setup done) and save it if a path is given.

    Raises ValueError (unknown scenario, bad seat count, bad deck) or
    SaveError / OSError (cannot save), each with a one-line message.
    """
    from tabletop.games.lcg.scenarios import setup_game
    from tabletop.games.lcg.setup import find_scenario, scenario_keys
    try:
        key = find_scenario(scenario)
    except KeyError:
        known = ", ".join(k.replace("_", "-") for k in scenario_keys())
        raise ValueError(f"unknown scenario {scenario!r} (known: {known})") from None
    if not 1 <= players <= 4:
        raise ValueError("a game has 1 to 4 seats")
    deck_objs = resolve_decks(players, decks)
    if len(deck_objs) != players:
        raise ValueError(f"{players} seats but {len(deck_objs)} decks")
    session = setup_game(key, deck_objs, names=names, seed=seed, easy=easy)
    if save_path is not None:
        store.save(session, save_path)
    return session
