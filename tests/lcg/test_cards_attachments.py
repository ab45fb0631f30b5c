"""The thirteen attachments, each as a short story (strict: every decision is expected)."""
import pytest

from tests.lcg.story import Story


def seat(name="Tom", threat=25, heroes=(), **more):
    return {"name": name, "threat": threat, "heroes": list(heroes), "deck": [], **more}


def hero(name, *attachments, **more):
    return {"card": name, "attachments": list(attachments), **more}


@pytest.mark.card("01026")  # Steward of Gondor
def test_steward_of_gondor_gives_two_resources_and_the_gondor_trait():
    s = Story({"step": "resource.actions", "seats": [seat(heroes=[hero("Glóin", "Steward of Gondor")])]})
    from tabletop.games.lcg.engine import engine_view
    assert "Gondor" in engine_view(s.game.state).traits(s.find("Glóin"))
    s.choose("take an action", "Steward of Gondor")
    assert s.card("Glóin")["tokens"]["resource"] == 2
    s.finish()


@pytest.mark.card("01026")  # Steward of Gondor
def test_steward_of_gondor_is_played_on_another_players_hero_who_then_controls_it():
    s = Story({"step": "planning.play", "seats": [
        seat(heroes=[{"card": "Aragorn", "resources": 2}], hand=["Steward of Gondor"]),
        seat("Kris", 30, ["Legolas"])]})
    s.choose("Tom: play allies", "Steward of Gondor")
    s.choose("attach Steward of Gondor to which card", "Legolas")
    assert s.card("Steward of Gondor")["controller"] == 1
    s.finish()


@pytest.mark.card("01027")  # Celebrían's Stone
def test_celebrians_stone_two_willpower_and_a_spirit_icon_for_aragorn():
    s = Story({"step": "planning.play", "seats": [seat(
        heroes=[hero("Aragorn", "Celebrían's Stone", resources=1)], hand=["Hasty Stroke"])]})
    assert s.card("Aragorn")["willpower"] == 4
    from tabletop.games.lcg.engine import engine_view
    from tabletop.games.lcg.engine.playing import hero_spheres
    assert "spirit" in hero_spheres(engine_view(s.game.state), s.find("Aragorn"))
    s.finish()


@pytest.mark.card("01039")  # Blade of Gondolin
def test_blade_of_gondolin_against_an_orc_and_its_progress():
    s = Story({"step": "combat.player_attacks", "seats": [seat(
        heroes=[hero("Legolas", "Blade of Gondolin")], engaged=["Dol Guldur Orcs"])]})
    s.choose("attack an enemy", "Dol Guldur Orcs")
    s.choose("declare attackers", "Legolas")
    assert "4 attack - 0 defense" in s.text
    s.choose("respond?", "Blade of Gondolin")
    s.choose("respond?", "Legolas")
    assert "1 progress on the quest." in s.text and "2 progress on the quest." in s.text
    s.finish()


@pytest.mark.card("01040")  # Citadel Plate
def test_citadel_plate_adds_four_hit_points():
    s = Story({"step": "resource.actions", "seats": [seat(heroes=[hero("Aragorn", "Citadel Plate")])]})
    assert s.card("Aragorn")["hitpoints"] == 9
    s.finish()


@pytest.mark.card("01041")  # Dwarven Axe
def test_dwarven_axe_one_attack_or_two_for_a_dwarf():
    s = Story({"step": "resource.actions", "seats": [seat(
        heroes=[hero("Aragorn", "Dwarven Axe"), hero("Gimli", "Dwarven Axe")])]})
    assert s.card("Aragorn")["attack"] == 4 and s.card("Gimli")["attack"] == 4
    s.finish()


@pytest.mark.card("01042")  # Horn of Gondor
def test_horn_of_gondor_pays_when_a_character_is_destroyed():
    s = Story({"step": "combat.enemy_attacks", "encounter_deck": [], "seats": [seat(
        heroes=[hero("Aragorn", "Horn of Gondor")], allies=["Guard of the Citadel"],
        engaged=["Forest Spider"])]})
    s.choose("declare a defender", "Guard of the Citadel")
    s.choose("respond?", "Horn of Gondor")
    assert s.card("Aragorn")["tokens"]["resource"] == 1
    s.finish()


@pytest.mark.card("01055")  # The Favor of the Lady
def test_favor_of_the_lady_one_willpower():
    s = Story({"step": "resource.actions", "seats": [seat(heroes=[hero("Gimli", "The Favor of the Lady")])]})
    assert s.card("Gimli")["willpower"] == 3
    s.finish()


@pytest.mark.card("01056")  # Power in the Earth
def test_power_in_the_earth_lowers_a_locations_threat():
    s = Story({"step": "resource.actions", "staging": [hero("Forest Gate", "Power in the Earth")],
               "seats": [seat(heroes=["Eleanor"])]})
    assert s.card("Forest Gate")["threat"] == 1 and s.derived["staging_threat"] == 1
    s.finish()


@pytest.mark.card("01057")  # Unexpected Courage
def test_unexpected_courage_readies_its_hero():
    s = Story({"step": "resource.actions", "seats": [seat(
        heroes=[hero("Éowyn", "Unexpected Courage", exhausted=True)])]})
    s.choose("take an action", "Unexpected Courage")
    assert s.card("Éowyn")["exhausted"] is False
    s.finish()


@pytest.mark.card("01069")  # Forest Snare
def test_forest_snare_keeps_its_enemy_from_attacking():
    s = Story({"step": "combat.enemy_attacks", "encounter_deck": [], "seats": [seat(
        heroes=["Aragorn"], engaged=[hero("Hill Troll", "Forest Snare"), "Forest Spider"])],
        "scenario": "journey-down-the-anduin"})
    s.choose("declare a defender against Forest Spider", "none")   # only the Spider attacks
    assert "Hill Troll attacks" not in s.text
    # Aragorn took the Spider's 2 undefended damage and not the Troll's 6: he is alive
    assert s.where("Aragorn") == "p1.play" and s.card("Aragorn")["tokens"]["damage"] == 2
    s.finish()


@pytest.mark.card("01070")  # Protector of Lórien
def test_protector_of_lorien_three_times_a_phase():
    s = Story({"step": "combat.actions", "encounter_deck": [], "seats": [seat(
        heroes=[hero("Aragorn", "Protector of Lórien")], hand=["Feint", "Quick Strike", "Blade Mastery", "Gandalf"],
        engaged=["Forest Spider"])]})
    for card in ("Feint", "Quick Strike", "Blade Mastery"):
        s.choose("take an action", "Protector of Lórien")
        s.choose("discard 1 card", card)
        s.choose("which bonus", "+1 defense")
    assert s.card("Aragorn")["defense"] == 5
    assert "declare a defender" in s.pending["prompt"]       # no fourth use: the window closed
    s.finish()


@pytest.mark.card("01071")  # Dark Knowledge
def test_dark_knowledge_minus_one_willpower_and_looks_at_a_shadow_card():
    s = Story({"step": "combat.shadows", "encounter_deck": ["Hummerhorns"], "seats": [seat(
        heroes=[hero("Éowyn", "Dark Knowledge"), "Aragorn"], engaged=["Forest Spider"])]})
    assert s.card("Éowyn")["willpower"] == 3
    s.choose("respond?", "Dark Knowledge")
    s.choose("sees: Hummerhorns", "Continue")
    s.finish()


@pytest.mark.card("01072")  # Self Preservation
def test_self_preservation_heals_two():
    s = Story({"step": "resource.actions", "seats": [seat(
        heroes=[hero("Gimli", "Self Preservation", damage=3)])]})
    s.choose("take an action", "Self Preservation")
    assert s.card("Gimli")["tokens"]["damage"] == 1
    s.finish()
