"""Verbs of progress: on the active location and the quest; explored locations,
defeated stages, the next stage revealed.

Progress goes on the active location first (explored at its quest points,
even in the staging area), then on the current stage; a stage with all its
progress is defeated unless its declaration blocks it (``stage_blocked``);
the next stage is revealed (Passage Through Mirkwood's stage 3 at random),
and the players win after the last one.
"""
from __future__ import annotations

from tabletop.core.i18n import _, ngettext
from tabletop.core.model import TABLE
from tabletop.games.lcg.engine.allowed import stage_blocked
from tabletop.games.lcg.engine.context import Ctx
from tabletop.games.lcg.engine.moves import add_tokens, leave_play, place, to_zone
from tabletop.games.lcg.engine.offers import own_abilities
from tabletop.games.lcg.engine.players import end_game
from tabletop.games.lcg.engine.triggers import trigger


def place_progress(ctx: Ctx, n: int) -> None:
    """Progress on the current quest: the active location first, then the stage."""
    loc = ctx.active_location()
    if loc is not None and n > 0:
        need = max(0, ctx.stat(loc, "quest_points") - ctx.progress(loc))
        put = min(n, need)
        if put:
            add_tokens(ctx, loc, "progress", put)
            n -= put
        check_explored(ctx, loc)
    quest = ctx.quest_card()
    if quest is not None and n > 0 and ctx.state.cards[quest].zone == TABLE:
        add_tokens(ctx, quest, "progress", n)
        ctx.say(ngettext("{n} progress on the quest.", "{n} progress on the quest.", n).format(n=n))
        trigger(ctx, "quest_progress", card=quest, n=n)
        check_stage(ctx)


def check_explored(ctx: Ctx, loc: int) -> bool:
    """A location with as much progress as its quest points is explored."""
    st = ctx.state
    if loc not in st.cards or st.cards[loc].zone != TABLE:
        return False
    if ctx.progress(loc) >= ctx.stat(loc, "quest_points") > 0:
        name = ctx.name(loc)
        leave_play(ctx, loc, victory=True)
        ctx.say(_("{card} is explored.").format(card=name))
        trigger(ctx, "explored", card=loc)
        return True
    return False


def stage_number(ctx: Ctx, cid: int) -> int:
    """The stage of a quest card."""
    return ctx.cdef(cid).stage or 0


def last_stage(ctx: Ctx) -> int:
    """The number of the scenario's final stage."""
    sc = ctx.db.scenarios.get(ctx.state.scenario, {})
    return max((s["stage"] for s in sc.get("quest_stages", ())), default=0)


def check_stage(ctx: Ctx) -> None:
    """Advance (or win) when the current stage has all its progress and nothing blocks it."""
    quest = ctx.quest_card()
    if quest is None or ctx.state.cards[quest].zone != TABLE:
        return
    need = ctx.stat(quest, "quest_points")
    if need <= 0 or ctx.progress(quest) < need:
        return
    why = stage_blocked(ctx, quest)
    if why:
        ctx.say(why)
        return
    complete_stage(ctx, quest)


def complete_stage(ctx: Ctx, quest: int) -> None:
    """The stage is defeated: the players win after the last one, else the next stage."""
    stage = stage_number(ctx, quest)
    ctx.say(_("Stage {n}, {card}, is complete.").format(n=stage, card=ctx.name(quest)))
    if stage >= last_stage(ctx):
        end_game(ctx, "won")
        return
    to_zone(ctx, quest, "quest.discard")
    st = ctx.state
    nxt = [c for c in st.zones["quest.deck"].cards if stage_number(ctx, c) == stage + 1]
    if not nxt:
        end_game(ctx, "won")
        return
    chosen = ctx.rng.choice(nxt) if len(nxt) > 1 else nxt[0]
    for other in nxt:
        if other != chosen:
            to_zone(ctx, other, "quest.discard")
    reveal_stage(ctx, chosen, side="B")


def reveal_stage(ctx: Ctx, cid: int, side: str = "B") -> None:
    """Put a quest card on the table as the current stage, showing ``side``."""
    place(ctx, cid, "quest")
    ctx.tx.set(cid, "side", side)
    ctx.say(_("The quest advances to stage {n}: {card}.").format(n=stage_number(ctx, cid),
                                                                  card=ctx.name(cid)))
    stage_revealed(ctx, cid)



def stage_revealed(ctx: Ctx, cid: int) -> None:
    """A new quest stage's When Revealed effects."""
    steps = own_abilities(ctx, cid, "when_revealed", {"seat": ctx.first_seat()})
    ctx.push(*steps)

