"""The window's size and scale (sprites/screen.py), the command line's window options
before or after the command, resizing, and the SIGTERM path of an idle window."""
import json
import os
import subprocess
import sys

import pygame
import pytest

from sprites import screen
from sprites.screen import SizeError

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.fixture(autouse=True)
def _scale_back():
    yield
    screen.set_user_scale(None)


def test_parse_size_and_its_bounds():
    assert screen.parse_size("1920x1080") == (1920, 1080)
    assert screen.parse_size("1280X720") == (1280, 720)
    for bad, why in (("abc", "WIDTHxHEIGHT"), ("1920", "WIDTHxHEIGHT"), ("640x480", "at least"),
                     ("60000x60000", "at most 8192"), ("8193x900", "at most 8192")):
        with pytest.raises(SizeError, match=why):
            screen.parse_size(bad)


def test_the_size_fits_the_screen_it_opens_on():
    screens = [(1280, 720)]
    w, h = screen.initial_size(None, screens)
    assert w <= 1280 and h <= 720 and w >= 1100 and h >= 600
    assert screen.initial_size(None, [(2560, 1440)]) == screen.usable((2560, 1440))
    assert screen.initial_size("1024x700", screens) == (1024, 700)
    with pytest.raises(SizeError, match=r"larger than the largest screen \(1280x720\)"):
        screen.initial_size("1920x1080", screens)
    # two screens: a window as large as the larger one is allowed
    assert screen.initial_size("2560x1440", [(1920, 1080), (2560, 1440)]) == (2560, 1440)
    # the remembered size, if it still fits; else most of the screen
    assert screen.initial_size(None, [(1920, 1080)], remembered=(1500, 850)) == (1500, 850)
    assert screen.initial_size(None, [(1280, 720)], remembered=(1500, 850)) == \
        screen.usable((1280, 720))
    assert screen.initial_size(None, [], remembered=None) == screen.DEFAULT


def test_the_size_is_remembered_beside_the_language():
    from tabletop.core import i18n
    i18n.save_language("pl")
    assert screen.remembered_size() is None
    screen.remember_size((1500, 850))
    assert screen.remembered_size() == (1500, 850)
    with open(i18n.settings_path(), encoding="utf-8") as fh:
        data = json.load(fh)
    assert data["language"] == "pl" and data["window_size"] == [1500, 850]
    i18n.set_language("en")


def test_the_scale_grows_with_the_window_and_with_scale():
    assert screen.ui_scale((1280, 720)) == 1.0
    assert screen.ui_scale((1920, 1080)) == pytest.approx(1.08)
    assert screen.ui_scale((2560, 1440)) == pytest.approx(1.44)
    assert screen.ui_scale((3840, 2160)) == pytest.approx(2.16)
    screen.set_user_scale(1.5)
    assert screen.ui_scale((1280, 720)) == 1.5
    assert screen.parse_scale("2") == 2.0
    with pytest.raises(SizeError):
        screen.parse_scale("9")


def test_window_options_before_or_after_the_command():
    import main
    p = main.build_parser()
    for argv in (["--size", "1280x720", "new", "lcg"], ["new", "lcg", "--size", "1280x720"]):
        args = p.parse_args(argv)
        assert args.size == "1280x720" and args.cmd == "new", argv
    args = p.parse_args(["--players", "2", "--screenshot", "s.png", "new", "lcg", "--seed", "3"])
    assert (args.players, args.screenshot, args.seed) == (2, "s.png", 3)
    args = p.parse_args(["--scale", "1.5", "load", "f.msgpack"])
    assert args.scale == 1.5 and args.file == "f.msgpack"
    assert p.parse_args([]).size is None                     # defaults are filled in


@pytest.mark.parametrize("argv,why", [
    (["--scenario", "x", "load", "f"], "--scenario does not apply to \"load\""),
    (["--size", "1280x720", "play", "lcg"], "--size does not apply to \"play\""),
    (["new", "lcg", "--headless", "--size", "1280x720"], "--size does not apply"),
    (["--size", "60000x60000"], "at most 8192"),
    (["new", "lcg", "--size", "big"], "WIDTHxHEIGHT"),
])
def test_options_that_do_not_apply_are_refused_with_a_reason(argv, why):
    out = subprocess.run([sys.executable, "main.py", *argv], cwd=ROOT,
                         env={**os.environ, "SDL_VIDEODRIVER": "dummy"},
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2
    assert why in out.stderr and "Traceback" not in out.stderr


def test_a_resize_refits_the_table_and_scales_the_bars():
    from sprites.app import App
    from sprites.hud import bar_h
    from sprites.keymap import load_keymap
    from tabletop.games.lcg import api
    game = api.new_game("passage-through-mirkwood", players=2, decks=["leadership", "lore"],
                        seed=9)
    app = App(game, size=(1280, 720), keymap=load_keymap("/nonexistent/keys.toml"))
    app.step([])
    zoom = app.camera.zoom
    small_bar = app.game.panel.rect().h
    app.step([pygame.event.Event(pygame.VIDEORESIZE, w=2560, h=1440, size=(2560, 1440))])
    assert app.screen.get_size() == (2560, 1440)
    assert app.camera.zoom > zoom * 1.6                     # refitted at once, no Space
    assert app.game.panel.rect().h > small_bar and bar_h((2560, 1440)) > bar_h((1280, 720))
    for seat in range(2):
        assert app.game.table_area().contains(app.game.view.dial_rects(app.camera, seat)[0])
    app.remember_size = True
    app.quit()
    assert screen.remembered_size() == (2560, 1440)
    pygame.display.quit()


SIGTERM_CHILD = r"""
import os, signal, sys, threading, time
sys.path.insert(0, sys.argv[1])
from sprites.app import App
from sprites.keymap import load_keymap
from sprites.launch import _quit_on_sigterm
from tabletop.games.lcg.scenarios import new_game
app = App(new_game(seed=3), size=(1000, 700), keymap=load_keymap("/nonexistent/keys.toml"))
_quit_on_sigterm()
closed = []
app.quit = (lambda quit=app.quit: (closed.append(time.monotonic()), quit()))
def kill():
    time.sleep(1.0)                     # the loop is asleep in pygame.event.wait by now
    sent.append(time.monotonic())
    os.kill(os.getpid(), signal.SIGTERM)
sent = []
threading.Thread(target=kill, daemon=True).start()
app.run()
print("LATENCY", closed[0] - sent[0])
"""


def test_sigterm_wakes_an_idle_loop_at_once():
    out = subprocess.run([sys.executable, "-c", SIGTERM_CHILD, ROOT], cwd=ROOT,
                         env={**os.environ, "SDL_VIDEODRIVER": "dummy"},
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    latency = float(out.stdout.split("LATENCY")[1])
    assert latency < 0.5, latency
