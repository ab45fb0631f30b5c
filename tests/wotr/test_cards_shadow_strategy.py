"""The Shadow Strategy deck: each card played and its effect checked (a save and load in
the middle of each)."""
import pytest

import tabletop.games.wotr.armies as armies
import tabletop.games.wotr.commands as C
import tabletop.games.wotr.state as S

from tests.wotr.helpers import attack
from tests.wotr.cardkit import (FP, SHADOW, answer, answer_all, clear, count, move, ok,
                                on_table, play, prompt, ready, refused, rig, session, units)

ALL_WAR = {"sauron": (0, True), "isengard": (0, True), "southrons": (0, True)}


def base():
    return session(kings=False)


def figures(s, region: str, nation: str) -> int:
    return sum(count(s, region, f"{nation}.{k}") for k in ("regular", "elite", "leader",
                                                           "nazgul"))


@pytest.mark.card("ev.shadow.strat.01", game="wotr")
def test_return_to_valinor_strikes_elven_strongholds_on_sixes(monkeypatch):
    s = base()
    ready(s, SHADOW)
    s.state.slots["wotr"]["captured"] = {"grey-havens": SHADOW}
    clear(s, "grey-havens")
    units(s, "grey-havens", "sauron.regular", 1)
    rig(monkeypatch, armies, *([6] + [1] * 30))
    holds = ("rivendell", "lorien", "woodland-realm")
    before = sum(len(S.units(s.state, r, FP)) for r in holds)
    s, cid = play(s, "ev.shadow.strat.01")
    answer_all(s)
    assert sum(len(S.units(s.state, r, FP)) for r in holds) == before - 1


@pytest.mark.card("ev.shadow.strat.02", game="wotr")
def test_the_fighting_uruk_hai_assault_for_three_rounds():
    s = base()
    ready(s, SHADOW)
    move(s, "char.saruman", "r.orthanc")
    units(s, "helms-deep", "isengard.regular", 4)
    s.state.slots["wotr"]["sieges"] = {"helms-deep": FP}
    s, cid = play(s, "ev.shadow.strat.02")
    b = S.get(s.state, "battle")
    assert b["region"] == "helms-deep" and b["kind"] == "siege" and b["flags"]["rounds"] == 3


@pytest.mark.card("ev.shadow.strat.03", game="wotr")
def test_denethors_folly_kills_a_leader_and_bars_combat_cards():
    s = base()
    ready(s, SHADOW, ("event",), ("will_of_the_west",))
    units(s, "minas-tirith", "sauron.regular", 3)
    s.state.slots["wotr"]["sieges"] = {"minas-tirith": FP}
    leaders = count(s, "minas-tirith", "gondor.leader")
    s, cid = play(s, "ev.shadow.strat.03")
    assert on_table(s, cid) and count(s, "minas-tirith", "gondor.leader") == leaders - 1
    from tabletop.games.wotr.tablecards import no_combat_cards
    assert no_combat_cards(s.state, "minas-tirith")
    ok(s, C.DiscardTable(0, cid, 0))                          # Will of the West
    assert not on_table(s, cid)


@pytest.mark.card("ev.shadow.strat.04", game="wotr")
def test_the_day_without_dawn_takes_the_will_of_the_west():
    s = base()
    ready(s, SHADOW, ("event",), ("will_of_the_west", "army", "will_of_the_west"), **ALL_WAR)
    s, cid = play(s, "ev.shadow.strat.04")
    assert [d["face"] for d in S.get(s.state, "dice", FP)] == ["army"]


@pytest.mark.card("ev.shadow.strat.05", game="wotr")
def test_threats_and_promises_stop_muster_dice_on_passive_nations():
    s = base()
    ready(s, SHADOW, ("event",), ("muster",))
    s, cid = play(s, "ev.shadow.strat.05")
    assert on_table(s, cid)
    why = refused(s, C.Politics(0, "rohan", 1, 0))
    assert "Threats and Promises" in why
    ok(s, C.Politics(0, "elves", 1, 0))                       # an active nation may
    # an attack advancing a Free Peoples nation sends it away
    ready(s, SHADOW, ("army",), ())
    units(s, "fords-of-isen", "isengard.regular", 2)
    s.state.slots["wotr"]["politics"]["isengard"]["step"] = 0
    clear(s, "helms-deep")
    units(s, "helms-deep", "rohan.regular", 1)
    attack(s, C.Attack(1, "fords-of-isen", "helms-deep", 0))
    assert not on_table(s, cid)


@pytest.mark.card("ev.shadow.strat.06", game="wotr")
def test_stormcrow_sets_a_nation_back():
    s = base()
    ready(s, SHADOW)
    move(s, "char.gimli", "r.erebor")
    step = S.politics(s.state, "dwarves")["step"]
    n = sum(figures(s, r, "dwarves") for r in ("erebor", "ered-luin", "iron-hills"))
    s, cid = play(s, "ev.shadow.strat.06")
    if "Which nation" in prompt(s):
        answer(s, "dwarves")
    answer_all(s)
    assert S.politics(s.state, "dwarves")["step"] == min(3, step + 1)
    assert sum(figures(s, r, "dwarves") for r in ("erebor", "ered-luin", "iron-hills")) == n - 1


@pytest.mark.card("ev.shadow.strat.07", "ev.shadow.strat.08", "ev.shadow.strat.09",
                  game="wotr")
@pytest.mark.parametrize("code, moves", [("ev.shadow.strat.07", 1), ("ev.shadow.strat.08", 2),
                                         ("ev.shadow.strat.09", 4)])
def test_shadow_armies_move_by_card(code, moves):
    s = base()
    ready(s, SHADOW, **ALL_WAR)
    units(s, "dagorlad", "sauron.regular", 1)
    s, cid = play(s, code)
    done = 0
    while "Which army moves?" in prompt(s) and done < moves:
        origin = next(o for o in s.pending().options if o != "done")
        answer(s, origin)
        if "Which figures" in prompt(s):
            answer(s, tuple(s.pending().options))
        dest = s.pending().options[0]
        answer(s, dest)
        done += 1
    answer_all(s, pick=lambda acts: next((a for a in acts if getattr(a, "answer", "") ==
                                          "done"), acts[0]))
    assert done >= 1


@pytest.mark.card("ev.shadow.strat.10", game="wotr")
def test_the_corsairs_sail_and_cannot_cease():
    s = base()
    ready(s, SHADOW, southrons=(0, True))
    s, cid = play(s, "ev.shadow.strat.10")
    answer(s, "dol-amroth")
    b = S.get(s.state, "battle")
    assert b["origin"] == "umbar" and b["region"] == "dol-amroth" and b["flags"]["no_cease"]


@pytest.mark.card("ev.shadow.strat.11", game="wotr")
def test_rage_of_the_dunlendings():
    s = base()
    ready(s, SHADOW, isengard=(0, True))
    s, cid = play(s, "ev.shadow.strat.11")
    answer(s, "hollin")
    if "join them" in prompt(s):
        answer(s, tuple(s.pending().options[:2]))
    assert count(s, "hollin", "isengard.regular") >= 2


@pytest.mark.card("ev.shadow.strat.12", game="wotr")
def test_return_of_the_witch_king_to_angmar():
    s = base()
    ready(s, SHADOW)
    wk = move(s, "char.witch-king", "r.minas-morgul")[0]
    s, cid = play(s, "ev.shadow.strat.12")
    assert s.state.cards[wk].zone == "r.angmar"
    assert count(s, "angmar", "sauron.regular") == 2 and count(s, "angmar", "sauron.elite") == 1


RECRUITS = [  # code, politics, region picked, nation, figures added
    ("ev.shadow.strat.13", {"isengard": (0, True)}, "orthanc", "isengard", 1),
    ("ev.shadow.strat.14", {"sauron": (0, True)}, "minas-morgul", "sauron", 1),
    ("ev.shadow.strat.16", {}, "orthanc", "isengard", 2),
    ("ev.shadow.strat.17", {}, "umbar", "southrons", 2),
    ("ev.shadow.strat.18", {}, "minas-morgul", "sauron", 6),
    ("ev.shadow.strat.19", {}, "mount-gram", "sauron", 3),
    ("ev.shadow.strat.20", {}, "dol-guldur", "sauron", 3),
    ("ev.shadow.strat.21", {"southrons": (0, True)}, "khand", "southrons", 5),
    ("ev.shadow.strat.22", {}, "trollshaws", "sauron", 1),
    ("ev.shadow.strat.23", ALL_WAR, "nurn", "sauron", 5),
    ("ev.shadow.strat.24", {"sauron": (0, True)}, "barad-dur", "sauron", 2),
]


@pytest.mark.card("ev.shadow.strat.13", "ev.shadow.strat.14", "ev.shadow.strat.16",
                  "ev.shadow.strat.17", "ev.shadow.strat.18", "ev.shadow.strat.19",
                  "ev.shadow.strat.20", "ev.shadow.strat.21", "ev.shadow.strat.22",
                  "ev.shadow.strat.23", "ev.shadow.strat.24", game="wotr")
@pytest.mark.parametrize("code, politics, region, nation, added", RECRUITS)
def test_shadow_recruiting_cards(code, politics, region, nation, added):
    s = base()
    ready(s, SHADOW, **politics)
    if code == "ev.shadow.strat.16":
        move(s, "char.saruman", "r.orthanc")
    if code == "ev.shadow.strat.18":
        move(s, "char.aragorn", "r.minas-tirith")
    before = figures(s, region, nation)
    s, cid = play(s, code)
    answer_all(s, pick=lambda acts: next((a for a in acts if getattr(a, "answer", "") ==
                                          region), acts[0]))
    assert figures(s, region, nation) == before + added


@pytest.mark.card("ev.shadow.strat.15", game="wotr")
def test_hill_trolls_make_two_elites():
    s = base()
    ready(s, SHADOW, sauron=(0, True))
    elites = count(s, "minas-morgul", "sauron.elite")
    s, cid = play(s, "ev.shadow.strat.15")
    answer(s, "minas-morgul")
    answer(s, "minas-morgul")
    assert count(s, "minas-morgul", "sauron.elite") == elites + 2
