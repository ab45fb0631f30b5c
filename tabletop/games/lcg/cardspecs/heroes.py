"""The twelve heroes of the core set."""
from __future__ import annotations

from tabletop.core.i18n import N_
from tabletop.games.lcg.cardspecs.base import Ability, CardSpec, declare, register_self
from tabletop.games.lcg.cardspecs.common import (DISCARD_ONE, EXHAUST_SELF, both, can_draw, choose,
                                                 choose_player_who, encounter_deck_not_empty,
                                                 exhausted, exists, hand_size, has_resources,
                                                 itself, pay_own, ready, some_player)
from tabletop.games.lcg.engine.table import Table



def _committed(t: Table, src: int, info=None, seat=None) -> bool:
    return src in t.engine.get("committed", ())


declare(CardSpec("01001", "Aragorn", [
    Ability("response", trigger="committed", condition=both(itself, has_resources(1), exhausted),
            cost=pay_own(1), effect=[{"op": "ready", "card": "$src"}],
            text=N_("after Aragorn is committed to a quest, pay 1 resource from his resource pool to "
                   "ready him (he stays committed)")),
]))

declare(CardSpec("01002", "Théodred", [
    Ability("response", trigger="committed", condition=itself,
            effect=[choose({"type": "hero", "committed": True},
                           [{"op": "resource", "card": "$choice", "n": 1}],
                           N_("Théodred: which committed hero gains 1 resource?"))],
            text=N_("after Théodred is committed to a quest, choose a hero committed to that quest: "
                   "it gains 1 resource")),
]))

declare(CardSpec("01003", "Glóin", [
    Ability("response", trigger="damaged", condition=itself,
            effect=lambda ctx, src, info, seat: [{"op": "resource", "card": src, "n": info["n"]}],
            text=N_("after Glóin takes damage, he gains 1 resource for each point of damage just "
                   "taken")),
]))

register_self("01004", "stat", lambda t, cid, stat: t.damage(cid) if stat == "attack" else 0)
declare(CardSpec("01004", "Gimli", [], text=N_("+1 attack for each damage on him.")))

declare(CardSpec("01005", "Legolas", [
    Ability("response", trigger="player_attack_done",
            condition=lambda t, src, info, seat: info.get("destroyed") and src in info.get("attackers", ()),
            effect=[{"op": "progress", "quest": True, "n": 2}],
            text=N_("after Legolas takes part in an attack that destroys an enemy, place 2 progress "
                   "on the current quest")),
]))

declare(CardSpec("01006", "Thalin", [
    Ability("forced", trigger="revealed",
            condition=lambda t, src, info, seat: _committed(t, src)
            and t.ctype(info.get("card")) == "enemy",
            effect=[{"op": "damage", "card": "$info.card", "n": 1}],
            text=N_("while Thalin is committed to a quest, each enemy revealed from the encounter "
                   "deck takes 1 damage"), printed=""),
]))

declare(CardSpec("01007", "Éowyn", [
    Ability("action", anyone=True, per_player=True, limit=("round", 1), condition=hand_size(1),
            cost=DISCARD_ONE,
            effect=[{"op": "effect", "targets": "$src", "stat": "willpower", "amount": 1,
                     "until": "phase"}],
            text=N_("discard a card from your hand to give Éowyn +1 willpower until the end of the "
                   "phase; any player may do this")),
]))

declare(CardSpec("01008", "Eleanor", [
    Ability("response", trigger="revealed",
            condition=lambda t, src, info, seat: ready(t, src)
            and t.ctype(info.get("card")) == "treachery",
            cost=EXHAUST_SELF,
            effect=[{"op": "flag", "name": "cancel_revealed", "value": "$info.card"},
                    {"op": "flag", "name": "replace", "value": "$info.card"}],
            text=N_("exhaust Eleanor to cancel the When Revealed effects of a treachery just revealed "
                   "from the encounter deck; then discard it and reveal the next encounter card "
                   "in its place")),
]))

register_self("01009", "ability", lambda t, cid, what: what == "attack_staging")
register_self("01009", "stat", lambda t, cid, stat: 1 if stat == "attack" and _alone_on_staging(t, cid) else 0)


def _alone_on_staging(t: Table, cid: int) -> bool:
    att = t.engine.get("flags", {}).get("player_attack")
    return bool(att) and att.get("attackers") == [cid] and t.engaged_with(att["enemy"]) is None


declare(CardSpec("01009", "Dúnhere", [], text=N_("May attack an enemy in the staging area alone, with +1 attack.")))

declare(CardSpec("01010", "Denethor", [
    Ability("action", condition=both(ready, encounter_deck_not_empty), cost=EXHAUST_SELF,
            effect=[{"op": "peek", "seat": "$seat", "zone": "encounter.deck", "n": 1, "bottom": True}],
            text=N_("exhaust Denethor to look at the top card of the encounter deck; you may put it "
                   "at the bottom of that deck")),
]))

declare(CardSpec("01011", "Glorfindel", [
    Ability("action", limit=("round", 1),
            condition=both(has_resources(1), exists({"type": "character", "damaged": True})),
            cost=pay_own(1),
            effect=[choose({"type": "character", "damaged": True},
                           [{"op": "heal", "card": "$choice", "n": 1}],
                           N_("Glorfindel: heal 1 damage from which character?"))],
            text=N_("pay 1 resource from Glorfindel's resource pool to heal 1 damage on a "
                   "character")),
]))

declare(CardSpec("01012", "Beravor", [
    Ability("action", limit=("round", 1), condition=both(ready, some_player(can_draw)),
            cost=EXHAUST_SELF,
            effect=choose_player_who(can_draw, [{"op": "draw", "seat": "$player", "n": 2}],
                                     N_("Beravor: which player draws 2 cards?")),
            text=N_("exhaust Beravor to choose a player: that player draws 2 cards")),
]))
