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

from saves import bench, store
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
