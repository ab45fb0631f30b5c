"""Round step 7: battles.  A battle is fought when its three march boxes are marked; whoever
marked the third attacks, the other defends (+3).  Both players secretly choose the characters
they bring, then the totals are announced and written down; the higher wins the battle's
engagement victory points (a tie gives nobody anything).  A part of the enforced ruleset.
"""
from __future__ import annotations

from tabletop.core.i18n import _
from tabletop.core.model import TableState
from tabletop.core.ruleset import Refused, handles
from tabletop.core.tx import Tx
from tabletop.games.coc.board import Marker, complete
from tabletop.games.coc.data import GameData
from tabletop.games.coc.scoring import engagement_vp
import tabletop.games.coc.commands as C
import tabletop.games.coc.slot as S
import tabletop.games.coc.texts as T


class BattleSteps:
    """Finding the battles to fight, the secret choice of characters, and the result."""

    data: GameData

    def battle_options(self, st: TableState, seat: int, half: str) -> list[str]:
        """The battle characters a seat could bring now (ready and not used this round)."""
        m = Marker(self.data, st, None)
        return [c.id for c in self.data.half(half).characters.values()
                if c.timing == "battle" and m.ready(seat, half, c.id)]

    def next_battle(self, st: TableState, tx: Tx) -> list[str]:
        """Fight every battle whose march track is full, asking for characters when someone has
        any; then the end of the round."""
        words: list[str] = []
        for fp_seat in S.order_from_start(st):
            key = S.bkey(fp_seat)
            board = S.board(st, key)
            for bid in self.data.battles:
                b = board["battles"][bid]
                if b["fought"] or not complete(b["march"]):
                    continue
                need = [seat for seat, half in ((board["fp"], "fp"), (board["sh"], "sh"))
                        if self.battle_options(st, seat, half)]
                if need:
                    S.put(tx, {"kind": "battle", "board": key, "battle": bid, "need": need}, "wait")
                    words.append(_("{battle} is fought ({fp} against {sh}): characters are chosen "
                                   "in secret.").format(
                        battle=T.cap(T.battle(self.data, bid)),
                        fp=T.seat_name(st, board["fp"]), sh=T.seat_name(st, board["sh"])))
                    return words
                words.append(self.fight(st, tx, key, bid))
        return words + self.end_round(st, tx)

    @handles(C.BattleCharacters)
    def _battle(self, st, cmd: C.BattleCharacters, tx: Tx, rng) -> str:
        self.expect(st, cmd.seat, ("battle",), "battle")
        wait = S.get(st, "wait")
        board = S.board(st, wait["board"])
        half = "fp" if board["fp"] == cmd.seat else "sh"
        options = self.battle_options(st, cmd.seat, half)
        chosen = list(dict.fromkeys(cmd.characters))
        if any(c not in options for c in chosen):
            raise Refused(_("Only ready battle characters who have not acted this round can join."))
        S.put(tx, chosen, "secret", S.pkey(cmd.seat), "battle")
        need = [s for s in wait["need"] if s != cmd.seat]
        words = [_("{name} has chosen in secret.").format(name=T.seat_name(st, cmd.seat))]
        if need:
            S.put(tx, need, "wait", "need")
            return " ".join(words)
        S.put(tx, None, "wait")
        words.append(self.fight(st, tx, wait["board"], wait["battle"]))
        return " ".join(words + self.next_battle(st, tx))

    def bonus(self, half: str, chosen: list[str]) -> int:
        """What the chosen characters add (Gimli adds more beside Legolas)."""
        total = 0
        for cid in chosen:
            c = self.data.half(half).characters[cid]
            with_legolas = "legolas" in chosen and "bonus_with_legolas" in c.params
            total += c.num("bonus_with_legolas") if with_legolas else c.num("bonus")
        return total

    def fight(self, st: TableState, tx: Tx, key: str, bid: str) -> str:
        """Announce and write down both armies' full strength; the stronger wins."""
        board = S.board(st, key)
        b = board["battles"][bid]
        m = Marker(self.data, st, tx)
        totals, shown = {}, {}
        for half in ("fp", "sh"):
            seat = board[half]
            chosen = list(S.secret(st, seat).get("battle", []))
            for cid in chosen:
                m.use(seat, half, cid)
            S.put(tx, [], "secret", S.pkey(seat), "battle")
            defends = b["attacker"] not in ("", half)
            totals[half] = (b["strength"][half] + self.bonus(half, chosen)
                            + (self.data.defender_bonus if defends else 0))
            extras = [T.character(self.data, c) for c in chosen]
            if defends:
                extras.append(_("defending +{n}").format(n=self.data.defender_bonus))
            shown[half] = f"{T.seat_name(st, seat)} {totals[half]}" + (
                f" ({', '.join(extras)})" if extras else "")
            S.put(tx, totals[half], "boards", key, "battles", bid, "strength", half)
            S.put(tx, chosen, "boards", key, "battles", bid, "characters", half)
        winner = "tie" if totals["fp"] == totals["sh"] else max(totals, key=totals.get)
        S.put(tx, True, "boards", key, "battles", bid, "fought")
        S.put(tx, winner, "boards", key, "battles", bid, "winner")
        head = _("{battle}: {fp} against {sh}.").format(
            battle=T.cap(T.battle(self.data, bid)), fp=shown["fp"], sh=shown["sh"])
        if winner == "tie":
            return head + " " + _("A tie: nobody wins it.")
        return head + " " + _("{name} wins {vp} VP.").format(
            name=T.seat_name(st, board[winner]), vp=engagement_vp(self.data, bid, b))
