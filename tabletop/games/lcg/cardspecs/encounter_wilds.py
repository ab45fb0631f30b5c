"""Encounter cards of the sets Wilderlands, Journey Down the Anduin and Sauron's Reach."""
from __future__ import annotations

from tabletop.core.i18n import N_, _
from tabletop.games.lcg.cardspecs.base import Ability, register_instead, register_rule, register_self
from tabletop.games.lcg.cardspecs.common import both, itself
from tabletop.games.lcg.cardspecs.encounter import (active, bonus, card_spec, in_staging, pick, said,
                                                    threat, undefended)
from tabletop.games.lcg.engine.table import Table



# ------------------------------------------------------------------ Wilderlands
def _wolf_rider(ctx: Table, src: int, info: dict, seat) -> list[dict]:
    return [{"op": "keep_shadow", "card": src},
            said(_("{card} attacks too.").format(card=ctx.name(src))),
            {"op": "extra_attack", "enemy": src, "seat": info["seat"]},
            {"op": "schedule", "when": "phase", "source": src,
             "label": _("{card} goes on top of the encounter deck").format(card=ctx.name(src)),
             "do": [{"op": "to_encounter_top", "card": src}]}]


card_spec("01081", "Wolf Rider", [
    Ability("shadow", effect=_wolf_rider,
            text=N_("Wolf Rider attacks the defending player too, then goes on top of the "
                   "encounter deck at the end of the combat phase.")),
], text=N_("Surge."),
    shadow_text=N_("Shadow: Wolf Rider also attacks the defending player (one defender allowed, own "
                  "shadow card), then goes on top of the encounter deck after combat."))


def _excess_to_threat(ctx: Table, src: int, info: dict, seat) -> list[dict]:
    return threat(info["seat"], info["excess"])


card_spec("01082", "Hill Troll", [
    Ability("forced", trigger="combat_damage",
            condition=lambda t, src, info, seat: info.get("card") == src and info.get("excess", 0) > 0,
            effect=_excess_to_threat,
            text=N_("the damage its attack dealt beyond the character's hit points raises the "
                   "defending player's threat.")),
], text=N_("Victory 4. Damage from its attack beyond what the damaged character can absorb is added "
          "to the defending player's threat instead."))


def _sniper_shy(t: Table, cid: int, what) -> bool:
    """Goblin Sniper cannot be engaged by choice while another enemy is staged."""
    return what == "be_optionally_engaged" and any(e != cid for e in t.staging(("enemy",)))


def _sniper(ctx: Table, src: int, info: dict, seat) -> list[dict]:
    return [pick(s, {"type": "character", "controller": s}, [{"op": "damage", "card": "$card", "n": 1}],
                 _("{name}: deal 1 damage to one of your characters ({card}).").format(
                     name=ctx.seat_name(s), card=ctx.name(src)))
            for s in ctx.seats_in_order()]


register_self("01083", "cannot", _sniper_shy)
card_spec("01083", "Goblin Sniper", [
    Ability("forced", trigger="phase_end",
            condition=lambda t, src, info, seat: info.get("phase") == "combat" and in_staging(t, src),
            effect=_sniper, text=N_("each player deals 1 damage to one of their characters.")),
], text=N_("Cannot be optionally engaged while another enemy is staged. Forced: if staged at the end "
          "of combat, each player deals 1 damage to one of his characters."))

card_spec("01084", "Marsh Adder", [
    Ability("forced", trigger="attacks", condition=itself,
            effect=[{"op": "threat", "seat": "$seat", "n": 1}],
            text=N_("the defending player raises their threat by 1.")),
], text=N_("Victory 3. Forced: each time it attacks you, your threat rises by 1."))


def _blank_shadow(t: Table, src: int, info: dict, seat) -> bool:
    """Was Wargs dealt a shadow card without a shadow effect for this attack?"""
    return any(not t.cdef(c).has_shadow for c in t.attachments(src, "shadow"))


card_spec("01085", "Wargs", [
    Ability("forced", trigger="after_attack", condition=both(itself, _blank_shadow),
            effect=[{"op": "to_staging", "card": "$src"}],
            text=N_("its shadow card had no shadow effect: it returns to the staging area.")),
    Ability("shadow", effect=bonus(1, 2), text=N_("+1 attack (+2 if undefended).")),
], text=N_("Forced: if its shadow card has no shadow effect, it returns to staging after attacking."),
    shadow_text=N_("Shadow: attacker +1 attack (+2 if undefended)."))


def _strip(most: int, most_undefended: int | None = None):
    """Remove up to ``most`` progress from the quest card, never from the active location
    (FAQ 1.05); ``most_undefended`` instead when the attack is undefended."""
    def effect(ctx: Table, src: int, info: dict, seat) -> list[dict]:
        up_to = most_undefended if most_undefended is not None and undefended(ctx) else most
        quest = ctx.quest_card()
        n = min(up_to, ctx.progress(quest)) if quest is not None else 0
        if not n:
            return []
        return [{"op": "remove_progress", "n": n},
                said(_("{n} progress is removed from the quest card.").format(n=n))]
    return effect


card_spec("01086", "Despair", [
    Ability("when_revealed", effect=_strip(4),
            text=N_("Remove up to 4 progress from the quest card.")),
    Ability("shadow", effect=[{"op": "no_defense"}],
            text=N_("The defending character's defense counts as 0.")),
], text=N_("When Revealed: strip up to 4 progress from the quest card."),
    shadow_text=N_("Shadow: the defending character's defense counts as 0."))

card_spec("01087", "The Brown Lands", [
    Ability("forced", trigger="traveled", condition=itself,
            effect=[{"op": "progress", "card": "$src", "n": 1}],
            text=N_("1 progress on it.")),
], text=N_("Forced: after the players travel here, put 1 progress on it."))

register_self("01088", "cannot", lambda t, cid, what: what == "be_declined")
card_spec("01088", "The East Bight", [],
          text=N_("With no active location, the travel phase must take the players here."))


# ------------------------------------------------------ Journey Down the Anduin
card_spec("01111", "Misty Mountain Goblins", [
    Ability("forced", trigger="after_attack", condition=itself,
            effect=_strip(1),
            text=N_("remove 1 progress from the quest card.")),
    Ability("shadow", effect=_strip(1, 3),
            text=N_("Remove 1 progress from the quest card (3 if undefended).")),
], text=N_("Forced: after it attacks, remove 1 progress from the quest card."),
    shadow_text=N_("Shadow: remove 1 progress from the quest card (3 if undefended)."))


def _massing(ctx: Table, src: int, info: dict, seat) -> list[dict]:
    n = len(ctx.seats_in_order())
    return [said(_("{card}: {n} more encounter cards are revealed.").format(card=ctx.name(src), n=n))
            ] + [{"op": "reveal", "staging": True} for _i in range(n)]


def _massing_shadow(ctx: Table, src: int, info: dict, seat) -> list[dict]:
    return [{"op": "deal_shadow", "card": info["enemy"], "n": len(ctx.seats_in_order())}]


card_spec("01112", "Massing at Night", [
    Ability("when_revealed", effect=_massing, text=N_("Reveal 1 more encounter card per player.")),
    Ability("shadow", effect=_massing_shadow,
            text=N_("The attacking enemy is dealt 1 more shadow card per player.")),
], text=N_("When Revealed: reveal one more encounter card per player."),
    shadow_text=N_("Shadow: the attacking enemy gets one extra shadow card per player."))


def _banks_back(t: Table, cid: int, zone: str) -> str | None:
    """Banks of the Anduin leaving play goes on top of the encounter deck."""
    return "encounter.deck" if zone == "encounter.discard" else None


register_instead("leave_play", _banks_back, "01113")
card_spec("01113", "Banks of the Anduin", [],
          text=N_("Forced: whenever it leaves play, put it on top of the encounter deck rather than "
                 "in the discard pile."))

register_rule("refresh_threat", active("01114"))
card_spec("01114", "Gladden Fields", [],
          text=N_("Victory 3. Forced: while active, each player's refresh-phase threat increase is "
                 "1 higher."))


# -------------------------------------------------------------- Sauron's Reach
def _crows_shadow(ctx: Table, src: int, info: dict, seat) -> list[dict]:
    return [{"op": "attack_bonus", "n": 2 if ctx.threat(info["seat"]) >= 35 else 1}]


card_spec("01115", "Eastern Crows", [
    Ability("forced", trigger="enemy_destroyed", condition=itself,
            effect=[{"op": "to_deck", "card": "$src", "shuffle": True}],
            text=N_("it is shuffled into the encounter deck.")),
    Ability("shadow", effect=_crows_shadow,
            text=N_("+1 attack (+2 if the defending player's threat is 35 or more).")),
], text=N_("Surge. Forced: once defeated, it is shuffled into the encounter deck rather than staying "
          "discarded."),
    shadow_text=N_("Shadow: attacker +1 attack (+2 if the defending player is at 35+ threat)."))


def _storm(ctx: Table, src: int, info: dict, seat) -> list[dict]:
    return [{"op": "each", "seat": s, "filter": {"type": "character", "controller": s},
             "do": [{"op": "damage", "card": "$choice", "n": 1}]}
            for s in ctx.seats_in_order() if ctx.threat(s) >= 35]


card_spec("01116", "Evil Storm", [
    Ability("when_revealed", effect=_storm,
            text=N_("Each character of a player at threat 35 or more takes 1 damage.")),
], text=N_("When Revealed: every character controlled by a player at threat 35 or more takes 1 "
          "damage."))


def _pursued(ctx: Table, src: int, info: dict, seat) -> list[dict]:
    committed = set(ctx.committed())
    out = []
    for s in ctx.seats_in_order():
        out += threat(s, sum(1 for c in ctx.characters(s) if c not in committed))
    return out


def _pursued_shadow(ctx: Table, src: int, info: dict, seat) -> list[dict]:
    s = info["seat"]
    return [pick(s, {"type": "ally", "controller": s, "exhausted": True},
                 [{"op": "to_hand", "card": "$card"}],
                 _("{name}: return one of your exhausted allies to your hand ({card}).").format(
                     name=ctx.seat_name(s), card=ctx.name(src)),
                 otherwise=threat(s, 3))]


card_spec("01117", "Pursued by Shadow", [
    Ability("when_revealed", effect=_pursued,
            text=N_("Each player raises their threat by 1 per character they control that is not "
                   "committed.")),
    Ability("shadow", effect=_pursued_shadow,
            text=N_("The defending player returns an exhausted ally to hand, or else raises their "
                   "threat by 3.")),
], text=N_("When Revealed: each player gains 1 threat per non-questing character he controls."),
    shadow_text=N_("Shadow: defending player returns an exhausted ally to hand, else gains 3 threat."))


def _fog(ctx: Table, src: int, info: dict, seat) -> list[dict]:
    out = [{"op": "effect", "keep": True, "stat": "threat", "amount": 1, "area": "staging",
            "types": ["location"], "until": "phase", "source": src},
           said(_("The locations in the staging area get +1 threat until the end of the phase."))]
    for s in ctx.seats_in_order():
        if ctx.threat(s) >= 35:
            out.append({"op": "discard_from_hand", "seat": s, "n": 1})
    return out


card_spec("01118", "Treacherous Fog", [
    Ability("when_revealed", effect=_fog,
            text=N_("Staged locations get +1 threat this phase; each player at threat 35 or more "
                   "discards a card.")),
], text=N_("When Revealed: staged locations get +1 threat this phase; then each player at threat 35 "
          "or more discards a card of his choice."))
