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


@pytest.mark.parametrize("damage, why", [
    (lambda E: E.update(committed="Aragorn"), "'committed' has the wrong type"),
    (lambda E: E.update(committed=[99999]), "card 99999, which is not in the game"),
    (lambda E: E.update(committed=[1, 1]), "committed is malformed"),
    (lambda E: E.update(eliminated=[5]), "eliminated is malformed"),
    (lambda E: E.update(attack={"enemy": "x", "seat": 0, "defenders": []}), "attack is malformed"),
    (lambda E: E.update(attack={"enemy": 1, "seat": 9, "defenders": []}), "attack is malformed"),
    (lambda E: E.update(effects=[{"targets": ["a"], "until": "phase"}]), "lasting effect is malformed"),
    (lambda E: E.update(effects=[{"targets": [], "until": "forever"}]), "lasting effect is malformed"),
    (lambda E: E.update(limits={"1:0:1": -1}), "limits is malformed"),
    (lambda E: E.update(control={"x": 0}), "control is malformed"),
    (lambda E: E.update(control={"1": 7}), "control is malformed"),
    (lambda E: E.update(outcome="maybe"), "outcome 'maybe' is unknown"),
    (lambda E: E.update(dead_threat=-3), "dead_threat is malformed"),
    (lambda E: E.update(flags={"teleport": 1}), "fact 'teleport' is unknown"),
    (lambda E: E.update(flags={"host": "Aragorn"}), "fact 'host' is unknown or malformed"),
    (lambda E: E.update(scheduled=[{"when": "later", "do": []}]), "scheduled effect is malformed"),
    (lambda E: E.update(scheduled=[{"when": "phase", "do": [{"op": "nope"}]}]), "unknown operation"),
    (lambda E: E.update(engagements=[[1]]), "engagements is malformed"),
    (lambda E: E.update(prisoners=["Aragorn"]), "prisoners is malformed"),
    (lambda E: E.update(attacked=["everything"]), "attacked is malformed"),
    (lambda E: E.update(guards={"1": "x"}), "guards is malformed"),
    (lambda E: E.update(weather="rain"), "unknown key 'weather'"),
    (lambda E: E.update(free="yes"), "'free' has the wrong type"),
    (lambda E: E["stack"].insert(0, {"op": "draw", "seat": 7}), "seat 7, which does not exist"),
    (lambda E: E["stack"].insert(0, {"op": "damage", "card": 4242}), "card 4242, which is not"),
    (lambda E: E["choice"].update(options=[None, "done"]), "pending decision is malformed"),
    (lambda E: E["choice"].update(options=[True, "done"]), "pending decision is malformed"),
    (lambda E: E["choice"].update(options=[77777, "done"]), "card 77777, which is not"),
    (lambda E: E["choice"].update(kind="number", options=["many"]), "pending decision is malformed"),
    (lambda E: E["choice"].update(labels={"done": 5}), "pending decision is malformed"),
])
def test_every_key_of_the_engine_data_is_checked(damage, why):
    game = _game()
    damage(_engine(game))
    with pytest.raises(codec.SaveError, match=why):
        codec.loads(codec.dumps(game))


def test_negative_tokens_are_refused():
    game = _game()
    aragorn = api.find(game, "Aragorn")[0]
    game.state.cards[aragorn].tokens["damage"] = -1
    with pytest.raises(codec.SaveError, match="negative count"):
        codec.loads(codec.dumps(game))


def test_a_position_refuses_negative_tokens():
    with pytest.raises(api.PositionError):
        api.load_position({"seats": [{"heroes": [{"card": "Aragorn", "tokens": {"resource": -2}}]}]})


def test_save_check_names_the_rules_mode(tmp_path):
    path = str(tmp_path / "game.msgpack")
    store.save(_game(), path)
    out = subprocess.run([sys.executable, "main.py", "save", "check", path], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "rules: enforce" in out.stdout


def test_the_window_refuses_what_save_check_refuses(tmp_path, monkeypatch):
    """A file whose table is not what its log leads to loads without the replay, but
    ``save check`` refuses it: opening it for play (the window's path,
    ``saves.library.open_game``) refuses it too."""
    from saves import cli, library
    game = _game()
    gimli = api.find(game, "Gimli")[0]
    game.state.cards[gimli].tokens["damage"] = 2          # no action put it there
    path = tmp_path / "forged.msgpack"
    path.write_bytes(codec.dumps(game))
    codec.loads(path.read_bytes())                        # the quick load accepts it
    assert cli.check_cli(path) == cli.EXIT_BAD
    monkeypatch.setenv("LOTR_TABLETOP_HOME", str(tmp_path / "home"))
    with pytest.raises(codec.SaveError):
        library.open_game(path)


def test_a_loaded_game_answers_its_first_decision():
    game = codec.loads(codec.dumps(_game()), verify=True)
    aragorn = api.find(game, "Aragorn")[0]
    assert api.answer(game, aragorn).ok and api.answer(game, "done").ok


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
