"""End-of-game scoring: the score table on the back of the Ring board.

Free Peoples: the engagement victory points of every battle won (A), 1 per 10 army strength in
each battle, won, lost or never fought (B), the victory points of every location the
Fellowship reached (C).  Shadow: battles won (D), army strength (E), the victory points of the
marked doom boxes (F).  Highest total wins; a tie goes to the Fellowship nearest Mount Doom,
then to the most doom victory points; otherwise the tied players share the victory.

Works on any table, enforced or free, from the marks alone.
"""
from __future__ import annotations

from tabletop.core.i18n import _
from tabletop.core.model import TableState
from tabletop.games.coc.board import MARKED
from tabletop.games.coc.data import GameData
import tabletop.games.coc.slot as S
import tabletop.games.coc.texts as T


def engagement_vp(data: GameData, battle_id: str, battle: dict) -> int:
    """What a battle is worth to its winner: the victory points of its marked engagement boxes."""
    values = data.battles[battle_id].engagement
    return sum(v for v, m in zip(values, battle["engage"]) if m == MARKED)


def _battles(data: GameData, b: dict, side: str) -> tuple[int, int]:
    won = sum(engagement_vp(data, bid, x) for bid, x in b["battles"].items() if x["winner"] == side)
    strength = sum(x["strength"][side] // data.strength_per_vp for x in b["battles"].values())
    return won, strength


def seat_score(data: GameData, st: TableState, seat: int) -> dict[str, int]:
    """One seat's line of the score table, row by row, with its ``total``."""
    fpb = S.board(st, S.board_key(st, seat, "fp"))
    shb = S.board(st, S.board_key(st, seat, "sh"))
    fp_won, fp_strength = _battles(data, fpb, "fp")
    sh_won, sh_strength = _battles(data, shb, "sh")
    visited = set(S.secret(st, seat).get("fellowship", {}).get("visited", []))
    row = {"fp_battles": fp_won, "fp_strength": fp_strength,
           "ring": sum(data.locations[loc].vp for loc in visited if loc in data.locations),
           "shadow_battles": sh_won, "shadow_strength": sh_strength,
           "doom": sum(vp for (vp, _g), m in zip(data.doom, shb["doom"]) if m == MARKED)}
    row["total"] = sum(row.values())
    return row


def distance_to_goal(data: GameData, st: TableState, seat: int) -> int:
    """How many lines separate a seat's Fellowship from Mount Doom."""
    at = S.secret(st, seat).get("fellowship", {}).get("at", data.start)
    return data.distance(at, data.goal)


def result(data: GameData, st: TableState) -> dict:
    """Scores of every seat and the winners (plain data, for the slot)."""
    rows = [seat_score(data, st, s) for s in range(len(st.seats))]
    best = max(r["total"] for r in rows)
    tied = [s for s, r in enumerate(rows) if r["total"] == best]
    rule = "points"
    for rule_name, key in (("mount_doom", lambda s: -distance_to_goal(data, st, s)),
                           ("doom", lambda s: rows[s]["doom"])):
        if len(tied) == 1:
            break
        top = max(key(s) for s in tied)
        tied = [s for s in tied if key(s) == top]
        rule = rule_name
    return {"scores": rows, "winners": tied, "decided_by": rule if len(tied) == 1 else "shared",
            "distances": [distance_to_goal(data, st, s) for s in range(len(st.seats))]}


def result_words(st: TableState, res: dict) -> str:
    """The end of the game in words: every total and the winner."""
    totals = ", ".join(_("{name} {vp} VP").format(name=T.seat_name(st, s), vp=r["total"])
                       for s, r in enumerate(res["scores"]))
    names = [T.seat_name(st, s) for s in res["winners"]]
    if len(names) == 1:
        why = {"points": "", "mount_doom": _(" (nearest Mount Doom)"),
               "doom": _(" (more doom)")}.get(res["decided_by"], "")
        return _("The game is over: {totals}. {name} wins{why}.").format(
            totals=totals, name=names[0], why=why)
    return _("The game is over: {totals}. {names} share the victory.").format(
        totals=totals, names=_(" and ").join(names))
