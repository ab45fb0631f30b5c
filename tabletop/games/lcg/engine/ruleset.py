"""The card game's ruleset ``"enforce"``: ``Engine``, and the engine's view and save check.

``Engine`` runs on the shared rules kernel: a command opens a working copy of
the engine's data (``engine.state``), runs the machine (``language.MACHINE``)
until someone must decide, and writes back what changed.  It is given its card
declarations (``Engine(cards=...)``).  ``engine_view`` reads a table as the
engine does; ``check_data`` is the save loader's check of the engine's data.

It is a ruleset on the shared command path: the engine advances until a
player must decide, then waits with a pending ``Choice``; answering
(``lcg.answer``) is a command like any other, so undo, the log, replays and
saves hold a pending choice.  ``lcg.hands`` hands the table to the players
(every sandbox verb is then allowed and logged as done by hand) and back
(the engine continues from the table as it then is).
"""
from __future__ import annotations

import random
from typing import Any

from tabletop.core import kernel
from tabletop.core.commands import Command
from tabletop.core.i18n import _
from tabletop.core.model import TableState
from tabletop.core.ruleset import Choice, Refused
from tabletop.core.tx import Tx
from tabletop.games.lcg.cards import CardDB
import tabletop.games.lcg.commands as LC
import tabletop.games.lcg.engine.state as S
from tabletop.games.lcg.engine.allowed import why_not_playable
from tabletop.games.lcg.engine.context import Ctx
from tabletop.games.lcg.engine.language import MACHINE, V
from tabletop.games.lcg.engine.registry import CardRegistry
from tabletop.games.lcg.engine.table import Table, phase_of
from tabletop.games.lcg.sandbox import LcgSandbox

# every operation is declared where its handler is: import them all
import tabletop.games.lcg.engine.combat  # noqa: E402,F401
import tabletop.games.lcg.engine.quest  # noqa: E402,F401
import tabletop.games.lcg.engine.setup as engine_setup  # noqa: E402
import tabletop.games.lcg.engine.vocab  # noqa: E402,F401
from tabletop.games.lcg.engine.round import ROUND  # noqa: E402

# sandbox verbs that only rearrange the table and may be used while the engine runs
COSMETIC = (LC.MoveZone, LC.AddDie, LC.RollDice, LC.MoveDice, LC.RemoveDice)


class Engine(LcgSandbox):
    """The rules of the card game, enforced."""

    name = "enforce"

    def __init__(self, cards: CardRegistry, db: CardDB | None = None):
        super().__init__(db)
        self.cards = cards

    def view(self, state: TableState) -> Table:
        """A read-only view of the table as this engine sees it."""
        return Table(state, self.cards, self.db, S.stored(state))

    # ----------------------------------------------------------- the protocol
    def execute(self, state: TableState, cmd: Command, tx: Tx, rng: random.Random) -> str:
        """Carry a command out: the engine's own commands, or a sandbox move when the table is in the players' hands."""
        work = S.Working(state)
        E = work.data
        ctx = Ctx(state, tx, rng, self.db, E, self.cards)
        if isinstance(cmd, LC.Start):
            text = self._start(ctx, cmd)
        elif isinstance(cmd, LC.Answer):
            text = self._answer(ctx, cmd)
        elif isinstance(cmd, LC.PlayCard):
            text = self._play(ctx, cmd)
        elif isinstance(cmd, LC.FreeHands):
            text = self._hands(ctx, cmd)
        elif isinstance(cmd, LC.Pacing):
            if cmd.mode not in ("decisions", "reveals"):
                raise Refused(_("Pacing is \"decisions\" or \"reveals\"."))
            E["pacing"] = cmd.mode
            text = _("The engine now stops for {what}.").format(
                what=_("decisions only") if cmd.mode == "decisions"
                else _("every revealed card and shadow effect"))
        else:
            text = self._by_hand(ctx, state, cmd, tx, rng)
        work.flush(tx)
        return text

    def pending(self, state: TableState) -> Choice | None:
        """The decision the engine waits for (None in free hands and after the game)."""
        E = S.stored(state)
        if E.get("free"):
            return None
        return kernel.pending(E)

    def legal_actions(self, state: TableState, seat: int | None = None) -> list[Command]:
        """The answers to the pending decision (for ``seat``, if given)."""
        choice = self.pending(state)
        if choice is None:
            return []
        if seat is not None and seat != choice.seat:
            return []
        return [LC.Answer(seat=choice.seat, value=o) for o in choice.options]

    # ----------------------------------------------------------- commands
    def _start(self, ctx: Ctx, cmd: LC.Start) -> str:
        E = ctx.E
        if E["step"] and not E["outcome"]:
            raise Refused(_("The rules engine is already running this game."))
        if cmd.at == "setup":
            E["step"] = "setup.begin"
            ctx.say(_("The rules engine sets the game up."))
            ctx.push(*(dict(ins) for ins in engine_setup.SETUP))     # fresh: ops keep state in them
        else:
            if cmd.at not in ROUND.names:
                raise Refused(_("There is no step {step!r} in the round.").format(step=cmd.at))
            ctx.push(ROUND.enter(cmd.at))
        MACHINE.run(ctx)
        return "\n".join(ctx.lines)

    def _answer(self, ctx: Ctx, cmd: LC.Answer) -> str:
        E = ctx.E
        c = E["choice"]
        if E["outcome"]:
            raise Refused(_("The game is over."))
        if E["free"]:
            raise Refused(_("The table is in the players' hands: give it back to the rules "
                            "engine first."))
        if c is None:
            raise Refused(_("The rules engine is not waiting for a decision."))
        if cmd.seat != c["seat"]:
            raise Refused(_("It is {name}'s decision: {prompt}").format(
                name=ctx.seat_name(c["seat"]), prompt=c["prompt"]))
        value = cmd.value
        if c["kind"] == "number" and value not in c["options"] and isinstance(value, int) \
                and not isinstance(value, bool) and str(value) in c["options"]:
            value = str(value)          # a number answered as a number: 5 for the option "5"
        if value not in c["options"] or isinstance(value, bool):
            raise Refused(_("That is not one of the options: {prompt}").format(prompt=c["prompt"]))
        label = (c.get("labels") or {}).get(str(value))
        if label and c["kind"] not in ("ok",):
            ctx.say(_("{name}: {choice}.").format(name=ctx.seat_name(cmd.seat), choice=label))
        MACHINE.answer(ctx, value)
        return "\n".join(ctx.lines)

    def _play(self, ctx: Ctx, cmd: LC.PlayCard) -> str:
        """Play a card from hand: the answer "play:<card>" to the pending choice."""
        c = ctx.E["choice"]
        option = f"play:{cmd.card_id}"
        if c and not ctx.E["free"] and c["seat"] == cmd.seat and option in c["options"]:
            return self._answer(ctx, LC.Answer(cmd.seat, option))
        if cmd.card_id not in ctx.state.cards:
            raise Refused(_("There is no card #{id}.").format(id=cmd.card_id))
        if c and c["seat"] != cmd.seat and c["kind"] == "act":
            raise Refused(_("It is {name}'s turn to act.").format(name=ctx.seat_name(c["seat"])))
        raise Refused(why_not_playable(ctx, cmd.seat, cmd.card_id, phase_of(ctx.E["step"])))

    def _hands(self, ctx: Ctx, cmd: LC.FreeHands) -> str:
        E = ctx.E
        if cmd.free == E["free"]:
            raise Refused(_("The table is already in the players' hands.") if cmd.free
                          else _("The rules engine is already running the table."))
        E["free"] = cmd.free
        if cmd.free:
            return _("{name} takes the table into the players' hands: anything goes, and the "
                     "rules engine waits.").format(name=ctx.seat_name(cmd.seat))
        ctx.say(_("{name} gives the table back to the rules engine, which continues from "
                  "the table as it is.").format(name=ctx.seat_name(cmd.seat)))
        if E["choice"] is not None:           # asked again from the table as it now is
            E["choice"] = None
            E["stack"].append(kernel.forget(E["stack"].pop()))
        if E["stack"]:
            # damage or hit points may have changed by hand: destruction is checked first
            ctx.push({"op": "check_destroyed"})
        MACHINE.run(ctx)
        return "\n".join(ctx.lines)

    def _by_hand(self, ctx: Ctx, state, cmd, tx, rng) -> str:
        E = ctx.E
        if E["free"] or E["outcome"] or not E["step"] or isinstance(cmd, COSMETIC):
            text = super().execute(state, cmd, tx, rng)
            return text + " " + _("(by hand)") if E["free"] else text
        if isinstance(cmd, LC.Nudge) and self._same_areas(ctx, cmd):
            return super().execute(state, cmd, tx, rng)
        raise Refused(self.why_not_by_hand(ctx, cmd))

    @staticmethod
    def _same_areas(ctx: Ctx, cmd: LC.Nudge) -> bool:
        """A nudge that leaves every card in the area it was in only tidies the table."""
        st = ctx.state
        t = Table(st, ctx.registry, ctx.db, ctx.E)
        for cid in cmd.card_ids:
            if cid not in st.cards:
                return False
            card = st.cards[st.root(cid)]
            before = t.area(cid)
            x, y = card.x, card.y
            card.x, card.y = x + cmd.dx, y + cmd.dy
            after = t.area(cid)
            card.x, card.y = x, y
            if before != after:
                return False
        return True

    def why_not_by_hand(self, ctx: Ctx, cmd: Command) -> str:
        """The reason a sandbox move is refused while the engine runs the game."""
        c = ctx.E["choice"]
        waiting = ""
        if c:
            waiting = " " + _("The engine waits for {name}: {prompt}").format(
                name=ctx.seat_name(c["seat"]), prompt=c["prompt"])
        return (_("The rules engine is running the game, so cards move by the rules: answer its "
                  "decisions, or take the table into your own hands (Free hands) to do this.")
                + waiting)


def default_cards() -> CardRegistry:
    """The card registry the game's package gives its engine (``tabletop.games.lcg``),
    through the game registry: the engine never imports the declarations."""
    from tabletop.core.games import ruleset_for
    engine: Any = ruleset_for("lcg", "enforce")
    cards: CardRegistry = engine.cards
    return cards


def engine_view(state: TableState, cards: CardRegistry | None = None) -> Table:
    """A read-only view of the table as the engine sees it (for tools and the window),
    with the passives of ``cards`` (default: the game's own declarations)."""
    return Table(state, cards if cards is not None else default_cards(), None, S.stored(state))


def check_data(E: Any, nseats: int | None = None, cards: Any = None) -> None:
    """Check the engine's saved data (``slots["lcg"]["engine"]``) before it is loaded:
    the kernel's part (every instruction of its stack against the card language,
    the pending decision) and every key of the engine's own (types, words, seats,
    counts; with ``cards``, the ids of the table's cards: every card it names is one
    of them); ValueError naming the problem."""
    kernel.check_data(V, E, nseats)
    S.check_keys(E, ROUND.names, nseats)
    S.check_choice_values(E.get("choice"))
    S.check_seats(E.get("stack", []), nseats)
    for item in E.get("scheduled", ()):
        problems = V.steps_problems(item["do"], declared=True, where="scheduled")
        if problems:
            raise ValueError(problems[0])
    if cards is not None:
        missing = sorted({c for c in S.card_refs(E) if c not in cards})
        if missing:
            raise ValueError(_("the rules engine names card {n}, which is not in the game").format(
                n=missing[0]))
