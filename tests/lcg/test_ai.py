"""The card game's players: the expert (legal answers, whole games, better than random), the
mcts search (a legal answer within its budget), hints (api.suggest), determinized copies."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from tabletop.core.model import TABLE
from tabletop.core.play import play_one, policies
from tabletop.core.search import clone_session, clone_state
from tabletop.core.view import can_see
from tabletop.games.lcg import api
from tabletop.games.lcg.ai.clone import determinize, hidden_pools
from tabletop.games.lcg.ai.expert import ExpertPolicy
from tabletop.games.lcg.ai.mcts import MctsPolicy
from tests.lcg.ai_positions import to_first_commit

MIRKWOOD = "passage-through-mirkwood"


def _to_commit(seed: int = 7):
    """A solo game at its first commitment to the quest."""
    return to_first_commit(MIRKWOOD, seed)


def test_the_lcg_offers_expert_and_mcts():
    assert {"random", "expert", "mcts"} <= set(policies("lcg"))


def _legal_only(seen: Counter):
    """A check run after every action: the engine's pending decision stays answerable."""
    def check(session):
        choice = session.pending()
        if choice is not None:
            seen[choice.kind] += 1
            assert choice.options
    return check


@pytest.mark.parametrize("scenario,deck,seed", [
    (MIRKWOOD, "leadership", 1), (MIRKWOOD, "tactics", 2),
    ("journey-down-the-anduin", "spirit", 3), ("escape-from-dol-guldur", "lore", 4),
    ("escape-from-dol-guldur", "leadership", 5), ("journey-down-the-anduin", "tactics", 6)])
def test_expert_answers_legally_and_finishes_games(scenario, deck, seed):
    seen: Counter = Counter()
    rec = play_one("lcg", seed, "expert", {"scenario": scenario, "decks": [deck]},
                   check=_legal_only(seen))
    assert rec["defect"] is None, rec["defect"]          # every answer was one of the options
    assert rec["outcome"] in ("won", "lost") and rec["actions"] > 20
    assert seen["many"] and seen["act"]


def test_expert_plays_a_two_player_fellowship():
    rec = play_one("lcg", 8, "expert", {"scenario": MIRKWOOD, "decks": ["spirit", "tactics"]})
    assert rec["defect"] is None and rec["outcome"] in ("won", "lost")


def test_expert_beats_random_on_mirkwood():
    """30 solo games each on seeds 1-30 (the expert wins about 1 in 6, random never)."""
    wins = {}
    for policy in ("random", "expert"):
        wins[policy] = sum(
            play_one("lcg", seed, policy, {"scenario": MIRKWOOD, "decks": ["leadership"]})
            ["outcome"] == "won" for seed in range(1, 31))
    assert wins["expert"] >= 2 and wins["expert"] > wins["random"], wins


def test_expert_says_why():
    game = _to_commit()
    advice = ExpertPolicy().advise(game)
    assert advice.value in game.pending().options
    assert "willpower" in advice.why and advice.why.endswith(".")


def test_suggest_gives_a_legal_answer_and_a_reason_and_changes_nothing():
    game = _to_commit()
    before, cursor = game.state.to_data(), game.cursor
    hint = api.suggest(game)
    assert hint["answer"] in game.pending().options and hint["why"]
    assert hint["seat"] == 0 and hint["policy"] == "expert"
    assert game.state.to_data() == before and game.cursor == cursor
    assert api.answer(game, hint["answer"]).ok
    with pytest.raises(ValueError):
        api.suggest(game, policy="nobody")


def test_mcts_returns_a_legal_answer_within_its_budget():
    game = _to_commit()
    before = game.state.to_data()
    policy = MctsPolicy(seconds=1.5, iterations=12)
    cmd = policy.choose(game, 0, random.Random(1))
    assert cmd in game.legal_actions()
    assert policy.last is not None and 1 <= policy.last.iterations <= 12
    assert policy.last.seconds < 1.5 + 0.5
    assert game.state.to_data() == before                # the search worked on copies
    assert api.answer(game, cmd.value).ok
    # a decision with one option, or not worth a search, is answered at once
    trivial = MctsPolicy(seconds=0.01, iterations=1)
    game2 = api.new_game(MIRKWOOD, decks=["leadership"], seed=7)
    assert trivial.choose(game2, 0, random.Random(1)).value in ("keep", "mulligan")
    assert trivial.last is None


def test_mcts_tries_the_paired_search_too():
    game = _to_commit(9)
    policy = MctsPolicy(seconds=1.5, iterations=8, mode="paired")
    cmd = policy.choose(game, 0, random.Random(2))
    assert cmd in game.legal_actions() and policy.last.iterations >= 1


def test_a_search_copy_equals_the_game_and_is_independent():
    game = _to_commit()
    copy_ = clone_state(game.state)
    assert copy_ == game.state
    cid = next(iter(copy_.cards))
    copy_.cards[cid].tokens["damage"] = 99
    assert game.state.cards[cid].tokens.get("damage") != 99
    session = clone_session(game)
    assert session.pending() == game.pending() and session.cursor == 0
    assert session.submit(session.legal_actions()[0]).ok
    assert game.state.to_data() != session.state.to_data()


def test_determinize_redeals_only_what_the_seat_cannot_see():
    game = api.new_game(MIRKWOOD, decks=["leadership", "spirit"], seed=4)
    while game.pending() is not None and api.derived(game)["step"] != "quest.commit":
        game.submit(game.legal_actions()[-1])
    st = game.state
    sim = determinize(game, 0, random.Random(3))
    s2 = sim.state
    assert s2.seed != st.seed
    changed = 0
    for cid, card in st.cards.items():
        other = s2.cards[cid]
        assert (other.zone, other.x, other.y, other.face_up) == (card.zone, card.x, card.y,
                                                                 card.face_up)
        if can_see(st, 0, cid):
            assert other.code == card.code
        changed += other.code != card.code
    assert changed > 0
    for pool in hidden_pools(st, 0):        # each pool holds the same cards, dealt anew
        assert Counter(st.cards[c].code for c in pool) == Counter(s2.cards[c].code for c in pool)
        assert len({st.cards[c].origin for c in pool}) == 1
        assert all(st.cards[c].zone != TABLE or st.cards[c].attach_kind == "shadow" for c in pool)
    # seat 1's hand is hidden from seat 0: redealt within seat 1's cards only
    hand1 = st.zones["p2.hand"].cards
    assert all(s2.cards[c].owner == 1 for c in hand1)
    assert [s2.cards[c].code for c in st.zones["p1.hand"].cards] == \
        [st.cards[c].code for c in st.zones["p1.hand"].cards]
