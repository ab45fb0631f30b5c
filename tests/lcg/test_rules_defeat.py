"""Destruction and the end of the game.

A character or enemy is destroyed as soon as its damage reaches its hit points,
whatever changed: damage dealt, damage put on it, or its hit points going down (an
attachment that gave hit points leaves play; the players hand the table back after
changing it by hand).  Each scenario's own ways to win and lose, from its quest cards
and the FAQ, for every number of players."""
import pytest

from tabletop.core import commands as C
import tabletop.games.lcg.commands as LC
from tabletop.games.lcg import api
from tests.lcg.story import Story

ESCAPE = "escape-from-dol-guldur"


def seat(name="Tom", threat=25, heroes=(), **more):
    return {"name": name, "threat": threat, "heroes": list(heroes), "deck": [], **more}


@pytest.mark.card("01040")  # Citadel Plate
def test_losing_citadel_plate_destroys_a_hero_with_more_damage_than_his_own_hit_points():
    """Aragorn (5 hit points) holds 6 damage thanks to Citadel Plate (+4); Forest Spider's
    shadow makes Tom discard his only attachment: Aragorn is destroyed at once."""
    s = Story({"step": "combat.enemy_attacks", "encounter_deck": [],
               "seats": [seat(heroes=[{"card": "Aragorn", "damage": 6, "attachments": ["Citadel Plate"]},
                                      "Gimli"],
                              engaged=[{"card": "Wargs", "shadow": ["Forest Spider"]}])]})
    assert s.card("Aragorn")["hitpoints"] == 9
    s.choose("declare a defender against Wargs", "Gimli")
    assert s.where("Citadel Plate") == "p1.discard"
    assert s.where("Aragorn") == "p1.discard" and "Aragorn is destroyed." in s.text
    s.finish()


def test_damage_put_on_by_hand_destroys_when_the_table_is_given_back():
    g = api.load_position({"step": "resource.actions", "encounter_deck": [],
                           "seats": [seat(heroes=["Aragorn", "Gimli"], hand=["Feint"],
                                          deck=["Feint"])]})
    gimli = api.find(g, "Gimli")[0]
    assert g.submit(LC.FreeHands(0, True)).ok
    assert g.submit(C.Tokens(seat=0, card_id=gimli, token="damage", delta=5)).ok
    assert api.card(g, gimli)["area"] == "p1.play"              # the players' table: no rules
    assert g.submit(LC.FreeHands(0, False)).ok
    assert api.card(g, gimli)["area"] == "p1.discard"
    assert "Gimli is destroyed." in g.log[-1].text


@pytest.mark.card("01123")  # The Necromancer's Tower
def test_escape_the_prisoners_player_eliminated_loses_the_game_for_everyone():
    """FAQ (Escape from Dol Guldur): a player whose heroes but the prisoner are all
    destroyed is eliminated, and the players, as a group, have lost: with two players
    too, though the other player is still in the game."""
    s = Story({"step": "combat.enemy_attacks", "scenario": ESCAPE, "encounter_deck": [],
               "seats": [seat("Tom", heroes=[{"card": "Aragorn", "prisoner": True},
                                             {"card": "Gimli", "exhausted": True, "damage": 3}],
                              engaged=["Dol Guldur Orcs"]),
                         seat("Kris", heroes=["Legolas"])]})
    assert s.derived["outcome"] == "lost"
    assert "Tom is eliminated." in s.text and "can never be rescued" in s.text
    assert s.derived["eliminated"] == [0]


def test_escape_a_player_without_the_prisoner_eliminated_the_game_goes_on():
    s = Story({"step": "combat.enemy_attacks", "scenario": ESCAPE, "encounter_deck": [],
               "seats": [seat("Tom", heroes=[{"card": "Gimli", "exhausted": True, "damage": 3}],
                              engaged=["Dol Guldur Orcs"]),
                         seat("Kris", heroes=[{"card": "Aragorn", "prisoner": True}, "Legolas"])]})
    assert "Tom is eliminated." in s.text
    assert s.derived["outcome"] is None and s.derived["eliminated"] == [0]
