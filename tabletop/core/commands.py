"""Commands: the sandbox verbs a player can ask of the table.

A command is a small frozen dataclass that says *what* is wanted; a ruleset
decides whether it is allowed and turns it into events.  ``seat`` on every
command is the seat that asked (for the log and for hidden information).
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, ClassVar

COMMANDS: dict[str, type["Command"]] = {}

__all__ = ["COMMANDS", "MoveCards", "Nudge", "Attach", "Detach", "Exhaust", "ReadyAll", "Flip", "Tokens", "Draw", "Shuffle", "Discard", "ToDeck", "ShuffleInto", "FirstPlayer", "Round", "MoveZone", "AddDie", "RollDice", "MoveDice", "RemoveDice"]


@dataclass(frozen=True)
class Command:
    """The base of every command: ``seat`` asked for it; ``name`` is saved in files."""
    seat: int = 0
    name: ClassVar[str] = ""

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if cls.name:
            COMMANDS[cls.name] = cls

    def to_data(self) -> list[Any]:
        """``[name, {field: value}]``: plain data."""
        data = asdict(self)
        return [self.name, {k: list(v) if isinstance(v, tuple) else v for k, v in data.items()}]

    @staticmethod
    def from_data(data: Any) -> "Command":
        """The command ``to_data`` described (ValueError if malformed)."""
        if not isinstance(data, (list, tuple)) or len(data) != 2:
            raise ValueError("a command is not a [name, fields] pair")
        name, values = data
        cls = COMMANDS.get(name)
        if cls is None:
            raise ValueError(f"unknown command {name!r}")
        if not isinstance(values, dict):
            raise ValueError(f"command {name!r} has no field map")
        known = {f.name: f for f in fields(cls)}
        kwargs: dict[str, Any] = {}
        for k, v in values.items():
            if k not in known:
                raise ValueError(f"command {name!r} has no field {k!r}")
            kwargs[k] = tuple(v) if isinstance(v, list) else v
        return cls(**kwargs)


@dataclass(frozen=True)
class MoveCards(Command):
    """Put cards into a zone: on top (index None), at the bottom (0) or onto the table at x, y."""
    name: ClassVar[str] = "move"
    card_ids: tuple[int, ...] = ()
    zone: str = "table"
    x: float = 0.0
    y: float = 0.0
    index: int | None = None
    face_up: bool | None = None


@dataclass(frozen=True)
class Nudge(Command):
    """Slide table cards by (dx, dy) and raise them on top; attachments follow their host."""
    name: ClassVar[str] = "nudge"
    card_ids: tuple[int, ...] = ()
    dx: float = 0.0
    dy: float = 0.0


@dataclass(frozen=True)
class Attach(Command):
    """Tuck ``card_id`` under ``host_id`` as an attachment (or a shadow card)."""
    name: ClassVar[str] = "attach"
    card_id: int = 0
    host_id: int = 0
    kind: str = "attachment"     # or "shadow"


@dataclass(frozen=True)
class Detach(Command):
    """Free attached cards beside their host."""
    name: ClassVar[str] = "detach"
    card_ids: tuple[int, ...] = ()


@dataclass(frozen=True)
class Exhaust(Command):
    """Exhaust (True), ready (False) or toggle (None) cards."""
    name: ClassVar[str] = "exhaust"
    card_ids: tuple[int, ...] = ()
    value: bool | None = None


@dataclass(frozen=True)
class ReadyAll(Command):
    """Ready every card on the table controlled by ``target`` (a seat)."""
    name: ClassVar[str] = "ready_all"
    target: int = 0


@dataclass(frozen=True)
class Flip(Command):
    """Turn cards face up or down (a quest card: to its other side)."""
    name: ClassVar[str] = "flip"
    card_ids: tuple[int, ...] = ()


@dataclass(frozen=True)
class Tokens(Command):
    """Add (``delta`` > 0) or remove tokens of one kind on a card."""
    name: ClassVar[str] = "tokens"
    card_id: int = 0
    token: str = "damage"
    delta: int = 1


@dataclass(frozen=True)
class Draw(Command):
    """``target`` draws ``count`` cards from the top of their deck into their hand."""
    name: ClassVar[str] = "draw"
    target: int = 0
    count: int = 1


@dataclass(frozen=True)
class Shuffle(Command):
    """Shuffle a pile."""
    name: ClassVar[str] = "shuffle"
    zone: str = ""


@dataclass(frozen=True)
class Discard(Command):
    """Send cards (and what is attached to them) to the discard pile of their deck of origin."""
    name: ClassVar[str] = "discard"
    card_ids: tuple[int, ...] = ()


@dataclass(frozen=True)
class ToDeck(Command):
    """Put cards back on top (or the bottom) of their deck of origin."""
    name: ClassVar[str] = "to_deck"
    card_ids: tuple[int, ...] = ()
    bottom: bool = False


@dataclass(frozen=True)
class ShuffleInto(Command):
    """Shuffle cards into their deck of origin (DragnCards' H)."""
    name: ClassVar[str] = "shuffle_into"
    card_ids: tuple[int, ...] = ()


@dataclass(frozen=True)
class FirstPlayer(Command):
    """Give the first-player token to ``target``."""
    name: ClassVar[str] = "first_player"
    target: int = 0


@dataclass(frozen=True)
class Round(Command):
    """Move the round counter by ``delta``."""
    name: ClassVar[str] = "round"
    delta: int = 1


@dataclass(frozen=True)
class MoveZone(Command):
    """Move a whole pile to x, y on the table."""
    name: ClassVar[str] = "move_zone"
    zone: str = ""
    x: float = 0.0
    y: float = 0.0


@dataclass(frozen=True)
class AddDie(Command):
    """Take a die of ``kind`` from the dice tray and put it on the table."""
    name: ClassVar[str] = "add_die"
    kind: str = "d6"
    x: float = 0.0
    y: float = 0.0


@dataclass(frozen=True)
class RollDice(Command):
    """Roll dice: the faces come from the game's seeded randomness.

    ``xs``, ``ys`` and ``angles`` are where the thrown dice came to rest (the
    window simulates the throw before submitting); empty means "in place".
    """
    name: ClassVar[str] = "roll"
    die_ids: tuple[int, ...] = ()
    xs: tuple[float, ...] = ()
    ys: tuple[float, ...] = ()
    angles: tuple[float, ...] = ()


@dataclass(frozen=True)
class MoveDice(Command):
    """Slide dice by (dx, dy)."""
    name: ClassVar[str] = "move_dice"
    die_ids: tuple[int, ...] = ()
    dx: float = 0.0
    dy: float = 0.0


@dataclass(frozen=True)
class RemoveDice(Command):
    """Put dice back in the tray."""
    name: ClassVar[str] = "remove_dice"
    die_ids: tuple[int, ...] = ()
