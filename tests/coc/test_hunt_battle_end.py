"""Hunting, battles, the end of the game and scoring: the rulebook's examples as stories."""
from __future__ import annotations

from tabletop.games.coc import commands as C
from tabletop.games.coc.board import MARKED
from tabletop.games.coc.scoring import result, seat_score
import tabletop.games.coc.slot as S

from tests.coc.helpers import D, force, game, marks, ok, ready_character, refused, sec, set_marks, slot


def shadow_turn(s, seat):
    force(s, step="shadow", turn=seat)


# --------------------------------------------------------------------- hunting
def test_hunting_example_in_moria():
    """Honza hunts in Moria (1 hunt), finds Petr, spends 3 more; Petr's 2 resolve are gone,
    so Honza marks 2 doom."""
    s = game(2, names=["Petr", "Honza"])
    shadow_turn(s, 1)
    set_marks(s, 1, "sh", "hunt", 4)
    sec(s, 0)["fellowship"].update(at="moria", visited=["shire", "bree", "rivendell", "moria"])
    set_marks(s, 0, "fp", "resolve", 2)
    assert D.locations["moria"].hunt == 1                              # given by the example
    e = ok(s, C.Hunt(1, "moria"))
    assert "found" in e.text and slot(s)["wait"]["kind"] == "extra"
    e = ok(s, C.ExtraHunt(1, 3))
    assert marks(s, 1, "sh", "hunt").count(MARKED) == 0
    assert marks(s, 0, "fp", "resolve").count(MARKED) == 0
    assert slot(s)["boards"]["b1"]["doom"][:3] == [MARKED, MARKED, 0]   # 2 doom: none left
    assert "no resolve left" in e.text
    assert "once a round" in refused(s, C.Hunt(1, "bree"))


def test_a_failed_hunt_tells_the_distance_and_resolve_left_gives_one_doom():
    s = game(2)
    shadow_turn(s, 1)
    set_marks(s, 1, "sh", "hunt", 8)
    sec(s, 0)["fellowship"].update(at="rivendell", visited=["shire", "bree", "rivendell"])
    e = ok(s, C.Hunt(1, "shire"))
    assert "2 steps away" in e.text
    assert slot(s)["seats"]["p1"]["known"][-1] == {"kind": "miss", "at": "shire", "distance": 2,
                                                    "round": 1}
    ready_character(s, 1, "sh", "crebain")                             # hunt again, 1 cheaper
    before = marks(s, 1, "sh", "hunt").count(MARKED)
    set_marks(s, 0, "fp", "resolve", 3)
    ok(s, C.Use(1, "crebain", "rivendell"))
    assert marks(s, 1, "sh", "hunt").count(MARKED) == before - (D.locations["rivendell"].hunt - 1)
    ok(s, C.ExtraHunt(1, 1))
    assert slot(s)["boards"]["b1"]["doom"][:2] == [MARKED, 0]          # resolve left: 1 doom


def test_no_hunt_at_mount_doom():
    s = game(2)
    shadow_turn(s, 1)
    set_marks(s, 1, "sh", "hunt", 8)
    assert "an X" in refused(s, C.Hunt(1, "mount_doom"))


def test_gandalf_turns_a_successful_hunt_away():
    s = game(2)
    shadow_turn(s, 1)
    set_marks(s, 1, "sh", "hunt", 8)
    sec(s, 0)["fellowship"].update(at="bree", visited=["shire", "bree"])
    ready_character(s, 0, "fp", "gandalf")
    ok(s, C.Hunt(1, "bree"))
    assert slot(s)["wait"] == {"kind": "gandalf", "seat": 0, "hunter": 1, "at": "bree"}
    assert "must decide" in refused(s, C.Done(1))
    assert "never to Mount Doom" in refused(s, C.Use(0, "gandalf", "shire"))   # visited
    e = ok(s, C.Use(0, "gandalf", "caradhras"))
    assert "Caradhras" not in e.text                                    # the escape is secret
    assert sec(s, 0)["fellowship"]["at"] == "caradhras"
    assert not any(slot(s)["boards"]["b1"]["doom"])                    # no doom
    assert slot(s)["seats"]["p2"]["hunt"]["result"] == "failed"
    assert slot(s)["wait"]["kind"] == "spend"                          # Caradhras's icon, at once
    while C.Done(0) not in s.legal_actions(0):
        ok(s, next(c for c in s.legal_actions(0) if isinstance(c, C.Mark)))
    ok(s, C.Done(0))
    assert not slot(s).get("wait") and slot(s)["turn"] == 1


def test_nazgul_make_the_prey_name_its_region_unless_pippin_stops_them():
    s = game(2)
    shadow_turn(s, 1)
    sec(s, 0)["fellowship"].update(at="edoras", visited=["shire", "edoras"])
    ready_character(s, 1, "sh", "nazgul")
    e = ok(s, C.Use(1, "nazgul"))
    assert "in Rohan" in e.text and "Edoras" not in e.text
    s = game(2)
    shadow_turn(s, 1)
    ready_character(s, 1, "sh", "nazgul")
    ready_character(s, 0, "fp", "pippin")
    ok(s, C.Use(1, "nazgul"))
    e = ok(s, C.Use(0, "pippin"))
    assert "learn nothing" in e.text and not slot(s)["seats"]["p1"]["known"]
    assert sec(s, 1)["sh"]["arcs"]["nazgul"][0] == 1                   # still used


def test_shelob_erases_all_resolve_and_wormtongue_bans_a_die():
    s = game(2)
    shadow_turn(s, 1)
    set_marks(s, 0, "fp", "resolve", 5)
    ready_character(s, 1, "sh", "shelob")
    ok(s, C.Use(1, "shelob"))
    assert marks(s, 0, "fp", "resolve").count(MARKED) == 0
    ready_character(s, 1, "sh", "wormtongue")
    ok(s, C.Use(1, "wormtongue", "rohan"))
    assert slot(s)["boards"]["b1"]["banned"] == ["rohan"]


# --------------------------------------------------------------------- battles
def battle_position(players=2):
    """Petr (seat 0, Gondor 10) defends against Honza (seat 1, Mordor 19), who marked the third
    march box and one engagement box: the battle is worth 3 VP."""
    s = game(players, names=["Petr", "Honza", "Cyd"][:players])
    b = slot(s)["boards"]["b1"]["battles"]["gondor_mordor"]
    b.update(march=[MARKED] * 3, engage=[MARKED, MARKED, 0], attacker="sh")
    b["strength"].update(fp=10, sh=19)
    ready_character(s, 0, "fp", "legolas")
    ready_character(s, 0, "fp", "gimli")
    last = (s.state.first_player - 1) % players
    force(s, step="shadow", turn=last)
    return s, last


def test_battle_example():
    s, last = battle_position()
    e = ok(s, C.Done(last))
    assert slot(s)["wait"]["need"] == [0]                              # only Petr has characters
    ok(s, C.BattleCharacters(0, ("legolas", "gimli")))
    b = slot(s)["boards"]["b1"]["battles"]["gondor_mordor"]
    assert b["winner"] == "fp" and b["fought"]
    assert b["strength"] == {"fp": 21, "sh": 19}                       # 10 + 3 + 4 + 4, recorded
    text = s.history[-1].text
    assert "Petr 21" in text and "Honza 19" in text and "wins 3 VP" in text
    assert seat_score(D, s.state, 0)["fp_battles"] == 3


def test_gimli_alone_adds_two_and_a_tie_wins_nothing():
    s, last = battle_position()
    slot(s)["boards"]["b1"]["battles"]["gondor_mordor"]["strength"]["fp"] = 14
    ok(s, C.Done(last))
    ok(s, C.BattleCharacters(0, ("gimli",)))                           # 14 + 3 + 2 = 19
    b = slot(s)["boards"]["b1"]["battles"]["gondor_mordor"]
    assert b["winner"] == "tie" and seat_score(D, s.state, 0)["fp_battles"] == 0


def test_a_character_acts_in_one_battle_a_round():
    s, last = battle_position()
    other = slot(s)["boards"]["b1"]["battles"]["rohan_isengard"]
    other.update(march=[MARKED] * 3, attacker="fp")
    set_marks(s, 0, "fp", "legolas", 4)                                 # both arcs ready
    ok(s, C.Done(last))
    ok(s, C.BattleCharacters(0, ("legolas",)))
    assert slot(s)["wait"]["battle"] == "rohan_isengard"
    assert "Only ready" in refused(s, C.BattleCharacters(0, ("legolas",)))


# --------------------------------------------------------------------- end of game
def end_of_round(s):
    last = (s.state.first_player - 1) % len(s.state.seats)
    force(s, step="shadow", turn=last)
    return ok(s, C.Done(last))


def test_no_end_condition_passes_the_start_player_token():
    s = game(3)
    first = s.state.first_player
    end_of_round(s)
    assert slot(s)["step"] == "roll" and s.state.round == 2
    assert s.state.first_player == (first + 1) % 3


def test_the_fellowship_on_mount_doom_ends_the_game():
    s = game(2)
    first = s.state.first_player
    sec(s, first)["fellowship"].update(at="mount_doom", visited=["shire", "mount_doom"])
    force(s, step="icons")
    slot(s)["seats"][S.pkey(1 - first)]["ready"] = True
    e = ok(s, C.Done(first))                                           # step 5 begins: announced
    assert "the Ring is destroyed" in e.text
    assert slot(s)["seats"][S.pkey(first)]["ring"] is True
    end_of_round(s)
    assert slot(s)["step"] == "over" and slot(s)["end"] == ["mount_doom"]


def test_the_last_doom_box_ends_the_game():
    s = game(2)
    slot(s)["boards"]["b2"]["doom"] = [MARKED] * (len(D.doom) - 1) + [0]
    shadow_turn(s, 0)
    set_marks(s, 0, "sh", "hunt", 8)
    sec(s, 1)["fellowship"].update(at="bree", visited=["shire", "bree"])
    set_marks(s, 1, "fp", "resolve", 0)
    ok(s, C.Hunt(0, "bree"))
    ok(s, C.ExtraHunt(0, 0))
    assert slot(s)["boards"]["b2"]["doom"][-1] == MARKED
    end_of_round(s)
    assert slot(s)["step"] == "over" and slot(s)["end"] == ["doom"]


def test_both_battles_of_a_board_end_the_game():
    s = game(3)
    for b in slot(s)["boards"]["b2"]["battles"].values():
        b.update(fought=True, winner="fp")
    end_of_round(s)
    assert slot(s)["step"] == "over" and slot(s)["end"] == ["battles"]
    assert "game is over" in s.history[-1].text
    assert s.pending() is None and s.legal_actions(0) == []


# --------------------------------------------------------------------- scoring
def test_scoring_example():
    """Petr: 4 VP on his map, Gondor won (3 + 2 for 21 strength), Rohan lost (1 for 11),
    Mordor unresolved (under 10), Isengard won (1 + 1 for 16), 2 doom: 14 VP."""
    s = game(2, names=["Petr", "Honza"])
    g = slot(s)
    fp = g["boards"]["b1"]["battles"]                                   # Petr's Free Peoples
    fp["gondor_mordor"].update(fought=True, winner="fp", engage=[MARKED, MARKED, 0])
    fp["gondor_mordor"]["strength"]["fp"] = 21
    fp["rohan_isengard"].update(fought=True, winner="sh")
    fp["rohan_isengard"]["strength"]["fp"] = 11
    sh = g["boards"]["b2"]["battles"]                                   # Petr's Shadow
    sh["gondor_mordor"]["strength"]["sh"] = 7
    sh["rohan_isengard"].update(fought=True, winner="sh")
    sh["rohan_isengard"]["strength"]["sh"] = 16
    doom_two = next(n for n in range(len(D.doom) + 1) if sum(v for v, _g in D.doom[:n]) == 2)
    g["boards"]["b2"]["doom"] = [MARKED] * doom_two + [0] * (len(D.doom) - doom_two)
    sec(s, 0)["fellowship"]["visited"] = ["shire", "minas_tirith", "osgiliath", "minas_morgul"]
    row = seat_score(D, s.state, 0)
    assert row == {"fp_battles": 3, "fp_strength": 2 + 1, "ring": 4, "shadow_battles": 1,
                   "shadow_strength": 1, "doom": 2, "total": 14}


def test_ties_go_to_the_fellowship_nearest_mount_doom_then_to_doom():
    s = game(2)
    assert result(D, s.state)["winners"] == [0, 1]                     # nothing scored: shared
    sec(s, 1)["fellowship"]["at"] = "bree"
    res = result(D, s.state)
    assert res["winners"] == [1] and res["decided_by"] == "mount_doom"
    sec(s, 0)["fellowship"]["at"] = "bree"
    box = next(i for i, (vp, _g) in enumerate(D.doom) if vp)
    slot(s)["boards"]["b2"]["doom"][box] = MARKED                       # seat 0's doom track
    vp = D.doom[box][0]
    sec(s, 1)["fellowship"]["visited"] = ["shire"] + [
        loc for loc, x in D.locations.items() if x.vp == vp][:1]          # the same total
    res = result(D, s.state)
    assert res["scores"][0]["total"] == res["scores"][1]["total"] == vp
    assert res["winners"] == [0] and res["decided_by"] == "doom"
