"""Rulebook setup, step by step ("Příprava hry", steps 1-7), for the core scenarios.

``new_table`` does the physical part (1 shuffle, 2 heroes and threat, 3 token
supply, 4 first player, 6 quest deck in stage order).  This module then runs
step 5 (6-card opening hands) and step 7 (the scenario's own setup from its
stage 1A) as logged, automatic actions through the session, so the log shows
how the table was set up and the sandbox stays free afterwards.
"""
from __future__ import annotations

import random
from typing import Protocol, Sequence, runtime_checkable

import tabletop.games.lcg.commands as C
from tabletop.games.lcg.cards import CardDB, core_set
from tabletop.core.i18n import _, ngettext
from tabletop.core.model import TABLE, TableState
from tabletop.core.session import Session
from tabletop.games.lcg.layout import free_spot, quest_spot
from tabletop.games.lcg.setup import DeckLike, find_scenario, new_table

OPENING_HAND = 6


@runtime_checkable
class _CardGameRules(Protocol):
    """What the setup asks of the card game's rulesets (its sandbox and its engine)."""
    db: CardDB

    def current_stage(self, st: TableState) -> int | None:
        """The quest stage in play, if any."""


def _rules(session: Session) -> _CardGameRules:
    rules = session.rules
    if not isinstance(rules, _CardGameRules):
        raise TypeError(f"the card game's setup needs the card game's ruleset, not {rules!r}")
    return rules


def _find_in_deck(session: Session, zone: str, name: str) -> int | None:
    """The topmost card called ``name`` in a zone."""
    st = session.state
    db = _rules(session).db
    for cid in reversed(st.zones[zone].cards):
        if db[st.cards[cid].code].name == name:
            return cid
    return None


def _auto(session: Session, cmd: C.Command) -> None:
    result = session.submit(cmd, automatic=True)
    if not result.ok:
        raise ValueError(_("Setup step failed: {why}").format(why=result.reason))


def _to_staging(session: Session, cid: int) -> None:
    x, y = free_spot(session.state, "staging")
    _auto(session, C.MoveCards(0, (cid,), TABLE, x, y, None, True))


def _stage_by_name(session: Session, name: str) -> int:
    cid = _find_in_deck(session, "encounter.deck", name)
    if cid is None:
        raise ValueError(_("Setup needs {name} but the encounter deck has none.").format(name=name))
    _to_staging(session, cid)
    return cid


def _reveal(session: Session) -> int:
    _auto(session, C.RevealEncounter(0))
    return session.state.table.cards[-1]


def _stage_to_table(session: Session) -> None:
    """Stage 1 leaves the quest deck for its place on the table, where it takes progress."""
    top = session.state.zones["quest.deck"].top
    if top is not None:
        x, y = quest_spot()
        _auto(session, C.MoveCards(0, (top,), TABLE, x, y, None, True))


def _flip_quest(session: Session) -> None:
    """Stage 1 turns to side B once its side A setup is done."""
    stage = _rules(session).current_stage(session.state)
    if stage is None:
        stage = session.state.zones["quest.deck"].top
    if stage is not None:
        _auto(session, C.Flip(0, (stage,)))


def setup_passage_through_mirkwood(session: Session, rng: random.Random) -> None:
    """Stage 1A: Forest Spider and Old Forest Road into the staging area, then shuffle."""
    _stage_by_name(session, "Forest Spider")
    _stage_by_name(session, "Old Forest Road")
    _auto(session, C.Shuffle(0, "encounter.deck"))
    _flip_quest(session)


def setup_journey_down_the_anduin(session: Session, rng: random.Random) -> None:
    """Stage 1A: one card revealed per player, then a Hill Troll if none is in play."""
    for _seat in session.state.seats:
        _reveal(session)
    _flip_quest(session)
    st = session.state
    db = _rules(session).db
    troll_in_play = any(db[st.cards[c].code].name == "Hill Troll" for c in st.table.cards)
    if not troll_in_play:
        _stage_by_name(session, "Hill Troll")
        _auto(session, C.Shuffle(0, "encounter.deck"))


def setup_escape_from_dol_guldur(session: Session, rng: random.Random) -> None:
    """Stage 1A: the Nazgûl aside, the three objectives each under a guard, a hero taken prisoner."""
    nazgul = _find_in_deck(session, "encounter.deck", "Nazgûl of Dol Guldur")
    if nazgul is None:
        raise ValueError(_("Setup needs the Nazgûl of Dol Guldur."))
    _auto(session, C.MoveCards(0, (nazgul,), "aside", 0, 0, None, True))
    objectives = [_stage_by_name(session, n) for n in ("Gandalf's Map", "Dungeon Torch", "Shadow Key")]
    _auto(session, C.Shuffle(0, "encounter.deck"))
    st = session.state
    for obj in objectives:
        guard = _reveal(session)
        x, y = st.cards[obj].x, st.cards[obj].y
        _auto(session, C.MoveCards(0, (guard,), TABLE, x, y, None, True))
        # the objective lies under its guard until the guard leaves play
        _auto(session, C.Attach(0, obj, guard, "attachment"))
    _flip_quest(session)
    db = _rules(session).db
    heroes = [c for c in st.table.cards
              if st.cards[c].origin == "player" and db[st.cards[c].code].type == "hero"]
    if heroes:
        prisoner = rng.choice(heroes)
        _auto(session, C.Flip(0, (prisoner,)))


SCENARIO_SETUP = {
    "passage_through_mirkwood": setup_passage_through_mirkwood,
    "journey_down_the_anduin": setup_journey_down_the_anduin,
    "escape_from_dol_guldur": setup_escape_from_dol_guldur,
}


def setup_game(scenario: str, decks: Sequence[DeckLike] | None = None,
               names: Sequence[str] | None = None, seed: int = 1, easy: bool = False,
               opening_hands: bool = True) -> Session:
    """A new session with the rulebook setup done (hands drawn, scenario set up)."""
    db = core_set()
    key = find_scenario(scenario, db)
    state = new_table(key, decks, names, seed, easy, db)
    session = Session(state)
    if opening_hands:
        for seat in range(len(state.seats)):
            _auto(session, C.Draw(seat, seat, OPENING_HAND))
    _stage_to_table(session)
    SCENARIO_SETUP[key](session, random.Random(f"{seed}:scenario"))
    _head_the_log(session, decks)
    return session


def game_header(state, decks=None) -> str:
    """The first line of a game's log: game, scenario, players and decks, easy mode,
    seed; enough to set the same game up again."""
    db = core_set()
    scen = _(db.scenarios.get(state.scenario, {}).get("name", state.scenario))
    names = [getattr(d, "name", str(d)) for d in decks or ()]
    seats = ", ".join(f"{s.name} ({names[i]})" if i < len(names) else s.name
                      for i, s in enumerate(state.seats))
    easy = " · " + _("easy mode") if (state.options or {}).get("easy") else ""
    return _("The Card Game · {scenario}{easy} · {players}: {seats} · seed {seed}").format(
        scenario=scen, easy=easy, seats=seats, seed=state.seed,
        players=ngettext("{n} player", "{n} players", len(state.seats)).format(n=len(state.seats)))


def _head_the_log(session: Session, decks) -> None:
    """Put the game's header on the first line of its first log entry."""
    if session.log:
        first = session.log[0]
        first.text = game_header(session.state, decks) + "\n" + first.text


def new_game(scenario: str = "passage-through-mirkwood", players: int | None = None, decks=None,
             names=None, seed: int = 1, easy: bool = False, rules: str | None = None,
             position: str | None = None, **_other) -> Session:
    """A new card game as the command line and the new-game screen ask for it.

    ``decks``: starter names or deck files, one per seat (default: Leadership
    for one seat).  ``rules``: "sandbox" (the default) or "enforce" (the rules
    engine runs the game); ``position``: a position file (docs/API.md), run by
    the engine unless ``rules`` says "sandbox".  Raises ValueError with a one-line reason (unknown
    scenario, 1 to 4 seats, a deck that cannot be read or an illegal table).
    """
    from tabletop.games.lcg.decks import seat_decks, validate_seats
    from tabletop.games.lcg.setup import scenario_keys
    if position:
        from tabletop.games.lcg.engine.position import load_position
        return load_position(position, rules or "enforce")
    try:
        key = find_scenario(scenario)
    except KeyError:
        known = ", ".join(k.replace("_", "-") for k in scenario_keys())
        raise ValueError(_("Unknown scenario {name!r}. Choose {known}.").format(
            name=scenario, known=known)) from None
    if players is not None and not 1 <= players <= 4:
        raise ValueError(_("a game has 1 to 4 seats"))
    deck_objs = seat_decks(players, decks)          # DeckError is a ValueError
    if not 1 <= len(deck_objs) <= 4:
        raise ValueError(_("a game has 1 to 4 seats"))
    errors = [p for p in validate_seats(deck_objs) if p.severity == "error"]
    if errors:
        raise ValueError(_("These decks cannot start a game:") + " "
                         + "; ".join(p.message for p in errors))
    if rules == "enforce":
        return start_engine(key, deck_objs, names=names, seed=seed, easy=easy)
    if rules not in (None, "", "sandbox"):
        raise ValueError(_("Unknown rules {rules!r}: sandbox or enforce.").format(rules=rules))
    return setup_game(key, deck_objs, names=names, seed=seed, easy=easy)


def start_engine(scenario: str, decks, names=None, seed: int = 1, easy: bool = False) -> Session:
    """A new game run by the rules engine: the physical table, then the engine's
    setup (first player, hands and mulligans, the scenario's setup) up to the
    first decision."""
    from tabletop.core.games import ruleset_for
    state = new_table(find_scenario(scenario), decks, names, seed, easy)
    session = Session(state, ruleset_for("lcg", "enforce"))     # the engine with its cards
    result = session.submit(C.Start(0, "setup"), automatic=True)
    if not result.ok:
        raise ValueError(_("The rules engine could not set the game up: {why}").format(
            why=result.reason))
    _head_the_log(session, decks)
    return session
