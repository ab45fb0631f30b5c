"""Checks of untrusted events, derived from the event registry.

Every event kind is declared once in ``tabletop.core.events.KINDS`` with the
``Col``umns of its values.  From those declarations this module derives

- a quick check of a whole log block: one loop over its events, compiled
  from the declarations when this module is imported (``quick_source()``
  shows it), with each kind's checks written out inline so that a load of
  tens of thousands of events stays within a few milliseconds; it only says
  yes or "look closer", and
- an explaining check that walks the events one by one and says which action
  holds what is wrong (used when the quick check does not accept a block),

and the conversion of checked events into the form the live session holds.
Nothing here knows a particular event kind.  Pure Python: no pygame.
"""
from __future__ import annotations

from itertools import chain
from typing import Any

from tabletop.core import events as E
from tabletop.core import schema as S
from tabletop.core.i18n import N_, _, ngettext

from .limits import MAX_CARDS, MAX_EVENTS_PER_ACTION, MAX_STR, Invalid, fail
from .plain import check_plain

KINDS = E.KINDS
_INT = {int}

_fail = fail          # _fail(_("message with {placeholders}"), **values): raises Invalid


def check_die_row(row, what=N_("table")) -> list:
    """One die of the table ``what`` (a name as ``limits.named`` takes it) as in
    ``TableState.to_data()['dice']``."""
    if type(row) not in (tuple, list) or len(row) != 6:
        _fail(_("a die of the {what} is malformed"), what=what)
    did, kind, face, x, y, angle = row
    if (type(did) is not int or type(kind) is not str or type(face) is not int
            or type(x) not in E.NUM or type(y) not in E.NUM or type(angle) not in E.NUM):
        _fail(_("die {id} of the {what} has a field of the wrong type"), what=what,
              id=str(did)[:20])
    why = S.die_row_problem(row)
    if why is not None:
        _fail(_("a die of the {what}: {why}"), what=what, why=why)
    return [did, kind, face, x, y, angle]


class EventChecker:
    """Checks events against the zones, seats, cards and dice a game has.

    ``cards`` is the set of card ids that exist; ``dice`` the die ids, which
    grow as events bring dice to the table (each in the order of the log);
    ``names``, when given, the names a ``name`` column may hold (the game's
    tokens: the window can draw no other).
    """

    def __init__(self, zones: set[str], nseats: int, cards: set[int],
                 dice: set[int] | None = None, names: frozenset[str] | None = None,
                 faces: dict[int, int] | None = None):
        self.zones = zones
        self.nseats = nseats
        self.cards = cards
        self.dice = set() if dice is None else dice
        self.names = names or None    # the token names the game knows (None: any)
        # die -> how many faces it has (its kind's), so a face shown is one it has
        self.faces = {} if faces is None else faces

    # ---------------------------------------------------------- one value
    def _value_ok(self, col: E.Col, v: Any, row: tuple) -> bool:
        """The schema's check of the value (``schema.column_ok``), then that the
        ids it names exist in this game."""
        if col.kind == "ids":
            return bool(type(v) is tuple and S.column_ok(col, v, row) and self.cards.issuperset(v))
        if col.kind == "name" and self.names is not None and v not in self.names:
            return False
        ok = S.column_ok(col, v, row)
        if ok is not None:
            return ok
        k = col.kind
        if k == "card":
            return v in self.cards
        if k == "zone":
            return v in self.zones
        if k == "seat":
            return v < self.nseats
        return v in self.dice

    # ------------------------------------------------------- quick path
    def check(self, evss: Any, seq0: int) -> bool:
        """Check the events of actions ``seq0, seq0 + 1, ...`` (a log block).

        Returns whether ``build_events`` has something to convert.  What the
        quick check does not accept is checked again event by event, which
        says what is wrong (raising ``Invalid``) or accepts it after all.
        """
        try:
            special = self._quick(evss)
        except Exception:           # unhashable or incomparable values: explain
            special = None
        if special is not None:
            return special
        self.many(evss, seq0)
        return True

    def _quick(self, evss: Any) -> bool | None:
        if set(map(type, evss)) - {tuple}:
            return None
        if max(map(len, evss), default=0) > MAX_EVENTS_PER_ACTION:
            return None
        flat = list(chain.from_iterable(evss))
        if set(map(type, flat)) - {tuple}:
            return None
        new_dice: list[int] = []
        special = None
        try:
            special = _QUICK(flat, self.cards, self.zones, self.dice, self.nseats, new_dice, self)
        finally:
            if special is None:      # leave the known dice as they were
                self.dice.difference_update(new_dice)
        return special

    # ----------------------------------------------------- one by one
    def events(self, evs: Any, seq: int) -> list:
        """Check the events of action ``seq`` (0-based); returns them as the live session holds them."""
        return self.many((evs,), seq)[0]

    def many(self, evss: Any, seq0: int) -> list[list]:
        """Check consecutive actions event by event; returns their live form."""
        result = []
        for n, evs in enumerate(evss, seq0 + 1):
            if type(evs) is not tuple:
                _fail(_("action {n}: the events are not a list"), n=n)
            if len(evs) > MAX_EVENTS_PER_ACTION:
                _fail(_("action {n}: too many events"), n=n)
            out = []
            for ev in evs:
                out.append(self.one(ev, n))
            result.append(out)
        return result

    def one(self, ev: Any, n: int) -> tuple:
        """Check one event of action ``n`` (1-based); returns its live form (raises
        ``Invalid`` saying why)."""
        if type(ev) is not tuple or not ev:
            _fail(_("action {n}: an event is not a list"), n=n)
        tag = ev[0]
        kind = KINDS.get(tag) if type(tag) is str else None
        if kind is None:
            _fail(_("action {n}: unknown event kind {kind}"), n=n, kind=repr(str(tag)[:40]))
        if len(ev) != kind.arity + 1:
            _fail(ngettext("action {n}: a {kind} event has {k} value, expected {expected}",
                           "action {n}: a {kind} event has {k} values, expected {expected}",
                           len(ev) - 1), n=n, kind=tag, k=len(ev) - 1, expected=kind.arity)
        for i, (col, v) in enumerate(zip(kind.columns, ev[1:])):
            if not self._value_ok(col, v, ev):
                _fail(_("action {n}: {why}"), n=n, why=self._why(kind, i, col, v))
        if kind.related is not None and not kind.related(ev):
            _fail(_("action {n}: a {kind} event does not hold together ({why})"), n=n, kind=tag,
                  why=_(kind.related_why) if kind.related_why else "?")
        if kind.creates == "die":
            did = ev[1][0]
            if tag == "add_die":
                k = n_faces(ev[1][1])
                if self.faces.setdefault(did, k) != k:
                    _fail(_("action {n}: die {die} comes back as another kind of die"), n=n,
                          die=did)
                self.dice.add(did)
            elif did not in self.dice:
                _fail(_("action {n}: die {die} is removed but never existed"), n=n, die=did)
        if tag in _DIE_SETTERS and ev[2] == DIE_FACE:
            k = self.faces.get(ev[1], 0)
            if not (0 <= ev[3] < k and 0 <= ev[4] < k):
                _fail(_("action {n}: die {die} shows a face its kind does not have"), n=n,
                      die=ev[1])
        if tag in SEAT_FIELDS and ev[-3] == SEAT_FIELDS[tag]:
            if not all(v is None or 0 <= v < self.nseats for v in ev[-2:]):
                _fail(_("action {n}: a {kind} event names a seat the game does not have"), n=n,
                      kind=tag)
        return kind.decode(ev) if kind.decode is not None else ev

    def _why(self, kind: E.EventKind, i: int, col: E.Col, v: Any) -> str:
        shown = str(v)[:40]
        if col.kind in _MISSING:
            return _(_MISSING[col.kind]).format(kind=kind.tag, value=shown)
        if col.kind == "field":
            return _("a {kind} event changes unknown field {field}").format(kind=kind.tag,
                                                                           field=repr(shown))
        if col.kind == "value":
            return _("a {kind} event gives a field a value of the wrong type").format(
                kind=kind.tag)
        return _("a {kind} event has a malformed value ({column} {i})").format(
            kind=kind.tag, column=col.kind, i=i + 1)


# what an event names that is not there, by the kind of its column
_MISSING = {"card": N_("a {kind} event names a missing card ({value}), which does not exist"),
            "zone": N_("a {kind} event names a missing zone ({value}), which does not exist"),
            "seat": N_("a {kind} event names a missing seat ({value}), which does not exist"),
            "die": N_("a {kind} event names a missing die ({value}), which does not exist")}


def build_events(evss: Any, special: bool = True) -> list[list]:
    """The events of actions that ``EventChecker.check`` accepted, as the live
    session holds them (no checks).  ``special``: as ``check`` returned it
    (False: nothing to convert)."""
    out = list(map(list, evss))
    if special:
        for evs in out:
            for i, ev in enumerate(evs):
                decode = KINDS[ev[0]].decode
                if decode is not None:
                    evs[i] = decode(ev)
    return out


def in_step(state, ev: tuple, n: int) -> None:
    """Raise ``Invalid`` unless the table holds what ``ev`` (of action ``n``) says it held before."""
    try:
        ok = KINDS[ev[0]].in_step(state, ev)
    except (KeyError, IndexError, TypeError, AttributeError):
        ok = False
    if not ok:
        _fail(_("action {n}: a {kind} event is out of step with the table"), n=n, kind=ev[0])


__all__ = ["EventChecker", "Invalid", "build_events", "check_die_row", "in_step", "MAX_STR"]


# ----------------------------------------------------- the compiled loop
_INLINE = {
    "card": "type({v}) is int and {v} in cards",
    "zone": "{v} in zones",                  # only text is in zones
    "seat": "type({v}) is int and 0 <= {v} < nseats",
    "die": "type({v}) is int and {v} in dice",
    "index": "type({v}) is int and 0 <= {v} <= MAXN",
    "name": "({v} in names if names is not None else type({v}) is str and len({v}) <= MAX_NAME)",
    "int": "type({v}) is int and -MAXN <= {v} <= MAXN",
}


def quick_source() -> str:
    """The source of the quick loop, written out from ``KINDS``.

    For each event kind, one branch unpacks the event (a wrong length raises,
    which ``check`` takes as "look closer") and tests every value in one
    condition: ids against the known cards, zones and dice, field names
    against their tables and values against the field's types.  Kinds that
    bring dice to the table add them to the known dice as the loop goes (so
    the order of the log is respected).  Unusual values (lists of ids, slot
    paths, plain data, die rows) go through ``checker._value_ok``.  Any doubt
    returns None.  The most frequent kinds are tested first.
    """
    lines = ["def quick(flat, cards, zones, dice, nseats, new_dice, checker):",
             "    special = False",
             "    names = checker.names",
             "    faces = checker.faces",
             "    for ev in flat:",
             "        tag = ev[0]"]
    order = sorted(KINDS.values(), key=lambda k: _FREQUENT.index(k.tag)
                   if k.tag in _FREQUENT else len(_FREQUENT))
    for n, kind in enumerate(order):
        tag = kind.tag
        lines.append(f"        {'if' if n == 0 else 'elif'} tag == {tag!r}:")
        names = [f"v{i}" for i in range(kind.arity)]
        body = ["_, " + ", ".join(names) + ("," if len(names) == 1 else "") + " = ev"]
        tests = []
        values: dict[int, list[str]] = {}
        for i, col in enumerate(kind.columns):
            v = names[i]
            if col.kind in _INLINE:
                tests.append(_INLINE[col.kind].format(v=v))
            elif col.kind == "field":
                t = f"T_{tag}_{i}"
                body.append(f"ft{i} = {t}.get({v})")      # unhashable: raises, look closer
                assert col.table is not None       # a "field" column names its table
                if None in col.table:
                    body += [f"if ft{i} is None and type({v}) is str and 0 < len({v}) <= MAX_NAME:",
                             f"    ft{i} = {t}[None]"]
                # None (an unknown field) makes the type test raise: look closer
            elif col.kind == "value":
                tests.append(f"type({v}) in ft{col.of}")
                values.setdefault(col.of, []).append(v)
            else:
                tests.append(f"checker._value_ok(C_{tag}_{i}, {v}, ev)")
        for of, vs in values.items():       # the schema's bounds on numbers and text
            nums = " >= ".join([f"-MAXN <= {vs[0]} <= MAXN"] + [f"{v} >= -MAXN" for v in vs[1:]])
            texts = " >= ".join([f"len({vs[0]}) <= MAXT"] + [f"len({v})" for v in vs[1:]])
            f = f"ft{of}"
            idnums = " and ".join(f"({v} is None or -MAXN <= {v} <= MAXN)" for v in vs)
            seat = _seat_field(kind)
            if seat is not None and seat[1] is E.INT_OR_NONE:   # checked in its own branch
                fld = _setter_names(kind)[0]
                idnums += f" and ({fld} != {seat[0]!r} or " + " and ".join(
                    f"({v} is None or 0 <= {v} < nseats)" for v in vs) + ")"
            tests.append(f"({nums} if {f} is NUM else {f} is BOOL or ({texts} if {f} is STR "
                         f"else ({idnums} if {f} is INT_OR_NONE else {nums})))")
        if kind.related is not None:
            tests.append(f"R_{tag}(ev)")
        body += [f"if not ({' and '.join(tests)}):", "    return None"]
        if kind.creates == "die":
            if tag == "add_die":
                body += ["n = NF(v0[1])", "if faces.setdefault(v0[0], n) != n:", "    return None",
                         "if v0[0] not in dice:", "    dice.add(v0[0])", "    new_dice.append(v0[0])"]
            else:
                body += ["if v0[0] not in dice:", "    return None"]
        if tag in _DIE_SETTERS:            # a face shown must be one the die has
            body += ["if v1 == DIE_FACE and not (0 <= v2 < faces[v0] > v3 >= 0):",
                     "    return None"]
        seat = _seat_field(kind)
        if seat is not None and seat[1] is not E.INT_OR_NONE:   # a seat named must exist
            f, a, b = _setter_names(kind)
            body += [f"if {f} == {SEAT_FIELDS[tag]!r} and not (({a} is None or 0 <= {a} < nseats)"
                     f" and ({b} is None or 0 <= {b} < nseats)):", "    return None"]
        if kind.decode is not None:
            body.append("special = True")
        lines += ["            " + b for b in body]
    lines += ["        else:", "            return None", "    return special"]
    return "\n".join(lines) + "\n"


_FREQUENT = ("card", "move", "token", "slot")

DIE_FACE = "face"        # the die field that names one of the die's faces
SEAT_FIELDS = {"card": "owner", "global": "first_player"}   # fields that name a seat


def _seat_field(kind) -> tuple[str, frozenset] | None:
    """(field, its types) of a kind's field that names a seat, if it has one."""
    name = SEAT_FIELDS.get(kind.tag)
    if name is None:
        return None
    return name, kind.columns[-3].table[name]


def _setter_names(kind) -> tuple[str, str, str]:
    """The variables of the quick loop holding a setter's field, old and new value."""
    n = kind.arity
    return f"v{n - 3}", f"v{n - 2}", f"v{n - 1}"
# kinds that set a field of a die: (die, field, old, new)
_DIE_SETTERS = frozenset(tag for tag, k in KINDS.items()
                         if len(k.columns) == 4 and k.columns[0].kind == "die"
                         and k.columns[1].kind == "field")


def n_faces(kind: str) -> int:
    """How many faces a die of this (checked, known) kind has."""
    from tabletop.core.dice import die_types
    return die_types()[kind].n_faces


def _compile():
    env: dict[str, Any] = {"MAX_NAME": E.MAX_NAME, "MAXN": S.MAX_NUMBER, "MAXT": S.MAX_TEXT,
                           "BOOL": E.BOOL, "INT_OR_NONE": E.INT_OR_NONE, "STR": E.STR,
                           "NUM": E.NUM, "NF": n_faces, "DIE_FACE": DIE_FACE}
    for tag, kind in KINDS.items():
        for i, col in enumerate(kind.columns):
            env[f"T_{tag}_{i}"] = col.table
            env[f"C_{tag}_{i}"] = col
        env[f"R_{tag}"] = kind.related
    exec(compile(quick_source(), "<saves.eventcheck quick loop>", "exec"), env)
    return env["quick"]


_QUICK = _compile()
