"""War of the Ring commands: the shared verbs plus the game's own.

Every name starts with ``wotr.`` and is saved in files: never rename one once
released.  ``die`` fields name an action die by its index in the side's pool
(-1: no die; the free table does not need one, the enforced rules do).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tabletop.core.commands import *  # noqa: F401,F403  (the shared verbs)
from tabletop.core.commands import Command


# ------------------------------------------------------------------ map
@dataclass(frozen=True)
class MoveFigures(Command):
    """Move figures (units, leaders, characters, Rulers) into a region."""
    name: ClassVar[str] = "wotr.move"
    card_ids: tuple[int, ...] = ()
    region: str = ""
    die: int = -1


@dataclass(frozen=True)
class Recruit(Command):
    """Bring a unit of ``nation`` from its reinforcements into a region."""
    name: ClassVar[str] = "wotr.recruit"
    nation: str = ""
    unit: str = "regular"            # regular, elite, leader, nazgul
    region: str = ""
    die: int = -1


@dataclass(frozen=True)
class Eliminate(Command):
    """Remove figures as casualties (Free Peoples units leave the game,
    Shadow units go back to their reinforcements, characters are eliminated)."""
    name: ClassVar[str] = "wotr.eliminate"
    card_ids: tuple[int, ...] = ()


@dataclass(frozen=True)
class Reduce(Command):
    """Replace an Elite unit by a Regular unit of its nation."""
    name: ClassVar[str] = "wotr.reduce"
    card_id: int = 0


@dataclass(frozen=True)
class Control(Command):
    """Mark who controls a settlement (``side`` "" gives it back to its nation)."""
    name: ClassVar[str] = "wotr.control"
    region: str = ""
    side: str = ""


# ------------------------------------------------------------- the turn
@dataclass(frozen=True)
class NextPhase(Command):
    """Finish the current phase of the turn and start the next one."""
    name: ClassVar[str] = "wotr.phase"


@dataclass(frozen=True)
class AllocateHunt(Command):
    """The Shadow puts ``count`` action dice into the Hunt box before rolling."""
    name: ClassVar[str] = "wotr.allocate"
    count: int = 0


@dataclass(frozen=True)
class RollActions(Command):
    """Both sides roll their action dice (Eyes go to the Hunt box)."""
    name: ClassVar[str] = "wotr.roll_actions"


@dataclass(frozen=True)
class DiscardDie(Command):
    """Set aside one rolled die (with a Ruler die in the pool)."""
    name: ClassVar[str] = "wotr.discard_die"
    side: str = ""
    die: int = 0


@dataclass(frozen=True)
class UseDie(Command):
    """Spend an action die on an action the players carry out by hand."""
    name: ClassVar[str] = "wotr.use_die"
    side: str = ""
    die: int = 0
    action: str = ""


@dataclass(frozen=True)
class Pass(Command):
    """Pass an action (allowed with fewer unused dice than the opponent)."""
    name: ClassVar[str] = "wotr.pass"
    side: str = ""


@dataclass(frozen=True)
class ElvenRing(Command):
    """Use an Elven ring to change one die's result."""
    name: ClassVar[str] = "wotr.ring"
    side: str = ""
    die: int = 0
    face: str = ""


@dataclass(frozen=True)
class Politics(Command):
    """Move a nation ``steps`` along the political track (toward war when positive)."""
    name: ClassVar[str] = "wotr.politics"
    nation: str = ""
    steps: int = 1
    die: int = -1


@dataclass(frozen=True)
class Activate(Command):
    """Turn a nation's political marker to its active side."""
    name: ClassVar[str] = "wotr.activate"
    nation: str = ""


# ---------------------------------------------------------------- cards
@dataclass(frozen=True)
class DrawEvent(Command):
    """Draw the top card of one of the seat's side's event decks."""
    name: ClassVar[str] = "wotr.draw"
    deck: str = "character"


@dataclass(frozen=True)
class PlayEvent(Command):
    """Play an event card from the hand (it goes to its discard pile)."""
    name: ClassVar[str] = "wotr.play"
    card_id: int = 0
    die: int = -1


@dataclass(frozen=True)
class DiscardEvent(Command):
    """Discard an event card from the hand (over the hand limit)."""
    name: ClassVar[str] = "wotr.discard"
    card_id: int = 0


# ------------------------------------------------------ the Fellowship
@dataclass(frozen=True)
class FellowshipMove(Command):
    """Move the Fellowship one step with a Character die; the Hunt follows."""
    name: ClassVar[str] = "wotr.fellowship_move"
    die: int = -1


@dataclass(frozen=True)
class FellowshipSet(Command):
    """Change the Fellowship's progress or corruption by hand."""
    name: ClassVar[str] = "wotr.fellowship"
    progress: int = 0
    corruption: int = 0


@dataclass(frozen=True)
class Reveal(Command):
    """Reveal (True) or hide (False) the Fellowship."""
    name: ClassVar[str] = "wotr.reveal"
    revealed: bool = True


@dataclass(frozen=True)
class Declare(Command):
    """Declare the Fellowship's position (it moves to that region, progress back to 0)."""
    name: ClassVar[str] = "wotr.declare"
    region: str = ""


@dataclass(frozen=True)
class Guide(Command):
    """Choose the Fellowship's Guide."""
    name: ClassVar[str] = "wotr.guide"
    companion: str = ""


@dataclass(frozen=True)
class Separate(Command):
    """Companions leave the Fellowship to a region (or rejoin it: region "")."""
    name: ClassVar[str] = "wotr.separate"
    card_ids: tuple[int, ...] = ()
    region: str = ""
    die: int = -1


@dataclass(frozen=True)
class DrawHunt(Command):
    """Draw a hunt tile from the Hunt pool."""
    name: ClassVar[str] = "wotr.draw_hunt"


@dataclass(frozen=True)
class HuntRoll(Command):
    """Roll the Hunt: one die per Eye in the Hunt box (at most 5)."""
    name: ClassVar[str] = "wotr.hunt_roll"


# --------------------------------------------------------------- battle
@dataclass(frozen=True)
class Attack(Command):
    """Attack the army in ``region`` with the army in ``origin``."""
    name: ClassVar[str] = "wotr.attack"
    origin: str = ""
    region: str = ""
    die: int = -1


@dataclass(frozen=True)
class CombatCard(Command):
    """Play a combat card from the hand in this battle round (for its own effect)."""
    name: ClassVar[str] = "wotr.combat_card"
    card_id: int = 0


@dataclass(frozen=True)
class RulerCombat(Command):
    """Forfeit a combat card's effect to use a Ruler's special combat ability."""
    name: ClassVar[str] = "wotr.ruler_combat"
    ruler: str = ""                    # sov.brand, sov.theoden, dc.<id>
    card_id: int = 0
    relentless: bool = False           # the forfeited card is a Relentless Assault


@dataclass(frozen=True)
class CombatRoll(Command):
    """Roll one side's combat dice and leader re-roll; hits are counted."""
    name: ClassVar[str] = "wotr.combat_roll"
    side: str = ""


@dataclass(frozen=True)
class TakeHits(Command):
    """Take the hits: remove units and reduce Elites (the player chooses which)."""
    name: ClassVar[str] = "wotr.take_hits"
    remove: tuple[int, ...] = ()
    reduce: tuple[int, ...] = ()


@dataclass(frozen=True)
class BattleEnd(Command):
    """A battle's decision: the defender fights a ``field`` battle or retreats into its
    Stronghold (``siege``); after a round the attacker ``continue``s (in a siege
    battle reducing the Elite ``card_id``) or ``cease``s, the defender may
    ``retreat`` into ``region`` or ``stay``; the winner may ``advance`` (the figures
    ``units``; none named: the whole army) or ``stay``."""
    name: ClassVar[str] = "wotr.battle_end"
    choice: str = "cease"
    region: str = ""
    card_id: int = -1
    units: tuple[int, ...] = ()


# --------------------------------------------------- Kings of Middle-earth
@dataclass(frozen=True)
class Awaken(Command):
    """Awaken a Sovereign (moving him to ``region`` first if needed)."""
    name: ClassVar[str] = "wotr.awaken"
    sovereign: str = ""
    region: str = ""
    die: int = -1


@dataclass(frozen=True)
class CorruptAttempt(Command):
    """The Shadow takes an Eye die from the Hunt box to try to corrupt a Sovereign."""
    name: ClassVar[str] = "wotr.corrupt"
    sovereign: str = ""


@dataclass(frozen=True)
class KeepTile(Command):
    """Of the tiles drawn for a corruption attempt, place this one face down."""
    name: ClassVar[str] = "wotr.keep_tile"
    card_id: int = 0


@dataclass(frozen=True)
class Cleanse(Command):
    """Remove one random hidden Corruption token from a Sovereign."""
    name: ClassVar[str] = "wotr.cleanse"
    sovereign: str = ""


@dataclass(frozen=True)
class Decline(Command):
    """Decline an optional step the game offers."""
    name: ClassVar[str] = "wotr.decline"


@dataclass(frozen=True)
class RemoveCorrupted(Command):
    """Remove a Corrupted Sovereign from the game with a Character die."""
    name: ClassVar[str] = "wotr.remove_corrupted"
    sovereign: str = ""
    die: int = -1


@dataclass(frozen=True)
class BringChieftain(Command):
    """Bring a Dark Chieftain into play in ``region``."""
    name: ClassVar[str] = "wotr.chieftain"
    chieftain: str = ""
    region: str = ""
    die: int = -1


@dataclass(frozen=True)
class RulerAbility(Command):
    """Use an Awakened Sovereign's second ability with the Ruler die (or his token)."""
    name: ClassVar[str] = "wotr.ruler_ability"
    sovereign: str = ""
    die: int = -1
    token: bool = False


# ------------------------------------------------- event cards, characters
@dataclass(frozen=True)
class Choose(Command):
    """Answer the question an event card or an ability asks (an option, a number,
    yes/no, or several options as a tuple)."""
    name: ClassVar[str] = "wotr.choose"
    answer: int | str | bool | None | tuple[int, ...] = None


@dataclass(frozen=True)
class DiscardTable(Command):
    """Force a card off the table as the card allows: with a die (``-1``: none), an
    Elven ring (``ring``), or cards discarded from the hand (``cards``)."""
    name: ClassVar[str] = "wotr.discard_table"
    card_id: int = 0
    die: int = -1
    ring: bool = False
    cards: tuple[int, ...] = ()


@dataclass(frozen=True)
class BringCharacter(Command):
    """Bring a character into play (Gandalf the White, Aragorn, a Minion) in ``region``."""
    name: ClassVar[str] = "wotr.character"
    character: str = ""
    region: str = ""
    die: int = -1


@dataclass(frozen=True)
class CharacterAbility(Command):
    """Use a character's or a Sovereign's ability that takes an action die (``ability``
    names it; ``region`` where it applies, when it asks)."""
    name: ClassVar[str] = "wotr.ability"
    ability: str = ""
    die: int = -1
    region: str = ""


# ------------------------------------------------- the base rules' questions
@dataclass(frozen=True)
class Hide(Command):
    """Hide the revealed Fellowship again (a Character die)."""
    name: ClassVar[str] = "wotr.hide"
    die: int = -1
