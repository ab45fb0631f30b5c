"""A battle board, drawn with the viewing seat's side towards it: two battles, each with
its shared engagement and march tracks and both armies' strength, the nations' activated and
motivated boxes, and the Shadow's doom track.  Everything on it is public.
"""
from __future__ import annotations

import pygame

import sprites.games.coc.geometry as G
from sprites.games.coc.canvas import FAINT, FP_TINT, INK, MARKER, NATION, PAPER, SH_TINT, Canvas
from tabletop.core.i18n import _
from tabletop.games.coc.data import GameData
from tabletop.games.coc.scoring import engagement_vp
import tabletop.games.coc.texts as T

RESULT = (120, 40, 30)


def render(data: GameData, board: dict, bottom: str, names: dict, z: float) -> pygame.Surface:
    """The board at zoom ``z`` with side ``bottom`` ("fp" or "sh") nearest the viewer;
    ``names``: the seats' names by side."""
    top = "sh" if bottom == "fp" else "fp"
    surf = pygame.Surface((int(G.BATTLE_W * z) + 1, int(G.BATTLE_H * z) + 1))
    c = Canvas(surf, z)
    tint = {"fp": FP_TINT, "sh": SH_TINT}
    half_h = G.BATTLE_H / 2
    c.rect((0, 0, G.BATTLE_W, G.BATTLE_H), tint[top], 0, 10)
    c.rect((0, half_h, G.BATTLE_W, half_h), tint[bottom], 0, 10)
    c.rect((0, half_h - 10, G.BATTLE_W, 20), tint[bottom])
    c.rect((6, 42, G.BATTLE_W - 12, 166), PAPER, 0, 6)
    c.rect((0, 0, G.BATTLE_W, G.BATTLE_H), INK, 2, 10)
    c.line((G.BATTLE_COL, 46), (G.BATTLE_COL, 204), FAINT, 1)
    spots = G.battle_spots(data, bottom)
    for side, where in ((top, "top"), (bottom, "bottom")):
        _strip(c, data, board, side, names.get(side, ""), where, spots)
    for col, b in enumerate(data.battles.values()):
        _battle(c, data, board, b, col, {top: "top", bottom: "bottom"}, names, spots)
    return surf


def _nation_boxes(c: Canvas, data: GameData, board: dict, nation: str, spots) -> None:
    colour = NATION.get(data.nations[nation].colour, INK)
    for kind, key, rect in spots:
        if kind == "nation" and key[0] == nation:
            c.rect(rect, (250, 244, 226))
            c.rect(rect, INK, 1)
            c.die(rect, colour, key[1])
            if board["nations"][nation] >= key[1]:
                c.cross(rect, MARKER, 0.17)


def _strip(c: Canvas, data: GameData, board: dict, side: str, name: str, where: str,
           spots) -> None:
    """A side's edge of the board: its player and the nation that may join either battle;
    then the doom track (Shadow) or the defender's bonus (Free Peoples)."""
    ya, yb = G.ROW_A[where], G.ROW_B[where]
    drawn = c.text(name, 10, ya + 10, 14, INK, "midleft", "ui-bold")
    c.text(T.half_name(side), 16 + drawn.width / c.z, ya + 10, 11, FAINT, "midleft")
    for n in (n for n in data.half(side).nations.values() if len(n.battles) > 1):
        first = next(r for k, key, r in spots if k == "nation" and key == (n.id, 1))
        c.text(T.nation(data, n.id), first[0] - 6, ya + 10, 11, INK, "midright")
        _nation_boxes(c, data, board, n.id, spots)
    if side != "sh":
        c.text(_("the defender of a battle adds {n}").format(n=data.defender_bonus), 10, yb + 10,
               11, FAINT, "midleft")
        return
    c.text(_("Doom"), 10, yb + 10, 12, INK, "midleft", "ui-bold")
    for kind, key, rect in spots:
        if kind == "doom":
            vp, gain = data.doom[key[0]]
            c.mark(rect, board["doom"][key[0]], "square", gain)
            c.text(str(vp), rect[0] + rect[2] - 2, rect[1] + 1, 8, RESULT, "topright", "ui-bold")
    arrow_x = 64 + len(data.doom) * 34 + 4
    c.text("←" if data.doom_direction == "right_to_left" else "→", arrow_x, yb + 10, 14, FAINT,
           "midleft")


def _battle(c: Canvas, data: GameData, board: dict, b, col: int, where: dict, names: dict,
            spots) -> None:
    x0 = col * G.BATTLE_COL + 12
    state = board["battles"][b.id]
    for side in ("fp", "sh"):
        y = G.BLOCK_Y[where[side]]
        nation = b.fp if side == "fp" else b.sh
        colour = NATION.get(data.nations[nation].colour, INK)
        c.rect((x0, y + 5, 8, 14), colour, 0, 2)
        c.text(T.nation(data, nation), x0 + 13, y + 12, 13, INK, "midleft", "ui-bold")
        if nation in board.get("banned", []):
            c.text(_("die banned"), x0 + 2, y + 30, 9, RESULT, "midleft")
        _nation_boxes(c, data, board, nation, spots)
        rect = next(r for k, key, r in spots if k == "strength" and key == (b.id, side))
        c.rect(rect, (252, 248, 236), 0, 4)
        c.rect(rect, INK, 1, 4)
        c.text(str(state["strength"][side]), rect[0] + rect[2] / 2, rect[1] + rect[3] / 2, 20,
               MARKER, "center", "ui-bold")
    for kind, key, rect in spots:
        if kind == "track" and key[0] == b.id:
            which, i = key[1], key[2]
            c.mark(rect, state[which][i], "square")
            if which == "engage":
                text = str(b.engagement[i]) if i == 0 else f"+{b.engagement[i]}"
                c.text(text, rect[0] + rect[2] / 2, rect[1] - 1, 10, RESULT, "midbottom", "ui-bold")
    c.text(_("Engagement"), x0, G.ENGAGE_Y + 13, 11, INK, "midleft")
    c.text(_("March"), x0, G.MARCH_Y_B + 13, 11, INK, "midleft")
    c.text(_("VP"), x0 + G.TRACK_X0 - 8, G.ENGAGE_Y - 7, 9, RESULT, "midright")
    c.text(_result(data, b, state, names), x0 + 103, G.RESULT_Y, 11.5, RESULT, "center", "ui-bold")


def _result(data: GameData, b, state: dict, names: dict) -> str:
    if state["fought"]:
        if state["winner"] == "tie":
            return _("fought: a tie")
        return _("won by {name} ({vp} VP)").format(name=names.get(state["winner"], ""),
                                                   vp=engagement_vp(data, b.id, state))
    if state["attacker"]:
        return _("{name} attacks this round").format(name=names.get(state["attacker"], ""))
    return _("worth {vp} VP to its winner").format(vp=engagement_vp(data, b.id, state))
