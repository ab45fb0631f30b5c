"""The encounter cards of Spiders of Mirkwood and Passage Through Mirkwood, each as a
short story (strict: every decision is expected, saved and loaded, undone)."""
import pytest

from tests.lcg.story import Story


def seat(name="Tom", threat=25, heroes=(), **more):
    return {"name": name, "threat": threat, "heroes": list(heroes), "deck": [], **more}


# ------------------------------------------------------------ Spiders of Mirkwood
@pytest.mark.card("01074")  # King Spider
def test_king_spider_makes_each_player_exhaust_a_character():
    s = Story({"step": "quest.staging", "encounter_deck": ["King Spider"],
               "seats": [seat(heroes=["Aragorn", "Legolas"], committed=["Aragorn"]),
                         seat("Kris", heroes=["Gimli", "Glóin"])]})
    # Tom's only ready character goes at once; Kris picks
    assert "Legolas is exhausted." in s.text
    s.choose("Kris: exhaust one of your ready characters (King Spider)", "Glóin")
    assert s.card("Glóin")["exhausted"] and not s.card("Gimli")["exhausted"]
    s.finish()


@pytest.mark.card("01074")  # King Spider
def test_king_spider_shadow_exhausts_two_characters_when_undefended():
    s = Story({"step": "combat.enemy_attacks", "encounter_deck": [],
               "seats": [seat(heroes=["Aragorn", "Legolas", "Gimli"],
                              engaged=[{"card": "Forest Spider", "shadow": ["King Spider"]}])]})
    s.choose("declare a defender", "none")
    s.choose("exhaust one of your ready characters", "Legolas")
    s.choose("exhaust one of your ready characters", "Gimli")
    assert s.card("Legolas")["exhausted"] and s.card("Gimli")["exhausted"]
    s.choose("which hero takes 2 damage", "Aragorn")
    s.finish()


@pytest.mark.card("01075")  # Hummerhorns
def test_hummerhorns_deal_5_damage_to_a_hero_of_the_player_it_engages():
    s = Story({"step": "encounter.checks", "staging": ["Hummerhorns"],
               "seats": [seat(threat=40, heroes=["Gimli", {"card": "Aragorn",
                                                           "tokens": {"hitpoints": 3}}])]})
    assert "Hummerhorns engages Tom" in s.text
    s.choose("which of your heroes takes 5 damage from Hummerhorns", "Aragorn")
    assert s.card("Aragorn")["tokens"]["damage"] == 5 and s.where("Aragorn") == "p1.play"
    s.finish()


@pytest.mark.card("01075")  # Hummerhorns
def test_hummerhorns_shadow_damages_each_character_twice_when_undefended():
    s = Story({"step": "combat.enemy_attacks", "encounter_deck": [],
               "seats": [seat(heroes=["Aragorn", "Gimli"], allies=["Guard of the Citadel"],
                              engaged=[{"card": "Forest Spider", "shadow": ["Hummerhorns"]}]),
                         seat("Kris", heroes=["Legolas"])]})
    s.choose("declare a defender", "none")
    # 2 damage on each of Tom's characters (not Kris's): the Guard of the Citadel (2 hit points) dies
    assert s.card("Gimli")["tokens"]["damage"] == 2 and s.where("Guard of the Citadel") == "p1.discard"
    assert "damage" not in s.card("Legolas")["tokens"]
    s.choose("which hero takes 2 damage", "Gimli")
    assert s.card("Gimli")["tokens"]["damage"] == 4
    s.finish()


@pytest.mark.card("01076")  # Ungoliant's Spawn
def test_ungoliants_spawn_lowers_the_committed_willpower_for_the_phase():
    s = Story({"step": "quest.staging", "encounter_deck": ["Ungoliant's Spawn"],
               "seats": [seat(heroes=["Éowyn", "Aragorn", "Legolas"], committed=["Éowyn", "Aragorn"])]})
    # 4 + 2 willpower, each -1: 4 against 3 threat
    assert "Quest: 4 willpower against 3 threat: 1 progress." in s.text
    assert s.card("Éowyn")["willpower"] == 4           # the effect ended with the quest phase
    assert s.card("Legolas")["willpower"] == 1
    s.choose("engage an enemy", "none")
    s.finish()


@pytest.mark.card("01076")  # Ungoliant's Spawn
def test_ungoliants_spawn_shadow_raises_threat_by_8_when_undefended():
    s = Story({"step": "combat.enemy_attacks", "encounter_deck": [],
               "seats": [seat(threat=20, heroes=["Aragorn"],
                              engaged=[{"card": "Forest Spider", "shadow": ["Ungoliant's Spawn"]}])]})
    s.choose("declare a defender", "none")
    assert s.derived["threat"] == [28]
    s.finish()


@pytest.mark.card("01077")  # Great Forest Web
def test_great_forest_web_costs_every_player_a_ready_hero():
    s = Story({"step": "travel.travel", "staging": ["Great Forest Web"],
               "seats": [seat(heroes=["Aragorn", "Legolas"]), seat("Kris", heroes=["Gimli"])]})
    s.choose("travel to a location", "Great Forest Web")
    s.choose("Tom: exhaust one of your heroes to travel to Great Forest Web", "Legolas")
    assert "Gimli is exhausted." in s.text                      # Kris's only hero
    assert s.derived["active_location"] == "Great Forest Web"
    s.finish()


@pytest.mark.card("01077")  # Great Forest Web
def test_great_forest_web_cannot_be_travelled_to_without_a_ready_hero():
    s = Story({"step": "travel.travel", "staging": ["Great Forest Web", "Old Forest Road"],
               "seats": [seat(heroes=["Aragorn"]),
                         seat("Kris", heroes=[{"card": "Gimli", "exhausted": True}])]})
    assert s.offered("Old Forest Road") and not s.offered("Great Forest Web")
    s.choose("travel to a location", "none")
    s.finish()


@pytest.mark.card("01078")  # Mountains of Mirkwood
def test_mountains_of_mirkwood_travel_reveals_a_card_while_it_is_still_staged():
    s = Story({"step": "travel.travel", "staging": ["Mountains of Mirkwood"],
               "scenario": "passage-through-mirkwood", "encounter_deck": ["Driven by Shadow"],
               "seats": [seat(heroes=["Aragorn"])]})
    s.choose("travel to a location", "Mountains of Mirkwood")
    # Driven by Shadow sees the Mountains in the staging area: no surge, +1 threat on them
    assert "Revealed Driven by Shadow." in s.text and "gains surge" not in s.text
    assert "locations in the staging area get +1 threat" in s.text
    assert s.derived["active_location"] == "Mountains of Mirkwood"
    s.finish()


@pytest.mark.card("01078")  # Mountains of Mirkwood
def test_mountains_of_mirkwood_explored_lets_each_player_search_five_cards():
    s = Story({"step": "quest.resolve", "active_location": {"card": "Mountains of Mirkwood"},
               "seats": [seat(heroes=["Aragorn", "Glóin"], committed=["Aragorn", "Glóin"],
                              deck=["Steward of Gondor", "Gandalf", "Sneak Attack", "Feint",
                                    "Gondorian Spearman", "Citadel Plate"]),
                         seat("Kris", heroes=["Legolas"], deck=["Blade of Gondolin",
                                                                  "Horn of Gondor"])]})
    assert "Mountains of Mirkwood is explored." in s.text
    s.choose("respond?", "Mountains of Mirkwood")
    s.choose("Tom: take one of the top 5 cards of your deck", "Gandalf")
    s.choose("Kris: take one of the top 5 cards of your deck", "Take nothing")
    assert s.where("Gandalf") == "p1.hand"
    assert s.text.count("takes a card into their hand") == 1
    s.finish()


@pytest.mark.card("01079")  # Eyes of the Forest
def test_eyes_of_the_forest_discards_every_event_in_hand():
    s = Story({"step": "quest.staging", "encounter_deck": ["Eyes of the Forest"],
               "seats": [seat(heroes=["Aragorn"], hand=["Sneak Attack", "Gandalf", "Feint"]),
                         seat("Kris", heroes=["Legolas"], hand=["Ever Vigilant"])]})
    assert s.where("Sneak Attack") == "p1.discard" and s.where("Feint") == "p1.discard"
    assert s.where("Gandalf") == "p1.hand" and s.where("Ever Vigilant") == "p2.discard"
    s.finish()


@pytest.mark.card("01080")  # Caught in a Web
def test_caught_in_a_web_binds_a_hero_of_the_player_with_the_highest_threat():
    s = Story({"step": "quest.staging", "encounter_deck": ["Caught in a Web"],
               "seats": [seat(threat=20, heroes=["Legolas"]),
                         seat("Kris", threat=30, heroes=["Aragorn", "Gimli"])]})
    s.choose("attach Caught in a Web to one of your heroes", "Gimli")
    web = s.find("Caught in a Web")
    assert s.card(web)["attached_to"] == s.find("Gimli") and s.card(web)["type"] == "attachment"
    s.finish()


@pytest.mark.card("01080")  # Caught in a Web
def test_faq_1_03_caught_in_a_web_tie_for_highest_threat_first_player_picks():
    s = Story({"step": "quest.staging", "encounter_deck": ["Caught in a Web"], "first_player": 1,
               "seats": [seat(threat=30, heroes=["Legolas"]),
                         seat("Kris", threat=30, heroes=["Aragorn"])]})
    p = s.pending
    assert p["seat"] == 1                  # Kris is the first player: Kris decides
    s.choose("Kris: the players tie for the highest threat", "Tom")
    assert s.card("Caught in a Web")["attached_to"] == s.find("Legolas")
    s.finish()


@pytest.mark.card("01080")  # Caught in a Web
def test_faq_caught_in_a_web_each_copy_is_paid_separately():
    webs = ["Caught in a Web", "Caught in a Web"]
    s = Story({"step": "refresh.begin",
               "seats": [seat(heroes=[{"card": "Gimli", "exhausted": True, "resources": 3,
                                       "attachments": webs},
                                      {"card": "Aragorn", "exhausted": True, "resources": 4,
                                       "attachments": webs}])]})
    s.choose("pay 2 resources from Gimli", "Pay 2 resources")
    # Gimli has 1 left: the second copy is not even offered
    s.choose("pay 2 resources from Aragorn", "Pay 2 resources")
    s.choose("pay 2 resources from Aragorn", "Pay 2 resources")
    assert s.text.count("Tom pays 2 resources from Gimli") == 1
    assert s.text.count("Tom pays 2 resources from Aragorn") == 2
    assert s.card("Gimli")["exhausted"] and not s.card("Aragorn")["exhausted"]
    s.finish()


@pytest.mark.card("01080")  # Caught in a Web
def test_faq_1_06_caught_in_a_web_is_not_controlled_by_the_heros_player():
    s = Story({"step": "combat.enemy_attacks", "encounter_deck": [],
               "seats": [seat(heroes=[{"card": "Gimli", "attachments": ["Caught in a Web",
                                                                        "Dwarven Axe"]}],
                              engaged=[{"card": "Wargs", "shadow": ["Forest Spider"]}])]})
    assert s.card("Caught in a Web")["controller"] is None
    s.choose("declare a defender", "Gimli")
    # Forest Spider's shadow: the only attachment Tom controls is the axe
    assert s.where("Dwarven Axe") == "p1.discard" and s.where("Caught in a Web") == "p1.play"
    s.finish()


# ------------------------------------------------------ Passage Through Mirkwood
@pytest.mark.card("01096")  # Forest Spider
def test_forest_spider_gets_1_attack_for_the_round_after_engaging():
    s = Story({"step": "encounter.checks", "staging": ["Forest Spider"], "encounter_deck": [],
               "seats": [seat(threat=30, heroes=["Aragorn", "Gimli"])]})
    assert s.card("Forest Spider")["attack"] == 3
    s.choose("declare a defender", "Gimli")
    assert "Forest Spider deals 1 damage to Gimli (3 attack - 2 defense)." in s.text
    s.choose("attack an enemy", "done")
    assert s.card("Forest Spider")["attack"] == 2              # the round is over
    s.finish()


@pytest.mark.card("01096")  # Forest Spider
def test_forest_spider_shadow_discards_an_attachment_of_the_defending_player():
    s = Story({"step": "combat.enemy_attacks", "encounter_deck": [],
               "seats": [seat(heroes=[{"card": "Gimli", "attachments": ["Dwarven Axe"]},
                                      {"card": "Aragorn", "attachments": ["Citadel Plate"]}],
                              engaged=[{"card": "Wargs", "shadow": ["Forest Spider"]}])]})
    s.choose("declare a defender", "Gimli")
    s.choose("discard one of your attachments (Forest Spider)", "Citadel Plate")
    assert s.where("Citadel Plate") == "p1.discard" and s.where("Dwarven Axe") == "p1.play"
    s.finish()


@pytest.mark.card("01097")  # East Bight Patrol
def test_east_bight_patrol_shadow_adds_attack_and_3_threat_when_undefended():
    s = Story({"step": "combat.enemy_attacks", "encounter_deck": [],
               "seats": [seat(threat=20, heroes=["Aragorn", "Gimli"],
                              engaged=[{"card": "Forest Spider", "shadow": ["East Bight Patrol"]}])]})
    s.choose("declare a defender", "none")
    assert s.derived["threat"] == [23]
    s.choose("which hero takes 3 damage", "Aragorn")
    s.finish()


@pytest.mark.card("01098")  # Black Forest Bats
def test_black_forest_bats_pull_a_character_out_of_the_quest():
    s = Story({"step": "quest.staging", "encounter_deck": ["Black Forest Bats"],
               "seats": [seat(heroes=["Éowyn", "Aragorn"], committed=["Éowyn", "Aragorn"])]})
    s.choose("remove one of your questing characters from the quest", "Éowyn")
    # only Aragorn's 2 willpower quests against the bats' 1 threat
    assert "Quest: 2 willpower against 1 threat: 1 progress." in s.text
    assert s.card("Éowyn")["exhausted"]
    s.choose("engage an enemy", "none")
    s.finish()


@pytest.mark.card("01099")  # Old Forest Road
def test_old_forest_road_lets_the_first_player_ready_a_character():
    s = Story({"step": "travel.travel", "staging": ["Old Forest Road"],
               "seats": [seat(heroes=[{"card": "Aragorn", "exhausted": True}, "Legolas"])]})
    s.choose("travel to a location", "Old Forest Road")
    s.choose("respond?", "Old Forest Road")
    assert not s.card("Aragorn")["exhausted"]           # the only exhausted character
    assert not s.card("Aragorn")["exhausted"]
    s.finish()


@pytest.mark.card("01100")  # Forest Gate
def test_forest_gate_lets_the_first_player_draw_two():
    s = Story({"step": "travel.travel", "staging": ["Forest Gate"],
               "seats": [seat(heroes=["Aragorn"], deck=["Gandalf", "Feint", "Sneak Attack"])]})
    s.choose("travel to a location", "Forest Gate")
    s.choose("respond?", "Forest Gate: the first player may draw 2 cards")
    assert "Tom draws 2 cards." in s.text
    assert s.where("Gandalf") == "p1.hand" and s.where("Feint") == "p1.hand"
    s.finish()


@pytest.mark.card("01096")  # Forest Spider
def test_faq_1_52_the_defending_player_is_the_one_attacked():
    s = Story({"step": "combat.enemy_attacks", "encounter_deck": [],
               "seats": [seat(heroes=[{"card": "Gimli", "exhausted": True,
                                       "attachments": ["Dwarven Axe"]}],
                              engaged=[{"card": "Wargs", "shadow": ["Forest Spider"]}]),
                         seat("Kris", heroes=[{"card": "Aragorn", "attachments": ["Citadel Plate"]}])]})
    s.choose("declare a defender against Wargs", "Aragorn")        # Kris's Sentinel defends
    # Forest Spider's shadow: Tom, the player attacked, discards (his only attachment)
    assert s.where("Dwarven Axe") == "p1.discard" and s.where("Citadel Plate") == "p2.play"
    s.finish()


@pytest.mark.card("01061")  # Miner of the Iron Hills
def test_miner_of_the_iron_hills_may_discard_caught_in_a_web():
    s = Story({"step": "planning.play",
               "seats": [seat(heroes=[{"card": "Beravor", "resources": 2,
                                       "attachments": ["Caught in a Web"]}],
                              hand=["Miner of the Iron Hills"])]})
    s.choose("play allies and attachments", "Miner of the Iron Hills")
    s.choose("respond?", "Miner")
    s.choose("discard which Condition", "Caught in a Web")
    assert s.where("Caught in a Web") == "encounter.discard"
    s.finish()
