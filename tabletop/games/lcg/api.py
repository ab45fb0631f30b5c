"""The card game without a window: a small, stable API for tools and tests.

    from tabletop.games.lcg import api
    game = api.new_game("passage-through-mirkwood", decks=["leadership"], seed=7)
    game = api.load_position("position.json")      # or a dict
    api.pending(game)        # the decision the engine waits for, or None
    api.legal_actions(game)  # the commands that answer it
    api.answer(game, value)  # answer it (a card id, or a word such as "done")
    api.choose(game, "Forest Spider")   # answer with the option whose label says so
    api.derived(game)        # staging threat, committed willpower, engagements, score...
    api.play_games("passage-through-mirkwood", players=1, games=10, seed=1)

Every game is a ``Session`` (``tabletop.core.session``): ``game.submit``,
``game.undo``, ``game.redo``, saves (``saves.store``) work as for any game.
docs/API.md documents all of this with examples that run as tests.
"""
from __future__ import annotations

import random
from typing import Any

from tabletop.core.commands import Command
from tabletop.core.play import RandomPolicy, play_games as core_play_games, run
from tabletop.core.session import Result, Session
from tabletop.games.lcg.cards import fold, name_key
import tabletop.games.lcg.commands as LC
from tabletop.games.lcg.engine import engine_view
from tabletop.games.lcg.engine import state as S
from tabletop.games.lcg.engine.position import PositionError, load_position  # noqa: F401
from tabletop.games.lcg.engine.table import Table, phase_of
from tabletop.games.lcg.engine.score import score

__all__ = ["new_game", "load_position", "pending", "legal_actions", "apply", "answer", "choose",
           "find", "card", "derived", "summary", "defeat_cause", "suggest", "play_games", "run_game",
           "PositionError"]


def _view(game: Session) -> Table:
    """The table as the game's engine reads it (its own card declarations; a
    sandbox game: the card game's)."""
    return engine_view(game.state, getattr(game.rules, "cards", None))


def new_game(scenario: str = "passage-through-mirkwood", players: int | None = None, decks=None,
             names=None, seed: int = 1, easy: bool = False, rules: str = "enforce") -> Session:
    """A new game with the rulebook setup (by the engine, unless ``rules`` is "sandbox")."""
    from tabletop.games.lcg.scenarios import new_game as make
    return make(scenario=scenario, players=players, decks=decks, names=names, seed=seed,
                easy=easy, rules=rules)


def pending(game: Session) -> dict | None:
    """The decision the engine waits for: ``{"seat", "kind", "prompt", "options":
    [{"value", "label"}...]}``, or None (the game is over, or the table is in
    the players' hands, or no engine runs)."""
    choice = game.pending()
    if choice is None:
        return None
    labels = choice.data.get("labels", {})
    return {"seat": choice.seat, "kind": choice.kind, "prompt": choice.prompt,
            "options": [{"value": o, "label": labels.get(str(o), str(o))} for o in choice.options]}


def legal_actions(game: Session, seat: int | None = None) -> list[Command]:
    """The commands the rules allow now (the answers to the pending decision)."""
    return game.legal_actions(seat)


def apply(game: Session, command: Command) -> Result:
    """Submit a command; the result says ok, or why it was refused."""
    return game.submit(command)


def answer(game: Session, value: Any, seat: int | None = None) -> Result:
    """Answer the pending decision with one of its option values.

    A list answers a decision of several picks (kind ``many``: characters to
    commit, attackers) one pick at a time and then says ``"done"`` (the engine
    may end it by itself when nothing is left to pick)."""
    choice = game.pending()
    if seat is None:
        seat = choice.seat if choice is not None else 0
    if choice is not None and choice.kind == "number":
        value = _number(choice, value)
    if isinstance(value, (list, tuple)):
        result = Result(True)
        kind = choice.kind if choice is not None else None
        for v in value:
            result = game.submit(LC.Answer(seat=seat, value=v))
            if not result.ok:
                return result
        after = game.pending()
        if (after is not None and after.kind == kind == "many" and after.seat == seat
                and "done" in after.options):
            result = game.submit(LC.Answer(seat=seat, value="done"))
        return result
    return game.submit(LC.Answer(seat=seat, value=value))


def _number(choice, value: Any) -> Any:
    """A number choice's answer as its options spell it (``5`` for the option ``"5"``)."""
    if value not in choice.options and not isinstance(value, bool) and str(value) in [
            str(o) for o in choice.options]:
        return next(o for o in choice.options if str(o) == str(value))
    return value


def choose(game: Session, text: str) -> Result:
    """Answer with the option whose value or label matches ``text`` (whole
    words first, then a part of the label; case and accents do not matter)."""
    p = pending(game)
    if p is None:
        return Result(False, "no decision is pending")
    want = fold(str(text))
    for match in (lambda o: fold(str(o["value"])) == want or fold(o["label"]) == want,
                  lambda o: want in fold(o["label"])):
        found = [o for o in p["options"] if match(o)]
        if found:
            return answer(game, found[0]["value"], p["seat"])
    return Result(False, f"no option matches {text!r}: "
                  + "; ".join(o["label"] for o in p["options"]))


def find(game: Session, name: str, where: str | None = None) -> list[int]:
    """Ids of the cards with that name (or code), optionally only in one area or
    zone ("staging", "active", "quest", "p1.engaged", "p1.play", "p1.hand",
    "encounter.deck", "victory"...)."""
    t = _view(game)
    codes = {c.code for c in t.db.find_name(name)}
    want = name_key(name)
    out = []
    for cid, c in game.state.cards.items():
        cdef = t.db.by_code.get(c.code)
        if cdef is None or (c.code not in codes and c.code != name and want not in (
                name_key(cdef.side_a_name or ""), name_key(cdef.side_b_name or ""))):
            continue
        if where is not None and t.area(cid) != where:
            continue
        out.append(cid)
    return sorted(out)


def card(game: Session, cid: int) -> dict:
    """What the table shows of a card, with its derived stats."""
    t = _view(game)
    c = game.state.cards[cid]
    out = {"id": cid, "code": c.code, "name": t.name(cid), "type": t.ctype(cid), "area": t.area(cid),
           "exhausted": c.exhausted, "face_up": c.face_up, "tokens": dict(c.tokens),
           "controller": t.controller(cid), "attached_to": c.attached_to}
    for stat in ("willpower", "attack", "defense", "hitpoints", "threat", "engagement"):
        out[stat] = t.stat(cid, stat)
    return out


def derived(game: Session) -> dict:
    """Values the rules derive from the table: the step, staging threat,
    committed willpower, each seat's engaged enemies (highest engagement
    cost first), this round's engagements in order, threat, the score..."""
    st = game.state
    t = _view(game)
    E = S.stored(st)
    loc, quest = t.active_location(), t.quest_card()
    seats = range(len(st.seats))
    return {
        "round": st.round, "first_player": st.first_player,
        "step": E.get("step"), "phase": phase_of(E.get("step")),
        "staging_threat": t.staging_threat(),
        "committed": [t.name(c) for c in t.committed()],
        "committed_willpower": t.committed_willpower(),
        "threat": [t.threat(s) for s in seats],
        "engaged": {s: [t.name(c) for c in t.engaged(s)] for s in seats},
        "engagements": [[t.name(e), s] for e, s in E.get("engagements", ())
                        if e in st.cards],
        "active_location": t.name(loc) if loc is not None else None,
        "quest": t.name(quest) if quest is not None else None,
        "quest_progress": t.progress(quest) if quest is not None else 0,
        "eliminated": list(E.get("eliminated", ())),
        "outcome": E.get("outcome"),
        "score": score(t),
        "free_hands": bool(E.get("free")),
    }


def summary(game: Session) -> dict:
    """How a game ended, for the play harness (``tabletop.core.play``): ``outcome``
    ("won", "lost", or None while it goes on), ``winner`` ("players" or "scenario"),
    ``rounds`` and ``detail`` (the scenario, the score, each seat's threat)."""
    d = derived(game)
    outcome = d["outcome"]
    return {"outcome": outcome, "rounds": game.state.round,
            "winner": {"won": "players", "lost": "scenario"}.get(outcome or ""),
            "detail": {"scenario": game.state.scenario, "score": d["score"]["total"],
                       "threat": d["threat"], "cause": defeat_cause(game)}}


def defeat_cause(game: Session) -> str | None:
    """Why a lost game was lost: ``"threat"`` (a player reached 50 threat), ``"heroes"``
    (a player lost every hero), else ``"scenario"``; None unless lost."""
    E = S.stored(game.state)
    if E.get("outcome") != "lost":
        return None
    t = engine_view(game.state)
    gone = list(E.get("eliminated", ())) or list(range(t.nseats))
    if any(t.threat(s) >= 50 for s in gone):
        return "threat"
    if any(not t.heroes(s, face_down=True) for s in gone):
        return "heroes"
    return "scenario"


def suggest(game: Session, policy: str = "expert", seat: int | None = None) -> dict | None:
    """A hint for the pending decision: ``{"answer": value, "why": one sentence, "seat",
    "policy"}`` as the ``policy`` (``"expert"``, or ``"mcts"``: a search of about a second)
    would answer it; None when nothing is pending (or it is not ``seat``'s decision).
    The game is not changed."""
    from tabletop.games.lcg.ai.hint import suggest as hint
    return hint(game, policy, seat)


def run_game(game: Session, rng: random.Random, max_actions: int = 20_000) -> dict:
    """Play a game to its end with random legal answers (``tabletop.core.play.run``):
    its record (``outcome``, ``winner``, ``rounds``, ``actions``, ``detail``, ``defect``)."""
    return run(game, RandomPolicy(), rng, summary, max_actions)


def play_games(scenario: str = "passage-through-mirkwood", players: int | None = 1, games: int = 1,
               seed: int = 1, policy: str = "random", decks=None, easy: bool = False,
               **options) -> dict:
    """Whole games of the enforced rules (``tabletop.core.play.play_games``): the report
    that ``python3 main.py play lcg --json`` prints."""
    return core_play_games("lcg", games=games, policy=policy, seed=seed, scenario=scenario,
                           players=players, decks=decks, easy=easy, **options)
