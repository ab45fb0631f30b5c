"""Dark Chieftains, the Ruler dice and tokens, non-flying Minions, the 3-4 player rules."""
import tabletop.games.wotr.battle as B
import tabletop.games.wotr.commands as C
import tabletop.games.wotr.state as S

from tests.wotr.helpers import attack
from tests.wotr.helpers import FP, SHADOW, ok, piece, place, position, refused, session


def bring_serpent(s):
    position(s, acting=SHADOW, fp=("event",), shadow=("muster",), gondor=(0, True))
    ok(s, C.BringChieftain(1, "the-black-serpent", "near-harad", 0))


def test_a_dark_chieftain_comes_into_play_and_brings_the_shadow_ruler_die():
    s = session()
    position(s, acting=SHADOW, fp=("event",), shadow=("muster",))
    why = refused(s, C.BringChieftain(1, "the-black-serpent", "near-harad", 0))
    assert "Dark Chieftains in play, p. 14" in why          # Gondor is not At War
    position(s, acting=SHADOW, fp=("event",), shadow=("muster",), gondor=(0, True))
    assert "army of his nation" in refused(s, C.BringChieftain(1, "the-black-serpent",
                                                               "orthanc", 0))
    ok(s, C.BringChieftain(1, "the-black-serpent", "near-harad", 0))
    st = s.state
    assert st.cards[piece(s, "dc.the-black-serpent")].zone == "r.near-harad"
    assert st.cards[piece(s, "card.dc.the-black-serpent")].zone == "kome.shadow"
    assert S.get(st, "kome", "ruler_dice", SHADOW) == "due"
    # the Shadow Ruler die, never allocated to the Hunt, joins the next turn's pool
    position(s, fp=(), shadow=())
    ok(s, C.NextPhase(0))
    assert [d["kind"] for d in S.get(s.state, "dice", SHADOW)][-1] == "kome_ruler_shadow"
    ok(s, C.NextPhase(0))
    ok(s, C.AllocateHunt(1, 7))                      # all seven plain dice, not the Ruler die
    assert [d["kind"] for d in S.get(s.state, "dice", SHADOW)] == ["kome_ruler_shadow"]


def test_a_ruler_die_is_rolled_one_die_set_aside_and_the_ruler_die_used():
    s = session(seed=21)
    st = s.state
    st.slots["wotr"]["kome"]["ruler_dice"][FP] = "pool"
    place(s, "sov.dain.silver", "r.erebor")
    place(s, "sov.dain", "kome.aside")
    place(s, "ruler.dain", "kome.fp")
    st.slots["wotr"]["kome"]["sovereigns"]["dain"]["state"] = "awake"
    position(s, fp=(), shadow=())
    ok(s, C.NextPhase(0))                            # turn 2: the Ruler die is in the pool
    ok(s, C.NextPhase(0))                            # hunt allocation
    ok(s, C.AllocateHunt(1, 1))
    entry = ok(s, C.RollActions(0))
    assert "Action dice rolled" in entry.text
    assert S.get(st, "phase") == "discard" and S.get(st, "discarding") == FP
    assert s.pending().options == (0, 1, 2, 3, 4)
    assert "does not play" in refused(s, C.DiscardDie(1, FP, 0))
    ok(s, C.DiscardDie(0, FP, 0))
    dice = S.get(st, "dice", FP)
    assert len(dice) == 4 and dice[-1]["kind"] == "kome_ruler_fp"
    assert S.get(st, "phase") == "actions"
    # the Ruler token turns the Ruler die to Dain's second ability and uses it
    ruler = len(dice) - 1
    ok(s, C.RulerAbility(0, "dain", ruler, True))
    assert S.get(st, "dice", FP)[ruler]["used"] and S.get(st, "dice", FP)[ruler]["face"] == "muster"
    assert st.cards[piece(s, "ruler.dain")].zone == "kome.out"
    # no Elven ring the same turn
    st.slots["wotr"]["acting"] = FP
    why = refused(s, C.ElvenRing(0, FP, 0, "muster"))
    assert "Ruler tokens, p. 10" in why


def test_the_shadow_sets_aside_its_ruler_die_or_a_die_without_an_eye():
    s = session()
    st = s.state
    position(s, phase="discard", fp=(), shadow=("eye", "army", "eye*"))
    st.slots["wotr"]["discarding"] = SHADOW
    why = refused(s, C.DiscardDie(1, SHADOW, 0))
    assert "Ruler dice, p. 6" in why
    ok(s, C.DiscardDie(1, SHADOW, 2))                  # the Ruler die, even with an Eye
    assert S.get(st, "hunt_box", "eyes") == 1           # the other Eye goes to the Hunt box
    assert [d["face"] for d in S.get(st, "dice", SHADOW)] == ["army"]
    assert S.get(st, "phase") == "actions"


def test_the_ruler_die_leaves_the_pool_when_no_ruler_remains():
    s = session()
    s.state.slots["wotr"]["kome"]["ruler_dice"] = {FP: "pool", SHADOW: "pool"}
    position(s, phase="actions", fp=(), shadow=())
    ok(s, C.NextPhase(0))
    assert S.get(s.state, "kome", "ruler_dice") == {FP: "aside", SHADOW: "aside"}
    assert all(d["kind"].startswith("wotr_") for side in (FP, SHADOW)
               for d in S.get(s.state, "dice", side))


def battle_with_serpent(s, seed_cards=True):
    bring_serpent(s)
    st = s.state
    for code in ("gondor.regular", "gondor.regular"):
        cid = next(c for c in st.zones["reinf.gondor"].cards if st.cards[c].code == code)
        st.zones["reinf.gondor"].cards.remove(cid)
        st.zones["r.east-harondor"].cards.append(cid)
        st.cards[cid].zone = "r.east-harondor"
    position(s, acting=SHADOW, fp=("event",), shadow=("army",), gondor=(0, True),
             southrons=(0, True))
    attack(s, C.Attack(1, "near-harad", "east-harondor", 0))


def test_the_black_serpent_in_battle_adds_combat_dice_and_takes_a_hit():
    s = session(seed=5)
    place(s, "ev.shadow.strat.22", "hand.1")             # Monsters Roused: Desperate Battle
    place(s, "ev.shadow.strat.23", "hand.1")
    battle_with_serpent(s)
    st = s.state
    b = S.get(st, "battle")
    units = len(S.units(st, "near-harad", SHADOW))
    assert B.combat_dice(st, b, SHADOW)[0] == min(5, units)
    card = piece(s, "ev.shadow.strat.22")
    why = refused(s, C.RulerCombat(1, "dc.ugluk", card))
    assert "Special combat abilities of the Rulers, p. 7" in why
    entry = ok(s, C.RulerCombat(1, "dc.the-black-serpent", card))
    assert "chose a combat card" in entry.text and card in st.zones["hand.1"].cards
    assert "not the Shadow' turn" in refused(s, C.RulerCombat(
        1, "dc.the-black-serpent", piece(s, "ev.shadow.strat.23")))
    entry = ok(s, C.CombatCard(0, 0))              # the Free Peoples play no card: reveal
    assert "Red Wrath" in entry.text
    assert "casualty" in s.pending().prompt               # the Serpent's own hit
    regular = next(c for c in S.units(st, "near-harad", SHADOW) if S.kind(st, c) == "regular")
    ok(s, C.Choose(1, (regular,)))
    b = S.get(st, "battle")
    assert b["stage"] == "roll" and len(S.units(st, "near-harad", SHADOW)) == units - 1
    assert card in st.zones["discard.shadow." + (
        "character" if ".char." in st.cards[card].code else "strategy")].cards
    assert B.combat_dice(st, b, SHADOW)[0] == min(5, units - 1) + 1
    entry = ok(s, C.CombatRoll(1, SHADOW))
    assert len(entry.text.split(":")[0].split("roll ")[1].split(",")[0].split()) == min(
        5, units - 1) + 1
    ok(s, C.CombatRoll(0, FP))
    b = S.get(st, "battle")
    if b["owed"][SHADOW]:
        need = min(b["owed"][SHADOW], B.hit_points(st, "near-harad", SHADOW))
        regulars = [c for c in S.units(st, "near-harad", SHADOW) if S.kind(st, c) == "regular"]
        assert "exactly" in refused(s, C.TakeHits(1, tuple(regulars[:need + 1]), ()))
        ok(s, C.TakeHits(1, tuple(regulars[:need]), ()))


def test_ugluk_and_the_shadow_of_mirkwood_modify_the_dice():
    s = session(seed=8)
    st = s.state
    st.slots["wotr"]["kome"]["chieftains"]["ugluk"] = "in"
    place(s, "dc.ugluk", "r.orthanc")
    for _i in range(2):
        cid = next(c for c in st.zones["reinf.rohan"].cards if st.cards[c].code == "rohan.regular")
        st.zones["reinf.rohan"].cards.remove(cid)
        st.zones["r.gap-of-rohan"].cards.append(cid)
        st.cards[cid].zone = "r.gap-of-rohan"
    place(s, "ev.shadow.strat.22", "hand.1")             # Monsters Roused: Desperate Battle
    position(s, acting=SHADOW, fp=("event",), shadow=("army",), isengard=(0, True))
    attack(s, C.Attack(1, "orthanc", "gap-of-rohan", 0))
    ok(s, C.RulerCombat(1, "dc.ugluk", piece(s, "ev.shadow.strat.22")))
    ok(s, C.CombatCard(0, 0))
    n, need, plus, lead_plus = B.combat_dice(st, S.get(st, "battle"), SHADOW)
    assert (plus, lead_plus) == (1, 1)
    # Uglúk's leadership counts in the army's re-rolls
    assert B.leadership(st, "orthanc", SHADOW, S.get(st, "battle")) == 1


def test_dark_chieftains_move_as_non_flying_minions_and_nazgul_fly():
    s = session()
    st = s.state
    st.slots["wotr"]["kome"]["chieftains"]["the-shadow-of-mirkwood"] = "in"
    dc = place(s, "dc.the-shadow-of-mirkwood", "r.dol-guldur")
    position(s, acting=SHADOW, fp=("event",), shadow=("character", "character"))
    why = refused(s, C.MoveFigures(1, (dc,), "the-shire", 0))
    assert "Non-flying Minions, p. 15" in why
    assert "Non-flying" in refused(s, C.MoveFigures(1, (dc,), "lorien", 0))   # a FP Stronghold
    ok(s, C.MoveFigures(1, (dc,), "eastern-brown-lands", 0))
    naz = next(c for c in S.pieces_in(st, "morannon") if S.kind(st, c) == "nazgul")
    position(s, acting=SHADOW, fp=("event",), shadow=("character",))
    ok(s, C.MoveFigures(1, (naz,), "the-shire", 0))


def test_three_and_four_player_rules():
    s = session(players=4)
    position(s, fp=("muster",), shadow=("army",), rohan=(3, True))
    why = refused(s, C.Awaken(0, "theoden", "", 0))        # seat 0 plays Gondor and the Elves
    assert "Games with 3 and 4 players, p. 16" in why
    ok(s, C.Awaken(1, "theoden", "", 0))
    # the Shadow players take turns at corruption attempts
    s = session(players=3)
    st = s.state
    position(s, acting=SHADOW, fp=("event", "event"), shadow=("army",), eyes=5)
    ok(s, C.CorruptAttempt(1, "brand"))
    if S.get(st, "pending"):
        ok(s, C.KeepTile(1, st.zones["kome.draw"].cards[0]))
    st.slots["wotr"]["acting"] = SHADOW
    why = refused(s, C.CorruptAttempt(1, "dain"))
    assert "take turns" in why
    ok(s, C.CorruptAttempt(2, "dain"))
    assert st.cards[piece(s, "corruptor")].owner == 2
