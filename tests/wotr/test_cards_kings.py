"""The event cards of Kings of Middle-earth: each card played and its effect checked (a
save and load in the middle of each)."""
import pytest

import tabletop.games.wotr.armies as armies
import tabletop.games.wotr.commands as C
import tabletop.games.wotr.state as S

from tests.wotr.cardkit import (FP, SHADOW, answer, answer_all, count, hand, move, ok, on_table,
                                play, position, prompt, ready, refused, rig, session, units)


def kings():
    return session(kings=True)


def token(s, sid: str, code: str = "hunt.2") -> int:
    """A Corruption token face down on a Sovereign (a position)."""
    cid = move(s, code, f"corrupt.{sid}")[0]
    s.state.cards[cid].face_up = False
    return cid


def corrupted(s, sid: str) -> None:
    """A Sovereign Corrupted (a position): his silver figure with the black ring at home."""
    s.state.slots["wotr"]["kome"]["sovereigns"][sid]["state"] = "corrupted"
    home = S.sovereign_region(s.state, sid)
    grey = S.sovereign_piece(s.state, sid)
    move(s, f"sov.{sid}.silver", "r." + home)
    move(s, S.code(s.state, grey), "kome.aside")


def awake(s, sid: str, region: str | None = None) -> None:
    """A Sovereign awakened (a position)."""
    s.state.slots["wotr"]["kome"]["sovereigns"][sid]["state"] = "awake"
    home = region or S.sovereign_region(s.state, sid)
    grey = S.sovereign_piece(s.state, sid)
    move(s, f"sov.{sid}.silver", "r." + home)
    move(s, S.code(s.state, grey), "kome.aside")


@pytest.mark.card("ev.fp.char.23k", game="wotr")
def test_house_of_the_stewards_may_cleanse_denethor():
    s = kings()
    ready(s)
    move(s, "char.boromir", "r.minas-tirith")
    tok = token(s, "denethor")
    n = len(s.state.zones["hand.0"].cards)
    s, cid = play(s, "ev.fp.char.23k")
    assert "Recruit, or" in prompt(s)
    answer(s, "cleanse")
    answer_all(s)
    assert s.state.cards[tok].zone == "hunt.pool"
    assert len(s.state.zones["hand.0"].cards) == n + 2


@pytest.mark.card("ev.fp.char.25k", game="wotr")
def test_aid_in_time_of_need_awakens_a_sovereign_beside_a_companion():
    s = kings()
    ready(s)
    move(s, "char.gimli", "r.erebor")
    s, cid = play(s, "ev.fp.char.25k")
    answer(s, "done")                                   # no Companion moves
    answer(s, "dain")
    assert S.sovereign_state(s.state, "dain") == "awake"


@pytest.mark.card("ev.fp.char.26k", "ev.fp.strat.08k", game="wotr")
@pytest.mark.parametrize("code", ["ev.fp.char.26k", "ev.fp.strat.08k"])
def test_looking_at_a_sovereigns_tokens_and_returning_one(code):
    s = kings()
    ready(s)
    tok = token(s, "theoden", "hunt.3")
    token(s, "theoden", "hunt.1")
    s, cid = play(s, code)
    if code.endswith("08k"):
        answer(s, 1)                                    # look at a Sovereign's tokens
    else:
        answer(s, "rohan")                              # a nation advances first
        assert S.politics(s.state, "rohan")["step"] == 2
    if "Whose" in prompt(s):
        answer(s, "theoden")
    assert "returns to the Hunt pool" in prompt(s)
    assert s.pending().data["labels"][str(tok)] == "Hunt tile 3"      # he sees them
    answer(s, tok)
    assert s.state.cards[tok].zone == "hunt.pool" and len(s.state.zones["corrupt.theoden"].cards) == 1


RALLIES = [("ev.fp.strat.16k", "theoden"), ("ev.fp.strat.19k", "brand"),
           ("ev.fp.strat.22k", "dain"), ("ev.fp.strat.24k", "thranduil")]


@pytest.mark.card("ev.fp.strat.16k", "ev.fp.strat.19k", "ev.fp.strat.22k", "ev.fp.strat.24k",
                  game="wotr")
@pytest.mark.parametrize("code, sid", RALLIES)
def test_a_corrupted_sovereign_leaves_or_his_nation_recruits(code, sid):
    s = kings()
    ready(s)
    corrupted(s, sid)
    n = len(s.state.zones["hand.0"].cards)
    s, cid = play(s, code)
    assert S.sovereign_state(s.state, sid) == "removed"
    assert len(s.state.zones["hand.0"].cards) == n + 1           # a Strategy card drawn
    s = kings()
    ready(s)
    home = S.sovereign_region(s.state, sid)
    before = len(S.army(s.state, home, FP)) if sid != "theoden" else len(S.army(s.state,
                                                                                 "edoras", FP))
    token(s, sid)
    s, cid = play(s, code)
    answer(s, "recruit")
    answer_all(s, pick=lambda acts: next((a for a in acts if getattr(a, "answer", "") ==
                                          "edoras"), acts[0]))
    where = "edoras" if sid == "theoden" else home
    assert len(S.army(s.state, where, FP)) > before


@pytest.mark.card("ev.fp.strat.25k", game="wotr")
def test_ever_at_your_service():
    s = kings()
    ready(s)
    tok = token(s, "dain")
    before = len(S.units(s.state, "erebor", FP))
    s, cid = play(s, "ev.fp.strat.25k")
    answer(s, "dain")
    answer_all(s)
    assert len(S.units(s.state, "erebor", FP)) == before + 1
    assert s.state.cards[tok].zone == "hunt.pool"


@pytest.mark.card("ev.fp.strat.26k", game="wotr")
def test_men_of_little_villages_recruit_in_four_nations():
    s = kings()
    ready(s)
    total = sum(len(S.army(s.state, r, FP)) for r in S.regions())
    s, cid = play(s, "ev.fp.strat.26k")
    answer_all(s)
    assert sum(len(S.army(s.state, r, FP)) for r in S.regions()) == total + 4


@pytest.mark.card("ev.shadow.char.25k", game="wotr")
def test_your_welcome_is_doubtful():
    s = kings()
    ready(s, SHADOW, ("event",), ("muster", "will_of_the_west"))
    s, cid = play(s, "ev.shadow.char.25k")
    assert on_table(s, cid)
    position(s, fp=("muster", "will_of_the_west"), shadow=("army",), north=(2, True))
    why = refused(s, C.Awaken(0, "brand", "dale", 0))
    assert "Your Welcome Is Doubtful" in why
    ok(s, C.DiscardTable(0, cid, 1))                     # Will of the West
    assert not on_table(s, cid)


@pytest.mark.card("ev.shadow.char.26k", game="wotr")
def test_the_west_has_failed_corrupts_without_an_eye():
    s = kings()
    ready(s, SHADOW)
    units(s, "dale", "sauron.nazgul", 1)
    s.state.slots["wotr"]["hunt_box"]["eyes"] = 2
    s, cid = play(s, "ev.shadow.char.26k")
    if "Which Sovereign" in prompt(s):
        answer(s, "dain")
    assert S.get(s.state, "hunt_box", "eyes") == 2
    q = s.pending()
    if q and "face down" in q.prompt:
        ok(s, C.KeepTile(q.seat, q.options[0]))
    assert any(s.state.zones[f"corrupt.{x}"].cards for x in ("dain", "brand"))


@pytest.mark.card("ev.shadow.strat.01k", game="wotr")
def test_return_to_valinor_with_corrupted_sovereigns(monkeypatch):
    s = kings()
    ready(s, SHADOW)
    corrupted(s, "brand")
    corrupted(s, "dain")
    rig(monkeypatch, armies, *([5] + [1] * 30))
    holds = ("rivendell", "lorien", "woodland-realm", "grey-havens")
    before = sum(len(S.units(s.state, r, FP)) + sum(1 for x in S.units(s.state, r, FP)
                                                    if S.kind(s.state, x) == "elite")
                 for r in holds)
    s, cid = play(s, "ev.shadow.strat.01k")
    answer_all(s)
    after = sum(len(S.units(s.state, r, FP)) + sum(1 for x in S.units(s.state, r, FP)
                                                   if S.kind(s.state, x) == "elite")
                for r in holds)
    assert after == before - 1                              # a 5 hits with two Corrupted


@pytest.mark.card("ev.shadow.strat.03k", game="wotr")
def test_denethors_folly_while_he_sleeps():
    s = kings()
    ready(s, SHADOW, ("event",), ("muster",), gondor=(2, True))
    s, cid = play(s, "ev.shadow.strat.03k")
    assert on_table(s, cid)
    assert "Denethor's Folly" in refused(s, C.Awaken(0, "denethor", "minas-tirith", 0))
    from tabletop.games.wotr.tablecards import no_combat_cards
    assert no_combat_cards(s.state, "minas-tirith")


@pytest.mark.card("ev.shadow.strat.05k", game="wotr")
def test_threats_and_promises_stop_awakening_with_muster_and_leave_on_corruption():
    s = kings()
    ready(s, SHADOW, ("event",), ("muster",), rohan=(2, True))
    s, cid = play(s, "ev.shadow.strat.05k")
    assert "Threats and Promises" in refused(s, C.Awaken(0, "theoden", "edoras", 0))
    from tabletop.games.wotr.kings import corrupt_sovereign
    from tabletop.games.wotr.ctx import Ctx, sync
    import random
    from tabletop.core.tx import Tx
    c = Ctx(s.state, Tx(s.state), random.Random(1), True)
    sync(c)                                               # (the engine's own start)
    corrupt_sovereign(c, "brand")
    c.run()
    assert not on_table(s, cid)


@pytest.mark.card("ev.shadow.strat.06k", game="wotr")
def test_stormcrow_corrupts_the_sovereign_of_the_nation():
    s = kings()
    ready(s, SHADOW)
    move(s, "char.gimli", "r.erebor")
    s, cid = play(s, "ev.shadow.strat.06k")
    if "Which nation" in prompt(s):
        answer(s, "dwarves")
    q = s.pending()
    if q and "face down" in (q.prompt or ""):
        ok(s, C.KeepTile(q.seat, q.options[0]))
    answer_all(s)
    assert s.state.zones["corrupt.dain"].cards
    assert S.politics(s.state, "dwarves")["step"] == 3


@pytest.mark.card("ev.shadow.strat.18k", game="wotr")
def test_the_king_is_revealed_grows_with_awakened_sovereigns():
    s = kings()
    ready(s, SHADOW)
    awake(s, "denethor")
    awake(s, "theoden")
    before = count(s, "minas-morgul", "sauron.regular") + count(s, "minas-morgul",
                                                                "sauron.nazgul")
    s, cid = play(s, "ev.shadow.strat.18k")
    answer_all(s, pick=lambda acts: next((a for a in acts if getattr(a, "answer", "") ==
                                          "nazgul"), acts[0]))     # Minas Morgul is full
    assert count(s, "minas-morgul", "sauron.regular") + count(
        s, "minas-morgul", "sauron.nazgul") == before + 8


@pytest.mark.card("ev.shadow.strat.25k", game="wotr")
def test_the_palantir_of_barad_dur_lets_a_muster_die_play_an_event():
    s = kings()
    ready(s, SHADOW, ("event", "muster", "muster"), ())
    s, cid = play(s, "ev.shadow.strat.25k")
    assert on_table(s, cid)
    morgul = hand(s, "ev.shadow.char.12", 1)               # Character cards
    lure = hand(s, "ev.shadow.char.13", 1)
    s.state.slots["wotr"]["fellowship"]["revealed"] = True
    from tests.wotr.cardkit import rebase
    s = rebase(s)
    ok(s, C.PlayEvent(1, morgul, 1))                       # a Muster die, once a turn
    assert "does not play this card" in refused(s, C.PlayEvent(1, lure, 2))


@pytest.mark.card("ev.shadow.strat.26k", game="wotr")
def test_work_of_the_enemy_hits_the_army_with_a_sovereign(monkeypatch):
    s = kings()
    ready(s, SHADOW)
    corrupted(s, "dain")
    rig(monkeypatch, armies, 4, 4, 1)
    before = len(S.units(s.state, "erebor", FP)) + sum(
        1 for x in S.units(s.state, "erebor", FP) if S.kind(s.state, x) == "elite")
    s, cid = play(s, "ev.shadow.strat.26k")
    if "Which region" in prompt(s):
        answer(s, "erebor")
    answer_all(s)
    after = len(S.units(s.state, "erebor", FP)) + sum(
        1 for x in S.units(s.state, "erebor", FP) if S.kind(s.state, x) == "elite")
    assert after == before - 2
