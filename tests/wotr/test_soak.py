"""A soak of War of the Ring: seeded random games of 2, 3 and 4 players, with and without
Kings of Middle-earth, played to their end through the play harness.  At checkpoints the
game is saved and loaded (the copy equals the game) and a few actions are undone and
redone on the copy; after every action every piece is in exactly one zone and no figure
or card is lost or made; at the end undoing everything gives back the start, and the
whole log replays to the same table."""
import collections
import random

import pytest

from saves import codec
from tabletop.core.play import play_one
import tabletop.games.wotr.state as S

CHECKPOINT = 120


def soak_check(start_codes):
    seen = {"n": 0}

    def check(session):
        st = session.state
        seen["n"] += 1
        placed = [cid for z in st.zones.values() for cid in z.cards]
        assert len(placed) == len(set(placed)) == len(st.cards)     # each piece in one zone
        assert all(st.cards[cid].zone == zid for zid, z in st.zones.items() for cid in z.cards)
        for side in ("fp", "shadow"):
            for rid in S.units_by_region(st):
                assert S.stack_count(st, rid, side) <= S.STACK_LIMIT
        if seen["n"] % CHECKPOINT:
            return
        assert collections.Counter(c.code for c in st.cards.values()) == start_codes
        copy = codec.loads(codec.dumps(session))                      # saved and loaded
        assert copy.state == st and copy.cursor == session.cursor
        k = random.Random(seen["n"]).randrange(1, 12)
        before = copy.state.to_data()
        for _i in range(k):
            assert copy.undo() is not None
        for _i in range(k):
            assert copy.redo() is not None
        assert copy.state.to_data() == before                         # undone and redone
    return check, seen


@pytest.mark.parametrize("players,kings,seed", [
    (2, True, 11), (2, False, 12), (3, True, 13), (3, False, 14), (4, True, 15), (4, False, 16)])
def test_random_games_end_and_every_action_saves_and_undoes(players, kings, seed):
    from tabletop.games.wotr.play import new_game
    start = new_game(players=players, seed=seed, rules="enforce", kings=kings)
    codes = collections.Counter(c.code for c in start.state.cards.values())
    check, seen = soak_check(codes)
    holder = {}

    def keep(session):
        holder["s"] = session
        check(session)
    record = play_one("wotr", seed, "random", {"players": players, "kings": kings}, check=keep)
    assert record["defect"] is None, record["defect"]
    assert record["outcome"] in ("ring", "corruption", "military")
    s = holder["s"]
    assert S.get(s.state, "outcome") == record["winner"] and s.legal_actions() == []
    again = codec.loads(codec.dumps(s), verify=True)                 # the log replays
    assert again.state == s.state
    assert s.replay_state() == s.state
    while s.can_undo:
        assert s.undo() is not None
    assert s.state.to_data() == s.initial                            # back to the start
