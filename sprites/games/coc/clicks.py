"""What a click on a board means: the spot under the pointer, the commands the rules allow
there, the pen stroke of the free table, and the spots worth a glow (where a legal action is).
"""
from __future__ import annotations

import sprites.games.coc.geometry as G
import tabletop.games.coc.commands as C
import tabletop.games.coc.slot as S
from tabletop.games.coc.board import next_box

NOTE_CYCLE = {"": "?", "?": "X", "X": ""}


def spots_of(view, placed) -> list:
    """The spots of a placed board (the viewer's own halves, battle boards, the Ring board)."""
    data = view.data
    if placed.kind in ("fp", "sh"):
        return view.half_spots[placed.kind]
    if placed.kind == "battle":
        return G.battle_spots(data, view.bottom_side(placed.key))
    return G.gollum_spots(len(data.gollum_track))


def spot_at(view, wx: float, wy: float):
    """``(placed, kind, key)`` under a table point, or None."""
    for placed in view.placed:
        lx, ly = wx - placed.x, wy - placed.y
        if not (0 <= lx <= placed.w and 0 <= ly <= placed.h):
            continue
        for kind, key, (x, y, w, h) in spots_of(view, placed):
            if x <= lx <= x + w and y <= ly <= y + h:
                return placed, kind, key
        return placed, "", ()
    return None


def matches(view, placed, kind: str, key: tuple, cmd) -> bool:
    """Does a legal command belong to the spot?"""
    half = placed.kind
    if isinstance(cmd, C.Mark):
        return kind == "box" and half == cmd.half and key == (cmd.track, cmd.box)
    if isinstance(cmd, C.Move):
        return kind == "loc" and half == "fp" and key == (cmd.to,)
    if isinstance(cmd, C.Hunt):
        return kind == "loc" and half == "sh" and key == (cmd.at,)
    if isinstance(cmd, C.Use):
        if cmd.character in ("crebain",):
            return kind == "loc" and half == "sh" and key == (cmd.target,)
        if cmd.character == "gandalf":
            return kind == "loc" and half == "fp" and key == (cmd.target,)
        return kind == "arc" and key[0] == cmd.character
    if isinstance(cmd, C.Recruit):
        return kind == "box" and half == cmd.half and key[0] == cmd.unit
    if isinstance(cmd, C.March):
        if kind == "box" and half == cmd.half:
            return key[0] == view.data.half(half).section("march")[0].id
        if placed.kind == "battle" and kind == "track" and placed.key == view.board_of(cmd.half):
            which = "engage" if cmd.engage else "march"
            return key[:2] == (cmd.battle, which)
    return False


def commands_at(view, placed, kind: str, key: tuple) -> list:
    """The legal commands of the viewing seat at a spot."""
    return [cmd for cmd in view.legal if matches(view, placed, kind, key, cmd)]


def attempt(view, placed, kind: str, key: tuple):
    """The command a click would try when nothing is legal there (its refusal says why)."""
    seat = view.app.viewer
    step = S.get(view.app.state, "step")
    if placed.kind in ("fp", "sh") and kind == "box":
        return C.Mark(seat, placed.kind, key[0], key[1])
    if placed.kind in ("fp", "sh") and kind == "arc":
        return C.Use(seat, key[0])
    if placed.kind == "fp" and kind == "loc" and step == "icons":
        return C.Move(seat, key[0])
    if placed.kind == "sh" and kind == "loc" and step == "shadow":
        return C.Hunt(seat, key[0])
    if placed.kind == "battle" and kind == "track":
        side = view.my_side(placed.key)
        if side:
            return C.March(seat, side, key[0], key[1] == "engage")
    return None


def note(view, key: tuple):
    """A pencil note on the Shadow map: nothing, ?, X, nothing again."""
    notes = view.seen_secret.get("notes", {})
    return C.Note(view.app.viewer, key[0], NOTE_CYCLE.get(notes.get(key[0], ""), ""))


def pen(view, placed, kind: str, key: tuple):
    """The free table's stroke at a spot (None where a pen does nothing)."""
    seat = view.app.viewer
    if placed.kind in ("fp", "sh"):
        if kind == "box":
            return C.Pen(seat, placed.kind, key[0], key[1])
        if kind == "arc":
            return C.PenArc(seat, placed.kind, key[0], key[1])
        if kind == "loc":
            return C.PenMap(seat, key[0]) if placed.kind == "fp" else note(view, key)
    if placed.kind == "battle":
        board = placed.key
        if kind == "track":
            return C.PenBattle(seat, board, key[1], key[0], key[2])
        if kind == "doom":
            return C.PenBattle(seat, board, "doom", "", key[0])
        if kind == "nation":
            level = S.board(view.app.state, board)["nations"][key[0]]
            return C.PenBattle(seat, board, "nation", key[0], 0 if level >= key[1] else key[1])
        if kind == "winner":
            battle = S.board(view.app.state, board)["battles"][key[0]]
            cycle = {"": 0, "fp": 1, "sh": 2, "tie": -1}
            return C.PenBattle(seat, board, "winner", key[0], cycle[battle["winner"]]
                               if battle["fought"] else 0)
    if placed.kind == "ring" and kind == "gollum":
        return C.MoveGollum(seat, key[0])
    return None


def glowing(view) -> set[tuple]:
    """(placed kind, placed key, spot kind, spot key) of every spot with a legal action."""
    out = set()
    for placed in view.placed:
        if placed.kind not in ("fp", "sh", "battle"):
            continue
        for kind, key, _rect in spots_of(view, placed):
            if kind == "track" and placed.kind == "battle":
                marks = S.board(view.app.state, placed.key)["battles"][key[0]][key[1]]
                if next_box(marks) != key[2]:
                    continue
            if any(matches(view, placed, kind, key, cmd) for cmd in view.legal):
                out.add((placed.kind, placed.key, kind, key))
    return out
