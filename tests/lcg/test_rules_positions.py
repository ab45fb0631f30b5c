"""Positions and answers as a player writes them: card names without their exact
punctuation or with the usual spelling of a misspelt card, a number answered as a
number, a position that starts in the middle of a phase."""
import pytest

from tabletop.games.lcg import api
from tests.lcg.story import Story


def seat(name="Tom", threat=25, heroes=(), **more):
    return {"name": name, "threat": threat, "heroes": list(heroes), "deck": [], **more}


def test_names_match_without_their_punctuation_or_printed_misspelling():
    g = api.load_position({"scenario": "passage-through-mirkwood",
                           "quest": {"card": "Don't Leave the Path"},
                           "step": "resource.actions", "encounter_deck": [],
                           "staging": ["Chieftain Ufthak", "Ungoliants Spawn"],
                           "seats": [seat(heroes=["Theodred"], hand=["Galadhrims Greeting"])]})
    assert api.derived(g)["quest"] == "Don't Leave the Path!"
    assert api.find(g, "Chieftain Ufthak") == api.find(g, "Chieftan Ufthak") != []
    assert api.find(g, "Don't Leave the Path") == api.find(g, "Don't Leave the Path!") != []
    assert api.find(g, "ungoliants spawn", "staging")
    assert api.find(g, "The Galadhrim's Greeting", "p1.hand") == api.find(g, "Galadhrims Greeting")


@pytest.mark.card("01067")  # Gandalf's Search
def test_a_number_choice_is_answered_with_a_number_as_by_choose():
    g = api.load_position({"step": "resource.actions", "encounter_deck": [],
                           "seats": [seat(heroes=[{"card": "Beravor", "resources": 3}],
                                          hand=["Gandalf's Search"],
                                          deck=["Feint", "Gandalf", "Beorn"])]})
    assert api.choose(g, "Play Gandalf's Search").ok
    p = api.pending(g)
    assert p["kind"] == "number"
    assert api.answer(g, 2).ok                              # as api.choose(g, "2")
    assert api.card(g, api.find(g, "Beravor")[0])["tokens"]["resource"] == 1
    assert "which card goes to Tom's hand" in api.pending(g)["prompt"]


@pytest.mark.card("01080")  # Caught in a Web
def test_a_position_at_refresh_ready_still_offers_caught_in_a_webs_payment():
    s = Story({"step": "refresh.ready", "encounter_deck": [],
               "seats": [seat(heroes=[{"card": "Beravor", "resources": 2, "exhausted": True,
                                       "attachments": ["Caught in a Web"]}])]})
    s.choose("pay 2 resources from Beravor", "Pay 2 resources")
    assert "Tom pays 2 resources from Beravor for Caught in a Web." in s.text
    assert s.card("Beravor")["exhausted"] is False
    s.finish()
