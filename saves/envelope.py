"""The outside of a save file: magic, version, header, checksum, bounded unpacking.

``read_envelope`` checks the outer array and the format version;
``read_header`` / ``check_header`` the header map; ``unpack_part`` unpacks a
part with limits no larger than the data can honestly need; ``_Budget``
bounds everything decompressed from one file.  ``saves.codec`` (the current
format) and ``saves.migrations`` (older ones) both build on this.

Pure Python: no pygame, no pymunk.
"""
from __future__ import annotations

import functools
import zlib
from typing import Any

import msgpack

from tabletop.core.i18n import N_, _, format_number

from . import limits as L
from .limits import named

_NUM = frozenset({int, float})

MAGIC = "lotr-tabletop-save"
VERSION = 2                      # the newest save format this version reads and writes
BLOCK = 256                      # log entries per compressed block
COMPRESSIONS = ("zlib", "none")

MAX_FILE = 256 * 1024 * 1024     # bytes of a save file
MAX_UNPACKED = 32 * 1024 * 1024  # bytes of all decompressed parts together (a game of
                                 # 100,000 actions is about 15 MiB)
MAX_HEADER = 1024 * 1024
MAX_BLOCKS = L.MAX_ACTIONS // BLOCK + 1

_MAGIC_BYTES = MAGIC.encode()


class SaveError(Exception):
    """A save that cannot be written or read; ``str(err)`` is one line for a person,
    in the language in force when it was raised."""


def damaged(why: str) -> SaveError:
    """The error for a damaged file: ``why`` says what is wrong (translated)."""
    return SaveError(_("the file is damaged ({why})").format(why=why))


def _too_large() -> SaveError:
    return SaveError(_("the save is too large to load (it unpacks to over {n} MiB)").format(
        n=format_number(MAX_UNPACKED // 2**20)))


@functools.lru_cache(maxsize=1)
def app_version() -> str:
    """This program's version, as written into every save ("0.1.0" if unknown)."""
    try:
        from importlib.metadata import version
        return version("lotr-tabletop")
    except Exception:
        return "0.1.0"


def one_line(text: object, limit: int = 300) -> str:
    """``text`` on one line (runs of white space folded), cut to at most ``limit`` characters."""
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit - 3] + "..."


class _Budget:
    """How many more bytes one file may decompress to."""

    def __init__(self, total: int):
        self.left = total

    def inflate(self, part: bytes, compression: str, what) -> bytes:
        """``part`` decompressed; ``what`` names it (see ``limits.named``)."""
        if compression == "none":
            raw = part
        else:
            d = zlib.decompressobj()
            try:
                raw = d.decompress(part, self.left + 1)
            except zlib.error:
                raise damaged(_("{what} does not decompress").format(what=named(what))) from None
            if len(raw) > self.left or d.unconsumed_tail:
                raise _too_large()
            if not d.eof:
                raise damaged(_("{what} is cut short").format(what=named(what)))
            if d.unused_data:
                raise damaged(_("{what} has extra bytes").format(what=named(what)))
        self.left -= len(raw)
        if self.left < 0:
            raise _too_large()
        return raw


def unpack_part(raw: bytes, what, max_array: int, max_map: int = 1024,
                max_str: int = L.MAX_STR, max_bin: int = 0) -> Any:
    """``msgpack.unpackb`` with limits no larger than the data can honestly need
    (``what`` names the part, see ``limits.named``)."""
    n = len(raw)
    try:
        return msgpack.unpackb(
            raw, raw=False, use_list=False, strict_map_key=True,
            max_str_len=min(max_str, n), max_bin_len=min(max_bin, n),
            max_array_len=min(max_array, n), max_map_len=min(max_map, n), max_ext_len=0)
    except msgpack.ExtraData:
        raise damaged(_("{what} has extra bytes").format(what=named(what))) from None
    except msgpack.StackError:
        raise damaged(_("{what} is nested too deeply").format(what=named(what))) from None
    except (ValueError, TypeError, OverflowError):
        raise damaged(_("{what} is not valid msgpack").format(what=named(what))) from None


def read_envelope(data: Any) -> tuple[int, tuple]:
    """Check the outer array and the version; returns (version, envelope)."""
    if isinstance(data, memoryview):
        data = data.tobytes()
    if not isinstance(data, (bytes, bytearray)):
        raise SaveError("a save is read from bytes")     # a caller's mistake: English
    if not data:
        raise SaveError(_("the file is empty"))
    if len(data) > MAX_FILE:
        raise too_large_file(len(data))
    looks_like_save = _MAGIC_BYTES in bytes(data[:32])
    try:
        env = msgpack.unpackb(bytes(data), raw=False, use_list=False, strict_map_key=True,
                              max_str_len=64, max_bin_len=len(data), max_array_len=16,
                              max_map_len=0, max_ext_len=0)
    except msgpack.ExtraData:
        if looks_like_save:
            raise damaged(_("extra bytes after the end of the save")) from None
        raise SaveError(_("this is not a LotR tabletop save (unknown file type)")) from None
    except (ValueError, TypeError, OverflowError):
        if looks_like_save:
            raise SaveError(_("the file is truncated or damaged (it is not a complete save)")
                            ) from None
        raise SaveError(_("this is not a LotR tabletop save (unknown file type)")) from None
    if type(env) is not tuple or len(env) < 2 or env[0] != MAGIC:
        raise SaveError(_("this is not a LotR tabletop save (wrong magic)"))
    version = env[1]
    if type(version) is not int or version < 0:
        raise damaged(_("its format version is not a number"))
    if version > VERSION:
        raise SaveError(_("made by a newer version (save format {version}; "
                          "this version reads up to {newest})").format(
                              version=version, newest=VERSION))
    return version, env


def too_large_file(size: int) -> SaveError:
    """The error for a file too large to be a save (``size`` in bytes)."""
    return SaveError(_("the file is too large to be a save ({n} MiB)").format(
        n=format_number(size // 2**20)))


def _check_crc(header: bytes, body: bytes, crc: Any) -> None:
    if type(crc) is not int or zlib.crc32(body, zlib.crc32(header)) != crc:
        raise damaged(_("checksum mismatch"))


def read_header(raw: Any) -> dict:
    """The header map, strictly checked (raw: its msgpack bytes)."""
    if type(raw) is not bytes or len(raw) > MAX_HEADER:
        raise damaged(_("bad header"))
    h = unpack_part(raw, N_("the header"), max_array=L.MAX_SEATS, max_map=64,
                    max_str=4 * L.MAX_TEXT)          # seat names: up to 4 bytes a character
    return check_header(h)


def check_header(h: Any) -> dict:
    """The unpacked header map checked field by field; returns a clean copy."""
    def bad(why):
        raise damaged(_("header: {why}").format(why=why))
    if type(h) is not dict:
        bad(_("not a map"))
    app, created, saved = h.get("app"), h.get("created"), h.get("saved")
    comp, rules, meta = h.get("compression"), h.get("rules", ""), h.get("meta")
    if type(app) is not str or type(rules) is not str:
        bad(_("app or rules is not text"))
    if type(created) not in _NUM or type(saved) not in _NUM:
        bad(_("timestamps are not numbers"))
    if comp not in COMPRESSIONS:
        bad(_("unknown compression {name}").format(name=repr(str(comp)[:20])))
    if type(meta) is not dict:
        bad(_("no game summary"))
    out_meta = {}
    for key, types in (("game", (str,)), ("scenario", (str,)), ("round", (int,)),
                       ("actions", (int,)), ("log", (int,)), ("cards", (int,))):
        if type(meta.get(key)) not in types:
            bad(_("summary field {key} is missing or of the wrong type").format(key=repr(key)))
        out_meta[key] = meta[key]
    seats = meta.get("seats")
    if type(seats) is not tuple or not all(type(s) is str for s in seats):
        bad(_("summary field {key} is not a list of names").format(key=repr("seats")))
    out_meta["seats"] = list(seats)
    return {"app": app, "created": float(created), "saved": float(saved),
            "compression": comp, "rules": rules, "meta": out_meta}
