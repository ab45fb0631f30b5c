"""Hotkeys: DragnCards defaults, user overrides, conflicts reported."""
import pygame

from sprites.keymap import ACTIONS, load_keymap, write_default


def test_defaults_are_dragncards(tmp_path):
    km = load_keymap(str(tmp_path / "none.toml"))
    assert km.problems == []
    assert km.action_for(pygame.K_a, 0) == "exhaust"
    assert km.action_for(pygame.K_z, pygame.KMOD_CTRL) == "undo"
    assert km.action_for(pygame.K_LEFT, 0) == "undo"
    assert km.action_for(pygame.K_LEFT, pygame.KMOD_SHIFT) == "undo_round"
    assert km.action_for(pygame.K_RIGHT, pygame.KMOD_CTRL) == "next_seat"


def test_user_binding_wins_and_conflict_is_reported(tmp_path):
    p = tmp_path / "keys.toml"
    p.write_text('[keys]\nflip = ["a"]\n')
    km = load_keymap(str(p))
    assert km.action_for(pygame.K_a, 0) == "flip"
    assert km.keys["exhaust"] == []
    assert any("exhaust" in msg and "flip" in msg for msg in km.problems)


def test_bad_file_entries_are_reported_not_fatal(tmp_path):
    p = tmp_path / "keys.toml"
    p.write_text('[keys]\nexhaust = ["nosuchkey"]\nteleport = ["t"]\n[options]\nwarp = true\n')
    km = load_keymap(str(p))
    assert len(km.problems) == 3
    assert km.action_for(pygame.K_f, 0) == "flip"
    p.write_text("this is [not toml")
    km = load_keymap(str(p))
    assert km.problems and km.action_for(pygame.K_a, 0) == "exhaust"


def test_written_default_file_loads_cleanly(tmp_path):
    p = tmp_path / "cfg" / "keys.toml"
    write_default(str(p))
    km = load_keymap(str(p))
    assert km.problems == []
    assert set(km.keys) == set(ACTIONS)


# ------------------------------------------------ a broken key file (issue 6)
import os  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402

import pytest  # noqa: E402

BROKEN = {
    "keys_is_a_number": b"keys = 5\n",
    "not_utf8": b"[keys]\nflip = [\"\xff\xfe\"]\n",
    "deeply_nested": b"x = " + b"[" * 100_000 + b"]" * 100_000 + b"\n",
    "array_of_tables": b"[[keys]]\nflip = \"f\"\n",
    "keys_of_the_wrong_type": b"[keys]\nflip = 5\nundo = [1, 2]\n[options]\npan_with_wasd = 3\n",
    "options_not_a_table": b"options = 1\n",
    "control_characters": b"[keys]\nflip = [\"\\u001b]0;x\\u0007\"]\n",
    "too_large": b"# " + b"x" * 100_000 + b"\n",
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_broken_key_file_is_reported_and_the_defaults_are_used(tmp_path, name):
    p = tmp_path / "keys.toml"
    p.write_bytes(BROKEN[name])
    km = load_keymap(str(p))
    assert km.problems, name
    assert all("\n" not in m and "\x1b" not in m for m in km.problems)
    assert km.action_for(pygame.K_a, 0) == "exhaust"           # the defaults still work
    assert km.action_for(pygame.K_z, pygame.KMOD_CTRL) == "undo"


def test_a_fifo_named_keys_toml_does_not_hang_the_start(tmp_path):
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this system")
    p = tmp_path / "keys.toml"
    os.mkfifo(p)
    code = ("import sys; from sprites.keymap import load_keymap; "
            "km = load_keymap(sys.argv[1]); print(km.problems[0])")
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy"}
    out = subprocess.run([sys.executable, "-c", code, str(p)], cwd=root, env=env,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "not a regular file" in out.stdout


def test_the_window_shows_what_is_wrong_with_the_key_file(tmp_path):
    from sprites.app import App
    from tabletop.games.lcg.scenarios import new_game
    p = tmp_path / "keys.toml"
    p.write_bytes(BROKEN["keys_is_a_number"])
    app = App(new_game(scenario="passage-through-mirkwood", players=1, seed=1), size=(1024, 700),
              keymap=load_keymap(str(p)))
    app.step([])
    assert any("keys.toml" in text for _t, text in app.toasts)
    pygame.display.quit()
