"""The Lord of the Rings: The Card Game (core set).

Card data (``cards``), deck files (``decks``), the table layout (``layout``),
a new table and the rulebook setup (``setup``, ``scenarios``), the card game's
sandbox verbs (``commands``, ``sandbox``), the rules engine (``engine``) and
the card declarations it is given (``cardspecs``).

Every card declaration, and with it every passive ability, is registered when
this package is imported (``CARDS``), so a position or a save opened in a new
process has its constant abilities from its first step.
"""
from __future__ import annotations

from typing import Any

from tabletop.core.games import GameSpec, register
from tabletop.games.lcg.cardspecs import registry as _registry

CARDS = _registry()           # every declaration and passive of the card game


def _sandbox():
    from tabletop.games.lcg.sandbox import LcgSandbox
    return LcgSandbox()


def _engine():
    from tabletop.games.lcg.engine import Engine
    return Engine(cards=CARDS)


def _check_slot(name: str, value: Any) -> None:
    """The save loader's check of the card game's slot: the rules engine's data
    (its stack against the card language, its pending decision, its own keys)."""
    if name != "lcg" or not isinstance(value, dict) or value.get("engine") is None:
        return
    from tabletop.games.lcg.engine import check_data
    heroes = value.get("heroes")          # one list of heroes per seat
    check_data(value["engine"], len(heroes) if isinstance(heroes, list) and heroes else None)


def _check_table(table: dict) -> None:
    """The save loader's check of a whole table: every card the rules engine's data
    names is a card of the table."""
    slot = (table.get("slots") or {}).get("lcg")
    if not isinstance(slot, dict) or not isinstance(slot.get("engine"), dict):
        return
    from tabletop.games.lcg.engine import check_data
    cards = {row[0] for row in table["cards"]}
    check_data(slot["engine"], len(table["seats"]), cards)


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


def _cards():
    from tabletop.games.lcg.cardlist import rows
    return rows()


SPEC = register(GameSpec(
    id="lcg", name="The Lord of the Rings: The Card Game",
    rulesets={"sandbox": _sandbox, "enforce": _engine}, check_slot=_check_slot,
    check_table=_check_table,
    known_codes=_codes, new_game=_new_game, summary=_summary, policies=_policies(),
    play_options=("scenario", "decks", "easy"), max_actions=20_000, seats=(1, 4), cards=_cards))

from tabletop.games.lcg import commands as _commands  # noqa: E402,F401  (registers the command names)
