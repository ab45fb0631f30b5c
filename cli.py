"""Command-line actions that need no window: new games, deck and save checks,
continuing the last game.  ``main.py`` parses the arguments and calls these;
the window is opened by ``sprites.launch``."""
from __future__ import annotations

import random
import sys

from tabletop.core.i18n import _, ngettext
from tabletop.core.games import game
from tabletop.core.session import Session
from tabletop.games.lcg.setup import find_scenario


def _err(msg: str) -> None:
    print(msg, file=sys.stderr)


def resolve_decks(specs: list[str] | None, players: int | None):
    """Deck objects for each seat from starter names or deck files."""
    from tabletop.games.lcg.decks import seat_decks
    return seat_decks(players, specs)


def new_headless(scenario: str, seed: int, save_path=None, players: int | None = 1, decks=None,
                 names=None, easy: bool = False, rules: str = "sandbox") -> Session:
    """Create a card game without a window (rulebook setup done), saved if a path is given.

    Raises ValueError (unknown scenario, bad seat count, bad or illegal decks)
    with a one-line message, or SaveError / OSError when it cannot be saved.
    """
    from tabletop.games.lcg.scenarios import new_game
    session = new_game(scenario=scenario, players=players, decks=decks, names=names,
                       seed=seed, easy=easy, rules=rules)
    if save_path is not None:
        from saves.store import save
        save(session, save_path)
    return session


def _seed(args) -> int:
    return args.seed if args.seed is not None else random.SystemRandom().randrange(1, 10**9)


def _options(args) -> dict:
    """The game options of the command line, as the games' ``new_game`` takes them."""
    return {"scenario": args.scenario, "players": args.players, "decks": args.deck,
            "names": args.name, "seed": _seed(args), "easy": args.easy,
            "rules": args.rules, "position": args.position, "kings": args.kings}


def new_session(args) -> Session | None:
    """The game the command line asks for, or None after printing why not."""
    game_id = getattr(args, "game", None) or "lcg"
    try:
        spec = game(game_id)
    except KeyError:
        _err(_("{game} cannot be played in this version yet.").format(game=game_id))
        return None
    if spec.new_game is None:
        _err(_("{game} cannot be played in this version yet.").format(game=spec.name))
        return None
    try:
        return spec.new_game(**_options(args))
    except Exception as exc:           # DeckError and friends: a clear line, no traceback
        _err(str(exc))
        return None


def play(args) -> int:
    """``main.py play GAME``: whole games without a window; prints figures (JSON with --json)."""
    import json
    try:
        spec = game(args.game)
    except KeyError:
        spec = None
    if spec is None or spec.play is None:
        _err(_("{game} cannot be played without a window in this version yet.").format(
            game=args.game))
        return 2
    options = _options(args)
    try:
        result = spec.play(games=max(1, args.games), policy=args.policy, **options)
    except ValueError as exc:
        _err(str(exc))
        return 2
    if args.json:
        print(json.dumps(result, sort_keys=True))
    else:
        for i, g in enumerate(result.get("games", []), 1):
            print(f"game {i}: " + ", ".join(f"{k} {v}" for k, v in g.items()))
        print(_("{n} games, {rate} games per second").format(
            n=len(result.get("games", [])), rate=result.get("games_per_second")))
    return 0


def cards(args) -> int:
    """``main.py cards --coverage [--json]``: every card and what the engine does of it."""
    import json
    from tabletop.games.lcg.coverage import coverage, report
    rows = coverage()
    if args.json:
        print(json.dumps(rows, ensure_ascii=False))
    else:
        print(report(rows))
    return 0


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
    scenario = _(core_set().scenarios.get(st.scenario, {}).get("name", st.scenario))
    if st.game != "lcg":                 # the other games have no scenario: name the game
        from tabletop.core.games import game
        scenario = _(game(st.game).name)
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
            and args.name is None and args.scenario == "passage-through-mirkwood"
            and args.rules is None and args.position is None and not args.kings)


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
