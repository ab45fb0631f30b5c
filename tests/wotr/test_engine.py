"""War of the Ring on the rules kernel: the vocabulary, the question kept in the slot,
old slots read back, the free table out of turn, triggers."""
import random

import pytest

from saves import codec
from tabletop.core import kernel
import tabletop.games.wotr.commands as C
import tabletop.games.wotr.engine as engine
import tabletop.games.wotr.legacy as legacy
import tabletop.games.wotr.legal as legal
import tabletop.games.wotr.state as S
from tabletop.games.wotr.slotcheck import check_slot
from tabletop.games.wotr.vocab import REACTIONS, ROUND, VOCAB, react

from tests.wotr.helpers import attack
from tests.wotr.helpers import FP, SHADOW, ok, position, refused, session


def play(s, n, seed=1):
    rng = random.Random(seed)
    for _i in range(n):
        if S.get(s.state, "outcome"):
            return
        ok(s, rng.choice(s.legal_actions()))


def test_every_instruction_and_question_is_declared():
    assert set(legacy.PHASE_OPS.values()) <= set(VOCAB.ops)
    assert set(legal.ANSWERS) <= set(VOCAB.ops)
    assert set(ROUND.work) == set(ROUND.names)
    assert all(d.doc for d in VOCAB.ops.values()) and VOCAB.describe()
    s = session(players=3)
    for _i in range(40):
        play(s, 5, seed=_i)
        slot = s.state.slots["wotr"]
        assert VOCAB.steps_problems(slot["stack"]) == []
        kernel.check_data(VOCAB, slot, 3)


def test_the_question_is_kept_in_the_slot_saved_and_undone():
    s = session()
    slot = s.state.slots["wotr"]
    first = dict(slot["choice"])
    assert slot["stack"][-1]["op"] == "fellowship" and slot["choice"]["kind"] == "act"
    assert s.pending() == kernel.pending(slot)
    ok(s, C.NextPhase(0))
    assert slot["stack"][-1]["op"] == "hunt_alloc" and S.get(s.state, "phase") == "hunt"
    assert (slot["choice"]["seat"], slot["choice"]["min"], slot["choice"]["max"]) == (1, 0, 7)
    again = codec.loads(codec.dumps(s), verify=True)
    assert again.pending() == s.pending() and again.state.slots["wotr"]["stack"] == slot["stack"]
    s.undo()
    assert s.state.slots["wotr"]["choice"] == first


@pytest.mark.parametrize("bad, why", [
    ({"stack": [{"op": "nope"}]}, "unknown operation"),
    ({"stack": [{"op": "hunt", "bonus": "x"}]}, "should be int"),
    ({"stack": [], "choice": {"seat": 0, "kind": "act", "prompt": "", "options": []}},
     "nothing waits"),
    ({"choice": {"seat": 9, "kind": "act", "prompt": "", "options": []}}, "does not exist"),
])
def test_the_slot_check_checks_the_kernel_data(bad, why):
    s = session()
    slot = dict(s.state.slots["wotr"], **bad)
    with pytest.raises(ValueError, match=why):
        check_slot("wotr", slot)


def test_a_slot_without_kernel_data_is_read_back_at_its_next_action():
    """A save written before the kernel: its question is derived from the slot's keys,
    written by the next action, and undoing that action gives the old slot back."""
    s = session(seed=5)
    ok(s, C.NextPhase(0))
    ok(s, C.AllocateHunt(1, 2))
    ok(s, C.RollActions(0))
    want = s.pending()
    slot = s.state.slots["wotr"]
    del slot["stack"], slot["choice"]
    old = s.state.to_data()
    check_slot("wotr", slot)
    assert legacy.stale(slot) and s.pending() == want and s.state.to_data() == old
    assert s.legal_actions()
    cmd = random.Random(2).choice(s.legal_actions())
    ok(s, cmd)
    assert "stack" in slot and not legacy.stale(slot)
    s.undo()
    assert s.state.to_data() == old


def test_a_battle_waits_above_the_action_phase():
    s = session(seed=7)
    st = s.state
    for _i in range(2):
        cid = next(c for c in st.zones["reinf.gondor"].cards if st.cards[c].code == "gondor.regular")
        st.zones["reinf.gondor"].cards.remove(cid)
        st.zones["r.east-harondor"].cards.append(cid)
        st.cards[cid].zone = "r.east-harondor"
    position(s, acting=SHADOW, fp=("army",), shadow=("army", "army"), southrons=(0, True))
    attack(s, C.Attack(1, "near-harad", "east-harondor", 0))
    assert st.slots["wotr"]["stack"][-1]["op"] == "battle"
    assert s.pending().prompt == "Choose your combat card in secret (or none)"
    army = tuple(c for c in S.pieces_in(st, "morannon") if S.kind(st, c) == "regular")
    assert refused(s, C.MoveFigures(1, army, "dagorlad", 1)) == "Another decision is waiting."
    assert refused(s, C.NextPhase(0)) == "Another decision is waiting."
    while S.get(st, "battle"):
        ok(s, s.legal_actions()[0])
    assert s.pending().prompt == "Use an action die"


def test_the_free_table_goes_through_the_turn_out_of_order():
    s = session(rules="sandbox")
    st = s.state
    ok(s, C.AllocateHunt(1, 2))                 # during phase 2: the Hunt allocation is made
    assert S.get(st, "phase") == "roll" and st.slots["wotr"]["stack"][-1]["op"] == "roll"
    ok(s, C.RollActions(0))
    assert S.get(st, "phase") == "actions" and s.pending().prompt == "Use an action die"
    entry = ok(s, C.NextPhase(0))               # dice left, the free table ends the turn anyway
    assert st.round == 2 and S.get(st, "phase") == "fellowship" and "Turn 2 begins" in entry.text
    ok(s, C.NextPhase(0))
    ok(s, C.NextPhase(0))                        # the Hunt skipped
    assert S.get(st, "phase") == "roll"
    s2 = session()
    assert "after the Hunt allocation" in refused(s2, C.RollActions(0))
    assert "Hunt dice are allocated before the roll" in refused(s2, C.AllocateHunt(1, 1))


def test_triggers_reach_what_answers_them():
    seen = []

    @react("die_used")
    def note(ctx, facts):
        assert VOCAB.trigger_problems("die_used", facts) == []
        seen.append(facts)
    try:
        s = session()
        position(s, fp=("character",), shadow=("army",))
        ok(s, C.FellowshipMove(0, 0))
        assert seen == [{"side": FP, "action": "fellowship", "face": "character"}]
    finally:
        REACTIONS["die_used"].remove(note)
    with pytest.raises(ValueError):
        react("no_such_trigger")


def test_reading_the_question_never_changes_the_table():
    s = session(players=4, seed=3)
    play(s, 60)
    slot = s.state.slots["wotr"]
    slot.pop("choice")
    before = s.state.to_data()
    ins, choice = engine.current(s.state)
    assert ins is not None and choice is not None and s.state.to_data() == before
