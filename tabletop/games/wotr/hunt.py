"""The Fellowship and the Hunt for the Ring.

A Fellowship move (a Character die) adds one step of progress and puts the
die in the Hunt box; then the Shadow rolls one die per Eye in the box (at
most 5), hitting on 6 with +1 per Free Peoples die already there, re-rolling
misses once per Shadow Stronghold, Shadow army and Nazgûl in the
Fellowship's region (and with Uglúk at or next to it).  A hit draws a Hunt
tile; its number (the Eye: the hits) is added to the corruption, and a Reveal
icon reveals the Fellowship.  How the Free Peoples absorb the damage
(a Companion instead of corruption) is theirs to do by hand.

Pure Python: no pygame.
"""
from __future__ import annotations

from tabletop.core.i18n import _, ngettext
from tabletop.core.ruleset import handles
from tabletop.games.wotr.base import base
from tabletop.games.wotr.data import FP, SHADOW, characters, regions, tracks
from tabletop.games.wotr.geo import distance
from tabletop.games.wotr.pieces import catalogue
import tabletop.games.wotr.commands as C
import tabletop.games.wotr.state as S

MORDOR_GATES = ("minas-morgul", "morannon")


class HuntMixin:
    """Handlers for the Fellowship's track and the Hunt."""

    @staticmethod
    def fellowship_region(st) -> str:
        """Where the Fellowship's figure stands (its last known position)."""
        for c in st.cards.values():
            if c.code == "fellowship":
                return S.region_of_zone(c.zone) or ""
        return ""

    @handles(C.FellowshipMove)
    def _fellowship_move(self, st, cmd: C.FellowshipMove, tx, rng) -> str:
        self.need_side(st, cmd.seat, FP, base("fellowship"))
        self.need(S.get(st, "outcome") in (None, ""), _("The game is over"), base("turn"))
        self.spend(st, tx, FP, cmd.die, "character", "fellowship")
        fel = S.get(st, "fellowship")
        bonus = S.get(st, "hunt_box", "fp", default=0)
        self.put(tx, ("hunt_box", "fp"), bonus + 1)
        self.put(tx, ("fellowship", "moves"), fel.get("moves", 0) + 1)
        if fel.get("mordor", -1) >= 0:
            self.put(tx, ("fellowship", "mordor"), fel["mordor"] + 1)
            text = _("The Fellowship moved on the Mordor track")
            return text + ". " + self.hunt_in_mordor(st, tx, rng)
        self.put(tx, ("fellowship", "progress"), fel.get("progress", 0) + 1)
        text = _("The Fellowship moved (progress {n})").format(n=fel.get("progress", 0) + 1)
        return text + ". " + self.hunt(st, tx, rng, bonus)

    def rerolls(self, st) -> int:
        """Hunt re-rolls the Fellowship's region gives the Shadow."""
        region = self.fellowship_region(st)
        if not region:
            return 0
        n = 0
        info = regions()[region]
        if info.settlement == "Stronghold" and S.controller_side(st, region) == SHADOW:
            n += 1
        if S.units(st, region, SHADOW):
            n += 1
        if any(S.kind(st, c) == "nazgul" for c in S.pieces_in(st, region)):
            n += 1
        return n + self.ugluk_rerolls(st, region)

    def ugluk_rerolls(self, st, region: str) -> int:
        """Overridden by the Kings rules (Uglúk, We March Day and Night)."""
        return 0

    def hunt(self, st, tx, rng, bonus: int) -> str:
        """The Hunt roll after a move; a hit draws a tile."""
        dice = min(tracks()["hunt_roll_max_dice"], S.get(st, "hunt_box", "eyes", default=0))
        if dice == 0:
            return _("No Eye in the Hunt box: no Hunt")
        rolls = self.roll_d6(dice, rng)
        hits = [r for r in rolls if r + bonus >= 6]
        misses = len(rolls) - len(hits)
        again = self.roll_d6(min(misses, self.rerolls(st)), rng)
        hits += [r for r in again if r + bonus >= 6]
        text = _("Hunt roll {rolls}{again}: {n} hits").format(
            rolls=" ".join(map(str, rolls)),
            again=(" / " + " ".join(map(str, again))) if again else "", n=len(hits))
        if not hits:
            return text
        return text + ". " + self.hunt_tile(st, tx, rng, len(hits))

    def hunt_in_mordor(self, st, tx, rng) -> str:
        """On the Mordor track every move draws a tile; the Eye counts the Eyes in the box."""
        return self.hunt_tile(st, tx, rng, S.get(st, "hunt_box", "eyes", default=0))

    def hunt_tile(self, st, tx, rng, eye_value: int) -> str:
        """Draw a tile and apply it to the Fellowship."""
        pool = st.zones["hunt.pool"].cards
        if not pool:
            return _("The Hunt pool is empty")
        cid = pool[rng.randrange(len(pool))]
        tx.move(cid, "hunt.drawn")
        tx.set(cid, "face_up", True)
        d = catalogue()[S.code(st, cid)]
        damage = eye_value if d.eye else d.value
        fel = S.get(st, "fellowship")
        new = max(0, min(tracks()["corruption_max"], fel.get("corruption", 0) + damage))
        self.put(tx, ("fellowship", "corruption"), new)
        if d.reveal:
            self.put(tx, ("fellowship", "revealed"), True)
        return _("{tile}: corruption {c}{revealed}").format(
            tile=self.card_name(st, cid), c=new,
            revealed=_(", the Fellowship is revealed") if d.reveal else "")

    @handles(C.HuntRoll)
    def _hunt_roll(self, st, cmd: C.HuntRoll, tx, rng) -> str:
        return self.hunt(st, tx, rng, max(0, S.get(st, "hunt_box", "fp", default=0) - 1))

    @handles(C.DrawHunt)
    def _draw_hunt(self, st, cmd: C.DrawHunt, tx, rng) -> str:
        self.must(st.zones["hunt.pool"].cards, _("The Hunt pool is empty."))
        pool = st.zones["hunt.pool"].cards
        cid = pool[rng.randrange(len(pool))]
        tx.move(cid, "hunt.drawn")
        tx.set(cid, "face_up", True)
        return _("{seat} drew the hunt tile {tile}").format(seat=self.seat_name(st, cmd.seat),
                                                          tile=self.card_name(st, cid))

    @handles(C.FellowshipSet)
    def _fellowship_set(self, st, cmd: C.FellowshipSet, tx, rng) -> str:
        fel = S.get(st, "fellowship")
        top = tracks()["corruption_max"]
        prog = max(0, fel.get("progress", 0) + cmd.progress)
        corr = max(0, min(top, fel.get("corruption", 0) + cmd.corruption))
        self.put(tx, ("fellowship", "progress"), prog)
        self.put(tx, ("fellowship", "corruption"), corr)
        return _("{seat}: the Fellowship's progress is {p}, its corruption {c}").format(
            seat=self.seat_name(st, cmd.seat), p=prog, c=corr)

    @handles(C.Reveal)
    def _reveal(self, st, cmd: C.Reveal, tx, rng) -> str:
        self.put(tx, ("fellowship", "revealed"), bool(cmd.revealed))
        if cmd.revealed:
            return _("The Fellowship is revealed")
        return _("The Fellowship is hidden again")

    @handles(C.Declare)
    def _declare(self, st, cmd: C.Declare, tx, rng) -> str:
        self.need_side(st, cmd.seat, FP, base("fellowship"))
        here = self.fellowship_region(st)
        fel = S.get(st, "fellowship")
        if cmd.region == "mordor":
            self.need(here in MORDOR_GATES, _("The Fellowship enters Mordor from Minas Morgul "
                                              "or the Morannon"), base("fellowship"))
            self.put(tx, ("fellowship", "mordor"), 0)
            self.put(tx, ("fellowship", "progress"), 0)
            for cid in list(st.zones["hunt.drawn"].cards):
                if not catalogue()[S.code(st, cid)].special:
                    tx.move(cid, "hunt.pool")
                    tx.set(cid, "face_up", False)
            return _("The Fellowship entered the Mordor track")
        self.need_region(cmd.region)
        steps = distance(here, cmd.region, 12) if here else 0
        self.need(steps is not None and steps <= fel.get("progress", 0),
                  _("The Fellowship has not come that far"), base("fellowship"))
        tx.move(S.find_anywhere(st, "fellowship"), S.rzone(cmd.region))
        self.put(tx, ("fellowship", "progress"), 0)
        return _("The Fellowship was declared in {r}").format(r=self.region_name(cmd.region))

    @handles(C.Guide)
    def _guide(self, st, cmd: C.Guide, tx, rng) -> str:
        code = "char." + cmd.companion
        inside = [st.cards[c].code for c in st.zones["fellowship"].cards]
        self.must(cmd.companion in characters(), _("Unknown companion {c}.").format(
            c=cmd.companion))
        self.need(code in inside or cmd.companion == "gollum",
                  _("The Guide is a Companion of the Fellowship"), base("fellowship"))
        self.put(tx, ("fellowship", "guide"), cmd.companion)
        return _("{name} now guides the Fellowship").format(name=_(characters()[cmd.companion].name))

    @handles(C.Separate)
    def _separate(self, st, cmd: C.Separate, tx, rng) -> str:
        self._need_cards(st, cmd.card_ids)
        if not cmd.region:
            self.need(False, _("Companions do not rejoin the Fellowship"), base("fellowship"))
            for cid in cmd.card_ids:
                tx.move(cid, "fellowship")
            return _("{pieces} rejoined the Fellowship").format(pieces=self.names(st, cmd.card_ids))
        self.need_region(cmd.region)
        for cid in cmd.card_ids:
            self.must(st.cards[cid].zone == "fellowship", _("{p} is not in the Fellowship.").format(
                p=self.card_name(st, cid)))
        here = self.fellowship_region(st)
        reach = min(characters()[S.code(st, c)[5:]].level or 0 for c in cmd.card_ids)
        reach += S.get(st, "fellowship", "progress", default=0)
        steps = distance(here, cmd.region, 20)
        self.need(steps is not None and steps <= reach, _("{r} is out of the Companions' reach")
                  .format(r=self.region_name(cmd.region)), base("characters"))
        self.spend(st, tx, FP, cmd.die, "character", "separate")
        for cid in cmd.card_ids:
            tx.move(cid, S.rzone(cmd.region))
        guide = S.get(st, "fellowship", "guide")
        left = [st.cards[c].code[5:] for c in st.zones["fellowship"].cards]
        if guide not in left:
            self.put(tx, ("fellowship", "guide"), self.best_guide(left))
        return ngettext("{pieces} left the Fellowship for {r}",
                        "{pieces} left the Fellowship for {r}", len(cmd.card_ids)).format(
            pieces=self.names(st, cmd.card_ids), r=self.region_name(cmd.region))

    @staticmethod
    def best_guide(inside: list[str]) -> str:
        """The Companion of the highest Level (Gollum when none is left)."""
        if not inside:
            return "gollum"
        return max(inside, key=lambda c: (characters()[c].level or 0, c))
