"""The registry of games: what the shared machinery needs to know of each.

Each game package (``tabletop.games.<id>``) registers one ``GameSpec`` when it
is imported: its rulesets by name (every game has a ``"sandbox"``; an engine
adds e.g. ``"enforce"``), how to check its slot of plain data when a save is
loaded, and the codes of the pieces it knows.  ``game(id)`` imports the
package on first use, so the core never imports a game by name.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable

GAME_IDS = ("lcg", "coc", "wotr")        # the games this program knows


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
    known_codes: Callable[[], frozenset[str]] | None = None
    describe: Callable[[Any], str] | None = None       # one line: the game, players, seed
    # new_game(**options) -> Session: options as cli._options gives them (players, names,
    # seed, rules, and the game's own); raises ValueError with a one-line reason
    new_game: Callable[..., Any] | None = None
    # play(games=, policy=, **options) -> {"game", "games": [{"outcome", "rounds", "score",
    # "actions", ...}], "games_per_second", ...}: whole games without a window
    play: Callable[..., dict] | None = None
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
        if game_id not in GAME_IDS:
            raise KeyError(f"unknown game {game_id!r}")
        importlib.import_module(f"tabletop.games.{game_id}")
        spec = _GAMES.get(game_id)
        if spec is None:
            raise KeyError(f"game {game_id!r} is not available")
    return spec


def load_all() -> list[GameSpec]:
    """Import every game this program has (so every command name is known)."""
    out = []
    for gid in GAME_IDS:
        try:
            out.append(game(gid))
        except KeyError:
            continue
    return out


def ruleset_names(game_id: str) -> list[str]:
    """The rulesets a game offers ("sandbox" first)."""
    names = list(game(game_id).rulesets)
    return sorted(names, key=lambda n: (n != "sandbox", n))


def ruleset_for(game_id: str, name: str = "sandbox"):
    """A new ruleset object: ``name`` of ``game_id``, or its sandbox when the
    name is empty or unknown (an old save, or one from a newer version)."""
    spec = game(game_id)
    make = spec.rulesets.get(name) or spec.rulesets["sandbox"]
    return make()
