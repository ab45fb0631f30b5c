"""Save files on disk: atomic writes, rotating backups, fallback loading, autosave.

    save(session, path)            # validate, write atomically, keep 3 backups
    load(path) -> LoadResult       # .session, .used_path, .warning (backup used and why)
    Autosaver(path).notify(session) / .flush(session) / .start() / .stop()
    saves_dir(), autosave_path()   # where saves live (LOTR_TABLETOP_HOME overrides)

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

from tabletop.core.session import Session

from . import codec
from .codec import SaveError

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
    return data_dir() / "saves"


def autosave_path() -> Path:
    return saves_dir() / AUTOSAVE_NAME


def backup_paths(path: str | os.PathLike) -> list[Path]:
    """``path`` and its backups, newest first: NAME, NAME.1, NAME.2, NAME.3."""
    p = Path(path)
    return [p] + [p.with_name(f"{p.name}.{i}") for i in range(1, BACKUPS + 1)]


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


def _remove_stale_temps(path: Path) -> None:
    """Temporary files of crashed writers (older than ten minutes) are deleted."""
    prefix = f".{path.name}."
    now = time.time()
    try:
        for entry in os.scandir(path.parent):
            if entry.name.startswith(prefix) and entry.name.endswith(".tmp"):
                try:
                    if now - entry.stat().st_mtime > STALE_TEMP_SECONDS:
                        os.unlink(entry.path)
                except OSError:
                    pass
    except OSError:
        pass


def write_atomic(path: str | os.PathLike, data: bytes, backups: int = BACKUPS,
                 check: bool = True) -> Path:
    """Write ``data`` to ``path`` atomically, rotating up to ``backups`` old copies.

    With ``check`` the bytes are loaded first and refused (SaveError) if they
    do not load; the file on disk is then left exactly as it was.
    """
    path = Path(path)
    if path.is_dir():
        raise SaveError(f"{path.name} is a folder, not a save file")
    if check:
        codec.loads(data, cache=False)          # raises SaveError: nothing is touched
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    tmp = folder / f".{path.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp"
    try:
        with open(tmp, "xb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if backups > 0 and path.exists():
            olds = backup_paths(path)[:backups + 1]
            for newer, older in reversed(list(zip(olds, olds[1:]))):
                if newer.is_file() and not older.is_dir():
                    os.replace(newer, older)
        os.replace(tmp, path)
    except BaseException:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise
    _fsync_dir(folder)
    _remove_stale_temps(path)
    return path


def save(session: Session, path: str | os.PathLike, backups: int = BACKUPS) -> Path:
    """Save ``session`` to ``path`` (validated, atomic, with backups); returns the path.

    Raises SaveError when the game cannot be saved (the old file stays) and
    OSError when the disk refuses.
    """
    return write_atomic(path, codec.dumps(session), backups)


# ================================================================= loading
@dataclass
class LoadResult:
    session: Session
    used_path: Path                 # the file actually loaded (the save or a backup)
    warning: str | None = None      # set when a backup had to be used, and why


def load(path: str | os.PathLike, verify: bool = False) -> LoadResult:
    """Load ``path``; if it is missing or damaged, the newest backup that loads.

    Raises SaveError (the reason for the save itself) when nothing loads.
    """
    problems: list[tuple[Path, str]] = []
    for candidate in backup_paths(path):
        try:
            data = read_bytes(candidate)
            session = codec.loads(data, verify=verify)
        except SaveError as exc:
            problems.append((candidate, str(exc)))
            continue
        warning = None
        if problems:
            first, why = problems[0]
            warning = (f"{first.name} could not be read ({why}); "
                       f"loaded the backup {candidate.name} instead")
            stamp = _saved_at(data)
            if stamp:
                warning += f", saved {stamp}"
        return LoadResult(session, candidate, warning)
    first, why = problems[0]
    backups = sum(1 for p, w in problems[1:] if not w.startswith("no such file"))
    extra = f" (and none of its {backups} backups loads)" if backups else " (no backup)"
    raise SaveError(f"{why}{extra}")


def _saved_at(data: bytes) -> str:
    try:
        return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(codec.summary(data)["saved"]))
    except Exception:
        return ""


def read_bytes(path: str | os.PathLike) -> bytes:
    """A file's bytes for loading, with one-line SaveErrors for every way it can fail."""
    p = Path(path)
    try:
        if p.is_dir():
            raise SaveError("it is a folder, not a save file")
        info = p.stat()
        if not stat.S_ISREG(info.st_mode):          # a pipe or a device could block forever
            raise SaveError("it is not a regular file")
        size = info.st_size
        if size > codec.MAX_FILE:
            raise SaveError(f"the file is too large to be a save ({size // 2**20} MiB)")
        with open(p, "rb") as f:
            return f.read(codec.MAX_FILE + 1)
    except SaveError:
        raise
    except FileNotFoundError:
        raise SaveError("no such file") from None
    except PermissionError:
        raise SaveError("permission denied") from None
    except OSError as exc:
        raise SaveError(codec.one_line(f"cannot read it ({exc.strerror or exc})")) from None


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
                 clock: Callable[[], float] = time.monotonic):
        self.path = Path(path) if path is not None else autosave_path()
        self.min_interval = min_interval
        self.backups = backups
        self.on_error = on_error
        self.clock = clock
        self.dirty = False
        self.saves = 0                    # files written
        self.last_error: str | None = None
        self._last_snapshot = float("-inf")
        self._lock = threading.Condition()
        self._pending: bytes | None = None
        self._busy = False
        self._thread: threading.Thread | None = None
        self._stopping = False

    # ----------------------------------------------------------- calling side
    def notify(self, session: Session) -> None:
        self.dirty = True
        if self._thread is not None and self.due():
            self._snapshot(session)

    def due(self) -> bool:
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
            return self._write(data)
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
            self._pending = data
            self._lock.notify_all()

    # ------------------------------------------------------------ the writer
    def start(self) -> "Autosaver":
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
                data, self._pending = self._pending, None
                self._busy = True
            try:
                self._write(data)
            finally:
                with self._lock:
                    self._busy = False
                    self._lock.notify_all()

    def _write(self, data: bytes) -> bool:
        try:
            write_atomic(self.path, data, self.backups)
        except (SaveError, OSError) as exc:
            self._error(codec.one_line(f"autosave to {self.path.name} failed: {exc}"))
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
