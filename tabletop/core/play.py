"""Whole games without a window: one seeded play harness for every game.

``play_games(game_id, games, policy, seed, **options)`` plays ``games`` games of
the enforced rules (game ``i`` with seed ``seed + i``) and reports, in one
shape for every game, how each went and how fast::

    {"game", "policy", "players", "seed", "options", "games": [record...],
     "games_per_second", "decisions_per_second", "median_ms", "defects", "unfinished"}

A record is ``{"seed", "outcome", "winner", "rounds", "actions", "ms", "detail",
"defect"}``: ``outcome``, ``winner``, ``rounds`` and ``detail`` come from the
game's ``GameSpec.summary``; ``defect`` is None or one line saying what went
wrong.  Every decision goes through ``Session.submit``, as from a window.

The harness never steps over a refusal: an action the rules refuse stops the
game (outcome ``"defect"``, the command and the refusal named); so does an
exception raised by the rules.  A game that lists no legal action before its
end, or that has not ended after the game's safety limit of actions
(``GameSpec.max_actions``), is ``"stuck"``, with a defect too.

A policy (``Policy``) is anything with a ``name`` and ``choose(session, seat,
rng)``; ``RandomPolicy`` (a uniformly random legal action) is offered for every
game as ``"random"``, and a game may add its own or replace it
(``GameSpec.policies``).  Pure Python: no pygame.
"""
from __future__ import annotations

import random
import statistics
import time
from typing import Any, Callable, Protocol, runtime_checkable

from tabletop.core.commands import Command
from tabletop.core.games import GameSpec, game
from tabletop.core.i18n import _, ngettext
from tabletop.core.session import Session

RECORD_KEYS = ("seed", "outcome", "winner", "rounds", "actions", "ms", "detail", "defect")
REPORT_KEYS = ("game", "policy", "players", "seed", "options", "games", "games_per_second",
               "decisions_per_second", "median_ms", "defects", "unfinished")
STUCK, DEFECT = "stuck", "defect"          # the outcomes of a game the harness had to stop
COMMON_OPTIONS = ("players", "names")      # new_game options every game takes

Check = Callable[[Session], None]


@runtime_checkable
class Policy(Protocol):
    """Who plays: ``choose`` answers the decision of ``seat`` (the seat that must act)
    with a command, or None to stop (the game is over, or nothing to do)."""

    name: str

    def choose(self, session: Session, seat: int, rng: random.Random) -> Command | None:
        """The command ``seat`` submits now, drawn with ``rng`` (the policy's own)."""
        ...


class RandomPolicy:
    """Any game: a uniformly random one of ``session.legal_actions()`` (None if there is none).

    Every legal action of the position is a candidate, whichever seat submits it: in a game
    where a team decides (War of the Ring), the seat that must act may move a team-mate's
    army."""

    name = "random"

    def choose(self, session: Session, seat: int, rng: random.Random) -> Command | None:
        """A random legal action."""
        actions = session.legal_actions()
        return rng.choice(actions) if actions else None


def decide(policy: Policy, session: Session, seat: int,
           rng: random.Random) -> tuple[Command | None, str]:
    """``policy``'s command for ``seat`` and the sentence that says why ("" when the policy
    gives no reasons): a policy with ``decide(session, seat, rng) -> (command, why)`` says
    it (the card game's expert, Circle of Conflict's expert); any other only chooses."""
    own = getattr(policy, "decide", None)
    if callable(own):
        cmd, why = own(session, seat, rng)
        return cmd, str(why or "")
    return policy.choose(session, seat, rng), ""


class SeatPolicies:
    """Several policies at one table: seat ``i`` is played by ``by_seat[i % len]`` (a
    policy of the harness itself, named ``"a,b,..."``): mixed games, e.g. Circle of
    Conflict's expert against the greedy player."""

    def __init__(self, by_seat: list[Policy]):
        if not by_seat:
            raise ValueError(_("Name at least one policy."))
        self.by_seat = list(by_seat)
        self.name = ",".join(p.name for p in self.by_seat)

    def policy(self, seat: int) -> Policy:
        """The policy that plays ``seat``."""
        return self.by_seat[seat % len(self.by_seat)]

    def choose(self, session: Session, seat: int, rng: random.Random) -> Command | None:
        """The command of the policy that plays ``seat``."""
        return self.policy(seat).choose(session, seat, rng)

    def decide(self, session: Session, seat: int,
               rng: random.Random) -> tuple[Command | None, str]:
        """The command and reason of the policy that plays ``seat``."""
        return decide(self.policy(seat), session, seat, rng)


def policies(game_id: str) -> dict[str, Callable[[], Policy]]:
    """The policies a game offers, by name: ``"random"`` and the game's own."""
    spec = game(game_id)
    offered: dict[str, Callable[[], Policy]] = {"random": RandomPolicy}
    offered.update(spec.policies)
    return offered


def make_policy(game_id: str, policy: str | Policy) -> Policy:
    """A policy object from its name (ValueError, one line, if the game has none such);
    ``"a,b"`` names one per seat (``SeatPolicies``: seat 1 plays ``a``, seat 2 ``b``...)."""
    if not isinstance(policy, str):
        return policy
    if "," in policy:
        return SeatPolicies([make_policy(game_id, p.strip()) for p in policy.split(",")])
    offered = policies(game_id)
    make = offered.get(policy)
    if make is None:
        raise ValueError(_("Unknown policy {name!r}: choose {known}.").format(
            name=policy, known=", ".join(sorted(offered))))
    return make()


def _one_line(text: object, limit: int = 300) -> str:
    line = " ".join(str(text).split())
    return line if len(line) <= limit else line[:limit - 1] + "\N{HORIZONTAL ELLIPSIS}"


def _seat_to_act(session: Session) -> int | None:
    """The seat the game waits for: the pending decision's, else the first legal action's."""
    choice = session.pending()
    if choice is not None:
        return choice.seat
    actions = session.legal_actions()
    return actions[0].seat if actions else None


def run(session: Session, policy: Policy, rng: random.Random,
        summary: Callable[[Session], dict[str, Any]],
        max_actions: int, check: Check | None = None) -> dict[str, Any]:
    """Play ``session`` to its end with ``policy``; the record without ``seed`` and ``ms``.

    ``summary(session)`` says how the game ended (``outcome`` None: not over yet).
    ``check(session)``, if given, runs after every accepted action (tests' invariants;
    what it raises is not caught)."""
    actions = 0
    defect: str | None = None
    stopped: str | None = None
    while actions < max_actions:
        try:
            seat = _seat_to_act(session)
            cmd = None if seat is None else policy.choose(session, seat, rng)
            if cmd is None:
                break
            result = session.submit(cmd)
        except Exception as exc:            # the rules (or the policy) crashed: a defect, never a crash
            stopped = DEFECT
            defect = ngettext("{kind} raised after {n} action: {why}",
                              "{kind} raised after {n} actions: {why}", actions).format(
                kind=type(exc).__name__, n=actions, why=exc)
            break
        if not result.ok:
            stopped = DEFECT
            defect = _("{command} was refused: {why}").format(command=repr(cmd), why=result.reason)
            break
        actions += 1
        if check is not None:
            check(session)
    try:
        out = dict(summary(session))
    except Exception as exc:
        out = {}
        if stopped is None:
            stopped = DEFECT
            defect = _("the summary raised {kind}: {why}").format(kind=type(exc).__name__, why=exc)
    if stopped is None and out.get("outcome") is None:
        stopped = STUCK
        defect = _why_stuck(session, policy, actions, max_actions)
    if stopped is not None:
        out["outcome"], out["winner"] = stopped, None
    return {"outcome": out["outcome"], "winner": out.get("winner"),
            "rounds": out.get("rounds", session.state.round), "actions": actions,
            "detail": dict(out.get("detail") or {}),
            "defect": None if defect is None else _one_line(defect)}


def _why_stuck(session: Session, policy: Policy, actions: int, max_actions: int) -> str:
    """One line: why a game that is not over stopped."""
    if actions >= max_actions:
        return ngettext("no end after {n} action (the harness's safety limit)",
                        "no end after {n} actions (the harness's safety limit)", actions).format(
            n=actions)
    legal = session.legal_actions()
    if legal:
        return ngettext("policy {name} chose nothing, {n} action being legal, before the end",
                        "policy {name} chose nothing among {n} legal actions before the end",
                        len(legal)).format(name=policy.name, n=len(legal))
    choice = session.pending()
    return _("no legal action while the game is not over (waiting for: {what})").format(
        what=choice.prompt if choice is not None else _("nothing"))


def _game_options(spec: GameSpec, options: dict[str, Any]) -> dict[str, Any]:
    """The options of ``new_game`` this game takes (the others are dropped), checked."""
    if options.get("position"):
        raise ValueError(_("Whole games start from a new table: a position file cannot be played."))
    if options.get("rules") not in (None, "", "enforce"):
        raise ValueError(_("Whole games are played under the enforced rules, not {rules!r}.").format(
            rules=options["rules"]))
    keep = COMMON_OPTIONS + tuple(spec.play_options)
    return {k: v for k, v in options.items() if k in keep and v is not None and v is not False}


def _new_session(spec: GameSpec, seed: int, options: dict[str, Any]) -> Session:
    if spec.new_game is None or spec.summary is None:
        raise ValueError(_("{game} cannot be played without a window in this version yet.").format(
            game=_(spec.name)))
    session: Session = spec.new_game(**options, seed=seed, rules="enforce")
    return session


def _play(spec: GameSpec, seed: int, policy: Policy, options: dict[str, Any],
          check: Check | None, max_actions: int | None) -> tuple[dict[str, Any], int]:
    """One game: its record and its number of seats."""
    start = time.perf_counter()
    session = _new_session(spec, seed, options)
    assert spec.summary is not None
    record = run(session, policy, random.Random(f"{policy.name}:{seed}"), spec.summary,
                 spec.max_actions if max_actions is None else max_actions, check)
    ms = round((time.perf_counter() - start) * 1000, 2)
    return {"seed": seed, **record, "ms": ms}, len(session.state.seats)


def play_one(game_id: str, seed: int, policy: str | Policy = "random",
             options: dict[str, Any] | None = None, check: Check | None = None,
             max_actions: int | None = None) -> dict[str, Any]:
    """One new game of ``game_id`` with ``seed``, played to its end: its record.

    ``options`` are ``new_game``'s (players, names, the game's own); the policy's random
    generator is seeded from its name and ``seed``, so a seed gives the same record
    (but ``ms``).  ``check`` and ``max_actions`` as for ``run``.  ValueError (one line)
    for an unknown policy or bad options."""
    spec = game(game_id)
    chosen = make_policy(game_id, policy)
    return _play(spec, seed, chosen, _game_options(spec, dict(options or {})), check,
                 max_actions)[0]


def play_games(game_id: str, games: int = 1, policy: str | Policy = "random", seed: int = 1,
               **options: Any) -> dict[str, Any]:
    """Play ``games`` games (game ``i`` with seed ``seed + i``); the report (see the module).

    ``options``: ``new_game``'s (``players``, ``names`` and the game's own, e.g. ``scenario``,
    ``decks``, ``kings``); ``max_actions`` overrides the game's safety limit.  ValueError
    (one line) for an unknown policy or bad options."""
    spec = game(game_id)
    chosen = make_policy(game_id, policy)
    limit = options.pop("max_actions", None)
    used = _game_options(spec, options)
    records, players = [], 0
    for i in range(max(1, games)):
        record, seats = _play(spec, seed + i, chosen, used, None, limit)
        records.append(record)
        players = players or seats
    spent = sum(r["ms"] for r in records) / 1000
    decisions = sum(r["actions"] for r in records)
    return {
        "game": game_id, "policy": chosen.name, "players": players, "seed": seed,
        "options": {k: v for k, v in used.items() if k != "players"},
        "games": records,
        "games_per_second": round(len(records) / spent, 2) if spent > 0 else None,
        "decisions_per_second": round(decisions / spent, 1) if spent > 0 else None,
        "median_ms": round(statistics.median(r["ms"] for r in records), 2),
        "defects": sum(1 for r in records if r["defect"] is not None),
        "unfinished": sum(1 for r in records if r["outcome"] in (STUCK, DEFECT)),
    }


def match(game_id: str, lineup: list[str], games: int = 20, seed: int = 1,
          **options: Any) -> dict[str, Any]:
    """Mixed seats: ``games`` games (game ``i`` with seed ``seed + i``) where seat ``s``
    is played by ``lineup[(s + i) % len(lineup)]``, so every policy sits at every seat in
    turn; one seat per name of ``lineup`` (``players`` defaults to its length).

    ``{"game", "lineup", "games", "seed", "wins": {policy: wins}, "seats": {policy: seats
    played}, "win_rate": {policy: wins / seats played}, "shared": n, "defects": n}``: a
    win shared by k seats counts 1/k to each; a game's winners are read from its record
    (``winner``, or ``detail["winners"]``: seat names)."""
    spec = game(game_id)
    options = dict(options)
    options.setdefault("players", len(lineup))
    used = _game_options(spec, options)
    made = {name: make_policy(game_id, name) for name in dict.fromkeys(lineup)}
    wins = {name: 0.0 for name in made}
    seats = {name: 0 for name in made}
    shared = defects = 0
    for i in range(max(1, games)):
        session = _new_session(spec, seed + i, used)
        n = len(session.state.seats)
        by_seat = [lineup[(s + i) % len(lineup)] for s in range(n)]
        table = SeatPolicies([made[name] for name in by_seat])
        assert spec.summary is not None
        record = run(session, table, random.Random(f"match:{seed + i}"), spec.summary,
                     spec.max_actions)
        for name in by_seat:
            seats[name] += 1
        if record["defect"] is not None:
            defects += 1
            continue
        names = [st.name for st in session.state.seats]
        winners = list(record["detail"].get("winners") or
                       ([record["winner"]] if record["winner"] in names else []))
        if len(winners) > 1:
            shared += 1
        for w in winners:
            if w in names:
                wins[by_seat[names.index(w)]] += 1 / len(winners)
    return {"game": game_id, "lineup": list(lineup), "games": max(1, games), "seed": seed,
            "wins": {k: round(v, 2) for k, v in wins.items()}, "seats": seats,
            "win_rate": {k: round(wins[k] / seats[k], 3) if seats[k] else 0.0 for k in wins},
            "shared": shared, "defects": defects}

