"""How War of the Ring ends: the Ring's victories at once, the military one at the
turn's victory check.

- The Ring-bearers reach 12 Corruption points: the Shadow wins at once
  (``corruption``).
- The Fellowship reaches the last step of the Mordor track (the Crack of Doom)
  with less than 12: the Free Peoples win at once (``ring``).
- In phase 6 of a turn (the victory check), the Shadow wins with 10 victory
  points of captured Free Peoples Cities and Strongholds, the Free Peoples
  with 4 of captured Shadow ones (``military``).

The slot keeps the winning side in ``outcome`` and the kind of victory in
``victory``; the game then asks nothing more.

Pure Python: no pygame.
"""
from __future__ import annotations

from tabletop.core.i18n import N_, _
from tabletop.core.model import TableState
from tabletop.games.wotr.ctx import Ctx
from tabletop.games.wotr.data import FP, SHADOW, tracks
import tabletop.games.wotr.state as S

KINDS = {"ring": N_("the Ring was destroyed in the fire of Mount Doom"),
         "corruption": N_("the Ring-bearers were corrupted by the Ring"),
         "military": N_("a military victory")}


def over(st: TableState) -> bool:
    """Is the game over?"""
    return bool(S.get(st, "outcome"))


def end_game(c: Ctx, winner: str, how: str) -> None:
    """The game ends now: nothing more is asked or done."""
    if c.E.get("outcome"):
        return
    c.put(("phase",), "over")
    c.put(("victory",), how)
    c.E["outcome"] = winner
    c.E["stack"] = []
    c.E["choice"] = None
    c.say(_("The game is over: the {side} win ({how})").format(
        side=S.side_name(winner), how=_(KINDS[how])) + score_words(c.st))


def score_words(st: TableState) -> str:
    """The score sheet in a line: victory points, corruption, the Mordor track."""
    vp = S.victory_points(st)
    fel = S.get(st, "fellowship", default={}) or {}
    words = _(". Victory points: Free Peoples {fp}, Shadow {sh}; corruption {c}").format(
        fp=vp[FP], sh=vp[SHADOW], c=fel.get("corruption", 0))
    if fel.get("mordor", -1) >= 0:
        words += _("; the Fellowship on step {n} of the Mordor track").format(n=fel["mordor"])
    return words + _("; turn {n}").format(n=st.round)


def check_ring(c: Ctx) -> bool:
    """The Ring's victories, checked whenever the corruption or the Mordor track
    changes; whether the game ended."""
    fel = S.get(c.st, "fellowship", default={}) or {}
    t = tracks()
    if fel.get("corruption", 0) >= t["corruption_max"]:
        end_game(c, SHADOW, "corruption")
        return True
    if fel.get("mordor", -1) >= t["mordor_track_steps"]:
        end_game(c, FP, "ring")
        return True
    return False


def military(st: TableState) -> str:
    """The side with a military victory at the victory check ("" for none)."""
    t = tracks()
    vp = S.victory_points(st)
    if vp[SHADOW] >= t["shadow_military_vp_to_win"]:
        return SHADOW
    if vp[FP] >= t["fp_military_vp_to_win"]:
        return FP
    return ""


def how_won(st: TableState) -> str | None:
    """The kind of victory of a finished game (None while it goes on); a game
    finished before the record was kept is read from its tracks."""
    if not over(st):
        return None
    how = S.get(st, "victory")
    if how in KINDS:
        return str(how)
    fel = S.get(st, "fellowship", default={}) or {}
    t = tracks()
    if fel.get("corruption", 0) >= t["corruption_max"]:
        return "corruption"
    if fel.get("mordor", -1) >= t["mordor_track_steps"]:
        return "ring"
    return "military"
