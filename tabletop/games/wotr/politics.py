"""The political track: nations activated and advanced, by the players and by the rules.

A Free Peoples nation is **activated** (its counter turned to the active side)
when an enemy army enters one of its regions, when an army with units of the
nation is attacked, when the Fellowship is declared in one of its Cities or
Strongholds, or when a Companion able to activate it ends his move (or enters
play) in one of its Cities or Strongholds not held by the enemy.  A nation
**advances** one step toward war with a Muster die (the diplomatic action),
and by itself each time an army with its units is attacked (once a battle)
and each time one of its Settlements is captured.  A passive Free Peoples
nation never reaches the At War step.  The Shadow's nations are active from
the start.

``activate`` and ``advance`` are what the rules do; ``politics`` and
``activate_cmd`` are the players' commands (the diplomatic action, and the
free table's marker turned by hand).

Pure Python: no pygame.
"""
from __future__ import annotations

from collections.abc import Iterable

from tabletop.core.commands import Command
from tabletop.core.i18n import _, ngettext
from tabletop.core.model import TableState
import tabletop.games.wotr.commands as C
from tabletop.games.wotr.base import base
from tabletop.games.wotr.ctx import Ctx, Handler
from tabletop.games.wotr.data import FP, FP_NATIONS, NATIONS, regions
from tabletop.games.wotr.dice import spend
from tabletop.games.wotr.kings import after_politics
from tabletop.games.wotr.pieces import catalogue
from tabletop.games.wotr.vocab import POLITICS, fire
import tabletop.games.wotr.state as S

ACTIVATING = ("City", "Stronghold")


# ------------------------------------------------------------ the rules
def activate(c: Ctx, nation: str, why: str = "", cause: str = "") -> None:
    """Turn a nation's counter to its active side (nothing when it already is);
    ``cause`` (attack, entered, companion, declared:<region>, card...) is told to what
    answers it, and a card on the table may forbid it (Wormtongue)."""
    pol = S.politics(c.st, nation)
    if pol.get("active"):
        return
    if "activation" in S.RULE_HOOKS and S.RULE_HOOKS["activation"](c.st, nation, cause):
        return
    c.put(("politics", nation, "active"), True)
    c.say(_("{nation} is activated{why}").format(nation=S.nation_name(nation),
                                                  why=f" ({why})" if why else ""))
    after_politics(c, nation)
    fire(c, POLITICS, nation=nation, step=int(pol.get("step", 3)), active=True,
         **({"cause": cause} if cause else {}))


def can_advance(st: TableState, nation: str) -> bool:
    """May the nation's counter move one step toward war?"""
    pol = S.politics(st, nation)
    step = pol.get("step", 3)
    if step <= 0:
        return False
    return not (step == 1 and nation in FP_NATIONS and not pol.get("active"))


def advance(c: Ctx, nation: str, why: str = "", cause: str = "") -> bool:
    """Move a nation one step toward war (a passive Free Peoples nation stops one
    step short of it); whether it moved.  ``cause``: as for ``activate``."""
    if not can_advance(c.st, nation):
        return False
    pol = S.politics(c.st, nation)
    new = int(pol["step"]) - 1
    c.put(("politics", nation, "step"), new)
    c.say(_step_words(nation, new) + (f" ({why})" if why else ""))
    after_politics(c, nation)
    fire(c, POLITICS, nation=nation, step=new, active=bool(pol.get("active")),
         **({"cause": cause} if cause else {}))
    return True


def _step_words(nation: str, step: int) -> str:
    if step == 0:
        return _("{nation} is now At War").format(nation=S.nation_name(nation))
    return ngettext("{nation} is {n} step from war", "{nation} is {n} steps from war",
                    step).format(nation=S.nation_name(nation), n=step)


def nations_of(st: TableState, ids: Iterable[int]) -> list[str]:
    """The nations of the army units and leaders among ``ids`` (in the order of NATIONS)."""
    found = set()
    for cid in ids:
        d = catalogue().get(S.code(st, cid))
        if d is not None and d.kind in ("regular", "elite", "leader", "nazgul") and d.nation:
            found.add(d.nation)
    return [n for n in NATIONS if n in found]


def army_attacked(c: Ctx, defenders: Iterable[int]) -> None:
    """An army was attacked: each nation with units in it is activated and advances
    one step (once a battle, however many rounds are fought)."""
    why = _("its army was attacked")
    for nation in nations_of(c.st, [x for x in defenders
                                    if S.kind(c.st, x) in ("regular", "elite")]):
        activate(c, nation, why, "attack")
        advance(c, nation, why, "attack")


def region_entered(c: Ctx, region: str, side: str | None) -> None:
    """An army of ``side`` entered a region: a Free Peoples nation entered by the
    enemy is activated."""
    nation = regions()[region].nation
    if side is None or not nation or S.nation_side_of(nation) == side:
        return
    activate(c, nation, _("an enemy army entered {r}").format(r=c.region_name(region)),
             "entered")


def settlement_captured(c: Ctx, region: str) -> None:
    """A settlement was captured: its nation advances one step."""
    nation = regions()[region].nation
    if nation:
        advance(c, nation, _("{r} was captured").format(r=c.region_name(region)))


def fellowship_declared(c: Ctx, region: str) -> bool:
    """The Fellowship declared in a region: a Free Peoples City or Stronghold not
    held by the enemy activates its nation; whether it was one."""
    info = regions()[region]
    nation = info.nation
    if not nation or info.settlement not in ACTIVATING or S.nation_side_of(nation) != FP:
        return False
    if S.controller_side(c.st, region) != FP:
        return False
    activate(c, nation, _("the Fellowship was declared in {r}").format(
        r=c.region_name(region)), "declared:" + region)
    return True


# ------------------------------------------------------------ the commands
def politics(c: Ctx, cmd: C.Politics) -> str:
    """The diplomatic action (a Muster die): a nation moves one step toward war."""
    c.must(cmd.nation in NATIONS, _("There is no nation called {n}.").format(n=cmd.nation))
    pol = S.politics(c.st, cmd.nation)
    new = pol["step"] - cmd.steps
    c.must(0 <= new <= 3, _("The political track has no such step."))
    c.need(cmd.steps == 1, _("A nation moves one step at a time"), base("politics"))
    if cmd.nation in FP_NATIONS:
        c.need(new > 0 or pol["active"], _("A passive nation cannot go to war"), base("politics"))
        c.need(pol["active"] or "threats" not in S.RULE_HOOKS
               or not S.RULE_HOOKS["threats"](c.st),
               _("Threats and Promises: a Muster die cannot advance a passive nation"),
               base("cards"))
    c.need(cmd.nation in S.seat_info(c.st, cmd.seat).get("nations", ()),
           _("{seat} does not play {nation}").format(
               seat=c.seat_name(cmd.seat), nation=S.nation_name(cmd.nation)), base("politics"))
    if cmd.die >= 0 or c.get("phase") == "actions":
        spend(c, S.nation_side_of(cmd.nation), cmd.die, "muster", "politics")
    c.put(("politics", cmd.nation, "step"), new)
    after_politics(c, cmd.nation)
    fire(c, POLITICS, nation=cmd.nation, step=new, active=bool(pol["active"]))
    return _step_words(cmd.nation, new)


def activate_cmd(c: Ctx, cmd: C.Activate) -> str:
    """The free table: turn a nation's counter to its active side by hand."""
    c.must(cmd.nation in NATIONS, _("There is no nation called {n}.").format(n=cmd.nation))
    c.must(not S.politics(c.st, cmd.nation)["active"], _("{nation} is already active.").format(
        nation=S.nation_name(cmd.nation)))
    c.need(False, _("A nation is activated only as the rules say (an enemy army enters it, "
                    "its army is attacked, a Companion or the Fellowship comes to one of its "
                    "Cities or Strongholds)"), base("politics"))
    c.put(("politics", cmd.nation, "active"), True)
    after_politics(c, cmd.nation)
    fire(c, POLITICS, nation=cmd.nation, step=S.politics(c.st, cmd.nation)["step"], active=True)
    return _("{nation} is now active").format(nation=S.nation_name(cmd.nation))


HANDLERS: dict[type[Command], Handler] = {C.Politics: politics, C.Activate: activate_cmd}
