"""The Lord of the Rings: Circle of Conflict, a roll-and-write for 2 to 4 players.

The boards are data (``data/*.json``, read by ``data``); the table at the start is built by
``setup``; the enforced round is ``engine.CocRules`` on the rules kernel (``ctx``: its vocabulary
and round; ``flow``, ``icons``, ``revealed``, ``hunt``, ``battle``; ``legal``; ``legacy`` for slots
saved before the kernel), the free table ``sandbox.CocSandbox``; ``scoring`` reads the
score table from the marks, ``secrecy`` hides other seats' boards, ``check`` checks a saved
slot, ``play`` says how a whole game ended (``tabletop.core.play`` plays them).
"""
from __future__ import annotations

from tabletop.core.games import GameSpec, register
from tabletop.core.view import register_redactor


def _enforce():
    from tabletop.games.coc.engine import CocRules
    return CocRules()


def _sandbox():
    from tabletop.games.coc.sandbox import CocSandbox
    return CocSandbox()


def _check_slot(name, value):
    from tabletop.games.coc.check import check_slot
    check_slot(name, value)


def _codes() -> frozenset[str]:
    return frozenset()            # the game has no pieces besides its dice


def _new_game(**options):
    from tabletop.games.coc.setup import new_game
    return new_game(**options)


def _summary(session):
    from tabletop.games.coc.play import summary
    return summary(session)


def _policy(name: str):
    def make():
        from tabletop.games.coc.policy import POLICIES
        return POLICIES[name]()
    return make


def _expert():
    from tabletop.games.coc.expert import ExpertPolicy
    return ExpertPolicy()


def _describe(state) -> str:
    from tabletop.games.coc.setup import describe
    return describe(state)


def _redact(value, seat):
    from tabletop.games.coc.secrecy import redact
    return redact(value, seat)


SPEC = register(GameSpec(
    id="coc", name="The Lord of the Rings: Circle of Conflict",
    rulesets={"sandbox": _sandbox, "enforce": _enforce}, check_slot=_check_slot,
    known_codes=_codes, describe=_describe, new_game=_new_game, summary=_summary,
    policies={"random": _policy("random"), "greedy": _policy("greedy"),
              "expert": _expert}, seats=(2, 4)))
register_redactor("coc", _redact)

import tabletop.games.coc.commands as _commands  # noqa: E402,F401  (registers the command names)
