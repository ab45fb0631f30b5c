"""The War of the Ring engine on the rules kernel: one command's run, and what it waits for.

``HANDLERS`` is the table of the game's commands, each a plain function
``handler(ctx, cmd) -> log text`` of the module that carries it out
(``turn``, ``cards``, ``hunt``, ``moves``, ``battle``, ``kings``).  Importing
this module registers every operation of ``vocab.VOCAB``.

``execute`` runs one command: the kernel's data is brought in line with the
slot (``ctx.sync``: an old save, a position set by hand), the pending
question is taken down, the handler checks and acts (answering the question,
or acting freely while it waits), the machine runs until the next question,
and the stack and choice are written back into the slot.  The log text is
the handler's sentence followed by what the operations said.

``current`` and ``pending`` read what the game waits for without changing
the table.

Pure Python: no pygame.
"""
from __future__ import annotations

import copy
import random
from typing import Any

from tabletop.core import kernel
from tabletop.core.commands import Command
from tabletop.core.model import TableState
from tabletop.core.ruleset import Choice
from tabletop.core.tx import Tx
import tabletop.games.wotr.battle as battle
import tabletop.games.wotr.abilities as abilities
import tabletop.games.wotr.armies as armies  # noqa: F401  (registers its operations)
import tabletop.games.wotr.cards as cards
import tabletop.games.wotr.characters as characters
import tabletop.games.wotr.combat as combat
import tabletop.games.wotr.combat_effects as combat_effects  # noqa: F401  (its operations)
import tabletop.games.wotr.commands as C
import tabletop.games.wotr.companions as companions  # noqa: F401
import tabletop.games.wotr.deeds as deeds  # noqa: F401
import tabletop.games.wotr.effects as effects
import tabletop.games.wotr.fellowship as fellowship
import tabletop.games.wotr.sovereigns as sovereigns  # noqa: F401
import tabletop.games.wotr.tablecards as tablecards
import tabletop.games.wotr.hunt as hunt
import tabletop.games.wotr.kings as kings
import tabletop.games.wotr.legacy as legacy
import tabletop.games.wotr.moves as moves
import tabletop.games.wotr.politics as politics
import tabletop.games.wotr.turn as turn
from tabletop.games.wotr.ctx import Ctx, Handler, sync
from tabletop.games.wotr.dice import end_follow
from tabletop.games.wotr.state import SLOT
from tabletop.games.wotr.victory import check_ring
from tabletop.games.wotr.vocab import VOCAB


def decline(c: Ctx, cmd: C.Decline) -> str:
    """Decline what the game offers: the rest of a die's action (a second army, a
    second recruit, more characters), or a Corruption token to remove."""
    if c.asking() == "act" and c.get("follow"):
        end_follow(c)
        return ""
    return kings.decline(c, cmd)


HANDLERS: dict[type[Command], Handler] = {
    **turn.HANDLERS, **cards.HANDLERS, **hunt.HANDLERS, **fellowship.HANDLERS,
    **moves.HANDLERS, **battle.HANDLERS, **kings.HANDLERS, **politics.HANDLERS,
    **effects.HANDLERS, **tablecards.HANDLERS, **characters.HANDLERS, **combat.HANDLERS,
    **abilities.HANDLERS, C.Decline: decline}


def execute(st: TableState, cmd: Command, tx: Tx, rng: random.Random, strict: bool,
            handler: Handler) -> str:
    """Carry out one of the game's commands on the kernel; the log text."""
    c = Ctx(st, tx, rng, strict)
    c.seat = cmd.seat
    sync(c)
    text = handler(c, cmd)
    c.run()
    tidy(c)
    game_end(c)
    c.data.flush()
    return ". ".join(part for part in [text, *c.lines] if part)


def free_hands(st: TableState, tx: Tx, rng: random.Random, strict: bool) -> str:
    """After a verb of the shared table (a piece moved by hand): the pending
    question is asked again from the table as it is now; what the engine said."""
    if SLOT not in st.slots:
        return ""
    c = Ctx(st, tx, rng, strict)
    sync(c)
    c.run()
    tidy(c)
    c.data.flush()
    return ". ".join(c.lines)


def tidy(c: Ctx) -> None:
    """After a command: table cards whose conditions failed leave, the Guide is checked;
    what that pushes runs."""
    if c.E["outcome"] or not st_has_game(c.st):
        return
    tablecards.tidy(c)
    characters.fix_guide(c)
    if c.E["choice"] is None and c.E["stack"]:
        c.run()


def game_end(c: Ctx) -> None:
    """After a command: the Ring's victories end the game at once (nothing more is
    asked); a game over keeps no instruction."""
    if not c.E["outcome"] and st_has_game(c.st):
        check_ring(c)
    if c.E["outcome"]:
        c.E["stack"] = []
        c.E["choice"] = None


def st_has_game(st: TableState) -> bool:
    """Is the table a War of the Ring game under way (zones of a set-up table)?"""
    return "fellowship" in st.zones


def current(st: TableState) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """The instruction that asks and its question (``None, None`` when nothing
    is asked).  A slot whose stack is missing or behind its keys is read on a
    copy, as the next command would see it."""
    slot = st.slots.get(SLOT)
    if not slot or slot.get("outcome"):
        return None, None
    if not legacy.stale(slot):
        return slot["stack"][-1], slot["choice"]
    scratch = copy.copy(st)
    scratch.slots = dict(st.slots)
    scratch.slots[SLOT] = copy.deepcopy(slot)
    c = Ctx(scratch, Tx(scratch), random.Random(0), True)
    c.E["stack"] = legacy.stack_for(slot)
    c.E["choice"] = None
    c.run()
    choice = c.E["choice"]
    return (c.E["stack"][-1] if choice is not None else None), choice


def pending(st: TableState) -> Choice | None:
    """What the game waits for, as a ``Choice``."""
    _ins, choice = current(st)
    if choice is None:
        return None
    return kernel.pending({"choice": choice})


def check(value: Any, nseats: int) -> None:
    """The kernel's part of a saved slot (stack, choice, outcome); ValueError."""
    kernel.check_data(VOCAB, value, nseats)
