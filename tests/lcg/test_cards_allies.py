"""The twenty allies, each as a short story (strict: every decision is expected)."""
import pytest

from tests.lcg.story import Story


def seat(name="Tom", threat=25, heroes=(), **more):
    return {"name": name, "threat": threat, "heroes": list(heroes), "deck": [], **more}


def planning(hand, heroes=None, **more):
    """Tom in the planning phase with resources to spare."""
    heroes = heroes or [{"card": "Aragorn", "resources": 9}, {"card": "Glóin", "resources": 9},
                        {"card": "Théodred", "resources": 9}]
    return {"step": "planning.play", "seats": [seat(heroes=heroes, hand=hand)], **more}


def play(s: Story, card: str) -> Story:
    s.choose("play allies and attachments", f"Play {card}")
    while s.pending and s.pending["kind"] == "pay":
        s.choose("pay", s.pending["options"][0]["value"])
    return s


@pytest.mark.card("01013")  # Guard of the Citadel
def test_guard_of_the_citadel_is_played_for_its_cost():
    s = play(Story(planning(["Guard of the Citadel"])), "Guard of the Citadel")
    assert s.where("Guard of the Citadel") == "p1.play"
    assert "Tom pays 2 resources." in s.text
    s.finish()


@pytest.mark.card("01014")  # Faramir
def test_faramir_gives_a_players_characters_one_willpower_this_phase():
    s = Story({"step": "quest.actions_commit", "encounter_deck": ["Old Forest Road"],
               "seats": [seat(heroes=["Aragorn"], allies=["Faramir"], committed=["Aragorn"]),
                         seat("Kris", 30, ["Legolas"])]})
    s.choose("Tom: take an action", "Faramir")
    s.choose("whose characters", "Tom")
    # nothing more to do in the window: the quest resolves with Aragorn at 3 willpower
    assert "Quest: 3 willpower against 1 threat" in s.text
    assert s.card("Aragorn")["willpower"] == 2          # the phase is over
    s.finish()


@pytest.mark.card("01015")  # Son of Arnor
def test_son_of_arnor_engages_an_enemy_of_your_choice():
    s = play(Story(planning(["Son of Arnor"], staging=["Hummerhorns", "King Spider"])), "Son of Arnor")
    s.choose("respond?", "Son of Arnor")
    s.choose("which enemy engages you", "Hummerhorns")
    assert s.where("Hummerhorns") == "p1.engaged"
    s.finish()


@pytest.mark.card("01016")  # Snowbourn Scout
def test_snowbourn_scout_explores_a_location_with_its_progress():
    s = play(Story(planning(["Snowbourn Scout"], staging=[{"card": "Old Forest Road", "progress": 2}],
                            active_location="Forest Gate")), "Snowbourn Scout")
    s.choose("respond?", "Snowbourn Scout")
    s.choose("1 progress on which location", "Old Forest Road")
    assert s.where("Old Forest Road") == "encounter.discard"      # explored, even in staging
    s.finish()


@pytest.mark.card("01017", "01030")  # Silverlode Archer, Horseback Archer
def test_silverlode_archer_and_horseback_archer_are_ranged():
    s = Story({"step": "combat.player_attacks",
               "seats": [seat(heroes=["Glóin"], allies=["Silverlode Archer", "Horseback Archer"]),
                         seat("Kris", 30, ["Gimli"], engaged=["King Spider"])]})
    s.choose("Tom: attack an enemy", "King Spider")
    assert s.offered("Silverlode Archer") and s.offered("Horseback Archer")
    assert not s.offered("Glóin")
    s.finish()


@pytest.mark.card("01018")  # Longbeard Orc Slayer
def test_longbeard_orc_slayer_damages_every_orc():
    s = play(Story(planning(["Longbeard Orc Slayer"], staging=["Dol Guldur Orcs", "Forest Spider"])),
             "Longbeard Orc Slayer")
    s.choose("respond?", "Longbeard Orc Slayer")
    assert s.card("Dol Guldur Orcs")["tokens"] == {"damage": 1}
    assert s.card("Forest Spider")["tokens"] == {}
    s.finish()


@pytest.mark.card("01019")  # Brok Ironfist
def test_brok_ironfist_enters_play_when_a_dwarf_hero_of_yours_dies():
    s = Story({"step": "combat.enemy_attacks", "encounter_deck": [],
               "seats": [seat(heroes=[{"card": "Glóin", "damage": 3}, "Aragorn"], hand=["Brok Ironfist"],
                              engaged=["Forest Spider"])]})
    s.choose("declare a defender", "none")
    s.choose("which hero takes", "Glóin")
    s.choose("respond?", "Brok Ironfist")
    assert s.where("Brok Ironfist") == "p1.play"
    s.finish()


@pytest.mark.card("01028")  # Veteran Axehand
def test_veteran_axehand_is_paid_by_a_tactics_hero_and_enters_play_with_its_stats():
    s = play(Story(planning(["Veteran Axehand"], heroes=[{"card": "Aragorn", "resources": 9},
                                                       {"card": "Gimli", "resources": 2}])),
             "Veteran Axehand")
    assert s.where("Veteran Axehand") == "p1.play" and "Tom pays 2 resources." in s.text
    # a Tactics card: Gimli's resources paid for it, Aragorn's (Leadership) are untouched
    assert "resource" not in s.card("Gimli")["tokens"] and s.card("Aragorn")["tokens"]["resource"] == 9
    card = s.card("Veteran Axehand")
    assert (card["willpower"], card["attack"], card["defense"], card["hitpoints"]) == (0, 2, 1, 2)
    s.finish()


@pytest.mark.card("01029")  # Gondorian Spearman
def test_gondorian_spearman_hurts_the_enemy_he_defends_against():
    s = Story({"step": "combat.enemy_attacks", "encounter_deck": [],
               "seats": [seat(heroes=["Aragorn"], allies=["Gondorian Spearman"], engaged=["Forest Spider"])]})
    s.choose("declare a defender", "Gondorian Spearman")
    s.choose("respond?", "Gondorian Spearman")
    assert s.card("Forest Spider")["tokens"] == {"damage": 1}
    s.finish()


@pytest.mark.card("01031")  # Beorn
def test_beorn_gets_five_attack_and_shuffles_into_the_deck_at_the_end_of_the_phase():
    s = Story({"step": "combat.actions", "encounter_deck": [],
               "seats": [seat(heroes=["Aragorn"], allies=["Beorn"], engaged=["Ungoliant's Spawn"])]})
    s.choose("take an action", "Beorn")
    assert s.card("Beorn")["attack"] == 8
    s.choose("declare a defender", "Aragorn")
    s.choose("attack an enemy", "Ungoliant's Spawn")
    s.choose("declare attackers", "Beorn")
    assert "Beorn attack Ungoliant's Spawn: 8 attack" in s.text.replace("Beorn attacks", "Beorn attack")
    assert "Beorn is shuffled into its deck." in s.text        # when the combat phase ended
    s.finish()


@pytest.mark.card("01043")  # Wandering Took
def test_wandering_took_goes_to_another_player_with_three_threat():
    s = Story({"step": "resource.actions",
               "seats": [seat(heroes=["Aragorn"], allies=["Wandering Took"]), seat("Kris", 30, ["Legolas"])]})
    s.choose("Tom: take an action", "Wandering Took")
    assert s.derived["threat"] == [22, 33]
    assert s.card("Wandering Took")["controller"] == 1 and s.where("Wandering Took") == "p2.play"
    s.finish()


@pytest.mark.card("01044")  # Lórien Guide
def test_lorien_guide_puts_progress_on_the_active_location_when_committed():
    s = Story({"step": "quest.commit", "encounter_deck": ["Old Forest Road"],
               "active_location": "Forest Gate",
               "seats": [seat(heroes=["Aragorn"], allies=["Lórien Guide"])]})
    s.choose("commit characters", "Lórien Guide")
    s.choose("commit characters", "Done committing")
    s.choose("respond?", "Lórien Guide")
    assert s.card("Forest Gate")["tokens"] == {"progress": 1}
    s.finish()


@pytest.mark.card("01045")  # Northern Tracker
def test_northern_tracker_puts_progress_on_each_staged_location():
    s = Story({"step": "quest.commit", "encounter_deck": ["King Spider"],
               "staging": ["Forest Gate", "Old Forest Road"],
               "seats": [seat(heroes=["Aragorn"], allies=["Northern Tracker"])]})
    s.choose("commit characters", "Northern Tracker")
    s.choose("commit characters", "Done committing")
    s.choose("respond?", "Northern Tracker")
    assert s.card("Forest Gate")["tokens"] == {"progress": 1}
    assert s.card("Old Forest Road")["tokens"] == {"progress": 1}
    s.finish()


@pytest.mark.card("01058")  # Daughter of the Nimrodel
def test_daughter_of_the_nimrodel_heals_two():
    s = Story({"step": "resource.actions",
               "seats": [seat(heroes=[{"card": "Aragorn", "damage": 3}], allies=["Daughter of the Nimrodel"])]})
    s.choose("take an action", "Daughter of the Nimrodel")
    assert s.card("Aragorn")["tokens"] == {"damage": 1}
    s.finish()


@pytest.mark.card("01059")  # Erebor Hammersmith
def test_erebor_hammersmith_returns_the_topmost_attachment():
    s = play(Story(planning(["Erebor Hammersmith"]) | {
        "seats": [seat(heroes=[{"card": "Beravor", "resources": 9}], hand=["Erebor Hammersmith"],
                       discard=["Dwarven Axe", "Citadel Plate", "Blade Mastery"])]}),
             "Erebor Hammersmith")
    s.choose("respond?", "Erebor Hammersmith")
    assert s.where("Citadel Plate") == "p1.hand" and s.where("Dwarven Axe") == "p1.discard"
    s.finish()


@pytest.mark.card("01060")  # Henamarth Riversong
def test_henamarth_riversong_looks_at_the_top_encounter_card():
    s = Story({"step": "resource.actions", "encounter_deck": ["Hummerhorns"],
               "seats": [seat(heroes=["Aragorn"], allies=["Henamarth Riversong"])]})
    s.choose("take an action", "Henamarth")
    s.choose("sees: Hummerhorns", "Continue")
    assert s.where("Hummerhorns") == "encounter.deck"
    s.finish()


@pytest.mark.card("01061")  # Miner of the Iron Hills
def test_miner_of_the_iron_hills_discards_a_condition():
    s = play(Story(planning(["Miner of the Iron Hills"]) | {"seats": [seat(
        heroes=[{"card": "Beravor", "resources": 9, "attachments": ["The Favor of the Lady"]}],
        hand=["Miner of the Iron Hills"])]}), "Miner of the Iron Hills")
    s.choose("respond?", "Miner")
    s.choose("discard which Condition", "The Favor of the Lady")
    assert s.where("The Favor of the Lady") == "p1.discard"
    s.finish()


@pytest.mark.card("01062")  # Gléowine
def test_gleowine_makes_a_player_draw():
    s = Story({"step": "resource.actions",
               "seats": [seat(heroes=["Aragorn"], allies=["Gléowine"], deck=["Feint"])]})
    s.choose("take an action", "Gléowine")
    assert s.where("Feint") == "p1.hand"
    s.finish()


@pytest.mark.card("01073")  # Gandalf
def test_gandalf_threat_mode_and_discarded_at_the_end_of_the_round():
    s = play(Story(planning(["Gandalf"]) | {"seats": [seat(
        threat=30, heroes=[{"card": "Aragorn", "resources": 5}], hand=["Gandalf"])],
        "encounter_deck": ["Old Forest Road", "Old Forest Road"]}), "Gandalf")
    s.choose("respond?", "Gandalf")
    s.choose("Gandalf: choose one", "Reduce your threat by 5")
    assert s.derived["threat"] == [25]
    s.choose("commit characters", "Gandalf")
    s.choose("commit characters", "done")
    s.choose("travel", "none")
    assert s.where("Gandalf") == "p1.discard"     # the round ended
    assert "Gandalf is discarded." in s.text
    s.finish()


@pytest.mark.card("01073")  # Gandalf
def test_gandalf_damage_mode():
    s = play(Story(planning(["Gandalf"], staging=["Hill Troll"], scenario="journey-down-the-anduin")),
             "Gandalf")
    s.choose("respond?", "Gandalf")
    s.choose("Gandalf: choose one", "Deal 4 damage")
    assert s.card("Hill Troll")["tokens"] == {"damage": 4}
    s.finish()
