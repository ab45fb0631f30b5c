"""Save files on disk: atomic writes, rotating backups, fallback loading, autosave.

    save(session, path)            # validate, write atomically, keep 3 backups
    load(path) -> LoadResult       # .session, .used_path, .warning (backup used and why)
    Autosaver(path).notify(session) / .flush(session) / .start() / .stop()
    saves_dir(), autosave_path()   # where saves live (LOTR_TABLETOP_HOME overrides)

Generations (``Generations``, what the autosave of a game in the library
keeps beside ``NAME``): ``NAME.1``-``NAME.3`` the last three writes,
``NAME.round`` the first save of this round (``.round.1`` of the round
before), ``NAME.session`` the file as it was when this session first changed
it (``.session.1`` the session before).  A main file that cannot be read is
moved aside to ``NAME.damaged-STAMP`` instead of into the backups.  Nothing
is rotated unless something changed.

How a save is written (``write_atomic``):

1. the bytes are made with ``codec.dumps`` and read back with ``codec.loads``
   first: bytes that do not load are never written, so a good save is never
   replaced by a bad one;
2. they go to a temporary file in the same folder (``.NAME.PID.RANDOM.tmp``),
   which is flushed and fsync'ed;
3. the backups rotate: ``NAME.2`` -> ``NAME.3``, ``NAME.1`` -> ``NAME.2``,
   ``NAME`` -> ``NAME.1`` (each an atomic rename);
4. the temporary file is renamed to ``NAME`` and the folder is fsync'ed.

A crash at any point leaves ``NAME`` or, between steps 3 and 4, ``NAME.1``
holding the previous complete save; ``load`` falls back to the newest backup
that loads.  Pure Python: no pygame, no pymunk.
"""
from __future__ import annotations

import os
import stat
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from tabletop.core.i18n import _, format_datetime, ngettext
from tabletop.core.session import Session

from . import codec
from .codec import SaveError
from .envelope import too_large_file

APP_NAME = "lotr-tabletop"
ENV_HOME = "LOTR_TABLETOP_HOME"
AUTOSAVE_NAME = "autosave.msgpack"
BACKUPS = 3
STALE_TEMP_SECONDS = 600


# ================================================================= folders
def data_dir() -> Path:
    """``$LOTR_TABLETOP_HOME`` if set, else the platform's user data folder."""
    home = os.environ.get(ENV_HOME)
    if home:
        return Path(home)
    import platformdirs
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def saves_dir() -> Path:
    """Where saves live: the autosave, its backups and the library's folder of games."""
    return data_dir() / "saves"


def autosave_path() -> Path:
    """The autosave file."""
    return saves_dir() / AUTOSAVE_NAME


GENERATIONS = tuple(str(i) for i in range(1, BACKUPS + 1)) + (
    "round", "session", "round.1", "session.1")


def backup_paths(path: str | os.PathLike) -> list[Path]:
    """``path`` and its backups in the order a load tries them: NAME, NAME.1,
    NAME.2, NAME.3 (the last writes), then NAME.round, NAME.session,
    NAME.round.1, NAME.session.1 (the older generations, see ``Generations``)."""
    p = Path(path)
    return [p] + [generation_path(p, g) for g in GENERATIONS]


def generation_path(path: Path, generation: str) -> Path:
    """Where a generation of ``path`` is kept (``NAME.round``...)."""
    return path.with_name(f"{path.name}.{generation}")


# ================================================================= writing
def _fsync_dir(folder: Path) -> None:
    if os.name != "posix":                      # Windows cannot open a folder to fsync it
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _writer_gone(name: str) -> bool:
    """Is the process that wrote the temporary file ``.NAME.PID.RANDOM.tmp`` gone?"""
    try:
        pid = int(name.rsplit(".", 3)[-3])
    except (ValueError, IndexError):
        return False
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except (PermissionError, OSError):
        return False
    return False


def remove_stale_temps(folder: str | os.PathLike[str], name: str = "") -> int:
    """Delete temporary files of interrupted saves in ``folder`` (of the file
    ``name``, or of every save): those whose writer is gone, and any older than
    ten minutes.  Returns how many were deleted."""
    prefix = f".{name}." if name else "."
    now = time.time()
    removed = 0
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        if not (entry.name.startswith(prefix) and entry.name.endswith(".tmp")):
            continue
        try:
            if (_writer_gone(entry.name)
                    or now - entry.stat(follow_symlinks=False).st_mtime > STALE_TEMP_SECONDS):
                os.unlink(entry.path)
                removed += 1
        except OSError:
            pass
    return removed


def _remove_stale_temps(path: Path) -> None:
    remove_stale_temps(path.parent, path.name)


def _rotate(names: list[Path]) -> None:
    """``names[-2]`` -> ``names[-1]``, ..., ``names[0]`` -> ``names[1]``.

    Each name is replaced in one atomic step by a hard link to (or a copy of)
    the newer file, so every name holds a complete save at every moment: a
    crash in the middle leaves two names with the same save, never a gap.  A
    name that is missing (or vanished meanwhile) is skipped."""
    for newer, older in reversed(list(zip(names, names[1:]))):
        if older.is_dir():
            continue
        _copy_into(newer, older)


def _temp_for(path: Path) -> Path:
    return path.parent / f".{path.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp"


def _write_temp(path: Path, data: bytes) -> Path:
    """``data`` in a new temporary file beside ``path``, flushed to the disk."""
    tmp = _temp_for(path)
    try:
        with open(tmp, "xb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
    except BaseException:
        _unlink(tmp)
        raise
    return tmp


def _unlink(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass


def write_atomic(path: str | os.PathLike, data: bytes, backups: int = BACKUPS,
                 check: bool = True, generations: "Generations | None" = None) -> Path:
    """Write ``data`` to ``path`` atomically, rotating up to ``backups`` old copies
    (and keeping the older ``generations`` of a game, when given).

    With ``check`` the bytes are loaded first and refused (SaveError) if they
    do not load; the file on disk is then left exactly as it was.
    """
    path = Path(path)
    if path.is_dir():
        raise SaveError(_("{name} is a folder, not a save file").format(name=path.name))
    if check:
        codec.loads(data, cache=False)          # raises SaveError: nothing is touched
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    tmp = _write_temp(path, data)
    try:
        if generations is not None:
            generations.before_write(path)
        if backups > 0 and path.exists():
            _rotate(backup_paths(path)[:backups + 1])
        os.replace(tmp, path)
    except BaseException:
        _unlink(tmp)
        raise
    if generations is not None:
        generations.after_write(path, data)
    _fsync_dir(folder)
    _remove_stale_temps(path)
    return path


class Generations:
    """The older generations of one game file, kept by its autosave.

    * ``NAME.session`` (and ``.session.1``): before the first write of a
      session, the file as it was (the end of the last session);
    * ``NAME.round`` (and ``.round.1``): the first save of each round;
    * a main file known to be damaged (the game was loaded from a backup,
      ``start``) is moved to ``NAME.damaged-STAMP`` on the first write, never
      rotated over the good backups; the backup it began from is the
      session's generation.

    ``round`` is the round of the data being written (set by the autosaver).
    Every step is an atomic rename or a new file renamed into place, so a
    crash leaves each generation whole.
    """

    def __init__(self, damaged: bool = False, start: Path | None = None):
        self.damaged = damaged
        self.start = start            # the file this session began from, if not NAME itself
        self.session_started = False
        self.round: int | None = None
        self._round_mark: int | None = None       # the round NAME.round holds
        self._round_known = False

    def before_write(self, path: Path) -> None:
        """Move a damaged main file aside; keep the session's starting point."""
        if self.damaged:
            self.damaged = False
            if path.exists():
                stamp = time.strftime("%Y%m%d-%H%M%S")
                os.replace(path, _free_name(path.with_name(f"{path.name}.damaged-{stamp}")))
        if not self.session_started:
            self.session_started = True
            began = self.start if self.start is not None else path
            if began.is_file():
                names = [generation_path(path, "session"), generation_path(path, "session.1")]
                _rotate(names)
                _copy_into(began, names[0])

    def after_write(self, path: Path, data: bytes) -> None:
        """The first save of a new round is kept as ``NAME.round``."""
        if self.round is None:
            return
        mark = generation_path(path, "round")
        if not self._round_known:
            self._round_known = True
            self._round_mark = _round_of(mark)
        if self._round_mark == self.round:
            return
        names = [mark, generation_path(path, "round.1")]
        if mark.is_file():
            _rotate(names)
        tmp = _write_temp(mark, data)
        try:
            os.replace(tmp, mark)
        except BaseException:
            _unlink(tmp)
            raise
        self._round_mark = self.round


def _round_of(path: Path) -> int | None:
    try:
        return int(codec.summary(read_bytes(path))["round"])
    except (SaveError, KeyError, TypeError, ValueError):
        return None


def _free_name(path: Path) -> Path:
    n, candidate = 1, path
    while candidate.exists():
        n += 1
        candidate = path.with_name(f"{path.name}-{n}")
    return candidate


def _copy_into(src: Path, dst: Path) -> None:
    """``dst`` becomes a complete copy of ``src`` in one atomic step (a hard
    link where the file system has them, else a copied temporary file)."""
    tmp = _temp_for(dst)
    try:
        try:
            os.link(src, tmp)
        except OSError:
            import shutil
            shutil.copyfile(src, tmp)
        os.replace(tmp, dst)
    except FileNotFoundError:
        _unlink(tmp)
    except BaseException:
        _unlink(tmp)
        raise


def save(session: Session, path: str | os.PathLike, backups: int = BACKUPS) -> Path:
    """Save ``session`` to ``path`` (validated, atomic, with backups); returns the path.

    Raises SaveError when the game cannot be saved (the old file stays) and
    OSError when the disk refuses.
    """
    return write_atomic(path, codec.dumps(session), backups)


# ================================================================= loading
@dataclass
class LoadResult:
    """What ``load`` read: the session, its file, and a warning if a backup was used."""
    session: Session
    used_path: Path                 # the file actually loaded (the save or a backup)
    warning: str | None = None      # set when a backup had to be used, and why


def load(path: str | os.PathLike, verify: bool = False) -> LoadResult:
    """Load ``path``; if it is missing or damaged, the newest backup that loads.

    Raises SaveError (the reason for the save itself) when nothing loads.
    """
    problems: list[tuple[Path, str, bool]] = []      # (file, why, it is missing)
    for candidate in backup_paths(path):
        try:
            data = read_bytes(candidate)
            session = codec.loads(data, verify=verify)
        except SaveError as exc:
            problems.append((candidate, str(exc), isinstance(exc, NoSuchFile)))
            continue
        warning = None
        if problems:
            first, why, _missing = problems[0]
            stamp = _saved_at(data)
            if stamp:
                warning = _("{name} could not be read ({why}); loaded the backup {backup} "
                            "instead, saved {when}").format(name=first.name, why=why,
                                                            backup=candidate.name, when=stamp)
            else:
                warning = _("{name} could not be read ({why}); loaded the backup {backup} "
                            "instead").format(name=first.name, why=why, backup=candidate.name)
        return LoadResult(session, candidate, warning)
    why = problems[0][1]
    backups = sum(1 for _p, _w, missing in problems[1:] if not missing)
    if backups:
        raise SaveError(ngettext("{why} (and its {n} backup does not load either)",
                                 "{why} (and none of its {n} backups loads)",
                                 backups).format(why=why, n=backups))
    raise SaveError(_("{why} (no backup)").format(why=why))


def _saved_at(data: bytes) -> str:
    try:
        return format_datetime(codec.summary(data)["saved"])
    except Exception:
        return ""


class NoSuchFile(SaveError):
    """The file to load is not there."""


def read_bytes(path: str | os.PathLike) -> bytes:
    """A file's bytes for loading, with one-line SaveErrors for every way it can fail."""
    p = Path(path)
    try:
        if p.is_dir():
            raise SaveError(_("it is a folder, not a save file"))
        info = p.stat()
        if not stat.S_ISREG(info.st_mode):          # a pipe or a device could block forever
            raise SaveError(_("it is not a regular file"))
        size = info.st_size
        if size > codec.MAX_FILE:
            raise too_large_file(size)
        with open(p, "rb") as f:
            return f.read(codec.MAX_FILE + 1)
    except SaveError:
        raise
    except FileNotFoundError:
        raise NoSuchFile(_("no such file")) from None
    except PermissionError:
        raise SaveError(_("permission denied")) from None
    except OSError as exc:
        raise SaveError(codec.one_line(_("cannot read it ({why})").format(
            why=exc.strerror or exc))) from None


# ================================================================ autosave
class Autosaver:
    """Saves a session to one file whenever it changed, without blocking frames.

    * ``notify(session)`` after every change: marks the game dirty (cheap).
      When the background writer runs (``start()``) and ``min_interval``
      seconds have passed since the last snapshot, it also snapshots now.
    * ``flush(session)``: if dirty, save now on this thread (waits for the disk).
    * ``start()`` / ``stop(session=None)``: the background writer thread.

    The snapshot (``codec.dumps``) is always taken on the calling thread, so
    it sees the session between two actions, never half-way through one;
    repeated dumps are cheap (the log's packed blocks are cached): 2-3 ms on
    a 5,000-action game.  Only the validation and disk I/O (check, write,
    fsync, rename) run on the writer thread; a newer snapshot replaces one
    still waiting, so the writer never falls behind.  Without ``start()``
    nothing is written until ``flush``: call it from an idle moment, or use
    ``tick(session)`` each frame to flush when due.
    """

    def __init__(self, path: str | os.PathLike | None = None, min_interval: float = 0.5,
                 backups: int = BACKUPS, on_error: Callable[[str], None] | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 generations: Generations | None = None):
        self.path = Path(path) if path is not None else autosave_path()
        self.generations = generations    # older generations kept beside the file
        self.min_interval = min_interval
        self.backups = backups
        self.on_error = on_error
        self.clock = clock
        self.dirty = False
        self.saves = 0                    # files written
        self.last_error: str | None = None
        self._last_snapshot = float("-inf")
        self._lock = threading.Condition()
        self._pending: tuple[bytes, int] | None = None      # (data, its round)
        self._busy = False
        self._thread: threading.Thread | None = None
        self._stopping = False

    # ----------------------------------------------------------- calling side
    def notify(self, session: Session) -> None:
        """After every change: mark the game dirty (with the writer running, snapshot it
        when due)."""
        self.dirty = True
        if self._thread is not None and self.due():
            self._snapshot(session)

    def due(self) -> bool:
        """Has ``min_interval`` passed since the last snapshot?"""
        return self.clock() - self._last_snapshot >= self.min_interval

    def tick(self, session: Session) -> bool:
        """Without the writer thread: flush when dirty and due (call once per frame)."""
        if self.dirty and self.due():
            return self.flush(session)
        return False

    def flush(self, session: Session) -> bool:
        """Write now if dirty; returns True when a file was written."""
        if not self.dirty:
            self.wait()
            return False
        try:
            data = codec.dumps(session)
        except SaveError as exc:
            self._last_snapshot = self.clock()   # retry when due again, not every frame
            self._error(str(exc))
            return False
        self.dirty = False
        self._last_snapshot = self.clock()
        with self._lock:
            self._pending = None           # this snapshot supersedes any waiting one
            while self._busy:
                self._lock.wait()
            self._busy = True
        try:
            return self._write(data, session.state.round)
        finally:
            with self._lock:
                self._busy = False
                self._lock.notify_all()

    def _snapshot(self, session: Session) -> None:
        try:
            data = codec.dumps(session)
        except SaveError as exc:
            self._last_snapshot = self.clock()   # retry when due again, not every frame
            self._error(str(exc))
            return
        self.dirty = False
        self._last_snapshot = self.clock()
        with self._lock:
            self._pending = (data, session.state.round)
            self._lock.notify_all()

    # ------------------------------------------------------------ the writer
    def start(self) -> "Autosaver":
        """Start the background writer thread (once); returns self."""
        if self._thread is None:
            self._stopping = False
            self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
            self._thread.start()
        return self

    def stop(self, session: Session | None = None) -> None:
        """Stop the writer after it wrote what is pending; flush ``session`` if given."""
        thread = self._thread
        if thread is not None:
            with self._lock:
                self._stopping = True
                self._lock.notify_all()
            thread.join()
            self._thread = None
        if session is not None:
            self.flush(session)

    def wait(self, timeout: float | None = None) -> bool:
        """Block until nothing is pending or being written; False on timeout."""
        end = None if timeout is None else time.monotonic() + timeout
        with self._lock:
            while self._pending is not None or self._busy:
                left = None if end is None else end - time.monotonic()
                if left is not None and left <= 0:
                    return False
                self._lock.wait(left)
        return True

    def _run(self) -> None:
        while True:
            with self._lock:
                while self._pending is None and not self._stopping:
                    self._lock.wait()
                if self._pending is None:       # stopping and nothing left to write
                    return
                while self._busy:
                    self._lock.wait()
                (data, rnd), self._pending = self._pending, None
                self._busy = True
            try:
                self._write(data, rnd)
            finally:
                with self._lock:
                    self._busy = False
                    self._lock.notify_all()

    def _write(self, data: bytes, rnd: int) -> bool:
        try:
            if self.generations is not None:
                self.generations.round = rnd
            write_atomic(self.path, data, self.backups, generations=self.generations)
        except (SaveError, OSError) as exc:
            self._error(codec.one_line(_("autosave to {name} failed: {why}").format(
                name=self.path.name, why=exc)))
            return False
        self.saves += 1
        self.last_error = None
        return True

    def _error(self, message: str) -> None:
        self.last_error = message
        if self.on_error is not None:
            try:
                self.on_error(message)
            except Exception:
                pass
