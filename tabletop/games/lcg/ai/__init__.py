"""Players for the card game: policies of the one play harness (``tabletop.core.play``).

- ``expert`` (``ExpertPolicy``): rules of thumb of a good player, each saying why;
- ``mcts`` (``MctsPolicy``): information-set Monte Carlo tree search over the
  engine's legal actions, the hidden cards dealt anew for every simulation,
  playouts by the expert;
- ``random`` is the harness's own.

``api.suggest(game)`` asks a policy for a hint; ``ai_bench()`` (``ai.bench``)
measures clone cost and decisions per second.  See docs/AI.md.
"""
from __future__ import annotations

from typing import Any, Callable


def _expert(**kwargs: Any) -> Any:
    from tabletop.games.lcg.ai.expert import ExpertPolicy
    return ExpertPolicy()


def _mcts(**kwargs: Any) -> Any:
    """``seconds``, ``iterations``: the budget of a search (see ``ai.mcts``)."""
    from tabletop.games.lcg.ai.mcts import MctsPolicy
    return MctsPolicy(**kwargs)


POLICIES: dict[str, Callable[[], Any]] = {"expert": _expert, "mcts": _mcts}
