"""War of the Ring's card language on the rules kernel: its vocabulary and its turn.

``VOCAB`` declares every instruction the engine keeps on its stack (the
operations are registered, with their parameters, by the modules that carry
them out: ``turn``, ``cards``, ``hunt``, ``battle``, ``kings``) and the
triggers an event card or a character may answer, with the facts each
carries.  ``ROUND`` is the game turn as the rulebook gives it, a list of
steps whose name is kept in the slot's ``phase``::

    fellowship  phase 1 (dice recovered, event cards drawn) and phase 2
                (declare the Fellowship, or go on)
    hunt        phase 3: the Shadow allocates Hunt dice
    roll        phase 4: the action roll
    discard     (Kings of Middle-earth) one die set aside with a Ruler die rolled
    actions     phase 5: action resolution, alternating, the Free Peoples first
    end         phase 6: the victory check; then the next turn

``MACHINE`` runs the stack.  ``fire`` tells whatever answers a trigger (the
cards, once written, register in ``REACTIONS``) that it happened.

Pure Python: no pygame.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.core.kernel import Machine, Opt, Round, Vocabulary

VOCAB = Vocabulary("wotr")
STEPS = ["fellowship", "hunt", "roll", "discard", "actions", "end"]
ROUND = Round(VOCAB, STEPS, key="phase")
MACHINE = Machine(VOCAB)

# What a card or a character may answer, and the facts each trigger carries.
TURN_BEGINS = VOCAB.trigger("turn_begins", doc="Phase 1 of a turn begins.", turn=int)
DIE_USED = VOCAB.trigger("die_used", doc="An action die was used.", side=str, action=str,
                         face=str)
CARD_DRAWN = VOCAB.trigger("card_drawn", doc="An event card was drawn.", seat=int, deck=str,
                           card=int)
CARD_PLAYED = VOCAB.trigger("card_played", doc="An event card was played from a hand (and "
                            "its effect is done).", seat=int, card=int, deck=str,
                            face=Opt(str, "the result of the die that played it"))
FELLOWSHIP_MOVED = VOCAB.trigger("fellowship_moved", doc="The Fellowship moved.",
                                 progress=int, mordor=int)
HUNT_TILE = VOCAB.trigger("hunt_tile", doc="A Hunt tile was drawn against the Fellowship.",
                          card=int, damage=int, reveal=bool)
HUNT_ROLL_BEGINS = VOCAB.trigger("hunt_roll_begins", doc="The Shadow is about to roll for the "
                                 "Hunt.")
HUNT_BEFORE_TILE = VOCAB.trigger("hunt_before_tile", doc="A Hunt tile is about to be drawn.")
HUNT_DRAWN = VOCAB.trigger("hunt_drawn", doc="A Hunt tile was drawn; its damage is not taken "
                           "yet.", card=int, damage=int, reveal=bool)
FELLOWSHIP_DECLARED = VOCAB.trigger("fellowship_declared", doc="The Fellowship was declared "
                                    "(region \"mordor\": it entered the Mordor track).",
                                    region=str)
REVEALED = VOCAB.trigger("revealed", doc="The Fellowship was revealed.", region=Opt(str))
COMPANION_LOST = VOCAB.trigger("companion_lost", doc="A Companion was eliminated.", who=str,
                               fellowship=bool)
SOVEREIGN_CORRUPTED = VOCAB.trigger("sovereign_corrupted", doc="A Sovereign became Corrupted.",
                                    sovereign=str)
BATTLE_BEGINS = VOCAB.trigger("battle_begins", doc="An army attacks.", region=str,
                              origin=str, attacker=str)
COMBAT_ROLLED = VOCAB.trigger("combat_rolled", doc="A side rolled its combat dice.",
                              side=str, hits=int, round=int)
CAPTURED = VOCAB.trigger("captured", doc="A settlement changed hands.", region=str,
                         side=Opt(str, "None: back to its own nation"))
POLITICS = VOCAB.trigger("politics", doc="A nation advanced or was activated.", nation=str,
                         step=int, active=bool,
                         cause=Opt(str, "die, card, attack, companion or ability"))

Reaction = Callable[[Any, dict[str, Any]], None]
REACTIONS: dict[str, list[Reaction]] = {}


def react(trigger: str) -> Callable[[Reaction], Reaction]:
    """Register what answers a trigger (a decorator): ``fn(ctx, facts)``, which
    may push instructions; they run before the engine goes on."""
    if trigger not in VOCAB.triggers:
        raise ValueError(f"unknown trigger {trigger!r}")

    def reg(fn: Reaction) -> Reaction:
        REACTIONS.setdefault(trigger, []).append(fn)
        return fn
    return reg


def fire(ctx: Any, trigger: str, **facts: Any) -> None:
    """A trigger happened: everything registered for it answers, in order."""
    for fn in REACTIONS.get(trigger, ()):
        fn(ctx, facts)
