"""The enforced ruleset: the rulebook's round, step by step, refusing what the rules forbid.

``CocRules`` gathers the round's parts (``flow``, ``icons``, ``revealed``, ``hunt``,
``battle``), handles the commands that decide the round's course (rolling, the Gollum/Smeagol
choice, assigning the dice, finishing a step, using a character) and reports the decision it
waits for (``pending``) and the legal commands (``legal_actions``, in ``legal``).
"""
from __future__ import annotations

import tabletop.core.commands as CC
from tabletop.core.i18n import _
from tabletop.core.model import TableState
from tabletop.core.ruleset import Choice, Refused, Rules, handles
from tabletop.core.tx import Tx
from tabletop.games.coc.battle import BattleSteps
from tabletop.games.coc.board import Marker
from tabletop.games.coc.data import GameData, game_data
from tabletop.games.coc.flow import Flow
from tabletop.games.coc.hunt import HuntActions
from tabletop.games.coc.icons import IconActions
from tabletop.games.coc.revealed import RevealedActions
import tabletop.games.coc.commands as C
import tabletop.games.coc.legal as legal
import tabletop.games.coc.slot as S
import tabletop.games.coc.texts as T


class CocRules(BattleSteps, HuntActions, RevealedActions, IconActions, Flow, Rules):
    """Circle of Conflict played by the rules (the "enforce" ruleset)."""

    name = "enforce"
    game = "coc"

    def __init__(self, data: GameData | None = None):
        self.data = data or game_data()

    def execute(self, state: TableState, cmd, tx: Tx, rng) -> str:
        """Carry a command out by the rules (refused on a table of another game)."""
        if S.get(state, "step") is None:
            raise Refused(_("This table holds no game of Circle of Conflict."))
        return super().execute(state, cmd, tx, rng)

    # ---------------------------------------------------- the round's course
    @handles(C.Roll)
    def _roll(self, st, cmd: C.Roll, tx: Tx, rng) -> str:
        self.expect(st, cmd.seat, ("roll",))
        return self.roll_dice(st, tx, rng, cmd)

    def secret_choice(self, st: TableState, tx: Tx, seat: int, key: str, value, then) -> str:
        """Keep a seat's secret choice; once everyone has chosen, go on with ``then``."""
        S.put(tx, value, "secret", S.pkey(seat), key)
        S.put(tx, True, "seats", S.pkey(seat), "ready")
        words = [_("{name} has chosen in secret.").format(name=T.seat_name(st, seat))]
        if self.all_ready(st):
            words += then(st, tx)
        return " ".join(words)

    @handles(C.ChooseGollum)
    def _gollum(self, st, cmd: C.ChooseGollum, tx: Tx, rng) -> str:
        self.expect(st, cmd.seat, ("gollum",))
        if cmd.choice not in ("gollum", "smeagol"):
            raise Refused(_("Choose Gollum or Sméagol."))
        return self.secret_choice(st, tx, cmd.seat, "gollum", cmd.choice, self.reveal_gollum)

    @handles(C.Assign)
    def _assign(self, st, cmd: C.Assign, tx: Tx, rng) -> str:
        self.expect(st, cmd.seat, ("assign",))
        if cmd.free_peoples not in (0, 1):
            raise Refused(_("Give one Middle-earth die to each half of your board."))
        return self.secret_choice(st, tx, cmd.seat, "assign", cmd.free_peoples, self.begin_icons)

    @handles(C.Done)
    def _done(self, st, cmd: C.Done, tx: Tx, rng) -> str:
        step = S.get(st, "step")
        if self.spending(st, cmd.seat) == "spend":
            self.expect(st, cmd.seat, ("shadow",), "spend")
            return self.done_spend(st, tx, cmd.seat)
        if step == "icons":
            self.expect(st, cmd.seat, ("icons",))
            return self.done_icons(st, tx, cmd.seat)
        self.expect(st, cmd.seat, ("fp", "shadow"))
        return self.done_revealed(st, tx, cmd.seat)

    @handles(C.Use)
    def _use(self, st, cmd: C.Use, tx: Tx, rng) -> str:
        half = next((h for h in ("fp", "sh") if cmd.character in self.data.half(h).characters), None)
        fn = getattr(self, f"use_{cmd.character}", None) if half else None
        if fn is None:
            raise Refused(_("There is no such character on your board."))
        if self.data.half(half).characters[cmd.character].timing == "battle":
            raise Refused(_("{name} acts only when a battle is fought.").format(
                name=T.character(self.data, cmd.character)))
        if not Marker(self.data, st, tx).ready(cmd.seat, half, cmd.character):
            self.expect(st, cmd.seat, T.STEPS, (S.get(st, "wait") or {}).get("kind", ""))
            raise Refused(_("{name} is not ready: mark the box under an arc first (a character "
                            "acts once a round).").format(name=T.character(self.data, cmd.character)))
        return fn(st, tx, cmd)

    @handles(CC.AddDie, CC.RollDice, CC.MoveDice, CC.RemoveDice)
    def _table_dice(self, st, cmd, tx: Tx, rng) -> str:
        raise Refused(_("With the rules, the start player rolls the game's dice with the panel's "
                        "button (round step 1); the dice tray is for the free table."))

    # ------------------------------------------------------- what is asked
    def pending(self, state: TableState) -> Choice | None:
        """The decision the game waits for."""
        return legal.pending(self, state)

    def legal_actions(self, state: TableState, seat: int | None = None) -> list:
        """The commands ``seat`` may submit now."""
        return legal.legal_actions(self, state, seat)
