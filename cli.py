"""Command-line actions that need no window: new games, deck and save checks,
continuing the last game.  ``main.py`` parses the arguments and calls these;
the window is opened by ``sprites.launch``."""
from __future__ import annotations

import random
import sys

from tabletop.core.i18n import _, format_datetime, ngettext
from tabletop.core.games import game
from tabletop.core.schema import printable
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


def _ai_rules(args, game_id: str) -> str | None:
    """The rules a game with ``--ai`` seats is played under (AI seats answer the rules
    engine's decisions: ``enforce``); ValueError when that cannot be."""
    from tabletop.core.aiseats import default_policy
    spec = game(game_id)
    if default_policy(game_id) is None:
        raise ValueError(_("{game} has no AI players yet: --ai cannot be used with it.").format(
            game=_(spec.name)))
    if args.rules == "sandbox":
        raise ValueError(_("AI seats play by the rules: --ai needs --rules enforce (the free "
                           "table asks nobody anything)."))
    return "enforce"


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
    ai = getattr(args, "ai", None) or []
    options = _options(args)
    try:
        if ai:
            options["rules"] = _ai_rules(args, game_id)
    except ValueError as exc:
        _err(str(exc))
        return None
    try:
        session = spec.new_game(**options)
    except Exception as exc:           # DeckError and friends: a clear line, no traceback
        _err(str(exc))
        return None
    if getattr(args, "all_seats", False) and len(session.state.seats) > 1:
        session.set_option("all_seats", True)      # one person plays every seat (the window)
    if ai:
        from tabletop.core.aiseats import parse_ai, set_ai_seats
        try:
            set_ai_seats(session, parse_ai(ai, game_id, len(session.state.seats)))
        except ValueError as exc:
            _err(str(exc))
            return None
    return session


def play(args) -> int:
    """``main.py play GAME``: whole games without a window (``tabletop.core.play``); a short
    table, or one JSON object with --json.  Exit 2 for bad options or an unknown policy,
    1 when any game had a defect (a refused legal action, a game that got stuck)."""
    import json
    from tabletop.core.play import play_games
    try:
        game(args.game)
    except KeyError:
        _err(_("{game} cannot be played without a window in this version yet.").format(
            game=args.game))
        return 2
    options = _options(args)
    options["seed"] = 1 if args.seed is None else args.seed      # the same games every time
    try:
        report = play_games(args.game, games=max(1, args.games), policy=args.policy, **options)
    except ValueError as exc:
        _err(printable(exc))
        return 2
    if args.json:
        print(json.dumps(report, sort_keys=True))
    else:
        print(play_table(report))
    return 1 if report["defects"] else 0


def sim(args) -> int:
    """``main.py sim GAME``: many seeded games (``tabletop.core.sim``) on ``--workers``
    processes or a Ray cluster; a summary (or one JSON object with --json), a progress
    bar on stderr when it is a terminal, and ``--plot FILE.png``.  Exit 2 for bad
    options, 1 when a game had a defect."""
    import json
    from tabletop.core.sim import format_report, simulate
    try:
        game(args.game)
    except KeyError:
        _err(_("{game} cannot be played without a window in this version yet.").format(
            game=args.game))
        return 2
    options = _options(args)
    seed = 1 if args.seed is None else args.seed          # the same games every time
    for unused in ("seed", "rules", "position", "names"):
        options.pop(unused, None)
    policy_args = {k: v for k, v in (("seconds", args.seconds), ("iterations", args.iterations))
                   if v is not None}
    bar = None
    if not args.json and sys.stderr.isatty():
        try:
            from tqdm import tqdm
            bar = tqdm(total=max(1, args.games), file=sys.stderr, unit=_("game"), leave=False)
        except ImportError:
            bar = None
    try:
        report = simulate(args.game, games=max(1, args.games), seed=seed, policy=args.policy,
                          workers=max(1, args.workers), ray=args.ray,
                          progress=bar.update if bar is not None else None,
                          policy_args=policy_args, **options)
    except ValueError as exc:
        _err(printable(exc))
        return 2
    finally:
        if bar is not None:
            bar.close()
    if args.plot:
        from tabletop.core.simplot import plot_report
        plot_report(report, args.plot)
    if args.json:
        print(json.dumps(report, sort_keys=True))
    else:
        print(format_report(report))
    return 1 if any(g["defect"] for g in report["games"]) else 0


def play_table(report: dict) -> str:
    """The report of ``tabletop.core.play.play_games`` as a short table for people."""
    head = (_("seed"), _("outcome"), _("winner"), _("rounds"), _("actions"), _("ms"))
    rows = [[str(g["seed"]), g["outcome"], "" if g["winner"] is None else str(g["winner"]),
             str(g["rounds"]), str(g["actions"]), f"{g['ms']:.1f}"] for g in report["games"]]
    widths = [max(len(r[i]) for r in [list(head)] + rows) for i in range(len(head))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(head, widths)).rstrip()]
    for g, r in zip(report["games"], rows):
        lines.append("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())
        if g["defect"]:
            lines.append("    " + _("defect: {what}").format(what=printable(g["defect"])))
    n, defects, players = len(report["games"]), report["defects"], report["players"]
    lines.append(_("{game}, policy {policy}, {players}: {games}, {rate} games per second, "
                   "{decisions} decisions per second, {defects}").format(
        game=report["game"], policy=report["policy"],
        players=ngettext("{n} player", "{n} players", players).format(n=players),
        games=ngettext("{n} game", "{n} games", n).format(n=n),
        rate=report["games_per_second"], decisions=report["decisions_per_second"],
        defects=ngettext("{n} defect", "{n} defects", defects).format(n=defects)))
    return "\n".join(lines)


def cards(args) -> int:
    """``main.py cards [--game lcg|coc|wotr] [--coverage] [--json]``: the cards a game
    declares (``GameSpec.cards``); with ``--coverage``, how far each is automated and the
    tests whose subject it is, computed by ``devtools/coverage.py`` from a checkout's
    tests (exit 2 in an installed copy, which has none)."""
    import json
    import os
    spec = game(args.game)
    if spec.cards is None:
        _err(_("{game} declares no cards yet.").format(game=_(spec.name)))
        if args.json:
            print("[]")
        return 0
    if args.coverage:
        here = os.path.dirname(os.path.abspath(__file__))
        if not (os.path.isdir(os.path.join(here, "tests"))
                and os.path.isfile(os.path.join(here, "devtools", "coverage.py"))):
            _err(_("The card coverage reads the project's tests: it needs a checkout (with "
                   "tests/ and devtools/), not an installed copy."))
            return 2
        from devtools.coverage import coverage, report
        rows, problems = coverage(args.game)
        print(json.dumps(rows, ensure_ascii=False) if args.json else report(rows, problems))
        return 1 if problems else 0
    rows = [{"code": c.code, "name": c.name, "type": c.type, "declared": c.declared,
             "paraphrase": c.paraphrase} for c in spec.cards()]
    if args.json:
        print(json.dumps(rows, ensure_ascii=False))
        return 0
    for r in rows:
        print(f"{r['code']}  {r['name']:<28.28} {r['type']:<10} {'*' if r['declared'] else ' '} "
              f"{r['paraphrase']}")
    print(_("cards: {n}; with a declaration (*): {declared}").format(
        n=len(rows), declared=sum(1 for r in rows if r["declared"])))
    return 0


def deck_check(path: str) -> int:
    from tabletop.games.lcg.decks import deck_check_cli
    return deck_check_cli(path)


def save_check(path: str) -> int:
    from saves.cli import check_cli
    return check_cli(path, sys.stdout)


def load_session(path: str) -> Session | None:
    """``main.py load FILE``: a game of the library is opened in place (locked),
    any other file is copied into the library at its first change."""
    from saves.library import open_game
    try:
        opened = open_game(path)
    except Exception as exc:
        _err(_("Cannot open {path}: {why}").format(path=printable(path), why=printable(exc)))
        return None
    if opened.notice:
        _err(printable(opened.notice))
    return opened.session


def headless_save(session: Session, path: str | None) -> int:
    from saves.library import title_of
    st = session.state
    scenario = _(title_of(st.game, st.scenario))     # the title in the language in force
    if st.game != "lcg":                 # the other games have no scenario: name the game
        from tabletop.core.games import game
        scenario = _(game(st.game).name)
    if path:
        from saves.codec import SaveError
        from saves.store import save
        try:
            save(session, path)
        except (SaveError, OSError) as exc:
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
            _err(_("Cannot save to {path}: {why}").format(path=printable(path), why=printable(why)))
            return 2
        print(ngettext("Saved {scenario} (seed {seed}, {n} seat) to {path}",
                       "Saved {scenario} (seed {seed}, {n} seats) to {path}", len(st.seats)).format(
            scenario=scenario, seed=st.seed, n=len(st.seats), path=printable(path)))
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
            and args.rules is None and args.position is None and not args.kings
            and not getattr(args, "all_seats", False) and not getattr(args, "ai", None))


def continue_or_new(args):
    """Continue the game played last (the library's), exactly; without one, or
    if neither it nor a backup can be read, start the default game in a new
    file (the old one is kept as it is)."""
    from saves.library import Library, open_game
    library = Library()
    legacy = None
    try:
        library.import_legacy()
    except Exception as exc:           # an unreadable old autosave stays where it is
        legacy = _("Your last game (autosave.msgpack) could not be read ({why}); it is kept "
                   "as it is.").format(why=printable(exc))
    path = library.last()
    if path is None:
        return new_session(args), legacy
    try:
        opened = open_game(path, library)
    except Exception as exc:
        return new_session(args), _(
            "Your last game ({name}) could not be read ({why}); it is kept as it is, "
            "and a new game was started in its own file.").format(
            name=printable(path.name), why=printable(exc))
    note = _("Continued your last game. Ctrl+O lists your other games.")
    notice = opened.notice + " " + note if opened.notice else note
    return opened.session, notice


def games(out=None) -> int:
    """``main.py games``: every game of the library with its round and last change."""
    from saves.library import Library
    out = out or sys.stdout
    library = Library()
    try:
        library.import_legacy()
    except Exception:
        pass
    entries = library.entries()
    if not entries:
        print(_("No games yet: python3 main.py starts one."), file=out)
        return 0
    last = library.last()
    for i, e in enumerate(entries, 1):
        when = format_datetime(e.changed)         # the date in the local style
        marks = []
        if e.path == last:
            marks.append(_("continue opens this one"))
        if e.open_elsewhere:
            marks.append(_("open in a window"))
        extra = f" ({'; '.join(marks)})" if marks else ""
        print(f"{i:>3}. {e.label}, " + _("last change {when}").format(when=when) + extra,
              file=out)
        print(f"     {printable(e.path)}", file=out)
    print(_("Open one with: python3 main.py load FILE"), file=out)
    return 0
