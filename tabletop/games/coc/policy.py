"""Players without a window: a policy picks one of the legal actions of the seat the game waits
for.  ``random`` picks uniformly; ``greedy`` weighs them like a sensible beginner (move towards
Mount Doom, finish the units it started, march only into battles it leads, hunt where the
Fellowship may be).  A policy sees what its seat may see: its own board and the public facts.
"""
from __future__ import annotations

import random
from typing import Callable

from tabletop.core.commands import Command
from tabletop.core.model import TableState
from tabletop.core.session import Session
from tabletop.games.coc.board import MARKED
from tabletop.games.coc.data import GameData, game_data
import tabletop.games.coc.commands as C
import tabletop.games.coc.slot as S


def random_policy(session: Session, rng: random.Random):
    """A uniformly random legal action of the seat the game waits for (None: game over)."""
    choice = session.pending()
    if choice is None:
        return None
    return random_choice(session, choice.seat, rng)


def random_choice(session: Session, seat: int, rng: random.Random):
    """A uniformly random legal action of ``seat`` (None if it has none)."""
    actions = session.legal_actions(seat)
    return rng.choice(actions) if actions else None


def candidates(data: GameData, st: TableState, prey: int) -> list[str]:
    """Where the prey's Fellowship may be, from what everyone knows."""
    known = S.public(st, prey).get("known", [])
    exact = [(1, data.start)] + [(f["round"], f["at"]) for f in known
                                 if f["kind"] in ("gollum", "found", "ring")]
    since, last = exact[-1]
    reach = st.round - since + 1
    out = []
    for loc in data.locations:
        if data.distance(last, loc) > reach or \
                data.distance(data.goal, loc) > data.distance(data.goal, last) + 1:
            continue
        if all(_agrees(data, st, f, loc, since) for f in known):
            out.append(loc)
    return out or list(data.locations)


def _agrees(data: GameData, st: TableState, fact: dict, loc: str, since: int) -> bool:
    if fact["round"] < since:
        return True
    if fact["kind"] == "miss":
        moved = st.round - fact["round"] + 1
        return abs(data.distance(fact["at"], loc) - fact["distance"]) <= moved and not (
            fact["round"] == st.round and fact["at"] == loc)
    if fact["kind"] == "region" and fact["round"] == st.round:
        return data.locations[loc].region == fact["region"]
    return True


def weight(data: GameData, st: TableState, seat: int, cmd) -> float:
    """How much the greedy player likes a legal action."""
    if isinstance(cmd, C.Move):
        at = S.secret(st, seat)["fellowship"]["at"]
        return 40 if data.distance(cmd.to, data.goal) < data.distance(at, data.goal) else 2
    if isinstance(cmd, C.Hunt) or (isinstance(cmd, C.Use) and cmd.character == "crebain"):
        places = candidates(data, st, S.shadow_enemy(st, seat))
        at = cmd.at if isinstance(cmd, C.Hunt) else cmd.target
        return 120 / len(places) if at in places else 0.2
    if isinstance(cmd, C.ExtraHunt):
        return 1 + 5 * cmd.amount
    if isinstance(cmd, C.BattleCharacters):
        return 1 + 10 * len(cmd.characters)
    if isinstance(cmd, C.Mark):
        return _mark_weight(data, st, seat, cmd)
    if isinstance(cmd, C.March):
        b = S.board(st, S.board_key(st, seat, cmd.half))["battles"][cmd.battle]["strength"]
        mine, theirs = b[cmd.half], b["sh" if cmd.half == "fp" else "fp"]
        return 10 if mine >= theirs + 3 else (1 if cmd.engage else 0.3)
    return {C.Recruit: 12, C.Use: 6, C.Done: 1}.get(type(cmd), 3)


def _mark_weight(data: GameData, st: TableState, seat: int, cmd: C.Mark) -> float:
    track = data.half(cmd.half).tracks[cmd.track]
    if track.section in ("resolve", "hunt"):
        return 9
    if track.section == "march":
        return 6
    marks = S.half_state(st, seat, cmd.half)["tracks"][cmd.track]
    done = sum(1 for m in marks if m == MARKED) / len(marks)
    if track.section == "recruitment":
        return 2 + 20 * done + (3 if len(marks) <= 4 else 0)
    return 3 + 10 * done


def greedy_policy(session: Session, rng: random.Random):
    """A legal action drawn with the greedy player's weights (None: game over)."""
    choice = session.pending()
    if choice is None:
        return None
    return greedy_choice(session, choice.seat, rng)


def greedy_choice(session: Session, seat: int, rng: random.Random):
    """A legal action of ``seat`` drawn with the greedy player's weights (None if it has none)."""
    actions = session.legal_actions(seat)
    if not actions:
        return None
    data = getattr(session.rules, "data", None) or game_data()
    weights = [weight(data, session.state, seat, a) for a in actions]
    return rng.choices(actions, weights)[0]


class CocPolicy:
    """A policy of the play harness (``tabletop.core.play.Policy``): ``name`` and ``choose``."""

    def __init__(self, name: str, pick: Callable[[Session, int, random.Random], Command | None]):
        self.name = name
        self._pick = pick

    def choose(self, session: Session, seat: int, rng: random.Random) -> Command | None:
        """The command ``seat`` submits now."""
        return self._pick(session, seat, rng)


# the harness's policies of this game (the seat it passes is the pending decision's); the
# expert (``expert.ExpertPolicy``) is registered beside them in the game's ``GameSpec``
POLICIES: dict[str, Callable[[], CocPolicy]] = {
    "random": lambda: CocPolicy("random", random_choice),
    "greedy": lambda: CocPolicy("greedy", greedy_choice)}
