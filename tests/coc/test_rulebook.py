"""The rulebook's rules and worked examples, as stories: set up, act, check."""
from __future__ import annotations

import pytest

from tabletop.games.coc import commands as C
from tabletop.games.coc.board import ERASED, MARKED
from tabletop.games.coc.layout import die_space
from tabletop.games.coc.scoring import result, seat_score
import tabletop.games.coc.slot as S

from tests.coc.helpers import (D, force, game, marks, ok, ready_character, refused, sec,
                               set_marks, slot)


# ---------------------------------------------------------------------------- setup
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_follows_the_rulebook(players):
    s = game(players)
    st = s.state
    g = slot(s)
    assert g["step"] == "roll" and g["gollum"] == 0 and D.gollum_track[0][0]   # the arrow space
    assert [d.kind for d in sorted(st.dice.values(), key=lambda d: d.id)] == list(D.dice_spaces)
    for i, d in enumerate(sorted(st.dice.values(), key=lambda d: d.id)):
        assert (d.x, d.y) == die_space(i, len(D.dice_spaces))
    assert 0 <= st.first_player < players
    for seat in range(players):
        fel = sec(s, seat)["fellowship"]
        assert fel["at"] == "shire" and fel["visited"] == ["shire"]      # the X in the Shire
        assert all(not any(m) for m in sec(s, seat)["fp"]["tracks"].values())
        board = g["boards"][S.bkey(seat)]
        assert board["fp"] == seat and board["sh"] == (seat + 1) % players   # left neighbour
        for b in board["battles"].values():
            assert b["engage"][0] == MARKED and not any(b["march"])
    assert len(g["boards"]) == players          # two players: two boards between them


def test_seats_face_their_neighbours():
    s = game(3)
    assert S.fp_enemy(s.state, 0) == 1 and S.shadow_enemy(s.state, 0) == 2
    assert S.board_key(s.state, 0, "fp") == "b1" and S.board_key(s.state, 0, "sh") == "b3"


# --------------------------------------------------------------------- marking boxes
def icons_step(s, fp=(), sh=()):
    """Round step 4 with these icons in seat 0's pools."""
    force(s, step="icons")
    for seat in range(len(s.state.seats)):
        slot(s)["seats"][S.pkey(seat)]["ready"] = seat != 0
    sec(s, 0)["fp"]["pool"] = list(fp)
    sec(s, 0)["sh"]["pool"] = list(sh)


def test_tracks_are_marked_in_order():
    s = game()
    icons_step(s, fp=["boot"])
    why = refused(s, C.Mark(0, "fp", "resolve", 2))
    assert "in order" in why and "box 1" in why
    ok(s, C.Mark(0, "fp", "resolve", 0))
    assert marks(s, 0, "fp", "resolve")[:2] == [MARKED, 0]


def test_example_3_a_marked_box_gives_its_icon_for_the_same_half():
    s = game()
    icons_step(s, sh=["boot"])
    assert D.sh.tracks["hunt"].boxes[0].gain == ("boot",)          # rulebook example 3
    ok(s, C.Mark(0, "sh", "hunt", 0))
    assert sec(s, 0)["sh"]["pool"] == ["boot"]
    assert "no icon" in refused(s, C.Mark(0, "fp", "resolve", 0))  # not on the other half
    ok(s, C.Mark(0, "sh", "hunt", 1))                              # but on the next hunt box
    assert marks(s, 0, "sh", "hunt")[:2] == [MARKED, MARKED]


def test_wildcards_time_and_army():
    s = game()
    icons_step(s, fp=["time", "army"])
    ok(s, C.Mark(0, "fp", "resolve", 0, "time"))                   # Time as a Boot
    ok(s, C.Mark(0, "fp", "cta_gondor", 0, "army"))                # Army as a Horn
    assert "no icon" in refused(s, C.Mark(0, "fp", "gondor_soldiers", 0, "time"))


def test_every_icon_must_be_used_before_closing_the_board():
    s = game()
    icons_step(s, fp=["sword"])
    assert "must be used" in refused(s, C.Done(0))
    ok(s, C.Mark(0, "fp", "gondor_soldiers", 0))
    ok(s, C.Done(0))
    assert sec(s, 0)["fp"]["pool"] == []


def test_circles_are_erased_from_the_right_and_marked_again_with_their_icons():
    s = game()
    icons_step(s)
    set_marks(s, 0, "fp", "resolve", 4)
    ok(s, C.Move(0, "bree"))                                       # Bree costs 3 resolve
    assert marks(s, 0, "fp", "resolve")[:5] == [MARKED, ERASED, ERASED, ERASED, 0]
    sec(s, 0)["fp"]["pool"] = ["boot", "boot"]
    ok(s, C.Mark(0, "fp", "resolve", 1))                           # the erased box is next
    ok(s, C.Mark(0, "fp", "resolve", 2))
    assert D.fp.tracks["resolve"].boxes[2].gain[0] in sec(s, 0)["fp"]["pool"]   # gained again


def test_squares_are_never_erased_and_arcs_are_ticked_once():
    s = game()
    icons_step(s)
    ready_character(s, 0, "sh", "palantir")
    ok(s, C.Use(0, "palantir"))
    assert all(m == MARKED for m in marks(s, 0, "sh", "hunt"))     # every hunt box, no icons
    assert sec(s, 0)["sh"]["pool"] == []
    assert sec(s, 0)["sh"]["arcs"]["palantir"] == [1]
    assert "not ready" in refused(s, C.Use(0, "palantir"))


# ---------------------------------------------------------------- the Fellowship
def test_moving_the_fellowship():
    s = game()
    icons_step(s)
    set_marks(s, 0, "fp", "resolve", 2)
    assert "costs 3" in refused(s, C.Move(0, "bree"))
    assert "neighbouring" in refused(s, C.Move(0, "rivendell"))
    set_marks(s, 0, "fp", "resolve", 3)
    entry = ok(s, C.Move(0, "bree"))
    fel = sec(s, 0)["fellowship"]
    assert fel["at"] == "bree" and fel["lines"] == [["shire", "bree"]]
    assert list(D.locations["bree"].icons) == sec(s, 0)["fp"]["pool"]   # Bree's icon
    assert "Bree" not in entry.text                                     # a secret move
    set_marks(s, 0, "fp", "resolve", 8)
    assert "once a round" in refused(s, C.Move(0, "rivendell"))
    sec(s, 0)["fellowship"]["moves"] = 0
    assert "never returns" in refused(s, C.Move(0, "shire"))


def test_arwen_moves_again_and_galadriel_makes_shadow_lands_cheaper():
    s = game()
    icons_step(s)
    sec(s, 0)["fellowship"].update(at="fangorn", visited=["shire", "fangorn"])
    set_marks(s, 0, "fp", "resolve", 8)
    ready_character(s, 0, "fp", "arwen")
    ready_character(s, 0, "fp", "galadriel")
    ok(s, C.Move(0, "edoras"))
    ok(s, C.Move(0, "helms_deep"))                                      # Arwen's extra move
    assert sec(s, 0)["fp"]["used"] == ["arwen"]
    sec(s, 0)["fellowship"]["moves"] = 0
    sec(s, 0)["fp"]["used"] = []
    before = marks(s, 0, "fp", "resolve").count(MARKED)
    ok(s, C.Move(0, "isengard", galadriel=True))                        # 3 resolve -> 1
    assert marks(s, 0, "fp", "resolve").count(MARKED) == before - 1


# --------------------------------------------------------------------- Gollum
def first_roll_with_rings(players: int, rings: int):
    """A game whose first roll shows ``rings`` Rings (searching seeds, as a table would)."""
    for seed in range(1, 2000):
        s = game(players, seed)
        ok(s, C.Roll(s.state.first_player))
        shown = sum(D_icons(s, d).count("ring") for d in slot(s)["rolled"])
        if shown == rings:
            return s
    raise AssertionError("no such seed")


def D_icons(s, die_id):
    from tabletop.core.dice import die_type
    die = s.state.dice[die_id]
    return die_type(die.kind).icons[die.face]


def test_one_ring_moves_gollum_one_space_without_an_action():
    s = first_roll_with_rings(2, 1)
    assert slot(s)["gollum"] == 1 and slot(s)["step"] in ("assign", "icons")


def test_two_rings_reach_the_gollum_icon_and_everyone_chooses_in_secret():
    s = first_roll_with_rings(2, 2)
    assert slot(s)["gollum"] == 2 and D.gollum_track[2][1] and slot(s)["step"] == "gollum"
    first = s.state.first_player
    other = 1 - first
    e1 = ok(s, C.ChooseGollum(first, "gollum"))
    assert "Gollum" not in e1.text and "Sméagol" not in e1.text       # still secret
    sec(s, other)["fellowship"].update(at="bree", visited=["shire", "bree"])
    e2 = ok(s, C.ChooseGollum(other, "smeagol"))
    assert all(m == MARKED for m in marks(s, first, "sh", "hunt"))
    assert all(m == MARKED for m in marks(s, other, "fp", "resolve"))
    assert sec(s, first)["sh"]["pool"] == [] or slot(s)["step"] == "icons"   # no icons gained
    assert "Bree" in e2.text                                            # Gollum's prey tells
    assert slot(s)["seats"][S.pkey(other)]["known"][-1]["at"] == "bree"


def test_on_the_last_space_two_rings_make_one_action():
    last = len(D.gollum_track) - 1
    for seed in range(1, 3000):
        s = game(2, seed)
        slot(s)["gollum"] = last
        ok(s, C.Roll(s.state.first_player))
        if sum(D_icons(s, d).count("ring") for d in slot(s)["rolled"]) == 2:
            break
    assert slot(s)["gollum"] == last and slot(s)["step"] == "gollum"
    for seat in S.order_from_start(s.state):
        ok(s, C.ChooseGollum(seat, "smeagol"))
    assert slot(s)["step"] in ("assign", "icons")                       # one action, not two


# --------------------------------------------------------------------- assigning dice
def test_each_half_gets_one_middle_earth_die():
    for seed in range(1, 200):
        s = game(2, seed)
        ok(s, C.Roll(s.state.first_player))
        if slot(s)["step"] == "assign":
            break
    me = [d for d in sorted(s.state.dice.values(), key=lambda d: d.id) if d.kind == "coc_middle_earth"]
    seat = S.order_from_start(s.state)[0]
    e = ok(s, C.Assign(seat, 1))
    assert "secret" in e.text
    ok(s, C.Assign(1 - seat, 0))
    fp_icons = [i for i in D_icons(s, me[1].id) if i != "ring"]
    assert sec(s, seat)["fp"]["pool"][:len(fp_icons)] == fp_icons


# --------------------------------------------------------------------- revealed actions
def revealed(s, seat, step):
    force(s, step=step, turn=seat)


def test_recruiting_example():
    """Gondor activated, soldiers complete, catapult 2 of 4, army 3: recruit soldiers -> 5."""
    s = game()
    revealed(s, 0, "fp")
    board = slot(s)["boards"]["b1"]
    board["nations"]["gondor"] = 1
    board["battles"]["gondor_mordor"]["strength"]["fp"] = 3
    set_marks(s, 0, "fp", "gondor_soldiers", 3)
    set_marks(s, 0, "fp", "gondor_catapult", 2)
    assert D.fp.tracks["gondor_soldiers"].strength[1] == 2              # given by the example
    ok(s, C.Recruit(0, "fp", "gondor_soldiers", "gondor_mordor"))
    assert board["battles"]["gondor_mordor"]["strength"]["fp"] == 5
    assert marks(s, 0, "fp", "gondor_soldiers") == [ERASED] * 3
    assert marks(s, 0, "fp", "gondor_catapult")[:2] == [MARKED, MARKED]
    assert "all its boxes" in refused(s, C.Recruit(0, "fp", "gondor_catapult", "gondor_mordor"))
    set_marks(s, 0, "fp", "gondor_catapult", 4)
    assert "cannot join" in refused(s, C.Recruit(0, "fp", "gondor_catapult", "rohan_isengard"))


def test_elves_may_join_either_battle():
    s = game()
    revealed(s, 0, "fp")
    set_marks(s, 0, "fp", "elves_archers", 2)
    ok(s, C.Recruit(0, "fp", "elves_archers", "rohan_isengard"))


def test_march_and_engagement_are_shared_and_the_third_march_attacks():
    s = game(2)
    board = slot(s)["boards"]["b1"]                                     # seat 0 FP, seat 1 Shadow
    revealed(s, 1, "shadow")
    set_marks(s, 1, "sh", "march", 1)
    ok(s, C.March(1, "sh", "gondor_mordor"))
    assert "marked march" in refused(s, C.March(1, "sh", "gondor_mordor"))
    revealed(s, 0, "fp")
    set_marks(s, 0, "fp", "march", 1)
    ok(s, C.March(0, "fp", "gondor_mordor", engage=True))
    assert board["battles"]["gondor_mordor"]["engage"][:2] == [MARKED, MARKED]
    board["battles"]["gondor_mordor"]["march"] = [MARKED, MARKED, 0]
    set_marks(s, 0, "fp", "march", 1)
    ok(s, C.March(0, "fp", "gondor_mordor"))
    assert board["battles"]["gondor_mordor"]["attacker"] == "fp"


def test_call_to_arms_activates_with_two_icons_at_once_and_is_announced():
    s = game()
    icons_step(s, fp=["horn"])
    act = D.fp.cta("gondor").die_box("activate")
    set_marks(s, 0, "fp", "cta_gondor", act)
    ok(s, C.Mark(0, "fp", "cta_gondor", act))
    reward = list(D.fp.nations["gondor"].activation_reward)
    assert sec(s, 0)["fp"]["pool"][-len(reward):] == reward
    assert slot(s)["boards"]["b1"]["nations"]["gondor"] == 0          # not announced yet
    for seat in range(2):
        slot(s)["seats"][S.pkey(seat)]["ready"] = seat != 0
    first = s.state.first_player
    set_marks(s, first, "fp", "cta_gondor", act + 1)
    sec(s, 0)["fp"]["pool"] = []
    entry = ok(s, C.Done(0))                          # everyone has closed their board
    assert slot(s)["step"] == "fp" and slot(s)["turn"] == first
    assert f"{s.state.seats[first].name} activates Gondor" in entry.text
    assert slot(s)["boards"][S.bkey(first)]["nations"]["gondor"] == 1


def test_nation_dice_are_rolled_once_activated_and_doubled_when_motivated():
    s = game(2)
    slot(s)["boards"]["b1"]["nations"]["gondor"] = 2                    # seat 0 motivated Gondor
    ok(s, C.Roll(s.state.first_player))
    gondor = next(d for d in s.state.dice.values() if d.kind == "coc_gondor")
    assert gondor.id in slot(s)["rolled"]
    face = [i for i in D_icons(s, gondor.id) if i != "ring"]
    from tabletop.games.coc.engine import CocRules
    assert CocRules().nation_icons(s.state, 0, "fp") == face * 2
    assert CocRules().nation_icons(s.state, 1, "fp") == []              # seat 1 has no Gondor
    slot(s)["boards"]["b1"]["banned"] = ["gondor"]                      # Wormtongue named it
    assert CocRules().nation_icons(s.state, 0, "fp") == []
