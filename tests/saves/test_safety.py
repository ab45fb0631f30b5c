"""Bounded costs and clean refusals (issues 8, 9 and 10): a small file never costs
seconds or gigabytes, names are printed escaped, a bad --save is one line."""
from __future__ import annotations

import math
import os
import subprocess
import sys
import time
import zlib

import msgpack
import pytest

from saves import cli, codec, store
from saves.codec import SaveError
from tabletop.core import schema as S
from tabletop.games.lcg import commands as C
from tabletop.games.lcg.scenarios import new_game

from .test_saves import decode_all, encode_all, load_error, make_game

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.fixture(scope="module")
def saved():
    return codec.dumps(make_game(actions=60, tail=0))


def _with_body(saved: bytes, change) -> bytes:
    env = list(msgpack.unpackb(saved, raw=False))
    body = msgpack.unpackb(env[3], raw=False)
    change(body)
    env[3] = msgpack.packb(body, use_bin_type=True)
    env[4] = zlib.crc32(env[3], zlib.crc32(env[2]))
    return msgpack.packb(env, use_bin_type=True)


def test_a_zlib_bomb_is_refused_quickly_at_the_real_limit(saved):
    comp = zlib.compressobj(9)
    chunk = bytes(1 << 20)
    bomb = b"".join(comp.compress(chunk) for _ in range(codec.MAX_UNPACKED // len(chunk) + 8))
    bomb += comp.flush()                                   # about 40 KB that unpack to 40 MiB

    def put(body):
        body[6][0] = bomb
    data = _with_body(saved, put)
    started = time.perf_counter()
    assert "too large" in load_error(data)
    assert time.perf_counter() - started < 1.0


def test_a_log_longer_than_any_game_is_refused_before_it_is_unpacked(saved):
    doc = decode_all(saved)
    doc["log_length"] = 2_000_000
    started = time.perf_counter()
    msg = load_error(encode_all(doc))
    assert "2,000,000 actions" in msg and time.perf_counter() - started < 0.5


def test_the_session_and_the_loader_bound_the_log_alike(monkeypatch):
    session = new_game(scenario="passage-through-mirkwood", players=1, seed=1)
    monkeypatch.setattr(S, "MAX_ACTIONS", session.cursor + 2)
    assert session.submit(C.Threat(target=0, delta=1))
    assert session.submit(C.Threat(target=0, delta=1))
    refused = session.submit(C.Threat(target=0, delta=1))
    assert not refused and "most one game can hold" in refused.reason
    assert codec.loads(codec.dumps(session))                   # at the limit: still loads
    monkeypatch.undo()

    monkeypatch.setattr(S, "MAX_EVENTS", session.events_total + 1)
    assert session.submit(C.Threat(target=0, delta=1))         # one change: fits
    refused = session.submit(C.Threat(target=0, delta=1))
    assert not refused and "changes" in refused.reason
    session.undo()                                              # a new action drops the tail
    assert session.submit(C.Threat(target=0, delta=2))
    assert codec.loads(codec.dumps(session)).events_total == session.events_total
    monkeypatch.setattr(codec.V, "MAX_EVENTS", session.events_total - 1)
    assert "changes" in load_error(codec.dumps(session))


def test_names_with_terminal_escapes_are_printed_escaped(tmp_path, capsys):
    evil = "\x1b]0;pwned\x07\x1b[2J\x1b[31mAnn"
    session = new_game(scenario="passage-through-mirkwood", players=2, seed=1,
                       names=[evil, "Ben\u202e"])
    path = store.save(session, tmp_path / "evil.msgpack")
    assert cli.check_cli(path) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\u202e" not in out and "\x07" not in out
    assert "\\x1b]0;pwned\\x07" in out
    listing = subprocess.run([sys.executable, "main.py", "save", "check", str(path)], cwd=ROOT,
                             capture_output=True, text=True, timeout=60)
    assert listing.returncode == 0 and "\x1b" not in listing.stdout


def test_the_window_draws_names_escaped():
    from sprites import fonts
    assert fonts.text("a\x1b[2J", 14).get_size() == fonts.text("a\\x1b[2J", 14).get_size()


@pytest.mark.parametrize("target", ["/proc/x", "{tmp}", "{tmp}/no/such/folder/x.msgpack"])
def test_a_bad_save_target_is_one_line(tmp_path, target):
    target = target.format(tmp=tmp_path)
    out = subprocess.run([sys.executable, "main.py", "new", "lcg", "--headless", "--seed", "3",
                          "--save", target], cwd=ROOT, capture_output=True, text=True,
                         timeout=60)
    if target.endswith("x.msgpack"):                # a missing folder is made
        assert out.returncode == 0 and os.path.isfile(target)
        return
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1 and "Cannot save" in out.stderr


def test_opening_what_is_not_a_file_is_one_line(tmp_path):
    for target in ("/proc/self/status", str(tmp_path)):
        with pytest.raises(SaveError):
            store.load(target)
        out = subprocess.run([sys.executable, "main.py", "save", "check", target], cwd=ROOT,
                             capture_output=True, text=True, timeout=60)
        assert out.returncode == 2 and len(out.stdout.strip().splitlines()) == 1


def test_an_action_with_more_changes_than_a_table_has_cards_saves_and_loads():
    from saves import bench
    from tabletop.core.session import Session
    session = Session(bench.big_table(4000, seed=2, seats=1))
    ids = tuple(c for c in session.state.cards if session.state.cards[c].attached_to is None)
    result = session.submit(C.MoveCards(card_ids=ids, zone="table", x=0.0, y=0.0))
    assert result and len(result.entry.events) > S.MAX_CARDS
    loaded = codec.loads(codec.dumps(session))
    assert loaded.state == session.state and loaded.log == session.log


def test_a_log_whose_changes_do_not_fit_the_table_is_refused_not_half_done():
    """A crafted file can pass the quick load (only ``save check`` replays the log):
    undo and redo of an entry that does not fit refuse, and change nothing."""
    session = new_game(scenario="passage-through-mirkwood", players=1, seed=2)
    cid = session.state.table.cards[-1]
    assert session.submit(C.Discard(card_ids=(cid,)))
    session.undo()
    entry = session.log[-1]
    for i, ev in enumerate(entry.events):
        if ev[0] == "move":
            entry.events[i] = ev[:3] + (ev[3] + 7,) + ev[4:]    # not where the card is
    loaded = codec.loads(codec.dumps(session))
    before = loaded.state.to_data()
    assert loaded.redo() is None and loaded.state.to_data() == before
    loaded.seek(len(loaded.log))                                 # stops, never loops
    assert loaded.cursor == len(loaded.log) - 1 and loaded.state.to_data() == before
    assert "out of step" in load_error(codec.dumps(session))     # save check says why


def test_a_die_showing_a_face_it_does_not_have_is_refused_at_load():
    """The window draws a die's face from its kind: a face beyond them would crash it."""
    from tabletop.core.commands import AddDie, RollDice
    session = new_game(scenario="passage-through-mirkwood", players=1, seed=2)
    assert session.submit(AddDie(kind="d6", x=0.0, y=0.0))
    die = max(session.state.dice)
    assert session.submit(RollDice(die_ids=(die,)))
    doc = decode_all(codec.dumps(session))
    for entry in doc["blocks"][-1]:
        for ev in entry[1]:
            if ev[0] == "die" and ev[2] == "face":
                ev[4] = 6                                       # a d6 has faces 0..5
    assert "face its kind does not have" in load_error(encode_all(doc), verify=False)


def test_a_first_player_or_owner_who_is_not_a_seat_is_refused_at_load():
    session = new_game(scenario="passage-through-mirkwood", players=1, seed=2)
    assert session.submit(C.Round(delta=1))
    doc = decode_all(codec.dumps(session))
    entry = doc["blocks"][-1][-1]
    entry[1].append(["global", "first_player", 0, 3])          # seat 4 of a 1-seat game...
    entry[1].append(["global", "first_player", 3, 0])          # ...and back: the table is fine
    assert "seat" in load_error(encode_all(doc), verify=False)


@pytest.mark.parametrize("change", [lambda d: d.__setitem__(2, 6), lambda d: d.__setitem__(1, "d7"),
                                    lambda d: d.__setitem__(3, math.inf)])
def test_a_table_with_a_die_the_window_cannot_draw_is_refused(change):
    from tabletop.core.commands import AddDie
    session = new_game(scenario="passage-through-mirkwood", players=1, seed=2)
    assert session.submit(AddDie(kind="d6", x=0.0, y=0.0))
    doc = decode_all(codec.dumps(session))
    change(doc["current"]["dice"][0])
    assert "die" in load_error(encode_all(doc), verify=False)
