"""Kill -9 during autosave: the save (or its newest good backup) always loads and
loses at most the action being saved when the process died."""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from saves import bench, codec, store
from tabletop.core.session import Session

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RUNS = 25
SEED = 17
PIECES = 160

# The child plays the same random game as ``replica`` below and, after each
# action, saves synchronously and then prints how many actions the save holds.
CHILD = textwrap.dedent(f"""
    import random, sys
    from saves import bench, store
    from tabletop.core.session import Session
    session = Session(bench.big_table({PIECES}, seed={SEED}, seats=2))
    saver = store.Autosaver(sys.argv[1], min_interval=0)
    rng = random.Random({SEED})
    saver.notify(session)
    saver.flush(session)
    print(len(session.log), flush=True)
    while True:
        if session.submit(bench.random_command(session.state, rng, dice=0.05)):
            saver.notify(session)
            if not saver.flush(session):
                print("error", saver.last_error, flush=True)
                sys.exit(3)
            print(len(session.log), flush=True)
""")


def replica(actions: int) -> Session:
    session = Session(bench.big_table(PIECES, seed=SEED, seats=2))
    rng = random.Random(SEED)
    while len(session.log) < actions:
        session.submit(bench.random_command(session.state, rng, dice=0.05))
    return session


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_sigkill_during_autosave_never_loses_more_than_one_action(tmp_path):
    rng = random.Random(2024)
    env = {**os.environ, "PYTHONPATH": ROOT + os.pathsep + os.environ.get("PYTHONPATH", "")}
    started = time.monotonic()
    outcomes = []
    for run in range(RUNS):
        path = tmp_path / f"run{run}" / "autosave.msgpack"
        child = subprocess.Popen([sys.executable, "-c", CHILD, str(path)], cwd=ROOT, env=env,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        first = child.stdout.readline()                # the first save is on disk
        assert first.strip() == "0", first + child.stderr.read()
        time.sleep(rng.uniform(0.0, 0.35))             # a random moment, often mid-write
        child.send_signal(signal.SIGKILL)
        out, err = child.communicate(timeout=30)
        assert child.returncode == -signal.SIGKILL, err
        assert "error" not in out and "Traceback" not in err
        printed = [int(line) for line in ("0\n" + out).split()]
        confirmed = printed[-1]                        # saved for sure before the kill

        result = store.load(path, verify=True)        # falls back to a backup if needed
        got = len(result.session.log)
        assert confirmed <= got <= confirmed + 1, (run, confirmed, got, result.warning)
        expected = replica(got)
        assert result.session.state == expected.state
        assert result.session.log == expected.log
        outcomes.append((confirmed, got, result.used_path.name))
    assert time.monotonic() - started < 120
    assert max(c for c, _g, _p in outcomes) > 3        # the children really got to play


# ------------------------------------------------------------ the real window
from tests.sprites.test_window import xvfb  # noqa: E402,F401  (the fixture)

WINDOW_RUNS = 8


def _generations(path) -> dict:
    """Every generation of the game file that exists: name -> (actions, round, saved)."""
    out = {}
    for p in store.backup_paths(path):
        if p.exists():
            info = codec.summary(p.read_bytes())         # raises if a generation is damaged
            out[p.name] = (info["actions"], info["round"], info["saved"])
    return out


@pytest.mark.xvfb
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_sigkill_of_the_real_window_loses_no_game_and_no_generation(xvfb, tmp_path):
    import shutil
    from saves.library import GameSaver, Library
    from tabletop.games.lcg import commands as LC
    from tabletop.games.lcg.scenarios import new_game
    if shutil.which("xdotool") is None:
        pytest.skip("xdotool is not installed (apt-get install xdotool); CI installs it")
    library = Library()
    saver = GameSaver(library, min_interval=0)
    session = new_game(scenario="passage-through-mirkwood", players=1, seed=4)
    saver.notify(session)
    for cmd in [LC.Threat(target=0, delta=1)] * 4 + [LC.Round(delta=1)] + [LC.Threat(0, 0, 1)] * 3:
        assert session.submit(cmd)
        saver.notify(session)
        saver.flush(session)
    saver.stop(session)
    path = library.last()
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
    env.update(DISPLAY=xvfb, SDL_AUDIODRIVER="dummy")
    rng = random.Random(99)
    before = _generations(path)
    start_saved = before[path.name][2]
    for run in range(WINDOW_RUNS):
        child = subprocess.Popen([sys.executable, "main.py", "--size", "1000x700"], cwd=ROOT,
                                 env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + rng.uniform(0.05, 3.0)    # often during start-up
        last = run == WINDOW_RUNS - 1                           # the last one surely plays
        changed = path.stat().st_mtime
        while time.monotonic() < deadline or last and path.stat().st_mtime == changed:
            keys = rng.choice(["u", "j", "u", "ctrl+n", "ctrl+z"])
            subprocess.run(["xdotool", "key", keys], env=env, capture_output=True, timeout=60)
            time.sleep(rng.uniform(0.0, 0.3))
            assert time.monotonic() < deadline + 90, "the window never saved a change"
        child.send_signal(signal.SIGKILL)
        _out, err = child.communicate(timeout=30)
        assert b"Traceback" not in err, err.decode(errors="replace")
        after = _generations(path)                          # every generation loads
        for name in before:                                  # none went missing
            assert name in after, (run, name)
        for name in ("msgpack.round", "msgpack.session"):
            old = [v for k, v in before.items() if k.endswith(name)]
            new = [v for k, v in after.items() if k.endswith(name)]
            assert not old or new[0][2] >= old[0][2]         # replaced only by a newer one
        result = store.load(path, verify=True)               # the game itself, checked through
        assert result.used_path == path, result.warning
        before = after
    assert before[path.name][2] > start_saved                 # the windows really played
    assert any(k.endswith(".session") for k in before)       # later sessions kept their start
    # the next start cleans up what the killed writers left
    subprocess.run([sys.executable, "main.py", "--screenshot", str(tmp_path / "s.png")], cwd=ROOT,
                   env=env, capture_output=True, timeout=120, check=True)
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]
