"""Unique cards and choices that can change the game.

"Put into play" is bound by uniqueness like playing (rulebook, Unique cards): a
unique card whose title is in play cannot enter play.  An effect that cannot
change the game state cannot be started, and a choice offers only what can
change it (Rules Reference: an ability's effect must have the potential to change
the game state; costs do not count)."""
import pytest

from tests.lcg.story import Story


def seat(name="Tom", threat=25, heroes=(), **more):
    return {"name": name, "threat": threat, "heroes": list(heroes), "deck": [], **more}


def uses(s: Story) -> list[str]:
    """The abilities of cards in play offered now (their labels)."""
    p = s.pending
    return [o["label"] for o in p["options"] if str(o["value"]).startswith("use:")] if p else []


# ------------------------------------------------------------------ uniqueness
@pytest.mark.card("01023")  # Sneak Attack
def test_sneak_attack_cannot_put_a_second_gandalf_into_play():
    s = Story({"step": "resource.actions", "encounter_deck": [],
               "seats": [seat(heroes=[{"card": "Aragorn", "resources": 2}],
                              hand=["Sneak Attack", "Gandalf"]),
                         seat("Kris", heroes=["Legolas"], allies=["Gandalf"])]})
    assert not s.offered("Play Sneak Attack")            # its only ally's title is in play
    assert s.where("Gandalf") == "p1.hand"


@pytest.mark.card("01023")  # Sneak Attack
def test_sneak_attack_offers_only_allies_whose_title_is_not_in_play():
    s = Story({"step": "resource.actions", "encounter_deck": [],
               "seats": [seat(heroes=[{"card": "Aragorn", "resources": 2}],
                              hand=["Sneak Attack", "Gandalf", "Faramir"]),
                         seat("Kris", heroes=["Legolas"], allies=["Gandalf"])]})
    s.choose("take an action", "Play Sneak Attack")       # Faramir, the only one: no question
    assert s.where("Faramir") == "p1.play" and s.where("Gandalf") == "p1.hand"
    s.finish()


def test_put_into_play_refuses_a_unique_title_already_in_play():
    """The verb itself refuses it, whatever asks for it."""
    import random
    from tabletop.core.tx import Tx
    from tabletop.games.lcg import api
    from tabletop.games.lcg.engine import state as S
    from tabletop.games.lcg.engine.context import Ctx
    from tabletop.games.lcg.engine.language import MACHINE
    g = api.load_position({"step": "resource.actions", "encounter_deck": [],
                           "seats": [seat(heroes=["Aragorn"], allies=["Beorn"], discard=["Beorn"])]})
    beorn = api.find(g, "Beorn", "p1.discard")[0]
    state = g.state
    E = S.Working(state).data
    E["stack"], E["choice"] = [{"op": "put_into_play", "card": beorn, "seat": 0}], None
    ctx = Ctx(state, Tx(state), random.Random(1), None, E, g.rules.cards)
    MACHINE.run(ctx)
    assert "cannot be put into play" in "\n".join(ctx.lines)
    assert state.cards[beorn].zone == "p1.discard"


# ------------------------------------------------------------------ choices
@pytest.mark.card("01035")  # Quick Strike
def test_quick_strike_is_not_offered_when_no_character_has_an_enemy_to_attack():
    """Gimli cannot attack an enemy in the staging area, nor one engaged with another
    player (he has no Ranged): Quick Strike could change nothing."""
    s = Story({"step": "resource.actions", "encounter_deck": [], "staging": ["Forest Spider"],
               "seats": [seat(heroes=[{"card": "Gimli", "resources": 1}], hand=["Quick Strike"]),
                         seat("Kris", heroes=["Aragorn"], engaged=["King Spider"])]})
    assert not s.offered("Play Quick Strike")
    assert s.card("Gimli")["exhausted"] is False


@pytest.mark.card("01035")  # Quick Strike
def test_quick_strike_offers_only_characters_with_an_enemy_to_attack():
    """Gimli has no enemy he may attack; Legolas (Ranged) may attack Kris's enemy."""
    s = Story({"step": "resource.actions", "encounter_deck": [], "staging": ["Forest Spider"],
               "seats": [seat(heroes=[{"card": "Gimli", "resources": 1}, "Legolas"],
                              hand=["Quick Strike"]),
                         seat("Kris", heroes=["Aragorn"], engaged=["King Spider"])]})
    s.choose("take an action", "Play Quick Strike")      # Legolas: the only one, no question
    assert s.card("Gimli")["exhausted"] is False and s.card("Legolas")["exhausted"] is True
    assert "Legolas attack King Spider: 3 attack - 1 defense = 2 damage." in s.text
    s.finish()


@pytest.mark.card("01012")  # Beravor
def test_beravor_is_not_offered_when_no_player_could_draw():
    s = Story({"step": "resource.actions", "encounter_deck": [],
               "seats": [seat(heroes=["Beravor"], hand=["Feint"])]})      # an empty deck
    assert not [u for u in uses(s) if u.startswith("Beravor")]


@pytest.mark.card("01012")  # Beravor
def test_beravor_offers_only_players_who_could_draw():
    s = Story({"step": "resource.actions", "encounter_deck": [],
               "seats": [seat(heroes=["Beravor"], hand=["Feint"]),
                         seat("Kris", heroes=["Legolas"], deck=["Gandalf", "Feint"])]})
    s.choose("take an action", "Beravor")                 # Kris, the only one who can draw
    assert s.where("Gandalf") == "p2.hand" and s.card("Beravor")["exhausted"] is True
    s.finish()


@pytest.mark.card("01073")  # Gandalf
def test_gandalf_offers_only_the_modes_that_can_change_the_game():
    """No enemy in play and an empty deck: only the threat reduction is offered."""
    s = Story({"step": "planning.play", "encounter_deck": [],
               "seats": [seat(threat=30, heroes=[{"card": "Aragorn", "resources": 5}], hand=["Gandalf"])]})
    s.choose("play allies", "Gandalf")
    s.choose("respond?", "Gandalf")
    labels = [o["label"] for o in s.pending["options"]]
    assert labels == ["Reduce your threat by 5"]
    s.choose("Gandalf: choose one", "Reduce your threat by 5")
    assert s.derived["threat"] == [25]
    s.finish()


@pytest.mark.card("01015")  # Son of Arnor
def test_son_of_arnor_offers_no_response_without_an_enemy_to_engage():
    s = Story({"step": "planning.play", "encounter_deck": [],
               "seats": [seat(heroes=[{"card": "Aragorn", "resources": 3}], hand=["Son of Arnor"],
                              engaged=["Forest Spider"])]})
    s.choose("play allies", "Son of Arnor")
    assert s.where("Son of Arnor") == "p1.play"
    assert not s.pending or "respond" not in s.pending["prompt"]


@pytest.mark.card("01046")  # The Galadhrim's Greeting
def test_the_galadhrims_greeting_is_not_played_when_nobody_has_threat():
    s = Story({"step": "resource.actions", "encounter_deck": [],
               "seats": [seat(threat=0, heroes=[{"card": "Éowyn", "resources": 3}],
                              hand=["The Galadhrim's Greeting"])]})
    assert not s.offered("Play The Galadhrim's Greeting")


@pytest.mark.card("01025")  # Grim Resolve
def test_grim_resolve_is_not_played_when_nothing_is_exhausted():
    s = Story({"step": "resource.actions", "encounter_deck": [],
               "seats": [seat(heroes=[{"card": "Aragorn", "resources": 5}], hand=["Grim Resolve"])]})
    assert not s.offered("Play Grim Resolve")


@pytest.mark.card("01036")  # Thicket of Spears
def test_thicket_of_spears_offers_only_players_with_engaged_enemies():
    s = Story({"step": "combat.actions", "encounter_deck": [],
               "seats": [seat(heroes=[{"card": "Legolas", "resources": 1}, {"card": "Gimli", "resources": 1},
                                      {"card": "Thalin", "resources": 1}], hand=["Thicket of Spears"]),
                         seat("Kris", heroes=["Aragorn"], engaged=["Forest Spider"])]})
    s.choose("take an action", "Play Thicket of Spears")   # Kris: the only one, no question
    assert "The enemies engaged with Kris cannot attack them this phase." in s.text
    assert "Forest Spider attacks" not in s.text
    s.finish()


@pytest.mark.card("01060")  # Henamarth Riversong
def test_henamarth_cannot_look_at_an_empty_encounter_deck():
    s = Story({"step": "resource.actions", "encounter_deck": [],
               "seats": [seat(heroes=["Aragorn"], allies=["Henamarth Riversong"], hand=["Feint"])]})
    assert not [u for u in uses(s) if u.startswith("Henamarth")]


@pytest.mark.card("01100")  # Forest Gate
def test_forest_gate_offers_no_response_when_the_first_player_cannot_draw():
    s = Story({"step": "travel.travel", "staging": ["Forest Gate"], "encounter_deck": [],
               "seats": [seat(heroes=["Aragorn"])]})             # an empty deck
    s.choose("travel to a location", "Forest Gate")
    assert s.where("Forest Gate") == "active"
    assert not s.pending or "respond" not in s.pending["prompt"]


@pytest.mark.card("01065")  # Radagast's Cunning
def test_radagasts_cunning_is_not_played_twice_on_the_same_enemy():
    s = Story({"step": "quest.actions_staging", "staging": ["Forest Spider"], "encounter_deck": [],
               "seats": [seat(heroes=[{"card": "Beravor", "resources": 2}, "Aragorn"],
                              hand=["Radagast's Cunning", "Radagast's Cunning"],
                              committed=["Aragorn"])]})
    s.choose("take an action", "Play Radagast's Cunning")
    # the second copy is not offered (the Spider's threat already does not count): the
    # window closes by itself and the quest resolves against 0 threat
    assert "Quest: 2 willpower against 0 threat: 2 progress." in s.text
    assert len(s.game.state.zones["p1.hand"].cards) == 1
