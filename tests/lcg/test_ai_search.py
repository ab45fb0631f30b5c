"""The search player's pieces: the fitted value of a table, whole commitments to the quest
as the search's candidates, the commitment followed pick by pick, the paired search's
rule for leaving the expert's answer, and the fitting tool itself."""
from __future__ import annotations

import random

import numpy as np

from devtools.fit_value import auc, fit, one_game
from tabletop.core.mcts import Budget, paired_search
from tabletop.core.play import play_one
from tabletop.core.search import clone_session
from tabletop.games.lcg import api
from tabletop.games.lcg.ai.evaluate import FEATURES, features, value
from tabletop.games.lcg.ai.expert import ExpertPolicy
from tabletop.games.lcg.ai.mcts import LcgSearch, MctsPolicy
from tabletop.games.lcg.engine import engine_view
from tabletop.games.lcg.engine import state as S
from tests.lcg.ai_positions import to_first_commit

MIRKWOOD = "passage-through-mirkwood"


def _to_commit(seed: int = 7, decks=("leadership",)):
    return to_first_commit(MIRKWOOD, seed, decks)


def _changed(game, change):
    copy = clone_session(game)
    change(copy.state, engine_view(copy.state))
    return copy


def test_the_value_of_a_table_follows_what_wins():
    game = _to_commit()
    v = value(game.state)
    assert 0.0 < v < 1.0
    assert len(features(game.state)) == len(FEATURES)
    heroes = engine_view(game.state).heroes(0)

    def hurt(st, t):
        for h in heroes:
            st.cards[h].tokens["damage"] = t.stat(h, "hitpoints") - 1

    def threat(st, t):
        st.seats[0].counters["threat"] = 46

    def hero_gone(st, t):
        card = st.cards[heroes[0]]
        st.zones[card.zone].cards.remove(card.id)
        card.zone = st.seat_zone(0, "discard")
        st.zones[card.zone].cards.append(card.id)

    def progress(st, t):
        st.cards[t.quest_card()].tokens["progress"] = t.stat(t.quest_card(), "quest_points") - 1

    assert value(_changed(game, hurt).state) < v
    assert value(_changed(game, threat).state) < v
    assert value(_changed(game, hero_gone).state) < v
    assert value(_changed(game, progress).state) > v


def test_the_value_of_a_game_over_is_its_outcome():
    game = _to_commit()
    won = clone_session(game)
    S.stored(won.state)["outcome"] = "won"
    lost = clone_session(game)
    S.stored(lost.state)["outcome"] = "lost"
    assert value(won.state) == 1.0 and value(lost.state) == 0.0


def test_the_search_compares_whole_commitments_the_experts_first():
    game = _to_commit(11)
    policy = MctsPolicy(seconds=None, iterations=10)
    cands = policy.commitments(game, 0)
    assert 2 <= len(cands) <= policy.commit_width
    keys = [k for k, _cmds in cands]
    assert len(set(keys)) == len(keys)                      # no group twice
    for key, cmds in cands:
        assert [c.value for c in cmds[:-1]] and cmds[-1].value == "done" or key == ()
        assert sorted(c.value for c in cmds[:-1]) == list(key)
    expert = ExpertPolicy()
    d_first = expert.choose(game, 0, random.Random(0)).value
    assert d_first in keys[0]                               # the expert's plan comes first


def test_the_chosen_commitment_is_followed_without_searching_again():
    game = _to_commit(11)
    policy = MctsPolicy(seconds=None, iterations=12)
    rng = random.Random(3)
    first = policy.choose(game, 0, rng)
    assert policy.searches == 1 and policy._plan is not None
    planned = policy._plan[2]
    assert api.answer(game, first.value).ok
    while api.derived(game)["step"] == "quest.commit" and game.pending() is not None \
            and game.pending().data.get("picked") is not None:
        cmd = policy.choose(game, 0, rng)
        assert api.answer(game, cmd.value).ok
        if cmd.value == "done":
            break
    assert policy.searches == 1                             # the picks were the plan's
    committed = set(S.stored(game.state).get("committed") or ())
    assert committed == set(planned)


class _Coin(LcgSearch):
    """The card game's search, with an evaluation that is noise, plus a bonus for one
    commitment."""

    def __init__(self, favourite, bonus):
        super().__init__(ExpertPolicy())
        self.favourite, self.bonus = set(favourite), bonus
        self.rng = random.Random(5)

    def evaluate(self, session):
        committed = set(S.stored(session.state).get("committed") or ())
        return self.rng.random() * 0.5 + (self.bonus if committed == self.favourite else 0.0)


def test_the_paired_search_leaves_the_experts_answer_only_for_a_clear_gain():
    game = _to_commit(11)
    policy = MctsPolicy(seconds=None, iterations=30)
    cands = policy.commitments(game, 0)
    favourite, cmds = cands[1]
    budget = Budget(iterations=60, seconds=None)
    # a clear gain: the commitment that the evaluation favours is chosen
    clear = paired_search(_Coin(favourite, 1.0), game, 0, random.Random(1), budget,
                          candidates=cands, z=1.0)
    assert clear.command is cmds[0]
    # noise alone: the expert's commitment stays (the z rule)
    noise = paired_search(_Coin(favourite, 0.0), game, 0, random.Random(1), budget,
                          candidates=cands, z=3.0)
    assert noise.command is cands[0][1][0]


def test_the_fit_finds_what_wins_in_made_up_games():
    rng = np.random.default_rng(1)
    x = rng.normal(size=(2000, 3))
    logit = 2.0 * x[:, 0] - 1.0 * x[:, 1]
    y = (rng.random(2000) < 1 / (1 + np.exp(-logit))).astype(float)
    w = fit(x, y)
    assert w[0] > 1.5 and -1.5 < w[1] < -0.5 and abs(w[2]) < 0.2
    assert auc(np.array([3.0, 2.0, 1.0, 0.0]), np.array([1.0, 1.0, 0.0, 0.0])) == 1.0
    assert auc(np.array([0.0, 1.0]), np.array([1.0, 0.0])) == 0.0


def test_the_search_says_which_commitment_it_chose_and_why():
    game = _to_commit(11)
    policy = MctsPolicy(seconds=None, iterations=12)
    cmd, why = policy.decide(game, 0, random.Random(3))
    assert cmd in game.legal_actions()
    names = engine_view(game.state).name(cmd.value)
    assert why.startswith("commits ") and names in why and "commitments over" in why
    assert api.answer(game, cmd.value).ok
    if game.pending() is not None and game.pending().data.get("picked"):
        nxt, why2 = policy.decide(game, 0, random.Random(3))     # the plan's next pick: said once
        assert "searched above" in why2 and "simulations" not in why2
        assert policy.searches == 1


def test_a_searched_answer_says_its_chance_of_winning():
    game = _to_commit(11)
    policy = MctsPolicy(seconds=None, iterations=12)
    # commit as the search says, then look at a planning decision of the next round
    rng = random.Random(4)
    while game.pending() is not None and not (
            api.derived(game)["step"].startswith("planning") and policy.worth_searching(game)):
        cmd = policy.choose(game, game.pending().seat, rng)
        assert game.submit(cmd).ok
    cmd, why = policy.decide(game, game.pending().seat, rng)
    assert cmd in game.legal_actions()
    assert "answers over" in why and "chance of winning about" in why and why.endswith(").")


def test_the_fit_records_every_round_and_labels_the_game():
    seed, rows, label = one_game(("passage-through-mirkwood", 3, "won"))
    rec = play_one("lcg", 3, "expert", {"scenario": MIRKWOOD,
                                        "decks": ["tactics"], "players": 1})
    assert seed == 3 and len(rows) == rec["rounds"]           # one record a round
    assert all(len(r) == len(FEATURES) + 1 for r in rows)    # the features, then evaluate
    assert label == (1.0 if rec["outcome"] == "won" else 0.0)
    _s, _rows, partial = one_game(("escape-from-dol-guldur", 4, "progress"))
    assert 0.0 <= partial <= 0.5
