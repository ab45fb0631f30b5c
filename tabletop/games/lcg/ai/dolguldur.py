"""What a good player knows of Escape from Dol Guldur (the core set's third scenario).

The rules of thumb of ``ai.expert`` know nothing of a scenario; this module adds what
Escape from Dol Guldur asks of a player, and only there (``active``: the game's
scenario, read from the table):

- **The objectives**: stage 1 cannot be left without one claimed objective, stage 2
  without all three (and the prisoner rescued).  Claiming costs 2 threat, and each
  objective hurts its bearer: Gandalf's Map keeps the bearer from attacking and
  defending, Shadow Key deals its bearer 1 damage and Dungeon Torch raises its
  controller's threat by 2 every round.  So an objective is claimed only when the
  stage's progress is there and the claim is all that is missing (the Map first, then
  the Key, the Torch last: ``claim_worth``), each onto the hero who minds it least
  (``claim_host``), by the player with the lowest threat.
- **The guards**: an objective is claimed once its guard is gone; an enemy guarding
  an objective the players still need is worth more to destroy (``guard_value``: in
  the attack plan and the commitment's reckoning), a location guarding one is worth
  travelling to; Tower Gate, whose Orc Guards engage every player, is not
  (``travel_value``).
- **The prisoner** is rescued when the stage's progress is there (``rescue_now``): the
  rescue brings the Nazgûl's 5 threat into the staging area.
- **Dungeon Jailor**: when a failed quest shuffles an objective back into the
  encounter deck, the one the players would miss least goes (``jailor_pick``).
- **Shadow cards**: an undefended attack here risks Dol Guldur Orcs' +3 attack,
  Ungoliant's Spawn's 8 threat, Hummerhorns' damage on every character and the loss
  of every attachment, claimed objectives included (``shadow_risk``, from the
  encounter deck's known contents), so defending is worth more.
- **Threat** costs twice as much (``threat_weight``): most of the scenario's enemies
  engage from 32 to 40, and a failed quest is what raises it most.

Nothing here is used in another scenario: ``expert`` and ``tactics`` call it through
small hooks that answer nothing (0 or None) elsewhere.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from tabletop.core.i18n import _
from tabletop.core.model import TABLE
from tabletop.games.lcg.ai.advice import Advice, Why
from tabletop.games.lcg.ai.knowledge import play_value
from tabletop.games.lcg.ai.read import Decision, Facts
from tabletop.games.lcg.engine.table import CHARACTER_TYPES

SCENARIO = "escape_from_dol_guldur"
MAP, TORCH, KEY = "Gandalf's Map", "Dungeon Torch", "Shadow Key"
OBJECTIVES = (MAP, KEY, TORCH)          # the order a player claims them in
STAGES = {"01123": 1, "01124": 2, "01125": 3}
GUARD_VALUE = 4.0          # destroying (or exploring) a guard of a needed objective
CLAIM_THREAT_LIMIT = 46    # never claim (2 threat) at or above this threat
MAP_EARLY = False          # claim the Map as soon as it is free (worse: a defender lost)
CLAIM_MARGIN = 0           # claim once the stage lacks no more than this progress
# what losing an objective to the Jailor costs (lower: rather lose it)
KEEP_WORTH = {MAP: 3.0, KEY: 2.0, TORCH: 1.0}
OBJECTIVE_LOSS = 6.0       # an objective knocked back to the staging area (claimed again)
# the shadow effects of the encounter deck that weigh on an attack (English names):
# what each adds (defended, undefended)
SHADOW_ATTACK = {"Dol Guldur Orcs": (1, 3)}
SHADOW_THREAT = {"Ungoliant's Spawn": (4, 8)}
SHADOW_EACH = {"Hummerhorns": (1, 2)}                      # damage to each character
SHADOW_STRIP = frozenset({"Cavern Guardian", "Driven by Shadow"})   # all attachments, undefended
EXTRA_SHADOWS = {"Dol Guldur Beastmaster": 1}
CAVERNS = "01124"          # stage 2, whose Response frees the prisoner
RESCUE_MARGIN = 0          # rescue once the stage lacks no more than this progress
TOWER_GATE = "Tower Gate"
TOWER_GATE_COST = 2.0      # an Orc Guard: a card of the deck lost and an attack to meet
THREAT_WEIGHT = 2.0        # a point of threat's cost here against elsewhere


def active(f: Facts) -> bool:
    """Is the game Escape from Dol Guldur?"""
    return f.state.scenario == SCENARIO


def stage(f: Facts) -> int:
    """The quest stage in play (1-3; 0 if unknown)."""
    q = f.t.quest_card()
    return STAGES.get(f.state.cards[q].code, 0) if q is not None else 0


def stage_progress(f: Facts) -> tuple[int, int]:
    """Progress on the current stage and its quest points."""
    q = f.t.quest_card()
    if q is None:
        return 0, 0
    return f.t.progress(q), f.stat(q, "quest_points")


def objectives(f: Facts) -> dict[str, int]:
    """The scenario's objectives on the table, by English name."""
    out: dict[str, int] = {}
    for cid, card in f.state.cards.items():
        if card.zone == TABLE and card.origin != "player":
            name = f.en(cid)
            if name in OBJECTIVES:
                out[name] = cid
    return out


def bearer(f: Facts, obj: int) -> int | None:
    """The character a claimed objective is attached to (None: unclaimed)."""
    card = f.state.cards[obj]
    host = card.attached_to
    if card.zone != TABLE or host is None or card.attach_kind != "attachment":
        return None
    return host if f.t.ctype(host) in CHARACTER_TYPES else None


def claimed(f: Facts) -> list[str]:
    """The objectives the players hold."""
    return [n for n, c in objectives(f).items() if bearer(f, c) is not None]


def guard_of(f: Facts, obj: int) -> int | None:
    """The card guarding an objective (None: unguarded): the encounter card it is
    attached to (or the one the engine names as its guard)."""
    card = f.state.cards[obj]
    host = card.attached_to
    if card.zone == TABLE and host is not None and f.t.ctype(host) not in CHARACTER_TYPES:
        return host
    guard = (f.E.get("guards") or {}).get(str(obj))
    if guard is None or guard not in f.state.cards or f.state.cards[guard].zone != TABLE:
        return None
    return int(guard)


def guarded_by(f: Facts, guard: int) -> str | None:
    """The objective an encounter card guards (English name), if any."""
    for a in f.state.attachments(guard):
        if f.en(a) in OBJECTIVES:
            return f.en(a)
    for obj, g in (f.E.get("guards") or {}).items():
        if g == guard and int(obj) in f.state.cards:
            return f.en(int(obj))
    return None


def guard_value(f: Facts, card: int) -> float:
    """What removing a card that guards an objective the players still need is worth
    (0 for any other card, and outside this scenario)."""
    if not active(f):
        return 0.0
    name = guarded_by(f, card)
    if name is None:
        return 0.0
    # the Map is the one wanted first; the others are needed all the same at stage 2
    return GUARD_VALUE * (1.5 if name == MAP else 1.0)


def travel_value(f: Facts, loc: int) -> float:
    """What travelling to a location is worth beyond its threat here: a guard explored
    frees its objective; Tower Gate sends an Orc Guard at every player."""
    if not active(f):
        return 0.0
    value = guard_value(f, loc)
    if f.en(loc) == TOWER_GATE:
        value -= TOWER_GATE_COST * len(f.seats())
    return value


def threat_weight(f: Facts) -> float:
    """How much more a point of threat costs here: most of the scenario's enemies
    engage from 32 to 40, and every point brings them closer."""
    return THREAT_WEIGHT if active(f) else 1.0


def rescue_now(f: Facts) -> bool:
    """Free the prisoner now?  The rescue brings the Nazgûl into the staging area (5
    threat on every quest until it is destroyed), so the prisoner waits until the
    stage's progress is there: the stage is then left at once, if the objectives are
    held."""
    progress, points = stage_progress(f)
    return progress >= points - RESCUE_MARGIN


def response_ok(f: Facts, cid: int) -> bool | None:
    """The scenario's Responses: the rescue of the prisoner (None: not one of them)."""
    if not active(f) or f.state.cards[cid].code != CAVERNS:
        return None
    return rescue_now(f)


def _lowest_threat_seat(f: Facts) -> bool:
    """Is the deciding seat the one who should take on a claim's threat (the lowest)?"""
    seats = f.seats()
    best = min(seats, key=lambda s: (f.threat(s), seats.index(s)))
    return best == f.seat


def claim_worth(f: Facts, obj: int) -> tuple[float, Why]:
    """Is claiming this objective worth its 2 threat now?"""
    name, card = f.en(obj), f.name(obj)
    if f.threat() + 2 >= 50 or f.threat() >= CLAIM_THREAT_LIMIT or not f.heroes():
        return 0.0, lambda: ""
    if not _lowest_threat_seat(f):
        return 0.0, lambda: ""
    st = stage(f)
    progress, points = stage_progress(f)
    held = claimed(f)
    stage_done = progress >= points - CLAIM_MARGIN > 0
    if name == MAP and (MAP_EARLY or stage_done):
        return 5.0, lambda: _("claims {card}: the stage's progress is there and it needs an "
                              "objective; the Map's bearer can still quest.").format(card=card)
    if st == 1 and not held and stage_done:
        return 4.0 if name == KEY else 3.0, lambda: _(
            "claims {card}: the stage's progress is there and only a claimed objective is "
            "missing.").format(card=card)
    if st == 2 and stage_done:
        return 4.0 if name == KEY else 3.0, lambda: _(
            "claims {card}: the stage's progress is there; the last objectives are "
            "needed now.").format(card=card)
    return 0.0, lambda: ""


def _restricted(f: Facts, hero: int) -> int:
    return sum(1 for a in f.t.attachments(hero) if f.t.has_keyword(a, "Restricted"))


def claim_host(f: Facts, obj: int, heroes: list[int]) -> Advice:
    """The hero who minds an objective least: the Map on the best quester who fights
    least, the Key on the hero with most hit points left, the Torch on any hero (on the
    one whose fighting is least missed), never a third Restricted card."""
    name = f.en(obj)

    def combat(h: int) -> float:
        return f.stat(h, "attack") + f.stat(h, "defense")

    def score(h: int) -> float:
        full = -10.0 if _restricted(f, h) >= 2 else 0.0
        if name == MAP:
            return full + f.stat(h, "willpower") - 0.8 * combat(h)
        if name == KEY:
            return full + f.hp_left(h) - 0.1 * combat(h)
        return full - 0.1 * combat(h)

    host = max(heroes, key=lambda h: (score(h), -h))
    card = f.name(obj)
    if name == MAP:
        return Advice(host, lambda: _("{host} takes {card}: the best quester who is least "
                                      "needed in combat.").format(host=f.name(host), card=card))
    if name == KEY:
        return Advice(host, lambda: _("{host} takes {card}: the most hit points to spare for "
                                      "a damage each round.").format(host=f.name(host), card=card))
    return Advice(host, lambda: _("{host} takes {card}: the hero least needed in "
                                  "combat.").format(host=f.name(host), card=card))


def jailor_pick(f: Facts, options: list[int]) -> Advice:
    """Which objective the Dungeon Jailor shuffles away: a guarded one first (it was not
    to be claimed soon), else the one the players would miss least."""
    obj = min(options, key=lambda o: (guard_of(f, o) is None, KEEP_WORTH.get(f.en(o), 0.0), o))
    return Advice(obj, lambda: _("gives up {card}: the objective missed least.").format(
        card=f.name(obj)))


@dataclass
class ShadowRisk:
    """What the face-down shadow cards of an attack may do, from the encounter deck's
    known contents: extra attack (``attack``: [(extra, probability)]), threat, damage to
    each of the defending player's characters, the chance to lose every attachment."""
    attack: list[tuple[int, float]] = field(default_factory=lambda: [(0, 1.0)])
    threat: float = 0.0
    each: float = 0.0
    strip: float = 0.0


def shadow_risk(f: Facts, enemy: int | None, undefended: bool) -> ShadowRisk | None:
    """The shadow risk of an attack here (None outside this scenario)."""
    if not active(f):
        return None
    cache = f.__dict__.setdefault("_dg_shadows", {})
    n = 1
    if isinstance(enemy, int) and enemy in f.state.cards:
        n = max(1, len(f.t.attachments(enemy, "shadow"))) if f.t.attachments(enemy, "shadow") \
            else 1 + EXTRA_SHADOWS.get(f.en(enemy), 0)
    key = (n, undefended)
    risk = cache.get(key)
    if risk is None:
        risk = cache[key] = _shadow_risk(f, n, undefended)
    return risk


def _shadow_risk(f: Facts, n: int, undefended: bool) -> ShadowRisk:
    names = [c.name for c in f.unseen_encounter()]
    total = max(1, len(names))
    i = 1 if undefended else 0

    def p(table) -> float:
        """The chance that one shadow card is one of ``table``."""
        return sum(1 for x in names if x in table) / total

    risk = ShadowRisk()
    p_atk = p(SHADOW_ATTACK)
    bonus = SHADOW_ATTACK["Dol Guldur Orcs"][i]
    dist = {0: 1.0}
    for _k in range(n):
        nxt: dict[int, float] = {}
        for extra, q in dist.items():
            nxt[extra] = nxt.get(extra, 0.0) + q * (1 - p_atk)
            nxt[extra + bonus] = nxt.get(extra + bonus, 0.0) + q * p_atk
        dist = nxt
    risk.attack = sorted(dist.items())
    risk.threat = n * p(SHADOW_THREAT) * SHADOW_THREAT["Ungoliant's Spawn"][i]
    risk.each = n * p(SHADOW_EACH) * SHADOW_EACH["Hummerhorns"][i]
    risk.strip = min(1.0, n * p(SHADOW_STRIP)) if undefended else 0.0
    return risk


def attachments_at_risk(f: Facts) -> float:
    """What the deciding seat would lose with every attachment it controls (a claimed
    objective goes back to the staging area: claimed again, threat and all)."""
    worth = 0.0
    for c in f.characters():
        for a in f.t.attachments(c):
            worth += OBJECTIVE_LOSS if f.en(a) in OBJECTIVES else play_value(f, a)
    return worth


def _then_ops(d: Decision) -> list[dict]:
    return [s for s in (d.ins.get("then") or []) if isinstance(s, dict)]


def answer(f: Facts, d: Decision) -> Advice | None:
    """The scenario's own decisions: who takes a claimed objective, which objective the
    Jailor takes; None for any other decision (and outside this scenario)."""
    if not active(f) or not d.cards:
        return None
    ops = _then_ops(d)
    names = [str(s.get("op")) for s in ops]
    if "claim" in names:
        obj = ops[names.index("claim")].get("card")
        if isinstance(obj, int) and obj in f.state.cards:
            return claim_host(f, obj, d.cards)
    if "to_deck" in names and all(f.en(c) in OBJECTIVES for c in d.cards):
        return jailor_pick(f, d.cards)
    return None


def action_worth(f: Facts, cid: int) -> tuple[float, Why] | None:
    """An objective's claim in an action window: its worth (None: not an objective, or
    another scenario)."""
    if not active(f) or f.en(cid) not in OBJECTIVES:
        return None
    return claim_worth(f, cid)
