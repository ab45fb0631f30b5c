"""The enforced ruleset: Circle of Conflict on the rules kernel.

The round is ``ctx.ROUND`` (eight steps), its automatic parts operations of ``ctx.VOCAB``
(``flow``, ``icons``, ``revealed``, ``hunt``, ``battle``), and every decision a choice the
kernel asks and keeps in the slot.  ``CocRules`` turns each command into what it is for the
kernel: the answer to the pending choice (``Roll``, ``ChooseGollum``, ``Assign``, ``Done``,
``ExtraHunt``, ``Decline``, ``BattleCharacters``, Gandalf's and Pippin's ``Use``) or an action
taken while the choice stays pending (``Mark``, ``Move``, ``March``, ``Recruit``, ``Hunt``, the
other ``Use``), after which the choice is asked again (a reaction the action caused first).
``HANDLERS`` maps each command to its handler; ``legal`` reads the pending choice.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import tabletop.core.commands as CC
from tabletop.core.commands import Command
from tabletop.core.i18n import _
from tabletop.core.model import TableState
from tabletop.core.ruleset import Choice, Refused, Rules
from tabletop.core.tx import Tx
from tabletop.games.coc.board import pencil, ready
from tabletop.games.coc.ctx import MACHINE, Ctx, Working
from tabletop.games.coc.data import GameData, HALVES, game_data
import tabletop.games.coc.battle as battle
import tabletop.games.coc.commands as C
import tabletop.games.coc.flow as flow
import tabletop.games.coc.hunt as hunt
import tabletop.games.coc.icons as icons
import tabletop.games.coc.legacy as legacy
import tabletop.games.coc.legal as legal
import tabletop.games.coc.revealed as revealed
import tabletop.games.coc.slot as S
import tabletop.games.coc.texts as T

Handler = Callable[[Ctx, Any], None]


# ------------------------------------------------------------------ answers
def _expect(ctx: Ctx, seat: int, steps: tuple[str, ...], wait: str = "") -> None:
    legal.expect(ctx.E, ctx.st, seat, steps, wait)


def _roll(ctx: Ctx, cmd: C.Roll) -> None:
    _expect(ctx, cmd.seat, ("roll",))
    ctx.answer({"xs": list(cmd.xs), "ys": list(cmd.ys), "angles": list(cmd.angles)})


def _gollum(ctx: Ctx, cmd: C.ChooseGollum) -> None:
    _expect(ctx, cmd.seat, ("gollum",))
    if cmd.choice not in ("gollum", "smeagol"):
        raise Refused(_("Choose Gollum or Sméagol."))
    ctx.answer(cmd.choice, cmd.seat)


def _assign(ctx: Ctx, cmd: C.Assign) -> None:
    _expect(ctx, cmd.seat, ("assign",))
    if cmd.free_peoples not in (0, 1):
        raise Refused(_("Give one Middle-earth die to each half of your board."))
    ctx.answer(cmd.free_peoples, cmd.seat)


def _spending(ctx: Ctx, seat: int) -> bool:
    """Is ``seat`` using icons gained outside round step 4 (after Gandalf's escape)?"""
    return legal.asked(ctx.E)[1] == "spend" and seat in legal.deciders(ctx.E)


def _done(ctx: Ctx, cmd: C.Done) -> None:
    if _spending(ctx, cmd.seat):
        _expect(ctx, cmd.seat, ("shadow",), "spend")
        _all_used(ctx, cmd.seat, ("fp",))
    elif ctx.E["step"] == "icons":
        _expect(ctx, cmd.seat, ("icons",))
        _all_used(ctx, cmd.seat, HALVES)
    else:
        _expect(ctx, cmd.seat, ("fp", "shadow"))
    ctx.answer("done", cmd.seat)


def _all_used(ctx: Ctx, seat: int, halves: tuple[str, ...]) -> None:
    why = icons.unused_icon(ctx.data, ctx.st, seat, halves)
    if why:
        raise Refused(why)


def _extra(ctx: Ctx, cmd: C.ExtraHunt) -> None:
    _expect(ctx, cmd.seat, ("shadow",), "extra")
    have = hunt.hunt_marks(ctx.data, ctx.st, cmd.seat)
    if not 0 <= cmd.amount <= have:
        raise Refused(_("You can spend 0 to {n} more hunt.").format(n=have))
    ctx.answer(cmd.amount)


def _decline(ctx: Ctx, cmd: C.Decline) -> None:
    wait = legal.asked(ctx.E)[1]
    _expect(ctx, cmd.seat, ("shadow",), wait if wait in ("gandalf", "pippin") else "none")
    ctx.answer("decline")


def _battle(ctx: Ctx, cmd: C.BattleCharacters) -> None:
    _expect(ctx, cmd.seat, ("battle",), "battle")
    board = S.board(ctx.st, ctx.E["wait"]["board"])
    half = "fp" if board["fp"] == cmd.seat else "sh"
    options = battle.battle_options(ctx.data, ctx.st, cmd.seat, half)
    chosen = list(dict.fromkeys(cmd.characters))
    if any(c not in options for c in chosen):
        raise Refused(_("Only ready battle characters who have not acted this round can join."))
    ctx.answer(chosen, cmd.seat)


def _use_gandalf(ctx: Ctx, cmd: C.Use) -> None:
    _expect(ctx, cmd.seat, ("shadow",), "gandalf")
    if cmd.target not in hunt.gandalf_escapes(ctx.data, ctx.st, cmd.seat, ctx.E["wait"]["at"]):
        raise Refused(_("Gandalf leads the Fellowship to a neighbouring location it has not "
                        "visited, never to Mount Doom."))
    ctx.answer(cmd.target)


def _use_pippin(ctx: Ctx, cmd: C.Use) -> None:
    _expect(ctx, cmd.seat, ("shadow",), "pippin")
    ctx.answer("pippin")


# ------------------------------------------------------------------ actions
def acting(fn: Handler, steps: tuple[str, ...] = ()) -> Handler:
    """An action taken while the choice stays pending: check who may act (at one of
    ``steps``), act; a reaction the action caused is asked first, then the choice again.
    (The choices actions are taken in, a revealed turn, step 4 and spending icons, depend on
    nothing an action changes: without a reaction the pending choice stands as it is.)"""
    def handler(ctx: Ctx, cmd: Any) -> None:
        if steps:
            _expect(ctx, cmd.seat, steps)
        depth = len(ctx.E["stack"])
        fn(ctx, cmd)
        if len(ctx.E["stack"]) != depth:
            ctx.resume()
    handler.__doc__ = fn.__doc__
    return handler


def _mark(ctx: Ctx, cmd: C.Mark) -> None:
    """Spend an icon (round step 4, or icons Gandalf's escape gave)."""
    if _spending(ctx, cmd.seat):
        _expect(ctx, cmd.seat, ("shadow",), "spend")
        icons.mark(ctx, cmd, ctx.E["wait"]["half"])
    else:
        _expect(ctx, cmd.seat, ("icons",))
        icons.mark(ctx, cmd)


def _revealed(fn: Handler) -> Handler:
    """An action of the revealed turn of ``cmd.half``."""
    def act(ctx: Ctx, cmd: Any) -> None:
        _expect(ctx, cmd.seat, ("fp",) if cmd.half == "fp" else ("shadow",))
        fn(ctx, cmd)
    act.__doc__ = fn.__doc__
    return act


def _hunt(ctx: Ctx, cmd: C.Hunt) -> None:
    """Hunt the prey's Fellowship (once a round)."""
    if S.public(ctx.st, cmd.seat).get("hunt"):
        raise Refused(_("You hunt the Fellowship once a round (Crebain allow another after a "
                        "failed hunt)."))
    ctx.say(hunt.hunt(ctx, cmd.seat, cmd.at, 0))


# character -> (its handler, the steps it acts in; none: it answers a reaction)
USES: dict[str, tuple[Handler, tuple[str, ...]]] = {
    "gandalf": (_use_gandalf, ()),
    "pippin": (_use_pippin, ()),
    "palantir": (acting(icons.use_palantir), ("icons",)),
    "merry": (acting(revealed.use_merry), ("fp",)),
    "strider": (acting(revealed.use_strider), ("fp",)),
    "boromir": (acting(revealed.use_boromir), ("fp",)),
    "saruman": (acting(revealed.use_saruman), ("shadow",)),
    "wormtongue": (acting(revealed.use_wormtongue), ("shadow",)),
    "shelob": (acting(revealed.use_shelob), ("shadow",)),
    "crebain": (acting(hunt.use_crebain), ("shadow",)),
    "mouth_of_sauron": (acting(hunt.use_mouth_of_sauron), ("shadow",)),
    "nazgul": (acting(hunt.use_nazgul), ("shadow",)),
}


def _use(ctx: Ctx, cmd: C.Use) -> None:
    data = ctx.data
    half = next((h for h in HALVES if cmd.character in data.half(h).characters), None)
    use = USES.get(cmd.character) if half else None
    if half is None or use is None:
        raise Refused(_("There is no such character on your board."))
    if data.half(half).characters[cmd.character].timing == "battle":
        raise Refused(_("{name} acts only when a battle is fought.").format(
            name=T.character(data, cmd.character)))
    if not ready(data, ctx.st, cmd.seat, half, cmd.character):
        _expect(ctx, cmd.seat, T.STEPS, legal.asked(ctx.E)[1])
        raise Refused(_("{name} is not ready: mark the box under an arc first (a character "
                        "acts once a round).").format(name=T.character(data, cmd.character)))
    fn, steps = use
    if steps:
        _expect(ctx, cmd.seat, steps)
    fn(ctx, cmd)


def _note(ctx: Ctx, cmd: C.Note) -> None:
    ctx.say(pencil(ctx.data, ctx.st, ctx.tx, cmd.seat, cmd.at, cmd.mark))


def _table_dice(ctx: Ctx, cmd: Command) -> None:
    raise Refused(_("With the rules, the start player rolls the game's dice with the panel's "
                    "button (round step 1); the dice tray is for the free table."))


HANDLERS: dict[type, Handler] = {
    C.Roll: _roll, C.ChooseGollum: _gollum, C.Assign: _assign, C.Done: _done,
    C.ExtraHunt: _extra, C.Decline: _decline, C.BattleCharacters: _battle, C.Use: _use,
    C.Mark: acting(_mark), C.Move: acting(icons.move, ("icons",)),
    C.March: acting(_revealed(revealed.march)), C.Recruit: acting(_revealed(revealed.recruit)),
    C.Hunt: acting(_hunt, ("shadow",)), C.Note: _note,
    CC.AddDie: _table_dice, CC.RollDice: _table_dice, CC.MoveDice: _table_dice,
    CC.RemoveDice: _table_dice,
}


class CocRules(Rules):
    """Circle of Conflict played by the rules (the "enforce" ruleset)."""

    name = "enforce"
    game = "coc"

    def __init__(self, data: GameData | None = None):
        self.data = data or game_data()

    def execute(self, state: TableState, cmd: Command, tx: Tx, rng: random.Random) -> str:
        """Carry a command out by the rules (refused on a table of another game)."""
        if S.get(state, "step") is None:
            raise Refused(_("This table holds no game of Circle of Conflict."))
        fn = HANDLERS.get(type(cmd))
        if fn is None:
            raise Refused(_("The table does not know how to do that ({name}).").format(name=cmd.name))
        work = Working(legacy.stored(self.data, state))
        ctx = Ctx(self.data, state, tx, rng, work.E)
        if work.E["choice"] is None and work.E["stack"] and not work.E["outcome"]:
            MACHINE.run(ctx)                      # an old slot whose decision was never asked
        fn(ctx, cmd)
        work.flush(tx, state)
        return " ".join(ctx.lines)

    # ------------------------------------------------------- what is asked
    def pending(self, state: TableState) -> Choice | None:
        """The decision the game waits for (from the kernel's pending choice)."""
        return legal.pending(legacy.stored(self.data, state))

    def legal_actions(self, state: TableState, seat: int | None = None) -> list[Any]:
        """The commands ``seat`` may submit now."""
        return legal.legal_actions(self.data, state, legacy.stored(self.data, state), seat)

    def actors(self, state: TableState) -> list[int]:
        """The seats that may act now, the one expected first at the front."""
        return legal.deciders(legacy.stored(self.data, state))

    # ------------------------------------------------- for the window, tools
    def dice_to_roll(self, state: TableState) -> list[int]:
        """The dice the start player rolls now."""
        return flow.dice_to_roll(self.data, state)

    def nation_icons(self, state: TableState, seat: int, half: str) -> list[str]:
        """The icons a seat takes from its activated nations' dice."""
        return flow.nation_icons(self.data, state, seat, half)
