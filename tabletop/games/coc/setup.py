"""A new game of Circle of Conflict, set up as the rulebook says.

Game setup: the Ring board in the middle with Gollum on its first space and every die on its
space; the start player token to a random seat (seeded).  Player setup: a player board each
(Free Peoples half to the left, Shadow half to the right), a battle board between each player
and the left-hand neighbour (with 2 players, two boards between them), an X in the Shire on
every Free Peoples map.
"""
from __future__ import annotations

import random

from tabletop.core.games import ruleset_for
from tabletop.core.i18n import _
from tabletop.core.model import TABLE, Die, Seat, TableState, Zone
from tabletop.core.session import Session
from tabletop.games.coc.board import new_battle_board, new_half
from tabletop.games.coc.data import GameData, game_data
from tabletop.games.coc.flow import begin
from tabletop.games.coc.layout import die_space
import tabletop.games.coc.slot as S

MIN_SEATS, MAX_SEATS = 2, 4
RULES = ("sandbox", "enforce")


def new_slot(data: GameData, players: int) -> dict:
    """The game's slot at the start: every board unmarked, the Fellowship in the Shire."""
    secret, public, boards = {}, {}, {}
    for seat in range(players):
        secret[S.pkey(seat)] = {
            "fp": new_half(data, "fp"), "sh": new_half(data, "sh"),
            "fellowship": {"at": data.start, "visited": [data.start], "lines": [], "moves": 0},
            "notes": {}, "assign": -1, "gollum": "", "battle": [], "carry": []}
        public[S.pkey(seat)] = {"ready": False, "gollum": "", "known": [], "hunt": {},
                                "marched": [], "ring": False}
        boards[S.bkey(seat)] = new_battle_board(data, seat, (seat + 1) % players)
    return {"v": 1, "step": "roll", "turn": -1, "gollum": 0, "rolled": [], "boards": boards,
            "seats": public, "secret": secret, "end": []}


def new_table(players: int = 2, names=None, seed: int = 1, data: GameData | None = None) -> TableState:
    """The table after the rulebook's game setup and player setup."""
    data = data or game_data()
    st = TableState(game="coc", scenario="circle-of-conflict", seed=seed)
    st.seats = [Seat(name) for name in seat_names(players, names)]
    st.zones[TABLE] = Zone(TABLE, "table", label="Table")
    st.first_player = random.Random(f"{seed}:start player").randrange(players)
    for i, kind in enumerate(data.dice_spaces):
        x, y = die_space(i, len(data.dice_spaces))
        st.dice[i + 1] = Die(i + 1, kind, 0, x, y, 0.0)
    st.next_id = len(data.dice_spaces) + 1
    st.slots[S.SLOT] = new_slot(data, players)
    st.slots[S.SLOT].update(begin(data, st))          # the rules kernel: the start player rolls
    return st


def seat_names(players: int, names) -> list[str]:
    """The seats' names: those given, then "Player N"."""
    names = [str(n).strip() for n in (names or [])]
    if any(not n for n in names):
        raise ValueError(_("A player's name cannot be empty."))
    if len(names) > players:
        raise ValueError(_("{n} names were given for {players} players.").format(
            n=len(names), players=players))
    return names + [_("Player {n}").format(n=i + 1) for i in range(len(names), players)]


def new_game(players: int | None = None, names=None, seed: int | None = None,
             rules: str | None = "sandbox", **_other) -> Session:
    """A new game as the command line and the new-game screen ask for it.

    Options that belong to other games (scenario, decks, easy...) are ignored.  Raises
    ValueError with a one-line reason for a bad seat count, bad names or an unknown ruleset.
    """
    if players is None:
        players = max(MIN_SEATS, len(names or []))
    if not MIN_SEATS <= players <= MAX_SEATS:
        raise ValueError(_("Circle of Conflict is played by {lo} to {hi} players, not {n}.").format(
            lo=MIN_SEATS, hi=MAX_SEATS, n=players))
    rules = rules or "sandbox"
    if rules not in RULES:
        raise ValueError(_("Unknown rules {name!r}: choose sandbox or enforce.").format(name=rules))
    state = new_table(players, names, 1 if seed is None else int(seed))
    return Session(state, ruleset_for("coc", rules))


def describe(state: TableState) -> str:
    """One line: the game, the players, the seed."""
    return _("Circle of Conflict, {n} players ({names}), seed {seed}").format(
        n=len(state.seats), names=", ".join(s.name for s in state.seats), seed=state.seed)
