"""The save loader's check of the game's slot: plain data shaped as the boards say.

``check_slot(name, value)`` raises ValueError naming the first thing that is wrong (a track
with the wrong number of boxes, an unknown location, a pool holding an unknown icon...), so a
damaged or foreign file is refused with one clear line instead of failing later.  The rules
kernel's data is checked too: the stack's instructions against the game's vocabulary and the
pending choice (``kernel.check_data``), and what the engine reads of them (the step and the
reaction a choice asks, the reaction under way).  A slot saved before the kernel has no stack;
its round position is checked so that ``legacy`` can derive one.
"""
from __future__ import annotations

from typing import Any

from tabletop.core.kernel import check_data
from tabletop.games.coc.data import GameData, HALVES, SPENDABLE, game_data
from tabletop.games.coc.texts import STEPS

MARK_VALUES = (0, 1, 2)


class _Check:
    def __init__(self, data: GameData):
        self.data = data

    @staticmethod
    def need(ok: bool, where: str, why: str) -> None:
        """ValueError "where why" unless ``ok``."""
        if not ok:
            raise ValueError(f"{where} {why}")

    def marks(self, value: Any, n: int, where: str) -> None:
        """A track of ``n`` boxes."""
        self.need(isinstance(value, list) and len(value) == n
                  and all(type(v) is int and v in MARK_VALUES for v in value),
                  where, f"must be {n} boxes, each 0 (empty), 1 (marked) or 2 (erased)")

    def icons(self, value: Any, where: str) -> None:
        """A list of icons."""
        self.need(isinstance(value, list) and all(v in SPENDABLE for v in value),
                  where, "must be a list of known icons")

    def half(self, value: Any, half: str, where: str) -> None:
        """One half of a player board."""
        h = self.data.half(half)
        self.need(isinstance(value, dict), where, "is not a map")
        tracks = value.get("tracks")
        self.need(isinstance(tracks, dict) and set(tracks) == set(h.tracks), f"{where}.tracks",
                  "does not match the tracks of the board file")
        for tid, t in h.tracks.items():
            self.marks(tracks[tid], len(t.boxes), f"{where}.tracks.{tid}")
        arcs = value.get("arcs")
        self.need(isinstance(arcs, dict) and set(arcs) == set(h.characters), f"{where}.arcs",
                  "does not match the characters of the board file")
        for cid in h.characters:
            n = len(h.character_track(cid).arcs)
            self.need(isinstance(arcs[cid], list) and len(arcs[cid]) == n
                      and all(v in (0, 1) for v in arcs[cid]), f"{where}.arcs.{cid}",
                      f"must be {n} ticks of 0 or 1")
        self.icons(value.get("pool"), f"{where}.pool")
        self.need(isinstance(value.get("used"), list)
                  and all(c in h.characters for c in value["used"]), f"{where}.used",
                  "must list characters of this half")

    def fellowship(self, value: Any, where: str) -> None:
        """A Fellowship's place, path and moves."""
        locs = self.data.locations
        self.need(isinstance(value, dict) and value.get("at") in locs, where,
                  "must say where the Fellowship is")
        visited = value.get("visited")
        self.need(isinstance(visited, list) and all(v in locs for v in visited),
                  f"{where}.visited", "must list known locations")
        lines = value.get("lines")
        self.need(isinstance(lines, list) and all(
            isinstance(p, list) and len(p) == 2 and p[1] in self.data.adjacency.get(p[0], ())
            for p in lines), f"{where}.lines", "must join neighbouring locations")
        self.need(type(value.get("moves")) is int, f"{where}.moves", "must be a number")

    def secret(self, value: Any, where: str) -> None:
        """A seat's secret data."""
        self.need(isinstance(value, dict), where, "is not a map")
        for half in HALVES:
            self.half(value.get(half), half, f"{where}.{half}")
        self.fellowship(value.get("fellowship"), f"{where}.fellowship")
        self.need(value.get("assign") in (-1, 0, 1), f"{where}.assign", "must be -1, 0 or 1")
        self.need(value.get("gollum") in ("", "gollum", "smeagol"), f"{where}.gollum",
                  "must be empty, gollum or smeagol")
        self.icons(value.get("carry"), f"{where}.carry")
        notes = value.get("notes")
        self.need(isinstance(notes, dict) and all(k in self.data.locations for k in notes),
                  f"{where}.notes", "must be notes on known locations")

    def board(self, value: Any, where: str, players: int) -> None:
        """A battle board."""
        self.need(isinstance(value, dict), where, "is not a map")
        for side in HALVES:
            self.need(type(value.get(side)) is int and 0 <= value[side] < players,
                      f"{where}.{side}", "must be a seat")
        nations = value.get("nations")
        self.need(isinstance(nations, dict) and set(nations) == set(self.data.nations)
                  and all(v in (0, 1, 2) for v in nations.values()), f"{where}.nations",
                  "must give each nation 0, 1 or 2")
        self.marks(value.get("doom"), len(self.data.doom), f"{where}.doom")
        battles = value.get("battles")
        self.need(isinstance(battles, dict) and set(battles) == set(self.data.battles),
                  f"{where}.battles", "does not match the battles of the board file")
        for bid, spec in self.data.battles.items():
            b = battles[bid]
            w = f"{where}.battles.{bid}"
            self.need(isinstance(b, dict), w, "is not a map")
            self.marks(b.get("march"), spec.march, f"{w}.march")
            self.marks(b.get("engage"), len(spec.engagement), f"{w}.engage")
            strength = b.get("strength")
            self.need(isinstance(strength, dict) and all(
                type(strength.get(s)) is int and strength[s] >= 0 for s in HALVES),
                f"{w}.strength", "must be two numbers")
            self.need(b.get("winner") in ("", "fp", "sh", "tie") and b.get("attacker") in
                      ("", "fp", "sh"), w, "has an unknown winner or attacker")


def check_slot(name: str, value: Any, data: GameData | None = None) -> None:
    """ValueError unless ``value`` is a well-formed Circle of Conflict slot."""
    if name != "coc":
        raise ValueError(f"unknown game data {name[:40]!r}")
    c = _Check(data or game_data())
    c.need(isinstance(value, dict), "the game", "is not a map")
    c.need(value.get("step") in STEPS, "step", f"must be one of {', '.join(STEPS)}")
    secret, public, boards = value.get("secret"), value.get("seats"), value.get("boards")
    c.need(isinstance(secret, dict) and isinstance(public, dict) and isinstance(boards, dict),
           "the game", "lacks its boards or seats")
    players = len(public)
    keys = {f"p{i + 1}" for i in range(players)}
    c.need(2 <= players <= 8 and set(public) == keys, "seats", "must be p1, p2, ... for each seat")
    c.need(set(secret) <= keys, "secret", "names a seat that does not exist")
    c.need(set(boards) == {f"b{i + 1}" for i in range(players)}, "boards",
           "must be one battle board per seat")
    for key, sec in secret.items():
        c.secret(sec, f"secret.{key}")
    for key, b in boards.items():
        c.board(b, f"boards.{key}", players)
    c.need(type(value.get("gollum")) is int and 0 <= value["gollum"] < len(c.data.gollum_track),
           "gollum", "is not a space of the Ring board")
    check_rules(value, players)


def check_rules(value: dict[str, Any], players: int) -> None:
    """The round's position and the rules kernel's data (ValueError naming the problem)."""
    import tabletop.games.coc.engine  # noqa: F401    (declares every operation of VOCAB)
    from tabletop.games.coc.ctx import ROUND, VOCAB, WAITS
    turn, wait = value.get("turn", -1), value.get("wait")
    _Check.need(type(turn) is int and -1 <= turn < players, "turn", "must be -1 or a seat")
    _Check.need(wait is None or isinstance(wait, dict) and wait.get("kind") in WAITS
                and type(wait.get("seat", 0)) is int, "wait", "is not a known reaction")
    if value["step"] in ("fp", "shadow"):
        _Check.need(0 <= turn, "turn", "must be a seat during revealed actions")
    if "stack" not in value:                           # saved before the rules kernel
        _Check.need(value["step"] != "battle" or bool(wait), "wait",
                    "must say which battle is being fought")
        return
    check_data(VOCAB, value, players)
    _Check.need(all(ins["name"] in ROUND.names for ins in value["stack"] if ins["op"] == "step"),
                "stack", "enters a step the round does not have")
    choice = value.get("choice")
    if choice is not None:
        data = choice.get("data") or {}
        _Check.need(data.get("step") in STEPS and data.get("wait", "") in ("",) + WAITS,
                    "choice", "asks for an unknown step or reaction")
        _Check.need(not data.get("wait") or bool(wait), "wait",
                    "must say what the pending reaction is about")
    else:
        _Check.need(value["step"] == "over" or bool(value.get("outcome")), "choice",
                    "is missing while the game goes on")
