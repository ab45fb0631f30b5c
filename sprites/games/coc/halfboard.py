"""One half of a player board, drawn from the board file and the seat's marks: the map, the
resolve (or hunt) track, march/engage, the icons to use, characters, call to arms and
recruitment.  Another seat's board is drawn closed.
"""
from __future__ import annotations

import pygame

import sprites.games.coc.geometry as G
from sprites.games.coc.canvas import (FAINT, FP_TINT, INK, MARKER, NATION, PAPER, PAPER_DARK,
                                      SH_TINT, SMUDGE, Canvas)
from tabletop.core.i18n import _
from tabletop.games.coc.data import GameData
import tabletop.games.coc.texts as T

REGION_FILL = {"gondor": (150, 180, 226), "rohan": (206, 170, 120), "elves": (150, 204, 150),
               "mordor": (214, 120, 110), "isengard": (176, 178, 184),
               "southrons_easterlings": (232, 206, 110), "unoccupied": (236, 228, 204),
               "mountains": (198, 186, 166)}


def render(data: GameData, half: str, hs: dict, extra: dict, z: float) -> pygame.Surface:
    """A half board at zoom ``z``.  ``hs``: the seat's half (tracks, arcs, pool); ``extra``:
    ``title``, ``fellowship`` (Free Peoples), ``notes`` and ``facts`` (Shadow)."""
    surf = pygame.Surface((int(G.HALF_W * z) + 1, int(G.HALF_H * z) + 1))
    c = Canvas(surf, z)
    tint = FP_TINT if half == "fp" else SH_TINT
    c.rect((0, 0, G.HALF_W, G.HALF_H), tint, 0, 10)
    c.rect((4, 4, G.HALF_W - 8, G.HALF_H - 8), PAPER, 0, 8)
    c.rect((0, 0, G.HALF_W, G.HALF_H), INK, 2, 10)
    c.text(T.half_name(half), 14, 7, 19, INK, face="title")
    c.text(extra.get("title", ""), G.HALF_W - 14, 9, 14, FAINT, "topright")
    _map(c, data, half, extra)
    _main_track(c, data, half, hs)
    _pool(c, hs.get("pool", []))
    _characters(c, data, half, hs)
    _call_to_arms(c, data, half, hs)
    _recruitment(c, data, half, hs, extra.get("levels", {}))
    return surf


def closed(z: float, half: str, title: str) -> pygame.Surface:
    """Another seat's half board: secret, so only its back and its owner's name."""
    surf = pygame.Surface((int(G.HALF_W * z) + 1, int(G.HALF_H * z) + 1))
    c = Canvas(surf, z)
    c.rect((0, 0, G.HALF_W, G.HALF_H), PAPER_DARK, 0, 10)
    c.rect((0, 0, G.HALF_W, G.HALF_H), INK, 2, 10)
    c.text(title, G.HALF_W / 2, G.HALF_H / 2 - 12, 26, INK, "center", "title")
    c.text(_("a secret board"), G.HALF_W / 2, G.HALF_H / 2 + 22, 15, FAINT, "center")
    return surf


def _map(c: Canvas, data: GameData, half: str, extra: dict) -> None:
    mx, my, mw, mh = G.MAP_RECT
    c.rect(G.MAP_RECT, (222, 210, 178), 0, 6)
    c.rect(G.MAP_RECT, FAINT, 1, 6)
    fel = extra.get("fellowship") or {}
    walked = {tuple(sorted(p)) for p in fel.get("lines", [])}
    for a, b in data.paths:
        pa = G.map_point(data.locations[a].x, data.locations[a].y)
        pb = G.map_point(data.locations[b].x, data.locations[b].y)
        on = tuple(sorted((a, b))) in walked
        c.line(pa, pb, MARKER if on else FAINT, 3.2 if on else 1.2)
    visited = set(fel.get("visited", []))
    notes = extra.get("notes") or {}
    for loc in data.locations.values():
        x, y = G.map_point(loc.x, loc.y)
        fill = MARKER if loc.id in visited and loc.id != fel.get("at") else REGION_FILL[loc.region]
        c.star(x, y, 12, fill)
        if half == "fp":
            number, ink = str(loc.resolve), (255, 255, 255) if fill == MARKER else INK
        else:
            number, ink = ("X" if loc.hunt is None else str(loc.hunt)), INK
        if loc.id != data.start or half == "sh":
            c.text(number, x, y + 0.5, 10, ink, "center", "ui-bold")
        c.text(T.place(data, loc.id), x, y + 12, 8.5, INK, "midtop")
        if half == "fp":
            if loc.icons:
                c.icons(loc.icons, x + 17, y - 8, 4.2)
            if loc.vp:
                c.text(_("{n} VP").format(n=loc.vp), x - 15, y - 9, 7.5, (120, 40, 30), "midright")
        if loc.id in notes:
            c.text(notes[loc.id], x + 14, y - 4, 12, (170, 60, 40), "midleft", "ui-bold")
    if fel.get("at"):
        x, y = G.map_point(data.locations[fel["at"]].x, data.locations[fel["at"]].y)
        c.cross((x - 11, y - 11, 22, 22), MARKER, 0.2)
    for fact in extra.get("facts", []):
        _fact(c, data, fact)


def _fact(c: Canvas, data: GameData, fact: dict) -> None:
    """What a hunt or Gollum told about the prey's Fellowship, pencilled on the Shadow map."""
    at = fact.get("at")
    if at not in data.locations:
        return
    x, y = G.map_point(data.locations[at].x, data.locations[at].y)
    word = {"miss": str(fact.get("distance", "")), "found": "!", "gollum": "!", "ring": "!"}
    text = word.get(fact["kind"], "")
    c.circle(x, y, 15, (170, 60, 40), 1.6)
    c.text(_("r{n}").format(n=fact.get("round", "")) + (f" {text}" if text else ""),
           x, y - 16, 8, (170, 60, 40), "midbottom", "ui-bold")


def _main_track(c: Canvas, data: GameData, half: str, hs: dict) -> None:
    h = data.half(half)
    main = h.section("resolve" if half == "fp" else "hunt")[0]
    c.text(_(main.name), G.TRACK_X, G.TRACK_Y - 22, 15, INK, face="ui-bold")
    c.icons(sorted(main.accepts), G.TRACK_X + 90, G.TRACK_Y - 13, 8)
    for i, box in enumerate(main.boxes):
        rect = (G.TRACK_X + i * G.TRACK_STEP, G.TRACK_Y, G.TRACK_D, G.TRACK_D)
        c.mark(rect, hs["tracks"][main.id][i], main.shape, box.gain)
    for track in h.section("march"):
        c.text(_(track.name), G.TRACK_X, G.MARCH_Y - 20, 15, INK, face="ui-bold")
        for i in range(len(track.boxes)):
            rect = (G.TRACK_X + i * G.TRACK_STEP, G.MARCH_Y, G.TRACK_D, G.TRACK_D)
            c.mark(rect, hs["tracks"][track.id][i], track.shape, ("boot",))
        c.text(_("erase it to march or engage in a battle"), G.TRACK_X + len(track.boxes) * G.TRACK_STEP,
               G.MARCH_Y + G.TRACK_D / 2, 12, FAINT, "midleft")


def _pool(c: Canvas, pool: list[str]) -> None:
    x, y, w, h = G.POOL_RECT
    c.rect(G.POOL_RECT, (244, 236, 214), 0, 6)
    c.rect(G.POOL_RECT, FAINT, 1, 6)
    c.text(_("Icons to use"), x + 10, y + 6, 13, INK, face="ui-bold")
    if not pool:
        c.text(_("none"), x + 10, y + 30, 12, FAINT)
    for i, icon in enumerate(pool):
        col, row = i % 10, i // 10
        cx, cy = x + 26 + col * 36, y + 46 + row * 36
        c.rect((cx - 15, cy - 15, 30, 30), (252, 248, 236), 0, 4)
        c.rect((cx - 15, cy - 15, 30, 30), INK, 1, 4)
        c.icon(icon, cx, cy, 11)


def _characters(c: Canvas, data: GameData, half: str, hs: dict) -> None:
    h = data.half(half)
    c.text(_("Characters"), G.CHAR_X, G.LOWER_Y, 14, INK, face="ui-bold")
    from tabletop.games.coc.board import ready_arcs
    for row, cid in enumerate(h.characters):
        track = h.character_track(cid)
        y = G.LOWER_Y + 22 + row * G.CHAR_ROW
        marks = hs["tracks"][track.id]
        ticked = hs["arcs"][cid]
        ready = ready_arcs(track, marks, ticked)
        c.text(T.character(data, cid), G.CHAR_X, y + 15, 12.5, INK, "midleft",
               "ui-bold" if ready and cid not in hs.get("used", []) else "ui")
        for i, box in enumerate(track.boxes):
            rect = (G.CHAR_X + 96 + i * G.CHAR_STEP, y + 7, G.CHAR_BOX, G.CHAR_BOX)
            c.mark(rect, marks[i], track.shape, box.gain)
        for k, box in enumerate(track.arcs):
            rect = (G.CHAR_X + 96 + box * G.CHAR_STEP - 1, y, G.CHAR_BOX + 2, 7)
            c.arc(rect, bool(ticked[k]), k in ready)


def _call_to_arms(c: Canvas, data: GameData, half: str, hs: dict) -> None:
    h = data.half(half)
    c.text(_("Call to arms"), G.CTA_X, G.LOWER_Y, 14, INK, face="ui-bold")
    for row, nid in enumerate(h.nations):
        nation = h.nations[nid]
        track = h.cta(nid)
        y = G.LOWER_Y + 22 + row * G.CTA_ROW
        colour = NATION.get(nation.colour, INK)
        c.rect((G.CTA_X, y + 3, 10, 14), colour, 0, 2)
        c.text(T.nation(data, nid), G.CTA_X + 16, y + 10, 13, INK, "midleft", "ui-bold")
        for i, box in enumerate(track.boxes):
            rect = (G.CTA_X + i * G.CTA_STEP, y + 24, G.CTA_BOX, G.CTA_BOX)
            c.mark(rect, 0, track.shape, () if box.die else box.gain)
            if box.die:
                c.die(rect, colour, 1 if box.die == "activate" else 2)
            state = hs["tracks"][track.id][i]
            if state:
                c.cross(rect, SMUDGE if state == 2 else MARKER, 0.16)


def _recruitment(c: Canvas, data: GameData, half: str, hs: dict, levels: dict) -> None:
    h = data.half(half)
    c.text(_("Recruitment"), G.REC_X, G.LOWER_Y, 14, INK, face="ui-bold")
    for row, track in enumerate(h.section("recruitment")):
        y = G.LOWER_Y + 22 + row * G.REC_ROW
        colour = NATION.get(h.nations[track.nation].colour, INK)
        c.circle(G.REC_X + 5, y + 12, 4.5, colour)
        c.text(_(track.name), G.REC_X + 14, y + 12, 12, INK, "midleft")
        for i, box in enumerate(track.boxes):
            rect = (G.REC_X + G.REC_NAME + i * G.REC_STEP, y + 4, G.REC_D, G.REC_D)
            c.mark(rect, hs["tracks"][track.id][i], track.shape, box.gain)
        level = levels.get(track.nation, 0)
        x = G.REC_X + G.REC_NAME + 5 * G.REC_STEP + 4
        for k, value in enumerate(track.strength):
            bold = k == level
            r = c.text(str(value), x, y + 12, 12.5 if bold else 11, INK if bold else FAINT, "midleft",
                       "ui-bold" if bold else "ui")
            x += r.width / c.z + 3
            if k < len(track.strength) - 1:
                x += c.text("/", x, y + 12, 11, FAINT, "midleft").width / c.z + 3
