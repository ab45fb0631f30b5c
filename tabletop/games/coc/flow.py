"""The round's eight steps: who acts, and what happens between the players' decisions.

``Flow`` is a part of the enforced ruleset (``engine.CocRules``).  Its methods run the
automatic parts of a round (rolling, moving Gollum, revealing the Gollum/Smeagol choices,
handing out the dice's icons, the forced announcements of a revealed turn, the end check,
passing the start player token) and say who may act now (``actors``).  Every change goes
through the command's ``Tx``; every method returns the public words for the log.
"""
from __future__ import annotations

from tabletop.core.dice import die_name, die_type, face_label, roll
from tabletop.core.i18n import _
from tabletop.core.model import TableState
from tabletop.core.ruleset import Refused
from tabletop.core.tx import Tx
from tabletop.core import events as E
from tabletop.games.coc.board import ACTIVATED, MOTIVATED, Marker, complete, next_box
from tabletop.games.coc.data import GameData, tracks_for
from tabletop.games.coc.layout import roll_spot
import tabletop.games.coc.scoring as scoring
import tabletop.games.coc.slot as S
import tabletop.games.coc.texts as T

SIMULTANEOUS = ("gollum", "assign", "icons")
ME_DIE = "coc_middle_earth"


class Flow:
    """The automatic parts of a round and the checks of who may act."""

    data: GameData

    # ------------------------------------------------------------ who acts
    def actors(self, st: TableState) -> list[int]:
        """The seats that may act now, the one expected first at the front."""
        step = S.get(st, "step")
        wait = S.get(st, "wait")
        if step == "over":
            return []
        if wait:
            return list(wait["need"]) if wait["kind"] == "battle" else [wait["seat"]]
        if step == "roll":
            return [st.first_player]
        if step in SIMULTANEOUS:
            return [s for s in S.order_from_start(st) if not S.public(st, s).get("ready")]
        if step in ("fp", "shadow"):
            return [S.get(st, "turn")]
        return []

    def expect(self, st: TableState, seat: int, steps: tuple[str, ...], wait: str = "") -> None:
        """Refuse unless the round is at one of ``steps`` (with a sub-decision of kind
        ``wait``, or none) and ``seat`` may act."""
        step = S.get(st, "step")
        if step == "over":
            raise Refused(_("The game is over: see the score table."))
        current = S.get(st, "wait")
        if step not in steps or (current or {}).get("kind", "") != wait:
            if current and seat not in self.actors(st):
                raise Refused(_("{name} must decide first.").format(
                    name=T.seat_name(st, self.actors(st)[0])))
            raise Refused(_("That cannot be done now: the round is at step {step}.").format(
                step=T.step_name(step)))
        if seat in self.actors(st):
            return
        if step == "roll":
            raise Refused(_("Only the start player, {name}, rolls the dice (round step 1).").format(
                name=T.seat_name(st, st.first_player)))
        if step in SIMULTANEOUS:
            raise Refused(_("You have finished this step; the other players are still at it."))
        raise Refused(_("It is {name}'s turn.").format(name=T.seat_name(st, self.actors(st)[0])))

    # ------------------------------------------------------------- rolling
    def dice_to_roll(self, st: TableState) -> list[int]:
        """The Middle-earth dice and the die of every nation someone has activated."""
        active = set()
        for b in S.get(st, "boards", default={}).values():
            active.update(n for n, v in b["nations"].items() if v >= ACTIVATED)
        dice_of = {self.data.nations[n].die for n in active}
        return [d.id for d in sorted(st.dice.values(), key=lambda d: d.id)
                if d.kind == ME_DIE or d.kind in dice_of]

    def roll_dice(self, st: TableState, tx: Tx, rng, cmd) -> str:
        """Round step 1: roll, then move Gollum (step 2) or go on to assigning (step 3)."""
        ids = self.dice_to_roll(st)
        if any(len(seq) not in (0, len(ids)) for seq in (cmd.xs, cmd.ys, cmd.angles)):
            raise Refused(_("Each rolled die needs one resting place."))
        words = []
        for i, did in enumerate(ids):
            die = st.dice[did]
            face = roll(die.kind, rng)
            x, y = roll_spot(i, len(ids))
            if cmd.xs:
                x, y = float(cmd.xs[i]), float(cmd.ys[i])
            angle = float(cmd.angles[i]) % 360.0 if cmd.angles else die.angle
            for fld, value in (("face", face), ("x", x), ("y", y), ("angle", angle)):
                if getattr(die, fld) != value:
                    tx.emit(E.set_die(did, fld, getattr(die, fld), value))
            words.append(f"{die_name(die.kind)}: {face_label(die.kind, face)}")
        S.put(tx, ids, "rolled")
        text = _("{name} rolls {dice}.").format(name=T.seat_name(st, cmd.seat), dice=", ".join(words))
        return " ".join([text] + self.move_gollum(st, tx))

    def rolled_icons(self, st: TableState, die_id: int) -> tuple[str, ...]:
        """The icons showing on a die."""
        die = st.dice[die_id]
        return die_type(die.kind).icons[die.face]

    def move_gollum(self, st: TableState, tx: Tx) -> list[str]:
        """Round step 2: Gollum moves a space for each Ring; reaching or passing a Gollum icon
        (or rolling a Ring once on the last space) calls for one Gollum/Smeagol action."""
        rings = sum(self.rolled_icons(st, d).count("ring") for d in S.get(st, "rolled")
                    if st.dice[d].kind == ME_DIE)
        pos = S.get(st, "gollum", default=0)
        last = len(self.data.gollum_track) - 1
        acts = False
        for _ring in range(rings):
            if pos == last:
                acts = True
            else:
                pos += 1
                acts = acts or self.data.gollum_track[pos][1]
        out = []
        if rings:
            S.put(tx, pos, "gollum")
            out.append(_("Gollum moves to space {n} of the Ring board.").format(n=pos + 1))
        if not acts:
            return out + self.begin_assign(st, tx)
        S.put(tx, "gollum", "step")
        self.reset_ready(st, tx)
        return out + [_("Gollum stirs: every player secretly chooses Gollum or Sméagol.")]

    def reset_ready(self, st: TableState, tx: Tx) -> None:
        """Nobody has finished the new step yet."""
        for seat in range(len(st.seats)):
            S.put(tx, False, "seats", S.pkey(seat), "ready")

    def all_ready(self, st: TableState) -> bool:
        """Has every seat finished the current step?"""
        return all(S.public(st, s).get("ready") for s in range(len(st.seats)))

    def reveal_gollum(self, st: TableState, tx: Tx) -> list[str]:
        """Everyone's choice is announced from the start player on; Gollum marks every hunt box,
        Smeagol every resolve box (no icons); each Gollum makes its prey tell where it is."""
        m = Marker(self.data, st, tx)
        out = []
        for seat in S.order_from_start(st):
            choice = S.secret(st, seat)["gollum"]
            S.put(tx, choice, "seats", S.pkey(seat), "gollum")
            S.put(tx, "", "secret", S.pkey(seat), "gollum")
            if choice == "gollum":
                m.fill(seat, "sh", self.hunt_track().id)
                out.append(_("{name} chose Gollum.").format(name=T.seat_name(st, seat)))
            else:
                m.fill(seat, "fp", self.resolve_track().id)
                out.append(_("{name} chose Sméagol.").format(name=T.seat_name(st, seat)))
        for seat in S.order_from_start(st):
            if S.public(st, seat)["gollum"] == "gollum":
                prey = S.shadow_enemy(st, seat)
                at = S.secret(st, prey)["fellowship"]["at"]
                self.learn(st, tx, prey, {"kind": "gollum", "at": at})
                out.append(_("{prey}'s Fellowship is at {place}.").format(
                    prey=T.seat_name(st, prey), place=T.place(self.data, at)))
        return out + self.begin_assign(st, tx)

    def learn(self, st: TableState, tx: Tx, seat: int, fact: dict) -> None:
        """Record a fact about ``seat``'s Fellowship that everyone now knows."""
        known = list(S.public(st, seat).get("known", [])) + [dict(fact, round=st.round)]
        S.put(tx, known, "seats", S.pkey(seat), "known")

    def hunt_track(self):
        """The Shadow half's hunt track."""
        return self.data.sh.section("hunt")[0]

    def resolve_track(self):
        """The Free Peoples half's resolve track."""
        return self.data.fp.section("resolve")[0]

    # ---------------------------------------------------- assigning, icons
    def me_dice(self, st: TableState) -> list[int]:
        """The two Middle-earth dice's ids."""
        return [d.id for d in sorted(st.dice.values(), key=lambda d: d.id) if d.kind == ME_DIE]

    def begin_assign(self, st: TableState, tx: Tx) -> list[str]:
        """Round step 3 (skipped when both Middle-earth dice show the same face)."""
        a, b = (st.dice[d].face for d in self.me_dice(st))
        if a == b:
            for seat in range(len(st.seats)):
                S.put(tx, 0, "secret", S.pkey(seat), "assign")
            return [_("Both Middle-earth dice show the same face.")] + self.begin_icons(st, tx)
        S.put(tx, "assign", "step")
        self.reset_ready(st, tx)
        return []

    def nation_icons(self, st: TableState, seat: int, half: str) -> list[str]:
        """The icons a seat takes from its activated nations' dice (twice when motivated)."""
        b = S.board(st, S.board_key(st, seat, half))
        rolled = {st.dice[d].kind: d for d in S.get(st, "rolled", default=[])}
        out: list[str] = []
        for nation in self.data.half(half).nations.values():
            level = b["nations"][nation.id]
            if level >= ACTIVATED and nation.die in rolled and nation.id not in b["banned"]:
                icons = [i for i in self.rolled_icons(st, rolled[nation.die]) if i != "ring"]
                out += icons * (2 if level == MOTIVATED else 1)
        return out

    def begin_icons(self, st: TableState, tx: Tx) -> list[str]:
        """Round step 4: every seat's icons go to its halves' pools."""
        me = self.me_dice(st)
        for seat in range(len(st.seats)):
            sec = S.secret(st, seat)
            fp_die = me[sec["assign"]]
            sh_die = me[1 - sec["assign"]]
            pools = {"fp": [i for i in self.rolled_icons(st, fp_die) if i != "ring"],
                     "sh": [i for i in self.rolled_icons(st, sh_die) if i != "ring"]
                     + list(sec.get("carry", []))}
            for half in ("fp", "sh"):
                S.put(tx, pools[half] + self.nation_icons(st, seat, half),
                      "secret", S.pkey(seat), half, "pool")
            S.put(tx, [], "secret", S.pkey(seat), "carry")
        S.put(tx, "icons", "step")
        self.reset_ready(st, tx)
        return [_("Everyone uses their icons and takes secret actions.")]

    def usable(self, st: TableState, seat: int, half: str) -> list[tuple[str, str]]:
        """(icon, track) pairs: icons of the pool that can still mark a box."""
        hs = S.half_state(st, seat, half)
        out = []
        for icon in dict.fromkeys(hs["pool"]):
            tid = next((t for t in tracks_for(self.data, half, icon)
                        if next_box(hs["tracks"][t]) is not None), None)
            if tid is not None:
                out.append((icon, tid))
        return out

    # ------------------------------------------------------ revealed turns
    def begin_revealed(self, st: TableState, tx: Tx, step: str) -> list[str]:
        """Round step 5 or 6: revealed actions, from the start player clockwise."""
        S.put(tx, step, "step")
        S.put(tx, st.first_player, "turn")
        return self.start_turn(st, tx, st.first_player, step)

    def start_turn(self, st: TableState, tx: Tx, seat: int, step: str) -> list[str]:
        """The announcements a player must make: nations activated or motivated, and (Free
        Peoples) the Ring destroyed on Mount Doom."""
        half = "fp" if step == "fp" else "sh"
        S.put(tx, [], "seats", S.pkey(seat), "marched")
        return self.announce_nations(st, tx, seat, half) + self.announce_ring(st, tx, seat, half)

    def announce_nations(self, st: TableState, tx: Tx, seat: int, half: str) -> list[str]:
        """Copy newly activated or motivated nations to the battle board."""
        m = Marker(self.data, st, tx)
        key = S.board_key(st, seat, half)
        out = []
        for nation in self.data.half(half).nations:
            now = m.private_nation(seat, half, nation)
            if now <= S.board(st, key)["nations"][nation]:
                continue
            S.put(tx, now, "boards", key, "nations", nation)
            banned = S.board(st, key)["banned"]
            if now == MOTIVATED and nation in banned:
                S.put(tx, [n for n in banned if n != nation], "boards", key, "banned")
            word = _("{name} motivates {nation}.") if now == MOTIVATED else _("{name} activates {nation}.")
            out.append(word.format(name=T.seat_name(st, seat), nation=T.nation(self.data, nation)))
        return out

    def announce_ring(self, st: TableState, tx: Tx, seat: int, half: str) -> list[str]:
        """Round step 5F: a Fellowship on Mount Doom destroys the Ring."""
        if half != "fp" or S.public(st, seat).get("ring"):
            return []
        if S.secret(st, seat)["fellowship"]["at"] != self.data.goal:
            return []
        S.put(tx, True, "seats", S.pkey(seat), "ring")
        self.learn(st, tx, seat, {"kind": "ring", "at": self.data.goal})
        return [_("{name}'s Fellowship has reached {place}: the Ring is destroyed!").format(
            name=T.seat_name(st, seat), place=T.place(self.data, self.data.goal))]

    def end_turn(self, st: TableState, tx: Tx) -> list[str]:
        """The next player's revealed turn, or the next step."""
        step, turn = S.get(st, "step"), S.get(st, "turn")
        nxt = (turn + 1) % len(st.seats)
        if nxt != st.first_player:
            S.put(tx, nxt, "turn")
            return self.start_turn(st, tx, nxt, step)
        if step == "fp":
            return self.begin_revealed(st, tx, "shadow")
        S.put(tx, -1, "turn")
        S.put(tx, "battle", "step")
        return self.next_battle(st, tx)

    # ------------------------------------------------------ end of a round
    def end_conditions(self, st: TableState) -> list[str]:
        """Round step 8: which end conditions hold (Mount Doom, doom, both battles fought)."""
        out = []
        if any(S.public(st, s).get("ring") for s in range(len(st.seats))):
            out.append("mount_doom")
        boards = S.get(st, "boards", default={}).values()
        if any(complete(b["doom"]) for b in boards):
            out.append("doom")
        if any(all(x["fought"] for x in b["battles"].values()) for b in boards):
            out.append("battles")
        return out

    def end_round(self, st: TableState, tx: Tx) -> list[str]:
        """Round step 8: end the game, or pass the start player token and begin a new round."""
        met = self.end_conditions(st)
        if met:
            S.put(tx, met, "end")
            return self.finish(st, tx)
        n = len(st.seats)
        tx.set_global("first_player", (st.first_player + 1) % n)
        tx.set_global("round", st.round + 1)
        for seat in range(n):
            key = S.pkey(seat)
            S.put(tx, {}, "seats", key, "hunt")
            S.put(tx, [], "seats", key, "marched")
            S.put(tx, "", "seats", key, "gollum")
            S.put(tx, 0, "secret", key, "fellowship", "moves")
            for half in ("fp", "sh"):
                S.put(tx, [], "secret", key, half, "used")
        S.put(tx, "roll", "step")
        S.put(tx, [], "rolled")
        return [_("Round {n} begins; {name} is the start player.").format(
            n=st.round, name=T.seat_name(st, st.first_player))]

    def finish(self, st: TableState, tx: Tx) -> list[str]:
        """The game ends: score, and say who won."""
        result = scoring.result(self.data, st)
        S.put(tx, result, "result")
        S.put(tx, "over", "step")
        return [scoring.result_words(st, result)]
