"""Circle of Conflict's boards, read from the data files (one file per board).

``data/ring_board.json``, ``data/battle_board.json``, ``data/free_peoples_board.json``,
``data/shadow_board.json`` and ``data/middle_earth_map.json`` hold every box, track, location
and number printed on the boards.  The rulebook's pictures are missing, so many values are
reconstructed; each file says which (``rulebook`` cites a section, ``reconstructed`` lists our
guesses).  Correcting a file changes the game without a change of code.

``load(folder)`` reads and checks a folder of board files and raises ``DataError`` (a
``ValueError``) with a one-line message naming the file and the problem; ``game_data()`` is
the checked data of this package, read once.
"""
from __future__ import annotations

import json
import os
from collections import deque
from dataclasses import dataclass, field
from functools import lru_cache

import tabletop.games.coc.provenance as provenance

DATA_DIR = os.path.join(os.path.dirname(__file__), "data")
FILES = ("ring_board.json", "battle_board.json", "free_peoples_board.json", "shadow_board.json",
         "middle_earth_map.json")

ICONS = ("time", "boot", "character", "army", "sword", "horn", "ring")
WILD = {"time": ("boot", "character"), "army": ("sword", "horn")}   # one icon used as another
SPENDABLE = tuple(i for i in ICONS if i != "ring")                  # the Ring only moves Gollum
SHAPES = ("circle", "square")
TIMINGS = ("secret", "revealed", "reaction", "battle")
SIDES = {"free_peoples": "fp", "shadow": "sh"}                      # file side -> slot key
HALVES = ("fp", "sh")
DIRECTIONS = ("left_to_right", "right_to_left")


class DataError(ValueError):
    """A board file that cannot be used; the message names the file and the problem."""


def fits(icon: str, accepts) -> bool:
    """Can ``icon`` mark a box that takes ``accepts`` (Time and Army are wildcards)?"""
    return icon in accepts or any(w in accepts for w in WILD.get(icon, ()))


@dataclass(frozen=True)
class Box:
    """One box of a track: icons gained when marked, an action arc, a die symbol."""
    gain: tuple[str, ...] = ()
    arc: bool = False
    die: str = ""                       # "", "activate" or "motivate" (call to arms)


@dataclass(frozen=True)
class Track:
    """A row of boxes marked in order (circles can be erased, squares never)."""
    id: str
    half: str                           # "fp" or "sh"
    section: str                        # resolve, hunt, march, characters, call_to_arms, recruitment
    name: str
    shape: str
    accepts: frozenset[str]
    boxes: tuple[Box, ...]
    character: str = ""
    nation: str = ""
    size: str = ""
    strength: tuple[int, ...] = ()      # a unit's strength when neutral, activated, motivated

    @property
    def arcs(self) -> tuple[int, ...]:
        """Indexes of the boxes with an action arc above them."""
        return tuple(i for i, b in enumerate(self.boxes) if b.arc)

    def die_box(self, kind: str) -> int:
        """Index of the box with the ``activate`` or ``motivate`` die, or -1."""
        return next((i for i, b in enumerate(self.boxes) if b.die == kind), -1)


@dataclass(frozen=True)
class Nation:
    """A nation: its die, the battles its units may join, its call-to-arms rewards."""
    id: str
    name: str
    half: str
    colour: str
    die: str
    battles: tuple[str, ...]
    activation_reward: tuple[str, ...]
    motivation_reward: tuple[str, ...]


@dataclass(frozen=True)
class Character:
    """A character: when its action is taken, and its numbers (bonus, boxes...)."""
    id: str
    name: str
    half: str
    timing: str
    params: dict = field(default_factory=dict, compare=False, hash=False)

    def num(self, key: str, default: int = 0) -> int:
        """A number of the character's ability (``bonus``, ``boxes``...)."""
        return int(self.params.get(key, default))


@dataclass(frozen=True, eq=False)
class Half:
    """One half of a player board: its sections, tracks, nations and characters."""
    id: str
    side: str
    name: str
    sections: tuple[tuple[str, str], ...]
    tracks: dict
    nations: dict
    characters: dict

    def section(self, sid: str) -> list[Track]:
        """The tracks of a section, in board order."""
        return [t for t in self.tracks.values() if t.section == sid]

    def character_track(self, cid: str) -> Track:
        """The track of a character."""
        return next(t for t in self.tracks.values() if t.character == cid)

    def cta(self, nation: str) -> Track:
        """A nation's call to arms track."""
        return next(t for t in self.tracks.values()
                    if t.section == "call_to_arms" and t.nation == nation)


@dataclass(frozen=True)
class Location:
    """A place on the map (the same on both halves) with each half's numbers."""
    id: str
    name: str
    region: str
    x: float
    y: float
    resolve: int                        # Free Peoples: resolve to move there
    icons: tuple[str, ...]              # Free Peoples: icons gained on arrival
    vp: int                             # Free Peoples: victory points once visited
    hunt: int | None                    # Shadow: hunt needed to hunt there (None: never)


@dataclass(frozen=True)
class Battle:
    """One of a battle board's two battles."""
    id: str
    name: str
    fp: str                             # the Free Peoples nation (gondor / rohan)
    sh: str                             # the Shadow nation (mordor / isengard)
    march: int
    engagement: tuple[int, ...]


@dataclass(frozen=True, eq=False)
class GameData:
    """Everything printed on the boards, checked."""
    fp: Half
    sh: Half
    locations: dict
    regions: dict                       # id -> (name, side)
    adjacency: dict                     # location -> tuple of neighbours
    paths: tuple[tuple[str, str], ...]
    start: str
    goal: str
    battles: dict
    engagement_premarked: int
    defender_bonus: int
    strength_per_vp: int
    doom: tuple[tuple[int, tuple[str, ...]], ...]   # (vp, gain) per box, in marking order
    doom_direction: str
    doom_marks: tuple[int, int]         # doom boxes for a found Fellowship: resolve left / none
    gollum_track: tuple[tuple[bool, bool], ...]     # (arrow, gollum icon) per space
    dice_spaces: tuple[str, ...]
    score_rows: tuple[tuple[str, str, str], ...]    # (id, name, side)

    def half(self, half: str) -> Half:
        """``"fp"`` or ``"sh"``."""
        return self.fp if half == "fp" else self.sh

    @property
    def nations(self) -> dict:
        """All six nations by id."""
        return {**self.fp.nations, **self.sh.nations}

    def shadow_location(self, loc: str) -> bool:
        """Is ``loc`` in a Shadow region (Mordor, Isengard, Southrons & Easterlings)?"""
        return self.regions[self.locations[loc].region][1] == "shadow"

    def distance(self, a: str, b: str) -> int:
        """Fewest lines between two locations."""
        return _distances(self)[a][b]


@lru_cache(maxsize=256)
def tracks_for(data: GameData, half: str, icon: str) -> tuple[str, ...]:
    """The tracks of a half that ``icon`` can mark (in board order)."""
    return tuple(t.id for t in data.half(half).tracks.values() if fits(icon, t.accepts))


@lru_cache(maxsize=8)
def _distances(data: GameData) -> dict:
    out = {}
    for src in data.locations:
        dist = {src: 0}
        todo = deque([src])
        while todo:
            cur = todo.popleft()
            for nxt in data.adjacency[cur]:
                if nxt not in dist:
                    dist[nxt] = dist[cur] + 1
                    todo.append(nxt)
        out[src] = dist
    return out


# ------------------------------------------------------------------ reading
def _read(folder: str, name: str) -> dict:
    path = os.path.join(folder, name)
    try:
        with open(path, encoding="utf-8") as f:
            raw = json.load(f)
    except OSError as exc:
        raise DataError(f"{name}: cannot be read ({exc.strerror or exc})") from None
    except json.JSONDecodeError as exc:
        raise DataError(f"{name}: not valid JSON (line {exc.lineno}: {exc.msg})") from None
    if not isinstance(raw, dict):
        raise DataError(f"{name}: the file must hold one JSON object")
    try:
        provenance.check(raw)
    except ValueError as exc:
        raise DataError(f"{name}: {exc}") from None
    return raw


class _Reader:
    """Typed access to one file's values, failing with the file's name and the path."""

    def __init__(self, name: str):
        self.name = name

    def fail(self, where: str, why: str):
        """Raise DataError naming the file, the place and the problem."""
        raise DataError(f"{self.name}: {where} {why}")

    def get(self, obj: dict, key: str, kind, where: str):
        """A value of the right kind, or DataError."""
        if not isinstance(obj, dict) or key not in obj:
            self.fail(where, f"has no {key!r}")
        value = obj[key]
        if kind is int and (type(value) is not int or value < 0):
            self.fail(f"{where}.{key}", "must be a whole number, 0 or more")
        if kind is str and (not isinstance(value, str) or not value):
            self.fail(f"{where}.{key}", "must be a non-empty text")
        if kind in (list, dict) and not isinstance(value, kind):
            self.fail(f"{where}.{key}", f"must be a {'list' if kind is list else 'map'}")
        return value

    def icons(self, value, where: str, allowed=ICONS) -> tuple[str, ...]:
        """A list of known icons, or DataError."""
        if not isinstance(value, list):
            self.fail(where, "must be a list of icons")
        for icon in value:
            if icon not in allowed:
                self.fail(where, f"names an unknown icon {icon!r} (known: {', '.join(allowed)})")
        return tuple(value)


def _box(r: _Reader, raw, where: str) -> Box:
    if not isinstance(raw, dict):
        r.fail(where, "must be a map")
    unknown = set(raw) - {"gain", "arc", "die"}
    if unknown:
        r.fail(where, f"has unknown keys {sorted(unknown)}")
    die = raw.get("die", "")
    if die not in ("", "activate", "motivate"):
        r.fail(where, "die must be 'activate' or 'motivate'")
    arc = raw.get("arc", False)
    if type(arc) is not bool:
        r.fail(where, "arc must be true or false")
    return Box(r.icons(raw.get("gain", []), f"{where}.gain", SPENDABLE), arc, die)


def _track(r: _Reader, half: str, tid: str, raw, sections: set) -> Track:
    where = f"tracks.{tid}"
    section = r.get(raw, "section", str, where)
    if section not in sections:
        r.fail(where, f"is in an unknown section {section!r}")
    shape = r.get(raw, "shape", str, where)
    if shape not in SHAPES:
        r.fail(where, f"has shape {shape!r}; use 'circle' or 'square'")
    accepts = r.icons(r.get(raw, "accepts", list, where), f"{where}.accepts", SPENDABLE)
    if not accepts:
        r.fail(where, "accepts no icon, so no box of it could ever be marked")
    boxes = tuple(_box(r, b, f"{where}.boxes.{i}")
                  for i, b in enumerate(r.get(raw, "boxes", list, where)))
    if not boxes:
        r.fail(where, "has no boxes")
    strength = raw.get("strength", [])
    if section == "recruitment":
        if (not isinstance(strength, list) or len(strength) != 3
                or any(type(s) is not int or s < 0 for s in strength)
                or strength != sorted(strength)):
            r.fail(where, "needs a strength of 3 rising numbers (neutral, activated, motivated)")
    return Track(tid, half, section, str(raw.get("name", "")), shape, frozenset(accepts), boxes,
                 str(raw.get("character", "")), str(raw.get("nation", "")),
                 str(raw.get("size", "")), tuple(strength))


def _reward(r: _Reader, raw, where: str) -> tuple[str, ...]:
    count = r.get(raw, "count", int, where)
    icon = r.icons([r.get(raw, "icon", str, where)], f"{where}.icon", SPENDABLE)[0]
    return (icon,) * count


def _half(raw: dict, name: str, dice: set) -> Half:
    r = _Reader(name)
    side = r.get(raw, "side", str, "the file")
    if side not in SIDES:
        r.fail("side", "must be 'free_peoples' or 'shadow'")
    half = SIDES[side]
    sections = tuple((r.get(s, "id", str, "sections"), r.get(s, "name", str, "sections"))
                     for s in r.get(raw, "sections", list, "the file"))
    nations = {}
    for nid, n in r.get(raw, "nations", dict, "the file").items():
        where = f"nations.{nid}"
        if n.get("die") not in dice:
            r.fail(where, f"names a die {n.get('die')!r} that the dice file does not have")
        nations[nid] = Nation(nid, r.get(n, "name", str, where), half, r.get(n, "colour", str, where),
                              n["die"], tuple(r.get(n, "battles", list, where)),
                              _reward(r, r.get(n, "activation_reward", dict, where), where),
                              _reward(r, r.get(n, "motivation_reward", dict, where), where))
    characters = {}
    for cid, c in r.get(raw, "characters", dict, "the file").items():
        timing = r.get(c, "timing", str, f"characters.{cid}")
        if timing not in TIMINGS:
            r.fail(f"characters.{cid}", f"has timing {timing!r} (known: {', '.join(TIMINGS)})")
        params = {k: v for k, v in c.items() if k not in ("name", "timing")}
        characters[cid] = Character(cid, r.get(c, "name", str, f"characters.{cid}"), half, timing,
                                    params)
    tracks = {tid: _track(r, half, tid, t, {s for s, _n in sections})
              for tid, t in r.get(raw, "tracks", dict, "the file").items()}
    out = Half(half, side, r.get(raw, "name", str, "the file"), sections, tracks, nations,
               characters)
    _check_half(r, out)
    return out


def _check_half(r: _Reader, half: Half) -> None:
    """Every character and nation has its tracks, and special boxes sit where they can work."""
    for t in half.tracks.values():
        if t.character and t.character not in half.characters:
            r.fail(f"tracks.{t.id}", f"belongs to an unknown character {t.character!r}")
        if t.nation and t.nation not in half.nations:
            r.fail(f"tracks.{t.id}", f"belongs to an unknown nation {t.nation!r}")
        if t.arcs and (t.section != "characters" or t.shape != "square"):
            r.fail(f"tracks.{t.id}", "has an action arc, which only character squares carry")
        if any(b.die for b in t.boxes) and t.section != "call_to_arms":
            r.fail(f"tracks.{t.id}", "has a die symbol, which only call to arms tracks carry")
    for cid in half.characters:
        owned = [t for t in half.tracks.values() if t.character == cid]
        if len(owned) != 1 or not owned[0].arcs:
            r.fail(f"characters.{cid}", "needs exactly one character track with an action arc")
    for nid in half.nations:
        cta = [t for t in half.tracks.values() if t.section == "call_to_arms" and t.nation == nid]
        if len(cta) != 1:
            r.fail(f"nations.{nid}", "needs exactly one call to arms track")
        act, mot = cta[0].die_box("activate"), cta[0].die_box("motivate")
        if not 0 <= act < mot == len(cta[0].boxes) - 1:
            r.fail(f"tracks.{cta[0].id}", "needs an 'activate' die box before the last box, "
                   "which must be the 'motivate' one")
        if not any(t.section == "recruitment" and t.nation == nid for t in half.tracks.values()):
            r.fail(f"nations.{nid}", "has no recruitment unit")
    for sid in ("march", "characters", "call_to_arms", "recruitment"):
        if not half.section(sid):
            r.fail("sections", f"{sid!r} has no track")


def _map(raw: dict, fp_raw: dict, sh_raw: dict) -> tuple[dict, dict, dict, tuple]:
    r = _Reader("middle_earth_map.json")
    regions = {}
    for rid, reg in r.get(raw, "regions", dict, "the file").items():
        side = r.get(reg, "side", str, f"regions.{rid}")
        if side not in ("free_peoples", "shadow", "neutral"):
            r.fail(f"regions.{rid}", "side must be free_peoples, shadow or neutral")
        regions[rid] = (r.get(reg, "name", str, f"regions.{rid}"), side)
    fp_map = _Reader("free_peoples_board.json").get(fp_raw, "map", dict, "the file")
    sh_map = _Reader("shadow_board.json").get(sh_raw, "map", dict, "the file")
    locations = {}
    for lid, loc in r.get(raw, "locations", dict, "the file").items():
        where = f"locations.{lid}"
        if loc.get("region") not in regions:
            r.fail(where, f"is in an unknown region {loc.get('region')!r}")
        for key in ("x", "y"):
            if type(loc.get(key)) not in (int, float):
                r.fail(where, f"needs a number {key}")
        locations[lid] = _location(lid, loc, fp_map.get(lid), sh_map.get(lid))
    for other, name in ((fp_map, "free_peoples_board.json"), (sh_map, "shadow_board.json")):
        extra = sorted(set(other) - set(locations))
        if extra:
            raise DataError(f"{name}: map.{extra[0]} is not a location of middle_earth_map.json")
    adjacency: dict[str, list[str]] = {lid: [] for lid in locations}
    paths = []
    for i, pair in enumerate(r.get(raw, "paths", list, "the file")):
        if (not isinstance(pair, list) or len(pair) != 2 or pair[0] == pair[1]
                or not all(p in locations for p in pair)):
            r.fail(f"paths.{i}", "must join two different known locations")
        a, b = pair
        if b in adjacency[a]:
            r.fail(f"paths.{i}", f"joins {a} and {b} a second time")
        adjacency[a].append(b)
        adjacency[b].append(a)
        paths.append((a, b))
    return locations, regions, {k: tuple(v) for k, v in adjacency.items()}, tuple(paths)


def _location(lid: str, loc: dict, fp, sh) -> Location:
    if not isinstance(fp, dict):
        raise DataError(f"free_peoples_board.json: map.{lid} is missing")
    if not isinstance(sh, dict):
        raise DataError(f"shadow_board.json: map.{lid} is missing")
    rf = _Reader("free_peoples_board.json")
    hunt = sh.get("hunt", "missing")
    if hunt is not None and (type(hunt) is not int or hunt < 0):
        raise DataError(f"shadow_board.json: map.{lid}.hunt must be a whole number or null (an X)")
    return Location(lid, str(loc.get("name") or lid), loc["region"], float(loc["x"]), float(loc["y"]),
                    rf.get(fp, "resolve", int, f"map.{lid}"),
                    rf.icons(rf.get(fp, "icons", list, f"map.{lid}"), f"map.{lid}.icons", SPENDABLE),
                    rf.get(fp, "vp", int, f"map.{lid}"), hunt)


def _battle_board(raw: dict, fp: Half, sh: Half) -> dict:
    r = _Reader("battle_board.json")
    battles = {}
    for bid, b in r.get(raw, "battles", dict, "the file").items():
        where = f"battles.{bid}"
        fpn, shn = r.get(b, "free_peoples", str, where), r.get(b, "shadow", str, where)
        if fpn not in fp.nations or shn not in sh.nations:
            r.fail(where, "must join a Free Peoples nation and a Shadow nation")
        eng = r.get(b, "engagement", list, where)
        if not eng or any(type(v) is not int or v < 0 for v in eng):
            r.fail(f"{where}.engagement", "must list the victory points of each box")
        march = r.get(b, "march", int, where)
        if march < 1:
            r.fail(f"{where}.march", "needs at least one box")
        battles[bid] = Battle(bid, str(b.get("name", bid)), fpn, shn, march, tuple(eng))
    for half in (fp, sh):
        for n in half.nations.values():
            if not n.battles or any(b not in battles for b in n.battles):
                raise DataError(f"{half.side}: nations.{n.id}.battles names an unknown battle")
    doom = r.get(raw, "doom_track", dict, "the file")
    boxes = tuple((r.get(b, "vp", int, f"doom_track.boxes.{i}"),
                   r.icons(b.get("gain", []), f"doom_track.boxes.{i}.gain", SPENDABLE))
                  for i, b in enumerate(r.get(doom, "boxes", list, "doom_track")))
    if not boxes:
        r.fail("doom_track", "has no boxes")
    direction = r.get(r.get(doom, "direction", dict, "doom_track"), "value", str, "doom_track.direction")
    if direction not in DIRECTIONS:
        r.fail("doom_track.direction.value", f"must be one of {', '.join(DIRECTIONS)}")
    marks = r.get(doom, "hunt_marks", dict, "doom_track")
    premarked = r.get(raw, "engagement_premarked", int, "the file")
    if any(premarked > len(b.engagement) for b in battles.values()):
        r.fail("engagement_premarked", "is more than an engagement track has boxes")
    return {"battles": battles, "engagement_premarked": premarked,
            "defender_bonus": r.get(raw, "defender_bonus", int, "the file"),
            "strength_per_vp": max(1, r.get(raw, "strength_per_vp", int, "the file")),
            "doom": boxes, "doom_direction": direction,
            "doom_marks": (r.get(marks, "resolve_left", int, "doom_track.hunt_marks"),
                           r.get(marks, "resolve_gone", int, "doom_track.hunt_marks"))}


def _ring_board(raw: dict, dice: set) -> dict:
    r = _Reader("ring_board.json")
    spaces = []
    for i, s in enumerate(r.get(raw, "gollum_track", list, "the file")):
        if not isinstance(s, dict) or any(type(s.get(k, False)) is not bool for k in ("arrow", "gollum")):
            r.fail(f"gollum_track.{i}", "must say arrow and gollum as true or false")
        spaces.append((bool(s.get("arrow")), bool(s.get("gollum"))))
    if len(spaces) < 2 or not spaces[0][0]:
        r.fail("gollum_track", "needs at least two spaces, the first with the arrow")
    if not any(g for _a, g in spaces):
        r.fail("gollum_track", "has no Gollum icon, so Gollum would never act")
    dice_spaces = tuple(r.get(raw, "dice_spaces", list, "the file"))
    for d in dice_spaces:
        if d not in dice:
            r.fail("dice_spaces", f"names a die {d!r} that the dice file does not have")
    rows = tuple((r.get(row, "id", str, "score_table"), r.get(row, "name", str, "score_table"),
                  r.get(row, "side", str, "score_table"))
                 for row in r.get(raw, "score_table", list, "the file"))
    return {"gollum_track": tuple(spaces), "dice_spaces": dice_spaces, "score_rows": rows}


def _coc_dice() -> dict:
    """Die type id -> icons per face, for the dice of this game."""
    from tabletop.core.dice import types_for_game
    return {d.id: d.icons for d in types_for_game("Circle of Conflict")}


def load(folder: str = DATA_DIR) -> GameData:
    """Read and check the board files in ``folder``; ``DataError`` names any problem."""
    dice = _coc_dice()
    raw = {name: _read(folder, name) for name in FILES}
    fp = _half(raw["free_peoples_board.json"], "free_peoples_board.json", set(dice))
    sh = _half(raw["shadow_board.json"], "shadow_board.json", set(dice))
    if (fp.side, sh.side) != ("free_peoples", "shadow"):
        raise DataError("free_peoples_board.json and shadow_board.json must have the sides "
                        "free_peoples and shadow")
    mp = raw["middle_earth_map.json"]
    locations, regions, adjacency, paths = _map(mp, raw["free_peoples_board.json"],
                                                raw["shadow_board.json"])
    r = _Reader("middle_earth_map.json")
    start, goal = r.get(mp, "start", str, "the file"), r.get(mp, "goal", str, "the file")
    if start not in locations or goal not in locations:
        r.fail("start and goal", "must be known locations")
    data = GameData(fp, sh, locations, regions, adjacency, paths, start, goal,
                    **_battle_board(raw["battle_board.json"], fp, sh),
                    **_ring_board(raw["ring_board.json"], set(dice)))
    _check_reachable(data, dice)
    return data


def producible(data: GameData, dice: dict, half: str) -> set[str]:
    """Icons a half can ever receive: dice, boxes, map, doom track, rewards (wildcards expanded)."""
    h = data.half(half)
    got: set[str] = set()
    for die in ("coc_middle_earth",) + tuple(n.die for n in h.nations.values()):
        for face in dice.get(die, ()):
            got.update(face)
    for t in h.tracks.values():
        for b in t.boxes:
            got.update(b.gain)
    for n in h.nations.values():
        got.update(n.activation_reward + n.motivation_reward)
    if half == "fp":
        for loc in data.locations.values():
            got.update(loc.icons)
    else:
        for _vp, gain in data.doom:
            got.update(gain)
    for icon in list(got):
        got.update(WILD.get(icon, ()))
    got.discard("ring")
    return got


def _check_reachable(data: GameData, dice: dict) -> None:
    """Every box can be marked by some icon the game gives; every place can be reached."""
    for half in HALVES:
        got = producible(data, dice, half)
        name = "free_peoples_board.json" if half == "fp" else "shadow_board.json"
        for t in data.half(half).tracks.values():
            if not any(fits(i, t.accepts) for i in got):
                raise DataError(f"{name}: tracks.{t.id} takes only icons this half never receives")
    seen = {data.start}
    todo = [data.start]
    while todo:
        for nxt in data.adjacency[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    lost = sorted(set(data.locations) - seen)
    if lost:
        raise DataError(f"middle_earth_map.json: {lost[0]} cannot be reached from {data.start}")
    if data.locations[data.goal].hunt is not None:
        raise DataError("shadow_board.json: the goal's hunt number must be null (an X)")


@lru_cache(maxsize=1)
def game_data() -> GameData:
    """The checked board data of this package (read once)."""
    return load(DATA_DIR)
