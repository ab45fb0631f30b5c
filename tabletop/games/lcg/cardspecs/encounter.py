"""What the encounter cards' declarations share: conditions, instruction makers,
and the few instructions only encounter cards need.

The 45 encounter cards of the core set are declared by encounter set in
``encounter_mirkwood`` (Spiders of Mirkwood, Passage Through Mirkwood),
``encounter_wilds`` (Wilderlands, Journey Down the Anduin, Sauron's Reach)
and ``encounter_dol_guldur`` (Dol Guldur Orcs, Escape from Dol Guldur).
docs/CARDS.md describes how a declaration is made.

An encounter card's effect is usually a function ``fn(ctx, src, info, seat)``
that looks at the table when the effect resolves (who is the first player,
whether the attack is undefended, which characters are committed) and
returns plain instructions of ``engine.vocab``.  ``info`` of a shadow effect
holds the defending player (``seat``) and the attacking enemy (``enemy``).
"""
from __future__ import annotations

from tabletop.core.i18n import _, ngettext
from tabletop.core.model import TABLE
from tabletop.games.lcg.cardspecs.base import Ability, CardSpec, declare
from tabletop.games.lcg.engine.combat import deal_shadow
from tabletop.games.lcg.engine.ctx import Ctx
from tabletop.games.lcg.engine.flow import op
from tabletop.games.lcg.engine.passives import register_instead
from tabletop.games.lcg.engine.table import Table
from tabletop.games.lcg.engine.vocab import predicate

# filters
ATTACHMENTS = ["attachment", "objective"]      # a claimed objective is an attachment too (FAQ 1.23)


# ------------------------------------------------------------------ reading
def first(t: Table) -> int | None:
    """The first player (None when nobody is left)."""
    seats = t.seats_in_order()
    return seats[0] if seats else None


def attack(t: Table) -> dict:
    """The enemy attack being resolved ({} outside an attack)."""
    return t.engine.get("attack") or {}


def undefended(t: Table) -> bool:
    """Is the attack being resolved undefended: no defender declared, or none of
    them still in play (rulebook)?"""
    att = attack(t)
    st = t.state
    return att.get("undefended", False) or not any(
        d in st.cards and st.cards[d].zone == TABLE for d in att.get("defenders", ()))


def in_staging(t: Table, src: int, info=None, seat=None) -> bool:
    """The card lies (unattached, face up) in the staging area."""
    card = t.state.cards[src]
    return (card.zone == TABLE and card.attached_to is None and card.face_up
            and t.area(src) == "staging")


def active(code: str):
    """A rule that holds while a location with this code is the active location."""
    def holds(t: Table) -> bool:
        loc = t.active_location()
        return loc is not None and t.state.cards[loc].code == code
    return holds


def bearer(t: Table, src: int) -> int | None:
    """The card an encounter card is attached to (a claimed objective's hero)."""
    card = t.state.cards[src]
    return card.attached_to if card.zone == TABLE and card.attach_kind == "attachment" else None


@predicate("attached_to")
def _attached_to(t: Table, cid: int, seat, hosts) -> bool:
    """The card is attached to one of ``hosts``."""
    return t.state.cards[cid].attached_to in (hosts or ())


# --------------------------------------------------------- instruction makers
def pick(seat: int | None, filter_: dict, then: list[dict], prompt: str, optional: bool = False,
         none: str = "", otherwise: list[dict] | None = None) -> dict:
    """``seat`` chooses a card fitting ``filter_`` (seen as ``seat``); ``then`` with
    ``$card`` (a single candidate is taken without asking, unless ``optional``)."""
    ins = {"op": "choose", "seat": seat, "for": seat, "filter": filter_, "then": then,
           "prompt": prompt, "as": "$card"}
    if optional:
        ins.update(optional=True, none_label=none or _("None"))
    if otherwise:
        ins["otherwise"] = otherwise
    return ins


def threat(seat: int | None, n: int) -> list[dict]:
    """A player's threat goes up by ``n`` (nothing for 0)."""
    return [{"op": "threat", "seat": seat, "n": n}] if n and seat is not None else []


def bonus(n: int, n_undefended: int):
    """A shadow effect: the attacker gets +n attack (+n_undefended when undefended)."""
    def effect(ctx: Ctx, src: int, info: dict, seat) -> list[dict]:
        return [{"op": "attack_bonus", "n": n_undefended if undefended(ctx) else n}]
    return effect


def said(text: str, **values) -> dict:
    """A log line, filled in now."""
    return {"op": "say", "text": text.format(**values) if values else text}


def card_spec(code: str, name: str, abilities: list[Ability], text: str, shadow_text: str = "",
              missing: str = "") -> CardSpec:
    """Declare an encounter card: its abilities, its paraphrase and what is not automated
    (``missing``)."""
    return declare(CardSpec(code, name, abilities, text=text, shadow_text=shadow_text,
                            missing=missing))


# ------------------------------------------------------------ instructions
def _card(ctx: Ctx, ins: dict) -> int | None:
    cid = ins.get("card")
    return cid if isinstance(cid, int) and cid in ctx.state.cards else None


@op("uncommit")
def op_uncommit(ctx: Ctx, ins: dict) -> None:
    """A character is removed from the quest (it stays exhausted; its willpower no
    longer counts)."""
    cid = _card(ctx, ins)
    if cid is not None and cid in ctx.E["committed"]:
        ctx.E["committed"].remove(cid)
        ctx.say(_("{card} is removed from the quest.").format(card=ctx.name(cid)))


@op("deal_shadow")
def op_deal_shadow(ctx: Ctx, ins: dict) -> None:
    """Deal ``n`` more face-down shadow cards to an enemy (``card``)."""
    cid = _card(ctx, ins)
    if cid is None or ctx.state.cards[cid].zone != TABLE:
        return
    dealt = sum(1 for _i in range(ins.get("n", 1)) if deal_shadow(ctx, cid))
    if dealt:
        ctx.say(ngettext("{card} is dealt {n} more shadow card.",
                         "{card} is dealt {n} more shadow cards.", dealt).format(
            card=ctx.name(cid), n=dealt))


@op("no_defense")
def op_no_defense(ctx: Ctx, ins: dict) -> None:
    """The defenders of the attack being resolved count 0 defense against it."""
    att = ctx.E.get("attack")
    if att and att.get("defenders"):
        att["no_defense"] = True
        ctx.say(_("The defense of {cards} counts as 0 for this attack.").format(
            cards=", ".join(ctx.name(d) for d in att["defenders"])))


@op("take_card")
def op_take_card(ctx: Ctx, ins: dict) -> None:
    """A card a player searched for goes from their deck to their hand (not a draw)."""
    cid = _card(ctx, ins)
    if cid is None:
        return
    owner = ctx.state.cards[cid].owner
    ctx.to_zone(cid, ctx.state.seat_zone(owner, "hand"), face_up=True)
    ctx.say(_("{name} takes a card into their hand.").format(name=ctx.seat_name(owner)))


@op("keep_shadow")
def op_keep_shadow(ctx: Ctx, ins: dict) -> None:
    """A shadow card is not discarded with the others at the end of combat."""
    ctx.E["flags"].setdefault("keep_shadow", {})[str(ins["card"])] = True


@op("to_encounter_top")
def op_to_encounter_top(ctx: Ctx, ins: dict) -> None:
    """A card (still on the table, or in the encounter discard pile) goes on top of
    the encounter deck."""
    cid = ins["card"]
    card = ctx.state.cards[cid]
    if card.zone not in (TABLE, "encounter.discard"):
        return
    ctx.E["flags"].get("keep_shadow", {}).pop(str(cid), None)
    name = ctx.name(cid)
    ctx.to_zone(cid, "encounter.deck", face_up=False)
    ctx.say(_("{card} goes on top of the encounter deck.").format(card=name))


@op("attach_to_deck")
def op_attach_to_deck(ctx: Ctx, ins: dict) -> None:
    """An encounter card attaches to a player's deck: it lies face up beside it, in
    that player's play area, until a draw from that deck discards it."""
    cid, seat = ins["card"], ins.get("seat")
    if seat is None or cid not in ctx.state.cards:
        return
    ctx.place(cid, f"p{seat + 1}.play")
    ctx.E["flags"].setdefault("deck_attachments", {})[str(cid)] = seat
    ctx.say(_("{card} is attached to {name}'s deck.").format(card=ctx.name(cid),
                                                             name=ctx.seat_name(seat)))


@op("pay_to_ready")
def op_pay_to_ready(ctx: Ctx, ins: dict) -> None:
    """2 resources from the bound hero's pool pay for one copy of Caught in a Web
    this round."""
    web, hero = ins["card"], ins["host"]
    if ctx.resources(hero) < 2:
        return
    ctx.add_tokens(hero, "resource", -2)
    rnd = ctx.state.round
    paid = {k: v for k, v in ctx.E["flags"].get("web_paid", {}).items() if v == rnd}
    paid[str(web)] = rnd
    ctx.E["flags"]["web_paid"] = paid
    ctx.say(_("{name} pays 2 resources from {hero} for {card}.").format(
        name=ctx.seat_name(ctx.controller(hero)), hero=ctx.name(hero), card=ctx.name(web)))


@op("claim")
def op_claim(ctx: Ctx, ins: dict) -> None:
    """A player claims an objective: it attaches to one of their heroes, under their
    control (FAQ 1.07), as a Restricted attachment; then the stage may be defeated."""
    obj, hero, seat = ins["card"], ins["host"], ins["seat"]
    if obj not in ctx.state.cards or hero not in ctx.state.cards:
        return
    ctx.attach(obj, hero)
    ctx.E["control"][str(obj)] = seat
    ctx.say(_("{name} claims {card}: it is attached to {host}.").format(
        name=ctx.seat_name(seat), card=ctx.name(obj), host=ctx.name(hero)))
    ctx.push({"op": "check_stage"})
    restricted = [a for a in ctx.attachments(hero) if ctx.has_keyword(a, "Restricted")]
    if len(restricted) > 2:
        ctx.push({"op": "restricted", "seat": seat, "host": hero})


# ---------------------------------------------------------- replacements
def _back_when_detached(t: Table, cid: int, zone: str) -> str | None:
    """A claimed objective that would leave play returns to the staging area."""
    return "staging" if t.state.cards[cid].attached_to is not None else None


for _code in ("01108", "01109", "01110"):
    register_instead("leave_play", _back_when_detached, _code)
