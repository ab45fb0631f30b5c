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
        """Read a key without copying it: the table as it stands, or this command's
        copy once the engine took one to change it (``E[key]``).  What ``get`` returns
        is only read (the engine changes its data through ``E[key]``)."""
        if key in self:
            return dict.__getitem__(self, key)
        if key in DEFAULTS:
            return self.original.get(key, DEFAULTS[key])
        return default


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
    "engagements": (list,), "outcome": (str, type(None)), "stack": (list,),
    "choice": (dict, type(None))}
OUTCOMES = ("won", "lost")
UNTIL = ("phase", "round", "attack")
PHASE_WORDS = ("resource", "planning", "quest", "travel", "encounter", "combat", "refresh",
               "setup", "end", "")
NONE = type(None)
# a lasting effect's keys and their types
EFFECT_KEYS: dict[str, tuple[type, ...]] = {
    "targets": (list,), "until": (str,), "phase": (str,), "source": (int, NONE),
    "stat": (str,), "amount": (int,), "cannot": (str,), "keyword": (str,), "sphere": (str,),
    "keep": (bool,), "tag": (str,), "area": (str,), "types": (list,), "player": (int,)}
ATTACK_KEYS: dict[str, tuple[type, ...]] = {
    "enemy": (int,), "seat": (int,), "defenders": (list,), "undefended": (bool,),
    "bonus": (int,), "no_defense": (bool,), "undefended_hero": (int,)}
SCHEDULED_KEYS: dict[str, tuple[type, ...]] = {
    "when": (str,), "phase": (str,), "round": (int,), "do": (list,), "source": (int, NONE),
    "label": (str,)}
# the engine's small facts (``flags``) and what each holds
FLAG_TYPES: dict[str, tuple[type, ...]] = {
    "host": (int,), "allies_played": (list,), "cancel_revealed": (int,), "cancel_shadow": (int,),
    "replace": (int,), "surge": (int,), "no_surge": (int,), "keep_shadow": (dict,),
    "deck_attachments": (dict,), "face_down_enemies": (dict,), "web_paid": (dict,),
    "player_attack": (dict,), "many_defenders": (list,)}


def _bad(what: str) -> ValueError:
    return ValueError(_("the rules engine's {what} is malformed").format(what=what))


def _is(value: Any, types: tuple[type, ...]) -> bool:
    """``isinstance``, where a bool is no number."""
    if isinstance(value, bool) and bool not in types:
        return False
    return isinstance(value, types)


def _ints(value: Any, what: str, low: int | None = 0) -> list[int]:
    if not isinstance(value, list) or not all(_is(v, (int,)) and (low is None or v >= low)
                                              for v in value):
        raise _bad(what)
    return value


def _mapping(value: Any, keys: dict[str, tuple[type, ...]], what: str,
             required: tuple[str, ...] = ()) -> None:
    if not isinstance(value, dict) or any(k not in value for k in required):
        raise _bad(what)
    for k, v in value.items():
        if k not in keys or not _is(v, keys[k]):
            raise _bad(what)


def _seat_ok(s: Any, nseats: int | None) -> bool:
    return _is(s, (int,)) and s >= 0 and (nseats is None or s < nseats)


def _digits(key: Any) -> bool:
    return isinstance(key, str) and key.isdigit() and len(key) < 20


def check_keys(E: Any, steps: Iterable[str], nseats: int | None = None) -> None:
    """Check every key of the engine's saved data but its stack's instructions (the
    kernel checks them): types, known words, seats that exist, counts that cannot be
    negative (``steps``: the round's step names); ValueError naming the first problem."""
    for key in E:
        if key not in DEFAULTS:
            raise ValueError(_("the rules engine's data has an unknown key {key!r}").format(
                key=str(key)[:40]))
    for key, types in _TYPES.items():
        if key in E and not _is(E[key], types):
            raise ValueError(_("the rules engine's {key!r} has the wrong type").format(key=key))
    step = E.get("step")
    if step is not None and step not in OTHER_STEPS and step not in steps:
        raise ValueError(_("the rules engine is at an unknown step {step!r}").format(
            step=str(step)[:40]))
    if E.get("pacing", "decisions") not in ("decisions", "reveals"):
        raise ValueError(_("the rules engine's pacing {pacing!r} is unknown").format(
            pacing=str(E.get("pacing"))[:40]))
    if E.get("outcome") not in (None,) + OUTCOMES:
        raise ValueError(_("the rules engine's outcome {word!r} is unknown").format(
            word=str(E.get("outcome"))[:40]))
    if E.get("dead_threat", 0) < 0:
        raise _bad("dead_threat")
    for key in ("committed", "prisoners"):
        values = _ints(E.get(key, []), key)
        if len(set(values)) != len(values):
            raise _bad(key)
    eliminated = _ints(E.get("eliminated", []), "eliminated")
    if len(set(eliminated)) != len(eliminated) or not all(_seat_ok(s, nseats) for s in eliminated):
        raise _bad("eliminated")
    for item in E.get("scheduled", ()):
        _mapping(item, SCHEDULED_KEYS, "scheduled effect", ("do", "when"))
        if item["when"] not in ("phase", "round") or item.get("phase", "") not in PHASE_WORDS:
            raise _bad("scheduled effect")
    for eff in E.get("effects", ()):
        _mapping(eff, EFFECT_KEYS, "lasting effect", ("until",))
        _ints(eff.get("targets", []), "lasting effect")
        if eff["until"] not in UNTIL or eff.get("phase", "") not in PHASE_WORDS \
                or not all(isinstance(t, str) for t in eff.get("types", ())) \
                or ("player" in eff and not _seat_ok(eff["player"], nseats)):
            raise _bad("lasting effect")
    attack = E.get("attack")
    if attack is not None:
        _mapping(attack, ATTACK_KEYS, "attack", ("enemy", "seat", "defenders"))
        _ints(attack["defenders"], "attack")
        if not _seat_ok(attack["seat"], nseats):
            raise _bad("attack")
    for word in E.get("attacked", ()):
        if not isinstance(word, str) or not _attacked_word(word):
            raise _bad("attacked")
    for key, n in E.get("limits", {}).items():
        if not isinstance(key, str) or len(key) > 80 or not _is(n, (int,)) or n < 0:
            raise _bad("limits")
    for key, seat in E.get("control", {}).items():
        if not _digits(key) or not _seat_ok(seat, nseats):
            raise _bad("control")
    for key, guard in E.get("guards", {}).items():
        if not _digits(key) or not _is(guard, (int,)):
            raise _bad("guards")
    for pair in E.get("engagements", ()):
        if not isinstance(pair, list) or len(pair) != 2 or not _is(pair[0], (int,)) \
                or not _seat_ok(pair[1], nseats):
            raise _bad("engagements")
    _check_flags(E.get("flags", {}), nseats)


def _attacked_word(word: str) -> bool:
    """"e:12" (enemy 12 attacked) or "p0:12" (seat 0 attacked enemy 12)."""
    head, _sep, tail = word.partition(":")
    return tail.isdigit() and (head == "e" or head[:1] == "p" and head[1:].isdigit())


def _check_flags(flags: dict, nseats: int | None) -> None:
    for name, value in flags.items():
        types = FLAG_TYPES.get(name)
        if types is None or not _is(value, types):
            raise ValueError(_("the rules engine's fact {name!r} is unknown or malformed").format(
                name=str(name)[:40]))
        if isinstance(value, dict):
            for k, v in value.items():
                if not _digits(k):
                    raise _bad(name)
                if name == "face_down_enemies":
                    _mapping(v, {"attack": (int,), "defense": (int,), "hitpoints": (int,),
                                 "name": (str,)}, name)
                elif name == "deck_attachments" and not _seat_ok(v, nseats):
                    raise _bad(name)
                elif name in ("web_paid",) and not _is(v, (int,)):
                    raise _bad(name)
                elif name == "keep_shadow" and not isinstance(v, bool):
                    raise _bad(name)
        if name == "allies_played" and (len(value) != 2 or not all(_is(v, (int,)) for v in value)):
            raise _bad(name)
        if name == "player_attack":
            _mapping(value, {"enemy": (int,), "attackers": (list,)}, name)


def card_refs(E: dict) -> Iterable[int]:
    """Every card id the engine's data names (to check that each is on the table)."""
    yield from E.get("committed", ())
    yield from E.get("prisoners", ())
    for eff in E.get("effects", ()):
        yield from eff.get("targets", ())
        if eff.get("source") is not None:
            yield eff["source"]
    attack = E.get("attack")
    if attack:
        yield attack["enemy"]
        yield from attack["defenders"]
    for key in E.get("control", {}):
        yield int(key)
    for key, guard in E.get("guards", {}).items():
        yield int(key)
        yield guard
    for pair in E.get("engagements", ()):
        yield pair[0]
    for name, value in E.get("flags", {}).items():
        if isinstance(value, int) and not isinstance(value, bool):
            yield value
        elif isinstance(value, dict) and name != "player_attack":
            yield from (int(k) for k in value)
    choice = E.get("choice")
    if choice:
        yield from (o for o in choice.get("options", ()) if _is(o, (int,)))
    for ins in E.get("stack", ()):
        yield from _instruction_cards(ins)


CARD_PARAMS = ("card", "enemy", "host", "from", "to", "target", "guard_of")


def _instruction_cards(ins: Any) -> Iterable[int]:
    """The card ids an instruction names (its nested instructions too)."""
    if isinstance(ins, dict):
        for k, v in ins.items():
            if k in CARD_PARAMS and _is(v, (int,)):
                yield v
            elif k in ("attackers", "defenders") and isinstance(v, list):
                yield from (c for c in v if _is(c, (int,)))
            elif isinstance(v, (list, dict)):
                yield from _instruction_cards(v)
    elif isinstance(ins, list):
        for v in ins:
            yield from _instruction_cards(v)


def check_choice_values(c: Any) -> None:
    """A pending decision's options are card ids or words, its labels words (the kernel
    checks its shape)."""
    if c is None:
        return
    for o in c.get("options", ()):
        if not (_is(o, (int,)) or isinstance(o, str)):
            raise _bad("pending decision")
    if c.get("kind") == "number" and not all(isinstance(o, str) and o.lstrip("-").isdigit()
                                              for o in c["options"]):
        raise _bad("pending decision")
    if not all(isinstance(v, str) for v in (c.get("labels") or {}).values()):
        raise _bad("pending decision")


SEAT_PARAMS = ("seat", "player", "owner", "for")


def check_seats(ins: Any, nseats: int | None) -> None:
    """Every seat an instruction of the stack names (nested ones too) exists."""
    if nseats is None:
        return
    if isinstance(ins, dict):
        for k, v in ins.items():
            if k in SEAT_PARAMS and _is(v, (int,)) and not 0 <= v < nseats:
                raise ValueError(_("an instruction of the rules engine names seat {n}, which "
                                   "does not exist").format(n=v))
            if isinstance(v, (list, dict)):
                check_seats(v, nseats)
    elif isinstance(ins, list):
        for v in ins:
            check_seats(v, nseats)
