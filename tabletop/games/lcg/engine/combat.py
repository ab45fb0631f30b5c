"""The combat phase: shadow cards, enemy attacks, player attacks.

Enemy attacks, for each player from the first player, one enemy at a time in
the order the defending player picks (rulebook p. 18): 1 the attacking
enemy is chosen, 2 a defender is declared (it exhausts) or the attack is
left undefended, 3 its shadow card turns face up and resolves, 4 damage is
attack minus defense on the defender, or all of it on one hero of the
defending player when undefended.  Player attacks: 1 pick an enemy and the
attackers (they exhaust); 2 and 3 damage is their total attack minus the
enemy's defense.  At the end of each step of an enemy's attack and of a
player's attack the players may act (rulebook: "at the end of each step,
players may play events and take actions"): an action window follows each.
Sentinel characters may defend for other players (their controller declares
them, once the defending player has declared no defender of their own);
Ranged characters may attack enemies engaged with other players.
"""
from __future__ import annotations

from typing import Any

from tabletop.core.i18n import _
from tabletop.core.model import TABLE
from tabletop.games.lcg.engine.abilities import shadow_effect
from tabletop.games.lcg.engine.allowed import (attack_targets, attacker_options, defender_options,
                                               many_defenders)
from tabletop.games.lcg.engine.context import Ctx
from tabletop.games.lcg.engine.damage import deal_damage
from tabletop.games.lcg.engine.effects import end_of
from tabletop.games.lcg.engine.language import CARD, NONE, SEAT, V, Opt
from tabletop.games.lcg.engine.moves import deal_shadow, discard, exhaust
from tabletop.games.lcg.engine.round import each_seat, step
from tabletop.games.lcg.engine.triggers import trigger


@step("combat.shadows")
def deal_shadows(ctx: Ctx) -> None:
    """Each engaged enemy gets one face-down shadow card, the first player's enemies
    first, highest engagement cost first."""
    dealt = 0
    ctx.E["attacked"] = []
    for seat in ctx.seats_in_order():
        for enemy in ctx.engaged(seat):
            if deal_shadow(ctx, enemy):
                dealt += 1
    if dealt:
        ctx.say(_("Shadow cards are dealt to the engaged enemies."))



each_seat("combat.enemy_attacks", "enemy_attacks",
          "The enemies attack each player in turn, from the first player.")



@V.op("enemy_attacks", seat=int)
def op_enemy_attacks(ctx: Ctx, ins: dict[str, Any]) -> None:
    """The defending player picks which of their enemies attacks next."""
    seat = ins["seat"]
    if ctx.eliminated(seat):
        return
    attacked = ctx.E["attacked"]
    todo = [e for e in ctx.engaged(seat) if f"e:{e}" not in attacked and not ctx.cannot(e, "attack")]
    if "answer" in ins:
        choice = ins.pop("answer")
        if choice in todo:
            ctx.push({"op": "attack", "enemy": choice, "seat": seat}, ins)
        return
    if not todo:
        return
    if len(todo) == 1:
        ctx.push({"op": "attack", "enemy": todo[0], "seat": seat}, ins)
        return
    labels = {e: _("{card} attacks ({n} attack)").format(card=ctx.name(e), n=ctx.stat(e, "attack"))
              for e in todo}
    ctx.ask(ins, seat, _("{name}: which enemy attacks you next?").format(
        name=ctx.seat_name(seat)), todo, labels)



def _window() -> dict[str, Any]:
    """An action window of the combat phase (a new instruction each time: a window
    keeps whose turn it is in its own instruction)."""
    return {"op": "window", "phase": "combat"}


def attacking(ctx: Ctx) -> dict | None:
    """The enemy attack being resolved, while its enemy is still in play (an enemy
    that left play in the middle of its attack deals no damage; one that changed
    place still attacks from there: FAQ 1.32)."""
    att = ctx.E["attack"]
    if not att:
        return None
    card = ctx.state.cards.get(att["enemy"])
    if card is None or card.zone != TABLE or ctx.ctype(att["enemy"]) != "enemy":
        return None
    return att


@V.op("attack", enemy=int, seat=int, deal_shadow=Opt(bool))
def op_attack(ctx: Ctx, ins: dict[str, Any]) -> None:
    """An enemy attacks a player: steps 1 to 4 of the rulebook, each followed by an
    action window."""
    enemy, seat = ins["enemy"], ins["seat"]
    ctx.E["attacked"].append(f"e:{enemy}")
    ctx.E["attack"] = {"enemy": enemy, "seat": seat, "defenders": [], "undefended": False,
                       "bonus": 0, "no_defense": False}
    ctx.say(_("{card} attacks {name}.").format(card=ctx.name(enemy), name=ctx.seat_name(seat)))
    if ins.get("deal_shadow"):
        deal_shadow(ctx, enemy)          # an attack of its own gets a shadow card (FAQ 1.28)
    ctx.push({"op": "attack_steps", "i": 0})


# an enemy's attack, step by step: each step's instruction, with an action window after
# each of the four steps (the last one after "the attack is over")
ATTACK_STEPS = ("attack_declared", "window", "declare_defender", "window", "shadow", "window",
                "attack_damage", "attack_end", "window")


@V.op("attack_steps", i=int)
def op_attack_steps(ctx: Ctx, ins: dict[str, Any]) -> None:
    """The next step of the enemy attack being resolved (one at a time, so the stack
    stays short)."""
    i = ins["i"]
    if i >= len(ATTACK_STEPS):
        return
    if i + 1 < len(ATTACK_STEPS):
        ctx.push({"op": "attack_steps", "i": i + 1})
    name = ATTACK_STEPS[i]
    ctx.push(_window() if name == "window" else {"op": name})



@V.op("extra_attack", enemy=CARD, seat=SEAT)
def op_extra_attack(ctx: Ctx, ins: dict[str, Any]) -> None:
    """An enemy attacks ``seat`` in the middle of another attack (Wolf Rider's shadow
    effect): it is dealt a shadow card, its attack resolves in full (steps 1 to 4),
    then the first attack goes on where it stood."""
    enemy, seat = ins.get("enemy"), ins.get("seat")
    if enemy not in ctx.state.cards or seat is None or ctx.eliminated(seat):
        return
    ctx.push({"op": "attack", "enemy": enemy, "seat": seat, "deal_shadow": True},
             {"op": "resume_attack", "attack": ctx.E["attack"]})



@V.op("resume_attack", attack=(dict, NONE))
def op_resume_attack(ctx: Ctx, ins: dict[str, Any]) -> None:
    """The attack an extra attack interrupted goes on."""
    ctx.E["attack"] = ins["attack"]



@V.op("attack_declared")
def op_attack_declared(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Step 1 done: effects that happen when an enemy is chosen to attack."""
    att = attacking(ctx)
    if att:
        trigger(ctx, "attacks", card=att["enemy"], seat=att["seat"])


def _deciders(ctx: Ctx, seat: int) -> list[int]:
    """Who may declare defenders against an attack on ``seat``: that player first,
    then the other players still in the game (their Sentinel characters), clockwise."""
    n = ctx.nseats
    return [s for s in ((seat + i) % n for i in range(n)) if not ctx.eliminated(s)]


@V.op("declare_defender", state=("turn",))
def op_declare_defender(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Step 2: the defending player declares a defender of their own, or none; then
    (with none, or when several may defend: Stand Together) each other player may
    declare one of their Sentinel characters.  With no defender, the attack is
    undefended."""
    att = attacking(ctx)
    if not att:
        return
    seat, enemy = att["seat"], att["enemy"]
    deciders = _deciders(ctx, seat)
    turn = ins.get("turn", 0)
    if "answer" in ins:
        choice = ins.pop("answer")
        if choice in ("none", "done", "no"):
            turn += 1
        else:
            exhaust(ctx, choice)
            att["defenders"].append(choice)
            ctx.say(_("{card} defends.").format(card=ctx.name(choice)))
            if many_defenders(ctx, seat):
                ins["turn"] = turn
                ctx.push(ins)
            trigger(ctx, "defends", card=choice, enemy=enemy, seat=seat)
            return
    many = many_defenders(ctx, seat)
    while turn < len(deciders):
        if att["defenders"] and not many:
            return
        who = deciders[turn]
        options = [c for c in defender_options(ctx, seat, enemy, who) if c not in att["defenders"]]
        if not options:
            turn += 1
            continue
        ins["turn"] = turn
        labels: dict[Any, str] = {c: _("Defend with {card} ({n} defense)").format(
            card=ctx.name(c), n=ctx.stat(c, "defense")) for c in options}
        if who == seat:
            end = "done" if att["defenders"] else "none"
            labels[end] = _("No more defenders") if att["defenders"] else _("Leave it undefended")
            prompt = _("{name}: declare a defender against {card} ({n} attack).").format(
                name=ctx.seat_name(seat), card=ctx.name(enemy), n=ctx.stat(enemy, "attack"))
        else:
            end = "no"
            labels[end] = _("No Sentinel defender")
            prompt = _("{name}: declare a defender against {card} ({n} attack) for {other} "
                       "(Sentinel)?").format(name=ctx.seat_name(who), card=ctx.name(enemy),
                                                  n=ctx.stat(enemy, "attack"),
                                                  other=ctx.seat_name(seat))
        ctx.ask(ins, who, prompt, options + [end], labels, data={"enemy": enemy})
        return
    if not att["defenders"]:
        att["undefended"] = True
        ctx.say(_("{name} leaves the attack undefended.").format(name=ctx.seat_name(seat)))



@V.op("shadow")
def op_shadow(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Step 3: the attacker's shadow cards turn face up and resolve, one by one."""
    att = attacking(ctx)
    if not att:
        return
    enemy = att["enemy"]
    hidden = [c for c in ctx.attachments(enemy, "shadow") if not ctx.state.cards[c].face_up]
    if not hidden:
        return
    card = hidden[0]
    ctx.tx.set(card, "face_up", True)
    ctx.say(_("Shadow card: {card}.").format(card=ctx.name(card)))
    ctx.push({"op": "shadow_responses", "card": card}, {"op": "shadow_effect", "card": card},
             {"op": "ack", "text": _("Shadow card: {card}.").format(card=ctx.name(card))}, ins)



@V.op("shadow_responses", card=int)
def op_shadow_responses(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Responses to a shadow card turned face up (Hasty Stroke cancels its effect)."""
    trigger(ctx, "shadow_revealed", card=ins["card"])



@V.op("shadow_effect", card=int)
def op_shadow_effect(ctx: Ctx, ins: dict[str, Any]) -> None:
    """A shadow card's effect, unless cancelled."""
    card = ins["card"]
    if ctx.E["flags"].pop("cancel_shadow", None) == card:
        ctx.say(_("The shadow effect of {card} is cancelled.").format(card=ctx.name(card)))
        return
    att = ctx.E["attack"] or {}
    if ctx.cdef(card).has_shadow:
        # once it has resolved (not when cancelled, nor for a card without one: FAQ)
        ctx.push({"op": "shadow_resolved", "card": card, "enemy": att.get("enemy"),
                  "seat": att.get("seat")})
    shadow_effect(ctx, card)



@V.op("shadow_resolved", card=int, enemy=CARD, seat=SEAT)
def op_shadow_resolved(ctx: Ctx, ins: dict[str, Any]) -> None:
    """A shadow effect has just resolved (Nazgûl of Dol Guldur)."""
    trigger(ctx, "shadow_resolved", card=ins["card"], enemy=ins["enemy"], seat=ins["seat"])



@V.op("attack_damage")
def op_attack_damage(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Step 4: attack minus defense on the defender; undefended, all on one hero."""
    att = attacking(ctx)
    if not att:
        return
    enemy, seat = att["enemy"], att["seat"]
    attack = ctx.stat(enemy, "attack") + att.get("bonus", 0)
    defenders = [d for d in att["defenders"] if d in ctx.state.cards
                 and ctx.state.cards[d].zone == TABLE]
    if defenders:
        defense = 0 if att.get("no_defense") else sum(ctx.stat(d, "defense") for d in defenders)
        damage = max(0, attack - defense)
        if damage and len(defenders) > 1 and "answer" not in ins:
            labels = {d: _("{card} takes the damage").format(card=ctx.name(d)) for d in defenders}
            ctx.ask(ins, seat, _("{name}: which defender takes {n} damage?").format(
                name=ctx.seat_name(seat), n=damage), defenders, labels)
            return
        target = ins.pop("answer", defenders[0])
        ctx.say(_("{card} deals {n} damage to {target} ({a} attack - {d} defense).").format(
            card=ctx.name(enemy), n=damage, target=ctx.name(target), a=attack, d=defense))
        if damage:
            combat_damage(ctx, enemy, seat, target, damage)
        return
    heroes = [h for h in ctx.heroes(seat) if not ctx.is_prisoner(h)]
    if not heroes or attack <= 0:
        return
    if len(heroes) > 1 and "answer" not in ins:
        labels = {h: _("{card} takes the damage").format(card=ctx.name(h)) for h in heroes}
        ctx.ask(ins, seat, _("{name}: the attack is undefended; which hero takes {n} damage?").format(
            name=ctx.seat_name(seat), n=attack), heroes, labels)
        return
    target = ins.pop("answer", heroes[0])
    att["undefended_hero"] = target
    ctx.say(_("{card} deals {n} undefended damage to {target}.").format(
        card=ctx.name(enemy), n=attack, target=ctx.name(target)))
    combat_damage(ctx, enemy, seat, target, attack)



def combat_damage(ctx: Ctx, enemy: int, seat: int, target: int, n: int) -> None:
    """An attack's damage on a character; then the event "combat_damage" says how
    much of it was more than the character could take (``excess``: Hill Troll)."""
    excess = max(0, n - max(0, ctx.stat(target, "hitpoints") - ctx.damage(target)))
    deal_damage(ctx, target, n)
    trigger(ctx, "combat_damage", card=enemy, target=target, n=n, excess=excess, seat=seat)



@V.op("attack_end")
def op_attack_end(ctx: Ctx, ins: dict[str, Any]) -> None:
    """After the attack: its effects, then it is over (an enemy that left play in the
    middle of its attack did not finish it: no "after it attacks" effects)."""
    att = attacking(ctx)
    ctx.E["attack"] = None
    if att:
        trigger(ctx, "after_attack", card=att["enemy"], seat=att["seat"],
                undefended=att["undefended"], defenders=att["defenders"])



# ------------------------------------------------------------ player attacks
each_seat("combat.player_attacks", "player_attacks",
          "Each player in turn may attack each enemy they are engaged with, once.")



@V.op("player_attacks", seat=int)
def op_player_attacks(ctx: Ctx, ins: dict[str, Any]) -> None:
    """A player picks an enemy to attack, or is done attacking."""
    seat = ins["seat"]
    if ctx.eliminated(seat):
        return
    if "answer" in ins:
        choice = ins.pop("answer")
        if choice == "done":
            return
        ctx.E["attacked"].append(f"p{seat}:{choice}")
        ctx.push({"op": "declare_attackers", "seat": seat, "enemy": choice, "attackers": []}, ins)
        return
    targets = attack_targets(ctx, seat)
    if not targets:
        return
    labels: dict[Any, str] = {e: _("Attack {card} ({n} defense, {h} hit points left)").format(
        card=ctx.name(e), n=ctx.stat(e, "defense"), h=ctx.stat(e, "hitpoints") - ctx.damage(e))
        for e in targets}
    labels["done"] = _("No more attacks")
    ctx.ask(ins, seat, _("{name}: attack an enemy?").format(name=ctx.seat_name(seat)),
            targets + ["done"], labels)



@V.op("declare_attackers", seat=int, enemy=int, attackers=list, state=("turn",))
def op_declare_attackers(ctx: Ctx, ins: dict[str, Any]) -> None:
    """A player declares attackers one at a time (at least one); then each other player,
    clockwise, may add Ranged characters of theirs to that attack (rulebook, Ranged: a
    ranged character may join attacks declared by other players; its controller
    declares it); then the attack resolves."""
    seat, enemy, chosen = ins["seat"], ins["enemy"], ins["attackers"]
    deciders = _deciders(ctx, seat)
    turn = ins.get("turn", 0)
    if "answer" in ins:
        choice = ins.pop("answer")
        if choice == "done":
            turn += 1
        else:
            exhaust(ctx, choice)
            chosen.append(choice)
            ins["turn"] = turn
            ctx.push(ins)
            trigger(ctx, "declared_attacker", card=choice, enemy=enemy, seat=seat)
            return
    while turn < len(deciders):
        who = deciders[turn]
        if who == seat:
            options = attacker_options(ctx, seat, enemy, chosen)
        elif chosen:
            options = [c for c in attacker_options(ctx, who, enemy, chosen)
                       if ctx.has_keyword(c, "Ranged")]
        else:
            options = []
        if not options:
            turn += 1
            continue
        ins["turn"] = turn
        labels: dict[Any, str] = {c: _("Attack with {card} ({n} attack)").format(
            card=ctx.name(c), n=ctx.stat(c, "attack")) for c in options}
        if who == seat:
            end = ["done"] if chosen else []
            if chosen:
                labels["done"] = _("Attack now")
            prompt = _("{name}: declare attackers against {card}.").format(
                name=ctx.seat_name(seat), card=ctx.name(enemy))
        else:
            end = ["done"]
            labels["done"] = _("No Ranged attackers")
            prompt = _("{name}: declare attackers against {card} with {other} (Ranged)?").format(
                name=ctx.seat_name(who), card=ctx.name(enemy), other=ctx.seat_name(seat))
        ctx.ask(ins, who, prompt, options + end, labels, kind="many",
                data={"enemy": enemy, "picked": [c for c in chosen if ctx.controller(c) == who]})
        return
    if chosen:
        _attack_now(ctx, seat, enemy, chosen)



def _attack_now(ctx: Ctx, seat: int, enemy: int, attackers: list[int]) -> None:
    """Step 1 done (the attackers are declared): an action window, then the attack's
    strength and damage (steps 2 and 3), then another window."""
    ctx.push(_window(), {"op": "resolve_player_attack", "seat": seat, "enemy": enemy,
                         "attackers": attackers}, _window())


@V.op("resolve_player_attack", seat=int, enemy=int, attackers=list)
def op_resolve_player_attack(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Total attack minus the enemy's defense, as damage on the enemy."""
    seat, enemy = ins["seat"], ins["enemy"]
    if enemy not in ctx.state.cards or ctx.state.cards[enemy].zone != TABLE:
        return
    attackers = [a for a in ins["attackers"] if a in ctx.state.cards
                 and ctx.state.cards[a].zone == TABLE]
    ctx.E["flags"]["player_attack"] = {"enemy": enemy, "attackers": attackers}
    total = sum(ctx.stat(a, "attack") for a in attackers)
    ctx.E["flags"].pop("player_attack", None)
    defense = ctx.stat(enemy, "defense")
    damage = max(0, total - defense)
    ctx.say(_("{names} attack {card}: {a} attack - {d} defense = {n} damage.").format(
        names=", ".join(ctx.name(a) for a in attackers), card=ctx.name(enemy), a=total,
        d=defense, n=damage))
    # "after the attack" comes after what the damage sets off (an enemy destroyed: its
    # Forced effects and a stage's rules, FAQ 1.09), so it waits below them on the stack
    info: dict[str, Any] = {"card": enemy, "seat": seat, "attackers": attackers, "damage": damage}
    ctx.push({"op": "trigger", "event": "player_attack_done", "info": info})
    info["destroyed"] = deal_damage(ctx, enemy, damage) if damage else False



@step("combat.end")
def combat_end(ctx: Ctx) -> None:
    """Every shadow card dealt this round is discarded; end-of-combat effects."""
    st = ctx.state
    for cid in list(st.table.cards):
        card = st.cards[cid]
        if card.attached_to is not None and card.attach_kind == "shadow":
            if not ctx.E["flags"].get("keep_shadow", {}).get(str(cid)):
                discard(ctx, cid)
    end_of(ctx, "phase", "combat")
    ctx.E["attacked"] = []
    trigger(ctx, "phase_end", phase="combat")

