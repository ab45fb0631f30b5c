"""The Shadow Character deck: each card played and its effect checked (a save and load in
the middle of each)."""
import pytest

import tabletop.games.wotr.armies as armies
import tabletop.games.wotr.commands as C
import tabletop.games.wotr.effects as effects
import tabletop.games.wotr.hunt as hunt
import tabletop.games.wotr.state as S

from tests.wotr.cardkit import (FP, SHADOW, answer, answer_all, corruption, count, gollum_guides,
                                hand, move, ok, on_table, only_tiles, play, position, prompt,
                                ready, rig, session, set_fellowship, units)


def base():
    return session(kings=False)


def away(s, region="trollshaws", **more):
    """The Fellowship out in the wild (no Free Peoples settlement), moved this turn."""
    move(s, "fellowship", "r." + region)
    set_fellowship(s, **{"progress": 1, **more})


@pytest.mark.card("ev.shadow.char.01", "ev.shadow.char.02", "ev.shadow.char.03",
                  "ev.shadow.char.04", game="wotr")
@pytest.mark.parametrize("code, tile", [("ev.shadow.char.01", "hunt.red.shelob"),
                                        ("ev.shadow.char.02", "hunt.red.mine"),
                                        ("ev.shadow.char.03", "hunt.red.onon"),
                                        ("ev.shadow.char.04", "hunt.red.uss")])
def test_shadow_special_tiles_wait_for_the_mordor_track(code, tile):
    s = base()
    ready(s, SHADOW)
    s, cid = play(s, code)
    assert tile in S.get(s.state, "ev")["ready"]
    s = base()
    ready(s, SHADOW)
    set_fellowship(s, mordor=2)
    s, cid = play(s, code)
    assert S.find(s.state, "hunt.pool", tile) is not None


@pytest.mark.card("ev.shadow.char.05", game="wotr")
def test_orc_patrol_hunts_away_from_settlements():
    s = base()
    ready(s, SHADOW)
    away(s)
    only_tiles(s, "hunt.3")
    s, cid = play(s, "ev.shadow.char.05")
    answer(s, "ring")
    assert corruption(s) == 3
    s = base()
    ready(s, SHADOW)
    away(s)
    only_tiles(s, "hunt.eye")                         # an Eye: no effect
    s, cid = play(s, "ev.shadow.char.05")
    assert corruption(s) == 0


@pytest.mark.card("ev.shadow.char.06", game="wotr")
def test_isildurs_bane_damage_goes_to_the_ring():
    s = base()
    ready(s, SHADOW)
    away(s)
    only_tiles(s, "hunt.2")
    s, cid = play(s, "ev.shadow.char.06")
    assert corruption(s) == 2 and not s.state.zones["chars.dead"].cards


@pytest.mark.card("ev.shadow.char.07", game="wotr")
def test_foul_thing_takes_a_random_companion_first():
    s = base()
    ready(s, SHADOW)
    away(s)
    only_tiles(s, "hunt.3")
    s, cid = play(s, "ev.shadow.char.07")
    answer_all(s, pick=lambda acts: next((a for a in acts if getattr(a, "answer", "") == "ring"),
                                         acts[0]))
    dead = [S.code(s.state, x) for x in s.state.zones["chars.dead"].cards]
    taken = [x for x in dead if x.startswith("char.")]
    assert taken and corruption(s) <= 2


@pytest.mark.card("ev.shadow.char.08", game="wotr")
def test_candles_of_corpses_corrupt_on_fours_or_sixes_with_gollum(monkeypatch):
    s = base()
    ready(s, SHADOW)
    away(s)
    rig(monkeypatch, effects, 4, 5, 1)
    s, cid = play(s, "ev.shadow.char.08")
    assert corruption(s) == 2
    s = base()
    ready(s, SHADOW)
    away(s)
    gollum_guides(s)
    rig(monkeypatch, effects, 4, 6, 1)
    s, cid = play(s, "ev.shadow.char.08")
    assert corruption(s) == 1


def fly(s, origin: str, dest: str):
    """Answer "Nazgûl fly" questions: from ``origin`` to ``dest``, then no more."""
    answer(s, origin)
    if "How many" in prompt(s):
        answer(s, s.pending().max)
    answer(s, dest)
    answer(s, "done")


@pytest.mark.card("ev.shadow.char.09", game="wotr")
def test_nazgul_search_reveals_the_fellowship():
    s = base()
    ready(s, SHADOW)
    away(s)
    s, cid = play(s, "ev.shadow.char.09")
    fly(s, "minas-morgul", "trollshaws")
    assert S.get(s.state, "fellowship", "revealed")
    assert count(s, "trollshaws", "sauron.nazgul") >= 1


@pytest.mark.card("ev.shadow.char.10", game="wotr")
def test_cruel_weather_drives_the_fellowship_away():
    s = base()
    ready(s, SHADOW)
    away(s)
    s, cid = play(s, "ev.shadow.char.10")
    answer(s, "ettenmoors")
    assert S.fellowship_region(s.state) == "ettenmoors"


@pytest.mark.card("ev.shadow.char.11", game="wotr")
def test_the_nazgul_strike_discards_a_card_from_the_table():
    s = base()
    ready(s, FP, ("event",), ("event",))
    away(s)
    s, mithril = play(s, "ev.fp.char.05")                 # the Free Peoples' card on the table
    s, cid = play(s, "ev.shadow.char.11")
    fly(s, "minas-morgul", "trollshaws")
    answer(s, mithril)
    assert not on_table(s, mithril)


@pytest.mark.card("ev.shadow.char.12", game="wotr")
def test_morgul_wound_two_or_one_corruption():
    s = base()
    ready(s, SHADOW)
    set_fellowship(s, revealed=True, corruption=3)
    s, cid = play(s, "ev.shadow.char.12")
    assert corruption(s) == 5
    s = base()
    ready(s, SHADOW)
    set_fellowship(s, revealed=True, corruption=4)
    s, cid = play(s, "ev.shadow.char.12")
    assert corruption(s) == 5


@pytest.mark.card("ev.shadow.char.13", game="wotr")
def test_lure_of_the_ring_corruption_or_a_companion():
    s = base()
    ready(s, SHADOW)
    set_fellowship(s, revealed=True)
    s, cid = play(s, "ev.shadow.char.13")
    assert "is drawn" in prompt(s)
    answer(s, "corruption")
    assert 1 <= corruption(s) <= 3


@pytest.mark.card("ev.shadow.char.14", game="wotr")
def test_the_breaking_of_the_fellowship_separates_companions():
    s = base()
    ready(s, SHADOW)
    set_fellowship(s, revealed=True)
    only_tiles(s, "hunt.2")
    s, cid = play(s, "ev.shadow.char.14")
    answer_all(s)
    assert len(s.state.zones["fellowship"].cards) == 5
    assert sum(1 for x in S.pieces_in(s.state, "rivendell")
               if S.code(s.state, x).startswith("char.")) == 2


@pytest.mark.card("ev.shadow.char.15", game="wotr")
def test_worn_with_sorrow_discards_a_free_peoples_card_when_a_companion_falls(monkeypatch):
    s = base()
    ready(s, SHADOW, ("event",), ("character",))
    s, cid = play(s, "ev.shadow.char.15")
    assert on_table(s, cid)
    fp_card = hand(s, "ev.fp.char.09", 0)
    for x in list(s.state.zones["hand.0"].cards):
        if ".char." in S.code(s.state, x) and x != fp_card:
            move(s, S.code(s.state, x), "discard.fp.character")
    only_tiles(s, "hunt.3")
    s.state.slots["wotr"]["hunt_box"]["eyes"] = 1
    rig(monkeypatch, hunt, 6)
    ok(s, C.FellowshipMove(0, 0))
    answer(s, "guide")                                    # Gandalf falls
    assert "Worn with Sorrow" in prompt(s)
    answer(s, "hand")
    assert s.state.cards[fp_card].zone == "discard.fp.character"


@pytest.mark.card("ev.shadow.char.16", game="wotr")
def test_flocks_of_crebain_add_one_to_the_hunt(monkeypatch):
    s = base()
    ready(s, SHADOW, ("event",), ("character",))
    s, cid = play(s, "ev.shadow.char.16")
    only_tiles(s, "hunt.1")
    s.state.slots["wotr"]["hunt_box"]["eyes"] = 1
    rig(monkeypatch, hunt, 5)
    ok(s, C.FellowshipMove(0, 0))
    assert "Crebain" in prompt(s)
    answer(s, True)                                       # a 5 hits with +1
    assert not on_table(s, cid)
    assert s.state.zones["hunt.drawn"].cards              # the tile was drawn


@pytest.mark.card("ev.shadow.char.17", game="wotr")
def test_balrog_of_moria_draws_a_tile_when_the_fellowship_is_found_there():
    s = base()
    ready(s, SHADOW)
    s, cid = play(s, "ev.shadow.char.17")
    assert on_table(s, cid)
    only_tiles(s, "hunt.2")
    move(s, "fellowship", "r.hollin")
    set_fellowship(s, progress=1)
    position(s, phase="fellowship")
    ok(s, C.Declare(0, "moria"))
    assert "Balrog" in prompt(s)
    answer(s, True)
    answer_all(s, pick=lambda acts: next((a for a in acts if getattr(a, "answer", "") == "ring"),
                                         acts[0]))
    assert corruption(s) == 2 and not on_table(s, cid)


@pytest.mark.card("ev.shadow.char.18", game="wotr")
def test_the_lidless_eye_turns_dice_into_eyes():
    s = base()
    ready(s, SHADOW, ("event", "army", "muster", "character"))
    s, cid = play(s, "ev.shadow.char.18")
    answer(s, (1, 2, 3))
    assert S.get(s.state, "hunt_box", "eyes") == 3
    assert len(S.get(s.state, "dice", SHADOW)) == 1


@pytest.mark.card("ev.shadow.char.19", game="wotr")
def test_dreadful_spells_hit_a_neighbouring_army(monkeypatch):
    s = base()
    ready(s, SHADOW)
    units(s, "north-ithilien", "gondor.regular", 3)
    rig(monkeypatch, armies, 5, 1)
    s, cid = play(s, "ev.shadow.char.19")
    answer_all(s, pick=lambda acts: next((a for a in acts if getattr(a, "answer", "") ==
                                          "minas-morgul>north-ithilien"), acts[0]))
    assert count(s, "north-ithilien", "gondor.regular") == 2


@pytest.mark.card("ev.shadow.char.20", game="wotr")
def test_grond_assaults_for_three_rounds():
    s = base()
    ready(s, SHADOW)
    units(s, "minas-tirith", "sauron.regular", 5)
    move(s, "char.witch-king", "r.minas-tirith")
    s.state.slots["wotr"]["sieges"] = {"minas-tirith": FP}
    s, cid = play(s, "ev.shadow.char.20")
    b = S.get(s.state, "battle")
    assert b["kind"] == "siege" and b["flags"]["rounds"] == 3 and b["flags"]["no_card"] == 1


@pytest.mark.card("ev.shadow.char.21", game="wotr")
def test_the_palantir_of_orthanc_draws_after_an_event_die():
    s = base()
    ready(s, SHADOW, ("event", "event"), ("will_of_the_west",))
    move(s, "char.saruman", "r.orthanc")
    s, cid = play(s, "ev.shadow.char.21")
    assert on_table(s, cid)
    position(s, acting=SHADOW, fp=("will_of_the_west",), shadow=("event",))
    n = len(s.state.zones["hand.1"].cards)
    s, other = play(s, "ev.shadow.char.12") if False else play(s, "ev.shadow.strat.22")
    answer_all(s, pick=lambda acts: next((a for a in acts if getattr(a, "answer", "") ==
                                          "character"), acts[0]))
    assert len(s.state.zones["hand.1"].cards) == n + 1 - 0      # the card left, one drawn
    ok(s, C.DiscardTable(0, cid, 0))                            # Will of the West
    assert not on_table(s, cid)


@pytest.mark.card("ev.shadow.char.22", game="wotr")
def test_wormtongue_keeps_rohan_passive():
    s = base()
    ready(s, SHADOW, ("event", "army"), ())
    move(s, "char.saruman", "r.orthanc")
    s, cid = play(s, "ev.shadow.char.22")
    assert on_table(s, cid)
    army = units(s, "fords-of-isen", "isengard.regular", 2)
    s.state.slots["wotr"]["politics"]["isengard"]["step"] = 0
    clear = [x for x in S.pieces_in(s.state, "fords-of-isen") if S.side_of_piece(s.state, x) == FP]
    for x in clear:
        move(s, S.code(s.state, x), "reinf.rohan")
    ok(s, C.MoveFigures(1, tuple(army), "westemnet", 1))       # into Rohan: no activation
    assert not S.politics(s.state, "rohan")["active"] and on_table(s, cid)


@pytest.mark.card("ev.shadow.char.23", game="wotr")
def test_the_ringwraiths_are_abroad():
    s = base()
    ready(s, SHADOW)
    s, cid = play(s, "ev.shadow.char.23")
    fly(s, "minas-morgul", "dagorlad")
    assert count(s, "dagorlad", "sauron.nazgul") >= 1
    answer(s, "move")
    assert "Which army moves?" in prompt(s)
    answer(s, "dol-guldur")
    answer_all(s)
    assert not S.units(s.state, "dol-guldur", SHADOW) or count(s, "dol-guldur",
                                                                "sauron.nazgul") == 0


@pytest.mark.card("ev.shadow.char.24", game="wotr")
def test_the_black_captain_commands():
    s = base()
    ready(s, SHADOW)
    move(s, "char.witch-king", "r.minas-morgul")
    naz = count(s, "minas-morgul", "sauron.nazgul")
    s, cid = play(s, "ev.shadow.char.24")
    answer(s, "recruit")
    answer_all(s, pick=lambda acts: next((a for a in acts if getattr(a, "answer", "") ==
                                          "done"), acts[0]))
    assert count(s, "minas-morgul", "sauron.nazgul") == naz + 2
