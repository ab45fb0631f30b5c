"""``mcts``: information-set Monte Carlo tree search for the card game.

The search itself is the game-neutral ``tabletop.core.mcts`` (``mode="paired"``, the
default: determinized Monte Carlo at the root with common random numbers;
``mode="tree"``: single-observer ISMCTS); this module gives it
the card game: determinizations (``ai.clone``: a copy with a new seed, the
encounter deck, shadow cards, decks and other seats' hands dealt anew), the
expert as the playout policy, the evaluation of ``ai.evaluate`` at the end of a
truncated playout, and which decisions are worth a search.

Decisions not worth one are answered by the expert at once: a single option, a
pacing stop, paying (which hero's resource), the mulligan, where an attachment
goes.  A search has a budget (``Budget``: by default ``DEFAULT_SECONDS`` seconds
or ``DEFAULT_ITERATIONS`` iterations, whichever ends first).
"""
from __future__ import annotations

import random
from typing import Any

from tabletop.core.commands import Command
from tabletop.core.i18n import _
from tabletop.core.mcts import Budget, SearchResult, paired_search, search
from tabletop.core.session import Session
import tabletop.games.lcg.commands as LC
from tabletop.games.lcg.ai.clone import determinize
from tabletop.games.lcg.ai.evaluate import evaluate, value
from tabletop.games.lcg.ai.advice import Advice
from tabletop.games.lcg.ai.expert import ExpertPolicy
from tabletop.games.lcg.ai.read import Decision, Facts, read_decision
from tabletop.games.lcg.engine import engine_view

DEFAULT_SECONDS = 1.0
DEFAULT_ITERATIONS = 32
PLAYOUT_DEPTH = 80           # most decisions a playout plays (it stops at the next round)
MARGIN = 0.01                # another answer than the expert's must beat it by this much
Z = 1.0                      # ... and by this many standard errors of the paired differences
COMMIT_WIDTH = 5             # commitments to the quest compared (the expert's best first)
# what the search looks into; every other decision is the expert's at once
SEARCHED = frozenset({"commit", "defender", "attack_target", "travel", "engage", "window",
                      "mode", "damage_target"})


def _searched(d: Decision) -> bool:
    """Is this decision one the search looks into (else the expert answers at once)?"""
    if len(d.options) < 2:
        return False
    if d.what == "window":
        # playing cards: the planning phase, or an event in another window
        return d.step.startswith("planning") or any(str(o).startswith("play:")
                                                     for o in d.options)
    return d.what in SEARCHED


class LcgSearch:
    """The card game as ``tabletop.core.mcts`` searches it."""

    def __init__(self, playout: ExpertPolicy, evaluation: str = "value"):
        self.playout = playout
        self.round = 0            # the round of the position searched
        self.evaluation = evaluation

    def horizon(self, session: Session) -> bool:
        """Playouts stop when the next round begins (every playout is evaluated at the
        same point of the round)."""
        return session.state.round > self.round

    def determinize(self, session: Session, seat: int, rng: random.Random) -> Session:
        """A copy with the hidden cards dealt anew and a new seed."""
        return determinize(session, seat, rng)

    def evaluate(self, session: Session) -> float:
        """The players' standing, 0 to 1: the fitted chance of winning (``value``), or the
        hand-set ``evaluate``."""
        if self.evaluation == "hand":
            return evaluate(session.state)
        return value(session.state)

    def forced(self, session: Session) -> Command | None:
        """The answer to a decision with one option (a pacing stop included)."""
        choice = session.pending()
        if choice is None or len(choice.options) != 1:
            return None
        return LC.Answer(seat=choice.seat, value=choice.options[0])

    def key(self, command: Command) -> Any:
        """An answer is known by its value."""
        return getattr(command, "value", repr(command))

    def prior(self, session: Session, rng: random.Random) -> Command | None:
        """The expert's answer: tried first."""
        choice = session.pending()
        return None if choice is None else self.playout.choose(session, choice.seat, rng)


class MctsPolicy:
    """Monte Carlo tree search on the decisions that matter, the expert elsewhere."""

    name = "mcts"

    def __init__(self, seconds: float | None = DEFAULT_SECONDS,
                 iterations: int | None = DEFAULT_ITERATIONS,
                 playout_depth: int = PLAYOUT_DEPTH, mode: str = "paired"):
        self.expert = ExpertPolicy()
        self.budget = Budget(iterations=iterations, seconds=seconds)
        self.playout_depth = playout_depth
        self.mode = mode
        self.game = LcgSearch(ExpertPolicy())
        self.last: SearchResult | None = None
        self.searches = 0
        self.search_seconds = 0.0
        self.commit_width = COMMIT_WIDTH
        self.z = Z
        self._plan: tuple[int, int, list[int]] | None = None   # round, seat, the commitment

    def worth_searching(self, session: Session) -> bool:
        """Does the pending decision deserve a search?"""
        choice = session.pending()
        return choice is not None and _searched(read_decision(session.state, choice))

    def commitments(self, session: Session, seat: int) -> list[tuple[Any, list[Command]]]:
        """A whole commitment to the quest as the search's candidates: the groups the
        expert scores best (its own first), each its picks and "done"."""
        choice = session.pending()
        assert choice is not None
        d = read_decision(session.state, choice)
        ranked: list[tuple[float, list[int]]] = []
        self.expert._best_commit(Facts(session.state, d.seat), sorted(d.cards), ranked)
        ranked.sort(key=lambda p: -p[0])          # stable: the expert's own choice first
        out: list[tuple[Any, list[Command]]] = []
        seen: set[tuple[int, ...]] = set()
        for _score, group in ranked:
            key = tuple(sorted(group))
            if key in seen:
                continue
            seen.add(key)
            picks: list[Command] = [LC.Answer(seat=choice.seat, value=c) for c in group]
            out.append((key, picks + [LC.Answer(seat=choice.seat, value="done")]))
            if len(out) >= self.commit_width:
                break
        return out

    def _planned(self, session: Session, d: Decision) -> Command | None:
        """The next pick of the commitment the search chose (None: none planned)."""
        if self._plan is None:
            return None
        rnd, seat, group = self._plan
        if d.what != "commit" or rnd != session.state.round or seat != d.seat \
                or not d.data.get("picked"):
            return None
        todo = [c for c in group if c in d.options]
        if todo:
            return LC.Answer(seat=seat, value=todo[0])
        return LC.Answer(seat=seat, value="done") if "done" in d.options else None

    def choose(self, session: Session, seat: int, rng: random.Random) -> Command | None:
        """Search the pending decision (or let the expert answer it)."""
        choice = session.pending()
        if choice is None:
            return None
        d = read_decision(session.state, choice)        # read once for every question below
        planned = self._planned(session, d)
        if planned is not None:
            return planned
        if not _searched(d):
            self.last = None
            return self.expert.choose(session, seat, rng)
        self.game.round = session.state.round
        if d.what == "commit" and self.mode == "paired":
            cands = self.commitments(session, seat)
            result = paired_search(self.game, session, seat, rng, self.budget,
                                   playout_depth=self.playout_depth, margin=MARGIN,
                                   candidates=cands, width=self.commit_width, z=self.z)
            # the candidate chosen is the one whose first answer the search returned
            chosen = next((cmds for _k, cmds in cands if cmds[0] is result.command), [])
            group = [v for v in (getattr(c, "value", None) for c in chosen)
                     if isinstance(v, int)]
            self._plan = (session.state.round, choice.seat, group)
        elif self.mode == "paired":
            result = paired_search(self.game, session, seat, rng, self.budget,
                                   playout_depth=self.playout_depth, margin=MARGIN, z=self.z)
        else:
            result = search(self.game, session, seat, rng, self.budget,
                            playout_depth=self.playout_depth, margin=MARGIN)
        self.last = result
        self.searches += 1
        self.search_seconds += result.seconds
        return result.command

    def decide(self, session: Session, seat: int,
               rng: random.Random) -> tuple[Command | None, str]:
        """The searched command (the expert's where no search is worth it) and why."""
        if not self.worth_searching(session):
            return self.expert.decide(session, seat, rng)
        cmd = self.choose(session, seat, rng)
        if cmd is None:
            return None, ""
        return cmd, self._why(session, getattr(cmd, "value", None))

    def advise(self, session: Session, seat: int | None = None,
               rng: random.Random | None = None) -> Advice | None:
        """The searched answer and why (what the search saw), for ``api.suggest``."""
        choice = session.pending()
        if choice is None or (seat is not None and choice.seat != seat):
            return None
        rng = rng or random.Random(0)
        if not self.worth_searching(session):
            return self.expert.advise(session, choice.seat, rng)
        cmd = self.choose(session, choice.seat, rng)
        value = getattr(cmd, "value", None)
        why = self._why(session, value)          # now: the search and the labels are this one's
        return Advice(value, lambda: why)

    def _why(self, session: Session, value: Any) -> str:
        """What the last search saw of ``value``."""
        choice = session.pending()
        labels = (choice.data.get("labels") or {}) if choice is not None else {}
        result = self.last
        stats = result.stats if result is not None else {}
        n = result.iterations if result is not None else 0
        plan = self._plan
        if plan is not None and choice is not None and plan[0] == session.state.round \
                and (value == "done" or isinstance(value, int) and value in plan[2]) \
                and stats and all(isinstance(k, tuple) for k in stats):
            # a whole commitment was searched: say which, and what it was worth, once
            if choice.data.get("picked"):
                if value == "done":
                    return _("done committing: the commitment searched above is complete.")
                return _("{card}: the next of the commitment searched above.").format(
                    card=engine_view(session.state).name(value))
            key = tuple(sorted(plan[2]))
            names = ", ".join(engine_view(session.state).name(c) for c in plan[2])
            mine, first = stats.get(key, (0, 0.0))[1], next(iter(stats.values()))[1]
            if not names:
                return _("commits no one, all stay ready: the best of {k} commitments over {n} "
                         "simulations (chance of winning about {m:.0%}; the expert's "
                         "commitment {e:.0%}).").format(k=len(stats), n=n, m=mine, e=first)
            return _("commits {names}: the best of {k} commitments over {n} simulations "
                     "(chance of winning about {m:.0%}; the expert's commitment {e:.0%})."
                     ).format(names=names, k=len(stats), n=n, m=mine, e=first)
        _visits, mean = stats.get(value, (0, 0.0))
        if self.game.evaluation == "hand":
            return _("{what}: the best of {n} simulations ({v} tried it; expected standing "
                     "{m:.2f}).").format(what=labels.get(str(value), str(value)), n=n,
                                         v=_visits, m=mean)
        return _("{what}: the best of {k} answers over {n} simulations (chance of winning "
                 "about {m:.0%}).").format(what=labels.get(str(value), str(value)),
                                           k=len(stats), n=n, m=mean)
