"""Strict checks of untrusted save data, turning it into the model's own forms.

Everything here works on plain data as ``msgpack.unpackb(..., use_list=False)``
gives it (tuples for arrays, dicts for maps) and never recurses into data it
has not type-checked first, so a hostile file cannot make it recurse, hang or
raise anything but :class:`Invalid`.

The checks are written out by hand (no generic schema walker) because a save
holds tens of thousands of events and loading has a budget of a few
milliseconds; ``tests/test_saves.py`` checks that whatever passes here also
passes ``tabletop.core.events.validate_event`` and ``Command.from_data``.

Pure Python: no pygame, no pymunk.
"""
from __future__ import annotations

import dataclasses
import operator
from itertools import chain
from typing import Any, Callable

from tabletop.core import events as E
from tabletop.core.commands import COMMANDS, Command
from tabletop.core.model import TABLE, TableState

NoneType = type(None)
NUM = frozenset({int, float})          # bool is excluded on purpose: type(True) is bool
INT_OR_NONE = frozenset({int, NoneType})
SCALARS = frozenset({NoneType, bool, int, float, str})

# Hard limits (also enforced while unpacking, see saves.codec).
MAX_CARDS = 100_000
MAX_ZONES = 10_000
MAX_SEATS = 64
MAX_REGIONS = 10_000
MAX_TOKENS = 64
MAX_OPTIONS = 256
MAX_STR = 65_536
MAX_EVENTS_PER_ACTION = 200_000
MAX_ACTIONS = 2_000_000
MAX_DICE = 10_000

# The fields of TableState.to_data(), in order; "dice" may be missing (older tables).
# tests/test_saves.py fails when the model gains a field this list does not know.
STATE_KEYS = ("game", "scenario", "seed", "round", "first_player", "next_id", "options",
              "seats", "regions", "zones", "cards", "dice")
OPTIONAL_STATE_KEYS = frozenset({"dice"})


class Invalid(Exception):
    """Save data that does not have the expected shape; the message says where."""


def _fail(msg: str):
    raise Invalid(msg)


# ------------------------------------------------------------------ state
def _str(v, what: str) -> str:
    if type(v) is not str:
        _fail(f"{what} is not text")
    return v


def _int(v, what: str) -> int:
    if type(v) is not int:
        _fail(f"{what} is not a whole number")
    return v


def _seq(v, what: str, limit: int) -> tuple | list:
    if type(v) is not tuple and type(v) is not list:
        _fail(f"{what} is not a list")
    if len(v) > limit:
        _fail(f"{what} has too many entries ({len(v)})")
    return v


def check_state(data: Any, what: str = "table") -> dict:
    """Check a ``TableState.to_data()`` snapshot; return it in exactly that form (lists).

    Checks types of every field and the consistency of the whole: every card in
    exactly one zone (the one it names), unique ids, no dangling or circular
    attachments, seats and first player in range, ``next_id`` above every id.
    """
    if type(data) is not dict:
        _fail(f"the {what} is not a map")
    for k in STATE_KEYS:
        if k not in data and k not in OPTIONAL_STATE_KEYS:
            _fail(f"the {what} has no {k!r}")
    if any(k not in STATE_KEYS for k in data):
        extra = sorted(str(k)[:40] for k in data if k not in STATE_KEYS)
        _fail(f"the {what} has unknown fields {', '.join(extra)}")
    game = _str(data["game"], f"{what} game")
    scenario = _str(data["scenario"], f"{what} scenario")
    seed = _int(data["seed"], f"{what} seed")
    rnd = _int(data["round"], f"{what} round")
    first = _int(data["first_player"], f"{what} first player")
    next_id = _int(data["next_id"], f"{what} next id")
    options = data["options"]
    if type(options) is not dict or len(options) > MAX_OPTIONS:
        _fail(f"the {what} options are not a small map")
    for k, v in options.items():
        if type(k) is not str or type(v) not in SCALARS:
            _fail(f"the {what} option {k!r} is not a plain value")

    seats = []
    for row in _seq(data["seats"], f"{what} seats", MAX_SEATS):
        if type(row) not in (tuple, list) or len(row) != 3:
            _fail(f"a seat of the {what} is malformed")
        name, threat, heroes = row
        _str(name, "a seat name")
        _int(threat, "a seat's threat")
        heroes = list(_seq(heroes, "a seat's heroes", 64))
        for h in heroes:
            _str(h, "a hero code")
        seats.append([name, threat, heroes])
    nseats = len(seats)

    regions = []
    for row in _seq(data["regions"], f"{what} regions", MAX_REGIONS):
        if type(row) not in (tuple, list) or len(row) != 7:
            _fail(f"a region of the {what} is malformed")
        rid, label, x, y, w, h, owner = row
        if (type(rid) is not str or type(label) is not str or type(x) not in NUM
                or type(y) not in NUM or type(w) not in NUM or type(h) not in NUM
                or type(owner) not in INT_OR_NONE):
            _fail(f"region {rid!r} of the {what} has a field of the wrong type")
        regions.append([rid, label, x, y, w, h, owner])

    zones = []
    zone_cards: dict[str, list[int]] = {}
    for row in _seq(data["zones"], f"{what} zones", MAX_ZONES):
        if type(row) not in (tuple, list) or len(row) != 8:
            _fail(f"a zone of the {what} is malformed")
        zid, kind, owner, label, x, y, face_up, cards = row
        if (type(zid) is not str or type(kind) is not str or type(owner) not in INT_OR_NONE
                or type(label) is not str or type(x) not in NUM or type(y) not in NUM
                or type(face_up) is not bool):
            _fail(f"zone {zid!r} of the {what} has a field of the wrong type")
        if zid in zone_cards:
            _fail(f"the {what} has two zones called {zid!r}")
        if owner is not None and not 0 <= owner < nseats:
            _fail(f"zone {zid!r} belongs to seat {owner}, which does not exist")
        cards = list(_seq(cards, f"zone {zid!r}", MAX_CARDS))
        zone_cards[zid] = cards
        zones.append([zid, kind, owner, label, x, y, face_up, cards])
    if TABLE not in zone_cards:
        _fail(f"the {what} has no {TABLE!r} zone")

    rows = _seq(data["cards"], f"{what} cards", MAX_CARDS)
    quick = _cards_quick(rows, nseats)
    if quick is not None:
        cards, where, attached = quick
        rows = ()                       # checked: the loop below is for explaining
    else:
        cards = []
        where = {}
        attached = []
    for row in rows:
        if type(row) not in (tuple, list) or len(row) != 13:
            _fail(f"a card of the {what} is malformed")
        card = check_card_row(row, f"a card of the {what}")
        cid = card[0]
        if cid in where:
            _fail(f"the {what} has two cards numbered {cid}")
        owner = card[2]
        if owner is not None and not 0 <= owner < nseats:
            _fail(f"card {cid} belongs to seat {owner}, which does not exist")
        where[cid] = card[3]
        if card[10] is not None:
            attached.append((cid, card[10]))
        cards.append(card)

    # every card in exactly one zone: the one it names
    zones_ok = _zones_quick(zone_cards, where)
    placed = 0
    for zid, ids in (() if zones_ok else zone_cards.items()):
        for cid in ids:
            if type(cid) is not int:
                _fail(f"zone {zid!r} holds something that is not a card number")
            z = where.get(cid)
            if z is None:
                _fail(f"zone {zid!r} holds card {cid}, which does not exist")
            if z != zid:
                _fail(f"card {cid} is in zone {zid!r} but says it is in {z!r}")
        placed += len(ids)
        if len(set(ids)) != len(ids):
            _fail(f"zone {zid!r} holds the same card twice")
    if not zones_ok and placed != len(where):
        inside = {cid for ids in zone_cards.values() for cid in ids}
        lost = next(c for c in where if c not in inside)
        _fail(f"card {lost} is in no zone")
    if where and max(where) >= next_id:
        _fail(f"the {what}'s next card number {next_id} is already taken")
    for cid, host in attached:
        if host not in where:
            _fail(f"card {cid} is attached to card {host}, which does not exist")
    if attached:
        hosts = dict(attached)
        done: set[int] = set()
        for start in hosts:
            path: list[int] = []
            on_path: set[int] = set()
            cur = start
            while cur in hosts and cur not in done:
                if cur in on_path:
                    _fail(f"card {start} is attached to itself through a loop")
                on_path.add(cur)
                path.append(cur)
                cur = hosts[cur]
            done.update(path)
    if nseats and not 0 <= first < nseats:
        _fail(f"the first player {first} is not a seat")
    dice = []
    die_ids: set[int] = set()
    for row in _seq(data.get("dice", ()), f"{what} dice", MAX_DICE):
        if type(row) not in (tuple, list) or len(row) != 6:
            _fail(f"a die of the {what} is malformed")
        die = check_die_row(row, f"a die of the {what}")
        if die[0] in die_ids:
            _fail(f"the {what} has two dice numbered {die[0]}")
        if die[0] >= next_id:
            _fail(f"the {what}'s next number {next_id} is already taken by a die")
        die_ids.add(die[0])
        dice.append(die)
    return {"game": game, "scenario": scenario, "seed": seed, "round": rnd,
            "first_player": first, "next_id": next_id, "options": dict(options),
            "seats": seats, "regions": regions, "zones": zones, "cards": cards,
            "dice": dice}


_CARD_COLUMNS = (frozenset({int}), frozenset({str}), INT_OR_NONE, frozenset({str}), NUM, NUM,
                 frozenset({bool}), frozenset({bool}), frozenset({str}), frozenset({dict}),
                 INT_OR_NONE, frozenset({str}), frozenset({str}))
_CARD_TEXT_LIMITS = ((1, 64), (8, 8), (11, 32), (12, 32))   # code, side, attach_kind, origin


def _cards_quick(rows: Any, nseats: int) -> tuple[list, dict, list] | None:
    """The card rows of ``check_state`` checked down their columns (the same
    checks as ``check_card_row`` and the loop over the cards); returns
    ``(cards, where, attached)`` as that loop builds them, or None when the
    loop must decide (and say what is wrong)."""
    if not rows:
        return [], {}, []
    if set(map(type, rows)) - {tuple, list} or set(map(len, rows)) != {13}:
        return None
    cols = tuple(zip(*rows))
    for types, col in zip(_CARD_COLUMNS, cols):
        if not set(map(type, col)) <= types:
            return None
    for i, limit in _CARD_TEXT_LIMITS:
        if max(map(len, cols[i])) > limit:
            return None
    ids, owners, zones, tokens, hosts = cols[0], cols[2], cols[3], cols[9], cols[10]
    if min(ids) < 0 or len(set(ids)) != len(ids) or any(map(operator.eq, hosts, ids)):
        return None
    owners = set(owners)
    owners.discard(None)
    if owners and (min(owners) < 0 or max(owners) >= nseats):
        return None
    for t in filter(None, tokens):
        if (len(t) > MAX_TOKENS or set(map(type, t)) != {str}
                or set(map(type, t.values())) != {int}):
            return None
    cards = list(map(list, rows))
    for card in cards:
        card[9] = dict(card[9])
    return cards, dict(zip(ids, zones)), [(c, h) for c, h in zip(ids, hosts) if h is not None]


def _zones_quick(zone_cards: dict, where: dict) -> bool:
    """True when every card is in exactly the zone it names (each zone's list
    checked at once); False when the loop of ``check_state`` must decide."""
    get = where.get
    placed = 0
    for zid, ids in zone_cards.items():
        if ids:
            if (set(map(type, ids)) != {int} or set(map(get, ids)) != {zid}
                    or len(set(ids)) != len(ids)):
                return False
            placed += len(ids)
    return placed == len(where)


def check_die_row(row, what: str) -> list:
    """One die as in ``TableState.to_data()['dice']`` (also the payload of die events)."""
    did, kind, face, x, y, angle = row
    if (type(did) is not int or type(kind) is not str or type(face) is not int
            or type(x) not in NUM or type(y) not in NUM or type(angle) not in NUM):
        _fail(f"{what} ({str(did)[:20]}) has a field of the wrong type")
    if did < 0 or len(kind) > 64:
        _fail(f"{what} ({did}) has an impossible number or kind")
    return [did, kind, face, x, y, angle]


def check_card_row(row, what: str) -> list:
    """One card as in ``TableState.to_data()['cards']`` (also the payload of "add" events)."""
    (cid, code, owner, zone, x, y, face_up, exhausted, side, tokens,
     attached_to, attach_kind, origin) = row
    if (type(cid) is not int or type(code) is not str or type(owner) not in INT_OR_NONE
            or type(zone) is not str or type(x) not in NUM or type(y) not in NUM
            or type(face_up) is not bool or type(exhausted) is not bool
            or type(side) is not str or type(tokens) is not dict
            or type(attached_to) not in INT_OR_NONE or type(attach_kind) is not str
            or type(origin) is not str):
        _fail(f"{what} ({cid!r}) has a field of the wrong type")
    if cid < 0:
        _fail(f"{what} has a negative number")
    if len(code) > 64 or len(side) > 8 or len(origin) > 32 or len(attach_kind) > 32:
        _fail(f"{what} ({cid}) has an over-long field")
    if tokens:
        if len(tokens) > MAX_TOKENS:
            _fail(f"card {cid} has too many kinds of token")
        for k, v in tokens.items():
            if type(k) is not str or type(v) is not int:
                _fail(f"card {cid} has a malformed token count")
        tokens = dict(tokens)
    else:
        tokens = {}
    if attached_to == cid:
        _fail(f"card {cid} is attached to itself")
    return [cid, code, owner, zone, x, y, face_up, exhausted, side, tokens,
            attached_to, attach_kind, origin]


# --------------------------------------------------------------- commands
def _annotation_check(annotation: str) -> Callable[[Any], bool]:
    """A type test for a command field from its (string) annotation.

    Understands ``int``, ``float`` (ints allowed), ``str``, ``bool``, ``None``,
    ``tuple[X, ...]`` and unions of these; an annotation it does not know
    accepts any plain scalar, so a new command added elsewhere still loads.
    """
    allowed: set[type] = set()
    elem: set[type] | None = None
    for part in (p.strip() for p in str(annotation).split("|")):
        if part == "None":
            allowed.add(NoneType)
        elif part == "int":
            allowed.add(int)
        elif part == "float":
            allowed.update((int, float))
        elif part == "str":
            allowed.add(str)
        elif part == "bool":
            allowed.add(bool)
        elif part.startswith("tuple[") and part.endswith("]"):
            inner = part[6:-1].split(",")[0].strip()
            sub = _annotation_check(inner)
            elem = {t for t in SCALARS if _probe(sub, t)}
        else:
            allowed.update(SCALARS)
    plain = frozenset(allowed)
    if elem is None:
        return lambda v: type(v) in plain
    elems = frozenset(elem)

    def check(v) -> bool:
        if type(v) in plain:
            return True
        return (type(v) is tuple and len(v) <= MAX_CARDS
                and all(type(e) in elems for e in v))
    return check


_PROBES = {NoneType: None, bool: True, int: 1, float: 1.5, str: "s"}


def _probe(check, t) -> bool:
    return check(_PROBES[t])


class _FieldTypes:
    """Allowed types of one command field, from its annotation."""

    __slots__ = ("name", "plain", "elems")

    def __init__(self, name: str, annotation: str):
        check = _annotation_check(annotation)
        self.name = name
        self.plain = frozenset(t for t in SCALARS if _probe(check, t))
        elems = frozenset(t for t in SCALARS if check((_PROBES[t],)))
        self.elems = elems or None          # element types when it may be a tuple

    def ok(self, v) -> bool:
        if type(v) in self.plain:
            return True
        elems = self.elems
        return (elems is not None and type(v) is tuple and len(v) <= MAX_CARDS
                and all(type(e) in elems for e in v))


_new = object.__new__


class _RowSpec:
    """Decodes ``[name, v1, v2, ...]`` rows of one command, given the file's field order."""

    __slots__ = ("cls", "name", "n", "fields", "names", "defaults", "tuples", "good", "fast")

    def __init__(self, name: str, cls, file_fields: tuple):
        self.cls, self.name = cls, name
        known = {f.name: f for f in dataclasses.fields(cls)}
        if len(set(file_fields)) != len(file_fields):
            _fail(f"action {name!r} lists a field twice")
        for fname in file_fields:
            if fname not in known:
                _fail(f"action {name!r} has no field {str(fname)[:40]!r}")
        self.fields = [_FieldTypes(f, known[f].type) for f in file_fields]
        self.names = tuple(file_fields)
        self.n = len(file_fields) + 1
        self.defaults: dict[str, Any] = {}
        complete = True
        for fname, f in known.items():
            if fname in file_fields:
                continue
            if f.default is not dataclasses.MISSING:
                self.defaults[fname] = f.default
            else:                       # a factory or no default: let __init__ decide
                complete = False
        # positions of fields that may hold a tuple (their elements are checked each time)
        self.tuples = tuple(i + 1 for i, ft in enumerate(self.fields) if ft.elems is not None)
        self.good: set[tuple] = set()   # type signatures already found valid
        params = cls.__dataclass_params__
        self.fast = (complete and params.frozen and not hasattr(cls, "__post_init__")
                     and "__slots__" not in cls.__dict__)

    def check_slow(self, row: tuple, sig: tuple) -> None:
        for ft, v in zip(self.fields, row[1:]):
            if not ft.ok(v):
                _fail(f"action {self.name!r} has a {ft.name!r} of the wrong type")
        self.good.add(sig)

    def build(self, row: tuple) -> Command:
        if self.fast:
            cmd = _new(self.cls)
            d = cmd.__dict__
            if self.defaults:
                d.update(self.defaults)
            d.update(zip(self.names, row[1:]))
            return cmd
        try:
            kw = dict(self.defaults)
            kw.update(zip(self.names, row[1:]))
            return self.cls(**kw)
        except Exception as exc:  # a dataclass __post_init__ may refuse values
            _fail(f"action {self.name!r} is malformed ({type(exc).__name__})")


class CommandDecoder:
    """Turns saved command rows into ``Command`` objects, with strict type checks.

    ``schema`` maps command names to the field order the file uses (the
    ``commands`` map of the save body).  Refuses what ``Command.from_data``
    refuses (unknown names or fields) and any value of the wrong type.
    """

    def __init__(self, schema: Any):
        if type(schema) is not dict or len(schema) > 4096:
            _fail("the action table is not a map")
        self.schema: dict[str, tuple] = {}
        for name, names in schema.items():
            if (type(name) is not str or type(names) is not tuple or len(names) > 256
                    or not all(type(f) is str for f in names)):
                _fail("the action table is malformed")
            self.schema[name] = names
        self.specs: dict[str, _RowSpec] = {}

    def _spec(self, name: Any) -> _RowSpec:
        if type(name) is not str:
            _fail("an action has no name")
        names = self.schema.get(name)
        cls = COMMANDS.get(name)
        if names is None:
            _fail(f"the log holds action {name[:40]!r}, which the file does not describe")
        if cls is None:
            _fail(f"the log holds an action this version does not know ({name[:40]!r})")
        spec = self.specs[name] = _RowSpec(name, cls, names)
        return spec

    def __call__(self, row: Any) -> Command:
        if type(row) is not tuple or not row:
            _fail("an action is not a list")
        spec = self.specs.get(row[0]) if type(row[0]) is str else None
        if spec is None:
            spec = self._spec(row[0])
        if len(row) != spec.n:
            _fail(f"action {spec.name!r} has {len(row) - 1} values, expected {spec.n - 1}")
        sig = tuple(map(type, row))
        if sig not in spec.good:
            spec.check_slow(row, sig)
        for p in spec.tuples:
            v = row[p]
            if type(v) is tuple:
                elems = spec.fields[p - 1].elems
                if len(v) == 1:
                    if type(v[0]) not in elems:
                        spec.check_slow(row, sig)
                elif not spec.fields[p - 1].ok(v):
                    _fail(f"action {spec.name!r} has a {spec.names[p - 1]!r} of the wrong type")
        return spec.build(row)


    def many(self, rows: Any) -> list[Command]:
        """``self(row)`` for each row.

        The common case is inlined: loading checks thousands of actions within
        a few milliseconds.  (A column-wise check with map/compress was tried
        and measured slower.)
        """
        out: list[Command] = []
        append = out.append
        specs, new = self.specs, _new
        for row in rows:
            spec = (specs.get(row[0]) if type(row) is tuple and row and type(row[0]) is str
                    else None)
            if spec is None or not spec.fast or len(row) != spec.n:
                append(self(row))
                continue
            if tuple(map(type, row)) not in spec.good:
                append(self(row))
                continue
            for p in spec.tuples:
                v = row[p]
                if type(v) is tuple and (len(v) != 1 or type(v[0]) not in spec.fields[p - 1].elems):
                    if not spec.fields[p - 1].ok(v):
                        _fail(f"action {spec.name!r} has a {spec.names[p - 1]!r} of the wrong type")
            cmd = new(spec.cls)
            d = cmd.__dict__
            if spec.defaults:
                d.update(spec.defaults)
            d.update(zip(spec.names, row[1:]))
            append(cmd)
        return out

    def check_rows(self, rows: Any) -> None:
        """The checks of ``many(rows)`` without building anything (loading checks
        every action first and builds the objects only when the log is read,
        with ``build_rows``).

        The rows are grouped by command and each field is checked down its
        column (``set(map(type, column))``: no Python code per value); a
        group this quick check does not accept is checked row by row, which
        says what is wrong (or accepts it after all).
        """
        groups: dict[Any, list] = {}
        try:
            if set(map(type, rows)) - {tuple}:
                raise TypeError
            for row in rows:
                g = groups.get(row[0])
                if g is None:
                    groups[row[0]] = [row]
                else:
                    g.append(row)
        except Exception:           # not rows, an empty row, an unhashable name...
            groups = {None: list(rows)}
        for name, group in groups.items():
            try:
                ok = self._quick(name, group)
            except Exception:       # e.g. an unknown command: the full check says so
                ok = False
            if not ok:
                for row in group:
                    self(row)       # the full check (raises Invalid)

    def _quick(self, name: Any, group: list) -> bool:
        if type(name) is not str:
            return False
        spec = self.specs.get(name) or self._spec(name)
        if not spec.fast or set(map(len, group)) != {spec.n}:
            return False
        cols = tuple(zip(*group))
        for ft, col in zip(spec.fields, cols[1:]):
            types = set(map(type, col))
            if types <= ft.plain:
                continue
            elems = ft.elems
            if elems is None or tuple not in types or not (types - {tuple}) <= ft.plain:
                return False
            if len(types) > 1:
                col = [v for v in col if type(v) is tuple]
            if (not set(map(type, chain.from_iterable(col))) <= elems
                    or max(map(len, col)) > MAX_CARDS):
                return False
        return True

    def build_rows(self, rows: Any) -> list[Command]:
        """``many(rows)`` for rows that ``check_rows`` accepted (no checks)."""
        specs = self.specs
        return [specs[row[0]].build(row) for row in rows]


def command_schema() -> dict[str, list[str]]:
    """Field order of every known command, as a save's ``commands`` map records it."""
    return {name: [f.name for f in dataclasses.fields(cls)] for name, cls in COMMANDS.items()}


def check_command(data: Any) -> Command:
    """Decode ``[name, {field: value}]`` (``Command.to_data()`` form) with type checks."""
    if type(data) is not tuple or len(data) != 2 or type(data[1]) is not dict:
        _fail("an action is not a [name, fields] pair")
    name, values = data
    if type(name) is not str or name not in COMMANDS:
        _fail(f"the log holds an action this version does not know ({str(name)[:40]!r})")
    for k in values:
        if type(k) is not str:
            _fail(f"action {name!r} has a field that is not named")
    decoder = CommandDecoder({name: tuple(values)})
    return decoder((name, *values.values()))


# ----------------------------------------------------------------- events
_CARD_FIELD_TYPES = {
    "x": NUM, "y": NUM, "face_up": frozenset({bool}), "exhausted": frozenset({bool}),
    "side": frozenset({str}), "attached_to": INT_OR_NONE, "attach_kind": frozenset({str}),
    "owner": INT_OR_NONE,
}
_ZONE_FIELD_TYPES = {"x": NUM, "y": NUM, "label": frozenset({str}), "face_up": frozenset({bool})}
_SEAT_FIELD_TYPES = {"name": frozenset({str}), "threat": frozenset({int})}
_GLOBAL_FIELD_TYPES = {"round": frozenset({int}), "first_player": frozenset({int}),
                       "scenario": frozenset({str})}
_DIE_FIELD_TYPES = {"face": frozenset({int}), "x": NUM, "y": NUM, "angle": NUM}
assert set(_DIE_FIELD_TYPES) == E.DIE_FIELDS
assert set(_CARD_FIELD_TYPES) == E.CARD_FIELDS and set(_ZONE_FIELD_TYPES) == E.ZONE_FIELDS
assert set(_SEAT_FIELD_TYPES) == E.SEAT_FIELDS and set(_GLOBAL_FIELD_TYPES) == E.GLOBAL_FIELDS


class EventChecker:
    """Checks events against the zones, seats and cards a game can refer to.

    ``cards`` is the set of card ids that exist at the start; ids created by
    "add" events join it (each id may be created once).
    """

    def __init__(self, zones: set[str], nseats: int, cards: set[int],
                 dice: set[int] | None = None):
        self.zones = zones
        self.nseats = nseats
        self.cards = cards
        self.dice = set() if dice is None else dice

    def events(self, evs: Any, seq: int) -> list:
        """Check the events of action ``seq`` (0-based); returns them as the live session holds them."""
        return self.many((evs,), seq)[0]

    def check(self, evss: Any, seq0: int) -> bool:
        """The checks of ``many(evss, seq0)`` without building anything.

        Returns whether ``build_events`` has something to convert (shuffles,
        added cards or dice).  A quick loop (``_quick``) accepts only what
        ``many`` accepts; whatever it does not accept (or cannot tell) is
        checked again by ``many``, which says what is wrong.
        """
        special = self._quick_or_undo(evss)
        if special is not None:
            return special
        self.many(evss, seq0)
        return True

    def _quick_or_undo(self, evss: Any) -> bool | None:
        new_cards: list[int] = []
        new_dice: list[int] = []
        try:
            special = self._quick(evss, new_cards, new_dice)
        except Exception:           # e.g. an unhashable value: ``many`` explains it
            special = None
        if special is None:         # leave the known cards and dice as they were
            self.cards.difference_update(new_cards)
            self.dice.difference_update(new_dice)
        return special

    def _quick(self, evss: Any, new_cards: list, new_dice: list) -> bool | None:
        """``check`` in one flat loop over the events, without the bookkeeping
        that ``many`` needs to say which action is wrong; None when ``many``
        must decide.  Cards and dice it adds to the known ones are listed in
        ``new_cards`` and ``new_dice``."""
        if set(map(type, evss)) - {tuple}:
            return None
        if max(map(len, evss), default=0) > MAX_EVENTS_PER_ACTION:
            return None
        flat = list(chain.from_iterable(evss))
        if set(map(type, flat)) - {tuple}:
            return None
        zones, cards, dice, nseats = self.zones, self.cards, self.dice, self.nseats
        card_types, zone_types = _CARD_FIELD_TYPES, _ZONE_FIELD_TYPES
        special = False
        for ev in flat:
            n = len(ev)
            if n == 5:
                tag, key, field, old, new = ev
                if tag == "card":
                    types = card_types.get(field)
                    if (types is None or type(key) is not int or key not in cards
                            or type(old) not in types or type(new) not in types):
                        return None
                elif tag == "token":
                    if (type(key) is not int or key not in cards or type(field) is not str
                            or len(field) > 64 or type(old) is not int or type(new) is not int):
                        return None
                elif tag == "zone":
                    types = zone_types.get(field)
                    if (types is None or type(key) is not str or key not in zones
                            or type(old) not in types or type(new) not in types):
                        return None
                elif tag == "seat":
                    types = _SEAT_FIELD_TYPES.get(field)
                    if (types is None or type(key) is not int or not 0 <= key < nseats
                            or type(old) not in types or type(new) not in types):
                        return None
                elif tag == "die":
                    types = _DIE_FIELD_TYPES.get(field)
                    if (types is None or type(key) is not int or key not in dice
                            or type(old) not in types or type(new) not in types):
                        return None
                else:
                    return None
            elif n == 6:
                tag, cid, zf, i_f, zt, i_t = ev
                if (tag != "move" or type(cid) is not int or cid not in cards
                        or type(zf) is not str or zf not in zones or type(zt) is not str
                        or zt not in zones or type(i_f) is not int or type(i_t) is not int
                        or i_f < 0 or i_t < 0):
                    return None
            elif n == 4:
                tag, key, old, new = ev
                if tag == "global":
                    types = _GLOBAL_FIELD_TYPES.get(key)
                    if types is None or type(old) not in types or type(new) not in types:
                        return None
                elif tag == "order":
                    if (type(key) is not str or key not in zones or type(old) is not tuple
                            or type(new) is not tuple or len(old) != len(new)
                            or not all(type(c) is int for c in old)
                            or sorted(old) != sorted(new)):
                        return None
                    special = True
                else:
                    return None
            elif n == 2:
                tag, row = ev
                if tag == "add":
                    if type(row) is not tuple or len(row) != 13:
                        return None
                    row = check_card_row(row, "an added card")
                    if row[0] in cards or row[3] not in zones:
                        return None
                    cards.add(row[0])
                    new_cards.append(row[0])
                elif tag == "add_die" or tag == "remove_die":
                    if type(row) is not tuple or len(row) != 6:
                        return None
                    did = check_die_row(row, "a die")[0]
                    if tag == "add_die":
                        if did not in dice:
                            dice.add(did)
                            new_dice.append(did)
                    elif did not in dice:
                        return None
                else:
                    return None
                special = True
            else:
                return None
        return special

    def many(self, evss: Any, seq0: int) -> list[list]:
        """``events`` for consecutive actions ``seq0, seq0 + 1, ...``.

        One loop over everything (no call per event): loading checks tens of
        thousands of events within a few milliseconds.
        """
        zones, cards = self.zones, self.cards
        card_types, nseats = _CARD_FIELD_TYPES, self.nseats
        result = []
        seq = seq0 - 1
        for evs in evss:
            seq += 1
            if type(evs) is not tuple:
                _fail(f"action {seq + 1}: the events are not a list")
            if len(evs) > MAX_EVENTS_PER_ACTION:
                _fail(f"action {seq + 1}: too many events")
            out = list(evs)
            result.append(out)
            for i, ev in enumerate(evs):
                if type(ev) is not tuple or not ev:
                    _fail(f"action {seq + 1}: an event is not a list")
                tag = ev[0]
                n = len(ev)
                if tag == "card":
                    if n != 5:
                        _fail(f"action {seq + 1}: a card event has {n - 1} values")
                    types = card_types.get(ev[2]) if type(ev[2]) is str else None
                    if (types is None or type(ev[3]) not in types or type(ev[4]) not in types
                            or type(ev[1]) is not int or ev[1] not in cards):
                        self._explain(ev, seq)
                elif tag == "move":
                    if n != 6:
                        _fail(f"action {seq + 1}: a move event has {n - 1} values")
                    _, cid, zf, i_f, zt, i_t = ev
                    if (type(cid) is not int or cid not in cards or type(zf) is not str
                            or zf not in zones or type(zt) is not str or zt not in zones
                            or type(i_f) is not int or type(i_t) is not int or i_f < 0 or i_t < 0):
                        _fail(f"action {seq + 1}: a move event is malformed or names a missing card or zone")
                elif tag == "token":
                    if n != 5:
                        _fail(f"action {seq + 1}: a token event has {n - 1} values")
                    if (type(ev[1]) is not int or ev[1] not in cards or type(ev[2]) is not str
                            or len(ev[2]) > 64 or type(ev[3]) is not int or type(ev[4]) is not int):
                        _fail(f"action {seq + 1}: a token event is malformed or names a missing card")
                elif tag == "order":
                    if n != 4:
                        _fail(f"action {seq + 1}: an order event has {n - 1} values")
                    _, zid, old, new = ev
                    if (type(zid) is not str or zid not in zones or type(old) is not tuple
                            or type(new) is not tuple or len(old) != len(new)):
                        _fail(f"action {seq + 1}: an order event is malformed")
                    if not all(type(c) is int for c in old) or sorted(old) != sorted(new):
                        _fail(f"action {seq + 1}: an order event is not a reordering of the same cards")
                    out[i] = ("order", zid, list(old), list(new))
                elif tag == "zone":
                    if n != 5:
                        _fail(f"action {seq + 1}: a zone event has {n - 1} values")
                    types = _ZONE_FIELD_TYPES.get(ev[2]) if type(ev[2]) is str else None
                    if (types is None or type(ev[1]) is not str or ev[1] not in zones
                            or type(ev[3]) not in types or type(ev[4]) not in types):
                        _fail(f"action {seq + 1}: a zone event is malformed or names a missing zone")
                elif tag == "seat":
                    if n != 5:
                        _fail(f"action {seq + 1}: a seat event has {n - 1} values")
                    types = _SEAT_FIELD_TYPES.get(ev[2]) if type(ev[2]) is str else None
                    if (types is None or type(ev[1]) is not int or not 0 <= ev[1] < nseats
                            or type(ev[3]) not in types or type(ev[4]) not in types):
                        _fail(f"action {seq + 1}: a seat event is malformed or names a missing seat")
                elif tag == "global":
                    if n != 4:
                        _fail(f"action {seq + 1}: a global event has {n - 1} values")
                    types = _GLOBAL_FIELD_TYPES.get(ev[1]) if type(ev[1]) is str else None
                    if types is None or type(ev[2]) not in types or type(ev[3]) not in types:
                        _fail(f"action {seq + 1}: a global event is malformed")
                elif tag == "add":
                    if n != 2 or type(ev[1]) is not tuple or len(ev[1]) != 13:
                        _fail(f"action {seq + 1}: an add event is malformed")
                    row = check_card_row(ev[1], f"action {seq + 1}: an added card")
                    if row[0] in cards:
                        _fail(f"action {seq + 1}: an added card reuses number {row[0]}")
                    if row[3] not in zones:
                        _fail(f"action {seq + 1}: a card is added to missing zone {row[3]!r}")
                    cards.add(row[0])
                    out[i] = ("add", row)
                elif tag == "die":
                    if n != 5:
                        _fail(f"action {seq + 1}: a die event has {n - 1} values")
                    types = _DIE_FIELD_TYPES.get(ev[2]) if type(ev[2]) is str else None
                    if (types is None or type(ev[1]) is not int or ev[1] not in self.dice
                            or type(ev[3]) not in types or type(ev[4]) not in types):
                        _fail(f"action {seq + 1}: a die event is malformed or names a missing die")
                elif tag == "add_die" or tag == "remove_die":
                    if n != 2 or type(ev[1]) is not tuple or len(ev[1]) != 6:
                        _fail(f"action {seq + 1}: a {tag} event is malformed")
                    row = check_die_row(ev[1], f"action {seq + 1}: a die")
                    if tag == "add_die":
                        self.dice.add(row[0])
                    elif row[0] not in self.dice:
                        _fail(f"action {seq + 1}: die {row[0]} is removed but never existed")
                    out[i] = (tag, row)
                else:
                    _fail(f"action {seq + 1}: unknown event kind {str(tag)[:40]!r}")
        return result

    def _explain(self, ev, seq: int):
        if type(ev[1]) is not int or ev[1] not in self.cards:
            _fail(f"action {seq + 1}: an event names card {str(ev[1])[:40]}, which does not exist")
        if type(ev[2]) is not str or ev[2] not in _CARD_FIELD_TYPES:
            _fail(f"action {seq + 1}: an event changes unknown card field {str(ev[2])[:40]!r}")
        _fail(f"action {seq + 1}: an event gives card field {ev[2]!r} a value of the wrong type")


def build_events(evss: Any, special: bool = True) -> list[list]:
    """The events of actions that ``EventChecker.check`` accepted, as the live
    session holds them (what ``EventChecker.many`` returns; no checks).
    ``special``: as ``check`` returned it (False: nothing to convert)."""
    out = list(map(list, evss))
    if special:
        for evs in out:
            for i, ev in enumerate(evs):
                tag = ev[0]
                if tag == "order":
                    evs[i] = ("order", ev[1], list(ev[2]), list(ev[3]))
                elif tag == "add":
                    row = list(ev[1])
                    row[9] = dict(row[9])
                    evs[i] = ("add", row)
                elif tag == "add_die" or tag == "remove_die":
                    evs[i] = (tag, list(ev[1]))
    return out


# ----------------------------------------------------------------- replay
def _same_table(replayed: dict, current: dict) -> None:
    """The replayed table must equal the saved one exactly."""
    if replayed == current:
        return
    diff = sorted(k for k in current if replayed.get(k) != current[k])
    _fail(f"the saved table does not match what its log replays to ({', '.join(diff)})")


def replay_check(initial: dict, log: list, cursor: int, current: dict) -> None:
    """Replay every event from ``initial`` with in-step checks (slow, thorough).

    Each event must find the old value it records (so undo restores exactly),
    moves must find their card where they say and land inside the pile, and
    the table after ``cursor`` actions must equal ``current``.  The redo tail
    is replayed as well, so redo cannot fail later.  Also runs
    ``tabletop.core.events.validate_event`` and ``Command.from_data`` on everything.
    """
    st = TableState.from_data(initial)
    cards, zones, seats = st.cards, st.zones, st.seats
    if cursor == 0:
        _same_table(st.to_data(), current)
    for pos, entry in enumerate(log):
        where = f"action {pos + 1}"
        try:
            again = Command.from_data(entry.command.to_data())
        except ValueError as exc:
            _fail(f"{where}: {exc}")
        if again != entry.command:
            _fail(f"{where}: the action does not read back the same")
        for ev in entry.events:
            try:
                E.validate_event(ev)
            except ValueError as exc:
                _fail(f"{where}: {exc}")
            tag = ev[0]
            if tag == "card":
                if getattr(cards[ev[1]], ev[2]) != ev[3]:
                    _fail(f"{where}: an event is out of step with the table (card {ev[1]} {ev[2]})")
            elif tag == "token":
                if cards[ev[1]].tokens.get(ev[2], 0) != ev[3]:
                    _fail(f"{where}: a token event is out of step with the table")
            elif tag == "move":
                _, cid, zf, i_f, zt, i_t = ev
                src = zones[zf].cards
                if cards[cid].zone != zf or i_f >= len(src) or src[i_f] != cid:
                    _fail(f"{where}: card {cid} is not where a move says it is")
                if i_t > len(zones[zt].cards) - (1 if zf == zt else 0):
                    _fail(f"{where}: a move puts card {cid} beyond the end of {zt!r}")
            elif tag == "order":
                if zones[ev[1]].cards != list(ev[2]):
                    _fail(f"{where}: a shuffle is out of step with pile {ev[1]!r}")
            elif tag == "zone":
                if getattr(zones[ev[1]], ev[2]) != ev[3]:
                    _fail(f"{where}: a pile event is out of step with the table")
            elif tag == "seat":
                if getattr(seats[ev[1]], ev[2]) != ev[3]:
                    _fail(f"{where}: a seat event is out of step with the table")
            elif tag == "global":
                if getattr(st, ev[1]) != ev[2]:
                    _fail(f"{where}: a game event is out of step with the table")
            elif tag == "add":
                if ev[1][0] in cards:
                    _fail(f"{where}: an added card already exists")
            elif tag == "die":
                if getattr(st.dice[ev[1]], ev[2]) != ev[3]:
                    _fail(f"{where}: a die event is out of step with the table")
            elif tag == "add_die":
                if ev[1][0] in st.dice:
                    _fail(f"{where}: an added die already exists")
            elif tag == "remove_die":
                d = st.dice.get(ev[1][0])
                if d is None or [d.id, d.kind, d.face, d.x, d.y, d.angle] != list(ev[1]):
                    _fail(f"{where}: a removed die is not as the table has it")
            try:
                E.apply(st, ev)
            except Exception as exc:
                _fail(f"{where}: an event cannot be applied ({type(exc).__name__})")
        if pos + 1 == cursor:
            _same_table(st.to_data(), current)
    # the table must stay sane all along: check where the log ends too
    check_state(st.to_data(), "table at the end of the log")
