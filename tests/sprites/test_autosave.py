"""The autosaver listens to the session on the table (and to the next one after a load)."""
import pygame

from saves import store
from sprites.app import App
from sprites.autosave import SessionAutosave
from sprites.keymap import load_keymap
from tabletop.games.lcg import commands as C
from tabletop.games.lcg.scenarios import setup_game


def test_changes_are_saved_by_subscription_with_a_debounce(tmp_path):
    clock = [100.0]
    saver = store.Autosaver(tmp_path / "auto.msgpack", min_interval=5.0, clock=lambda: clock[0])
    saver.start()
    session = setup_game("passage_through_mirkwood", None, seed=3)
    link = SessionAutosave(saver, session)
    saver.wait()
    assert saver.saves == 1                  # the game as it starts
    clock[0] += 6
    session.submit(C.Draw(0, 0, 1))          # a change: snapshot at once, written off-thread
    saver.wait()
    assert saver.saves == 2
    session.submit(C.Draw(0, 0, 1))          # too soon after the last one: waits
    saver.wait()
    assert saver.saves == 2 and saver.dirty
    link.tick()
    assert saver.saves == 2                  # still not due
    clock[0] += 6
    link.tick()
    saver.wait()
    assert saver.saves == 3 and not saver.dirty
    assert store.load(tmp_path / "auto.msgpack").session.state.to_data() == session.state.to_data()
    session.submit(C.Round(0, 1))
    assert not session.submit(C.Draw(0, 5, 1)).ok        # refused: nothing to save
    saver.stop(session)
    assert len(store.load(tmp_path / "auto.msgpack").session.log) == len(session.log)


def test_the_window_moves_the_subscription_to_a_loaded_game(tmp_path):
    saver = store.Autosaver(tmp_path / "auto.msgpack", min_interval=0.0)
    first = setup_game("passage_through_mirkwood", None, seed=3)
    app = App(first, size=(1024, 700), keymap=load_keymap("/nonexistent/keys.toml"),
              autosaver=saver)
    assert app.autosaver is saver and saver.dirty          # the game on the table is to be saved
    saver.flush(first)
    second = setup_game("journey_down_the_anduin", None, seed=4)
    app.set_session(second)
    assert saver.dirty
    saver.flush(second)
    first.submit(C.Draw(0, 0, 1))          # the old game is no longer listened to
    assert not saver.dirty
    second.submit(C.Draw(0, 0, 1))
    assert saver.dirty
    app.running = False
    app.run()                              # closing the window writes what is left
    assert not saver.dirty
    assert store.load(tmp_path / "auto.msgpack").session.state.scenario == "journey_down_the_anduin"
    pygame.display.quit()
