"""The thirteen attachments of the core set.

Their passives are looked up through the card they are attached to
(``register_attached``); their actions and responses are used by the
player who controls their host.
"""
from __future__ import annotations

import copy

from tabletop.core.i18n import N_
from tabletop.games.lcg.cardspecs.base import Ability, CardSpec, declare, register_attached
from tabletop.games.lcg.cardspecs.common import DISCARD_ONE, EXHAUST_SELF, both, hand_size, host, ready
from tabletop.games.lcg.engine.table import Table



def bonus(code: str, stat: str, amount) -> None:
    """The host of an attachment with this code gets ``amount`` (or ``amount(t, att, host)``) to a stat."""
    def fn(t: Table, att: int, hst: int, which: str) -> int:
        if which != stat:
            return 0
        return amount(t, att, hst) if callable(amount) else amount
    register_attached(code, "stat", fn)


def _attacking_orc(t: Table, att: int, hst: int) -> int:
    pa = t.engine.get("flags", {}).get("player_attack")
    return 1 if pa and hst in pa.get("attackers", ()) and "Orc" in t.traits(pa["enemy"]) else 0


def _host_effect(stat: str, n: int = 1) -> list[dict]:
    return [{"op": "effect", "targets": "$host", "stat": stat, "amount": n, "until": "phase"}]


def _with_host(steps):
    """Instructions that name the attachment's host ("$host")."""
    def make(ctx, src, info, seat):
        h = host(ctx, src)
        out = copy.deepcopy(steps)
        return [_put_host(i, h) for i in out]
    return make


def _put_host(value, h):
    if value == "$host":
        return h
    if isinstance(value, list):
        return [_put_host(v, h) for v in value]
    if isinstance(value, dict):
        return {k: _put_host(v, h) for k, v in value.items()}
    return value


# ------------------------------------------------------------- leadership
register_attached("01026", "traits", lambda t, att, hst, _arg: {"Gondor"})
declare(CardSpec("01026", "Steward of Gondor", text=N_("Attach to a hero. It gains the Gondor trait."), abilities=[
    Ability("action", condition=ready, cost=EXHAUST_SELF,
            effect=_with_host([{"op": "resource", "card": "$host", "n": 2}]),
            text=N_("exhaust Steward of Gondor to add 2 resources to the attached hero's resource "
                   "pool")),
]))

bonus("01027", "willpower", 2)
register_attached("01027", "spheres",
                  lambda t, att, hst, _arg: {"spirit"} if t.cdef(hst).name == "Aragorn" else set())
declare(CardSpec("01027", "Celebrían's Stone", [], text=N_("Attach to a hero. +2 willpower; Aragorn also gains a Spirit resource icon.")))

# ---------------------------------------------------------------- tactics
bonus("01039", "attack", _attacking_orc)
declare(CardSpec("01039", "Blade of Gondolin", text=N_("Attach to a hero. +1 attack when attacking an Orc."), abilities=[
    Ability("response", trigger="player_attack_done",
            condition=lambda t, src, info, seat: info.get("destroyed")
            and host(t, src) in info.get("attackers", ()),
            effect=[{"op": "progress", "quest": True, "n": 1}],
            text=N_("after the attached hero attacks and destroys an enemy, place 1 progress on "
                   "the current quest")),
]))

bonus("01040", "hitpoints", 4)
declare(CardSpec("01040", "Citadel Plate", [], text=N_("Attach to a hero. +4 hit points.")))

bonus("01041", "attack", lambda t, att, hst: 2 if "Dwarf" in t.traits(hst) else 1)
declare(CardSpec("01041", "Dwarven Axe", [], text=N_("Attach to a hero. +1 attack (+2 attack for a Dwarf).")))

declare(CardSpec("01042", "Horn of Gondor", text=N_("Attach to a hero."), abilities=[
    Ability("response", trigger="character_destroyed",
            effect=_with_host([{"op": "resource", "card": "$host", "n": 1}]),
            text=N_("after a character is destroyed, add 1 resource to the attached hero's "
                   "resource pool")),
]))

# ----------------------------------------------------------------- spirit
bonus("01055", "willpower", 1)
declare(CardSpec("01055", "The Favor of the Lady", [], text=N_("Attach to a hero. +1 willpower.")))

bonus("01056", "threat", -1)
declare(CardSpec("01056", "Power in the Earth", [], text=N_("Attach to a location. -1 threat.")))

declare(CardSpec("01057", "Unexpected Courage", text=N_("Attach to a hero."), abilities=[
    Ability("action", condition=both(ready, lambda t, src, info, seat: t.state.cards[host(t, src)].exhausted),
            cost=EXHAUST_SELF, effect=_with_host([{"op": "ready", "card": "$host"}]),
            text=N_("exhaust Unexpected Courage to ready the attached hero")),
]))

# ------------------------------------------------------------------- lore
register_attached("01069", "cannot", lambda t, att, hst, what: what == "attack")
declare(CardSpec("01069", "Forest Snare", [], text=N_("Attach to an enemy engaged with a player. It cannot attack.")))

declare(CardSpec("01070", "Protector of Lórien", text=N_("Attach to a hero."), abilities=[
    Ability("action", limit=("phase", 3), condition=hand_size(1), cost=DISCARD_ONE,
            effect=_with_host([{"op": "mode", "seat": "$seat", "prompt": N_("Protector of Lórien: which bonus?"),
                                "modes": [{"key": "defense", "label": N_("+1 defense"), "do": _host_effect("defense")},
                                          {"key": "willpower", "label": N_("+1 willpower"),
                                           "do": _host_effect("willpower")}]}]),
            text=N_("discard a card from your hand to give the attached hero +1 defense or +1 "
                   "willpower until the end of the phase")),
]))

bonus("01071", "willpower", -1)
declare(CardSpec("01071", "Dark Knowledge", text=N_("Attach to a hero. -1 willpower."), abilities=[
    Ability("response", trigger="shadow_dealt", condition=both(
        ready, lambda t, src, info, seat: info.get("seat") == seat),
        cost=EXHAUST_SELF,
        effect=[{"op": "peek_card", "seat": "$seat", "card": "$info.card"}],
        text=N_("after a shadow card is dealt to an enemy engaged with you, exhaust Dark "
                   "Knowledge to look at it")),
]))

declare(CardSpec("01072", "Self Preservation", text=N_("Attach to a character."), abilities=[
    Ability("action", condition=both(ready, lambda t, src, info, seat: t.damage(host(t, src)) > 0),
            cost=EXHAUST_SELF, effect=_with_host([{"op": "heal", "card": "$host", "n": 2}]),
            text=N_("exhaust Self Preservation to heal 2 damage on the attached character")),
]))
