"""The game's slot of plain data (``state.slots["coc"]``) and who sits where.

Everything of Circle of Conflict that the shared table cannot hold lives in one slot, changed
only through ``tx.slot(path, value)``:

- ``step``, ``turn``, ``wait`` (a sub-decision), ``gollum`` (the token's space), ``rolled``
  (the dice rolled this round), ``end`` (end conditions met), ``result`` (final scores);
- ``boards``: the public battle boards, ``"b1"`` .. (board ``bK`` lies between seat K-1, whose
  Free Peoples fight there, and that seat's left-hand neighbour, whose Shadow fights there);
- ``seats``: what each seat has made public (``"p1"`` ..);
- ``secret``: each seat's secret player board, Fellowship, pools and choices (``"p1"`` ..),
  which ``view(state, seat)`` shows to that seat only.

Seats sit clockwise in seat order, so a seat's left-hand neighbour is the next seat.  Its Free
Peoples fight that neighbour's Shadow; its Shadow fights the previous seat's Free Peoples.
"""
from __future__ import annotations

from typing import Any

from tabletop.core.model import TableState
from tabletop.core.tx import Tx

SLOT = "coc"


def pkey(seat: int) -> str:
    """The key of a seat in ``seats`` and ``secret``: ``"p1"`` for seat 0."""
    return f"p{seat + 1}"


def bkey(fp_seat: int) -> str:
    """The key of the battle board where ``fp_seat``'s Free Peoples fight."""
    return f"b{fp_seat + 1}"


def seats(state: TableState) -> int:
    """Number of players."""
    return len(state.seats)


def fp_enemy(state: TableState, seat: int) -> int:
    """The seat whose Shadow fights ``seat``'s Free Peoples (the left-hand neighbour)."""
    return (seat + 1) % seats(state)


def shadow_enemy(state: TableState, seat: int) -> int:
    """The seat whose Free Peoples ``seat``'s Shadow fights (the right-hand neighbour)."""
    return (seat - 1) % seats(state)


def board_key(state: TableState, seat: int, half: str) -> str:
    """The battle board of ``seat``'s ``half`` ("fp" or "sh")."""
    return bkey(seat if half == "fp" else shadow_enemy(state, seat))


def order_from_start(state: TableState) -> list[int]:
    """Seats in turn order from the start player, clockwise."""
    n = seats(state)
    return [(state.first_player + i) % n for i in range(n)]


def get(state: TableState, *path: str, default: Any = None) -> Any:
    """A value of the slot (``default`` when absent).  Treat it as read-only."""
    cur: Any = state.slots.get(SLOT)
    for key in path:
        if not isinstance(cur, dict) or key not in cur:
            return default
        cur = cur[key]
    return default if cur is None else cur


def put(tx: Tx, value: Any, *path: str) -> None:
    """Set a value of the slot through the transaction (the event, and the table, keep copies
    of it: ``events.set_slot``)."""
    tx.slot((SLOT,) + tuple(path), value)


def secret(state: TableState, seat: int) -> dict:
    """A seat's secret data (read-only)."""
    return get(state, "secret", pkey(seat), default={})


def half_state(state: TableState, seat: int, half: str) -> dict:
    """A seat's half board: ``tracks``, ``arcs``, ``pool``, ``used`` (read-only)."""
    return get(state, "secret", pkey(seat), half, default={})


def public(state: TableState, seat: int) -> dict:
    """What a seat has made public (read-only)."""
    return get(state, "seats", pkey(seat), default={})


def board(state: TableState, key: str) -> dict:
    """A battle board (read-only)."""
    return get(state, "boards", key, default={})
