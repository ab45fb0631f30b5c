"""Abilities that take an action die: Companions, Saruman, the Sovereigns' first abilities.

Boromir, Legolas and Gimli stir their nations from their cities; Strider,
guiding, hides a revealed Fellowship with any die; Saruman's Voice (a Muster
die: a Regular in every Isengard settlement, or two Elites in Orthanc); Dáin,
Denethor and Thranduil make a Regular of their city an Elite
(``sovereigns``).  Each is a ``CharacterAbility`` command; ``ability_actions``
lists those the acting side may take, with the characters that may enter
play (``characters.BringCharacter``).

Pure Python: no pygame.
"""
from __future__ import annotations

from tabletop.core.commands import Command
from tabletop.core.i18n import _
from tabletop.core.model import TableState
import tabletop.games.wotr.commands as C
from tabletop.games.wotr.armies import upgrade_one
from tabletop.games.wotr.base import base
from tabletop.games.wotr.characters import MINIONS, entry_regions
from tabletop.games.wotr.ctx import Ctx, Handler
from tabletop.games.wotr.data import FP, SHADOW, characters, regions
from tabletop.games.wotr.dice import spend
from tabletop.games.wotr.effects import advance_nation, free_for, guide, recruit_one
from tabletop.games.wotr.sovereigns import first_ability, first_ability_problem
import tabletop.games.wotr.conds as K
import tabletop.games.wotr.state as S


def ability_problem(st: TableState, ability: str) -> str:
    """Why a character's die ability cannot be used now ("" if it can)."""
    where = {"boromir": "gondor", "legolas": "elves", "gimli": "dwarves"}
    if ability in where:
        r = K.char_zone(st, ability)
        info = regions().get(r or "")
        nation = where[ability]
        ok = info is not None and info.nation == nation and not S.is_conquered(st, r or "") \
            and (info.settlement == "Stronghold"
                 or (ability == "boromir" and info.settlement == "City"))
        if ability == "gimli":
            ok = r == "erebor" and not S.is_conquered(st, "erebor")
        pol = S.politics(st, nation)
        if ok and pol["step"] > 0 and (pol["active"] or pol["step"] > 1):
            return ""
        return _("He is not where his ability works, or his nation cannot advance.")
    if ability == "strider":
        if guide(st) == "strider" and S.get(st, "fellowship", "revealed"):
            return ""
        return _("Strider hides the Fellowship only as its Guide, when it is revealed.")
    if ability in ("saruman-recruit", "saruman-upgrade"):
        if K.char_zone(st, "saruman") == "orthanc" and S.controller_side(st, "orthanc") == SHADOW \
                and not S.besieged(st, "orthanc"):
            return ""
        return _("Saruman's Voice needs him in Orthanc, held and not besieged.")
    return first_ability_problem(st, ability)


ABILITY_DICE = {"boromir": "any", "legolas": "any", "gimli": "any", "strider": "any",
                "saruman-recruit": "muster", "saruman-upgrade": "muster",
                "dain": "muster", "denethor": "muster", "thranduil": "muster"}


def use_ability(c: Ctx, cmd: C.CharacterAbility) -> str:
    """A character's ability that takes an action die."""
    st = c.st
    c.must(cmd.ability in ABILITY_DICE, _("There is no such ability."))
    side = SHADOW if cmd.ability.startswith("saruman") else FP
    c.need_side(cmd.seat, side, base("characters"))
    why = ability_problem(st, cmd.ability)
    c.need(not why, why, base("characters"))
    spend(c, side, cmd.die, ABILITY_DICE[cmd.ability], cmd.ability)
    ab = cmd.ability
    if ab in ("boromir", "legolas", "gimli"):
        nation = {"boromir": "gondor", "legolas": "elves", "gimli": "dwarves"}[ab]
        advance_nation(c, nation, cause="companion")
        return _("{name} stirs {nation}").format(name=_(characters()[ab].name),
                                                nation=S.nation_name(nation))
    if ab == "strider":
        c.put(("fellowship", "revealed"), False)
        return _("Strider hides the Fellowship")
    if ab == "saruman-recruit":
        got = [r for r, i in regions().items() if i.nation == "isengard" and i.settlement
               and free_for(st, r, SHADOW) and recruit_one(c, "isengard", "regular", r)]
        return _("The Voice of Saruman: Isengard Regulars in {n} settlements").format(n=len(got))
    if ab == "saruman-upgrade":
        n = sum(1 for _i in range(2) if upgrade_one(c, "isengard", "orthanc"))
        return _("The Voice of Saruman: {n} Elites in Orthanc").format(n=n)
    return first_ability(c, ab)


def ability_actions(st: TableState, side: str, mine: list[int]) -> list[Command]:
    """The die abilities the acting side may use now."""
    out: list[Command] = []
    if not mine:
        return out
    seat = S.lead(st, side)
    dice = S.get(st, "dice", side)
    for ab, kind in ABILITY_DICE.items():
        if (side == SHADOW) != ab.startswith("saruman") or ability_problem(st, ab):
            continue
        for i in mine:
            if kind == "any" or S.die_ok(st, side, i, kind):
                out.append(C.CharacterAbility(seat, ab, i))
                break
    for who in (("gandalf-white", "aragorn") if side == FP else MINIONS):
        regs = entry_regions(st, who) if S.find(st, "chars.aside", "char." + who) is not None \
            else []
        if not regs:
            continue
        want = "will_of_the_west" if side == FP else "muster"
        for i in mine:
            if dice[i]["face"] == want or (side == SHADOW and S.die_ok(st, side, i, "muster")):
                nation = characters()[who].nation
                who_seat = S.controller(st, nation) if nation and len(st.seats) > 2 else seat
                out.append(C.BringCharacter(who_seat, who, regs[0], i))
                break
    return out


HANDLERS: dict[type[Command], Handler] = {C.CharacterAbility: use_ability}
