"""The window's part of Circle of Conflict, driven with synthetic events (SDL dummy driver),
and one real window under Xvfb."""
from __future__ import annotations

import os
import subprocess
import sys

import pygame
import pytest

from sprites.app import App
from sprites.games.coc import halfboard
from sprites.games.coc.view import CocView
from tabletop.games.coc import commands as C
import tabletop.games.coc.slot as S
import sprites.games.coc.geometry as G

from tests.coc.helpers import D, force, game, set_marks, slot, to_step
from tests.sprites.test_window import xvfb  # noqa: F401  (the real-window fixture)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def ev(kind, **kw):
    return pygame.event.Event(kind, **kw)


def click(app, pos, button=1):
    app.step([ev(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              ev(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
              ev(pygame.MOUSEBUTTONUP, pos=pos, button=button)])


def window(session, viewer=None):
    app = App(session, size=(1600, 900))
    if viewer is not None:
        app.viewer = viewer
        app.game.rebuild(None)
    app.step([])
    return app


def spot_centre(app, kind: str, local) -> tuple[int, int]:
    placed = next(p for p in app.game.placed if p.kind == kind)
    return app.camera.to_screen(placed.x + local[0], placed.y + local[1])


def box_centre(app, half: str, track: str, index: int) -> tuple[int, int]:
    x, y, w, h = next(r for k, key, r in app.game.half_spots[half] if k == "box" and key == (track, index))
    return spot_centre(app, half, (x + w / 2, y + h / 2))


def test_the_table_is_drawn_for_every_seat_count():
    for players in (2, 3, 4):
        app = window(game(players))
        assert isinstance(app.game, CocView)
        kinds = sorted(p.kind for p in app.game.placed)
        assert kinds.count("battle") == players and "ring" in kinds and "fp" in kinds
        colours = {tuple(app.screen.get_at((x, y)))[:3] for x in range(0, 1600, 37) for y in range(40, 860, 29)}
        assert len(colours) > 60                                     # boards, not a blank table


def test_a_new_game_opens_at_the_start_player_and_the_panel_rolls():
    s = game(3, 7)
    app = window(s)
    assert app.viewer == s.state.first_player
    roll = next(b for b in app.game.panel.buttons if b.main)
    click(app, roll.rect.center)
    assert isinstance(s.history[-1].command, C.Roll) and app.dice.anim is not None
    rolled = slot(s)["rolled"]
    assert rolled and all(s.state.dice[d].y < G.HALVES_Y for d in rolled)     # on the Ring board


def test_clicking_a_glowing_box_spends_an_icon():
    s = to_step(game(2, 5), "icons")
    seat = s.pending().seat
    app = window(s, seat)
    mark = next(c for c in s.legal_actions(seat) if isinstance(c, C.Mark))
    assert ("fp" if mark.half == "fp" else "sh", "", "box", (mark.track, mark.box)) in app.game.glow
    click(app, box_centre(app, mark.half, mark.track, mark.box))
    assert s.history[-1].command == mark


def test_clicking_a_box_out_of_order_says_why():
    s = to_step(game(2, 5), "icons")
    seat = s.pending().seat
    app = window(s, seat)
    n = len(s.log)
    click(app, box_centre(app, "fp", "resolve", 5))
    assert len(s.log) == n and any("order" in t or "icon" in t for _e, t in app.toasts)


def test_clicking_the_map_moves_the_fellowship():
    s = game(2, 5)
    force(s, step="icons")
    set_marks(s, 0, "fp", "resolve", 3)
    app = window(s, 0)
    loc = D.locations["bree"]
    click(app, spot_centre(app, "fp", G.map_point(loc.x, loc.y)))
    assert slot(s)["secret"]["p1"]["fellowship"]["at"] == "bree"


def test_the_curtain_keeps_the_next_board_closed():
    s = game(2, 5)
    set_marks(s, 1, "fp", "resolve", 4)
    app = window(s, 0)
    app.switch_seat(1)
    assert app.curtain == 1
    app.step([])
    z = app.camera.zoom
    shown = app.game._surface(next(p for p in app.game.placed if p.kind == "fp"))
    closed = halfboard.closed(z, "fp", "Ben")
    assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(closed, "RGB")
    click(app, (800, 450))                                            # Ben is there now
    assert app.curtain is None and list(app.game.seen.slots["coc"]["secret"]) == ["p2"]


def test_the_free_table_pen_marks_and_erases():
    s = game(2, 5, rules="sandbox")
    app = window(s, 0)
    at = box_centre(app, "sh", "hunt", 4)
    click(app, at)
    click(app, at)
    assert slot(s)["secret"]["p1"]["sh"]["tracks"]["hunt"][4] == 2       # marked, then erased
    assert [type(e.command) for e in s.history] == [C.Pen, C.Pen]


def test_score_table_hides_other_journeys_until_the_end():
    s = game(2, 5)
    slot(s)["secret"]["p2"]["fellowship"]["visited"] = ["shire", "caradhras"]
    app = window(s, 0)
    app.step([ev(pygame.KEYDOWN, key=pygame.K_t, mod=0, unicode="t")])
    assert app.game.scores.visible
    cols = dict(app.game.scores.columns())
    assert cols["Ben"]["ring"] == "?" and cols["Ann"]["ring"] == 0
    force(s, step="over")
    assert dict(app.game.scores.columns())["Ben"]["ring"] == 1


def test_real_window_of_circle_of_conflict(xvfb, tmp_path):                 # noqa: F811
    shot = tmp_path / "coc.png"
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
    env.update(DISPLAY=xvfb, SDL_AUDIODRIVER="dummy")
    out = subprocess.run([sys.executable, "main.py", "new", "coc", "--players", "3", "--name", "Ann",
                          "--name", "Ben", "--name", "Cyd", "--rules", "enforce", "--seed", "4",
                          "--size", "1600x900", "--screenshot", str(shot)], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    img = pygame.image.load(str(shot))
    colours = {tuple(img.get_at((x, y)))[:3] for x in range(0, 1600, 23) for y in range(0, 900, 19)}
    assert img.get_size() == (1600, 900) and len(colours) > 120          # boards, not a blank window
