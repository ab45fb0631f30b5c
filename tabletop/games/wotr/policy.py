"""War of the Ring players without a window: the ``greedy`` policy.

It weighs each legal action like a sensible beginner and takes the best (ties
broken at random).  The Free Peoples run for Mount Doom: they move the
Fellowship with every Character die while the corruption allows, hide it when
revealed, declare it nearer the Mordor gates and enter Mordor, give up a
Companion rather than much corruption, and otherwise muster and advance their
nations where the Shadow threatens.  The Shadow hunts with two or three dice,
marches its larger armies on the Free Peoples' Cities and Strongholds,
attacks when it is the stronger, musters and brings its nations to war.  In
battle each side goes on while it is the stronger, and otherwise ceases,
retreats or holds its Stronghold.

A policy sees what its seat may see (its hand, the public table).  Pure
Python: no pygame.
"""
from __future__ import annotations

import random
from collections import deque
from typing import Any

from tabletop.core.commands import Command
from tabletop.core.model import TableState
from tabletop.core.session import Session
import tabletop.games.wotr.commands as C
from tabletop.games.wotr.data import FP, SHADOW, regions
import tabletop.games.wotr.state as S

GATES = ("morannon", "minas-morgul")


def distances(targets: list[str]) -> dict[str, int]:
    """Passable borders from every region to the nearest of ``targets``."""
    out = {t: 0 for t in targets}
    todo = deque(targets)
    while todo:
        here = todo.popleft()
        for nxt in regions()[here].passable:
            if nxt not in out:
                out[nxt] = out[here] + 1
                todo.append(nxt)
    return out


class GreedyPolicy:
    """Weighs every legal action and takes the best (see the module)."""

    name = "greedy"

    def choose(self, session: Session, seat: int, rng: random.Random) -> Command | None:
        """The best-weighed legal action (None when there is none)."""
        actions = session.legal_actions()
        if not actions:
            return None
        if len(actions) == 1:
            return actions[0]
        judge = Judge(session.state)
        best, top = [], float("-inf")
        for cmd in actions:
            score = judge.score(cmd)
            if score > top:
                best, top = [cmd], score
            elif score == top:
                best.append(cmd)
        return rng.choice(best)


class Judge:
    """The weights of one position's actions."""

    def __init__(self, st: TableState):
        self.st = st
        self.fel = S.get(st, "fellowship", default={}) or {}
        self.battle = S.get(st, "battle") or {}
        from tabletop.games.wotr.engine import current
        ins, _choice = current(st)
        self.op = ins["op"] if ins else ""
        self._targets: dict[str, int] | None = None
        self._gates: dict[str, int] | None = None

    # ------------------------------------------------------------ figures
    @property
    def to_gates(self) -> dict[str, int]:
        """Distances to the gates of Mordor."""
        if self._gates is None:
            self._gates = distances(list(GATES))
        return self._gates

    @property
    def to_targets(self) -> dict[str, int]:
        """Distances to the Free Peoples Cities and Strongholds the Shadow may take."""
        if self._targets is None:
            st = self.st
            goals = [r for r, i in regions().items() if i.vp and i.nation
                     and S.nation_side_of(i.nation) == FP and S.controller_side(st, r) == FP]
            self._targets = distances(goals or ["rivendell"])
        return self._targets

    def strength(self, region: str, side: str) -> int:
        """A side's army units in a region (Elites count double)."""
        return sum(2 if S.kind(self.st, x) == "elite" else 1
                   for x in S.units(self.st, region, side))

    def threatened(self, region: str, side: str) -> bool:
        """Is an enemy army in or next to the region?"""
        foe = S.other(side)
        return any(S.units(self.st, r, foe) for r in (region, *regions()[region].passable))

    # ------------------------------------------------------------ weights
    def score(self, cmd: Command) -> float:
        """How good ``cmd`` looks (higher is better)."""
        fn = getattr(self, "_" + type(cmd).__name__, None)
        return float(fn(cmd)) if fn is not None else 0.0

    def _NextPhase(self, cmd: C.NextPhase) -> float:
        return 1

    def _AllocateHunt(self, cmd: C.AllocateHunt) -> float:
        want = 3 if self.fel.get("mordor", -1) >= 0 or self.to_gates.get(
            S.fellowship_region(self.st), 9) <= 3 else 2
        return -abs(cmd.count - want)

    def _Declare(self, cmd: C.Declare) -> float:
        if cmd.region == "mordor":
            return 100
        here = S.fellowship_region(self.st)
        gain = self.to_gates.get(here, 20) - self.to_gates.get(cmd.region, 20)
        heal = 0
        info = regions()[cmd.region]
        if self.fel.get("corruption", 0) and info.settlement in ("City", "Stronghold") \
                and info.nation and S.nation_side_of(info.nation) == FP \
                and S.controller_side(self.st, cmd.region) == FP:
            heal = 3
        if S.units(self.st, cmd.region, SHADOW) or any(
                S.kind(self.st, x) == "nazgul" for x in S.pieces_in(self.st, cmd.region)):
            gain -= 2
        return 2 * gain + heal + (0.5 if S.get(self.st, "phase") != "fellowship" else 0)

    def _Guide(self, cmd: C.Guide) -> float:
        return 0

    def _Choose(self, cmd: C.Choose) -> float:
        if self.op != "hunt_damage":
            return 0                                  # a card's question: any answer
        corruption = self.fel.get("corruption", 0)
        return {"ring": 10 - corruption, "hobbit": 8, "gollum": 7, "random": 6,
                "guide": 5}.get(str(cmd.answer), 0)

    def _FellowshipMove(self, cmd: C.FellowshipMove) -> float:
        corruption = self.fel.get("corruption", 0)
        eyes = S.get(self.st, "hunt_box", "eyes", default=0)
        return 70 - 4 * max(0, corruption - 6) - 3 * eyes * (corruption > 8)

    def _Hide(self, cmd: C.Hide) -> float:
        return 65

    def _Attack(self, cmd: C.Attack) -> float:
        st = self.st
        side = S.seat_side(st, cmd.seat)
        mine = self.strength(cmd.origin, side)
        theirs = self.strength(cmd.region, S.other(side))
        vp = regions()[cmd.region].vp if regions()[cmd.region].nation else 0
        if cmd.origin == cmd.region:                     # a siege, or a sortie
            return 45 + 10 * vp if mine >= 2 * theirs else -20
        edge = mine - theirs - (2 if regions()[cmd.region].settlement else 0)
        if side == FP:
            return 30 + 15 * vp if edge >= 2 else -20
        return 40 + 15 * vp + 4 * edge if edge >= 1 else -20

    def _MoveFigures(self, cmd: C.MoveFigures) -> float:
        st = self.st
        side = S.seat_side(st, cmd.seat)
        units = [x for x in cmd.card_ids if S.kind(st, x) in ("regular", "elite")]
        if not units:                                     # Nazgûl flying
            fel = S.fellowship_region(st)
            return 6 if cmd.region == fel else 3
        origin = S.region_of_zone(st.cards[units[0]].zone) or ""
        info = regions()[cmd.region]
        if side == SHADOW:
            size = sum(2 if S.kind(st, x) == "elite" else 1 for x in units)
            if info.vp and info.nation and S.nation_side_of(info.nation) == FP \
                    and S.controller_side(st, cmd.region) == FP:
                return 60 + 15 * info.vp                  # an empty City or Stronghold taken
            if size < 4:
                return 2
            return 10 + 6 * (self.to_targets.get(origin, 20) - self.to_targets.get(cmd.region, 20))
        if info.settlement in ("City", "Stronghold") and self.threatened(cmd.region, FP):
            return 12
        if self.threatened(origin, FP) and regions()[origin].settlement:
            return -5
        return 1

    def _Recruit(self, cmd: C.Recruit) -> float:
        side = S.nation_side_of(cmd.nation)
        if side == FP:
            return 25 if self.threatened(cmd.region, FP) else 8
        return 14 + (4 if self.to_targets.get(cmd.region, 20) <= 3 else 0)

    def _Politics(self, cmd: C.Politics) -> float:
        return 28 if S.nation_side_of(cmd.nation) == SHADOW else 22

    def _Awaken(self, cmd: C.Awaken) -> float:
        return 20

    def _BringChieftain(self, cmd: C.BringChieftain) -> float:
        return 18

    def _CorruptAttempt(self, cmd: C.CorruptAttempt) -> float:
        return 12

    def _RemoveCorrupted(self, cmd: C.RemoveCorrupted) -> float:
        return 15

    def _DrawEvent(self, cmd: C.DrawEvent) -> float:
        hand = len(self.st.zones[f"hand.{cmd.seat}"].cards)
        return 6 if hand < S.hand_limit(self.st) - 1 else 0

    def _PlayEvent(self, cmd: C.PlayEvent) -> float:
        return 2

    def _Pass(self, cmd: C.Pass) -> float:
        return 9 if cmd.side == FP else 1

    def _UseDie(self, cmd: C.UseDie) -> float:
        return -1

    def _Decline(self, cmd: C.Decline) -> float:
        return 5

    def _Cleanse(self, cmd: C.Cleanse) -> float:
        return 5

    def _KeepTile(self, cmd: C.KeepTile) -> float:
        d = S.code(self.st, cmd.card_id)
        return float(d[-2]) if d[-2].isdigit() else 0

    # ------------------------------------------------------------- battles
    def _sides(self) -> tuple[str, str, float, float]:
        b = self.battle
        from tabletop.games.wotr.battle import fighters
        attacker, defender = b["attacker"], S.other(b["attacker"])
        def power(side: str) -> float:
            return sum(2 if S.kind(self.st, x) == "elite" else 1
                       for x in fighters(self.st, b, side))
        return attacker, defender, power(attacker), power(defender)

    def _BattleEnd(self, cmd: C.BattleEnd) -> float:
        if not self.battle:
            return 0
        attacker, defender, att, dfn = self._sides()
        choice = cmd.choice
        if choice == "advance":
            return 10
        if choice == "field":
            return 5 if dfn >= att else 0
        if choice == "siege":
            return 6 if dfn < att else 0
        if choice == "continue":
            return 5 if att > dfn * (2 if self.battle.get("kind") == "siege" else 1) else -5
        if choice == "cease":
            return 0
        if choice == "retreat":
            return 4 if dfn * 2 < att else -5
        return 1                                          # stay

    def _TakeHits(self, cmd: C.TakeHits) -> float:
        lost = sum(2.5 if S.kind(self.st, x) == "elite" else 1 for x in cmd.remove)
        return -lost - 1.2 * len(cmd.reduce)


POLICIES: dict[str, Any] = {"greedy": GreedyPolicy}
