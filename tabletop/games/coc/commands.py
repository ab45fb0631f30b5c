"""Circle of Conflict's commands (names are saved in files: never rename one once released).

``half`` is ``"fp"`` (the Free Peoples half of the seat's board) or ``"sh"`` (its Shadow
half); ``board`` is a battle board's key (``"b1"`` ..), ``battle`` a battle's id
(``"gondor_mordor"``, ``"rohan_isengard"``), ``track`` a track's id in the board files.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tabletop.core.commands import Command


# ----------------------------------------------------------- the rules engine
@dataclass(frozen=True)
class Roll(Command):
    """The start player rolls the Middle-earth dice and every activated nation's die.

    ``xs``, ``ys``, ``angles``: where the thrown dice came to rest (the window simulates the
    throw), in the order of the dice rolled; empty means "in the rolling area"."""
    name: ClassVar[str] = "coc.roll"
    xs: tuple[float, ...] = ()
    ys: tuple[float, ...] = ()
    angles: tuple[float, ...] = ()


@dataclass(frozen=True)
class ChooseGollum(Command):
    """A secret choice when Gollum acts: ``"gollum"`` or ``"smeagol"``."""
    name: ClassVar[str] = "coc.gollum_choice"
    choice: str = "gollum"


@dataclass(frozen=True)
class Assign(Command):
    """Secretly give Middle-earth die 0 or 1 to the Free Peoples half (the other to the Shadow)."""
    name: ClassVar[str] = "coc.assign"
    free_peoples: int = 0


@dataclass(frozen=True)
class Mark(Command):
    """Spend an icon to mark the next box of a track (``box``: the box clicked, -1 = the next;
    ``icon``: the icon to spend, "" = the best one in the pool)."""
    name: ClassVar[str] = "coc.mark"
    half: str = "fp"
    track: str = ""
    box: int = -1
    icon: str = ""


@dataclass(frozen=True)
class Move(Command):
    """Secretly move the Fellowship to a neighbouring location (``galadriel``: with her help)."""
    name: ClassVar[str] = "coc.move"
    to: str = ""
    galadriel: bool = False


@dataclass(frozen=True)
class Use(Command):
    """Use a character's ready action; ``target`` and ``amount`` as the character needs
    (a location, a nation, a battle; a number of boxes or of strength)."""
    name: ClassVar[str] = "coc.use"
    character: str = ""
    target: str = ""
    amount: int = 0


@dataclass(frozen=True)
class Done(Command):
    """Finish: your icons and secret actions, your revealed actions, or spending icons."""
    name: ClassVar[str] = "coc.done"


@dataclass(frozen=True)
class March(Command):
    """Erase a marked march/engage circle to mark the battle's march (or engagement) track."""
    name: ClassVar[str] = "coc.march"
    half: str = "fp"
    battle: str = ""
    engage: bool = False


@dataclass(frozen=True)
class Recruit(Command):
    """Recruit a complete unit into a battle: its strength joins the army, its boxes are erased."""
    name: ClassVar[str] = "coc.recruit"
    half: str = "fp"
    unit: str = ""
    battle: str = ""


@dataclass(frozen=True)
class Hunt(Command):
    """Hunt the right-hand neighbour's Fellowship at a location."""
    name: ClassVar[str] = "coc.hunt"
    at: str = ""


@dataclass(frozen=True)
class ExtraHunt(Command):
    """After a successful hunt: how much more hunt to spend (0 is allowed)."""
    name: ClassVar[str] = "coc.extra_hunt"
    amount: int = 0


@dataclass(frozen=True)
class Decline(Command):
    """Let a reaction pass (do not use Gandalf or Pippin now)."""
    name: ClassVar[str] = "coc.decline"


@dataclass(frozen=True)
class BattleCharacters(Command):
    """The characters a seat secretly brings into the battle being resolved (may be none)."""
    name: ClassVar[str] = "coc.battle"
    characters: tuple[str, ...] = ()


@dataclass(frozen=True)
class Note(Command):
    """A pencil note on your own Shadow map ("" clears it): what you think of a location."""
    name: ClassVar[str] = "coc.note"
    at: str = ""
    mark: str = ""


# -------------------------------------------------------- the free table (a pen)
@dataclass(frozen=True)
class Pen(Command):
    """Free table: mark a box of your own board (a marked box is erased, an erased one marked)."""
    name: ClassVar[str] = "coc.pen"
    half: str = "fp"
    track: str = ""
    box: int = 0


@dataclass(frozen=True)
class PenArc(Command):
    """Free table: tick (or clear) a character's action arc on your own board."""
    name: ClassVar[str] = "coc.pen_arc"
    half: str = "fp"
    character: str = ""
    arc: int = 0


@dataclass(frozen=True)
class PenMap(Command):
    """Free table: draw the Fellowship's X at a location of your Free Peoples map."""
    name: ClassVar[str] = "coc.pen_map"
    at: str = ""


@dataclass(frozen=True)
class PenBattle(Command):
    """Free table: mark a box of a battle board (``item``: ``march``, ``engage`` with a battle,
    ``doom``, or ``nation`` with the nation in ``battle``), or circle the winner (``winner``)."""
    name: ClassVar[str] = "coc.pen_battle"
    board: str = ""
    item: str = ""
    battle: str = ""
    index: int = 0


@dataclass(frozen=True)
class WriteStrength(Command):
    """Free table: write an army's strength on a battle board."""
    name: ClassVar[str] = "coc.strength"
    board: str = ""
    battle: str = ""
    side: str = "fp"
    value: int = 0


@dataclass(frozen=True)
class MoveGollum(Command):
    """Free table: put Gollum's token on a space of the Ring board."""
    name: ClassVar[str] = "coc.move_gollum"
    space: int = 0
