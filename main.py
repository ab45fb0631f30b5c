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

from tabletop.core.i18n import N_, _, choose_language


GAMES = ["lcg", "coc", "wotr"]
GAME_HELP = N_("which game: lcg (The Card Game), coc (Circle of Conflict), "
             "wotr (War of the Ring)")


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="main.py", description="A tabletop for The Lord of the Rings games.")
    _lang_option(p, default=None)
    sub = p.add_subparsers(dest="cmd")
    new = sub.add_parser("new", help="start a new game")
    new.add_argument("game", choices=GAMES, help=GAME_HELP)
    _game_options(new)
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
                      help="who plays: random (any game), expert or mcts (The Card Game), "
                           "greedy (Circle of Conflict)")
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
    cards = sub.add_parser("cards", help="the card game's cards: what the rules engine automates")
    cards.add_argument("--coverage", action="store_true", help="every card, its automation, its tests")
    cards.add_argument("--json", action="store_true", help="one JSON list")
    bench = sub.add_parser("bench", help="run the benchmarks")
    bench.add_argument("--json", action="store_true", help="print one JSON object last")
    bench.add_argument("--quick", action="store_true", help="smoke mode: few repetitions")
    _game_options(p)
    for sp in sub.choices.values():
        _lang_option(sp, default=argparse.SUPPRESS)
    return p


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
    p.add_argument("--scenario", default="passage-through-mirkwood")
    p.add_argument("--players", type=int, default=None, help="number of seats (1-4)")
    p.add_argument("--deck", action="append", default=None, metavar="FILE_OR_STARTER",
                   help="a deck per seat: leadership, tactics, spirit, lore or a deck file")
    p.add_argument("--name", action="append", default=None, help="a seat's name (repeat per seat)")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--easy", action="store_true", help="easy mode")
    p.add_argument("--rules", default=None, choices=["sandbox", "enforce"],
                   help="sandbox: a free table; enforce: the rules engine runs the game")
    p.add_argument("--position", metavar="FILE", default=None,
                   help="the card game from a position file (see docs/API.md)")
    p.add_argument("--kings", action="store_true", help="War of the Ring: with Kings of Middle-earth")
    _window_options(p)


def _window_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--size", default="1600x900", help="window size, e.g. 1920x1080")
    p.add_argument("--screenshot", metavar="PNG", help="save a screenshot after a few frames and quit")


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
        from sprites.bench import main as bench
        return bench(json_out=args.json, quick=args.quick)
    notice, save_path = None, None
    if args.cmd in ("load", "replay"):
        session = cli.load_session(args.file)
        save_path = args.file if args.cmd == "load" else None
    elif args.cmd == "new" and args.choose:
        from sprites.launch import choose_new_game, parse_size
        session = choose_new_game(parse_size(args.size), args.game)
        if session is None:
            return 0
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


if __name__ == "__main__":
    sys.exit(main())
