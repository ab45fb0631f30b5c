"""Setup through the engine (rulebook, "Setup", steps 4 to 7).

The physical part (shuffled decks, heroes, threat dials: steps 1 to 3) is
``tabletop.games.lcg.setup.new_table``.  The engine then: picks the first
player (at random, or as the players decide), deals each player 6 cards and
offers one mulligan, puts stage 1 on the table and resolves its side A setup
(revealed cards resolve as any reveal: treacheries, Surge, Doomed, Guarded),
turns it to side B, gives each hero 1 resource in easy mode, and starts the
first round.
"""
from __future__ import annotations

from typing import Any

from tabletop.core.i18n import _
from tabletop.games.lcg.engine.context import Ctx
from tabletop.games.lcg.engine.language import V
from tabletop.games.lcg.engine.moves import add_tokens, place, shuffle
from tabletop.games.lcg.engine.progress import stage_revealed
from tabletop.games.lcg.engine.round import ROUND
from tabletop.games.lcg.engine.specs import steps_of

OPENING_HAND = 6

SETUP = [{"op": "setup_first_player"}, {"op": "setup_hands"}, {"op": "setup_mulligans"},
         {"op": "setup_quest"}, {"op": "setup_easy"}, ROUND.enter("resource.begin")]


@V.op("setup_first_player")
def op_first_player(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Step 4: the first player, decided by the players or at random."""
    n = ctx.nseats
    ctx.E["step"] = "setup.first_player"
    if n == 1:
        ctx.tx.set_global("first_player", 0)
        return
    if "answer" in ins:
        choice = ins.pop("answer")
        first = ctx.rng.randrange(n) if choice == "random" else int(str(choice).split(":")[1])
        ctx.tx.set_global("first_player", first)
        ctx.say(_("{name} is the first player.").format(name=ctx.seat_name(first))
                + (" " + _("(chosen at random)") if choice == "random" else ""))
        return
    options = ["random"] + [f"seat:{s}" for s in range(n)]
    labels = {"random": _("Choose at random")}
    labels.update({f"seat:{s}": ctx.seat_name(s) for s in range(n)})
    ctx.ask(ins, 0, _("Who is the first player?"), options, labels)


@V.op("setup_hands")
def op_hands(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Step 5: each player draws 6 cards."""
    ctx.E["step"] = "setup.hands"
    for seat in reversed(ctx.seats_in_order()):
        ctx.push({"op": "draw", "seat": seat, "n": OPENING_HAND})


@V.op("setup_mulligans")
def op_mulligans(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Each player may take one mulligan, in turn from the first player."""
    ctx.E["step"] = "setup.mulligan"
    for seat in reversed(ctx.seats_in_order()):
        ctx.push({"op": "mulligan", "seat": seat})


@V.op("mulligan", seat=int)
def op_mulligan(ctx: Ctx, ins: dict[str, Any]) -> None:
    """One player keeps their hand or shuffles it back and draws 6 new cards."""
    st = ctx.state
    seat = ins["seat"]
    if "answer" not in ins:
        ctx.ask(ins, seat, _("{name}: keep this hand or take a mulligan?").format(
            name=ctx.seat_name(seat)), ["keep", "mulligan"],
            {"keep": _("Keep"), "mulligan": _("Mulligan (shuffle back, draw 6 new cards)")},
            kind="yesno")
        return
    if ins.pop("answer") != "mulligan":
        return
    hand, deck = st.seat_zone(seat, "hand"), st.seat_zone(seat, "deck")
    for cid in list(st.zones[hand].cards):
        ctx.tx.move(cid, deck, None)
        ctx.tx.set(cid, "face_up", False)
    shuffle(ctx, deck)
    ctx.say(_("{name} takes a mulligan.").format(name=ctx.seat_name(seat)))
    ctx.push({"op": "draw", "seat": seat, "n": OPENING_HAND})


@V.op("setup_quest")
def op_setup_quest(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Steps 6 and 7: stage 1 on the table, its setup, then its side B."""
    ctx.E["step"] = "setup.quest"
    st = ctx.state
    deck = st.zones["quest.deck"].cards
    if not deck:
        return
    stage1 = deck[-1]
    place(ctx, stage1, "quest")
    ctx.tx.set(stage1, "side", "A")
    ctx.say(_("Stage 1: {card}.").format(card=ctx.name(stage1)))
    spec = ctx.registry.spec(st.cards[stage1].code)
    steps = []
    if spec is not None:
        for _i, ab in spec.of_kind("setup"):
            steps.extend(steps_of(ab.effect, ctx, stage1, {}, None))
    steps.append({"op": "flip_stage", "card": stage1})
    ctx.push(*steps)


@V.op("flip_stage", card=int)
def op_flip_stage(ctx: Ctx, ins: dict[str, Any]) -> None:
    """A stage turns to side B: its When Revealed effects."""
    cid = ins["card"]
    ctx.tx.set(cid, "side", "B")
    stage_revealed(ctx, cid)


@V.op("setup_easy")
def op_setup_easy(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Easy mode: each hero starts with 1 resource."""
    if ctx.state.options.get("easy"):
        for seat in ctx.seats_in_order():
            for hero in ctx.heroes(seat):
                add_tokens(ctx, hero, "resource", 1)
        ctx.say(_("Easy mode: each hero gains 1 resource."))
