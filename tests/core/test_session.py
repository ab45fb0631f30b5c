"""Property tests of the session: undo, redo, replay, rounds, refusals, no fishing."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from saves import bench, codec
from tabletop.games.lcg import commands as C
from tabletop.core.model import TABLE, TableState
from tabletop.games.lcg.cards import TOKEN_TYPES
from tabletop.games.lcg.scenarios import setup_game
from tabletop.core.session import Session
from tabletop.games.lcg.setup import starter

SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _base() -> dict:
    s = setup_game("passage_through_mirkwood", [starter("leadership"), starter("lore")],
                   names=["Ann", "Bob"], seed=11)
    return s.state.to_data()


BASE = _base()


def new_session() -> Session:
    return Session(TableState.from_data(BASE))


def data_of(state: TableState, exact_ids: bool = True) -> dict:
    """Table data to compare.  With ``exact_ids=False``, ``next_id`` is left out and
    dice are sorted: undoing dice actions does not restore those (a tabletop bug,
    see the xfail tests at the end)."""
    d = state.to_data()
    if not exact_ids:
        d = dict(d, next_id=None, dice=sorted(d["dice"]))
    return d


# ------------------------------------------------------------- commands
def card_id(data, state: TableState, where: str = "any") -> int:
    """A card id, mostly real ones (from the table, a hand, anywhere), sometimes bogus."""
    if data.draw(st.integers(0, 30)) == 0:
        return data.draw(st.sampled_from([0, -1, 10**6]))
    pool = {"table": state.zones[TABLE].cards,
            "hand": [c for z in state.zones.values() if z.kind == "hand" for c in z.cards]}.get(where)
    if not pool:
        pool = list(state.cards)
    return data.draw(st.sampled_from(pool))


def some_ids(data, state, where="any") -> tuple[int, ...]:
    return tuple(card_id(data, state, where) for _ in range(data.draw(st.integers(1, 3))))


def coord(data) -> float:
    return data.draw(st.integers(-800, 2400).map(float))


def draw_command(data, state: TableState) -> C.Command:
    seat = data.draw(st.integers(0, 1))
    zones = sorted(state.zones)
    kind = data.draw(st.sampled_from([
        "draw", "flip", "exhaust", "tokens", "nudge", "move", "move_table", "shuffle",
        "attach", "detach", "discard", "reveal", "shadow", "threat", "set_threat", "round",
        "to_deck", "shuffle_into", "victory", "ready_all", "mulligan", "discard_random",
        "first_player", "move_zone", "add_die", "roll", "move_dice", "remove_dice", "bogus_seat"]))
    dice = sorted(state.dice) or [10**6]
    if kind == "draw":
        return C.Draw(seat, seat, data.draw(st.integers(0, 7)))
    if kind == "flip":
        return C.Flip(seat, some_ids(data, state))
    if kind == "exhaust":
        return C.Exhaust(seat, some_ids(data, state, "table"),
                         data.draw(st.sampled_from([None, True, False])))
    if kind == "tokens":
        return C.Tokens(seat, card_id(data, state, "table"),
                        data.draw(st.sampled_from(TOKEN_TYPES + ("gold",))),
                        data.draw(st.integers(-3, 3)))
    if kind == "nudge":
        return C.Nudge(seat, some_ids(data, state, "table"), coord(data) / 10, coord(data) / 10)
    if kind == "move":
        return C.MoveCards(seat, some_ids(data, state),
                           data.draw(st.sampled_from(zones + ["nowhere"])),
                           index=data.draw(st.sampled_from([None, 0, 2])))
    if kind == "move_table":
        return C.MoveCards(seat, some_ids(data, state, "hand"), TABLE, coord(data), coord(data))
    if kind == "shuffle":
        return C.Shuffle(seat, data.draw(st.sampled_from(zones)))
    if kind == "attach":
        return C.Attach(seat, card_id(data, state), card_id(data, state, "table"),
                        data.draw(st.sampled_from(["attachment", "shadow", "glue"])))
    if kind == "detach":
        return C.Detach(seat, some_ids(data, state, "table"))
    if kind == "discard":
        return C.Discard(seat, some_ids(data, state))
    if kind == "reveal":
        return C.RevealEncounter(seat, data.draw(st.booleans()))
    if kind == "shadow":
        return C.DealShadow(seat, card_id(data, state, "table"))
    if kind == "threat":
        return C.Threat(seat, data.draw(st.integers(-1, 1)), data.draw(st.integers(-5, 5)))
    if kind == "set_threat":
        return C.SetThreat(seat, seat, data.draw(st.integers(-3, 60)))
    if kind == "round":
        return C.Round(seat, data.draw(st.sampled_from([1, 1, 1, -1])))
    if kind == "to_deck":
        return C.ToDeck(seat, some_ids(data, state), data.draw(st.booleans()))
    if kind == "shuffle_into":
        return C.ShuffleInto(seat, some_ids(data, state))
    if kind == "victory":
        return C.ToVictory(seat, some_ids(data, state, "table"))
    if kind == "ready_all":
        return C.ReadyAll(seat, seat)
    if kind == "mulligan":
        return C.Mulligan(seat, seat)
    if kind == "discard_random":
        return C.DiscardRandom(seat, seat)
    if kind == "first_player":
        return C.FirstPlayer(seat, data.draw(st.integers(0, 2)))
    if kind == "move_zone":
        return C.MoveZone(seat, data.draw(st.sampled_from(zones)), coord(data), coord(data))
    if kind == "add_die":
        return C.AddDie(seat, data.draw(st.sampled_from(["d6", "d6", "d99"])), coord(data), coord(data))
    if kind == "roll":
        return C.RollDice(seat, (data.draw(st.sampled_from(dice)),))
    if kind == "move_dice":
        return C.MoveDice(seat, (data.draw(st.sampled_from(dice)),), 5.0, -5.0)
    if kind == "remove_dice":
        return C.RemoveDice(seat, (data.draw(st.sampled_from(dice)),))
    return C.Draw(seat, 7, 1)                      # a seat that does not exist


def play(data, session: Session, steps: int, with_dice: bool = True) -> list[dict]:
    """Submit drawn commands; returns the table after 0, 1, 2... applied actions.

    Every refused command must leave the table and the log exactly as they were.
    """
    states = [data_of(session.state)]
    for _ in range(steps):
        cmd = draw_command(data, session.state)
        if not with_dice and isinstance(cmd, (C.AddDie, C.RollDice, C.MoveDice, C.RemoveDice)):
            continue
        before, log_before = data_of(session.state), list(session.log)
        result = session.submit(cmd)
        if result.ok:
            assert result.entry is session.log[-1] and session.cursor == len(session.log)
            states.append(data_of(session.state))
        else:
            assert result.reason and "\n" not in result.reason
            assert data_of(session.state) == before, f"refused {cmd} changed the table"
            assert session.log == log_before
    return states


def has_dice(session: Session) -> bool:
    return any(ev[0] in ("add_die", "remove_die") for e in session.log for ev in e.events)


# --------------------------------------------------------------- properties
@SETTINGS
@given(data=st.data())
def test_undo_all_redo_all_and_replay(data):
    session = new_session()
    states = play(data, session, data.draw(st.integers(1, 40)))
    exact = not has_dice(session)
    final = data_of(session.state)
    assert data_of(session.replay_state(session.cursor)) == final
    n = session.cursor
    while session.undo() is not None:
        pass
    assert session.cursor == 0
    assert data_of(session.state, exact) == data_of(TableState.from_data(BASE), exact)
    while session.redo() is not None:
        pass
    assert session.cursor == n
    assert data_of(session.state, exact) == data_of(TableState.from_data(final), exact)
    # any position: seek there and compare with what the table was, and with a replay
    for _ in range(3):
        k = data.draw(st.integers(0, n))
        session.seek(k)
        want = data_of(TableState.from_data(states[k]), exact)
        assert data_of(session.state, exact) == want
        assert data_of(session.replay_state(k), exact) == want
        assert data_of(session.replay_state(), exact) == want


@SETTINGS
@given(data=st.data())
def test_undo_then_the_same_action_gives_the_same_outcome(data):
    """Randomness comes from the seed and the log position: undo cannot fish."""
    session = new_session()
    play(data, session, data.draw(st.integers(0, 15)), with_dice=False)
    for cmd in (C.Shuffle(0, "p1.deck"), C.Shuffle(1, "encounter.deck"), C.Mulligan(0, 0),
                C.DiscardRandom(1, 1), C.ShuffleInto(0, tuple(session.state.zones[TABLE].cards[:1]))):
        first = session.submit(cmd)
        if not first:
            continue
        order = [list(z.cards) for z in session.state.zones.values()]
        session.undo()
        again = session.submit(cmd)
        assert again.ok and again.entry.events == first.entry.events
        assert [list(z.cards) for z in session.state.zones.values()] == order


def test_shuffle_is_not_fishable_but_differs_by_position():
    session = new_session()
    session.submit(C.Shuffle(0, "p1.deck"))
    first = list(session.state.zones["p1.deck"].cards)
    for _ in range(5):
        session.undo()
        session.submit(C.Shuffle(0, "p1.deck"))
        assert session.state.zones["p1.deck"].cards == first
    session.submit(C.Shuffle(0, "p1.deck"))           # a later shuffle is a new one
    assert session.state.zones["p1.deck"].cards != first


@SETTINGS
@given(data=st.data())
def test_undo_round_and_redo_round(data):
    session = new_session()
    for _ in range(data.draw(st.integers(1, 5))):
        play(data, session, data.draw(st.integers(0, 6)), with_dice=False)
        session.submit(C.Round(0, 1))
    play(data, session, data.draw(st.integers(0, 6)), with_dice=False)
    states = [data_of(session.replay_state(k)) for k in range(len(session.log) + 1)]
    for _ in range(data.draw(st.integers(1, 4))):
        p, rnd = session.cursor, session.state.round
        n = session.undo_round()
        q = session.cursor
        assert q == p - n and data_of(session.state) == states[q]
        if n:
            undone = {e.round for e in session.log[q:p]}
            assert len(undone) == 1                            # one round at a time
            if undone != {rnd}:                                # at a round's very start:
                assert q == p - n and all(e.round != rnd for e in session.log[q:p])
            assert q == 0 or session.log[q - 1].round != session.log[q].round
        else:
            assert p == 0
    while session.can_redo:
        p, rnd = session.cursor, session.state.round
        n = session.redo_round()
        assert n >= 1 and session.cursor == p + n
        assert data_of(session.state) == states[session.cursor]
        # it stops right after the round changed, or at the end of the log
        assert session.state.round != rnd or not session.can_redo
        assert all(session.replay_state(k).round == rnd for k in range(p, session.cursor))
    assert session.cursor == len(session.log)


@SETTINGS
@given(data=st.data())
def test_save_and_load_anywhere(data):
    session = new_session()
    play(data, session, data.draw(st.integers(0, 30)))
    session.seek(data.draw(st.integers(0, session.cursor)))
    loaded = codec.loads(codec.dumps(session), verify=True)
    assert loaded.state == session.state and loaded.cursor == session.cursor
    assert loaded.log == session.log and loaded.initial == session.initial
    loaded.seek(len(loaded.log))
    session.seek(len(session.log))
    assert loaded.state == session.state


def test_a_new_action_forgets_the_redo_tail():
    session = new_session()
    for _ in range(3):
        session.submit(C.Draw(0, 0, 1))
    session.undo()
    session.undo()
    assert session.can_redo
    session.submit(C.Threat(0, 0, 1))
    assert not session.can_redo and len(session.log) == 2
    assert [e.seq for e in session.log] == [0, 1]


def test_long_random_game_replays_exactly():
    session = Session(bench.big_table(400, seed=6))
    bench.play(session, 1500, seed=6)
    assert session.replay_state() == session.state
    session.seek(0)
    assert session.state == TableState.from_data(session.initial)


# ------------------------------------------------- known bugs in tabletop/
def test_undo_of_an_added_die_restores_next_id():
    session = new_session()
    before = session.state.next_id
    assert session.submit(C.AddDie(0, "d6", 0.0, 0.0))
    session.undo()
    assert session.state.next_id == before


def test_undo_of_a_removed_die_restores_the_order():
    session = new_session()
    for _ in range(2):
        session.submit(C.AddDie(0, "d6", 0.0, 0.0))
    before = session.state.to_data()
    session.submit(C.RemoveDice(0, (min(session.state.dice),)))
    session.undo()
    assert session.state.to_data() == before


def test_random_player_is_deterministic():
    a, b = new_session(), new_session()
    bench.play(a, 200, seed=1, dice=0.1)
    bench.play(b, 200, seed=1, dice=0.1)
    assert a.log == b.log and a.state == b.state
    rng = random.Random(0)
    assert isinstance(bench.random_command(a.state, rng), C.Command)
