"""Games saved by the version before the rules kernel (``tests/fixtures/saves/coc-*``, written
with the enforced rules at three points of a round) still load, check and play to the end."""
from __future__ import annotations

import os
import random

import pytest

from saves.codec import dumps, loads
from tabletop.games.coc.check import check_slot
from tabletop.games.coc.policy import random_policy

from tests.coc.helpers import ok, slot

FIXTURES = os.path.join(os.path.dirname(os.path.dirname(__file__)), "fixtures", "saves")

# file -> (players, step, wait kind, the seats the game waits for)
SAVES = {
    "coc-secret-gollum-3p.msgpack": (3, "gollum", "", [1, 2]),     # one seat chose in secret
    "coc-revealed-hunt-2p.msgpack": (2, "shadow", "extra", [0]),   # a hunt found the Fellowship
    "coc-battle-4p.msgpack": (4, "battle", "battle", [1]),         # one side chose its characters
}


def load(name: str, verify: bool = True):
    with open(os.path.join(FIXTURES, name), "rb") as f:
        return loads(f.read(), verify=verify)


def play_to_the_end(s, seed: int) -> None:
    rng = random.Random(seed)
    while (cmd := random_policy(s, rng)) is not None:
        ok(s, cmd)
        assert len(s.log) < 20000
    g = slot(s)
    assert g["step"] == "over" and g["end"] and g["result"]["winners"]
    check_slot("coc", g)


@pytest.mark.parametrize("name", sorted(SAVES))
def test_an_old_save_loads_where_it_stopped_and_plays_to_the_end(name):
    players, step, wait, actors = SAVES[name]
    s = load(name)
    assert s.rules.name == "enforce" and len(s.state.seats) == players
    assert "stack" not in slot(s)                        # saved before the rules kernel
    choice = s.pending()
    assert choice is not None and choice.data["step"] == step and choice.data["wait"] == wait
    assert choice.data["actors"] == actors and choice.seat == actors[0]
    assert s.legal_actions(actors[0])
    assert all(s.legal_actions(seat) == [] for seat in range(players) if seat not in actors)
    back = loads(dumps(s), verify=True)                  # saved again before a move: the same
    assert back.state == s.state and back.pending() == choice
    play_to_the_end(s, 1)
    assert slot(s)["stack"] == [] and slot(s)["outcome"]    # the kernel's data, from the first move
    again = loads(dumps(s), verify=True)                 # and saved after: new and old entries
    assert again.state == s.state


@pytest.mark.parametrize("name", sorted(SAVES))
def test_an_old_save_undoes_into_its_own_moves_and_plays_on(name):
    s = load(name)
    end = len(s.log)
    s.seek(end - 5)
    choice = s.pending()
    assert choice is not None and s.legal_actions(choice.seat)
    s.seek(end)
    assert s.pending() == load(name).pending()
    s.seek(end - 5)
    play_to_the_end(s, 2)
