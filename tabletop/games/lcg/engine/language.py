"""The card game's card language: one ``Vocabulary`` on the shared rules kernel.

Every operation the engine and the card declarations use is declared once,
with its parameters, where its handler is written (``@V.op("draw", seat=int,
n=Opt(int))`` in ``engine.round``, the card-level verbs in ``engine.vocab``);
every game event a card can answer (a *trigger*) is declared here, with the
facts it carries.  ``MACHINE`` runs the engine's stack of instructions.  ``V``
holds every operation once the engine's operations are imported
(``engine.ruleset``, which ``Engine`` and ``tabletop.games.lcg.engine.V`` load).

Nothing is checked at run time beyond the trigger's name: the card
declarations are checked against the vocabulary by a test
(``tests/lcg/test_card_language.py``) and a saved stack by the save loader
(``kernel.check_data``, through the game's slot check).
"""
from __future__ import annotations

from tabletop.core.kernel import ANY, CHOICE_KINDS, Machine, Opt, Vocabulary

NONE = type(None)
CARD = (int, NONE)            # a card id, or None when the card it named is not there
SEAT = (int, NONE)            # a seat, or None (the first player, or nobody)

# the card game also asks a player to pick which hero pays ("pay")
V = Vocabulary("lcg", choice_kinds=CHOICE_KINDS + ("pay",))
MACHINE = Machine(V)

# what an ability is (``Ability.kind``), where its card must be (``Ability.where``),
# and what its limit counts (``Ability.limit``: (per, n))
ABILITY_KINDS = ("action", "response", "forced", "when_revealed", "shadow", "travel", "setup",
                 "event", "stage")
WHERE = ("play", "hand", "self", "aside")
LIMIT_PER = ("round", "phase")
PHASES = ("resource", "planning", "quest", "travel", "encounter", "combat", "refresh")

# ------------------------------------------------------------------ triggers
V.trigger("revealed", card=int, doc="an encounter card was just revealed (before its effects)")
V.trigger("engaged", card=int, seat=int, doc="an enemy engaged a player")
V.trigger("attacks", card=int, seat=int, doc="an enemy attacks a player (step 1)")
V.trigger("defends", card=int, enemy=int, seat=int, doc="a character was declared as a defender")
V.trigger("shadow_dealt", card=int, enemy=int, seat=Opt(SEAT), doc="a shadow card was dealt")
V.trigger("shadow_revealed", card=int, doc="a shadow card turned face up")
V.trigger("shadow_resolved", card=int, enemy=Opt(CARD), seat=Opt(SEAT),
          doc="a shadow effect resolved (not when cancelled)")
V.trigger("combat_damage", card=int, target=int, n=int, excess=int, seat=int,
          doc="an enemy's attack dealt damage (excess: beyond what the character could take)")
V.trigger("after_attack", card=int, seat=int, undefended=bool, defenders=list,
          doc="an enemy's attack is over")
V.trigger("enemy_destroyed", card=int, doc="an enemy was destroyed")
V.trigger("enemy_left", card=int, doc="an enemy left play")
V.trigger("explored", card=int, doc="a location was explored")
V.trigger("traveled", card=int, seat=Opt(SEAT), doc="the players travelled to a location")
V.trigger("committed", card=int, seat=int, doc="a character was committed to the quest")
V.trigger("quest_progress", card=int, n=int, doc="progress was placed on the quest stage")
V.trigger("quest_success", progress=int, doc="the quest succeeded")
V.trigger("quest_failed", by=int, doc="the quest failed")
V.trigger("phase_begin", phase=str, doc="a phase begins")
V.trigger("phase_end", phase=str, doc="a phase ends")
V.trigger("round_end", doc="the round ends")
V.trigger("readying", doc="the refresh phase's readying is about to happen (refresh.ready)")
V.trigger("played", card=int, seat=int, doc="a card was played from hand (after it resolved)")
V.trigger("enters_play", card=int, seat=int, doc="a card entered play (played or put)")
V.trigger("drew", seat=int, n=int, doc="a player drew cards")
V.trigger("declared_attacker", card=int, enemy=int, seat=int,
          doc="a character was declared as an attacker")
V.trigger("player_attack_done", card=int, seat=int, attackers=list, damage=int,
          destroyed=Opt(bool), doc="a player's attack is over (after what its damage set off)")
V.trigger("rescued", card=int, doc="the prisoner was rescued")
V.trigger("damaged", card=int, n=int, doc="a card took damage and survived")
V.trigger("character_destroyed", card=int, seat=Opt(SEAT), doc="a character was destroyed")
V.trigger("ally_left", card=int, seat=Opt(SEAT), doc="an ally left play")
V.trigger("hero_left", card=int, seat=Opt(SEAT), doc="a hero left play")

__all__ = ["V", "MACHINE", "NONE", "CARD", "SEAT", "ANY", "Opt", "ABILITY_KINDS", "WHERE",
           "LIMIT_PER", "PHASES"]
