"""Random legal moves through the command path: no stacking limit broken, no piece lost."""
import pytest

from saves.validate import check_state
from tabletop.core.games import game
from tabletop.games.wotr.data import regions
from tabletop.games.wotr.play import play_one
from tabletop.games.wotr.slotcheck import check_slot
import tabletop.games.wotr.state as S


def invariants(start_count: int):
    seen = {"steps": 0}

    def check(session):
        st = session.state
        seen["steps"] += 1
        assert len(st.cards) == start_count
        placed = [cid for z in st.zones.values() for cid in z.cards]
        assert len(placed) == len(set(placed)) == start_count        # each piece in one zone
        for cid in placed:
            assert st.zones[st.cards[cid].zone].cards.count(cid) == 1
        for rid in regions():
            assert S.stack_count(st, rid) <= S.STACK_LIMIT, rid
            sides = {S.side_of_piece(st, c) for c in S.units(st, rid)}
            assert len(sides) <= 1, rid                              # no two armies mixed
        check_slot("wotr", st.slots["wotr"])
        if seen["steps"] % 25 == 0:
            check_state(st.to_data())
    return check, seen


@pytest.mark.parametrize("players,seed", [(2, 1), (2, 2), (2, 3), (3, 4), (4, 5), (2, 6)])
def test_random_legal_moves_keep_every_piece_and_the_stacking_limit(players, seed):
    from tabletop.games.wotr.setup import new_table
    count = len(new_table(players, seed=seed).cards)
    check, seen = invariants(count)
    result = play_one(seed, players, kings=True, max_turns=10, check=check)
    assert seen["steps"] == result["actions"] > 60
    assert result["refused"] <= result["actions"] // 10


def test_play_reports_figures():
    out = game("wotr").play(games=2, policy="random", players=2, seed=3, kings=True,
                            scenario="passage-through-mirkwood")
    assert out["game"] == "wotr" and out["players"] == 2 and len(out["games"]) == 2
    for g in out["games"]:
        assert set(g) >= {"seed", "outcome", "rounds", "actions"}
        assert g["outcome"] in ("fp", "shadow", "unfinished")
    assert out["games_per_second"] > 0
    with pytest.raises(ValueError, match="policy"):
        game("wotr").play(games=1, policy="greedy")
