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
from typing import Any, Callable, Sequence

from tabletop.core import events as E
from tabletop.core import schema as S
from tabletop.core.commands import COMMANDS, Command
from tabletop.core.games import game as game_spec
from tabletop.core.games import load_all
from tabletop.core.i18n import N_, _, format_number, ngettext
from tabletop.core.model import TABLE, VISIBILITIES, TableState

from .eventcheck import EventChecker, build_events, check_die_row, in_step  # noqa: F401
from .eventcheck import n_faces  # noqa: F401  (the faces of a die kind)
from .limits import (MAX_ACTIONS, MAX_CARDS, MAX_DICE, MAX_EVENTS, MAX_EVENTS_PER_ACTION,  # noqa: F401,E501
                     MAX_OPTIONS, MAX_REGIONS, MAX_SEATS, MAX_STR, MAX_TOKENS, MAX_ZONES,
                     Invalid, fail, named)
from .gamecheck import check_table as _check_table, nonnegative_tokens, token_types  # noqa: F401
from .plain import check_plain, live

load_all()                             # every game's command names are known to the decoder

NoneType = type(None)
NUM = E.NUM                            # bool is excluded on purpose: type(True) is bool
INT_OR_NONE = E.INT_OR_NONE
SCALARS = frozenset({NoneType, bool, int, float, str})

# The fields of TableState.to_data(), in order; "dice" and "slots" may be missing.
# tests/saves/test_saves.py fails when the model gains a field this list does not know.
STATE_KEYS = ("game", "scenario", "seed", "round", "first_player", "next_id", "options",
              "seats", "regions", "zones", "cards", "dice", "slots")
OPTIONAL_STATE_KEYS = frozenset({"dice", "slots"})


# The tables a save holds, as messages name them (``what``, translated only when a check fails).
TABLE_NAME = N_("table")
INITIAL_TABLE = N_("initial table")
END_TABLE = N_("table at the end of the log")

_fail = fail          # _fail(_("message with {placeholders}"), **values): raises Invalid


# ------------------------------------------------------------------ state
def _str(v, what, key: str) -> str:
    """``v``, the text of the table's field ``key`` (``what``: the table, see ``TABLE_NAME``)."""
    if type(v) is not str:
        _fail(_("the {what}'s {key} is not text"), what=what, key=repr(key))
    return v


def _int(v, what, key: str) -> int:
    if type(v) is not int:
        _fail(_("the {what}'s {key} is not a whole number"), what=what, key=repr(key))
    return v


def _seq(v, what, key: str, limit: int) -> tuple | list:
    if type(v) is not tuple and type(v) is not list:
        _fail(_("the {what}'s {key} is not a list"), what=what, key=repr(key))
    if len(v) > limit:
        _fail(_("the {what}'s {key} has too many entries ({n})"), what=what, key=repr(key),
              n=format_number(len(v)))
    return v


def check_state(data: Any, what=TABLE_NAME) -> dict:
    """Check a ``TableState.to_data()`` snapshot; return it in exactly that form (lists).

    Checks types of every field and the consistency of the whole: every card in
    exactly one zone (the one it names), unique ids, no dangling or circular
    attachments, seats and first player in range, ``next_id`` above every id.
    """
    _check_fields(data, what)
    game = _str(data["game"], what, "game")
    scenario = _str(data["scenario"], what, "scenario")
    seed = _int(data["seed"], what, "seed")
    rnd = _int(data["round"], what, "round")
    first = _int(data["first_player"], what, "first_player")
    next_id = _int(data["next_id"], what, "next_id")
    options = data["options"]
    _check_options(options, what)

    seats = [_check_seat(row, what) for row in _seq(data["seats"], what, "seats", MAX_SEATS)]
    nseats = len(seats)
    regions = _check_regions(data["regions"], what)
    zones, zone_cards = _check_zones(data["zones"], what, nseats)
    cards, where, attached, cols = _check_cards(data["cards"], what, nseats)
    _check_placement(zone_cards, where)
    if where and max(where) >= next_id:
        _fail(_("the {what}'s next card number {n} is already taken"), what=what, n=next_id)
    _check_attachments(attached, where)
    if nseats and not 0 <= first < nseats:
        _fail(_("the first player {n} is not a seat"), n=first)
    dice = _check_dice(data.get("dice", ()), what, next_id)
    slots = _check_slots(data.get("slots", {}), game, what)
    out = {"game": game, "scenario": scenario, "seed": seed, "round": rnd,
           "first_player": first, "next_id": next_id, "options": dict(options),
           "seats": seats, "regions": regions, "zones": zones, "cards": cards,
           "dice": dice, "slots": slots}
    _check_bounds(out, what, cols)
    _check_table(out, game, what)
    return out


def _check_fields(data: Any, what: str) -> None:
    """A map with every field of a table (the optional ones may be missing) and no other."""
    if type(data) is not dict:
        _fail(_("the {what} is not a map"), what=what)
    for k in STATE_KEYS:
        if k not in data and k not in OPTIONAL_STATE_KEYS:
            _fail(_("the {what} has no {key}"), what=what, key=repr(k))
    if any(k not in STATE_KEYS for k in data):
        extra = sorted(str(k)[:40] for k in data if k not in STATE_KEYS)
        _fail(_("the {what} has unknown fields {keys}"), what=what, keys=", ".join(extra))


def _check_options(options: Any, what: str) -> None:
    """A small map of names to plain values."""
    if type(options) is not dict or len(options) > MAX_OPTIONS:
        _fail(_("the {what}'s options are not a small map"), what=what)
    for k, v in options.items():
        if type(k) is not str or type(v) not in SCALARS:
            _fail(_("the {what}'s option {key} is not a plain value"), what=what,
                  key=repr(k)[:42])


def _check_regions(rows: Any, what: str) -> list:
    """The table's regions, as lists of their seven fields."""
    regions = []
    for row in _seq(rows, what, "regions", MAX_REGIONS):
        if type(row) not in (tuple, list) or len(row) != 7:
            _fail(_("a region of the {what} is malformed"), what=what)
        rid, label, x, y, w, h, owner = row
        if (type(rid) is not str or type(label) is not str or type(x) not in NUM
                or type(y) not in NUM or type(w) not in NUM or type(h) not in NUM
                or type(owner) not in INT_OR_NONE):
            _fail(_("region {id} of the {what} has a field of the wrong type"), what=what,
                  id=repr(rid)[:42])
        regions.append([rid, label, x, y, w, h, owner])
    return regions


def _check_zones(rows: Any, what: str, nseats: int) -> tuple[list, dict[str, list[int]]]:
    """The zones (as lists of their nine fields) and zone id -> the card numbers it holds.

    Zone ids are unique, owners are seats, and the table zone is there.
    """
    zones = []
    zone_cards: dict[str, list[int]] = {}
    for row in _seq(rows, what, "zones", MAX_ZONES):
        if type(row) not in (tuple, list) or len(row) != 9:
            _fail(_("a zone of the {what} is malformed"), what=what)
        zid, kind, owner, label, x, y, face_up, cards, visibility = row
        if (type(zid) is not str or type(kind) is not str or type(owner) not in INT_OR_NONE
                or type(label) is not str or type(x) not in NUM or type(y) not in NUM
                or type(face_up) is not bool):
            _fail(_("zone {id} of the {what} has a field of the wrong type"), what=what,
                  id=repr(zid)[:42])
        if visibility not in VISIBILITIES:
            _fail(_("zone {id} of the {what} has an unknown visibility"), what=what, id=repr(zid))
        if zid in zone_cards:
            _fail(_("the {what} has two zones called {id}"), what=what, id=repr(zid))
        if owner is not None and not 0 <= owner < nseats:
            _fail(_("zone {id} belongs to seat {n}, which does not exist"), id=repr(zid), n=owner)
        if type(cards) is not tuple and type(cards) is not list:
            _fail(_("zone {id}'s cards are not a list"), id=repr(zid))
        if len(cards) > MAX_CARDS:
            _fail(_("zone {id} holds too many cards ({n})"), id=repr(zid),
                  n=format_number(len(cards)))
        cards = list(cards)
        zone_cards[zid] = cards
        zones.append([zid, kind, owner, label, x, y, face_up, cards, visibility])
    if TABLE not in zone_cards:
        _fail(_("the {what} has no {id} zone"), what=what, id=repr(TABLE))
    return zones, zone_cards


def _check_cards(rows: Any, what: str, nseats: int) -> tuple[list, dict, list, tuple | None]:
    """The cards as rows, card number -> its zone, (card, host) attachments, and the
    card columns when the quick check by column passed (else None).

    Card numbers are unique and owners are seats.
    """
    rows = _seq(rows, what, "cards", MAX_CARDS)
    quick = _cards_quick(rows, nseats)
    cols = None
    if quick is not None:
        cards, where, attached, cols = quick
        rows = ()                       # checked: the loop below is for explaining
    else:
        cards = []
        where = {}
        attached = []
    for row in rows:
        if type(row) not in (tuple, list) or len(row) != 13:
            _fail(_("a card of the {what} is malformed"), what=what)
        card = check_card_row(row, what)
        cid = card[0]
        if cid in where:
            _fail(_("the {what} has two cards numbered {n}"), what=what, n=cid)
        owner = card[2]
        if owner is not None and not 0 <= owner < nseats:
            _fail(_("card {n} belongs to seat {seat}, which does not exist"), n=cid, seat=owner)
        where[cid] = card[3]
        if card[10] is not None:
            attached.append((cid, card[10]))
        cards.append(card)
    return cards, where, attached, cols


def _check_placement(zone_cards: dict, where: dict) -> None:
    """Every card in exactly one zone: the one it names."""
    zones_ok = _zones_quick(zone_cards, where)
    placed = 0
    for zid, ids in (() if zones_ok else zone_cards.items()):
        for cid in ids:
            if type(cid) is not int:
                _fail(_("zone {id} holds something that is not a card number"), id=repr(zid))
            z = where.get(cid)
            if z is None:
                _fail(_("zone {id} holds card {n}, which does not exist"), id=repr(zid), n=cid)
            if z != zid:
                _fail(_("card {n} is in zone {id} but says it is in {other}"), n=cid,
                      id=repr(zid), other=repr(z))
        placed += len(ids)
        if len(set(ids)) != len(ids):
            _fail(_("zone {id} holds the same card twice"), id=repr(zid))
    if not zones_ok and placed != len(where):
        inside = {cid for ids in zone_cards.values() for cid in ids}
        lost = next(c for c in where if c not in inside)
        _fail(_("card {n} is in no zone"), n=lost)


def _check_dice(rows: Any, what: str, next_id: int) -> list:
    """The dice on the table as rows: unique numbers, all below ``next_id``."""
    rows = _seq(rows, what, "dice", MAX_DICE)
    dice = _dice_quick(rows, next_id)
    die_ids: set[int] = set()
    for row in (() if dice is not None else rows):       # the loop explains what is wrong
        if type(row) not in (tuple, list) or len(row) != 6:
            _fail(_("a die of the {what} is malformed"), what=what)
        die = check_die_row(row, what)
        if die[0] in die_ids:
            _fail(_("the {what} has two dice numbered {n}"), what=what, n=die[0])
        if die[0] >= next_id:
            _fail(_("the {what}'s next number {n} is already taken by a die"), what=what,
                  n=next_id)
        die_ids.add(die[0])
        dice = dice or []
        dice.append(die)
    return dice or []


def _check_attachments(attached: list, where: dict) -> None:
    """Every host exists and no card hangs from itself through a loop."""
    for cid, host in attached:
        if host not in where:
            _fail(_("card {n} is attached to card {host}, which does not exist"), n=cid, host=host)
    if not attached:
        return
    hosts = dict(attached)
    done: set[int] = set()
    for start in hosts:
        path: list[int] = []
        on_path: set[int] = set()
        cur = start
        while cur in hosts and cur not in done:
            if cur in on_path:
                _fail(_("card {n} is attached to itself through a loop"), n=start)
            on_path.add(cur)
            path.append(cur)
            cur = hosts[cur]
        done.update(path)


def _check_bounds(st: dict, what: str, cols: tuple | None = None) -> None:
    """The schema's limits (``tabletop.core.schema``) on a type-checked table:
    finite numbers within the table's bounds, text of bounded length, card
    codes and tokens the game knows, dice of known kinds showing real faces."""
    if not (S.text_ok(st["game"]) and S.text_ok(st["scenario"])):
        _fail(_("the {what}'s game or scenario name is too long"), what=what)
    if not (-S.MAX_SEED <= st["seed"] <= S.MAX_SEED and S.int_ok(st["round"])
            and S.int_ok(st["first_player"]) and 0 <= st["next_id"] <= S.MAX_NUMBER + 1):
        _fail(_("the {what}'s seed, round or numbering is out of range"), what=what)
    for k, v in st["options"].items():
        if len(k) > S.MAX_TEXT or not S.scalar_ok(v):
            _fail(_("the {what}'s option {key} is out of range"), what=what,
                  key=repr(S.printable(k, 40)))
    for name, counters in st["seats"]:
        if len(name) > S.MAX_TEXT:
            _seat_name_too_long()
        if not S.numbers_ok(counters.values()):
            _fail(_("seat {name} has a counter out of range"), name=repr(S.printable(name, 40)))
    for rows, texts, numbers, why in (
            (st["regions"], (0, 1), (2, 3, 4, 5), N_("region {id} of the {what} is out of range")),
            (st["zones"], (0, 1, 3), (4, 5), N_("zone {id} of the {what} is out of range"))):
        if rows and not _rows_bounded(rows, texts, numbers):
            bad = next(r for r in rows if not _rows_bounded([r], texts, numbers))
            _fail(_(why), what=what, id=repr(S.printable(bad[0], 40)))
    if st["cards"]:
        _check_card_bounds(st["game"], cols or tuple(zip(*st["cards"])), what)
    # dice: kinds, faces and positions are checked with each row (check_die_row)


def _rows_bounded(rows: list, texts: tuple, numbers: tuple) -> bool:
    """Are the given text columns short and number columns inside the table
    (checked down the columns of ``rows``)?"""
    cols = tuple(zip(*rows))
    return (max(max(map(len, cols[i])) for i in texts) <= S.MAX_TEXT
            and S.numbers_ok(list(chain.from_iterable(cols[i] for i in numbers))))


def _check_card_bounds(game: str, cols: tuple, what: str) -> None:
    """Card numbers, positions, codes and tokens, checked down the columns of the card rows."""
    if max(cols[0]) > S.MAX_NUMBER:
        _fail(_("the {what} numbers a card beyond {n}"), what=what,
              n=format_number(S.MAX_NUMBER))
    if not (S.numbers_ok(cols[4]) and S.numbers_ok(cols[5])):
        bad = next(cid for cid, x, y in zip(cols[0], cols[4], cols[5])
                   if not (S.number_ok(x) and S.number_ok(y)))
        _fail(_("card {n} of the {what} lies off the table "
                "(its position is not finite or beyond ±{limit})"), n=bad, what=what,
              limit=format_number(S.MAX_NUMBER))
    codes = S.known_codes(game)
    if codes is not None and not codes.issuperset(cols[1]):
        code = min(set(cols[1]) - codes)
        _fail(_("the {what} holds a card code this game does not know ({code})"), what=what,
              code=S.printable(code, 20))
    tokens = [t for t in cols[9] if t]
    if tokens:
        names = set(chain.from_iterable(tokens))
        known = token_types(game)
        if max(map(len, names)) > S.MAX_NAME or (known and not names <= known):
            _fail(_("the {what} holds a token this game does not know"), what=what)
        if not S.numbers_ok(list(chain.from_iterable(map(dict.values, tokens)))):
            _fail(_("the {what} holds a token count out of range"), what=what)
        counted = nonnegative_tokens(game)
        if counted and any(v < 0 for t in tokens for k, v in t.items() if k in counted):
            _fail(_("the {what} holds a negative count of a token that cannot be negative "
                    "(resources, progress, damage...)"), what=what)


def _check_seat(row: Any, what: str) -> list:
    """``[name, {counter: int}]``."""
    if type(row) not in (tuple, list) or len(row) != 2:
        _fail(_("a seat of the {what} is malformed"), what=what)
    name, counters = row
    if type(name) is not str:
        _fail(_("a seat name is not text"))
    if len(name) > S.MAX_TEXT:
        _seat_name_too_long()
    if type(counters) is not dict or len(counters) > MAX_TOKENS:
        _fail(_("the counters of seat {name} are not a small map"), name=repr(name[:40]))
    for k, v in counters.items():
        if type(k) is not str or len(k) > E.MAX_NAME or type(v) is not int:
            _fail(_("seat {name} has a malformed counter"), name=repr(name[:40]))
    return [name, dict(counters)]


def _seat_name_too_long():
    _fail(_("a seat name is longer than {n} characters"), n=S.MAX_TEXT)


def _check_slots(slots: Any, game: str, what: str) -> dict:
    """Each game's slot: bounded plain data, then the game's own check."""
    if type(slots) is not dict or len(slots) > 64:
        _fail(_("the {what}'s game data is not a small map"), what=what)
    check_plain(slots, lambda: _("the {what}'s game data").format(what=named(what)), Invalid)
    out = live(slots)
    try:
        spec = game_spec(game)
    except KeyError:
        _fail(_("the {what} is a game this version does not know ({game})"), what=what,
              game=repr(game[:40]))
    if spec.check_slot is not None:
        for name, value in out.items():
            try:
                spec.check_slot(name, value)
            except (ValueError, TypeError, KeyError) as exc:
                _fail(_("the {what}'s {name} data is wrong: {why}"), what=what, name=name[:40],
                      why=exc)
    return out


_CARD_COLUMNS = (frozenset({int}), frozenset({str}), INT_OR_NONE, frozenset({str}), NUM, NUM,
                 frozenset({bool}), frozenset({bool}), frozenset({str}), frozenset({dict}),
                 INT_OR_NONE, frozenset({str}), frozenset({str}))
_CARD_TEXT_LIMITS = ((1, 64), (8, 8), (11, 32), (12, 32))   # code, side, attach_kind, origin


def _cards_quick(rows: Any, nseats: int) -> tuple[list, dict, list, tuple | None] | None:
    """The card rows of ``check_state`` checked down their columns (the same
    checks as ``check_card_row`` and the loop over the cards); returns
    ``(cards, where, attached, columns)`` as that loop builds them, or None
    when the loop must decide (and say what is wrong)."""
    if not rows:
        return [], {}, [], None
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
    seated = set(owners)
    seated.discard(None)
    if seated and (min(seated) < 0 or max(seated) >= nseats):
        return None
    marked = [t for t in tokens if t]
    if marked and (max(map(len, marked)) > MAX_TOKENS
                   or set(map(type, chain.from_iterable(marked))) != {str}
                   or set(map(type, chain.from_iterable(map(dict.values, marked)))) != {int}):
        return None
    cards = list(map(list, rows))     # token maps are the file's own (fresh) dicts
    return (cards, dict(zip(ids, zones)), [(c, h) for c, h in zip(ids, hosts) if h is not None],
            cols)


def _dice_quick(rows: Any, next_id: int) -> list | None:
    """The dice rows of ``check_state`` checked down their columns (the checks of
    ``check_die_row`` and the loop over the dice), or None when the loop must
    decide (and say what is wrong)."""
    if not rows:
        return []
    if set(map(type, rows)) - {tuple, list} or set(map(len, rows)) != {6}:
        return None
    ids, kinds, faces, xs, ys, angles = zip(*rows)
    faces_of = S.die_faces()
    if (set(map(type, ids)) != {int} or set(map(type, faces)) != {int}
            or not faces_of.keys() >= set(kinds) or len(set(ids)) != len(ids)
            or min(ids) < 0 or max(ids) >= next_id or min(faces) < 0
            or not all(map(operator.lt, faces, map(faces_of.__getitem__, kinds)))
            or not set(map(type, xs + ys + angles)) <= NUM
            or not S.numbers_ok(xs + ys + angles)):
        return None
    return list(map(list, rows))


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


def check_card_row(row, what=TABLE_NAME) -> list:
    """One card of the table ``what`` as in ``TableState.to_data()['cards']``."""
    (cid, code, owner, zone, x, y, face_up, exhausted, side, tokens,
     attached_to, attach_kind, origin) = row
    if (type(cid) is not int or type(code) is not str or type(owner) not in INT_OR_NONE
            or type(zone) is not str or type(x) not in NUM or type(y) not in NUM
            or type(face_up) is not bool or type(exhausted) is not bool
            or type(side) is not str or type(tokens) is not dict
            or type(attached_to) not in INT_OR_NONE or type(attach_kind) is not str
            or type(origin) is not str):
        _fail(_("card {id} of the {what} has a field of the wrong type"), what=what,
              id=repr(cid)[:42])
    if cid < 0:
        _fail(_("a card of the {what} has a negative number"), what=what)
    if len(code) > 64 or len(side) > 8 or len(origin) > 32 or len(attach_kind) > 32:
        _fail(_("card {n} of the {what} has an over-long field"), what=what, n=cid)
    if tokens:
        if len(tokens) > MAX_TOKENS:
            _fail(_("card {n} has too many kinds of token"), n=cid)
        for k, v in tokens.items():
            if type(k) is not str or type(v) is not int:
                _fail(_("card {n} has a malformed token count"), n=cid)
        tokens = dict(tokens)
    else:
        tokens = {}
    if attached_to == cid:
        _fail(_("card {n} is attached to itself"), n=cid)
    return [cid, code, owner, zone, x, y, face_up, exhausted, side, tokens,
            attached_to, attach_kind, origin]


# --------------------------------------------------------------- commands
class _FieldTypes:
    """Allowed types of one command field, from its annotation (``schema.annotation_types``)."""

    __slots__ = ("name", "plain", "elems")

    def __init__(self, name: str, annotation: Any):
        self.name = name
        self.plain, elems = S.annotation_types(annotation)
        self.elems = elems or None          # element types when it may be a tuple

    def ok(self, v) -> bool:
        return S.field_value_problem(v, self.plain, self.elems, self.name) is None


_new = object.__new__


class _RowSpec:
    """Decodes ``[name, v1, v2, ...]`` rows of one command, given the file's field order."""

    __slots__ = ("cls", "name", "n", "fields", "names", "defaults", "tuples", "good", "fast")

    def __init__(self, name: str, cls, file_fields: tuple):
        self.cls, self.name = cls, name
        known = {f.name: f for f in dataclasses.fields(cls)}
        if len(set(file_fields)) != len(file_fields):
            _fail(_("action {name} lists a field twice"), name=repr(name))
        for fname in file_fields:
            if fname not in known:
                _fail(_("action {name} has no field {field}"), name=repr(name),
                      field=repr(str(fname)[:40]))
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

    def check_slow(self, row: tuple) -> None:
        for ft, v in zip(self.fields, row[1:]):
            why = S.field_value_problem(v, ft.plain, ft.elems, ft.name)
            if why is not None:
                _fail(_("action {name}: {why}"), name=repr(self.name), why=why)

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
            _fail(_("action {name} is malformed ({why})"), name=repr(self.name),
                  why=type(exc).__name__)


class CommandDecoder:
    """Turns saved command rows into ``Command`` objects, with strict type checks.

    ``schema`` maps command names to the field order the file uses (the
    ``commands`` map of the save body).  Refuses what ``Command.from_data``
    refuses (unknown names or fields) and any value of the wrong type.
    """

    def __init__(self, schema: Any):
        if type(schema) is not dict or len(schema) > 4096:
            _fail(_("the action table is not a map"))
        self.schema: dict[str, tuple] = {}
        for name, names in schema.items():
            if (type(name) is not str or type(names) is not tuple or len(names) > 256
                    or not all(type(f) is str for f in names)):
                _fail(_("the action table is malformed"))
            self.schema[name] = names
        self.specs: dict[str, _RowSpec] = {}

    def _spec(self, name: Any) -> _RowSpec:
        if type(name) is not str:
            _fail(_("an action has no name"))
        names = self.schema.get(name)
        cls = COMMANDS.get(name)
        if names is None:
            _fail(_("the log holds action {name}, which the file does not describe"),
                  name=repr(name[:40]))
        if cls is None:
            _unknown_action(name)
        spec = self.specs[name] = _RowSpec(name, cls, names)
        return spec

    def __call__(self, row: Any) -> Command:
        if type(row) is not tuple or not row:
            _fail(_("an action is not a list"))
        spec = self.specs.get(row[0]) if type(row[0]) is str else None
        if spec is None:
            spec = self._spec(row[0])
        if len(row) != spec.n:
            _fail(ngettext("action {name} has {n} value, expected {expected}",
                           "action {name} has {n} values, expected {expected}", len(row) - 1),
                  name=repr(spec.name), n=len(row) - 1, expected=spec.n - 1)
        spec.check_slow(row)
        return spec.build(row)

    def many(self, rows: Any) -> list[Command]:
        """``self(row)`` for each row (loading uses ``check_rows``, then ``build_rows``)."""
        return [self(row) for row in rows]

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
        measured: list = []         # positions and distances of every group, bounded at once
        for name, group in groups.items():
            try:
                ok = self._quick(name, group, measured)
            except Exception:       # e.g. an unknown command: the full check says so
                ok = False
            if not ok:
                for row in group:
                    self(row)       # the full check (raises Invalid)
        if not S.numbers_ok(measured):
            for row in rows:
                self(row)           # says which action holds the number out of range

    def _quick(self, name: Any, group: list, measured: list) -> bool:
        """The group's columns checked at once.  Whole numbers need no bound
        here (a file holds only 64-bit ones, as the schema allows); the values
        of fields that may hold a fraction go to ``measured``, which the caller
        bounds all together."""
        if type(name) is not str:
            return False
        spec = self.specs.get(name) or self._spec(name)
        if not spec.fast or set(map(len, group)) != {spec.n}:
            return False
        cols = tuple(zip(*group))
        col: Sequence[Any]
        for ft, col in zip(spec.fields, cols[1:]):
            types = set(map(type, col))
            if types <= ft.plain:
                if float in ft.plain and types & _NUMBERS:
                    measured += col if types <= _NUMBERS else [v for v in col
                                                               if type(v) in _NUMBERS]
                if str in types and not _bounded(types, col):
                    return False
                continue
            elems = ft.elems
            if elems is None or tuple not in types or not (types - {tuple}) <= ft.plain:
                return False
            if len(types) > 1:
                if not _bounded(types - {tuple}, [v for v in col if type(v) is not tuple]):
                    return False
                col = [v for v in col if type(v) is tuple]
            if max(map(len, col)) > MAX_CARDS:
                return False
            flat = list(chain.from_iterable(col))
            etypes = set(map(type, flat))
            if not etypes <= elems:
                return False
            if float in elems:
                measured += flat
            elif str in etypes and not _bounded(etypes, flat):
                return False
        return True

    def build_rows(self, rows: Any) -> list[Command]:
        """``many(rows)`` for rows that ``check_rows`` accepted (no checks)."""
        specs = self.specs
        return [specs[row[0]].build(row) for row in rows]


_NUMBERS = frozenset({int, float})


def _bounded(types: set, col) -> bool:
    """Are the texts (and the numbers, of a field that may hold fractions) of a
    column within the schema's limits?"""
    if float in types and not S.numbers_ok(col):
        return False
    if str in types:
        texts = col if len(types) == 1 else [v for v in col if type(v) is str]
        if max(map(len, texts)) > S.MAX_TEXT:
            return False
    return True


def _unknown_action(name: str):
    _fail(_("the log holds an action this version does not know ({name})"),
          name=repr(name[:40]))


def command_schema() -> dict[str, list[str]]:
    """Field order of every known command, as a save's ``commands`` map records it."""
    return {name: [f.name for f in dataclasses.fields(cls)] for name, cls in COMMANDS.items()}


def check_command(data: Any) -> Command:
    """Decode ``[name, {field: value}]`` (``Command.to_data()`` form) with type checks."""
    if type(data) is not tuple or len(data) != 2 or type(data[1]) is not dict:
        _fail(_("an action is not a [name, fields] pair"))
    name, values = data
    if type(name) is not str or name not in COMMANDS:
        _unknown_action(str(name))
    for k in values:
        if type(k) is not str:
            _fail(_("action {name} has a field that is not named"), name=repr(name))
    decoder = CommandDecoder({name: tuple(values)})
    return decoder((name, *values.values()))


# ----------------------------------------------------------------- replay
def _same_table(replayed: dict, current: dict) -> None:
    """The replayed table must equal the saved one exactly."""
    if replayed == current:
        return
    diff = sorted(k for k in current if replayed.get(k) != current[k])
    _fail(_("the saved table does not match what its log replays to ({fields})"),
          fields=", ".join(diff))


def replay_check(initial: dict, log: Sequence[Any], cursor: int, current: dict) -> None:
    """Replay every event from ``initial`` with in-step checks (slow, thorough).

    Each event must find the table as it says it was before (its kind's
    ``in_step``), so undo restores exactly, and the table after ``cursor``
    actions must equal ``current``.  The redo tail is replayed as well, so
    redo cannot fail later.  Also runs ``tabletop.core.events.validate_event``
    and ``Command.from_data`` on everything.
    """
    st = TableState.from_data(initial)
    if cursor == 0:
        _same_table(st.to_data(), current)
    for pos, entry in enumerate(log, 1):
        try:
            again = Command.from_data(entry.command.to_data())
        except ValueError as exc:
            _fail(_("action {n}: {why}"), n=pos, why=exc)
        if again != entry.command:
            _fail(_("action {n}: the action does not read back the same"), n=pos)
        for ev in entry.events:
            try:
                E.validate_event(ev)
            except ValueError as exc:
                _fail(_("action {n}: {why}"), n=pos, why=exc)
            in_step(st, ev, pos)
            try:
                E.apply(st, ev)
            except Exception as exc:
                _fail(_("action {n}: an event cannot be applied ({why})"), n=pos,
                      why=type(exc).__name__)
        if pos == cursor:
            _same_table(st.to_data(), current)
    # the table must stay sane all along: check where the log ends too
    check_state(st.to_data(), END_TABLE)
