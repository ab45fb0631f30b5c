"""Slots written before the rules kernel: their kernel data, derived from the round's position.

Such a slot (a save of an earlier version, or a position set by hand in a test) holds the
round's ``step``, ``turn``, ``wait`` and each seat's ``ready`` but no ``stack`` or ``choice``.
``stored`` gives the kernel's data of any slot: its own when it has a ``stack``, else the
instructions the engine would have waiting at that position (the step after this one below the
work of this step, the revealed turns already begun, the reaction under way on top), asked again
from the table as it is.  Nothing is written: the first command played on such a slot writes
``stack`` and ``choice`` beside the old keys (one slot event each, so undoing it leaves the old
slot again, and the old log's entries undo and redo as they were saved).
"""
from __future__ import annotations

import random
from typing import Any

from tabletop.core.model import TableState
from tabletop.core.tx import Tx
from tabletop.games.coc.ctx import KEYS, MACHINE, ROUND, Ctx
from tabletop.games.coc.data import GameData
import tabletop.games.coc.slot as S

STEP_OPS = {"roll": "roll", "gollum": "choose_gollum", "assign": "assign", "icons": "icons",
            "battle": "battles"}
WAIT_OPS = {"gandalf": "gandalf", "extra": "extra", "pippin": "pippin", "spend": "spend",
            "battle": "battle_characters"}


def is_legacy(slot: Any) -> bool:
    """Was this slot written before the rules kernel (no ``stack``)?"""
    return isinstance(slot, dict) and "stack" not in slot


def derive_stack(st: TableState, slot: dict[str, Any]) -> list[dict[str, Any]]:
    """The instructions waiting at an old slot's position (bottom first)."""
    step = slot["step"]
    stack: list[dict[str, Any]] = [ROUND.enter(ROUND.next(step))]
    if step in ("fp", "shadow"):
        stack.append({"op": "turns", "half": "fp" if step == "fp" else "sh", "begun": True})
    else:
        stack.append({"op": STEP_OPS[step]})
    wait = slot.get("wait")
    if wait:
        stack.append({"op": WAIT_OPS[wait["kind"]]})
    return stack


def stored(data: GameData, st: TableState) -> dict[str, Any]:
    """The kernel's data of the table's slot (derived for an old slot; read-only)."""
    slot = st.slots.get(S.SLOT, {})
    if not is_legacy(slot):
        return slot
    E: dict[str, Any] = {k: slot.get(k) for k in KEYS}
    if E["turn"] is None:
        E["turn"] = -1
    if slot.get("step") == "over":
        winners = (slot.get("result") or {}).get("winners", [])
        E.update(stack=[], choice=None, outcome="win" if len(winners) == 1 else "shared")
        return E
    E["stack"] = derive_stack(st, slot)
    tx = Tx(st)                 # asking reads the table only; anything else is rolled back
    try:
        MACHINE.run(Ctx(data, st, tx, random.Random(0), E))
    finally:
        tx.rollback()
    return E
