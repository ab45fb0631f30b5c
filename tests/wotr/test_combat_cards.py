"""Combat cards: chosen in secret by both sides at the start of a round, shown together,
resolved in initiative order; a few of them checked as the dice fall."""
import tabletop.games.wotr.combat as combat
import tabletop.games.wotr.combat_effects as effects
import tabletop.games.wotr.commands as C
import tabletop.games.wotr.state as S
from tabletop.core.view import view

from tests.wotr.helpers import attack
from tests.wotr.cardkit import (FP, SHADOW, answer, clear, hand, move, ok, position, rebase,
                                refused, reload, rig, session, units)


def fight(shadow_card: str | None, fp_card: str | None, n_shadow: int = 5, n_fp: int = 3,
          companion: str | None = None):
    """A Shadow army in Dagorlad attacks a Gondor army in North Ithilien; each side has
    chosen its card (None: none); returns the session, in stage roll."""
    s = session(kings=False)
    clear(s, "north-ithilien")
    units(s, "dagorlad", "sauron.regular", n_shadow)
    fp = units(s, "north-ithilien", "gondor.regular", n_fp)
    if companion:
        move(s, "char." + companion, "r.north-ithilien")
    position(s, acting=SHADOW, fp=("event",), shadow=("army",), sauron=(0, True))
    sh = hand(s, shadow_card, 1) if shadow_card else 0
    fc = hand(s, fp_card, 0) if fp_card else 0
    s = rebase(s)
    attack(s, C.Attack(1, "dagorlad", "north-ithilien", 0))
    ok(s, C.CombatCard(1, sh))
    s = reload(s)
    if S.get(s.state, "battle")["stage"] == "cards":
        ok(s, C.CombatCard(0, fc))
    return s, fp


def test_the_choice_is_secret_until_both_have_chosen():
    s = session(kings=False)
    clear(s, "north-ithilien")
    units(s, "dagorlad", "sauron.regular", 3)
    units(s, "north-ithilien", "gondor.regular", 2)
    position(s, acting=SHADOW, fp=("event",), shadow=("army",), sauron=(0, True))
    card = hand(s, "ev.shadow.strat.22", 1)              # Desperate Battle
    hand(s, "ev.fp.strat.15", 0)
    s = rebase(s)
    attack(s, C.Attack(1, "dagorlad", "north-ithilien", 0))
    entry = ok(s, C.CombatCard(1, card))
    assert "Monsters Roused" not in entry.text and card in s.state.zones["hand.1"].cards
    assert view(s.state, 0).slots["wotr"]["battle"]["cards"][SHADOW] == -1     # chose: hidden
    assert view(s.state, 1).slots["wotr"]["battle"]["cards"][SHADOW] == card
    assert "not the Shadow' turn" in refused(s, C.CombatCard(1, 0))
    entry = ok(s, C.CombatCard(0, 0))
    assert "Monsters Roused" in entry.text                 # both shown together
    m = combat.mods(S.get(s.state, "battle"), FP)
    assert m["plus"] == 1 and m["rplus"] == 1              # Desperate Battle: both armies


def test_daylight_caps_the_shadows_dice(monkeypatch):
    s, _fp = fight(None, "ev.fp.strat.15")                 # Celeborn's Galadhrim: Daylight
    entry = ok(s, C.CombatRoll(1, SHADOW))
    rolls = entry.text.split("roll ")[1].split(" (")[0].split(",")[0].split()
    assert len(rolls) == 3


def test_swarm_of_bats_cancels_the_free_peoples_card():
    s, _fp = fight("ev.shadow.strat.09", "ev.fp.strat.15")  # Swarm of Bats against Daylight
    b = S.get(s.state, "battle")
    assert combat.mods(b, FP).get("cancelled") and "cap" not in combat.mods(b, SHADOW)


def test_daring_defiance_cancels_the_shadows_card():
    s, _fp = fight("ev.shadow.strat.22", "ev.fp.char.11", companion="boromir")
    b = S.get(s.state, "battle")
    assert combat.mods(b, SHADOW).get("cancelled")
    assert combat.mods(b, SHADOW).get("plus", 0) == 0       # Desperate Battle did nothing
    assert combat.leadership(s.state, b, FP) == 0           # Boromir gave up his Leadership


def test_confusion_turns_the_shadows_ones_against_itself(monkeypatch):
    s, _fp = fight(None, "ev.fp.strat.12")                  # Through a Day...: Confusion
    rig(monkeypatch, combat, 1, 1, 5, 2, 2)
    ok(s, C.CombatRoll(1, SHADOW))
    b = S.get(s.state, "battle")
    assert b["owed"][SHADOW] == 2 and b["owed"][FP] == 1


def test_heroic_death_trades_a_leader_for_a_hit(monkeypatch):
    s = session(kings=False)
    clear(s, "north-ithilien")
    units(s, "dagorlad", "sauron.regular", 5)
    units(s, "north-ithilien", "gondor.regular", 3)
    leader = units(s, "north-ithilien", "gondor.leader", 1)[0]
    position(s, acting=SHADOW, fp=("event",), shadow=("army",), sauron=(0, True))
    card = hand(s, "ev.fp.char.13", 0)                     # Mirror of Galadriel: Heroic Death
    s = rebase(s)
    attack(s, C.Attack(1, "dagorlad", "north-ithilien", 0))
    ok(s, C.CombatCard(1, 0))
    ok(s, C.CombatCard(0, card))
    rig(monkeypatch, combat, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1)
    ok(s, C.CombatRoll(1, SHADOW))
    ok(s, C.CombatRoll(0, FP))
    assert "Heroic Death" in s.pending().prompt
    answer(s, leader)
    b = S.get(s.state, "battle")
    assert b["owed"][FP] == 1 and s.state.cards[leader].zone == "cas.gondor"


def test_relentless_assault_trades_own_hits_for_dice(monkeypatch):
    s, _fp = fight("ev.shadow.strat.04", None)              # Day Without Dawn: Relentless
    assert "how many hits on your own units" in s.pending().prompt
    answer(s, 2)
    b = S.get(s.state, "battle")
    assert combat.mods(b, SHADOW)["plus"] == 2 and len(S.units(s.state, "dagorlad",
                                                             SHADOW)) == 3
    assert effects.MAX_DICE == 5
