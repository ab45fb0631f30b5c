"""New games and whole games without a window.

``new_game`` builds the table of the rulebook's setup and starts turn 1
(dice recovered, event cards drawn) as an automatic logged action.
``summary`` says how a game ended, for the play harness (``tabletop.core.play``,
``python3 main.py play wotr``), which plays whole games through the same
command path a window uses.

Pure Python: no pygame.
"""
from __future__ import annotations

from tabletop.core.i18n import _
from tabletop.core.session import Session
import tabletop.games.wotr.commands as C
import tabletop.games.wotr.state as S
from tabletop.games.wotr.rules import WotrEnforce, WotrSandbox
from tabletop.games.wotr.setup import new_table
from tabletop.games.wotr.victory import how_won

RULESETS = {"sandbox": WotrSandbox, "enforce": WotrEnforce}


def new_game(players: int | None = None, names=None, seed: int = 1, rules: str | None = None,
             kings: bool = False, position: str | None = None, **_other) -> Session:
    """A new game as the command line and the new-game screen ask for it.

    ``players`` 2, 3 or 4 (default 2); ``kings`` adds Kings of Middle-earth;
    ``rules`` "sandbox" (the default: a free table with the bookkeeping done)
    or "enforce"; ``position`` a position file (``position.load_position``: the
    enforced rules unless it or ``rules`` says otherwise).  Raises ValueError
    with a one-line reason.
    """
    if position:
        from tabletop.games.wotr.position import load_position
        return load_position(position, rules, players=players, names=names, seed=seed,
                             kings=kings)
    rules = rules or "sandbox"
    if rules not in RULESETS:
        raise ValueError(_("Unknown rules {name!r}: choose sandbox or enforce.").format(
            name=rules))
    st = new_table(players or 2, names, seed, kings=bool(kings))
    session = Session(st, RULESETS[rules]())
    result = session.submit(C.NextPhase(0), automatic=True)
    if not result.ok:
        raise ValueError(_("Setup step failed: {why}").format(why=result.reason))
    return session


def summary(session: Session) -> dict:
    """How a game ended, for the play harness (``tabletop.core.play``): ``outcome`` the kind
    of victory ("ring": the Ring destroyed; "corruption": the Ring-bearers corrupted;
    "military": victory points), None while the game goes on; ``winner`` the side ("fp" or
    "shadow"); ``rounds``; ``detail``: victory points, corruption, the Mordor track, Kings."""
    st = session.state
    winner = S.get(st, "outcome") or None
    fel = S.get(st, "fellowship", default={}) or {}
    outcome = how_won(st)
    return {"outcome": outcome, "winner": winner, "rounds": st.round,
            "detail": {"vp": S.victory_points(st), "corruption": fel.get("corruption", 0),
                       "mordor": fel.get("mordor", -1), "kings": bool(S.kings(st))}}
