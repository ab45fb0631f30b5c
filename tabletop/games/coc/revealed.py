"""Round steps 5 and 6: revealed actions (marching, engaging, recruiting, the characters
that act in the open).  A part of the enforced ruleset (``engine.CocRules``); hunting is in
``hunt``.
"""
from __future__ import annotations

from tabletop.core.i18n import _
from tabletop.core.model import TableState
from tabletop.core.ruleset import Refused, handles
from tabletop.core.tx import Tx
from tabletop.games.coc.board import ERASED, MARKED, Marker, complete, count, next_box
from tabletop.games.coc.data import GameData
import tabletop.games.coc.commands as C
import tabletop.games.coc.slot as S
import tabletop.games.coc.texts as T

STEP_HALF = {"fp": "fp", "shadow": "sh"}


class RevealedActions:
    """Marching, engaging and recruiting; Merry, Strider, Boromir, Saruman, Wormtongue, Shelob."""

    data: GameData

    def expect_revealed(self, st: TableState, seat: int, half: str) -> None:
        """Refuse unless it is ``seat``'s revealed turn for ``half``."""
        self.expect(st, seat, ("fp",) if half == "fp" else ("shadow",))

    def open_battle(self, st: TableState, key: str, battle: str) -> dict:
        """A battle that can still take strength, marches and engagement."""
        if battle not in self.data.battles:
            raise Refused(_("There is no such battle."))
        b = S.board(st, key)["battles"][battle]
        if b["fought"]:
            raise Refused(_("That battle has been fought; nothing more can join it."))
        return b

    @handles(C.March)
    def _march(self, st, cmd: C.March, tx: Tx, rng) -> str:
        self.expect_revealed(st, cmd.seat, cmd.half)
        m = Marker(self.data, st, tx)
        march = self.data.half(cmd.half).section("march")[0]
        if not count(m.marks(cmd.seat, cmd.half, march.id)):
            raise Refused(_("Marching or engaging needs a marked march/engage box on your board."))
        key = S.board_key(st, cmd.seat, cmd.half)
        b = self.open_battle(st, key, cmd.battle)
        which = "engage" if cmd.engage else "march"
        if next_box(b[which]) is None:
            raise Refused(_("That track of the battle is full."))
        m.erase(cmd.seat, cmd.half, march.id, 1)
        words = self.advance_battle(st, tx, cmd.seat, cmd.half, cmd.battle, which)
        if not cmd.engage:
            marched = list(S.public(st, cmd.seat).get("marched", [])) + [cmd.battle]
            S.put(tx, marched, "seats", S.pkey(cmd.seat), "marched")
        return words

    def advance_battle(self, st: TableState, tx: Tx, seat: int, half: str, battle: str,
                       which: str) -> str:
        """Mark the next march or engagement box of a battle (the third march makes the
        marcher the attacker)."""
        key = S.board_key(st, seat, half)
        marks = list(S.board(st, key)["battles"][battle][which])
        marks[next_box(marks)] = MARKED
        S.put(tx, marks, "boards", key, "battles", battle, which)
        name, where = T.seat_name(st, seat), T.battle(self.data, battle, half)
        if which == "engage":
            from tabletop.games.coc.scoring import engagement_vp
            vp = engagement_vp(self.data, battle, S.board(st, key)["battles"][battle])
            return _("{name} raises the stakes of {battle}: its winner gains {vp} VP.").format(
                name=name, battle=where, vp=vp)
        if complete(marks):
            S.put(tx, half, "boards", key, "battles", battle, "attacker")
            return _("{name} marches on {battle} and attacks: it is fought this round.").format(
                name=name, battle=where)
        return _("{name} marches towards {battle} ({n} of {total}).").format(
            name=name, battle=where, n=count(marks), total=len(marks))

    @handles(C.Recruit)
    def _recruit(self, st, cmd: C.Recruit, tx: Tx, rng) -> str:
        self.expect_revealed(st, cmd.seat, cmd.half)
        unit = self.data.half(cmd.half).tracks.get(cmd.unit)
        if unit is None or unit.section != "recruitment":
            raise Refused(_("There is no such unit on your board."))
        m = Marker(self.data, st, tx)
        if not complete(m.marks(cmd.seat, cmd.half, cmd.unit)):
            raise Refused(_("A unit is recruited once all its boxes are marked."))
        nation = self.data.half(cmd.half).nations[unit.nation]
        if cmd.battle not in nation.battles:
            raise Refused(_("{nation} units cannot join that battle.").format(
                nation=T.nation(self.data, nation.id)))
        key = S.board_key(st, cmd.seat, cmd.half)
        b = self.open_battle(st, key, cmd.battle)
        add = unit.strength[S.board(st, key)["nations"][nation.id]]
        total = b["strength"][cmd.half] + add
        S.put(tx, total, "boards", key, "battles", cmd.battle, "strength", cmd.half)
        m.set_marks(cmd.seat, cmd.half, cmd.unit, [ERASED] * len(unit.boxes))
        return _("{name} recruits {unit} (+{add}) for {battle}: army strength {total}.").format(
            name=T.seat_name(st, cmd.seat), unit=T.track(self.data, cmd.half, cmd.unit), add=add,
            battle=T.battle(self.data, cmd.battle, cmd.half), total=total)

    def done_revealed(self, st: TableState, tx: Tx, seat: int) -> str:
        """A seat has announced all it wanted to; the next one's turn begins."""
        step = S.get(st, "step")
        words = [_("{name} has finished their {side} actions.").format(
            name=T.seat_name(st, seat), side=T.half_name(STEP_HALF[step]))]
        return " ".join(words + self.end_turn(st, tx))

    # ------------------------------------------------ revealed characters
    def use_merry(self, st: TableState, tx: Tx, cmd: C.Use) -> str:
        """Merry: after a march, one more march box in the same battle."""
        self.expect_revealed(st, cmd.seat, "fp")
        if cmd.target not in S.public(st, cmd.seat).get("marched", []):
            raise Refused(_("Merry follows a march you made this turn in that same battle."))
        key = S.board_key(st, cmd.seat, "fp")
        b = self.open_battle(st, key, cmd.target)
        if complete(b["march"]):
            raise Refused(_("That battle's march track is full."))
        Marker(self.data, st, tx).use(cmd.seat, "fp", "merry")
        return _("{name} uses Merry.").format(name=T.seat_name(st, cmd.seat)) + " " + \
            self.advance_battle(st, tx, cmd.seat, "fp", cmd.target, "march")

    def strider_nations(self, st: TableState, seat: int) -> list[str]:
        """Nations whose region holds, or neighbours, the seat's Fellowship."""
        at = S.secret(st, seat)["fellowship"]["at"]
        near = (at,) + self.data.adjacency[at]
        regions = {self.data.locations[loc].region for loc in near}
        return [n for n in self.data.fp.nations if n in regions]

    def use_strider(self, st: TableState, tx: Tx, cmd: C.Use) -> str:
        """Strider: mark up to 4 call to arms boxes of a nation near the Fellowship, gaining
        nothing; the nation is activated or motivated as usual."""
        self.expect_revealed(st, cmd.seat, "fp")
        limit = self.data.fp.characters["strider"].num("boxes", 4)
        if cmd.target not in self.data.fp.nations or not 1 <= cmd.amount <= limit:
            raise Refused(_("Strider rallies one Free Peoples nation, 1 to {n} boxes.").format(n=limit))
        if cmd.target not in self.strider_nations(st, cmd.seat):
            raise Refused(_("Strider rallies only a nation whose land the Fellowship is in or next to."))
        m = Marker(self.data, st, tx)
        track = self.data.fp.cta(cmd.target).id
        nxt = next_box(m.marks(cmd.seat, "fp", track))
        if nxt is None or cmd.amount > len(self.data.fp.cta(cmd.target).boxes) - nxt:
            raise Refused(_("That call to arms track has fewer boxes left."))
        m.use(cmd.seat, "fp", "strider")
        for _i in range(cmd.amount):
            m.mark(cmd.seat, "fp", track, gain=False)
        words = [_("{name} uses Strider to rally {nation}.").format(
            name=T.seat_name(st, cmd.seat), nation=T.nation(self.data, cmd.target))]
        return " ".join(words + self.announce_nations(st, tx, cmd.seat, "fp"))

    def use_boromir(self, st: TableState, tx: Tx, cmd: C.Use) -> str:
        """Boromir: mark every resolve box, gaining nothing."""
        self.expect_revealed(st, cmd.seat, "fp")
        m = Marker(self.data, st, tx)
        m.use(cmd.seat, "fp", "boromir")
        m.fill(cmd.seat, "fp", self.resolve_track().id)
        return _("{name} uses Boromir: every resolve box is marked.").format(
            name=T.seat_name(st, cmd.seat))

    def use_saruman(self, st: TableState, tx: Tx, cmd: C.Use) -> str:
        """Saruman: move up to 10 army strength from one Shadow battle to the other."""
        self.expect_revealed(st, cmd.seat, "sh")
        key = S.board_key(st, cmd.seat, "sh")
        limit = self.data.sh.characters["saruman"].num("transfer", 10)
        src = self.open_battle(st, key, cmd.target)
        others = [b for b in self.data.battles if b != cmd.target]
        if not others:
            raise Refused(_("There is no other battle to move strength to."))
        dest = others[0]
        self.open_battle(st, key, dest)
        if not 1 <= cmd.amount <= min(limit, src["strength"]["sh"]):
            raise Refused(_("Saruman moves 1 to {n} strength, never more than the army has.").format(
                n=limit))
        Marker(self.data, st, tx).use(cmd.seat, "sh", "saruman")
        battles = S.board(st, key)["battles"]
        S.put(tx, src["strength"]["sh"] - cmd.amount, "boards", key, "battles", cmd.target,
              "strength", "sh")
        S.put(tx, battles[dest]["strength"]["sh"] + cmd.amount, "boards", key, "battles", dest,
              "strength", "sh")
        return _("{name} uses Saruman: {n} strength moves from {a} to {b}.").format(
            name=T.seat_name(st, cmd.seat), n=cmd.amount, a=T.battle(self.data, cmd.target, "sh"),
            b=T.battle(self.data, dest, "sh"))

    def use_wormtongue(self, st: TableState, tx: Tx, cmd: C.Use) -> str:
        """Wormtongue: the prey may not use a named Free Peoples nation's die until it
        motivates that nation."""
        self.expect_revealed(st, cmd.seat, "sh")
        if cmd.target not in self.data.fp.nations:
            raise Refused(_("Wormtongue names Gondor, Rohan or the Elves."))
        key = S.board_key(st, cmd.seat, "sh")
        b = S.board(st, key)
        if b["nations"][cmd.target] >= 2 or cmd.target in b["banned"]:
            raise Refused(_("Wormtongue's words would change nothing for that nation now."))
        Marker(self.data, st, tx).use(cmd.seat, "sh", "wormtongue")
        S.put(tx, b["banned"] + [cmd.target], "boards", key, "banned")
        prey = S.shadow_enemy(st, cmd.seat)
        return _("{name} uses Wormtongue: {prey} may not use the {nation} die until {nation} is "
                 "motivated.").format(name=T.seat_name(st, cmd.seat), prey=T.seat_name(st, prey),
                                      nation=T.nation(self.data, cmd.target))

    def use_shelob(self, st: TableState, tx: Tx, cmd: C.Use) -> str:
        """Shelob: the prey erases every marked resolve box."""
        self.expect_revealed(st, cmd.seat, "sh")
        Marker(self.data, st, tx).use(cmd.seat, "sh", "shelob")
        prey = S.shadow_enemy(st, cmd.seat)
        Marker(self.data, st, tx).erase(prey, "fp", self.resolve_track().id, 10 ** 6)
        return _("{name} uses Shelob: {prey} erases all their resolve.").format(
            name=T.seat_name(st, cmd.seat), prey=T.seat_name(st, prey))
