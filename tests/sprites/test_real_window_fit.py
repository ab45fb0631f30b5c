"""A real window under Xvfb at the three common screen sizes: it opens sized to the
screen, on it, and the top bar, the decision bar, every seat's threat dial and heroes,
the hand and the dice tray are on screen; SIGTERM closes an idle window at once, saved
and unlocked.  The screenshots stay in the test's folder (look at them: ``--basetemp``).
"""
import os
import shutil
import signal
import subprocess
import sys
import time

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

def _game():
    """A 2-seat game the rules engine runs, in round 1's resource phase (hands dealt)."""
    from tabletop.games.lcg import api
    game = api.new_game("passage-through-mirkwood", players=2, decks=["leadership", "lore"],
                        seed=9)
    while api.derived(game)["phase"] == "setup":
        c = game.pending()
        api.answer(game, next(w for w in ("random", "keep") if w in c.options))
    return game

pytestmark = pytest.mark.xvfb


def _free_display() -> int:
    for n in range(141, 199):
        if not os.path.exists(f"/tmp/.X{n}-lock") and not os.path.exists(f"/tmp/.X11-unix/X{n}"):
            return n
    raise RuntimeError("no free X display number")


def _xvfb(size):
    if shutil.which("Xvfb") is None:
        pytest.skip("Xvfb is not installed (apt-get install xvfb); CI installs it")
    n = _free_display()
    proc = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", f"{size[0]}x{size[1]}x24",
                             "-nolisten", "tcp"], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    deadline = time.time() + 10
    while not os.path.exists(f"/tmp/.X11-unix/X{n}"):
        if time.time() > deadline or proc.poll() is not None:
            proc.kill()
            pytest.fail("Xvfb did not start")
        time.sleep(0.05)
    return proc, f":{n}"


@pytest.fixture
def screen(request):
    proc, display = _xvfb(request.param)
    yield request.param, display
    proc.terminate()
    proc.wait(5)


def _env(display, tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
    env.update(DISPLAY=display, SDL_AUDIODRIVER="dummy",
               LOTR_TABLETOP_CONFIG=str(tmp_path / "config"),
               LOTR_TABLETOP_HOME=str(tmp_path / "home"))
    return env


def _inside(outer, inner) -> bool:
    return outer.contains(inner)


@pytest.mark.parametrize("screen", [(1280, 720), (1920, 1080), (2560, 1440)], indirect=True,
                         ids=["720p", "1080p", "1440p"])
def test_the_window_fits_the_screen_and_shows_every_part(screen, tmp_path):
    (sw, sh), display = screen
    from saves.store import save
    game = _game()
    saved = tmp_path / "two-seats.msgpack"
    save(game, saved)
    shot = tmp_path / f"window-{sw}x{sh}.png"
    out = subprocess.run([sys.executable, "main.py", "load", str(saved), "--screenshot", str(shot)],
                         cwd=ROOT, env=_env(display, tmp_path), capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    import pygame
    img = pygame.image.load(str(shot))
    w, h = img.get_size()
    assert w <= sw and h <= sh                               # never larger than the screen
    assert w >= sw * 0.85 and h >= sh * 0.8                  # most of it
    # where every part is, worked out by the same window code without a display
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from sprites.app import App
    from sprites.hud import bar_h
    from sprites.keymap import load_keymap
    from sprites.palette import HUD_BG
    app = App(game, size=(w, h), keymap=load_keymap("/nonexistent/keys.toml"))
    app.step([])
    whole = pygame.Rect(0, 0, w, h)
    view = app.game
    area = view.table_area()
    top = pygame.Rect(0, 0, w, bar_h((w, h)))
    bar = view.panel.rect()
    assert bar.h > 0 and bar.top >= top.bottom and _inside(whole, bar)
    for b in view.panel.buttons:
        assert _inside(whole, b.rect.move(0, bar.y)), b.label     # no button cut off
    assert tuple(img.get_at((4, 4)))[:3] == HUD_BG                # the top bar is drawn
    for seat in range(2):
        dial = view.view.dial_rects(app.camera, seat)[0]
        assert _inside(area, dial), (seat, dial, area)
        x, y = dial.centerx, dial.centery + int(dial.h * 0.36)
        r, g, b = tuple(img.get_at((x, y)))[:3]
        assert r > g + 25 and r > b + 25, (seat, (x, y), (r, g, b))   # the dial's red face
        for cid in game.state.cards:
            card = game.state.cards[cid]
            if card.owner == seat and cid in view.view.by_id and \
                    view.db.by_code[card.code].type == "hero":
                assert _inside(area, view.view.screen_rect(app.camera, view.view.by_id[cid]))
    hand = view.hand.rects()
    assert hand and all(_inside(whole, r) for _c, r in hand)
    tray = app.tray.rects()
    assert all(_inside(whole, r) for _k, r in tray)
    right_of_hand = max(r.right for _c, r in hand)
    assert right_of_hand < min(r.x for _k, r in tray) - 8      # the hand clear of the tray
    pygame.display.quit()


@pytest.mark.parametrize("screen", [(1280, 720)], indirect=True, ids=["720p"])
def test_size_larger_than_the_screen_is_refused(screen, tmp_path):
    (_sw, _sh), display = screen
    out = subprocess.run([sys.executable, "main.py", "--size", "1920x1080", "--screenshot",
                          str(tmp_path / "no.png")], cwd=ROOT, env=_env(display, tmp_path),
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2
    assert "larger than the largest screen (1280x720)" in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr
    assert not (tmp_path / "no.png").exists()


@pytest.mark.parametrize("screen", [(1280, 720)], indirect=True, ids=["720p"])
def test_sigterm_closes_an_idle_window_at_once_saved_and_unlocked(screen, tmp_path, monkeypatch):
    if shutil.which("xdotool") is None:
        pytest.skip("xdotool is not installed (apt-get install xdotool); CI installs it")
    (_sw, _sh), display = screen
    env = _env(display, tmp_path)
    child = subprocess.Popen([sys.executable, "main.py", "--seed", "4"], cwd=ROOT, env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        found = subprocess.run(["xdotool", "search", "--sync", "--pid", str(child.pid)],
                               env=env, capture_output=True, text=True, timeout=60)
        assert found.returncode == 0
        time.sleep(1.5)                                  # idle: asleep in pygame.event.wait
        t0 = time.monotonic()
        child.send_signal(signal.SIGTERM)
        _out, err = child.communicate(timeout=20)
        took = time.monotonic() - t0
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == 0, err.decode(errors="replace")
    assert took < 3.0, took
    from saves.library import GameLock, Library
    monkeypatch.setenv("LOTR_TABLETOP_HOME", env["LOTR_TABLETOP_HOME"])
    path = Library().last()
    assert path is not None and path.exists()              # the game is on disk
    lock = GameLock(path)
    assert lock.acquire()                                  # and no window holds it
    lock.release()
