"""The twelve heroes, each as a short story (strict: every decision is expected)."""
import pytest

from tests.lcg.story import Story


def seat(name="Tom", threat=25, heroes=(), **more):
    return {"name": name, "threat": threat, "heroes": list(heroes), "deck": [], **more}


@pytest.mark.card("01001")  # Aragorn
def test_aragorn_readies_after_committing_by_paying_one_of_his_resources():
    s = Story({"step": "quest.commit", "encounter_deck": ["Old Forest Road"],
               "seats": [seat(heroes=[{"card": "Aragorn", "resources": 1}])]})
    s.choose("commit characters", "Aragorn")
    s.choose("respond?", "Aragorn: after Aragorn is committed")
    # nobody else can commit: the quest resolves with Aragorn's willpower, and he is ready
    assert "Aragorn readies." in s.text and "Quest: 2 willpower against 1 threat" in s.text
    assert s.card("Aragorn")["exhausted"] is False and s.card("Aragorn")["tokens"] == {}
    s.choose("travel to a location", "none")
    s.finish()


@pytest.mark.card("01001")  # Aragorn
def test_aragorn_without_a_resource_cannot_respond():
    s = Story({"step": "quest.commit", "encounter_deck": ["Old Forest Road"],
               "seats": [seat(heroes=["Aragorn", "Glóin"])]})
    s.choose("commit characters", "Aragorn")
    assert "respond" not in s.pending["prompt"]      # no response is offered
    s.choose("commit characters", "done")
    s.finish()


@pytest.mark.card("01002")  # Théodred
def test_theodred_gives_a_committed_hero_a_resource():
    s = Story({"step": "quest.commit", "encounter_deck": ["Old Forest Road"],
               "seats": [seat(heroes=["Théodred", "Glóin"])]})
    s.choose("commit characters", "Glóin")
    s.choose("commit characters", "Théodred")
    s.choose("respond?", "Théodred")
    s.choose("which committed hero", "Glóin")
    assert s.card("Glóin")["tokens"]["resource"] == 1
    assert "Tom commits Glóin, Théodred to the quest." in s.text
    s.finish()


@pytest.mark.card("01003")  # Glóin
def test_gloin_gains_a_resource_per_damage():
    s = Story({"step": "combat.enemy_attacks", "encounter_deck": [],
               "seats": [seat(heroes=["Glóin", "Aragorn"], engaged=["Forest Spider"])]})
    s.choose("declare a defender", "Glóin")
    s.choose("respond?", "Glóin")
    assert s.card("Glóin")["tokens"] == {"damage": 1, "resource": 1}
    s.finish()


@pytest.mark.card("01004")  # Gimli
def test_gimli_attack_grows_with_his_damage():
    s = Story({"step": "combat.player_attacks", "seats": [seat(heroes=[
        {"card": "Gimli", "damage": 3}], engaged=["Hill Troll"])], "scenario": "journey-down-the-anduin"})
    assert s.card("Gimli")["attack"] == 2 + 3
    s.choose("attack an enemy", "Hill Troll")
    s.choose("declare attackers", "Gimli")      # the only attacker: the attack resolves
    assert "5 attack - 3 defense = 2 damage" in s.text
    s.finish()


@pytest.mark.card("01005")  # Legolas
def test_legolas_places_two_progress_when_his_attack_destroys_an_enemy():
    s = Story({"step": "combat.player_attacks", "active_location": "Enchanted Stream",
               "seats": [seat(heroes=["Legolas", "Glóin"], engaged=["Dol Guldur Orcs"])]})
    s.choose("attack an enemy", "Dol Guldur Orcs")
    s.choose("declare attackers", "Legolas")
    s.choose("declare attackers", "attack now")
    s.choose("respond?", "Legolas")
    assert "Enchanted Stream is explored." in s.text       # 2 progress: the location first
    assert s.where("Dol Guldur Orcs") == "encounter.discard" and s.derived["quest_progress"] == 0
    s.finish()


@pytest.mark.card("01006")  # Thalin
def test_thalin_damages_each_enemy_revealed_while_he_quests_and_a_destroyed_one_does_nothing():
    s = Story({"step": "quest.staging", "scenario": "journey-down-the-anduin",
               "encounter_deck": ["Eastern Crows", "Misty Mountain Goblins", "Banks of the Anduin"],
               "seats": [seat(heroes=["Thalin"], committed=["Thalin"])]})
    # Eastern Crows (1 hit point) is destroyed before its Surge: no second card
    assert "Eastern Crows is destroyed." in s.text and "Surge" not in s.text
    assert s.where("Misty Mountain Goblins") == "encounter.deck"
    s.finish()


@pytest.mark.card("01007")  # Éowyn
def test_eowyn_any_player_once_a_round_discards_a_card_for_one_willpower():
    s = Story({"step": "quest.actions_staging", "encounter_deck": ["Old Forest Road"],
               "seats": [seat(heroes=["Éowyn"], hand=["Ever Vigilant"], committed=["Éowyn"]),
                         seat("Kris", 30, ["Legolas"], hand=["Blade Mastery"])],
               "staging": ["Forest Gate", "Old Forest Road"]})
    s.choose("Tom: take an action", "Éowyn")
    assert s.card("Éowyn")["willpower"] == 5
    # Tom used his once this round (and has no card left): Kris's turn in the window
    s.choose("Kris: take an action", "Éowyn")
    # nobody has anything more to do: the quest resolves with both bonuses
    assert "Quest: 6 willpower against 3 threat: 3 progress." in s.text
    assert s.card("Éowyn")["willpower"] == 4                 # the bonuses ended with the phase
    s.finish()


@pytest.mark.card("01008")  # Eleanor
def test_eleanor_cancels_a_treachery_and_reveals_a_replacement():
    s = Story({"step": "quest.staging", "scenario": "journey-down-the-anduin",
               "encounter_deck": ["Evil Storm", "Banks of the Anduin"],
               "seats": [seat(threat=30, heroes=["Eleanor", "Aragorn"])]})
    s.choose("respond?", "Eleanor")
    assert "The When Revealed effects of Evil Storm are cancelled." in s.text
    assert s.where("Evil Storm") == "encounter.discard"
    assert s.where("Banks of the Anduin") == "staging"
    # nothing committed: 0 willpower against the Banks' 1 threat
    assert s.derived["threat"] == [31] and "raises their threat" in s.text
    s.finish()


@pytest.mark.card("01009")  # Dúnhere
def test_dunhere_attacks_an_enemy_in_the_staging_area_alone_with_plus_one():
    s = Story({"step": "combat.player_attacks", "staging": ["Forest Spider"],
               "seats": [seat(heroes=["Dúnhere", "Aragorn"])]})
    s.choose("attack an enemy", "Forest Spider")
    s.choose("declare attackers", "Dúnhere")        # alone: nobody else is offered
    assert "Dúnhere attack Forest Spider: 3 attack - 1 defense = 2 damage." in s.text.replace("Dúnhere attacks", "Dúnhere attack")
    assert s.card("Forest Spider")["tokens"]["damage"] == 2 and s.where("Forest Spider") == "staging"
    assert s.card("Dúnhere")["attack"] == 2                 # the +1 is for that attack only
    s.finish()


@pytest.mark.card("01010")  # Denethor
def test_denethor_looks_at_the_top_encounter_card_and_may_put_it_under():
    s = Story({"step": "resource.actions", "encounter_deck": ["Hummerhorns", "Old Forest Road"],
               "seats": [seat(heroes=["Denethor"])]})
    s.choose("take an action", "Denethor")
    assert "Hummerhorns" in s.pending["prompt"]
    s.choose("sees: Hummerhorns", "bottom")
    st = s.game.state
    assert st.cards[st.zones["encounter.deck"].cards[0]].code == s.card("Hummerhorns")["code"]
    s.finish()


@pytest.mark.card("01011")  # Glorfindel
def test_glorfindel_heals_one_damage_once_a_round():
    s = Story({"step": "resource.actions",
               "seats": [seat(heroes=[{"card": "Glorfindel", "resources": 2},
                                      {"card": "Aragorn", "damage": 2}])]})
    s.choose("take an action", "Glorfindel")
    assert s.card("Aragorn")["tokens"]["damage"] == 1 and s.card("Glorfindel")["tokens"]["resource"] == 1
    # once a round: the window closes (nothing else to do) and the quest begins
    assert "commit characters" in s.pending["prompt"]
    s.finish()


@pytest.mark.card("01012")  # Beravor
def test_beravor_makes_a_player_draw_two_once_a_round():
    s = Story({"step": "resource.actions",
               "seats": [seat(heroes=["Beravor"], deck=["Gandalf", "Gléowine", "Beorn"]),
                         seat("Kris", 30, ["Legolas"], deck=["Feint", "Quick Strike"])]})
    s.choose("Tom: take an action", "Beravor")
    s.choose("which player draws", "Kris")
    assert len(s.game.state.zones["p2.hand"].cards) == 2
    assert not s.offered("Beravor: ")
    s.finish()
