"""The library of games: no game is ever lost to a new game, an idle start, a damaged
file, a second window or a hostile name (issues 1, 2, 4, 5 and 7)."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

from saves import codec, store
from saves.library import GameLock, GameSaver, Library, copy_of, home_of, open_game
from sprites.savefiles import SaveFiles
from tabletop.games.lcg import commands as C
from tabletop.games.lcg.scenarios import new_game

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def fresh(seed=1, players=1):
    return new_game(scenario="passage-through-mirkwood", players=players, seed=seed)


def play(saver, session, threat=1, rounds=0):
    """Threat +1 ``threat`` times, then ``rounds`` new rounds: one autosave each."""
    for cmd in [C.Threat(target=0, delta=1)] * threat + [C.Round(delta=1)] * rounds:
        assert session.submit(cmd)
        saver.notify(session)
        saver.flush(session)


def snapshot(folder):
    """Every file of the folder with its bytes (locks aside)."""
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())
            if p.is_file() and not p.name.endswith(".lock")}


@pytest.fixture
def library():
    return Library()


def start(library, session=None):
    """A window's autosave with a game on the table, as the launcher does it."""
    saver = GameSaver(library, min_interval=0)
    session = session or fresh()
    saver.notify(session)
    return saver, session


def test_a_new_game_never_replaces_the_last_one(library):
    saver, game_a = start(library)
    play(saver, game_a, threat=3, rounds=1)                     # a round-2 game
    path_a = home_of(game_a).path
    kept = {p.name: p.read_bytes() for p in store.backup_paths(path_a) if p.exists()}
    game_b = fresh(seed=2)
    saver.notify(game_b)                                        # the new-game screen
    play(saver, game_b, threat=5)
    path_b = home_of(game_b).path
    assert path_b != path_a and path_b.parent == path_a.parent
    assert {p.name: p.read_bytes() for p in store.backup_paths(path_a) if p.exists()} == kept
    assert store.load(path_a).session.state.round == 2
    assert library.last() == path_b
    assert [e.path for e in library.entries()] == [path_b, path_a]
    saver.stop(game_b)


def test_idle_starts_write_nothing_and_rotate_nothing(library):
    saver, session = start(library)
    play(saver, session, threat=2)
    saver.stop(session)
    before = snapshot(library.folder)
    for _ in range(3):                                          # open and close, do nothing
        opened = open_game(library.last(), library)
        saver = GameSaver(library, min_interval=0).start()
        saver.notify(opened.session)
        saver.stop(opened.session)
    after = snapshot(library.folder)
    before.pop(".last"), after.pop(".last")
    assert after == before


def test_generations_keep_the_round_and_the_session(library):
    saver, session = start(library)
    path = home_of(session).path
    play(saver, session, threat=2, rounds=1)                    # round 2 begins
    round2 = codec.summary(store.generation_path(path, "round").read_bytes())
    assert round2["round"] == 2
    play(saver, session, threat=6)
    saver.stop(session)
    at_end = path.read_bytes()

    opened = open_game(path, library)                           # the next session
    saver = GameSaver(library, min_interval=0)
    saver.notify(opened.session)
    play(saver, opened.session, threat=4)
    assert store.generation_path(path, "session").read_bytes() == at_end
    assert codec.summary(store.generation_path(path, "round").read_bytes()) == round2
    saver.stop(opened.session)


def test_a_damaged_file_is_moved_aside_and_good_backups_survive(library):
    saver, session = start(library)
    path = home_of(session).path
    play(saver, session, threat=3)
    saver.stop(session)
    good = {p.name: p.read_bytes() for p in store.backup_paths(path)[1:] if p.exists()}
    path.write_bytes(b"\x95 damaged")

    opened = open_game(path, library)
    assert "could not be read" in opened.notice
    saver = GameSaver(library, min_interval=0)
    saver.notify(opened.session)
    play(saver, opened.session, threat=4)                       # four actions, four writes
    saver.stop(opened.session)
    aside = [p for p in library.folder.iterdir() if ".damaged-" in p.name]
    assert [p.read_bytes() for p in aside] == [b"\x95 damaged"]
    assert store.generation_path(path, "session").read_bytes() == good[path.name + ".1"]
    for p in store.backup_paths(path)[:4]:
        assert codec.loads(p.read_bytes())                      # no damaged copy in the chain


def test_a_second_window_gets_the_game_read_only_or_a_copy(library):
    saver, session = start(library)
    play(saver, session, threat=1)
    path = home_of(session).path

    second = open_game(path, library)                           # the same home, another window
    assert home_of(second.session).read_only
    assert "another window" in second.notice
    before = second.session.state.to_data()
    result = second.session.submit(C.Threat(target=0, delta=1))
    assert not result.ok and "another window" in result.reason
    assert second.session.state.to_data() == before
    other = GameSaver(library, min_interval=0)
    other.notify(second.session)
    other.flush(second.session)                                 # writes nothing
    assert store.load(path).session.cursor == session.cursor

    copy = copy_of(second.session)
    other.notify(copy)                                          # its own new file
    assert copy.submit(C.Threat(target=0, delta=1))
    other.notify(copy)
    other.flush(copy)
    assert home_of(copy).path != path and store.load(home_of(copy).path).session.cursor == \
        session.cursor + 1
    other.stop(copy)
    saver.stop(session)
    assert not home_of(open_game(path, library).session).read_only   # released on close


def test_the_lock_holds_across_processes_and_dies_with_its_holder(library, tmp_path):
    path = tmp_path / "g.msgpack"
    child = subprocess.Popen([sys.executable, "-c", textwrap.dedent(f"""
        import sys, time
        from saves.library import GameLock
        lock = GameLock({str(path)!r}); assert lock.acquire()
        print("held", flush=True); time.sleep(60)""")], cwd=ROOT, stdout=subprocess.PIPE,
        text=True)
    try:
        assert child.stdout.readline().strip() == "held"
        assert not GameLock(path).acquire()
    finally:
        child.kill()
        child.wait()
    assert GameLock(path).acquire()                             # kill -9 frees it


def test_rotation_tolerates_files_that_vanish(tmp_path, monkeypatch):
    path = tmp_path / "g.msgpack"
    session = fresh()
    for _ in range(3):
        store.save(session, path)
    real = os.replace

    def racing(src, dst):                                       # another writer got there first
        if str(src).endswith(".msgpack.1"):
            os.unlink(src)
        return real(src, dst)
    monkeypatch.setattr(os, "replace", racing)
    store.save(session, path)
    assert codec.loads(path.read_bytes())


def test_names_from_a_save_never_leave_the_saves_folder(library):
    session = fresh()
    session.state.scenario = "../../../../elsewhere/escaped"
    files = SaveFiles()
    for target in (library.new_file(session), files.new_path(session),
                   files.named_path("../../../../elsewhere/escaped"),
                   files.named_path("..\\..\\evil")):
        target = os.path.realpath(target)
        assert target.startswith(os.path.realpath(library.folder) + os.sep), target
        assert "elsewhere" not in os.path.dirname(target)
    saver = GameSaver(library, min_interval=0)
    saver.notify(session)
    assert home_of(session).path.parent == library.folder
    saver.stop(session)


def test_leftover_temporary_files_are_cleaned_up(library):
    folder = library.ensure()
    dead = folder / ".g.msgpack.99999999.0badf00d.tmp"          # no such process
    alive = folder / f".g.msgpack.{os.getpid()}.0badf00d.tmp"   # a writer at work
    dead.write_bytes(b"half a save")
    alive.write_bytes(b"half a save")
    library.ensure()
    assert not dead.exists() and alive.exists()


def test_main_games_lists_every_game(library):
    saver, session = start(library)
    play(saver, session, threat=1, rounds=2)
    saver.stop(session)
    out = subprocess.run([sys.executable, "main.py", "games"], cwd=ROOT, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "Passage Through Mirkwood" in out.stdout and "round 3" in out.stdout
    assert str(home_of(session).path) in out.stdout


def test_a_file_from_elsewhere_joins_the_library_at_its_first_change(library, tmp_path):
    outside = tmp_path / "from-a-friend.msgpack"
    store.save(fresh(seed=9), outside)
    before = outside.read_bytes()
    opened = open_game(outside, library)
    saver = GameSaver(library, min_interval=0)
    saver.notify(opened.session)
    saver.flush(opened.session)
    assert library.files() == []                                # looked at: nothing written
    play(saver, opened.session, threat=1)
    saver.stop(opened.session)
    assert outside.read_bytes() == before                       # the friend's file is untouched
    (copy,) = library.files()
    assert store.load(copy).session.cursor == opened.session.cursor
