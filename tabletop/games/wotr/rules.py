"""The two War of the Ring rulesets: the free table and the enforced rules.

``WotrSandbox`` does the bookkeeping (dice, hunt, battles, the expansion's
pieces) and lets the players move anything anywhere, as at a real table.
``WotrEnforce`` is the same table with ``strict`` on: every verb checks the
rules first and refuses with the rule's name (for the expansion, the section
of its rulebook).  It also lists the legal actions of a position and the
decision the game waits for (``pending``).

Pure Python: no pygame.
"""
from __future__ import annotations

from tabletop.core.i18n import _, ngettext
from tabletop.core.ruleset import Choice
from tabletop.core.view import register_redactor
from tabletop.games.wotr.base import WotrBase
from tabletop.games.wotr.battle import BattleMixin, other
from tabletop.games.wotr.data import FP, SHADOW, sovereigns
from tabletop.games.wotr.hunt import HuntMixin
from tabletop.games.wotr.kings import KingsMixin
from tabletop.games.wotr.moves import MovesMixin
from tabletop.games.wotr.turn import TurnMixin
import tabletop.games.wotr.state as S


class WotrSandbox(KingsMixin, BattleMixin, HuntMixin, TurnMixin, MovesMixin, WotrBase):
    """The free War of the Ring table with the bookkeeping done."""

    name = "sandbox"

    def pending(self, state) -> Choice | None:
        """The decision the table waits for (the same in both rulesets)."""
        return pending_choice(self, state)


class WotrEnforce(WotrSandbox):
    """War of the Ring with the rules enforced (base-game bookkeeping and the
    Kings of Middle-earth rules; see docs/WAR_OF_THE_RING.md for the list)."""

    name = "enforce"
    strict = True

    def legal_actions(self, state, seat: int | None = None) -> list:
        """The commands the rules allow now (for ``seat``, or anyone)."""
        from tabletop.games.wotr.legal import legal_actions
        acts = legal_actions(self, state)
        return acts if seat is None else [a for a in acts if a.seat == seat]


def pending_choice(rules, st) -> Choice | None:
    """What the game waits for, as a ``Choice``."""
    if S.get(st, "outcome"):
        return None
    p = S.get(st, "pending") or {}
    if p.get("kind") == "keep":
        return Choice(p["seat"], "one", _("Choose the tile to lay face down on {name}").format(
            name=_(sovereigns()[p["sovereign"]].name)), tuple(st.zones["kome.draw"].cards))
    if p.get("kind") == "cleanse":
        return Choice(p["seat"], "yesno", _("Remove a Corruption token from {name}?").format(
            name=_(sovereigns()[p["sovereign"]].name)), (p["sovereign"],))
    draws = S.get(st, "draws") or []
    if draws:
        return Choice(draws[0], "one", _("Draw an event card"), ("character", "strategy"))
    b = S.get(st, "battle") or {}
    if b:
        return _battle_choice(st, b)
    return _phase_choice(rules, st)


def _battle_choice(st, b: dict) -> Choice:
    if b["stage"] == "roll":
        side = next(s for s in (b["attacker"], other(b["attacker"])) if s not in b["rolled"])
        return Choice(S.lead(st, side), "act", _("Play a combat card, then roll"), ())
    if b["stage"] == "hits":
        side = next(s for s in (FP, SHADOW) if b["owed"][s])
        return Choice(S.lead(st, side), "many", ngettext(
            "Choose casualties for {n} hit", "Choose casualties for {n} hits",
            b["owed"][side]).format(n=b["owed"][side]), ())
    return Choice(S.lead(st, b["attacker"]), "one", _("Continue the battle or cease"),
                  ("continue", "cease"))


def _phase_choice(rules, st) -> Choice | None:
    phase = S.get(st, "phase")
    if phase == "start":
        return Choice(S.lead(st, FP), "act", _("Begin the first turn"), ())
    if phase == "fellowship":
        return Choice(S.lead(st, FP), "act", _("Declare the Fellowship, or go on to the Hunt"), ())
    if phase == "hunt":
        return Choice(S.lead(st, SHADOW), "number", _("Dice to put in the Hunt box"), (),
                      0, rules.max_hunt_dice(st))
    if phase == "roll":
        return Choice(S.lead(st, FP), "act", _("Roll the action dice"), ())
    if phase == "discard":
        side = S.get(st, "discarding")
        return Choice(S.lead(st, side), "one", _("Set one die aside"),
                      tuple(range(len(S.get(st, "dice", side, default=[])))))
    if phase == "actions":
        side = S.get(st, "acting")
        return Choice(S.lead(st, side), "act", _("Use an action die"), ())
    return None


def redact(slot: dict, seat: int | None) -> dict:
    """The ``wotr`` slot holds no secret: hidden things (hands, the Hunt pool,
    Corruption tokens) are zones, and their visibility hides them.  Kept as the
    one place a secret in the slot would be taken out."""
    return slot


register_redactor(S.SLOT, redact)
