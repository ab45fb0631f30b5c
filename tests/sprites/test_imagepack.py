"""Image packs are read safely: only regular files, the pixel size checked before
decoding, decoded off the frame (issue 9)."""
from __future__ import annotations

import os
import struct
import threading
import time
import zlib

import pygame
import pytest

from sprites.cardimages import MASTER, ImagePack, ImageRefused, read_image
from tabletop.games.lcg.cards import core_set


@pytest.fixture(scope="module")
def aragorn():
    return core_set().by_code["01001"]


def _png_header_claiming(width: int, height: int) -> bytes:
    """A small PNG whose header claims a huge picture (what a 14 MB bomb starts with)."""
    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
            + chunk(b"IDAT", zlib.compress(b"\0" * 4096)) + chunk(b"IEND", b""))


def test_a_huge_picture_is_refused_before_it_is_decoded(tmp_path, aragorn):
    path = tmp_path / "01001.png"
    path.write_bytes(_png_header_claiming(60000, 60000))
    started = time.perf_counter()
    with pytest.raises(ImageRefused, match="too large"):
        read_image(str(path))
    pack = ImagePack(str(tmp_path))
    assert pack.face(aragorn, 100, 140) is None                 # the procedural face is used
    assert "too large" in pack.refused[str(path)]
    assert time.perf_counter() - started < 1.0


def test_a_fifo_in_the_pack_never_blocks(tmp_path, aragorn):
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this system")
    os.mkfifo(tmp_path / "01001.png")
    result = []
    worker = threading.Thread(target=lambda: result.append(
        ImagePack(str(tmp_path)).face(aragorn, 100, 140)), daemon=True)
    worker.start()
    worker.join(10)
    assert not worker.is_alive() and result == [None]


def test_scans_are_kept_small_and_decoded_off_the_frame(tmp_path, aragorn):
    surf = pygame.Surface((1500, 2100))
    surf.fill((10, 200, 30))
    pygame.image.save(surf, str(tmp_path / "01001.png"))
    assert max(read_image(str(tmp_path / "01001.png")).get_size()) <= max(MASTER)
    pack = ImagePack(str(tmp_path), background=True)
    first = pack.face(aragorn, 100, 140)                        # not decoded yet: no wait
    pack.wait()
    assert pack.take_changed() and not pack.take_changed()
    later = pack.face(aragorn, 100, 140)
    assert first is None
    assert all(abs(a - b) <= 4 for a, b in zip(later.get_at((50, 70))[:3], (10, 200, 30)))


def test_a_file_that_is_not_a_picture_is_refused(tmp_path, aragorn):
    (tmp_path / "01001.jpg").write_bytes(b"not a picture at all")
    pack = ImagePack(str(tmp_path))
    assert pack.face(aragorn, 100, 140) is None
    assert pack.refused
