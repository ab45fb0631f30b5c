"""War of the Ring (second edition) with Kings of Middle-earth.

The map and its drawn shapes (``data``, ``geo``, ``mapgen``), the pieces
(``pieces``), a new table set up as the rules say (``setup``), the commands
(``commands``), the free table and the enforced rules (``rules`` with its
parts ``base``, ``moves``, ``turn``, ``hunt``, ``battle``, ``kings``), legal
actions (``legal``), new games and games without a window (``play``), and the
check of the game's slot in a save (``slotcheck``).
"""
from __future__ import annotations

from tabletop.core.games import GameSpec, register


def _sandbox():
    from tabletop.games.wotr.rules import WotrSandbox
    return WotrSandbox()


def _enforce():
    from tabletop.games.wotr.rules import WotrEnforce
    return WotrEnforce()


def _codes() -> frozenset[str]:
    from tabletop.games.wotr.pieces import catalogue
    return frozenset(catalogue())


def _check_slot(name: str, value) -> None:
    from tabletop.games.wotr.slotcheck import check_slot
    check_slot(name, value)


def _new_game(**options):
    from tabletop.games.wotr.play import new_game
    return new_game(**options)


def _summary(session) -> dict:
    from tabletop.games.wotr.play import summary
    return summary(session)


def _greedy():
    from tabletop.games.wotr.policy import GreedyPolicy
    return GreedyPolicy()


def _cards():
    from tabletop.games.wotr.cardrows import rows
    return rows()


def _describe(state) -> str:
    kings = " + Kings of Middle-earth" if state.options.get("kings") else ""
    return f"War of the Ring{kings}, {len(state.seats)} players, seed {state.seed}"


SPEC = register(GameSpec(
    id="wotr", name="War of the Ring", rulesets={"sandbox": _sandbox, "enforce": _enforce},
    check_slot=_check_slot, known_codes=_codes, describe=_describe, new_game=_new_game,
    summary=_summary, play_options=("kings",), seats=(2, 4), toggles={"kings": "Kings of Middle-earth"},
    policies={"greedy": _greedy}, cards=_cards))

import tabletop.games.wotr.commands as _commands  # noqa: E402,F401  (registers the command names)
import tabletop.games.wotr.rules as _rules  # noqa: E402,F401  (registers the slot redactor)
