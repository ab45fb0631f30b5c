"""The rules kernel: one interpreter that every game's rules engine runs on.

A game's rules keep, in the game's slot of the table (plain data, so it is
saved, validated, undone and replayed like the rest), three things the kernel
reads and writes:

| key | what |
|---|---|
| ``stack`` | what the engine will do next: plain instructions ``{"op": name, ...}`` (top = last) |
| ``choice`` | the decision it waits for (seat, kind, prompt, options, labels, data, min, max; ``seats`` when several decide) |
| ``outcome`` | a word once the game is over (the machine then stops) |

``Machine.run`` pops instructions and executes them until a choice is pending,
the stack is empty or the game is over.  An instruction may change the table,
push more instructions, or *ask*: it sets the pending choice and puts itself
back on the stack (``Frame.ask``), and the machine stops.  The answer (a
command like any other) pops it and runs it again with ``ins["answer"]`` set.
Because a choice is asked by re-running its instruction, it is always computed
from the table as it is now (after free hands, after a load).

**Several seats choosing in secret** (everyone picks a card, assigns dice...):
``ask(..., seats=[...])`` names every seat that may answer now, in any order
(``seat`` is the first of them).  Each answer runs the instruction with
``ins["answer"]`` and ``ins["by"]`` (the seat that answered); the instruction
keeps the answer where only that seat may see it (the kernel's data is
public: never in the instruction), and asks again the seats still to answer,
or goes on once everyone has.  Before asking again it drops ``answer`` and
``by`` (``forget``), so no answer stays on the stack.

Each game declares its **card language** once, in a ``Vocabulary``: every
operation with its parameters (name, types, optional or not) and every trigger
with the facts it carries.  ``Vocabulary.problems`` checks an instruction (or a
card declaration's instruction, where ``$src``-style placeholders stand for
values) against the declarations, so a card that names an unknown operation,
trigger or parameter, or gives a wrong type, is caught by a test before it
runs; ``check_data`` checks a saved stack and choice the same way on load.

A game's turn or round is a ``Round``: a list of step names, each step's work
registered with ``Round.step``; entering a step pushes the next step first and
then the step's own work, so the work (and whatever it triggers) resolves
before the round moves on.

Pure Python: no pygame.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, MutableMapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from tabletop.core.ruleset import Choice

MAX_STEPS = 100_000          # a safety net against an endless loop of instructions
RESERVED = ("op", "answer", "by")  # keys every instruction may carry
# the kinds of decision a game may ask by default (``Vocabulary.choice_kinds``)
CHOICE_KINDS = ("one", "many", "split", "number", "order", "yesno", "act", "ok")


class GameOver(Exception):
    """Raised inside an engine when the game has just been won or lost: the machine stops."""


class Stuck(RuntimeError):
    """The engine went round in circles (more than ``MAX_STEPS`` instructions in one go)."""


# --------------------------------------------------------------- parameters
class _Kind:
    """A parameter type that is not a Python class: nested instructions, anything."""

    def __init__(self, name: str):
        self.name = name

    def __repr__(self) -> str:
        return self.name


INSTRUCTIONS = _Kind("instructions")   # a list of instructions, checked in turn
ANY = _Kind("any")                     # any plain value

TypeSpec = type | _Kind | tuple[type | _Kind, ...]


@dataclass(frozen=True)
class Param:
    """One parameter of an operation (or one fact a trigger carries)."""
    name: str
    types: tuple[type | _Kind, ...]
    optional: bool = False
    doc: str = ""

    def describe(self) -> str:
        """``name: int | str`` (with ``?`` when optional)."""
        names = " | ".join(t.__name__ if isinstance(t, type) else repr(t) for t in self.types)
        return f"{self.name}{'?' if self.optional else ''}: {names}"


@dataclass(frozen=True)
class Opt:
    """Marks a parameter as optional: ``n=Opt(int)``."""
    types: TypeSpec
    doc: str = ""


def _param(name: str, spec: TypeSpec | Opt) -> Param:
    optional = isinstance(spec, Opt)
    raw = spec.types if isinstance(spec, Opt) else spec
    types = raw if isinstance(raw, tuple) else (raw,)
    for t in types:
        if not isinstance(t, (type, _Kind)):
            raise TypeError(f"parameter {name!r}: {t!r} is not a type")
    return Param(name, tuple(types), optional, spec.doc if isinstance(spec, Opt) else "")


def _fits(value: Any, types: tuple[type | _Kind, ...]) -> bool:
    for t in types:
        if t is ANY or t is INSTRUCTIONS:
            return True
        if isinstance(t, type):
            if t is int and isinstance(value, bool):
                continue                      # a bool is no number here
            if t is float and isinstance(value, int) and not isinstance(value, bool):
                return True
            if isinstance(value, t):
                return True
    return False


def _placeholder(value: Any) -> bool:
    return isinstance(value, str) and value.startswith("$")


# ------------------------------------------------------------ declarations
Handler = Callable[[Any, dict[str, Any]], None]


@dataclass
class OpDecl:
    """An operation: its handler, its parameters, and the keys it keeps while it runs."""
    name: str
    fn: Handler
    params: dict[str, Param]
    state: frozenset[str] = frozenset()     # keys the op writes into its own instruction
    doc: str = ""


@dataclass
class TriggerDecl:
    """A trigger (a game event cards answer), with the facts it carries."""
    name: str
    info: dict[str, Param]
    doc: str = ""


@dataclass
class Vocabulary:
    """A game's card language: its operations and triggers, each declared once;
    ``choice_kinds``: the kinds of decision its instructions ask (a saved
    decision of another kind is refused)."""
    game: str
    ops: dict[str, OpDecl] = field(default_factory=dict)
    triggers: dict[str, TriggerDecl] = field(default_factory=dict)
    choice_kinds: tuple[str, ...] = CHOICE_KINDS

    # ----------------------------------------------------------- declaring
    def op(self, name: str, /, *, state: Iterable[str] = (), doc: str = "",
           **params: TypeSpec | Opt) -> Callable[[Handler], Handler]:
        """Declare an operation and register its handler (a decorator).

        ``params`` give each parameter's type (``int``, ``(int, str)``,
        ``INSTRUCTIONS``, ``ANY``), wrapped in ``Opt(...)`` when optional;
        ``state`` names the keys the handler itself keeps in its instruction
        between two runs (a counter, what was asked)."""
        if name in self.ops:
            raise ValueError(f"operation {name!r} of {self.game} is declared twice")
        decl = {k: _param(k, v) for k, v in params.items()}

        def reg(fn: Handler) -> Handler:
            self.ops[name] = OpDecl(name, fn, decl, frozenset(state),
                                    doc or (fn.__doc__ or "").strip().split("\n")[0])
            return fn
        return reg

    def trigger(self, name: str, /, doc: str = "", **info: TypeSpec | Opt) -> str:
        """Declare a trigger and the facts it carries; returns its name."""
        if name in self.triggers:
            raise ValueError(f"trigger {name!r} of {self.game} is declared twice")
        self.triggers[name] = TriggerDecl(name, {k: _param(k, v) for k, v in info.items()}, doc)
        return name

    # ------------------------------------------------------------ checking
    def problems(self, ins: Any, *, declared: bool = False, where: str = "") -> list[str]:
        """What is wrong with an instruction: unknown operation, unknown or missing
        parameter, wrong type (nested instructions checked too).  ``declared``:
        a card declaration's instruction, where ``$...`` placeholders stand in
        for values.  Nested instruction lists (``INSTRUCTIONS`` parameters) are
        templates their holder fills in before it runs them (the answer of a
        choice, ``$choice``), so placeholders are allowed in them even in saved
        data; their operations, parameters and other types are checked."""
        at = f"{where}: " if where else ""
        if not isinstance(ins, dict):
            return [f"{at}an instruction is a mapping, not {type(ins).__name__}"]
        name = ins.get("op")
        decl = self.ops.get(name) if isinstance(name, str) else None
        if decl is None:
            return [f"{at}unknown operation {name!r}"]
        out = []
        for key, value in ins.items():
            if key in RESERVED or key in decl.state:
                continue
            p = decl.params.get(key)
            if p is None:
                out.append(f"{at}{name}: unknown parameter {key!r}")
                continue
            if declared and _placeholder(value):
                continue
            if not _fits(value, p.types):
                out.append(f"{at}{name}: {key!r} should be {p.describe().split(': ', 1)[1]}, "
                           f"not {type(value).__name__} {value!r}"[:300])
                continue
            if INSTRUCTIONS in p.types and value is not None:
                out += self.steps_problems(value, declared=True, where=f"{at}{name}.{key}")
        for key, p in decl.params.items():
            if not p.optional and key not in ins:
                out.append(f"{at}{name}: missing parameter {key!r}")
        return out

    def steps_problems(self, steps: Any, *, declared: bool = False, where: str = "") -> list[str]:
        """The problems of a list of instructions."""
        if isinstance(steps, dict):
            return self.problems(steps, declared=declared, where=where)
        if not isinstance(steps, (list, tuple)):
            return [f"{where}: a list of instructions, not {type(steps).__name__}"]
        out: list[str] = []
        for i, ins in enumerate(steps):
            out += self.problems(ins, declared=declared, where=f"{where}[{i}]")
        return out

    def trigger_problems(self, name: Any, info: Mapping[str, Any] | None = None,
                         where: str = "") -> list[str]:
        """What is wrong with a trigger name (and the facts given with it)."""
        at = f"{where}: " if where else ""
        decl = self.triggers.get(name) if isinstance(name, str) else None
        if decl is None:
            return [f"{at}unknown trigger {name!r}"]
        out = []
        for key, value in (info or {}).items():
            p = decl.info.get(key)
            if p is None:
                out.append(f"{at}trigger {name}: unknown fact {key!r}")
            elif value is not None and not _fits(value, p.types):
                out.append(f"{at}trigger {name}: {key!r} should be "
                           f"{p.describe().split(': ', 1)[1]}, not {type(value).__name__}")
        return out

    def describe(self) -> list[str]:
        """One line per operation and trigger (for docs and tools)."""
        lines = [f"op {d.name}({', '.join(p.describe() for p in d.params.values())})"
                 for d in sorted(self.ops.values(), key=lambda d: d.name)]
        lines += [f"trigger {d.name}({', '.join(p.describe() for p in d.info.values())})"
                  for d in sorted(self.triggers.values(), key=lambda d: d.name)]
        return lines


# -------------------------------------------------------------- the frame
class Frame(Protocol):
    """What the machine needs of a game's context: its working data ``E``."""

    E: MutableMapping[str, Any]


def push(E: MutableMapping[str, Any], *instructions: dict[str, Any]) -> None:
    """Do these next, in the order given (before anything already waiting)."""
    E["stack"].extend(reversed(instructions))


def ask(E: MutableMapping[str, Any], ins: dict[str, Any], seat: int, prompt: str,
        options: Sequence[Any], labels: Mapping[Any, Any] | None = None, kind: str = "one",
        data: Mapping[str, Any] | None = None, low: int = 1, high: int = 1,
        seats: Sequence[int] | None = None) -> None:
    """Stop and wait for ``seat`` to answer; ``ins`` runs again with the answer in
    ``ins["answer"]``.  ``prompt`` and ``labels`` are already in the language of
    the moment; ``low``/``high`` bound a number or how many of ``options``.
    ``seats``: several seats decide, each in secret and in any order (``seat``
    must be one of them; see the module's notes)."""
    E["stack"].append(ins)
    choice: dict[str, Any] = {"seat": seat, "kind": kind, "prompt": prompt,
                              "options": list(options),
                              "labels": {str(k): v for k, v in (labels or {}).items()},
                              "data": dict(data or {})}
    if (low, high) != (1, 1):
        choice["min"], choice["max"] = low, high
    if seats is not None:
        if seat not in seats:
            raise ValueError("the seat asked first must be one of the seats asked")
        choice["seats"] = list(seats)
    E["choice"] = choice


def forget(ins: dict[str, Any]) -> dict[str, Any]:
    """``ins`` without its last answer and who gave it (before asking again)."""
    ins.pop("answer", None)
    ins.pop("by", None)
    return ins


def deciders(E: Mapping[str, Any]) -> list[int]:
    """The seats that may answer the pending decision now (none when nothing is pending)."""
    c = E.get("choice")
    if not c or E.get("outcome"):
        return []
    return list(c.get("seats") or [c["seat"]])


def pending(E: Mapping[str, Any]) -> Choice | None:
    """The decision the data holds, as a ``Choice`` (None when none, or the game is over)."""
    c = E.get("choice")
    if not c or E.get("outcome"):
        return None
    data = {"labels": dict(c.get("labels") or {}), **(c.get("data") or {})}
    if "seats" in c:
        data["seats"] = list(c["seats"])
    return Choice(seat=c["seat"], kind=c["kind"], prompt=c["prompt"],
                  options=tuple(c["options"]), min=c.get("min", 1), max=c.get("max", 1),
                  data=data)


def answers(choice: Choice) -> list[Any]:
    """Every answer the choice accepts (a number choice: each number from min to max)."""
    if choice.kind == "number" and not choice.options:
        return list(range(choice.min, choice.max + 1))
    return list(choice.options)


@dataclass
class Machine:
    """Runs a game's instruction stack until someone must decide."""
    vocab: Vocabulary
    max_steps: int = MAX_STEPS

    def execute(self, frame: Frame, ins: dict[str, Any]) -> None:
        """Execute one instruction now."""
        self.vocab.ops[ins["op"]].fn(frame, ins)

    def run(self, frame: Frame) -> None:
        """Execute instructions until a choice is pending, the stack is empty or the game ends."""
        E = frame.E
        ops = self.vocab.ops
        stack = E["stack"]
        steps = 0
        try:
            while E["choice"] is None and stack and not E["outcome"]:
                ins = stack.pop()
                ops[ins["op"]].fn(frame, ins)
                steps += 1
                if steps > self.max_steps:
                    raise Stuck("the rules engine is going round in circles")
                stack = E["stack"]
        except GameOver:
            pass

    def answer(self, frame: Frame, value: Any, seat: int | None = None) -> None:
        """Give the pending choice its answer and continue (``seat``: who answered,
        as ``ins["by"]``, for a choice several seats make)."""
        E = frame.E
        E["choice"] = None
        ins = E["stack"].pop()
        ins["answer"] = value
        if seat is not None:
            ins["by"] = seat
        try:
            self.execute(frame, ins)
        except GameOver:
            return
        self.run(frame)

    def refresh(self, frame: Frame) -> None:
        """Ask the pending choice again from the table as it is now (after free hands)."""
        E = frame.E
        if E["choice"] is not None:
            E["choice"] = None
            E["stack"].append(forget(E["stack"].pop()))
        self.run(frame)


# ------------------------------------------------------------------ rounds
StepFn = Callable[[Any], None]


@dataclass
class Round:
    """A turn or round as a list of steps, like a rulebook's round sequence.

    ``names`` in order; ``Round.step(name)`` registers a step's work, a
    function of the game's context.  The ``op`` registered in the vocabulary
    (``"step"`` by default) enters a step: it records the step's name in
    ``E[key]``, pushes the next step, then runs the step's work, so the work
    resolves first.  ``default(frame, name)`` runs for a step with no work of
    its own.  After the last step comes the first again (the next round)."""
    vocab: Vocabulary
    names: list[str]
    key: str = "step"
    op_name: str = "step"
    default: Callable[[Any, str], None] | None = None
    work: dict[str, StepFn] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if len(set(self.names)) != len(self.names):
            raise ValueError("a round names each step once")
        self.vocab.op(self.op_name, name=str, doc="Enter a step of the round.")(self._enter)

    def step(self, name: str) -> Callable[[StepFn], StepFn]:
        """Register what a step does (a decorator)."""
        if name not in self.names:
            raise ValueError(f"{name!r} is not a step of the round")

        def reg(fn: StepFn) -> StepFn:
            self.work[name] = fn
            return fn
        return reg

    def next(self, name: str) -> str:
        """The step after ``name`` (after the last: the first of the next round)."""
        i = self.names.index(name)
        return self.names[(i + 1) % len(self.names)]

    def enter(self, name: str) -> dict[str, Any]:
        """The instruction that enters step ``name``."""
        if name not in self.names:
            raise ValueError(f"{name!r} is not a step of the round")
        return {"op": self.op_name, "name": name}

    def _enter(self, frame: Any, ins: dict[str, Any]) -> None:
        name = ins["name"]
        frame.E[self.key] = name
        push(frame.E, {"op": self.op_name, "name": self.next(name)})
        fn = self.work.get(name)
        if fn is not None:
            fn(frame)
        elif self.default is not None:
            self.default(frame, name)


# ----------------------------------------------------------- the save check
def check_data(vocab: Vocabulary, E: Any, nseats: int | None = None) -> None:
    """Check the kernel's part of a game's saved rules data (stack, choice, outcome);
    ValueError naming the problem.  The game checks its own keys."""
    if not isinstance(E, Mapping):
        raise ValueError(f"the rules data of {vocab.game} is not a mapping")
    stack = E.get("stack", [])
    if not isinstance(stack, list):
        raise ValueError("the rules engine's stack is not a list")
    if len(stack) > MAX_STEPS:
        raise ValueError("the rules engine's stack is too long")
    problems = vocab.steps_problems(stack, where="stack")
    if problems:
        raise ValueError(problems[0])
    c = E.get("choice")
    if c is not None:
        check_choice(c, nseats, vocab.choice_kinds)
    outcome = E.get("outcome")
    if outcome is not None and not isinstance(outcome, str):
        raise ValueError("the outcome is not a word")
    if c is not None and not stack:
        raise ValueError("a decision is pending but nothing waits for its answer")


def check_choice(c: Any, nseats: int | None = None,
                 kinds: Sequence[str] = CHOICE_KINDS) -> None:
    """Check a saved pending decision (its kind one of ``kinds``); ValueError naming
    the problem."""
    if not isinstance(c, Mapping):
        raise ValueError("the pending decision is not a mapping")
    for key, types in (("seat", (int,)), ("kind", (str,)), ("prompt", (str,)),
                       ("options", (list,))):
        if key not in c:
            raise ValueError(f"the pending decision has no {key!r}")
        if not _fits(c[key], types):
            raise ValueError(f"the pending decision's {key!r} has the wrong type")
    if c["kind"] not in kinds:
        raise ValueError(f"the pending decision's kind {c['kind']!r} is unknown")
    if nseats is not None and not 0 <= c["seat"] < nseats:
        raise ValueError(f"the pending decision is for seat {c['seat']}, which does not exist")
    for key in ("labels", "data"):
        if key in c and not isinstance(c[key], Mapping):
            raise ValueError(f"the pending decision's {key!r} is not a mapping")
    for key in ("min", "max"):
        if key in c and not _fits(c[key], (int,)):
            raise ValueError(f"the pending decision's {key!r} is not a whole number")
    if "seats" in c:
        seats = c["seats"]
        if not isinstance(seats, list) or not seats or not all(_fits(s, (int,)) for s in seats) \
                or len(set(seats)) != len(seats) or c["seat"] not in seats:
            raise ValueError("the pending decision's seats are not distinct seats including its seat")
        if nseats is not None and not all(0 <= s < nseats for s in seats):
            raise ValueError("the pending decision names a seat that does not exist")


class Context:
    """A game's hands during one command: the working data ``E`` the machine runs
    on and the lines said for the log.  A game's own context extends it with its
    table and its verbs."""

    def __init__(self, E: MutableMapping[str, Any]):
        self.E = E
        self.lines: list[str] = []

    def say(self, text: str) -> None:
        """A line of the log."""
        if text:
            self.lines.append(text)

    def push(self, *instructions: dict[str, Any]) -> None:
        """Do these next, in the order given (before anything already waiting)."""
        push(self.E, *instructions)

    def ask(self, ins: dict[str, Any], seat: int, prompt: str, options: Sequence[Any],
            labels: Mapping[Any, Any] | None = None, kind: str = "one",
            data: Mapping[str, Any] | None = None, low: int = 1, high: int = 1,
            seats: Sequence[int] | None = None) -> None:
        """Stop and wait for ``seat`` (or several ``seats``; see ``ask``)."""
        ask(self.E, ins, seat, prompt, options, labels, kind, data, low, high, seats)
