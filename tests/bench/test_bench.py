"""Smoke tests of ``python main.py bench``: it runs, reports every figure, and the
naive baseline really is slower.  No timing thresholds: timings are not tests."""
import importlib.util
import json
import math
import os
import subprocess
import sys

import pytest

from bench import suite as bench

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NUMERIC = ("render_full_1000_ms", "render_drag_1000_ms", "render_drag_first_ms",
           "render_naive_1000_ms", "render_speedup", "render_full_table_ms",
           "render_naive_table_ms", "render_drag_table_ms", "startup_ms", "dice_physics_ms",
           "idle_cpu_percent", "event_latency_ms", "engine_games_per_s", "engine_median_game_ms")
SAVE_KEYS = ("save_ms", "load_ms", "save_bytes", "json_bytes", "save_ratio")


@pytest.fixture(scope="module")
def quick_run(tmp_path_factory):
    home = tmp_path_factory.mktemp("bench")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1",
               LOTR_TABLETOP_CONFIG=str(home / "config"), LOTR_TABLETOP_HOME=str(home / "home"))
    proc = subprocess.run([sys.executable, "main.py", "bench", "--json", "--quick"], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    lines = proc.stdout.strip().splitlines()
    return proc.stdout, json.loads(lines[-1])


def _number(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def test_last_line_is_json_with_every_figure(quick_run):
    _out, res = quick_run
    for key in NUMERIC:
        assert _number(res.get(key)), key
    assert res["quick"] is True
    m = res["machine"]
    assert m["cores"] >= 1 and m["python"] and m["pygame"] and m["sdl_driver"]
    assert set(res["pass"]) == {key for key, *_rest in bench.TARGETS}


def test_save_figures_present_unless_saves_bench_missing(quick_run):
    _out, res = quick_run
    missing = importlib.util.find_spec("saves.bench") is None
    for key in SAVE_KEYS:
        assert key in res
        if missing:
            assert res[key] is None or _number(res[key])
        else:
            assert _number(res[key]), (key, res["notes"])
    if missing:
        assert any("save figures unavailable" in n for n in res["notes"])


def test_naive_baseline_is_slower_than_cached_path(quick_run):
    _out, res = quick_run
    assert res["render_naive_1000_ms"] > res["render_full_1000_ms"]
    assert res["render_naive_table_ms"] > res["render_full_table_ms"]
    assert res["render_speedup"] > 1.0


def test_scene_is_the_crowded_1000_card_table(quick_run):
    _out, res = quick_run
    sc = res["scene"]
    assert sc["table_cards"] == 1000 and sc["on_screen"] == 1000
    assert 40 <= sc["card_px"][0] <= 60 and sc["screen"] == [1920, 1080]
    assert sc["face_down"] > 0 and sc["exhausted"] > 0 and sc["with_tokens"] > 0
    assert sc["attached"] > 0


def test_readable_table_shows_targets(quick_run):
    out, res = quick_run
    for key, *_rest in bench.TARGETS:
        row = next(line for line in out.splitlines() if line.startswith(key + " "))
        if res.get(key) is not None:
            assert row.rstrip().endswith(("PASS", "MISS")), row


def test_crowded_table_in_process():
    from tabletop.games.lcg.cards import core_set
    from tabletop.core.model import TABLE
    from sprites.games.lcg.render import TableView

    state, camera = bench.crowded_table()
    db = core_set()
    assert len(state.zones[TABLE].cards) == 1000
    assert all(state.cards[c].code in db for c in state.zones[TABLE].cards)
    view = TableView(db)
    view.rebuild(state)
    facts = bench.scene_facts(state, view, camera)
    assert facts["on_screen"] == 1000 and len(view.items) == 1000
    # attachments hang from hosts that are on the table
    for c in state.zones[TABLE].cards:
        host = state.cards[c].attached_to
        assert host is None or state.cards[host].zone == TABLE


def test_dice_physics_benchmark_runs():
    ms = bench.bench_twenty_dice(frames=30)
    assert 0.0 < ms < 10.0        # the target is <= 1 ms; generous for slow CI


def test_check_and_format():
    assert bench.check(4.0, 5.0, "max") is True
    assert bench.check(40.0, 30.0, "min") is True
    assert bench.check(None, 5.0, "max") is None


def test_main_says_so_when_the_tooling_is_absent(monkeypatch, capsys):
    """An installed program has no bench/ folder: ``main.py bench`` says why, no traceback."""
    import main
    monkeypatch.setitem(sys.modules, "bench.suite", None)     # as if bench/ were not there
    assert main.main(["bench", "--quick"]) == 2
    assert "not installed" in capsys.readouterr().err


def test_the_tooling_is_not_a_product_package():
    import configparser
    cfg = configparser.ConfigParser()
    cfg.read(os.path.join(ROOT, "setup.cfg"))
    include = cfg["options.packages.find"]["include"].split()
    assert "bench" not in include and not any(p.startswith("bench.") for p in include)
