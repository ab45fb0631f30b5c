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
from tabletop.games.lcg.ai.evaluate import evaluate
from tabletop.games.lcg.ai.advice import Advice
from tabletop.games.lcg.ai.expert import ExpertPolicy
from tabletop.games.lcg.ai.read import read_decision

DEFAULT_SECONDS = 1.0
DEFAULT_ITERATIONS = 32
PLAYOUT_DEPTH = 80           # most decisions a playout plays (it stops at the next round)
MARGIN = 0.01                # another answer than the expert's must beat it by this much
# what the search looks into; every other decision is the expert's at once
SEARCHED = frozenset({"commit", "defender", "attack_target", "travel", "engage", "window",
                      "mode", "damage_target"})


class LcgSearch:
    """The card game as ``tabletop.core.mcts`` searches it."""

    def __init__(self, playout: ExpertPolicy):
        self.playout = playout
        self.round = 0            # the round of the position searched

    def horizon(self, session: Session) -> bool:
        """Playouts stop when the next round begins (every playout is evaluated at the
        same point of the round)."""
        return session.state.round > self.round

    def determinize(self, session: Session, seat: int, rng: random.Random) -> Session:
        """A copy with the hidden cards dealt anew and a new seed."""
        return determinize(session, seat, rng)

    def evaluate(self, session: Session) -> float:
        """The players' standing, 0 to 1."""
        return evaluate(session.state)

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

    def worth_searching(self, session: Session) -> bool:
        """Does the pending decision deserve a search?"""
        choice = session.pending()
        if choice is None or len(choice.options) < 2:
            return False
        d = read_decision(session.state, choice)
        if d.what == "window":
            # playing cards: the planning phase, or an event in another window
            return d.step.startswith("planning") or any(str(o).startswith("play:")
                                                         for o in d.options)
        return d.what in SEARCHED

    def choose(self, session: Session, seat: int, rng: random.Random) -> Command | None:
        """Search the pending decision (or let the expert answer it)."""
        if not self.worth_searching(session):
            self.last = None
            return self.expert.choose(session, seat, rng)
        self.game.round = session.state.round
        if self.mode == "paired":
            result = paired_search(self.game, session, seat, rng, self.budget,
                                   playout_depth=self.playout_depth, margin=MARGIN)
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
        visits, mean = stats.get(value, (0, 0.0))
        n = result.iterations if result is not None else 0
        return _("{what}: the best of {n} simulations ({v} tried it; expected standing "
                 "{m:.2f}).").format(what=labels.get(str(value), str(value)), n=n, v=visits,
                                     m=mean)
