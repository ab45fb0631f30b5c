"""Lord of the Rings tabletop: command line entry point (wiring only).

    python main.py                      open the table on the default game
    python main.py new lcg --scenario passage-through-mirkwood --players 2 --seed 7
    python main.py new coc --players 3          (Circle of Conflict)
    python main.py new wotr --kings             (War of the Ring, Kings of Middle-earth)
    python main.py play lcg|coc|wotr --policy random --games 10 --seed 1 [--players N] [--json]
    python main.py sim lcg --deck leadership --policy expert --games 100 --workers 2 [--plot F.png]
    python main.py games                list your games, the last played first
    python main.py deck check FILE      validate a deck file
    python main.py bench [--json]       run the benchmarks
    python main.py --lang cs ...        in Czech (cs), Polish (pl) or English (en)
"""
from __future__ import annotations

import argparse
import sys

from tabletop.core.games import game_ids
from tabletop.core.i18n import N_, _, choose_language


GAMES = list(game_ids())          # every game package under tabletop/games/
GAME_HELP = N_("which game: lcg (The Card Game), coc (Circle of Conflict), "
             "wotr (War of the Ring)")


# the options several commands share, with their defaults; every other option is a
# command's own.  They may stand before or after the command; one that the command does
# not take is refused with a reason, never silently ignored.
GAME_DEFAULTS = {"scenario": "passage-through-mirkwood", "players": None, "deck": None,
                 "name": None, "seed": None, "easy": False, "rules": None, "position": None,
                 "kings": False, "all_seats": False, "ai": None}
WINDOW_DEFAULTS = {"size": None, "screenshot": None, "scale": None}
TAKES = {None: {*GAME_DEFAULTS, *WINDOW_DEFAULTS}, "new": {*GAME_DEFAULTS, *WINDOW_DEFAULTS},
         "play": set(GAME_DEFAULTS) - {"all_seats", "ai"},
         "sim": set(GAME_DEFAULTS) - {"all_seats", "ai"},
         "load": set(WINDOW_DEFAULTS),
         "replay": set(WINDOW_DEFAULTS)}


class MainParser(argparse.ArgumentParser):
    """The command line's parser: ``parse_args`` also refuses a shared option the
    command does not take and fills in the shared options' defaults (``complete``)."""

    def parse_args(self, args=None, namespace=None):
        return complete(self, super().parse_args(args, namespace))


def build_parser() -> argparse.ArgumentParser:
    p = MainParser(prog="main.py", description="A tabletop for The Lord of the Rings games.")
    _lang_option(p, default=None)
    sub = p.add_subparsers(dest="cmd", parser_class=argparse.ArgumentParser)
    new = sub.add_parser("new", help="start a new game")
    new.add_argument("game", choices=GAMES, help=GAME_HELP)
    _game_options(new)
    _window_options(new)
    new.add_argument("--headless", action="store_true", help="create the game without a window")
    new.add_argument("--choose", action="store_true",
                     help="pick the game's options on screen (scenario, seats, decks...)")
    new.add_argument("--save", metavar="FILE", help="save the new game to FILE")
    deck = sub.add_parser("deck", help="deck files")
    deck.add_argument("action", choices=["check"])
    deck.add_argument("file")
    save = sub.add_parser("save", help="save files")
    save.add_argument("action", choices=["check"])
    save.add_argument("file")
    sub.add_parser("games", help="list your games (the library), the last played first")
    load = sub.add_parser("load", help="open a saved game")
    load.add_argument("file")
    _window_options(load)
    replay = sub.add_parser("replay", help="step through a saved game")
    replay.add_argument("file")
    _window_options(replay)
    play = sub.add_parser("play", help="play whole games without a window (tools, tests)")
    play.add_argument("game", choices=GAMES, help=GAME_HELP)
    _game_options(play)
    play.add_argument("--policy", default="random",
                      help="who plays: random (any game), expert (The Card Game, Circle of "
                           "Conflict), mcts (The Card Game), greedy (Circle of Conflict); "
                           "expert,greedy: one per seat")
    play.add_argument("--games", type=int, default=1,
                      help="how many games (game i with seed S + i; S is 1 unless --seed)")
    play.add_argument("--json", action="store_true",
                      help="print one JSON object (the same keys for every game)")
    sim = sub.add_parser("sim", help="simulate many games: win rate, rounds, causes of defeat, plots")
    sim.add_argument("game", choices=GAMES, help=GAME_HELP)
    _game_options(sim)
    sim.add_argument("--policy", default="random", help="who plays: random, expert, mcts...")
    sim.add_argument("--games", type=int, default=10, help="how many games (seeds S, S+1...)")
    sim.add_argument("--workers", type=int, default=1, help="processes to play them on")
    sim.add_argument("--ray", metavar="ADDRESS", default=None,
                     help="play them on a Ray cluster: auto, an address, or local")
    sim.add_argument("--seconds", type=float, default=None,
                     help="mcts: the search budget of a decision, in seconds")
    sim.add_argument("--iterations", type=int, default=None,
                     help="mcts: the search budget of a decision, in simulations")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.add_argument("--plot", metavar="PNG", default=None,
                     help="draw win rate, threat per round and rounds to this PNG file")
    cards = sub.add_parser("cards", help="a game's cards: what the rules engine automates")
    cards.add_argument("--game", choices=GAMES, default="lcg", help=GAME_HELP)
    cards.add_argument("--coverage", action="store_true", help="every card, its automation, its tests")
    cards.add_argument("--json", action="store_true", help="one JSON list")
    bench = sub.add_parser("bench", help="run the benchmarks")
    bench.add_argument("--json", action="store_true", help="print one JSON object last")
    bench.add_argument("--quick", action="store_true", help="smoke mode: few repetitions")
    _game_options(p)
    _window_options(p)
    for sp in sub.choices.values():
        _lang_option(sp, default=argparse.SUPPRESS)
    return p


def complete(p: argparse.ArgumentParser, args: argparse.Namespace) -> argparse.Namespace:
    """The parsed command line, with the shared options given before or after the
    command; an option the command does not take is refused (``p.error``: its reason,
    exit 2)."""
    given = set(vars(args)) & {*GAME_DEFAULTS, *WINDOW_DEFAULTS}
    takes = TAKES.get(args.cmd, set())
    if getattr(args, "headless", False):
        takes = takes - set(WINDOW_DEFAULTS)          # no window: no window options
    for dest in sorted(given - takes):
        p.error(_("{option} does not apply to \"{command}\"").format(
            option="--" + dest, command=args.cmd))
    for dest, value in {**GAME_DEFAULTS, **WINDOW_DEFAULTS}.items():
        if not hasattr(args, dest):
            setattr(args, dest, value)
    return args


def _requested_language(argv: list[str]) -> str | None:
    """The --lang given anywhere on the command line, before the parser is built."""
    for i, a in enumerate(argv):
        if a == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if a.startswith("--lang="):
            return a.split("=", 1)[1]
    return None


def localized(p: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """The parser's help in the language in force (the help texts are the catalog's
    msgids; argparse's own headings, usage line and errors are translated too)."""
    argparse._ = _                     # argparse looks its words up through this name
    p.description = _(p.description) if p.description else p.description
    for group in p._action_groups:
        group.title = {"positional arguments": _("positional arguments"),
                       "options": _("options")}.get(group.title, group.title)
    for action in p._actions:
        if action.help and action.help != argparse.SUPPRESS:
            action.help = _("show this help message and exit") if isinstance(
                action, argparse._HelpAction) else _(action.help)
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                choice.help = _(choice.help) if choice.help else choice.help
            for sp in set(action.choices.values()):
                localized(sp)
    return p


def _lang_option(p: argparse.ArgumentParser, default) -> None:
    p.add_argument("--lang", choices=["cs", "pl", "en"], default=default,
                   help="language: cs (Czech), pl (Polish) or en (English); default: the one chosen "
                        "in the window last time, else the system's")


def _game_options(p: argparse.ArgumentParser) -> None:
    """The game options (on the main parser and on ``new`` and ``play``; defaults are
    filled in by ``parse``, so an option before the command is not undone by the
    command's own default)."""
    s = argparse.SUPPRESS
    p.add_argument("--scenario", default=s,
                   help="the card game's scenario (default: passage-through-mirkwood)")
    p.add_argument("--players", type=int, default=s, help="number of seats (1-4)")
    p.add_argument("--deck", action="append", default=s, metavar="FILE_OR_STARTER",
                   help="a deck per seat: leadership, tactics, spirit, lore or a deck file")
    p.add_argument("--name", action="append", default=s, help="a seat's name (repeat per seat)")
    p.add_argument("--seed", type=int, default=s)
    p.add_argument("--easy", action="store_true", default=s, help="easy mode")
    p.add_argument("--rules", default=s, choices=["sandbox", "enforce"],
                   help="sandbox: a free table; enforce: the rules engine runs the game")
    p.add_argument("--position", metavar="FILE", default=s,
                   help="the card game from a position file (see docs/API.md)")
    p.add_argument("--kings", action="store_true", default=s,
                   help="War of the Ring: with Kings of Middle-earth")
    p.add_argument("--all-seats", action="store_true", default=s,
                   help="one person plays every seat: no curtain between seats, no hand-over "
                        "(kept in the game's save)")
    p.add_argument("--ai", action="append", default=s, metavar="SEAT[:POLICY]",
                   help="the computer plays this seat (counted from 1), with the game's expert "
                        "player or the one named (e.g. --ai 2, --ai 2:mcts); repeat per seat; "
                        "kept in the game's save; implies --rules enforce")


def _size(text: str) -> str:
    """``--size``: checked now (the form, 800x600 to 8192 a side); the screen's own
    size is checked when the window opens."""
    from sprites.screen import SizeError, parse_size
    try:
        parse_size(text)
    except SizeError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def _scale(text: str) -> float:
    from sprites.screen import SizeError, parse_scale
    try:
        return parse_scale(text)
    except SizeError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _window_options(p: argparse.ArgumentParser) -> None:
    s = argparse.SUPPRESS
    p.add_argument("--size", default=s, type=_size, metavar="WxH",
                   help="window size, e.g. 1920x1080 (default: most of the screen, or the "
                        "size the window had last time; at most the largest screen)")
    p.add_argument("--scale", default=s, type=_scale, metavar="FACTOR",
                   help="draw the bars, text, hand and dice this much larger (0.5-4; default: "
                        "from the window's size), for a high-density screen")
    p.add_argument("--screenshot", metavar="PNG", default=s,
                   help="save a screenshot after a few frames and quit")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    choose_language(_requested_language(argv))     # so that --help is in it too
    args = localized(build_parser()).parse_args(argv)
    import cli
    if args.cmd == "deck":
        return cli.deck_check(args.file)
    if args.cmd == "save":
        return cli.save_check(args.file)
    if args.cmd == "play":
        return cli.play(args)
    if args.cmd == "sim":
        return cli.sim(args)
    if args.cmd == "games":
        return cli.games()
    if args.cmd == "cards":
        return cli.cards(args)
    if args.cmd == "bench":
        return _bench(args)
    notice, save_path = None, None
    if args.cmd in ("load", "replay"):
        session = cli.load_session(args.file)
        save_path = args.file if args.cmd == "load" else None
    elif args.cmd == "new" and args.choose:
        from sprites.launch import choose_new_game
        session = choose_new_game(args, args.game)
        if session is None or session is False:
            return 0 if session is None else 2
    elif args.cmd is None and cli.is_plain_start(args):
        session, notice = cli.continue_or_new(args)
    else:
        session = cli.new_session(args)
    if session is None:
        return 2
    if getattr(args, "headless", False):
        return cli.headless_save(session, args.save)
    from sprites.launch import open_table
    return open_table(session, args, save_path=save_path, replay=args.cmd == "replay", notice=notice)


def _bench(args) -> int:
    """``main.py bench``: the benchmark tooling lives beside main.py in a checkout of the
    source (``bench/``), not in the installed program."""
    try:
        from bench.suite import main as bench
    except ModuleNotFoundError as exc:
        if exc.name not in ("bench", "bench.suite"):
            raise
        print(_("The benchmarks are not installed: they run from a checkout of the source "
                "(the bench folder beside main.py)."), file=sys.stderr)
        return 2
    return bench(json_out=args.json, quick=args.quick)


if __name__ == "__main__":
    sys.exit(main())
