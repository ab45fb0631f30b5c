"""What combat cards do: each card's effect, the Rulers' combat abilities, and what
happens after the rolls and after the casualties.

``combat`` reveals the cards and pushes one ``combat_effect`` per card (and
Ruler ability) in initiative order; the effects set the round's modifiers
(``battle.mods``), strike before the roll, or ask their side; ``combat_after``
(after both rolls: Mûmakil's extra hit, Blade of Westernesse, Fateful Strike,
Black Breath, Heroic Death, Shield-Wall) and ``combat_late`` (after
casualties: Great Host, Onslaught, We Come to Kill) follow.

Pure Python: no pygame.
"""
from __future__ import annotations

from typing import Any

from tabletop.core.i18n import _
from tabletop.core.model import TableState
from tabletop.games.wotr.combat import (MAX_DICE, NONE, add_mod, army, battle, cancelled,
                                        leadership, mods, nazgul_leadership, region_of,
                                        set_flag, silenced)
from tabletop.games.wotr.ctx import Ctx
from tabletop.games.wotr.data import FP, SHADOW, characters, chieftains, sovereigns
from tabletop.games.wotr.dice import roll_d6
from tabletop.games.wotr.effects import ask, asks, piece_labels, region_labels
from tabletop.games.wotr.events import spec
from tabletop.games.wotr.events.combat_cards import COMBAT
from tabletop.games.wotr.moves import remove_figure
from tabletop.games.wotr.vocab import VOCAB
import tabletop.games.wotr.conds as K
import tabletop.games.wotr.state as S


# ------------------------------------------------------------ the effects
def _forfeit(c: Ctx, side: str, n: int) -> None:
    if n:
        add_mod(c, side, "lead", -n)


def _companion_lead(st: TableState, b: dict[str, Any], who: str = "") -> int:
    """Leadership of the Free Peoples army's Companions (or of one of them)."""
    total = 0
    for cid in army(st, b, FP):
        code = S.code(st, cid)
        if K.is_companion(st, cid) and code.startswith("char.") and code[5:] not in silenced(b):
            if not who or code[5:] == who:
                total += characters()[code[5:]].leadership
    return total


def _strike(c: Ctx, b: dict[str, Any], side: str, comb: Any) -> None:
    st = c.st
    dice = comb.param("dice")
    if dice == "leadership":
        n = leadership(st, b, side)
    elif dice == "elites":
        n = sum(1 for x in S.units(st, region_of(b, side), side) if S.kind(st, x) == "elite")
    elif dice == "sovereign":
        n = max((sovereigns()[S.code(st, x).split(".")[1]].leadership
                 for x in army(st, b, side) if S.kind(st, x) == "sovereign"
                 and S.sovereign_state(st, S.code(st, x).split(".")[1]) == "awake"), default=0)
    else:
        n = int(dice)
    rolls = roll_d6(min(MAX_DICE, n), c.rng)
    hits = sum(1 for r in rolls if r >= comb.param("need", 5))
    c.say(_("{title}: rolled {rolls}, {n} hits").format(title=_(comb.title),
                                                         rolls=" ".join(map(str, rolls)) or "-",
                                                         n=hits))
    foe = S.other(side)
    add_mod(c, foe, "struck", hits)
    if hits:
        c.push({"op": "casualties", "region": region_of(b, foe), "side": foe, "hits": hits})


def _one(c: Ctx, ins: dict[str, Any], b: dict[str, Any], side: str, comb: Any) -> None:
    """Apply one combat card's effect (``comb``) for ``side``."""
    st = c.st
    foe = S.other(side)
    e = comb.effect
    if e == "plus":
        for s in (side, foe) if comb.param("both") else (side,):
            add_mod(c, s, "plus", comb.param("combat", 0))
            add_mod(c, s, "rplus", comb.param("reroll", 0))
    elif e in ("blade", "fateful", "black_breath", "heroic_death", "shield_wall", "mumakil"):
        add_mod(c, side, e, True)
        if e == "mumakil":
            add_mod(c, side, "plus", 1)
    elif e == "sure_hits":
        if comb.param("who") == "anduril":
            who = "aragorn" if K.army_has(st, region_of(b, FP), FP, "aragorn") else "strider"
            _forfeit(c, side, _companion_lead(st, b, who))
            add_mod(c, side, "sure", 2 if who == "aragorn" else 1)
        else:
            _forfeit(c, side, 1)
            add_mod(c, side, "sure", 1)
    elif e == "cancel":
        _forfeit(c, side, _companion_lead(st, b))
        add_mod(c, foe, "cancelled", True)
    elif e == "bats":
        if (b.get("cards") or {}).get(foe):
            add_mod(c, foe, "cancelled", True)
        else:
            add_mod(c, side, "rplus", 1)
    elif e == "strike":
        if comb.param("late"):
            add_mod(c, side, "late", [comb.title])
        else:
            _strike(c, b, side, comb)
    elif e == "fewer":
        n = sum(1 for x in army(st, b, FP) if K.is_companion(st, x))
        add_mod(c, foe, "fewer", n)
    elif e == "cap":
        m = mods(b, foe)
        add_mod(c, foe, "cap", min(m.get("cap", 99), comb.param("n")) - m.get("cap", 0))
    elif e == "more_hits":
        add_mod(c, side, "more", comb.param("n"))
    elif e == "minus":
        add_mod(c, foe, "minus", 1)
    elif e == "confusion":
        add_mod(c, SHADOW, "confusion", True)
    elif e == "banner":
        leaders = [x for x in army(st, b, FP) if S.code(st, x) == "char.aragorn"
                   or (S.kind(st, x) == "sovereign" and S.code(st, x).endswith(".silver"))]
        if leaders:
            code = S.code(st, leaders[0])
            _forfeit(c, side, 2 if code == "char.aragorn" else sovereigns()[
                code.split(".")[1]].leadership)
        add_mod(c, foe, "no_reroll", True)
    elif e == "hope":
        from tabletop.games.wotr.kings import do_awaken
        for x in army(st, b, FP):
            code = S.code(st, x)
            if S.kind(st, x) == "sovereign" and S.sovereign_state(st, code.split(".")[1]) \
                    == "sleeping":
                sid = code.split(".")[1]
                do_awaken(c, sid, region_of(b, FP))
                c.say(_("{name} awakens").format(name=_(sovereigns()[sid].name)))
                break
        add_mod(c, side, "rplus", 1)
    elif e == "nazgul_plus":
        _forfeit(c, side, min(comb.param("cost"), nazgul_leadership(st, b)))
        add_mod(c, side, "plus", comb.param("combat", 0))
        add_mod(c, side, "rplus", comb.param("reroll", 0))
    elif e == "stench":
        if nazgul_leadership(st, b) >= leadership(st, b, FP):
            add_mod(c, FP, "no_reroll", True)
    elif e in ("onslaught", "great_host"):
        add_mod(c, side, "late", [comb.title])
    elif e == "waxes":
        corrupt = any(S.sovereign_region(st, s) == b["region"]
                      and S.sovereign_state(st, s) == "corrupted" for s in sovereigns())
        for s in (side,) if corrupt else (side, foe):
            add_mod(c, s, "plus", 1)
            add_mod(c, s, "rplus", 1)
    else:
        _asking(c, ins, b, side, comb)


def _asking(c: Ctx, ins: dict[str, Any], b: dict[str, Any], side: str, comb: Any) -> None:
    """The effects that ask their side a question."""
    st = c.st
    foe = S.other(side)
    e = comb.effect
    seat = S.lead(st, side)
    answer = ins.pop("answer", None)
    if e in ("dread", "vain"):
        top = min(5, nazgul_leadership(st, b)) if e == "vain" else nazgul_leadership(st, b)
        if answer is None and top > 1:
            ask(c, ins, seat, _("{title}: give up how much Nazgûl Leadership?").format(
                title=_(comb.title)), (), kind="number", low=1, high=top)
            return
        n = answer or top
        _forfeit(c, side, n)
        add_mod(c, foe, "fewer" if e == "dread" else "lead", n if e == "dread" else -n)
    elif e == "servant":
        mins = [x for x in army(st, b, side) if S.kind(st, x) in ("minion", "chieftain")]
        if answer is None and len(mins) > 1:
            ask(c, ins, seat, _("Servant of the Shadow: whose Leadership?"), mins,
                piece_labels(st, mins))
            return
        cid = answer or (mins[0] if mins else None)
        if cid is not None:
            code = S.code(st, cid)
            n = characters()[code[5:]].leadership if code.startswith("char.") \
                else chieftains()[code[3:]].leadership
            _forfeit(c, side, n)
            add_mod(c, foe, "fewer", n)
    elif e == "words":
        comps = [S.code(st, x)[5:] for x in army(st, b, FP) if K.is_companion(st, x)
                 and S.code(st, x).startswith("char.")]
        if answer is None and len(comps) > 1:
            ask(c, ins, seat, _("Words of Power: which Companion is silenced?"), comps,
                {w: _(characters()[w].name) for w in comps})
            return
        who = answer or (comps[0] if comps else "")
        if who:
            add_mod(c, FP, "silenced", [who])
    elif e == "relentless":
        top = min(2, sum(2 if S.kind(st, x) == "elite" else 1
                         for x in S.units(st, region_of(b, side), side)) - 1)
        if answer is None and top > 0:
            ask(c, ins, seat, _("Relentless Assault: how many hits on your own units?"), (),
                kind="number", low=0, high=top)
            return
        n = answer or 0
        if n:
            c.push({"op": "casualties", "region": region_of(b, side), "side": side, "hits": n})
            add_mod(c, side, "plus", n)
    elif e == "scouts":
        region = region_of(b, FP)
        opts = [r for r in K.regions()[region].passable if not S.units(st, r, SHADOW)
                and S.controller_side(st, r) != SHADOW]
        if K.regions()[region].settlement == "Stronghold" and S.controller_side(st, region) == FP \
                and not S.besieged(st, region):
            opts.append("siege")
        if not opts:
            return
        if answer is None:
            ask(c, ins, seat, _("Scouts: where does your army go?"), opts,
                {**region_labels([o for o in opts if o != "siege"]),
                 "siege": _("Into the Stronghold")})
            return
        c.push({"op": "battle_withdraw", "region": answer})


@VOCAB.op(asks("combat_effect"), side=str, effect=str,
          doc="One combat card (or a Ruler's ability) resolves for a side.")
def _combat_effect(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    b = battle(st)
    if not b:
        return
    side, eff = ins["side"], ins["effect"]
    if eff.startswith("ruler:"):
        _ruler(c, b, side, eff[6:])
        return
    if cancelled(b, side):
        if "answer" not in ins:
            c.say(_("The {side}' combat card is cancelled").format(side=S.side_name(side)))
        return
    if eff.endswith("#late"):
        return
    _one(c, ins, b, side, COMBAT[eff])


def _ruler(c: Ctx, b: dict[str, Any], side: str, ruler: str) -> None:
    st = c.st
    foe = S.other(side)
    cid = (b.get("cards") or {}).get(side) or NONE
    sp = spec(st.cards[cid].code) if cid else None
    title = sp.combat.title if sp is not None else ""
    abilities = dict(b.get("abilities") or {FP: [], SHADOW: []})
    abilities[side] = list(abilities.get(side, [])) + [ruler]
    c.put(("battle", "abilities"), abilities)
    if ruler == "sov.brand":
        set_flag(c, f"brand-{side}")
        add_mod(c, foe, "cancelled", True)
        c.say(_("Heir of Bard: the Shadow's combat card is cancelled") if side == FP else
              _("Shadow in the North: the Free Peoples' combat card is cancelled"))
    elif ruler == "dc.the-black-serpent":
        extra = 2 if title == "Relentless Assault" else 1
        add_mod(c, side, "bonus", extra)
        c.push({"op": "casualties", "region": region_of(b, side), "side": side, "hits": 1})
        c.say(_("Red Wrath: the Black Serpent takes a hit for {n} more combat dice").format(
            n=extra))
    elif ruler == "dc.ugluk":
        add_mod(c, side, "plus", 1)
        add_mod(c, side, "rplus", 1)
        c.say(_("I Command: +1 to each combat and re-roll die of his army this round"))
    elif ruler == "dc.the-shadow-of-mirkwood":
        add_mod(c, side, "rplus", 1)
        if title == "Swarm of Bats":
            add_mod(c, foe, "cancelled", True)
        c.say(_("Lord of the Bats: +1 to each leader re-roll die this round, without his "
                "Leadership"))



@VOCAB.op(asks("combat_after"), state=("done",),
          doc="After both rolls: what the cards do after the re-roll and before casualties.")
def _after(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    b = battle(st)
    if not b:
        return
    done = list(ins.get("done", []))
    rolls = b.get("rolls") or {}
    for key, side in (("mumakil", SHADOW), ("blade", FP), ("fateful", FP),
                      ("black_breath", SHADOW), ("heroic_death", FP), ("shield_wall", FP),
                      ("shield_wall", SHADOW)):
        tag = f"{key}:{side}"
        if tag in done or not mods(b, side).get(key) or cancelled(b, side):
            continue
        if _after_one(c, ins, b, side, key) is False:
            return                                  # it asks
        done.append(tag)
        ins["done"] = done
        b = battle(st)
    owed = b["owed"]
    c.put(("battle", "stage"), "hits" if any(owed.values()) else "decide")
    if not any(owed.values()):
        c.push({"op": "combat_late"})
    _ = rolls


def _after_one(c: Ctx, ins: dict[str, Any], b: dict[str, Any], side: str, key: str) -> bool:
    """One effect after the rolls; False while it asks."""
    st = c.st
    foe = S.other(side)
    rolls = b.get("rolls") or {}
    mine = (rolls.get(side) or {})
    answer = ins.pop("answer", None)
    owed = dict(b["owed"])
    seat = S.lead(st, side)
    if key == "mumakil":
        if mine.get("hits", 0) > (rolls.get(foe) or {}).get("hits", 0) + mods(b, foe).get(
                "struck", 0):
            owed[foe] += 1
            c.put(("battle", "owed"), owed)
        return True
    if key == "shield_wall":
        if owed[side] >= 2:
            owed[side] -= 1
            c.put(("battle", "owed"), owed)
            c.say(_("Shield-Wall: one hit is cancelled"))
        return True
    foe_army = army(st, b, foe)
    if key == "blade":
        opts = [x for x in foe_army if S.kind(st, x) in ("minion", "chieftain")]
        if not mine.get("rehits") or not opts:
            return True
        if answer is None:
            ask(c, ins, seat, _("Blade of Westernesse: slay a Minion for a hit?"), opts + [NONE],
                {**piece_labels(st, opts), NONE: _("No")})
            return False
        if answer:
            remove_figure(c, answer)
            owed[foe] = max(0, owed[foe] - 1)
            c.put(("battle", "owed"), owed)
        return True
    if key == "fateful":
        n = mine.get("rehits", 0)
        opts = [x for x in foe_army if S.code(st, x) == "sauron.nazgul"][:1]
        if n >= 2:
            opts += [x for x in foe_army if S.kind(st, x) in ("minion", "chieftain")]
        if not n or not opts:
            return True
        if answer is None:
            ask(c, ins, seat, _("Fateful Strike: which falls?"), opts, piece_labels(st, opts))
            return False
        remove_figure(c, answer)
        c.say(_("{fig} falls").format(fig=c.card_name(answer)))
        return True
    if key == "black_breath":
        n = mine.get("rehits", 0)
        opts = [x for x in foe_army if S.kind(st, x) == "leader"] + [
            x for x in foe_army if K.is_companion(st, x) and S.code(st, x).startswith("char.")
            and (characters()[S.code(st, x)[5:]].level or 0) <= mine.get("hits", 0)]
        if not n or not opts:
            return True
        if answer is None:
            ask(c, ins, seat, _("Black Breath: slay a Leader or Companion?"), opts + [NONE],
                {**piece_labels(st, opts), NONE: _("No")})
            return False
        if answer:
            remove_figure(c, answer)
            c.say(_("{fig} falls").format(fig=c.card_name(answer)))
        return True
    if key == "heroic_death":
        mine_army = army(st, b, side)
        opts = [x for x in mine_army if S.kind(st, x) == "leader"] + [
            x for x in mine_army if K.is_companion(st, x) and S.code(st, x).startswith("char.")]
        if not owed[side] or not opts:
            return True
        if answer is None:
            ask(c, ins, seat, _("Heroic Death: sacrifice a Leader or Companion to cancel hits?"),
                opts + [NONE], {**piece_labels(st, opts), NONE: _("No")})
            return False
        if answer:
            code = S.code(st, answer)
            cancel = 1 if S.kind(st, answer) == "leader" else (
                characters()[code[5:]].level or 0)
            remove_figure(c, answer)
            owed[side] = max(0, owed[side] - cancel)
            c.put(("battle", "owed"), owed)
            c.say(_("{fig} falls: {n} hits cancelled").format(fig=c.card_name(answer), n=cancel))
        return True
    return True


@VOCAB.op(asks("combat_late"), state=("done",),
          doc="After casualties: the cards that strike then (Great Host, Onslaught, We Come to "
              "Kill).")
def _late(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    b = battle(st)
    if not b or b.get("late"):
        return
    done = list(ins.get("done", []))
    answer = ins.pop("answer", None)
    for side in (FP, SHADOW):
        if cancelled(b, side):
            continue
        for title in mods(b, side).get("late", []):
            tag = f"{side}:{title}"
            if tag in done:
                continue
            foe = S.other(side)
            comb = COMBAT[title]
            if not S.units(st, region_of(b, side), side) or not S.units(
                    st, region_of(b, foe), foe):
                done.append(tag)
                continue
            if comb.effect == "great_host":
                if len(S.units(st, region_of(b, side), side)) >= 2 * len(
                        S.units(st, region_of(b, foe), foe)):
                    _owe(c, foe, 1)
                    c.say(_("Great Host: one more hit"))
            elif comb.effect == "strike":
                _strike_late(c, b, side, comb)
            elif comb.effect == "onslaught":
                top = min(4, sum(2 if S.kind(st, x) == "elite" else 1
                                 for x in S.units(st, region_of(b, side), side)) - 1)
                if answer is None and top > 0:
                    ins["done"] = done
                    ask(c, ins, S.lead(st, side), _("Onslaught: how many hits on your own "
                                                    "units?"), (), kind="number", low=0,
                        high=top)
                    return
                n = answer or 0
                answer = None
                if n:
                    hits = sum(1 for r in roll_d6(n, c.rng) if r >= 4)
                    c.push({"op": "casualties", "region": region_of(b, side), "side": side,
                            "hits": n})
                    _owe(c, foe, hits)
                    c.say(_("Onslaught: {n} hits on the enemy").format(n=hits))
            done.append(tag)
            ins["done"] = done
    c.put(("battle", "late"), True)
    b = battle(st)
    if any(b["owed"].values()):
        c.put(("battle", "stage"), "hits")


def _owe(c: Ctx, side: str, n: int) -> None:
    owed = dict(battle(c.st)["owed"])
    owed[side] += n
    c.put(("battle", "owed"), owed)


def _strike_late(c: Ctx, b: dict[str, Any], side: str, comb: Any) -> None:
    st = c.st
    n = sum(1 for x in S.units(st, region_of(b, side), side) if S.kind(st, x) == "elite")
    hits = sum(1 for r in roll_d6(min(MAX_DICE, n), c.rng) if r >= comb.param("need", 5))
    _owe(c, S.other(side), hits)
    c.say(_("{title}: {n} hits").format(title=_(comb.title), n=hits))
