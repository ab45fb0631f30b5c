"""The FAQ's rulings (1.00-1.47) that concern the round and the player cards, as stories."""
import pytest

from tabletop.games.lcg import api
from tests.lcg.story import Story


def seat(name="Tom", threat=25, heroes=(), **more):
    return {"name": name, "threat": threat, "heroes": list(heroes), "deck": [], **more}


def test_1_01_keywords_resolve_on_every_reveal_including_setup():
    """Doomed, Surge and Guarded resolve whenever a card is revealed, setup included."""
    for seed in range(1, 30):
        g = api.new_game("journey-down-the-anduin", players=1, seed=seed)
        api.choose(g, "keep")
        text = "\n".join(e.text for e in g.log)
        if "Surge:" in text.split("Stage 1")[1].split("Resource phase")[0]:
            return
    raise AssertionError("no setup reveal with Surge in 30 seeds")


@pytest.mark.card("01023", "01031")  # Sneak Attack, Beorn
def test_1_02_the_first_player_orders_effects_that_end_together_sneak_attack_and_beorn():
    s = Story({"step": "combat.actions", "encounter_deck": [], "seats": [seat(
        heroes=[{"card": "Aragorn", "resources": 2}], hand=["Sneak Attack", "Beorn"],
        engaged=["King Spider"])]})
    s.choose("take an action", "Play Sneak Attack")          # Beorn is the only ally in hand
    s.choose("take an action", "Beorn:")
    s.choose("declare a defender", "Aragorn")
    s.choose("attack an enemy", "King Spider")
    s.choose("declare attackers", "Beorn")
    s.choose("which resolves first", "Beorn shuffles")       # the first player decides
    assert s.where("Beorn") in ("p1.deck", "p1.hand") and "returns to Tom's hand" not in s.text
    s.finish()


@pytest.mark.card("01038")  # Stand Together
def test_1_04_several_defenders_one_takes_all_the_damage():
    s = Story({"step": "combat.actions", "encounter_deck": [], "seats": [seat(
        heroes=[{"card": "Legolas", "resources": 1}, "Gimli"], hand=["Stand Together"],
        engaged=["Ungoliant's Spawn"])]})
    s.choose("take an action", "Play Stand Together")
    s.choose("declare a defender", "Legolas")
    s.choose("declare a defender", "Gimli")
    s.choose("which defender takes 2 damage", "Gimli")     # all of it on one defender
    assert s.card("Gimli")["tokens"].get("damage") == 2 and "damage" not in s.card("Legolas")["tokens"]
    s.finish()


def test_1_05_removing_progress_from_the_quest_never_touches_the_active_location():
    from tabletop.games.lcg import CARDS
    from tabletop.games.lcg.engine.context import Ctx
    from tabletop.games.lcg.engine.language import MACHINE
    from tabletop.games.lcg.engine.state import Working
    from tabletop.core.tx import Tx
    import random
    g = api.load_position({"rules": "sandbox", "quest": {"stage": 1, "progress": 3},
                           "active_location": {"card": "Forest Gate", "progress": 2},
                           "seats": [seat(heroes=["Aragorn"])]})
    w = Working(g.state)
    ctx = Ctx(g.state, Tx(g.state), random.Random(1), g.rules.db, w.data, CARDS)
    ctx.push({"op": "remove_progress", "n": 2})
    MACHINE.run(ctx)
    assert api.card(g, api.find(g, "Forest Gate")[0])["tokens"]["progress"] == 2
    assert api.derived(g)["quest_progress"] == 1


@pytest.mark.card("01002")  # Théodred
def test_1_08_a_response_once_per_trigger_theodred():
    s = Story({"step": "quest.commit", "encounter_deck": ["Old Forest Road"],
               "seats": [seat(heroes=["Théodred", "Aragorn"])]})
    s.choose("commit characters", "Théodred")
    s.choose("commit characters", "Done committing")
    s.choose("respond?", "Théodred")       # Théodred, the only committed hero, gains 1
    # no second Théodred response for the same commitment
    assert "respond?" not in s.pending["prompt"]
    s.finish()


def test_1_09_forced_effects_before_responses():
    """Forced effects of a game event resolve before the Responses are offered."""
    s = Story({"step": "combat.enemy_attacks", "encounter_deck": [], "seats": [seat(
        heroes=["Glóin", "Aragorn"], allies=["Guard of the Citadel"],
        engaged=["Forest Spider"])]})
    s.choose("declare a defender", "Glóin")
    assert s.pending["prompt"] == "Tom: respond?"


def test_1_11_one_attack_per_enemy_per_player():
    s = Story({"step": "combat.player_attacks", "seats": [seat(
        heroes=["Legolas", "Gimli", "Thalin"], engaged=["Hill Troll"])], "scenario": "journey-down-the-anduin"})
    s.choose("attack an enemy", "Hill Troll")
    s.choose("declare attackers", "Legolas")
    s.choose("declare attackers", "Attack now")
    assert not s.offered("Attack Hill Troll")
    s.finish()


@pytest.mark.card("01026")  # Steward of Gondor
def test_1_12_attachments_exhaust_apart_from_their_host():
    s = Story({"step": "resource.actions", "seats": [seat(heroes=[
        {"card": "Glóin", "attachments": ["Steward of Gondor"]}])]})
    s.choose("take an action", "Steward of Gondor")
    assert s.card("Steward of Gondor")["exhausted"] and not s.card("Glóin")["exhausted"]


@pytest.mark.card("01069")  # Forest Snare
def test_1_14_cannot_is_absolute_forest_snare_against_a_ready_attack():
    s = Story({"step": "combat.enemy_attacks", "encounter_deck": [], "seats": [seat(
        heroes=["Aragorn"], engaged=[{"card": "King Spider", "attachments": ["Forest Snare"]}])]})
    assert "King Spider attacks" not in s.text


@pytest.mark.card("01123")  # The Necromancer's Tower
def test_1_16_put_into_play_is_not_played_and_does_not_count_for_the_ally_limit():
    s = Story({"step": "planning.play", "scenario": "escape-from-dol-guldur", "quest": 1,
               "staging": ["Tower Gate"],               # a location for the Scout's Response
               "seats": [seat(heroes=[{"card": "Aragorn", "resources": 9}],
                              hand=["Guard of the Citadel", "Snowbourn Scout", "Sneak Attack"])]})
    s.choose("play allies", "Play Guard of the Citadel")
    assert not s.offered("Play Snowbourn Scout")              # one ally per round (1B)
    s.choose("play allies", "Play Sneak Attack")               # put into play: allowed
    assert s.where("Snowbourn Scout") == "p1.play"


@pytest.mark.card("01045")  # Northern Tracker
def test_1_18_a_location_is_explored_at_once_even_in_the_staging_area():
    s = Story({"step": "quest.commit", "encounter_deck": ["King Spider"],
               "staging": [{"card": "Old Forest Road", "progress": 2}],
               "seats": [seat(heroes=["Aragorn"], allies=["Northern Tracker"])]})
    s.choose("commit characters", "Northern Tracker")
    s.choose("commit characters", "Done committing")
    s.choose("respond?", "Northern Tracker")
    assert s.where("Old Forest Road") == "encounter.discard"


def test_1_20_engaged_enemies_do_not_add_their_threat():
    g = api.load_position({"rules": "sandbox", "staging": ["Forest Spider"],
                           "seats": [seat(heroes=["Aragorn"], engaged=["King Spider"])]})
    assert api.derived(g)["staging_threat"] == 2


def test_1_22_added_cards_are_not_revealed():
    """Don't Leave the Path: the Spiders added to the staging area do not resolve
    their When Revealed effects nor Thalin's damage."""
    s = Story({"step": "quest.resolve", "quest": {"stage": 2, "progress": 1},
               "encounter_deck": ["King Spider", "Forest Spider", "Hummerhorns"],
               "seats": [seat(heroes=["Thalin", "Éowyn"], committed=["Thalin", "Éowyn"])]})
    if s.derived["quest"] == "Don't Leave the Path!":
        s.choose("Spider card", "King Spider")
        assert s.card("King Spider")["tokens"] == {}
    assert "Revealed King Spider" not in s.text


def test_1_24_quest_success_effects_before_progress():
    import tabletop.games.lcg.engine.round as R
    assert "quest_success" in open(R.__file__, encoding="utf-8").read()
    g = api.load_position({"step": "quest.resolve", "encounter_deck": [],
                           "seats": [seat(heroes=["Éowyn"], committed=["Éowyn"])]})
    text = g.log[-1].text
    assert text.index("Quest: 4 willpower") < text.index("progress on the quest")


def test_1_30_the_first_player_token_passes_when_the_first_player_is_eliminated():
    g = api.load_position({"step": "refresh.threat", "first_player": 0,
                           "seats": [seat("Tom", 49, ["Aragorn"]), seat("Kris", 30, ["Legolas"]),
                                     seat("Ann", 30, ["Gimli"])]})
    # Tom out; the token went to Kris, then the refresh phase passed it on to Ann
    assert api.derived(g)["eliminated"] == [0] and api.derived(g)["first_player"] == 2


def test_1_38_an_attachment_on_another_players_hero_is_controlled_by_that_player():
    s = Story({"step": "planning.play", "seats": [
        seat(heroes=[{"card": "Beravor", "resources": 3}], hand=["Self Preservation"]),
        seat("Kris", 30, [{"card": "Gimli", "damage": 3}])]})
    s.choose("Tom: play allies", "Self Preservation")
    s.choose("attach Self Preservation to which card", "Gimli")
    assert s.card("Self Preservation")["controller"] == 1


def test_1_43_no_value_below_zero():
    g = api.load_position({"rules": "sandbox", "seats": [seat(heroes=[
        {"card": "Éowyn", "attachments": ["Dark Knowledge"], "tokens": {"willpower": -9}}])]})
    assert api.card(g, api.find(g, "Éowyn")[0])["willpower"] == 0
