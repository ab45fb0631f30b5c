"""The character cards: Companions, Gollum, Gandalf the White, Aragorn, the Minions, the
Sovereigns (awakened and Corrupted) and the Dark Chieftains, each doing what its card says
(a save and load in the middle of each)."""
import pytest

import tabletop.games.wotr.commands as C
import tabletop.games.wotr.hunt as hunt
import tabletop.games.wotr.state as S
from tabletop.games.wotr.turn import fresh_pool

from tests.wotr.cardkit import (FP, SHADOW, answer, answer_all, clear, count, corruption, gollum_guides,
                                hand, move, ok, only_tiles, position, prompt, rebase, refused,
                                reload, rig, session, set_fellowship, units)
from tests.wotr.test_cards_kings import awake, corrupted


def base():
    return session(kings=False)


def at(s, who: str, region: str) -> int:
    return move(s, "char." + who, "r." + region)[0]


def step(s, nation: str) -> int:
    return S.politics(s.state, nation)["step"]


@pytest.mark.card("char.gandalf-grey", game="wotr")
def test_gandalf_guiding_draws_after_an_event_die():
    s = base()
    position(s, fp=("event",), shadow=("army",))
    cid = hand(s, "ev.fp.char.12", 0)
    n = len(s.state.zones["hand.0"].cards)
    s = rebase(s)
    ok(s, C.PlayEvent(0, cid, 0))
    s = reload(s)
    assert "Gandalf guides" in prompt(s)
    answer(s, True)
    assert len(s.state.zones["hand.0"].cards) == n        # played one, drew one


@pytest.mark.card("char.strider", game="wotr")
def test_strider_guiding_hides_the_fellowship_with_any_die():
    s = base()
    position(s, fp=("muster",), shadow=("army",))
    set_fellowship(s, guide="strider", revealed=True)
    s = reload(rebase(s))
    ok(s, C.CharacterAbility(0, "strider", 0))
    assert not S.get(s.state, "fellowship", "revealed")


@pytest.mark.card("char.boromir", "char.legolas", "char.gimli", game="wotr")
@pytest.mark.parametrize("who, region, nation", [("boromir", "minas-tirith", "gondor"),
                                                 ("legolas", "woodland-realm", "elves"),
                                                 ("gimli", "erebor", "dwarves")])
def test_companions_stir_their_nations_with_any_die(who, region, nation):
    s = base()
    position(s, fp=("character",), shadow=("army",))
    s.state.slots["wotr"]["politics"][nation]["active"] = True
    at(s, who, region)
    before = step(s, nation)
    s = reload(rebase(s))
    ok(s, C.CharacterAbility(0, who, 0))
    assert step(s, nation) == before - 1


@pytest.mark.card("char.meriadoc", "char.peregrin", game="wotr")
@pytest.mark.parametrize("who", ["meriadoc", "peregrin"])
def test_hobbits_guide_away_the_damage_and_are_taken_alive(monkeypatch, who):
    s = base()
    position(s, fp=("character",), shadow=("army",))
    for other in ("gandalf-grey", "strider", "boromir", "legolas", "gimli"):
        move(s, "char." + other, "chars.dead")
    set_fellowship(s, guide=who)
    only_tiles(s, "hunt.1")
    s.state.slots["wotr"]["hunt_box"]["eyes"] = 1
    rig(monkeypatch, hunt, 6)
    s = rebase(s)
    ok(s, C.FellowshipMove(0, 0))
    s = reload(s)
    assert "hobbit" in s.pending().options
    answer(s, "hobbit")
    hobbit = S.find_anywhere(s.state, "char." + who)
    assert s.state.cards[hobbit].zone.startswith("r.") and corruption(s) == 0
    # taken as a casualty from the Fellowship, a Hobbit stays in play beside it
    s = base()
    position(s, fp=("character",), shadow=("army",))
    only_tiles(s, "hunt.3")
    s.state.slots["wotr"]["hunt_box"]["eyes"] = 1
    for other in ("gandalf-grey", "strider", "boromir", "legolas", "gimli",
                  "meriadoc", "peregrin"):
        if other != who:
            move(s, "char." + other, "chars.dead")
    set_fellowship(s, guide=who)
    s = rebase(s)
    ok(s, C.FellowshipMove(0, 0))
    answer(s, "guide")
    hobbit = S.find_anywhere(s.state, "char." + who)
    assert s.state.cards[hobbit].zone == "r.rivendell"
    assert S.find(s.state, "fellowship", "char.gollum") is not None       # Gollum guides


@pytest.mark.card("char.gollum", game="wotr")
def test_gollum_guides_and_reveals_to_lower_the_damage(monkeypatch):
    s = base()
    position(s, fp=("character",), shadow=("army",))
    gollum_guides(s)
    only_tiles(s, "hunt.2")
    s.state.slots["wotr"]["hunt_box"]["eyes"] = 1
    rig(monkeypatch, hunt, 6)
    s = rebase(s)
    ok(s, C.FellowshipMove(0, 0))
    s = reload(s)
    answer(s, "gollum")
    assert corruption(s) == 1 and S.get(s.state, "fellowship", "revealed")


@pytest.mark.card("char.aragorn", game="wotr")
def test_aragorn_replaces_strider_and_brings_a_die():
    s = base()
    position(s, fp=("will_of_the_west",), shadow=("army",))
    strider = at(s, "strider", "minas-tirith")
    dice = len(fresh_pool(s.state, FP))
    s = reload(rebase(s))
    ok(s, C.BringCharacter(0, "aragorn", "minas-tirith", 0))
    assert s.state.cards[strider].zone == "chars.dead"
    assert S.find(s.state, "r.minas-tirith", "char.aragorn") is not None
    assert len(fresh_pool(s.state, FP)) == dice + 1


@pytest.mark.card("char.gandalf-white", game="wotr")
def test_gandalf_the_white_comes_once_a_minion_came():
    s = base()
    position(s, fp=("will_of_the_west",), shadow=("army",))
    move(s, "char.gandalf-grey", "chars.dead")
    assert "cannot enter" in refused(s, C.BringCharacter(0, "gandalf-white", "fangorn", 0))
    at(s, "saruman", "orthanc")
    s = reload(rebase(s))
    ok(s, C.BringCharacter(0, "gandalf-white", "fangorn", 0))
    assert S.find(s.state, "r.fangorn", "char.gandalf-white") is not None
    # by a drag from the side, as at a real table
    s = base()
    position(s, fp=("will_of_the_west",), shadow=("army",))
    at(s, "saruman", "orthanc")
    grey = at(s, "gandalf-grey", "edoras")
    gw = S.find_anywhere(s.state, "char.gandalf-white")
    s = rebase(s)
    ok(s, C.MoveFigures(0, (gw,), "edoras", 0))
    assert s.state.cards[gw].zone == "r.edoras" and s.state.cards[grey].zone == "chars.dead"


@pytest.mark.card("char.saruman", game="wotr")
def test_saruman_comes_to_orthanc_speaks_and_never_leaves():
    s = base()
    position(s, acting=SHADOW, fp=(), shadow=("muster", "muster", "character"),
             isengard=(0, True))
    s = reload(rebase(s))
    ok(s, C.BringCharacter(1, "saruman", "orthanc", 0))
    dunland = count(s, "north-dunland", "isengard.regular")
    ok(s, C.CharacterAbility(1, "saruman-recruit", 1))
    assert count(s, "north-dunland", "isengard.regular") == dunland + 1
    sar = S.find_anywhere(s.state, "char.saruman")
    assert "never leaves Orthanc" in refused(s, C.MoveFigures(1, (sar,), "fords-of-isen", 2))


@pytest.mark.card("char.witch-king", game="wotr")
def test_the_witch_king_comes_and_every_free_people_wakes():
    s = base()
    position(s, acting=SHADOW, fp=(), shadow=("muster",), sauron=(0, True), elves=(0, True))
    s = reload(rebase(s))
    ok(s, C.BringCharacter(1, "witch-king", "minas-morgul", 0))
    assert all(S.politics(s.state, n)["active"] for n in ("gondor", "rohan", "north",
                                                         "dwarves", "elves"))


@pytest.mark.card("char.mouth-of-sauron", game="wotr")
def test_the_mouth_of_sauron_turns_a_muster_die_into_an_army_die():
    s = base()
    position(s, acting=SHADOW, fp=(), shadow=("muster", "muster", "muster"))
    set_fellowship(s, mordor=0)
    s = reload(rebase(s))
    ok(s, C.BringCharacter(1, "mouth-of-sauron", "barad-dur", 0))
    army = tuple(x for x in S.army(s.state, "morannon", SHADOW)
                 if S.kind(s.state, x) in ("regular", "elite"))
    ok(s, C.MoveFigures(1, army, "dagorlad", 1))          # a Muster die moves an army
    s.submit(C.Decline(1))
    army = tuple(x for x in S.army(s.state, "dagorlad", SHADOW)
                 if S.kind(s.state, x) in ("regular", "elite"))
    assert "does not allow" in refused(s, C.MoveFigures(1, army, "morannon", 2))   # once


# ------------------------------------------------------------------- Sovereigns
def kings_position(s, fp=("muster*",), **politics):
    position(s, fp=fp, shadow=("army",), **politics)


@pytest.mark.card("card.sov.brand", "card.sov.theoden", game="wotr")
@pytest.mark.parametrize("sid, nation, home", [("brand", "north", "dale"),
                                               ("theoden", "rohan", "edoras")])
def test_call_to_arms_and_mustering_of_the_mark(sid, nation, home):
    s = session()
    kings_position(s, **{nation: (0, True)})
    awake(s, sid)
    regs = sum(count(s, r, f"{nation}.regular") for r in S.regions())
    s = reload(rebase(s))
    ok(s, C.RulerAbility(0, sid, 0))
    answer_all(s)
    assert sum(count(s, r, f"{nation}.regular") for r in S.regions()) == regs + 3


@pytest.mark.card("card.sov.dain", "card.sov.denethor", "card.sov.thranduil", game="wotr")
@pytest.mark.parametrize("sid, nation, city", [("dain", "dwarves", "erebor"),
                                               ("denethor", "gondor", "minas-tirith"),
                                               ("thranduil", "elves", "woodland-realm")])
def test_a_sovereigns_muster_die_makes_an_elite_in_his_city(sid, nation, city):
    s = session()
    position(s, fp=("muster", "event*", "character*", "muster*"), shadow=("army",),
             **{nation: (0, True)})
    awake(s, sid, city)
    elites = count(s, city, f"{nation}.elite")
    s = reload(rebase(s))
    ok(s, C.CharacterAbility(0, sid, 0))
    assert count(s, city, f"{nation}.elite") == elites + 1
    # and the second ability with the Ruler die
    if sid == "denethor":
        n = len(s.state.zones["hand.0"].cards)
        position(s, fp=("event*",), shadow=("army",))
        ok(s, C.RulerAbility(0, sid, 0))
        answer(s, "character")
        answer(s, "strategy")
        assert len(s.state.zones["hand.0"].cards) == n + 2
    elif sid == "thranduil":
        position(s, fp=("character*",), shadow=("army",))
        ok(s, C.RulerAbility(0, sid, 0))
        answer(s, "fellowship")
        assert S.get(s.state, "fellowship", "progress") == 1
    else:
        position(s, fp=("muster*",), shadow=("army",))
        units_before = len(S.army(s.state, city, FP))
        ok(s, C.RulerAbility(0, sid, 0))
        answer_all(s)
        assert len(S.army(s.state, city, FP)) == units_before + 1


CORRUPT = [("brand", "north", "elite", "dale"), ("dain", "dwarves", "leader", "erebor"),
           ("denethor", "gondor", "elite", "minas-tirith"),
           ("theoden", "rohan", "leader", "edoras"),
           ("thranduil", "elves", "elite", "woodland-realm")]


@pytest.mark.card("card.sovc.brand", "card.sovc.dain", "card.sovc.denethor",
                  "card.sovc.theoden", "card.sovc.thranduil", game="wotr")
@pytest.mark.parametrize("sid, nation, unit, region", CORRUPT)
def test_a_corrupted_sovereigns_weakness_forbids_mustering(sid, nation, unit, region):
    s = session()
    position(s, fp=("muster",), shadow=("army",), **{nation: (0, True)})
    ok(s, C.Recruit(0, nation, unit, region, 0))          # not yet
    s = session()
    position(s, fp=("muster",), shadow=("army",), **{nation: (0, True)})
    corrupted(s, sid)
    s = reload(rebase(s))
    why = refused(s, C.Recruit(0, nation, unit, region, 0))
    assert "weakness" in why


@pytest.mark.card("card.sovc.theoden", game="wotr")
def test_the_mark_of_the_white_hand_lets_isengard_muster_in_helms_deep():
    s = session()
    position(s, acting=SHADOW, fp=(), shadow=("muster",), isengard=(0, True))
    corrupted(s, "theoden")
    clear(s, "helms-deep")
    s.state.slots["wotr"]["captured"] = {"helms-deep": SHADOW}
    s = reload(rebase(s))
    ok(s, C.Recruit(1, "isengard", "regular", "helms-deep", 0))
    assert count(s, "helms-deep", "isengard.regular") == 1


# -------------------------------------------------------------- Dark Chieftains
@pytest.mark.card("card.dc.the-black-serpent", "card.dc.the-shadow-of-mirkwood",
                  "card.dc.ugluk", game="wotr")
@pytest.mark.parametrize("did, home, nation, war", [
    ("the-black-serpent", "near-harad", "southrons", "gondor"),
    ("the-shadow-of-mirkwood", "dol-guldur", "sauron", "elves"),
    ("ugluk", "orthanc", "isengard", "rohan")])
def test_dark_chieftains_come_and_lead(did, home, nation, war):
    s = session()
    position(s, acting=SHADOW, fp=(), shadow=("muster",), **{war: (0, True)})
    units(s, home, f"{nation}.regular", 1)
    s = reload(rebase(s))
    ok(s, C.BringChieftain(1, did, home, 0))
    assert S.find(s.state, "r." + home, f"dc.{did}") is not None
    assert S.get(s.state, "kome", "ruler_dice", SHADOW) == "due"
    from tabletop.games.wotr.combat import leadership
    b = {"region": "x", "origin": home, "attacker": SHADOW, "round": 1, "abilities": {}}
    assert leadership(s.state, b, SHADOW) >= 1
