"""The card game's commands: the shared verbs (``tabletop.core.commands``,
re-exported here) and the card game's own.

Command names are saved in files: they never change once released.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tabletop.core.commands import *  # noqa: F401,F403  (the shared verbs)
from tabletop.core.commands import Command


@dataclass(frozen=True)
class RevealEncounter(Command):
    """Turn the top encounter card face up into the staging area."""
    name: ClassVar[str] = "reveal"
    face_up: bool = True


@dataclass(frozen=True)
class DealShadow(Command):
    """Deal the top encounter card face down under an enemy as its shadow card."""
    name: ClassVar[str] = "shadow"
    enemy_id: int = 0


@dataclass(frozen=True)
class ToVictory(Command):
    """Put cards in the victory display."""
    name: ClassVar[str] = "victory"
    card_ids: tuple[int, ...] = ()


@dataclass(frozen=True)
class Threat(Command):
    """Raise (delta > 0) or lower a seat's threat dial; target -1 means every seat."""
    name: ClassVar[str] = "threat"
    target: int = 0
    delta: int = 1


@dataclass(frozen=True)
class SetThreat(Command):
    """Set a seat's threat dial to ``value``."""
    name: ClassVar[str] = "set_threat"
    target: int = 0
    value: int = 0


@dataclass(frozen=True)
class Mulligan(Command):
    """Shuffle ``target``'s hand back into their deck and draw the same number again."""
    name: ClassVar[str] = "mulligan"
    target: int = 0


@dataclass(frozen=True)
class DiscardRandom(Command):
    """Discard a random card from ``target``'s hand (DragnCards' Shift+H)."""
    name: ClassVar[str] = "discard_random"
    target: int = 0


@dataclass(frozen=True)
class AdvanceQuest(Command):
    """The current quest stage is done: it goes to the quest discard and the next stage
    of the quest deck takes its place on the table, side A up (DragnCards' X on a quest)."""
    name: ClassVar[str] = "lcg.advance"
    card_id: int = 0               # the stage on the table (0: whichever it is)


# ------------------------------------------------------------ the rules engine
@dataclass(frozen=True)
class Answer(Command):
    """Answer the decision the rules engine waits for: ``value`` is one of its
    options (a card id, or a word such as "done", "pass", "yes")."""
    name: ClassVar[str] = "lcg.answer"
    value: int | str = "pass"


@dataclass(frozen=True)
class FreeHands(Command):
    """Take the table into your own hands (``free`` True) or give it back to the
    rules engine (False); the engine continues from the table as it then is."""
    name: ClassVar[str] = "lcg.hands"
    free: bool = True


@dataclass(frozen=True)
class Pacing(Command):
    """How often the engine stops: "decisions" (only when someone must choose) or
    "reveals" (also after every revealed encounter card and shadow effect)."""
    name: ClassVar[str] = "lcg.pacing"
    mode: str = "decisions"


@dataclass(frozen=True)
class Start(Command):
    """The rules engine takes charge: from the rulebook's setup (``at`` "setup") or
    from the step of the round the table is at (a position)."""
    name: ClassVar[str] = "lcg.start"
    at: str = "setup"


@dataclass(frozen=True)
class PlayCard(Command):
    """Play a card from hand (when the rules allow it now; else the reason why not)."""
    name: ClassVar[str] = "lcg.play"
    card_id: int = 0
