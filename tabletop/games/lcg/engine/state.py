"""What the rules engine keeps that the table cannot show.

It lives in the card game's slot of the table, ``state.slots["lcg"]["engine"]``,
as plain data, so it is saved, validated, undone and replayed like the rest:

| key | what |
|---|---|
| ``step`` | the step of the round ("quest.staging"...), see ``engine.round`` |
| ``stack`` | what the engine will do next, as plain instructions (top = last) |
| ``choice`` | the decision it waits for: seat, kind, prompt, options, labels |
| ``committed`` | characters committed to the quest this phase |
| ``effects`` | lasting effects: the cards they affected when they resolved, and until when |
| ``attack`` | the attack being resolved (enemy, defending seat, defenders, attackers) |
| ``attacked`` | enemies that attacked / were attacked this phase |
| ``limits`` | uses of limited abilities ("once per round") |
| ``control`` | changes of control ({card id: seat}) |
| ``guards`` | guarded objectives ({objective id: guard id}) |
| ``eliminated`` | eliminated seats |
| ``dead_threat`` | threat of the heroes of eliminated seats (for the score) |
| ``outcome`` | "won" or "lost" when the game is over |
| ``free`` | True while the players hold the table in their own hands |
| ``pacing`` | "decisions" or "reveals" |
| ``flags`` | small facts (allies played this round, face-down enemies...) |
| ``prisoners`` | heroes held prisoner (Escape from Dol Guldur) |
| ``scheduled`` | effects waiting for the end of a phase or round |
| ``engagements`` | this round's engagements, in the order they happened ([enemy, seat]) |

During one command the engine works on a copy (``Working``) and writes back
only the keys that changed, one slot event each.
"""
from __future__ import annotations

from tabletop.core.model import TableState
from tabletop.core.tx import Tx

SLOT = "lcg"
PATH = (SLOT, "engine")

DEFAULTS = {
    "step": None, "stack": [], "choice": None, "committed": [], "effects": [],
    "attack": None, "attacked": [], "limits": {}, "control": {}, "guards": {},
    "eliminated": [], "dead_threat": 0, "outcome": None, "free": False,
    "pacing": "decisions", "flags": {}, "prisoners": [], "scheduled": [], "engagements": [],
}


def stored(state: TableState) -> dict:
    """The engine's data as the table holds it ({} when no engine ran)."""
    value = state.slot(SLOT).get("engine")
    return value if isinstance(value, dict) else {}


def is_running(state: TableState) -> bool:
    """Has the rules engine taken charge of this table?"""
    return bool(stored(state).get("step"))


def plain_copy(value):
    """A copy of plain data (lists, dicts, scalars): much quicker than deepcopy."""
    t = type(value)
    if t is list:
        return [plain_copy(v) for v in value]
    if t is dict:
        return {k: plain_copy(v) for k, v in value.items()}
    return value


class _Lazy(dict):
    """The engine's data, each key copied from the table only when first used
    (most commands touch a few keys of a large stack of data)."""

    def __init__(self, original: dict):
        super().__init__()
        self.original = original

    def __missing__(self, key):
        value = plain_copy(self.original.get(key, DEFAULTS[key]))
        self[key] = value
        return value

    def get(self, key, default=None):
        if key in DEFAULTS:
            return self[key]
        return super().get(key, default)


class Working:
    """A working copy of the engine's data for one command."""

    def __init__(self, state: TableState):
        self.original = stored(state)
        self.data = _Lazy(self.original)

    def flush(self, tx: Tx) -> None:
        """Write the keys that changed back into the table (one event each)."""
        for key, value in list(self.data.items()):
            old = self.original.get(key, DEFAULTS[key])
            if value != old:
                default = DEFAULTS[key]
                tx.slot(PATH + (key,), None if value == default else value)
