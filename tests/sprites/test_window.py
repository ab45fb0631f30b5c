"""Open a real window under Xvfb, drive it, and save a screenshot."""
import os
import shutil
import subprocess
import sys
import time

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

pytestmark = pytest.mark.xvfb


def _free_display() -> int:
    for n in range(91, 140):
        if not os.path.exists(f"/tmp/.X{n}-lock") and not os.path.exists(f"/tmp/.X11-unix/X{n}"):
            return n
    raise RuntimeError("no free X display number")


@pytest.fixture
def xvfb():
    if shutil.which("Xvfb") is None:
        pytest.skip("Xvfb is not installed (apt-get install xvfb); CI installs it")
    n = _free_display()
    proc = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 10
    while not os.path.exists(f"/tmp/.X11-unix/X{n}"):
        if time.time() > deadline or proc.poll() is not None:
            proc.kill()
            pytest.fail("Xvfb did not start")
        time.sleep(0.05)
    yield f":{n}"
    proc.terminate()
    proc.wait(5)


def test_real_window_screenshot(xvfb, tmp_path):
    shot = tmp_path / "table.png"
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
    env.update(DISPLAY=xvfb, SDL_AUDIODRIVER="dummy")
    out = subprocess.run([sys.executable, "main.py", "--seed", "5", "--size", "1600x900",
                          "--screenshot", str(shot)], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    import pygame
    img = pygame.image.load(str(shot))
    assert img.get_size() == (1600, 900)
    # a real table: many distinct colours (felt, card faces, text), not a blank window
    colours = {tuple(img.get_at((x, y)))[:3] for x in range(0, 1600, 23) for y in range(0, 900, 19)}
    assert len(colours) > 200


FOUR = ["--players", "4", "--deck", "leadership", "--deck", "lore", "--deck", "spirit",
        "--deck", "tactics", "--seed", "9"]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_real_window_four_seats_every_dial_on_screen(xvfb, tmp_path, size):
    """A 4-seat table in a real window: every seat's threat dial is drawn on screen,
    between the top bar and the hand."""
    shot = tmp_path / "four.png"
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
    env.update(DISPLAY=xvfb, SDL_AUDIODRIVER="dummy")
    w, h = size
    out = subprocess.run([sys.executable, "main.py", "new", "lcg", *FOUR, "--size", f"{w}x{h}",
                          "--screenshot", str(shot)], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    import pygame
    img = pygame.image.load(str(shot))
    assert img.get_size() == size
    # where the dials are, worked out by the same window code without a display
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from sprites.app import App
    from sprites.keymap import load_keymap
    from tabletop.games.lcg.scenarios import new_game
    app = App(new_game(players=4, decks=["leadership", "lore", "spirit", "tactics"], seed=9),
              size=size, keymap=load_keymap("/nonexistent/keys.toml"))
    area = app.game.table_area()
    for seat in range(4):
        dial = app.game.view.dial_rects(app.camera, seat)[0]
        assert area.contains(dial), (seat, dial, area)
        # the dial's dark red face, just inside its gold rim, is in the real screenshot
        x, y = dial.centerx, dial.centery + int(dial.h * 0.36)
        r, g, b = tuple(img.get_at((x, y)))[:3]
        assert r > g + 25 and r > b + 25, (seat, (x, y), (r, g, b))
    pygame.display.quit()
