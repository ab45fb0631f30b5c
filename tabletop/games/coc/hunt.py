"""Hunting the Fellowship (round step 6) and the reactions around it: Gandalf, Pippin, the
Nazgul, Crebain, the Mouth of Sauron.  A part of the enforced ruleset (``engine.CocRules``).

A hunt names a location; the prey's answer (not there and how far, or found) is public, and so
is what follows.  Gandalf's escape route stays secret.
"""
from __future__ import annotations

from tabletop.core.i18n import _, ngettext
from tabletop.core.model import TableState
from tabletop.core.ruleset import Refused, handles
from tabletop.core.tx import Tx
from tabletop.games.coc.board import MARKED, Marker, count, next_box
from tabletop.games.coc.data import GameData
import tabletop.games.coc.commands as C
import tabletop.games.coc.slot as S
import tabletop.games.coc.texts as T


class HuntActions:
    """Hunts, their reactions, and the Shadow characters that act around them."""

    data: GameData

    @handles(C.Hunt)
    def _hunt(self, st, cmd: C.Hunt, tx: Tx, rng) -> str:
        self.expect(st, cmd.seat, ("shadow",))
        if S.public(st, cmd.seat).get("hunt"):
            raise Refused(_("You hunt the Fellowship once a round (Crebain allow another after a "
                            "failed hunt)."))
        return self.hunt(st, tx, cmd.seat, cmd.at, 0)

    def hunt(self, st: TableState, tx: Tx, seat: int, at: str, discount: int) -> str:
        """Spend hunt equal to the location's number (less ``discount``) and ask the prey."""
        loc = self.data.locations.get(at)
        if loc is None:
            raise Refused(_("There is no such location on the map."))
        if loc.hunt is None:
            raise Refused(_("Nobody can be hunted at {place}: its number is an X.").format(
                place=T.place(self.data, at)))
        cost = max(0, loc.hunt - discount)
        m = Marker(self.data, st, tx)
        have = count(m.marks(seat, "sh", self.hunt_track().id))
        if have < cost:
            raise Refused(_("Hunting at {place} takes {cost} hunt; you have {have}.").format(
                place=T.place(self.data, at), cost=cost, have=have))
        m.erase(seat, "sh", self.hunt_track().id, cost)
        prey = S.shadow_enemy(st, seat)
        where = S.secret(st, prey)["fellowship"]["at"]
        tries = S.public(st, seat).get("hunt", {}).get("tries", 0) + 1
        head = _("{name} hunts {prey}'s Fellowship at {place}:").format(
            name=T.seat_name(st, seat), prey=T.seat_name(st, prey), place=T.place(self.data, at))
        if where != at:
            d = self.data.distance(at, where)
            self.learn(st, tx, prey, {"kind": "miss", "at": at, "distance": d})
            S.put(tx, {"at": at, "result": "failed", "tries": tries}, "seats", S.pkey(seat), "hunt")
            return head + " " + ngettext("not there; it is {n} step away.",
                                         "not there; it is {n} steps away.", d).format(n=d)
        self.learn(st, tx, prey, {"kind": "found", "at": at})
        S.put(tx, {"at": at, "result": "found", "tries": tries}, "seats", S.pkey(seat), "hunt")
        words = [head, _("found!")]
        if self.gandalf_escapes(st, prey, at):
            S.put(tx, {"kind": "gandalf", "seat": prey, "hunter": seat, "at": at}, "wait")
        else:
            words.append(self.after_found(st, tx, seat, prey, at))
        return " ".join(w for w in words if w)

    def gandalf_escapes(self, st: TableState, prey: int, at: str) -> list[str]:
        """Where Gandalf could lead the prey's Fellowship (nothing when he is not ready)."""
        if not Marker(self.data, st, None).ready(prey, "fp", "gandalf"):
            return []
        visited = S.secret(st, prey)["fellowship"]["visited"]
        return [n for n in self.data.adjacency[at] if n not in visited and n != self.data.goal]

    def after_found(self, st: TableState, tx: Tx, hunter: int, prey: int, at: str) -> str:
        """The Shadow says how much more hunt it spends (asked only when it has any)."""
        if count(Marker(self.data, st, tx).marks(hunter, "sh", self.hunt_track().id)):
            S.put(tx, {"kind": "extra", "seat": hunter, "prey": prey, "at": at}, "wait")
            return ""
        return self.doom(st, tx, hunter, prey, 0)

    @handles(C.ExtraHunt)
    def _extra(self, st, cmd: C.ExtraHunt, tx: Tx, rng) -> str:
        self.expect(st, cmd.seat, ("shadow",), "extra")
        have = count(Marker(self.data, st, tx).marks(cmd.seat, "sh", self.hunt_track().id))
        if not 0 <= cmd.amount <= have:
            raise Refused(_("You can spend 0 to {n} more hunt.").format(n=have))
        prey = S.get(st, "wait")["prey"]
        S.put(tx, None, "wait")
        return self.doom(st, tx, cmd.seat, prey, cmd.amount)

    def doom(self, st: TableState, tx: Tx, hunter: int, prey: int, extra: int) -> str:
        """Extra hunt wears the prey's resolve down; then 1 doom box, or 2 if none is left."""
        m = Marker(self.data, st, tx)
        m.erase(hunter, "sh", self.hunt_track().id, extra)
        resolve = self.resolve_track().id
        lost = m.erase(prey, "fp", resolve, extra)
        left = count(m.marks(prey, "fp", resolve))
        boxes = self.data.doom_marks[0] if left else self.data.doom_marks[1]
        marked = self.mark_doom(st, tx, hunter, boxes)
        state = _("has resolve left") if left else _("has no resolve left")
        return _("{name} spends {extra} more hunt; {prey} erases {lost} resolve and {state}. "
                 "{name} marks {n} doom.").format(
            name=T.seat_name(st, hunter), extra=extra, prey=T.seat_name(st, prey), lost=lost,
            state=state, n=marked)

    def mark_doom(self, st: TableState, tx: Tx, hunter: int, boxes: int) -> int:
        """Mark doom boxes of the hunter's doom track; their icons wait for the next round."""
        key = S.board_key(st, hunter, "sh")
        marks = list(S.board(st, key)["doom"])
        gained: list[str] = []
        done = 0
        for _i in range(boxes):
            i = next_box(marks)
            if i is None:
                break
            marks[i] = MARKED
            gained += self.data.doom[i][1]
            done += 1
        if done:
            S.put(tx, marks, "boards", key, "doom")
        if gained:
            carry = list(S.secret(st, hunter).get("carry", [])) + gained
            S.put(tx, carry, "secret", S.pkey(hunter), "carry")
        return done

    @handles(C.Decline)
    def _decline(self, st, cmd: C.Decline, tx: Tx, rng) -> str:
        wait = S.get(st, "wait") or {}
        self.expect(st, cmd.seat, ("shadow",), wait.get("kind", "") if wait.get("kind") in
                    ("gandalf", "pippin") else "none")
        S.put(tx, None, "wait")
        if wait["kind"] == "gandalf":
            text = self.after_found(st, tx, wait["hunter"], cmd.seat, wait["at"])
            return text or _("{name} lets the hunt stand.").format(name=T.seat_name(st, cmd.seat))
        return self.nazgul_answer(st, tx, wait["hunter"], cmd.seat)

    # ---------------------------------------------------------- characters
    def use_gandalf(self, st: TableState, tx: Tx, cmd: C.Use) -> str:
        """Gandalf: the hunt fails; the Fellowship slips to a neighbouring location it has not
        visited (never Mount Doom) without resolve, and takes that location's icons."""
        self.expect(st, cmd.seat, ("shadow",), "gandalf")
        wait = S.get(st, "wait")
        if cmd.target not in self.gandalf_escapes(st, cmd.seat, wait["at"]):
            raise Refused(_("Gandalf leads the Fellowship to a neighbouring location it has not "
                            "visited, never to Mount Doom."))
        Marker(self.data, st, tx).use(cmd.seat, "fp", "gandalf")
        self.arrive(st, tx, cmd.seat, cmd.target)
        hunter = wait["hunter"]
        S.put(tx, dict(S.public(st, hunter)["hunt"], result="failed"), "seats", S.pkey(hunter), "hunt")
        if self.usable(st, cmd.seat, "fp"):
            S.put(tx, {"kind": "spend", "seat": cmd.seat, "half": "fp"}, "wait")
        else:
            S.put(tx, [], "secret", S.pkey(cmd.seat), "fp", "pool")
            S.put(tx, None, "wait")
        return _("{name} uses Gandalf: the hunt fails, and the Fellowship slips away unseen.").format(
            name=T.seat_name(st, cmd.seat))

    def done_spend(self, st: TableState, tx: Tx, seat: int) -> str:
        """The icons Gandalf's escape gave have been used."""
        left = self.usable(st, seat, "fp")
        if left:
            raise Refused(_("Every icon must be used: your {icon} can still mark {track}.").format(
                icon=T.icon_name(left[0][0]), track=T.track(self.data, "fp", left[0][1])))
        S.put(tx, [], "secret", S.pkey(seat), "fp", "pool")
        S.put(tx, None, "wait")
        return _("{name} closes their board.").format(name=T.seat_name(st, seat))

    def use_crebain(self, st: TableState, tx: Tx, cmd: C.Use) -> str:
        """Crebain: after a failed hunt, hunt again at once for 1 hunt less."""
        self.expect(st, cmd.seat, ("shadow",))
        if S.public(st, cmd.seat).get("hunt", {}).get("result") != "failed":
            raise Refused(_("Crebain hunt again only after a failed hunt this round."))
        discount = self.data.sh.characters["crebain"].num("discount", 1)
        text = self.hunt(st, tx, cmd.seat, cmd.target, discount)
        Marker(self.data, st, tx).use(cmd.seat, "sh", "crebain")
        return _("{name} sends the Crebain.").format(name=T.seat_name(st, cmd.seat)) + " " + text

    def use_mouth_of_sauron(self, st: TableState, tx: Tx, cmd: C.Use) -> str:
        """The Mouth of Sauron: after a successful hunt in a Shadow location, 1 more doom."""
        self.expect(st, cmd.seat, ("shadow",))
        hunt = S.public(st, cmd.seat).get("hunt", {})
        if hunt.get("result") != "found" or not self.data.shadow_location(hunt["at"]):
            raise Refused(_("The Mouth of Sauron speaks after a successful hunt in a Shadow location."))
        Marker(self.data, st, tx).use(cmd.seat, "sh", "mouth_of_sauron")
        n = self.mark_doom(st, tx, cmd.seat,
                           self.data.sh.characters["mouth_of_sauron"].num("extra_doom", 1))
        return _("{name} uses the Mouth of Sauron and marks {n} more doom.").format(
            name=T.seat_name(st, cmd.seat), n=n)

    def use_nazgul(self, st: TableState, tx: Tx, cmd: C.Use) -> str:
        """The Nazgul: the prey names the region its Fellowship is in (Pippin may stop it)."""
        self.expect(st, cmd.seat, ("shadow",))
        Marker(self.data, st, tx).use(cmd.seat, "sh", "nazgul")
        prey = S.shadow_enemy(st, cmd.seat)
        words = _("{name} sends the Nazgûl after {prey}'s Fellowship.").format(
            name=T.seat_name(st, cmd.seat), prey=T.seat_name(st, prey))
        if Marker(self.data, st, tx).ready(prey, "fp", "pippin"):
            S.put(tx, {"kind": "pippin", "seat": prey, "hunter": cmd.seat}, "wait")
            return words
        return words + " " + self.nazgul_answer(st, tx, cmd.seat, prey)

    def nazgul_answer(self, st: TableState, tx: Tx, hunter: int, prey: int) -> str:
        """The prey names its Fellowship's region."""
        at = S.secret(st, prey)["fellowship"]["at"]
        region = self.data.locations[at].region
        self.learn(st, tx, prey, {"kind": "region", "region": region})
        return _("{prey}'s Fellowship is in {region}.").format(
            prey=T.seat_name(st, prey), region=T.region(self.data, region))

    def use_pippin(self, st: TableState, tx: Tx, cmd: C.Use) -> str:
        """Pippin: the Nazgul learn nothing (they still count as used)."""
        self.expect(st, cmd.seat, ("shadow",), "pippin")
        Marker(self.data, st, tx).use(cmd.seat, "fp", "pippin")
        S.put(tx, None, "wait")
        return _("{name} uses Pippin: the Nazgûl learn nothing.").format(name=T.seat_name(st, cmd.seat))
