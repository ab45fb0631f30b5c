"""``ai_bench()``: what the card game's players cost, for ``python3 main.py bench``.

Measured on a game of Passage Through Mirkwood (Leadership, seed 3) some forty
decisions in:

- ``clone_ms``: one copy of the game for search (``core.search.clone_session``),
  beside ``deepcopy_ms`` (``copy.deepcopy`` of the table, the obvious way) and
  ``determinize_ms`` (a copy with the hidden cards dealt anew);
- ``random_decisions_per_second``: the engine alone, random answers on a copy;
- ``expert_decisions_per_second`` and ``expert_ms_per_decision``: whole games by
  the expert;
- ``mcts_ms_per_search`` and ``mcts_iterations_per_second``: searches of the
  ``mcts`` policy with a budget of ``iterations`` simulations (``quick``: fewer).
"""
from __future__ import annotations

import copy
import random
import time
from typing import Any, Callable

from tabletop.core.search import clone_session


def _per_call_ms(fn: Callable[[], Any], n: int) -> float:
    start = time.perf_counter()
    for _i in range(n):
        fn()
    return (time.perf_counter() - start) / n * 1000


def _position(seed: int = 3, decisions: int = 40):
    from tabletop.games.lcg import api
    game = api.new_game("passage-through-mirkwood", decks=["leadership"], seed=seed)
    rng = random.Random(seed)
    for _i in range(decisions):
        actions = game.legal_actions()
        if not actions:
            break
        game.submit(rng.choice(actions))
    return game


def ai_bench(quick: bool = False) -> dict[str, float]:
    """The figures of the module's docstring (``quick``: a smoke run of a second or two)."""
    from tabletop.core.play import play_one
    from tabletop.games.lcg.ai.clone import determinize
    from tabletop.games.lcg.ai.mcts import MctsPolicy
    game = _position()
    n = 50 if quick else 500
    out: dict[str, float] = {}
    out["deepcopy_ms"] = round(_per_call_ms(lambda: copy.deepcopy(game.state), max(5, n // 10)), 4)
    out["clone_ms"] = round(_per_call_ms(lambda: clone_session(game), n), 4)
    rng = random.Random(1)
    out["determinize_ms"] = round(_per_call_ms(lambda: determinize(game, 0, rng), n), 4)
    sim = clone_session(game)
    steps, start = 0, time.perf_counter()
    while steps < (300 if quick else 3000):
        actions = sim.legal_actions()
        if not actions:
            sim = clone_session(game)
            continue
        sim.submit(rng.choice(actions))
        steps += 1
    out["random_decisions_per_second"] = round(steps / (time.perf_counter() - start), 1)
    games = 2 if quick else 10
    decisions, spent = 0, 0.0
    for seed in range(1, games + 1):
        rec = play_one("lcg", seed, "expert", {"scenario": "passage-through-mirkwood",
                                               "decks": ["leadership"]})
        decisions += rec["actions"]
        spent += rec["ms"] / 1000
    out["expert_decisions_per_second"] = round(decisions / spent, 1)
    out["expert_ms_per_decision"] = round(1000 * spent / decisions, 3)
    iterations = 8 if quick else 64
    policy = MctsPolicy(seconds=None, iterations=iterations)
    searches, spent = 0, 0.0
    probe = _position(seed=5, decisions=10)
    while searches < (1 if quick else 5) and probe.pending() is not None:
        if policy.worth_searching(probe):
            start = time.perf_counter()
            cmd = policy.choose(probe, probe.pending().seat, rng)
            spent += time.perf_counter() - start
            searches += 1
        else:
            cmd = policy.expert.choose(probe, probe.pending().seat, rng)
        if cmd is None or not probe.submit(cmd).ok:
            break
    if searches:
        out["mcts_iterations"] = iterations
        out["mcts_ms_per_search"] = round(1000 * spent / searches, 1)
        out["mcts_iterations_per_second"] = round(iterations * searches / spent, 1)
    return out
