"""Command-line actions that need no window (deck and save checks, headless games)."""
from __future__ import annotations

import random
import sys

from .i18n import _
from .session import Session
from .setup import find_scenario, new_table, starter

STARTERS = ("leadership", "tactics", "spirit", "lore")


def _err(msg: str) -> None:
    print(msg, file=sys.stderr)


def resolve_decks(specs: list[str] | None, players: int | None):
    """Deck objects for each seat from starter names or deck files."""
    from . import decks as deckmod
    if not specs:
        n = players or 1
        return [starter(STARTERS[i % 4]) for i in range(n)]
    if players is not None and len(specs) not in (1, players):
        raise ValueError(_("{n} seats but {d} decks given: give one --deck per seat").format(
            n=players, d=len(specs)))
    if players is not None and len(specs) == 1 and players > 1:
        specs = specs * players
    return [deckmod.resolve_deck(s) for s in specs]


def new_session(args) -> Session | None:
    from .scenarios import setup_game
    try:
        scenario = find_scenario(args.scenario)
    except KeyError:
        _err(_("Unknown scenario {name!r}. Choose passage-through-mirkwood, "
               "journey-down-the-anduin or escape-from-dol-guldur.").format(name=args.scenario))
        return None
    try:
        decks = resolve_decks(args.deck, args.players)
    except Exception as exc:           # DeckError and friends: a clear line, no traceback
        _err(str(exc))
        return None
    if not 1 <= len(decks) <= 4:
        _err(_("A game has 1 to 4 seats."))
        return None
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 10**9)
    try:
        return setup_game(scenario, decks, names=args.name, seed=seed, easy=args.easy)
    except ValueError as exc:
        _err(str(exc))
        return None


def deck_check(path: str) -> int:
    from .decks import deck_check_cli
    return deck_check_cli(path)


def save_check(path: str) -> int:
    from saves.cli import check_cli
    return check_cli(path, sys.stdout)


def load_session(path: str) -> Session | None:
    from saves.store import load
    try:
        result = load(path)
    except Exception as exc:
        _err(_("Cannot open {path}: {why}").format(path=path, why=exc))
        return None
    if result.warning:
        _err(result.warning)
    return result.session


def headless_save(session: Session, path: str | None) -> int:
    st = session.state
    if path:
        from saves.store import save
        save(session, path)
        print(_("Saved {scenario} (seed {seed}, {n} seats) to {path}").format(
            scenario=st.scenario, seed=st.seed, n=len(st.seats), path=path))
    else:
        print(_("Created {scenario} (seed {seed}, {n} seats); nothing saved (no --save)").format(
            scenario=st.scenario, seed=st.seed, n=len(st.seats)))
    return 0
