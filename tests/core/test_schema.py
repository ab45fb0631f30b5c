"""One schema: commands are checked at the edge, every change as it is made, and what
is accepted can always be saved, loaded and drawn (issues 3, 10 and 11)."""
from __future__ import annotations

import math

import pytest

from saves import codec, store
from saves.codec import SaveError
from tabletop.core import schema as S
from tabletop.games.lcg import commands as C
from tabletop.games.lcg.scenarios import new_game


@pytest.fixture
def session():
    return new_game(scenario="passage-through-mirkwood", players=1, seed=3)


def _snapshot(session):
    return session.state.to_data(), len(session.log), session.cursor


def _refused(session, cmd) -> str:
    before = _snapshot(session)
    result = session.submit(cmd)
    assert not result.ok, cmd
    assert _snapshot(session) == before                 # nothing changed
    assert "\n" not in result.reason
    return result.reason


def _table_card(session) -> int:
    return session.state.table.cards[-1]


@pytest.mark.parametrize("dy", [10 ** 400, 1e300, math.inf, -math.inf, math.nan,
                                S.MAX_NUMBER + 1])
def test_numbers_beyond_the_table_are_refused_before_anything_changes(session, dy):
    cid = _table_card(session)
    why = _refused(session, C.Nudge(card_ids=(cid,), dy=dy))
    assert "dy" in why


def test_a_move_that_would_leave_the_table_is_rolled_back(session):
    a, b = session.state.table.cards[-2:]
    # the first card lands on the edge, the second 18 units beyond it: all is undone
    why = _refused(session, C.MoveCards(card_ids=(a, b), zone="table", x=S.MAX_NUMBER))
    assert f"{S.MAX_NUMBER:,}" in why


@pytest.mark.parametrize("cmd", [
    C.Tokens(card_id=True, token="damage", delta=1),       # a bool is not a card number
    C.Tokens(card_id=1, token="damage", delta=1.5),         # a count is a whole number
    C.Tokens(card_id=1, token="x" * 300, delta=1),          # over-long text
    C.Nudge(card_ids=[1], dx=1.0),                         # a list where a tuple is declared
    C.Nudge(card_ids=(1, "2"), dx=1.0),
    C.Draw(target=0, count=None),
])
def test_wrong_types_are_refused(session, cmd):
    _refused(session, cmd)


def test_huge_token_counts_are_refused_and_the_game_stays_saveable(session, tmp_path):
    cid = _table_card(session)
    assert "delta" in _refused(session, C.Tokens(card_id=cid, token="damage", delta=2 ** 64))
    assert session.submit(C.Tokens(card_id=cid, token="damage", delta=S.MAX_NUMBER))
    _refused(session, C.Tokens(card_id=cid, token="damage", delta=1))   # the sum is too large
    path = store.save(session, tmp_path / "g.msgpack")
    assert store.load(path).session.state == session.state


def test_a_new_game_with_an_over_long_name_is_refused_in_one_line():
    with pytest.raises(ValueError) as info:
        new_game(scenario="passage-through-mirkwood", players=1, seed=3, names=["x" * 5000])
    assert "\n" not in str(info.value) and str(S.MAX_SEAT_NAME) in str(info.value)


def test_the_longest_names_the_game_accepts_save_and_load():
    names = ["\N{GREEK SMALL LETTER ALPHA}" * S.MAX_SEAT_NAME, "Ben"]   # 2 bytes a character
    session = new_game(scenario="passage-through-mirkwood", players=2, seed=3, names=names)
    loaded = codec.loads(codec.dumps(session), verify=True)
    assert [s.name for s in loaded.state.seats] == names
    assert codec.summary(codec.dumps(session))["seats"] == names


@pytest.mark.parametrize("x", [1e300, math.inf, math.nan, S.MAX_NUMBER + 0.5])
def test_a_file_with_coordinates_beyond_the_table_is_refused_in_one_line(session, x):
    cid = _table_card(session)
    session.state.cards[cid].x = x               # behind the session's back, as a file could
    data = codec.dumps(session)
    with pytest.raises(SaveError) as info:
        codec.loads(data)
    assert "off the table" in str(info.value) and "\n" not in str(info.value)


def test_printable_escapes_control_characters():
    assert S.printable("Ann\x1b]0;title\x07\x1b[2J") == "Ann\\x1b]0;title\\x07\\x1b[2J"
    assert S.printable("a\u202eb\nc") == "a\\u202eb\\x0ac"
    assert S.printable("Éowyn, Gimli") == "Éowyn, Gimli"
    assert S.printable("x" * 10, 5) == "xxxx\N{HORIZONTAL ELLIPSIS}"
