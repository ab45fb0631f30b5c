"""Encounter cards of the sets Dol Guldur Orcs and Escape from Dol Guldur."""
from __future__ import annotations

from tabletop.core.i18n import N_, _
from tabletop.games.lcg.cardspecs.base import Ability, register_attached, register_instead, register_rule, register_self
from tabletop.games.lcg.cardspecs.common import hand_size, itself
from tabletop.games.lcg.cardspecs.encounter import (ATTACHMENTS, active, attack, bearer, bonus,
                                                    card_spec, first, in_staging, pick, said, threat,
                                                    undefended)
from tabletop.games.lcg.engine.table import Table



# -------------------------------------------------------------- Dol Guldur Orcs
def _orcs(ctx: Table, src: int, info: dict, seat) -> list[dict]:
    s = first(ctx)
    return [pick(s, {"type": "character", "committed": True},
                 [{"op": "damage", "card": "$card", "n": 2}],
                 _("{name}: which questing character takes 2 damage ({card})?").format(
                     name=ctx.seat_name(s), card=ctx.name(src)))]


card_spec("01089", "Dol Guldur Orcs", [
    Ability("when_revealed", effect=_orcs,
            text=N_("The first player chooses a committed character: it takes 2 damage.")),
    Ability("shadow", effect=bonus(1, 3), text=N_("+1 attack (+3 if undefended).")),
], text=N_("When Revealed: the first player picks a questing character, which takes 2 damage."),
    shadow_text=N_("Shadow: attacker +1 attack (+3 if undefended)."))

register_self("01090", "stat", lambda t, cid, stat: 2 * t.resources(cid) if stat == "attack" else 0)
card_spec("01090", "Chieftan Ufthak", [
    Ability("forced", trigger="after_attack", condition=itself,
            effect=[{"op": "resource", "card": "$src", "n": 1}],
            text=N_("he gains a resource token (+2 attack each).")),
], text=N_("Victory 4. +2 attack per resource token on him. Forced: when his attack ends, he gains a "
          "resource token."))

card_spec("01091", "Dol Guldur Beastmaster", [
    Ability("forced", trigger="attacks", condition=itself,
            effect=[{"op": "deal_shadow", "card": "$src", "n": 1}],
            text=N_("it is dealt 1 more shadow card.")),
], text=N_("Forced: when it attacks, deal it 1 extra shadow card."))


def _driven(ctx: Table, src: int, info: dict, seat) -> list[dict]:
    if not [c for c in ctx.staging() if c != src]:
        return [{"op": "flag", "name": "surge", "value": src},
                said(_("The staging area is empty: {card} gains surge.").format(card=ctx.name(src)))]
    targets = ctx.staging(("enemy", "location"))
    if not targets:
        return []
    return [{"op": "effect", "targets": targets, "stat": "threat", "amount": 1, "until": "phase",
             "source": src},
            said(_("The enemies and locations in the staging area get +1 threat until the end of "
                   "the phase."))]


def _discard_attachments(ctx: Table, src: int, info: dict, seat) -> list[dict]:
    """The defender loses an attachment; undefended, the defending player loses all
    the attachments they control (a claimed objective goes back to staging)."""
    s = info["seat"]
    if undefended(ctx):
        return [{"op": "each", "seat": s, "filter": {"type": ATTACHMENTS, "controller": s},
                 "do": [{"op": "discard", "card": "$choice"}]}]
    defenders = attack(ctx).get("defenders", [])
    return [pick(s, {"type": ATTACHMENTS, "pred": "attached_to", "args": defenders},
                 [{"op": "discard", "card": "$card"}],
                 _("{name}: discard an attachment of the defending character ({card}).").format(
                     name=ctx.seat_name(s), card=ctx.name(src)))]


card_spec("01092", "Driven by Shadow", [
    Ability("when_revealed", effect=_driven,
            text=N_("Staged enemies and locations get +1 threat this phase; surge if the staging "
                   "area is empty.")),
    Ability("shadow", effect=_discard_attachments,
            text=N_("Discard an attachment of the defender (every attachment of the defending "
                   "player if undefended).")),
], text=N_("When Revealed: staged enemies and locations get +1 threat this phase; surge if nothing "
          "is staged."),
    shadow_text=N_("Shadow: discard an attachment from the defender (all your attachments if "
                  "undefended)."))

card_spec("01093", "The Necromancer's Reach", [
    Ability("when_revealed",
            effect=[{"op": "each", "filter": {"type": "character", "exhausted": True},
                     "do": [{"op": "damage", "card": "$choice", "n": 1}]}],
            text=N_("Each exhausted character takes 1 damage.")),
], text=N_("When Revealed: every exhausted character takes 1 damage."))

card_spec("01094", "Necromancer's Pass", [
    Ability("travel", condition=hand_size(2),
            effect=[{"op": "discard_from_hand", "seat": "$seat", "n": 2, "random": True}],
            text=N_("The first player discards 2 cards at random.")),
], text=N_("Travel: the first player discards 2 random cards from his hand."))

register_rule("no_draw", active("01095"))
card_spec("01095", "Enchanted Stream", [],
          text=N_("While it is the active location, nobody can draw cards."))


# -------------------------------------------------------- Escape from Dol Guldur
def _jailor(ctx: Table, src: int, info: dict, seat) -> list[dict]:
    s = first(ctx)
    return [pick(s, {"type": "objective", "area": "staging"},
                 [{"op": "to_deck", "card": "$card", "shuffle": True}],
                 _("{name}: which unclaimed objective is shuffled into the encounter deck "
                   "({card})?").format(name=ctx.seat_name(s), card=ctx.name(src)))]


card_spec("01101", "Dungeon Jailor", [
    Ability("forced", trigger="quest_failed", condition=in_staging, effect=_jailor,
            text=N_("an unclaimed objective in the staging area is shuffled into the encounter "
                   "deck.")),
], text=N_("Victory 5. Forced: if it is staged when the quest fails, shuffle an unclaimed staged "
          "objective back into the encounter deck."))


def _nazgul_strikes(ctx: Table, src: int, info: dict, seat) -> list[dict]:
    s = ctx.engaged_with(src)
    if s is None:
        s = info.get("seat")
    if s is None:
        return []
    return [pick(s, {"type": "character", "controller": s}, [{"op": "discard", "card": "$card"}],
                 _("{name}: discard one of your characters ({card}).").format(
                     name=ctx.seat_name(s), card=ctx.name(src)))]


register_self("01102", "cannot", lambda t, cid, what: what == "have_attachments")
card_spec("01102", "Nazgûl of Dol Guldur", [
    Ability("forced", trigger="rescued", where="aside",
            effect=[{"op": "to_staging", "card": "$src"}],
            text=N_("the prisoner is rescued: it enters the staging area.")),
    Ability("forced", trigger="shadow_resolved",
            condition=lambda t, src, info, seat: info.get("enemy") == src, effect=_nazgul_strikes,
            text=N_("the engaged player discards one of their characters.")),
], text=N_("No attachments may be played on it. Forced: enters staging when the prisoner is rescued. "
          "Forced: after a shadow effect on it resolves, the engaged player discards a character."))

card_spec("01103", "Cavern Guardian", [
    Ability("shadow", effect=lambda ctx, src, info, seat: _own_attachments(ctx, src, info),
            text=N_("The defending player discards an attachment they control (all if "
                   "undefended).")),
], text=N_("Doomed 1."),
    shadow_text=N_("Shadow: discard one of your attachments (all of them if undefended); objectives "
                  "discarded this way return to the staging area."))


def _own_attachments(ctx: Table, src: int, info: dict) -> list[dict]:
    s = info["seat"]
    if undefended(ctx):
        return [{"op": "each", "seat": s, "filter": {"type": ATTACHMENTS, "controller": s},
                 "do": [{"op": "discard", "card": "$choice"}]}]
    return [pick(s, {"type": ATTACHMENTS, "controller": s}, [{"op": "discard", "card": "$card"}],
                 _("{name}: discard one of your attachments ({card}).").format(
                     name=ctx.seat_name(s), card=ctx.name(src)))]


def _under(ctx: Table, src: int, info: dict, seat) -> list[dict]:
    n = len(ctx.seats_in_order())
    return [{"op": "effect", "keep": True, "stat": "staging_threat", "amount": n, "until": "phase",
             "source": src},
            said(_("The staging area's total threat is {n} higher until the end of the phase.").format(
                n=n))]


card_spec("01104", "Under the Shadow", [
    Ability("when_revealed", effect=_under,
            text=N_("The staging area's total threat is X higher this phase (X: the players).")),
    Ability("shadow", effect=lambda ctx, src, info, seat: threat(info["seat"],
                                                                  len(ctx.engaged(info["seat"]))),
            text=N_("The defending player raises their threat by 1 per enemy engaged with them.")),
], text=N_("When Revealed: staging-area threat total +X this phase (X = players)."),
    shadow_text=N_("Shadow: the defending player's threat rises by the number of enemies engaged "
                  "with him."))


def _shackle(ctx: Table, src: int, info: dict, seat) -> list[dict]:
    return [{"op": "attach_to_deck", "card": src, "seat": first(ctx)}]


def _shackled_draw(t: Table, seat: int) -> list[dict] | None:
    """A draw from a deck with Iron Shackles attached: it is discarded instead (both
    copies by one draw: engine choice)."""
    held = [int(c) for c, s in t.engine.get("flags", {}).get("deck_attachments", {}).items()
            if s == seat and t.state.cards[int(c)].code == "01105"]
    if not held:
        return None
    return [said(_("{name} draws nothing: Iron Shackles is discarded instead.").format(
        name=t.state.seats[seat].name))] + [
        {"op": "discard", "card": c} for c in held]


register_instead("draw", _shackled_draw)
card_spec("01105", "Iron Shackles", [
    Ability("when_revealed", effect=_shackle,
            text=N_("It attaches to the first player's deck; their next draw discards it instead.")),
    Ability("shadow", effect=_shackle, text=N_("It attaches to the first player's deck.")),
], text=N_("When Revealed: attach to the first player's deck; his next draw from it is replaced by "
          "discarding this."),
    shadow_text=N_("Shadow: it attaches the same way."))

card_spec("01106", "Endless Caverns", [], text=N_("Doomed 1. Surge."))

card_spec("01107", "Tower Gate", [
    Ability("forced", trigger="traveled", condition=itself, effect=[{"op": "orc_guards"}],
            text=N_("each player's top deck card engages them face down as an Orc Guard.")),
], text=N_("Forced: after travelling here, each player's top deck card engages him face down as an "
          "Orc Guard enemy (1 attack, 1 defense, 1 hit point)."))


# ------------------------------------------------------------------ objectives
def _claimable(t: Table, src: int, info, seat) -> bool:
    """Unclaimed, unguarded (FAQ 1.17: not attached to a guard; a save from before guards
    were attached names them apart), in the staging area, and a hero to take it."""
    guard = t.engine.get("guards", {}).get(str(src))
    return (in_staging(t, src) and (guard is None or guard not in t.state.cards)
            and seat is not None and bool(t.heroes(seat)))


def _claim(ctx: Table, src: int, info: dict, seat) -> list[dict]:
    return [pick(seat, {"type": "hero", "controller": seat},
                 [{"op": "claim", "card": src, "host": "$card", "seat": seat}],
                 _("{name}: which of your heroes takes {card}?").format(
                     name=ctx.seat_name(seat), card=ctx.name(src)))]


def _claim_ability() -> Ability:
    return Ability("action", anyone=True, condition=_claimable,
                   cost=[{"op": "threat", "seat": "$seat", "n": 2}], effect=_claim,
                   text=N_("raise your threat by 2 to claim it onto one of your heroes"))


register_attached("01108", "cannot", lambda t, att, host, what: what in ("attack", "defend")
                  and bearer(t, att) == host)          # its bearer: a hero, not its guard
card_spec("01108", "Gandalf's Map", [_claim_ability()],
          text=N_("Guarded. Restricted. Action: if unguarded, claim it onto one of your heroes by "
                  "raising your threat 2 (back to staging if detached). Its bearer cannot attack or "
                  "defend."))


def _bearer_controller(ctx: Table, src: int, info: dict, seat) -> list[dict]:
    return threat(ctx.controller(src), 2)


card_spec("01109", "Dungeon Torch", [
    _claim_ability(),
    Ability("forced", trigger="round_end", condition=lambda t, src, info, seat: bearer(t, src) is not None,
            effect=_bearer_controller, text=N_("its bearer's controller raises their threat by 2.")),
], text=N_("Guarded. Restricted. Action: if unguarded, claim it onto one of your heroes by raising "
           "your threat 2 (back to staging if detached). Forced: at each round's end its bearer's "
           "controller gains 2 threat."))

card_spec("01110", "Shadow Key", [
    _claim_ability(),
    Ability("forced", trigger="round_end", condition=lambda t, src, info, seat: bearer(t, src) is not None,
            effect=lambda ctx, src, info, seat: [{"op": "damage", "card": bearer(ctx, src), "n": 1}],
            text=N_("its bearer takes 1 damage.")),
], text=N_("Guarded. Restricted. Action: if unguarded, claim it onto one of your heroes by raising "
           "your threat 2 (back to staging if detached). Forced: at each round's end its bearer takes 1 "
           "damage."))
