"""Encounter cards of the sets Dol Guldur Orcs and Escape from Dol Guldur."""
from __future__ import annotations

from tabletop.core.i18n import N_, _
from tabletop.games.lcg.cardspecs.base import Ability, register_attached, register_instead, register_rule, register_self
from tabletop.games.lcg.cardspecs.common import hand_size, itself
from tabletop.games.lcg.cardspecs.encounter import (ATTACHMENTS, active, attack, bearer, bonus,
                                                    card_spec, first, in_staging, pick, said, threat,
                                                    undefended)
from tabletop.games.lcg.engine.table import Table

T = "tests/lcg/test_cards_encounter_dol_guldur.py::"


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
    shadow_text=N_("Shadow: attacker +1 attack (+3 if undefended)."),
    tests=(T + "test_dol_guldur_orcs_deal_2_damage_to_a_questing_character",
           T + "test_dol_guldur_orcs_shadow_gives_3_attack_when_undefended"))

register_self("01090", "stat", lambda t, cid, stat: 2 * t.resources(cid) if stat == "attack" else 0)
card_spec("01090", "Chieftan Ufthak", [
    Ability("forced", trigger="after_attack", condition=itself,
            effect=[{"op": "resource", "card": "$src", "n": 1}],
            text=N_("he gains a resource token (+2 attack each).")),
], text=N_("Victory 4. +2 attack per resource token on him. Forced: when his attack ends, he gains a "
          "resource token."),
    tests=(T + "test_chieftan_ufthak_grows_stronger_with_each_attack",))

card_spec("01091", "Dol Guldur Beastmaster", [
    Ability("forced", trigger="attacks", condition=itself,
            effect=[{"op": "deal_shadow", "card": "$src", "n": 1}],
            text=N_("it is dealt 1 more shadow card.")),
], text=N_("Forced: when it attacks, deal it 1 extra shadow card."),
    tests=(T + "test_dol_guldur_beastmaster_gets_its_extra_shadow_card_before_the_defender",))


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
                  "undefended)."),
    tests=(T + "test_driven_by_shadow_adds_threat_to_the_cards_staged_when_it_is_revealed",
           T + "test_driven_by_shadow_surges_when_the_staging_area_is_empty",
           T + "test_a_test_of_will_on_driven_by_shadow_also_stops_its_surge",
           T + "test_driven_by_shadow_shadow_discards_an_attachment_of_the_defender"))

card_spec("01093", "The Necromancer's Reach", [
    Ability("when_revealed",
            effect=[{"op": "each", "filter": {"type": "character", "exhausted": True},
                     "do": [{"op": "damage", "card": "$choice", "n": 1}]}],
            text=N_("Each exhausted character takes 1 damage.")),
], text=N_("When Revealed: every exhausted character takes 1 damage."),
    tests=(T + "test_the_necromancers_reach_damages_every_exhausted_character",))

card_spec("01094", "Necromancer's Pass", [
    Ability("travel", condition=hand_size(2),
            effect=[{"op": "discard_from_hand", "seat": "$seat", "n": 2, "random": True}],
            text=N_("The first player discards 2 cards at random.")),
], text=N_("Travel: the first player discards 2 random cards from his hand."),
    tests=(T + "test_necromancers_pass_costs_the_first_player_two_random_cards",))

register_rule("no_draw", active("01095"))
card_spec("01095", "Enchanted Stream", [],
          text=N_("While it is the active location, nobody can draw cards."),
          tests=(T + "test_enchanted_stream_stops_every_draw",))


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
          "objective back into the encounter deck."),
    tests=(T + "test_faq_dungeon_jailor_shuffles_a_guarded_objective_and_its_guard_stays",
           T + "test_dungeon_jailor_does_nothing_on_a_tie"))


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
          "Forced: after a shadow effect on it resolves, the engaged player discards a character."),
    tests=(T + "test_nazgul_enters_the_staging_area_when_the_prisoner_is_rescued",
           T + "test_nazgul_discards_a_character_after_a_shadow_effect_not_destroyed",
           T + "test_faq_nazgul_cancelled_shadow_effect_discards_nothing",
           T + "test_nazgul_no_shadow_effect_discards_nothing",
           T + "test_nazgul_cannot_have_attachments_played_on_it"))

card_spec("01103", "Cavern Guardian", [
    Ability("shadow", effect=lambda ctx, src, info, seat: _own_attachments(ctx, src, info),
            text=N_("The defending player discards an attachment they control (all if "
                   "undefended).")),
], text=N_("Doomed 1."),
    shadow_text=N_("Shadow: discard one of your attachments (all of them if undefended); objectives "
                  "discarded this way return to the staging area."),
    tests=(T + "test_cavern_guardian_shadow_discards_every_attachment_when_undefended",
           T + "test_cavern_guardian_shadow_sends_a_claimed_objective_back_to_staging"))


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
                  "with him."),
    tests=(T + "test_under_the_shadow_raises_the_staging_threat_by_the_number_of_players",
           T + "test_under_the_shadow_shadow_raises_threat_per_engaged_enemy"))


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
    shadow_text=N_("Shadow: it attaches the same way."),
    tests=(T + "test_iron_shackles_replaces_the_next_draw_from_the_first_players_deck",
           T + "test_iron_shackles_as_a_shadow_stays_attached_after_combat",
           T + "test_iron_shackles_on_the_deck_of_an_eliminated_player_is_discarded",
           T + "test_miner_of_the_iron_hills_may_discard_iron_shackles_on_a_deck"))

card_spec("01106", "Endless Caverns", [], text=N_("Doomed 1. Surge."),
          tests=(T + "test_endless_caverns_doomed_and_surge",))

card_spec("01107", "Tower Gate", [
    Ability("forced", trigger="traveled", condition=itself, effect=[{"op": "orc_guards"}],
            text=N_("each player's top deck card engages them face down as an Orc Guard.")),
], text=N_("Forced: after travelling here, each player's top deck card engages him face down as an "
          "Orc Guard enemy (1 attack, 1 defense, 1 hit point)."),
    tests=(T + "test_tower_gate_turns_each_players_top_card_into_an_orc_guard",
           T + "test_faq_orc_guards_have_no_traits_and_go_to_their_owners_discard",
           T + "test_faq_1_09_tower_gate_forced_before_responses",
           T + "test_faq_an_orc_guard_returned_to_the_staging_area_goes_to_its_owners_discard"))


# ------------------------------------------------------------------ objectives
def _claimable(t: Table, src: int, info, seat) -> bool:
    """Unclaimed, unguarded (FAQ 1.17), in the staging area, and a hero to take it."""
    guard = t.engine.get("guards", {}).get(str(src))
    return (in_staging(t, src) and (guard is None or guard not in t.state.cards)
            and seat is not None and bool(t.heroes(seat)))


def _claim(ctx: Table, src: int, info: dict, seat) -> list[dict]:
    return [pick(seat, {"type": "hero", "controller": seat},
                 [{"op": "claim", "card": src, "host": "$card", "seat": seat}],
                 _("{name}: which of your heroes takes {card}?").format(
                     name=ctx.seat_name(seat), card=ctx.name(src)))]


CLAIM_TEXT = N_("Guarded. Restricted. Action: if unguarded, claim it onto one of your heroes by "
               "raising your threat 2 (back to staging if detached).")


def _claim_ability() -> Ability:
    return Ability("action", anyone=True, condition=_claimable,
                   cost=[{"op": "threat", "seat": "$seat", "n": 2}], effect=_claim,
                   text=_("raise your threat by 2 to claim it onto one of your heroes"))


register_attached("01108", "cannot", lambda t, att, host, what: what in ("attack", "defend"))
card_spec("01108", "Gandalf's Map", [_claim_ability()],
          text=CLAIM_TEXT + " " + N_("Its bearer cannot attack or defend."),
          tests=(T + "test_gandalfs_map_claimed_for_2_threat_and_its_bearer_cannot_attack_or_defend",
                 T + "test_faq_1_17_a_guarded_objective_cannot_be_claimed_until_its_guard_leaves",
                 T + "test_a_claimed_objective_whose_hero_leaves_play_returns_to_staging"))


def _bearer_controller(ctx: Table, src: int, info: dict, seat) -> list[dict]:
    return threat(ctx.controller(src), 2)


card_spec("01109", "Dungeon Torch", [
    _claim_ability(),
    Ability("forced", trigger="round_end", condition=lambda t, src, info, seat: bearer(t, src) is not None,
            effect=_bearer_controller, text=N_("its bearer's controller raises their threat by 2.")),
], text=CLAIM_TEXT + " " + N_("Forced: at each round's end its bearer's controller gains 2 threat."),
    tests=(T + "test_faq_dungeon_torch_costs_3_threat_a_round_with_the_refresh",))

card_spec("01110", "Shadow Key", [
    _claim_ability(),
    Ability("forced", trigger="round_end", condition=lambda t, src, info, seat: bearer(t, src) is not None,
            effect=lambda ctx, src, info, seat: [{"op": "damage", "card": bearer(ctx, src), "n": 1}],
            text=N_("its bearer takes 1 damage.")),
], text=CLAIM_TEXT + " " + N_("Forced: at each round's end its bearer takes 1 damage."),
    tests=(T + "test_shadow_key_damages_its_bearer_at_the_end_of_the_round",
           T + "test_a_third_restricted_attachment_sends_a_claimed_objective_back"))
