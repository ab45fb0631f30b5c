"""Card verbs of the encounter and quest cards.

Encounter cards: ``uncommit`` (out of the quest, still exhausted: Black Forest
Bats), ``deal_shadow`` (more shadow cards to an enemy: Beastmaster, Massing at
Night), ``no_defense`` (Despair), ``keep_shadow``, ``to_encounter_top``
(Wolf Rider), ``attach_to_deck`` (Iron Shackles), ``pay_to_ready`` (Caught in
a Web) and ``claim`` (an objective onto a hero: Restricted, control, the stage
checked again).  Quest cards: ``fetch_named`` and ``set_aside_named`` (setup
by name), ``guard_objectives``, ``take_prisoner``, ``rescue``, ``orc_guards``,
``reveal_per_player``, ``win``, ``check_stage``, ``check_no_enemies``.
"""
from __future__ import annotations

from typing import Any

from tabletop.core.i18n import _, ngettext
from tabletop.core.model import TABLE
from tabletop.games.lcg.engine.context import Ctx
from tabletop.games.lcg.engine.filters import enemies_in_play, in_deck_named
from tabletop.games.lcg.engine.language import CARD, SEAT, V, Opt
from tabletop.games.lcg.engine.moves import add_tokens, attach, deal_shadow, place, ready, to_zone
from tabletop.games.lcg.engine.players import end_game
from tabletop.games.lcg.engine.progress import check_stage
from tabletop.games.lcg.engine.triggers import trigger
from tabletop.games.lcg.engine.vocab.common import card_arg

@V.op("uncommit", card=CARD)
def op_uncommit(ctx: Ctx, ins: dict[str, Any]) -> None:
    """A character is removed from the quest (it stays exhausted; its willpower no
    longer counts)."""
    cid = card_arg(ctx, ins)
    if cid is not None and cid in ctx.E["committed"]:
        ctx.E["committed"].remove(cid)
        ctx.say(_("{card} is removed from the quest.").format(card=ctx.name(cid)))


@V.op("deal_shadow", card=CARD, n=Opt(int))
def op_deal_shadow(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Deal ``n`` more face-down shadow cards to an enemy (``card``)."""
    cid = card_arg(ctx, ins)
    if cid is None or ctx.state.cards[cid].zone != TABLE:
        return
    dealt = sum(1 for _i in range(ins.get("n", 1)) if deal_shadow(ctx, cid))
    if dealt:
        ctx.say(ngettext("{card} is dealt {n} more shadow card.",
                         "{card} is dealt {n} more shadow cards.", dealt).format(
            card=ctx.name(cid), n=dealt))


@V.op("no_defense")
def op_no_defense(ctx: Ctx, ins: dict[str, Any]) -> None:
    """The defenders of the attack being resolved count 0 defense against it."""
    att = ctx.E["attack"]
    if att and att.get("defenders"):
        att["no_defense"] = True
        ctx.say(_("The defense of {cards} counts as 0 for this attack.").format(
            cards=", ".join(ctx.name(d) for d in att["defenders"])))


@V.op("keep_shadow", card=int)
def op_keep_shadow(ctx: Ctx, ins: dict[str, Any]) -> None:
    """A shadow card is not discarded with the others at the end of combat."""
    ctx.E["flags"].setdefault("keep_shadow", {})[str(ins["card"])] = True


@V.op("to_encounter_top", card=int)
def op_to_encounter_top(ctx: Ctx, ins: dict[str, Any]) -> None:
    """A card (still on the table, or in the encounter discard pile) goes on top of
    the encounter deck."""
    cid = ins["card"]
    card = ctx.state.cards[cid]
    if card.zone not in (TABLE, "encounter.discard"):
        return
    ctx.E["flags"].get("keep_shadow", {}).pop(str(cid), None)
    name = ctx.name(cid)
    to_zone(ctx, cid, "encounter.deck", face_up=False)
    ctx.say(_("{card} goes on top of the encounter deck.").format(card=name))


@V.op("attach_to_deck", card=int, seat=SEAT)
def op_attach_to_deck(ctx: Ctx, ins: dict[str, Any]) -> None:
    """An encounter card attaches to a player's deck: it lies face up beside it, in
    that player's play area, until a draw from that deck discards it."""
    cid, seat = ins["card"], ins.get("seat")
    if seat is None or cid not in ctx.state.cards:
        return
    place(ctx, cid, f"p{seat + 1}.play")
    ctx.E["flags"].setdefault("deck_attachments", {})[str(cid)] = seat
    ctx.say(_("{card} is attached to {name}'s deck.").format(card=ctx.name(cid),
                                                             name=ctx.seat_name(seat)))


@V.op("pay_to_ready", card=int, host=int)
def op_pay_to_ready(ctx: Ctx, ins: dict[str, Any]) -> None:
    """2 resources from the bound hero's pool pay for one copy of Caught in a Web
    this round."""
    web, hero = ins["card"], ins["host"]
    if ctx.resources(hero) < 2:
        return
    add_tokens(ctx, hero, "resource", -2)
    rnd = ctx.state.round
    paid = {k: v for k, v in ctx.E["flags"].get("web_paid", {}).items() if v == rnd}
    paid[str(web)] = rnd
    ctx.E["flags"]["web_paid"] = paid
    ctx.say(_("{name} pays 2 resources from {hero} for {card}.").format(
        name=ctx.seat_name(ctx.controller(hero)), hero=ctx.name(hero), card=ctx.name(web)))


@V.op("claim", card=int, host=int, seat=int)
def op_claim(ctx: Ctx, ins: dict[str, Any]) -> None:
    """A player claims an objective: it attaches to one of their heroes, under their
    control (FAQ 1.07), as a Restricted attachment; then the stage may be defeated."""
    obj, hero, seat = ins["card"], ins["host"], ins["seat"]
    if obj not in ctx.state.cards or hero not in ctx.state.cards:
        return
    attach(ctx, obj, hero)
    ctx.E["control"][str(obj)] = seat
    ctx.say(_("{name} claims {card}: it is attached to {host}.").format(
        name=ctx.seat_name(seat), card=ctx.name(obj), host=ctx.name(hero)))
    ctx.push({"op": "check_stage"})
    restricted = [a for a in ctx.attachments(hero) if ctx.has_keyword(a, "Restricted")]
    if len(restricted) > 2:
        ctx.push({"op": "restricted", "seat": seat, "host": hero})



# ---------------------------------------------------------------- quest cards
@V.op("fetch_named", names=list, discard=Opt(bool))
def op_fetch_named(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Take cards by name from the encounter deck (and ``discard`` pile) into the
    staging area, without revealing them."""
    for name in ins["names"]:
        cid = in_deck_named(ctx, "encounter.deck", name)
        if cid is None and ins.get("discard"):
            cid = in_deck_named(ctx, "encounter.discard", name)
        if cid is None:
            ctx.say(_("There is no {card} to take.").format(card=name))
            continue
        place(ctx, cid, "staging")
        ctx.say(_("{card} is added to the staging area.").format(card=name))


@V.op("set_aside_named", name=str)
def op_set_aside_named(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Set a card aside by name (from the encounter deck)."""
    cid = in_deck_named(ctx, "encounter.deck", ins["name"])
    if cid is not None:
        to_zone(ctx, cid, "aside", face_up=True)
        ctx.say(_("{card} is set aside.").format(card=ins["name"]))


@V.op("guard_objectives", names=Opt(list))
def op_guard_objectives(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Each objective in the staging area (of these ``names``, when given) gets a
    guard: the next revealed card."""
    names = ins.get("names")
    objectives = [c for c in ctx.staging(("objective",)) if names is None or ctx.cdef(c).name in names]
    ctx.push(*[{"op": "reveal", "guard_of": c} for c in objectives])


@V.op("take_prisoner")
def op_take_prisoner(ctx: Ctx, ins: dict[str, Any]) -> None:
    """A random hero of all players is turned face down: the prisoner."""
    heroes = [h for s in ctx.seats_in_order() for h in ctx.heroes(s)]
    if not heroes:
        return
    hero = ctx.rng.choice(heroes)
    name = ctx.name(hero)
    ctx.tx.set(hero, "face_up", False)
    ctx.E["prisoners"].append(hero)
    ctx.say(_("{card} is taken prisoner.").format(card=name))


@V.op("rescue")
def op_rescue(ctx: Ctx, ins: dict[str, Any]) -> None:
    """The prisoner is rescued: face up again, with 1 damage."""
    for hero in list(ctx.E["prisoners"]):
        ctx.E["prisoners"].remove(hero)
        ctx.tx.set(hero, "face_up", True)
        ready(ctx, hero)                          # engine choice: it comes back ready
        add_tokens(ctx, hero, "damage", 1)
        ctx.say(_("{card} is rescued (with 1 damage).").format(card=ctx.name(hero)))
        ctx.push({"op": "check_destroyed", "cards": [hero]}, {"op": "check_stage"})
        trigger(ctx, "rescued", card=hero)


@V.op("orc_guards")
def op_orc_guards(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Each player's top deck card becomes a face-down Orc Guard engaged with them."""
    st = ctx.state
    for seat in ctx.seats_in_order():
        deck = st.zones[st.seat_zone(seat, "deck")].cards
        if not deck:
            continue
        cid = deck[-1]
        place(ctx, cid, f"p{seat + 1}.engaged", face_up=False)
        # its owner stays the player (Card.owner): it goes to their discard pile when it leaves
        ctx.E["flags"].setdefault("face_down_enemies", {})[str(cid)] = {
            "attack": 1, "defense": 1, "hitpoints": 1, "name": _("Orc Guard")}
        ctx.E["engagements"].append([cid, seat])
        ctx.say(_("An Orc Guard engages {name}.").format(name=ctx.seat_name(seat)))
        trigger(ctx, "engaged", card=cid, seat=seat)


@V.op("reveal_per_player", per=Opt(int))
def op_reveal_per_player(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Reveal ``per`` encounter cards per player, one at a time."""
    n = ins.get("per", 1) * len(ctx.seats_in_order())
    ctx.push(*[{"op": "reveal", "staging": True} for _i in range(n)])


@V.op("win", text=Opt(str))
def op_win(ctx: Ctx, ins: dict[str, Any]) -> None:
    """The players win."""
    if ins.get("text"):
        ctx.say(ins["text"])
    end_game(ctx, "won")


@V.op("check_stage")
def op_check_stage(ctx: Ctx, ins: dict[str, Any]) -> None:
    """See whether the current stage can now be defeated."""
    check_stage(ctx)


@V.op("check_no_enemies", card=Opt(CARD))
def op_check_no_enemies(ctx: Ctx, ins: dict[str, Any]) -> None:
    """The players win when no enemy is in play (Ambush on the Shore), while the
    quest card ``card`` (when given) is the current stage."""
    quest = ins.get("card")
    current = ctx.quest_card()
    if quest is not None and (current != quest or ctx.state.cards[quest].side != "B"):
        return
    if not enemies_in_play(ctx):
        ctx.say(_("No enemy is left in play."))
        end_game(ctx, "won")

