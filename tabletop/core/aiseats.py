"""AI seats: which seats of a game a policy plays, kept in the table's options.

A seat played by the computer is named, with its policy, in the table option
``"ai_seats"`` (``Session.set_option``, like "I play all seats": the save and
its replays keep it, so a resumed game keeps its AI players).  The value is
plain text, ``"1=expert,2=mcts"`` (0-based seats, sorted), so the save format
needs nothing new.

- ``ai_seats(state)``: ``{seat: policy name}``; ``set_ai_seats(session, seats)``;
- ``ai_policies(game_id)``: the policies that may sit at a table (the game's own;
  ``"random"`` is accepted but never offered first); ``default_policy``;
- ``parse_ai(texts, game_id, players)``: the command line's ``--ai 2`` and
  ``--ai 2:mcts`` (seats counted from 1), refused with one line when wrong;
- ``seats_to_act(session)``: the seats the game waits for now (several at once
  in a game's secret simultaneous steps, ``choice.data["actors"]``);
- ``ai_note(name, why)``: the log line of an AI's decision.

Pure Python, no game named: a game takes part by giving ``GameSpec.policies``.
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping

from tabletop.core.games import game
from tabletop.core.i18n import _
from tabletop.core.model import TableState
from tabletop.core.session import Session

OPTION = "ai_seats"                 # the table option that names the AI seats
PREFERRED = ("expert",)             # offered first when a game has it


def encode(seats: Mapping[int, str]) -> str:
    """The option's text for ``{seat: policy}`` ("" for no AI seat)."""
    return ",".join(f"{seat}={seats[seat]}" for seat in sorted(seats))


def decode(text: Any) -> dict[int, str]:
    """``{seat: policy}`` from the option's text; what cannot be read is left out (an
    option written by a later version, a hand-edited file)."""
    out: dict[int, str] = {}
    if not isinstance(text, str):
        return out
    for part in text.split(","):
        seat, sep, policy = part.strip().partition("=")
        if sep and seat.strip().isdigit() and policy.strip():
            out[int(seat)] = policy.strip()
    return out


def ai_seats(state: TableState) -> dict[int, str]:
    """The seats the computer plays, and with which policy (seats that exist only)."""
    seats = decode(state.options.get(OPTION))
    return {s: p for s, p in seats.items() if 0 <= s < len(state.seats)}


def set_ai_seats(session: Session, seats: Mapping[int, str]) -> None:
    """Make exactly these seats AI seats (a table option: kept in the save, not logged)."""
    n = len(session.state.seats)
    keep = {int(s): str(p) for s, p in seats.items() if 0 <= int(s) < n}
    if keep or OPTION in session.state.options:
        session.set_option(OPTION, encode(keep) or None)


def ai_policies(game_id: str) -> list[str]:
    """The policies a seat of this game may be given: the game's own, the preferred
    first (empty: the game has no AI player yet)."""
    own = [name for name in game(game_id).policies if name != "random"]
    return [p for p in PREFERRED if p in own] + [p for p in own if p not in PREFERRED]


def default_policy(game_id: str) -> str | None:
    """The policy an AI seat gets when none is named (None: the game has none)."""
    offered = ai_policies(game_id)
    return offered[0] if offered else None


def parse_ai(texts: Iterable[str], game_id: str, players: int) -> dict[int, str]:
    """The ``--ai`` options: ``"2"`` (seat 2, the default policy) or ``"2:mcts"``, seats
    counted from 1; ``{0-based seat: policy}``.  ValueError, one line, for a game without
    AI players, a seat that is not at the table, a seat named twice or an unknown policy."""
    texts = list(texts)
    if not texts:
        return {}
    spec = game(game_id)
    default = default_policy(game_id)
    if default is None:
        raise ValueError(_("{game} has no AI players yet: --ai cannot be used with it.").format(
            game=_(spec.name)))
    offered = ["random", *ai_policies(game_id)]
    out: dict[int, str] = {}
    for text in texts:
        seat_text, sep, policy = str(text).strip().partition(":")
        policy = policy.strip() if sep else default
        if not seat_text.strip().isdigit():
            raise ValueError(_("--ai {text}: name a seat by its number, e.g. --ai 2 or "
                               "--ai 2:{policy}.").format(text=text, policy=default))
        seat = int(seat_text)
        if not 1 <= seat <= players:
            raise ValueError(_("--ai {text}: there is no seat {seat} at a table of {n}.").format(
                text=text, seat=seat, n=players))
        if seat - 1 in out:
            raise ValueError(_("--ai {text}: seat {seat} is named twice.").format(
                text=text, seat=seat))
        if policy not in offered:
            raise ValueError(_("--ai {text}: {game} has no player {policy!r}; choose {known}.")
                             .format(text=text, game=_(spec.name), policy=policy,
                                     known=", ".join(offered)))
        out[seat - 1] = policy
    return out


def seats_to_act(session: Session) -> list[int]:
    """The seats the game waits for: the pending decision's (all of them in a secret step
    every seat takes at once), else the seat of the first legal action; [] when none."""
    choice = session.pending()
    if choice is not None:
        actors = choice.data.get("actors") if isinstance(choice.data, dict) else None
        if isinstance(actors, (list, tuple)) and actors:
            return [int(a) for a in actors]
        return [choice.seat]
    actions = session.legal_actions()
    return [actions[0].seat] if actions else []


def ai_note(name: str, why: str) -> str:
    """The log line of an AI seat's decision: "Ann (AI): commits Éowyn: ..."."""
    why = " ".join(str(why).split())
    return _("{name} (AI): {why}").format(name=name, why=why) if why else \
        _("{name} (AI) decided.").format(name=name)
