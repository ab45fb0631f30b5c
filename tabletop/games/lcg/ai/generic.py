"""The expert's answers to decisions no rule of its own names: a card's own choice
(which character is readied, healed or hurt, which enemy is hit), yes/no questions,
discards, and when an event or an action is worth playing.

A card's choice is judged by what it will do to the card chosen: the engine's
instruction (``choose``) carries its ``then`` instructions, and an instruction
such as ``damage`` or ``exhaust`` is bad for the card it hits while ``ready``,
``heal`` or a stat bonus is good.  Good for one of the seat's characters or bad
for an encounter card is good for the players.
"""
from __future__ import annotations

import random
from typing import Any

from tabletop.core.i18n import _
from tabletop.games.lcg.ai.advice import Advice, Why
from tabletop.games.lcg.ai.knowledge import character_value, hand_value, play_value
from tabletop.games.lcg.ai.read import Decision, Facts
from tabletop.games.lcg.ai.tactics import attack_plan, danger


GOOD_OPS = frozenset({"ready", "heal", "resource", "put_into_play", "to_hand", "revive",
                      "draw"})
BAD_OPS = frozenset({"uncommit", "damage", "exhaust", "discard", "take_prisoner", "to_deck", "threat",
                     "attach", "attach_to", "to_staging", "to_encounter_top"})
# locations whose Travel cost hurts (English names): how much
TRAVEL_PENALTY = {"Great Forest Web": 3.0, "Necromancer's Pass": 2.0, "Mountains of Mirkwood": 1.0,
                  "The East Bight": 0.0, "Enchanted Stream": 0.5}


def _advice(value: Any, why: Why) -> Advice:
    return Advice(value, why)


def polarity(ins: dict) -> int:
    """+1 if the instructions a choice leads to are good for the card chosen, -1 if bad,
    0 if it cannot tell."""
    score = 0
    stack = list(ins.get("then") or [])
    while stack:
        step = stack.pop()
        if not isinstance(step, dict):
            continue
        op = step.get("op")
        if op in GOOD_OPS:
            score += 1
        elif op in BAD_OPS:
            score -= 1
        elif op == "effect":
            if step.get("cannot"):
                score -= 1
            elif isinstance(step.get("amount"), (int, float)):
                score += 1 if step["amount"] > 0 else -1
        for key in ("then", "do", "otherwise"):
            if isinstance(step.get(key), list):
                stack.extend(step[key])
    return (score > 0) - (score < 0)


def _friendly(f: Facts, cid: int) -> bool:
    c = f.state.cards[cid]
    return c.origin == "player"


def _then_ops(ins: dict) -> dict[str, dict]:
    """The instructions a choice leads to, by name (the first of each)."""
    out: dict[str, dict] = {}
    stack = list(ins.get("then") or [])
    while stack:
        step = stack.pop(0)
        if isinstance(step, dict):
            out.setdefault(str(step.get("op")), step)
            for key in ("then", "do"):
                if isinstance(step.get(key), list):
                    stack.extend(step[key])
    return out


def harm(f: Facts, c: int, ops: dict[str, dict]) -> float:
    """What a harmful effect costs when it falls on one of the players' cards."""
    from tabletop.games.lcg.ai.tactics import damage_cost
    if not f.in_play(c):
        return play_value(f, c)
    cost = 0.0
    if "damage" in ops:
        n = ops["damage"].get("n", 1)
        cost += damage_cost(f, c, n if isinstance(n, int) else 1)
    if "exhaust" in ops and f.ready(c):
        cost += 1.0 + 0.3 * (f.stat(c, "attack") + f.stat(c, "defense"))
    if "discard" in ops or "take_prisoner" in ops:
        cost += character_value(f, c) if f.is_character(c) else play_value(f, c)
    if not cost:
        cost = character_value(f, c) / 10 + 0.2 * (f.stat(c, "willpower") + f.stat(c, "attack")
                                                    + f.stat(c, "defense"))
    return cost


def choose_card(f: Facts, d: Decision) -> Advice:
    """A card's choice among cards: the most valuable target of a good effect, the
    one it costs least of a harmful one (turned around for encounter cards)."""
    sign = polarity(d.ins) if d.ins else 0
    ops = _then_ops(d.ins) if d.ins else {}
    then = str(d.ins.get("then")) if d.ins else ""

    def worth(c: int) -> float:
        if f.state.cards[c].zone != "table":
            return play_value(f, c) if _friendly(f, c) else 0.0
        if f.is_character(c):
            v = character_value(f, c) / 10
            if "ready" in then:
                v += 2.0 * (not f.ready(c)) + 0.3 * (f.stat(c, "attack") + f.stat(c, "defense"))
            if "heal" in then:
                v += f.t.damage(c)
            return v
        if f.ctype(c) == "enemy":
            return danger(f, c) + (3.0 if f.hp_left(c) <= 2 else 0.0)
        if f.ctype(c) == "location":
            return f.stat(c, "threat") + (f.t.progress(c) / max(1, f.stat(c, "quest_points")))
        return 0.0

    def benefit(c: int) -> float:
        mine = 1 if _friendly(f, c) else -1
        s = (sign or 1) * mine
        if s > 0:
            return worth(c)
        return -harm(f, c, ops) if mine > 0 else -worth(c)

    cards = d.cards
    if not cards:
        return _advice(d.options[0], lambda: _("takes the first option."))
    if sign < 0 and all(_friendly(f, c) for c in cards) and "none" in d.options:
        return _advice("none", lambda: _("chooses none: the effect would hurt."))
    best = max(cards, key=lambda c: (benefit(c), -c))
    if sign < 0 and _friendly(f, best):
        return _advice(best, lambda: _("chooses {card}: where the harm costs least.").format(
            card=f.name(best)))
    return _advice(best, lambda: _("chooses {card}: the choice that helps the players most.").format(
        card=f.name(best)))


def answer(f: Facts, d: Decision, rng: random.Random) -> Advice:
    """Any decision: a sensible answer when no rule of the expert knows it."""
    opts = d.options
    if d.what == "ok" or opts == ("ok",):
        return _advice(opts[0], lambda: _("continues."))
    if d.what in ("choose", "player", "other", "damage_target") and d.cards:
        return choose_card(f, d)
    if d.what == "discard":
        c = min(d.cards, key=lambda c: (hand_value(f, c), f.cost(c), c))
        return _advice(c, lambda: _("discards {card}: the card worth least now.").format(
            card=f.name(c)))
    if set(opts) == {"top", "bottom"}:
        return top_or_bottom(f, d)
    if "yes" in opts:
        sign = polarity(d.ins) if d.ins else 1
        if sign >= 0:
            return _advice("yes", lambda: _("says yes: it helps the players."))
        return _advice("no", lambda: _("says no: it would hurt the players."))
    if d.what == "player":
        seat = min(f.seats(), key=lambda s: f.threat(s))
        opt = f"seat:{seat}"
        if opt in opts:
            return _advice(opt, lambda: _("chooses {who}: the lowest threat.").format(
                who=d.label(opt)))
    if d.what == "number":
        nums = [o for o in opts if str(o).lstrip("-").isdigit()]
        if nums:
            best = max(nums, key=lambda o: int(str(o)))
            return _advice(best, lambda: _("chooses {n}: as much as possible.").format(n=best))
    for word in ("none", "no", "done", "pass"):
        if word in opts and d.what in ("response", "window"):
            return _advice(word, lambda: _("passes."))
    first = opts[0]
    return _advice(first, lambda: _("{what}: the first option.").format(what=d.label(first)))


def encounter_badness(cdef: Any) -> float:
    """How bad an encounter card is when revealed: its threat, more for an enemy (it
    attacks) and a treachery (its When Revealed effect)."""
    threat = cdef.threat_strength if isinstance(cdef.threat_strength, int) else 0
    return threat + {"enemy": 2.0, "treachery": 1.5}.get(cdef.type, 0.0)


def top_or_bottom(f: Facts, d: Decision) -> Advice:
    """Denethor's peek: a card worse than the encounter deck's average goes to the bottom."""
    pile = f.state.zones.get(str(d.ins.get("zone") or "encounter.deck"))
    if pile is None or not pile.cards:
        return _advice("top", lambda: _("leaves the card on top."))
    top = pile.cards[-1]
    cdef = f.t.cdef(top)
    rest = [encounter_badness(c) for c in f.unseen_encounter()]
    average = sum(rest) / len(rest) if rest else 0.0
    if encounter_badness(cdef) > average + 0.5:
        card = f.name(top)
        return _advice("bottom", lambda: _("puts {card} at the bottom: worse than the next "
                                           "card is likely to be.").format(card=card))
    return _advice("top", lambda: _("leaves the card on top."))


def kill_progress(f: Facts, fighter: int) -> float:
    """What a character adds to a fight that destroys an enemy beyond the kill itself:
    Legolas's 2 progress on the quest (worth 2 a token, as the quest's reckoning counts it)."""
    if f.en(fighter) == "Legolas":
        return 2.0 * min(2, max(1, f.quest_left()))
    return 0.0


def response_ok(f: Facts, cid: int, d: Decision) -> bool:
    """Is a Response of a card in play worth using? (Most are: abilities that pay a
    resource to ready a hero, add resources, draw cards.)"""
    name = f.en(cid)
    if name == "Aragorn":
        return not f.ready(cid) and f.resources(cid) >= 1
    if name == "Son of Arnor":
        # an enemy from the staging area engages: only when there is no other fight
        return not f.engaged() and bool(f.staging_enemies())
    return True


DISABLED: set[str] = set()      # cards whose rules are switched off (for experiments)


def event_worth(f: Facts, cid: int, phase: str) -> tuple[float, Why]:
    """Is an event worth playing in this action window (and how much)?"""
    name = f.en(cid)
    if name in DISABLED:
        return 0.0, lambda: ""
    card = f.name(cid)
    threat = f.threat()
    engaged = f.engaged()
    if name == "The Galadhrim's Greeting" and threat >= 34:
        return 6.0, lambda: _("plays {card}: threat {t} is getting high.").format(card=card, t=threat)
    if name == "Grim Resolve" and phase == "quest":
        tired = [c for c in f.characters() if not f.ready(c)]
        if len(tired) >= 3:
            return 5.0, lambda: _("plays {card}: {n} characters ready again for combat.").format(
                card=card, n=len(tired))
    if name in ("Radagast's Cunning", "Secret Paths") and phase == "quest" and f.committed():
        return 3.0, lambda: _("plays {card}: less threat against the quest.").format(card=card)
    if name == "Lórien's Wealth" and phase in ("refresh", "resource") and len(f.hand()) <= 3:
        return 2.0, lambda: _("plays {card}: the hand is short.").format(card=card)
    if name in ("Lore of Imladris", "Beorn's Hospitality") and phase in ("refresh", "resource"):
        hurt = max((f.t.damage(h) for h in f.heroes()), default=0)
        if hurt >= 2:
            return 2.0 + hurt, lambda: _("plays {card}: a hero has {n} damage.").format(
                card=card, n=hurt)
    if name in ("Feint", "Thicket of Spears", "A Light in the Dark") and phase == "combat" and engaged:
        strongest = max(f.stat(e, "attack") for e in engaged)
        ready = [c for c in f.characters() if f.can_defend(c)]
        best_def = max((f.stat(c, "defense") for c in ready), default=0)
        if strongest - best_def >= 2 or (name == "Thicket of Spears" and len(engaged) >= 2):
            return 4.0, lambda: _("plays {card}: {a} attack is too much to defend.").format(
                card=card, a=strongest)
    if name in ("For Gondor!", "Blade Mastery") and phase == "combat" and engaged:
        attackers = [c for c in f.characters() if f.can_attack(c)]
        if len(attack_plan(f, engaged, attackers)) < len(engaged):
            return 1.0, lambda: _("plays {card}: more attack for this combat.").format(card=card)
    if name == "Sneak Attack" and phase in ("planning", "combat"):
        gandalf = [c for c in f.hand() if f.en(c) == "Gandalf"]
        if gandalf and (threat >= 30 or engaged):
            return 5.0, lambda: _("plays {card}: Gandalf comes in for one phase.").format(card=card)
    if name == "Rain of Arrows" and phase == "combat":
        low = [e for e in engaged + f.staging_enemies() if f.hp_left(e) <= 1]
        if low:
            return 3.0, lambda: _("plays {card}: it finishes an enemy.").format(card=card)
    if name == "Will of the West":
        deck = f.state.zones[f.state.seat_zone(f.seat, "deck")].cards
        if len(deck) <= 3:
            return 2.0, lambda: _("plays {card}: the deck runs out.").format(card=card)
    return 0.0, lambda: ""


def action_worth(f: Facts, cid: int, phase: str) -> tuple[float, Why]:
    """Is an Action of a card in play worth using now?"""
    name = f.en(cid)
    if name in DISABLED:
        return 0.0, lambda: ""
    card = f.name(cid)
    step = f.E.get("step") or ""
    if name == "Éowyn" and step == "quest.actions_commit" and cid in f.committed():
        spare = [c for c in f.hand() if play_value(f, c) <= 1.0]
        if spare:
            return 1.5, lambda: _("uses {card}: a card worth little for +1 willpower.").format(
                card=card)
    if name == "Gléowine" and f.ready(cid) and step == "quest.actions_resolve":
        return 1.0, lambda: _("uses {card}: a card drawn after the quest.").format(card=card)
    if name == "Beravor" and f.ready(cid) and phase == "combat" and not f.engaged():
        return 2.0, lambda: _("uses {card}: cards to draw and no enemy to fight.").format(card=card)
    if name == "Glorfindel" and phase == "refresh" and f.resources(cid) >= 1:
        hurt = [h for h in f.characters() if f.t.damage(h) > 0]
        if hurt:
            return 1.0, lambda: _("uses {card}: heals a wounded character.").format(card=card)
    if name == "Steward of Gondor" and f.ready(cid) and step == "planning.play":
        # its 2 resources are worth most where cards are played; it readies every round
        return 3.0, lambda: _("uses {card}: 2 resources to spend this planning phase.").format(
            card=card)
    if name == "Denethor" and f.ready(cid) and (
            (phase == "combat" and not f.engaged()) or step == "combat.player_attacks"):
        # exhausting him costs nothing once no enemy is left to attack: he readies soon
        return 0.5, lambda: _("uses {card}: looks at the next encounter card, no attack left "
                              "to defend.").format(card=card)
    return 0.0, lambda: ""


def travel_penalty(f: Facts, loc: int) -> float:
    """How much a location's Travel cost hurts now."""
    name = f.en(loc)
    penalty = TRAVEL_PENALTY.get(name, 0.0)
    if name == "Great Forest Web" and f.engaged():
        penalty += 3.0
    return penalty
