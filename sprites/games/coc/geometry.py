"""Where everything of Circle of Conflict lies, in table units: the boards around the
viewing seat, and every box, arc and location inside a board.

Drawing and hit-testing read the same numbers, so a click lands on what is drawn.  A *spot*
is ``(kind, key, (x, y, w, h))`` in a board's own units (its top-left corner is 0, 0).
"""
from __future__ import annotations

from dataclasses import dataclass

from tabletop.games.coc.data import GameData, Half
from tabletop.games.coc.layout import RING_H, RING_W, RING_X, RING_Y

HALF_W, HALF_H = 860.0, 560.0
BATTLE_W, BATTLE_H = 460.0, 250.0
GAP = 20.0
TOP = RING_Y - (BATTLE_H - RING_H) / 2           # the top row: battle boards and the Ring board
HALVES_Y = TOP + BATTLE_H + 16.0                 # the player board below it

# inside a half board
MAP_RECT = (10.0, 36.0, 440.0, 264.0)           # the map (100 x 60 map units)
TRACK_X, TRACK_Y, TRACK_STEP, TRACK_D = 476.0, 64.0, 46.0, 32.0
MARCH_Y = 128.0
POOL_RECT = (462.0, 176.0, 388.0, 124.0)        # the check-box area: icons to use
LOWER_Y = 304.0
CHAR_X, CHAR_ROW, CHAR_BOX, CHAR_STEP = 10.0, 25.0, 18.0, 23.0
CTA_X, CTA_ROW, CTA_BOX, CTA_STEP = 318.0, 74.0, 26.0, 32.0
REC_X, REC_ROW, REC_D, REC_STEP, REC_NAME = 556.0, 25.0, 17.0, 21.0, 116.0


@dataclass(frozen=True)
class Placed:
    """A board on the table: what it is, and its rectangle in table units."""
    kind: str                   # "fp", "sh", "battle", "ring"
    key: str                    # the battle board's key ("b1"), or "" for the others
    x: float
    y: float
    w: float
    h: float

    @property
    def rect(self) -> tuple[float, float, float, float]:
        """(x, y, w, h) in table units."""
        return (self.x, self.y, self.w, self.h)


def table(players: int, viewer: int) -> list[Placed]:
    """The boards as the viewing seat has them: the Ring board in the middle of the top row,
    the battle board of its Free Peoples on the left, of its Shadow on the right, its player
    board below (Free Peoples half left, Shadow half right), the other battle boards above."""
    left = -HALF_W - GAP / 2
    fp_board = f"b{viewer + 1}"
    sh_board = f"b{(viewer - 1) % players + 1}"
    out = [Placed("ring", "", RING_X, RING_Y, RING_W, RING_H),
           Placed("battle", fp_board, left, TOP, BATTLE_W, BATTLE_H),
           Placed("battle", sh_board, -left - BATTLE_W, TOP, BATTLE_W, BATTLE_H),
           Placed("fp", "", left, HALVES_Y, HALF_W, HALF_H),
           Placed("sh", "", GAP / 2, HALVES_Y, HALF_W, HALF_H)]
    others = [f"b{i + 1}" for i in range(players) if f"b{i + 1}" not in (fp_board, sh_board)]
    width = len(others) * BATTLE_W + (len(others) - 1) * GAP
    for i, key in enumerate(others):
        out.append(Placed("battle", key, -width / 2 + i * (BATTLE_W + GAP),
                          TOP - BATTLE_H - 40.0, BATTLE_W, BATTLE_H))
    return out


def home_bounds() -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of the viewing seat's own part of the table."""
    return (-HALF_W - GAP / 2, TOP, HALF_W + GAP / 2, HALVES_Y + HALF_H)


def bounds(placed: list[Placed]) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) around every board."""
    return (min(p.x for p in placed), min(p.y for p in placed),
            max(p.x + p.w for p in placed), max(p.y + p.h for p in placed))


# ------------------------------------------------------------------ half board
def map_point(x: float, y: float) -> tuple[float, float]:
    """A map position (0-100 across, 0-60 down) in half-board units."""
    mx, my, mw, mh = MAP_RECT
    return (mx + 12 + x / 100.0 * (mw - 24), my + 12 + y / 60.0 * (mh - 24))


def half_spots(data: GameData, half: Half) -> list[tuple[str, tuple, tuple]]:
    """Every box, arc and location of a half board: ``(kind, key, rect)``.

    Kinds: ``box`` (key: track id, box index), ``arc`` (character, arc number), ``loc``
    (location id)."""
    spots: list = []
    main = half.section("resolve" if half.id == "fp" else "hunt")[0]
    for i in range(len(main.boxes)):
        spots.append(("box", (main.id, i), (TRACK_X + i * TRACK_STEP, TRACK_Y, TRACK_D, TRACK_D)))
    for track in half.section("march"):
        for i in range(len(track.boxes)):
            spots.append(("box", (track.id, i), (TRACK_X + i * TRACK_STEP, MARCH_Y, TRACK_D, TRACK_D)))
    for row, cid in enumerate(half.characters):
        track = half.character_track(cid)
        y = LOWER_Y + 22 + row * CHAR_ROW
        for i in range(len(track.boxes)):
            x = CHAR_X + 96 + i * CHAR_STEP
            spots.append(("box", (track.id, i), (x, y + 7, CHAR_BOX, CHAR_BOX)))
        for k, box in enumerate(track.arcs):
            spots.append(("arc", (cid, k), (CHAR_X + 96 + box * CHAR_STEP - 1, y, CHAR_BOX + 2, 7)))
    for row, nation in enumerate(half.nations):
        track = half.cta(nation)
        y = LOWER_Y + 22 + row * CTA_ROW + 24
        for i in range(len(track.boxes)):
            spots.append(("box", (track.id, i), (CTA_X + i * CTA_STEP, y, CTA_BOX, CTA_BOX)))
    for row, track in enumerate(half.section("recruitment")):
        y = LOWER_Y + 22 + row * REC_ROW
        for i in range(len(track.boxes)):
            spots.append(("box", (track.id, i), (REC_X + REC_NAME + i * REC_STEP, y + 4, REC_D, REC_D)))
    for loc in data.locations.values():
        x, y = map_point(loc.x, loc.y)
        spots.append(("loc", (loc.id,), (x - 13, y - 13, 26, 26)))
    return spots


# ---------------------------------------------------------------- battle board
BATTLE_COL = BATTLE_W / 2
BLOCK_Y = {"top": 44.0, "bottom": 166.0}        # each side's nations and army strength
ROW_A = {"top": 2.0, "bottom": 229.0}           # a side's player and its roving nation
ROW_B = {"top": 22.0, "bottom": 208.0}          # the Shadow's doom track, the defender's bonus
ENGAGE_Y, MARCH_Y_B, TRACK_X0 = 94.0, 124.0, 76.0
RESULT_Y = 160.0
BLOCK_H = 40.0


def battle_spots(data: GameData, mine_bottom: str) -> list[tuple[str, tuple, tuple]]:
    """The boxes of a battle board whose ``mine_bottom`` side ("fp" or "sh") faces the viewer:
    ``track`` (battle, "march"/"engage", index), ``nation`` (nation, level), ``strength``
    (battle, side), ``doom`` (index), ``winner`` (battle)."""
    where = {mine_bottom: "bottom", ("sh" if mine_bottom == "fp" else "fp"): "top"}
    spots: list = []
    for col, b in enumerate(data.battles.values()):
        x0 = col * BATTLE_COL + 12
        for which, y in (("engage", ENGAGE_Y), ("march", MARCH_Y_B)):
            n = len(b.engagement) if which == "engage" else b.march
            for i in range(n):
                spots.append(("track", (b.id, which, i), (x0 + TRACK_X0 + i * 38, y, 26, 24)))
        for side in ("fp", "sh"):
            y = BLOCK_Y[where[side]]
            nation = b.fp if side == "fp" else b.sh
            for level in (1, 2):
                spots.append(("nation", (nation, level), (x0 + 96 + level * 22, y + 20, 16, 16)))
            spots.append(("strength", (b.id, side), (x0 + 156, y + 2, 52, BLOCK_H - 4)))
        spots.append(("winner", (b.id,), (x0 + 13, RESULT_Y - 8, 180, 16)))
    for side in ("fp", "sh"):
        support = [n for n in data.half(side).nations.values() if len(n.battles) > 1]
        for n in support:
            for level in (1, 2):
                spots.append(("nation", (n.id, level), (BATTLE_W - 62 + level * 22,
                                                        ROW_A[where[side]] + 1, 18, 18)))
        if side == "sh":
            for i in range(len(data.doom)):
                pos = len(data.doom) - 1 - i if data.doom_direction == "right_to_left" else i
                spots.append(("doom", (i,), (64 + pos * 34, ROW_B[where[side]], 30, 19)))
    return spots


# ------------------------------------------------------------------ Ring board
GOLLUM_C, GOLLUM_R = (116.0, 100.0), 68.0
SEATS_X = 542.0


def gollum_spots(spaces: int) -> list[tuple[str, tuple, tuple]]:
    """The spaces of Gollum's track, clockwise around the Ring from the top."""
    import math
    out = []
    for i in range(spaces):
        a = -math.pi / 2 + 2 * math.pi * i / spaces
        x = GOLLUM_C[0] + GOLLUM_R * math.cos(a)
        y = GOLLUM_C[1] + GOLLUM_R * math.sin(a)
        out.append(("gollum", (i,), (x - 18, y - 18, 36, 36)))
    return out
