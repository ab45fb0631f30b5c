"""Every player card's face states its trigger, its cost and its limit, as the card data
(``lotr_lcg_core_effects.json``) says the card has them; a constant ability has no
trigger word (Thalin's)."""
from __future__ import annotations

import json
import os
import re

import pytest

from tabletop.games.lcg.cardspecs import face_text

DATA = os.path.join(os.path.dirname(__file__), "..", "..", "tabletop", "games", "lcg", "data",
                    "lotr_lcg_core_effects.json")
CARDS = json.load(open(DATA, encoding="utf-8"))["cards"]
PLAYER = sorted(c for c, card in CARDS.items() if card["type"] in ("hero", "ally", "event",
                                                                    "attachment"))
TRIGGER_WORDS = ("after", "when", "whenever", "each time", "just", "at the end", "while")
LABELS = {"response": "Response:", "forced": "Forced:", "action": "Action:",
          "quest action": "Quest Action:", "combat action": "Combat Action:"}
# a cost in the data, by the words that say it (the resources paid to play a card are its
# printed cost, not its text)
COST_WORDS = {"exhaust": ("exhaust",), "discard": ("discard",), "resource": ("resource",),
              "threat": ("threat",)}
# limits that the rules give every response (FAQ 1.08), not printed on the card
IMPLICIT = re.compile(r"per (commitment|damage event|destroyed|trigger)", re.I)


def _text_cost(cost: str | None) -> str:
    if not cost:
        return ""
    if "additional cost:" in cost:
        return cost.split("additional cost:", 1)[1]
    if cost.startswith(("Play cost", "Play the event")):
        return ""
    return cost


@pytest.mark.parametrize("code", PLAYER)
def test_a_player_cards_face_states_its_trigger_cost_and_limit(code):
    face = face_text(code, english=True)[0]
    low = face.lower()
    for ab in CARDS[code]["abilities"]:
        kind = ab["kind"]
        if kind in LABELS:
            assert LABELS[kind] in face, (code, face)
        if kind in ("response", "forced"):
            assert any(w in low for w in TRIGGER_WORDS), (code, "trigger", face)
        if kind == "static" and ab.get("trigger"):
            # a constant ability (Thalin's): no trigger label on the face
            assert "Forced:" not in face and "Response:" not in face, (code, face)
            assert any(w in low for w in TRIGGER_WORDS), (code, face)
        cost = _text_cost(ab.get("cost")).lower()
        for key, words in COST_WORDS.items():
            if key in cost:
                assert any(w in low for w in words), (code, "cost", key, face)
        limit = ab.get("limit") or ""
        if limit and not IMPLICIT.search(limit):
            if "once per round" in limit.lower():
                assert "once per round" in low, (code, "limit", face)
            m = re.search(r"(\d+) times per (phase|round)", limit)
            if m:
                assert f"{m.group(1)} times per {m.group(2)}" in low, (code, "limit", face)


def test_the_faces_the_issue_named():
    assert face_text("01012", english=True)[0] == (
        "Action: Exhaust Beravor to choose a player: that player draws 2 cards. "
        "(Limit once per round.)")
    assert face_text("01002", english=True)[0].startswith("Response: After Théodred is committed")
    thalin = face_text("01006", english=True)[0]
    assert not thalin.startswith("Forced") and thalin.startswith("While Thalin is committed")
