"""Command-line actions that need no window (deck and save checks, headless games)."""
from __future__ import annotations

import random
import sys

from tabletop.core.i18n import _, ngettext
from tabletop.core.session import Session
from tabletop.games.lcg.setup import find_scenario

def _err(msg: str) -> None:
    print(msg, file=sys.stderr)


def resolve_decks(specs: list[str] | None, players: int | None):
    """Deck objects for each seat from starter names or deck files."""
    from tabletop.games.lcg.decks import seat_decks
    return seat_decks(players, specs)


def new_session(args) -> Session | None:
    from tabletop.games.lcg.scenarios import setup_game
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
    from tabletop.games.lcg.decks import validate_seats
    errors = [p for p in validate_seats(decks) if p.severity == "error"]
    if errors:
        _err(_("These decks cannot start a game:"))
        for p in errors:
            _err("  " + p.message)
        return None
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 10**9)
    try:
        return setup_game(scenario, decks, names=args.name, seed=seed, easy=args.easy)
    except ValueError as exc:
        _err(str(exc))
        return None


def deck_check(path: str) -> int:
    from tabletop.games.lcg.decks import deck_check_cli
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
    from tabletop.games.lcg.cards import core_set
    scenario = core_set().scenarios.get(st.scenario, {}).get("name", st.scenario)
    if path:
        from saves.store import save
        save(session, path)
        print(ngettext("Saved {scenario} (seed {seed}, {n} seat) to {path}",
                       "Saved {scenario} (seed {seed}, {n} seats) to {path}", len(st.seats)).format(
            scenario=scenario, seed=st.seed, n=len(st.seats), path=path))
    else:
        print(ngettext("Created {scenario} (seed {seed}, {n} seat); nothing saved (no --save)",
                       "Created {scenario} (seed {seed}, {n} seats); nothing saved (no --save)",
                       len(st.seats)).format(
            scenario=scenario, seed=st.seed, n=len(st.seats)))
    return 0


def is_plain_start(args) -> bool:
    """`python main.py` with no game options: continue the last game if there is one."""
    return (args.seed is None and args.deck is None and args.players is None and not args.easy
            and args.name is None and args.scenario == "passage-through-mirkwood")


def continue_or_new(args):
    """Resume the autosave exactly; without one (or if it cannot be read) start the default game."""
    from saves.store import autosave_path, load
    path = autosave_path()
    if path.exists() or any(p.exists() for p in path.parent.glob(path.name + ".*")):
        try:
            result = load(path)
        except Exception as exc:
            return new_session(args), _("Your last game could not be continued ({why}); "
                                        "started a new one. The old file is kept.").format(why=exc)
        note = _("Continued your last game. Right-click the table for a new game.")
        return result.session, (result.warning + ". " + note) if result.warning else note
    return new_session(args), None
