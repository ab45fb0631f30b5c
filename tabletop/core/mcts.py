"""Information-set Monte Carlo tree search over a game's own legal actions.

Any game whose rules list their legal actions (``Session.legal_actions``) can be
searched; the game gives a ``SearchGame``:

- ``determinize(session, seat, rng)``: a copy of the game as ``seat`` may imagine
  it (the cards it cannot see dealt anew, a new seed for the future's chance);
- ``evaluate(session)``: how well the side that searches stands, 0 to 1
  (1 and 0 for a game won or lost);
- ``playout``: the policy that plays a simulation on from the tree's leaf;
- ``forced(session)``: the answer to a decision not worth searching (one option,
  a pacing stop), or None;
- ``key(command)``: what identifies an action across determinizations.

Each iteration takes a new determinization of the root (single-observer ISMCTS,
Cowling, Powley and Whitehouse 2012): it walks down the tree through the actions
legal in *that* copy (UCB1 with availability counts), adds one node, plays the
``playout`` policy on for at most ``playout_depth`` decisions, evaluates, and
backs the value up.  The players of the card game cooperate, so one value is
backed up for every decision, whoever took it.  The answer is the root's most
visited action.

A ``Budget`` bounds a search by iterations or by seconds, whichever ends first.
Pure Python, no game named here.
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

from tabletop.core.commands import Command
from tabletop.core.session import Session


class SearchGame(Protocol):
    """What the search needs to know of a game (see the module)."""

    def determinize(self, session: Session, seat: int, rng: random.Random) -> Session: ...

    def evaluate(self, session: Session) -> float: ...

    def forced(self, session: Session) -> Command | None: ...

    def key(self, command: Command) -> Any: ...

    def prior(self, session: Session, rng: random.Random) -> Command | None: ...

    playout: Any            # a Policy (tabletop.core.play)


@dataclass
class Budget:
    """How much one search may spend: ``iterations`` and/or ``seconds``."""
    iterations: int | None = None
    seconds: float | None = 1.0

    def spent(self, iterations: int, started: float) -> bool:
        """Is the budget used up?"""
        if self.iterations is not None and iterations >= self.iterations:
            return True
        return self.seconds is not None and time.perf_counter() - started >= self.seconds


@dataclass
class Node:
    """A decision reached by a sequence of actions; statistics of the action into it."""
    visits: int = 0
    value: float = 0.0
    available: int = 0
    children: dict[Any, "Node"] = field(default_factory=dict)

    def ucb(self, c: float) -> float:
        """UCB1 with the availability count in place of the parent's visits."""
        if self.visits == 0:
            return math.inf
        return self.value / self.visits + c * math.sqrt(math.log(max(1, self.available))
                                                        / self.visits)


@dataclass
class SearchResult:
    """The chosen action, and what the search saw of every root action."""
    command: Command | None
    iterations: int
    seconds: float
    stats: dict[Any, tuple[int, float]]       # key -> (visits, mean value)


def _advance(game: SearchGame, session: Session) -> None:
    """Answer the decisions not worth searching (forced ones) in a simulation."""
    for _i in range(200):
        cmd = game.forced(session)
        if cmd is None or not session.submit(cmd).ok:
            return


def search(game: SearchGame, session: Session, seat: int, rng: random.Random,
           budget: Budget, c: float = 0.7, playout_depth: int = 40,
           tree_depth: int = 12, margin: float = 0.0,
           on_iteration: Callable[[int], None] | None = None) -> SearchResult:
    """Search the pending decision of ``session`` for ``seat``; the live game is never
    touched (every iteration works on a determinized copy).

    The playout policy's own answer (``game.prior``) is tried first and kept unless
    another action was visited at least as often and its mean value beats it by more
    than ``margin`` (a search that cannot tell them apart trusts the policy)."""
    started = time.perf_counter()
    root = Node()
    root_actions = session.legal_actions()
    if len(root_actions) <= 1:
        return SearchResult(root_actions[0] if root_actions else None, 0, 0.0, {})
    first = game.prior(session, rng)
    first_key = game.key(first) if first is not None else None
    n = 0
    while not budget.spent(n, started):
        n += 1
        sim = game.determinize(session, seat, rng)
        node, path = root, [root]
        depth = 0
        while depth < tree_depth:
            legal = sim.legal_actions()
            if not legal:
                break
            keyed = {game.key(a): a for a in legal}
            for k in keyed:
                child = node.children.get(k)
                if child is not None:
                    child.available += 1
            untried = [k for k in keyed if k not in node.children]
            if untried:
                # expansion: the playout policy's own choice first, then at random
                pick = None
                if node is root and first_key in untried:
                    pick = first_key
                else:
                    prior = game.prior(sim, rng) if len(untried) > 1 else None
                    pk = game.key(prior) if prior is not None else None
                    pick = pk if pk in untried else rng.choice(untried)
                child = node.children[pick] = Node(available=1)
                if not sim.submit(keyed[pick]).ok:
                    child.visits += 1          # an action the copy refused: worth nothing
                    break
                path.append(child)
                node = child
                _advance(game, sim)
                break
            k = max(keyed, key=lambda k: (node.children[k].ucb(c), rng.random()))
            node = node.children[k]
            path.append(node)
            if not sim.submit(keyed[k]).ok:
                break
            _advance(game, sim)
            depth += 1
        value = _playout(game, sim, rng, playout_depth)
        for nd in path:
            nd.visits += 1
            nd.value += value
        if on_iteration is not None:
            on_iteration(n)
    stats = {k: (ch.visits, ch.value / ch.visits if ch.visits else 0.0)
             for k, ch in root.children.items()}
    by_key = {game.key(a): a for a in root_actions}
    best = max((k for k in root.children if k in by_key),
               key=lambda k: (root.children[k].visits, stats[k][1]), default=None)
    if first_key in stats and first_key in by_key and best != first_key and best is not None:
        if stats[best][1] <= stats[first_key][1] + margin:
            best = first_key
    command = by_key[best] if best is not None else root_actions[0]
    return SearchResult(command, n, time.perf_counter() - started, stats)


def _playout(game: SearchGame, sim: Session, rng: random.Random, depth: int) -> float:
    """Play the playout policy on for ``depth`` decisions, to the game's ``horizon``
    (if it has one) or to the end, then evaluate."""
    policy = game.playout
    horizon = getattr(game, "horizon", None)
    for _i in range(depth):
        choice = sim.pending()
        if choice is None or (horizon is not None and horizon(sim)):
            break
        cmd = policy.choose(sim, choice.seat, rng)
        if cmd is None or not sim.submit(cmd).ok:
            break
    return game.evaluate(sim)


def paired_search(game: SearchGame, session: Session, seat: int, rng: random.Random,
                  budget: Budget, playout_depth: int = 40, margin: float = 0.0,
                  width: int = 6, candidates: list[tuple[Any, list[Command]]] | None = None,
                  z: float = 0.0) -> SearchResult:
    """Determinized Monte Carlo at the root with common random numbers: every
    determinization is played out once after *each* candidate (at most ``width`` of
    them, the policy's own answer first), so the candidates are compared on the same
    hidden cards and the same future chance.  A flatter, lower-variance cousin of
    ``search`` for decisions whose consequences show within the playout's horizon.

    The candidates are the legal actions, or ``candidates``: (key, commands) pairs, each
    a sequence of answers played one after the other (a whole commitment to the quest,
    say), the policy's own first.  The policy's candidate is kept unless another beats
    its mean by more than ``margin`` and by ``z`` standard errors of the paired
    differences (the same determinizations after both)."""
    started = time.perf_counter()
    if candidates is None:
        actions = session.legal_actions()
        if len(actions) <= 1:
            return SearchResult(actions[0] if actions else None, 0, 0.0, {})
        first = game.prior(session, rng)
        by_key = {game.key(a): [a] for a in actions}
        order = list(by_key)
        fk = game.key(first) if first is not None else None
        if fk in by_key:
            order.remove(fk)
            rng.shuffle(order)
            order.insert(0, fk)
        else:
            rng.shuffle(order)
        order = order[:max(2, width)]
    else:
        by_key = dict(candidates)
        order = list(by_key)[:max(2, width)]
        fk = order[0] if order else None
        if len(order) <= 1:
            only = by_key[order[0]] if order else []
            return SearchResult(only[0] if only else None, 0, 0.0, {})
    values: dict[Any, list[float]] = {k: [] for k in order}
    n = rounds = 0
    # a round plays every candidate once; one starts only if it fits in the budget
    while rounds == 0 or not budget.spent(n + len(order) - 1, started):
        base = game.determinize(session, seat, rng)
        seed = rng.getrandbits(31)
        for k in order:
            sim = game.determinize(base, seat, random.Random(seed))
            sim.state.seed = base.state.seed
            value = 0.0
            if _apply(game, sim, by_key[k]):
                value = _playout(game, sim, random.Random(seed + 1), playout_depth)
            values[k].append(value)
            n += 1
        rounds += 1
    stats = {k: (rounds, sum(v) / rounds) for k, v in values.items()}
    best = max(order, key=lambda k: stats[k][1])
    if fk in stats and best != fk:
        diffs = [a - b for a, b in zip(values[best], values[fk])]
        mean = sum(diffs) / len(diffs)
        var = sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1)
        if mean <= margin + z * math.sqrt(var / len(diffs)):
            best = fk
    return SearchResult(by_key[best][0], n, time.perf_counter() - started, stats)


def _apply(game: SearchGame, sim: Session, commands: list[Command]) -> bool:
    """Play a candidate's answers in a simulation, each followed by the forced ones; a
    candidate ends early when its decision does (the last pick closes a commitment that
    would otherwise be closed by "done").  False if the first answer is refused."""
    for i, cmd in enumerate(commands):
        if i and cmd not in sim.legal_actions():
            return True
        if not sim.submit(cmd).ok:
            return False
        _advance(game, sim)
    return True
