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
from tabletop.games.wotr.effects import ask, asks, draw_one, region_labels
from tabletop.games.wotr.events import spec
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


HANDLERS: dict[type[Command], Handler] = {C.CombatCard: choose_card, C.RulerCombat: ruler_card}

__all__ = ["Opt", "region_labels"]
