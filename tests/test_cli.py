"""The command line: new games headless, checks, and clear refusals (never a traceback)."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(*args):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy"}
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_new_headless_save_then_check(tmp_path):
    f = tmp_path / "g.msgpack"
    r = run("new", "lcg", "--scenario", "passage-through-mirkwood", "--seed", "7", "--headless",
            "--save", str(f))
    assert r.returncode == 0, r.stderr
    r = run("save", "check", str(f))
    assert r.returncode == 0
    assert "Passage Through Mirkwood" in r.stdout and "actions: 6" in r.stdout


def test_two_seats_with_the_same_heroes_are_refused():
    r = run("new", "lcg", "--players", "2", "--deck", "spirit", "--headless")
    assert r.returncode == 2
    assert "only one player may use a hero" in r.stderr and "Traceback" not in r.stderr


def test_unknown_scenario_and_bad_deck_file(tmp_path):
    r = run("new", "lcg", "--scenario", "the-shire", "--headless")
    assert r.returncode == 2 and "Unknown scenario" in r.stderr and "Traceback" not in r.stderr
    bad = tmp_path / "bad.o8d"
    bad.write_text("<deck><section")
    r = run("new", "lcg", "--deck", str(bad), "--headless")
    assert r.returncode == 2 and "bad.o8d" in r.stderr and "Traceback" not in r.stderr


def test_load_of_a_damaged_file_says_why(tmp_path):
    f = tmp_path / "junk.msgpack"
    f.write_bytes(b"\x00" * 40)
    r = run("load", str(f))
    assert r.returncode == 2 and "junk.msgpack" in r.stderr and "Traceback" not in r.stderr
    assert f.read_bytes() == b"\x00" * 40
