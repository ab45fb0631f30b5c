"""Saves of War of the Ring written before the rules kernel still load and play on.

The files in ``tests/fixtures/saves/wotr-*.msgpack`` were written by the
mixin-based engine (enforced rules, Kings of Middle-earth) at the Hunt
allocation, in the action phase, in the middle of a battle and while a
corruption attempt waited for the tile to keep.
"""
import os
import random

import pytest

from saves import codec
import tabletop.games.wotr.state as S

HERE = os.path.join(os.path.dirname(os.path.dirname(__file__)), "fixtures", "saves")
FIXTURES = {
    "wotr-kings-2p-hunt.msgpack": ("hunt", 2),
    "wotr-kings-4p-actions.msgpack": ("actions", 4),
    "wotr-kings-3p-battle.msgpack": ("actions", 3),
    "wotr-kings-2p-keep.msgpack": ("actions", 2),
}


def load(name):
    with open(os.path.join(HERE, name), "rb") as f:
        return codec.loads(f.read(), verify=True)


@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_an_old_save_loads_and_plays_on(name):
    phase, players = FIXTURES[name]
    s = load(name)
    st = s.state
    assert s.rules.name == "enforce" and S.kings(st) and len(st.seats) == players
    assert S.get(st, "phase") == phase
    choice = s.pending()
    assert choice is not None and s.legal_actions()
    if "battle" in name:
        assert S.get(st, "battle") and choice.seat in S.seats_of(st, S.get(st, "battle")["attacker"])
    if "keep" in name:
        assert choice.kind == "one" and set(choice.options) == set(st.zones["kome.draw"].cards)
    rng = random.Random(name)
    done = refused = 0
    while done < 300 and not S.get(st, "outcome"):
        cmds = s.legal_actions()
        assert cmds, "no legal action"
        rng.shuffle(cmds)
        for cmd in cmds:
            if s.submit(cmd).ok:
                done += 1
                break
            refused += 1
        else:
            raise AssertionError("every legal action was refused")
    assert refused == 0                          # every legal action is accepted
    # the game saves and loads again, and undo goes back to the save's start
    again = codec.loads(codec.dumps(s), verify=True)
    assert again.state == s.state
    again.seek(0)
    assert again.state.to_data() == s.initial
