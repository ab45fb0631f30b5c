"""The table of a new game against the data: armies, pools, tracks, the expansion's pieces."""
from collections import Counter

import pytest

from tabletop.core.games import game
from tabletop.core.view import view
from tabletop.games.wotr.data import (FP_NATIONS, SHADOW_NATIONS, kings_events, nations,
                                      regions, sovereigns)
from tabletop.games.wotr.setup import new_table
import tabletop.games.wotr.state as S

from tests.wotr.helpers import session


def codes_in(st, zone):
    return Counter(st.cards[c].code for c in st.zones[zone].cards)


def test_every_starting_army_and_leader_is_in_its_region():
    st = new_table(2, seed=1, kings=False)
    assert len(regions()) == 105
    for rid, info in regions().items():
        want = Counter({f"{info.army_nation}.{k}": n for k, n in info.units.items()})
        got = Counter({c: n for c, n in codes_in(st, S.rzone(rid)).items()
                       if c.split(".")[-1] in ("regular", "elite", "leader", "nazgul")})
        assert got == want, rid
    assert codes_in(st, "r.minas-tirith") == Counter(
        {"gondor.regular": 3, "gondor.elite": 1, "gondor.leader": 1})
    assert codes_in(st, "r.osgiliath") == Counter({"gondor.regular": 2})


def test_reinforcements_and_nation_totals():
    st = new_table(2, seed=1)
    for nation, n in nations().items():
        assert codes_in(st, f"reinf.{nation}") == Counter(
            {f"{nation}.{k}": v for k, v in n["reinforcements"].items() if v})
    totals = Counter(c.code for c in st.cards.values() if c.code.split(".")[0] in nations())
    # the box's figures: on the map plus in the pools
    assert totals["sauron.regular"] == 36 and totals["sauron.nazgul"] == 8
    assert totals["gondor.regular"] == 15 and totals["elves.elite"] == 10
    assert totals["southrons.regular"] == 24 and totals["isengard.elite"] == 6


def test_political_track_fellowship_hunt_and_dice_at_the_start():
    s = session(kings=False)
    st = s.state
    for nation, n in nations().items():
        assert S.politics(st, nation) == {"step": n["steps"], "active": n["active"]}
    assert S.politics(st, "elves")["active"] and not S.politics(st, "gondor")["active"]
    assert S.politics(st, "gondor")["step"] == 2 and S.politics(st, "sauron")["step"] == 1
    assert st.cards[S.find_anywhere(st, "fellowship")].zone == "r.rivendell"
    assert sorted(st.cards[c].code for c in st.zones["fellowship"].cards) == sorted(
        "char." + c for c in ("gandalf-grey", "strider", "boromir", "legolas", "gimli",
                              "meriadoc", "peregrin"))
    assert S.get(st, "fellowship") == {"progress": 0, "corruption": 0, "revealed": False,
                                       "guide": "gandalf-grey", "mordor": -1, "moves": 0}
    assert len(st.zones["hunt.pool"].cards) == 16
    assert len(st.zones["rings.fp"].cards) == 3
    assert [d["kind"] for d in S.get(st, "dice", "fp")] == ["wotr_free_peoples"] * 4
    assert [d["kind"] for d in S.get(st, "dice", "shadow")] == ["wotr_shadow"] * 7
    # turn 1 begun: each player drew one card of each deck
    assert len(st.zones["hand.0"].cards) == 2 and len(st.zones["hand.1"].cards) == 2
    assert S.get(st, "phase") == "fellowship"


def test_kings_pieces_set_up_as_the_expansion_says():
    st = session(kings=True).state
    for sid, sov in sovereigns().items():
        assert st.cards[S.find_anywhere(st, f"sov.{sid}")].zone == S.rzone(sov.start)
        assert st.cards[S.find_anywhere(st, f"sov.{sid}.silver")].zone == "kome.aside"
        assert st.cards[S.find_anywhere(st, f"ruler.{sid}")].zone == "kome.aside"
        assert not st.zones[f"corrupt.{sid}"].cards
    assert {sid: sov.start for sid, sov in sovereigns().items()} == {
        "brand": "dale", "dain": "erebor", "denethor": "minas-tirith", "theoden": "edoras",
        "thranduil": "woodland-realm"}
    for dc in ("the-black-serpent", "the-shadow-of-mirkwood", "ugluk"):
        assert st.cards[S.find_anywhere(st, f"dc.{dc}")].zone == "kome.aside"
    pool = codes_in(st, "hunt.pool")
    assert sum(pool.values()) == 18 and pool["hunt.king1"] == 1 and pool["hunt.king2"] == 1
    assert S.get(st, "kome", "ruler_dice") == {"fp": "aside", "shadow": "aside"}
    assert all(d["kind"].startswith("wotr_") for side in ("fp", "shadow")
               for d in S.get(st, "dice", side))


def test_replaced_event_cards_are_out_and_new_ones_in():
    st = new_table(2, seed=9, kings=True)
    replaced = sorted(f"ev.{e.side}.{'char' if e.deck == 'character' else 'strat'}.{e.number:02d}"
                      for e in kings_events() if e.kind == "replace")
    assert len(replaced) == 11
    assert sorted(st.cards[c].code for c in st.zones["cards.out"].cards) == replaced
    for side in ("fp", "shadow"):
        for deck in ("character", "strategy"):
            assert len(st.zones[f"deck.{side}.{deck}"].cards) == 26
    fp_strategy = {st.cards[c].code for c in st.zones["deck.fp.strategy"].cards}
    assert "ev.fp.strat.19k" in fp_strategy and "ev.fp.strat.19" not in fp_strategy
    assert "ev.fp.strat.26k" in fp_strategy
    base = new_table(2, seed=9, kings=False)
    assert all(len(base.zones[f"deck.{s}.{d}"].cards) == 24
               for s in ("fp", "shadow") for d in ("character", "strategy"))


@pytest.mark.parametrize("players,roles", [
    (2, ["fp", "shadow"]), (3, ["fp", "witch-king", "saruman"]),
    (4, ["gondor", "rohan", "witch-king", "saruman"])])
def test_team_variants(players, roles):
    st = new_table(players, seed=2)
    assert [s["role"] for s in S.get(st, "seats")] == roles
    nations = [n for s in S.get(st, "seats") for n in s["nations"]]
    assert sorted(nations) == sorted(FP_NATIONS + SHADOW_NATIONS)
    lead_shadow = S.get(st, "lead", "shadow")
    assert S.get(st, "seats")[lead_shadow]["role"] in ("shadow", "witch-king")
    assert st.zones["corrupt.brand"].owner == lead_shadow


def test_bad_options_are_refused_in_one_line():
    spec = game("wotr")
    with pytest.raises(ValueError, match="2, 3 or 4 players"):
        spec.new_game(players=5)
    with pytest.raises(ValueError, match="Unknown rules"):
        spec.new_game(rules="strict")
    with pytest.raises(ValueError, match="names"):
        spec.new_game(players=2, names=["a", "b", "c"])


def test_hands_and_the_hunt_pool_are_hidden():
    st = session().state
    fp_view = view(st, 0)
    assert all(fp_view.cards[c].code == "" for c in st.zones["hand.1"].cards)
    assert all(fp_view.cards[c].code != "" for c in st.zones["hand.0"].cards)
    assert all(view(st, None).cards[c].code == "" for c in st.zones["hunt.pool"].cards)
