"""The library of games: every game in its own file, never replaced behind the player's back.

    lib = Library()                      # the games folder (saves/games in the data folder)
    lib.entries() -> [Entry]             # every game: title, seats, round, last change...
    lib.last() -> Path | None            # the game Continue opens
    open_game(path) -> Opened            # lock it and load it (or a backup), or read-only
    GameSaver(lib).notify(session)       # the autosave of whatever game is on the table

A game lives in ``games/GAME-SCENARIO-NP-DATE.msgpack`` (a name made from the
table only: game, scenario, number of seats, when it began).  A new game is a
new file; a game opened from elsewhere is copied into the library at its
first change; opening and closing a game without changing it writes nothing.
Each file is autosaved with its generations (``store.Generations``) and held
by one window at a time (``GameLock``): a second window gets it read-only or
makes a copy.  Nothing here deletes a game.  Pure Python: no pygame.
"""
from __future__ import annotations

import os
import re
import time
import weakref
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import filelock

from tabletop.core.i18n import _
from tabletop.core.ruleset import Refused
from tabletop.core.schema import printable
from tabletop.core.session import Session

from . import codec, store
from .codec import SaveError

GAMES_FOLDER = "games"
LAST_FILE = ".last"
IMPORTED_MARK = ".imported-autosave"
SUFFIX = ".msgpack"


def games_dir() -> Path:
    """The library's folder: ``games`` in the saves folder."""
    return store.saves_dir() / GAMES_FOLDER


def slug(text: str, limit: int = 40) -> str:
    """Lower-case letters, digits and dashes only: safe in any file name."""
    words = re.findall(r"[a-z0-9]+", str(text).lower())
    return "-".join(words)[:limit].strip("-") or "game"


def title_of(game: str, scenario: str) -> str:
    """A person's name for a game, safe to print: an id is spelled out
    (``passage_through_mirkwood`` -> ``Passage Through Mirkwood``), a name is
    kept as it is (``War of the Ring: Kings of Middle-earth``)."""
    scenario = str(scenario)
    if re.fullmatch(r"[a-z0-9_\-]+", scenario):
        scenario = " ".join(w.capitalize() for w in re.split(r"[_\-]+", scenario) if w)
    return printable(scenario or game, 120)


# ================================================================ locks
class GameLock:
    """One window per game file: an operating-system lock on ``NAME.lock``,
    released when the window closes or its process dies (even by kill -9)."""

    def __init__(self, path: str | os.PathLike):
        self.path = Path(path)
        self._lock = filelock.FileLock(str(self.path) + ".lock", timeout=0)

    def acquire(self) -> bool:
        """Take the lock now; False when another window holds it."""
        try:
            self._lock.acquire(timeout=0)
        except filelock.Timeout:
            return False
        except OSError:          # a folder we cannot write: nobody else can either
            return True
        return True

    def release(self) -> None:
        """Let another window open the game."""
        try:
            self._lock.release(force=True)
        except OSError:
            pass

    @property
    def held(self) -> bool:
        """Does this object hold the lock?"""
        return self._lock.is_locked


def is_open_elsewhere(path: str | os.PathLike) -> bool:
    """Does another window (or program) hold this game's lock?"""
    lock = GameLock(path)
    if lock.acquire():
        lock.release()
        return False
    return True


# ================================================================ homes
@dataclass
class Home:
    """Where a session on the table is kept.

    ``path`` None: not written yet (a game opened from outside the library
    waits for its first change; a new game is written at once).
    ``read_only``: another window holds the file; nothing is written.
    ``damaged``: the file itself could not be read (a backup was loaded).
    ``source``: the file outside the library the game was opened from."""
    path: Path | None = None
    lock: GameLock | None = None
    read_only: bool = False
    damaged: bool = False
    start: Path | None = None       # the backup loaded when the file itself was damaged
    source: Path | None = None
    saver: "GameSaver | None" = field(default=None, repr=False)


_homes: "weakref.WeakKeyDictionary[Session, Home]" = weakref.WeakKeyDictionary()


def home_of(session: Session) -> Home | None:
    """Where ``session`` is kept (None: a new game not written yet)."""
    return _homes.get(session)


def set_home(session: Session, home: Home) -> Home:
    """Record where ``session`` is kept."""
    _homes[session] = home
    return home


class ReadOnlyRules:
    """A ruleset that refuses every command: the game is open in another window."""

    def __init__(self, rules, reason: str):
        self.inner = rules
        self.reason = reason
        self.name = getattr(rules, "name", "sandbox")
        self.game = getattr(rules, "game", "")

    def execute(self, state, cmd, tx, rng) -> str:
        """Refuse: nothing may change a game another window is playing."""
        raise Refused(self.reason)

    def __getattr__(self, attr):
        return getattr(self.inner, attr)


# ================================================================ the library
@dataclass
class Entry:
    """One game of the library, as a list shows it (all text printable)."""
    path: Path
    title: str
    seats: list[str]
    round: int | None
    actions: int | None
    changed: float                 # when the file was last written (seconds since 1970)
    open_elsewhere: bool = False
    problem: str | None = None     # why the file cannot be read (then a backup may still load)

    @property
    def label(self) -> str:
        """"Passage Through Mirkwood · Ann, Ben · round 3" (or why it cannot be read)."""
        seats = ", ".join(self.seats) or "-"
        if self.problem:
            return _("{title} · {seats} · cannot be read ({why})").format(
                title=self.title, seats=seats, why=self.problem)
        return _("{title} · {seats} · round {round}").format(
            title=self.title, seats=seats, round=self.round)


class Library:
    """The folder of games: names, the list, the game Continue opens."""

    def __init__(self, folder: str | os.PathLike | None = None):
        self.folder = Path(folder) if folder is not None else games_dir()

    def ensure(self) -> Path:
        """The folder, made if missing; leftover temporary files are removed."""
        self.folder.mkdir(parents=True, exist_ok=True)
        store.remove_stale_temps(self.folder)
        return self.folder

    def contains(self, path: str | os.PathLike) -> bool:
        """Is ``path`` a game file of this library?"""
        p = Path(path)
        try:
            return p.parent.resolve() == self.folder.resolve() and p.name.endswith(SUFFIX)
        except OSError:
            return False

    def new_file(self, session: Session, now: float | None = None) -> Path:
        """A new, unused file name for ``session``: GAME-SCENARIO-NP-DATE.msgpack."""
        st = session.state
        stamp = time.strftime("%Y-%m-%d-%H%M", time.localtime(now))
        stem = f"{slug(st.game, 12)}-{slug(st.scenario)}-{len(st.seats)}p-{stamp}"
        folder = self.ensure()
        path, n = folder / (stem + SUFFIX), 1
        while path.exists() or any(store.generation_path(path, g).exists()
                                   for g in store.GENERATIONS):
            n += 1
            path = folder / f"{stem}-{n}{SUFFIX}"
        return path

    def files(self) -> list[Path]:
        """Every game file (not backups, locks or temporary files)."""
        try:
            return [self.folder / n for n in os.listdir(self.folder)
                    if n.endswith(SUFFIX) and not n.startswith(".")
                    and (self.folder / n).is_file()]
        except OSError:
            return []

    def entries(self) -> list[Entry]:
        """Every game, the last changed first."""
        self.ensure()
        out = [self._entry(p) for p in self.files()]
        out.sort(key=lambda e: e.changed, reverse=True)
        return out

    def _entry(self, path: Path) -> Entry:
        try:
            changed = path.stat().st_mtime
        except OSError:
            changed = 0.0
        try:
            info = codec.summary(store.read_bytes(path))
        except SaveError as exc:
            return Entry(path, printable(path.stem, 80), [], None, None, changed,
                         is_open_elsewhere(path), printable(exc, 120))
        return Entry(path, title_of(info["game"], info["scenario"]),
                     [printable(s, 40) for s in info["seats"]], info["round"],
                     info["actions"], changed, is_open_elsewhere(path))

    def last(self) -> Path | None:
        """The game Continue opens: the one played last (or the newest file)."""
        try:
            name = (self.folder / LAST_FILE).read_text(encoding="utf-8").strip()
        except (OSError, UnicodeDecodeError):
            name = ""
        if name and "/" not in name and "\\" not in name and name.endswith(SUFFIX):
            path = self.folder / name
            if any(p.exists() for p in store.backup_paths(path)):
                return path
        files = self.files()
        return max(files, key=lambda p: p.stat().st_mtime) if files else None

    def remember(self, path: Path) -> None:
        """Continue will open ``path``."""
        try:
            self.ensure()
            pointer = self.folder / LAST_FILE
            tmp = pointer.with_name(f".last.{os.getpid()}.tmp")
            tmp.write_text(path.name + "\n", encoding="utf-8")
            os.replace(tmp, pointer)
        except OSError:
            pass

    def import_legacy(self) -> Path | None:
        """Bring the single autosave of earlier versions into the library (once
        per version of it); the old files stay where they are.  Raises SaveError
        (once per version of the file) when neither it nor a backup loads."""
        old = store.autosave_path()
        present = [p for p in store.backup_paths(old)[:4] if p.is_file()]
        if not present:
            return None
        mark = self.ensure() / IMPORTED_MARK
        try:
            done = mark.read_text(encoding="utf-8").strip()
        except OSError:
            done = ""
        try:
            result = store.load(old)
        except SaveError:
            info = present[0].stat()
            stamp = f"unreadable {info.st_size} {info.st_mtime}"
            if done != stamp:
                mark.write_text(stamp + "\n", encoding="utf-8")
                raise
            return None
        data = store.read_bytes(result.used_path)
        stamp = str(codec.summary(data)["saved"])
        if done == stamp:
            return None
        path = self.new_file(result.session, codec.summary(data)["created"])
        store.write_atomic(path, data)
        mark.write_text(stamp + "\n", encoding="utf-8")
        self.remember(path)
        return path


# ================================================================ opening
@dataclass
class Opened:
    """A game taken from a file: the session, where it lives, what to tell the player."""
    session: Session
    home: Home
    notice: str | None = None


def open_game(path: str | os.PathLike, library: Library | None = None) -> Opened:
    """Open a game file for play.

    A file of the library is locked (another window has it: the game opens
    read-only, with a notice) and loaded, or its newest backup that loads; a
    file from elsewhere is loaded and copied into the library at its first
    change.  Loading checks what ``save check`` checks (the whole log replayed
    too), so the window opens exactly the files that check accepts.  Raises
    SaveError when neither the file nor a backup loads.
    """
    library = library or Library()
    path = Path(path)
    if not library.contains(path):
        result = store.load(path, verify=True)      # the check of `save check`: the full replay
        home = set_home(result.session, Home(source=path))
        return Opened(result.session, home, result.warning)
    lock = GameLock(path)
    mine = lock.acquire()
    try:
        result = store.load(path, verify=True)
    except BaseException:
        if mine:
            lock.release()
        raise
    damaged = result.used_path != path
    notice = result.warning
    if not mine:
        why = _("This game is open in another window; here it is read-only.")
        result.session.rules = ReadOnlyRules(result.session.rules, why)
        home = Home(path, None, read_only=True)
        notice = why + (" " + notice if notice else "")
    else:
        home = Home(path, lock, damaged=damaged, start=result.used_path if damaged else None)
        library.remember(path)
    set_home(result.session, home)
    return Opened(result.session, home, notice)


def copy_of(session: Session) -> Session:
    """A new game that is a copy of ``session`` (to play on what another window holds)."""
    rules = session.rules.inner if isinstance(session.rules, ReadOnlyRules) else session.rules
    data = codec.dumps(session)
    return codec.loads(data, rules=type(rules)() if _rebuildable(rules) else None)


def _rebuildable(rules) -> bool:
    try:
        type(rules)()
    except Exception:
        return False
    return True


# ================================================================ autosave
class GameSaver:
    """The autosave of whatever game is on the table (``store.Autosaver``'s calls).

    The first ``notify`` of a session only puts it on the table: a game
    already in the library is not written until it changes; a new game is
    written at once to a new file; a game from outside the library gets its
    file at its first change; a read-only game is never written.
    """

    def __init__(self, library: Library | None = None, min_interval: float = 0.5,
                 on_error: Callable[[str], None] | None = None):
        self.library = library or Library()
        self.min_interval = min_interval
        self.on_error = on_error
        self.session: Session | None = None
        self.home: Home | None = None
        self.saver: store.Autosaver | None = None
        self._threaded = False

    # ------------------------------------------------------ Autosaver's calls
    @property
    def dirty(self) -> bool:
        """Does the game on the table have changes not written yet?"""
        return self.saver is not None and self.saver.dirty

    @property
    def last_error(self) -> str | None:
        """Why the last write failed, or None."""
        return self.saver.last_error if self.saver is not None else None

    @property
    def path(self) -> Path | None:
        """The file of the game on the table, or None while it has none."""
        return self.home.path if self.home is not None else None

    def due(self) -> bool:
        """Has ``min_interval`` passed since the last snapshot?  True while the game has no
        writer (no file yet, or read-only)."""
        return self.saver is None or self.saver.due()

    def notify(self, session: Session) -> None:
        """After every change (and when another game is put on the table)."""
        if session is not self.session:
            self._switch(session)
            return
        if self.home is None or self.home.read_only:
            return
        saver = self.saver
        if saver is None:                   # a game from outside: its first change
            saver = self._give_file(session, self.home)
        saver.notify(session)

    def tick(self, session: Session) -> bool:
        """Without the writer thread: write when dirty and due (call once per frame)."""
        return self.saver.tick(session) if self.saver is not None else False

    def flush(self, session: Session) -> bool:
        """Write now if the game changed."""
        if session is not self.session:
            self._switch(session)
        return self.saver.flush(session) if self.saver is not None else False

    def start(self) -> "GameSaver":
        """Start the background writer, now and for every game put on the table later;
        returns self."""
        self._threaded = True
        if self.saver is not None:
            self.saver.start()
        return self

    def stop(self, session: Session | None = None) -> None:
        """Write what is pending, stop the writer and let go of the game's lock."""
        if session is not None and session is self.session and self.saver is not None:
            self.saver.stop(session)
        self._let_go()
        self._threaded = False

    def wait(self, timeout: float | None = None) -> bool:
        """Block until nothing is pending or being written; False on timeout."""
        return self.saver.wait(timeout) if self.saver is not None else True

    def save_now(self, session: Session) -> Path:
        """Ctrl+S: the game is in its file now (given one if it had none).
        Raises SaveError when it cannot be saved (read-only, or the disk refused)."""
        if session is not self.session:
            self._switch(session)
        home = self.home
        if home is None or home.read_only:
            raise SaveError(_("this game is open in another window; make a copy to save it"))
        saver = self.saver
        if saver is None:
            saver = self._give_file(session, home)
        saver.dirty = True
        if not saver.flush(session):
            raise SaveError(saver.last_error or _("the game could not be saved"))
        assert home.path is not None        # a home with a writer has its file
        return home.path

    # ------------------------------------------------------------ inside
    def _let_go(self) -> None:
        if self.saver is not None:
            self.saver.stop(self.session)
            self.saver = None
        if self.home is not None and self.home.lock is not None:
            self.home.lock.release()
            self.home.saver = None

    def _switch(self, session: Session) -> None:
        old = self.home
        self._let_go()
        self.session = session
        home = home_of(session)
        if home is None:                      # a new game: its own file, written now
            home = set_home(session, Home())
            self.home = home
            saver = self._give_file(session, home)
            saver.dirty = True
            saver.flush(session)
            return
        self.home = home
        if home.read_only or home.path is None:
            return
        if home.lock is None or not home.lock.held:
            lock = home.lock or GameLock(home.path)
            if not lock.acquire():            # taken meanwhile: read-only from now on
                home.read_only = True
                session.rules = ReadOnlyRules(session.rules, _(
                    "This game is open in another window; here it is read-only."))
                return
            home.lock = lock
        saver = self._make_saver(home)
        if old is not None and old.path == home.path:
            saver.dirty = True                # a walked-back generation replaces the file
            saver.flush(session)
        self.library.remember(home.path)

    def _give_file(self, session: Session, home: Home) -> store.Autosaver:
        """A new file in the library for the game on the table (``home`` is its home)."""
        path = home.path = self.library.new_file(session)
        lock = home.lock = GameLock(path)
        lock.acquire()
        saver = self._make_saver(home)
        self.library.remember(path)
        return saver

    def _make_saver(self, home: Home) -> store.Autosaver:
        saver = self.saver = store.Autosaver(home.path, min_interval=self.min_interval,
                                             on_error=self._error,
                                             generations=store.Generations(damaged=home.damaged,
                                                                           start=home.start))
        home.damaged, home.start = False, None
        home.saver = self
        if self._threaded:
            saver.start()
        return saver

    def _error(self, message: str) -> None:
        if self.on_error is not None:
            self.on_error(message)
