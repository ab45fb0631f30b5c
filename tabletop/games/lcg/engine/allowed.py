"""What the rules allow now: paying for and playing a card, attachments' hosts,
defenders and attackers, travel, a stage's defeat.  Read-only questions of
the table (``engine.table``) and the card declarations it was given.

Paying (rulebook, "Paying costs"): a card is paid with resources from the
pools of heroes whose resource icon matches its sphere (neutral cards: any
heroes); a card of a sphere needs a hero of that sphere even when it costs 0.
Unique cards: one copy in play across the table.  Allies and attachments are
played in the planning phase; an attachment goes onto a legal host.  Sentinel
characters may defend for other players; Ranged characters may attack enemies
engaged with other players.
"""
from __future__ import annotations

from tabletop.core.i18n import N_, _
import tabletop.games.lcg.names as names
from tabletop.games.lcg.engine.specs import event_playable, play_allowed
from tabletop.games.lcg.engine.table import CHARACTER_TYPES, Table


def payers(t: Table, seat: int, sphere: str | None, heroes: list[int] | None = None) -> list[int]:
    """Heroes of ``seat`` whose resources may pay for a card of ``sphere``
    (None: a neutral card, any hero; ``heroes``: the seat's heroes, if known)."""
    out = []
    for h in (t.heroes(seat) if heroes is None else heroes):
        if t.is_prisoner(h):
            continue
        if sphere is None or sphere == "neutral" or sphere == t.cdef(h).sphere \
                or sphere in hero_spheres(t, h):
            out.append(h)
    return out


def hero_spheres(t: Table, hero: int) -> set[str]:
    """A hero's resource icons (printed, and those given by attachments/effects)."""
    sphere = t.cdef(hero).sphere
    out: set[str] = {sphere} if sphere else set()
    out.update(e["sphere"] for e in t.engine.get("effects", ())
               if e.get("sphere") and hero in e.get("targets", ()))
    out.update(t.registry.spheres(t, hero))
    return out


def can_pay(t: Table, seat: int, sphere: str | None, amount: int) -> bool:
    """Is there a matching hero, and enough matching resources?"""
    heroes = payers(t, seat, sphere)
    if not heroes:
        return False
    return sum(t.resources(h) for h in heroes) >= amount


def unique_in_play(t: Table, cid: int) -> bool:
    """Is another copy of this unique card (same name) in play?"""
    cdef = t.cdef(cid)
    if not cdef.unique:
        return False
    for other in t.state.table.cards:
        if other != cid and t.state.cards[other].face_up:
            o = t.db.by_code.get(t.state.cards[other].code)
            if o is not None and o.unique and o.name == cdef.name and t.ctype(other) != "quest":
                return True
    return False


def card_cost(t: Table, cid: int) -> int:
    """What a card costs to play now (printed, with cost changes)."""
    cost = t.cdef(cid).cost
    base = cost if isinstance(cost, int) else 0
    return max(0, base + t.registry.cost(t, cid))


def sphere_of(t: Table, cid: int) -> str | None:
    """The sphere whose resources pay for a card (None: a neutral card, any hero)."""
    sphere = t.cdef(cid).sphere
    return None if sphere in (None, "neutral") else sphere


def attachment_hosts(t: Table, seat: int, cid: int) -> list[int]:
    """Where an attachment may be played now."""
    spec = t.registry.spec(t.state.cards[cid].code)
    if spec is not None and spec.attach_hosts is not None:
        return [h for h in spec.attach_hosts(t, seat, cid) if not t.cannot(h, "have_attachments")]
    target = (t.cdef(cid).attach_to or "character").lower()
    out = []
    for c in t.table_cards():
        if not t.state.cards[c].face_up or t.is_prisoner(c):
            continue
        kind = t.ctype(c)
        if target == "hero" and kind == "hero":
            out.append(c)
        elif target == "character" and kind in CHARACTER_TYPES:
            out.append(c)
        elif target == "location" and kind == "location" and t.area(c) in ("staging", "active"):
            out.append(c)
        elif target.startswith("enemy") and kind == "enemy" and t.engaged_with(c) is not None:
            out.append(c)
    return [c for c in out if not t.cannot(c, "have_attachments")]   # Nazgûl of Dol Guldur


def playable(t: Table, seat: int, cid: int, phase: str,
             heroes: list[int] | None = None) -> bool:
    """May ``seat`` play this card from their hand now (ally/attachment in the
    planning phase; events per their card declaration)?  ``heroes``: the seat's
    heroes, when the caller already has them (the cheap checks come first)."""
    st = t.state
    card = st.cards[cid]
    if card.zone != st.seat_zone(seat, "hand"):
        return False
    cdef = t.cdef(cid)
    kind = cdef.type
    if kind in ("ally", "attachment"):
        if phase != "planning":
            return False
    elif kind != "event":
        return False
    sphere = sphere_of(t, cid)
    spec = t.registry.spec(card.code)
    pool = payers(t, seat, sphere, heroes)
    if cdef.cost == "X":
        if not pool:
            return False
    elif spec is not None and spec.pay_distinct:
        if sum(1 for h in pool if t.resources(h) > 0) < card_cost(t, cid):
            return False
    elif not pool or sum(t.resources(h) for h in pool) < card_cost(t, cid):
        return False
    if kind == "event" and not event_playable(t, seat, cid, phase):
        return False
    if not play_allowed(t, seat, cid):
        return False
    if unique_in_play(t, cid):
        return False
    if kind == "attachment" and not attachment_hosts(t, seat, cid):
        return False
    return True


SPHERE_NAMES = {"leadership": N_("Leadership"), "tactics": N_("Tactics"), "spirit": N_("Spirit"),
                "lore": N_("Lore")}   # translated where shown


def why_not_playable(t: Table, seat: int, cid: int, phase: str) -> str:
    """Why ``seat`` cannot play this card now, in one sentence naming the rule."""
    st = t.state
    cdef = t.cdef(cid)
    where = (phase or "").capitalize() + " phase: " if phase else ""
    if st.cards[cid].zone != st.seat_zone(seat, "hand"):
        return _("{card} is not in your hand.").format(card=names.term(cdef.name))
    if cdef.type in ("ally", "attachment") and phase != "planning":
        return where + _("allies and attachments are played in the planning phase "
                         "(rulebook, Planning phase).")
    if cdef.type == "event" and not event_playable(t, seat, cid, phase):
        spec = t.registry.spec(st.cards[cid].code)
        kinds = [a for a in spec.abilities] if spec else []
        phases = {a.phase for a in kinds if a.kind == "event" and a.phase}
        if phases and phase not in phases:
            return where + _("{card} is played in the {phase} phase (its text).").format(
                card=names.term(cdef.name), phase=_(names.PHASE_WORDS[sorted(phases)[0]]))
        if kinds and all(a.kind == "response" for a in kinds):
            return where + _("{card} is a Response: it is played when what it answers happens "
                             "(its text).").format(card=names.term(cdef.name))
        return where + _("{card} cannot be played now: there is nothing for it to do (its "
                         "text).").format(card=names.term(cdef.name))
    if not play_allowed(t, seat, cid):
        return where + _("the current quest stage forbids playing {card} now.").format(card=names.term(cdef.name))
    if unique_in_play(t, cid):
        return where + _("{card} is unique and a copy is already in play (rulebook, Unique "
                         "cards).").format(card=names.term(cdef.name))
    sphere = sphere_of(t, cid)
    heroes = payers(t, seat, sphere)
    if sphere and not heroes:
        return where + _("{card} needs a {sphere} resource and none of your heroes has that "
                         "resource icon (rulebook, Resource match).").format(
            card=names.term(cdef.name), sphere=_(SPHERE_NAMES.get(sphere, sphere)))
    cost = card_cost(t, cid) if cdef.cost != "X" else 0
    if sum(t.resources(h) for h in heroes) < cost:
        return where + _("{card} costs {n} and your heroes{with_} have only {have} to pay with "
                         "(rulebook, Paying costs).").format(
            card=names.term(cdef.name), n=cost, have=sum(t.resources(h) for h in heroes),
            with_=(" " + _("with a {sphere} icon").format(sphere=_(SPHERE_NAMES.get(sphere, sphere))))
            if sphere else "")
    if cdef.type == "attachment" and not attachment_hosts(t, seat, cid):
        return where + _("there is no card {card} may be attached to.").format(card=names.term(cdef.name))
    return where + _("{card} cannot be played now.").format(card=names.term(cdef.name))



# ------------------------------------------------------------- combat
def defender_options(t: Table, seat: int, enemy: int, who: int | None = None) -> list[int]:
    """Ready characters that may defend an attack on ``seat``: the defending player's,
    and Sentinel characters of the other players (``who``: only that player's)."""
    out = []
    for s in t.seats_in_order():
        if who is not None and s != who:
            continue
        for c in t.characters(s):
            if t.state.cards[c].exhausted or t.cannot(c, "defend"):
                continue
            if s == seat or t.has_keyword(c, "Sentinel"):
                out.append(c)
    return out


def many_defenders(t: Table, seat: int) -> bool:
    """May ``seat`` declare several defenders against one attack (Stand Together)?"""
    return any(e.get("tag") == "many_defenders" and e.get("player") == seat
               for e in t.engine.get("effects", ()))


def attack_targets(t: Table, seat: int) -> list[int]:
    """Enemies a seat may declare an attack against now."""
    ready = [c for c in t.characters(seat)
             if not t.state.cards[c].exhausted and not t.cannot(c, "attack")]
    if not ready:
        return []
    ranged = any(t.has_keyword(c, "Ranged") for c in ready)
    out = []
    for s in t.seats_in_order():
        if s != seat and not ranged:
            continue
        for e in t.engaged(s):
            if f"p{seat}:{e}" not in t.engine.get("attacked", ()) and not t.cannot(e, "be_attacked"):
                if s == seat or ranged:
                    out.append(e)
    if any(t.can(c, "attack_staging") for c in ready):
        out.extend(e for e in t.staging(("enemy",)) if f"p{seat}:{e}" not in t.engine.get("attacked", ()))
    return out


def can_attack(t: Table, seat: int, char: int, enemy: int, chosen: list[int],
               ready: bool = False) -> bool:
    """May this character of ``seat`` join an attack on ``enemy`` (``ready``: as if it
    were ready, for an effect that exhausts it first: Quick Strike)?"""
    if (t.state.cards[char].exhausted and not ready) or t.cannot(char, "attack") or char in chosen:
        return False
    if t.cannot(enemy, "be_attacked"):
        return False
    engaged = t.engaged_with(enemy)
    if engaged is None:                 # in the staging area: alone, and only who may
        return not chosen and t.area(enemy) == "staging" and t.can(char, "attack_staging")
    return engaged == seat or t.has_keyword(char, "Ranged")


def attacker_options(t: Table, seat: int, enemy: int, chosen: list[int]) -> list[int]:
    """Ready characters of ``seat`` that may join the attack on ``enemy``."""
    if t.engaged_with(enemy) is None and chosen:
        return []                       # a staging-area enemy is attacked by one alone
    return [c for c in t.characters(seat) if can_attack(t, seat, c, enemy, chosen)]



def could_attack(t: Table, seat: int, char: int, enemy: int) -> bool:
    """Could ``char`` attack ``enemy`` if it were ready (Quick Strike exhausts it first)?"""
    return t.ctype(enemy) == "enemy" and (t.state.cards[enemy].face_up or t.face_down_enemy(
        enemy) is not None) and can_attack(t, seat, char, enemy, [], ready=True)


def strike_targets(t: Table, seat: int, char: int) -> list[int]:
    """The enemies in play ``char`` could attack on its own now (Quick Strike)."""
    return [e for e in t.table_cards() if could_attack(t, seat, char, e)]


# ---------------------------------------------------------- travel, stages
def can_travel(t: Table, seat: int, loc: int) -> bool:
    """May the players travel to this location (its Travel cost can be paid)?"""
    spec = t.registry.spec(t.state.cards[loc].code)
    if spec is None:
        return True
    for i, ab in spec.of_kind("travel"):
        if ab.condition is not None and not ab.condition(t, loc, {}, seat):
            return False
    return True


def stage_blocked(t: Table, quest: int) -> str | None:
    """Why the current stage cannot be defeated yet (None if it can)."""
    spec = t.registry.spec(t.state.cards[quest].code)
    if spec is not None and spec.stage_blocked is not None:
        return spec.stage_blocked(t, quest)
    return None

