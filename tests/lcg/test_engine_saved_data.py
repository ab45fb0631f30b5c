"""The save loader checks the rules engine's saved data (``slots["lcg"]["engine"]``)
against the card language: a stack naming an unknown operation, an instruction
with a wrong parameter, or a malformed pending decision is refused with a
message; good saves (and saves of earlier versions) still load."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from saves import codec, store
from tabletop.games.lcg import api

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
POSITION = {"step": "quest.commit", "encounter_deck": ["Old Forest Road"],
            "seats": [{"name": "Tom", "heroes": ["Aragorn", "Gimli"]},
                      {"name": "Kris", "heroes": ["Legolas"]}]}


def _game():
    game = api.load_position(POSITION)
    assert api.pending(game)["prompt"] == "Tom: commit characters to the quest."
    return game


def _engine(game) -> dict:
    return game.state.slots["lcg"]["engine"]


def test_a_game_waiting_for_a_decision_saves_and_loads():
    game = _game()
    loaded = codec.loads(codec.dumps(game))
    assert api.pending(loaded) == api.pending(game)


@pytest.mark.parametrize("damage, why", [
    (lambda E: E["stack"].append({"op": "nope"}), "unknown operation 'nope'"),
    (lambda E: E["stack"].insert(0, {"op": "draw", "seat": "Tom"}), "'seat' should be int"),
    (lambda E: E["stack"].insert(0, {"op": "draw", "seat": 0, "cards": 2}),
     "unknown parameter 'cards'"),
    (lambda E: E["stack"].insert(0, {"op": "choose", "then": [{"op": "redy", "card": "$choice"}]}),
     "unknown operation 'redy'"),
    (lambda E: E["choice"].update(kind="maybe"), "kind 'maybe' is unknown"),
    (lambda E: E["choice"].update(seat=5), "seat 5, which does not exist"),
    (lambda E: E["choice"].pop("options"), "has no 'options'"),
    (lambda E: E.update(step="quest.sightseeing"), "unknown step 'quest.sightseeing'"),
    (lambda E: E.update(stack=[]), "nothing waits for its answer"),
])
def test_a_save_with_broken_engine_data_is_refused_with_a_message(damage, why):
    game = _game()
    damage(_engine(game))
    with pytest.raises(codec.SaveError, match=why):
        codec.loads(codec.dumps(game))


def test_save_check_refuses_an_unknown_operation(tmp_path):
    game = _game()
    _engine(game)["stack"].append({"op": "teleport", "card": 1})
    path = str(tmp_path / "broken.msgpack")
    with open(path, "wb") as fh:           # store.save itself would refuse to write it
        fh.write(codec.dumps(game))
    with pytest.raises(codec.SaveError, match="unknown operation 'teleport'"):
        store.save(game, str(tmp_path / "refused.msgpack"))
    out = subprocess.run([sys.executable, "main.py", "save", "check", path], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2, out.stdout + out.stderr
    assert "unknown operation 'teleport'" in out.stdout + out.stderr
