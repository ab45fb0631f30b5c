"""Every combat card title, chosen in a battle round where its condition holds: what it
does to the round (its modifiers, a strike before the roll, a question), with a save and
load between the two sides' choices.  One case per title; the event cards sharing that
combat card are marked as its subjects."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import pytest

import tabletop.games.wotr.combat as combat
import tabletop.games.wotr.combat_effects as effects
import tabletop.games.wotr.commands as C
import tabletop.games.wotr.state as S
from tabletop.games.wotr.events import specs

from tests.wotr.helpers import attack
from tests.wotr.cardkit import (FP, SHADOW, answer, clear, hand, move, ok, position, rebase,
                                reload, rig, session, units)

DEFAULT_SHADOW = (("sauron.regular", 5),)
DEFAULT_FP = (("gondor.regular", 3),)


@dataclass
class Case:
    """A battle for one combat title: who plays it, the armies, and what to check."""
    title: str
    side: str
    check: Callable[[Any, dict[str, Any], dict[str, Any]], None]
    attack: tuple[str, str] = ("dagorlad", "north-ithilien")
    shadow: tuple = DEFAULT_SHADOW
    fp: tuple = DEFAULT_FP
    chars: tuple[str, ...] = ()          # characters with the defender ("char.x", "sov.x")
    shadow_chars: tuple[str, ...] = ()   # with the attacker
    kings: bool = False
    rolls: tuple[int, ...] = ()          # the combat effects' dice
    setup: Callable[[Any], None] | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def _awake(sid: str, region: str) -> Callable[[Any], None]:
    def setup(s) -> None:
        s.state.slots["wotr"]["kome"]["sovereigns"][sid]["state"] = "awake"
        grey = S.sovereign_piece(s.state, sid)
        move(s, f"sov.{sid}.silver", "r." + region)
        move(s, S.code(s.state, grey), "kome.aside")
    return setup


def _siege(s) -> None:
    s.state.slots["wotr"]["sieges"] = {"helms-deep": FP}


def _eq(side: str, **want: Any) -> Callable[[Any, dict, dict], None]:
    def check(s, b, m) -> None:
        for k, v in want.items():
            assert m[side].get(k) == v, (side, k, m[side])
    return check


def _both(**want: Any) -> Callable[[Any, dict, dict], None]:
    def check(s, b, m) -> None:
        for side in (FP, SHADOW):
            for k, v in want.items():
                assert m[side].get(k) == v, (side, k, m[side])
    return check


def _all(*checks) -> Callable[[Any, dict, dict], None]:
    def check(s, b, m) -> None:
        for one in checks:
            one(s, b, m)
    return check


def _scouts(s, b, m) -> None:
    q = s.pending()
    assert q is not None and "Scouts" in q.prompt
    answer(s, "osgiliath")
    assert "Advance into North Ithilien" in s.pending().prompt    # the attacker's choice
    assert len(S.units(s.state, "osgiliath", FP)) == 3
    assert not S.units(s.state, "north-ithilien", FP)


def _relentless(s, b, m) -> None:
    answer(s, 1)
    b = S.get(s.state, "battle")
    assert combat.mods(b, SHADOW)["plus"] == 1
    assert len(S.units(s.state, "dagorlad", SHADOW)) == 4


def _hope(s, b, m) -> None:
    assert S.sovereign_state(s.state, "denethor") == "awake"
    assert m[FP].get("rplus") == 1


CASES = [
    # --------------------------------------------------------------- Free Peoples
    Case("It Is a Gift", FP, _eq(FP, plus=1, rplus=1),
         setup=lambda s: move(s, "fellowship", "r.north-ithilien")),
    Case("Blade of Westernesse", FP, _eq(FP, blade=True), chars=("char.meriadoc",)),
    Case("Mighty Attack", FP, _eq(FP, sure=1, lead=-1), chars=("char.boromir",)),
    Case("Servant of the Secret Fire", FP, _eq(FP, plus=1), chars=("char.gandalf-grey",)),
    Case("Andúril", FP, _eq(FP, sure=1, lead=-1), chars=("char.strider",)),
    Case("Heroic Death", FP, _eq(FP, heroic_death=True), fp=DEFAULT_FP + (("gondor.leader", 1),)),
    Case("Daring Defiance", FP, _all(_eq(SHADOW, cancelled=True), _eq(FP, lead=-1)),
         chars=("char.boromir",)),
    Case("Fateful Strike", FP, _eq(FP, fateful=True), fp=DEFAULT_FP + (("gondor.leader", 1),)),
    Case("Sudden Strike", FP, _eq(SHADOW, struck=2), fp=DEFAULT_FP + (("gondor.leader", 1),),
         chars=("char.boromir",), rolls=(5, 6)),
    Case("Brave Stand", FP, _eq(SHADOW, fewer=2), chars=("char.boromir", "char.legolas")),
    Case("Ents' Rage", FP, _eq(FP, plus=2), attack=("fords-of-isen", "fangorn")),
    Case("Huorn-dark", FP, _eq(SHADOW, cap=2), attack=("fords-of-isen", "fangorn")),
    Case("Nameless Wood", FP, _eq(FP, more=2), attack=("fords-of-isen", "fangorn")),
    Case("Daylight", FP, _eq(SHADOW, cap=3)),
    Case("No Quarter", FP, _eq(FP, more=1)),
    Case("Advantageous Position", FP, _eq(SHADOW, minus=1),
         attack=("dead-marshes", "druadan-forest")),
    Case("Scouts", FP, _scouts, setup=lambda s: clear(s, "osgiliath")),
    Case("Shield-Wall", FP, _eq(FP, shield_wall=True)),
    Case("Confusion", FP, _eq(SHADOW, confusion=True)),
    Case("Charge", FP, _eq(SHADOW, struck=2), fp=(("gondor.elite", 2),), rolls=(5, 6)),
    Case("Valour", FP, _eq(FP, plus=1), fp=(("gondor.elite", 1),)),
    Case("The King's Banner", FP, _all(_eq(SHADOW, no_reroll=True), _eq(FP, lead=-2)),
         chars=("char.aragorn",), kings=True),
    Case("Like a God of Old", FP, _eq(SHADOW, struck=1), kings=True, rolls=(3,),
         setup=_awake("denethor", "north-ithilien")),
    Case("There Is Hope for Victory", FP, _hope, chars=("sov.denethor",), kings=True),
    # --------------------------------------------------------------------- Shadow
    Case("One for the Dark Lord", SHADOW, _eq(SHADOW, plus=1, rplus=1),
         setup=lambda s: move(s, "fellowship", "r.north-ithilien")),
    Case("Cruel as Death", SHADOW, _eq(SHADOW, plus=1, lead=-2),
         shadow=DEFAULT_SHADOW + (("sauron.nazgul", 2),)),
    Case("They Are Terrible", SHADOW, _eq(SHADOW, rplus=1, lead=-1),
         shadow=DEFAULT_SHADOW + (("sauron.nazgul", 1),)),
    Case("Dread and Despair", SHADOW, _eq(FP, fewer=1),
         shadow=DEFAULT_SHADOW + (("sauron.nazgul", 1),)),
    Case("Foul Stench", SHADOW, _eq(FP, no_reroll=True),
         shadow=DEFAULT_SHADOW + (("sauron.nazgul", 1),)),
    Case("Black Breath", SHADOW, _eq(SHADOW, black_breath=True),
         shadow=DEFAULT_SHADOW + (("sauron.nazgul", 1),)),
    Case("Words of Power", SHADOW, _eq(FP, silenced=["boromir"]), chars=("char.boromir",),
         shadow=DEFAULT_SHADOW + (("sauron.nazgul", 1),)),
    Case("Durin's Bane", SHADOW, _eq(FP, struck=2), attack=("moria", "dimrill-dale"),
         rolls=(4, 6, 3)),
    Case("Devilry of Orthanc", SHADOW, _eq(SHADOW, plus=1),
         attack=("helms-deep", "helms-deep"), shadow=(("isengard.regular", 5),),
         fp=(("rohan.regular", 3),), setup=_siege),
    Case("Deadly Strife", SHADOW, _both(plus=2, rplus=2)),
    Case("Desperate Battle", SHADOW, _both(plus=1, rplus=1)),
    Case("Onslaught", SHADOW, _eq(SHADOW, late=["Onslaught"])),
    Case("Relentless Assault", SHADOW, _relentless),
    Case("Great Host", SHADOW, _eq(SHADOW, late=["Great Host"])),
    Case("Mûmakil", SHADOW, _eq(SHADOW, mumakil=True, plus=1),
         shadow=DEFAULT_SHADOW + (("southrons.elite", 1),)),
    Case("Swarm of Bats", SHADOW, _eq(SHADOW, rplus=1)),
    Case("We Come to Kill", SHADOW, _eq(SHADOW, late=["We Come to Kill"]),
         shadow=(("sauron.elite", 2),)),
    Case("Servant of the Shadow", SHADOW, _all(_eq(FP, fewer=2), _eq(SHADOW, lead=-2)),
         shadow_chars=("char.witch-king",), kings=True),
    Case("Battle Is Vain", SHADOW, _eq(FP, lead=-1),
         shadow=DEFAULT_SHADOW + (("sauron.nazgul", 1),), kings=True),
    Case("His Power Waxes", SHADOW, _both(plus=1, rplus=1), chars=("sov.denethor",),
         kings=True),
]


def _codes(title: str) -> list[str]:
    return [c for c, sp in specs().items() if sp.combat.title == title]


def _card_for(title: str, kings: bool) -> str:
    codes = _codes(title)
    base = [c for c in codes if not c.endswith("k")]
    return base[0] if base and not kings else codes[-1] if kings else codes[0]


def _param(case: Case):
    marks = [pytest.mark.card(code, game="wotr") for code in _codes(case.title)]
    return pytest.param(case, id=case.title, marks=marks)


def test_every_combat_title_has_a_case():
    titles = {sp.combat.title for sp in specs().values()}
    assert titles == {c.title for c in CASES}


@pytest.mark.parametrize("case", [_param(c) for c in CASES])
def test_a_combat_card_does_what_it_says(case: Case, monkeypatch):
    s = session(kings=case.kings)
    a, d = case.attack
    clear(s, d)
    if a != d:
        clear(s, a)
    for code, n in case.shadow:
        units(s, a, code, n)
    for code, n in case.fp:
        units(s, d, code, n)
    for code in case.chars:
        move(s, code, "r." + d)
    for code in case.shadow_chars:
        move(s, code, "r." + a)
    position(s, acting=SHADOW, fp=("event",), shadow=("army",), sauron=(0, True),
             isengard=(0, True), southrons=(0, True))
    if case.setup:
        case.setup(s)
    code = _card_for(case.title, case.kings)
    seat = 0 if case.side == FP else 1
    cid = hand(s, code, seat)
    s = rebase(s)
    if case.rolls:
        rig(monkeypatch, effects, *case.rolls)
    attack(s, C.Attack(1, a, d, 0))
    ok(s, C.CombatCard(1, cid if case.side == SHADOW else 0))
    s = reload(s)                                          # a save between the choices
    if (S.get(s.state, "battle") or {}).get("stage") == "cards":   # FP with a usable card
        ok(s, C.CombatCard(0, cid if case.side == FP else 0))
    b = S.get(s.state, "battle") or {}
    m = {FP: combat.mods(b, FP), SHADOW: combat.mods(b, SHADOW)} if b else {FP: {}, SHADOW: {}}
    case.check(s, b, m)
