"""Kings of Middle-earth, rule by rule, as stories: set up a position, act, check."""
import tabletop.games.wotr.commands as C
import tabletop.games.wotr.state as S
from tabletop.core.view import view

from tests.wotr.helpers import (FP, SHADOW, ok, piece, place, place_id, position, refused,
                                session)


def zone_of(s, code):
    return s.state.cards[piece(s, code)].zone


# ------------------------------------------------------------------ awaken
def test_awaken_a_sovereign_and_the_ruler_die_joins_next_turn():
    s = session()
    position(s, fp=("muster", "event"), shadow=("army",), dwarves=(3, True))
    ok(s, C.Awaken(0, "dain", "", 0))
    st = s.state
    assert S.sovereign_state(st, "dain") == "awake"
    assert zone_of(s, "sov.dain.silver") == "r.erebor" and zone_of(s, "sov.dain") == "kome.aside"
    assert zone_of(s, "card.sov.dain") == "kome.fp" and zone_of(s, "ruler.dain") == "kome.fp"
    assert S.get(st, "kome", "ruler_dice", FP) == "due"
    assert S.get(st, "acting") == SHADOW               # the awakening was the FP's action
    # the next turn the Ruler die is in the Free Peoples' pool
    s.state.slots["wotr"]["dice"] = {FP: [], SHADOW: []}
    ok(s, C.NextPhase(0))
    kinds = [d["kind"] for d in S.get(s.state, "dice", FP)]
    assert kinds == ["wotr_free_peoples"] * 4 + ["kome_ruler_fp"]
    assert S.get(s.state, "kome", "ruler_dice", FP) == "pool"


def test_awakening_is_refused_while_the_nation_is_passive_or_with_the_wrong_die():
    s = session()
    position(s, fp=("muster", "event"), shadow=("army",))
    why = refused(s, C.Awaken(0, "dain", "", 0))
    assert "active" in why and "How to awaken a Sovereign, p. 10" in why
    position(s, fp=("event",), shadow=("army",), dwarves=(3, True))
    assert "does not allow" in refused(s, C.Awaken(0, "dain", "", 0))
    # the Ruler die awakens with any result
    position(s, fp=("event*",), shadow=("army",), dwarves=(3, True))
    ok(s, C.Awaken(0, "dain", "", 0))


def test_brand_moves_to_a_free_peoples_city_within_his_level():
    s = session()
    position(s, fp=("muster",), shadow=("army",), north=(3, True))
    why = refused(s, C.Awaken(0, "brand", "minas-tirith", 0))
    assert "cannot reach" in why and "p. 10" in why
    ok(s, C.Awaken(0, "brand", "dale", 0))
    assert zone_of(s, "sov.brand.silver") == "r.dale"


def test_the_sandbox_awakens_anyway():
    s = session(rules="sandbox")
    position(s, phase="fellowship")
    ok(s, C.Awaken(0, "denethor", "", -1))
    assert S.sovereign_state(s.state, "denethor") == "awake"


# -------------------------------------------------------------- corruption
def test_a_corruption_attempt_lays_one_tile_face_down():
    s = session(seed=11)
    corrupt_with(s, "thranduil", ["hunt.1", "hunt.2", "hunt.1r"])
    position(s, acting=SHADOW, fp=("event",), shadow=("army",), eyes=3)
    entry = ok(s, C.CorruptAttempt(1, "thranduil"))
    st = s.state
    assert S.get(st, "hunt_box", "eyes") == 2
    assert "2 tiles drawn" in entry.text
    pending = S.get(st, "pending")
    assert pending == {"kind": "keep", "sovereign": "thranduil", "seat": 1}
    drawn = list(st.zones["kome.draw"].cards)
    assert len(drawn) == 2
    assert s.pending().kind == "one" and set(s.pending().options) == set(drawn)
    assert "does not allow" not in refused(s, C.KeepTile(0, drawn[0]))   # only the attempter
    entry = ok(s, C.KeepTile(1, drawn[0]))
    assert st.zones["corrupt.thranduil"].cards == [drawn[0]]
    assert drawn[1] in st.zones["hunt.pool"].cards
    # the Shadow sees the token, the Free Peoples only that there is one
    assert view(st, 1).cards[drawn[0]].code == st.cards[drawn[0]].code
    assert view(st, 0).cards[drawn[0]].code == ""
    assert st.cards[drawn[0]].code not in entry.text.replace(st.cards[drawn[1]].code, "")
    assert S.get(st, "kome", "attempted") == ["thranduil"]


def test_corruption_attempt_refusals_cite_the_rulebook():
    s = session()
    position(s, acting=SHADOW, fp=("event",), shadow=("army",), eyes=1)
    assert "more than one Eye" in refused(s, C.CorruptAttempt(1, "dain"))
    position(s, acting=SHADOW, fp=(), shadow=("army",), eyes=3)
    assert "unused action die" in refused(s, C.CorruptAttempt(1, "dain"))
    position(s, acting=SHADOW, fp=("event",), shadow=("army",), eyes=3)
    s.state.slots["wotr"]["kome"]["attempted"] = ["dain"]
    why = refused(s, C.CorruptAttempt(1, "dain"))
    assert "once a turn" in why and "How to corrupt a Sovereign, p. 11" in why
    position(s, acting=SHADOW, fp=("event",), shadow=("army",), eyes=3)
    assert "does not play" in refused(s, C.CorruptAttempt(0, "brand"))


def corrupt_with(s, sid, codes):
    """Corrupt ``sid`` with tiles of these codes: all others leave the pool first."""
    st = s.state
    for cid in list(st.zones["hunt.pool"].cards):
        place_id(s, cid, "hunt.out")
    for code in codes:
        cid = next(c for c in st.zones["hunt.out"].cards if st.cards[c].code == code)
        place_id(s, cid, "hunt.pool")


def test_a_sovereign_is_corrupted_when_his_tokens_reach_his_resistance():
    s = session()
    corrupt_with(s, "brand", ["hunt.3", "hunt.2r"])
    position(s, acting=SHADOW, fp=("event",), shadow=("army",), eyes=2)
    entry = ok(s, C.CorruptAttempt(1, "brand"))          # one tile drawn: kept at once
    st = s.state
    assert "Brand is Corrupted" in entry.text
    assert S.sovereign_state(st, "brand") == "corrupted"
    silver = piece(s, "sov.brand.silver")
    assert st.cards[silver].zone == "r.dale" and zone_of(s, "sov.brand") == "kome.aside"
    assert zone_of(s, "card.sovc.brand") == "kome.shadow"
    assert not st.zones["corrupt.brand"].cards
    # the one tile on him was discarded; the other stays in the pool
    pool = [st.cards[c].code for c in st.zones["hunt.pool"].cards]
    assert len(pool) == 1 and pool[0] in ("hunt.3", "hunt.2r")
    # a Corrupted Sovereign cannot move and is not a Free Peoples figure any more
    position(s, fp=("army",), shadow=("army",))
    why = refused(s, C.MoveFigures(0, (silver,), "erebor", 0))
    assert "Corrupted Sovereign cannot move" in why
    assert silver not in S.army(st, "dale", FP)


def test_tie_between_equal_tiles_discards_the_one_with_the_reveal_icon():
    s = session()
    st = s.state
    for code in ("hunt.2", "hunt.2r"):
        cid = next(c for c in st.zones["hunt.pool"].cards if st.cards[c].code == code)
        place_id(s, cid, "corrupt.dain")
        st.cards[cid].face_up = False
    position(s, acting=SHADOW, fp=("event",), shadow=("army",), eyes=2)
    corrupt_with(s, "dain", ["hunt.1"])
    ok(s, C.CorruptAttempt(1, "dain"))
    assert S.sovereign_state(st, "dain") == "corrupted"
    assert [st.cards[c].code for c in st.zones["hunt.out"].cards].count("hunt.2r") == 1
    assert "hunt.2" in [st.cards[c].code for c in st.zones["hunt.pool"].cards]


def test_a_kings_tile_stops_the_draw_and_counts_zero():
    s = session()
    corrupt_with(s, "denethor", ["hunt.king2"])
    position(s, acting=SHADOW, fp=("event",), shadow=("army",), eyes=4)
    entry = ok(s, C.CorruptAttempt(1, "denethor"))
    st = s.state
    king = piece(s, "hunt.king2")
    assert st.cards[king].zone == "corrupt.denethor" and st.cards[king].face_up
    assert "Kings tile" in entry.text
    assert S.get(st, "pending") is None
    assert S.sovereign_state(st, "denethor") == "sleeping"


def test_eye_and_special_tiles_are_shown_and_drawn_again():
    s = session()
    corrupt_with(s, "theoden", ["hunt.eye", "hunt.1"])
    place(s, "hunt.red.shelob", "hunt.pool")
    position(s, acting=SHADOW, fp=("event",), shadow=("army",), eyes=4)
    entry = ok(s, C.CorruptAttempt(1, "theoden"))
    st = s.state
    assert "shown and drawn again" in entry.text
    assert [st.cards[c].code for c in st.zones["corrupt.theoden"].cards] == ["hunt.1"]
    assert "hunt.eye" in [st.cards[c].code for c in st.zones["hunt.pool"].cards]


# ---------------------------------------------------- removing corruption
def test_activating_a_nation_with_a_companion_beside_him_removes_a_token():
    s = session(seed=4)
    st = s.state
    tile = next(c for c in st.zones["hunt.pool"].cards if st.cards[c].code == "hunt.3")
    place_id(s, tile, "corrupt.denethor")
    st.cards[tile].face_up = False
    place(s, "char.boromir", "r.minas-tirith")
    place(s, "fellowship", "r.minas-tirith")
    position(s, phase="fellowship")
    ok(s, C.Declare(0, "minas-tirith"))                 # the Fellowship activates Gondor
    assert S.get(st, "pending") == {"kind": "cleanse", "sovereign": "denethor", "seat": 0}
    assert s.pending().kind == "yesno"
    ok(s, C.Cleanse(0, "denethor"))
    assert not st.zones["corrupt.denethor"].cards and tile in st.zones["hunt.pool"].cards


def test_no_token_is_removed_without_a_suitable_companion():
    s = session()
    st = s.state
    tile = next(c for c in st.zones["hunt.pool"].cards if st.cards[c].code == "hunt.1")
    place_id(s, tile, "corrupt.theoden")
    st.cards[tile].face_up = False
    place(s, "char.legolas", "r.edoras")          # an Elf: not a Companion of Rohan
    place(s, "fellowship", "r.edoras")
    position(s, phase="fellowship")
    ok(s, C.Declare(0, "edoras"))                 # the Fellowship activates Rohan
    assert S.get(st, "pending") is None
    why = refused(s, C.Cleanse(0, "theoden"))
    assert "How to remove Corruption tokens, p. 13" in why


# ------------------------------------------------ a Corrupted Sovereign leaves
def corrupted(s, sid):
    st = s.state
    st.slots["wotr"]["kome"]["sovereigns"][sid]["state"] = "corrupted"
    grey = piece(s, f"sov.{sid}")
    region = st.cards[grey].zone
    place_id(s, grey, "kome.aside")
    place(s, f"sov.{sid}.silver", region)
    place(s, f"card.sovc.{sid}", "kome.shadow")
    return region


def test_a_corrupted_sovereign_is_removed_with_a_character_die_and_a_companion():
    s = session()
    region = corrupted(s, "thranduil")
    position(s, fp=("character",), shadow=("army",))
    why = refused(s, C.RemoveCorrupted(0, "thranduil", 0))
    assert "p. 13" in why
    place(s, "char.legolas", region)
    ok(s, C.RemoveCorrupted(0, "thranduil", 0))
    st = s.state
    assert S.sovereign_state(st, "thranduil") == "removed"
    assert zone_of(s, "sov.thranduil.silver") == "kome.out"
    assert zone_of(s, "card.sovc.thranduil") == "kome.out"


def test_a_corrupted_sovereign_survives_a_lost_battle():
    s = session(rules="sandbox")
    region = corrupted(s, "denethor")
    st = s.state
    gondor = [c for c in S.pieces_in(st, "minas-tirith") if st.cards[c].code.startswith("gondor.")]
    ok(s, C.Eliminate(0, tuple(gondor)))
    assert zone_of(s, "sov.denethor.silver") == region
    assert S.sovereign_state(st, "denethor") == "corrupted"
    enforced = session()
    corrupted(enforced, "denethor")
    assert "as the rules say" in refused(enforced, C.Eliminate(
        0, (piece(enforced, "sov.denethor.silver"),)))


def test_an_eliminated_sleeping_sovereign_gives_his_tokens_back():
    s = session(rules="sandbox")
    st = s.state
    tile = next(c for c in st.zones["hunt.pool"].cards if st.cards[c].code == "hunt.2")
    place_id(s, tile, "corrupt.brand")
    ok(s, C.Eliminate(1, (piece(s, "sov.brand"),)))
    assert tile in st.zones["hunt.pool"].cards and S.sovereign_state(st, "brand") == "removed"
