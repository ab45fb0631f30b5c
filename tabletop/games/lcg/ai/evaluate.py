"""How well the players stand: a number from 0 (lost) to 1 (won).

Used where a search stops before the end of the game (``ai.mcts``'s truncated
playouts, the expert's lookahead on cards' own choices): quest progress (stages
behind and progress on the current one), threat (50 is the end), heroes alive and
their hit points, allies in play, cards in hand, enemies engaged and the threat
waiting in the staging area.  The weights are rough and were set by looking at
games, not fitted.
"""
from __future__ import annotations

import json
import math
import os
from functools import lru_cache

from tabletop.core.model import TABLE, TableState
from tabletop.games.lcg.engine import engine_view
from tabletop.games.lcg.engine import state as S

WIN, LOSS = 1.0, 0.0
# the fitted value's weights (written by ``python3 -m devtools.fit_value``)
VALUE_FILE = os.path.join(os.path.dirname(os.path.dirname(__file__)), "data", "value.json")


def outcome_value(state: TableState) -> float | None:
    """1 won, 0 lost, None while the game goes on."""
    outcome = S.stored(state).get("outcome")
    if outcome == "won":
        return WIN
    if outcome == "lost":
        return LOSS
    return None


def stage_fraction(state: TableState) -> float:
    """How far along the quest the players are, from 0 to 1 (stages defeated, and
    progress on the current one)."""
    t = engine_view(state)
    q = t.quest_card()
    done = len(state.zones["quest.discard"].cards) if "quest.discard" in state.zones else 0
    left = len(state.zones["quest.deck"].cards) if "quest.deck" in state.zones else 0
    # Passage Through Mirkwood keeps two stage 3 cards and plays one: count stages, not cards
    total = max(1, done + 1 + (1 if left else 0))
    part = 0.0
    if q is not None and state.cards[q].zone == TABLE:
        qp = max(1, t.stat(q, "quest_points"))
        part = min(1.0, t.progress(q) / qp)
    return min(1.0, (done + part) / total)


FEATURES = ("stage", "location", "threat", "threat_over_35", "heroes", "hero_health",
            "allies", "ally_stats", "willpower", "attack", "defense", "hand", "resources",
            "engaged_attack", "engaged_health", "staging_threat", "staging_enemies", "round",
            "eliminated")


def features(state: TableState) -> list[float]:
    """The table in numbers, per seat still playing where it is a seat's (``FEATURES``
    names them): what the fitted value (``value``) weighs."""
    t = engine_view(state)
    n = max(1, t.nseats)
    out = dict.fromkeys(FEATURES, 0.0)
    out["stage"] = stage_fraction(state)
    loc = t.active_location()
    if loc is not None:
        out["location"] = t.progress(loc) / max(1, t.stat(loc, "quest_points"))
    for s in range(t.nseats):
        if t.eliminated(s):
            out["eliminated"] += 1
            continue
        threat = t.threat(s)
        out["threat"] += threat / 50
        out["threat_over_35"] += (max(0, threat - 35) / 15) ** 2
        for c in t.characters(s):
            w, a, d = t.stat(c, "willpower"), t.stat(c, "attack"), t.stat(c, "defense")
            out["willpower"] += w
            out["attack"] += a
            out["defense"] += d
            if t.ctype(c) == "hero":
                hp = t.stat(c, "hitpoints")
                out["heroes"] += 1
                out["hero_health"] += (hp - t.damage(c)) / max(1, hp)
            else:
                out["allies"] += 1
                out["ally_stats"] += w + a + d
        out["hand"] += min(8, len(state.zones[state.seat_zone(s, "hand")].cards))
        out["resources"] += sum(t.resources(h) for h in t.heroes(s))
        for e in t.engaged(s):
            out["engaged_attack"] += t.stat(e, "attack")
            out["engaged_health"] += max(0, t.stat(e, "hitpoints") - t.damage(e))
    out["staging_threat"] = float(t.staging_threat())
    out["staging_enemies"] = float(sum(t.stat(e, "attack") for e in t.staging(("enemy",))))
    out["round"] = float(state.round)
    per_seat = ("threat", "threat_over_35", "heroes", "hero_health", "allies", "ally_stats",
                "willpower", "attack", "defense", "hand", "resources", "engaged_attack",
                "engaged_health", "staging_threat", "staging_enemies", "eliminated")
    for k in per_seat:
        out[k] /= n
    return [out[k] for k in FEATURES]


def evaluate(state: TableState) -> float:
    """The players' standing, 0 to 1 (1 and 0 only for a game won or lost)."""
    final = outcome_value(state)
    if final is not None:
        return final
    t = engine_view(state)
    seats = t.seats_in_order()
    if not seats:
        return LOSS
    x = 0.0
    x += 4.0 * stage_fraction(state)
    loc = t.active_location()
    if loc is not None:
        x += 0.1 * t.progress(loc)
    for s in range(t.nseats):
        if t.eliminated(s):
            x -= 3.0
            continue
        threat = t.threat(s)
        x -= 0.06 * threat + 0.004 * max(0, threat - 35) ** 2
        for h in t.heroes(s):
            hp = t.stat(h, "hitpoints")
            x += 0.9 + 0.25 * (hp - t.damage(h)) / max(1, hp)
        for c in t.characters(s):
            if t.ctype(c) == "ally":
                x += 0.25 + 0.04 * (t.stat(c, "willpower") + t.stat(c, "attack")
                                    + t.stat(c, "defense"))
        hand = state.zones[state.seat_zone(s, "hand")].cards
        x += 0.03 * min(8, len(hand))
        x += 0.03 * sum(t.resources(h) for h in t.heroes(s))
        for e in t.engaged(s):
            x -= 0.08 * t.stat(e, "attack") + 0.04 * max(0, t.stat(e, "hitpoints") - t.damage(e))
    x -= 0.07 * t.staging_threat()
    x -= 0.02 * state.round
    return 1.0 / (1.0 + math.exp(-(x - 2.0)))


Model = tuple[list[float], list[float], list[float], float]     # means, scales, weights, bias


@lru_cache(maxsize=1)
def _models() -> tuple[dict[str, Model], str]:
    with open(VALUE_FILE, encoding="utf-8") as fh:
        data = json.load(fh)
    if tuple(data["features"]) != FEATURES:
        raise ValueError(f"{VALUE_FILE}: fitted on other features; run devtools.fit_value")
    models: dict[str, Model] = {}
    for scenario, m in data["models"].items():
        w = [float(v) for v in m["weights"]]
        models[scenario] = ([float(v) for v in m["mean"]], [float(v) for v in m["scale"]],
                            w[:-1], w[-1])
    return models, str(data["default"])


def value(state: TableState) -> float:
    """The chance that the expert wins from this table (1 and 0 for a game won or lost): a
    logistic regression on ``features``, fitted on expert games of the table's scenario
    (``devtools.fit_value``; the weights are ``VALUE_FILE``; a scenario the expert seldom
    wins is fitted on how far its games get)."""
    final = outcome_value(state)
    if final is not None:
        return final
    models, default = _models()
    mean, scale, weights, bias = models.get(state.scenario or "", models[default])
    x = bias + sum(w * (f - m) / s for f, m, s, w in zip(features(state), mean, scale, weights))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))
