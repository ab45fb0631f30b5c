"""Round step 4: spending icons on boxes, and the secret actions (moving the Fellowship,
Arwen, Galadriel, the Palantir).  A part of the enforced ruleset (``engine.CocRules``).

Log lines of this step never say what was marked or where the Fellowship went.
"""
from __future__ import annotations

from tabletop.core.i18n import _
from tabletop.core.model import TableState
from tabletop.core.ruleset import Refused, handles
from tabletop.core.tx import Tx
from tabletop.games.coc.board import Marker, count, next_box, pencil
from tabletop.games.coc.data import GameData, HALVES, fits
import tabletop.games.coc.commands as C
import tabletop.games.coc.slot as S
import tabletop.games.coc.texts as T


def best_icon(pool: list[str], accepts) -> str | None:
    """The icon to spend on a box: one the box names before a wildcard (Time, Army)."""
    exact = [i for i in pool if i in accepts]
    if exact:
        return exact[0]
    return next((i for i in pool if fits(i, accepts)), None)


class IconActions:
    """Marking boxes with icons, and the secret actions of round step 4."""

    data: GameData

    def spending(self, st: TableState, seat: int) -> str:
        """"icons" (round step 4) or "spend" (icons gained outside it, used at once)."""
        wait = S.get(st, "wait") or {}
        return "spend" if wait.get("kind") == "spend" and wait.get("seat") == seat else "icons"

    def _expect_icons(self, st: TableState, seat: int) -> None:
        if self.spending(st, seat) == "spend":
            self.expect(st, seat, ("shadow",), "spend")
        else:
            self.expect(st, seat, ("icons",))

    @handles(C.Mark)
    def _mark(self, st, cmd: C.Mark, tx: Tx, rng) -> str:
        self._expect_icons(st, cmd.seat)
        if cmd.half not in HALVES or cmd.track not in self.data.half(cmd.half).tracks:
            raise Refused(_("There is no such track on your board."))
        if self.spending(st, cmd.seat) == "spend" and cmd.half != S.get(st, "wait")["half"]:
            raise Refused(_("Icons are used on the half of the board that gained them."))
        track = self.data.half(cmd.half).tracks[cmd.track]
        name = T.track(self.data, cmd.half, cmd.track)
        hs = S.half_state(st, cmd.seat, cmd.half)
        box = next_box(hs["tracks"][cmd.track])
        if box is None:
            raise Refused(_("{track} is full.").format(track=name))
        if cmd.box >= 0 and cmd.box != box:
            raise Refused(_("Tracks are marked in order along their arrow: the next box of {track} "
                            "is box {n}.").format(track=name, n=box + 1))
        icon = cmd.icon or best_icon(hs["pool"], track.accepts)
        if icon is None or icon not in hs["pool"] or not fits(icon, track.accepts):
            raise Refused(_("You have no icon that marks {track}; it takes {icons}.").format(
                track=name, icons=T.icons_words(sorted(track.accepts))))
        pool = list(hs["pool"])
        pool.remove(icon)
        S.put(tx, pool, "secret", S.pkey(cmd.seat), cmd.half, "pool")
        Marker(self.data, st, tx).mark(cmd.seat, cmd.half, cmd.track)
        return _("{name} marks a box.").format(name=T.seat_name(st, cmd.seat))

    def done_icons(self, st: TableState, tx: Tx, seat: int) -> str:
        """A seat closes its board: every icon must have been used if it could be."""
        for half in HALVES:
            left = self.usable(st, seat, half)
            if left:
                icon, tid = left[0]
                raise Refused(_("Every icon must be used: your {icon} can still mark {track}.").format(
                    icon=T.icon_name(icon), track=T.track(self.data, half, tid)))
        for half in HALVES:
            S.put(tx, [], "secret", S.pkey(seat), half, "pool")
        S.put(tx, True, "seats", S.pkey(seat), "ready")
        words = [_("{name} closes their board.").format(name=T.seat_name(st, seat))]
        if self.all_ready(st):
            words += self.begin_revealed(st, tx, "fp")
        return " ".join(words)

    # --------------------------------------------------- the Fellowship
    def move_cost(self, st: TableState, seat: int, to: str, galadriel: bool) -> int:
        """Resolve needed to move to ``to`` (refuses what the rules forbid)."""
        fel = S.secret(st, seat)["fellowship"]
        if to not in self.data.locations:
            raise Refused(_("There is no such location on the map."))
        if to not in self.data.adjacency[fel["at"]]:
            raise Refused(_("The Fellowship moves only along a line, to a neighbouring location."))
        if to in fel["visited"]:
            raise Refused(_("The Fellowship never returns to a location it has left."))
        cost = self.data.locations[to].resolve
        if galadriel:
            if not self.data.shadow_location(to):
                raise Refused(_("Galadriel helps only on the way into a Shadow location."))
            cost = min(cost, self.data.fp.characters["galadriel"].num("cost", 1))
        return max(cost, 1) if galadriel else cost

    def arrive(self, st: TableState, tx: Tx, seat: int, to: str) -> None:
        """Draw the line, the X in the new location, fill the old one, gain its icons."""
        fel = S.secret(st, seat)["fellowship"]
        new = {"at": to, "visited": fel["visited"] + [to], "lines": fel["lines"] + [[fel["at"], to]],
               "moves": fel["moves"] + 1}
        S.put(tx, new, "secret", S.pkey(seat), "fellowship")
        Marker(self.data, st, tx).gain(seat, "fp", self.data.locations[to].icons)

    @handles(C.Move)
    def _move(self, st, cmd: C.Move, tx: Tx, rng) -> str:
        self.expect(st, cmd.seat, ("icons",))
        m = Marker(self.data, st, tx)
        moves = S.secret(st, cmd.seat)["fellowship"]["moves"]
        if moves >= 1 + int(moves >= 1 and m.ready(cmd.seat, "fp", "arwen")):
            raise Refused(_("The Fellowship moves once a round (Arwen allows one more move)."))
        cost = self.move_cost(st, cmd.seat, cmd.to, cmd.galadriel)
        if cmd.galadriel and not m.ready(cmd.seat, "fp", "galadriel"):
            raise Refused(_("Galadriel is not ready (or has already acted this round)."))
        resolve = self.resolve_track().id
        have = count(m.marks(cmd.seat, "fp", resolve))
        if have < cost:
            raise Refused(_("Moving there costs {cost} resolve; you have {have}.").format(
                cost=cost, have=have))
        if moves >= 1:
            m.use(cmd.seat, "fp", "arwen")
        if cmd.galadriel:
            m.use(cmd.seat, "fp", "galadriel")
        m.erase(cmd.seat, "fp", resolve, cost)
        self.arrive(st, tx, cmd.seat, cmd.to)
        return _("{name} acts in secret.").format(name=T.seat_name(st, cmd.seat))

    def use_palantir(self, st: TableState, tx: Tx, cmd: C.Use) -> str:
        """The Palantir (secret): mark every hunt box, gaining nothing."""
        self.expect(st, cmd.seat, ("icons",))
        m = Marker(self.data, st, tx)
        m.use(cmd.seat, "sh", "palantir")
        m.fill(cmd.seat, "sh", self.hunt_track().id)
        return _("{name} acts in secret.").format(name=T.seat_name(st, cmd.seat))

    @handles(C.Note)
    def _note(self, st, cmd: C.Note, tx: Tx, rng) -> str:
        return pencil(self.data, st, tx, cmd.seat, cmd.at, cmd.mark)

