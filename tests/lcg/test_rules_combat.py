"""Combat as the rulebook runs it: the players may act at the end of each step of an
enemy's attack and of a player's attack; who declares a Sentinel defender; how long
Stand Together lasts."""
import pytest

from tests.lcg.story import Story


def seat(name="Tom", threat=25, heroes=(), **more):
    return {"name": name, "threat": threat, "heroes": list(heroes), "deck": [], **more}


def advance(s: Story, prompt: str, limit: int = 100) -> Story:
    """Pass, commit nobody, travel nowhere, engage nobody until the decision ``prompt``."""
    for _i in range(limit):
        p = s.pending
        if prompt.lower() in p["prompt"].lower():
            return s
        values = [o["value"] for o in p["options"]]
        s.choose("", next(v for v in ("pass", "done", "none", "no") if v in values))
    raise AssertionError(f"never reached {prompt!r}")


@pytest.mark.card("01057")  # Unexpected Courage
def test_defend_ready_with_unexpected_courage_and_attack_back():
    """Rulebook, "Enemy attacks": at the end of each step players may act.  Aragorn
    defends (he exhausts), Unexpected Courage readies him in the window after the
    defender is declared, and he attacks the enemy back."""
    s = Story({"step": "combat.enemy_attacks", "encounter_deck": [],
               "seats": [seat(heroes=[{"card": "Aragorn", "attachments": ["Unexpected Courage"]}],
                              engaged=["Forest Spider"])]})
    s.choose("declare a defender against Forest Spider", "Aragorn")
    assert s.card("Aragorn")["exhausted"] is True
    s.choose("take an action or pass", "Unexpected Courage")
    assert s.card("Aragorn")["exhausted"] is False
    s.pass_until("attack an enemy?")
    s.choose("attack an enemy?", "Forest Spider")
    s.choose("declare attackers against Forest Spider", "Aragorn")    # the only one: attacks
    assert s.card("Forest Spider")["tokens"].get("damage") == 2     # 3 attack - 1 defense
    assert s.card("Aragorn")["tokens"].get("damage", 0) == 0        # 2 attack - 2 defense
    s.finish()


@pytest.mark.card("01034")  # Feint
def test_an_action_between_two_enemies_attacks():
    """After the first enemy's attack, before the next is chosen, Feint keeps the second
    enemy from attacking this phase."""
    s = Story({"step": "combat.enemy_attacks", "encounter_deck": [],
               "seats": [seat(heroes=[{"card": "Legolas", "resources": 1}, "Gimli"], hand=["Feint"],
                              engaged=["Forest Spider", "King Spider"])]})
    s.choose("which enemy attacks you next", "Forest Spider")
    s.choose("take an action", "pass")                   # after step 1: the enemy is chosen
    s.choose("declare a defender against Forest Spider", "Gimli")
    s.choose("take an action", "pass")                   # after step 2: the defender
    s.choose("take an action", "pass")                   # after step 3: the shadow card
    assert "Forest Spider deals 0 damage to Gimli" in s.text
    # after step 4, before King Spider attacks: Feint, on King Spider only (Forest Spider
    # has attacked: Feint on it could change nothing)
    s.choose("take an action", "Play Feint")
    assert "King Spider attacks" not in s.text
    assert s.card("Legolas")["tokens"].get("damage", 0) == 0 and s.card("Gimli")["tokens"].get("damage", 0) == 0
    s.finish()


@pytest.mark.card("01032")  # Blade Mastery
def test_an_action_after_the_attackers_are_declared_counts_for_the_attack():
    """A player's attack: at the end of step 1 (attackers declared) the players may act;
    Blade Mastery's +1 attack then counts for the damage."""
    s = Story({"step": "combat.player_attacks", "encounter_deck": [],
               "seats": [seat(heroes=[{"card": "Legolas", "resources": 1}], hand=["Blade Mastery"],
                              engaged=["Forest Spider"])]})
    s.choose("attack an enemy?", "Forest Spider")
    s.choose("declare attackers", "Legolas")
    s.choose("take an action", "Play Blade Mastery")    # Legolas, the only character
    assert "4 attack - 1 defense = 3 damage" in s.text
    assert s.card("Forest Spider")["tokens"].get("damage") == 3
    s.finish()


def test_sentinel_is_declared_by_its_controller_after_the_defending_player():
    """The defending player declares first; with no defender of their own, each other
    player may declare one of their Sentinel characters (rulebook, Sentinel)."""
    s = Story({"step": "combat.enemy_attacks", "encounter_deck": [],
               "seats": [seat("Tom", heroes=["Gimli"], engaged=["Forest Spider"]),
                         seat("Kris", heroes=["Aragorn", "Legolas"])]})
    p = s.pending
    assert p["seat"] == 0 and not s.offered("Aragorn")       # Tom only declares his own
    s.choose("Tom: declare a defender against Forest Spider", "Leave it undefended")
    p = s.pending
    assert p["seat"] == 1 and "for Tom (Sentinel)" in p["prompt"]
    assert s.offered("Aragorn") and not s.offered("Legolas")  # Legolas has no Sentinel
    s.choose("Kris: declare a defender against Forest Spider", "Aragorn")
    assert s.card("Aragorn")["exhausted"] is True and "leaves the attack undefended" not in s.text
    assert s.card("Gimli")["tokens"].get("damage", 0) == 0
    s.finish()


def test_nobody_defends_the_attack_is_undefended():
    s = Story({"step": "combat.enemy_attacks", "encounter_deck": [],
               "seats": [seat("Tom", heroes=["Gimli"], engaged=["Forest Spider"]),
                         seat("Kris", heroes=["Aragorn"])]})
    s.choose("Tom: declare a defender", "Leave it undefended")
    s.choose("Kris: declare a defender", "No Sentinel defender")
    assert "Tom leaves the attack undefended." in s.text
    assert s.card("Gimli")["tokens"].get("damage") == 2
    s.finish()


@pytest.mark.card("01038")  # Stand Together
def test_stand_together_lasts_the_phase_it_is_played_in():
    """Played in the resource phase, Stand Together is over by the combat phase."""
    s = Story({"step": "resource.actions", "encounter_deck": [],
               "seats": [seat(heroes=[{"card": "Gimli", "resources": 1}, "Legolas"],
                              hand=["Stand Together"], engaged=["Forest Spider"])]})
    s.choose("take an action", "Play Stand Together")
    assert "may defend each attack with several characters this phase" in s.text
    advance(s, "declare a defender")                    # planning, quest, travel, encounter
    s.choose("declare a defender against Forest Spider", "Gimli")
    assert not s.offered("Legolas")                     # one defender only: it has ended
    s.finish()


def test_a_ranged_character_joins_another_players_attack_declared_by_its_controller():
    """Rulebook, Ranged: a ranged character may take part in attacks declared by other
    players; its controller declares it, after the attacking player's own attackers."""
    s = Story({"step": "combat.player_attacks", "encounter_deck": [],
               "seats": [seat("Tom", heroes=["Gimli"], engaged=["Dol Guldur Orcs"]),
                         seat("Kris", heroes=["Legolas", "Aragorn"])]})
    s.choose("Tom: attack an enemy", "Dol Guldur Orcs")
    s.choose("Tom: declare attackers against Dol Guldur Orcs", "Gimli")
    p = s.pending
    assert p["seat"] == 1 and "with Tom (Ranged)" in p["prompt"]
    assert s.offered("Legolas") and not s.offered("Aragorn")
    s.choose("Kris: declare attackers against Dol Guldur Orcs", "Legolas")
    assert "Gimli, Legolas attack Dol Guldur Orcs: 5 attack - 0 defense = 5 damage." in s.text
    assert s.where("Dol Guldur Orcs") == "encounter.discard"
    s.finish()


@pytest.mark.card("01090")  # Chieftan Ufthak
def test_an_enemy_destroyed_in_the_middle_of_its_attack_ends_it():
    """FAQ: at the end of each step, is there still an attacking enemy?  Swift Strike
    destroys Chieftain Ufthak when the defender is declared: no shadow, no damage, and his
    "after he attacks" effect does not happen (no resource on a card out of play)."""
    s = Story({"step": "combat.enemy_attacks", "scenario": "escape-from-dol-guldur",
               "encounter_deck": [],
               "seats": [seat(heroes=[{"card": "Legolas", "resources": 2}, "Gimli"],
                              hand=["Swift Strike"],
                              engaged=[{"card": "Chieftain Ufthak", "damage": 5,
                                        "shadow": ["Dol Guldur Orcs"]}])]})
    s.choose("declare a defender against Chieftan Ufthak", "Gimli")
    s.choose("respond?", "Swift Strike")
    assert s.where("Chieftan Ufthak") in ("victory", "encounter.discard")
    assert s.card("Chieftan Ufthak")["tokens"] == {}
    assert "Shadow card" not in s.text and s.card("Gimli")["tokens"].get("damage", 0) == 0
    s.finish()
