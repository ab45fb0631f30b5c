"""What a seat may see and search: decided in tabletop.core.view and nowhere else."""
from tabletop.core.view import can_see, may_search, zone_contents_visible
from tabletop.games.lcg.scenarios import setup_game
from tabletop.games.lcg.setup import starter


def _two_seats():
    return setup_game("passage_through_mirkwood", [starter("leadership"), starter("lore")],
                      seed=3).state


def test_a_seat_searches_decks_and_public_piles_but_not_another_seats_hand():
    st = _two_seats()
    assert may_search(st, 0, "p1.deck") and not zone_contents_visible(st, 0, "p1.deck")
    assert may_search(st, 1, "encounter.deck")
    assert may_search(st, 0, "p2.discard") and may_search(st, None, "victory")
    assert may_search(st, 0, "p1.hand") and not may_search(st, 0, "p2.hand")
    assert not may_search(st, None, "p1.hand")


def test_hand_cards_are_seen_by_their_owner_only():
    st = _two_seats()
    mine, theirs = st.zones["p1.hand"].cards[0], st.zones["p2.hand"].cards[0]
    assert can_see(st, 0, mine) and not can_see(st, 0, theirs) and not can_see(st, None, mine)
