"""The effect vocabulary: the card-level verbs card declarations are made of.

Every verb is an operation of the card game's one ``Vocabulary``
(``engine.language.V``), declared once with its parameters where its
handler is written:

| module | verbs |
|---|---|
| ``choices`` | ``choose``, ``choose_player``, ``yesno``, ``number``, ``mode``, ``each``, ``each_player``, ``if_in_play``, ``say``, ``flag``, ``effect``, ``schedule``, ``attack_bonus`` |
| ``changes`` | ``damage``, ``heal``, ``progress``, ``threat``, ``resource``, ``exhaust``, ``ready``, ``discard``, ``destroy``, ``to_hand``, ``to_deck``, ``to_staging``, ``engage``, ``put_into_play``, ``attach_to``, ``control``... |
| ``piles`` | ``discard_from_hand``, ``peek``, ``peek_card``, ``search_top``, ``shuffle_discard_into_deck``, ``take_card`` |
| ``encounter`` | what encounter and quest cards need of their own (``claim``, ``orc_guards``, ``rescue``...) |
| ``player_cards`` | what a few player cards need of their own (``quick_strike``, ``thicket``...) |

Instructions are plain data (they wait on the engine's stack, in a save,
while a player decides).  The verbs change the table only through the
engine's verbs below them (``engine.moves``, ``engine.damage``,
``engine.players``, ``engine.progress``); they never import the card
declarations, which are built on them (``tabletop.games.lcg.cardspecs``).
``python3 -c "from tabletop.games.lcg.engine.language import V; import
tabletop.games.lcg.engine; print(*V.describe(), sep='\\n')"`` lists them.
"""
from __future__ import annotations

from tabletop.games.lcg.engine.vocab import changes, choices, encounter, piles, player_cards

__all__ = ["changes", "choices", "encounter", "piles", "player_cards"]
