"""The twenty-eight events, each as a short story (strict: every decision is expected)."""
import pytest

from tests.lcg.story import Story

RICH = {"leadership": "Aragorn", "tactics": "Legolas", "spirit": "Éowyn", "lore": "Beravor"}


def seat(name="Tom", threat=25, heroes=(), **more):
    return {"name": name, "threat": threat, "heroes": list(heroes), "deck": [], **more}


def rich(sphere, *others, n=5):
    """A hero of that sphere with resources, and others."""
    return [{"card": RICH[sphere], "resources": n}, *others]


def window(sphere, hand, step="resource.actions", extra_heroes=(), **more):
    seats = more.pop("seats", None) or [seat(heroes=rich(sphere, *extra_heroes), hand=hand)]
    return {"step": step, "seats": seats, **more}


def play(s: Story, card: str) -> Story:
    s.choose("take an action", f"Play {card}")
    return s


@pytest.mark.card("01020")  # Ever Vigilant
def test_ever_vigilant_readies_an_ally():
    s = play(Story(window("leadership", ["Ever Vigilant"], seats=[seat(
        heroes=rich("leadership"), allies=[{"card": "Faramir", "exhausted": True}], hand=["Ever Vigilant"])])),
        "Ever Vigilant")
    assert s.card("Faramir")["exhausted"] is False and s.where("Ever Vigilant") == "p1.discard"
    s.finish()


@pytest.mark.card("01021")  # Common Cause
def test_common_cause_exhausts_a_hero_to_ready_another():
    s = Story(window("leadership", ["Common Cause"], extra_heroes=[{"card": "Glóin", "exhausted": True}]))
    play(s, "Common Cause")       # Aragorn is the only hero to exhaust, Glóin the only one to ready
    assert s.card("Glóin")["exhausted"] is False and s.card("Aragorn")["exhausted"] is True
    s.finish()


@pytest.mark.card("01022")  # For Gondor!
def test_for_gondor_attack_for_all_defense_for_gondor():
    s = play(Story(window("leadership", ["For Gondor!"], step="combat.actions", encounter_deck=[], seats=[
        seat(heroes=rich("leadership", "Eleanor"), hand=["For Gondor!"], engaged=["Forest Spider"])])),
        "For Gondor!")
    assert s.card("Aragorn")["attack"] == 4 and s.card("Aragorn")["defense"] == 2
    assert s.card("Eleanor")["attack"] == 2 and s.card("Eleanor")["defense"] == 3
    s.finish()


@pytest.mark.card("01023")  # Sneak Attack
def test_sneak_attack_puts_an_ally_into_play_until_the_end_of_the_phase():
    s = Story(window("leadership", ["Sneak Attack", "Gandalf"], encounter_deck=[], seats=[seat(
        heroes=rich("leadership"), hand=["Sneak Attack", "Gandalf"], deck=["Feint", "Feint"])]))
    play(s, "Sneak Attack")
    s.choose("respond?", "Gandalf")                  # enters play: Gandalf's response
    s.choose("Gandalf: choose one", "Draw 3")
    assert s.where("Gandalf") == "p1.hand"           # back to hand as the resource phase ended
    assert "Sneak Attack returns" not in s.text
    s.finish()


@pytest.mark.card("01024")  # Valiant Sacrifice
def test_valiant_sacrifice_when_an_ally_leaves_play():
    s = Story({"step": "combat.enemy_attacks", "encounter_deck": [], "seats": [seat(
        heroes=rich("leadership"), allies=["Guard of the Citadel"], hand=["Valiant Sacrifice"],
        deck=["Feint", "Quick Strike"], engaged=["Forest Spider"])]})
    s.choose("declare a defender", "Guard of the Citadel")
    s.choose("respond?", "Valiant Sacrifice")
    assert s.where("Feint") == "p1.hand" and s.where("Quick Strike") == "p1.hand"
    s.finish()


@pytest.mark.card("01025")  # Grim Resolve
def test_grim_resolve_readies_every_character():
    s = play(Story(window("leadership", ["Grim Resolve"], seats=[
        seat(heroes=[{"card": "Aragorn", "resources": 5, "exhausted": True}, {"card": "Glóin", "exhausted": True}],
             hand=["Grim Resolve"])])), "Grim Resolve")
    assert not s.card("Aragorn")["exhausted"] and not s.card("Glóin")["exhausted"]
    s.finish()


@pytest.mark.card("01032")  # Blade Mastery
def test_blade_mastery():
    s = play(Story(window("tactics", ["Blade Mastery"], step="combat.actions", encounter_deck=[], seats=[
        seat(heroes=rich("tactics"), hand=["Blade Mastery"], engaged=["Forest Spider"])])), "Blade Mastery")
    assert s.card("Legolas")["attack"] == 4 and s.card("Legolas")["defense"] == 2
    s.finish()


@pytest.mark.card("01033")  # Rain of Arrows
def test_rain_of_arrows_damages_each_enemy_engaged_with_a_player():
    s = Story(window("tactics", ["Rain of Arrows"], step="combat.actions", encounter_deck=[], seats=[
        seat(heroes=rich("tactics"), hand=["Rain of Arrows"], engaged=["Forest Spider", "King Spider"])]))
    play(s, "Rain of Arrows")
    assert s.card("Forest Spider")["tokens"] == {"damage": 1} and s.card("King Spider")["tokens"] == {"damage": 1}
    assert s.card("Legolas")["exhausted"]
    s.finish()


@pytest.mark.card("01034")  # Feint
def test_feint_stops_an_attack():
    s = Story(window("tactics", ["Feint"], step="combat.actions", encounter_deck=[], seats=[
        seat(heroes=rich("tactics"), hand=["Feint"], engaged=["Forest Spider"])]))
    play(s, "Feint")
    assert "Forest Spider attacks" not in s.text
    # no attack, so no damage: nobody defended and no hero took undefended damage
    assert s.card("Legolas")["tokens"].get("damage", 0) == 0 and s.card("Legolas")["exhausted"] is False
    assert s.card("Forest Spider")["tokens"].get("damage", 0) == 0
    s.finish()


@pytest.mark.card("01035")  # Quick Strike
def test_quick_strike_attacks_at_once_outside_combat():
    s = Story(window("tactics", ["Quick Strike"], seats=[
        seat(heroes=rich("tactics"), hand=["Quick Strike"], engaged=["King Spider"])]))
    play(s, "Quick Strike")
    assert "Legolas attack King Spider: 3 attack - 1 defense = 2 damage." in s.text.replace("Legolas attacks", "Legolas attack")
    assert s.card("King Spider")["tokens"]["damage"] == 2 and s.card("Legolas")["exhausted"] is True
    s.finish()


@pytest.mark.card("01036")  # Thicket of Spears
def test_thicket_of_spears_needs_three_different_heroes():
    s = Story(window("tactics", ["Thicket of Spears"], step="combat.actions", encounter_deck=[], seats=[
        seat(heroes=[{"card": "Legolas", "resources": 3}, {"card": "Gimli", "resources": 1},
                     {"card": "Thalin", "resources": 1}], hand=["Thicket of Spears"], engaged=["Forest Spider"])]))
    play(s, "Thicket of Spears")
    assert "Tom pays 3 resources." in s.text
    assert [s.card(h)["tokens"].get("resource", 0) for h in ("Legolas", "Gimli", "Thalin")] == [2, 0, 0]
    assert "Forest Spider attacks" not in s.text
    s.finish()


@pytest.mark.card("01036")  # Thicket of Spears
def test_thicket_of_spears_cannot_be_paid_by_one_hero():
    s = Story(window("tactics", ["Thicket of Spears"], step="combat.actions", encounter_deck=[], seats=[
        seat(heroes=[{"card": "Legolas", "resources": 5}], hand=["Thicket of Spears"], engaged=["Forest Spider"])]))
    assert "declare a defender" in s.pending["prompt"]          # not offered
    s.finish()


@pytest.mark.card("01037")  # Swift Strike
def test_swift_strike_when_a_defender_is_declared():
    s = Story({"step": "combat.enemy_attacks", "encounter_deck": [], "seats": [seat(
        heroes=rich("tactics"), hand=["Swift Strike"], engaged=["Forest Spider"])]})
    s.choose("declare a defender", "Legolas")
    s.choose("respond?", "Swift Strike")
    assert s.card("Forest Spider")["tokens"] == {"damage": 2}
    s.finish()


@pytest.mark.card("01038")  # Stand Together
def test_stand_together_several_defenders_one_takes_the_damage():
    s = Story(window("tactics", ["Stand Together"], step="combat.actions", encounter_deck=[],
                     seats=[seat(heroes=rich("tactics", "Gimli"), hand=["Stand Together"],
                                 engaged=["Ungoliant's Spawn"])]))
    play(s, "Stand Together")
    s.choose("declare a defender", "Legolas")
    s.choose("declare a defender", "Gimli")       # nobody else is ready: the damage step
    s.choose("which defender takes", "Gimli")
    assert "(5 attack - 3 defense)" in s.text and s.card("Gimli")["tokens"]["damage"] == 2
    s.finish()


@pytest.mark.card("01046")  # The Galadhrim's Greeting
def test_the_galadhrims_greeting_each_player_reduces_two():
    s = play(Story(window("spirit", ["The Galadhrim's Greeting"])), "The Galadhrim's Greeting")
    s.choose("Galadhrim", "Each player")
    assert s.derived["threat"] == [23]
    s.finish()


@pytest.mark.card("01047")  # Strength of Will
def test_strength_of_will_two_progress_on_the_location_travelled_to():
    s = Story({"step": "travel.travel", "staging": ["Forest Gate"], "seats": [seat(
        heroes=rich("spirit", "Eleanor"), hand=["Strength of Will"])]})
    s.choose("travel", "Forest Gate")
    s.choose("respond?", "Strength of Will")
    s.choose("exhaust which Spirit character", "Eleanor")
    assert s.card("Forest Gate")["tokens"] == {"progress": 2}
    s.finish()


@pytest.mark.card("01048")  # Hasty Stroke
def test_hasty_stroke_cancels_a_shadow_effect():
    s = Story({"step": "combat.enemy_attacks", "seats": [seat(
        heroes=rich("spirit", "Aragorn"), hand=["Hasty Stroke"],
        engaged=[{"card": "Forest Spider", "shadow": ["East Bight Patrol"]}])],
        "encounter_deck": []})
    s.choose("take an action", "pass")          # the window after the enemy is chosen (Éowyn)
    s.choose("declare a defender", "Aragorn")
    s.choose("take an action", "pass")          # the window after the defender is declared
    s.choose("respond?", "Hasty Stroke")
    assert "The shadow effect of East Bight Patrol is cancelled." in s.text
    # without it East Bight Patrol would give +1 attack: 2 attack against Aragorn's 2 defense
    assert "Forest Spider deals 0 damage to Aragorn (2 attack - 2 defense)." in s.text
    assert s.card("Aragorn")["tokens"].get("damage", 0) == 0
    s.finish()


@pytest.mark.card("01049")  # Will of the West
def test_will_of_the_west_shuffles_a_discard_pile_into_the_deck_and_leaves_the_game():
    s = Story(window("spirit", ["Will of the West"], seats=[seat(
        heroes=rich("spirit"), hand=["Will of the West"], discard=["Feint", "Gimli"])]))
    play(s, "Will of the West")
    assert s.where("Feint") == "p1.deck" and s.where("Gimli") == "p1.discard"
    assert s.where("Will of the West") == "aside"
    s.finish()


@pytest.mark.card("01050")  # A Test of Will
def test_a_test_of_will_cancels_when_revealed_effects():
    """At threat 35 Evil Storm would deal 1 damage to each of Tom's characters: A Test
    of Will cancels it, and nobody is damaged."""
    s = Story({"step": "quest.staging", "scenario": "journey-down-the-anduin",
               "encounter_deck": ["Evil Storm"], "seats": [seat(threat=35, heroes=rich("spirit", "Gimli"),
                                                                hand=["A Test of Will"])]})
    s.choose("respond?", "A Test of Will")
    assert "The When Revealed effects of Evil Storm are cancelled." in s.text
    assert s.card("Éowyn")["tokens"].get("damage", 0) == 0 and s.card("Gimli")["tokens"].get("damage", 0) == 0
    assert s.where("A Test of Will") == "p1.discard" and s.where("Evil Storm") == "encounter.discard"
    s.finish()


@pytest.mark.card("01050")  # A Test of Will
def test_a_test_of_will_is_not_offered_when_the_effect_would_change_nothing():
    """At threat 30 Evil Storm hits nobody: cancelling it could change nothing, so A Test
    of Will is not offered (an effect that cannot change the game cannot be started)."""
    s = Story({"step": "quest.staging", "scenario": "journey-down-the-anduin",
               "encounter_deck": ["Evil Storm"], "seats": [seat(threat=30, heroes=rich("spirit"),
                                                                hand=["A Test of Will"])]})
    assert s.where("A Test of Will") == "p1.hand" and s.where("Evil Storm") == "encounter.discard"
    assert "Evil Storm" in s.text and "respond" not in (s.pending or {}).get("prompt", "")


@pytest.mark.card("01051")  # Stand and Fight
def test_stand_and_fight_brings_back_an_ally_of_cost_x():
    s = Story(window("spirit", ["Stand and Fight"], seats=[
        seat(heroes=rich("spirit"), hand=["Stand and Fight"]),
        seat("Kris", 30, ["Legolas"], discard=["Gondorian Spearman", "Beorn"])]))
    s.choose("Tom: take an action", "Play Stand and Fight")
    # X can only be 2: Beorn costs 6, more than Tom's 5 resources; the Spearman costs 2
    assert s.where("Gondorian Spearman") == "p1.play" and s.where("Beorn") == "p2.discard"
    assert s.card("Éowyn")["tokens"]["resource"] == 3
    s.finish()


@pytest.mark.card("01051")  # Stand and Fight
def test_stand_and_fight_offers_only_an_x_and_allies_that_can_enter_play():
    """Several candidates: a unique ally whose title is in play cannot enter play, nor a
    neutral ally (Gandalf); X is asked only among the costs of the allies that can."""
    s = Story(window("spirit", ["Stand and Fight"], seats=[
        seat(heroes=rich("spirit", n=6), hand=["Stand and Fight"], allies=["Henamarth Riversong"]),
        seat("Kris", 30, ["Legolas"], discard=["Gondorian Spearman", "Veteran Axehand",
                                                "Henamarth Riversong", "Gandalf", "Snowbourn Scout"])]))
    s.choose("Tom: take an action", "Play Stand and Fight")
    options = [o["value"] for o in s.pending["options"]]
    assert s.pending["kind"] == "number" and options == ["1", "2"]    # not 5 (Gandalf), not 0
    s.choose("how much do you pay", "2")
    s.choose("Stand and Fight: which ally?", "Veteran Axehand")
    assert s.where("Veteran Axehand") == "p1.play" and s.where("Gondorian Spearman") == "p2.discard"
    assert len(s.game.state.zones["p2.discard"].cards) == 4
    s.finish()


@pytest.mark.card("01051")  # Stand and Fight
def test_stand_and_fight_is_not_playable_with_no_ally_it_could_bring_back():
    s = Story(window("spirit", ["Stand and Fight"], seats=[
        seat(heroes=rich("spirit", n=6), hand=["Stand and Fight"], allies=["Henamarth Riversong"],
             discard=["Henamarth Riversong", "Gandalf"])]))
    assert not s.offered("Play Stand and Fight")


@pytest.mark.card("01052")  # A Light in the Dark
def test_a_light_in_the_dark_returns_an_enemy_to_the_staging_area():
    s = Story(window("spirit", ["A Light in the Dark"], seats=[
        seat(heroes=rich("spirit"), hand=["A Light in the Dark"], engaged=["Hill Troll"])],
        scenario="journey-down-the-anduin"))
    play(s, "A Light in the Dark")
    assert s.where("Hill Troll") == "staging"
    s.finish()


@pytest.mark.card("01053")  # Dwarven Tomb
def test_dwarven_tomb_returns_a_spirit_card():
    s = Story(window("spirit", ["Dwarven Tomb"], seats=[
        seat(heroes=rich("spirit"), hand=["Dwarven Tomb"], discard=["Hasty Stroke", "Feint"])]))
    play(s, "Dwarven Tomb")       # Hasty Stroke is the only other Spirit card there
    assert s.where("Hasty Stroke") == "p1.hand"
    s.finish()


@pytest.mark.card("01054")  # Fortune or Fate
def test_fortune_or_fate_brings_a_dead_hero_back():
    s = Story(window("spirit", ["Fortune or Fate"], seats=[
        seat(heroes=rich("spirit"), hand=["Fortune or Fate"]), seat("Kris", 30, ["Legolas"], discard=["Gimli"])]))
    s.choose("Tom: take an action", "Play Fortune or Fate")
    assert s.where("Gimli") == "p2.play" and not s.card("Gimli")["exhausted"]
    s.finish()


@pytest.mark.card("01063")  # Lore of Imladris
def test_lore_of_imladris_heals_all():
    s = play(Story(window("lore", ["Lore of Imladris"], extra_heroes=[{"card": "Gimli", "damage": 4}])),
             "Lore of Imladris")
    assert s.card("Gimli")["tokens"] == {}
    s.finish()


@pytest.mark.card("01064")  # Lórien's Wealth
def test_loriens_wealth_draws_three():
    s = play(Story(window("lore", ["Lórien's Wealth"], seats=[seat(
        heroes=rich("lore"), hand=["Lórien's Wealth"], deck=["Feint", "Feint", "Feint", "Feint"])])), "Lórien's Wealth")
    assert len(s.game.state.zones["p1.hand"].cards) == 3
    s.finish()


@pytest.mark.card("01065", "01066")  # Radagast's Cunning, Secret Paths
def test_radagasts_cunning_and_secret_paths_take_threat_out_of_the_quest():
    s = Story({"step": "quest.actions_staging", "staging": ["Hill Troll", "Gladden Fields"],
               "scenario": "journey-down-the-anduin", "seats": [seat(
                   heroes=rich("lore", "Éowyn"), hand=["Radagast's Cunning", "Secret Paths"],
                   committed=["Éowyn"])]})
    s.choose("take an action", "Play Radagast's Cunning")
    s.choose("take an action", "Play Secret Paths")      # then nothing is left to do: it closes
    assert "Quest: 4 willpower against 0 threat: 4 progress." in s.text
    s.finish()


@pytest.mark.card("01067")  # Gandalf's Search
def test_gandalfs_search_takes_one_of_the_top_x_cards():
    s = Story(window("lore", ["Gandalf's Search"], seats=[seat(
        heroes=rich("lore"), hand=["Gandalf's Search"], deck=["Feint", "Gandalf", "Beorn", "Gléowine"])]))
    s.choose("take an action", "Play Gandalf's Search")
    s.choose("how much do you pay", "3")
    s.choose("which card goes to Tom's hand", "Gandalf")
    s.choose("which card goes back on top first", "Beorn")
    deck = s.game.state.zones["p1.deck"].cards
    assert [s.card(c)["name"] for c in reversed(deck)] == ["Beorn", "Feint", "Gléowine"]
    s.finish()


@pytest.mark.card("01068")  # Beorn's Hospitality
def test_beorns_hospitality_heals_a_players_heroes():
    s = play(Story(window("lore", ["Beorn's Hospitality"], extra_heroes=[{"card": "Gimli", "damage": 2}])),
             "Beorn's Hospitality")
    assert s.card("Gimli")["tokens"] == {}
    s.finish()
