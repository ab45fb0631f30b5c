"""The ten quest cards of the three core scenarios, as short stories (strict)."""
import pytest

from tabletop.games.lcg import api
from tabletop.games.lcg.cardspecs.base import Ability
from tabletop.games.lcg.engine import engine_view
from tests.lcg.stand_ins import stand_in
from tests.lcg.story import Story

MIRKWOOD, ANDUIN, ESCAPE = "passage-through-mirkwood", "journey-down-the-anduin", "escape-from-dol-guldur"
OBJECTIVES = ["Gandalf's Map", "Dungeon Torch", "Shadow Key"]


def seat(name="Tom", threat=25, heroes=(), **more):
    return {"name": name, "threat": threat, "heroes": list(heroes), "deck": [], **more}


def new_story(scenario, players=1, seed=1) -> Story:
    s = Story(game=api.new_game(scenario, players=players, seed=seed))
    if players > 1:
        s.choose("Who is the first player?", "Player 1")
    for i in range(players):
        s.choose("keep this hand", "keep")
    return s


# ------------------------------------------------------- Passage Through Mirkwood
@pytest.mark.card("01119")  # Flies and Spiders
def test_flies_and_spiders_setup_adds_a_forest_spider_and_old_forest_road():
    s = new_story(MIRKWOOD)
    assert s.derived["quest"] == "Flies and Spiders"
    assert api.find(s.game, "Old Forest Road", "staging") and api.find(s.game, "Forest Spider", "staging")
    assert len(s.game.state.zones["encounter.deck"].cards) == 34
    s.finish()


def fork(seed: int) -> Story:
    """Stage 2 defeated with 2 progress: stage 3 is picked at random (by the seed)."""
    return Story({"step": "quest.resolve", "seed": seed, "quest": {"stage": 2},
                  "encounter_deck": ["Forest Spider", "King Spider"],
                  "seats": [seat(heroes=["Aragorn", "Legolas"], committed=["Aragorn"])]})


@pytest.mark.card("01120")  # A Fork in the Road
def test_a_fork_in_the_road_leads_to_one_stage_3_at_random():
    seen = set()
    for seed in range(1, 9):
        s = fork(seed)
        assert s.where("A Fork in the Road") == "quest.discard"
        seen.add(s.derived["quest"])
        other = ({"Don't Leave the Path!", "Beorn's Path"} - {s.derived["quest"]}).pop()
        assert s.where(other) == "quest.discard"
    assert seen == {"Don't Leave the Path!", "Beorn's Path"}


def _seed_for(quest: str) -> int:
    return next(seed for seed in range(1, 20) if _leads_to(seed, quest))


def _leads_to(seed: int, quest: str) -> bool:
    g = fork(seed).game
    return api.derived(g)["quest"] == quest


@pytest.mark.card("01121")  # A Chosen Path
def test_dont_leave_the_path_each_player_adds_a_spider_and_faq_1_22_no_when_revealed():
    s = fork(_seed_for("Don't Leave the Path!"))
    # the stage's When Revealed: Tom adds a Spider of his choice, searching the deck
    s.choose("choose a Spider card for the staging area", "King Spider")
    assert s.where("King Spider") == "staging"
    assert not s.card("Legolas")["exhausted"]          # added, not revealed: no When Revealed
    s.finish()


@pytest.mark.card("01121")  # A Chosen Path
def test_dont_leave_the_path_is_won_by_defeating_ungoliants_spawn_not_by_progress():
    s = Story({"step": "quest.resolve", "quest": {"card": "Don't Leave the Path!", "progress": 20},
               "seats": [seat(heroes=["Aragorn", "Legolas", "Gimli"], committed=["Aragorn"],
                              engaged=[{"card": "Ungoliant's Spawn", "damage": 8}])]})
    assert s.derived["outcome"] is None                 # 0 quest points: progress does nothing
    s.choose("declare a defender", "Gimli")
    s.choose("attack an enemy", "Ungoliant's Spawn")
    s.choose("declare attackers", "Legolas")
    assert s.derived["outcome"] == "won" and "Ungoliant's Spawn is defeated." in s.text
    s.finish()


@pytest.mark.card("01122")  # A Chosen Path
def test_beorns_path_is_blocked_while_ungoliants_spawn_is_in_play():
    s = Story({"step": "quest.resolve", "quest": {"card": "Beorn's Path", "progress": 9},
               "seats": [seat(heroes=["Aragorn", "Legolas", "Gimli"], committed=["Aragorn"],
                              engaged=[{"card": "Ungoliant's Spawn", "damage": 8}])]})
    assert "The stage cannot be defeated while Ungoliant's Spawn is in play." in s.text
    assert s.derived["quest_progress"] == 11 and s.derived["outcome"] is None
    s.choose("declare a defender", "Gimli")
    s.choose("attack an enemy", "Ungoliant's Spawn")
    s.choose("declare attackers", "Legolas")
    assert s.derived["outcome"] == "won"
    s.finish()


# ------------------------------------------------------------- Escape from Dol Guldur
@pytest.mark.card("01123")  # The Necromancer's Tower
def test_the_necromancers_tower_setup_guards_each_objective_and_takes_a_prisoner():
    g = api.new_game(ESCAPE, players=1, seed=3)
    assert api.choose(g, "keep").ok
    while api.derived(g)["step"].startswith("setup"):
        assert api.answer(g, api.pending(g)["options"][0]["value"]).ok
    t = engine_view(g.state)
    assert all(api.find(g, name, "staging") for name in OBJECTIVES)
    assert api.find(g, "Nazgûl of Dol Guldur", "aside")
    prisoners = t.engine.get("prisoners", [])
    assert len(prisoners) == 1 and not g.state.cards[prisoners[0]].face_up
    assert len(t.engine.get("guards", {})) <= 3


@pytest.mark.card("01123")  # The Necromancer's Tower
def test_the_necromancers_tower_needs_a_claimed_objective():
    s = Story({"step": "quest.resolve", "scenario": ESCAPE,
               "quest": {"card": "The Necromancer's Tower", "progress": 8}, "staging": ["Gandalf's Map"],
               "seats": [seat(heroes=["Aragorn", "Gimli"], committed=["Aragorn"])]})
    assert "The players cannot advance until they control a claimed objective." in s.text
    s.choose("take an action or pass", "claim")
    s.choose("which of your heroes takes Gandalf's Map", "Gimli")
    assert s.derived["quest"] == "Through the Caverns"
    s.finish()


@pytest.mark.card("01124")  # Through the Caverns
def test_faq_1_16_one_ally_played_per_round_but_put_into_play_is_allowed(monkeypatch):
    stand_in(monkeypatch, "01023", "Sneak Attack", Ability("event", effect=[   # put into play
        {"op": "choose", "seat": "$seat", "filter": {"zone": "hand", "type": "ally"},
         "then": [{"op": "put_into_play", "card": "$choice", "seat": "$seat"}]}]))
    s = Story({"step": "planning.play", "scenario": ESCAPE,
               "quest": {"card": "Through the Caverns"},
               "staging": ["Tower Gate"],               # a location for the Scout's Response
               "seats": [seat(heroes=[{"card": "Aragorn", "resources": 6}],
                              hand=["Guard of the Citadel", "Snowbourn Scout", "Sneak Attack"])]})
    s.choose("play allies and attachments", "Guard of the Citadel")
    assert not s.offered("Snowbourn Scout")           # one ally played this round, for the group
    s.choose("play allies and attachments", "Sneak Attack")
    assert s.where("Snowbourn Scout") == "p1.play"     # put into play is not playing
    s.finish()


@pytest.mark.card("01124")  # Through the Caverns
def test_through_the_caverns_progress_lets_the_players_rescue_the_prisoner():
    s = Story({"step": "quest.resolve", "scenario": ESCAPE, "quest": {"card": "Through the Caverns"},
               "set_aside": ["Nazgûl of Dol Guldur"],
               "seats": [seat(heroes=["Aragorn", {"card": "Gimli", "prisoner": True}],
                              committed=["Aragorn"])]})
    assert not s.card("Gimli")["face_up"]
    s.choose("respond?", "Through the Caverns: rescue the prisoner")
    gimli = s.card("Gimli")
    assert gimli["face_up"] and not gimli["exhausted"] and gimli["tokens"]["damage"] == 1
    s.finish()


@pytest.mark.card("01124")  # Through the Caverns
def test_through_the_caverns_needs_the_rescue_and_all_three_objectives():
    def story(rescue: str, claimed: list) -> Story:
        s = Story({"step": "quest.resolve", "scenario": ESCAPE,
                   "quest": {"card": "Through the Caverns", "progress": 14},
                   "seats": [seat(heroes=[{"card": "Aragorn", "attachments": claimed[:2]},
                                          {"card": "Gimli", "attachments": claimed[2:]},
                                          {"card": "Legolas", "prisoner": True}],
                                  committed=["Aragorn"])]})
        s.choose("respond?", rescue)
        return s
    s = story("No response", OBJECTIVES)
    assert "The players cannot advance until the prisoner is rescued." in s.text
    s.finish()
    s = story("Through the Caverns", OBJECTIVES[:2])
    assert "until they control all 3 objectives" in s.text
    s.finish()
    s = story("Through the Caverns", OBJECTIVES)
    assert s.derived["quest"] == "Out of the Dungeons"
    s.finish()


@pytest.mark.card("01125")  # Out of the Dungeons
def test_out_of_the_dungeons_orc_guards_each_quest_phase():
    s = Story({"step": "quest.begin", "scenario": ESCAPE, "quest": {"card": "Out of the Dungeons"},
               "seats": [seat(heroes=["Aragorn"], deck=["Gandalf"]),
                         seat("Kris", heroes=["Gimli"], deck=["Feint"])]})
    assert s.derived["engaged"] == {0: ["Orc Guard"], 1: ["Orc Guard"]}
    s.choose("Tom: commit characters", "done")
    s.finish()


@pytest.mark.card("01125")  # Out of the Dungeons
def test_out_of_the_dungeons_is_won_once_the_nazgul_is_destroyed():
    s = Story({"step": "combat.player_attacks", "scenario": ESCAPE,
               "quest": {"card": "Out of the Dungeons", "progress": 7},
               "seats": [seat(heroes=["Legolas", "Gimli"],
                              engaged=[{"card": "Nazgûl of Dol Guldur", "damage": 7}])]})
    s.choose("attack an enemy", "Nazgûl of Dol Guldur")
    s.choose("declare attackers", "Legolas")
    s.choose("declare attackers", "Gimli")             # nobody else: the attack resolves
    assert s.derived["outcome"] == "won"
    s.finish()


# ---------------------------------------------------------- Journey Down the Anduin
@pytest.mark.card("01126")  # To the River...
def test_to_the_river_setup_reveals_a_card_per_player_and_adds_a_hill_troll():
    s = new_story(ANDUIN, players=2, seed=2)
    while s.derived["step"].startswith("setup"):
        s.choose("", s.pending["options"][0]["value"])
    assert api.find(s.game, "Hill Troll", "staging")
    assert s.derived["quest"] == "To the River..."
    s.finish()


@pytest.mark.card("01126")  # To the River...
def test_to_the_river_is_blocked_while_a_hill_troll_is_in_play():
    s = Story({"step": "quest.resolve", "scenario": ANDUIN, "quest": {"stage": 1, "progress": 7},
               "seats": [seat(heroes=["Aragorn", {"card": "Legolas", "tokens": {"attack": 1}}, "Gimli"],
                              committed=["Aragorn"], engaged=[{"card": "Hill Troll", "damage": 8}])]})
    assert "The stage cannot be defeated while Hill Troll is in play." in s.text
    s.choose("declare a defender", "Gimli")
    s.choose("attack an enemy", "Hill Troll")
    s.choose("declare attackers", "Legolas")
    assert s.derived["quest"] == "Anduin Passage"
    s.finish()


@pytest.mark.card("01127")  # Anduin Passage
def test_anduin_passage_reveals_one_more_card_and_makes_no_engagement_checks():
    s = Story({"step": "quest.staging", "scenario": ANDUIN, "quest": {"card": "Anduin Passage"},
               "encounter_deck": ["Wargs", "Goblin Sniper", "Despair"],
               "seats": [seat(threat=45, heroes=["Aragorn"], committed=["Aragorn"])]})
    assert s.where("Wargs") == "staging" and s.where("Goblin Sniper") == "staging"
    assert s.where("Despair") == "encounter.deck"
    s.choose("engage an enemy of your choice", "none")      # optional engagement still offered
    assert "No engagement checks are made this round." in s.text
    assert s.where("Wargs") == "staging"
    s.finish()


@pytest.mark.card("01128")  # Ambush on the Shore
def test_ambush_on_the_shore_reveals_two_per_player_and_has_no_staging():
    s = Story({"step": "quest.resolve", "scenario": ANDUIN,
               "quest": {"card": "Anduin Passage", "progress": 15},
               "encounter_deck": ["Despair", "Gladden Fields", "Wargs"],
               "seats": [seat(threat=10, heroes=["Aragorn", "Gimli"], committed=["Aragorn"],
                              engaged=["Misty Mountain Goblins"])]})
    assert s.derived["quest"] == "Ambush on the Shore"
    assert s.where("Gladden Fields") == "staging" and s.where("Wargs") == "encounter.deck"
    s.choose("travel to a location", "none")
    s.choose("declare a defender", "Gimli")
    s.choose("commit characters", "done")          # the next round: no staging step
    assert "Revealed" not in s.text.split("Quest phase")[-1]
    s.finish()


@pytest.mark.card("01128")  # Ambush on the Shore
def test_ambush_on_the_shore_is_won_when_the_last_enemy_leaves_play():
    s = Story({"step": "combat.player_attacks", "scenario": ANDUIN,
               "quest": {"card": "Ambush on the Shore"},
               "seats": [seat(heroes=["Legolas"], engaged=[{"card": "Wargs", "damage": 2}])]})
    s.choose("attack an enemy", "Wargs")
    s.choose("declare attackers", "Legolas")
    assert s.derived["outcome"] == "won" and "No enemy is left in play." in s.text
    s.finish()
