"""What the enforced rules wait for and allow, read from the kernel's pending choice:
``pending`` (the choice, with the seats that may act), ``legal_actions`` (the commands a seat
may submit now, each one accepted if submitted) and ``expect`` (the refusal of a command that
does not answer the choice).

A pending choice is safe to show to everyone: its prompt names who decides and what kind of
decision it is, never a secret option; the options themselves are the deciding seat's
``legal_actions``, computed from its own board.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from itertools import combinations
from typing import Any

from tabletop.core.i18n import _
from tabletop.core.kernel import deciders, pending as kernel_pending
from tabletop.core.model import TableState
from tabletop.core.ruleset import Choice, Refused
from tabletop.games.coc.battle import battle_options
from tabletop.games.coc.board import complete, count, next_box, ready
from tabletop.games.coc.ctx import SIMULTANEOUS, resolve_track
from tabletop.games.coc.data import GameData, HALVES, tracks_for
from tabletop.games.coc.hunt import gandalf_escapes, hunt_marks
from tabletop.games.coc.icons import move_cost, moves_left, usable
from tabletop.games.coc.revealed import strider_nations
import tabletop.games.coc.commands as C
import tabletop.games.coc.slot as S
import tabletop.games.coc.texts as T


def asked(E: Mapping[str, Any]) -> tuple[str, str]:
    """(step, reaction) of the pending choice: what is asked ("" and "" when nothing is)."""
    c = E.get("choice") or {}
    data = c.get("data") or {}
    return data.get("step", ""), data.get("wait", "")


def pending(E: Mapping[str, Any]) -> Choice | None:
    """The decision the game waits for, with ``data["actors"]``: the seats that may act."""
    choice = kernel_pending(E)
    if choice is None:
        return None
    choice.data["actors"] = deciders(E)
    return choice


def expect(E: Mapping[str, Any], st: TableState, seat: int, steps: Iterable[str],
           wait: str = "") -> None:
    """Refuse unless the pending choice is one of ``steps`` (with the reaction ``wait``, or
    none) and ``seat`` may answer it."""
    step = str(E.get("step"))
    if step == "over":
        raise Refused(_("The game is over: see the score table."))
    actors = deciders(E)
    current = asked(E)[1]
    if step not in steps or current != wait:
        if current and seat not in actors:
            raise Refused(_("{name} must decide first.").format(name=T.seat_name(st, actors[0])))
        raise Refused(_("That cannot be done now: the round is at step {step}.").format(
            step=T.step_name(step)))
    if seat in actors:
        return
    if step == "roll":
        raise Refused(_("Only the start player, {name}, rolls the dice (round step 1).").format(
            name=T.seat_name(st, st.first_player)))
    if step in SIMULTANEOUS:
        raise Refused(_("You have finished this step; the other players are still at it."))
    raise Refused(_("It is {name}'s turn.").format(name=T.seat_name(st, actors[0])))


# ------------------------------------------------------------- legal actions
def legal_actions(data: GameData, st: TableState, E: Mapping[str, Any],
                  seat: int | None = None) -> list[Any]:
    """Every command ``seat`` (None: the seat expected first) may submit now."""
    actors = deciders(E)
    if seat is None and actors:
        seat = actors[0]
    if seat is None or seat not in actors:
        return []
    step, wait = asked(E)
    return ANSWERS[wait or step](data, st, seat, E)


def marks(data: GameData, st: TableState, seat: int, halves: Iterable[str] = HALVES) -> list[Any]:
    """A Mark for every track whose next box an icon of the pool can mark."""
    out: list[Any] = []
    for half in halves:
        hs = S.half_state(st, seat, half)
        fitting: dict[str, None] = {}
        for icon in set(hs["pool"]):
            fitting.update(dict.fromkeys(tracks_for(data, half, icon)))
        for tid in data.half(half).tracks:
            if tid in fitting:
                box = next_box(hs["tracks"][tid])
                if box is not None:
                    out.append(C.Mark(seat, half, tid, box))
    return out


def moves(data: GameData, st: TableState, seat: int) -> list[Any]:
    """Fellowship moves this seat can pay for (with Galadriel when she makes the difference)."""
    if not moves_left(data, st, seat):
        return []
    fel = S.secret(st, seat)["fellowship"]
    have = count(S.half_state(st, seat, "fp")["tracks"][resolve_track(data).id])
    out: list[Any] = []
    for to in data.adjacency[fel["at"]]:
        for galadriel in (False, True):
            if galadriel and not ready(data, st, seat, "fp", "galadriel"):
                continue
            try:
                cost = move_cost(data, st, seat, to, galadriel)
            except Refused:
                continue
            if cost <= have:
                out.append(C.Move(seat, to, galadriel))
    return out


def icon_actions(data: GameData, st: TableState, seat: int, E: Any = None) -> list[Any]:
    """Round step 4: marks, moves, the Palantir, and closing the board once every icon is used."""
    out = marks(data, st, seat) + moves(data, st, seat)
    if ready(data, st, seat, "sh", "palantir"):
        out.append(C.Use(seat, "palantir"))
    if not any(usable(data, st, seat, half) for half in HALVES):
        out.append(C.Done(seat))
    return out


def revealed_actions(data: GameData, st: TableState, seat: int, half: str) -> list[Any]:
    """Round step 5 or 6: marches, engagements, recruits, characters, hunts; finishing."""
    out = battle_moves(data, st, seat, half)
    for cid, c in data.half(half).characters.items():
        if c.timing == "revealed" and ready(data, st, seat, half, cid):
            out += _character_uses(data, st, seat, cid)
    if half == "sh" and not S.public(st, seat).get("hunt"):
        out += [C.Hunt(seat, at) for at in _huntable(data, st, seat, 0)]
    return out + [C.Done(seat)]


def battle_moves(data: GameData, st: TableState, seat: int, half: str) -> list[Any]:
    """Marches and engagements paid by a marked march/engage box; complete units to recruit."""
    key = S.board_key(st, seat, half)
    board = S.board(st, key)
    hs = S.half_state(st, seat, half)
    out: list[Any] = []
    if count(hs["tracks"][data.half(half).section("march")[0].id]):
        for bid, b in board["battles"].items():
            if not b["fought"]:
                out += [C.March(seat, half, bid, engage) for engage, which in
                        ((False, "march"), (True, "engage")) if not complete(b[which])]
    for t in data.half(half).section("recruitment"):
        if complete(hs["tracks"][t.id]):
            nation = data.half(half).nations[t.nation]
            out += [C.Recruit(seat, half, t.id, bid) for bid in nation.battles
                    if not board["battles"][bid]["fought"]]
    return out


def _huntable(data: GameData, st: TableState, seat: int, discount: int) -> list[str]:
    have = hunt_marks(data, st, seat)
    return [loc.id for loc in data.locations.values()
            if loc.hunt is not None and max(0, loc.hunt - discount) <= have]


def _character_uses(data: GameData, st: TableState, seat: int, cid: str) -> list[Any]:
    """The ways a ready revealed character can be used now."""
    pub = S.public(st, seat)
    board = S.board(st, S.board_key(st, seat, "fp" if cid in data.fp.characters else "sh"))
    open_battles = [b for b, x in board["battles"].items() if not x["fought"]]
    if cid == "merry":
        return [C.Use(seat, cid, b) for b in dict.fromkeys(pub.get("marched", []))
                if b in open_battles and not complete(board["battles"][b]["march"])]
    if cid == "strider":
        limit = data.fp.characters["strider"].num("boxes", 4)
        out: list[Any] = []
        for n in strider_nations(data, st, seat):
            track = data.fp.cta(n)
            nxt = next_box(S.half_state(st, seat, "fp")["tracks"][track.id])
            room = 0 if nxt is None else len(track.boxes) - nxt
            out += [C.Use(seat, cid, n, k) for k in range(1, min(limit, room) + 1)]
        return out
    if cid in ("boromir", "nazgul", "shelob"):
        return [C.Use(seat, cid)]
    if cid == "saruman":
        limit = data.sh.characters["saruman"].num("transfer", 10)
        if len(open_battles) < len(data.battles):
            return []
        return [C.Use(seat, cid, b, k) for b in open_battles
                for k in range(1, min(limit, board["battles"][b]["strength"]["sh"]) + 1)]
    if cid == "wormtongue":
        return [C.Use(seat, cid, n) for n in data.fp.nations
                if board["nations"][n] < 2 and n not in board["banned"]]
    hunted = pub.get("hunt", {})
    if cid == "crebain" and hunted.get("result") == "failed":
        discount = data.sh.characters["crebain"].num("discount", 1)
        return [C.Use(seat, cid, at) for at in _huntable(data, st, seat, discount)]
    if cid == "mouth_of_sauron" and hunted.get("result") == "found" \
            and data.shadow_location(hunted["at"]):
        return [C.Use(seat, cid)]
    return []


def _gandalf(data: GameData, st: TableState, seat: int, E: Mapping[str, Any]) -> list[Any]:
    escapes: list[Any] = [C.Use(seat, "gandalf", to)
                          for to in gandalf_escapes(data, st, seat, E["wait"]["at"])]
    return escapes + [C.Decline(seat)]


def _extra(data: GameData, st: TableState, seat: int, E: Any) -> list[Any]:
    return [C.ExtraHunt(seat, n) for n in range(hunt_marks(data, st, seat) + 1)]


def _pippin(data: GameData, st: TableState, seat: int, E: Any) -> list[Any]:
    return [C.Use(seat, "pippin"), C.Decline(seat)]


def _spend(data: GameData, st: TableState, seat: int, E: Any) -> list[Any]:
    out = marks(data, st, seat, ("fp",))
    return out if usable(data, st, seat, "fp") else out + [C.Done(seat)]


def _battle(data: GameData, st: TableState, seat: int, E: Mapping[str, Any]) -> list[Any]:
    half = "fp" if S.board(st, E["wait"]["board"])["fp"] == seat else "sh"
    options = battle_options(data, st, seat, half)
    return [C.BattleCharacters(seat, combo) for k in range(len(options) + 1)
            for combo in combinations(options, k)]


Lister = Callable[[GameData, TableState, int, Any], list[Any]]

# what is asked (a step, or a reaction) -> the commands that answer it
ANSWERS: dict[str, Lister] = {
    "roll": lambda data, st, seat, E: [C.Roll(seat)],
    "gollum": lambda data, st, seat, E: [C.ChooseGollum(seat, "gollum"),
                                         C.ChooseGollum(seat, "smeagol")],
    "assign": lambda data, st, seat, E: [C.Assign(seat, 0), C.Assign(seat, 1)],
    "icons": icon_actions,
    "fp": lambda data, st, seat, E: revealed_actions(data, st, seat, "fp"),
    "shadow": lambda data, st, seat, E: revealed_actions(data, st, seat, "sh"),
    "gandalf": _gandalf, "extra": _extra, "pippin": _pippin, "spend": _spend, "battle": _battle,
}
