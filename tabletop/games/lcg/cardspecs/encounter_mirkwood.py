"""Encounter cards of the sets Spiders of Mirkwood and Passage Through Mirkwood."""
from __future__ import annotations

from tabletop.core.i18n import N_, _
from tabletop.games.lcg.cardspecs.base import Ability, register_attached
from tabletop.games.lcg.cardspecs.common import both, can_draw, deck_not_empty, itself
from tabletop.games.lcg.cardspecs.encounter import (ATTACHMENTS, card_spec, first, pick, said,
                                                    threat, undefended)
from tabletop.games.lcg.engine.table import Table, phase_of



def _exhaust_one(ctx: Table, seat: int, why: str) -> dict:
    return pick(seat, {"type": "character", "controller": seat, "ready": True},
                [{"op": "exhaust", "card": "$card", "say": True}],
                _("{name}: exhaust one of your ready characters ({why}).").format(
                    name=ctx.seat_name(seat), why=why))


# ------------------------------------------------------------ Spiders of Mirkwood
def _king_spider(ctx: Table, src: int, info: dict, seat) -> list[dict]:
    return [_exhaust_one(ctx, s, ctx.name(src)) for s in ctx.seats_in_order()]


def _king_spider_shadow(ctx: Table, src: int, info: dict, seat) -> list[dict]:
    n = 2 if undefended(ctx) else 1
    return [_exhaust_one(ctx, info["seat"], ctx.name(src)) for _i in range(n)]


card_spec("01074", "King Spider", [
    Ability("when_revealed", effect=_king_spider,
            text=N_("Each player exhausts one of their characters.")),
    Ability("shadow", effect=_king_spider_shadow,
            text=N_("The defending player exhausts 1 character (2 if undefended).")),
], text=N_("When Revealed: each player exhausts one of his characters."),
    shadow_text=N_("Shadow: defending player exhausts 1 of his characters (2 if undefended)."))


def _hummerhorns(ctx: Table, src: int, info: dict, seat) -> list[dict]:
    return [pick(seat, {"type": "hero", "controller": seat},
                 [{"op": "damage", "card": "$card", "n": 5}],
                 _("{name}: which of your heroes takes 5 damage from {card}?").format(
                     name=ctx.seat_name(seat), card=ctx.name(src)))]


def _each_character_damage(ctx: Table, src: int, info: dict, seat) -> list[dict]:
    n = 2 if undefended(ctx) else 1
    return [{"op": "each", "seat": info["seat"],
             "filter": {"type": "character", "controller": info["seat"]},
             "do": [{"op": "damage", "card": "$choice", "n": n}]}]


card_spec("01075", "Hummerhorns", [
    Ability("forced", trigger="engaged", condition=itself, effect=_hummerhorns,
            text=N_("one of the engaged player's heroes takes 5 damage.")),
    Ability("shadow", effect=_each_character_damage,
            text=N_("Each character of the defending player takes 1 damage (2 if undefended).")),
], text=N_("Victory 5. Forced: after it engages you, one of your heroes takes 5 damage."),
    shadow_text=N_("Shadow: each of the defending player's characters takes 1 damage "
                  "(2 if undefended)."))


def _spawn(ctx: Table, src: int, info: dict, seat) -> list[dict]:
    committed = ctx.committed()
    if not committed:
        return []
    return [{"op": "effect", "targets": committed, "stat": "willpower", "amount": -1,
             "until": "phase", "source": src},
            said(_("The committed characters get -1 willpower until the end of the phase."))]


def _threat_shadow(n: int, n_undefended: int):
    def effect(ctx: Table, src: int, info: dict, seat) -> list[dict]:
        return threat(info["seat"], n_undefended if undefended(ctx) else n)
    return effect


card_spec("01076", "Ungoliant's Spawn", [
    Ability("when_revealed", effect=_spawn,
            text=N_("Committed characters get -1 willpower until the end of the phase.")),
    Ability("shadow", effect=_threat_shadow(4, 8),
            text=N_("The defending player raises their threat by 4 (8 if undefended).")),
], text=N_("When Revealed: characters committed to the quest get -1 willpower this phase."),
    shadow_text=N_("Shadow: raise the defending player's threat by 4 (8 if undefended)."))


def _every_player_has_a_ready_hero(t: Table, src: int, info, seat) -> bool:
    return all(any(not t.state.cards[h].exhausted for h in t.heroes(s))
               for s in t.seats_in_order())


def _exhaust_heroes(ctx: Table, src: int, info: dict, seat) -> list[dict]:
    return [pick(s, {"type": "hero", "controller": s, "ready": True},
                 [{"op": "exhaust", "card": "$card", "say": True}],
                 _("{name}: exhaust one of your heroes to travel to {card}.").format(
                     name=ctx.seat_name(s), card=ctx.name(src)))
            for s in ctx.seats_in_order()]


card_spec("01077", "Great Forest Web", [
    Ability("travel", condition=_every_player_has_a_ready_hero, effect=_exhaust_heroes,
            text=N_("Each player exhausts one of their heroes.")),
], text=N_("Travel: every player must exhaust one of his heroes."))


def _deck_not_empty(t: Table, src: int, info, seat) -> bool:
    return bool(t.state.zones["encounter.deck"].cards)


def _search_five(ctx: Table, src: int, info: dict, seat) -> list[dict]:
    st = ctx.state
    out = []
    for s in ctx.seats_in_order():
        deck = st.seat_zone(s, "deck")
        top = list(reversed(st.zones[deck].cards[-5:]))
        if not top:
            continue
        out.append({"op": "choose", "seat": s, "options": top, "optional": True, "as": "$card",
                    "none_label": _("Take nothing"),
                    "prompt": _("{name}: take one of the top 5 cards of your deck into your hand "
                                "(the others are shuffled back)?").format(name=ctx.seat_name(s)),
                    "then": [{"op": "take_card", "card": "$card"}]})
        out.append({"op": "shuffle", "zone": deck})
    return out


card_spec("01078", "Mountains of Mirkwood", [
    Ability("travel", condition=_deck_not_empty, effect=[{"op": "reveal", "staging": True}],
            text=N_("Reveal the top card of the encounter deck.")),
    Ability("response", where="self", trigger="explored",
            condition=both(itself, lambda t, src, info, seat: any(
                deck_not_empty(t, s) for s in t.seats_in_order())), effect=_search_five,
            text=N_("each player may take 1 of the top 5 cards of their deck into their hand.")),
], text=N_("Travel: reveal the top encounter card into staging. Response: once explored, each "
          "player may search his top 5 cards for one card to take; shuffle the rest back."))


def _eyes(ctx: Table, src: int, info: dict, seat) -> list[dict]:
    return [{"op": "each", "seat": s, "filter": {"zone": "hand", "type": "event"},
             "do": [{"op": "discard", "card": "$choice"}]} for s in ctx.seats_in_order()]


card_spec("01079", "Eyes of the Forest", [
    Ability("when_revealed", effect=_eyes, text=N_("Each player discards every event in hand.")),
], text=N_("When Revealed: every player discards all events from his hand."))


def _caught(ctx: Table, src: int, info: dict, seat) -> list[dict]:
    seats = ctx.seats_in_order()
    if not seats:
        return []
    top = max(ctx.threat(s) for s in seats)
    hero = pick("$player", {"type": "hero", "controller": "$player"},
                [{"op": "attach_to", "card": src, "host": "$card"}],
                _("The player with the highest threat: attach {card} to one of your heroes.").format(
                    card=ctx.name(src)))
    return [{"op": "choose_player", "seat": first(ctx), "among": [s for s in seats
                                                                 if ctx.threat(s) == top],
             "prompt": _("{name}: the players tie for the highest threat; who gets {card}?").format(
                 name=ctx.seat_name(first(ctx)), card=ctx.name(src)),
             "then": [hero]}]


def _bound_hero(t: Table, src: int) -> int | None:
    card = t.state.cards[src]
    if card.attached_to is None or card.attach_kind != "attachment":
        return None
    return card.attached_to if t.ctype(card.attached_to) == "hero" else None


def _may_pay(t: Table, src: int, info: dict, seat) -> bool:
    hero = _bound_hero(t, src)
    return hero is not None and t.state.cards[hero].exhausted and t.resources(hero) >= 2


def _offer_payment(ctx: Table, src: int, info: dict, seat) -> list[dict]:
    if not _may_pay(ctx, src, info, seat):      # an earlier copy took the resources
        return []
    hero = _bound_hero(ctx, src)
    assert hero is not None                     # _may_pay found it
    owner = ctx.controller(hero)
    return [{"op": "yesno", "seat": owner,
             "prompt": _("{name}: pay 2 resources from {hero} for this {card} (each copy is paid "
                         "apart) so that {hero} may ready?").format(
                 name=ctx.seat_name(owner), hero=ctx.name(hero), card=ctx.name(src)),
             "yes": _("Pay 2 resources"), "no": _("Do not pay"),
             "then": [{"op": "pay_to_ready", "card": src, "host": hero}]}]


def _web_holds(t: Table, web: int, hero: int, what) -> bool:
    """The bound hero does not ready in the refresh phase unless this copy was paid."""
    if what != "ready" or phase_of(t.engine.get("step")) != "refresh":
        return False
    return t.engine.get("flags", {}).get("web_paid", {}).get(str(web)) != t.state.round


register_attached("01080", "cannot", _web_holds)
card_spec("01080", "Caught in a Web", [
    Ability("when_revealed", effect=_caught,
            text=N_("The player with the highest threat attaches it to one of their heroes.")),
    Ability("forced", trigger="readying", condition=_may_pay, effect=_offer_payment,
            text=N_("its hero readies in the refresh phase only if 2 of its resources are paid.")),
], text=N_("When Revealed: the highest-threat player attaches it to one of his heroes, which won't "
          "ready in the refresh phase unless 2 of its resources are paid."))


# ------------------------------------------------------ Passage Through Mirkwood
def _forest_spider_shadow(ctx: Table, src: int, info: dict, seat) -> list[dict]:
    s = info["seat"]
    return [pick(s, {"type": ATTACHMENTS, "controller": s}, [{"op": "discard", "card": "$card"}],
                 _("{name}: discard one of your attachments ({card}).").format(
                     name=ctx.seat_name(s), card=ctx.name(src)))]


card_spec("01096", "Forest Spider", [
    Ability("forced", trigger="engaged", condition=itself,
            effect=[{"op": "effect", "targets": "$src", "stat": "attack", "amount": 1,
                     "until": "round"}],
            text=N_("+1 attack until the end of the round.")),
    Ability("shadow", effect=_forest_spider_shadow,
            text=N_("The defending player discards one of their attachments.")),
], text=N_("Forced: after it engages a player, +1 attack until the round ends."),
    shadow_text=N_("Shadow: the defending player discards one of his attachments."))


def _patrol_shadow(ctx: Table, src: int, info: dict, seat) -> list[dict]:
    return [{"op": "attack_bonus", "n": 1}] + (threat(info["seat"], 3) if undefended(ctx) else [])


card_spec("01097", "East Bight Patrol", [
    Ability("shadow", effect=_patrol_shadow,
            text=N_("+1 attack; undefended, the defending player also raises their threat by 3.")),
], text=N_("No text ability."),
    shadow_text=N_("Shadow: attacker +1 attack; if undefended, the defending player also gains "
                  "3 threat."))


def _bats(ctx: Table, src: int, info: dict, seat) -> list[dict]:
    return [pick(s, {"type": "character", "controller": s, "committed": True},
                 [{"op": "uncommit", "card": "$card"}],
                 _("{name}: remove one of your questing characters from the quest ({card}).").format(
                     name=ctx.seat_name(s), card=ctx.name(src)))
            for s in ctx.seats_in_order()]


card_spec("01098", "Black Forest Bats", [
    Ability("when_revealed", effect=_bats,
            text=N_("Each player removes one of their committed characters from the quest.")),
], text=N_("When Revealed: each player pulls one of his questing characters out of the quest; it "
          "stays exhausted."))


def _exhausted_character(t: Table, src: int, info, seat) -> bool:
    s = first(t)
    return any(t.state.cards[c].exhausted for c in t.characters(s)) if s is not None else False


def _ready_one(ctx: Table, src: int, info: dict, seat) -> list[dict]:
    s = first(ctx)
    return [pick(s, {"type": "character", "controller": s, "exhausted": True},
                 [{"op": "ready", "card": "$card"}],
                 _("{name}: ready one of your characters ({card}).").format(
                     name=ctx.seat_name(s), card=ctx.name(src)))]


card_spec("01099", "Old Forest Road", [
    Ability("response", where="self", trigger="traveled", condition=both(itself, _exhausted_character),
            effect=_ready_one,
            text=N_("the first player may ready one of their characters.")),
], text=N_("Response: after travelling here, the first player may ready one of his characters."))


def _first_can_draw(t: Table, src: int, info: dict, seat) -> bool:
    s = first(t)
    return s is not None and can_draw(t, s)


def _draw_two(ctx: Table, src: int, info: dict, seat) -> list[dict]:
    return [{"op": "draw", "seat": first(ctx), "n": 2}]


card_spec("01100", "Forest Gate", [
    Ability("response", where="self", trigger="traveled",
            condition=both(itself, _first_can_draw), effect=_draw_two,
            text=N_("the first player may draw 2 cards.")),
], text=N_("Response: after travelling here, the first player may draw two cards."))
