"""Loading builds the log lazily: every check still happens at load time, the
``LogEntry`` objects only when the log is read.  Also: the quick checks accept
exactly what the row-by-row checks accept, and the garbage collector is
restored after a load."""
from __future__ import annotations

import gc
import threading

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from saves import bench, codec
from saves import validate as V
from saves.codec import BLOCK, SaveError
from saves.lazylog import Block, LazyLog
from tabletop.games.lcg import commands as C
from tabletop.core.session import Session

from .test_saves import decode_all, encode_all


# ----------------------------------------------------------------- fixtures
@pytest.fixture(scope="module")
def big() -> Session:
    """Six log blocks, dice included (their events are converted when built),
    the last 40 actions undone."""
    session = Session(bench.big_table(300, seed=2))
    bench.play(session, 1300, seed=4, dice=0.1)
    for _ in range(40):
        session.undo()
    return session


@pytest.fixture(scope="module")
def big_saved(big) -> bytes:
    return codec.dumps(big)


def blocks_of(session: Session) -> int:
    return -(-len(session.log) // BLOCK)


# -------------------------------------------------------------- lazy loading
def test_nothing_is_built_at_load_and_the_log_reads_back_equal(big, big_saved):
    loaded = codec.loads(big_saved)
    log = loaded.log
    assert type(log) is LazyLog and log.pending == blocks_of(big) == 6
    assert len(log) == len(big.log) and loaded.cursor == big.cursor
    assert log[5] == big.log[5] and log.pending == 5          # one block built
    assert log[-1] == big.log[-1] and log[-1].seq == len(big.log) - 1
    assert log.pending == 4
    assert log[BLOCK - 3:BLOCK + 3] == big.log[BLOCK - 3:BLOCK + 3]
    assert log.pending == 3
    # the game-log panel's view
    assert [e.text for e in loaded.history] == [e.text for e in big.history]
    assert [(e.round, e.automatic) for e in loaded.history] == \
        [(e.round, e.automatic) for e in big.history]
    assert log == big.log and big.log == log and not log == big.log[:-1]
    assert log.pending == 0


def test_undo_and_redo_across_lazily_built_blocks(big, big_saved):
    expected = {}
    here = big.cursor
    for target in (here - 1, here - BLOCK - 17, 3, len(big.log)):
        big.seek(target)
        expected[target] = big.state.to_data()
    big.seek(here)
    loaded = codec.loads(big_saved)
    for target, data in expected.items():
        loaded.seek(target)
        assert loaded.state.to_data() == data, target
    loaded.seek(0)
    assert loaded.state.to_data() == loaded.initial
    assert loaded.log == big.log


def test_replay_and_undo_round_on_a_loaded_game(big, big_saved):
    loaded = codec.loads(big_saved)
    assert loaded.replay_state() == loaded.state
    assert loaded.log.pending <= 1                 # the redo tail's last block, at most
    n = loaded.undo_round()
    big_n = big.undo_round()
    assert n == big_n and loaded.state == big.state
    big.seek(big.cursor + big_n)


def test_saving_a_loaded_game_reuses_its_blocks_without_building_them(big, big_saved):
    loaded = codec.loads(big_saved)
    again = codec.dumps(loaded, now=codec.summary(big_saved)["saved"])
    assert again == big_saved
    assert loaded.log.pending == blocks_of(big)    # nothing was built
    # undo into block 4, then a new action cuts the redo tail
    loaded.undo()
    assert loaded.log.pending == blocks_of(big) - 1
    assert loaded.submit(C.Threat(0, 0, 1))
    assert len(loaded.log) == big.cursor and loaded.log.pending == 4
    data = codec.dumps(loaded)
    assert loaded.log.pending == 4                  # full, untouched blocks came from the cache
    back = codec.loads(data, verify=True)
    assert back.log == loaded.log and back.state == loaded.state
    assert back.cursor == loaded.cursor and back.initial == loaded.initial
    # a built block whose entries did not change is reused too
    loaded.log[0]
    assert codec.dumps(loaded, now=1.0) == codec.dumps(back, now=1.0)


def test_verify_builds_everything(big_saved):
    loaded = codec.loads(big_saved, verify=True)
    assert loaded.log.pending == 0


# ------------------------------------------- damage is found at load time
def _entry(doc, k):
    """The entry in the middle of the middle block."""
    block = len(doc["blocks"]) // 2
    return block * BLOCK + k, doc["blocks"][block][k]


DAMAGE = [
    ("missing card", lambda e: e[1].append(["card", 10**6, "x", 0.0, 1.0]), "does not exist"),
    ("event field type", lambda e: e[1].append(["card", 1, "x", "far", 1.0]), "wrong type"),
    ("unknown event", lambda e: e[1].append(["explode", 1]), "unknown event"),
    ("missing zone", lambda e: e[1].append(["move", 1, "table", 0, "nowhere", 0]), "move event"),
    ("bad shuffle", lambda e: e[1].append(["order", "table", [1, 2], [1, 3]]), "reordering"),
    ("missing die", lambda e: e[1].append(["die", 10**6, "face", 1, 2]), "missing die"),
    ("events type", lambda e: e.__setitem__(1, {"a": 1}), "not a list"),
    ("command type", lambda e: e.__setitem__(0, ["draw", 0, 0, "six"]), "wrong type"),
    ("command name", lambda e: e.__setitem__(0, ["fly", 0]), "'fly'"),
    ("text", lambda e: e.__setitem__(2, 5), "wrong type"),
    ("entry shape", lambda e: e.append(1), "malformed"),
]


@pytest.mark.parametrize("name,damage,words", DAMAGE, ids=[d[0] for d in DAMAGE])
def test_a_damaged_block_in_the_middle_is_refused_at_load(big_saved, name, damage, words):
    doc = decode_all(big_saved)
    seq, entry = _entry(doc, 100)
    damage(entry)
    with pytest.raises(SaveError) as info:
        codec.loads(encode_all(doc))                # no verify: the ordinary load
    msg = str(info.value)
    assert words in msg and "\n" not in msg
    if "event" in name or name in ("text", "entry shape", "missing card", "missing zone",
                                   "bad shuffle", "missing die"):
        assert f"action {seq + 1}" in msg


def test_an_undecodable_block_is_refused_at_load(big_saved):
    import msgpack
    import zlib
    env = list(msgpack.unpackb(big_saved, raw=False))
    body = list(msgpack.unpackb(env[2 + 1], raw=False))
    body[6][3] = zlib.compress(b"\xc1" * 10)        # 0xc1: never valid msgpack
    env[3] = msgpack.packb(body, use_bin_type=True)
    env[4] = zlib.crc32(env[3], zlib.crc32(env[2]))
    with pytest.raises(SaveError, match="log block 4"):
        codec.loads(msgpack.packb(env, use_bin_type=True))


# ------------------------------------- quick checks == row-by-row checks
values = st.sampled_from([0, 1, 2, 5, 7, -1, 10**6, 1.5, True, False, None, "", "x", "y",
                          "face_up", "owner", "label", "threat", "round", "face", "table",
                          "p1.deck", "nowhere", "damage", "d6", (), (1, 2), (2, 1), (1, "a"),
                          (1, 2, 5), {"a": 1}, b"x", 2**70])
card_row = st.tuples(st.sampled_from([1, 9, 11, -3, "9"]), st.just("01001"),
                     st.sampled_from([None, 0, 1, 4]), st.sampled_from(["table", "nowhere"]),
                     st.just(0.0), st.just(1), st.booleans(), st.booleans(), st.just("A"),
                     st.sampled_from([{}, {"damage": 2}, {"damage": "2"}]),
                     st.sampled_from([None, 1, 9, 11]), st.just(""), st.just("player"))
die_row = st.tuples(st.sampled_from([7, 8, -1, "8"]), st.just("d6"), st.sampled_from([1, 1.5]),
                    st.just(0.0), st.just(0.0), st.just(0.0))
noise = (st.tuples(st.sampled_from(["card", "token", "move", "order", "zone", "seat", "global",
                                    "die", "explode", 3, None]),
                   st.lists(values, max_size=5)).map(lambda t: (t[0], *t[1]))
         | st.tuples(st.just("card"), st.sampled_from([1, 2, 5, 9]),
                     st.sampled_from(["x", "face_up", "owner", "colour"]), values, values)
         | st.tuples(st.just("add"), card_row)
         | st.tuples(st.sampled_from(["add_die", "remove_die"]), die_row)
         | st.tuples(st.just("die"), st.sampled_from([7, 8]), st.sampled_from(["face", "x"]),
                     values, values)
         | st.sampled_from([(), [1], "card"]))
ADDED = (9, "01001", 0, "table", 0.0, 1, True, False, "A", {"damage": 1}, None, "", "player")
good = st.sampled_from([      # valid with cards {1, 2, 5}, dice {7}, two seats (8, 9: once added)
    ("card", 1, "x", 0.0, 1.5), ("card", 2, "face_up", True, False), ("card", 5, "owner", None, 1),
    ("card", 1, "attached_to", None, 2), ("card", 2, "side", "A", "B"), ("card", 9, "x", 0, 1.0),
    ("token", 1, "damage", 0, 2), ("token", 9, "time", 1, 0), ("move", 1, "table", 0, "p1.deck", 3),
    ("order", "table", (1, 2, 5), (5, 1, 2)), ("zone", "table", "label", "a", "b"),
    ("zone", "p1.deck", "face_up", False, True), ("seat", 1, "threat", 20, 21),
    ("global", "round", 1, 2), ("global", "scenario", "a", "b"), ("die", 7, "face", 1, 3),
    ("die", 8, "x", 0.0, 1), ("add_die", (8, "d6", 0, 0.0, 0.0, 0.0)),
    ("remove_die", (7, "d6", 1, 0.0, 0.0, 0.0)), ("remove_die", (8, "d6", 1, 0.0, 0.0, 0.0)),
    ("add", ADDED)])
event = st.integers(0, 15).flatmap(lambda k: noise if k == 0 else good)
actions = st.lists(st.lists(event, max_size=4).map(tuple)
                   | st.integers(0, 30).flatmap(lambda k: values if k == 0 else st.just(())),
                   max_size=6).map(tuple)


def _outcome(method: str, evss):
    checker = V.EventChecker({"table", "p1.deck"}, 2, {1, 2, 5}, {7})
    try:
        getattr(checker, method)(evss, 0)
        result = "ok"
    except V.Invalid:
        result = "invalid"
    except Exception as exc:            # the loader turns these into SaveError
        result = type(exc).__name__
    return result, checker.cards, checker.dice


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(evss=actions)
def test_quick_event_check_accepts_exactly_what_the_full_check_accepts(evss):
    quick, full = _outcome("check", evss), _outcome("many", evss)
    assert quick[0] == full[0]
    if quick[0] == "ok":
        assert quick[1:] == full[1:]
        assert V.build_events(evss, V.EventChecker({"table", "p1.deck"}, 2, {1, 2, 5}, {7})
                              .check(evss, 0)) == \
            V.EventChecker({"table", "p1.deck"}, 2, {1, 2, 5}, {7}).many(evss, 0)


bad_row = (st.tuples(st.sampled_from(["draw", "nudge", "move", "roll", "reveal", "fly", 3]),
                     st.lists(values | st.lists(values, max_size=3).map(tuple), max_size=7))
           .map(lambda t: (t[0], *t[1]))
           | st.sampled_from([(), 5, ("nudge", 1, (1, "2"), 0.5, 2), ("nudge", 1, (1.5,), 0, 0),
                              ("roll", 0, (1,), ("a",), (), ()), ("exhaust", 0, (True,), None),
                              ("move", 0, ((1,),), "table", 0, 0, None, None)]))
good_row = st.sampled_from([
    ("draw", 0, 0, 1), ("nudge", 1, (1, 2), 0.5, 2), ("nudge", 1, (3,), 1, 2.0),
    ("move", 0, (1,), "table", 1.0, 2.0, None, True), ("move", 0, (), "p1.deck", 0, 0, 2, None),
    ("roll", 0, (1,), (1.5,), (2,), (0.0,)), ("roll", 0, (1, 2), (), (), ()),
    ("reveal", 0, True), ("exhaust", 0, (1,), None), ("tokens", 0, 1, "damage", -1)])
rows = st.lists(st.integers(0, 12).flatmap(lambda k: bad_row if k == 0 else good_row),
                max_size=8).map(tuple)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rows=rows)
def test_quick_command_check_accepts_exactly_what_the_full_check_accepts(rows):
    schema = {k: tuple(v) for k, v in V.command_schema().items()}

    def outcome(method):
        try:
            return "ok", getattr(V.CommandDecoder(schema), method)(rows)
        except V.Invalid:
            return "invalid", None

    quick, full = outcome("check_rows"), outcome("many")
    assert quick[0] == full[0]
    if quick[0] == "ok":
        decode = V.CommandDecoder(schema)
        decode.check_rows(rows)
        assert decode.build_rows(rows) == full[1]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_quick_card_check_agrees_with_the_card_loop(data, monkeypatch_module):
    table = bench.big_table(40, seed=3, seats=2).to_data()
    cards = [list(c) for c in table["cards"]]
    for _ in range(data.draw(st.integers(0, 3))):
        card = data.draw(st.sampled_from(cards))
        card[data.draw(st.integers(0, 12))] = data.draw(values)
    if data.draw(st.booleans()):
        cards.append(list(data.draw(st.sampled_from(cards))))
    table["cards"] = [tuple(c) for c in cards]

    def outcome():
        try:
            return V.check_state(table)
        except V.Invalid:
            return "invalid"
        except Exception as exc:
            return type(exc).__name__

    quick = outcome()
    monkeypatch_module.setattr(V, "_cards_quick", lambda rows, nseats: None)
    monkeypatch_module.setattr(V, "_zones_quick", lambda zone_cards, where: False)
    try:
        assert quick == outcome()
    finally:
        monkeypatch_module.undo()


@pytest.fixture(scope="module")
def monkeypatch_module():
    mp = pytest.MonkeyPatch()
    yield mp
    mp.undo()


# ------------------------------------------------------ garbage collector
def test_loading_restores_the_garbage_collector(big_saved, monkeypatch):
    assert gc.isenabled()
    seen = []
    check_state = V.check_state

    def spy(*args):
        seen.append(gc.isenabled())
        return check_state(*args)
    monkeypatch.setattr(V, "check_state", spy)
    codec.loads(big_saved)
    assert gc.isenabled() and seen == [False, False]
    with pytest.raises(SaveError):
        codec.loads(big_saved[:-3])
    assert gc.isenabled()
    gc.disable()
    try:
        codec.loads(big_saved)
        assert not gc.isenabled()               # left as the program had it
    finally:
        gc.enable()


def test_concurrent_loads_leave_the_collector_on(big_saved):
    errors = []

    def work():
        try:
            for _ in range(3):
                codec.loads(big_saved, cache=False)
        except Exception as exc:       # pragma: no cover - reported below
            errors.append(exc)
    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and gc.isenabled()


# ------------------------------------------------- LazyLog is a list
def _lazy(sizes):
    """A LazyLog of blocks of ``sizes`` (strings 'k:i'), and the list it stands for."""
    blocks, model, start = [], [], 0
    for k, n in enumerate(sizes):
        entries = tuple(f"{k}:{i}" for i in range(n))
        blocks.append(Block(start, n, lambda e=entries: e))
        model.extend(entries)
        start += n
    return LazyLog(blocks=blocks), model


index = st.integers(-12, 12)
ops = st.lists(st.one_of(
    st.tuples(st.just("get"), index), st.tuples(st.just("slice"), index, index,
                                                st.sampled_from([None, 1, 2, -1, -3])),
    st.tuples(st.just("del"), index), st.tuples(st.just("deltail"), index),
    st.tuples(st.just("delslice"), index, index, st.sampled_from([None, 1, 2, -1])),
    st.tuples(st.just("set"), index), st.tuples(st.just("setslice"), index, index),
    st.tuples(st.just("insert"), index), st.tuples(st.just("append")),
    st.tuples(st.just("pop"), index), st.tuples(st.just("extend")),
    st.tuples(st.just("iter")), st.tuples(st.just("reversed")), st.tuples(st.just("eq")),
    st.tuples(st.just("index"), index), st.tuples(st.just("contains"), index),
    st.tuples(st.just("add")), st.tuples(st.just("clear"))), max_size=12)


@settings(max_examples=300, deadline=None)
@given(sizes=st.lists(st.integers(0, 4), max_size=4), ops=ops)
def test_lazylog_behaves_like_a_list(sizes, ops):
    lazy, model = _lazy(sizes)
    fresh = iter(range(10**6))
    for op, *args in ops:
        def both(fn):
            results = []
            for target in (lazy, model):
                try:
                    results.append(("ok", fn(target)))
                except (IndexError, ValueError) as exc:
                    results.append((type(exc).__name__, None))
            return results
        if op == "get":
            a, b = both(lambda x: x[args[0]])
        elif op == "slice":
            a, b = both(lambda x: x[args[0]:args[1]:args[2]])
        elif op == "del":
            a, b = both(lambda x: x.__delitem__(args[0]))
        elif op == "deltail":
            a, b = both(lambda x: x.__delitem__(slice(args[0], None)))
        elif op == "delslice":
            a, b = both(lambda x: x.__delitem__(slice(*args)))
        elif op == "set":
            value = f"new{next(fresh)}"
            a, b = both(lambda x: x.__setitem__(args[0], value))
        elif op == "setslice":
            value = [f"new{next(fresh)}"]
            a, b = both(lambda x: x.__setitem__(slice(*args), value))
        elif op == "insert":
            value = f"new{next(fresh)}"
            a, b = both(lambda x: x.insert(args[0], value))
        elif op == "append":
            value = f"new{next(fresh)}"
            a, b = both(lambda x: x.append(value))
        elif op == "extend":
            value = [f"new{next(fresh)}", f"new{next(fresh)}"]
            a, b = both(lambda x: x.extend(value))
        elif op == "pop":
            a, b = both(lambda x: x.pop(args[0]))
        elif op == "iter":
            a, b = both(list)
        elif op == "reversed":
            a, b = both(lambda x: list(reversed(x)))
        elif op == "eq":
            a, b = both(lambda x: (x == model, model == x, x != model[:-1]))
        elif op == "index":
            probe = model[args[0]] if -len(model) <= args[0] < len(model) else "none"
            a, b = both(lambda x: x.index(probe))
        elif op == "contains":
            probe = model[args[0]] if -len(model) <= args[0] < len(model) else "none"
            a, b = both(lambda x: probe in x)
        elif op == "add":
            a, b = both(lambda x: x + ["z"])
        else:
            a, b = both(lambda x: x.clear())
        assert a == b, (op, args)
        assert len(lazy) == len(model)
        assert lazy.keys(0, len(lazy)) == model or lazy.pending
    assert list(lazy) == model and lazy == model and lazy.pending == 0


def test_a_built_block_never_overwrites_newer_entries():
    lazy, model = _lazy([3, 3])
    del lazy[4:]                                  # cut inside the second block
    lazy.append("mine")
    assert lazy.pending == 2
    assert lazy[3] == "1:0" and lazy[4] == "mine" and len(lazy) == 5
    assert list(lazy) == model[:4] + ["mine"]


def test_blocks_of_a_file_with_another_field_order_are_packed_again():
    """A file whose ``commands`` map orders fields differently (an older or
    newer writer) is read correctly, and saving it again must not reuse its
    blocks as they are: their rows follow the file's order, not ours."""
    session = Session(bench.big_table(120, seed=4, seats=1))
    for _ in range(300):
        session.submit(C.Draw(0, 0, 2))
        session.submit(C.Threat(0, 0, 1))
    doc = decode_all(codec.dumps(session))
    doc["commands"]["draw"] = ["count", "target", "seat"]
    for block in doc["blocks"]:
        for entry in block:
            if entry[0][0] == "draw":
                _, seat, target, count = entry[0]
                entry[0] = ["draw", count, target, seat]
    loaded = codec.loads(encode_all(doc))
    assert loaded.log == session.log
    again = codec.loads(codec.dumps(loaded, compression="none"), verify=True)
    assert again.log == session.log and again.state == session.state
