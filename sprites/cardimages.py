"""Image packs: the player's own card scans, looked up by card code or OCTGN GUID,
read safely (shared by every game that shows cards: the card game, War of the Ring).

Files are named by card code (``01001.jpg``, ``.png``, ``.webp``) or by OCTGN
GUID, in the pack folder or any folder below it (see docs/CARD_FACES.md).  A
scan is only opened when it is a regular file (never a pipe or a device),
of at most ``MAX_IMAGE_BYTES``; its size is read from its header first
(``imagesize``) and a picture over ``MAX_IMAGE_SIDE`` pixels a side or
``MAX_IMAGE_PIXELS`` in all is refused before it is decoded.  Decoded scans
are kept at most ``MASTER`` pixels large, never at full size.

``ImagePack(folder, background=True)`` decodes off the frame: ``face``
answers None (the procedural face is drawn) until the worker thread has the
scan ready, and ``take_changed()`` tells the window to redraw.
"""
from __future__ import annotations

import io
import os
import stat
import threading
from concurrent.futures import ThreadPoolExecutor

import imagesize
import pygame

from sprites.corners import finish

IMAGE_EXTS = (".png", ".jpg", ".jpeg", ".webp")
MAX_IMAGE_BYTES = 20 * 1024 * 1024      # a card scan is well under a few MiB
MAX_IMAGE_SIDE = 8192                   # pixels
MAX_IMAGE_PIXELS = 24_000_000           # about 100 MB once decoded
MASTER = (375, 525)                     # the largest a card is ever drawn from
LETTERBOX = (20, 17, 14)                # around a landscape scan on a portrait card


def _default_pack_folder() -> str:
    try:
        import platformdirs
        base = platformdirs.user_data_dir("lotr-tabletop")
    except ImportError:  # pragma: no cover - platformdirs is a dependency
        base = os.path.join(os.path.expanduser("~"), ".local", "share", "lotr-tabletop")
    return os.path.join(base, "images")


def _next_guid(guid: str) -> str | None:
    """The GUID after ``guid`` (last group + 1): older OCTGN sets gave a quest
    card's side B its own id, the one right after side A's."""
    try:
        head, tail = guid.rsplit("-", 1)
        return f"{head}-{int(tail, 16) + 1:0{len(tail)}x}"
    except ValueError:
        return None


class ImageRefused(Exception):
    """A scan that is not used; the message says why."""


def read_image(path: str) -> pygame.Surface:
    """A scan decoded and shrunk to at most ``MASTER``, or ImageRefused.

    Only a regular file is opened (without waiting: a pipe cannot block), its
    bytes are bounded, and its pixel size is checked before decoding."""
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise ImageRefused("not a regular file")
        if info.st_size > MAX_IMAGE_BYTES:
            raise ImageRefused("file too large")
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as fh:
            if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
                raise ImageRefused("not a regular file")
            data = fh.read(MAX_IMAGE_BYTES + 1)
    except OSError as exc:
        raise ImageRefused(exc.strerror or str(exc)) from None
    if len(data) > MAX_IMAGE_BYTES:
        raise ImageRefused("file too large")
    try:
        w, h = imagesize.get(io.BytesIO(data))
    except Exception:
        w = h = -1
    if w <= 0 or h <= 0:
        raise ImageRefused("not a picture this program reads")
    if w > MAX_IMAGE_SIDE or h > MAX_IMAGE_SIDE or w * h > MAX_IMAGE_PIXELS:
        raise ImageRefused(f"{w}x{h} pixels is too large for a card scan")
    try:
        img = pygame.image.load(io.BytesIO(data), os.path.basename(path))
    except (pygame.error, ValueError, MemoryError) as exc:
        raise ImageRefused(f"cannot be decoded ({exc})") from None
    scale = min(1.0, max(MASTER) / max(w, h))        # the long side at most MASTER's
    if scale < 1.0:
        img = _smooth(img, (max(1, int(w * scale)), max(1, int(h * scale))))
    return img


class ImagePack:
    """A folder of the user's own card scans, looked up by card code or GUID.

    Files are named by card code (``01001.jpg``, ``.png``, ``.webp``) or by
    OCTGN GUID (``51223bd0-...-0801200c9001.jpg``), in the folder or any
    folder below it. Quest side B: ``01119B.jpg`` (also ``01119-B``,
    ``01119_B``, ``01119.B``), ``<guid>.B.jpg`` or, as older OCTGN packs did,
    the GUID that follows side A's (unless a card of the game has that GUID:
    ``guid_taken``, which a game's own pack answers). Names are matched
    case-insensitively.
    """

    def __init__(self, folder: str | None = None, background: bool = False):
        self.folder = folder if folder is not None else _default_pack_folder()
        self.background = background
        self.refused: dict[str, str] = {}          # path -> why it is not used
        self._index: dict[str, str] | None = None
        self._images: dict[str, pygame.Surface | None] = {}
        self._faces: dict[tuple[str, int, int], pygame.Surface] = {}
        self._loading: set[str] = set()
        self._lock = threading.Lock()
        self._changed = False
        self._pool: ThreadPoolExecutor | None = None

    def refresh(self) -> None:
        """Forget what was found and loaded, to see files added since."""
        with self._lock:
            self._index = None
            self._images.clear()
            self._faces.clear()
            self.refused.clear()

    def _scan(self) -> dict[str, str]:
        if self._index is None:
            index: dict[str, str] = {}
            if self.folder and os.path.isdir(self.folder):
                for root, dirs, files in os.walk(self.folder):
                    dirs.sort()
                    for fn in sorted(files):
                        stem, ext = os.path.splitext(fn)
                        if ext.lower() in IMAGE_EXTS:
                            index.setdefault(stem.lower(), os.path.join(root, fn))
            self._index = index
        return self._index

    def __len__(self) -> int:
        return len(self._scan())

    def candidates(self, card, side: str = "A") -> list[str]:
        """File stems (lower case) that may hold this card's side."""
        code = card.code.lower()
        guid = (card.octgn_id or "").lower()
        if (side or "A").upper() == "B":
            names = [code + "b", code + "-b", code + "_b", code + ".b"]
            if guid:
                names += [guid + ".b", guid + "b", guid + "-b", guid + "_b"]
                nxt = _next_guid(guid)
                if nxt and not self.guid_taken(nxt):
                    names.append(nxt)
            return names
        names = [code]
        if card.type == "quest":
            names += [code + "a", code + "-a", code + "_a", code + ".a"]
        if guid:
            names.append(guid)
            if card.type == "quest":
                names.append(guid + ".a")
        return names

    def guid_taken(self, guid: str) -> bool:
        """Is ``guid`` a card's own (so it cannot be another card's side B)?  The
        shared pack knows no cards; a game's pack says (the card game's does)."""
        return False

    def path_for(self, card, side: str = "A") -> str | None:
        """The file of the card's side in the pack, or None."""
        index = self._scan()
        for stem in self.candidates(card, side):
            path = index.get(stem)
            if path:
                return path
        return None

    # ------------------------------------------------------------ decoding
    def _decode(self, path: str) -> None:
        try:
            img: pygame.Surface | None = read_image(path)
        except ImageRefused as why:
            img = None
            self.refused[path] = str(why)
        with self._lock:
            self._images[path] = img
            self._loading.discard(path)
            self._changed = True

    def _load(self, path: str) -> pygame.Surface | None:
        with self._lock:
            if path in self._images:
                return self._images[path]
            if self.background:
                if path not in self._loading:
                    self._loading.add(path)
                    if self._pool is None:
                        self._pool = ThreadPoolExecutor(1, thread_name_prefix="image-pack")
                    self._pool.submit(self._decode, path)
                return None
        self._decode(path)
        return self._images[path]

    def take_changed(self) -> bool:
        """Did scans finish decoding since the last call (the table should be redrawn)?"""
        with self._lock:
            changed, self._changed = self._changed, False
        return changed

    def wait(self) -> None:
        """Block until every scan asked for is decoded (tests, screenshots)."""
        pool = self._pool
        if pool is not None:
            pool.submit(lambda: None).result()

    def face(self, card, width: int, height: int, side: str = "A") -> pygame.Surface | None:
        """The scan of ``card`` scaled to width x height with rounded corners,
        or None when the pack has no usable file for it, or it is still being
        decoded."""
        path = self.path_for(card, side)
        if path is None:
            return None
        width, height = max(16, int(width)), max(16, int(height))
        key = (path, width, height)
        done = self._faces.get(key)
        if done is not None:
            return done.copy()
        img = self._load(path)
        if img is None:
            return None
        out = pygame.Surface((width, height))
        iw, ih = img.get_size()
        if (iw > ih) != (width > height) and iw and ih:
            # a landscape scan (quest) on a portrait card: letterbox it
            out.fill(LETTERBOX)
            scale = min(width / iw, height / ih)
            sw, sh = max(1, int(iw * scale)), max(1, int(ih * scale))
            out.blit(_smooth(img, (sw, sh)), ((width - sw) // 2, (height - sh) // 2))
        else:
            out.blit(_smooth(img, (width, height)), (0, 0))
        done = finish(out)
        self._faces[key] = done
        return done.copy()


def _smooth(img: pygame.Surface, size) -> pygame.Surface:
    """smoothscale needs 24 or 32 bit pixels; palette images are copied first."""
    if img.get_bitsize() not in (24, 32):
        flat = pygame.Surface(img.get_size())
        flat.blit(img, (0, 0))
        img = flat
    return pygame.transform.smoothscale(img, size)
