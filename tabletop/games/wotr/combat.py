"""Combat cards and the battle round's dice, with everything that changes them.

A battle round (``battle``) begins with both sides choosing a combat card in
secret (stage ``cards``: the attacker first, then the defender; the choice
is kept in the slot's ``battle.cards`` and hidden from the other side by the
slot's redactor until both have chosen), or forfeiting one for a Ruler's
ability (``RulerCombat``).  Then the cards are revealed and resolved in
initiative order (the Free Peoples first on a tie): cancelling cards first,
then strikes before the roll and the modifiers of the round
(``battle.mods``); then each side rolls (``roll``), the effects after the
re-roll and before casualties apply (``after_rolls``), casualties are
taken, and the effects after casualties (``late``) may add hits.

Characters in battle: Captain of the West (+1 strength per such Companion),
the Leadership of Companions, Minions, Nazgûl and Rulers, Servants of the
White Hand (Isengard Elites lead with Saruman in play), the White Rider,
the Witch-king's Sorcerer.

Pure Python: no pygame.
"""
from __future__ import annotations

from typing import Any

from tabletop.core.commands import Command
from tabletop.core.i18n import _
from tabletop.core.kernel import Opt
from tabletop.core.model import TABLE, TableState
import tabletop.games.wotr.commands as C
from tabletop.games.wotr.base import base, kome
from tabletop.games.wotr.characters import CAPTAINS
from tabletop.games.wotr.ctx import Ctx, Handler
from tabletop.games.wotr.data import FP, SHADOW, characters, chieftains, sovereigns
from tabletop.games.wotr.dice import roll_d6
from tabletop.games.wotr.effects import ask, asks, draw_one, piece_labels, region_labels
from tabletop.games.wotr.events import spec
from tabletop.games.wotr.events.combat_cards import COMBAT
from tabletop.games.wotr.moves import remove_figure
from tabletop.games.wotr.setup import discard_zone, hand_zone
from tabletop.games.wotr.tablecards import no_combat_cards, table_card
from tabletop.games.wotr.vocab import VOCAB
import tabletop.games.wotr.conds as K
import tabletop.games.wotr.state as S

MAX_DICE = 5
NONE = 0
CANCELS = ("cancel", "bats")


def battle(st: TableState) -> dict[str, Any]:
    """The battle being fought (empty dict when none)."""
    return S.get(st, "battle", default={}) or {}


def region_of(b: dict[str, Any], side: str) -> str:
    """Where a side's army in the battle stands."""
    return str(b["origin"] if side == b["attacker"] else b["region"])


def fresh_round() -> dict[str, Any]:
    """The round's keys of a battle, empty."""
    return {"cards": {FP: None, SHADOW: None}, "rulers": {FP: "", SHADOW: ""}, "shown": False,
            "mods": {FP: {}, SHADOW: {}}, "rolls": {}, "late": False}


def mods(b: dict[str, Any], side: str) -> dict[str, Any]:
    """The round's modifiers of a side."""
    return dict((b.get("mods") or {}).get(side) or {})


def add_mod(c: Ctx, side: str, key: str, n: Any = 1) -> None:
    """Change one of a side's modifiers this round (numbers add up, lists grow)."""
    b = battle(c.st)
    m = mods(b, side)
    if isinstance(n, list):
        m[key] = list(m.get(key, [])) + n
    elif isinstance(n, bool):
        m[key] = n
    else:
        m[key] = m.get(key, 0) + n
    all_mods = dict(b.get("mods") or {FP: {}, SHADOW: {}})
    all_mods[side] = m
    c.put(("battle", "mods"), all_mods)


def once(b: dict[str, Any], key: str) -> bool:
    """Was this once-a-battle thing done?"""
    return bool((b.get("flags") or {}).get(key))


def set_flag(c: Ctx, key: str, value: Any = True) -> None:
    """Record a once-a-battle thing."""
    flags = dict(battle(c.st).get("flags") or {})
    flags[key] = value
    c.put(("battle", "flags"), flags)


# ------------------------------------------------------------ who fights
def army(st: TableState, b: dict[str, Any], side: str) -> list[int]:
    """A side's figures in the battle (the attacker's rearguard stays out)."""
    rear = set(b.get("rearguard") or ()) if side == b.get("attacker") else set()
    return [x for x in S.army(st, region_of(b, side), side) if x not in rear]


def silenced(b: dict[str, Any]) -> list[str]:
    """Companions whose Leadership and abilities Words of Power cancelled this round."""
    return list(mods(b, FP).get("silenced", []))


def leadership(st: TableState, b: dict[str, Any], side: str) -> int:
    """A side's Leadership this round (forfeits and cards counted)."""
    total = 0
    quiet = silenced(b)
    naz_off = once(b, "white_rider")
    white_hand = K.in_play(st, "saruman")
    lord_bats = "dc.the-shadow-of-mirkwood" in (b.get("abilities") or {}).get(side, [])
    for cid in army(st, b, side):
        code = S.code(st, cid)
        kind = S.kind(st, cid)
        if kind == "leader":
            total += 1
        elif kind == "nazgul":
            total += 0 if naz_off else 1
        elif code == "char.witch-king":
            total += 0 if naz_off else 2
        elif kind in ("companion", "minion"):
            total += 0 if code[5:] in quiet else characters()[code[5:]].leadership
        elif kind == "chieftain" and not (lord_bats and code == "dc.the-shadow-of-mirkwood"):
            total += chieftains()[code[3:]].leadership
        elif kind == "sovereign":
            total += sovereign_leadership(st, code, b)
        elif kind == "elite" and white_hand and code == "isengard.elite":
            total += 1
    return max(0, total + mods(b, side).get("lead", 0))


def sovereign_leadership(st: TableState, code: str, b: dict[str, Any]) -> int:
    """A Sovereign's Leadership in a round (Théoden's Forth, Eorlingas! in the first)."""
    sid = code.split(".")[1]
    state = S.sovereign_state(st, sid)
    if state == "sleeping":
        return 1
    if state != "awake":
        return 0
    if sid == "theoden" and b["round"] == 1:
        return 3
    return sovereigns()[sid].leadership


def strength(st: TableState, b: dict[str, Any], side: str) -> int:
    """Combat strength: army units, +1 per Captain of the West not silenced."""
    rear = set(b.get("rearguard") or ()) if side == b.get("attacker") else set()
    n = len([x for x in S.units(st, region_of(b, side), side) if x not in rear])
    if side == FP:
        quiet = silenced(b)
        n += sum(1 for cid in army(st, b, side)
                 if S.code(st, cid)[5:] in CAPTAINS and S.code(st, cid)[5:] not in quiet)
    return n


def nazgul_leadership(st: TableState, b: dict[str, Any]) -> int:
    """The Shadow army's Nazgûl Leadership (none after the White Rider)."""
    if once(b, "white_rider"):
        return 0
    return K.nazgul_leadership(st, army(st, b, SHADOW))


# ----------------------------------------------------------- choosing cards
def playable(st: TableState, b: dict[str, Any], side: str, cid: int) -> bool:
    """May a side play this card as its combat card now?"""
    card = st.cards[cid]
    sp = spec(card.code)
    if sp is None:
        return False
    if side == FP and no_combat_cards(st, b["region"]):
        return False
    flags = b.get("flags") or {}
    if side == FP and flags.get("no_card") and b["round"] == 1 \
            and not K.army_has(st, region_of(b, FP), FP, "companion"):
        return False
    if card.zone == TABLE:                            # Balrog of Moria from the table
        return side == SHADOW and card.code == "ev.shadow.char.17" and K.holds(
            st, sp.combat.when, {"side": side, "battle": b})
    return K.holds(st, sp.combat.when, {"side": side, "battle": b})


def card_options(st: TableState, b: dict[str, Any], side: str) -> list[int]:
    """The cards a side may choose this round (0 first: none)."""
    seat = S.lead(st, side)
    hand = [x for x in st.zones[hand_zone(seat)].cards if playable(st, b, side, x)]
    balrog = table_card(st, "ev.shadow.char.17")
    if side == SHADOW and balrog is not None and playable(st, b, side, balrog):
        hand.append(balrog)
    return [NONE] + hand


def chooser(b: dict[str, Any]) -> str | None:
    """The side still to choose its card this round (the attacker first)."""
    cards = b.get("cards") or {}
    for side in (b["attacker"], S.other(b["attacker"])):
        if cards.get(side) is None:
            return side
    return None


def ask_card(c: Ctx, ins: dict[str, Any], b: dict[str, Any]) -> bool:
    """Ask the side still to choose its combat card; False when both have chosen (or
    the choice is made for a side with no card to play)."""
    while True:
        side = chooser(b)
        if side is None:
            return False
        opts = card_options(c.st, b, side)
        if len(opts) > 1:
            c.ask(ins, S.lead(c.st, side), _("Choose your combat card in secret (or none)"),
                  opts, {NONE: _("No combat card")}, data={"combat": side})
            return True
        c.put(("battle", "cards", side), NONE)
        b = battle(c.st)


def choose_card(c: Ctx, cmd: C.CombatCard) -> str:
    """Choose this round's combat card in secret (0: none)."""
    b = battle(c.st)
    c.must(b, _("No battle is being fought."))
    side = S.seat_side(c.st, cmd.seat)
    if not b.get("stage") == "cards":
        return _legacy_card(c, cmd, b, side)
    c.need(chooser(b) == side, _("It is not the {side}' turn to choose a combat card").format(
        side=S.side_name(side)), base("combat"))
    c.need(cmd.card_id in card_options(c.st, b, side),
           _("That card cannot be played in this battle now"), base("combat"))
    c.put(("battle", "cards", side), cmd.card_id)
    if c.asking() == "battle":
        c.answer()
    return _("{seat} chose a combat card").format(seat=c.seat_name(cmd.seat))


def _legacy_card(c: Ctx, cmd: C.CombatCard, b: dict[str, Any], side: str) -> str:
    """A battle saved before combat cards were chosen in secret: the card is only
    discarded, as then."""
    card = c.st.cards.get(cmd.card_id)
    c.must(card is not None and card.zone == hand_zone(cmd.seat), _("That card is not in "
                                                                     "your hand."))
    assert card is not None
    c.tx.move(cmd.card_id, discard_zone(side, S.event_deck(card.code)))
    return _("{seat} played {card} as a combat card").format(seat=c.seat_name(cmd.seat),
                                                             card=c.card_name(cmd.card_id))


def ruler_card(c: Ctx, cmd: C.RulerCombat) -> str:
    """Forfeit this round's combat card for a Ruler's special combat ability."""
    st = c.st
    b = battle(st)
    c.must(b, _("No battle is being fought."))
    side = S.seat_side(st, cmd.seat)
    rulers = ("sov.brand",) + tuple(f"dc.{d}" for d in chieftains())
    c.must(cmd.ruler in rulers, _("{r} has no special combat ability.").format(r=cmd.ruler))
    c.need_kings()
    why = ruler_problem(st, b, side, cmd.ruler)
    c.need(not why, why, kome("combat"))
    if b.get("stage") == "cards":
        c.need(chooser(b) == side, _("It is not the {side}' turn to choose a combat card")
               .format(side=S.side_name(side)), base("combat"))
        c.need(cmd.card_id in card_options(st, b, side)[1:],
               _("That card cannot be played in this battle now"), base("combat"))
        c.put(("battle", "cards", side), cmd.card_id)
        c.put(("battle", "rulers", side), cmd.ruler)
        if c.asking() == "battle":
            c.answer()
        return _("{seat} chose a combat card").format(seat=c.seat_name(cmd.seat))
    return _("Rulers' abilities are used when combat cards are chosen")


def ruler_problem(st: TableState, b: dict[str, Any], side: str, ruler: str) -> str:
    """Why a Ruler's combat ability cannot be used by ``side`` now ("" if it can)."""
    region = region_of(b, side)
    if ruler == "sov.brand":
        state = S.sovereign_state(st, "brand")
        north = any(S.code(st, x).startswith("north.") for x in S.units(st, b["region"])
                    + S.units(st, b["origin"]))
        if not north:
            return _("Heir of Bard needs a North unit in the battle")
        if side == FP:
            present = any(S.code(st, x) == "sov.brand.silver" for x in army(st, b, FP))
            if state != "awake" or not present:
                return _("Only an Awakened Brand in the battle has Heir of Bard")
        elif state != "corrupted":
            return _("Shadow in the North needs Brand Corrupted")
        if once(b, f"brand-{side}"):
            return _("That ability is used once a battle")
        return ""
    if side != SHADOW or not any(S.code(st, x) == ruler for x in S.army(st, region, SHADOW)):
        return _("That Ruler is not in the army in this battle")
    return ""


# ------------------------------------------------------------------ reveal
def entries(st: TableState, b: dict[str, Any]) -> list[tuple[int, int, str, str]]:
    """(initiative, order, side, effect) of what the cards do this round, in order."""
    out = []
    for side in (FP, SHADOW):
        cid = (b.get("cards") or {}).get(side) or NONE
        if not cid:
            continue
        ruler = (b.get("rulers") or {}).get(side) or ""
        if ruler:
            init = {"sov.brand": 0, "dc.the-black-serpent": 3, "dc.ugluk": 3,
                    "dc.the-shadow-of-mirkwood": 4}[ruler]
            out.append((init, 0 if side == FP else 1, side, "ruler:" + ruler))
            continue
        sp = spec(st.cards[cid].code)
        if sp is not None:
            out.append((sp.combat.initiative, 0 if side == FP else 1, side, sp.combat.title))
            if sp.combat.effect == "mumakil":
                out.append((5, 1, side, sp.combat.title + "#late"))
    return sorted(out)


@VOCAB.op("combat_reveal", doc="Both combat cards are shown; what they do resolves in "
                               "initiative order.")
def _reveal(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    b = battle(st)
    if not b or b.get("shown"):
        return
    c.put(("battle", "shown"), True)
    for side in (FP, SHADOW):
        cid = (b.get("cards") or {}).get(side) or NONE
        if not cid:
            continue
        card = st.cards[cid]
        c.tx.move(cid, discard_zone(side, S.event_deck(card.code)))
        c.tx.set(cid, "face_up", True)
        ruler = (b.get("rulers") or {}).get(side)
        c.say(_("{side} combat card: {card}").format(side=S.side_name(side),
                                                     card=c.card_name(cid)) +
              (" " + _("(forfeited for {r})").format(r=c.card_name(S.find_anywhere(st, ruler)))
               if ruler else ""))
        if side == SHADOW and b["round"] == 1 and K.army_has(st, region_of(b, SHADOW), SHADOW,
                                                             "witch-king"):
            c.push({"op": "sorcerer", "deck": S.event_deck(card.code)})
    steps = [{"op": "combat_effect", "side": side, "effect": eff}
             for _i, _o, side, eff in entries(st, battle(st))]
    c.push(*steps)


@VOCAB.op(asks("sorcerer"), deck=str, doc="The Witch-king's Sorcerer: after a first-round "
                                          "combat card, draw a card of that deck?")
def _sorcerer(c: Ctx, ins: dict[str, Any]) -> None:
    seat = S.lead(c.st, SHADOW)
    if "answer" not in ins:
        if not c.st.zones[f"deck.{SHADOW}.{ins['deck']}"].cards:
            return
        ask(c, ins, seat, _("Sorcerer: draw a card of that deck?"), [], kind="yesno")
        return
    if ins.pop("answer"):
        draw_one(c, seat, ins["deck"])
        c.push({"op": "hand_limit"})


def cancelled(b: dict[str, Any], side: str) -> bool:
    """Was a side's combat card cancelled this round?"""
    return bool(mods(b, side).get("cancelled"))


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
        who = [x for x in army(st, b, FP) if S.code(st, x) == "char.aragorn"
               or (S.kind(st, x) == "sovereign" and S.code(st, x).endswith(".silver"))]
        if who:
            code = S.code(st, who[0])
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
        if K.regions()[region].settlement == "Stronghold" and S.controller_side(st, region) == FP:
            opts.append("siege")
        if not opts:
            return
        if answer is None:
            ask(c, ins, seat, _("Scouts: where does your army go?"), opts,
                {**region_labels([o for o in opts if o != "siege"]),
                 "siege": _("Into the Stronghold")})
            return
        if answer == "siege":
            sieges = dict(c.get("sieges", default={}) or {})
            sieges[region] = True
            c.put(("sieges",), sieges)
            c.say(_("The army withdraws into the Stronghold"))
        else:
            for cid in army(st, b, FP):
                c.tx.move(cid, S.rzone(answer))
            c.say(_("The army slips away to {r}").format(r=c.region_name(answer)))
        c.put(("battle",), None)


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
    title = spec(st.cards[cid].code).combat.title if cid and spec(st.cards[cid].code) else ""
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


@VOCAB.op(asks("white_rider"), doc="Gandalf the White in a battle with Nazgûl: give up his "
                                   "Leadership to cancel theirs for the whole battle?")
def _white_rider(c: Ctx, ins: dict[str, Any]) -> None:
    b = battle(c.st)
    if not b or once(b, "white_rider_asked"):
        return
    if "answer" not in ins:
        ask(c, ins, S.lead(c.st, FP), _("The White Rider: give up Gandalf's Leadership to "
                                        "cancel the Nazgûl's for this battle?"), [],
            kind="yesno")
        return
    set_flag(c, "white_rider_asked")
    if ins.pop("answer"):
        set_flag(c, "white_rider")
        c.say(_("The White Rider: the Nazgûl lead no one in this battle"))


def round_start(c: Ctx, ins: dict[str, Any], b: dict[str, Any]) -> bool:
    """At the start of a round's card choice: the White Rider's question (once a battle);
    True when something was pushed to run first."""
    st = c.st
    if b["round"] == 1 and not once(b, "white_rider_asked") \
            and K.army_has(st, region_of(b, FP), FP, "gandalf-white") \
            and K.nazgul_leadership(st, army(st, b, SHADOW)):
        c.push({"op": "white_rider"}, ins)
        return True
    return False


# ------------------------------------------------------------------- rolling
def roll(c: Ctx, b: dict[str, Any], side: str, need: int) -> tuple[list[int], list[int], int]:
    """Roll a side's combat dice and leader re-roll with this round's modifiers: (the roll,
    the re-roll, hits); the hits are owed by the enemy (Confusion's by the side itself)."""
    st = c.st
    m = mods(b, side)
    foe = S.other(side)
    n = min(MAX_DICE, strength(st, b, side)) + (b.get("bonus") or {}).get(side, 0)
    n += m.get("bonus", 0)
    if n and m.get("fewer"):
        n = max(1, n - m["fewer"])
    flags = b.get("flags") or {}
    if n and side == SHADOW and flags.get("relief"):
        inside = len(S.units(st, b["region"], FP))
        n = max(1, n - inside)
    if "cap" in m:
        n = min(n, m["cap"])
    rolls = roll_d6(n, c.rng)
    plus, minus = m.get("plus", 0), m.get("minus", 0)
    ones = sum(1 for r in rolls if r == 1) if m.get("confusion") else 0
    hits = sum(1 for r in rolls if not (ones and r == 1)
               and (r + plus - minus >= need or (minus and r == 6)))
    misses = len(rolls) - hits - ones
    sure = min(m.get("sure", 0), misses)
    hits += sure
    misses -= sure
    again: list[int] = []
    if not m.get("no_reroll"):
        again = roll_d6(min(misses, leadership(st, b, side)), c.rng)
    rehits = sum(1 for r in again if r + m.get("rplus", 0) >= need)
    total = hits + rehits
    if total and m.get("more"):
        total += m["more"]
    rolled = dict(b.get("rolls") or {})
    rolled[side] = {"hits": total, "rehits": rehits}
    c.put(("battle", "rolls"), rolled)
    owed = dict(b["owed"])
    owed[foe] += total
    owed[side] += ones
    c.put(("battle", "owed"), owed)
    return rolls, again, total


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


HANDLERS: dict[type[Command], Handler] = {C.CombatCard: choose_card, C.RulerCombat: ruler_card}

__all__ = ["Opt", "region_labels"]
