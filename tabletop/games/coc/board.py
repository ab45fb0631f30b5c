"""Marking and erasing boxes, as a marker does on a dry-erase board.

A track's marks are a list with one value per box: ``EMPTY`` (never marked), ``MARKED``, or
``ERASED`` (marked once, wiped since; it shows as a smudge and can be marked again).  Tracks
are marked in order along their direction, so the next box is the one after the last marked
box; circles are erased from the right (``erase``).  The same lists serve the free table,
where a pen may mark any box.

These functions read the slot and change it only through a ``Tx`` (``slot.put``).
"""
from __future__ import annotations

from tabletop.core.i18n import _
from tabletop.core.model import TableState
from tabletop.core.ruleset import Refused
from tabletop.core.tx import Tx
from tabletop.games.coc.data import GameData, Track
import tabletop.games.coc.slot as S

EMPTY, MARKED, ERASED = 0, 1, 2
NEUTRAL, ACTIVATED, MOTIVATED = 0, 1, 2


def next_box(marks: list[int]) -> int | None:
    """The box marked next (after the last marked one), or None when the track is full."""
    n = len(marks)
    nxt = n - marks[::-1].index(MARKED) if MARKED in marks else 0
    return nxt if nxt < n else None


def count(marks: list[int]) -> int:
    """How many boxes are marked."""
    return marks.count(MARKED)


def complete(marks: list[int]) -> bool:
    """Is every box marked?"""
    return marks.count(MARKED) == len(marks)


def erased_right(marks: list[int], n: int) -> list[int]:
    """The marks after erasing the ``n`` rightmost marked boxes."""
    out = list(marks)
    for i in range(len(out) - 1, -1, -1):
        if n <= 0:
            break
        if out[i] == MARKED:
            out[i] = ERASED
            n -= 1
    return out


def all_marked(marks: list[int]) -> list[int]:
    """Every box marked."""
    return [MARKED] * len(marks)


def new_half(data: GameData, half: str) -> dict:
    """An unmarked half of a player board."""
    h = data.half(half)
    return {"tracks": {t.id: [EMPTY] * len(t.boxes) for t in h.tracks.values()},
            "arcs": {c: [0] * len(h.character_track(c).arcs) for c in h.characters},
            "pool": [], "used": []}


def new_battle_board(data: GameData, fp_seat: int, sh_seat: int) -> dict:
    """A battle board as set up: first engagement box marked, nations neutral, no doom."""
    battles = {}
    for b in data.battles.values():
        engage = [MARKED if i < data.engagement_premarked else EMPTY
                  for i in range(len(b.engagement))]
        battles[b.id] = {"march": [EMPTY] * b.march, "engage": engage,
                         "strength": {"fp": 0, "sh": 0}, "attacker": "", "fought": False,
                         "winner": "", "characters": {"fp": [], "sh": []}}
    return {"fp": fp_seat, "sh": sh_seat, "nations": {n: NEUTRAL for n in data.nations},
            "banned": [], "doom": [EMPTY] * len(data.doom), "battles": battles}


def nation_state(track: Track, marks: list[int]) -> int:
    """NEUTRAL, ACTIVATED or MOTIVATED from a call to arms track's marks."""
    if marks[track.die_box("motivate")] == MARKED:
        return MOTIVATED
    if marks[track.die_box("activate")] == MARKED:
        return ACTIVATED
    return NEUTRAL


def ready_arcs(track: Track, marks: list[int], ticked: list[int]) -> list[int]:
    """Numbers of the arcs whose box is marked and which are not ticked yet."""
    return [k for k, box in enumerate(track.arcs) if marks[box] == MARKED and not ticked[k]]


def ready(data: GameData, state: TableState, seat: int, half: str, character: str) -> bool:
    """Is one of the character's arcs ready, and has it not acted this round?"""
    hs = S.half_state(state, seat, half)
    track = data.half(half).character_track(character)
    return (character not in hs["used"]
            and bool(ready_arcs(track, hs["tracks"][track.id], hs["arcs"][character])))


class Marker:
    """Marks and erases boxes of a seat's board through a transaction."""

    def __init__(self, data: GameData, state: TableState, tx: Tx):
        self.data, self.state, self.tx = data, state, tx

    def marks(self, seat: int, half: str, tid: str) -> list[int]:
        """The marks of a track (read-only)."""
        return S.half_state(self.state, seat, half)["tracks"][tid]

    def set_marks(self, seat: int, half: str, tid: str, marks: list[int]) -> None:
        """Replace a track's marks."""
        S.put(self.tx, marks, "secret", S.pkey(seat), half, "tracks", tid)

    def gain(self, seat: int, half: str, icons) -> None:
        """Add icons to a half's pool (usable on that half only)."""
        if icons:
            pool = list(S.half_state(self.state, seat, half)["pool"]) + list(icons)
            S.put(self.tx, pool, "secret", S.pkey(seat), half, "pool")

    def mark(self, seat: int, half: str, tid: str, gain: bool = True) -> list[str]:
        """Mark a track's next box; returns the icons gained (box icons, call-to-arms rewards)."""
        track = self.data.half(half).tracks[tid]
        marks = list(self.marks(seat, half, tid))
        i = next_box(marks)
        if i is None:
            return []
        marks[i] = MARKED
        self.set_marks(seat, half, tid, marks)
        if not gain:
            return []
        box = track.boxes[i]
        got = list(box.gain)
        if box.die:
            nation = self.data.half(half).nations[track.nation]
            got += nation.activation_reward if box.die == "activate" else nation.motivation_reward
        self.gain(seat, half, got)
        return got

    def erase(self, seat: int, half: str, tid: str, n: int) -> int:
        """Erase up to ``n`` marked circles from the right; returns how many were erased."""
        marks = self.marks(seat, half, tid)
        done = min(n, count(marks))
        if done:
            self.set_marks(seat, half, tid, erased_right(marks, done))
        return done

    def fill(self, seat: int, half: str, tid: str) -> None:
        """Mark every box of a track, gaining nothing (Gollum, Smeagol, Boromir, Palantir)."""
        self.set_marks(seat, half, tid, all_marked(self.marks(seat, half, tid)))

    def tick_arc(self, seat: int, half: str, character: str) -> bool:
        """Tick the first ready arc of a character; False when none is ready."""
        track = self.data.half(half).character_track(character)
        hs = S.half_state(self.state, seat, half)
        ticked = list(hs["arcs"][character])
        ready = ready_arcs(track, hs["tracks"][track.id], ticked)
        if not ready:
            return False
        ticked[ready[0]] = 1
        S.put(self.tx, ticked, "secret", S.pkey(seat), half, "arcs", character)
        return True

    def ready(self, seat: int, half: str, character: str) -> bool:
        """Is one of the character's arcs ready, and has it not acted this round?"""
        return ready(self.data, self.state, seat, half, character)

    def use(self, seat: int, half: str, character: str) -> None:
        """Tick the character's arc and note that it has acted this round."""
        self.tick_arc(seat, half, character)
        used = list(S.half_state(self.state, seat, half)["used"]) + [character]
        S.put(self.tx, used, "secret", S.pkey(seat), half, "used")

    def private_nation(self, seat: int, half: str, nation: str) -> int:
        """A nation's state from the seat's own call to arms track."""
        track = self.data.half(half).cta(nation)
        return nation_state(track, self.marks(seat, half, track.id))


def pencil(data: GameData, state: TableState, tx: Tx, seat: int, at: str, mark: str) -> str:
    """A pencil note on a seat's own Shadow map ("" rubs it out); returns the log's words."""
    if at not in data.locations or len(mark) > 8:
        raise Refused(_("There is no such location on the map."))
    if not 0 <= seat < len(state.seats):
        raise Refused(_("There is no seat {n}.").format(n=seat + 1))
    notes = dict(S.secret(state, seat).get("notes", {}))
    notes.pop(at, None)
    if mark:
        notes[at] = mark
    S.put(tx, notes, "secret", S.pkey(seat), "notes")
    return _("{name} pencils a note on their Shadow map.").format(name=state.seats[seat].name)
