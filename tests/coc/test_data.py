"""The board files: consistent, fully sourced, and the game follows them without code changes."""
from __future__ import annotations

import json
import os
import shutil

import pytest

from tabletop.games.coc import commands as C
from tabletop.games.coc import provenance
from tabletop.games.coc.data import DATA_DIR, FILES, ICONS, DataError, game_data, load, producible
from tabletop.games.coc.engine import CocRules
from tabletop.games.coc.setup import new_table
from tabletop.core.session import Session
from tabletop.core.dice import types_for_game

from tests.coc.helpers import force, set_marks, slot


def raw(name: str) -> dict:
    with open(os.path.join(DATA_DIR, name), encoding="utf-8") as f:
        return json.load(f)


def test_every_board_file_loads_and_is_consistent():
    data = load()
    assert set(data.fp.nations) == {"gondor", "elves", "rohan"}
    assert set(data.sh.nations) == {"mordor", "southrons_easterlings", "isengard"}
    assert len(data.fp.characters) == len(data.sh.characters) == 9
    assert data.start == "shire" and data.goal == "mount_doom"


@pytest.mark.parametrize("name", FILES)
def test_every_value_is_sourced_or_marked_reconstructed(name):
    kinds = provenance.classify(raw(name))
    assert kinds and all(k in (provenance.GIVEN, provenance.GUESSED) for k, _w in kinds.values())
    assert all(why for k, why in kinds.values() if k == provenance.GIVEN)   # a section is cited


def test_what_the_rulebook_gives_is_cited():
    fp, sh, bb = (provenance.classify(raw(n)) for n in
                  ("free_peoples_board.json", "shadow_board.json", "battle_board.json"))
    assert fp["map.bree.resolve"][0] == provenance.GIVEN                # 3 resolve to Bree
    assert fp["map.minas_morgul.vp"][0] == provenance.GIVEN             # the scoring example
    assert sh["map.moria.hunt"][0] == provenance.GIVEN                  # the hunting example
    assert sh["tracks.hunt.boxes.0.gain.0"][0] == provenance.GIVEN      # example 3's Boot
    assert bb["defender_bonus"][0] == provenance.GIVEN
    assert fp["tracks.gondor_knights.boxes.0"][0] == provenance.GUESSED


def test_every_box_can_be_marked_and_every_place_reached():
    data = game_data()
    dice = {d.id: d.icons for d in types_for_game("Circle of Conflict")}
    for half in ("fp", "sh"):
        got = producible(data, dice, half)
        assert got and got <= set(ICONS)
        for t in data.half(half).tracks.values():
            assert t.accepts & got, t.id
            assert all(set(b.gain) <= set(ICONS) for b in t.boxes)
    for loc in data.locations:
        data.distance("shire", loc)                                    # raises if unreachable


def broken(tmp_path, name: str, change) -> str:
    """A copy of the data folder with one file changed; the loader's message."""
    folder = tmp_path / f"data{len(list(tmp_path.iterdir()))}"
    shutil.copytree(DATA_DIR, folder)
    d = raw(name)
    change(d)
    (folder / name).write_text(json.dumps(d), encoding="utf-8")
    with pytest.raises(DataError) as err:
        load(str(folder))
    return str(err.value)


def test_a_broken_file_is_refused_with_one_clear_line(tmp_path):
    why = broken(tmp_path, "free_peoples_board.json",
                 lambda d: d["tracks"]["resolve"]["boxes"][0].update(gain=["ale"]))
    assert why.startswith("free_peoples_board.json: tracks.resolve.boxes.0.gain") and "ale" in why
    why = broken(tmp_path, "middle_earth_map.json", lambda d: d["paths"].pop(0))
    assert "cannot be reached" in why
    why = broken(tmp_path, "shadow_board.json", lambda d: d["reconstructed"].remove("map"))
    assert "neither" in why and "\n" not in why
    why = broken(tmp_path, "battle_board.json", lambda d: d.update(defender_bonus=-1))
    assert "defender_bonus" in why
    why = broken(tmp_path, "shadow_board.json",
                 lambda d: d["tracks"]["palantir"]["boxes"][2].pop("arc"))
    assert "arc" in why


def test_a_corrected_board_changes_the_game_without_code(tmp_path):
    """Someone holding the printed board finds that Bree costs 2 resolve: edit, reload, play."""
    folder = tmp_path / "data"
    shutil.copytree(DATA_DIR, folder)
    fp = raw("free_peoples_board.json")
    fp["map"]["bree"]["resolve"] = 2
    (folder / "free_peoples_board.json").write_text(json.dumps(fp), encoding="utf-8")
    data = load(str(folder))
    s = Session(new_table(2, ["Ann", "Ben"], 1, data), CocRules(data))
    force(s, step="icons")
    set_marks(s, 0, "fp", "resolve", 2)
    assert s.submit(C.Move(0, "bree")).ok
    assert slot(s)["secret"]["p1"]["fellowship"]["at"] == "bree"
    assert not Session(new_table(2, None, 1), CocRules()).rules.data.locations["bree"].resolve == 2
