"""Reading deck files: size and type checks, decoding, and the choice of format.

Every file is treated as untrusted: size limit, no binary data, and every failure
becomes a ``DeckError`` whose message names the file and the problem.
"""
from __future__ import annotations

import os
import stat

from tabletop.games.lcg.cards import CardDB
from tabletop.core.i18n import _
from tabletop.games.lcg.decks.model import MAX_FILE_BYTES, Deck, DeckError, QuestDeck, _db, _short
from tabletop.games.lcg.decks.o8d import _count, _load_o8d, _o8d_cards, _quest_deck, _read_o8d
from tabletop.games.lcg.decks.ringsdb import _load_ringsdb
from tabletop.games.lcg.decks.text import _parse_text


def _label(path: str) -> str:
    return _short(os.path.basename(path.rstrip("/\\")) or path or "''", 80)


def _is_blank(data: bytes) -> bool:
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    elif data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return not data.decode("utf-16").strip()
        except UnicodeDecodeError:
            return False
    return not data.strip(b" \t\r\n")


def _read_bytes(path: str, label: str) -> bytes:
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise DeckError(_("{file}: no such file").format(file=label), path=path) from None
    except (OSError, ValueError) as exc:
        raise DeckError(_("{file}: cannot read the file: {error}").format(
            file=label, error=_short(getattr(exc, "strerror", None) or exc)), path=path) from None
    if stat.S_ISDIR(st.st_mode):
        raise DeckError(_("{file}: is a directory, not a deck file").format(file=label), path=path)
    if not stat.S_ISREG(st.st_mode):
        raise DeckError(_("{file}: is not a regular file").format(file=label), path=path)
    if st.st_size > MAX_FILE_BYTES:
        msg = _("{file}: file is too large for a deck ({size} bytes, limit {limit})")
        raise DeckError(msg.format(file=label, size=st.st_size, limit=MAX_FILE_BYTES), path=path)
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise DeckError(_("{file}: cannot read the file: {error}").format(
            file=label, error=_short(exc.strerror or exc)), path=path) from None
    if len(data) > MAX_FILE_BYTES:
        raise DeckError(_("{file}: file is too large for a deck (limit {limit} bytes)").format(
            file=label, limit=MAX_FILE_BYTES), path=path)
    return data


def _decode(data: bytes, label: str) -> str:
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        encoding = "utf-16"
    else:
        encoding = "utf-8-sig"
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError:
        raise DeckError(_("{file}: not a text file (it is not UTF-8 encoded)").format(
            file=label)) from None
    if "\x00" in text:
        raise DeckError(_("{file}: not a text file (it contains binary data)").format(file=label))
    return text


def _open_deck_file(path) -> tuple[str, str, bytes]:
    """(path, label for messages, contents) of a deck file, or DeckError."""
    try:
        path = os.fspath(path)
    except TypeError:
        raise DeckError(_("not a file name: {value}").format(value=_short(path))) from None
    if isinstance(path, bytes):
        path = os.fsdecode(path)
    label = _label(path)
    data = _read_bytes(path, label)
    if _is_blank(data):
        raise DeckError(_("{file}: the file is empty").format(file=label), path=path)
    return path, label, data


def load_deck(path: str | os.PathLike[str], db: CardDB | None = None) -> Deck:
    """Read a player deck file (RingsDB .json, OCTGN .o8d, or a text list).

    The format is chosen by extension (.json, .o8d/.xml) and otherwise by content.
    Raises ``DeckError`` (``QuestDeckError`` for an OCTGN quest deck) for anything unusable.
    """
    db = _db(db)
    path, label, data = _open_deck_file(path)
    try:
        return _load_any(path, label, data, db)
    except DeckError as exc:
        if exc.path is None:
            exc.path = path
        raise


def _load_any(path: str, label: str, data: bytes, db: CardDB) -> Deck:
    stem = os.path.splitext(label)[0]
    ext = os.path.splitext(path)[1].casefold()
    if ext in (".o8d", ".xml"):
        return _load_o8d(data, label, stem, db)
    text = _decode(data, label)
    head = text.lstrip()
    if ext == ".json":
        return _load_ringsdb(text, label, stem, db)
    if head.startswith("<"):
        return _load_o8d(data, label, stem, db)
    if head.startswith("{"):
        return _load_ringsdb(text, label, stem, db)
    if head.startswith("["):
        try:
            return _load_ringsdb(text, label, stem, db)
        except DeckError:
            pass  # "[Heroes]"-style text headers also start with a bracket
    return _parse_text(text, db, name="", label=label, default_name=stem)


def load_quest_deck(path: str, db: CardDB | None = None) -> QuestDeck:
    """Read an OCTGN quest deck (.o8d whose cards are all in shared sections)."""
    db = _db(db)
    path, label, data = _open_deck_file(path)
    handler = _read_o8d(data, label)
    if _count(_o8d_cards(handler, label, db, want_shared=False)) > 0:
        raise DeckError(_("{file}: this is a player deck, not a quest deck").format(file=label),
                        path=path)
    quest = _quest_deck(_o8d_cards(handler, label, db, want_shared=True),
                        os.path.splitext(label)[0])
    if not quest.sections:
        raise DeckError(_("{file}: the deck has no cards").format(file=label), path=path)
    return quest
