"""War of the Ring's base rules, as a player would check them: each story sets a position
up in a few lines (``api.load_position``), acts, and checks what the rules did."""
import pytest

import tabletop.games.wotr.battle as battle
import tabletop.games.wotr.combat as combat
import tabletop.games.wotr.commands as C
import tabletop.games.wotr.hunt as hunt
import tabletop.games.wotr.state as S
from tabletop.games.wotr import api

from tests.wotr.helpers import attack
from tests.wotr.cardkit import reload
from tests.wotr.helpers import FP, SHADOW, ok, refused


def game(**position):
    return api.load_position(dict({"kings": False}, **position))


def ids(g, region, code):
    return tuple(c for c in S.pieces_in(g.state, region) if S.code(g.state, c) == code)


def army(g, region, side):
    return tuple(S.army(g.state, region, side))


def roll(g):
    """Both sides play no combat card and roll."""
    while S.get(g.state, "battle") and S.get(g.state, "battle")["stage"] in ("cards", "roll"):
        b = S.get(g.state, "battle")
        if b["stage"] == "cards":
            ok(g, C.CombatCard(g.pending().seat, 0))
        else:
            seat = g.pending().seat
            ok(g, C.CombatRoll(seat, S.seat_side(g.state, seat)))


@pytest.fixture
def sixes(monkeypatch):
    """Every combat and Hunt die rolls 6."""
    six = lambda n, rng: [6] * max(0, n)                      # noqa: E731
    monkeypatch.setattr(hunt, "roll_d6", six)
    monkeypatch.setattr(combat, "roll_d6", six)


@pytest.fixture
def ones(monkeypatch):
    """Every combat die rolls 1 (and misses)."""
    monkeypatch.setattr(combat, "roll_d6", lambda n, rng: [1] * max(0, n))


# ------------------------------------------------------------------ politics
def test_an_attacked_nation_is_activated_and_advances(ones):
    g = game(acting=SHADOW, dice={"fp": ["event"], "shadow": ["army", "army"]},
             politics={"isengard": "war"})
    assert S.politics(g.state, "rohan") == {"step": 3, "active": False}
    entry = attack(g, C.Attack(1, "orthanc", "fords-of-isen", 0))
    assert "Rohan is activated" in entry.text
    assert S.politics(g.state, "rohan") == {"step": 2, "active": True}
    assert battle.target(g.state, S.get(g.state, "battle"), SHADOW) == 6   # a Fortification


def test_a_passive_nation_does_not_attack():
    g = game(dice={"fp": ["army"], "shadow": ["army"]})
    why = refused(g, C.Attack(0, "fords-of-isen", "orthanc", 0))
    assert "At War" in why
    assert not any(isinstance(a, C.Attack) for a in g.legal_actions())


def test_units_of_a_nation_not_at_war_stay_out_of_other_nations_land():
    g = game(dice={"fp": ["army"], "shadow": ["army"]})
    rohan = army(g, "fords-of-isen", FP)
    assert "not At War" in refused(g, C.MoveFigures(0, rohan, "gap-of-rohan", 0))
    ok(g, C.MoveFigures(0, rohan, "westemnet", 0))               # its own land


def test_an_enemy_army_entering_activates_and_a_captured_city_advances():
    g = game(acting=SHADOW, dice={"fp": ["event"], "shadow": ["army"]},
             armies={"folde": {"isengard.regular": 2}, "edoras": {}},
             politics={"isengard": "war"})
    entry = ok(g, C.MoveFigures(1, army(g, "folde", SHADOW), "edoras", 0))
    assert "Rohan is activated" in entry.text and "Edoras is captured" in entry.text
    assert S.politics(g.state, "rohan") == {"step": 2, "active": True}
    assert S.get(g.state, "captured") == {"edoras": SHADOW}
    assert S.victory_points(g.state)[SHADOW] == 1


def test_the_fellowship_declared_in_a_city_activates_its_nation_and_heals():
    g = game(phase="fellowship", fellowship={"region": "fords-of-isen", "progress": 1,
                                             "corruption": 3})
    assert C.Declare(0, "edoras") not in g.legal_actions()          # two regions away
    assert C.Declare(0, "helms-deep") in g.legal_actions()
    entry = ok(g, C.Declare(0, "helms-deep"))
    assert "Rohan is activated" in entry.text and "heal" in entry.text
    assert S.get(g.state, "fellowship", "corruption") == 2
    assert "once a turn" in refused(g, C.Declare(0, "helms-deep"))


# ---------------------------------------------------------------------- dice
def test_a_muster_die_puts_its_two_regulars_in_different_settlements():
    g = game(dice={"fp": ["muster"], "shadow": ["army"]}, politics={"gondor": "war"})
    ok(g, C.Recruit(0, "gondor", "regular", "minas-tirith", 0))
    assert S.get(g.state, "acting") == FP and api.pending(g)["prompt"].startswith("Recruit a second")
    assert "different settlements" in refused(g, C.Recruit(0, "gondor", "regular",
                                                           "minas-tirith", 0))
    ok(g, C.Recruit(0, "gondor", "leader", "pelargir", 0))
    assert S.get(g.state, "acting") == SHADOW and S.get(g.state, "follow") is None


def test_an_army_die_moves_two_armies_and_a_character_die_an_army_with_a_leader():
    g = game(dice={"fp": ["army", "character"], "shadow": ["event", "event", "event"]},
             politics={"gondor": "war"})
    ok(g, C.MoveFigures(0, army(g, "osgiliath", FP), "north-ithilien", 0))
    assert "never the same figures twice" in refused(
        g, C.MoveFigures(0, army(g, "north-ithilien", FP), "dagorlad", 0))
    ok(g, C.Decline(0))                                            # done with the die
    ok(g, C.UseDie(1, SHADOW, 0, ""))
    units = tuple(c for c in army(g, "minas-tirith", FP) if S.kind(g.state, c) != "leader")
    assert "Leader or a Character" in refused(g, C.MoveFigures(0, units[:2], "lossarnach", 1))
    ok(g, C.MoveFigures(0, army(g, "minas-tirith", FP), "lossarnach", 1))


def test_the_hunt_takes_a_die_after_the_free_peoples_used_the_hunt_box():
    g = game(phase="actions", dice={"fp": ["character"], "shadow": ["event"]},
             hunt_box={"eyes": 0})
    ok(g, C.FellowshipMove(0, 0))
    ok(g, C.UseDie(1, SHADOW, 0, ""))
    ok(g, C.NextPhase(0))                                          # turn 2
    ok(g, C.NextPhase(0))                                          # to the Hunt allocation
    assert api.pending(g)["kind"] == "number" and g.pending().min == 1
    assert "at least one die" in refused(g, C.AllocateHunt(1, 0))
    assert [a.count for a in g.legal_actions()][0] == 1


# ----------------------------------------------------------------- the Fellowship
def test_a_revealed_fellowship_hides_before_it_moves():
    g = game(dice={"fp": ["character", "character"], "shadow": ["event", "event"]},
             fellowship={"revealed": True})
    assert "hides before it moves" in refused(g, C.FellowshipMove(0, 0))
    assert C.Hide(0, 0) in g.legal_actions() and C.FellowshipMove(0, 0) not in g.legal_actions()
    ok(g, C.Hide(0, 0))
    assert not S.get(g.state, "fellowship", "revealed")


def test_hunt_damage_can_be_taken_as_a_companion_casualty(sixes):
    g = game(dice={"fp": ["character"], "shadow": ["event"]}, hunt_box={"eyes": 3},
             fellowship={"guide": "gandalf-grey", "corruption": 1})
    st = g.state
    for cid in list(st.zones["hunt.pool"].cards):              # only a 3 is left to draw
        if S.code(st, cid) != "hunt.3":
            st.zones["hunt.pool"].cards.remove(cid)
            st.zones["hunt.out"].cards.append(cid)
            st.cards[cid].zone = "hunt.out"
    ok(g, C.FellowshipMove(0, 0))
    p = api.pending(g)
    assert [o["value"] for o in p["options"]] == ["guide", "random", "ring"]
    ok(g, C.Choose(0, "guide"))                                    # Gandalf (Level 3) falls
    d = api.derived(g)
    assert d["corruption"] == 1 and "gandalf-grey" not in d["companions"]
    assert d["guide"] == "strider"


def test_entering_mordor_and_the_ring_destroyed_end_the_game():
    g = game(phase="fellowship", fellowship={"region": "morannon", "progress": 0})
    assert C.Declare(0, "mordor") in g.legal_actions()
    ok(g, C.Declare(0, "mordor"))
    assert api.derived(g)["mordor"] == 0
    g = game(dice={"fp": ["character", "character"], "shadow": ["event", "event"]},
             fellowship={"region": "morannon", "mordor": 4}, hunt_box={"eyes": 0})
    st = g.state
    for cid in list(st.zones["hunt.pool"].cards):              # nothing but a 0 to draw
        if S.code(st, cid) != "hunt.0r":
            st.zones["hunt.pool"].cards.remove(cid)
            st.zones["hunt.out"].cards.append(cid)
            st.cards[cid].zone = "hunt.out"
    entry = ok(g, C.FellowshipMove(0, 0))
    d = api.derived(g)
    assert (d["outcome"], d["victory"]) == (FP, "ring") and "Mount Doom" in entry.text
    assert g.legal_actions() == [] and g.pending() is None


def test_corruption_twelve_ends_the_game_at_once(sixes):
    g = game(dice={"fp": ["character", "character"], "shadow": ["event", "event"]},
             hunt_box={"eyes": 2}, fellowship={"corruption": 11, "companions": []})
    ok(g, C.FellowshipMove(0, 0))
    if g.pending() is not None and g.pending().prompt.startswith("Hunt damage"):
        ok(g, C.Choose(0, "ring"))                                   # Gollum could reveal it
    d = api.derived(g)
    assert (d["outcome"], d["victory"], d["corruption"]) == (SHADOW, "corruption", 12)
    assert "game is over" in refused(g, C.FellowshipMove(0, 1))


# ------------------------------------------------------------------ battles
def test_a_field_battle_in_a_stronghold_region_hits_on_five(ones):
    g = game(acting=SHADOW, dice={"fp": ["event"], "shadow": ["army"]},
             armies={"fords-of-isen": {"isengard.regular": 4}, "helms-deep": {"rohan.regular": 2}},
             politics={"isengard": "war", "rohan": [1, True]})
    attack(g, C.Attack(1, "fords-of-isen", "helms-deep", 0))
    assert api.pending(g)["prompt"].startswith("Fight a field battle")
    ok(g, C.BattleEnd(0, "field"))
    roll(g)
    assert battle.target(g.state, S.get(g.state, "battle"), SHADOW) == 5


def test_a_siege_from_retreat_to_assault_and_sortie(ones):
    g = game(acting=SHADOW, dice={"fp": ["army", "event"], "shadow": ["army", "army"]},
             armies={"fords-of-isen": {"isengard.regular": 4, "isengard.elite": 3},
                     "helms-deep": {"rohan.regular": 6, "rohan.elite": 1}},
             politics={"isengard": "war", "rohan": [0, True]})
    attack(g, C.Attack(1, "fords-of-isen", "helms-deep", 0))
    ok(g, C.BattleEnd(0, "siege"))                                  # into the Stronghold
    entry = ok(g, g.legal_actions()[0])                             # the five chosen
    assert "go back to the reinforcements" in entry.text            # 7 units, 5 fit
    ok(g, C.BattleEnd(1, "advance"))
    st = g.state
    assert S.get(st, "sieges") == {"helms-deep": FP} and len(S.units(st, "helms-deep", FP)) == 5
    assert "sortie" in refused(g, C.MoveFigures(0, army(g, "helms-deep", FP), "westemnet", 0))
    ok(g, C.UseDie(0, FP, 1, ""))
    attack(g, C.Attack(1, "helms-deep", "helms-deep", 1))              # the siege battle
    b = S.get(st, "battle")
    assert b["kind"] == "siege" and battle.target(st, b, SHADOW) == 6
    roll(g)
    options = [a for a in g.legal_actions() if a.choice == "continue"]
    assert options and all(S.kind(st, a.card_id) == "elite" for a in options)
    elites = len([c for c in S.units(st, "helms-deep", SHADOW) if S.kind(st, c) == "elite"])
    ok(g, options[0])                                             # an Elite reduced: round 2
    assert S.get(st, "battle")["round"] == 2
    assert len([c for c in S.units(st, "helms-deep", SHADOW) if S.kind(st, c) == "elite"]) \
        == elites - 1
    roll(g)
    ok(g, C.BattleEnd(1, "cease"))
    assert S.get(st, "battle") is None and S.get(st, "sieges") == {"helms-deep": FP}
    attack(g, C.Attack(0, "helms-deep", "helms-deep", 0))              # a sortie
    b = S.get(st, "battle")
    assert b["kind"] == "sortie" and battle.target(st, b, FP) == 5
    roll(g)
    ok(g, C.BattleEnd(0, "cease"))                                  # back inside
    assert S.get(st, "sieges") == {"helms-deep": FP}


def test_a_besieged_stronghold_falls_when_its_army_is_gone(sixes):
    g = game(acting=SHADOW, dice={"fp": ["event"], "shadow": ["army"]},
             armies={"helms-deep": {"rohan.regular": 1, "isengard.regular": 5}},
             sieges={"helms-deep": FP}, politics={"isengard": "war", "rohan": [1, True]})
    attack(g, C.Attack(1, "helms-deep", "helms-deep", 0))
    roll(g)
    while S.get(g.state, "battle"):
        ok(g, g.legal_actions()[0])
    st = g.state
    assert S.get(st, "captured") == {"helms-deep": SHADOW} and S.get(st, "sieges") == {}
    assert S.victory_points(st)[SHADOW] == 2


# ------------------------------------------------------------------- Nazgûl
def test_nazgul_never_fly_into_a_free_peoples_stronghold_unless_besieged():
    g = game(acting=SHADOW, dice={"fp": ["event"], "shadow": ["character"]})
    naz = ids(g, "morannon", "sauron.nazgul")
    assert "out of the characters' reach" in refused(g, C.MoveFigures(1, naz, "rivendell", 0))
    ok(g, C.MoveFigures(1, naz, "trollshaws", 0))
    assert all(not (isinstance(a, C.MoveFigures) and a.region == "rivendell")
               for a in g.legal_actions())


# ------------------------------------------------------------------- victory
def test_a_military_victory_waits_for_the_end_of_the_turn():
    g = game(dice={"fp": ["event"], "shadow": ["event"]},
             captured={"minas-tirith": SHADOW, "dol-amroth": SHADOW, "lorien": SHADOW,
                       "rivendell": SHADOW, "edoras": SHADOW, "pelargir": SHADOW},
             armies={"minas-tirith": {}, "dol-amroth": {}, "lorien": {}, "rivendell": {}})
    assert S.victory_points(g.state)[SHADOW] == 10
    assert api.derived(g)["outcome"] is None
    ok(g, C.UseDie(0, FP, 0, ""))
    ok(g, C.UseDie(1, SHADOW, 0, ""))
    entry = ok(g, C.NextPhase(0))
    d = api.derived(g)
    assert (d["outcome"], d["victory"]) == (SHADOW, "military")
    assert "Victory points: Free Peoples 0, Shadow 10" in entry.text


def only_tile(g, code):
    """The Hunt pool holds nothing but one tile of ``code``."""
    st = g.state
    keep = next(c for c in st.zones["hunt.pool"].cards if S.code(st, c) == code)
    for cid in list(st.zones["hunt.pool"].cards):
        if cid != keep:
            st.zones["hunt.pool"].cards.remove(cid)
            st.zones["hunt.out"].cards.append(cid)
            st.cards[cid].zone = "hunt.out"


def test_a_revealed_fellowship_is_placed_by_the_free_peoples_within_its_progress(sixes):
    g = game(dice={"fp": ["character"], "shadow": ["event"]}, hunt_box={"eyes": 1},
             fellowship={"region": "rivendell", "progress": 1})
    only_tile(g, "hunt.0r")
    ok(g, C.FellowshipMove(0, 0))
    p = api.pending(g)
    assert p["prompt"] == "The Fellowship is revealed: where is it?"
    values = [o["value"] for o in p["options"]]
    from tabletop.games.wotr.geo import distance
    assert "trollshaws" in values and "rivendell" in values          # progress 2 after the move
    assert all(distance("rivendell", r, 5) <= 2 for r in values) and len(values) > 5
    ok(g, C.Declare(0, "trollshaws"))
    d = api.derived(g)
    assert (d["fellowship"], d["progress"], d["revealed"]) == ("trollshaws", 0, True)


def test_on_the_mordor_track_an_eye_counts_the_hunt_box_and_lingering_costs_corruption():
    g = game(dice={"fp": ["character", "event"], "shadow": ["event", "event"]},
             hunt_box={"eyes": 3, "fp": 1},
             fellowship={"region": "morannon", "mordor": 1, "companions": []})
    only_tile(g, "hunt.eye")
    entry = ok(g, C.FellowshipMove(0, 0))
    assert "Hunt damage 4" in entry.text                           # 3 Eyes + 1 die of theirs
    while g.pending().prompt.startswith("Hunt damage"):
        ok(g, C.Choose(0, "ring"))
    assert api.derived(g)["mordor"] == 2
    g = game(dice={"fp": ["event"], "shadow": ["event"]},
             fellowship={"region": "morannon", "mordor": 1, "corruption": 2})
    ok(g, C.UseDie(0, FP, 0, ""))
    ok(g, C.UseDie(1, SHADOW, 0, ""))
    entry = ok(g, C.NextPhase(0))
    assert "lingered" in entry.text and api.derived(g)["corruption"] == 3


def test_an_army_relieves_a_besieged_stronghold(sixes):
    g = game(dice={"fp": ["army"], "shadow": ["event"]},
             armies={"helms-deep": {"rohan.regular": 1, "isengard.regular": 2},
                     "westemnet": {"rohan.regular": 5, "rohan.leader": 1}},
             sieges={"helms-deep": FP}, politics={"isengard": "war", "rohan": "war"})
    attack(g, C.Attack(0, "westemnet", "helms-deep", 0))
    assert S.get(g.state, "battle")["kind"] == "field"
    roll(g)
    while S.get(g.state, "battle"):
        ok(g, g.legal_actions()[0])
    st = g.state
    assert not S.units(st, "helms-deep", SHADOW) and S.get(st, "sieges") == {}


def test_a_character_die_attacks_with_a_leader_and_no_pass_in_the_middle_of_a_die():
    g = game(acting=SHADOW, dice={"fp": ["event", "event"], "shadow": ["character", "army"]},
             armies={"folde": {"isengard.regular": 2}, "westemnet": {"rohan.regular": 1},
                     "eastemnet": {"isengard.regular": 2, "sauron.nazgul": 1}},
             politics={"isengard": "war"})
    assert "Leader or a Character" in refused(g, C.Attack(1, "folde", "westemnet", 0))
    attack(g, C.Attack(1, "eastemnet", "westemnet", 0))
    g = game(dice={"fp": ["army"], "shadow": ["event", "event"]})
    ok(g, C.MoveFigures(0, army(g, "osgiliath", FP), "lossarnach", 0))
    assert "done with it" in refused(g, C.Pass(0, FP))
    ok(g, C.Decline(0))


def test_nazgul_fly_into_a_besieged_free_peoples_stronghold():
    g = game(acting=SHADOW, dice={"fp": ["event"], "shadow": ["character"]},
             armies={"rivendell": {"elves.elite": 2, "sauron.regular": 3}},
             sieges={"rivendell": FP})
    ok(g, C.MoveFigures(1, ids(g, "morannon", "sauron.nazgul"), "rivendell", 0))


# ------------------------------------------------- the players' choices in a battle
FOUR = {"players": 4, "leading": {"fp": 1, "shadow": 3}}      # the Leading Players: 1 and 3


def test_the_defender_chooses_the_five_units_that_go_inside_the_stronghold():
    g = game(acting=SHADOW, dice={"fp": ["event"], "shadow": ["army"]},
             armies={"fords-of-isen": {"isengard.regular": 4, "isengard.elite": 3},
                     "helms-deep": {"rohan.regular": 6, "rohan.elite": 1}},
             politics={"isengard": "war", "rohan": [0, True]}, **FOUR)
    attack(g, C.Attack(2, "fords-of-isen", "helms-deep", 0))
    ok(g, C.BattleEnd(1, "siege"))                                # 7 units: who goes in?
    p = api.pending(g)
    assert (p["seat"], p["kind"]) == (1, "many") and "go inside" in p["prompt"]
    elite = ids(g, "helms-deep", "rohan.elite")
    regulars = ids(g, "helms-deep", "rohan.regular")
    suggested = g.legal_actions()[0].answer                         # the engine's old way
    assert elite[0] in suggested and len(suggested) == 5
    assert "not the one to answer" in refused(g, C.Choose(0, regulars[:5]))
    assert "not an allowed choice" in refused(g, C.Choose(1, regulars[:4]))
    copy = reload(g)                                                  # saved in the middle
    assert api.pending(copy)["seat"] == 1
    entry = ok(copy, C.Choose(1, regulars[:5]))                     # five Regulars inside
    assert "go back to the reinforcements" in entry.text
    st = copy.state
    assert sorted(S.units(st, "helms-deep", FP)) == sorted(regulars[:5])
    assert elite[0] in st.zones["reinf.rohan"].cards and regulars[5] in st.zones["reinf.rohan"].cards
    assert api.pending(copy)["seat"] == 3                            # the attacker may advance
    ok(copy, C.BattleEnd(3, "advance"))
    assert S.get(copy.state, "sieges") == {"helms-deep": FP}
    ok(g, C.Choose(1, suggested))                                     # the Elite kept
    assert sorted(S.units(g.state, "helms-deep", FP)) == sorted(suggested)


def test_the_attacker_chooses_its_rearguard(sixes):
    g = game(acting=SHADOW, dice={"fp": ["event"], "shadow": ["army"]},
             armies={"fords-of-isen": {"isengard.regular": 3, "isengard.elite": 1,
                                       "sauron.regular": 1},
                     "westemnet": {"rohan.regular": 1}},
             politics={"isengard": "war", "sauron": [1, True], "rohan": [0, True]}, **FOUR)
    entry = ok(g, C.Attack(2, "fords-of-isen", "westemnet", 0))
    assert "Rohan" not in entry.text and not S.get(g.state, "battle")  # nothing begun yet
    p = api.pending(g)
    assert (p["seat"], p["kind"]) == (3, "many") and "rearguard" in p["prompt"]
    mordor = ids(g, "fords-of-isen", "sauron.regular")
    elite = ids(g, "fords-of-isen", "isengard.elite")
    regulars = ids(g, "fords-of-isen", "isengard.regular")
    assert all(mordor[0] not in a.answer for a in g.legal_actions())   # not At War: stays
    assert g.legal_actions()[0].answer == tuple(sorted(regulars + elite))  # all attack
    assert "not an allowed choice" in refused(g, C.Choose(3, mordor))
    assert "not the one to answer" in refused(g, C.Choose(2, elite))
    copy = reload(g)
    entry = ok(copy, C.Choose(3, elite + regulars[:1]))              # two attack
    assert "attack Westemnet" in entry.text and "rearguard" in entry.text
    b = S.get(copy.state, "battle")
    assert sorted(b["rearguard"]) == sorted(regulars[1:] + mordor)
    assert sorted(battle.fighters(copy.state, b, SHADOW)) == sorted(elite + regulars[:1])
    assert battle.combat_dice(copy.state, b, SHADOW)[0] == 2
    roll(copy)
    while S.get(copy.state, "battle"):
        ok(copy, copy.legal_actions()[0])                            # advances: the rearguard stays
    assert set(regulars[1:] + mordor) <= set(S.units(copy.state, "fords-of-isen", SHADOW))
    ok(g, g.legal_actions()[0])                                       # every unit At War attacks
    b = S.get(g.state, "battle")
    assert b["rearguard"] == list(mordor) and battle.combat_dice(g.state, b, SHADOW)[0] == 4


def test_the_attacker_chooses_which_figures_advance(sixes):
    g = game(acting=SHADOW, dice={"fp": ["event"], "shadow": ["army"]},
             armies={"fords-of-isen": {"isengard.regular": 3, "isengard.elite": 1,
                                       "sauron.nazgul": 1},
                     "westemnet": {"rohan.regular": 1}},
             politics={"isengard": "war", "rohan": [0, True]}, **FOUR)
    attack(g, C.Attack(2, "fords-of-isen", "westemnet", 0))
    roll(g)
    while S.get(g.state, "battle")["stage"] == "hits":
        ok(g, g.legal_actions()[0])                                  # a Regular lost each
    p = api.pending(g)
    assert p["seat"] == 3 and p["prompt"].startswith("Advance into Westemnet")
    elite = ids(g, "fords-of-isen", "isengard.elite")
    naz = ids(g, "fords-of-isen", "sauron.nazgul")
    army0 = set(army(g, "fords-of-isen", SHADOW))
    legal = g.legal_actions()
    assert C.BattleEnd(3, "advance") in legal and C.BattleEnd(3, "stay") in legal
    assert any(a.units for a in legal)                               # part of the army
    assert "at least one army unit" in refused(g, C.BattleEnd(3, "advance", units=naz))
    assert "army in the battle" in refused(g, C.BattleEnd(3, "advance", units=(9999,)))
    copy, whole = reload(g), reload(g)
    ok(copy, C.BattleEnd(3, "advance", units=elite + naz))          # some
    assert set(army(copy, "westemnet", SHADOW)) == set(elite + naz)
    assert set(army(copy, "fords-of-isen", SHADOW)) == army0 - set(elite + naz)
    assert not S.get(copy.state, "battle")
    ok(whole, C.BattleEnd(3, "advance"))                             # all
    assert set(army(whole, "westemnet", SHADOW)) == army0 and not army(whole, "fords-of-isen",
                                                                        SHADOW)
    ok(g, C.BattleEnd(3, "stay"))                                    # none
    assert set(army(g, "fords-of-isen", SHADOW)) == army0 and not army(g, "westemnet", SHADOW)
