"""Battles: combat rolls with hits counted, casualties chosen by the player.

A battle (``slot["battle"]``) runs in rounds: each side may play a combat card
(or forfeit one to use a Ruler's combat ability), then rolls one die per army
unit (at most 5), hitting on 5+ (6+ for an attacker against a City or
Fortification in the first round, or against a besieged Stronghold), and
re-rolls misses up to its Leadership.  Each side then chooses its casualties
for the hits it took (a Regular or a reduced Elite per hit, an Elite removed
for two), and the attacker continues or ceases; the defender may retreat.
Combat card texts are the players' to apply.

Pure Python: no pygame.
"""
from __future__ import annotations

from tabletop.core.i18n import _
from tabletop.core.ruleset import handles
from tabletop.games.wotr.base import base, kome
from tabletop.games.wotr.data import FP, SHADOW, characters, chieftains, regions, sovereigns
from tabletop.games.wotr.pieces import catalogue, unit_code
from tabletop.games.wotr.setup import hand_zone
import tabletop.games.wotr.commands as C
import tabletop.games.wotr.state as S

MAX_DICE = 5


def other(side: str) -> str:
    """The opposing side."""
    return SHADOW if side == FP else FP


class BattleMixin:
    """Handlers for battles."""

    @staticmethod
    def battle(st) -> dict:
        """The battle being fought (empty dict when none)."""
        return S.get(st, "battle", default={}) or {}

    @staticmethod
    def battle_region(b: dict, side: str) -> str:
        """Where a side's army in the battle stands."""
        return b["origin"] if side == b["attacker"] else b["region"]

    @handles(C.Attack)
    def _attack(self, st, cmd: C.Attack, tx, rng) -> str:
        self.need_region(cmd.origin)
        self.need_region(cmd.region)
        side = S.occupant(st, cmd.origin)
        self.must(side, _("No army stands in {r}.").format(r=self.region_name(cmd.origin)))
        self.must(S.units(st, cmd.region, other(side)), _("No enemy army stands in {r}.").format(
            r=self.region_name(cmd.region)))
        self.must(not self.battle(st), _("A battle is being fought already."))
        self.need_side(st, cmd.seat, side, base("combat"))
        self.need(cmd.region in regions()[cmd.origin].passable or cmd.region == cmd.origin,
                  _("{a} and {b} share no passable border").format(
                      a=self.region_name(cmd.origin), b=self.region_name(cmd.region)),
                  base("combat"))
        self.spend(st, tx, side, cmd.die, "army", "attack")
        self.put(tx, ("battle",), {"region": cmd.region, "origin": cmd.origin,
                                   "attacker": side, "round": 1, "stage": "roll",
                                   "rolled": [], "owed": {FP: 0, SHADOW: 0},
                                   "abilities": {FP: [], SHADOW: []}, "bonus": {FP: 0, SHADOW: 0}})
        return _("The {side} attack {r} from {o}").format(
            side=S.side_name(side), r=self.region_name(cmd.region),
            o=self.region_name(cmd.origin))

    def _battle_side(self, st, seat: int) -> tuple[dict, str]:
        b = self.battle(st)
        self.must(b, _("No battle is being fought."))
        return b, S.seat_side(st, seat)

    @handles(C.CombatCard)
    def _combat_card(self, st, cmd: C.CombatCard, tx, rng) -> str:
        b, side = self._battle_side(st, cmd.seat)
        self._forfeit(st, tx, cmd.seat, cmd.card_id)
        return _("{seat} played {card} as a combat card").format(
            seat=self.seat_name(st, cmd.seat), card=self.card_name(st, cmd.card_id))

    def _forfeit(self, st, tx, seat: int, card_id: int) -> None:
        """Play a combat card from the hand (to its discard pile)."""
        self._need_cards(st, (card_id,))
        card = st.cards[card_id]
        self.must(card.zone == hand_zone(seat), _("That card is not in {seat}'s hand.").format(
            seat=self.seat_name(st, seat)))
        b = self.battle(st)
        self.need(b.get("stage") == "roll", _("Combat cards are played before the roll"),
                  base("combat"))
        side = S.seat_side(st, seat)
        deck = S.event_deck(card.code)
        tx.move(card_id, f"discard.{side}.{deck}")

    @handles(C.RulerCombat)
    def _ruler_combat(self, st, cmd: C.RulerCombat, tx, rng) -> str:
        self.need_kings(st)
        b, side = self._battle_side(st, cmd.seat)
        self.must(cmd.ruler in self._combat_rulers(), _("{r} has no special combat ability.").format(
            r=cmd.ruler))
        region = self.battle_region(b, side)
        present = [S.code(st, c) for c in S.army(st, region, side)]
        self.need(self._ruler_code_present(cmd.ruler, present),
                  _("That Ruler is not in the army in this battle"), kome("combat"))
        self.need(cmd.ruler not in b["abilities"][side],
                  _("A Ruler's combat ability is used once a round"), kome("combat"))
        if cmd.ruler.startswith("sov."):
            self.need(S.sovereign_state(st, cmd.ruler[4:]) == "awake",
                      _("Only an Awakened Sovereign has his abilities"), kome("sovereigns"))
        if cmd.ruler == "sov.brand":
            self.need(any(S.code(st, c).startswith("north.") for c in S.army(st, region, side)),
                      _("Heir of Bard needs a North unit in the battle"), kome("combat"))
        self._forfeit(st, tx, cmd.seat, cmd.card_id)
        self.put(tx, ("battle", "abilities", side), b["abilities"][side] + [cmd.ruler])
        return self._ability_effect(st, tx, b, side, cmd)

    @staticmethod
    def _combat_rulers() -> tuple[str, ...]:
        return ("sov.brand",) + tuple(f"dc.{d}" for d in chieftains())

    @staticmethod
    def _ruler_code_present(ruler: str, present: list[str]) -> bool:
        return ruler in present or ruler + ".silver" in present

    def _ability_effect(self, st, tx, b: dict, side: str, cmd) -> str:
        if cmd.ruler == "dc.the-black-serpent":
            extra = 2 if cmd.relentless or self._is_relentless(st, cmd.card_id) else 1
            self.put(tx, ("battle", "bonus", side), b["bonus"][side] + extra)
            self.put(tx, ("battle", "owed", side), b["owed"][side] + 1)
            return _("Red Wrath: the Black Serpent takes a hit for {n} more combat dice").format(
                n=extra)
        if cmd.ruler == "dc.the-shadow-of-mirkwood":
            return _("Lord of the Bats: +1 to each leader re-roll die this round, without his "
                     "Leadership")
        if cmd.ruler == "dc.ugluk":
            return _("I Command: +1 to each combat and re-roll die of his army this round")
        return _("Heir of Bard: the Shadow's combat card is cancelled")

    @staticmethod
    def _is_relentless(st, card_id: int) -> bool:
        from tabletop.games.wotr.data import kings_events
        code = st.cards[card_id].code
        for e in kings_events():
            from tabletop.games.wotr.pieces import event_code
            if event_code(e.side, e.deck, e.number, True) == code:
                return e.combat == "Relentless Assault"
        return False

    # ------------------------------------------------------------- the roll
    def leadership(self, st, region: str, side: str, b: dict) -> int:
        """Leadership of a side's army in a battle round."""
        total = 0
        skip = "dc.the-shadow-of-mirkwood" in b["abilities"][side]
        for cid in S.army(st, region, side):
            d = catalogue()[S.code(st, cid)]
            if d.kind in ("leader", "nazgul"):
                total += 1
            elif d.kind in ("companion", "minion"):
                total += characters()[d.code[5:]].leadership
            elif d.kind == "chieftain" and not (skip and d.code == "dc.the-shadow-of-mirkwood"):
                total += chieftains()[d.code[3:]].leadership
            elif d.kind == "sovereign":
                total += self._sovereign_leadership(st, d.code, b)
        return total

    def _sovereign_leadership(self, st, code: str, b: dict) -> int:
        sid = code.split(".")[1]
        state = S.sovereign_state(st, sid)
        if state == "sleeping":
            return 1
        if state != "awake":
            return 0
        if sid == "theoden" and b["round"] == 1:
            return 3                      # Forth, Eorlingas!
        return sovereigns()[sid].leadership

    def target(self, st, b: dict, side: str) -> int:
        """The number a die must reach to hit."""
        info = regions()[b["region"]]
        if side == b["attacker"] and b["region"] != b["origin"]:
            if S.besieged(st, b["region"]) or (
                    b["round"] == 1 and info.settlement in ("City", "Fortification", "Stronghold")):
                return 6
        return 5

    def combat_dice(self, st, b: dict, side: str) -> tuple[int, int, int, int]:
        """Dice to roll, the number to hit, and what is added to each combat and
        re-roll die (the Rulers' abilities used this round)."""
        region = self.battle_region(b, side)
        plus = 1 if "dc.ugluk" in b["abilities"][side] else 0
        lead_plus = plus + (1 if "dc.the-shadow-of-mirkwood" in b["abilities"][side] else 0)
        n = min(MAX_DICE, len(S.units(st, region, side))) + b["bonus"][side]
        return n, self.target(st, b, side), plus, lead_plus

    @handles(C.CombatRoll)
    def _combat_roll(self, st, cmd: C.CombatRoll, tx, rng) -> str:
        b, _seat_side = self._battle_side(st, cmd.seat)
        side = cmd.side or _seat_side
        self.must(side in (FP, SHADOW), _("Unknown side {s}.").format(s=side))
        self.need(b["stage"] == "roll" and side not in b["rolled"],
                  _("That side has rolled this round"), base("combat"))
        self.need_side(st, cmd.seat, side, base("combat"))
        region = self.battle_region(b, side)
        n, need, plus, lead_plus = self.combat_dice(st, b, side)
        rolls = self.roll_d6(n, rng)
        hits = sum(1 for r in rolls if r + plus >= need)
        again = self.roll_d6(min(n - hits, self.leadership(st, region, side, b)), rng)
        hits += sum(1 for r in again if r + lead_plus >= need)
        foe = other(side)
        self.put(tx, ("battle", "owed", foe), b["owed"][foe] + hits)
        rolled = b["rolled"] + [side]
        self.put(tx, ("battle", "rolled"), rolled)
        if len(rolled) == 2:
            owed = dict(b["owed"], **{foe: b["owed"][foe] + hits})
            self.put(tx, ("battle", "stage"), "hits" if any(owed.values()) else "decide")
        return _("{side} combat roll {rolls}{again} (hit on {need}+): {n} hits").format(
            side=S.side_name(side), rolls=" ".join(map(str, rolls)),
            again=(_(", re-roll ") + " ".join(map(str, again))) if again else "",
            need=need, n=hits)

    # ------------------------------------------------------------ casualties
    def hit_points(self, st, region: str, side: str) -> int:
        """How many hits an army can still take."""
        return sum(2 if S.kind(st, c) == "elite" else 1 for c in S.units(st, region, side))

    @handles(C.TakeHits)
    def _take_hits(self, st, cmd: C.TakeHits, tx, rng) -> str:
        b, side = self._battle_side(st, cmd.seat)
        self.need(b["stage"] == "hits", _("Casualties are taken after both sides rolled"),
                  base("combat"))
        region = self.battle_region(b, side)
        ids = set(cmd.remove) | set(cmd.reduce)
        army = set(S.units(st, region, side))
        self.must(ids <= army and not set(cmd.remove) & set(cmd.reduce),
                  _("Casualties come from the side's own army in the battle."))
        for cid in cmd.reduce:
            self.must(S.kind(st, cid) == "elite", _("Only an Elite unit can be reduced."))
        points = sum(2 if S.kind(st, c) == "elite" else 1 for c in cmd.remove) + len(cmd.reduce)
        owed = min(b["owed"][side], self.hit_points(st, region, side))
        self.need(points == owed, _("The army must take exactly {n} hits").format(n=owed),
                  base("combat"))
        for cid in cmd.reduce:
            self._reduce_in_battle(st, tx, cid, region)
        for cid in cmd.remove:
            self.remove_figure(st, tx, cid)
        self._army_destroyed(st, tx, region, side)
        self.put(tx, ("battle", "owed", side), 0)
        if not b["owed"][other(side)]:
            self.put(tx, ("battle", "stage"), "decide")
        return _("The {side} took {n} hits").format(side=S.side_name(side), n=points)

    def _reduce_in_battle(self, st, tx, cid: int, region: str) -> None:
        nation = catalogue()[S.code(st, cid)].nation
        code = unit_code(nation, "regular")
        pool = [c for c in st.zones[f"reinf.{nation}"].cards if S.code(st, c) == code]
        self.remove_figure(st, tx, cid)
        if pool:
            tx.move(pool[-1], S.rzone(region))

    def _army_destroyed(self, st, tx, region: str, side: str) -> None:
        """With no unit left, the army's leaders and Nazgûl leave with it."""
        if S.units(st, region, side):
            return
        for cid in S.army(st, region, side):
            if S.kind(st, cid) in ("leader", "nazgul") or (
                    S.kind(st, cid) == "sovereign"
                    and S.sovereign_state(st, S.code(st, cid).split(".")[1]) == "sleeping"):
                self.remove_figure(st, tx, cid)

    # -------------------------------------------------------------- the end
    @handles(C.BattleEnd)
    def _battle_end(self, st, cmd: C.BattleEnd, tx, rng) -> str:
        b, side = self._battle_side(st, cmd.seat)
        self.need(b["stage"] == "decide", _("The round is not over yet"), base("combat"))
        attacker, defender = b["attacker"], other(b["attacker"])
        alive_a = S.units(st, b["origin"], attacker)
        alive_d = S.units(st, b["region"], defender)
        if cmd.choice == "continue" and alive_a and alive_d:
            self.need(side == attacker, _("The attacker decides whether to go on"), base("combat"))
            self.put(tx, ("battle",), dict(b, round=b["round"] + 1, stage="roll", rolled=[],
                                          abilities={FP: [], SHADOW: []},
                                          bonus={FP: 0, SHADOW: 0}))
            return _("The battle goes on: round {n}").format(n=b["round"] + 1)
        if cmd.choice == "retreat" and alive_d:
            self.need(side == defender, _("Only the defender retreats"), base("combat"))
            self.need_region(cmd.region)
            self.need(cmd.region in regions()[b["region"]].passable
                      and not S.units(st, cmd.region, attacker),
                      _("An army retreats into a free neighbouring region"), base("combat"))
            for cid in S.army(st, b["region"], defender):
                tx.move(cid, S.rzone(cmd.region))
        if cmd.choice == "advance" and alive_a and not alive_d:
            for cid in S.army(st, b["origin"], attacker):
                tx.move(cid, S.rzone(b["region"]))
            self._after_arrival(st, tx, b["region"], attacker)
        self.put(tx, ("battle",), None)
        return _("The battle in {r} is over").format(r=self.region_name(b["region"]))
