"""Fit the card game's value of a table (``tabletop.games.lcg.ai.evaluate.value``): the
chance that the expert wins from the table as it stands at the start of a round.

``python3 -m devtools.fit_value --games 1500 --seed 10001 [--out FILE] [--workers W]``

Plays seeded expert games (``tabletop.core.play.play_one``) of every scenario with the
starter decks and fellowships listed in ``MIXES``, records the table's ``features`` at the
start of every round, labels each record with the game's outcome (1 won, 0 lost), and fits
a logistic regression (numpy, L2-regularized, Newton's method) on the standardized
features with an intercept of its own for each mix (so what differs between decks, a
tactics deck's defense say, is not taken for what wins within a game); the value keeps
the first mix's intercept.  It prints the fit's log-loss and AUC on held-out games (every fifth seed) next to
the hand-set ``evaluate``'s AUC, and writes the weights (``VALUE_FILE``: the features'
means, scales and weights) that ``evaluate.value`` reads.  A development tool: it is not
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

# scenario, decks: the mixes the games are drawn from, in turn
MIXES: list[tuple[str, list[str]]] = [
    ("passage-through-mirkwood", ["leadership"]),
    ("passage-through-mirkwood", ["leadership"]),
    ("passage-through-mirkwood", ["spirit"]),
    ("passage-through-mirkwood", ["tactics"]),
    ("passage-through-mirkwood", ["lore"]),
    ("passage-through-mirkwood", ["leadership", "spirit"]),
    ("passage-through-mirkwood", ["tactics", "lore"]),
    ("passage-through-mirkwood", ["leadership", "tactics"]),
]
L2 = 1.0


def one_game(seed: int) -> tuple[int, list[list[float]], int]:
    """Play expert game ``seed`` (its mix by seed); (seed, features per round start, won)."""
    from tabletop.core.play import play_one
    from tabletop.games.lcg.ai.evaluate import evaluate, features
    scenario, decks = MIXES[seed % len(MIXES)]
    rows: list[list[float]] = []
    last = [0]

    def check(session: Any) -> None:
        r = session.state.round
        if r != last[0] and session.pending() is not None:
            last[0] = r
            rows.append(features(session.state) + [evaluate(session.state)])

    rec = play_one("lcg", seed, "expert", {"scenario": scenario, "decks": decks,
                                            "players": len(decks)}, check=check)
    return seed, rows, int(rec["outcome"] == "won")


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
    ap.add_argument("--games", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=10001)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--out", default=VALUE_FILE)
    args = ap.parse_args(argv)
    seeds = range(args.seed, args.seed + args.games)
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            games = list(pool.map(one_game, seeds, chunksize=8))
    else:
        games = [one_game(s) for s in seeds]
    mixes = sorted({s % len(MIXES) for s, _r, _w in games})

    def design(held_out: bool) -> tuple[np.ndarray, np.ndarray]:
        """Features, then one column per mix but the first (its own intercept), and labels."""
        rows = [r[:-1] + [float(s % len(MIXES) == m) for m in mixes[1:]] + [won]
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
    won = sum(g[2] for g in games)
    print(f"games {len(games)} (won {won}); records: train {len(x)}, held out {len(xt)}")
    print(f"held out: log-loss {loss:.4f} (a constant: {base_loss:.4f}), AUC {auc(pt, yt):.3f}; "
          f"the hand-set evaluate's AUC {auc(hand, yt):.3f}")
    for name, wi in sorted(zip(FEATURES, w[:k]), key=lambda p: -abs(p[1])):
        print(f"  {name:16s} {wi:+.3f}")
    for m, wi in zip(mixes[1:], w[k:-1]):
        print(f"  mix {MIXES[m]}: {wi:+.3f}")
    with open(args.out, "w", encoding="utf-8") as fh:
        # the value of a table: the features' weights and the first mix's intercept (the
        # mixes' own intercepts only absorb what differs between decks and scenarios)
        json.dump({"features": list(FEATURES), "mean": [round(v, 6) for v in mean[:k]],
                   "scale": [round(v, 6) for v in scale[:k]],
                   "weights": [round(v, 6) for v in list(w[:k]) + [w[-1]]],
                   "mix": list(MIXES[mixes[0]]),
                   "games": len(games), "seed": args.seed, "won": won,
                   "held_out": {"log_loss": round(loss, 4), "auc": round(auc(pt, yt), 4)}},
                  fh, indent=1)
        fh.write("\n")
    print("written:", os.path.relpath(args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
