"""The simulator: many seeded games of any game, on one core or many, and their statistics.

``simulate(game_id, games, seed, policy, workers, **options)`` plays game ``i``
with seed ``seed + i`` through the one play harness (``tabletop.core.play``),
each game an independent task, so the results are the same for any number of
workers (only the timings differ).  Backends:

- ``workers=1``: in this process;
- ``workers=N``: ``concurrent.futures.ProcessPoolExecutor`` with the ``spawn``
  context (no state inherited from the parent: each worker imports the game);
- ``ray="auto"`` or an address: the same task list on a Ray cluster (``pip
  install -e '.[cluster]'``; Ray is imported only then).

The report (``REPORT_KEYS``): the games' records (the harness's, with ``trace``:
the game's figures at the start of every round), the win rate and its 95%
Wilson interval, rounds (mean, histogram), the final score, causes of defeat,
the per-round means of the game's figures (the card game: threat), and speed.
A game is won when its record's ``winner`` is ``side`` (the card game:
``"players"``).  ``tabletop.core.simplot`` draws it.  Pure Python, no game named.
"""
from __future__ import annotations

import math
import statistics
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
import multiprocessing
from typing import Any, Callable, Iterable

from tabletop.core.games import game as game_spec
from tabletop.core.i18n import _
from tabletop.core.play import make_policy, play_one, policies
from tabletop.core.session import Session

REPORT_KEYS = ("game", "policy", "seed", "options", "games", "n", "wins", "win_rate", "ci95",
               "rounds", "score", "causes", "per_round", "seconds", "decisions",
               "decisions_per_second", "ms_per_decision", "workers", "backend", "side")
Progress = Callable[[int], None]


def wilson(wins: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default): (low, high)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class Task:
    """One game to play: everything a worker needs (plain, picklable data)."""
    game: str
    seed: int
    policy: str
    options: dict = field(default_factory=dict)
    policy_args: dict = field(default_factory=dict)


def _figures(detail: dict) -> dict[str, float]:
    """The numbers of a game's ``detail`` (a list of numbers, one per seat: their mean)."""
    out: dict[str, float] = {}
    for k, v in detail.items():
        if isinstance(v, bool):
            continue
        if isinstance(v, (int, float)):
            out[k] = float(v)
        elif isinstance(v, (list, tuple)) and v and all(
                isinstance(x, (int, float)) and not isinstance(x, bool) for x in v):
            out[k] = sum(v) / len(v)
    return out


def run_task(task: Task) -> dict[str, Any]:
    """Play one game: the harness's record, with ``trace`` (the figures at the start of
    each round) and ``decision_ms`` (time per decision)."""
    spec = game_spec(task.game)
    if task.policy_args:
        policy: Any = policies(task.game)[task.policy](**task.policy_args)
    else:
        policy = make_policy(task.game, task.policy)
    trace: list[dict[str, float]] = []
    seen: dict[str, int | None] = {"round": None}

    def check(session: Session) -> None:
        rnd = session.state.round
        if rnd != seen["round"]:
            seen["round"] = rnd
            assert spec.summary is not None
            trace.append(_figures(spec.summary(session).get("detail") or {}))

    record = play_one(task.game, task.seed, policy, task.options, check=check)
    record["trace"] = trace
    record["decision_ms"] = round(record["ms"] / record["actions"], 3) if record["actions"] else None
    return record


def _run_local(tasks: list[Task], workers: int, progress: Progress | None) -> list[dict]:
    if workers <= 1 or len(tasks) <= 1:
        out = []
        for t in tasks:
            out.append(run_task(t))
            if progress:
                progress(1)
        return out
    ctx = multiprocessing.get_context("spawn")
    results: list[dict | None] = [None] * len(tasks)
    with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
        futures = {pool.submit(run_task, t): i for i, t in enumerate(tasks)}
        from concurrent.futures import as_completed
        for fut in as_completed(futures):
            results[futures[fut]] = fut.result()
            if progress:
                progress(1)
    return [r for r in results if r is not None]


def _run_ray(tasks: list[Task], address: str, progress: Progress | None) -> list[dict]:
    """The same tasks on Ray (imported only here)."""
    import ray                                    # the optional extra "cluster"
    if not ray.is_initialized():
        if address == "local":
            ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, include_dashboard=False, log_to_driver=False)
    remote = ray.remote(run_task)
    refs = [remote.remote(t) for t in tasks]
    index = {ref: i for i, ref in enumerate(refs)}
    results: list[dict | None] = [None] * len(tasks)
    pending = list(refs)
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for ref in done:
            results[index[ref]] = ray.get(ref)
            if progress:
                progress(1)
    return [r for r in results if r is not None]


def run_tasks(tasks: Iterable[Task], workers: int = 1, ray: str | None = None,
              progress: Progress | None = None) -> list[dict]:
    """Every task's record, in the tasks' order, whatever the backend."""
    tasks = list(tasks)
    if ray:
        return _run_ray(tasks, ray, progress)
    return _run_local(tasks, workers, progress)


def summarize(records: list[dict], side: str = "players") -> dict[str, Any]:
    """The statistics of finished games (see the module)."""
    n = len(records)
    wins = sum(1 for r in records if r["winner"] == side)
    lo, hi = wilson(wins, n)
    rounds = [r["rounds"] for r in records]
    scores = [r["detail"]["score"] for r in records
              if isinstance(r.get("detail", {}).get("score"), (int, float))]
    causes = Counter(str((r.get("detail") or {}).get("cause") or r["outcome"])
                     for r in records if r["winner"] != side)
    longest = max((len(r.get("trace") or ()) for r in records), default=0)
    per_round: dict[str, list[float | None]] = {}
    names = sorted({k for r in records for fig in (r.get("trace") or ()) for k in fig})
    for name in names:
        means: list[float | None] = []
        for i in range(longest):
            vals = [r["trace"][i][name] for r in records
                    if i < len(r.get("trace") or ()) and name in r["trace"][i]]
            means.append(round(statistics.fmean(vals), 3) if vals else None)
        per_round[name] = means
    decisions = sum(r["actions"] for r in records)
    seconds = sum(r["ms"] for r in records) / 1000
    return {
        "n": n, "wins": wins, "win_rate": round(wins / n, 4) if n else 0.0,
        "ci95": [round(lo, 4), round(hi, 4)],
        "rounds": {"mean": round(statistics.fmean(rounds), 3) if rounds else 0.0,
                   "histogram": {str(k): v for k, v in sorted(Counter(rounds).items())},
                   "won": {str(k): v for k, v in sorted(Counter(
                       r["rounds"] for r in records if r["winner"] == side).items())}},
        "score": {"mean": round(statistics.fmean(scores), 2) if scores else None,
                  "mean_won": round(statistics.fmean(s for r, s in zip(records, scores)
                                                     if r["winner"] == side), 2)
                  if scores and wins and len(scores) == n else None},
        "causes": dict(sorted(causes.items())),
        "per_round": per_round,
        "decisions": decisions,
        "seconds": round(seconds, 3),
        "decisions_per_second": round(decisions / seconds, 1) if seconds > 0 else None,
        "ms_per_decision": round(1000 * seconds / decisions, 3) if decisions else None,
    }


def simulate(game_id: str, games: int = 10, seed: int = 1, policy: str = "random",
             workers: int = 1, ray: str | None = None, progress: Progress | None = None,
             side: str = "players", policy_args: dict | None = None,
             **options: Any) -> dict[str, Any]:
    """Play ``games`` seeded games (game ``i`` with seed ``seed + i``) and report on them.

    ``options``: the game's ``new_game`` options (``players``, ``scenario``, ``decks``...).
    ``policy_args``: keyword arguments for the policy's constructor (e.g. the search budget).
    ValueError (one line) for an unknown policy."""
    game_spec(game_id)
    make_policy(game_id, policy)            # an unknown policy: ValueError before any work
    opts = {k: v for k, v in options.items() if v is not None}
    tasks = [Task(game_id, seed + i, policy, opts, dict(policy_args or {}))
             for i in range(max(1, games))]
    started = time.perf_counter()
    records = run_tasks(tasks, workers=workers, ray=ray, progress=progress)
    wall = time.perf_counter() - started
    report = {"game": game_id, "policy": policy, "seed": seed, "options": opts, "side": side,
              "workers": workers, "backend": "ray" if ray else ("processes" if workers > 1
                                                                 else "inline"),
              "games": records, **summarize(records, side)}
    report["wall_seconds"] = round(wall, 3)
    return report


def format_report(report: dict[str, Any]) -> str:
    """A simulation's report in a few lines for people."""
    lo, hi = report["ci95"]
    per = report["per_round"].get("threat") or []
    lines = [
        _("{game}, policy {policy}, {n} games from seed {seed}: {wins} won, win rate {rate:.1%} "
          "(95% interval {lo:.1%} to {hi:.1%})").format(
            game=report["game"], policy=report["policy"], n=report["n"], seed=report["seed"],
            wins=report["wins"], rate=report["win_rate"], lo=lo, hi=hi),
        _("rounds: mean {mean}; {hist}").format(
            mean=report["rounds"]["mean"],
            hist=", ".join(f"{k}: {v}" for k, v in report["rounds"]["histogram"].items())),
        _("final score: mean {mean}").format(mean=report["score"]["mean"]),
        _("defeats: {causes}").format(causes=", ".join(
            f"{k} {v}" for k, v in report["causes"].items()) or "-"),
    ]
    if per:
        lines.append(_("threat at the start of each round: {values}").format(
            values=" ".join("-" if v is None else f"{v:.1f}" for v in per)))
    lines.append(_("{d} decisions, {ms} ms a decision, {w} workers ({backend}), {s} s").format(
        d=report["decisions"], ms=report["ms_per_decision"], w=report["workers"],
        backend=report["backend"], s=report.get("wall_seconds")))
    return "\n".join(lines)
