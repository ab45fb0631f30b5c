"""Saving and loading from the window: Ctrl+S, quick save/load, autosave, continue."""
import os
import subprocess
import sys

import pygame

from saves import codec, store
from tabletop.games.lcg import commands as C
from tabletop.games.lcg.scenarios import setup_game
from tabletop.games.lcg.setup import starter
from sprites.app import App
from sprites.keymap import load_keymap

from .test_ui import down, key, move, up

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def make_app(autosaver=None):
    session = setup_game("passage_through_mirkwood", [starter("tactics")], seed=21)
    app = App(session, size=(1280, 800), keymap=load_keymap("/nonexistent/keys.toml"),
              autosaver=autosaver)
    app.step([])
    return app


def test_ctrl_s_saves_and_quick_load_restores_exactly():
    app = make_app()
    app.step([move((5, 300))] + key(pygame.K_d))
    app.step(key(pygame.K_F5))
    saved = app.state.to_data()
    quick = app.files.quick_path()
    assert os.path.exists(quick)
    app.step(key(pygame.K_d) + key(pygame.K_d))
    assert app.state.to_data() != saved
    app.step(key(pygame.K_F9))
    assert app.state.to_data() == saved
    # undo history survives the round trip
    assert app.session.can_undo
    app.step(key(pygame.K_s, pygame.KMOD_CTRL))
    assert app.save_path and os.path.exists(app.save_path)
    pygame.display.quit()


def test_open_menu_lists_saves_and_loads_one():
    app = make_app()
    app.step(key(pygame.K_s, pygame.KMOD_CTRL))
    app.step(key(pygame.K_o, pygame.KMOD_CTRL))
    games = [i for i in app.menu.items if i.enabled and i.action is not None]
    assert app.menu is not None and games
    games[0].action()
    assert any("Opened" in t for _e, t in app.toasts)
    pygame.display.quit()


def test_the_games_menu_walks_a_game_back_and_offers_a_copy():
    from saves.library import GameSaver, home_of, open_game
    from sprites import library as ui
    saver = GameSaver(min_interval=0)
    app = make_app(saver)
    saver.notify(app.session)                       # a new game: its own file at once
    path = home_of(app.session).path
    for k in (pygame.K_u, pygame.K_u):
        app.step([move((5, 300))] + key(k))
        saver.flush(app.session)
    app.step(key(pygame.K_n, pygame.KMOD_CTRL))     # round 2 begins
    saver.flush(app.session)
    app.step(key(pygame.K_u))
    saver.flush(app.session)
    threat = app.state.seats[0].counters["threat"]
    app.step(key(pygame.K_o, pygame.KMOD_CTRL))
    labels = [i.label for i in app.menu.items]
    assert any("start of this round" in label for label in labels)
    back = next(i for i in app.menu.items if "start of this round" in i.label)
    back.action()
    assert app.state.round == 2 and app.state.seats[0].counters["threat"] == threat - 1
    assert home_of(app.session).path == path
    assert store.load(path).session.state == app.state              # written at once
    assert codec.summary(store.generation_path(path, "1").read_bytes())["actions"] > \
        app.session.cursor                                          # what was left: a backup
    # a second window on the same game: read-only, with the choice to copy
    other = open_game(path)
    assert home_of(other.session).read_only
    app.set_session(other.session)
    ui.after_open(app)
    assert app.menu is not None and "another window" in app.menu.title
    copy = next(i for i in app.menu.items if "copy" in i.label)
    copy.action()
    assert home_of(app.session).path != path and not home_of(app.session).read_only
    saver.stop(app.session)
    pygame.display.quit()


def test_autosave_after_actions_and_continue_resumes():
    saver = store.Autosaver(min_interval=0.0).start()
    app = make_app(saver)
    app.step([move((5, 300))] + key(pygame.K_d))
    app.step(key(pygame.K_u))
    saver.stop(app.session)
    result = store.load(store.autosave_path())
    assert result.session.state.to_data() == app.state.to_data()
    assert len(result.session.log) == len(app.session.log)
    pygame.display.quit()
    # `python main.py` then continues that game exactly
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy"}
    code = ("import sys; sys.argv=['main.py']; import main, cli as c;"
            "from types import SimpleNamespace as N;"
            "s, note = c.continue_or_new(main.build_parser().parse_args([]));"
            "print(len(s.log), s.state.seats[0].counters['threat'], note)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    n, threat, *_ = out.stdout.split()
    assert int(n) == len(app.session.log) and int(threat) == app.state.seats[0].counters["threat"]
    assert "Continued" in out.stdout


def test_a_corrupt_autosave_is_reported_and_kept(tmp_path):
    path = store.autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\x93 not a save")
    import main
    import cli as c
    session, note = c.continue_or_new(main.build_parser().parse_args([]))
    assert session is not None and "could not be read" in note and "kept" in note
    assert path.read_bytes() == b"\x93 not a save"


def test_new_game_from_the_table_replaces_the_session():
    app = make_app()
    fresh = setup_game("journey_down_the_anduin", [starter("lore"), starter("spirit")], seed=3)
    app.on_new_game = lambda screen: fresh
    app.step(key(pygame.K_n, pygame.KMOD_CTRL | pygame.KMOD_SHIFT))
    assert app.session is fresh and app.state.scenario == "journey_down_the_anduin"
    app.step([move((5, 300))] + key(pygame.K_d))         # the new session takes commands
    assert len(fresh.state.zones["p1.hand"].cards) == 7
    pygame.display.quit()


def test_ctrl_q_saves_and_quits():
    saver = store.Autosaver(min_interval=10.0).start()     # nothing would be written yet
    app = make_app(saver)
    app.step([move((5, 300))] + key(pygame.K_d))
    app.step(key(pygame.K_q, pygame.KMOD_CTRL))
    assert not app.running
    saver.stop(app.session)
    result = store.load(store.autosave_path())
    assert len(result.session.log) == len(app.session.log)
    pygame.display.quit()


def test_the_table_menu_has_save_and_quit():
    saver = store.Autosaver(min_interval=10.0).start()
    app = make_app(saver)
    app.step([move((640, 400)), down((640, 400), button=3), up((640, 400), button=3)])
    item = next(i for i in app.menu.items if i.label == "Save and quit")
    assert item.hotkey == "Ctrl+Q"
    item.action()
    assert not app.running
    saver.stop(app.session)
    pygame.display.quit()


def test_going_back_refuses_a_generation_that_save_check_refuses(tmp_path):
    """A way back (Ctrl+O) opens an older generation with the same check as opening a game
    and ``save check``: a file whose table is not what its log leads to is refused, with a
    message, and the game on the table stays as it was."""
    from saves.library import GameSaver, home_of
    from sprites import library as ui
    saver = GameSaver(min_interval=0)
    app = make_app(saver)
    saver.notify(app.session)
    path = home_of(app.session).path
    app.step([move((5, 300))] + key(pygame.K_u))
    saver.flush(app.session)
    forged = codec.loads(store.generation_path(path, "1").read_bytes())
    forged.state.seats[0].counters["threat"] = 49          # no action put it there
    store.generation_path(path, "1").write_bytes(codec.dumps(forged))
    codec.loads(store.generation_path(path, "1").read_bytes())   # the quick load takes it
    before = app.state.seats[0].counters["threat"]
    ui.walk_back(app, store.generation_path(path, "1"))
    assert app.state.seats[0].counters["threat"] == before        # nothing was replaced
    assert any("Could not go back" in t for _e, t in app.toasts)
    saver.stop(app.session)
    pygame.display.quit()
