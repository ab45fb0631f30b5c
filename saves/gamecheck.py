"""What the save checks ask of each game: the tokens its table knows, the ones that are
counted and cannot be negative, and the game's own check of a whole table
(``GameSpec.check_table``: its slots against its cards).

Pure Python: no pygame, no pymunk.
"""
from __future__ import annotations

from tabletop.core.games import game as game_spec
from tabletop.core.games import ruleset_for
from tabletop.core.i18n import _

from .limits import fail

_SANDBOX_TOKENS: dict[tuple[str, str], frozenset] = {}


def _sandbox_tokens(game: str, attr: str) -> frozenset:
    """A set of token names the game's sandbox declares as ``attr`` (cached per game)."""
    known = _SANDBOX_TOKENS.get((game, attr))
    if known is None:
        known = _SANDBOX_TOKENS[game, attr] = frozenset(
            getattr(ruleset_for(game, "sandbox"), attr, ()) or ())
    return known


def token_types(game: str) -> frozenset:
    """The tokens a game's table knows (empty: the game does not say)."""
    return _sandbox_tokens(game, "token_types")


def nonnegative_tokens(game: str) -> frozenset:
    """The tokens of a game that are counted and cannot be negative (its sandbox says)."""
    return _sandbox_tokens(game, "nonnegative_tokens")


def check_table(table: dict, game: str, what: str) -> None:
    """The game's own check of a whole table (its slots against its cards); raises
    ``Invalid`` with the game's reason."""
    spec = game_spec(game)
    if spec.check_table is not None:
        try:
            spec.check_table(table)
        except (ValueError, TypeError, KeyError) as exc:
            fail(_("the {what}'s game data is wrong: {why}"), what=what, why=exc)
