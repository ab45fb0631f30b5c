"""The game turn on the kernel: its steps, their questions, action dice, Elven rings.

The turn is ``vocab.ROUND`` (steps ``fellowship``, ``hunt``, ``roll``,
``discard``, ``actions``, ``end``; the slot's ``phase`` names the step).
Each step's automatic part is registered here with ``ROUND.step``; what a
step waits for is an operation that asks:

| op | asks | answered by |
|---|---|---|
| ``start`` | a new game: begin the first turn | ``NextPhase`` |
| ``fellowship`` | a player over the hand limit discards; then declare the Fellowship, or go on | ``DiscardEvent``; ``NextPhase`` |
| ``hunt_alloc`` | the Shadow's Hunt dice | ``AllocateHunt`` |
| ``roll`` | the action roll | ``RollActions`` |
| ``discard`` | a side with a Ruler die sets one die aside | ``DiscardDie`` |
| ``act`` | the acting side uses an action die (any action command), or passes; when no die is left, the turn ends | the action commands, ``Pass``; ``NextPhase`` |

Before the kernel the phases were ``start`` -> ``fellowship`` -> ``hunt`` ->
``roll`` -> ``discard`` -> ``actions`` -> the next turn, or ``over``; they
still are.

Pure Python: no pygame.
"""
from __future__ import annotations

from typing import Any

from tabletop.core.dice import die_type
from tabletop.core.commands import Command
from tabletop.core.i18n import N_, _, ngettext
from tabletop.core.kernel import GameOver
from tabletop.core.model import TableState
from tabletop.core.ruleset import Refused
import tabletop.games.wotr.commands as C
from tabletop.games.wotr.base import base, cite, face_word, kome
from tabletop.games.wotr.cards import over_limit, turn_draws
from tabletop.games.wotr.ctx import Ctx, Handler
from tabletop.games.wotr.data import DECKS, FP, SHADOW, characters, dice_counts
from tabletop.games.wotr.dice import (eyes_to_hunt_box, need_free_hand, roll_die, set_die,
                                      spend, start_actions)
from tabletop.games.wotr.fellowship import end_of_actions
from tabletop.games.wotr.kings import kings_new_turn
from tabletop.games.wotr.setup import hand_zone
from tabletop.games.wotr.state import DIE_KIND, RULER_KIND, hand_limit  # noqa: F401 (re-exported)
from tabletop.games.wotr.victory import end_game, military
from tabletop.games.wotr.vocab import ROUND, TURN_BEGINS, VOCAB, fire
import tabletop.games.wotr.state as S

FACES = ("character", "army", "muster", "army_muster", "event", "will_of_the_west", "eye")


# ------------------------------------------------------------ the steps
@VOCAB.op("start", doc="A new game: wait for the first turn to begin.")
def _start(c: Ctx, ins: dict[str, Any]) -> None:
    if "answer" in ins:
        c.push(ROUND.enter("fellowship"))
        return
    c.ask(ins, S.lead(c.st, FP), _("Begin the first turn"), (), kind="act")


@ROUND.step("fellowship")
def _phase_one(c: Ctx) -> None:
    """Phase 1 (dice recovered, cards drawn), then phase 2's question."""
    st = c.st
    kings_new_turn(c)
    for side in (FP, SHADOW):
        c.put(("dice", side), fresh_pool(st, side))
    c.put(("hunt_min",), 1 if c.get("hunt_box", "fp", default=0) else 0)
    c.put(("hunt_box",), {"eyes": 0, "fp": 0})
    c.put(("follow",), None)
    c.put(("fellowship", "moves"), 0)
    c.put(("acting",), FP)
    c.put(("last",), None)
    c.push({"op": "fellowship"})
    drawn = turn_draws(c)
    c.say(_("Turn {n} begins: action dice recovered; {drawn}").format(n=st.round, drawn=drawn))
    fire(c, TURN_BEGINS, turn=st.round)


@VOCAB.op("fellowship", doc="Phase 2: discard down to the hand limit; declare the Fellowship, "
                            "or go on to the Hunt.")
def _fellowship(c: Ctx, ins: dict[str, Any]) -> None:
    if ins.pop("answer", None) == "next":
        return
    seat = over_limit(c)
    if seat is not None:
        c.ask(ins, seat, _("{seat} holds more than {n} cards: discard first").format(
            seat=c.seat_name(seat), n=hand_limit(c.st)),
            list(c.st.zones[hand_zone(seat)].cards))
        return
    c.ask(ins, S.lead(c.st, FP), _("Declare the Fellowship, or go on to the Hunt"), (),
          kind="act")


@ROUND.step("hunt")
def _phase_three(c: Ctx) -> None:
    c.push({"op": "hunt_alloc"})


def max_hunt_dice(st: TableState) -> int:
    """The Shadow may allocate up to one die per Companion in the Fellowship (at least 1)."""
    companions = [x for x in st.zones["fellowship"].cards
                  if S.kind(st, x) == "companion" and S.code(st, x) != "char.gollum"]
    return min(plain_dice(st), max(1, len(companions)))


def min_hunt_dice(st: TableState) -> int:
    """At least one die when the Free Peoples had dice in the Hunt box last turn."""
    return min(int(S.get(st, "hunt_min", default=0) or 0), max_hunt_dice(st))


def plain_dice(st: TableState) -> int:
    """The Shadow's dice that may go to the Hunt box (never the Ruler die)."""
    return sum(1 for d in S.get(st, "dice", SHADOW, default=[]) if d["kind"] == DIE_KIND[SHADOW])


@VOCAB.op("hunt_alloc", doc="Phase 3: the Shadow puts dice in the Hunt box.")
def _hunt_alloc(c: Ctx, ins: dict[str, Any]) -> None:
    if "answer" in ins:
        return
    c.ask(ins, S.lead(c.st, SHADOW), _("Dice to put in the Hunt box"), (), kind="number",
          low=min_hunt_dice(c.st), high=max_hunt_dice(c.st))


@ROUND.step("roll")
def _phase_four(c: Ctx) -> None:
    c.push({"op": "roll"})


@VOCAB.op("roll", doc="Phase 4: roll the action dice.")
def _roll(c: Ctx, ins: dict[str, Any]) -> None:
    if "answer" in ins:
        return
    c.ask(ins, S.lead(c.st, FP), _("Roll the action dice"), (), kind="act")


def after_roll(c: Ctx) -> list[str]:
    """Eyes to the Hunt box (unless the Shadow sets a die aside first); the sides
    with a Ruler die, the Shadow first, who set one die aside."""
    rulers = [s for s in (SHADOW, FP) if S.has_ruler_die(c.st, s)]
    if SHADOW not in rulers:
        eyes_to_hunt_box(c)
    return rulers


@ROUND.step("discard")
def _discard_step(c: Ctx) -> None:
    rulers = after_roll(c)
    if rulers:
        c.put(("discarding",), rulers[0])
        c.push({"op": "discard"})


@VOCAB.op("discard", doc="Kings of Middle-earth: a side with a Ruler die sets one die aside.")
def _discard(c: Ctx, ins: dict[str, Any]) -> None:
    ins.pop("answer", None)
    side = c.get("discarding")
    if side:
        c.ask(ins, S.lead(c.st, side), _("Set one die aside"),
              list(range(len(c.get("dice", side, default=[])))))


@ROUND.step("actions")
def _phase_five(c: Ctx) -> None:
    start_actions(c)
    c.push({"op": "act"})


FOLLOW_PROMPTS = {
    "army": N_("Move a second army with the same die, or say you are done"),
    "muster": N_("Recruit a second Regular or Leader with the same die, or say you are done"),
    "characters": N_("Move more characters with the same die, or say you are done"),
}


@VOCAB.op("act", doc="Phase 5: the acting side uses an action die (or passes).")
def _act(c: Ctx, ins: dict[str, Any]) -> None:
    if ins.pop("answer", None) == "end":
        return
    f = c.get("follow")
    if f:
        c.ask(ins, int(f.get("seat", S.lead(c.st, f["side"]))),
              _(FOLLOW_PROMPTS.get(f.get("action", ""), FOLLOW_PROMPTS["army"])), (),
              kind="act", data={"follow": f.get("action", "")})
        return
    c.ask(ins, S.lead(c.st, c.get("acting")), _("Use an action die"), (), kind="act")


@ROUND.step("end")
def _phase_six(c: Ctx) -> None:
    """The end of the action phase (the Mordor track), the victory check; then the
    round and the Leading Players change."""
    st = c.st
    end_of_actions(c)
    if c.E.get("outcome"):
        raise GameOver
    outcome = military(st)
    if outcome:
        end_game(c, outcome, "military")
        raise GameOver
    c.tx.set_global("round", st.round + 1)
    if len(st.seats) > 2:
        for side in (FP, SHADOW):
            team = S.seats_of(st, side)
            if len(team) > 1:
                cur = S.lead(st, side)
                c.put(("lead", side), team[(team.index(cur) + 1) % len(team)])


def fresh_pool(st: TableState, side: str) -> list[dict[str, Any]]:
    """The dice a side rolls this turn."""
    start, top = dice_counts()[side]
    extra = sum(1 for cid, ch in characters().items()
                if ch.side == side and ch.extra_die and S.in_play(st, f"char.{cid}"))
    pool: list[dict[str, Any]] = [{"kind": DIE_KIND[side], "face": "", "used": False}
                                  for _i in range(min(top, start + extra))]
    if S.get(st, "kome", "ruler_dice", side) == "pool":
        pool.append({"kind": RULER_KIND[side], "face": "", "used": False})
    return pool


def victory(st: TableState) -> str:
    """Who has won, if anyone (the side's word, "" while the game goes on)."""
    return str(S.get(st, "outcome") or "")


# ---------------------------------------------------------------- phases
SKIP_TO = {"fellowship": "hunt", "hunt": "roll", "roll": "actions", "discard": "actions",
           "actions": "end"}


def next_phase(c: Ctx, cmd: C.NextPhase) -> str:
    """Finish the phase: begin the first turn, go on to the Hunt, end the turn."""
    phase = c.get("phase")
    if phase == "over" or c.get("outcome"):
        raise Refused(cite(_("The game is over"), base("turn")))
    asked = c.asking()
    if asked == "start":
        c.answer()
        return ""
    if asked == "fellowship":
        if c.strict:
            limit = hand_limit(c.st)
            for seat in range(len(c.st.seats)):
                c.need(len(c.st.zones[hand_zone(seat)].cards) <= limit,
                       _("{seat} holds more than {n} cards: discard first").format(
                           seat=c.seat_name(seat), n=limit), base("cards"))
        c.answer("next")
        return _("Hunt allocation: the Shadow puts dice in the Hunt box")
    if asked == "act":
        c.need(not S.unused(c.st, FP) and not S.unused(c.st, SHADOW),
               _("Action dice remain to be used"), base("actions"))
        c.answer("end")
        return ""
    if asked == "draws":
        c.need(False, _("Every player draws before the turn goes on"), base("cards"))
    elif asked in ("battle", "keep", "cleanse"):
        need_free_hand(c)
    else:
        c.need(False, _("This phase ends with its own step ({phase})").format(
            phase=phase), base("turn"))
    # the free table moves on anyway
    c.jump(SKIP_TO.get(phase or "", "fellowship"))
    return "" if phase == "actions" else _("The players moved on to the next phase")


def allocate(c: Ctx, cmd: C.AllocateHunt) -> str:
    """The Shadow puts dice in the Hunt box; the roll follows."""
    c.need_turn("hunt_alloc", _("Hunt dice are allocated before the roll"), base("hunt"))
    c.need_side(cmd.seat, SHADOW, base("hunt"))
    plain = [i for i, d in enumerate(c.get("dice", SHADOW, default=[]))
             if d["kind"] == DIE_KIND[SHADOW]]
    c.must(0 <= cmd.count <= len(plain), _("The Shadow has not that many dice."))
    top = max_hunt_dice(c.st)
    c.need(cmd.count <= top, _("At most {n} dice may go to the Hunt box").format(n=top),
           base("hunt"))
    low = min_hunt_dice(c.st)
    c.need(cmd.count >= low, _("The Free Peoples had dice in the Hunt box last turn: at least "
                               "one die goes to it"), base("hunt"))
    pool = S.pool(c.st, SHADOW)
    for i in reversed(plain[len(plain) - cmd.count:]):
        del pool[i]
    c.put(("dice", SHADOW), pool)
    c.put(("hunt_box", "eyes"), cmd.count)
    if c.asking() == "hunt_alloc":
        c.answer(cmd.count)
    else:
        c.put(("phase",), "roll")
        c.rederive()
    return ngettext("The Shadow put {n} die in the Hunt box",
                    "The Shadow put {n} dice in the Hunt box", cmd.count).format(n=cmd.count)


def roll_actions(c: Ctx, cmd: C.RollActions) -> str:
    """Both sides roll their action dice."""
    c.need_turn("roll", _("The action dice are rolled once a turn, after the Hunt allocation"),
                base("dice"))
    words = []
    for side in (FP, SHADOW):
        pool = S.pool(c.st, side)
        for d in pool:
            d["face"] = roll_die(d["kind"], c.rng)
            d["used"] = False
        c.put(("dice", side), pool)
        words.append("{side}: {faces}".format(side=S.side_name(side), faces=", ".join(
            face_word(d["face"]) for d in pool)))
    if c.asking() == "roll":
        c.answer()
    else:
        rulers = after_roll(c)
        if rulers:
            c.put(("phase",), "discard")
            c.put(("discarding",), rulers[0])
        else:
            start_actions(c)
        c.rederive()
    return _("Action dice rolled. {results}").format(results="; ".join(words))


def discard_die(c: Ctx, cmd: C.DiscardDie) -> str:
    """A side with a Ruler die sets one die aside."""
    side = cmd.side
    c.must(side in (FP, SHADOW), _("Unknown side {s}.").format(s=side))
    pool = S.pool(c.st, side)
    c.must(0 <= cmd.die < len(pool), _("There is no such action die."))
    c.need(c.asking() == "discard" and c.get("discarding") == side,
           _("Now is not the time for the {side} to set a die aside").format(
               side=S.side_name(side)), kome("dice"))
    c.need_side(cmd.seat, side, kome("dice"))
    die = pool[cmd.die]
    if side == SHADOW:
        c.need(die["kind"] == RULER_KIND[SHADOW] or die["face"] != "eye",
               _("The Shadow sets aside the Ruler die or a die that shows no Eye"), kome("dice"))
    del pool[cmd.die]
    c.put(("dice", side), pool)
    if side == SHADOW:
        eyes_to_hunt_box(c)
    nxt = FP if side == SHADOW and S.has_ruler_die(c.st, FP) else None
    if c.asking() == "discard":
        c.put(("discarding",), nxt)
    else:
        if nxt:
            c.put(("discarding",), nxt)
        else:
            start_actions(c)
        c.rederive()
    return _("The {side} set aside a die showing {face}").format(
        side=S.side_name(side), face=face_word(die["face"]))


# ---------------------------------------------------------------- acting
def use_die(c: Ctx, cmd: C.UseDie) -> str:
    """Spend an action die on an action the players carry out by hand."""
    c.must(cmd.side in (FP, SHADOW), _("Unknown side {s}.").format(s=cmd.side))
    c.need_side(cmd.seat, cmd.side, base("actions"))
    pool = c.get("dice", cmd.side, default=[])
    c.must(0 <= cmd.die < len(pool), _("There is no such action die."))
    face = pool[cmd.die]["face"]
    kind = {"army_muster": "army", "will_of_the_west": "army"}.get(face, face)
    spend(c, cmd.side, cmd.die, kind if kind in ("army", "muster", "character", "event")
          else "event", cmd.action or face)
    return _("{seat} used an action die showing {face}: {action}").format(
        seat=c.seat_name(cmd.seat), face=face_word(face),
        action=cmd.action or _("an action done by hand"))


def pass_turn(c: Ctx, cmd: C.Pass) -> str:
    """Pass an action (with fewer unused dice than the opponent)."""
    side = cmd.side or S.seat_side(c.st, cmd.seat)
    foe = S.other(side)
    c.need(c.get("phase") == "actions" and c.get("acting") == side,
           _("It is not the {side}' turn to act").format(side=S.side_name(side)),
           base("actions"))
    need_free_hand(c)
    c.need(not c.get("follow"), _("Finish the action of the die in use first, or say you are "
                                  "done with it"), base("actions"))
    c.need(len(S.unused(c.st, side)) < len(S.unused(c.st, foe)),
           _("Only the side with fewer unused dice may pass"), base("actions"))
    c.put(("acting",), foe)
    return _("The {side} passed").format(side=S.side_name(side))


def elven_ring(c: Ctx, cmd: C.ElvenRing) -> str:
    """Use an Elven ring to change one die's result."""
    st = c.st
    side = cmd.side
    c.must(side in (FP, SHADOW) and cmd.face in FACES, _("Unknown side or result."))
    zone = "rings.fp" if side == FP else "rings.shadow"
    c.must(st.zones[zone].cards, _("The {side} hold no Elven ring.").format(
        side=S.side_name(side)))
    pool = S.pool(st, side)
    c.must(0 <= cmd.die < len(pool) and pool[cmd.die]["face"], _("There is no such rolled die."))
    c.need_side(cmd.seat, side, base("rings"))
    c.need(c.get("ring_used", side) != st.round, _("Only one Elven ring a turn"), base("rings"))
    c.need(cmd.face != ("will_of_the_west" if side == FP else "eye")
           and cmd.face in die_type(pool[cmd.die]["kind"]).faces,
           _("An Elven ring cannot give that result"), base("rings"))
    if pool[cmd.die]["kind"] == RULER_KIND.get(side) or side == FP:
        c.need(c.get("kome", "token_turn") != st.round,
               _("A Ruler token and an Elven ring cannot both be used in one turn"),
               kome("tokens"))
    old = pool[cmd.die]["face"]
    set_die(c, side, cmd.die, face=cmd.face)
    c.put(("ring_used", side), st.round)
    if side == FP and S.kings(st):
        c.put(("kome", "ring_turn"), st.round)
    c.tx.move(st.zones[zone].cards[-1], "rings.shadow" if side == FP else "rings.used")
    return _("The {side} used an Elven ring: {old} became {new}").format(
        side=S.side_name(side), old=face_word(old), new=face_word(cmd.face))


def decks_of(side: str) -> list[str]:
    """The two event decks of a side."""
    return [d for s, d in DECKS if s == side]


HANDLERS: dict[type[Command], Handler] = {C.NextPhase: next_phase, C.AllocateHunt: allocate, C.RollActions: roll_actions,
            C.DiscardDie: discard_die, C.UseDie: use_die, C.Pass: pass_turn,
            C.ElvenRing: elven_ring}
