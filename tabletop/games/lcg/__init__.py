"""The Lord of the Rings: The Card Game (core set).

Card data (``cards``), deck files (``decks``), the table layout (``layout``),
a new table and the rulebook setup (``setup``, ``scenarios``), the card game's
sandbox verbs (``commands``, ``sandbox``).
"""
from __future__ import annotations

from tabletop.core.games import GameSpec, register


def _sandbox():
    from tabletop.games.lcg.sandbox import LcgSandbox
    return LcgSandbox()


def _engine():
    from tabletop.games.lcg.engine import Engine
    return Engine()


def _codes() -> frozenset[str]:
    from tabletop.games.lcg.cards import core_set
    return frozenset(core_set().by_code)


def _new_game(**options):
    from tabletop.games.lcg.scenarios import new_game
    return new_game(**options)


def _policies():
    from tabletop.games.lcg.ai import POLICIES
    return POLICIES


def _summary(session):
    from tabletop.games.lcg.api import summary
    return summary(session)


SPEC = register(GameSpec(
    id="lcg", name="The Lord of the Rings: The Card Game",
    rulesets={"sandbox": _sandbox, "enforce": _engine}, known_codes=_codes, new_game=_new_game,
    summary=_summary, policies=_policies(), play_options=("scenario", "decks", "easy"),
    max_actions=20_000,
    seats=(1, 4)))

from tabletop.games.lcg import commands as _commands  # noqa: E402,F401  (registers the command names)
