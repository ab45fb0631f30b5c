"""The expert with the starter decks other than Leadership: Lore's Denethor keeps watch
for the enemies and peeks only when it costs nothing, his peek sends a bad card to the
bottom, and whole seeded games show it."""
from __future__ import annotations

from tabletop.core.play import play_one
from tabletop.games.lcg import api
from tabletop.games.lcg.ai.expert import ExpertPolicy
from tabletop.games.lcg.ai.read import Facts, read_decision

MIRKWOOD = "passage-through-mirkwood"


def _walk(seed: int, deck: str = "lore", limit: int = 3000):
    """A solo game played by the expert: (game, advice, Facts) before every answer."""
    game = api.new_game(MIRKWOOD, decks=[deck], seed=seed)
    expert = ExpertPolicy()
    for _i in range(limit):
        choice = game.pending()
        if choice is None:
            return
        advice = expert.advise(game, choice.seat)
        assert advice is not None
        yield game, choice, advice
        api.answer(game, advice.value, seat=choice.seat)


def _denethor_use(game, choice):
    f = Facts(game.state, choice.seat)
    for o in choice.options:
        if isinstance(o, str) and o.startswith("use:"):
            cid = int(o.split(":")[1])
            if f.en(cid) == "Denethor":
                return o
    return None


def test_denethor_does_not_exhaust_himself_before_the_enemies_attack():
    offered = 0
    for seed in (1, 2, 3):
        for game, choice, advice in _walk(seed):
            use = _denethor_use(game, choice)
            if use is None:
                continue
            step = str(api.derived(game)["step"])
            f = Facts(game.state, choice.seat)
            if step.startswith("quest") or (step.startswith("combat") and f.engaged()
                                            and step != "combat.player_attacks"):
                offered += 1
                assert advice.value != use, (seed, step)
    assert offered > 0


def test_denethor_sends_a_bad_card_to_the_bottom_and_keeps_a_good_one():
    answers = {}
    for seed in range(1, 7):
        for game, choice, advice in _walk(seed):
            if set(choice.options) != {"top", "bottom"}:
                continue
            d = read_decision(game.state, choice)
            f = Facts(game.state, choice.seat)
            top = game.state.zones[str(d.ins.get("zone") or "encounter.deck")].cards[-1]
            answers.setdefault(advice.value, set()).add(f.t.cdef(top).type)
    assert "enemy" in answers.get("bottom", set())
    assert "top" in answers


def test_lore_games_see_denethor_defend():
    defended = 0
    for seed in (1, 2, 3, 4):
        for game, choice, advice in _walk(seed):
            d = read_decision(game.state, choice)
            if d.what == "defender" and isinstance(advice.value, int):
                defended += Facts(game.state, choice.seat).en(advice.value) == "Denethor"
    assert defended >= 3


def test_a_seeded_lore_game_lasts():
    """Lore's heroes used to fall by the fifth round; the peeks now cost no defence."""
    rounds = [play_one("lcg", seed, "expert", {"scenario": MIRKWOOD, "decks": ["lore"]})["rounds"]
              for seed in range(1, 9)]
    assert sum(rounds) / len(rounds) >= 8.5
