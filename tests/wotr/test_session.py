"""Saves, undo, replay, the log and the command line for War of the Ring."""
import random

import tabletop.games.wotr.commands as C
import tabletop.games.wotr.state as S
from saves.store import load, save
from tabletop.core.model import TableState
from tabletop.games.wotr.play import new_game

from tests.test_cli import run
from tests.wotr.helpers import FP, ok, position, refused, session



def random_actions(s, n, seed=1):
    rng = random.Random(seed)
    for _i in range(n):
        choices = s.legal_actions()
        rng.shuffle(choices)
        for cmd in choices:
            if s.submit(cmd).ok:
                break


def test_save_load_round_trip_and_undo_to_the_start(tmp_path):
    s = new_game(players=2, seed=12, rules="enforce", kings=True)
    start = TableState.from_data(s.initial)
    random_actions(s, 150)
    path = tmp_path / "wotr.msgpack"
    save(s, path)
    loaded = load(path).session
    assert loaded.state == s.state
    assert loaded.rules.name == "enforce" and len(loaded.log) == len(s.log)
    assert [e.text for e in loaded.log] == [e.text for e in s.log]
    assert loaded.replay_state() == s.state
    loaded.seek(0)
    assert loaded.state == start
    loaded.seek(len(loaded.log))
    assert loaded.state == s.state


def test_undo_of_a_roll_and_redo_give_the_same_faces():
    s = session()
    ok(s, C.NextPhase(0))
    ok(s, C.AllocateHunt(1, 2))
    ok(s, C.RollActions(0))
    faces = [d["face"] for d in S.get(s.state, "dice", FP)]
    s.undo()
    assert all(d["face"] == "" for d in S.get(s.state, "dice", FP))
    ok(s, C.RollActions(0))
    assert [d["face"] for d in S.get(s.state, "dice", FP)] == faces     # no fishing for rolls


def test_moves_along_no_border_are_refused_enforced_and_allowed_in_the_sandbox():
    for rules in ("enforce", "sandbox"):
        s = session(rules=rules)
        position(s, fp=("army_muster",), shadow=("army",))
        army = [c for c in S.pieces_in(s.state, "minas-tirith")
                if S.kind(s.state, c) in ("regular", "elite", "leader")]
        cmd = C.MoveFigures(0, tuple(army), "lamedon", 0)       # Minas Tirith | Lamedon: closed
        if rules == "enforce":
            why = refused(s, cmd)
            assert "no passable border" in why and "Army movement" in why
            ok(s, C.MoveFigures(0, tuple(army), "osgiliath", 0))
            assert S.stack_count(s.state, "osgiliath") == 6
        else:
            ok(s, cmd)
            assert S.stack_count(s.state, "lamedon") == 4


def test_the_stacking_limit_is_checked():
    s = session()
    st = s.state
    for _i in range(6):
        cid = next(c for c in st.zones["reinf.sauron"].cards if st.cards[c].code == "sauron.regular")
        st.zones["reinf.sauron"].cards.remove(cid)
        st.zones["r.gorgoroth"].cards.append(cid)
        st.cards[cid].zone = "r.gorgoroth"
    position(s, acting="shadow", fp=("event",), shadow=("army",))
    army = [c for c in S.pieces_in(st, "morannon") if S.kind(st, c) == "regular"]
    why = refused(s, C.MoveFigures(1, tuple(army), "gorgoroth", 0))
    assert "more than 10" in why and "Stacking limit" in why


def test_capturing_a_settlement_scores_victory_points():
    s = session(rules="sandbox")
    st = s.state
    gondor = [c for c in S.pieces_in(st, "pelargir")]
    ok(s, C.Eliminate(0, tuple(gondor)))
    army = [c for c in S.pieces_in(st, "umbar")]
    ok(s, C.MoveFigures(1, tuple(army), "pelargir"))
    assert S.get(st, "captured", "pelargir") == "shadow"
    assert S.victory_points(st) == {"fp": 0, "shadow": 1}


def test_the_log_never_names_a_hidden_card():
    s = session(seed=31)
    hidden = {st_code for st_code in (s.state.cards[c].code
                                      for z in ("hand.0", "hand.1") for c in s.state.zones[z].cards)}
    texts = " ".join(e.text for e in s.log)
    assert "event cards drawn" in texts
    assert not any(code in texts for code in hidden)


def test_command_line_new_headless_save_and_check(tmp_path):
    f = tmp_path / "w.msgpack"
    r = run("new", "wotr", "--kings", "--players", "4", "--seed", "3", "--headless", "--save", str(f))
    assert r.returncode == 0, r.stderr
    r = run("save", "check", str(f))
    assert r.returncode == 0 and "game: wotr" in r.stdout and "Kings of Middle-earth" in r.stdout
    r = run("new", "wotr", "--players", "5", "--headless")
    assert r.returncode == 2 and "2, 3 or 4 players" in r.stderr and "Traceback" not in r.stderr
    r = run("play", "wotr", "--kings", "--games", "1", "--seed", "2", "--json")
    assert r.returncode == 0 and '"game": "wotr"' in r.stdout
