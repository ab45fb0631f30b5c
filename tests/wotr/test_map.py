"""The drawn map against the border list: 105 shapes, every border between touching shapes."""
import json
import os
from collections import deque

from shapely.geometry import Point

import tabletop.games.wotr.geo as geo
import tabletop.games.wotr.mapgen as mapgen
from tabletop.games.wotr.data import borders, closed_borders, regions

MIN_SHARED = 20.0          # a border must be long enough to see and to drop on


def shared_lengths():
    out = {}
    for b in geo.border_lines():
        key = frozenset((b.a, b.b))
        length = sum(((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5
                     for (x1, y1), (x2, y2) in zip(b.line, b.line[1:]))
        out[key] = (out.get(key, (0.0, b.open))[0] + length, b.open)
    return out


def test_105_regions_232_borders_in_the_data():
    assert len(regions()) == 105
    assert len(borders()) == 232
    geo.check()


def test_every_region_is_one_valid_shape_and_shapes_do_not_overlap():
    polys = geo.polygons()
    assert set(polys) == set(regions())
    for rid, p in polys.items():
        assert p.is_valid and p.area > 800, rid
        s = geo.shapes()[rid]
        assert p.contains(Point(s.site)) and p.contains(Point(s.label)), rid
    ids = sorted(polys)
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            if polys[a].intersects(polys[b]):
                assert polys[a].intersection(polys[b]).area < 1.0, (a, b)


def test_every_passable_border_is_drawn_open_between_touching_shapes():
    lengths = shared_lengths()
    polys = geo.polygons()
    for pair in borders():
        a, b = sorted(pair)
        assert polys[a].touches(polys[b]) or polys[a].intersection(polys[b]).area < 1.0
        assert pair in lengths, f"{a} and {b} do not touch"
        length, is_open = lengths[pair]
        assert is_open, (a, b)
        assert length >= MIN_SHARED, (a, b, length)


def test_impassable_borders_are_drawn_closed_and_nothing_else_is_open():
    lengths = shared_lengths()
    for pair in closed_borders():
        assert pair in lengths and not lengths[pair][1], sorted(pair)
    for pair, (_length, is_open) in lengths.items():
        assert is_open == (pair in borders()), sorted(pair)


def test_every_region_is_reachable():
    start = "rivendell"
    seen = {start}
    todo = deque([start])
    while todo:
        for nxt in regions()[todo.popleft()].passable:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    assert seen == set(regions())
    assert geo.distance("the-shire", "rivendell") == 4
    assert geo.distance("orthanc", "orthanc") == 0


def test_a_point_finds_its_region():
    for rid, s in geo.shapes().items():
        assert geo.region_at(*s.site) == rid
    w, h = geo.size()
    sea = geo.sea()[0]
    x = sum(p[0] for p in sea) / len(sea)
    assert geo.region_at(-50, -50) is None and geo.region_at(w + 10, h / 2) is None
    assert sea and x >= 0


def test_map_file_is_what_the_sites_give():
    """map.json is generated from sites.json: a hand edit of one and not the other fails."""
    from shapely.geometry import Polygon
    built = mapgen.build(mapgen.load_sites())
    with open(geo.MAP_FILE, encoding="utf-8") as fh:
        saved = json.load(fh)
    assert set(built["regions"]) == set(saved["regions"])
    for rid, r in built["regions"].items():
        a, b = Polygon(r["shape"]), Polygon(saved["regions"][rid]["shape"])
        assert a.symmetric_difference(b).area < 5.0, rid      # equal up to rounding
        assert r["site"] == saved["regions"][rid]["site"]
    assert {(b["a"], b["b"], b["open"]) for b in built["borders"]} == {
        (b["a"], b["b"], b["open"]) for b in saved["borders"]}


def test_sites_draw_no_crossing_border_lines():
    sites = mapgen.load_sites()["sites"]
    edges = mapgen.layout_edges()

    def orient(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    for i, (a, b) in enumerate(edges):
        for c, d in edges[i + 1:]:
            if len({a, b, c, d}) < 4:
                continue
            p, q, r, s = sites[a], sites[b], sites[c], sites[d]
            crosses = ((orient(r, s, p) > 0) != (orient(r, s, q) > 0)
                       and (orient(p, q, r) > 0) != (orient(p, q, s) > 0))
            assert not crosses, (a, b, c, d)
    assert os.path.exists(mapgen.SITES_FILE)
