"""The expert's knowledge of Escape from Dol Guldur (``ai/dolguldur.py``): when and where the
objectives are claimed, which one the Dungeon Jailor takes, when the prisoner is rescued, the
scenario's shadow cards in defence, and that whole games now get past the first stage."""
from __future__ import annotations

import random

from tabletop.games.lcg import api
from tabletop.games.lcg.ai import dolguldur
from tabletop.games.lcg.ai.expert import ExpertPolicy
from tabletop.games.lcg.ai.read import Facts
from tabletop.games.lcg.ai.tactics import attack_cost

DOL_GULDUR = "escape-from-dol-guldur"


def _opening(seed: int = 1, decks=("leadership",)):
    """A Dol Guldur game at its first action window (seed 1: Gandalf's Map lies unguarded,
    its guard was a treachery)."""
    game = api.new_game(DOL_GULDUR, decks=list(decks), seed=seed)
    while api.pending(game)["kind"] != "act":
        api.answer(game, api.suggest(game)["answer"])
    return game


def _card(game, name: str) -> int:
    return next(c for c in game.state.table.cards if api.card(game, c)["name"] == name)


def _quest(game) -> int:
    return next(c for c in game.state.table.cards
                if game.state.cards[c].code in dolguldur.STAGES)


def test_the_map_is_claimed_only_when_the_stage_needs_it():
    game = _opening()
    claim = f"use:{_card(game, dolguldur.MAP)}:0"
    assert claim in [o["value"] for o in api.pending(game)["options"]]
    # no progress yet: the claim would cost 2 threat and a defender for nothing
    assert api.suggest(game)["answer"] == "pass"
    game.state.cards[_quest(game)].tokens["progress"] = 9
    hint = api.suggest(game)
    assert hint["answer"] == claim and "objective" in hint["why"]
    threat = api.derived(game)["threat"][0]
    api.answer(game, claim)
    # the Map goes to the hero who fights least (Glóin, not Aragorn)
    host = api.suggest(game)["answer"]
    assert api.card(game, host)["name"] == "Glóin"
    api.answer(game, host)
    assert api.derived(game)["quest"] == "Through the Caverns"
    assert api.derived(game)["threat"][0] == threat + 2


def test_the_prisoner_waits_for_the_stage_s_progress():
    game = _opening()
    game.state.cards[_quest(game)].tokens["progress"] = 9
    api.answer(game, f"use:{_card(game, dolguldur.MAP)}:0")
    api.answer(game, api.suggest(game)["answer"])
    caverns = _quest(game)
    f = Facts(game.state, 0)
    assert dolguldur.stage(f) == 2
    assert dolguldur.response_ok(f, caverns) is False      # the Nazgûl would come for nothing
    game.state.cards[caverns].tokens["progress"] = 15
    assert dolguldur.response_ok(Facts(game.state, 0), caverns) is True


def test_the_key_goes_to_the_hero_with_most_hit_points():
    game = _opening()
    f = Facts(game.state, 0)
    key = next(c for c, card in game.state.cards.items() if f.en(c) == dolguldur.KEY)
    heroes = f.heroes()
    advice = dolguldur.claim_host(f, key, heroes)
    assert f.hp_left(advice.value) == max(f.hp_left(h) for h in heroes)
    assert advice.why


def test_the_jailor_takes_a_guarded_objective_else_the_one_missed_least():
    game = _opening()
    f = Facts(game.state, 0)
    objs = dolguldur.objectives(f)
    free = [o for o in objs.values() if dolguldur.guard_of(f, o) is None]
    guarded = [o for o in objs.values() if dolguldur.guard_of(f, o) is not None]
    assert free and guarded
    assert dolguldur.jailor_pick(f, free + guarded).value in guarded
    # between free ones: the Torch before the Key before the Map
    ordered = sorted(objs.values(), key=lambda o: dolguldur.KEEP_WORTH[f.en(o)])
    for o in objs.values():
        game.state.cards[o].attached_to = None if dolguldur.guard_of(f, o) is not None \
            else game.state.cards[o].attached_to
    f = Facts(game.state, 0)
    assert dolguldur.jailor_pick(f, list(objs.values())).value == ordered[0]


def test_guards_of_needed_objectives_are_worth_destroying():
    game = _opening()
    f = Facts(game.state, 0)
    guards = [dolguldur.guard_of(f, o) for o in dolguldur.objectives(f).values()]
    guards = [g for g in guards if g is not None]
    assert guards and all(dolguldur.guard_value(f, g) > 0 for g in guards)
    others = [c for c in f.characters()]
    assert all(dolguldur.guard_value(f, c) == 0 for c in others)


def test_an_undefended_attack_costs_more_where_the_shadows_punish_it():
    game = _opening()
    f = Facts(game.state, 0)
    risk = dolguldur.shadow_risk(f, None, undefended=True)
    assert risk is not None and risk.attack[-1][0] >= 3 and risk.strip > 0
    mirkwood = api.new_game("passage-through-mirkwood", decks=["leadership"], seed=1)
    assert dolguldur.shadow_risk(Facts(mirkwood.state, 0), None, undefended=True) is None
    # a 3-attack left on a hero: dearer than the flat margin's reckoning of the same damage
    dolguldur_cost = attack_cost(f, None, 3)
    saved = dolguldur.SCENARIO
    try:
        dolguldur.SCENARIO = "none"
        flat = attack_cost(Facts(game.state, 0), None, 3)
    finally:
        dolguldur.SCENARIO = saved
    assert dolguldur_cost > flat


def _furthest_stage(seed: int, decks: list[str]) -> tuple[int, int]:
    """Play a game with the expert: the furthest stage and the most objectives held."""
    game = api.new_game(DOL_GULDUR, decks=decks, seed=seed)
    policy, rng = ExpertPolicy(), random.Random(f"expert:{seed}")
    stage = held = 0
    while game.pending() is not None:
        f = Facts(game.state, 0)
        stage, held = max(stage, dolguldur.stage(f)), max(held, len(dolguldur.claimed(f)))
        choice = game.pending()
        game.submit(policy.choose(game, choice.seat, rng))
    return stage, held


def test_fellowships_get_past_the_first_stage():
    """Without the scenario's knowledge no game claimed an objective (stage 1 was never left)."""
    results = [_furthest_stage(seed, ["leadership", "spirit"]) for seed in range(1, 21)]
    assert sum(1 for stage, _held in results if stage >= 2) >= 3
    assert all(held >= 1 for stage, held in results if stage >= 2)
