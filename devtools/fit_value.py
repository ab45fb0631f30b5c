"""Fit the card game's value of a table (``tabletop.games.lcg.ai.evaluate.value``): the
chance that the expert wins from the table as it stands at the start of a round.

``python3 -m devtools.fit_value --scenario S --label won|progress --games 1500 --seed 10001
[--out FILE] [--workers W]``

Plays seeded expert games (``tabletop.core.play.play_one``) of scenario ``S`` with the
starter decks and fellowships listed in ``MIXES``, records the table's ``features`` at the
start of every round, labels each record with the game's outcome (1 won, 0 lost; with
``--label progress``, a lost game is worth half the share of the quest it got through, for
the scenarios the expert rarely wins), and fits
a logistic regression (numpy, L2-regularized, Newton's method) on the standardized
features with an intercept of its own for each mix (so what differs between decks, a
tactics deck's defense say, is not taken for what wins within a game); the value keeps
the first mix's intercept.  It prints the fit's log-loss and AUC on held-out games (every fifth seed) next to
the hand-set ``evaluate``'s AUC, and writes the scenario's model (the features' means,
scales and weights) into ``VALUE_FILE``, which ``evaluate.value`` reads (a scenario
without a model of its own uses Passage Through Mirkwood's).  A development tool: it is not
part of the installed program; the weights file it writes is.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np

# the decks each scenario's games are drawn from, in turn (a mix: one deck per seat)
MIXES: dict[str, list[list[str]]] = {
    "passage-through-mirkwood": [["leadership"], ["leadership"], ["spirit"], ["tactics"], ["lore"],
                                 ["leadership", "spirit"], ["tactics", "lore"],
                                 ["leadership", "tactics"]],
    "journey-down-the-anduin": [["leadership"], ["tactics"], ["spirit"], ["lore"],
                                ["leadership", "spirit"], ["tactics", "lore"]],
    "escape-from-dol-guldur": [["leadership"], ["tactics"], ["spirit"], ["lore"],
                               ["leadership", "spirit"], ["tactics", "lore"]],
}
L2 = 1.0


def one_game(task: tuple[str, int, str]) -> tuple[int, list[list[float]], float]:
    """Play expert game ``seed`` of ``scenario`` (its mix by seed): (seed, the features at
    the start of every round with the hand-set evaluation last, the label): ``label``
    "won" is 1 for a game won, else 0; "progress" gives a lost game half a point
    shared by the quest stages it defeated (for scenarios the expert rarely wins)."""
    from tabletop.core.play import play_one
    from tabletop.games.lcg.ai.evaluate import evaluate, features, stage_fraction
    scenario, seed, label = task
    decks = MIXES[scenario][seed % len(MIXES[scenario])]
    rows: list[list[float]] = []
    last = [0]
    reached = [0.0]

    def check(session: Any) -> None:
        r = session.state.round
        reached[0] = max(reached[0], stage_fraction(session.state))
        if r != last[0] and session.pending() is not None:
            last[0] = r
            rows.append(features(session.state) + [evaluate(session.state)])

    rec = play_one("lcg", seed, "expert", {"scenario": scenario, "decks": decks,
                                            "players": len(decks)}, check=check)
    won = rec["outcome"] == "won"
    return seed, rows, 1.0 if won else (0.5 * reached[0] if label == "progress" else 0.0)


def fit(x: np.ndarray, y: np.ndarray, l2: float = L2, steps: int = 30) -> np.ndarray:
    """Logistic regression weights (the last one the intercept) by Newton's method."""
    xb = np.hstack([x, np.ones((len(x), 1))])
    w = np.zeros(xb.shape[1])
    reg = l2 * np.eye(xb.shape[1])
    reg[-1, -1] = 0.0
    for _i in range(steps):
        p = 1 / (1 + np.exp(-xb @ w))
        grad = xb.T @ (p - y) + reg @ w
        hess = (xb * (p * (1 - p))[:, None]).T @ xb + reg
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def auc(score: np.ndarray, y: np.ndarray) -> float:
    """The chance that a won game's record scores above a lost one's."""
    pos, neg = score[y == 1], score[y == 0]
    if not len(pos) or not len(neg):
        return float("nan")
    order = np.argsort(np.concatenate([pos, neg]), kind="mergesort")
    ranks = np.empty(len(order))
    ranks[order] = np.arange(1, len(order) + 1)
    return float((ranks[:len(pos)].sum() - len(pos) * (len(pos) + 1) / 2) / (len(pos) * len(neg)))


def main(argv: list[str] | None = None) -> int:
    from tabletop.games.lcg.ai.evaluate import FEATURES, VALUE_FILE
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--scenario", default="passage-through-mirkwood", choices=sorted(MIXES))
    ap.add_argument("--label", default="won", choices=("won", "progress"))
    ap.add_argument("--games", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=10001)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--out", default=VALUE_FILE)
    args = ap.parse_args(argv)
    tasks = [(args.scenario, s, args.label) for s in range(args.seed, args.seed + args.games)]
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            games = list(pool.map(one_game, tasks, chunksize=8))
    else:
        games = [one_game(t) for t in tasks]
    nmix = len(MIXES[args.scenario])
    mixes = sorted({s % nmix for s, _r, _w in games})

    def design(held_out: bool) -> tuple[np.ndarray, np.ndarray]:
        """Features, then one column per mix but the first (its own intercept), and labels."""
        rows = [r[:-1] + [float(s % nmix == m) for m in mixes[1:]] + [won]
                for s, rs, won in games if bool(s % 5) != held_out for r in rs]
        a = np.array(rows, dtype=float)
        return a[:, :-1], a[:, -1]

    hand = np.array([r[-1] for s, rows, _w in games if not s % 5 for r in rows])
    x, y = design(False)
    k = len(FEATURES)
    mean, scale = x.mean(axis=0), x.std(axis=0)
    scale[scale == 0] = 1.0
    mean[k:], scale[k:] = 0.0, 1.0                  # the mixes' columns stay 0/1
    w = fit((x - mean) / scale, y)
    xt, yt = design(True)
    pt = 1 / (1 + np.exp(-(np.hstack([(xt - mean) / scale, np.ones((len(xt), 1))]) @ w)))
    eps = 1e-9
    loss = float(-np.mean(yt * np.log(pt + eps) + (1 - yt) * np.log(1 - pt + eps)))
    base = float(yt.mean())
    base_loss = float(-(base * np.log(base + eps) + (1 - base) * np.log(1 - base + eps)))
    won = sum(1 for g in games if g[2] == 1.0)
    hard = (yt >= 0.5).astype(float) if args.label == "won" else (yt > np.median(yt)).astype(float)
    print(f"{args.scenario}: games {len(games)} (won {won}); records: train {len(x)}, "
          f"held out {len(xt)}")
    print(f"held out: log-loss {loss:.4f} (a constant: {base_loss:.4f}), AUC {auc(pt, hard):.3f}; "
          f"the hand-set evaluate's AUC {auc(hand, hard):.3f}")
    for name, wi in sorted(zip(FEATURES, w[:k]), key=lambda p: -abs(p[1])):
        print(f"  {name:16s} {wi:+.3f}")
    for m, wi in zip(mixes[1:], w[k:-1]):
        print(f"  mix {MIXES[args.scenario][m]}: {wi:+.3f}")
    models: dict[str, Any] = {}
    if os.path.exists(args.out):
        with open(args.out, encoding="utf-8") as fh:
            models = json.load(fh).get("models", {})
    # the value of a table: the features' weights and the first mix's intercept (the
    # mixes' own intercepts only absorb what differs between decks)
    models[args.scenario.replace("-", "_")] = {
        "mean": [round(v, 6) for v in mean[:k]], "scale": [round(v, 6) for v in scale[:k]],
        "weights": [round(v, 6) for v in list(w[:k]) + [w[-1]]],
        "mix": MIXES[args.scenario][mixes[0]], "label": args.label, "games": len(games),
        "seed": args.seed, "won": won,
        "held_out": {"log_loss": round(loss, 4), "auc": round(auc(pt, hard), 4)}}
    with open(args.out, "w", encoding="utf-8") as fh:
        json.dump({"features": list(FEATURES), "default": "passage_through_mirkwood",
                   "models": models}, fh, indent=1)
        fh.write("\n")
    print("written:", os.path.relpath(args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
