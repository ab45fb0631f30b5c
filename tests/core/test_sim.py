"""The simulator: the same results on 1 and 2 worker processes, the Wilson interval, the
report's shape (main.py sim --json), the plot, and the optional Ray backend."""
from __future__ import annotations

import json
import os

import pytest

import main
from tabletop.core import i18n
from tabletop.core.sim import REPORT_KEYS, Task, run_task, simulate, summarize, wilson

OPTS = {"scenario": "passage-through-mirkwood", "decks": ["leadership"]}
TIMING = ("ms", "decision_ms")


def _games(report):
    return [{k: v for k, v in g.items() if k not in TIMING} for g in report["games"]]


def _figures(report):
    drop = ("games", "seconds", "decisions_per_second", "ms_per_decision", "workers",
            "backend", "wall_seconds")
    return {k: v for k, v in report.items() if k not in drop}


def test_wilson_interval_on_known_values():
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson(10, 10) == pytest.approx((0.7225, 1.0), abs=1e-4)
    assert wilson(20, 100) == pytest.approx((0.1333, 0.2888), abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_one_and_two_workers_give_the_same_results():
    one = simulate("lcg", games=4, seed=5, policy="random", workers=1, **OPTS)
    two = simulate("lcg", games=4, seed=5, policy="random", workers=2, **OPTS)
    assert [g["seed"] for g in two["games"]] == [5, 6, 7, 8]
    assert _games(one) == _games(two)
    assert _figures(one) == _figures(two)
    assert one["backend"] == "inline" and two["backend"] == "processes"


def test_a_task_records_the_figures_of_every_round():
    rec = run_task(Task("lcg", 3, "expert", dict(OPTS)))
    assert len(rec["trace"]) == rec["rounds"]
    assert rec["trace"][0]["threat"] == 29           # Aragorn, Théodred, Glóin
    assert rec["decision_ms"] > 0
    stats = summarize([rec])
    assert stats["n"] == 1 and len(stats["per_round"]["threat"]) == rec["rounds"]
    if rec["outcome"] == "lost":
        assert stats["causes"] == {rec["detail"]["cause"]: 1}


def test_sim_json_shape_and_plot(tmp_path, capsys):
    png = tmp_path / "sim.png"
    try:
        code = main.main(["--lang", "en", "sim", "lcg", "--deck", "leadership", "--policy", "random",
                          "--games", "3", "--seed", "2", "--json", "--plot", str(png)])
    finally:
        i18n.set_language("en")
    out = capsys.readouterr()
    assert code == 0, out.err
    report = json.loads(out.out)
    assert set(REPORT_KEYS) <= set(report)
    assert report["n"] == 3 and report["wins"] + sum(report["causes"].values()) == 3
    assert 0 <= report["ci95"][0] <= report["win_rate"] <= report["ci95"][1] <= 1
    assert set(report["rounds"]) == {"mean", "histogram", "won"}
    assert "threat" in report["per_round"] and report["per_round"]["threat"][0] == 29
    assert [g["seed"] for g in report["games"]] == [2, 3, 4]
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 10_000
    assert out.err == ""                      # no progress bar with --json


def test_sim_text_and_bad_policy(capsys):
    try:
        assert main.main(["--lang", "en", "sim", "lcg", "--games", "1", "--policy", "nobody"]) == 2
        assert main.main(["--lang", "en", "sim", "lcg", "--games", "2", "--deck", "lore"]) == 0
    finally:
        i18n.set_language("en")
    out = capsys.readouterr().out
    assert "win rate" in out and "95%" in out


@pytest.mark.skipif(not os.environ.get("TABLETOP_TEST_RAY"),
                    reason="Ray starts a local cluster (30 s): set TABLETOP_TEST_RAY=1")
def test_ray_backend_gives_the_same_results():
    ray = pytest.importorskip("ray")
    try:
        report = simulate("lcg", games=2, seed=5, policy="random", ray="local", **OPTS)
        inline = simulate("lcg", games=2, seed=5, policy="random", **OPTS)
        assert _games(report) == _games(inline) and report["backend"] == "ray"
    finally:
        ray.shutdown()
