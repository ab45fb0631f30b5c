"""Random legal moves through the command path (the play harness, whole games): no stacking
limit broken, no piece lost, no legal action refused."""
import pytest

from saves.validate import check_state
from tabletop.core.play import play_games, play_one
from tabletop.games.wotr.data import regions
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
            for side in ("fp", "shadow"):
                assert S.stack_count(st, rid, side) <= S.STACK_LIMIT, rid
            sides = {S.side_of_piece(st, c) for c in S.units(st, rid)}
            if S.besieged(st, rid):                                  # a siege: inside, outside
                assert len(S.units(st, rid, S.get(st, "sieges", rid))) <= 5, rid
            else:
                assert len(sides) <= 1, rid                          # no two armies mixed
        check_slot("wotr", st.slots["wotr"])
        if seen["steps"] % 25 == 0:
            check_state(st.to_data())
    return check, seen


@pytest.mark.parametrize("players,seed", [(2, 1), (2, 2), (2, 3), (3, 4), (4, 5), (2, 6)])
def test_random_legal_moves_keep_every_piece_and_the_stacking_limit(players, seed):
    from tabletop.games.wotr.setup import new_table
    count = len(new_table(players, seed=seed).cards)
    check, seen = invariants(count)
    result = play_one("wotr", seed, "random", {"players": players, "kings": True}, check=check)
    assert result["defect"] is None, result["defect"]                # never a refused legal action
    assert result["outcome"] in ("ring", "corruption", "military")   # the game ended
    assert seen["steps"] == result["actions"] > 60


def test_play_reports_figures():
    out = play_games("wotr", games=2, policy="random", players=2, seed=3, kings=True,
                     scenario="passage-through-mirkwood")
    assert out["game"] == "wotr" and out["players"] == 2 and len(out["games"]) == 2
    assert out["options"] == {"kings": True}                         # the card game's are dropped
    for g in out["games"]:
        assert set(g) >= {"seed", "outcome", "winner", "rounds", "actions", "detail"}
        assert g["outcome"] in ("ring", "corruption", "military")
        assert g["winner"] in ("fp", "shadow") and set(g["detail"]["vp"]) == {"fp", "shadow"}
    assert out["games_per_second"] > 0 and out["defects"] == 0
    with pytest.raises(ValueError, match="policy"):
        play_games("wotr", games=1, policy="clever")
