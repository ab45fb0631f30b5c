"""One schema: the values a game may hold, checked the same way everywhere.

What the commands can produce, what a save may hold, what the loader accepts
and what the window can draw are one set of values, described here once:

* every number on the table (a position, a count, a counter, the round, a
  die face) is finite and between ``-MAX_NUMBER`` and ``MAX_NUMBER``, and so
  is every number a command passes where a fraction may stand (a position, a
  distance); its whole-number arguments (ids, counts, changes) fit in 64 bits,
  as a file holds them; ``bool`` is never a number;
* every name or label is text of at most ``MAX_TEXT`` characters (a new
  seat's name at most ``MAX_SEAT_NAME``, so the labels made from it fit;
  token, counter and slot names at most ``MAX_NAME``), card codes at most
  ``MAX_CODE`` and known to their game (``GameSpec.known_codes``);
* a game has at most ``MAX_CARDS`` pieces, ``MAX_SEATS`` seats and
  ``MAX_ACTIONS`` actions of at most ``MAX_EVENTS_PER_ACTION`` changes each,
  ``MAX_EVENTS`` changes in all (so any game loads in well under a second);
* a game's slot data is plain data (``check_plain``).

``Session.submit`` checks a command's fields against their annotations
(``command_problem``) before the ruleset sees it, and ``Tx.emit`` checks
every change (``event_problem``) before it is applied; ``saves`` checks a
file against the same limits and predicates.  Pure Python.
"""
from __future__ import annotations

import dataclasses
import math
import unicodedata
from typing import TYPE_CHECKING, Any, Callable, Iterable, NoReturn

from tabletop.core.events import KINDS, Col, Event, EventKind, FieldTable, Types
from tabletop.core.i18n import N_, _, format_number
from tabletop.core.model import TableState

if TYPE_CHECKING:                  # loaded on first use (below)
    from tabletop.core.dice import DieType

MAX_NUMBER = 1_000_000           # |any number on the table|, in table units or counts
MAX_SEED = 2 ** 63 - 1           # a game's seed
MAX_TEXT = 1024                  # characters of any text on the table (names, labels)
MAX_SEAT_NAME = 200              # characters of a new seat's name (labels are made from it)
MAX_NAME = 64                    # characters of a token, counter or slot key
MAX_CODE = 64                    # characters of a card code
MAX_CARDS = 10_000               # pieces of one table (and ids in one command)
MAX_ZONES = 10_000
MAX_SEATS = 64
MAX_REGIONS = 10_000
MAX_DICE = 10_000
MAX_TOKENS = 64                  # kinds of token on one card, counters of one seat
MAX_OPTIONS = 256
MAX_STR = 65_536                 # characters of text inside a game's slot data
MAX_ACTIONS = 100_000            # actions in one game's log
MAX_EVENTS_PER_ACTION = 20_000   # changes made by one action
MAX_EVENTS = 500_000             # changes held by one game's whole log
MAX_PLAIN_DEPTH = 16             # nesting of a game's slot data
MAX_PLAIN_ITEMS = 1_000_000      # values in all of a table's slot data
MAX_PLAIN_INT = 2 ** 63 - 1      # |an integer inside slot data| (what msgpack can hold)
MIN_INT64, MAX_UINT64 = -2 ** 63, 2 ** 64 - 1   # the whole numbers a file can hold

NoneType = type(None)
SCALARS = frozenset({NoneType, bool, int, float, str})
_NUMBERS = (int, float)


# ------------------------------------------------------------ one value
def number_ok(v: Any) -> bool:
    """A finite int or float within the table's bounds (never a bool)."""
    t = type(v)
    return (t is int or t is float) and -MAX_NUMBER <= v <= MAX_NUMBER


def int_ok(v: Any) -> bool:
    """An int (never a bool) within the table's bounds."""
    return type(v) is int and -MAX_NUMBER <= v <= MAX_NUMBER


def text_ok(v: Any, limit: int = MAX_TEXT) -> bool:
    """Text of at most ``limit`` characters."""
    return type(v) is str and len(v) <= limit


def scalar_ok(v: Any) -> bool:
    """A bounded scalar: None, a bool, a bounded number or short text."""
    t = type(v)
    if t is NoneType or t is bool:
        return True
    if t is str:
        return len(v) <= MAX_TEXT
    return number_ok(v)


def numbers_ok(values: Iterable[Any]) -> bool:
    """``number_ok`` for a whole column of numbers (None and text are skipped),
    at C speed: a NaN anywhere makes the sum NaN, and min/max bound the rest."""
    if type(values) is not list and type(values) is not tuple:
        values = list(values)
    if not values:
        return True
    try:
        total = sum(values)
        return bool(total == total and -MAX_NUMBER <= min(values) and max(values) <= MAX_NUMBER)
    except (TypeError, OverflowError):
        nums = [v for v in values if type(v) is float or type(v) is int]
        if len(nums) == len(values):
            return all(map(number_ok, nums))        # a huge int: too large for a float
        return numbers_ok(nums)


def number_problem(v: Any, what: str) -> str | None:
    """Why ``v`` is not a number the table can hold, or None."""
    if type(v) not in _NUMBERS:
        return _("{what} is not a number").format(what=what)
    if v != v or v in (math.inf, -math.inf):
        return _("{what} is not a finite number").format(what=what)
    if not -MAX_NUMBER <= v <= MAX_NUMBER:
        return _("{what} is beyond the table's limit of {limit}").format(
            what=what, limit=format_number(MAX_NUMBER))
    return None


# ------------------------------------------------------------ plain data
def check_plain(value: Any, what: Any, error: type[Exception], budget: list[int] | None = None) -> None:
    """Raise ``error`` unless ``value`` is bounded plain data.

    Plain data is None, bool, int (within a signed 64-bit integer), finite
    float, text, lists of plain data and maps with short text keys, nested at
    most ``MAX_PLAIN_DEPTH`` deep and ``MAX_PLAIN_ITEMS`` values in all.
    ``what`` names the value in the message: a marked (``N_``) name, or a
    function that returns the name translated (called only when it fails).
    """
    def refuse(message: str, **values: Any) -> NoReturn:
        name = what() if callable(what) else _(what)
        raise error(message.format(what=name, **values))

    budget = budget if budget is not None else [MAX_PLAIN_ITEMS]
    stack = [(value, 0)]
    while stack:
        v, depth = stack.pop()
        budget[0] -= 1
        if budget[0] < 0:
            refuse(_("{what} holds too many values"))
        t = type(v)
        if t in SCALARS:
            if t is str and len(v) > MAX_STR:
                refuse(_("{what} holds over-long text"))
            if t is float and not math.isfinite(v):
                refuse(_("{what} holds a number that is not finite"))
            if t is int and not -MAX_PLAIN_INT <= v <= MAX_PLAIN_INT:
                refuse(_("{what} holds a number too large to save"))
            continue
        if depth >= MAX_PLAIN_DEPTH:
            refuse(_("{what} is nested too deeply"))
        if t is tuple or t is list:
            stack.extend((x, depth + 1) for x in v)
        elif t is dict:
            for k, x in v.items():
                if type(k) is not str or len(k) > 256:
                    refuse(_("{what} has a key that is not short text"))
                stack.append((x, depth + 1))
        else:
            refuse(_("{what} holds a {kind}, which is not plain data"), kind=t.__name__)


def plain_ok(v: Any) -> bool:
    """Is ``v`` bounded plain data (``check_plain``)?"""
    try:
        check_plain(v, N_("a value"), ValueError)
    except ValueError:
        return False
    return True


# ------------------------------------------------------------ commands
_INT_ONLY = frozenset({int})
_PROBES = {NoneType: None, bool: True, int: 1, float: 1.5, str: "s"}


def annotation_types(annotation: Any) -> tuple[Types, Types | None]:
    """The types a command field takes, from its (string) annotation.

    Returns ``(plain, elems)``: the scalar types the field may hold, and the
    element types when it may be a tuple (None when it may not).  Understands
    ``int``, ``float`` (ints allowed), ``str``, ``bool``, ``None``,
    ``tuple[X, ...]`` and unions of these; an annotation it does not know
    accepts any scalar.
    """
    plain: set[type] = set()
    elems: Types | None = None
    for part in (p.strip() for p in str(annotation).split("|")):
        if part == "None":
            plain.add(NoneType)
        elif part == "int":
            plain.add(int)
        elif part == "float":
            plain.update((int, float))
        elif part == "str":
            plain.add(str)
        elif part == "bool":
            plain.add(bool)
        elif part.startswith("tuple[") and part.endswith("]"):
            inner, _e = annotation_types(part[6:-1].split(",")[0].strip())
            elems = inner
        else:
            plain.update(SCALARS)
    return frozenset(plain), elems


_FieldSpec = tuple[tuple[str, Types, "Types | None"], ...]   # (name, plain, elems) per field
_FIELDS: dict[type, _FieldSpec] = {}


def _command_fields(cls: type) -> _FieldSpec:
    spec = _FIELDS.get(cls)
    if spec is None:
        spec = _FIELDS[cls] = tuple((f.name, *annotation_types(f.type))
                                    for f in dataclasses.fields(cls))
    return spec


def _argument_ok(v: Any, measured: bool) -> bool:
    """A scalar argument of a command: a number in a field that may hold a
    fraction (a position, a distance) is finite and within the table's bounds;
    a whole number elsewhere (an id, a count, a change) fits in 64 bits, as a
    file holds it (a count too large for the table is refused by the change it
    would make)."""
    t = type(v)
    if t is int and not measured:
        return bool(MIN_INT64 <= v <= MAX_UINT64)
    return scalar_ok(v)


def field_value_problem(v: Any, plain: Types, elems: Types | None, name: str) -> str | None:
    """Why ``v`` cannot be the value of a command field of these types, or None."""
    if type(v) in plain:
        if not _argument_ok(v, float in plain):
            if type(v) is str:
                return _("{what} is too long").format(what=name)
            if type(v) is int and float not in plain:
                return _("{what} is too large a number").format(what=name)
            return number_problem(v, name)
        return None
    if elems is not None and type(v) is tuple:
        if len(v) > MAX_CARDS:
            return _("{what} lists too many values").format(what=name)
        measured = float in elems
        for e in v:
            if type(e) not in elems or not _argument_ok(e, measured):
                return _("{what} holds a value of the wrong kind").format(what=name)
        return None
    return _("{what} is of the wrong type (it should be {kind}, not {got})").format(
        what=name, kind=_kind_words(plain, elems), got=type(v).__name__)


_KIND_WORDS = {NoneType: N_("nothing"), bool: N_("yes/no"), int: N_("a whole number"),
               float: N_("a number"), str: N_("text")}


def _kind_words(plain: Types, elems: Types | None) -> str:
    """What a field may hold, in words ("a number or text")."""
    words = [_KIND_WORDS[t] for t in (int, float, bool, str, NoneType) if t in plain]
    if float in plain and int in plain:
        words.remove(_KIND_WORDS[int])
    words = [_(w) for w in words]
    if elems is not None:
        words.append(_("a list"))
    if not words:
        return _("nothing")
    out = words[0]
    for word in words[1:]:
        out = _("{a} or {b}").format(a=out, b=word)
    return out


def command_problem(cmd: Any) -> str | None:
    """Why a command cannot be carried out as given (wrong types, numbers that
    are not finite or beyond the table's limits, over-long text), or None.

    The field types come from the command dataclass's annotations, as the
    save loader reads them."""
    if not dataclasses.is_dataclass(cmd) or isinstance(cmd, type):
        return _("that is not a command")
    for name, plain, elems in _command_fields(type(cmd)):
        why = field_value_problem(getattr(cmd, name), plain, elems, name)
        if why is not None:
            return why
    return None


# ------------------------------------------------------------ events
_DIE_TYPES: dict[str, DieType] | None = None        # read on first use
_DIE_FACES: dict[str, int] | None = None


def _die_types() -> dict[str, DieType]:
    global _DIE_TYPES
    if _DIE_TYPES is None:
        from tabletop.core.dice import die_types
        _DIE_TYPES = die_types()
    return _DIE_TYPES


def die_faces() -> dict[str, int]:
    """How many faces each known kind of die has."""
    global _DIE_FACES
    if _DIE_FACES is None:
        _DIE_FACES = {k: t.n_faces for k, t in _die_types().items()}
    return _DIE_FACES


def die_row_problem(row: Any) -> str | None:
    """Why ``row`` is not a die as ``TableState.to_data()['dice']`` has it, or None.

    Its kind must be a known die type and its face one of that die's faces."""
    if type(row) not in (tuple, list) or len(row) != 6:
        return _("a die is malformed")
    did, kind, face, x, y, angle = row
    if type(did) is not int or not 0 <= did <= MAX_NUMBER:
        return _("a die has an impossible number")
    dtype = _die_types().get(kind) if type(kind) is str else None
    if dtype is None:
        return _("a die is of an unknown kind ({kind})").format(kind=repr(str(kind)[:20]))
    if type(face) is not int or not 0 <= face < dtype.n_faces:
        return _("die {n} shows a face its kind does not have").format(n=did)
    if not (number_ok(x) and number_ok(y) and number_ok(angle)):
        return _("die {n} lies off the table").format(n=did)
    return None


def value_ok(types: Types, v: Any) -> bool:
    """A value of one of ``types`` (an event field's types) within the limits."""
    t = type(v)
    if t not in types:
        return False
    if t is str:
        return len(v) <= MAX_TEXT
    if t is int or t is float:
        return bool(-MAX_NUMBER <= v <= MAX_NUMBER)
    return True


def column_ok(col: Col, v: Any, row: Event) -> bool | None:
    """Check one value of an event against its column, without the table:
    True or False, or None for ids that only the table can confirm."""
    k = col.kind
    if k in ("card", "seat", "die"):
        return type(v) is int and 0 <= v <= MAX_NUMBER and None
    if k == "zone":
        return type(v) is str and len(v) <= MAX_TEXT and None
    if k == "index":
        return type(v) is int and 0 <= v <= MAX_NUMBER
    if k == "name":
        return type(v) is str and len(v) <= MAX_NAME
    if k == "int":
        return int_ok(v)
    if k == "field":
        assert col.table is not None       # "field" and "value" columns name their table
        return field_types(col.table, v) is not None
    if k == "value":
        assert col.table is not None
        types = field_types(col.table, row[col.of + 1])
        return types is not None and value_ok(types, v)
    if k == "ids":
        return (type(v) in (tuple, list) and len(v) <= MAX_CARDS
                and set(map(type, v)) <= _INT_ONLY)
    if k == "path":
        return (type(v) in (tuple, list) and 0 < len(v) <= 8
                and all(type(p) is str and 0 < len(p) <= MAX_NAME for p in v))
    if k == "plain":
        return plain_ok(v)
    if k == "die_row":
        return die_row_problem(v) is None
    raise ValueError(f"unknown column kind {k!r}")


def field_types(table: FieldTable, name: Any) -> Types | None:
    """The value types a field name takes in an event's field table (None: unknown)."""
    try:
        types = table.get(name)
    except TypeError:              # unhashable
        return None
    if types is None and None in table and type(name) is str and 0 < len(name) <= MAX_NAME:
        return table[None]
    return types


# one value of an event, inline (ids are only typed and bounded here: whether they
# exist is for the table, and applying the event finds out)
_INLINE = {
    "card": "type({v}) is int and 0 <= {v} <= MAXN",
    "seat": "type({v}) is int and 0 <= {v} <= MAXN",
    "die": "type({v}) is int and 0 <= {v} <= MAXN",
    "index": "type({v}) is int and 0 <= {v} <= MAXN",
    "zone": "type({v}) is str and len({v}) <= MAXT",
    "name": "type({v}) is str and len({v}) <= MAXNAME",
    "int": "type({v}) is int and -MAXN <= {v} <= MAXN",
}


def _event_check(kind: EventKind) -> Callable[[Event], bool]:
    """A function ``check(ev) -> bool`` for the new values of one event kind,
    written out from its columns (the old value of a setter is skipped: Tx.emit
    compares it with the table instead)."""
    cols = kind.columns
    old = len(cols) - 2 if len(cols) >= 2 and cols[-1] == cols[-2] else -1
    tests: list[str] = []
    env: dict[str, Any] = {"MAXN": MAX_NUMBER, "MAXT": MAX_TEXT, "MAXNAME": MAX_NAME,
                      "column_ok": column_ok, "value_ok": value_ok, "field_types": field_types}
    for i, col in enumerate(cols):
        v = f"ev[{i + 1}]"
        if i == old:
            continue
        if col.kind in _INLINE:
            tests.append(_INLINE[col.kind].format(v=v))
        elif col.kind == "value":
            env[f"T{i}"] = col.table
            tests.append(f"value_ok(field_types(T{i}, ev[{col.of + 1}]) or (), {v})")
        else:
            env[f"C{i}"] = col
            tests.append(f"column_ok(C{i}, {v}, ev) is not False")
    src = f"def check(ev):\n    return len(ev) == {kind.arity + 1} and " + \
        (" and ".join(tests) or "True") + "\n"
    exec(compile(src, f"<schema check of {kind.tag} events>", "exec"), env)
    check: Callable[[Event], bool] = env["check"]
    return check


_EVENT_CHECKS: dict[str, Callable[[Event], bool]] = {}


def event_problem(ev: Any, state: Any = None) -> str | None:
    """Why an event a ruleset made cannot be kept, or None.

    Its new values must be inside the schema; with ``state``, the values it
    records as old must be what the table holds (so undo restores exactly,
    and the old values are inside the schema because the table is).  The old
    value of a setter is the one before the last column (``(..., old, new)``
    declared with the same column twice)."""
    if type(ev) is not tuple or not ev or type(ev[0]) is not str or ev[0] not in KINDS:
        return _("the table cannot record that change")
    kind = KINDS[ev[0]]
    check = _EVENT_CHECKS.get(kind.tag)
    if check is None:
        check = _EVENT_CHECKS[kind.tag] = _event_check(kind)
    try:
        ok = check(ev)
    except (TypeError, ValueError):
        ok = False
    if not ok:
        return _explain_event(kind, ev)
    if state is not None:
        try:
            same = kind.in_step(state, ev)
        except (KeyError, IndexError, TypeError, AttributeError):
            same = False
        if not same:
            return _("the change does not start from what is on the table")
    return None


def _explain_event(kind: EventKind, ev: Event) -> str:
    if len(ev) != kind.arity + 1:
        return _("the table cannot record that change")
    for col, v in zip(kind.columns, ev[1:]):
        if column_ok(col, v, ev) is False:
            if type(v) in _NUMBERS:
                return number_problem(v, _("a value")) or _("a number is out of range")
            return _("a change would hold a value the table cannot keep ({value})").format(
                value=printable(str(v), 40))
    return _("the table cannot record that change")


# ------------------------------------------------------------ tables
def known_codes(game: str) -> frozenset[str] | None:
    """The piece codes a game knows (None: the game does not say)."""
    from tabletop.core.games import game as game_spec
    try:
        spec = game_spec(game)
    except KeyError:
        return None
    return spec.known_codes() if spec.known_codes is not None else None


def table_problem(state: TableState) -> str | None:
    """Why a new table is outside the schema (names, numbers, codes, sizes), or None."""
    if len(state.cards) > MAX_CARDS or len(state.seats) > MAX_SEATS:
        return _("the table holds too many pieces or seats")
    if not (text_ok(state.game) and text_ok(state.scenario)):
        return _("the game or scenario name is too long")
    if type(state.seed) is not int or not -MAX_SEED <= state.seed <= MAX_SEED:
        return _("the seed must be a whole number below {limit}").format(limit=MAX_SEED)
    for seat in state.seats:
        if not text_ok(seat.name, MAX_SEAT_NAME):
            return _("a seat name is longer than {n} characters").format(n=MAX_SEAT_NAME)
        if not all(text_ok(k, MAX_NAME) and int_ok(v) for k, v in seat.counters.items()):
            return _("a seat counter is out of range")
    labels = [z.label for z in state.zones.values()] + [r.label for r in state.regions]
    if not all(map(text_ok, labels)):
        return _("a label on the table is longer than {n} characters").format(n=MAX_TEXT)
    numbers: list[float] = [state.round, state.first_player]
    for c in state.cards.values():
        numbers += (c.x, c.y, *c.tokens.values())
    for z in state.zones.values():
        numbers += (z.x, z.y)
    for r in state.regions:
        numbers += (r.x, r.y, r.w, r.h)
    if not all(map(number_ok, numbers)):
        return _("a number on the table is not finite or beyond ±{limit}").format(
            limit=format_number(MAX_NUMBER))
    codes = known_codes(state.game)
    if codes is not None:
        unknown = {c.code for c in state.cards.values()} - codes
        if unknown:
            return _("unknown card code {code}").format(code=printable(min(unknown), 20))
    return None


# ------------------------------------------------------------ text out
_ESCAPED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def printable(text: Any, limit: int | None = None) -> str:
    """Text made safe to print or draw: control characters (terminal escapes,
    bidirectional overrides, line breaks) shown escaped as ``\\x1b``,
    ``\\u202e``...; cut to ``limit`` characters with an ellipsis."""
    out_text = str(text)
    if not out_text.isprintable():
        out = []
        for ch in out_text:
            if ch.isprintable() or unicodedata.category(ch) not in _ESCAPED:
                out.append(ch)
            else:
                code = ord(ch)
                out.append(f"\\x{code:02x}" if code < 0x100 else
                           f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")
        out_text = "".join(out)
    if limit is not None and len(out_text) > limit:
        out_text = out_text[:max(0, limit - 1)] + "\N{HORIZONTAL ELLIPSIS}"
    return out_text
