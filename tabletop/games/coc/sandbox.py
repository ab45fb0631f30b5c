"""The free table: the boards as paper and a pen, the dice as dice.

Nothing is refused that a pen could do: mark or erase any box of your own board, tick an arc,
draw the Fellowship's X anywhere on your map, mark the battle boards, write army strength,
move Gollum.  The dice, the start player token and the round are the shared sandbox verbs.
Your own board stays secret: the log says that you wrote on it, never what.
"""
from __future__ import annotations

from tabletop.core.i18n import _
from tabletop.core.model import TableState
from tabletop.core.ruleset import Refused, handles
from tabletop.core.sandbox import Sandbox
from tabletop.core.tx import Tx
from tabletop.games.coc.board import EMPTY, ERASED, MARKED, pencil
from tabletop.games.coc.data import GameData, HALVES, game_data
import tabletop.games.coc.commands as C
import tabletop.games.coc.slot as S
import tabletop.games.coc.texts as T

TOGGLE = {EMPTY: MARKED, MARKED: ERASED, ERASED: MARKED}
WINNERS = {0: "fp", 1: "sh", 2: "tie"}


class CocSandbox(Sandbox):
    """Circle of Conflict on the free table."""

    game = "coc"

    def __init__(self, data: GameData | None = None):
        self.data = data or game_data()

    def execute(self, state: TableState, cmd, tx: Tx, rng) -> str:
        """Carry a command out (the game's own verbs need its slot)."""
        if S.get(state, "boards") is None and type(cmd).__module__ == C.__name__:
            raise Refused(_("This table holds no game of Circle of Conflict."))
        return super().execute(state, cmd, tx, rng)

    def _own_track(self, st: TableState, seat: int, half: str, tid: str) -> list[int]:
        if half not in HALVES or tid not in self.data.half(half).tracks:
            raise Refused(_("There is no such track on your board."))
        self._need_seat(st, seat)
        return S.half_state(st, seat, half)["tracks"][tid]

    @handles(C.Pen)
    def _pen(self, st, cmd: C.Pen, tx: Tx, rng) -> str:
        marks = list(self._own_track(st, cmd.seat, cmd.half, cmd.track))
        if not 0 <= cmd.box < len(marks):
            raise Refused(_("That track has no such box."))
        marks[cmd.box] = TOGGLE[marks[cmd.box]]
        S.put(tx, marks, "secret", S.pkey(cmd.seat), cmd.half, "tracks", cmd.track)
        return _("{name} writes on their board.").format(name=T.seat_name(st, cmd.seat))

    @handles(C.PenArc)
    def _pen_arc(self, st, cmd: C.PenArc, tx: Tx, rng) -> str:
        self._need_seat(st, cmd.seat)
        arcs = S.half_state(st, cmd.seat, cmd.half).get("arcs", {}).get(cmd.character) \
            if cmd.half in HALVES else None
        if arcs is None or not 0 <= cmd.arc < len(arcs):
            raise Refused(_("There is no such arc on your board."))
        arcs = list(arcs)
        arcs[cmd.arc] = 0 if arcs[cmd.arc] else 1
        S.put(tx, arcs, "secret", S.pkey(cmd.seat), cmd.half, "arcs", cmd.character)
        return _("{name} writes on their board.").format(name=T.seat_name(st, cmd.seat))

    @handles(C.PenMap)
    def _pen_map(self, st, cmd: C.PenMap, tx: Tx, rng) -> str:
        self._need_seat(st, cmd.seat)
        if cmd.at not in self.data.locations:
            raise Refused(_("There is no such location on the map."))
        fel = S.secret(st, cmd.seat)["fellowship"]
        if cmd.at == fel["at"]:
            raise Refused(_("The Fellowship's X is already there."))
        lines = list(fel["lines"])
        if cmd.at in self.data.adjacency[fel["at"]]:
            lines.append([fel["at"], cmd.at])
        visited = fel["visited"] + ([] if cmd.at in fel["visited"] else [cmd.at])
        S.put(tx, dict(fel, at=cmd.at, visited=visited, lines=lines),
              "secret", S.pkey(cmd.seat), "fellowship")
        return _("{name} writes on their board.").format(name=T.seat_name(st, cmd.seat))

    def _battle_board(self, st: TableState, key: str) -> dict:
        b = S.board(st, key)
        if not b:
            raise Refused(_("There is no such battle board."))
        return b

    @handles(C.PenBattle)
    def _pen_battle(self, st, cmd: C.PenBattle, tx: Tx, rng) -> str:
        b = self._battle_board(st, cmd.board)
        if cmd.item == "nation":
            if cmd.battle not in b["nations"] or cmd.index not in (0, 1, 2):
                raise Refused(_("A nation is neutral (0), activated (1) or motivated (2)."))
            S.put(tx, cmd.index, "boards", cmd.board, "nations", cmd.battle)
            what = T.nation(self.data, cmd.battle)
        elif cmd.item == "doom":
            self._toggle(tx, b["doom"], cmd.index, ("boards", cmd.board, "doom"))
            what = _("the doom track")
        elif cmd.item in ("march", "engage", "winner") and cmd.battle in b["battles"]:
            path = ("boards", cmd.board, "battles", cmd.battle)
            if cmd.item == "winner":
                S.put(tx, WINNERS.get(cmd.index, ""), *path, "winner")
                S.put(tx, cmd.index in WINNERS, *path, "fought")
            else:
                self._toggle(tx, b["battles"][cmd.battle][cmd.item], cmd.index, path + (cmd.item,))
            what = T.battle(self.data, cmd.battle)
        else:
            raise Refused(_("There is no such box on the battle board."))
        return _("{name} marks the battle board: {what}.").format(
            name=T.seat_name(st, cmd.seat), what=what)

    @staticmethod
    def _toggle(tx: Tx, marks: list[int], index: int, path: tuple) -> None:
        if not 0 <= index < len(marks):
            raise Refused(_("That track has no such box."))
        marks = list(marks)
        marks[index] = TOGGLE[marks[index]]
        S.put(tx, marks, *path)

    @handles(C.WriteStrength)
    def _strength(self, st, cmd: C.WriteStrength, tx: Tx, rng) -> str:
        b = self._battle_board(st, cmd.board)
        if cmd.battle not in b["battles"] or cmd.side not in HALVES or not 0 <= cmd.value <= 999:
            raise Refused(_("Army strength is a number from 0 to 999 in a battle of this board."))
        S.put(tx, cmd.value, "boards", cmd.board, "battles", cmd.battle, "strength", cmd.side)
        return _("{name} writes army strength {n} for {battle}.").format(
            name=T.seat_name(st, cmd.seat), n=cmd.value, battle=T.battle(self.data, cmd.battle, cmd.side))

    @handles(C.MoveGollum)
    def _gollum(self, st, cmd: C.MoveGollum, tx: Tx, rng) -> str:
        if not 0 <= cmd.space < len(self.data.gollum_track):
            raise Refused(_("The Ring board has no such space."))
        S.put(tx, cmd.space, "gollum")
        return _("{name} moves Gollum to space {n}.").format(name=T.seat_name(st, cmd.seat),
                                                            n=cmd.space + 1)

    @handles(C.Note)
    def _note(self, st, cmd: C.Note, tx: Tx, rng) -> str:
        return pencil(self.data, st, tx, cmd.seat, cmd.at, cmd.mark)
