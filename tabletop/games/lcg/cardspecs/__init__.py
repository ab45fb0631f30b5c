"""Every core-set card as one declaration (``CardSpec``) built from a shared
vocabulary.  ``spec_for(code)`` gives a card's declaration (None for a card
that has none yet)."""
from __future__ import annotations

from tabletop.games.lcg.cardspecs.base import SPECS, Ability, CardSpec, declare  # noqa: F401

_loaded = False


def load() -> dict:
    """Import every declaration module once; returns the registry."""
    global _loaded
    if not _loaded:
        _loaded = True
        import importlib
        for mod in ("heroes", "allies", "attachments", "events", "encounter", "quests"):
            try:
                importlib.import_module(f"tabletop.games.lcg.cardspecs.{mod}")
            except ModuleNotFoundError as exc:
                if exc.name != f"tabletop.games.lcg.cardspecs.{mod}":
                    raise
    return SPECS


def spec_for(code: str) -> CardSpec | None:
    """A card's declaration, or None."""
    return load().get(code)
