"""The shape of a card declaration: ``CardSpec`` and its ``Ability`` list.

Every core-set card is one ``CardSpec`` built from the effect vocabulary
(``engine.vocab``: the operations of ``engine.language.V``): its abilities
(kind, trigger, condition, cost, effect, limit), its passives, where it may
be attached, and the rules paraphrase drawn on its face.  Every declaration
and passive goes into one card registry, ``CARDS`` (``engine.registry``),
which the game's package gives the engine; the engine never imports the
declarations and never switches on a card's code.

Effects are lists of plain instructions (``{"op": "draw", ...}``) or functions
``fn(ctx, src, info, seat) -> list of instructions`` (the escape hatch for
the odd card; it reads the table, ``engine.table.Table``, and never changes
it); costs likewise.  ``$src``, ``$seat`` and ``$choice`` in an instruction
stand for the card with the ability, the player using it, and the answer of
the last choice.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from tabletop.games.lcg.engine.language import ABILITY_KINDS as KINDS  # noqa: F401  (kinds of Ability)
from tabletop.games.lcg.engine.registry import CardRegistry


@dataclass
class Ability:
    """One ability of a card.

    kind      action | response | forced | when_revealed | shadow | travel | setup | event |
              stage (a quest stage's own rule: when revealed, or forced on an event)
    trigger   the game event a response/forced ability answers ("committed", "engaged",
              "revealed", "attacks", "after_attack", "enemy_destroyed", "played",
              "enters_play", "phase_begin", "phase_end", "quest_success"...)
    phase     for actions and events: the phase whose action windows allow it (None: any)
    condition fn(ctx, src, info, seat) -> bool: may it be used / does it fire now
    cost      instructions (or fn) paid before the effect; they stay paid if it is cancelled
    effect    instructions (or fn) that make it happen
    limit     ("round" | "phase", n): uses per card copy (per player and copy with per_player)
    where     "play" (the card is in play) | "hand" (an event or a response from hand) |
              "self" (the triggering card itself: when revealed, shadow; a Response printed
              on an encounter or quest card, offered to the first player) |
              "aside" (the card is set aside, out of play: Nazgûl of Dol Guldur)
    text      what it does, in our words, with its trigger ("after ...") and its cost
              ("exhaust X to ..."); its limit is added from ``limit`` on the card's face
    """
    kind: str
    trigger: str | None = None
    phase: str | None = None
    condition: Callable | None = None
    cost: Any = ()
    effect: Any = ()
    limit: tuple | None = None
    where: str = "play"
    text: str = ""
    optional: bool = True
    anyone: bool = False          # any player may use it (Éowyn), not only its controller
    per_player: bool = False      # the limit counts each player's uses apart
    # the label printed before it on the card's face (None: its kind's, "Response"...;
    # "": none, a constant ability that the engine carries out as a Forced one: Thalin)
    printed: str | None = None


@dataclass
class CardSpec:
    """A card's declaration."""
    code: str
    name: str = ""
    abilities: list[Ability] = field(default_factory=list)
    attach_hosts: Callable | None = None      # fn(table, seat, cid) -> legal hosts
    play_allowed: Callable | None = None      # fn(table, seat, cid) -> bool
    stage_blocked: Callable | None = None     # quest stages: fn(table, quest) -> reason | None
    pay_distinct: bool = False                # each resource from a different hero (Thicket of Spears)
    x_values: Callable | None = None          # an X cost: fn(table, seat, cid) -> the X that can do something
    text: str = ""                            # the paraphrase on the card face
    shadow_text: str = ""
    # what the engine leaves to the players, in words ("" when every ability works); how far a
    # card is automated is not declared: devtools/coverage.py computes it from this and the
    # tests whose subject the card is (@pytest.mark.card)
    missing: str = ""

    def of_kind(self, kind: str) -> list[tuple[int, Ability]]:
        """(index, ability) pairs of one kind."""
        return [(i, a) for i, a in enumerate(self.abilities) if a.kind == kind]


# the card game's declarations, and the passives they register
CARDS = CardRegistry()
SPECS: dict[str, CardSpec] = CARDS.specs
register_self = CARDS.register_self
register_attached = CARDS.register_attached
register_global = CARDS.register_global
register_rule = CARDS.register_rule
register_instead = CARDS.register_instead
predicate = CARDS.predicate


def declare(spec: CardSpec) -> CardSpec:
    """Register a card's declaration (its code must be new)."""
    CARDS.declare(spec)
    return spec
