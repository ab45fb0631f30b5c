"""The save file format: a whole game (table, log, undo/redo position) in msgpack.

    dumps(session) -> bytes          # a complete save
    loads(data) -> Session           # raises SaveError with a one-line reason
    summary(data) -> dict            # game, scenario, seats, round, actions... (cheap)
    json_size(session) -> int        # the same plain data as JSON (size baseline)

The layout is described field by field in docs/SAVE_FORMAT.md.  In short, a
file is one msgpack array ``[magic, version, header, body, crc32]`` where the
header and body are msgpack documents stored as ``bin`` and the crc covers
both.  The body holds the initial and current tables and the log in blocks of
``BLOCK`` actions, each compressed on its own with zlib.

Saving is cheap when repeated (autosave after every action): the packed,
compressed form of every full block of the log is cached per session and
reused while the log entries are the same objects, so a save only packs the
table and the last, partial block.  Log entries are treated as immutable once
logged (``Session`` never changes them).  A loaded session's blocks are
reused as they were read, built or not (see ``saves.lazylog``).

Loading never trusts the file: bounded msgpack limits, no pickle or eval, a
checksum, strict type and consistency checks of everything, and (with
``verify=True``) a replay of the whole log.  All of it happens before
``loads`` returns; only the building of the log's ``LogEntry`` objects is
left for when the log is first read.  Pure Python: no pygame, no pymunk.
"""
from __future__ import annotations

import dataclasses
import functools
import gc
import json
import operator
import threading
import time
import weakref
import zlib
from contextlib import contextmanager
from typing import Any, Callable

import msgpack

from tabletop.core.commands import COMMANDS
from tabletop.core.games import ruleset_for
from tabletop.core.i18n import N_, _, format_number, ngettext
from tabletop.core.model import TableState
from tabletop.core.session import LogEntry, Session

from . import migrations
from . import validate as V
from .lazylog import Block, LazyLog, resolve
from .validate import Invalid
from .envelope import (BLOCK, COMPRESSIONS, MAGIC, MAX_BLOCKS, MAX_FILE, MAX_HEADER,  # noqa: F401
                       MAX_UNPACKED,
                       VERSION, SaveError, _Budget, _check_crc, app_version, check_header,
                       damaged, one_line, read_envelope, read_header, unpack_part)
from .limits import fail, named

# ================================================================== saving
class _Cache:
    """What a session's previous saves already packed (see module docstring)."""

    __slots__ = ("created", "initial", "initial_key", "initial_bin", "blocks")

    def __init__(self, created: float):
        self.created = created
        self.initial: Any = None            # the session.initial object last packed
        self.initial_key = ""               # ... with this compression
        self.initial_bin = b""
        self.blocks: list[tuple[str, tuple, bytes]] = []   # (compression, entries, bin)


_caches: "weakref.WeakKeyDictionary[Session, _Cache]" = weakref.WeakKeyDictionary()


_caches_lock = threading.Lock()      # loads may run on the autosave writer thread


def _cache(session: Session, now: float | None = None) -> _Cache:
    with _caches_lock:
        c = _caches.get(session)
        if c is None:
            c = _caches[session] = _Cache(time.time() if now is None else now)
        return c


def created_at(session: Session) -> float:
    """When the game was created (first saved, or as read from its file)."""
    return _cache(session).created


def _compress(raw: bytes, compression: str, level: int) -> bytes:
    return zlib.compress(raw, level) if compression == "zlib" else raw


_GETTERS: dict[type, Callable[[Any], tuple]] = {}


def command_row(cmd) -> tuple:
    """A command as saved: ``(name, value, ...)`` in the field order of ``command_schema()``."""
    get = _GETTERS.get(type(cmd))
    if get is None:
        names = [f.name for f in dataclasses.fields(cmd)]
        if len(names) == 1:
            one = operator.attrgetter(names[0])
            get = _GETTERS[type(cmd)] = lambda c: (one(c),)
        else:
            get = _GETTERS[type(cmd)] = operator.attrgetter(*names)
    return (cmd.name, *get(cmd))


def entry_row(entry: LogEntry) -> list:
    """One log entry as saved: ``[command row, events, text, round, automatic]``."""
    return [command_row(entry.command), entry.events, entry.text, entry.round,
            entry.automatic]


def _pack_block(entries, compression: str, level: int) -> bytes:
    raw = msgpack.packb([entry_row(e) for e in entries], use_bin_type=True)
    return _compress(raw, compression, level)


_schema_cache: list = [0, {}]


def _schema() -> dict:
    if _schema_cache[0] != len(COMMANDS):
        _schema_cache[:] = [len(COMMANDS), V.command_schema()]
    return _schema_cache[1]


def meta_of(session: Session) -> dict:
    """The header's summary of a session: game, scenario, seat names, round, counts."""
    st = session.state
    return {"game": st.game, "scenario": st.scenario,
            "seats": [s.name for s in st.seats], "round": st.round,
            "actions": session.cursor, "log": len(session.log), "cards": len(st.cards)}


def dumps(session: Session, compression: str = "zlib", now: float | None = None) -> bytes:
    """The whole session as save-file bytes (raises SaveError if it cannot be packed)."""
    if compression not in COMPRESSIONS:
        raise ValueError(f"unknown compression {compression!r}")
    try:
        return _dumps(session, compression, time.time() if now is None else float(now))
    except SaveError:
        raise
    except Exception as exc:
        raise SaveError(one_line(_("the game cannot be saved: {why}").format(
            why=f"{type(exc).__name__}: {exc}"))) from exc


def _dumps(session: Session, compression: str, now: float) -> bytes:
    cache = _cache(session, now)
    pack = msgpack.Packer(use_bin_type=True).pack
    if cache.initial is not session.initial or cache.initial_key != compression:
        cache.initial_bin = _compress(pack(session.initial), compression, 6)
        cache.initial, cache.initial_key = session.initial, compression
    current_bin = _compress(pack(session.state.to_data()), compression, 1)

    log = session.log
    lazy = log if type(log) is LazyLog else None   # a loaded log: blocks not read yet are not built
    blocks: list[bytes] = []
    new_cache: list[tuple[str, tuple, bytes]] = []
    old = cache.blocks
    is_ = operator.is_
    for k, start in enumerate(range(0, len(log), BLOCK)):
        stop = start + BLOCK
        # what is at each position: the entry, or the LazyLog block that will build it
        keys = tuple(lazy.keys(start, stop)) if lazy is not None else tuple(log[start:stop])
        data = None
        if k < len(old):
            comp, cached, cdata = old[k]
            if (comp == compression and len(cached) == len(keys)
                    and (all(map(is_, cached, keys))
                         or lazy is not None and all(map(is_, resolve(cached, start), keys)))):
                data = cdata
        if data is None:   # full blocks are packed once, so they get the better level
            keys = tuple(log[start:stop])
            data = _pack_block(keys, compression, 6 if len(keys) == BLOCK else 1)
        blocks.append(data)
        new_cache.append((compression, keys, data))
    cache.blocks = new_cache

    body = pack([session.cursor, len(log), BLOCK, _schema(), cache.initial_bin, current_bin,
                 blocks])
    header = pack({
        "app": app_version(), "created": cache.created, "saved": now,
        "compression": compression, "rules": str(getattr(session.rules, "name", "")),
        "meta": meta_of(session),
    })
    crc = zlib.crc32(body, zlib.crc32(header))
    return pack([MAGIC, VERSION, header, body, crc])


def plain_data(session: Session, now: float | None = None) -> dict:
    """Everything a save holds, as one plain dict (what ``json_size`` measures)."""
    cache = _cache(session)
    return {
        "format": MAGIC, "version": VERSION,
        "header": {"app": app_version(), "created": cache.created,
                   "saved": time.time() if now is None else now, "compression": "none",
                   "rules": str(getattr(session.rules, "name", "")), "meta": meta_of(session)},
        "cursor": session.cursor,
        "initial": session.initial,
        "current": session.state.to_data(),
        "commands": _schema(),
        "log": [[list(command_row(e.command)), [list(ev) for ev in e.events], e.text,
                 e.round, e.automatic] for e in session.log],
    }


def json_size(session: Session) -> int:
    """Bytes of the same plain data written as compact JSON: the size baseline."""
    return len(json.dumps(plain_data(session), separators=(",", ":")).encode("utf-8"))


# ================================================================= loading
_gc_lock = threading.Lock()
_gc_state = {"loads": 0, "was_on": False, "promote": False}


@contextmanager
def _quiet_gc(promote: bool = False):
    """No cyclic garbage collection while a save is decoded.

    Decoding makes ~100,000 small objects, most of them short-lived (the
    unpacked log is checked, then dropped); with the collector on it would
    run every 700 allocations and walk them again and again.  Loads may run
    on two threads at once (the autosave writer checks what it writes), so
    the first one in turns the collector off and the last one out restores
    it as it was.

    ``promote``: the loaded session is kept (a game being opened), so when
    the last load ends every object alive is moved straight to the oldest
    generation (``gc.freeze()`` then ``gc.unfreeze()``: two list splices)
    instead of being walked by the young collection that would otherwise
    run at the next allocation and then again in the middle generation
    (1-2 ms on the benchmark game); the next full collection still sees
    them.  Not done for the autosave's check loads (their session is
    dropped at once, and promoting the program's young objects twice a
    second would delay collecting its garbage cycles), nor when the program
    froze objects itself (``gc.get_freeze_count()``: its frozen set is left
    alone).
    """
    with _gc_lock:
        if _gc_state["loads"] == 0:
            _gc_state["was_on"] = gc.isenabled()
            _gc_state["promote"] = False
            gc.disable()
        _gc_state["loads"] += 1
    try:
        yield
        if promote:
            _gc_state["promote"] = True
    finally:
        with _gc_lock:
            _gc_state["loads"] -= 1
            if _gc_state["loads"] == 0:
                if _gc_state["promote"] and gc.get_freeze_count() == 0:
                    gc.freeze()
                    gc.unfreeze()
                if _gc_state["was_on"]:
                    gc.enable()


def read_document(data: Any) -> tuple[int, dict]:
    """Decode any supported version into the current document form.

    A document is ``{"header", "cursor", "log_length", "block_size",
    "commands", "initial", "current", "initial_bin", "blocks", "budget"}``
    where initial/current are unpacked (unchecked) table data and blocks the
    raw block bins; older versions are converted by ``saves.migrations``.
    """
    version, env = read_envelope(data)
    if version >= 1:                       # v1 and v2 share the envelope and body layout
        doc = decode_body(env)
    else:
        doc = migrations.read_v0(env)
    return version, migrations.upgrade(version, doc)


def decode_body(env: tuple) -> dict:
    """The header and body of a version 1 or 2 file (tables as that version wrote them)."""
    if len(env) != 5:
        raise damaged(_("its outer list has the wrong length"))
    header_raw, body_raw, crc = env[2:]
    if type(header_raw) is not bytes or type(body_raw) is not bytes:
        raise damaged(_("header or body missing"))
    _check_crc(header_raw, body_raw, crc)
    header = read_header(header_raw)
    body = unpack_part(body_raw, N_("the body"), max_array=MAX_BLOCKS, max_map=4096,
                       max_str=256, max_bin=len(body_raw))
    if type(body) is not tuple or len(body) != 7:
        raise damaged(_("body has the wrong shape"))
    cursor, log_length, block_size, schema, initial_bin, current_bin, blocks = body
    if (type(cursor) is not int or type(log_length) is not int or type(block_size) is not int
            or type(initial_bin) is not bytes or type(current_bin) is not bytes
            or type(blocks) is not tuple or not all(type(b) is bytes for b in blocks)):
        raise damaged(_("body fields of the wrong type"))
    if log_length > V.MAX_ACTIONS:
        raise SaveError(ngettext("the log holds {n} action, more than one game can hold ({limit})",
                                 "the log holds {n} actions, more than one game can hold ({limit})",
                                 log_length).format(n=format_number(log_length),
                                                    limit=format_number(V.MAX_ACTIONS)))
    if not 0 <= log_length or not 1 <= block_size <= 65536:
        raise damaged(_("impossible log length"))
    if len(blocks) != -(-log_length // block_size):
        raise damaged(_("the log's blocks do not add up"))
    budget = _Budget(MAX_UNPACKED)
    comp = header["compression"]
    initial = unpack_part(budget.inflate(initial_bin, comp, N_("the initial table")),
                          N_("the initial table"), max_array=V.MAX_CARDS)
    current = unpack_part(budget.inflate(current_bin, comp, N_("the table")),
                          N_("the table"), max_array=V.MAX_CARDS)
    return {"header": header, "cursor": cursor, "log_length": log_length,
            "block_size": block_size, "commands": schema, "initial": initial,
            "current": current, "initial_bin": initial_bin, "blocks": blocks,
            "budget": budget}


# the longest array a log block may hold: the events of one action, or card ids
BLOCK_ARRAY = max(V.MAX_CARDS, V.MAX_EVENTS_PER_ACTION)


def _entries(doc: dict):
    """Yield ``(k, part, entries)`` for the log blocks of a document: the block
    as stored (bytes, or the entries themselves in migrated documents) and its
    unpacked entries."""
    comp = doc["header"]["compression"]
    budget: _Budget = doc["budget"]
    size, total = doc["block_size"], doc["log_length"]
    blocks = doc["blocks"]
    for k, part in enumerate(blocks):
        if type(part) is not bytes:          # migrated documents hold entries directly
            yield k, part, part
            continue
        what = (N_("log block {n}"), k + 1)        # named only if it fails (limits.named)
        entries = unpack_part(budget.inflate(part, comp, what), what, max_array=BLOCK_ARRAY)
        want = size if k < len(blocks) - 1 else total - size * k
        if type(entries) is not tuple or len(entries) != want:
            raise damaged(_("{what} has the wrong number of actions").format(what=named(what)))
        yield k, part, entries


def _make_block(part: Any, comp: str, seq0: int, decode: V.CommandDecoder,
                special: bool) -> tuple:
    """The ``LogEntry`` objects of a log block that ``build_session`` checked.

    ``part`` is the block as the file stores it: the same bytes are unpacked
    again (with the same limits) and the objects built without checks, so
    this cannot fail on the file's data."""
    if type(part) is bytes:
        raw = zlib.decompress(part) if comp == "zlib" else part
        part = unpack_part(raw, N_("a log block"), max_array=BLOCK_ARRAY)
    cmds, evss, texts, rounds, autos = zip(*part)
    return tuple(map(LogEntry, range(seq0, seq0 + len(part)), decode.build_rows(cmds),
                     V.build_events(evss, special), texts, rounds, autos))


def _check_blocks(doc: dict, decode: V.CommandDecoder, checker: V.EventChecker
                  ) -> tuple[list[Block], int]:
    """Unpack and check every log block now (one block at a time, while its data
    is in the processor's cache); returns the blocks, whose ``LogEntry``
    objects are built later, and the number of changes the log holds."""
    comp = doc["header"]["compression"]
    blocks: list[Block] = []
    seq0 = events = 0
    for _k, part, entries in _entries(doc):
        if set(map(type, entries)) - {tuple} or set(map(len, entries)) - {5}:
            for i, raw in enumerate(entries):
                if type(raw) is not tuple or len(raw) != 5:
                    fail(_("action {n} is malformed"), n=seq0 + i + 1)
        if not entries:
            continue
        cmds, evss, texts, rounds, autos = zip(*entries)
        if (set(map(type, texts)) != {str} or set(map(type, rounds)) != {int}
                or set(map(type, autos)) != {bool}):
            for i, (t, r, a) in enumerate(zip(texts, rounds, autos)):
                if type(t) is not str or type(r) is not int or type(a) is not bool:
                    fail(_("action {n} has a field of the wrong type"), n=seq0 + i + 1)
        decode.check_rows(cmds)
        events += sum(map(len, evss))
        if events > V.MAX_EVENTS:
            fail(_("the log holds more than {n} changes, the most one game can hold"),
                 n=format_number(V.MAX_EVENTS))
        special = checker.check(evss, seq0)
        blocks.append(Block(seq0, len(entries),
                            functools.partial(_make_block, part, comp, seq0, decode, special)))
        seq0 += len(entries)
    if seq0 != doc["log_length"]:
        fail(_("the log is not as long as it says"))
    return blocks, events


def build_session(doc: dict, verify: bool = False, rules=None, cache: bool = True) -> Session:
    """A ``Session`` from a current (v1) document, after checking all of it.

    Every check happens here, before this returns; the log is a ``LazyLog``
    whose blocks build their ``LogEntry`` objects on first use (see
    ``saves.lazylog``), from data these checks accepted.
    """
    header = doc["header"]
    initial, current, checker = _check_tables(doc)
    cursor = doc["cursor"]
    if type(cursor) is not int or not 0 <= cursor <= doc["log_length"]:
        fail(_("the undo position {n} is outside the log"), n=cursor)

    decode = V.CommandDecoder(doc["commands"])
    blocks, events = _check_blocks(doc, decode, checker)
    log = LazyLog(blocks=blocks)
    _check_came_in(current, checker)
    _check_summary(header["meta"], current, cursor, len(log))

    if verify:
        V.replay_check(initial, log, cursor, current)

    if rules is None:        # the ruleset the game was saved with (old saves: the sandbox)
        rules = ruleset_for(current["game"], header["rules"] or "sandbox")
    session = Session(TableState.from_data(current), rules, initial)
    session.log = log
    session.cursor = cursor
    session.events_total = events

    saved = _saved_parts(doc, initial, log, cache)
    with _caches_lock:
        _caches[session] = saved
    return session


def _check_tables(doc: dict) -> tuple[dict, dict, V.EventChecker]:
    """The initial and current tables, checked and alike in piles and seats, and the
    checker of the log's changes that starts from the initial one."""
    initial = V.check_state(doc["initial"], V.INITIAL_TABLE)
    current = V.check_state(doc["current"], V.TABLE_NAME)
    if [z[0] for z in initial["zones"]] != [z[0] for z in current["zones"]]:
        fail(_("the table's piles differ from the initial ones"))
    if len(initial["seats"]) != len(current["seats"]):
        fail(_("the table's seats differ from the initial ones"))
    first = operator.itemgetter(0)
    checker = V.EventChecker(set(map(first, initial["zones"])), len(initial["seats"]),
                             set(map(first, initial["cards"])), set(map(first, initial["dice"])),
                             V.token_types(initial["game"]),
                             {d[0]: V.n_faces(d[1]) for d in initial["dice"]})
    return initial, current, checker


def _check_came_in(current: dict, checker: V.EventChecker) -> None:
    """Every card and die on the table was there at the start or came in through the log."""
    first = operator.itemgetter(0)
    missing = set(map(first, current["cards"])) - checker.cards
    if missing:
        fail(_("card {n} is on the table but never came into the game"), n=min(missing))
    missing = set(map(first, current["dice"])) - checker.dice
    if missing:
        fail(_("die {n} is on the table but never came into the game"), n=min(missing))


def _check_summary(meta: dict, st: dict, cursor: int, log_length: int) -> None:
    """The header's summary says what the game holds."""
    expected = {"game": st["game"], "scenario": st["scenario"],
                "seats": [s[0] for s in st["seats"]], "round": st["round"],
                "actions": cursor, "log": log_length, "cards": len(st["cards"])}
    for key, value in expected.items():
        if meta[key] != value:
            fail(_("the summary's {key} does not match the game"), key=repr(key))


def _saved_parts(doc: dict, initial: dict, log: LazyLog, cache: bool) -> _Cache:
    """What the next save of this session can reuse of the parts just read (and it
    keeps "created")."""
    comp = doc["header"]["compression"]
    saved = _Cache(doc["header"]["created"])
    if cache:
        if doc.get("initial_bin") is not None:
            saved.initial, saved.initial_key, saved.initial_bin = initial, comp, doc["initial_bin"]
        # the file's blocks can be written again as they are only if their rows
        # follow this version's field order (an older file may not)
        if (doc["block_size"] == BLOCK and all(type(b) is bytes for b in doc["blocks"])
                and _same_schema(doc["commands"])):
            saved.blocks = [(comp, tuple(log.keys(k * BLOCK, (k + 1) * BLOCK)), part)
                            for k, part in enumerate(doc["blocks"])]
    return saved


def _same_schema(schema: dict) -> bool:
    """Does a file's ``commands`` map say what ``dumps`` would write?"""
    ours = _schema()
    return len(schema) == len(ours) and all(
        list(schema.get(name, ())) == fields for name, fields in ours.items())


def _guard(fn, *args, keep: bool = False):
    """Run a loading step so that it raises SaveError and nothing else
    (``keep``: its result is kept for a while, see ``_quiet_gc``)."""
    try:
        with _quiet_gc(keep):
            return fn(*args)
    except SaveError:
        raise
    except Invalid as exc:
        raise SaveError(one_line(_("the save is inconsistent: {why}").format(why=exc))) from None
    except MemoryError:
        raise SaveError(_("the save is too large to load")) from None
    except RecursionError:
        raise damaged(_("nested too deeply")) from None
    except Exception as exc:
        raise SaveError(one_line(damaged(type(exc).__name__))) from None


def loads(data: bytes, verify: bool = False, rules=None, cache: bool = True) -> Session:
    """A ``Session`` from save bytes; raises ``SaveError`` (one line) for anything wrong.

    ``verify=True`` also replays the whole log (undo history and redo tail)
    and checks that it reaches the saved table: a few more milliseconds per
    thousand actions; ``save check`` uses it.  ``cache=False`` when the
    session is only checked and then dropped (``store.write_atomic``): no
    save cache is kept for it and the collector's generations are left alone
    (see ``_quiet_gc``).

    Everything is checked before this returns; the log's ``LogEntry``
    objects are built block by block when first read (``saves.lazylog``).
    """
    def run():
        _version, doc = read_document(data)
        return build_session(doc, verify, rules, cache)
    return _guard(run, keep=cache)


def summary(data: bytes) -> dict:
    """The header of a save (checksum checked, log not decoded): for lists of saves.

    Keys: format, version, app, created, saved, compression, rules, game,
    scenario, seats, round, actions (applied), log (all entries, with the
    redo tail), redo, cards.
    """
    def run():
        version, env = read_envelope(data)
        if version >= 1:
            if len(env) != 5 or type(env[2]) is not bytes or type(env[3]) is not bytes:
                raise damaged(_("its outer list has the wrong shape"))
            _check_crc(env[2], env[3], env[4])
            header = read_header(env[2])
        else:
            header = read_document(data)[1]["header"]
        meta = header["meta"]
        out = {"format": MAGIC, "version": version, "app": header["app"],
               "created": header["created"], "saved": header["saved"],
               "compression": header["compression"], "rules": header["rules"]}
        out.update(meta)
        out["redo"] = max(0, meta["log"] - meta["actions"])
        return out
    return _guard(run)
