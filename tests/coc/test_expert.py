"""Circle of Conflict's expert: it beats the random and the greedy players in mixed seats
over fixed seeds, says why for every decision, and sees only what its seat may see."""
import random

from tabletop.core.games import game
from tabletop.core.play import decide, make_policy, match, play_games
from tabletop.games.coc.expert import Facts
import tabletop.games.coc.slot as S


def test_expert_beats_random_over_fixed_seeds():
    report = match("coc", ["expert", "random"], games=8, seed=1)
    assert report["defects"] == 0
    assert report["wins"]["expert"] >= 7, report


def test_expert_beats_greedy_in_three_mixed_seats():
    report = match("coc", ["expert", "greedy", "random"], games=6, seed=11)
    assert report["defects"] == 0
    assert report["wins"]["expert"] > report["wins"]["greedy"] + report["wins"]["random"], report


def test_greedy_keeps_its_name_and_expert_is_offered():
    spec = game("coc")
    assert {"greedy", "expert", "random"} <= set(spec.policies)
    assert play_games("coc", games=1, policy="expert", players=2)["defects"] == 0


def test_every_decision_has_a_reason_and_a_legal_answer():
    session = game("coc").new_game(players=3, seed=4, rules="enforce")
    policy = make_policy("coc", "expert")
    rng = random.Random(0)
    for _n in range(300):
        choice = session.pending()
        if choice is None:
            break
        seat = choice.data.get("actors", [choice.seat])[-1]
        cmd, why = decide(policy, session, seat, rng)
        assert cmd in session.legal_actions(seat) and why and len(why) > 8
        assert session.submit(cmd).ok


def test_the_expert_reads_only_its_own_secrets():
    session = game("coc").new_game(players=2, seed=4, rules="enforce")
    f = Facts(session, 0)
    assert set(S.get(f.st, "secret")) == {"p1"}
