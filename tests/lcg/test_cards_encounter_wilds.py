"""The encounter cards of Wilderlands, Journey Down the Anduin and Sauron's Reach, each
as a short story (strict: every decision is expected, saved and loaded, undone)."""
import pytest

from tabletop.games.lcg import api
from tabletop.games.lcg.engine import state as S
from tests.lcg.stand_ins import canceller
from tests.lcg.story import Story

ANDUIN = "journey-down-the-anduin"


def seat(name="Tom", threat=25, heroes=(), **more):
    return {"name": name, "threat": threat, "heroes": list(heroes), "deck": [], **more}


def top_of(s, pile="encounter.deck"):
    return s.card(s.game.state.zones[pile].cards[-1])["name"]


# ------------------------------------------------------------------ Wilderlands
@pytest.mark.card("01081")  # Wolf Rider
def test_wolf_rider_shadow_attacks_with_its_own_shadow_card_then_returns_to_the_deck():
    s = Story({"step": "combat.enemy_attacks", "scenario": ANDUIN,
               "encounter_deck": ["Eastern Crows", "Despair"],
               "seats": [seat(heroes=["Aragorn", "Gimli", "Legolas"],
                              engaged=[{"card": "Hill Troll", "shadow": ["Wolf Rider"]}])]})
    s.choose("declare a defender against Hill Troll", "Gimli")
    # the shadow effect: Wolf Rider attacks now, one defender, dealt the top card as its shadow
    assert "Wolf Rider attacks Tom." in s.text
    s.choose("declare a defender against Wolf Rider", "Legolas")
    assert "Shadow card: Eastern Crows." in s.text
    assert "Wolf Rider deals 2 damage to Legolas (3 attack - 1 defense)." in s.text
    # then the Hill Troll's attack goes on where it stood
    assert "Hill Troll deals 4 damage to Gimli (6 attack - 2 defense)." in s.text
    s.choose("attack an enemy", "No more attacks")
    # at the end of the combat phase: Wolf Rider on top of the deck, its own shadow discarded
    assert top_of(s) == "Wolf Rider" and s.where("Eastern Crows") == "encounter.discard"
    s.finish()


@pytest.mark.card("01081")  # Wolf Rider
def test_wolf_rider_surges_when_revealed():
    s = Story({"step": "quest.staging", "scenario": ANDUIN,
               "encounter_deck": ["Wolf Rider", "Gladden Fields", "Despair"],
               "seats": [seat(threat=5, heroes=["Aragorn"])]})
    assert "Surge: Wolf Rider reveals one more card." in s.text
    assert s.where("Gladden Fields") == "staging" and s.where("Despair") == "encounter.deck"
    s.choose("travel to a location", "none")
    s.finish()


@pytest.mark.card("01081")  # Wolf Rider
def test_hasty_stroke_on_wolf_rider_means_no_attack_and_a_normal_discard(monkeypatch):
    canceller(monkeypatch, "01048", "Hasty Stroke", "shadow_revealed", "cancel_shadow")
    s = Story({"step": "combat.enemy_attacks", "scenario": ANDUIN, "encounter_deck": [],
               "seats": [seat(heroes=["Gimli", {"card": "Eleanor", "resources": 1}],
                              hand=["Hasty Stroke"],
                              engaged=[{"card": "Wargs", "shadow": ["Wolf Rider"]}])]})
    s.choose("declare a defender against Wargs", "Gimli")
    s.choose("respond?", "Hasty Stroke")
    assert "The shadow effect of Wolf Rider is cancelled." in s.text
    assert "Wolf Rider attacks" not in s.text
    s.choose("attack an enemy", "No more attacks")
    assert s.where("Wolf Rider") == "encounter.discard"
    s.finish()


@pytest.mark.card("01082")  # Hill Troll
def test_hill_troll_excess_damage_becomes_threat():
    s = Story({"step": "combat.enemy_attacks", "scenario": ANDUIN, "encounter_deck": [],
               "seats": [seat(threat=20, heroes=["Aragorn", {"card": "Legolas", "damage": 2}],
                              engaged=["Hill Troll"])]})
    s.choose("declare a defender against Hill Troll", "Legolas")
    # 6 attack - 1 defense = 5 on Legolas, who had 2 hit points left: 3 become threat
    assert s.where("Legolas") == "p1.discard" and s.derived["threat"] == [23]
    s.finish()


@pytest.mark.card("01082")  # Hill Troll
def test_hill_troll_undefended_excess_becomes_threat():
    s = Story({"step": "combat.enemy_attacks", "scenario": ANDUIN, "encounter_deck": [],
               "seats": [seat(threat=20, heroes=["Aragorn", "Legolas"], engaged=["Hill Troll"])]})
    s.choose("declare a defender against Hill Troll", "none")
    s.choose("which hero takes 6 damage", "Legolas")
    assert s.derived["threat"] == [22]
    s.finish()


@pytest.mark.card("01083")  # Goblin Sniper
def test_goblin_sniper_cannot_be_optionally_engaged_while_another_enemy_is_staged():
    s = Story({"step": "encounter.optional", "scenario": ANDUIN,
               "staging": ["Goblin Sniper", "Wargs"],
               "seats": [seat(threat=10, heroes=["Aragorn"])]})
    assert not s.offered("Goblin Sniper") and s.offered("Wargs")
    s.choose("engage an enemy of your choice", "Wargs")
    s.finish()
    s = Story({"step": "encounter.optional", "scenario": ANDUIN, "staging": ["Goblin Sniper"],
               "seats": [seat(threat=10, heroes=["Aragorn"])]})
    assert s.offered("Goblin Sniper")              # alone, it may be engaged
    s.choose("engage an enemy of your choice", "none")
    s.finish()


@pytest.mark.card("01083")  # Goblin Sniper
def test_goblin_sniper_in_staging_at_the_end_of_combat_damages_each_player():
    s = Story({"step": "combat.end", "scenario": ANDUIN, "staging": ["Goblin Sniper"],
               "seats": [seat(heroes=["Aragorn", "Gimli"]), seat("Kris", heroes=["Legolas"])]})
    s.choose("Tom: deal 1 damage to one of your characters (Goblin Sniper)", "Gimli")
    assert s.card("Gimli")["tokens"]["damage"] == 1 and s.card("Legolas")["tokens"]["damage"] == 1
    s.finish()


@pytest.mark.card("01084")  # Marsh Adder
def test_marsh_adder_raises_threat_when_it_attacks():
    s = Story({"step": "combat.enemy_attacks", "scenario": ANDUIN, "encounter_deck": [],
               "seats": [seat(threat=20, heroes=["Gimli"], engaged=["Marsh Adder"])]})
    assert s.derived["threat"] == [21]           # when it was chosen to attack (step 1)
    s.choose("declare a defender against Marsh Adder", "Gimli")
    s.finish()


@pytest.mark.card("01085")  # Wargs
def test_wargs_return_to_staging_when_their_shadow_card_has_no_effect():
    s = Story({"step": "combat.enemy_attacks", "scenario": ANDUIN, "encounter_deck": [],
               "seats": [seat(heroes=["Gimli", "Aragorn"],
                              engaged=[{"card": "Wargs", "shadow": ["Gladden Fields"]}])]})
    s.choose("declare a defender against Wargs", "Gimli")
    assert s.where("Wargs") == "staging"
    s.finish()


@pytest.mark.card("01085")  # Wargs
def test_wargs_stay_engaged_when_their_shadow_card_has_an_effect():
    s = Story({"step": "combat.enemy_attacks", "scenario": ANDUIN, "encounter_deck": [],
               "seats": [seat(heroes=["Gimli", "Aragorn"],
                              engaged=[{"card": "Wargs", "shadow": ["Despair"]}])]})
    s.choose("declare a defender against Wargs", "Gimli")
    assert "Wargs deals 3 damage to Gimli (3 attack - 0 defense)." in s.text
    assert s.where("Wargs") == "p1.engaged"
    s.choose("attack an enemy", "No more attacks")
    s.finish()


@pytest.mark.card("01085")  # Wargs
def test_wargs_shadow_gives_2_attack_when_undefended():
    s = Story({"step": "combat.enemy_attacks", "scenario": ANDUIN, "encounter_deck": [],
               "seats": [seat(heroes=["Aragorn", "Gimli"],
                              engaged=[{"card": "Hill Troll", "shadow": ["Wargs"]}])]})
    s.choose("declare a defender", "none")
    s.choose("which hero takes 8 damage", "Gimli")        # 6 + 2 (undefended)
    assert "Hill Troll gets +2 attack for this attack." in s.text
    assert "Hill Troll deals 8 undefended damage to Gimli." in s.text
    s.finish()


@pytest.mark.card("01086")  # Despair
def test_despair_removes_4_progress_from_the_quest_never_the_active_location():
    s = Story({"step": "quest.staging", "scenario": ANDUIN, "encounter_deck": ["Despair"],
               "quest": {"stage": 1, "progress": 5},
               "active_location": {"card": "Banks of the Anduin", "progress": 2},
               "seats": [seat(heroes=["Aragorn"])]})
    assert "4 progress is removed from the quest card." in s.text
    assert s.derived["quest_progress"] == 1
    assert s.card("Banks of the Anduin")["tokens"]["progress"] == 2
    s.finish()


@pytest.mark.card("01086")  # Despair
def test_despair_shadow_ignores_the_defense():
    s = Story({"step": "combat.enemy_attacks", "scenario": ANDUIN, "encounter_deck": [],
               "seats": [seat(heroes=["Gimli", "Aragorn"],
                              engaged=[{"card": "Wargs", "shadow": ["Despair"]}])]})
    s.choose("declare a defender against Wargs", "Gimli")
    assert "The defense of Gimli counts as 0 for this attack." in s.text
    assert s.card("Gimli")["tokens"]["damage"] == 3
    s.choose("attack an enemy", "No more attacks")
    s.finish()


@pytest.mark.card("01087")  # The Brown Lands
def test_the_brown_lands_is_explored_as_the_players_arrive():
    s = Story({"step": "travel.travel", "scenario": ANDUIN, "staging": ["The Brown Lands"],
               "seats": [seat(heroes=["Aragorn"])]})
    s.choose("travel to a location", "The Brown Lands")
    assert "The Brown Lands is explored." in s.text
    assert s.where("The Brown Lands") == "encounter.discard"
    s.finish()


@pytest.mark.card("01088")  # The East Bight
def test_the_east_bight_must_be_travelled_to():
    s = Story({"step": "travel.travel", "scenario": ANDUIN,
               "staging": ["The Brown Lands", "The East Bight"],
               "seats": [seat(heroes=["Aragorn"])]})
    # no decision: with no active location, the players must go to The East Bight
    assert s.derived["active_location"] == "The East Bight"
    s.finish()
    s = Story({"step": "travel.travel", "scenario": ANDUIN,
               "staging": ["The East Bight", "The East Bight", "Banks of the Anduin"],
               "seats": [seat(heroes=["Aragorn"])]})
    assert not s.offered("Banks of the Anduin") and not s.offered("none")
    s.choose("travel to which location (the players must)", "The East Bight")
    s.finish()


# ------------------------------------------------------ Journey Down the Anduin
@pytest.mark.card("01111")  # Misty Mountain Goblins
def test_misty_mountain_goblins_remove_progress_after_attacking():
    s = Story({"step": "combat.enemy_attacks", "scenario": ANDUIN, "encounter_deck": [],
               "quest": {"stage": 1, "progress": 3},
               "seats": [seat(heroes=["Gimli"], engaged=["Misty Mountain Goblins"])]})
    s.choose("declare a defender", "Gimli")
    assert s.derived["quest_progress"] == 2
    s.finish()


@pytest.mark.card("01111")  # Misty Mountain Goblins
def test_misty_mountain_goblins_shadow_removes_3_progress_when_undefended():
    s = Story({"step": "combat.enemy_attacks", "scenario": ANDUIN, "encounter_deck": [],
               "quest": {"stage": 1, "progress": 5},
               "seats": [seat(heroes=["Gimli", "Aragorn"],
                              engaged=[{"card": "Wargs", "shadow": ["Misty Mountain Goblins"]}])]})
    s.choose("declare a defender", "none")
    assert s.derived["quest_progress"] == 2
    s.choose("which hero takes 3 damage", "Gimli")
    s.finish()


@pytest.mark.card("01112")  # Massing at Night
def test_massing_at_night_reveals_one_more_card_per_player():
    s = Story({"step": "quest.staging", "scenario": ANDUIN,
               "encounter_deck": ["Massing at Night", "Gladden Fields", "Banks of the Anduin",
                                  "The Brown Lands", "Despair"],
               "seats": [seat(threat=5, heroes=["Aragorn"]), seat("Kris", threat=5, heroes=["Gimli"])]})
    # two reveals for two players, two more for Massing at Night
    assert all(s.where(n) == "staging" for n in ("Gladden Fields", "Banks of the Anduin",
                                                 "The Brown Lands"))
    assert s.where("Despair") == "encounter.deck"
    s.choose("travel to a location", "none")
    s.finish()


@pytest.mark.card("01112")  # Massing at Night
def test_massing_at_night_shadow_deals_one_more_shadow_card_per_player():
    s = Story({"step": "combat.enemy_attacks", "scenario": ANDUIN,
               "encounter_deck": ["Despair", "Eastern Crows", "Gladden Fields"],
               "seats": [seat(heroes=["Gimli", "Aragorn"],
                              engaged=[{"card": "Wargs", "shadow": ["Massing at Night"]}]),
                         seat("Kris", heroes=["Legolas"])]})
    s.choose("declare a defender against Wargs", "Gimli")
    # two players: Despair and Eastern Crows are dealt, turned up and resolved in this step
    assert "Shadow card: Despair." in s.text and "Shadow card: Eastern Crows." in s.text
    assert "Wargs deals 4 damage to Gimli (4 attack - 0 defense)." in s.text
    assert s.where("Gladden Fields") == "encounter.deck"
    s.finish()


@pytest.mark.card("01113")  # Banks of the Anduin
def test_banks_of_the_anduin_explored_goes_on_top_of_the_encounter_deck():
    s = Story({"step": "quest.resolve", "scenario": ANDUIN,
               "active_location": "Banks of the Anduin", "encounter_deck": ["Despair"],
               "seats": [seat(heroes=["Aragorn", "Gimli"], committed=["Aragorn", "Gimli"])]})
    assert "Banks of the Anduin goes to the encounter deck instead." in s.text
    assert top_of(s) == "Banks of the Anduin"
    s.finish()


@pytest.mark.card("01113")  # Banks of the Anduin
def test_faq_banks_of_the_anduin_as_a_shadow_card_is_discarded():
    s = Story({"step": "combat.enemy_attacks", "scenario": ANDUIN, "encounter_deck": [],
               "seats": [seat(heroes=["Gimli", "Aragorn"],
                              engaged=[{"card": "Hill Troll", "shadow": ["Banks of the Anduin"]}])]})
    s.choose("declare a defender", "Gimli")
    s.choose("attack an enemy", "No more attacks")
    assert s.where("Banks of the Anduin") == "encounter.discard"
    s.finish()


@pytest.mark.card("01114")  # Gladden Fields
def test_gladden_fields_active_raises_the_refresh_threat_by_one_more():
    s = Story({"step": "refresh.threat", "scenario": ANDUIN, "active_location": "Gladden Fields",
               "seats": [seat(threat=20, heroes=["Aragorn"]), seat("Kris", threat=30, heroes=["Gimli"])]})
    assert "Each player raises their threat by 2." in s.text
    assert s.derived["threat"] == [22, 32]
    s.finish()


# -------------------------------------------------------------- Sauron's Reach
@pytest.mark.card("01115")  # Eastern Crows
def test_eastern_crows_destroyed_are_shuffled_back_into_the_encounter_deck():
    s = Story({"step": "combat.player_attacks", "scenario": ANDUIN,
               "encounter_deck": ["Despair", "Hill Troll"],
               "seats": [seat(heroes=["Gimli"], engaged=["Eastern Crows"])]})
    s.choose("attack an enemy", "Eastern Crows")
    s.choose("declare attackers", "Gimli")
    assert "Eastern Crows is destroyed." in s.text
    assert s.where("Eastern Crows") == "encounter.deck"
    s.finish()


@pytest.mark.card("01115")  # Eastern Crows
def test_eastern_crows_destroyed_by_thalin_are_shuffled_back_without_surge():
    s = Story({"step": "quest.staging", "scenario": ANDUIN,
               "encounter_deck": ["Eastern Crows", "Gladden Fields"],
               "seats": [seat(threat=5, heroes=["Thalin"], committed=["Thalin"])]})
    # Thalin's damage destroys it as it is revealed: no surge, but it goes back into the deck
    assert "Eastern Crows is destroyed." in s.text and "Surge" not in s.text
    assert s.where("Eastern Crows") == "encounter.deck"
    s.finish()


@pytest.mark.card("01115")  # Eastern Crows
def test_eastern_crows_shadow_gives_2_attack_at_threat_35():
    s = Story({"step": "combat.enemy_attacks", "scenario": ANDUIN, "encounter_deck": [],
               "seats": [seat(threat=35, heroes=["Gimli", "Aragorn"],
                              engaged=[{"card": "Wargs", "shadow": ["Eastern Crows"]}])]})
    s.choose("declare a defender against Wargs", "Gimli")
    assert "Wargs deals 3 damage to Gimli (5 attack - 2 defense)." in s.text
    s.choose("attack an enemy", "No more attacks")
    s.finish()


@pytest.mark.card("01116")  # Evil Storm
def test_evil_storm_damages_the_characters_of_players_at_35_threat():
    s = Story({"step": "quest.staging", "scenario": ANDUIN, "encounter_deck": ["Evil Storm", "Gladden Fields"],
               "seats": [seat(threat=35, heroes=["Aragorn", "Gimli"]),
                         seat("Kris", threat=34, heroes=["Legolas"])]})
    assert s.card("Aragorn")["tokens"]["damage"] == 1 and s.card("Gimli")["tokens"]["damage"] == 1
    assert "damage" not in s.card("Legolas")["tokens"]
    s.finish()


@pytest.mark.card("01117")  # Pursued by Shadow
def test_pursued_by_shadow_raises_threat_per_character_not_questing():
    s = Story({"step": "quest.staging", "scenario": ANDUIN, "encounter_deck": ["Pursued by Shadow"],
               "seats": [seat(threat=20, heroes=["Aragorn", "Gimli", "Legolas"],
                              committed=["Aragorn"]),
                         seat("Kris", threat=20, heroes=["Glóin"], committed=["Glóin"])]})
    assert s.derived["threat"][0] >= 22 and "Tom raises their threat by 2." in s.text
    assert "Kris raises their threat by" not in s.text.split("Quest:")[0]
    s.finish()


@pytest.mark.card("01117")  # Pursued by Shadow
@pytest.mark.parametrize("ally", [True, False])
def test_pursued_by_shadow_shadow_returns_an_exhausted_ally_or_raises_threat(ally):
    allies = [{"card": "Guard of the Citadel", "exhausted": True}] if ally else []
    s = Story({"step": "combat.enemy_attacks", "scenario": ANDUIN, "encounter_deck": [],
               "seats": [seat(threat=20, heroes=["Gimli", "Aragorn"], allies=allies,
                              engaged=[{"card": "Wargs", "shadow": ["Pursued by Shadow"]}])]})
    s.choose("declare a defender against Wargs", "Gimli")
    if ally:
        assert s.where("Guard of the Citadel") == "p1.hand" and s.derived["threat"] == [20]
    else:
        assert s.derived["threat"] == [23]
    s.choose("attack an enemy", "No more attacks")
    s.finish()


@pytest.mark.card("01118")  # Treacherous Fog
def test_treacherous_fog_adds_threat_to_locations_even_revealed_later():
    s = Story({"step": "quest.staging", "scenario": ANDUIN,
               "encounter_deck": ["Treacherous Fog", "Gladden Fields"], "staging": ["The East Bight"],
               "seats": [seat(threat=20, heroes=["Aragorn", "Gimli"], committed=["Aragorn", "Gimli"]),
                         seat("Kris", threat=20, heroes=["Legolas"])]})
    # The East Bight 1+1, Gladden Fields (revealed after the fog) 3+1: 6 threat
    assert "Quest: 4 willpower against 6 threat" in s.text
    s.finish()


@pytest.mark.card("01118")  # Treacherous Fog
def test_treacherous_fog_makes_players_at_35_threat_discard_a_card():
    s = Story({"step": "quest.staging", "scenario": ANDUIN, "encounter_deck": ["Treacherous Fog"],
               "seats": [seat(threat=35, heroes=["Aragorn"], hand=["Gandalf", "Feint"]),
                         seat("Kris", threat=20, heroes=["Gimli"], hand=["Sneak Attack"])]})
    s.choose("Tom: discard 1 card from your hand", "Feint")
    assert s.where("Feint") == "p1.discard" and s.where("Sneak Attack") == "p2.hand"
    s.finish()


@pytest.mark.card("01118")  # Treacherous Fog
def test_faq_1_19_an_effect_revealed_in_setup_lasts_through_the_first_resource_phase():
    # with this seed, Journey Down the Anduin's setup reveals Treacherous Fog
    s = Story(game=api.new_game(ANDUIN, players=1, seed=11))
    s.choose("keep this hand", "keep")
    assert "Revealed Treacherous Fog." in s.text and s.derived["phase"] == "resource"

    def fog():
        return [e for e in S.stored(s.game.state).get("effects", []) if e.get("area") == "staging"]
    assert fog() and fog()[0]["phase"] == "resource"
    s.pass_until("commit characters")
    assert not fog()
    s.finish()
