"""War of the Ring played to the end: the record of captured settlements, empty decks, the
hand limit, and 3- and 4-player games with no turn cap."""
import pytest

from saves import codec
from tabletop.core.play import play_one
import tabletop.games.wotr.commands as C
import tabletop.games.wotr.state as S
from tabletop.games.wotr.slotcheck import check_slot

from tests.wotr.helpers import FP, SHADOW, ok, place_id, position, refused, session


# ------------------------------------------------- the captured settlements
def test_retaking_the_last_captured_settlement_keeps_an_empty_record():
    s = session(rules="sandbox")
    st = s.state
    before = st.to_data()
    ok(s, C.Control(1, "pelargir", SHADOW))
    assert S.get(st, "captured") == {"pelargir": SHADOW}
    ok(s, C.Control(0, "pelargir", ""))                    # retaken: the record is empty
    assert S.get(st, "captured") == {}
    check_slot("wotr", st.slots["wotr"])
    again = codec.loads(codec.dumps(s), verify=True)        # the game still saves and loads
    assert S.get(again.state, "captured") == {}
    # undoing the first capture gives back the empty record, not a missing one
    s.undo()
    s.undo()
    assert S.get(st, "captured") == {} and st.to_data() == before
    codec.loads(codec.dumps(s), verify=True)


def test_an_army_retaking_its_city_empties_the_record():
    s = session(rules="sandbox")
    st = s.state
    ok(s, C.Eliminate(0, tuple(S.pieces_in(st, "pelargir"))))
    ok(s, C.MoveFigures(1, tuple(S.pieces_in(st, "umbar")), "pelargir"))
    assert S.get(st, "captured") == {"pelargir": SHADOW}
    ok(s, C.Eliminate(1, tuple(S.units(st, "pelargir"))))
    gondor = [c for c in S.pieces_in(st, "minas-tirith") if S.kind(st, c) in ("regular", "elite")]
    ok(s, C.MoveFigures(0, tuple(gondor), "pelargir"))          # the free table: any distance
    assert S.get(st, "captured") == {} and S.victory_points(st) == {FP: 0, SHADOW: 0}
    codec.loads(codec.dumps(s), verify=True)


def test_a_slot_that_lost_its_record_is_accepted_and_gets_it_back():
    s = session()
    st = s.state
    del st.slots["wotr"]["captured"]                     # as a save broken by the old defect
    check_slot("wotr", st.slots["wotr"])
    again = codec.loads(codec.dumps(s))
    assert S.victory_points(again.state) == {FP: 0, SHADOW: 0}
    position(s, acting=SHADOW, fp=("event",), shadow=("army",), southrons=(0, True))
    gondor = tuple(c for c in S.pieces_in(st, "pelargir") if S.side_of_piece(st, c) == FP)
    for cid in gondor:
        place_id(s, cid, "cas.gondor")
    army = tuple(S.army(st, "umbar", SHADOW))
    for cid in army:
        place_id(s, cid, "r.west-harondor")
    ok(s, C.MoveFigures(1, army, "pelargir", 0))            # an enemy army captures it
    assert S.get(st, "captured") == {"pelargir": SHADOW}


# ------------------------------------------------ empty decks, the hand limit
def empty_decks(s, side):
    st = s.state
    for deck in ("character", "strategy"):
        for cid in list(st.zones[f"deck.{side}.{deck}"].cards):
            st.zones[f"deck.{side}.{deck}"].cards.remove(cid)
            st.zones[f"discard.{side}.{deck}"].cards.append(cid)
            st.cards[cid].zone = f"discard.{side}.{deck}"


def test_a_player_with_empty_decks_draws_nothing_and_the_turn_goes_on():
    s = session(players=4)
    st = s.state
    empty_decks(s, FP)
    position(s, fp=(), shadow=())
    entry = ok(s, C.NextPhase(0))                         # turn 2: each player chooses a deck
    assert "Gondor has no event card left to draw" in entry.text
    assert "Rohan has no event card left to draw" in entry.text
    choice = s.pending()
    assert choice.seat == 2 and set(choice.options) == {"character", "strategy"}
    assert all(isinstance(a, C.DrawEvent) and a.seat == 2 for a in s.legal_actions())
    ok(s, C.DrawEvent(2, "character"))
    ok(s, C.DrawEvent(3, "strategy"))
    assert S.get(st, "draws") is None
    assert s.legal_actions()[0] == C.NextPhase(S.lead(st, FP))
    assert {type(a) for a in s.legal_actions()} <= {C.NextPhase, C.Declare, C.Guide}


def test_over_the_hand_limit_discarding_is_asked_and_offered():
    s = session(players=4)
    st = s.state
    extra = st.zones["deck.fp.strategy"].cards[-3:]
    for cid in extra:                                      # Gondor: 2 + 3 = 5 cards of 4
        st.zones["deck.fp.strategy"].cards.remove(cid)
        st.zones["hand.0"].cards.append(cid)
        st.cards[cid].zone = "hand.0"
    position(s, phase="fellowship")
    choice = s.pending()
    assert choice.seat == 0 and set(choice.options) == set(st.zones["hand.0"].cards)
    assert "discard first" in choice.prompt
    legal = s.legal_actions()
    assert {a.card_id for a in legal} == set(st.zones["hand.0"].cards)
    assert all(isinstance(a, C.DiscardEvent) for a in legal)
    assert "discard first" in refused(s, C.NextPhase(0))
    ok(s, legal[0])
    assert s.pending().prompt == "Declare the Fellowship, or go on to the Hunt"
    ok(s, C.NextPhase(0))
    assert S.get(st, "phase") == "hunt"


# --------------------------------------------- long games with 3 and 4 players
# seeds whose games stalled at turns 21-24 before (a refused NextPhase while a player with
# empty decks had to draw, or with a hand over the limit and no discard offered)
@pytest.mark.parametrize("players,seed", [(3, 6), (3, 9), (3, 12), (4, 1), (4, 3), (4, 9)])
def test_three_and_four_player_games_play_to_the_end(players, seed):
    record = play_one("wotr", seed, "random", {"players": players, "kings": True})
    assert record["defect"] is None, record["defect"]        # no legal action refused
    assert record["outcome"] in ("ring", "corruption", "military")
    assert record["rounds"] > 5


def test_a_long_game_runs_past_turn_thirty():
    record = play_one("wotr", 9, "random", {"players": 3, "kings": True})
    assert record["defect"] is None and record["rounds"] > 30
