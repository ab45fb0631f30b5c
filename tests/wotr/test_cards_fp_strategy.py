"""The Free Peoples Strategy deck: each card played and its effect checked (a save and
load in the middle of each)."""
import pytest

import tabletop.games.wotr.armies as armies
import tabletop.games.wotr.commands as C
import tabletop.games.wotr.state as S

from tests.wotr.cardkit import (FP, SHADOW, answer, answer_all, clear, count, hand, move, ok,
                                on_table,
                                play, position, prompt, ready, refused, rig, session,
                                set_fellowship, units)


def base():
    return session(kings=False)


def figures(s, region: str, nation: str) -> int:
    """A nation's Regulars, Elites and Leaders in a region."""
    return sum(count(s, region, f"{nation}.{k}") for k in ("regular", "elite", "leader"))


@pytest.mark.card("ev.fp.strat.01", game="wotr")
def test_the_last_battle_keeps_fellowship_dice_out_of_the_hunt_box():
    s = base()
    ready(s, FP, ("event", "character"), ())
    move(s, "char.aragorn", "r.dagorlad")
    units(s, "dagorlad", "gondor.regular", 2)
    s, cid = play(s, "ev.fp.strat.01")
    assert on_table(s, cid)
    s.state.slots["wotr"]["hunt_box"]["eyes"] = 0
    ok(s, C.FellowshipMove(0, 1))
    assert S.get(s.state, "hunt_box", "fp") == 0
    position(s, phase="fellowship")
    set_fellowship(s, progress=1)
    ok(s, C.Declare(0, "fords-of-bruinen"))
    assert not on_table(s, cid)


@pytest.mark.card("ev.fp.strat.02", "ev.fp.strat.03", game="wotr")
@pytest.mark.parametrize("code, nation, near, target", [
    ("ev.fp.strat.02", "elves", "dimrill-dale", "lorien"),
    ("ev.fp.strat.03", "north", "tower-hills", "the-shire")])
def test_a_power_too_great_and_tom_bombadil_keep_the_shadow_out(code, nation, near, target):
    s = base()
    ready(s, FP, ("event",), ("army", "army"))
    step = S.politics(s.state, nation)["step"]
    army = units(s, near, "sauron.regular", 2)
    clear(s, target)
    s.state.slots["wotr"]["politics"]["sauron"]["step"] = 0
    s, cid = play(s, code)
    assert on_table(s, cid) and S.politics(s.state, nation)["step"] == step - 1
    why = refused(s, C.MoveFigures(1, tuple(army), target, 0))
    assert "keeps Shadow armies out" in why
    units(s, target, "elves.regular" if nation == "elves" else "north.regular", 1)
    assert "keeps Shadow armies out" in refused(s, C.Attack(1, near, target, 0))
    ch = hand(s, "ev.shadow.char.05", 1)
    sg = hand(s, "ev.shadow.strat.13", 1)
    ok(s, C.DiscardTable(1, cid, 0, False, (ch, sg)))    # any die and two cards
    assert not on_table(s, cid)


@pytest.mark.card("ev.fp.strat.04", "ev.fp.strat.07", game="wotr")
@pytest.mark.parametrize("code, where, nation", [("ev.fp.strat.04", "erebor", "dwarves"),
                                                 ("ev.fp.strat.07", "the-shire", "north")])
def test_companions_move_then_a_nation_goes_to_war(code, where, nation):
    s = base()
    ready(s)
    gimli = move(s, "char.gimli", "r." + where)[0]
    s, cid = play(s, code)
    assert "Which Companions move?" in prompt(s) and where in s.pending().options
    answer(s, "done")                                 # nobody moves: Gimli is there already
    answer_all(s)
    assert S.politics(s.state, nation) == {"step": 0, "active": True}
    assert s.state.cards[gimli].zone == "r." + where


@pytest.mark.card("ev.fp.strat.05", game="wotr")
def test_the_spirit_of_mordor_strikes_a_mixed_army(monkeypatch):
    s = base()
    ready(s)
    units(s, "dagorlad", "sauron.regular", 2)
    units(s, "dagorlad", "southrons.regular", 2)
    rig(monkeypatch, armies, 5, 6, 1, 1, 1)
    s, cid = play(s, "ev.fp.strat.05")
    if "Which Shadow army" in prompt(s):
        answer(s, "dagorlad")
    answer_all(s)
    assert len(S.units(s.state, "dagorlad", SHADOW)) == 2


@pytest.mark.card("ev.fp.strat.06", game="wotr")
def test_faramirs_rangers_strike_and_recruit_in_osgiliath(monkeypatch):
    s = base()
    ready(s)
    units(s, "north-ithilien", "sauron.regular", 3)
    rig(monkeypatch, armies, 5, 1, 1)
    before = figures(s, "osgiliath", "gondor")
    s, cid = play(s, "ev.fp.strat.06")
    answer_all(s)
    assert len(S.units(s.state, "north-ithilien", SHADOW)) == 2
    assert figures(s, "osgiliath", "gondor") == before + 2


@pytest.mark.card("ev.fp.strat.08", game="wotr")
def test_wisdom_of_elrond_activates_and_advances_a_nation():
    s = base()
    ready(s)
    s, cid = play(s, "ev.fp.strat.08")
    answer(s, "rohan")
    assert S.politics(s.state, "rohan") == {"step": 2, "active": True}


@pytest.mark.card("ev.fp.strat.09", game="wotr")
def test_the_red_arrow_stirs_rohan_and_musters_in_edoras():
    s = base()
    ready(s)
    s.state.slots["wotr"]["politics"]["gondor"]["active"] = True
    before = figures(s, "edoras", "rohan")
    s, cid = play(s, "ev.fp.strat.09")
    answer_all(s)
    assert S.politics(s.state, "rohan")["step"] == 2
    assert figures(s, "edoras", "rohan") == before + 2


@pytest.mark.card("ev.fp.strat.10", game="wotr")
def test_help_unlooked_for_attacks_the_besiegers():
    s = base()
    ready(s)
    units(s, "minas-tirith", "sauron.regular", 4)
    s.state.slots["wotr"]["sieges"] = {"minas-tirith": FP}
    s, cid = play(s, "ev.fp.strat.10")
    answer_all(s)
    b = S.get(s.state, "battle")
    assert b and b["attacker"] == FP and b["region"] == "minas-tirith" and b["flags"]["relief"]


@pytest.mark.card("ev.fp.strat.11", game="wotr")
def test_paths_of_the_woses_lead_a_rohan_army_to_minas_tirith():
    s = base()
    ready(s)
    s.state.slots["wotr"]["politics"]["rohan"] = {"step": 0, "active": True}
    army = S.army(s.state, "edoras", FP)
    s, cid = play(s, "ev.fp.strat.11")
    answer(s, "edoras") if "Which army" in prompt(s) else None
    answer_all(s)
    assert all(s.state.cards[x].zone == "r.minas-tirith" for x in army)


@pytest.mark.card("ev.fp.strat.12", game="wotr")
def test_through_a_day_and_a_night_moves_two_regions():
    s = base()
    ready(s)
    strider = move(s, "char.strider", "r.osgiliath")[0]
    s, cid = play(s, "ev.fp.strat.12")
    answer_all(s, pick=lambda acts: next((a for a in acts if getattr(a, "answer", "") ==
                                          "dead-marshes"), acts[0]))
    assert s.state.cards[strider].zone != "r.osgiliath"
    assert len(S.units(s.state, "osgiliath", FP)) == 0


@pytest.mark.card("ev.fp.strat.13", game="wotr")
def test_cirdans_ships_bring_two_elven_units_to_a_coast():
    s = base()
    ready(s)
    s.state.slots["wotr"]["politics"]["elves"] = {"step": 0, "active": True}
    before = figures(s, "grey-havens", "elves")
    s, cid = play(s, "ev.fp.strat.13")
    answer_all(s, pick=lambda acts: next((a for a in acts if getattr(a, "answer", "") ==
                                          "grey-havens"), acts[0]))
    assert figures(s, "grey-havens", "elves") == before + 2


RECRUITS = [  # code, region, nation, figures added, cards drawn
    ("ev.fp.strat.14", "minas-tirith", "gondor", 2, 0),
    ("ev.fp.strat.15", "lorien", "elves", 1, 1),
    ("ev.fp.strat.16", "edoras", "rohan", 2, 0),
    ("ev.fp.strat.17", "carrock", "north", 2, 0),
    ("ev.fp.strat.18", "dol-amroth", "gondor", 2, 0),
    ("ev.fp.strat.19", "dale", "north", 2, 1),
    ("ev.fp.strat.20", "the-shire", "north", 1, 1),
    ("ev.fp.strat.21", "rivendell", "elves", 1, 1),
    ("ev.fp.strat.22", "erebor", "dwarves", 2, 0),
    ("ev.fp.strat.23", "edoras", "rohan", 2, 0),
    ("ev.fp.strat.24", "woodland-realm", "elves", 1, 1),
]


@pytest.mark.card("ev.fp.strat.14", "ev.fp.strat.15", "ev.fp.strat.16", "ev.fp.strat.17",
                  "ev.fp.strat.18", "ev.fp.strat.19", "ev.fp.strat.20", "ev.fp.strat.21",
                  "ev.fp.strat.22", "ev.fp.strat.23", "ev.fp.strat.24", game="wotr")
@pytest.mark.parametrize("code, region, nation, added, drawn", RECRUITS)
def test_recruiting_cards(code, region, nation, added, drawn):
    s = base()
    ready(s)
    before = figures(s, region, nation)
    n = len(s.state.zones["hand.0"].cards)
    s, cid = play(s, code)
    answer_all(s, pick=lambda acts: next((a for a in acts if getattr(a, "answer", "") ==
                                          region), acts[0]))
    assert figures(s, region, nation) == before + added
    assert len(s.state.zones["hand.0"].cards) == n + drawn
    if code == "ev.fp.strat.20":
        assert count(s, "ered-luin", "dwarves.regular") + count(s, "ered-luin",
                                                                "dwarves.elite") == 2
