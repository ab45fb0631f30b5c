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
only the keys that changed, one slot event each.  ``check_keys`` checks the
engine's own keys of a saved copy (the kernel checks its stack and choice).
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tabletop.core.i18n import _
from tabletop.core.model import TableState
from tabletop.core.tx import Tx

SLOT = "lcg"
PATH = (SLOT, "engine")

DEFAULTS: dict[str, Any] = {
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


# steps the engine records beside the round's (setup, and the end of the game)
OTHER_STEPS = ("setup.begin", "setup.first_player", "setup.hands", "setup.mulligan", "setup.quest",
               "end")
_TYPES: dict[str, tuple[type, ...]] = {
    "step": (str, type(None)), "committed": (list,), "effects": (list,),
    "attack": (dict, type(None)), "attacked": (list,), "limits": (dict,), "control": (dict,),
    "guards": (dict,), "eliminated": (list,), "dead_threat": (int,), "free": (bool,),
    "pacing": (str,), "flags": (dict,), "prisoners": (list,), "scheduled": (list,),
    "engagements": (list,)}


def check_keys(E: Any, steps: Iterable[str]) -> None:
    """Check the engine's own keys of its saved data (``steps``: the round's step
    names); ValueError naming the first problem."""
    for key, types in _TYPES.items():
        if key in E and not isinstance(E[key], types) or isinstance(E.get(key), bool) \
                and bool not in types:
            raise ValueError(_("the rules engine's {key!r} has the wrong type").format(key=key))
    step = E.get("step")
    if step is not None and step not in OTHER_STEPS and step not in steps:
        raise ValueError(_("the rules engine is at an unknown step {step!r}").format(
            step=str(step)[:40]))
    if E.get("pacing", "decisions") not in ("decisions", "reveals"):
        raise ValueError(_("the rules engine's pacing {pacing!r} is unknown").format(
            pacing=str(E.get("pacing"))[:40]))
    for item in E.get("scheduled", ()):
        if not isinstance(item, dict) or not isinstance(item.get("do"), list):
            raise ValueError(_("a scheduled effect of the rules engine is malformed"))
    for eff in E.get("effects", ()):
        if not isinstance(eff, dict) or not isinstance(eff.get("targets", []), list):
            raise ValueError(_("a lasting effect of the rules engine is malformed"))
