"""Dice: the die types of every supported game and the one true way to roll them.

The rules engine decides every result here, from a ``random.Random`` the caller
seeds (``random.Random(f"{seed}:{seq}")``), so the same seed and position in
the game always give the same faces.  Physics and drawing (``sprites``) only
*show* a roll; they never choose it.

Die types are loaded from ``tabletop/core/data/dice.json`` (one editable file).  A
face is a symbol id ("character", "eye", "blank", "1".."6", ...); its label is
an English msgid translated through :func:`tabletop.core.i18n._`.

Pure Python: no pygame, no pymunk.
"""
from __future__ import annotations

import json
import os
import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable

from tabletop.core.i18n import _

DATA_DIR = os.path.join(os.path.dirname(__file__), "data")
DICE_FILE = os.path.join(DATA_DIR, "dice.json")


@dataclass(frozen=True)
class DieType:
    """One kind of die: its faces in order, with a label and icons per face."""

    id: str
    name: str                                  # English display name (msgid)
    game: str
    colour: tuple[int, int, int]
    faces: tuple[str, ...]                     # symbol id per face
    labels: tuple[str, ...]                    # English label (msgid) per face
    icons: tuple[tuple[str, ...], ...]         # primitive icons drawn per face
    reconstructed: bool = False                # face list guessed, not published
    note: str = ""
    sources: tuple[str, ...] = ()

    @property
    def n_faces(self) -> int:
        """How many faces the die has."""
        return len(self.faces)

    def face(self, face_index: int) -> str:
        """Symbol id of a face ("character", "blank", "3", ...)."""
        return self.faces[face_index]


def _parse(raw: dict[str, Any]) -> dict[str, DieType]:
    symbols = raw.get("symbols")
    if not isinstance(symbols, dict) or not symbols:
        raise ValueError("dice.json: 'symbols' must be a non-empty object")
    out: dict[str, DieType] = {}
    for entry in raw.get("dice", []):
        die_id = entry.get("id")
        if not isinstance(die_id, str) or not die_id:
            raise ValueError(f"dice.json: a die has no id: {entry!r}")
        if die_id in out:
            raise ValueError(f"dice.json: duplicate die id {die_id!r}")
        faces = entry.get("faces")
        if not isinstance(faces, list) or not faces:
            raise ValueError(f"dice.json: die {die_id!r} has no faces")
        labels: list[str] = []
        icons: list[tuple[str, ...]] = []
        for face in faces:
            sym = symbols.get(str(face))
            if sym is None:
                raise ValueError(
                    f"dice.json: die {die_id!r} uses unknown symbol {face!r}")
            labels.append(str(sym.get("label", face)))
            icons.append(tuple(sym.get("icons", [str(face)])))
        colour = entry.get("colour")
        if (not isinstance(colour, list) or len(colour) != 3
                or not all(isinstance(c, int) and 0 <= c <= 255 for c in colour)):
            raise ValueError(f"dice.json: die {die_id!r} colour must be [r, g, b]")
        out[die_id] = DieType(
            id=die_id,
            name=str(entry.get("name", die_id)),
            game=str(entry.get("game", "")),
            colour=(colour[0], colour[1], colour[2]),
            faces=tuple(str(f) for f in faces),
            labels=tuple(labels),
            icons=tuple(icons),
            reconstructed=bool(entry.get("reconstructed", False)),
            note=str(entry.get("note", "")),
            sources=tuple(str(s) for s in entry.get("sources", [])),
        )
    if not out:
        raise ValueError("dice.json: no dice defined")
    return out


@lru_cache(maxsize=1)
def die_types() -> dict[str, DieType]:
    """All die types by id, in file order (loaded once; treat as read-only)."""
    with open(DICE_FILE, encoding="utf-8") as fh:
        return _parse(json.load(fh))


def die_type(die_type_id: str) -> DieType:
    """The die type with that id (KeyError if unknown)."""
    try:
        return die_types()[die_type_id]
    except KeyError:
        raise KeyError(f"unknown die type {die_type_id!r}") from None


def types_for_game(game: str) -> list[DieType]:
    """Die types of one game ("War of the Ring", "Circle of Conflict", ...)."""
    return [d for d in die_types().values() if d.game == game]


def roll(die_type_id: str, rng: random.Random) -> int:
    """Roll one die: a face index, uniform over the die's faces.

    Uses exactly one ``rng.randrange(n_faces)`` call, so a seeded generator
    gives the same sequence of faces on every machine and Python >= 3.2.
    """
    return rng.randrange(die_type(die_type_id).n_faces)


def roll_many(die_type_ids: Iterable[str], rng: random.Random) -> list[int]:
    """Roll several dice in the given order; one face index per die."""
    return [roll(die_id, rng) for die_id in die_type_ids]


def face_id(die_type_id: str, face_index: int) -> str:
    """Symbol id of a rolled face ("eye", "blank", "4", ...)."""
    return die_type(die_type_id).faces[face_index]


def face_label(die_type_id: str, face_index: int) -> str:
    """Translated short label of a face ("Character", "Will of the West", ...)."""
    return _(die_type(die_type_id).labels[face_index])


def die_name(die_type_id: str) -> str:
    """Translated display name of a die type."""
    return _(die_type(die_type_id).name)
