"""Card definitions: the printed facts of every card, loaded from the package data.

A ``CardDef`` is immutable and never saved; saves refer to cards by code.
"""
from __future__ import annotations

import json
import os
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache

DATA_DIR = os.path.join(os.path.dirname(__file__), "data")

PLAYER_TYPES = ("hero", "ally", "attachment", "event")
ENCOUNTER_TYPES = ("enemy", "location", "treachery", "objective")

# Token types, in DragnCards' hotkey order (1-9).  Stat modifiers may go negative.
TOKEN_TYPES = ("resource", "progress", "damage", "time", "willpower",
               "attack", "defense", "hitpoints", "engagement")
NONNEGATIVE_TOKENS = frozenset({"resource", "progress", "damage", "time"})


def fold(text: str) -> str:
    """Lower-case and strip accents, for forgiving name look-ups (Théodred = Theodred)."""
    norm = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in norm if not unicodedata.combining(ch)).casefold().strip()


# names people write for cards printed otherwise (a misspelling on the card, a spelling
# of the FAQ): their key -> the key of the printed name
NAME_ALIASES = {"chieftain ufthak": "chieftan ufthak", "dungeon jailer": "dungeon jailor",
                "dol gulder orcs": "dol guldur orcs"}


def name_key(text: str) -> str:
    """A name as people may write it: accents, case and punctuation do not matter
    ("Don't Leave the Path" = "Don't Leave the Path!"), nor a known misspelling of the
    printed name ("Chieftain Ufthak" = the printed "Chieftan Ufthak")."""
    out = []
    for ch in fold(text):
        if ch.isalnum() or ch.isspace():
            out.append(ch)
        elif ch not in "'\u2019`\u2018":
            out.append(" ")              # "To the River..." = "To the River"
    key = " ".join("".join(out).split())
    return NAME_ALIASES.get(key, key)


@dataclass(frozen=True)
class CardDef:
    """The printed facts of one card (never saved; saves name cards by code)."""
    code: str
    name: str
    type: str
    deck: str                      # "player", "encounter" or "quest"
    sphere: str | None = None
    unique: bool = False
    cost: int | str | None = None
    threat: int | None = None      # hero starting threat
    willpower: int | None = None
    attack: int | None = None
    defense: int | None = None
    health: int | None = None
    traits: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    quantity: int = 1
    deck_limit: int | None = None
    encounter_set: str | None = None
    engagement_cost: int | None = None
    threat_strength: int | None = None
    quest_points: int | None = None
    victory: int | None = None
    has_shadow: bool = False
    shadow_tag: str | None = None
    attach_to: str | None = None
    easy_mode_quantity: int | None = None
    octgn_id: str | None = None
    number: int = 0
    stage: int | None = None
    side_a_name: str | None = None
    side_b_name: str | None = None
    scenario: str | None = None
    rules_text: str = ""           # our own paraphrase, never the printed sentence
    shadow_text: str = ""

    @property
    def back(self) -> str:
        """Which card back this card has: "player", "encounter" or "quest"."""
        return self.deck

    @property
    def is_player_card(self) -> bool:
        """Is it a card of a player's deck (hero, ally, attachment, event)?"""
        return self.deck == "player"


_FIELDS = {f for f in CardDef.__dataclass_fields__}


def _shadow_text(effect: dict) -> str:
    shadow = effect.get("shadow")
    if isinstance(shadow, dict):
        return shadow.get("rules_text_en") or shadow.get("effect") or ""
    if isinstance(shadow, str):
        return shadow
    return ""


class CardDB:
    """All card definitions of a set, with look-ups by code, OCTGN GUID and name."""

    def __init__(self, cards: list[CardDef], raw: dict):
        self.raw = raw
        self.by_code: dict[str, CardDef] = {c.code: c for c in cards}
        self.by_guid: dict[str, CardDef] = {c.octgn_id.lower(): c for c in cards if c.octgn_id}
        self.by_name: dict[str, list[CardDef]] = {}
        self.by_key: dict[str, list[CardDef]] = {}
        for c in cards:
            self.by_name.setdefault(fold(c.name), []).append(c)
            self.by_key.setdefault(name_key(c.name), []).append(c)

    def __getitem__(self, code: str) -> CardDef:
        try:
            return self.by_code[code]
        except KeyError:
            raise KeyError(f"unknown card code {code!r}") from None

    def __contains__(self, code: str) -> bool:
        return code in self.by_code

    def __iter__(self):
        return iter(self.by_code.values())

    def __len__(self) -> int:
        return len(self.by_code)

    def find_name(self, name: str) -> list[CardDef]:
        """The cards with that name: accents and case do not matter, nor punctuation, a
        known misspelling (``name_key``) or a leading "The" the name lacks or adds."""
        found = self.by_name.get(fold(name))
        if found:
            return list(found)
        key = name_key(name)
        for k in (key, key[4:] if key.startswith("the ") else "the " + key):
            if k in self.by_key:
                return list(self.by_key[k])
        return []

    @property
    def scenarios(self) -> dict:
        """The scenarios of the set, by key."""
        return self.raw["scenarios"]

    @property
    def starter_decks(self) -> dict:
        """The rulebook's four starter decks, by sphere."""
        return self.raw["starter_decks"]

    @property
    def encounter_sets(self) -> dict:
        """The encounter sets, by name."""
        return self.raw["encounter_sets"]


@lru_cache(maxsize=None)
def core_set() -> CardDB:
    """The Lord of the Rings: The Card Game core set, with our rules paraphrases."""
    with open(os.path.join(DATA_DIR, "lotr_lcg_core.json"), encoding="utf-8") as fh:
        raw = json.load(fh)
    with open(os.path.join(DATA_DIR, "lotr_lcg_core_effects.json"), encoding="utf-8") as fh:
        effects = json.load(fh)["cards"]
    cards = []
    for entry in raw["cards"]:
        kwargs = {k: v for k, v in entry.items() if k in _FIELDS}
        kwargs["traits"] = tuple(entry.get("traits") or ())
        kwargs["keywords"] = tuple(entry.get("keywords") or ())
        eff = effects.get(entry["code"], {})
        kwargs["rules_text"] = eff.get("rules_text_en") or ""
        kwargs["shadow_text"] = _shadow_text(eff)
        cards.append(CardDef(**kwargs))
    return CardDB(cards, raw)
