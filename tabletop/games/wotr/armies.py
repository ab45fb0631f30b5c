"""What event cards do, part two: armies, Nazgûl and battles begun by a card.

Hits a card scores against an army (``casualties``: its owner chooses which
units, an Elite twice to remove it; an army wiped out loses its Leaders, and
its Nazgûl and Minions when the card says so), a card's attack roll against
an army (``strike``), armies moved by a card (``army_move``: source, figures,
destination, as the card's mode allows), battles begun by a card
(``card_attack``, ``corsairs``), Nazgûl flying (``nazgul_move``) and the
cards built on them.

Pure Python: no pygame.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tabletop.core.i18n import _, ngettext
from tabletop.core.kernel import Opt
from tabletop.core.model import TableState
from tabletop.games.wotr.battle import begin_battle, _reduce_in_battle
from tabletop.games.wotr.ctx import Ctx
from tabletop.games.wotr.data import FP, SHADOW, regions
from tabletop.games.wotr.dice import roll_d6
from tabletop.games.wotr.effects import (ask, asks, discard_from_table, on_table, piece_labels,
                                         region_labels, reveal)
from tabletop.games.wotr.geo import within
from tabletop.games.wotr.moves import after_arrival, remove_figure
from tabletop.games.wotr.pieces import catalogue
from tabletop.games.wotr.tablecards import forbidden
from tabletop.games.wotr.vocab import VOCAB
import tabletop.games.wotr.conds as K
import tabletop.games.wotr.state as S

DONE = "done"
VALIDATE: dict[str, Any] = {}          # op -> check(st, ins, answer) -> why not ("" fine)


# ------------------------------------------------------------------ readers
def nazgul_at(st: TableState, region: str) -> list[int]:
    """Nazgûl figures (the Witch-king too) in a region."""
    return [c for c in S.pieces_in(st, region) if S.code(st, c) in ("sauron.nazgul",
                                                                     "char.witch-king")]


def flight_ok(st: TableState, region: str) -> bool:
    """May Nazgûl fly into a region (not a Free Peoples Stronghold unless besieged)?"""
    info = regions()[region]
    return not (info.settlement == "Stronghold" and S.controller_side(st, region) == FP
                and not S.besieged(st, region))


def movable(st: TableState, region: str, side: str) -> list[int]:
    """The figures of a side's army that can move with it (Saruman stays in Orthanc)."""
    return [c for c in S.army(st, region, side) if S.code(st, c) != "char.saruman"]


def free_for_army(st: TableState, region: str, side: str) -> bool:
    """Free for army movement: no enemy army, and no table card forbids it."""
    return not S.units(st, region, S.other(side)) and not forbidden(st, side, region)


def reach(st: TableState, origin: str, side: str, steps: int) -> set[str]:
    """Regions an army reaches in up to ``steps`` moves through free regions."""
    got = within(origin, steps, blocked=lambda r: not free_for_army(st, r, side))
    return {r for r in got if r != origin and free_for_army(st, r, side)}


def hit_points(st: TableState, ids: Iterable[int]) -> int:
    """Hits units can take (an Elite two)."""
    return sum(2 if S.kind(st, x) == "elite" else 1 for x in ids)


def suggest_casualties(st: TableState, units: list[int], hits: int) -> list[int]:
    """Regulars first, then Elites reduced, then removed (an Elite named twice)."""
    out: list[int] = []
    for cid in units:
        if hits and S.kind(st, cid) == "regular":
            out.append(cid)
            hits -= 1
    elites = [c for c in units if S.kind(st, c) == "elite"]
    for cid in elites:
        if hits:
            out.append(cid)
            hits -= 1
    for cid in elites:
        if hits:
            out.append(cid)
            hits -= 1
    return out


# --------------------------------------------------------------- casualties
def wipe(c: Ctx, region: str, side: str, sweep: bool) -> None:
    """An army's last units fell: its Leaders go, and its Nazgûl and Minions when ``sweep``."""
    for cid in S.army(c.st, region, side):
        k = S.kind(c.st, cid)
        if k == "leader" or (k == "sovereign" and S.sovereign_state(
                c.st, S.code(c.st, cid).split(".")[1]) == "sleeping"):
            remove_figure(c, cid)
        elif sweep and (k in ("nazgul", "minion", "chieftain")):
            remove_figure(c, cid)


def take_casualties(c: Ctx, region: str, side: str, chosen: list[int], sweep: bool) -> None:
    """Remove and reduce the units chosen (an Elite named twice is removed)."""
    counts: dict[int, int] = {}
    for cid in chosen:
        counts[cid] = counts.get(cid, 0) + 1
    for cid, n in counts.items():
        if S.kind(c.st, cid) == "elite" and n == 1:
            _reduce_in_battle(c, cid, region)
        else:
            remove_figure(c, cid)
    if not S.units(c.st, region, side):
        wipe(c, region, side, sweep)


def _check_casualties(st: TableState, ins: dict[str, Any], answer: Any) -> str:
    chosen = list(answer)
    units = set(S.units(st, ins["region"], ins["side"]))
    counts: dict[int, int] = {}
    for cid in chosen:
        counts[cid] = counts.get(cid, 0) + 1
    if not set(counts) <= units or any(n > (2 if S.kind(st, x) == "elite" else 1)
                                       for x, n in counts.items()):
        return _("Choose units of the army hit (an Elite at most twice).")
    if len(chosen) != min(ins["hits"], hit_points(st, units)):
        return _("Choose exactly {n} hits.").format(n=ins["hits"])
    return ""


VALIDATE["casualties"] = _check_casualties


@VOCAB.op(asks("casualties"), region=str, side=str, hits=int,
          sweep=Opt(bool, "an army wiped out loses its Nazgûl and Minions too"),
          doc="A card's hits on an army: its owner chooses the casualties.")
def _casualties(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    region, side, hits = ins["region"], ins["side"], ins["hits"]
    units = S.units(st, region, side)
    if not units or hits <= 0:
        return
    if "answer" in ins:
        chosen = list(ins.pop("answer"))
    elif hits >= hit_points(st, units):
        chosen = [x for x in units for _i in range(2 if S.kind(st, x) == "elite" else 1)]
    elif len({S.code(st, x) for x in units}) == 1:
        chosen = suggest_casualties(st, units, hits)
    else:
        opts = sorted(units)
        ask(c, ins, S.lead(st, side), ngettext(
            "Choose the casualty of {n} hit in {r} (an Elite twice to remove it)",
            "Choose the casualties of {n} hits in {r} (an Elite twice to remove it)",
            hits).format(n=hits, r=c.region_name(region)), opts, piece_labels(st, opts),
            kind="many", low=hits, high=hits, suggest=suggest_casualties(st, units, hits))
        return
    names = c.names(sorted(set(chosen)))
    take_casualties(c, region, side, chosen, bool(ins.get("sweep")))
    c.say(_("Casualties in {r}: {units}").format(r=c.region_name(region), units=names))


def hits_on(c: Ctx, region: str, side: str, hits: int, sweep: bool = False) -> None:
    """Push the casualties of ``hits`` on a side's army in a region."""
    if hits > 0 and S.units(c.st, region, side):
        c.push({"op": "casualties", "region": region, "side": side, "hits": hits,
                **({"sweep": True} if sweep else {})})


def roll_hits(c: Ctx, dice: int, need: int, what: str) -> int:
    """Roll ``dice`` dice (at most five), count those reaching ``need``; say it."""
    rolls = roll_d6(min(5, dice), c.rng)
    n = sum(1 for r in rolls if r >= need)
    c.say(_("{what}: rolled {rolls} ({need}+), {n} hits").format(
        what=what, rolls=" ".join(map(str, rolls)) or "-", need=need, n=n))
    return n


# ------------------------------------------------------------------ strikes
def strike_targets(st: TableState, ins: dict[str, Any]) -> list[str]:
    """Armies a ``strike`` may hit."""
    if ins["target"] == "mixed":
        out = []
        for rid in regions():
            nations = {catalogue()[S.code(st, x)].nation for x in S.units(st, rid, SHADOW)}
            if len(nations) >= 2:
                out.append(rid)
        return out
    return [r for r in ins.get("regions", []) if S.units(st, r, SHADOW)]


@VOCAB.op(asks("strike"), seat=int, target=str, dice=int, need=int, regions=Opt(list),
          doc="Roll ``dice`` against a Shadow army the card names (``target``: mixed, "
              "regions); each ``need``+ is a hit.")
def _strike(c: Ctx, ins: dict[str, Any]) -> None:
    region = ins.pop("answer", None)
    if region is None:
        opts = strike_targets(c.st, ins)
        if len(opts) > 1:
            ask(c, ins, ins["seat"], _("Which Shadow army is struck?"), opts, region_labels(opts))
            return
        if not opts:
            c.say(_("No Shadow army can be struck"))
            return
        region = opts[0]
    hits_on(c, region, SHADOW, roll_hits(c, ins["dice"], ins["need"], c.region_name(region)))


# -------------------------------------------------------------- army moves
MODES = {  # mode: (side, how many armies, steps, doc)
    "woses": (FP, 1, 0), "day_night": (FP, 1, 2), "gather": (SHADOW, 1, 3),
    "lengthen": (SHADOW, 2, 2), "moving": (SHADOW, 4, 1), "nazgul": (SHADOW, 2, 1),
    "witch-king": (SHADOW, 1, 1)}


def move_sources(st: TableState, mode: str, done: list[str]) -> list[str]:
    """Regions whose army the mode may move."""
    side = MODES[mode][0]
    out = []
    for rid, info in regions().items():
        if rid in done or not S.units(st, rid, side) or not move_targets(st, mode, rid):
            continue
        if mode == "woses" and info.nation != "rohan":
            continue
        if mode == "day_night" and not K.companions_at(st, rid):
            continue
        if mode == "nazgul" and not nazgul_at(st, rid):
            continue
        if mode == "witch-king" and not any(S.code(st, x) == "char.witch-king"
                                            for x in S.pieces_in(st, rid)):
            continue
        out.append(rid)
    return out


def move_targets(st: TableState, mode: str, origin: str) -> list[str]:
    """Where the mode may move an army from ``origin``."""
    side, _n, steps = MODES[mode]
    n_units = len(S.units(st, origin, side))
    if mode == "woses":
        mt = "minas-tirith"
        if S.controller_side(st, mt) == SHADOW or S.besieged(st, mt) or S.units(st, mt, SHADOW):
            opts = [r for r in regions()[mt].passable if free_for_army(st, r, FP)]
        else:
            opts = [mt]
    else:
        opts = sorted(reach(st, origin, side, steps))
    if mode in ("gather", "lengthen"):
        opts = [r for r in opts if S.units(st, r, SHADOW) and not S.besieged(st, r)]
    return [r for r in opts if S.stack_count(st, r) + n_units <= S.STACK_LIMIT]


@VOCAB.op(asks("army_move"), seat=int, mode=str, state=("done", "origin", "figures"),
          doc="Move armies as a card says (``mode``: woses, day_night, gather, lengthen, "
              "moving, nazgul, witch-king).")
def _army_move(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    mode = ins["mode"]
    side, count, _steps = MODES[mode]
    done = list(ins.get("done", []))
    answer = ins.pop("answer", None)
    if "origin" not in ins:
        if answer == DONE:
            return
        if answer is None:
            opts = move_sources(st, mode, done)
            if not opts or len(done) >= count:
                return
            extra = [DONE] if done or mode in ("moving", "nazgul", "witch-king") else []
            ask(c, ins, ins["seat"], _("Which army moves?"), opts + extra,
                {**region_labels(opts), DONE: _("No more")})
            return
        ins["origin"] = answer
        answer = None
    origin = ins["origin"]
    if "figures" not in ins:
        figs = movable(st, origin, side)
        if answer is None and len(figs) > 1:
            ask(c, ins, ins["seat"], _("Which figures move from {r}?").format(
                r=c.region_name(origin)), sorted(figs), piece_labels(st, figs), kind="many",
                low=1, high=len(figs), suggest=sorted(figs))
            return
        ins["figures"] = list(answer) if answer is not None else figs
        answer = None
    if answer is None:
        opts = move_targets(st, mode, origin)
        if not opts:
            del ins["origin"], ins["figures"]
            ins["done"] = done + [origin]
            c.push(ins)
            return
        ask(c, ins, ins["seat"], _("Where does it go?"), opts, region_labels(opts))
        return
    figs = [x for x in ins["figures"] if S.region_of_zone(st.cards[x].zone) == origin]
    for cid in figs:
        c.tx.move(cid, S.rzone(answer))
    after_arrival(c, answer, side)
    c.say(_("{figs} moved from {a} to {b}").format(figs=c.names(figs), a=c.region_name(origin),
                                                   b=c.region_name(answer)))
    del ins["origin"], ins["figures"]
    ins["done"] = done + [answer]
    if len(ins["done"]) < count:
        c.push(ins)


# ---------------------------------------------------------------- attacking
def attack_pairs(st: TableState, side: str, need: str = "") -> list[tuple[str, str]]:
    """(origin, target) of armies that may attack (``need``: nazgul, witch-king in it)."""
    out = []
    for rid, info in regions().items():
        if not S.units(st, rid, side):
            continue
        if need == "nazgul" and not nazgul_at(st, rid):
            continue
        if need == "witch-king" and not any(S.code(st, x) == "char.witch-king"
                                            for x in S.pieces_in(st, rid)):
            continue
        for r in info.passable + ((rid,) if S.besieged(st, rid) else ()):
            if S.units(st, r, S.other(side)) and not forbidden(st, side, r):
                out.append((rid, r))
    return out


def _pair_word(c: Ctx, pair: str) -> str:
    a, _s, b = pair.partition(">")
    return _("{a} attacks {b}").format(a=c.region_name(a), b=c.region_name(b))


@VOCAB.op(asks("card_attack"), seat=int, mode=str,
          doc="A card's attack (``mode``: relief, grond, uruk, nazgul, witch-king).")
def _card_attack(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    mode = ins["mode"]
    if mode == "relief":
        pairs = [f"{a}>{b}" for a, b in K.relief_attacks(st)]
        flags: dict[str, Any] = {"relief": True}
        side = FP
    elif mode in ("grond", "uruk"):
        who = "witch-king" if mode == "grond" else "isengard"
        pairs = [f"{r}>{r}" for r in K.sieges_with(st, who)]
        flags = {"rounds": 3, "no_card": 1}
        side = SHADOW
    else:
        pairs = [f"{a}>{b}" for a, b in attack_pairs(st, SHADOW, mode)]
        flags = {}
        side = SHADOW
    pick = ins.pop("answer", None)
    if pick is None:
        if not pairs:
            c.say(_("No attack is possible"))
            return
        if len(pairs) > 1 or mode in ("nazgul", "witch-king"):
            opts = pairs + ([DONE] if mode in ("nazgul", "witch-king") else [])
            ask(c, ins, ins["seat"], _("Which attack?"), opts,
                {p: (_pair_word(c, p) if p != DONE else _("No attack")) for p in opts})
            return
        pick = pairs[0]
    if pick == DONE:
        return
    origin, _sep, region = pick.partition(">")
    c.say(begin_battle(c, origin, region, side, flags))


@VOCAB.op(asks("corsairs"), seat=int, state=("origin",),
          doc="Corsairs of Umbar: an army sails from Umbar to a coastal Gondor region; a Free "
              "Peoples army there is attacked, and the attack cannot cease.")
def _corsairs(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    if not S.units(st, "umbar", SHADOW):
        c.say(_("No Shadow army stands in Umbar"))
        return
    answer = ins.pop("answer", None)
    if answer is None:
        opts = [r for r in ("anfalas", "dol-amroth", "lamedon", "pelargir")
                if S.stack_count(st, r) - len(S.units(st, r, FP)) + len(
                    S.units(st, "umbar", SHADOW)) <= S.STACK_LIMIT]
        ask(c, ins, ins["seat"], _("Where do the Corsairs land?"), opts, region_labels(opts))
        return
    figs = movable(st, "umbar", SHADOW)
    if S.units(st, answer, FP):
        besieged = S.besieged(st, answer)
        c.say(begin_battle(c, "umbar", answer, SHADOW, {"no_cease": not besieged}))
        return
    for cid in figs:
        c.tx.move(cid, S.rzone(answer))
    after_arrival(c, answer, SHADOW)
    c.say(_("The Corsairs land in {r}").format(r=c.region_name(answer)))


# ------------------------------------------------------------------- Nazgûl
@VOCAB.op(asks("nazgul_move"), seat=int, state=("moved", "origin", "n"),
          doc="Move any or all of the Nazgûl (the Witch-king among them), flying.")
def _nazgul_move(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    moved = list(ins.get("moved", []))
    answer = ins.pop("answer", None)
    if "origin" not in ins:
        if answer == DONE:
            return
        if answer is None:
            opts = [r for r in regions() if any(x not in moved for x in nazgul_at(st, r))]
            if not opts:
                return
            ask(c, ins, ins["seat"], _("Nazgûl from which region fly (or no more)?"),
                opts + [DONE], {**region_labels(opts), DONE: _("No more")})
            return
        ins["origin"] = answer
        answer = None
    origin = ins["origin"]
    left = [x for x in nazgul_at(st, origin) if x not in moved]
    if "n" not in ins:
        if answer is None and len(left) > 1:
            ask(c, ins, ins["seat"], _("How many of them fly?"), (), kind="number", low=1,
                high=len(left))
            return
        ins["n"] = answer if answer is not None else len(left)
        answer = None
    if answer is None:
        opts = [r for r in regions() if r != origin and flight_ok(st, r)]
        ask(c, ins, ins["seat"], _("Where do they fly?"), opts, region_labels(opts))
        return
    # the Witch-king first among those chosen, then Nazgûl
    go = sorted(left, key=lambda x: S.code(st, x) != "char.witch-king")[:ins["n"]]
    for cid in go:
        c.tx.move(cid, S.rzone(answer))
    c.say(_("{figs} flew to {r}").format(figs=c.names(go), r=c.region_name(answer)))
    ins["moved"] = moved + go
    del ins["origin"], ins["n"]
    c.push(ins)


def nazgul_with_fellowship(st: TableState) -> bool:
    """Is a Nazgûl (or the Witch-king) in the Fellowship's region?"""
    r = S.fellowship_region(st)
    return bool(r) and S.get(st, "fellowship", "mordor", default=-1) < 0 and bool(
        nazgul_at(st, r))


@VOCAB.op("nazgul_reveal", doc="A Nazgûl with the Fellowship reveals it.")
def _nazgul_reveal(c: Ctx, ins: dict[str, Any]) -> None:
    if nazgul_with_fellowship(c.st):
        reveal(c)


@VOCAB.op(asks("nazgul_strike"), seat=int,
          doc="With a Nazgûl beside the Fellowship: discard a Free Peoples Character card from "
              "the table, or roll for the Hunt.")
def _nazgul_strike(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    if not nazgul_with_fellowship(st):
        return
    tabled = [x for x in on_table(st, "ev.fp.char.")]
    answer = ins.pop("answer", None)
    if answer is None:
        if tabled:
            ask(c, ins, ins["seat"], _("Discard a Free Peoples card from the table, or hunt?"),
                tabled + ["hunt"], {**piece_labels(st, tabled), "hunt": _("Roll for the Hunt")})
            return
        answer = "hunt"
    if answer == "hunt":
        c.push({"op": "hunt", "bonus": c.get("hunt_box", "fp", default=0)})
    else:
        discard_from_table(c, answer)


@VOCAB.op(asks("ringwraiths"), seat=int,
          doc="Then move two armies with Nazgûl, or attack with one.")
def _ringwraiths(c: Ctx, ins: dict[str, Any]) -> None:
    answer = ins.pop("answer", None)
    if answer is None:
        ask(c, ins, ins["seat"], _("Move two armies with Nazgûl, or attack with one?"),
            ["move", "attack"], {"move": _("Move two armies"), "attack": _("Attack")})
        return
    if answer == "move":
        c.push({"op": "army_move", "seat": ins["seat"], "mode": "nazgul"})
    else:
        c.push({"op": "card_attack", "seat": ins["seat"], "mode": "nazgul"})


def witch_king_region(st: TableState) -> str | None:
    """Where the Witch-king stands."""
    return K.char_region(st, "witch-king")


@VOCAB.op(asks("black_captain"), seat=int, state=("first",),
          doc="Recruit two Nazgûl with the Witch-king or move any Nazgûl; then his army may "
              "move or attack.")
def _black_captain(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    answer = ins.pop("answer", None)
    wk = witch_king_region(st)
    if wk is None:
        return
    if "first" not in ins:
        if answer is None:
            ask(c, ins, ins["seat"], _("Recruit two Nazgûl with the Witch-king, or move "
                                       "Nazgûl?"), ["recruit", "move"],
                {"recruit": _("Recruit two Nazgûl"), "move": _("Move Nazgûl")})
            return
        ins["first"] = answer
        c.push(ins)
        if answer == "recruit":
            c.push({"op": "recruit", "seat": ins["seat"], "nation": "sauron",
                    "kinds": ["nazgul", "nazgul"], "regions": [wk]})
        else:
            c.push({"op": "nazgul_move", "seat": ins["seat"]})
        return
    if answer is None:
        if not S.units(st, wk, SHADOW):
            return
        ask(c, ins, ins["seat"], _("The Witch-king's army: move, attack, or stay?"),
            ["move", "attack", DONE], {"move": _("Move"), "attack": _("Attack"),
                                       DONE: _("Stay")})
        return
    if answer == "move":
        c.push({"op": "army_move", "seat": ins["seat"], "mode": "witch-king"})
    elif answer == "attack":
        c.push({"op": "card_attack", "seat": ins["seat"], "mode": "witch-king"})


@VOCAB.op("witch_king_to", region=str, doc="The Witch-king goes to a region.")
def _witch_king_to(c: Ctx, ins: dict[str, Any]) -> None:
    cid = S.find_anywhere(c.st, "char.witch-king")
    if K.in_play(c.st, "witch-king"):
        c.tx.move(cid, S.rzone(ins["region"]))
        c.say(_("The Witch-king goes to {r}").format(r=c.region_name(ins["region"])))


@VOCAB.op(asks("upgrade"), seat=int, nation=str, n=int, state=("left",),
          doc="Replace ``n`` Regular units of a nation on the map by Elites.")
def _upgrade(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    nation = ins["nation"]
    left = ins.get("left", ins["n"])
    answer = ins.pop("answer", None)
    if answer is not None:
        if upgrade_one(c, nation, answer):
            c.say(_("A {nation} Regular in {r} becomes an Elite").format(
                nation=S.nation_name(nation), r=c.region_name(answer)))
        left -= 1
    ins["left"] = left
    code = f"{nation}.regular"
    opts = [r for r in regions() if any(S.code(st, x) == code for x in S.pieces_in(st, r))]
    elites = [x for x in st.zones[f"reinf.{nation}"].cards if S.code(st, x) == f"{nation}.elite"]
    if left > 0 and opts and elites:
        ask(c, ins, ins["seat"], _("Which Regular becomes an Elite?"), opts, region_labels(opts))


def upgrade_one(c: Ctx, nation: str, region: str) -> bool:
    """One Regular of a nation in a region replaced by an Elite from the reinforcements."""
    st = c.st
    reg = [x for x in S.pieces_in(st, region) if S.code(st, x) == f"{nation}.regular"]
    elite = [x for x in st.zones[f"reinf.{nation}"].cards if S.code(st, x) == f"{nation}.elite"]
    if not reg or not elite:
        return False
    c.tx.move(reg[-1], f"reinf.{nation}")
    c.tx.move(elite[-1], S.rzone(region))
    return True
