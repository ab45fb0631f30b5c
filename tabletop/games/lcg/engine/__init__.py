"""The card game's rules engine: the ruleset ``"enforce"``, on the shared rules kernel.

Its floors, from the bottom (each imports only the floors below it):

| floor | modules |
|---|---|
| the language | ``language`` (the one ``Vocabulary``: every operation and trigger), ``registry`` (the card registry the engine is given), ``state`` (its saved data) |
| queries (read-only) | ``table`` (``Table``), ``filters``, ``specs``, ``allowed``, ``offers``, ``score`` |
| verbs (through the ``Tx``) | ``context`` (``Ctx``), ``triggers``, ``moves``, ``players``, ``damage``, ``progress``, ``effects`` |
| operations | ``vocab`` (the card-level verbs card declarations are made of); the round: ``playing``, ``abilities``, ``round``, ``quest``, ``combat``, ``setup`` |
| the ruleset | ``ruleset`` (``Engine``, ``engine_view``, ``check_data``), ``position`` |

It runs the whole round (``engine.round``), setup through the same pipeline
(``engine.setup``), encounter cards (``engine.quest``), combat
(``engine.combat``), playing and paying for cards (``engine.playing``), card
abilities from their declarations (``engine.abilities``), and the score.  The
card declarations are *given* to it (``Engine(cards=...)``): the game's
package builds the registry (``tabletop.games.lcg.cardspecs``) when it is
imported, so every passive holds from a table's first step.

Importing this package is light (the card declarations import the floors they
stand on); ``Engine``, ``engine_view``, ``check_data``, ``default_cards`` and
the vocabulary ``V`` are in ``engine.ruleset``, loaded (with every operation)
on first use of one of them from here.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tabletop.games.lcg.engine.ruleset import (COSMETIC, MACHINE, V, Engine, check_data,
                                                   default_cards, engine_view)

__all__ = ["Engine", "COSMETIC", "engine_view", "default_cards", "check_data", "V", "MACHINE"]


def __getattr__(name: str) -> Any:
    """``Engine`` and its neighbours, from ``engine.ruleset`` (imported on first use)."""
    if name in __all__:
        import tabletop.games.lcg.engine.ruleset as ruleset
        return getattr(ruleset, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
