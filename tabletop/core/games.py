"""The registry of games: what the shared machinery needs to know of each.

Each game package (``tabletop.games.<id>``) registers one ``GameSpec`` when it
is imported: its rulesets by name (every game has a ``"sandbox"``; an engine
adds e.g. ``"enforce"``), how to check its slot of plain data when a save is
loaded, and the codes of the pieces it knows.  ``game(id)`` imports the
package on first use, so the core never imports a game by name.

The games this program knows are found, not listed: every package under
``tabletop/games/`` is a game (``game_ids()``); the command line, the window
and the glossaries ask here.
"""
from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from typing import Any, Callable

GAMES_PACKAGE = "tabletop.games"
DEFAULT_GAME = "lcg"        # the game a new table opens on when none is chosen; listed first


def _discover() -> tuple[str, ...]:
    """The game packages under ``tabletop/games/`` (the default game first, then by id),
    found without importing them."""
    package = importlib.import_module(GAMES_PACKAGE)
    ids = [m.name for m in pkgutil.iter_modules(package.__path__)
           if m.ispkg and m.name.isidentifier() and not m.name.startswith("_")]
    return tuple(sorted(ids, key=lambda g: (g != DEFAULT_GAME, g)))


GAME_IDS = _discover()         # the games this program knows


def game_ids() -> tuple[str, ...]:
    """The ids of the games this program has, the default game first."""
    return GAME_IDS


@dataclass(frozen=True)
class CardRow:
    """One card of a game as the card tooling sees it (``GameSpec.cards``): ``main.py
    cards`` lists them, ``devtools/coverage.py`` adds their tests, and the catalogs tool
    (``tabletop.core.catalogs``) keeps their words' translations current."""
    code: str
    name: str
    type: str                          # its type (or the deck it belongs to)
    paraphrase: str                    # what its face says, in English (our own words)
    missing: str = ""                  # declared: what the rules engine leaves to the players
    declared: bool = False             # it has a declaration (its rules are automated)
    # the catalog messages its face is made of: card texts, whose translation may be pending
    messages: tuple[str, ...] = ()
    # (text, shadow text) of the card data, translated by code in <game>-texts.json
    data_text: tuple[str, str] | None = None
    terms: tuple[str, ...] = ()        # the printed names on it, translated in <game>.json


@dataclass
class GameSpec:
    """One game: its id, its name, its rulesets and its checks."""
    id: str
    name: str
    rulesets: dict[str, Callable[[], Any]] = field(default_factory=dict)
    check_slot: Callable[[str, Any], None] | None = None   # (slot name, value); ValueError if bad
    # (a whole table as the loader checked it: its slots and its cards, as
    # TableState.to_data() gives them); ValueError if the slots name what the table lacks
    check_table: Callable[[dict[str, Any]], None] | None = None
    known_codes: Callable[[], frozenset[str]] | None = None
    describe: Callable[[Any], str] | None = None       # one line: the game, players, seed
    # new_game(**options) -> Session: options as cli._options gives them (players, names,
    # seed, rules, and the game's own); raises ValueError with a one-line reason
    new_game: Callable[..., Any] | None = None
    # whole games without a window (tabletop.core.play): summary(session) -> {"outcome": a word,
    # None while the game is not over; "winner": a name, a side or None; "rounds"; "detail":
    # the game's own figures}; policies: name -> a new Policy (besides the shared "random");
    # play_options: the options of new_game besides players and names that whole games take;
    # max_actions: the harness's safety limit (a game not over after that many is "stuck")
    summary: Callable[[Any], dict[str, Any]] | None = None
    policies: dict[str, Callable[[], Any]] = field(default_factory=dict)
    play_options: tuple[str, ...] = ()
    max_actions: int = 50_000
    seats: tuple[int, int] = (1, 4)                    # how many players: (min, max)
    # boolean options of new_game a new-game screen offers: option name -> label
    # (e.g. {"kings": "Kings of Middle-earth"}); passed as new_game(kings=True)
    toggles: dict[str, str] = field(default_factory=dict)
    # cards() -> [CardRow]: every card the game declares (None: it declares no cards yet)
    cards: Callable[[], list[CardRow]] | None = None


_GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    """Called by a game package when it is imported."""
    _GAMES[spec.id] = spec
    return spec


def game(game_id: str) -> GameSpec:
    """The spec of a game (imports its package on first use); KeyError if unknown."""
    spec = _GAMES.get(game_id)
    if spec is None:
        if game_id not in game_ids():
            raise KeyError(f"unknown game {game_id!r}")
        importlib.import_module(f"tabletop.games.{game_id}")
        spec = _GAMES.get(game_id)
        if spec is None:
            raise KeyError(f"game {game_id!r} is not available")
    return spec


def load_all() -> list[GameSpec]:
    """Import every game this program has (so every command name is known)."""
    out = []
    for gid in game_ids():
        try:
            out.append(game(gid))
        except KeyError:
            continue
    return out


def ruleset_names(game_id: str) -> list[str]:
    """The rulesets a game offers ("sandbox" first)."""
    names = list(game(game_id).rulesets)
    return sorted(names, key=lambda n: (n != "sandbox", n))


def ruleset_for(game_id: str, name: str = "sandbox") -> Any:
    """A new ruleset object (a ``tabletop.core.ruleset.Ruleset``, which this module cannot
    import without a loop): ``name`` of ``game_id``, or its sandbox when the
    name is empty or unknown (an old save, or one from a newer version)."""
    spec = game(game_id)
    make = spec.rulesets.get(name) or spec.rulesets["sandbox"]
    return make()
