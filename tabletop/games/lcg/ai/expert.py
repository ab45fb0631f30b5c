"""``expert``: the card game played by the rules of thumb of a good player.

Each pending decision is named (``read.read_decision``) and answered by one
rule, written to be read: commit enough willpower to beat the staging area's
threat with a margin for the cards to come, keep threat low, travel when it
helps, defend with the best defender or chump with an ally when a hero would
die, destroy the enemies that can be destroyed, pay from the right heroes, play
cards by their worth, use Responses.  Every rule says why in one sentence
(``Advice.why``): ``api.suggest`` shows it, and the policy logs it (logger
``tabletop.lcg.ai``, level DEBUG) when asked to.

The arithmetic is in ``ai.tactics``, the card knowledge in ``ai.knowledge``;
decisions no rule knows (a card's own choice) are answered by ``ai.generic``.
"""
from __future__ import annotations

import logging
import random
from itertools import combinations
from typing import Any

from tabletop.core.commands import Command
from tabletop.core.i18n import _
from tabletop.core.session import Session
import tabletop.games.lcg.commands as LC
import tabletop.games.lcg.ai.anduin as anduin
import tabletop.games.lcg.ai.dolguldur as dolguldur
import tabletop.games.lcg.ai.generic as generic
from tabletop.games.lcg.ai.advice import Advice, Why
from tabletop.games.lcg.ai.knowledge import GOOD_RESPONSES, character_value, host_score, play_value
from tabletop.games.lcg.ai.read import Decision, Facts, read_decision
from tabletop.games.lcg.ai.tactics import (SELF_READYING, attack_cost, attack_plan, coming_enemies,
                                           cheapest_killers, defense_plan, kill_need, kill_value,
                                           quest_outlook, revealed_enemy, reveal_distribution,
                                           cards_to_come, troll_killers)

log = logging.getLogger("tabletop.lcg.ai")
CHIP = 0.5                 # worth of damage that does not destroy an enemy, per share of it
ENGAGE_MAX_COST = 1.5      # optional engagement: the most the enemy's attack may cost
TRAVEL_MIN = 0.0           # travel when a location scores above this
PHANTOM = True             # commit: count the enemy the encounter deck may reveal
COMMIT_MODE = "score"      # commit: "score" (every group scored) or "threshold" (plain rule)
MARGIN = 1.0               # threshold commit: willpower to spare over the threat expected
HOLD_BACK = 2              # threshold commit: defenders kept back, at most
# the engine's steps whose action windows fall inside an attack (after each of its steps)
MID_ATTACK_STEPS = frozenset({"combat.enemy_attacks", "combat.player_attacks"})
COMMIT_SEARCH = 7          # commit: every group of up to this many candidates is scored


def _names(f: Facts, cards: Any) -> str:
    return ", ".join(f.name(c) for c in cards)


def _name(f: Facts, cid: Any) -> str:
    """A card's name, or "the enemy" when the decision named none."""
    return f.name(cid) if isinstance(cid, int) else _("the enemy")


class ExpertPolicy:
    """Rules of thumb, one per kind of decision (see the module)."""

    name = "expert"

    def __init__(self) -> None:
        self._commit_cache: dict[tuple, list[int]] = {}

    # ------------------------------------------------------------ the protocol
    def choose(self, session: Session, seat: int, rng: random.Random) -> Command | None:
        """The answer to ``seat``'s pending decision (None if nothing is pending)."""
        advice = self.advise(session, seat, rng)
        if advice is None:
            return None
        if log.isEnabledFor(logging.DEBUG):
            log.debug("%s", advice.why)
        return LC.Answer(seat=seat, value=advice.value)

    def decide(self, session: Session, seat: int,
               rng: random.Random) -> tuple[Command | None, str]:
        """The answer to ``seat``'s pending decision and the sentence that says why (an AI
        seat in the window logs it)."""
        advice = self.advise(session, seat, rng)
        if advice is None:
            return None, ""
        return LC.Answer(seat=seat, value=advice.value), advice.why

    def advise(self, session: Session, seat: int | None = None,
               rng: random.Random | None = None) -> Advice | None:
        """The answer and its reason for the pending decision (None if none is pending)."""
        choice = session.pending()
        if choice is None or (seat is not None and choice.seat != seat):
            return None
        d = read_decision(session.state, choice)
        f = Facts(session.state, d.seat)
        rng = rng or random.Random(0)
        if len(d.options) == 1:
            only = d.options[0]
            return Advice(only, lambda: _("{what}: the only option.").format(what=d.label(only)))
        advice = dolguldur.answer(f, d)        # the scenario's own choices (None elsewhere)
        if advice is not None and advice.value in d.options:
            return advice
        rule = getattr(self, "rule_" + d.what, None)
        advice = rule(f, d, rng) if rule is not None else None
        if advice is None or advice.value not in d.options:
            advice = generic.answer(f, d, rng)
        return advice

    # ------------------------------------------------------------ setup
    def rule_mulligan(self, f: Facts, d: Decision, rng: random.Random) -> Advice:
        """Keep a hand with at least two cards to play early (cost 3 or less)."""
        cheap = [c for c in f.hand() if f.t.cdef(c).type in ("ally", "attachment")
                 and f.cost(c) <= 3]
        if len(cheap) >= 2 or len(f.hand()) < 6:
            return Advice("keep", lambda: _("keeps the hand: {n} cards to play in the first "
                                            "rounds.").format(n=len(cheap)))
        return Advice("mulligan", lambda: _("takes a mulligan: fewer than two cheap allies or "
                                            "attachments in hand."))

    def rule_first_player(self, f: Facts, d: Decision, rng: random.Random) -> Advice:
        """The player with the lowest threat goes first (engages first, quests first)."""
        seats = [o for o in d.words if o.startswith("seat:")]
        best = min(seats, key=lambda o: f.threat(int(o.split(":")[1])))
        return Advice(best, lambda: _("{who} goes first: the lowest threat.").format(
            who=d.label(best)))

    # ------------------------------------------------------------ paying
    def rule_pay(self, f: Facts, d: Decision, rng: random.Random) -> Advice:
        """Pay from the hero with the most resources, keeping one on a hero who needs it
        (Aragorn readies himself with one) and on heroes whose sphere the hand needs."""
        hand_spheres = [f.t.cdef(c).sphere for c in f.hand()]

        def keep(h: int) -> float:
            need = SELF_READYING.get(f.en(h), 0)
            sphere = f.t.cdef(h).sphere
            return (2.0 if f.resources(h) <= need else 0.0) + 0.3 * hand_spheres.count(sphere)

        hero = max(d.cards, key=lambda h: (f.resources(h) - keep(h), -h))
        return Advice(hero, lambda: _("pays from {hero}: {n} resources, the fewest needed "
                                      "elsewhere.").format(hero=f.name(hero), n=f.resources(hero)))

    # ------------------------------------------------------------ action windows
    def rule_window(self, f: Facts, d: Decision, rng: random.Random) -> Advice:
        """Play the worthiest affordable card; use known actions when they help; else pass."""
        phase = str(d.data.get("window") or d.step.split(".")[0])
        if d.step in MID_ATTACK_STEPS:
            # the windows inside an enemy's or a player's attack: the combat cards are
            # judged at the combat phase's first window, not again after every step
            phase = "attack"
        best: tuple[float, Any, Why] | None = None
        for o in d.words:
            if o == "pass":
                continue
            score, why = self._action_worth(f, d, o, phase)
            if score > 0 and (best is None or score > best[0]):
                best = (score, o, why)
        end = "pass" if "pass" in d.options else d.options[-1]
        if best is None:
            return Advice(end, lambda: _("passes: nothing worth doing in this window."))
        return Advice(best[1], best[2])

    def _action_worth(self, f: Facts, d: Decision, option: str, phase: str) -> tuple[float, Why]:
        kind, _sep, rest = option.partition(":")
        if kind == "play":
            cid = int(rest.split(":")[0])
            if phase == "planning":
                v = play_value(f, cid)
                per_cost = v / max(1, f.cost(cid))
                return (v + per_cost, lambda: _("plays {card}: worth about {v:.0f} for its cost "
                                                "{c}.").format(card=f.name(cid), v=v, c=f.cost(cid)))
            return generic.event_worth(f, cid, phase)
        if kind == "use":
            cid = int(rest.split(":")[0])
            claim = dolguldur.action_worth(f, cid)     # an objective's claim (None elsewhere)
            if claim is not None:
                return claim
            return generic.action_worth(f, cid, phase)
        return (0.0, lambda: "")

    def rule_response(self, f: Facts, d: Decision, rng: random.Random) -> Advice:
        """Use the abilities of cards in play, and the good Responses from hand."""
        for o in d.words:
            kind, _sep, rest = o.partition(":")
            if kind not in ("use", "play") or not rest:
                continue
            cid = int(rest.split(":")[0])
            what = d.label(o)
            ok = dolguldur.response_ok(f, cid) if kind == "use" else None    # the rescue
            if ok is False:
                continue
            if kind == "use" and (ok or generic.response_ok(f, cid, d)):
                return Advice(o, lambda: _("uses {what}: it helps at no real cost.").format(
                    what=what))
            if kind == "play" and f.en(cid) in GOOD_RESPONSES:
                return Advice(o, lambda: _("plays {what}: worth its cost now.").format(
                    what=what))
        end = "no" if "no" in d.options else d.options[-1]
        return Advice(end, lambda: _("does not respond: no response worth its cost."))

    # ------------------------------------------------------------ quest
    def rule_commit(self, f: Facts, d: Decision, rng: random.Random) -> Advice:
        """Commit enough willpower to beat the staged threat with a margin for the cards to
        come, keeping back the characters the coming attacks need."""
        picked = [c for c in d.data.get("picked", ()) if f.in_play(c)]
        plan = self._commit_plan(f, d, picked)
        todo = [c for c in plan if c in d.options]
        committed = f.t.committed_willpower()
        if todo:
            c = max(todo, key=lambda c: f.stat(c, "willpower"))
            wp = committed + sum(f.stat(x, "willpower") for x in todo)
            out = quest_outlook(f, wp)
            if out.p_success < 0.5:
                return Advice(c, lambda: _(
                    "commits {card}: {w} willpower against the {t} threat staged and about "
                    "{e:.0f} to come may fall short ({p:.0%} to make progress), but each point "
                    "of willpower is a point of threat less.").format(
                    card=f.name(c), w=wp, t=out.staged, e=out.expected_threat, p=out.p_success))
            return Advice(c, lambda: _(
                "commits {card}: {w} willpower against the {t} threat staged, about {e:.0f} more "
                "to come from {n} card(s): {p:.0%} to make progress.").format(
                card=f.name(c), w=wp, t=out.staged, e=out.expected_threat, n=out.to_come,
                p=out.p_success))
        out = quest_outlook(f, committed)
        return Advice("done", lambda: _(
            "done committing: {w} willpower against {t} staged (about {e:.0f} to come); the "
            "others stay ready for the enemies.").format(w=committed, t=out.staged,
                                                         e=out.expected_threat))

    def _commit_plan(self, f: Facts, d: Decision, picked: list[int]) -> list[int]:
        options = sorted(d.cards)
        key = (f.state.round, d.seat, tuple(sorted(picked + options)), f.staging_threat(),
               f.threat(), tuple(f.engaged()), tuple(f.staging_enemies()))
        plan = self._commit_cache.get(key) if picked else None    # a new commitment: plan anew
        if plan is None:
            killers = troll_killers(f)    # the Hill Troll's killers stay out of the quest
            options = [c for c in options if c not in killers]
            plan = (self._threshold_commit(f, options) if COMMIT_MODE == "threshold"
                    else self._best_commit(f, options))
            if len(self._commit_cache) > 512:
                self._commit_cache.clear()
            self._commit_cache[key] = plan
        return plan

    def _threshold_commit(self, f: Facts, options: list[int]) -> list[int]:
        """The plain rule: hold back the best defender for each enemy that will attack,
        then commit the most willful of the others until the willpower beats the staged
        threat and the threat expected to come, with ``MARGIN`` to spare."""
        to_come = cards_to_come(f)
        dist = reveal_distribution(f, to_come)
        expected = sum(t * p for t, p in dist.items())
        target = f.staging_threat() + expected + MARGIN
        enemies = coming_enemies(f)
        base = f.t.committed_willpower()

        def readies(c: int) -> bool:
            need = SELF_READYING.get(f.en(c))
            return need is not None and f.resources(c) >= need

        keep: list[int] = []
        others = [c for c in f.characters() if f.ready(c) and c not in options and f.can_defend(c)]
        pool = [c for c in options if f.can_defend(c) and not readies(c)]
        for e in sorted(enemies, key=lambda e: -f.stat(e, "attack"))[:HOLD_BACK]:
            cands = [c for c in pool + others if c not in keep]
            if not cands:
                break
            best = max(cands, key=lambda c: (f.stat(c, "defense") - f.stat(c, "willpower") * 0.5,
                                             f.hp_left(c)))
            keep.append(best)
        chosen: list[int] = []
        w = base
        for c in sorted(options, key=lambda c: (-f.stat(c, "willpower"),
                                                 f.stat(c, "attack") + f.stat(c, "defense"))):
            if w >= target:
                break
            if c in keep or f.stat(c, "willpower") <= 0:
                continue
            chosen.append(c)
            w += f.stat(c, "willpower")
        return chosen

    def _best_commit(self, f: Facts, options: list[int],
                     ranked: list[tuple[float, list[int]]] | None = None) -> list[int]:
        """The group of characters whose commitment scores best: the quest's expected
        outcome, less what the coming attacks would then cost, plus the enemies the
        characters left ready could still destroy.  Every group of up to
        ``COMMIT_SEARCH`` candidates is scored; beyond, the most willful ones.  Every
        group's score is added to ``ranked`` when it is given (the search's candidates)."""
        n_cards = cards_to_come(f)
        dist = reveal_distribution(f, n_cards)
        base = f.t.committed_willpower()
        chars = [c for c in f.characters() if f.ready(c)]
        others = [c for c in chars if c not in options]
        cands = sorted((c for c in options if f.stat(c, "willpower") > 0),
                       key=lambda c: -f.stat(c, "willpower"))
        forced, cands = cands[COMMIT_SEARCH:], cands[:COMMIT_SEARCH]
        staged = f.staging_threat()
        threat = f.threat()
        wp = {c: f.stat(c, "willpower") for c in options}

        def readies(c: int) -> bool:
            need = SELF_READYING.get(f.en(c))
            return need is not None and f.resources(c) >= need

        ready_again = {c for c in options if readies(c)}     # asked once, not per group
        p_enemy, enemy_attack = revealed_enemy(f, threat)
        coming: dict[int, list[int]] = {}                      # by the threat after the quest
        bonus = {c: generic.kill_progress(f, c) for c in chars}   # Legolas's progress

        def score(chosen: tuple[int, ...]) -> float:
            w = base + sum(wp[c] for c in chosen) + sum(wp[c] for c in forced)
            out = quest_outlook(f, w, dist)
            after = threat + max(0, round(staged + out.expected_threat - w))
            enemies = coming.get(after)
            if enemies is None:
                enemies = coming[after] = coming_enemies(f, after)
            fighters = others + [c for c in options if c not in chosen or c in ready_again]
            defenders = [c for c in fighters if f.can_defend(c)]
            plan = defense_plan(f, enemies, defenders)
            busy = {v for v in plan.assign.values() if v is not None}
            atk = sum(f.stat(c, "attack") for c in fighters if c not in busy and f.can_attack(c))
            if PHANTOM and p_enemy and n_cards:
                # an enemy may come out of the encounter deck and engage at once
                free = [c for c in defenders if c not in busy]
                plan.cost += p_enemy * n_cards * min(
                    [attack_cost(f, None, enemy_attack)]
                    + [attack_cost(f, c, enemy_attack) for c in free])
            kills = 0.0
            extra = max((bonus[c] for c in fighters if c not in busy and c in bonus), default=0.0)
            for e in sorted(enemies, key=lambda e: kill_need(f, e)):
                need = kill_need(f, e)
                if atk >= need:
                    atk -= need
                    kills += kill_value(f, e) + extra
                    extra = 0.0
                elif atk > f.stat(e, "defense"):
                    # damage stays: part of the way to destroying it next round
                    kills += anduin.chip_weight(f, e, CHIP) * kill_value(f, e) * (atk - f.stat(e, "defense")) / max(1, need)
                    atk = 0
            return out.value - plan.cost + kills

        best: tuple[float, tuple[int, ...]] = (score(()), ())
        if ranked is not None:
            ranked.append((best[0], list(forced)))
        for k in range(1, len(cands) + 1):
            for group in combinations(cands, k):
                s = score(group)
                if ranked is not None:
                    ranked.append((s, list(group) + forced))
                if s > best[0] + 1e-9:
                    best = (s, group)
        return list(best[1]) + forced

    # ------------------------------------------------------------ travel, engagement
    def rule_travel(self, f: Facts, d: Decision, rng: random.Random) -> Advice:
        """Travel to the location that takes most threat out of the staging area for the
        least progress, unless its Travel cost hurts more than it helps."""
        best: tuple[float, int] | None = None
        for loc in d.cards:
            threat = f.stat(loc, "threat")
            qp = max(1, f.stat(loc, "quest_points"))
            score = threat * 1.5 - qp * 0.25 - generic.travel_penalty(f, loc) \
                + dolguldur.travel_value(f, loc)
            if best is None or score > best[0]:
                best = (score, loc)
        if best is not None and (best[0] > TRAVEL_MIN or "none" not in d.options):
            loc = best[1]
            return Advice(loc, lambda: _("travels to {card}: its {t} threat leaves the staging "
                                         "area.").format(card=f.name(loc), t=f.stat(loc, "threat")))
        return Advice("none", lambda: _("does not travel: no location is worth its cost now."))

    def rule_engage(self, f: Facts, d: Decision, rng: random.Random) -> Advice:
        """Engage an enemy now if it can be defended safely and destroyed this round (its
        threat leaves the staging area); else let the engagement checks decide."""
        attackers = [c for c in f.characters() if f.can_attack(c)]
        defenders = [c for c in f.characters() if f.can_defend(c)]
        engaged = f.engaged()
        best: tuple[float, int] | None = None
        for e in d.cards:
            if anduin.slips_away(f, e):
                continue
            plan = defense_plan(f, engaged + [e], defenders)
            busy = {v for v in plan.assign.values() if v is not None}
            free = [c for c in attackers if c not in busy]
            if sum(f.stat(c, "attack") for c in free) < kill_need(f, e) \
                    or plan.cost > anduin.engage_max_cost(f, e, ENGAGE_MAX_COST):
                continue
            score = f.stat(e, "threat") * 2 + f.stat(e, "attack") - plan.cost
            if best is None or score > best[0]:
                best = (score, e)
        if best is not None:
            e = best[1]
            return Advice(e, lambda: _("engages {card}: it can be defended and destroyed this "
                                       "round.").format(card=f.name(e)))
        return Advice("none", lambda: _("engages nothing: no enemy can be beaten safely now."))

    # ------------------------------------------------------------ combat
    def rule_enemy_order(self, f: Facts, d: Decision, rng: random.Random) -> Advice:
        """The strongest attack first, while the best defender is ready."""
        e = max(d.cards, key=lambda e: (f.stat(e, "attack"), -e))
        return Advice(e, lambda: _("{card} attacks first: the strongest attack meets the best "
                                   "defender.").format(card=f.name(e)))

    def rule_defender(self, f: Facts, d: Decision, rng: random.Random) -> Advice:
        """The cheapest answer to this attack, the attacks still to come considered:
        a defender who takes no damage, a hero who survives it, an ally who chumps when a
        hero would die, or no defender when a hero can take it."""
        enemy = d.data.get("enemy")
        attacked = set(f.E.get("attacked") or ())
        if f.E.get("attack") and f.E["attack"].get("defenders"):
            return Advice("done", lambda: _("one defender is enough."))
        later = [e for e in f.engaged(d.seat) if e != enemy and f"e:{e}" not in attacked]
        enemies = [enemy] + later if isinstance(enemy, int) else later
        killers = troll_killers(f)        # the Hill Troll's killers do not defend
        plan = defense_plan(f, enemies, [c for c in d.cards if c not in killers])
        choice = plan.assign.get(enemy) if isinstance(enemy, int) else None
        a = f.stat(enemy, "attack") if isinstance(enemy, int) else 0
        end = "none" if "none" in d.options else "done"
        if choice is None:
            who = f.name(enemy) if isinstance(enemy, int) else ""
            return Advice(end, lambda: _("leaves {card} undefended: a hero can take its {a} "
                                         "attack, and the defenders are needed elsewhere.").format(
                card=who, a=a))
        dmg = max(0, a - f.stat(choice, "defense"))
        if dmg >= f.hp_left(choice):
            return Advice(choice, lambda: _("chumps with {card}: {a} attack would kill a hero "
                                            "left undefended.").format(card=f.name(choice), a=a))
        return Advice(choice, lambda: _("defends with {card}: {d} defense against {a} attack "
                                        "({n} damage).").format(card=f.name(choice),
                                                                d=f.stat(choice, "defense"),
                                                                a=a, n=dmg))

    def rule_damage_target(self, f: Facts, d: Decision, rng: random.Random) -> Advice:
        """Damage on the character who takes it best: one who survives it, with the most
        hit points to spare (Glóin first when he survives: damage gives him resources)."""
        att = f.E.get("attack") or {}
        enemy = att.get("enemy")
        dmg = (f.stat(enemy, "attack") + att.get("bonus", 0)) if isinstance(enemy, int) \
            and enemy in f.state.cards else 1
        if att.get("defenders"):
            dmg = max(0, dmg - sum(f.stat(x, "defense") for x in att["defenders"] if f.in_play(x)))

        def key(c: int) -> tuple:
            spare = f.hp_left(c) - dmg
            return (spare > 0, spare > 1 and f.en(c) == "Glóin", spare, -character_value(f, c))
        c = max(d.cards, key=key)
        left = f.hp_left(c) - dmg
        return Advice(c, lambda: _("{card} takes the {n} damage: {left} hit points to spare.").format(
            card=f.name(c), n=dmg, left=max(0, left)))

    def rule_attack_target(self, f: Facts, d: Decision, rng: random.Random) -> Advice:
        """Attack the most dangerous enemy that can be destroyed; then put what attack is
        left on the most dangerous survivor."""
        attackers = [c for c in f.characters() if f.can_attack(c)]
        plan = attack_plan(f, d.cards, attackers)
        if plan:
            e, group = plan[0]
            killed = sum(f.stat(c, "attack") for c in group) >= kill_need(f, e)
            if killed:
                return Advice(e, lambda: _("attacks {card} with {who}: enough to destroy it.").format(
                    card=f.name(e), who=_names(f, group)))
            return Advice(e, lambda: _("attacks {card} with {who}: damage that stays.").format(
                card=f.name(e), who=_names(f, group)))
        return Advice("done", lambda: _("attacks no more: no attack would get through."))

    def rule_attackers(self, f: Facts, d: Decision, rng: random.Random) -> Advice:
        """The fewest attackers that destroy this enemy with those already declared; when
        none can, every one that gets damage through (damage stays)."""
        enemy = d.data.get("enemy")
        picked = list(d.data.get("picked") or ())
        total = sum(f.stat(c, "attack") for c in picked)
        need = kill_need(f, enemy) if isinstance(enemy, int) else 0
        if picked and total >= need and "done" in d.options and isinstance(enemy, int):
            target = f.name(enemy)
            return Advice("done", lambda: _("{n} attack is enough against {card}.").format(
                n=total, card=target))
        group = cheapest_killers(f, d.cards, need - total) if d.cards else None
        if not group:
            defense = f.stat(enemy, "defense") if isinstance(enemy, int) else 0
            group = [c for c in d.cards if f.stat(c, "attack") > 0] \
                if total + sum(f.stat(c, "attack") for c in d.cards) > defense else []
        if group:
            c = max(group, key=lambda c: f.stat(c, "attack"))
            return Advice(c, lambda: _("{card} attacks ({n} attack).").format(
                card=f.name(c), n=f.stat(c, "attack")))
        if "done" in d.options:
            return Advice("done", lambda: _("attacks now."))
        c = max(d.cards, key=lambda c: f.stat(c, "attack"))
        return Advice(c, lambda: _("{card} attacks ({n} attack).").format(
            card=f.name(c), n=f.stat(c, "attack")))

    # ------------------------------------------------------------ cards' own choices
    def rule_mode(self, f: Facts, d: Decision, rng: random.Random) -> Advice | None:
        """Gandalf: lower the threat when it is high, destroy an enemy when 4 damage does
        it, else draw cards.  Other cards' modes: see ``generic``."""
        words = set(d.words)
        if len(words) >= 2 and words <= {"draw", "damage", "threat"}:
            # the engine offers only the modes that can change the game (no "damage"
            # without an enemy in play): judge whichever are offered
            enemies = f.engaged() + f.staging_enemies()
            killable = [e for e in enemies if f.hp_left(e) <= 4]
            scenario = anduin.gandalf_advice(f, words)
            if scenario is not None:
                return scenario
            if "threat" in words and f.threat() >= 38:
                return Advice("threat", lambda: _("lowers the threat by 5: {t} is close to 50.").format(
                    t=f.threat()))
            if "damage" in words and killable:
                e = max(killable, key=lambda e: kill_value(f, e))
                return Advice("damage", lambda: _("deals 4 damage: enough to destroy {card}.").format(
                    card=f.name(e)))
            if "threat" in words and f.threat() >= 30:
                return Advice("threat", lambda: _("lowers the threat by 5."))
            if "draw" in words:
                return Advice("draw", lambda: _("draws 3 cards: no enemy to destroy, threat low."))
            if "threat" in words:
                return Advice("threat", lambda: _("lowers the threat by 5."))
        return None


    def rule_host(self, f: Facts, d: Decision, rng: random.Random) -> Advice:
        """An attachment goes where it does most."""
        card = d.data.get("card")
        if not isinstance(card, int):
            return generic.answer(f, d, rng)
        host = max(d.cards, key=lambda h: (host_score(f, card, h), -h))
        return Advice(host, lambda: _("attaches {card} to {host}: where it does most.").format(
            card=f.name(card), host=f.name(host)))

    def rule_restricted(self, f: Facts, d: Decision, rng: random.Random) -> Advice:
        """Discard the Restricted attachment worth least."""
        c = min(d.cards, key=lambda c: (play_value(f, c), c))
        return Advice(c, lambda: _("discards {card}: the least useful of the three.").format(
            card=f.name(c)))

