"""Constant abilities hold from a table's first step, in a new process.

Every passive ability is registered when the game's package is imported, not
on the first lookup of a card declaration: a position loaded in a fresh
interpreter, or a save opened in one, must run its very first steps with
them (Gimli's attack, Forest Snare, Anduin Passage's rule).  Each check runs
in its own interpreter, since this one has long loaded everything.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

from tabletop.games.lcg.cards import core_set

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

GIMLI = {"scenario": "passage-through-mirkwood", "step": "combat.player_attacks",
         "encounter_deck": [],
         "seats": [{"name": "Tom", "heroes": [{"card": "Gimli", "damage": 3,
                                               "attachments": ["Dwarven Axe"]}],
                    "engaged": ["Forest Spider"]}]}
SNARE = {"scenario": "passage-through-mirkwood", "step": "combat.enemy_attacks",
         "encounter_deck": [],
         "seats": [{"name": "Tom", "heroes": ["Aragorn"],
                    "engaged": [{"card": "Forest Spider", "attachments": ["Forest Snare"]}]}]}
ANDUIN = {"scenario": "journey-down-the-anduin", "quest": {"card": "Anduin Passage"},
          "step": "encounter.optional", "encounter_deck": [],
          "seats": [{"name": "Tom", "threat": 40, "heroes": ["Aragorn"]}],
          "staging": ["Misty Mountain Goblins"]}


def _fresh(code: str) -> dict:
    """Run ``code`` in a new interpreter; it prints one JSON object last."""
    out = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=ROOT,
                         capture_output=True, text=True, timeout=120,
                         env=dict(os.environ))
    assert out.returncode == 0, out.stdout + out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def _gimli_attack() -> int:
    db = core_set()
    gimli, axe = db.find_name("Gimli")[0], db.find_name("Dwarven Axe")[0]
    assert "Dwarf" in gimli.traits and axe.type == "attachment"
    return gimli.attack + 3 + 2        # +1 per damage on him; the Axe: +2 for a Dwarf


def test_gimli_with_3_damage_and_a_dwarven_axe_attacks_for_7_from_the_first_step():
    assert _gimli_attack() == 7
    got = _fresh(f"""
        import json
        from tabletop.games.lcg import api
        game = api.load_position({GIMLI!r})
        gimli = api.find(game, "Gimli")[0]
        attack = api.card(game, gimli)["attack"]
        spider = api.find(game, "Forest Spider")[0]
        api.answer(game, spider)
        labels = [o["label"] for o in api.pending(game)["options"]]
        print(json.dumps({{"attack": attack, "labels": labels}}))
    """)
    assert got["attack"] == 7
    assert "Attack with Gimli (7 attack)" in got["labels"]


def test_an_enemy_under_forest_snare_does_not_attack_from_the_first_step():
    got = _fresh(f"""
        import json
        from tabletop.games.lcg import api
        game = api.load_position({SNARE!r})
        print(json.dumps({{"log": [e.text for e in game.log], "pending": api.pending(game)}}))
    """)
    text = "\n".join(got["log"])
    assert "Forest Spider attacks" not in text
    assert "declare a defender" not in (got["pending"] or {}).get("prompt", "")


def test_anduin_passage_makes_no_engagement_checks_from_the_first_step():
    got = _fresh(f"""
        import json
        from tabletop.games.lcg import api
        game = api.load_position(dict({ANDUIN!r}, step="encounter.checks"))
        print(json.dumps({{"engagements": api.derived(game)["engagements"],
                          "log": [e.text for e in game.log]}}))
    """)
    assert got["engagements"] == []
    assert "No engagement checks are made this round." in "\n".join(got["log"])


def test_a_save_opened_in_a_new_process_has_its_passives_from_its_first_step(tmp_path):
    """Saved at the optional engagement (Anduin Passage) and at a player attack
    (Gimli), then opened in a new interpreter that plays on."""
    anduin, gimli = str(tmp_path / "anduin.msgpack"), str(tmp_path / "gimli.msgpack")
    _fresh(f"""
        import json
        from saves import store
        from tabletop.games.lcg import api
        game = api.load_position({ANDUIN!r})
        assert api.pending(game)["prompt"].endswith("engage an enemy of your choice?")
        store.save(game, {anduin!r})
        store.save(api.load_position({GIMLI!r}), {gimli!r})
        print(json.dumps({{}}))
    """)
    got = _fresh(f"""
        import json
        from saves import store
        from tabletop.games.lcg import api
        game = store.load({gimli!r}).session
        attack = api.card(game, api.find(game, "Gimli")[0])["attack"]
        game = store.load({anduin!r}).session
        assert api.choose(game, "Engage none").ok
        engagements = api.derived(game)["engagements"]
        print(json.dumps({{"engagements": engagements, "attack": attack}}))
    """)
    assert got == {"engagements": [], "attack": _gimli_attack()}
