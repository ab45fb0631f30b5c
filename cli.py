"""Command-line actions that need no window: new games, deck and save checks,
continuing the last game.  ``main.py`` parses the arguments and calls these;
the window is opened by ``sprites.launch``."""
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


def new_headless(scenario: str, seed: int, save_path=None, players: int = 1, decks=None,
                 names=None, easy: bool = False) -> Session:
    """Create a card game without a window (rulebook setup done), saved if a path is given.

    Raises ValueError (unknown scenario, bad seat count, bad or illegal decks)
    with a one-line message, or SaveError / OSError when it cannot be saved.
    """
    from tabletop.games.lcg.decks import validate_seats
    from tabletop.games.lcg.scenarios import setup_game
    from tabletop.games.lcg.setup import scenario_keys
    try:
        key = find_scenario(scenario)
    except KeyError:
        known = ", ".join(k.replace("_", "-") for k in scenario_keys())
        raise ValueError(_("unknown scenario {name!r} (known: {known})").format(
            name=scenario, known=known)) from None
    if players is not None and not 1 <= players <= 4:
        raise ValueError(_("a game has 1 to 4 seats"))
    deck_objs = resolve_decks(decks, players)       # DeckError is a ValueError
    if not 1 <= len(deck_objs) <= 4:
        raise ValueError(_("a game has 1 to 4 seats"))
    errors = [p for p in validate_seats(deck_objs) if p.severity == "error"]
    if errors:
        raise ValueError(_("These decks cannot start a game:") + " "
                         + "; ".join(p.message for p in errors))
    session = setup_game(key, deck_objs, names=names, seed=seed, easy=easy)
    if save_path is not None:
        from saves.store import save
        save(session, save_path)
    return session


def new_session(args) -> Session | None:
    """The game the command line asks for, or None after printing why not."""
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 10**9)
    try:
        find_scenario(args.scenario)
    except KeyError:
        _err(_("Unknown scenario {name!r}. Choose passage-through-mirkwood, "
               "journey-down-the-anduin or escape-from-dol-guldur.").format(name=args.scenario))
        return None
    try:
        return new_headless(args.scenario, seed, None, args.players, args.deck, args.name,
                            args.easy)
    except Exception as exc:           # DeckError and friends: a clear line, no traceback
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
