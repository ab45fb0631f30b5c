"""Round step 7: battles.  A battle is fought when its three march boxes are marked; whoever
marked the third attacks, the other defends (+3).  Both players secretly choose the characters
they bring (the kernel's choice names both seats), then the totals are announced and written
down; the higher wins the battle's engagement victory points (a tie gives nobody anything).
"""
from __future__ import annotations

from typing import Any

from tabletop.core.i18n import _
from tabletop.core.model import TableState
from tabletop.games.coc.board import complete, ready
from tabletop.games.coc.ctx import ROUND, Ctx, op
from tabletop.games.coc.data import GameData
from tabletop.games.coc.scoring import engagement_vp
import tabletop.games.coc.slot as S
import tabletop.games.coc.texts as T


def battle_options(data: GameData, st: TableState, seat: int, half: str) -> list[str]:
    """The battle characters a seat could bring now (ready and not used this round)."""
    return [c.id for c in data.half(half).characters.values()
            if c.timing == "battle" and ready(data, st, seat, half, c.id)]


@ROUND.step("battle")
def _battle_step(ctx: Ctx) -> None:
    """Round step 7: no revealed turn any more; fight the battles."""
    ctx.E["turn"] = -1
    ctx.push({"op": "battles"})


@op("battles", doc="Fight every battle whose march track is full, in turn.")
def op_battles(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Fight the next battle due; when someone has characters to bring, ask first (and come
    back here after it)."""
    st, data = ctx.st, ctx.data
    for fp_seat in S.order_from_start(st):
        key = S.bkey(fp_seat)
        board = S.board(st, key)
        for bid in data.battles:
            b = board["battles"][bid]
            if b["fought"] or not complete(b["march"]):
                continue
            need = [seat for seat, half in ((board["fp"], "fp"), (board["sh"], "sh"))
                    if battle_options(data, st, seat, half)]
            if need:
                ctx.E["wait"] = {"kind": "battle", "board": key, "battle": bid, "need": need}
                ctx.say(_("{battle} is fought ({fp} against {sh}): characters are chosen "
                          "in secret.").format(battle=T.cap(T.battle(data, bid)),
                                               fp=ctx.name(board["fp"]), sh=ctx.name(board["sh"])))
                ctx.push({"op": "battle_characters"}, ins)
                return
            ctx.say(fight(ctx, key, bid))


@op("battle_characters", doc="Both sides of a battle choose their characters in secret.")
def op_battle_characters(ctx: Ctx, ins: dict[str, Any]) -> None:
    """Keep each side's secret choice (answer: the characters); once both have chosen, fight."""
    wait = ctx.E["wait"]
    if "answer" in ins:
        seat = ins["by"]
        ctx.put(list(ins["answer"]), "secret", S.pkey(seat), "battle")
        ctx.say(_("{name} has chosen in secret.").format(name=ctx.name(seat)))
        wait = dict(wait, need=[s for s in wait["need"] if s != seat])
        ctx.E["wait"] = wait
    if wait["need"]:
        most = max(len(ctx.data.half(h).characters) for h in ("fp", "sh"))
        ctx.ask_for(ins, "battle", wait["need"], low=0, high=most, several=True)
        return
    ctx.E["wait"] = None
    ctx.say(fight(ctx, wait["board"], wait["battle"]))


def bonus(data: GameData, half: str, chosen: list[str]) -> int:
    """What the chosen characters add (Gimli adds more beside Legolas)."""
    total = 0
    for cid in chosen:
        c = data.half(half).characters[cid]
        with_legolas = "legolas" in chosen and "bonus_with_legolas" in c.params
        total += c.num("bonus_with_legolas") if with_legolas else c.num("bonus")
    return total


def fight(ctx: Ctx, key: str, bid: str) -> str:
    """Announce and write down both armies' full strength; the stronger wins."""
    st, data = ctx.st, ctx.data
    board = S.board(st, key)
    b = board["battles"][bid]
    m = ctx.marker
    totals, shown = {}, {}
    for half in ("fp", "sh"):
        seat = board[half]
        chosen = list(S.secret(st, seat).get("battle", []))
        for cid in chosen:
            m.use(seat, half, cid)
        ctx.put([], "secret", S.pkey(seat), "battle")
        defends = b["attacker"] not in ("", half)
        totals[half] = (b["strength"][half] + bonus(data, half, chosen)
                        + (data.defender_bonus if defends else 0))
        extras = [T.character(data, c) for c in chosen]
        if defends:
            extras.append(_("defending +{n}").format(n=data.defender_bonus))
        shown[half] = f"{ctx.name(seat)} {totals[half]}" + (
            f" ({', '.join(extras)})" if extras else "")
        ctx.put(totals[half], "boards", key, "battles", bid, "strength", half)
        ctx.put(chosen, "boards", key, "battles", bid, "characters", half)
    winner = "tie" if totals["fp"] == totals["sh"] else max(totals, key=lambda h: totals[h])
    ctx.put(True, "boards", key, "battles", bid, "fought")
    ctx.put(winner, "boards", key, "battles", bid, "winner")
    head = _("{battle}: {fp} against {sh}.").format(
        battle=T.cap(T.battle(data, bid)), fp=shown["fp"], sh=shown["sh"])
    if winner == "tie":
        return head + " " + _("A tie: nobody wins it.")
    return head + " " + _("{name} wins {vp} VP.").format(
        name=ctx.name(board[winner]), vp=engagement_vp(data, bid, b))
