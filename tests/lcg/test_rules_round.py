"""The round's action windows and the commitment, as the rulebook's round sequence and
the FAQ give them."""
import pytest

from tests.lcg.story import Story


def seat(name="Tom", threat=25, heroes=(), **more):
    return {"name": name, "threat": threat, "heroes": list(heroes), "deck": [], **more}


def test_an_action_window_between_optional_engagement_and_the_engagement_checks():
    """Rulebook, Round sequence: encounter phase: optional engagement, player actions,
    engagement checks, player actions."""
    s = Story({"step": "encounter.optional", "encounter_deck": [], "staging": ["Forest Spider"],
               "seats": [seat(threat=20, heroes=[{"card": "Glorfindel", "resources": 1},
                                                 {"card": "Gimli", "damage": 1}])]})
    s.choose("engage an enemy", "Engage none")
    assert s.derived["step"] == "encounter.actions_optional"
    s.choose("take an action", "Glorfindel")
    assert s.card("Gimli")["tokens"].get("damage", 0) == 0
    s.finish()


def test_every_player_may_act_after_each_players_planning():
    """Rulebook, Round sequence: the first player plays allies and attachments, player
    actions, the next player plays..., player actions."""
    s = Story({"step": "planning.play", "encounter_deck": [],
               "seats": [seat("Tom", heroes=[{"card": "Aragorn", "resources": 2}],
                              hand=["Guard of the Citadel"]),
                         seat("Kris", heroes=[{"card": "Glorfindel", "resources": 2},
                                              {"card": "Gimli", "damage": 2}], hand=["Henamarth Riversong"])]})
    s.choose("Tom: play allies and attachments", "Done planning")
    s.choose("Tom: take an action", "pass")               # the window after Tom's planning
    s.choose("Kris: take an action", "Glorfindel")         # Kris acts before his own planning
    assert s.card("Gimli")["tokens"]["damage"] == 1
    s.pass_until("Kris: play allies and attachments")
    s.finish()


def test_an_action_window_at_the_beginning_of_the_quest_phase():
    """FAQ, errata to the rulebook's page 14: players may act at the beginning and end of
    each step of the quest phase, so before committing too."""
    s = Story({"step": "planning.end", "encounter_deck": ["Old Forest Road"],
               "seats": [seat(heroes=[{"card": "Glorfindel", "resources": 1},
                                      {"card": "Gimli", "damage": 1}])]})
    assert s.derived["step"] == "quest.begin"
    s.choose("take an action", "Glorfindel")
    s.choose("commit characters", "Gimli")
    s.finish()


@pytest.mark.card("01002")  # Théodred
def test_a_player_commits_at_once_then_responds_theodred_may_choose_a_hero_committed_after_him():
    """FAQ: a player commits all their characters at once; the responses to committing
    follow.  Théodred, committed before Aragorn, may give Aragorn the resource."""
    s = Story({"step": "quest.commit", "encounter_deck": ["Old Forest Road"],
               "seats": [seat(heroes=["Théodred", "Aragorn"])]})
    s.choose("commit characters", "Théodred")
    s.choose("commit characters", "Aragorn")          # the last one: the commitment is done
    s.choose("respond?", "Théodred")
    s.choose("Théodred: which committed hero", "Aragorn")
    assert s.card("Aragorn")["tokens"].get("resource") == 1
    s.finish()
