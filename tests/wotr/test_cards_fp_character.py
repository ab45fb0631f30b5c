"""The Free Peoples Character deck: each card played and its effect checked (a save and
load in the middle of each)."""
import pytest

import tabletop.games.wotr.armies as armies
import tabletop.games.wotr.commands as C
import tabletop.games.wotr.effects as effects
import tabletop.games.wotr.hunt as hunt
import tabletop.games.wotr.state as S

from tests.wotr.cardkit import (FP, SHADOW, answer, answer_all, corruption, count,
                                gollum_guides, hand, move, ok, on_table, only_tiles, play,
                                position, prompt, ready, rig, session, set_fellowship, units)


def base():
    return session(kings=False)


@pytest.mark.card("ev.fp.char.01", "ev.fp.char.02", "ev.fp.char.03", "ev.fp.char.04",
                  game="wotr")
@pytest.mark.parametrize("code, tile", [("ev.fp.char.01", "hunt.blue.cloaks"),
                                        ("ev.fp.char.02", "hunt.blue.rope"),
                                        ("ev.fp.char.03", "hunt.blue.phial"),
                                        ("ev.fp.char.04", "hunt.blue.smeagol")])
def test_special_tiles_wait_for_the_mordor_track(code, tile):
    s = base()
    ready(s)
    s, cid = play(s, code)
    assert tile in S.get(s.state, "ev")["ready"]
    assert S.find(s.state, "hunt.aside", tile) is not None
    move(s, "fellowship", "r.morannon")
    position(s, phase="fellowship")
    ok(s, C.Declare(0, "mordor"))
    assert S.find(s.state, "hunt.pool", tile) is not None
    # played on the Mordor track, the tile goes into the pool at once
    s = base()
    ready(s)
    set_fellowship(s, mordor=1)
    s, cid = play(s, code)
    assert S.find(s.state, "hunt.pool", tile) is not None


@pytest.mark.card("ev.fp.char.05", game="wotr")
def test_mithril_coat_draws_a_second_tile_instead(monkeypatch):
    s = base()
    ready(s, FP, ("event", "character"), ())
    s, cid = play(s, "ev.fp.char.05")
    assert on_table(s, cid)
    only_tiles(s, "hunt.3", "hunt.0r")
    s.state.slots["wotr"]["hunt_box"]["eyes"] = 2
    rig(monkeypatch, hunt, 6, 6)
    ok(s, C.FellowshipMove(0, 1))
    assert "Mithril" in prompt(s)
    answer(s, True)
    assert not on_table(s, cid)
    drawn = [S.code(s.state, x) for x in s.state.zones["hunt.drawn"].cards]
    assert len(drawn) == 1                     # the first tile went back into the pool
    assert len(s.state.zones["hunt.pool"].cards) == 1


@pytest.mark.card("ev.fp.char.06", "ev.fp.char.07", game="wotr")
@pytest.mark.parametrize("code, who", [("ev.fp.char.06", ("gimli", "legolas")),
                                       ("ev.fp.char.07", ("boromir",))])
def test_axe_and_bow_and_the_horn_lower_the_hunt_damage(monkeypatch, code, who):
    s = base()
    ready(s, FP, ("event", "character"), ())
    s, cid = play(s, code)
    assert on_table(s, cid)
    only_tiles(s, "hunt.3")
    s.state.slots["wotr"]["hunt_box"]["eyes"] = 1
    rig(monkeypatch, hunt, 6)
    ok(s, C.FellowshipMove(0, 1))
    answer(s, True)                            # discard the card: one damage less
    assert not on_table(s, cid)
    answer(s, "ring")                          # all of it as corruption
    assert corruption(s) == 2
    # played again, it leaves the table when those Companions leave the Fellowship
    s = base()
    ready(s, FP, ("event",))
    s, cid = play(s, code)
    for w in who:
        move(s, "char." + w, "r.rivendell")
    ready(s, FP, ("event",))
    ok(s, C.Pass(0, FP)) if False else None
    s.submit(C.DrawEvent(0, "character"))      # any command: the table is tidied after it
    assert not on_table(s, cid)


@pytest.mark.card("ev.fp.char.08", game="wotr")
def test_wizards_staff_stops_a_hunt_tile(monkeypatch):
    s = base()
    ready(s, FP, ("event", "character"), ())
    s, cid = play(s, "ev.fp.char.08")
    only_tiles(s, "hunt.3")
    s.state.slots["wotr"]["hunt_box"]["eyes"] = 1
    rig(monkeypatch, hunt, 6)
    ok(s, C.FellowshipMove(0, 1))
    assert "Wizard's Staff" in prompt(s)
    answer(s, True)
    assert corruption(s) == 0 and not on_table(s, cid)
    assert len(s.state.zones["hunt.pool"].cards) == 1


@pytest.mark.card("ev.fp.char.09", game="wotr")
def test_athelas_heals_on_fives_or_threes_with_strider(monkeypatch):
    s = base()
    ready(s)
    set_fellowship(s, corruption=4)
    rig(monkeypatch, effects, 5, 3, 1)
    s, cid = play(s, "ev.fp.char.09")
    assert corruption(s) == 3
    s = base()
    ready(s)
    set_fellowship(s, corruption=4, guide="strider")
    rig(monkeypatch, effects, 5, 3, 1)
    s, cid = play(s, "ev.fp.char.09")
    assert corruption(s) == 2


@pytest.mark.card("ev.fp.char.10", game="wotr")
def test_there_is_another_way_heals_and_lets_gollum_move():
    s = base()
    ready(s)
    set_fellowship(s, corruption=2)
    s, cid = play(s, "ev.fp.char.10")
    assert corruption(s) == 1 and s.pending().prompt == "Use an action die"
    s = base()
    ready(s)
    gollum_guides(s)
    set_fellowship(s, corruption=2, revealed=True)
    s, cid = play(s, "ev.fp.char.10")
    assert "Gollum" in prompt(s)
    answer(s, "hide")
    assert corruption(s) == 1 and not S.get(s.state, "fellowship", "revealed")


@pytest.mark.card("ev.fp.char.11", game="wotr")
def test_i_will_go_alone_separates_one_region_further_and_heals():
    s = base()
    ready(s)
    set_fellowship(s, corruption=1)
    s, cid = play(s, "ev.fp.char.11")
    legolas = S.find(s.state, "fellowship", "char.legolas")
    answer(s, (legolas,))
    opts = s.pending().options
    assert "goblins-gate" in opts and "dimrill-dale" not in opts   # Level 2 and one more
    answer(s, "goblins-gate")
    assert s.state.cards[legolas].zone == "r.goblins-gate" and corruption(s) == 0


@pytest.mark.card("ev.fp.char.12", game="wotr")
def test_bilbos_song_heals_one_or_two_with_gollum():
    s = base()
    ready(s)
    set_fellowship(s, corruption=3)
    s, cid = play(s, "ev.fp.char.12")
    assert corruption(s) == 2
    s = base()
    ready(s)
    gollum_guides(s)
    set_fellowship(s, corruption=3)
    s, cid = play(s, "ev.fp.char.12")
    assert corruption(s) == 1


@pytest.mark.card("ev.fp.char.13", game="wotr")
def test_mirror_of_galadriel_turns_a_character_die_and_heals_in_lorien():
    s = base()
    ready(s, FP, ("event", "character"), ())
    move(s, "fellowship", "r.lorien")
    set_fellowship(s, corruption=2)
    s, cid = play(s, "ev.fp.char.13")
    assert S.get(s.state, "dice", FP)[1]["face"] == "will_of_the_west"
    assert corruption(s) == 1


@pytest.mark.card("ev.fp.char.14", game="wotr")
def test_challenge_of_the_king_costs_strider_on_three_eyes():
    s = base()
    ready(s)
    strider = move(s, "char.strider", "r.minas-tirith")[0]
    only_tiles(s, "hunt.eye", "hunt.eye", "hunt.eye")
    s, cid = play(s, "ev.fp.char.14")
    assert s.state.cards[strider].zone == "chars.dead"
    s = base()
    ready(s)
    move(s, "char.strider", "r.minas-tirith")
    only_tiles(s, "hunt.eye", "hunt.eye", "hunt.3")
    s, cid = play(s, "ev.fp.char.14")
    out = [S.code(s.state, x) for x in s.state.zones["hunt.out"].cards]
    assert len(s.state.zones["hunt.pool"].cards) == 1 and out.count("hunt.eye") >= 2
    assert "char.strider" not in [S.code(s.state, x) for x in s.state.zones["chars.dead"].cards]


@pytest.mark.card("ev.fp.char.15", "ev.fp.char.16", game="wotr")
@pytest.mark.parametrize("code, far", [("ev.fp.char.15", "dimrill-dale"),
                                       ("ev.fp.char.16", "dimrill-dale")])
def test_gwaihir_and_we_prove_the_swifter_carry_companions_far(code, far):
    s = base()
    ready(s)
    s, cid = play(s, code)
    answer(s, "fellowship")
    gimli = S.find(s.state, "fellowship", "char.gimli")
    answer(s, (gimli,))
    assert far in s.pending().options and "lorien" not in s.pending().options  # 4 away
    answer(s, far)
    assert s.state.cards[gimli].zone == "r." + far


@pytest.mark.card("ev.fp.char.17", game="wotr")
def test_there_and_back_again_stirs_three_nations():
    s = base()
    ready(s)
    set_fellowship(s, progress=4)
    steps = {n: S.politics(s.state, n)["step"] for n in ("dwarves", "elves", "north")}
    s, cid = play(s, "ev.fp.char.17")
    legolas = S.find(s.state, "fellowship", "char.legolas")
    answer(s, (legolas,))
    assert "woodland-realm" in s.pending().options
    answer(s, "woodland-realm")
    st = s.state
    assert S.politics(st, "dwarves")["active"] and S.politics(st, "north")["active"]
    assert all(S.politics(st, n)["step"] == steps[n] - 1 for n in steps)


@pytest.mark.card("ev.fp.char.18", game="wotr")
def test_the_eagles_slay_nazgul_and_the_rest_flee(monkeypatch):
    s = base()
    ready(s)
    move(s, "char.strider", "r.osgiliath")
    naz = units(s, "north-ithilien", "sauron.nazgul", 3)
    units(s, "north-ithilien", "sauron.regular", 1)
    rig(monkeypatch, armies, 5, 2, 6)
    s, cid = play(s, "ev.fp.char.18")
    if "Nazgûl" in prompt(s) and "fall" in prompt(s):
        answer(s, "north-ithilien")
    answer_all(s)
    st = s.state
    assert sum(1 for x in naz if st.cards[x].zone == "reinf.sauron") == 2
    survivor = next(x for x in naz if st.cards[x].zone != "reinf.sauron")
    assert st.cards[survivor].zone != "r.north-ithilien"


@pytest.mark.card("ev.fp.char.19", "ev.fp.char.20", "ev.fp.char.21", game="wotr")
@pytest.mark.parametrize("code", ["ev.fp.char.19", "ev.fp.char.20", "ev.fp.char.21"])
def test_the_ents_strike_orthanc_and_another_card_may_follow(monkeypatch, code):
    s = base()
    ready(s)
    move(s, "char.gandalf-white", "r.fangorn")
    before = len(S.units(s.state, "orthanc", SHADOW))
    rig(monkeypatch, armies, 6, 4, 1)
    bilbo = hand(s, "ev.fp.char.12", 0)                # Bilbo's Song, to play free
    set_fellowship(s, corruption=2)
    s, cid = play(s, code)
    answer_all(s, pick=lambda acts: next((a for a in acts if getattr(a, "answer", None)
                                          == bilbo), acts[0]))
    st = s.state
    assert len(S.units(st, "orthanc", SHADOW)) < before
    assert corruption(s) == 1                          # Bilbo's Song played free


@pytest.mark.card("ev.fp.char.22", game="wotr")
def test_dead_men_of_dunharrow(monkeypatch):
    s = base()
    ready(s)
    strider = move(s, "char.strider", "r.edoras")[0]
    units(s, "lamedon", "sauron.regular", 3)
    rig(monkeypatch, __import__("tabletop.games.wotr.deeds", fromlist=["x"]), 2)
    s, cid = play(s, "ev.fp.char.22")
    answer(s, "lamedon")
    while "Gondor Regulars" not in prompt(s):     # the Shadow army's casualties, its retreat
        answer_all(s, limit=1)
    st = s.state
    assert st.cards[strider].zone == "r.lamedon"
    assert len(S.units(st, "lamedon", SHADOW)) == 0
    answer(s, 3)
    assert count(s, "lamedon", "gondor.regular") == 3


@pytest.mark.card("ev.fp.char.23", game="wotr")
def test_house_of_the_stewards_recruits_beside_boromir_and_draws_two():
    s = base()
    ready(s)
    move(s, "char.boromir", "r.minas-tirith")
    before = count(s, "minas-tirith", "gondor.regular") + count(s, "minas-tirith", "gondor.elite")
    n = len(s.state.zones["hand.0"].cards)
    s, cid = play(s, "ev.fp.char.23")
    if "Regular or an Elite" in prompt(s) or "recruited" in prompt(s):
        answer(s, "elite")
    st = s.state
    assert count(s, "minas-tirith", "gondor.regular") + count(s, "minas-tirith", "gondor.elite") \
        == before + 1
    assert len(st.zones["hand.0"].cards) == n + 2 - 0     # the card left, two drawn


@pytest.mark.card("ev.fp.char.24", game="wotr")
def test_the_grey_company_makes_an_elite():
    s = base()
    ready(s)
    move(s, "char.strider", "r.minas-tirith")
    elites = count(s, "minas-tirith", "gondor.elite")
    s, cid = play(s, "ev.fp.char.24")
    answer_all(s)
    assert count(s, "minas-tirith", "gondor.elite") == elites + 1
