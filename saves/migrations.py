"""Reading saves written in older formats: one reader per old version, one step per upgrade.

A save names its format version (``VERSION`` in ``saves.envelope``).
``saves.codec.read_document`` decodes a file into that version's *document*
(plain data as the format defined it: version 1 and 2 files share one
envelope and body layout, version 0 has its own reader here), then
``upgrade(version, document)`` applies ``MIGRATIONS[v]`` for v = version,
version + 1, ... each turning a version-v document into a version-(v + 1)
document, until it has a current (v2) document, which loads like any other.  Every
function here reads untrusted data: it checks types as it goes and raises
``Invalid`` (or ``SaveError``) with a one-line reason.

To change the format: bump ``envelope.VERSION``, keep a reader for the old
layout (or make the old version's document from the new layout), add
``MIGRATIONS[old]`` and a test that loads a file of the old version
(``tests/fixtures/saves`` keeps real files written by earlier versions).

Version 1 (the first release) wrote seats as ``[name, threat, heroes]`` and
zones without a visibility, and had no game slots; version 2 writes seats as
``[name, {counter: value}]``, zones with their visibility, and ``slots``.

Version 0 is a synthetic, pre-release layout kept as the worked example (see
docs/SAVE_FORMAT.md, "Version 0"): an array ``[magic, 0, payload]`` whose
``payload`` is a bin holding an uncompressed msgpack map::

    {"app": str, "saved": float,
     "initial": table, "state": table,        # tables with seats as maps
     "actions": [{"command": [name, {field: value}], "events": [...],
                  "text": str, "round": int}, ...]}

It had no checksum, no compression, no redo tail (every action applied), no
``automatic`` flag, no creation time, and seats written as
``{"name", "threat", "heroes"}`` maps instead of rows.

Pure Python: no pygame, no pymunk.
"""
from __future__ import annotations

import time
from typing import Any, Callable

import msgpack

from tabletop.core.i18n import N_, _
from tabletop.core.model import default_visibility

from . import limits as L
from .envelope import MAGIC, VERSION, SaveError, _Budget, check_header, unpack_part
from .limits import fail

_NUM = frozenset({int, float})
MIGRATIONS: dict[int, Callable[[dict], dict]] = {}


def migration(from_version: int):
    """Register ``fn(document_v) -> document_v+1``."""
    def register(fn):
        MIGRATIONS[from_version] = fn
        return fn
    return register


def upgrade(version: int, doc: dict) -> dict:
    """Migrate a version-``version`` document to a current one."""
    while version < VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise SaveError(_("no way to upgrade save format {old} to {new}").format(
                old=version, new=version + 1))
        doc = step(doc)
        version += 1
    return doc


# ================================================================ version 0
V0_LIMIT = 64 * 1024 * 1024


def read_v0(envelope: tuple) -> dict:
    """The payload map of a version 0 file."""
    if len(envelope) != 3 or type(envelope[2]) is not bytes:
        fail(_("a version 0 save is [magic, 0, payload]"))
    payload = envelope[2]
    if len(payload) > V0_LIMIT:
        fail(_("the version 0 payload is too large"))
    doc = unpack_part(payload, N_("the version 0 payload"), max_array=L.MAX_ACTIONS,
                      max_map=1024)
    if type(doc) is not dict:
        fail(_("the version 0 payload is not a map"))
    return doc


def _seats_v0_to_v1(table: Any) -> Any:
    """Seats were ``{"name", "threat", "heroes"}`` maps; v1 writes ``[name, threat, heroes]``."""
    if type(table) is not dict:
        fail(_("a version 0 table is not a map"))
    seats = table.get("seats")
    if type(seats) is not tuple:
        fail(_("a version 0 table has no seat list"))
    rows = []
    for s in seats:
        if type(s) is not dict:
            fail(_("a version 0 seat is not a map"))
        rows.append((s.get("name"), s.get("threat"), s.get("heroes")))
    out = dict(table)
    out["seats"] = tuple(rows)
    return out


@migration(0)
def v0_to_v1(doc: dict) -> dict:
    """Version 0 document -> version 1 document."""
    for key, typ in (("app", str), ("initial", dict), ("state", dict), ("actions", tuple)):
        if type(doc.get(key)) is not typ:
            fail(_("the version 0 save has no valid {key}"), key=repr(key))
    saved = doc.get("saved")
    if type(saved) not in _NUM:
        fail(_("the version 0 save has no valid {key}"), key=repr("saved"))
    initial = _seats_v0_to_v1(doc["initial"])
    current = _seats_v0_to_v1(doc["state"])
    schema: dict[str, tuple] = {}
    entries = []
    for i, act in enumerate(doc["actions"]):
        if type(act) is not dict:
            fail(_("version 0 action {n} is not a map"), n=i + 1)
        cmd = act.get("command")
        if type(cmd) is not tuple or len(cmd) != 2 or type(cmd[0]) is not str \
                or type(cmd[1]) is not dict:
            fail(_("version 0 action {n} has no [name, fields] command"), n=i + 1)
        name, fields = cmd
        # v1 writes every command of one kind with the same fields, in the order of
        # the file's "commands" map: missing fields get the command's defaults
        defaults = _defaults(name)
        if defaults is None:              # unknown: the loader refuses it with a reason
            row = (name, *fields.values())
            schema.setdefault(name, tuple(fields))
        else:
            for k in fields:
                if k not in defaults:
                    fail(_("version 0 action {n} ({name}) has no field {field}"), n=i + 1,
                         name=repr(name), field=repr(str(k)[:40]))
            schema[name] = tuple(defaults)
            row = (name, *(fields.get(k, d) for k, d in defaults.items()))
        # v1 entry: [command row, events, text, round, automatic]
        entries.append((row, act.get("events"), act.get("text"), act.get("round"), False))
    n = len(entries)
    seats = current.get("seats")
    header = check_header({
        "app": doc["app"], "created": saved, "saved": saved, "compression": "none",
        "rules": "sandbox",
        "meta": {"game": current.get("game"), "scenario": current.get("scenario"),
                 "seats": tuple(s[0] for s in seats), "round": current.get("round"),
                 "actions": n, "log": n, "cards": len(current.get("cards") or ())},
    })
    return {"header": header, "cursor": n, "log_length": n, "block_size": max(1, n),
            "commands": schema, "initial": initial, "current": current,
            "initial_bin": None, "blocks": (tuple(entries),) if entries else (),
            "budget": _Budget(0)}


def _defaults(name: str) -> dict | None:
    import dataclasses

    from tabletop.core.commands import COMMANDS
    cls = COMMANDS.get(name)
    if cls is None:
        return None
    return {f.name: f.default for f in dataclasses.fields(cls)}


def table_v1(data: dict) -> dict:
    """A current table (``TableState.to_data()``) in the version 1 layout."""
    heroes = (data.get("slots") or {}).get("lcg", {}).get("heroes") or []
    out = {k: v for k, v in data.items() if k != "slots"}
    out["seats"] = [[name, counters.get("threat", 0), list(heroes[i]) if i < len(heroes) else []]
                    for i, (name, counters) in enumerate(data["seats"])]
    out["zones"] = [list(z[:8]) for z in data["zones"]]
    return out


def dumps_v0(session, now: float | None = None) -> bytes:
    """Write ``session`` in the version 0 layout (tests and the format docs use it).

    Version 0 had no redo tail: only the applied actions are written.
    """
    def table(data: dict) -> dict:
        out = table_v1(data)
        out["seats"] = [{"name": n, "threat": t, "heroes": h} for n, t, h in out["seats"]]
        return out

    payload = {
        "app": "0.0.1", "saved": time.time() if now is None else now,
        "initial": table(session.initial),
        "state": table(session.state.to_data()),
        "actions": [{"command": e.command.to_data(), "events": e.events, "text": e.text,
                     "round": e.round} for e in session.log[:session.cursor]],
    }
    return msgpack.packb([MAGIC, 0, msgpack.packb(payload, use_bin_type=True)],
                         use_bin_type=True)


# ================================================================ version 1
def _table_v1_to_v2(table: Any) -> Any:
    """Seats ``[name, threat, heroes]`` -> ``[name, {"threat": threat}]`` and the
    card game's slot ``{"heroes": [...]}``; zones gain their visibility.

    Rows of the wrong shape are left as they are, for the checks that follow
    to refuse with a reason."""
    if type(table) is not dict:
        return table
    out = dict(table)
    seats, heroes = [], []
    for row in table.get("seats") or ():
        if type(row) in (tuple, list) and len(row) == 3:
            name, threat, codes = row
            seats.append((name, {"threat": threat}))
            heroes.append(codes)
        else:
            seats.append(row)
    out["seats"] = tuple(seats)
    zones = []
    for row in table.get("zones") or ():
        if (type(row) in (tuple, list) and len(row) == 8 and type(row[1]) is str
                and type(row[6]) is bool):
            zones.append((*row, default_visibility(row[1], row[6])))
        else:
            zones.append(row)
    out["zones"] = tuple(zones)
    if "slots" not in out:
        out["slots"] = {"lcg": {"heroes": tuple(heroes)}} if table.get("game") == "lcg" else {}
    return out


@migration(1)
def v1_to_v2(doc: dict) -> dict:
    """Version 1 document -> version 2: the tables' seats, zones and slots.

    The log is unchanged (events and commands are the same), so the blocks
    stay as they were read and a later save can write them again as they are.
    """
    out = dict(doc)
    out["initial"] = _table_v1_to_v2(doc["initial"])
    out["current"] = _table_v1_to_v2(doc["current"])
    out["initial_bin"] = None          # the initial table changed: pack it anew
    return out
