"""The encounter cards of Dol Guldur Orcs and Escape from Dol Guldur, each as a short
story (strict: every decision is expected, saved and loaded, undone)."""
import pytest

from tabletop.games.lcg.cardspecs.base import Ability
from tabletop.games.lcg.engine import engine_view
from tests.lcg.stand_ins import canceller, stand_in
from tests.lcg.story import Story

ESCAPE = "escape-from-dol-guldur"
MAP = "Gandalf's Map"


def seat(name="Tom", threat=25, heroes=(), **more):
    return {"name": name, "threat": threat, "heroes": list(heroes), "deck": [], **more}


# -------------------------------------------------------------- Dol Guldur Orcs
@pytest.mark.card("01089")  # Dol Guldur Orcs
def test_dol_guldur_orcs_deal_2_damage_to_a_questing_character():
    s = Story({"step": "quest.staging", "encounter_deck": ["Dol Guldur Orcs"],
               "seats": [seat(heroes=["Aragorn", "Legolas"], committed=["Aragorn"]),
                         seat("Kris", heroes=["Gimli"], committed=["Gimli"])]})
    s.choose("which questing character takes 2 damage (Dol Guldur Orcs)", "Gimli")
    assert s.card("Gimli")["tokens"]["damage"] == 2 and "damage" not in s.card("Legolas")["tokens"]
    s.finish()


@pytest.mark.card("01089")  # Dol Guldur Orcs
def test_dol_guldur_orcs_shadow_gives_3_attack_when_undefended():
    s = Story({"step": "combat.enemy_attacks", "encounter_deck": [],
               "seats": [seat(heroes=["Aragorn", "Gimli"],
                              engaged=[{"card": "Forest Spider", "shadow": ["Dol Guldur Orcs"]}])]})
    s.choose("declare a defender", "none")
    s.choose("which hero takes 5 damage", "Gimli")        # 2 + 3 (undefended)
    assert "Forest Spider gets +3 attack for this attack." in s.text
    assert s.where("Gimli") == "p1.discard"
    s.finish()


@pytest.mark.card("01090")  # Chieftan Ufthak
def test_chieftan_ufthak_grows_stronger_with_each_attack():
    s = Story({"step": "combat.enemy_attacks", "encounter_deck": [],
               "seats": [seat(heroes=["Gimli", "Aragorn"],
                              engaged=[{"card": "Chieftan Ufthak", "resources": 1}])]})
    assert s.card("Chieftan Ufthak")["attack"] == 3 + 2
    s.choose("declare a defender against Chieftan Ufthak (5 attack)", "Gimli")
    assert "Chieftan Ufthak deals 3 damage to Gimli (5 attack - 2 defense)." in s.text
    assert s.card("Chieftan Ufthak")["attack"] == 3 + 4
    s.finish()


@pytest.mark.card("01091")  # Dol Guldur Beastmaster
def test_dol_guldur_beastmaster_gets_its_extra_shadow_card_before_the_defender():
    s = Story({"step": "combat.enemy_attacks", "encounter_deck": ["Dol Guldur Orcs"],
               "seats": [seat(heroes=["Gimli", "Aragorn"],
                              engaged=[{"card": "Dol Guldur Beastmaster",
                                        "shadow": ["Tower Gate"]}])]})
    # chosen to attack (step 1): its second shadow card is already there as Tom declares
    beast = s.find("Dol Guldur Beastmaster")
    assert len([c for c in s.game.state.table.cards
                if s.game.state.cards[c].attached_to == beast]) == 2
    s.choose("declare a defender against Dol Guldur Beastmaster", "none")
    assert "Shadow card: Tower Gate." in s.text and "Shadow card: Dol Guldur Orcs." in s.text
    s.choose("which hero takes 6 damage", "Aragorn")          # 3 + 3 (undefended Orcs)
    s.finish()


@pytest.mark.card("01092")  # Driven by Shadow
def test_driven_by_shadow_adds_threat_to_the_cards_staged_when_it_is_revealed():
    s = Story({"step": "quest.staging", "encounter_deck": ["Driven by Shadow", "Enchanted Stream"],
               "staging": ["Forest Spider"],
               "seats": [seat(threat=10, heroes=["Aragorn", "Gimli"], committed=["Aragorn", "Gimli"]),
                         seat("Kris", threat=10, heroes=["Legolas"])]})
    # Forest Spider 2+1; Enchanted Stream, revealed after, 2: 5 threat against 4 willpower
    assert "Quest: 4 willpower against 5 threat" in s.text
    s.finish()


@pytest.mark.card("01092")  # Driven by Shadow
def test_driven_by_shadow_surges_when_the_staging_area_is_empty():
    s = Story({"step": "quest.staging", "encounter_deck": ["Driven by Shadow", "Enchanted Stream",
                                                           "Necromancer's Pass"],
               "seats": [seat(threat=10, heroes=["Aragorn"])]})
    assert "The staging area is empty: Driven by Shadow gains surge." in s.text
    assert s.where("Enchanted Stream") == "staging"
    assert s.where("Necromancer's Pass") == "encounter.deck"
    s.choose("travel to a location", "none")
    s.finish()


@pytest.mark.card("01092")  # Driven by Shadow
def test_a_test_of_will_on_driven_by_shadow_also_stops_its_surge(monkeypatch):
    canceller(monkeypatch, "01050", "A Test of Will", "revealed", "cancel_revealed")
    s = Story({"step": "quest.staging", "encounter_deck": ["Driven by Shadow", "Enchanted Stream"],
               "seats": [seat(threat=10, heroes=[{"card": "Dúnhere", "resources": 1}],
                              hand=["A Test of Will"])]})
    s.choose("respond?", "A Test of Will")
    assert "The When Revealed effects of Driven by Shadow are cancelled." in s.text
    assert "surge" not in s.text and s.where("Enchanted Stream") == "encounter.deck"
    s.finish()


@pytest.mark.card("01092")  # Driven by Shadow
def test_driven_by_shadow_shadow_discards_an_attachment_of_the_defender():
    s = Story({"step": "combat.enemy_attacks", "encounter_deck": [], "scenario": ESCAPE,
               "seats": [seat(heroes=[{"card": "Gimli", "attachments": ["Dwarven Axe", "Citadel Plate"]},
                                      {"card": "Aragorn", "attachments": ["Steward of Gondor"]}],
                              engaged=[{"card": "Forest Spider", "shadow": ["Driven by Shadow"]}])]})
    s.choose("take an action", "pass")          # the window after the enemy is chosen
    s.choose("declare a defender", "Gimli")
    s.choose("take an action", "pass")          # the window after the defender is declared
    s.choose("discard an attachment of the defending character", "Citadel Plate")
    assert s.where("Citadel Plate") == "p1.discard" and s.where("Steward of Gondor") == "p1.play"
    s.finish()


@pytest.mark.card("01093")  # The Necromancer's Reach
def test_the_necromancers_reach_damages_every_exhausted_character():
    s = Story({"step": "quest.staging", "encounter_deck": ["The Necromancer's Reach", "Enchanted Stream"],
               "seats": [seat(heroes=["Aragorn", "Gimli"], committed=["Aragorn"]),
                         seat("Kris", heroes=[{"card": "Legolas", "exhausted": True}])]})
    assert s.card("Aragorn")["tokens"]["damage"] == 1 and s.card("Legolas")["tokens"]["damage"] == 1
    assert "damage" not in s.card("Gimli")["tokens"]
    s.finish()


@pytest.mark.card("01094")  # Necromancer's Pass
def test_necromancers_pass_costs_the_first_player_two_random_cards():
    s = Story({"step": "travel.travel", "staging": ["Necromancer's Pass"],
               "seats": [seat(heroes=["Aragorn"], hand=["Gandalf", "Feint", "Sneak Attack"])]})
    s.choose("travel to a location", "Necromancer's Pass")
    assert s.text.count("Tom discards") == 2 and s.derived["active_location"] == "Necromancer's Pass"
    assert s.where("Gandalf") == "p1.discard" or s.where("Feint") == "p1.discard"
    s.finish()
    s = Story({"step": "travel.travel", "staging": ["Necromancer's Pass", "Enchanted Stream"],
               "seats": [seat(heroes=["Aragorn"], hand=["Gandalf"])]})
    assert not s.offered("Necromancer's Pass")             # one card cannot pay the cost
    s.choose("travel to a location", "none")
    s.finish()


@pytest.mark.card("01095")  # Enchanted Stream
def test_enchanted_stream_stops_every_draw():
    s = Story({"step": "resource.draw", "active_location": "Enchanted Stream",
               "seats": [seat(heroes=["Aragorn"], deck=["Gandalf"])]})
    assert "Tom cannot draw cards now." in s.text and s.where("Gandalf") == "p1.deck"
    s.finish()


# -------------------------------------------------------- Escape from Dol Guldur
@pytest.mark.card("01101")  # Dungeon Jailor
def test_faq_dungeon_jailor_shuffles_a_guarded_objective_and_its_guard_stays():
    s = Story({"step": "quest.resolve", "scenario": ESCAPE,
               "staging": ["Dungeon Jailor", {"card": MAP, "guard": "Cavern Guardian"}],
               "seats": [seat(threat=5, heroes=["Legolas", "Gimli"], committed=["Legolas"])]})
    # 1 willpower against 3 threat: the quest fails
    assert "Dungeon Jailor: an unclaimed objective" in s.text
    assert s.where(MAP) == "encounter.deck" and s.where("Cavern Guardian") == "staging"
    assert s.game.state.slots["lcg"]["engine"].get("guards") in (None, {})
    s.finish()


@pytest.mark.card("01101")  # Dungeon Jailor
def test_dungeon_jailor_does_nothing_on_a_tie():
    s = Story({"step": "quest.resolve", "scenario": ESCAPE, "staging": ["Dungeon Jailor", MAP],
               "seats": [seat(threat=5, heroes=["Legolas"], committed=["Legolas"])]})
    assert "nothing happens" in s.text and s.where(MAP) == "staging"
    s.finish()


@pytest.mark.card("01102")  # Nazgûl of Dol Guldur
def test_nazgul_enters_the_staging_area_when_the_prisoner_is_rescued():
    s = Story({"step": "quest.resolve", "scenario": ESCAPE,
               "quest": {"card": "Through the Caverns"}, "set_aside": ["Nazgûl of Dol Guldur"],
               "seats": [seat(heroes=["Aragorn", "Gimli", {"card": "Legolas", "prisoner": True}],
                              committed=["Aragorn", "Gimli"])]})
    s.choose("respond?", "Through the Caverns")
    assert "Legolas is rescued (with 1 damage)." in s.text
    assert s.where("Nazgûl of Dol Guldur") == "staging"
    s.finish()


@pytest.mark.card("01102")  # Nazgûl of Dol Guldur
def test_nazgul_discards_a_character_after_a_shadow_effect_not_destroyed():
    s = Story({"step": "combat.enemy_attacks", "scenario": ESCAPE, "encounter_deck": [],
               "seats": [seat(threat=20, heroes=["Gimli", "Aragorn", "Legolas"],
                              engaged=[{"card": "Nazgûl of Dol Guldur",
                                        "shadow": ["Under the Shadow"]}])]})
    s.choose("declare a defender", "Gimli")
    assert s.derived["threat"] == [21]                     # the shadow effect resolved...
    s.choose("discard one of your characters (Nazgûl of Dol Guldur)", "Legolas")
    assert "Legolas is discarded." in s.text and "Legolas is destroyed" not in s.text
    assert s.where("Legolas") == "p1.discard"
    s.finish()


@pytest.mark.card("01102")  # Nazgûl of Dol Guldur
def test_faq_nazgul_cancelled_shadow_effect_discards_nothing(monkeypatch):
    canceller(monkeypatch, "01048", "Hasty Stroke", "shadow_revealed", "cancel_shadow")
    s = Story({"step": "combat.enemy_attacks", "scenario": ESCAPE, "encounter_deck": [],
               "seats": [seat(threat=20, heroes=["Gimli", {"card": "Eleanor", "resources": 1}],
                              hand=["Hasty Stroke"],
                              engaged=[{"card": "Nazgûl of Dol Guldur",
                                        "shadow": ["Under the Shadow"]}])]})
    s.choose("declare a defender", "Gimli")
    s.choose("respond?", "Hasty Stroke")
    assert "discard one of your characters" not in (s.pending or {}).get("prompt", "")
    assert s.derived["threat"] == [20] and s.where("Eleanor") == "p1.play"
    s.finish()


@pytest.mark.card("01102")  # Nazgûl of Dol Guldur
def test_nazgul_no_shadow_effect_discards_nothing():
    s = Story({"step": "combat.enemy_attacks", "scenario": ESCAPE, "encounter_deck": [],
               "seats": [seat(threat=20, heroes=["Gimli", "Aragorn"],
                              engaged=[{"card": "Nazgûl of Dol Guldur", "shadow": ["Tower Gate"]}])]})
    s.choose("declare a defender", "Gimli")
    assert "discard one of your characters" not in s.pending["prompt"]
    assert s.where("Aragorn") == "p1.play"
    s.finish()


@pytest.mark.card("01102")  # Nazgûl of Dol Guldur
def test_nazgul_cannot_have_attachments_played_on_it():
    s = Story({"step": "planning.play", "scenario": ESCAPE,
               "seats": [seat(heroes=[{"card": "Beravor", "resources": 3}], hand=["Forest Snare"],
                              engaged=["Nazgûl of Dol Guldur", "Cavern Guardian"])]})
    s.choose("play allies and attachments", "Forest Snare")
    # the only legal host is taken at once: the Cavern Guardian, never the Nazgûl
    assert "Forest Snare is attached to Cavern Guardian." in s.text
    s.finish()


@pytest.mark.card("01103")  # Cavern Guardian
def test_cavern_guardian_shadow_discards_every_attachment_when_undefended():
    s = Story({"step": "combat.enemy_attacks", "scenario": ESCAPE, "encounter_deck": [],
               "seats": [seat(heroes=[{"card": "Gimli", "attachments": ["Dwarven Axe"]},
                                      {"card": "Aragorn", "attachments": ["Steward of Gondor"]}],
                              engaged=[{"card": "Cavern Guardian", "shadow": ["Cavern Guardian"]}])]})
    s.choose("take an action", "pass")          # the window after the enemy is chosen
    s.choose("declare a defender", "none")
    s.choose("take an action", "pass")          # the window after the defender is declared
    assert s.where("Dwarven Axe") == "p1.discard" and s.where("Steward of Gondor") == "p1.discard"
    s.choose("which hero takes 2 damage", "Gimli")
    s.finish()


@pytest.mark.card("01103")  # Cavern Guardian
def test_cavern_guardian_shadow_sends_a_claimed_objective_back_to_staging():
    s = Story({"step": "planning.play", "scenario": ESCAPE, "encounter_deck": [], "staging": [MAP],
               "seats": [seat(threat=20, heroes=["Gimli", {"card": "Aragorn",
                                                          "attachments": ["Dwarven Axe"]}])]})
    s.choose("play allies and attachments", "claim")
    s.choose("which of your heroes takes Gandalf's Map", "Aragorn")
    assert s.card(MAP)["controller"] == 0
    s.choose("commit characters", "done")
    s.finish()
    s = Story({"step": "combat.enemy_attacks", "scenario": ESCAPE, "encounter_deck": [],
               "seats": [seat(heroes=["Gimli", {"card": "Aragorn", "attachments": [MAP]}],
                              engaged=[{"card": "Forest Spider", "shadow": ["Cavern Guardian"]}])]})
    s.choose("declare a defender", "Gimli")
    # the map is the only attachment Tom controls: it goes, back to the staging area
    assert f"{MAP} returns to the staging area." in s.text and s.where(MAP) == "staging"
    assert s.card(MAP)["controller"] is None
    s.finish()


@pytest.mark.card("01104")  # Under the Shadow
def test_under_the_shadow_raises_the_staging_threat_by_the_number_of_players():
    s = Story({"step": "quest.staging", "scenario": ESCAPE,
               "encounter_deck": ["Under the Shadow", "Tower Gate"],
               "seats": [seat(threat=5, heroes=["Aragorn", "Gimli"], committed=["Aragorn", "Gimli"]),
                         seat("Kris", threat=5, heroes=["Legolas"])]})
    # Tower Gate's 2 threat + 2 for two players
    assert "Quest: 4 willpower against 4 threat: nothing happens." in s.text
    s.finish()


@pytest.mark.card("01104")  # Under the Shadow
def test_under_the_shadow_shadow_raises_threat_per_engaged_enemy():
    s = Story({"step": "combat.enemy_attacks", "scenario": ESCAPE, "encounter_deck": [],
               "seats": [seat(threat=20, heroes=["Gimli", "Aragorn", "Legolas"],
                              engaged=[{"card": "Forest Spider", "shadow": ["Under the Shadow"]},
                                       "Dungeon Jailor", "Cavern Guardian"])]})
    s.choose("which enemy attacks you next", "Forest Spider")
    s.choose("declare a defender against Forest Spider", "Gimli")
    assert s.derived["threat"] == [23]
    s.finish()


@pytest.mark.card("01105")  # Iron Shackles
def test_iron_shackles_replaces_the_next_draw_from_the_first_players_deck():
    s = Story({"step": "quest.staging", "scenario": ESCAPE, "first_player": 1,
               "encounter_deck": ["Iron Shackles", "Tower Gate"],
               "seats": [seat(threat=5, heroes=["Aragorn"], deck=["Feint"]),
                         seat("Kris", threat=5, heroes=["Gimli"], deck=["Gandalf", "Sneak Attack"])]})
    assert "Iron Shackles is attached to Kris's deck." in s.text
    assert s.card("Iron Shackles")["type"] == "attachment"
    s.choose("travel to a location", "none")
    # the next round: Tom draws; Kris draws nothing and the shackles go
    assert "Kris draws nothing: Iron Shackles is discarded instead." in s.text
    assert s.where("Iron Shackles") == "encounter.discard" and s.where("Gandalf") == "p2.deck"
    assert s.where("Feint") == "p1.hand"
    s.finish()


@pytest.mark.card("01105")  # Iron Shackles
def test_iron_shackles_on_the_deck_of_an_eliminated_player_is_discarded():
    s = Story({"step": "quest.staging", "scenario": ESCAPE, "encounter_deck": ["Iron Shackles"],
               "seats": [seat(threat=49, heroes=["Aragorn"]), seat("Kris", threat=20, heroes=["Gimli"])]})
    # the refresh phase takes Tom to 50 threat: the shackles on his deck go with him
    assert "Tom is eliminated." in s.text and s.where("Iron Shackles") == "encounter.discard"
    s.finish()


@pytest.mark.card("01105")  # Iron Shackles
def test_iron_shackles_as_a_shadow_stays_attached_after_combat():
    s = Story({"step": "combat.enemy_attacks", "scenario": ESCAPE, "encounter_deck": [],
               "seats": [seat(threat=20, heroes=["Gimli"], deck=["Feint"],
                              engaged=[{"card": "Forest Spider", "shadow": ["Iron Shackles"]}])]})
    s.choose("declare a defender", "Gimli")
    # through the end of combat it stays on the deck, until the next draw
    assert "Tom draws nothing: Iron Shackles is discarded instead." in s.text
    assert s.where("Feint") == "p1.deck"
    s.finish()


@pytest.mark.card("01106")  # Endless Caverns
def test_endless_caverns_doomed_and_surge():
    s = Story({"step": "quest.staging", "scenario": ESCAPE,
               "encounter_deck": ["Endless Caverns", "Tower Gate", "Cavern Guardian"],
               "seats": [seat(threat=10, heroes=["Aragorn"])]})
    assert "Doomed 1: each player raises their threat by 1." in s.text
    assert s.where("Tower Gate") == "staging" and s.where("Cavern Guardian") == "encounter.deck"
    s.choose("travel to a location", "none")
    s.finish()


@pytest.mark.card("01107")  # Tower Gate
def test_tower_gate_turns_each_players_top_card_into_an_orc_guard():
    s = Story({"step": "travel.travel", "scenario": ESCAPE, "staging": ["Tower Gate"],
               "seats": [seat(heroes=["Gimli"], deck=["Gandalf"]), seat("Kris", heroes=["Legolas"])]})
    s.choose("travel to a location", "Tower Gate")
    assert "An Orc Guard engages Tom." in s.text and "engages Kris" not in s.text   # no deck
    guard = s.find("Gandalf")
    assert s.card(guard)["type"] == "enemy" and s.card(guard)["name"] == "Orc Guard"
    assert (s.card(guard)["attack"], s.card(guard)["defense"], s.card(guard)["hitpoints"]) == (1, 1, 1)
    assert s.derived["engaged"][0] == ["Orc Guard"]
    s.finish()


@pytest.mark.card("01107")  # Tower Gate
def test_faq_orc_guards_have_no_traits_and_go_to_their_owners_discard():
    s = Story({"step": "travel.travel", "scenario": ESCAPE, "staging": ["Tower Gate"],
               "encounter_deck": [],
               "seats": [seat(heroes=["Gimli", "Legolas"], deck=["Gandalf"])]})
    s.choose("travel to a location", "Tower Gate")
    assert engine_view(s.game.state).traits(s.find("Gandalf")) == ()
    s.choose("declare a defender against Orc Guard", "Gimli")
    s.choose("attack an enemy", "Orc Guard")
    s.choose("declare attackers", "Legolas")
    assert "Orc Guard is destroyed." in s.text and s.where("Gandalf") == "p1.discard"
    s.finish()


@pytest.mark.card("01107")  # Tower Gate
def test_faq_1_09_tower_gate_forced_before_responses(monkeypatch):
    stand_in(monkeypatch, "01047", "Strength of Will", Ability(   # a Response after travelling
        "response", trigger="traveled", where="hand",
        effect=[{"op": "progress", "card": "$info.card", "n": 2}], text="2 progress"))
    s = Story({"step": "travel.travel", "scenario": ESCAPE, "staging": ["Tower Gate"],
               "seats": [seat(heroes=[{"card": "Eleanor", "resources": 1}], deck=["Gandalf"],
                              hand=["Strength of Will"])]})
    s.choose("travel to a location", "Tower Gate")
    assert "An Orc Guard engages Tom." in s.text           # before the Response is offered
    s.choose("respond?", "Strength of Will")
    s.finish()


# ------------------------------------------------------------------ objectives
@pytest.mark.card("01108")  # Gandalf's Map
def test_gandalfs_map_claimed_for_2_threat_and_its_bearer_cannot_attack_or_defend():
    s = Story({"step": "planning.play", "scenario": ESCAPE, "encounter_deck": [], "staging": [MAP],
               "seats": [seat(threat=20, heroes=["Gimli", "Aragorn"], engaged=["Cavern Guardian"])]})
    s.choose("play allies and attachments", "claim")
    s.choose("which of your heroes takes Gandalf's Map", "Gimli")
    assert s.derived["threat"] == [22] and s.card(MAP)["attached_to"] == s.find("Gimli")
    s.choose("commit characters", "done")
    # combat: only Aragorn may defend, and attack
    assert not s.offered("Gimli")
    s.choose("declare a defender", "Aragorn")
    s.finish()


@pytest.mark.card("01108")  # Gandalf's Map
def test_faq_1_17_a_guarded_objective_cannot_be_claimed_until_its_guard_leaves():
    s = Story({"step": "encounter.checks", "scenario": ESCAPE, "encounter_deck": [],
               "staging": [{"card": MAP, "guard": "Cavern Guardian"}],
               "seats": [seat(threat=10, heroes=["Legolas", "Gimli"])]})
    # the guard engaged Tom: the map, treated as attached to it, went with it (FAQ 1.17)
    # and cannot be claimed: the action windows since offered nothing
    assert s.where("Cavern Guardian") == "p1.engaged" and s.where(MAP) == "p1.engaged"
    assert s.card(MAP)["attached_to"] == s.find("Cavern Guardian")
    s.choose("declare a defender against Cavern Guardian", "Gimli")
    s.choose("attack an enemy", "Cavern Guardian")
    s.choose("declare attackers", "Legolas")
    assert "Cavern Guardian is destroyed." in s.text
    assert s.where(MAP) == "staging" and s.card(MAP)["attached_to"] is None
    s.choose("respond?", "No response")                  # Legolas's progress
    # its guard has left play: the map can be claimed
    s.choose("take an action or pass", "claim")
    s.choose("which of your heroes takes Gandalf's Map", "Gimli")
    assert s.card(MAP)["attached_to"] == s.find("Gimli")
    s.finish()


@pytest.mark.card("01108")  # Gandalf's Map
def test_a_claimed_objective_whose_hero_leaves_play_returns_to_staging():
    s = Story({"step": "combat.enemy_attacks", "scenario": ESCAPE, "encounter_deck": [],
               "seats": [seat(heroes=[{"card": "Legolas", "attachments": [MAP], "damage": 3}, "Gimli"],
                              engaged=["Cavern Guardian"])]})
    s.choose("declare a defender", "none")
    s.choose("which hero takes 2 damage", "Legolas")
    assert s.where("Legolas") == "p1.discard" and s.where(MAP) == "staging"
    s.finish()


@pytest.mark.card("01109")  # Dungeon Torch
def test_faq_dungeon_torch_costs_3_threat_a_round_with_the_refresh():
    s = Story({"step": "refresh.ready", "scenario": ESCAPE,
               "seats": [seat(threat=20, heroes=[{"card": "Gimli", "attachments": ["Dungeon Torch"]}]),
                         seat("Kris", threat=20, heroes=["Legolas"])]})
    assert s.derived["threat"] == [23, 21]
    s.finish()


@pytest.mark.card("01110")  # Shadow Key
def test_shadow_key_damages_its_bearer_at_the_end_of_the_round():
    s = Story({"step": "refresh.ready", "scenario": ESCAPE,
               "seats": [seat(threat=20, heroes=[{"card": "Gimli", "attachments": ["Shadow Key"]}])]})
    assert s.card("Gimli")["tokens"]["damage"] == 1
    s.finish()


@pytest.mark.card("01110")  # Shadow Key
def test_a_third_restricted_attachment_sends_a_claimed_objective_back():
    s = Story({"step": "planning.play", "scenario": ESCAPE, "staging": ["Shadow Key"],
               "seats": [seat(heroes=[{"card": "Gimli", "attachments": [MAP, "Dungeon Torch"]}])]})
    s.choose("play allies and attachments", "claim")
    s.choose("three Restricted attachments; discard one", MAP)
    assert s.where(MAP) == "staging" and s.card("Shadow Key")["attached_to"] == s.find("Gimli")
    s.finish()


@pytest.mark.card("01107")  # Tower Gate
def test_faq_an_orc_guard_returned_to_the_staging_area_goes_to_its_owners_discard(monkeypatch):
    stand_in(monkeypatch, "01052", "A Light in the Dark", Ability("event", effect=[
        {"op": "choose", "seat": "$seat", "filter": {"type": "enemy", "engaged_with": "you"},
         "then": [{"op": "to_staging", "card": "$choice"}]}]))
    s = Story({"step": "travel.travel", "scenario": ESCAPE, "staging": ["Tower Gate"],
               "seats": [seat(heroes=[{"card": "Eleanor", "resources": 2}], deck=["Gandalf"],
                              hand=["A Light in the Dark"])]})
    s.choose("travel to a location", "Tower Gate")
    s.choose("take an action or pass", "A Light in the Dark")
    assert "The Orc Guard goes to its owner's discard pile." in s.text
    assert s.where("Gandalf") == "p1.discard" and s.derived["engaged"][0] == []
    s.finish()


def test_faq_a_player_whose_heroes_but_the_prisoner_are_destroyed_is_eliminated():
    s = Story({"step": "combat.enemy_attacks", "scenario": ESCAPE, "encounter_deck": [],
               "seats": [seat(heroes=[{"card": "Eleanor", "damage": 2}, {"card": "Gimli", "prisoner": True}],
                              engaged=["Cavern Guardian"])]})
    s.choose("declare a defender", "none")
    assert "Tom has no hero left." in s.text and s.derived["outcome"] == "lost"
    s.finish()


@pytest.mark.card("01061")  # Miner of the Iron Hills
def test_miner_of_the_iron_hills_may_discard_iron_shackles_on_a_deck():
    s = Story({"step": "quest.staging", "scenario": ESCAPE, "encounter_deck": ["Iron Shackles"],
               "seats": [seat(threat=5, heroes=[{"card": "Aragorn", "resources": 1}],
                              hand=["Miner of the Iron Hills", "Sneak Attack"], deck=["Feint"])]})
    assert "Iron Shackles is attached to Tom's deck." in s.text
    # before any draw, Sneak Attack puts the Miner into play: it takes the shackles off the deck
    s.choose("take an action or pass", "Sneak Attack")
    s.choose("respond?", "Miner")
    s.choose("discard which Condition", "Iron Shackles")
    assert s.where("Iron Shackles") == "encounter.discard"
    s.finish()
