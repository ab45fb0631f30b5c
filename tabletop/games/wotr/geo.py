"""The drawn map: region shapes, label points, borders (read from ``data/map.json``).

The shapes are our own schematic, generated from ``data/sites.json`` by
``tabletop.games.wotr.mapgen``.  This module reads them and answers the
questions the rules and the window ask: which region lies under a point,
which borders are open or closed, and how far two regions are apart along
passable borders.  Point look-ups use a ``shapely`` spatial index.

Pure Python: no pygame.
"""
from __future__ import annotations

import json
import os
from collections import deque
from dataclasses import dataclass
from functools import lru_cache

import shapely
from shapely.geometry import Point, Polygon

from tabletop.games.wotr.data import DATA_DIR, neighbours, regions

MAP_FILE = os.path.join(DATA_DIR, "map.json")


@dataclass(frozen=True)
class Shape:
    """A region as drawn: outline, its site (where its pieces stand) and label point."""
    id: str
    outline: tuple[tuple[float, float], ...]
    site: tuple[float, float]
    label: tuple[float, float]


@dataclass(frozen=True)
class BorderLine:
    """A drawn border between two regions; ``open`` when an army may cross it."""
    a: str
    b: str
    open: bool
    line: tuple[tuple[float, float], ...]


@lru_cache(maxsize=1)
def _raw() -> dict:
    with open(MAP_FILE, encoding="utf-8") as fh:
        return json.load(fh)


def size() -> tuple[float, float]:
    """Width and height of the map in table units."""
    w, h = _raw()["size"]
    return float(w), float(h)


@lru_cache(maxsize=1)
def shapes() -> dict[str, Shape]:
    """Every region's drawn shape by id."""
    out = {}
    for rid, r in _raw()["regions"].items():
        out[rid] = Shape(rid, tuple((float(x), float(y)) for x, y in r["shape"]),
                         (float(r["site"][0]), float(r["site"][1])),
                         (float(r["label"][0]), float(r["label"][1])))
    return out


@lru_cache(maxsize=1)
def border_lines() -> tuple[BorderLine, ...]:
    """Every drawn border line."""
    return tuple(BorderLine(b["a"], b["b"], bool(b["open"]),
                            tuple((float(x), float(y)) for x, y in b["line"]))
                 for b in _raw()["borders"])


def sea() -> list[tuple[tuple[float, float], ...]]:
    """The sea's outlines."""
    return [tuple((float(x), float(y)) for x, y in ring) for ring in _raw()["sea"]]


@lru_cache(maxsize=1)
def polygons() -> dict[str, Polygon]:
    """Each region as a shapely polygon."""
    return {rid: Polygon(s.outline) for rid, s in shapes().items()}


@lru_cache(maxsize=1)
def _index():
    ids = list(polygons())
    return ids, shapely.STRtree([polygons()[r] for r in ids])


def region_at(x: float, y: float) -> str | None:
    """The region under a map point, or None (the sea, off the map)."""
    ids, tree = _index()
    hits = tree.query(Point(x, y), predicate="intersects")
    return ids[int(hits[0])] if len(hits) else None


def distance(a: str, b: str, limit: int = 99) -> int | None:
    """Fewest passable borders from ``a`` to ``b`` (None if more than ``limit``)."""
    if a == b:
        return 0
    seen = {a}
    todo = deque([(a, 0)])
    while todo:
        here, d = todo.popleft()
        if d >= limit:
            continue
        for nxt in neighbours(here):
            if nxt == b:
                return d + 1
            if nxt not in seen:
                seen.add(nxt)
                todo.append((nxt, d + 1))
    return None


def within(start: str, steps: int, blocked=lambda r: False) -> set[str]:
    """Regions reachable from ``start`` in at most ``steps`` passable moves,
    never passing through a region for which ``blocked`` is true (it may be
    the last one)."""
    out = {start}
    frontier = [start]
    for _step in range(steps):
        nxt = []
        for here in frontier:
            if here != start and blocked(here):
                continue
            for r in neighbours(here):
                if r not in out:
                    out.add(r)
                    nxt.append(r)
        frontier = nxt
    return out


def check() -> None:
    """Raise ValueError if the map file does not fit the region data."""
    if set(shapes()) != set(regions()):
        raise ValueError("map.json and the region data name different regions")
