"""Image packs: the player's own card scans, looked up by card code or OCTGN GUID."""
from __future__ import annotations

import os
from functools import lru_cache

import pygame

from sprites.cardpaint import BORDER, _finish

IMAGE_EXTS = (".png", ".jpg", ".jpeg", ".webp")


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


class ImagePack:
    """A folder of the user's own card scans, looked up by card code or GUID.

    Files are named by card code (``01001.jpg``, ``.png``, ``.webp``) or by
    OCTGN GUID (``51223bd0-...-0801200c9001.jpg``), in the folder or any
    folder below it. Quest side B: ``01119B.jpg`` (also ``01119-B``,
    ``01119_B``, ``01119.B``), ``<guid>.B.jpg`` or, as older OCTGN packs did,
    the GUID that follows side A's. Names are matched case-insensitively.
    """

    def __init__(self, folder: str | None = None):
        self.folder = folder if folder is not None else _default_pack_folder()
        self._index: dict[str, str] | None = None
        self._images: dict[str, pygame.Surface | None] = {}
        self._faces: dict[tuple[str, int, int], pygame.Surface] = {}

    def refresh(self) -> None:
        """Forget what was found and loaded, to see files added since."""
        self._index = None
        self._images.clear()
        self._faces.clear()

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
                if nxt and not _guid_taken(nxt):
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

    def path_for(self, card, side: str = "A") -> str | None:
        """The file of the card's side, or None."""
        index = self._scan()
        for stem in self.candidates(card, side):
            path = index.get(stem)
            if path:
                return path
        return None

    def _load(self, path: str) -> pygame.Surface | None:
        if path not in self._images:
            try:
                self._images[path] = pygame.image.load(path)
            except (pygame.error, OSError, ValueError):
                self._images[path] = None
        return self._images[path]

    def face(self, card, width: int, height: int, side: str = "A") -> pygame.Surface | None:
        """The scan of ``card`` scaled to width x height with rounded
        corners, or None when the pack has no file for it."""
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
            out.fill(BORDER)
            scale = min(width / iw, height / ih)
            sw, sh = max(1, int(iw * scale)), max(1, int(ih * scale))
            scaled = _smooth(img, (sw, sh))
            out.blit(scaled, ((width - sw) // 2, (height - sh) // 2))
        else:
            out.blit(_smooth(img, (width, height)), (0, 0))
        done = _finish(out)
        self._faces[key] = done
        return done.copy()


def _smooth(img: pygame.Surface, size) -> pygame.Surface:
    """smoothscale needs 24 or 32 bit pixels; palette images are copied first."""
    if img.get_bitsize() not in (24, 32):
        flat = pygame.Surface(img.get_size())
        flat.blit(img, (0, 0))
        img = flat
    return pygame.transform.smoothscale(img, size)


@lru_cache(maxsize=1)
def _known_guids() -> frozenset[str]:
    try:
        from tabletop.games.lcg.cards import core_set
        return frozenset(core_set().by_guid)
    except Exception:  # pragma: no cover - data missing
        return frozenset()


def _guid_taken(guid: str) -> bool:
    return guid.lower() in _known_guids()


