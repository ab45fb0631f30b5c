"""The round as data: one list of steps, like the rulebook's round sequence.

``ROUND`` is a ``kernel.Round``: each step is a name ``"<phase>.<step>"``
(saves hold them) and its work is registered with ``ROUND.step``.  Entering a
step (the instruction ``{"op": "step", "name": ...}``) pushes the next step
first and then its own work on top, so its work (and everything that work
triggers) resolves before the round moves on.  Action windows stand where the
rulebook gives players actions; a window in which nobody has anything to do
closes by itself.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import tabletop.games.lcg.names as names
from tabletop.core.i18n import _, ngettext
from tabletop.core.kernel import Round
from tabletop.games.lcg.engine.abilities import take_action, travel_to
from tabletop.games.lcg.engine.allowed import can_travel
from tabletop.games.lcg.engine.context import Ctx
from tabletop.games.lcg.engine.effects import end_of
from tabletop.games.lcg.engine.language import PHASES, V, Opt
from tabletop.games.lcg.engine.moves import add_tokens, engage, exhaust, ready
from tabletop.games.lcg.engine.offers import available_actions
from tabletop.games.lcg.engine.players import raise_threat
from tabletop.games.lcg.engine.table import phase_of
from tabletop.games.lcg.engine.triggers import trigger

STEP_NAMES = [
    "resource.begin", "resource.gain", "resource.draw", "resource.actions", "resource.end",
    "planning.begin", "planning.play", "planning.end",
    "quest.begin", "quest.commit", "quest.actions_commit", "quest.staging",
    "quest.actions_staging", "quest.resolve", "quest.actions_resolve", "quest.end",
    "travel.begin", "travel.travel", "travel.actions", "travel.end",
    "encounter.begin", "encounter.optional", "encounter.actions_optional", "encounter.checks",
    "encounter.actions",
    "encounter.end",
    "combat.begin", "combat.shadows", "combat.actions", "combat.enemy_attacks",
    "combat.player_attacks", "combat.end",
    "refresh.begin", "refresh.ready", "refresh.threat", "refresh.token", "refresh.actions",
    "refresh.end",
]
PHASE_NAMES = names.PHASE_NAMES   # marked text, translated where shown


def _window(ctx: Ctx, name: str) -> None:
    """A step without work of its own: an action window (``*.actions``)."""
    if name.split(".")[1].startswith("actions"):
        ctx.push({"op": "window", "phase": phase_of(name)})


ROUND = Round(V, STEP_NAMES, default=_window)
step = ROUND.step


def each_seat(name: str, op_name: str, doc: str,
              before: Callable[[Ctx], None] | None = None) -> None:
    """A step that runs instruction ``op_name`` for every seat still in the game,
    from the first player (``before``: what the step does first)."""
    def run(ctx: Ctx) -> None:
        if before is not None:
            before(ctx)
        ctx.push(*[{"op": op_name, "seat": s} for s in ctx.seats_in_order()])
    run.__doc__ = doc
    ROUND.step(name)(run)


# ------------------------------------------------------------ phases begin/end
# the phases whose beginning is an action window: the quest phase's steps each begin
# and end with one (FAQ, errata to the rulebook's page 14)
WINDOW_AT_BEGIN = ("quest",)


def _begin(phase: str) -> Callable[[Ctx], None]:
    def begin(ctx: Ctx) -> None:
        ctx.say(_(PHASE_NAMES[phase]) + ".")
        if phase in WINDOW_AT_BEGIN:
            ctx.push({"op": "window", "phase": phase})
        trigger(ctx, "phase_begin", phase=phase)
    return begin


def _end(phase: str) -> Callable[[Ctx], None]:
    def end(ctx: Ctx) -> None:
        end_of(ctx, "phase", phase)
        if phase == "refresh":
            end_of(ctx, "round", phase)
            ctx.push({"op": "new_round"})
            trigger(ctx, "round_end")
        trigger(ctx, "phase_end", phase=phase)
    return end


@V.op("new_round")
def op_new_round(ctx: Ctx, ins: dict[str, Any]) -> None:
    """The round counter goes up once the round's last effects have ended."""
    st = ctx.state
    ctx.tx.set_global("round", st.round + 1)
    ctx.say(_("Round {n}: {name} is the first player.").format(
        n=st.round, name=ctx.seat_name(st.first_player)))


for _p in PHASES:
    ROUND.step(f"{_p}.begin")(_begin(_p))
    ROUND.step(f"{_p}.end")(_end(_p))      # the quest's and the combat's: their own below


# ----------------------------------------------------------------- resource
@step("resource.gain")
def resource_gain(ctx: Ctx) -> None:
    """Each hero gains 1 resource."""
    for seat in ctx.seats_in_order():
        for hero in ctx.heroes(seat):
            add_tokens(ctx, hero, "resource", 1)
    ctx.say(_("Each hero gains 1 resource."))


each_seat("resource.draw", "draw", "Each player draws 1 card.")


@V.op("draw", seat=int, n=Opt(int))
def op_draw(ctx: Ctx, ins: dict[str, Any]) -> None:
    """A player draws cards from the top of their deck (none from an empty deck)."""
    st = ctx.state
    seat, n = ins["seat"], ins.get("n", 1)
    if n and ctx.rule("no_draw"):
        ctx.say(_("{name} cannot draw cards now.").format(name=ctx.seat_name(seat)))
        return
    replaced = ctx.registry.instead(ctx, "draw", None, seat) if n else None
    if replaced:
        ctx.push(*replaced)            # the draw does not happen (Iron Shackles)
        return
    deck = st.zones[st.seat_zone(seat, "deck")]
    drawn = 0
    for _i in range(n):
        if not deck.cards:
            break
        cid = deck.cards[-1]
        ctx.tx.move(cid, st.seat_zone(seat, "hand"), None)
        ctx.tx.set(cid, "face_up", True)
        drawn += 1
    if drawn:
        ctx.say(ngettext("{name} draws {n} card.", "{name} draws {n} cards.", drawn).format(
            name=ctx.seat_name(seat), n=drawn))
        trigger(ctx, "drew", seat=seat, n=drawn)
    elif n:
        ctx.say(_("{name}'s deck is empty: no card is drawn.").format(name=ctx.seat_name(seat)))


# ----------------------------------------------------------------- planning
@step("planning.play")
def planning_play(ctx: Ctx) -> None:
    """Each player in turn, from the first player, plays allies and attachments; after
    each player's turn, every player may act (rulebook, Round sequence)."""
    turns: list[dict[str, Any]] = []
    for s in ctx.seats_in_order():
        turns += [{"op": "plan", "seat": s}, {"op": "window", "phase": "planning"}]
    ctx.push(*turns)


@V.op("plan", seat=int)
def op_plan(ctx: Ctx, ins: dict[str, Any]) -> None:
    """A player's turn in the planning phase: play cards and take actions, then pass."""
    seat = ins["seat"]
    if ctx.eliminated(seat):
        return
    if "answer" in ins:
        choice = ins.pop("answer")
        if choice == "pass":
            return
        ctx.push(ins)
        take_action(ctx, seat, choice)
        return
    options = available_actions(ctx, seat, "planning")
    if not options:
        return
    labels = dict(options)
    labels["pass"] = _("Done planning")
    ctx.ask(ins, seat, _("{name}: play allies and attachments, or pass.").format(
        name=ctx.seat_name(seat)), list(options) + ["pass"], labels, kind="act",
        data={"window": "planning"})


# -------------------------------------------------------------------- quest
each_seat("quest.commit", "commit",
          "Each player, from the first player, commits characters to the quest.",
          before=lambda ctx: ctx.E.update(committed=[]))


@V.op("commit", seat=int)
def op_commit(ctx: Ctx, ins: dict[str, Any]) -> None:
    """One player commits ready characters, one at a time, then says done."""
    seat = ins["seat"]
    if ctx.eliminated(seat):
        return
    if "answer" in ins:
        choice = ins.pop("answer")
        if choice == "done":
            mine = [c for c in ctx.E["committed"] if ctx.controller(c) == seat]
            if mine:
                ctx.say(_("{name} commits {cards} to the quest.").format(
                    name=ctx.seat_name(seat), cards=", ".join(ctx.name(c) for c in mine)))
            else:
                ctx.say(_("{name} commits no character.").format(name=ctx.seat_name(seat)))
            # a player commits their characters at once; then the responses to their
            # committing, in the order they were picked (FAQ), before the next player commits
            ctx.push(*[{"op": "trigger", "event": "committed", "info": {"card": c, "seat": seat}}
                       for c in mine])
            return
        exhaust(ctx, choice)
        ctx.E["committed"].append(choice)
        ctx.push(ins)
        return
    options = [c for c in ctx.characters(seat)
               if not ctx.state.cards[c].exhausted and c not in ctx.E["committed"]
               and not ctx.cannot(c, "quest")]
    if not options:
        ins["answer"] = "done"
        op_commit(ctx, ins)
        return
    labels: dict[Any, str] = {c: _("Commit {card} ({n} willpower)").format(card=ctx.name(c),
                                                            n=ctx.stat(c, "willpower"))
              for c in options}
    labels["done"] = _("Done committing")
    ctx.ask(ins, seat, _("{name}: commit characters to the quest.").format(
        name=ctx.seat_name(seat)), options + ["done"], labels, kind="many",
        data={"picked": [c for c in ctx.E["committed"] if ctx.controller(c) == seat]})


@step("quest.staging")
def quest_staging(ctx: Ctx) -> None:
    """One encounter card is revealed per player still in the game."""
    if ctx.rule("no_staging"):
        return
    n = len(ctx.seats_in_order()) + ctx.rule("extra_staging")
    for _i in range(n):
        ctx.push({"op": "reveal", "staging": True})


@step("quest.resolve")
def quest_resolve(ctx: Ctx) -> None:
    """Compare committed willpower with the threat in the staging area."""
    willpower = ctx.committed_willpower()
    threat = ctx.staging_threat()
    if willpower > threat:
        ctx.say(_("Quest: {w} willpower against {t} threat: {n} progress.").format(
            w=willpower, t=threat, n=willpower - threat))
        # the quest succeeded: its effects resolve before the progress is placed (FAQ 1.24)
        ctx.push({"op": "progress", "quest": True, "n": willpower - threat})
        trigger(ctx, "quest_success", progress=willpower - threat)
    elif threat > willpower:
        ctx.say(_("Quest: {w} willpower against {t} threat: each player raises their threat "
                  "by {n}.").format(w=willpower, t=threat, n=threat - willpower))
        for seat in ctx.seats_in_order():
            raise_threat(ctx, seat, threat - willpower)
        trigger(ctx, "quest_failed", by=threat - willpower)
    else:
        ctx.say(_("Quest: {w} willpower against {t} threat: nothing happens.").format(
            w=willpower, t=threat))


@step("quest.end")
def quest_end(ctx: Ctx) -> None:
    """Characters stop being committed when the quest phase ends."""
    end_of(ctx, "phase", "quest")
    ctx.E["committed"] = []
    trigger(ctx, "phase_end", phase="quest")


# ------------------------------------------------------------------- travel
@step("travel.travel")
def travel(ctx: Ctx) -> None:
    """With no active location, the first player may travel to one in the staging area."""
    if ctx.active_location() is None:
        ctx.push({"op": "travel"})


@V.op("travel")
def op_travel(ctx: Ctx, ins: dict[str, Any]) -> None:
    """The first player picks a location to travel to, or none."""
    seats = ctx.seats_in_order()
    if not seats:
        return
    first = seats[0]
    if "answer" in ins:
        choice = ins.pop("answer")
        if choice != "none":
            travel_to(ctx, first, choice)
        return
    options = [c for c in ctx.staging(("location",)) if can_travel(ctx, first, c)]
    if not options:
        return
    labels: dict[Any, str] = {c: _("Travel to {card}").format(card=ctx.name(c)) for c in options}
    must = [c for c in options if ctx.cannot(c, "be_declined")]     # The East Bight
    if must:
        if len(must) == 1:
            travel_to(ctx, first, must[0])
            return
        ctx.ask(ins, first, _("{name}: travel to which location (the players must)?").format(
            name=ctx.seat_name(first)), must, labels)
        return
    labels["none"] = _("Do not travel")
    ctx.ask(ins, first, _("{name}: travel to a location?").format(name=ctx.seat_name(first)),
            options + ["none"], labels)


# ---------------------------------------------------------------- encounter
each_seat("encounter.optional", "optional_engage",
          "Each player may engage one enemy in the staging area.",
          before=lambda ctx: ctx.E.update(engagements=[]))


@V.op("optional_engage", seat=int)
def op_optional_engage(ctx: Ctx, ins: dict[str, Any]) -> None:
    """A player may choose one enemy in the staging area to engage."""
    seat = ins["seat"]
    if ctx.eliminated(seat):
        return
    if "answer" in ins:
        choice = ins.pop("answer")
        if choice != "none":
            engage(ctx, choice, seat, _("{name} chooses to engage {card}.").format(
                name=ctx.seat_name(seat), card=ctx.name(choice)))
        return
    options = [c for c in ctx.staging(("enemy",)) if not ctx.cannot(c, "be_optionally_engaged")]
    if not options:
        return
    labels: dict[Any, str] = {c: _("Engage {card} ({n})").format(card=ctx.name(c), n=ctx.stat(c, "engagement"))
              for c in options}
    labels["none"] = _("Engage none")
    ctx.ask(ins, seat, _("{name}: engage an enemy of your choice?").format(
        name=ctx.seat_name(seat)), options + ["none"], labels)


@step("encounter.checks")
def engagement_checks(ctx: Ctx) -> None:
    """Engagement checks, from the first player, until no enemy engages anyone."""
    if ctx.rule("no_engagement_checks"):
        ctx.say(_("No engagement checks are made this round."))
        return
    ctx.push({"op": "engagement_checks", "misses": 0, "turn": 0})


def engagement_candidate(ctx: Ctx, seat: int) -> int | None:
    """The enemy in the staging area with the highest engagement cost at or below
    the seat's threat (the leftmost of equal ones), or None."""
    threat = ctx.threat(seat)
    best = None
    for c in ctx.staging(("enemy",)):
        cost = ctx.stat(c, "engagement")
        if cost <= threat and (best is None or cost > ctx.stat(best, "engagement")):
            best = c
    return best


@V.op("engagement_checks", misses=int, turn=int)
def op_engagement_checks(ctx: Ctx, ins: dict[str, Any]) -> None:
    """One engagement check for the next seat in turn; the step ends when a full
    round of checks engages nobody."""
    seats = ctx.seats_in_order()
    if not seats or ins["misses"] >= len(seats):
        return
    seat = seats[ins["turn"] % len(seats)]
    enemy = engagement_candidate(ctx, seat)
    ins["turn"] += 1
    if enemy is None:
        ins["misses"] += 1
        ctx.push(ins)
        return
    ins["misses"] = 0
    ctx.push(ins)
    engage(ctx, enemy, seat, _("{card} engages {name}: its engagement cost {cost} is the highest "
                               "at or below {name}'s threat {threat}.").format(
        card=ctx.name(enemy), name=ctx.seat_name(seat), cost=ctx.stat(enemy, "engagement"),
        threat=ctx.threat(seat)))


# ------------------------------------------------------------------ refresh
@step("refresh.ready")
def refresh_ready(ctx: Ctx) -> None:
    """Every exhausted card readies; what must happen before (Caught in a Web's payment)
    answers the game event "readying"."""
    ctx.push({"op": "ready_all"})
    trigger(ctx, "readying")


@V.op("ready_all")
def op_ready_all(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Every exhausted card readies (unless something keeps it from readying)."""
    st = ctx.state
    for cid in list(st.table.cards):
        card = st.cards[cid]
        if card.exhausted and not ctx.cannot(cid, "ready"):
            ready(ctx, cid)
    ctx.say(_("Every card readies."))


@step("refresh.threat")
def refresh_threat(ctx: Ctx) -> None:
    """Each player raises their threat by 1."""
    n = 1 + ctx.rule("refresh_threat")          # Gladden Fields: one more
    for seat in ctx.seats_in_order():
        raise_threat(ctx, seat, n)
    if ctx.seats_in_order():
        ctx.say(ngettext("Each player raises their threat by {n}.",
                         "Each player raises their threat by {n}.", n).format(n=n))


@step("refresh.token")
def refresh_token(ctx: Ctx) -> None:
    """The first-player token passes to the next player still in the game; a new round."""
    st = ctx.state
    n = ctx.nseats
    left = [s for s in range(n) if not ctx.eliminated(s)]
    if left:
        nxt = next(s for s in ((st.first_player + i) % n for i in range(1, n + 1)) if s in left)
        ctx.tx.set_global("first_player", nxt)
