"""Conditions of event cards and characters: ``COND``, and who stands where.

A card's precondition, what keeps a card on the table, and a combat card's
condition are lists of conditions, plain data like instructions
(``{"op": "at_war", "nation": "rohan"}``), declared once here with their
parameters in ``COND`` (a kernel ``Vocabulary``, so a declaration naming an
unknown condition or parameter is caught by a test).  ``holds`` checks a
list against the table; facts of the moment (the side playing, the battle)
come in ``facts``.

The readers below them (a character's region, the Companions of the
Fellowship, Nazgûl Leadership) are shared by the card and character rules.

Pure Python: no pygame.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from tabletop.core.kernel import Opt, Vocabulary
from tabletop.core.model import TableState
from tabletop.games.wotr.data import (FP, FP_NATIONS, SHADOW, SHADOW_NATIONS, characters,
                                      regions, sovereigns)
from tabletop.games.wotr.geo import distance
from tabletop.games.wotr.pieces import catalogue
import tabletop.games.wotr.state as S

COND = Vocabulary("wotr-conditions")
Test = Callable[[TableState, dict[str, Any], Mapping[str, Any]], bool]
TESTS: dict[str, Test] = {}
HOBBITS = ("meriadoc", "peregrin")
COASTAL = ("andrast", "anfalas", "dol-amroth", "druwaith-iaur", "enedwaith", "forlindon",
           "grey-havens", "harlindon", "lamedon", "minhiriath", "pelargir", "south-ered-luin",
           "umbar", "west-harondor")


def cond(name: str, doc: str, **params: Any) -> Callable[[Test], Test]:
    """Declare a condition and register its test (a decorator)."""
    def reg(fn: Test) -> Test:
        COND.op(name, doc=doc, **params)(lambda _f, _i: None)
        TESTS[name] = fn
        return fn
    return reg


def holds(st: TableState, conds: Iterable[Mapping[str, Any]],
          facts: Mapping[str, Any] | None = None) -> bool:
    """Do all these conditions hold now?"""
    facts = facts or {}
    return all(TESTS[c["op"]](st, dict(c), facts) for c in conds)


# ----------------------------------------------------------------- readers
def char_zone(st: TableState, who: str) -> str | None:
    """Where a character is: "fellowship", a region id, or None (not in play)."""
    code = "char." + who
    for cid in st.zones["fellowship"].cards:
        if st.cards[cid].code == code:
            return "fellowship"
    for c in st.cards.values():
        if c.code == code and c.zone.startswith("r."):
            return c.zone[2:]
    return None


def char_region(st: TableState, who: str) -> str | None:
    """The region a character stands in (the Fellowship's for one of its members)."""
    z = char_zone(st, who)
    return S.fellowship_region(st) if z == "fellowship" else z


def in_play(st: TableState, who: str) -> bool:
    """Is a character on the map or in the Fellowship?"""
    return char_zone(st, who) is not None


def fellowship_companions(st: TableState) -> list[str]:
    """The Companions in the Fellowship (ids, Gollum excluded)."""
    return [st.cards[c].code[5:] for c in st.zones["fellowship"].cards
            if st.cards[c].code.startswith("char.") and st.cards[c].code != "char.gollum"]


def is_companion(st: TableState, cid: int) -> bool:
    """A Companion figure (an Awakened Sovereign counts as one)."""
    code = S.code(st, cid)
    if code.endswith(".silver"):
        return S.sovereign_state(st, code.split(".")[1]) == "awake"
    return S.kind(st, cid) == "companion" and code != "char.gollum"


def companions_at(st: TableState, region: str) -> list[int]:
    """Companions standing in a region (not those inside the Fellowship)."""
    return [c for c in S.pieces_in(st, region) if is_companion(st, c)]


def minions_at(st: TableState, region: str) -> list[int]:
    """Minions and Dark Chieftains in a region."""
    return [c for c in S.pieces_in(st, region) if S.kind(st, c) in ("minion", "chieftain")]


def nazgul_leadership(st: TableState, ids: Iterable[int]) -> int:
    """The Leadership of the Nazgûl among these figures (the Witch-king's is 2)."""
    total = 0
    for cid in ids:
        code = S.code(st, cid)
        total += 1 if code == "sauron.nazgul" else 2 if code == "char.witch-king" else 0
    return total


def nation_of_region(region: str) -> str | None:
    """The nation a region belongs to."""
    return regions()[region].nation


def fp_hold(st: TableState, region: str) -> bool:
    """An unconquered Free Peoples City or Stronghold."""
    info = regions()[region]
    return (info.settlement in ("City", "Stronghold") and bool(info.nation)
            and S.nation_side_of(info.nation or "") == FP and not S.is_conquered(st, region))


def army_has(st: TableState, region: str, side: str, who: str) -> bool:
    """Is ``who`` (a character id, or a word: companion, leader, elite, nazgul, minion,
    awake, sovereign, isengard, southrons-elite) in a side's army in a region?"""
    ids = S.army(st, region, side)
    if who == "companion":
        return any(is_companion(st, c) for c in ids)
    if who == "leader":
        return any(S.kind(st, c) == "leader" for c in ids) or any(
            is_companion(st, c) for c in ids)
    if who == "elite":
        return any(S.kind(st, c) == "elite" for c in ids)
    if who == "nazgul":
        return any(S.code(st, c) in ("sauron.nazgul", "char.witch-king") for c in ids)
    if who == "minion":
        return any(S.kind(st, c) in ("minion", "chieftain") for c in ids)
    if who in ("awake", "sovereign"):
        states = ("awake",) if who == "awake" else ("awake", "sleeping")
        return any(S.kind(st, c) == "sovereign"
                   and S.sovereign_state(st, S.code(st, c).split(".")[1]) in states for c in ids)
    if who == "isengard":
        return any(catalogue()[S.code(st, c)].nation == "isengard" for c in S.units(st, region))
    if who == "southrons-elite":
        return any(S.code(st, c) == "southrons.elite" for c in ids)
    return any(S.code(st, c) == "char." + who for c in ids)


def battle_side_region(b: Mapping[str, Any], side: str) -> str:
    """Where a side's army in a battle stands."""
    return str(b["origin"] if side == b["attacker"] else b["region"])


def _battle(st: TableState, facts: Mapping[str, Any]) -> dict[str, Any]:
    return dict(facts.get("battle") or S.get(st, "battle") or {})


# -------------------------------------------------------- the Fellowship
@cond("in_fellowship", "One of these characters walks with the Fellowship.", who=list)
def _in_fellowship(st: TableState, c: dict[str, Any], f: Mapping[str, Any]) -> bool:
    return any(char_zone(st, w) == "fellowship" for w in c["who"])


@cond("companions_in_fellowship", "At least ``min`` Companions in the Fellowship.", min=int)
def _companions(st: TableState, c: dict[str, Any], f: Mapping[str, Any]) -> bool:
    return len(fellowship_companions(st)) >= c["min"]


@cond("fellowship_away", "The Fellowship is not in a region with a Free Peoples settlement.")
def _away(st: TableState, c: dict[str, Any], f: Mapping[str, Any]) -> bool:
    info = regions().get(S.fellowship_region(st) or "")
    if info is None or S.get(st, "fellowship", "mordor", default=-1) >= 0:
        return True
    return not (info.settlement and info.nation and S.nation_side_of(info.nation) == FP)


@cond("progress", "The Fellowship's progress counter is at least ``min``.", min=int)
def _progress(st: TableState, c: dict[str, Any], f: Mapping[str, Any]) -> bool:
    return S.get(st, "fellowship", "progress", default=0) >= c["min"]


@cond("revealed", "The Fellowship is revealed.")
def _revealed(st: TableState, c: dict[str, Any], f: Mapping[str, Any]) -> bool:
    return bool(S.get(st, "fellowship", "revealed"))


# ------------------------------------------------------------- characters
@cond("in_play", "A character is in play.", who=str)
def _in_play(st: TableState, c: dict[str, Any], f: Mapping[str, Any]) -> bool:
    return in_play(st, c["who"])


@cond("char_in", "One of these characters stands in a region of ``nation`` (or of "
                 "``regions``).", who=list, nation=Opt(str), regions=Opt(list))
def _char_in(st: TableState, c: dict[str, Any], f: Mapping[str, Any]) -> bool:
    for w in c["who"]:
        r = char_zone(st, w)
        if r is None or r == "fellowship":
            continue
        if (c.get("nation") and nation_of_region(r) == c["nation"]) or r in c.get("regions", ()):
            return True
    return False


@cond("char_with_army", "One of these characters (``companion``: any) is with a Free Peoples "
                        "army (in a region of ``nations``).", who=list, nations=Opt(list))
def _with_army(st: TableState, c: dict[str, Any], f: Mapping[str, Any]) -> bool:
    return bool(army_regions(st, c["who"], c.get("nations")))


def army_regions(st: TableState, who: list[str], nations: list[str] | None = None) -> list[str]:
    """Regions where one of these characters is with a Free Peoples army."""
    out = []
    for rid in regions():
        if not S.units(st, rid, FP):
            continue
        if nations and nation_of_region(rid) not in nations:
            continue
        if any(army_has(st, rid, FP, w) for w in who):
            out.append(rid)
    return out


@cond("companion_in", "A Companion stands in one of ``regions``.", regions=list)
def _companion_in(st: TableState, c: dict[str, Any], f: Mapping[str, Any]) -> bool:
    return any(companions_at(st, r) for r in c["regions"])


@cond("aragorn_abroad", "Aragorn is with a Free Peoples army outside the Free Peoples nations.")
def _abroad(st: TableState, c: dict[str, Any], f: Mapping[str, Any]) -> bool:
    r = char_zone(st, "aragorn")
    return bool(r and r != "fellowship" and S.units(st, r, FP)
                and nation_of_region(r) not in FP_NATIONS)


@cond("eagles", "A Free Peoples army with a Companion is with or next to a Shadow army with "
                "Nazgûl.")
def _eagles(st: TableState, c: dict[str, Any], f: Mapping[str, Any]) -> bool:
    return bool(eagle_regions(st))


def eagle_regions(st: TableState) -> list[str]:
    """Regions of Shadow armies with Nazgûl that a Free Peoples army with a Companion reaches."""
    out = []
    for rid, info in regions().items():
        if not (S.units(st, rid, SHADOW) and any(S.code(st, x) == "sauron.nazgul"
                                                 for x in S.pieces_in(st, rid))):
            continue
        near = (rid,) + info.passable
        if any(S.units(st, r, FP) and companions_at(st, r) for r in near):
            out.append(rid)
    return out


# ---------------------------------------------------------------- politics
@cond("active", "A nation is active.", nation=str)
def _active(st: TableState, c: dict[str, Any], f: Mapping[str, Any]) -> bool:
    return bool(S.politics(st, c["nation"])["active"])


@cond("passive", "A nation is passive.", nation=str)
def _passive(st: TableState, c: dict[str, Any], f: Mapping[str, Any]) -> bool:
    return not S.politics(st, c["nation"])["active"]


@cond("at_war", "A nation is At War.", nation=str)
def _at_war(st: TableState, c: dict[str, Any], f: Mapping[str, Any]) -> bool:
    return S.at_war(st, c["nation"])


@cond("all_shadow_at_war", "Every Shadow nation is At War.")
def _all_war(st: TableState, c: dict[str, Any], f: Mapping[str, Any]) -> bool:
    return all(S.at_war(st, n) for n in SHADOW_NATIONS)


@cond("stormcrow", "The Fellowship or a Companion stands in a Free Peoples nation not At War.")
def _stormcrow(st: TableState, c: dict[str, Any], f: Mapping[str, Any]) -> bool:
    return bool(stormcrow_nations(st))


def stormcrow_nations(st: TableState) -> list[str]:
    """Free Peoples nations not At War holding the Fellowship or a Companion."""
    where = {S.fellowship_region(st)} if S.get(st, "fellowship", "mordor", default=-1) < 0 \
        else set()
    where |= {r for r in regions() if companions_at(st, r)}
    out = []
    for r in where:
        n = nation_of_region(r) if r else None
        if n in FP_NATIONS and not S.at_war(st, n or "") and n not in out:
            out.append(n or "")
    return sorted(out)


# ------------------------------------------------------------------ armies
@cond("relief_possible", "A Free Peoples army stands next to a Stronghold the Shadow "
                         "besieges.")
def _relief(st: TableState, c: dict[str, Any], f: Mapping[str, Any]) -> bool:
    return bool(relief_attacks(st))


def relief_attacks(st: TableState) -> list[tuple[str, str]]:
    """(origin, besieged region) pairs a relieving army may attack."""
    out = []
    for rid in regions():
        if not (S.besieged(st, rid) and S.units(st, rid, SHADOW)):
            continue
        for r in regions()[rid].passable:
            if S.units(st, r, FP):
                out.append((r, rid))
    return out


@cond("nazgul_near_fp", "A Shadow army with Nazgûl is with or next to a Free Peoples army.")
def _spells(st: TableState, c: dict[str, Any], f: Mapping[str, Any]) -> bool:
    return bool(spell_targets(st))


def spell_targets(st: TableState) -> list[tuple[str, str]]:
    """(Shadow army's region, Free Peoples army's region) for Dreadful Spells."""
    out = []
    for rid, info in regions().items():
        ids = S.army(st, rid, SHADOW)
        if not S.units(st, rid, SHADOW) or not nazgul_leadership(st, ids):
            continue
        for r in (rid,) + info.passable:
            if S.units(st, r, FP):
                out.append((rid, r))
    return out


@cond("besieging", "A Shadow army with the Witch-king (or an Isengard unit) besieges a "
                   "Stronghold.", **{"with": str})
def _besieging(st: TableState, c: dict[str, Any], f: Mapping[str, Any]) -> bool:
    return bool(sieges_with(st, c["with"]))


def sieges_with(st: TableState, who: str) -> list[str]:
    """Besieged Strongholds whose besiegers include ``who`` (witch-king / isengard)."""
    out = []
    for rid in regions():
        if S.besieged(st, rid) and S.units(st, rid, SHADOW) and army_has(st, rid, SHADOW, who):
            out.append(rid)
    return out


@cond("besieged", "A region's Stronghold is besieged by a Shadow army.", region=str)
def _besieged(st: TableState, c: dict[str, Any], f: Mapping[str, Any]) -> bool:
    return S.besieged(st, c["region"]) and bool(S.units(st, c["region"], SHADOW))


@cond("holds_elven_stronghold", "The Shadow holds an Elven Stronghold.")
def _elven(st: TableState, c: dict[str, Any], f: Mapping[str, Any]) -> bool:
    return any(info.nation == "elves" and info.settlement == "Stronghold"
               and S.controller_side(st, rid) == SHADOW for rid, info in regions().items())


# ------------------------------------------------------------------- Kings
@cond("sovereign_is", "A Sovereign (``who``; any when missing) is in one of ``states``.",
      who=Opt(str), states=list)
def _sovereign_is(st: TableState, c: dict[str, Any], f: Mapping[str, Any]) -> bool:
    if not S.kings(st):
        return False
    who = [c["who"]] if c.get("who") else list(sovereigns())
    return any(S.sovereign_state(st, s) in c["states"] and S.sovereign_region(st, s)
               for s in who)


@cond("sovereign_near_nazgul", "A Sovereign neither awake nor Corrupted stands with or next "
                               "to a Nazgûl.")
def _near_nazgul(st: TableState, c: dict[str, Any], f: Mapping[str, Any]) -> bool:
    return bool(sovereigns_near_nazgul(st))


def sovereigns_near_nazgul(st: TableState) -> list[str]:
    """Sleeping Sovereigns within one region of a Nazgûl."""
    if not S.kings(st):
        return []
    out = []
    for sid in sovereigns():
        r = S.sovereign_region(st, sid)
        if S.sovereign_state(st, sid) != "sleeping" or not r:
            continue
        near = (r,) + regions()[r].passable
        if any(nazgul_leadership(st, S.pieces_in(st, x)) for x in near):
            out.append(sid)
    return out


@cond("valinor_kings", "The Shadow holds an Elven Stronghold, or a Sovereign is Corrupted.")
def _valinor(st: TableState, c: dict[str, Any], f: Mapping[str, Any]) -> bool:
    return _elven(st, c, f) or any(S.sovereign_state(st, s) == "corrupted" for s in sovereigns())


@cond("king_revealed", "Aragorn, or Denethor Awakened, is in play.")
def _king(st: TableState, c: dict[str, Any], f: Mapping[str, Any]) -> bool:
    return in_play(st, "aragorn") or (S.kings(st)
                                      and S.sovereign_state(st, "denethor") == "awake")


@cond("sovereign_with_fp_army", "A Sovereign stands with a Free Peoples army.")
def _sov_army(st: TableState, c: dict[str, Any], f: Mapping[str, Any]) -> bool:
    return bool(sovereign_army_regions(st))


def sovereign_army_regions(st: TableState) -> list[str]:
    """Regions where a Sovereign (any state) stands with Free Peoples army units."""
    if not S.kings(st):
        return []
    out = []
    for sid in sovereigns():
        r = S.sovereign_region(st, sid)
        if r and S.units(st, r, FP) and r not in out:
            out.append(r)
    return out


# ------------------------------------------------------------------ battles
@cond("in_battle", "One of ``who`` is in the army of the side playing (see ``army_has``).",
      who=list)
def _in_battle(st: TableState, c: dict[str, Any], f: Mapping[str, Any]) -> bool:
    b = _battle(st, f)
    if not b:
        return False
    region = battle_side_region(b, f["side"])
    return any(army_has(st, region, f["side"], w) for w in c["who"])


@cond("defender_in", "The defending army is in one of ``regions``, or a region of ``nation`` "
                     "(``fp_nation``: of any Free Peoples nation).",
      regions=Opt(list), nation=Opt(str), fp_nation=Opt(bool))
def _defender_in(st: TableState, c: dict[str, Any], f: Mapping[str, Any]) -> bool:
    b = _battle(st, f)
    if not b:
        return False
    r = b["region"]
    n = nation_of_region(r)
    return (r in c.get("regions", ()) or (bool(c.get("nation")) and n == c.get("nation"))
            or (bool(c.get("fp_nation")) and n in FP_NATIONS))


@cond("defender_with_fellowship", "The defending army is in the Fellowship's region.")
def _with_fellowship(st: TableState, c: dict[str, Any], f: Mapping[str, Any]) -> bool:
    b = _battle(st, f)
    return bool(b) and S.fellowship_region(st) == b["region"] and S.get(
        st, "fellowship", "mordor", default=-1) < 0


@cond("defender_near", "The defending army is within ``steps`` regions of ``region``.",
      region=str, steps=int)
def _near(st: TableState, c: dict[str, Any], f: Mapping[str, Any]) -> bool:
    b = _battle(st, f)
    d = distance(b["region"], c["region"], c["steps"]) if b else None
    return d is not None and d <= c["steps"]


@cond("field_defence", "The side playing defends in a field battle.")
def _field(st: TableState, c: dict[str, Any], f: Mapping[str, Any]) -> bool:
    b = _battle(st, f)
    return bool(b) and b["attacker"] != f["side"] and not S.besieged(st, b["region"])


@cond("siege_battle", "The battle is fought against a besieged Stronghold.")
def _siege(st: TableState, c: dict[str, Any], f: Mapping[str, Any]) -> bool:
    b = _battle(st, f)
    return bool(b) and (S.besieged(st, b["region"]) or (
        regions()[b["region"]].settlement == "Stronghold" and b["region"] == b["origin"]))


@cond("nazgul_leadership", "The side's army has at least ``min`` Nazgûl Leadership.", min=int)
def _naz_lead(st: TableState, c: dict[str, Any], f: Mapping[str, Any]) -> bool:
    b = _battle(st, f)
    if not b:
        return False
    ids = S.army(st, battle_side_region(b, f["side"]), f["side"])
    if (b.get("flags") or {}).get("white_rider"):
        return False
    return nazgul_leadership(st, ids) >= c["min"]


@cond("defender_with_sovereign", "A Sovereign stands in the defending army's region.")
def _with_sovereign(st: TableState, c: dict[str, Any], f: Mapping[str, Any]) -> bool:
    b = _battle(st, f)
    return bool(b) and S.kings(st) and any(S.sovereign_region(st, s) == b["region"]
                                           for s in sovereigns())


def check_declarations() -> list[str]:
    """Problems of every card declaration against the vocabularies (for the tests)."""
    from tabletop.games.wotr.events import specs
    from tabletop.games.wotr.events.combat_cards import COMBAT
    from tabletop.games.wotr.vocab import VOCAB
    out: list[str] = []
    for s in specs().values():
        out += COND.steps_problems(list(s.when), declared=True, where=f"{s.code}.when")
        out += COND.steps_problems(list(s.keep), declared=True, where=f"{s.code}.keep")
        out += VOCAB.steps_problems(list(s.effect), declared=True, where=f"{s.code}.effect")
        for trig, steps in s.on:
            out += VOCAB.trigger_problems(trig, where=f"{s.code}.on")
            out += VOCAB.steps_problems(list(steps), declared=True, where=f"{s.code}.on.{trig}")
    for c in COMBAT.values():
        out += COND.steps_problems(list(c.when), declared=True, where=f"combat {c.title}")
    return out


__all__ = ["COND", "holds", "characters"]
