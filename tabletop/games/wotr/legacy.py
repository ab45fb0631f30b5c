"""The engine's stack read back from the slot's own keys (old saves, hand-set positions).

The ``wotr`` slot keeps what the game is (``phase``, ``acting``,
``discarding``, ``draws``, ``battle``, ``pending``...) and, beside it, the
kernel's ``stack`` and ``choice``: what the engine does next and what it
waits for.  A save written before the rules kernel has no stack; a position
set up by hand (a test writing the slot, the free table skipping a phase)
may leave the stack behind the slot's keys.  ``stale`` notices that, and
``stack_for`` gives the stack the slot's keys stand for; the engine then asks
its question again (``engine.sync``), within the next command, so undo and a
replay of the log give back exactly what was saved.

Pure Python: no pygame.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.games.wotr.vocab import ROUND

# the operation that asks the question of each phase
PHASE_OPS = {"start": "start", "fellowship": "fellowship", "hunt": "hunt_alloc",
             "roll": "roll", "discard": "discard", "actions": "act"}
# the phase each of those operations belongs to
OP_PHASE = {op: phase for phase, op in PHASE_OPS.items()}
# operations of event cards and abilities that may ask above any phase (``effects.asks``)
ASKING: set[str] = set()


def expected_top(slot: Mapping[str, Any]) -> str | None:
    """The operation that should be asking now, by the slot's keys (None: nothing)."""
    if slot.get("outcome"):
        return None
    kind = (slot.get("pending") or {}).get("kind")
    if kind in ("keep", "cleanse"):
        return str(kind)
    if slot.get("draws"):
        return "draws"
    if slot.get("battle"):
        return "battle"
    return PHASE_OPS.get(slot.get("phase") or "")


# the questions the slot's keys stand for (the others, such as the Hunt's damage or
# the revealed Fellowship's position, are asked only by the engine, above them)
KEYED = frozenset(PHASE_OPS.values()) | {"draws", "battle", "keep", "cleanse"}


def stale(slot: Mapping[str, Any]) -> bool:
    """Does the kernel's data disagree with the slot's keys (or is it missing)?"""
    stack = slot.get("stack")
    if not isinstance(stack, list):
        return True
    want = expected_top(slot)
    if stack and slot.get("choice") is not None and stack[-1].get("op") in ASKING:
        return False
    if want is None:
        return slot.get("choice") is not None
    if slot.get("choice") is None or not stack:
        return True
    top = stack[-1].get("op")
    return top in KEYED and top != want


def nested(slot: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Decisions above the phase's own, bottom to top: a battle, the turn's
    draws, a Sovereign's tile to keep or token to remove."""
    out: list[dict[str, Any]] = []
    if slot.get("battle"):
        out.append({"op": "battle"})
    if slot.get("draws"):
        out.append({"op": "draws"})
    kind = (slot.get("pending") or {}).get("kind")
    if kind in ("keep", "cleanse"):
        out.append({"op": str(kind)})
    return out


def stack_for(slot: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The stack the slot's keys stand for, bottom to top (not yet run)."""
    phase = slot.get("phase") or ""
    if slot.get("outcome") or phase not in PHASE_OPS:
        return []
    if phase == "start":
        return [{"op": "start"}] + nested(slot)
    return [ROUND.enter(ROUND.next(phase)), {"op": PHASE_OPS[phase]}] + nested(slot)
