"""Cards played on the table: what they answer, forbid and how they leave.

A card "played on the table" lies in the shared ``table`` zone.  While it
lies there:

- it answers the triggers its declaration names (``on``): the
  instructions are pushed with ``$card`` (and the trigger's facts) filled in;
- what it forbids is checked where the rules are (``forbidden``: armies
  kept out of regions; ``restricts``: a die use, an activation, combat cards);
- ``tidy`` discards it as soon as what keeps it there (``keep``) fails,
  after every command;
- the opponent may force it off as the card allows (``DiscardTable``).

Pure Python: no pygame.
"""
from __future__ import annotations

from typing import Any

from tabletop.core.commands import Command
from tabletop.core.i18n import _
from tabletop.core.model import TABLE, TableState
import tabletop.games.wotr.commands as C
from tabletop.games.wotr.base import base
from tabletop.games.wotr.conds import holds
from tabletop.games.wotr.ctx import Ctx, Handler
from tabletop.games.wotr.data import FP, SHADOW, regions
from tabletop.games.wotr.dice import spend
from tabletop.games.wotr.effects import (add_corruption, ask, asks, discard_from_table,
                                         draw_one, ev_get, ev_put, on_table, piece_labels,
                                         table_card)
from tabletop.games.wotr.events import fill, spec, table_specs
from tabletop.games.wotr.setup import discard_zone, hand_zone
from tabletop.games.wotr.vocab import VOCAB, react
import tabletop.games.wotr.conds as K
import tabletop.games.wotr.state as S

KEEP_OUT = {"ev.fp.strat.02": ("lorien", "rivendell", "grey-havens"),
            "ev.fp.strat.03": ("old-forest", "the-shire", "buckland")}


# ---------------------------------------------------------------- answering
def _answer(trigger: str):
    def fn(c: Ctx, facts: dict[str, Any]) -> None:
        for cid in on_table(c.st):
            sp = spec(c.st.cards[cid].code)
            for trig, steps in (sp.on if sp else ()):
                if trig == trigger:
                    c.push(*fill(steps, **{**facts, "card": cid}))
    return fn


for _trig in sorted({t for s in table_specs() for t, _steps in s.on}):
    react(_trig)(_answer(_trig))


def tidy(c: Ctx) -> None:
    """Discard every table card whose ``keep`` conditions no longer hold."""
    for cid in on_table(c.st):
        sp = spec(c.st.cards[cid].code)
        if sp is not None and sp.keep and not holds(c.st, sp.keep, {"side": sp.side}):
            discard_from_table(c, cid)


# ---------------------------------------------------------------- forbidding
def forbidden(st: TableState, side: str, region: str) -> bool:
    """Does a card on the table keep ``side``'s armies out of ``region``?"""
    if side != SHADOW:
        return False
    for code, regs in KEEP_OUT.items():
        if region in regs and table_card(st, code) is not None:
            return True
    return False


def forbid_move(c: Ctx, side: str, region: str) -> None:
    """Enforced: refuse an army entering or attacking a region a table card protects."""
    c.need(not forbidden(c.st, side, region),
           _("A card on the table keeps Shadow armies out of {r}").format(
               r=c.region_name(region)), base("cards"))


def threats(st: TableState) -> bool:
    """Is Threats and Promises on the table?"""
    return table_card(st, "ev.shadow.strat.05") is not None


def welcome(st: TableState) -> bool:
    """Is Your Welcome Is Doubtful on the table?"""
    return table_card(st, "ev.shadow.char.25") is not None


def wormtongue(st: TableState) -> bool:
    """Is Wormtongue on the table?"""
    return table_card(st, "ev.shadow.char.22") is not None


def no_combat_cards(st: TableState, region: str) -> bool:
    """Does Denethor's Folly keep the Free Peoples' combat cards out of a battle there?"""
    cid = table_card(st, "ev.shadow.strat.03")
    if cid is None:
        return False
    if region == "minas-tirith":
        return True
    return st.cards[cid].code.endswith("k") and S.sovereign_region(st, "denethor") == region


# ---------------------------------------------------- the Hunt while on the table
def _use(c: Ctx, ins: dict[str, Any], seat: int, prompt: str) -> bool | None:
    """Ask whether to discard a table card for its effect; None while asking."""
    if ins["card"] not in c.st.zones[TABLE].cards:
        return False
    if "answer" not in ins:
        ask(c, ins, seat, prompt, [], kind="yesno")
        return None
    if ins.pop("answer"):
        discard_from_table(c, ins["card"])
        return True
    return False


def hunt_mod(st: TableState) -> dict[str, Any]:
    """What cards change about the Hunt tile being drawn or the roll being made."""
    return dict(ev_get(st, "hunt") or {})


def set_hunt_mod(c: Ctx, **more: Any) -> None:
    """Record a change to the Hunt in progress."""
    ev_put(c, "hunt", {**hunt_mod(c.st), **more})


@VOCAB.op(asks("mithril"), card=int, doc="Mithril Coat and Sting: discard it for a second "
                                          "Hunt tile, which counts instead of the first.")
def _mithril(c: Ctx, ins: dict[str, Any]) -> None:
    if hunt_mod(c.st).get("redraw") is not None:
        return
    used = _use(c, ins, S.lead(c.st, FP), _("Discard Mithril Coat and Sting to draw a second "
                                            "Hunt tile instead?"))
    if used:
        set_hunt_mod(c, redraw=1)


@VOCAB.op(asks("lessen"), card=int, doc="Axe and Bow, Horn of Gondor: discard it to lower the "
                                         "Hunt damage by one.")
def _lessen(c: Ctx, ins: dict[str, Any]) -> None:
    if hunt_mod(c.st).get("damage", 1) <= hunt_mod(c.st).get("reduce", 0) or hunt_mod(
            c.st).get("ring_only"):
        return
    used = _use(c, ins, S.lead(c.st, FP), _("Discard {card} to lower the Hunt damage by one?")
                .format(card=c.card_name(ins["card"])))
    if used:
        set_hunt_mod(c, reduce=hunt_mod(c.st).get("reduce", 0) + 1)


@VOCAB.op(asks("staff"), card=int, doc="Wizard's Staff: discard it so that no Hunt tile is "
                                        "drawn.")
def _staff(c: Ctx, ins: dict[str, Any]) -> None:
    if hunt_mod(c.st).get("prevent"):
        return
    used = _use(c, ins, S.lead(c.st, FP), _("Discard Wizard's Staff: no Hunt tile is drawn?"))
    if used:
        set_hunt_mod(c, prevent=True)


@VOCAB.op(asks("crebain"), card=int, doc="Flocks of Crebain: discard it for +1 to every Hunt "
                                          "die.")
def _crebain(c: Ctx, ins: dict[str, Any]) -> None:
    if c.get("hunt_box", "eyes", default=0) <= 0 or hunt_mod(c.st).get("plus"):
        return
    used = _use(c, ins, S.lead(c.st, SHADOW), _("Discard Flocks of Crebain for +1 on every "
                                                "Hunt die?"))
    if used:
        set_hunt_mod(c, plus=1)


@VOCAB.op(asks("balrog"), card=int,
          doc="Balrog of Moria: with the Fellowship found in or next to Moria, discard it for "
              "one more Hunt tile.")
def _balrog(c: Ctx, ins: dict[str, Any]) -> None:
    here = S.fellowship_region(c.st) or ""
    if here not in ("moria",) + regions()["moria"].passable or c.get(
            "fellowship", "mordor", default=-1) >= 0:
        return
    used = _use(c, ins, S.lead(c.st, SHADOW), _("Discard Balrog of Moria for one more Hunt "
                                                "tile?"))
    if used:
        c.push({"op": "hunt_tile", "eye": 0, "mode": "balrog"})


@VOCAB.op(asks("palantir"), card=int, seat=int, deck=str, face=str,
          doc="The Palantír of Orthanc: after an Event die plays a Shadow card, draw another.")
def _palantir(c: Ctx, ins: dict[str, Any]) -> None:
    seat = ins["seat"]
    if S.seat_side(c.st, seat) != SHADOW or ins["face"] != "event":
        return
    decks = [d for d in ("character", "strategy")
             if c.st.zones[f"deck.{SHADOW}.{d}"].cards]
    answer = ins.pop("answer", None)
    if answer is None and len(decks) > 1:
        ask(c, ins, seat, _("The Palantír of Orthanc: draw from which deck?"), decks,
            {"character": _("Character"), "strategy": _("Strategy")})
        return
    deck = answer or (decks[0] if decks else "")
    if deck and draw_one(c, seat, deck):
        c.say(_("The Palantír of Orthanc: the Shadow draws a card"))
        c.push({"op": "hand_limit"})


@VOCAB.op(asks("sorrow"), card=int, fellowship=bool,
          doc="Worn with Sorrow and Toil: a Companion of the Fellowship fell; the Shadow may "
              "discard a random Free Peoples Character card from hand, or one from the table.")
def _sorrow(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    if not ins["fellowship"] or ins["card"] not in st.zones[TABLE].cards:
        return
    fp_seat = S.lead(st, FP)
    hand = [x for x in st.zones[hand_zone(fp_seat)].cards if ".char." in st.cards[x].code]
    tabled = on_table(st, "ev.fp.char.")
    answer = ins.pop("answer", None)
    if answer is None:
        opts: list[Any] = (["hand"] if hand else []) + tabled
        if not opts:
            return
        ask(c, ins, S.lead(st, SHADOW), _("Worn with Sorrow and Toil: discard a Free Peoples "
                                          "Character card?"), opts + ["no"],
            {"hand": _("A random one from the hand"), "no": _("None"),
             **piece_labels(st, tabled)})
        return
    if answer == "hand":
        cid = hand[c.rng.randrange(len(hand))]
        c.tx.move(cid, discard_zone(FP, "character"))
        c.say(_("A random Free Peoples Character card is discarded from the hand"))
    elif answer != "no":
        discard_from_table(c, answer)


@VOCAB.op("threats_end", card=int, cause=str,
          doc="Threats and Promises leaves the table when a Free Peoples nation advances "
              "through an attack or a Companion.")
def _threats_end(c: Ctx, ins: dict[str, Any]) -> None:
    if ins["cause"] in ("attack", "companion") and ins["card"] in c.st.zones[TABLE].cards:
        discard_from_table(c, ins["card"])


@VOCAB.op("folly", seat=int, doc="Denethor's Folly: a Free Peoples Leader in Minas Tirith "
                                 "falls.")
def _folly(c: Ctx, ins: dict[str, Any]) -> None:
    from tabletop.games.wotr.moves import remove_figure
    leaders = [x for x in S.pieces_in(c.st, "minas-tirith") if S.kind(c.st, x) == "leader"
               and S.side_of_piece(c.st, x) == FP]
    if leaders:
        remove_figure(c, leaders[-1])
        c.say(_("A Free Peoples Leader in Minas Tirith falls"))


# ------------------------------------------------------- forcing a card off
def discard_ways(st: TableState, cid: int) -> list[str]:
    """How the opponent may force a table card off: "die" (any die), "wotw" (Will of the
    West), "ring" (any die and an Elven ring), "cards" (any die and a Strategy and a
    Character card), "character" (a Character die)."""
    code = st.cards[cid].code.rstrip("k")
    kings = st.cards[cid].code.endswith("k")
    if code in ("ev.fp.strat.02", "ev.fp.strat.03"):
        return ["cards"]
    if code in ("ev.shadow.char.21", "ev.shadow.strat.25"):
        return ["wotw", "ring"]
    if code == "ev.shadow.strat.03":
        where = ["minas-tirith"] + ([S.sovereign_region(st, "denethor") or ""] if kings else [])
        near = any(K.char_region(st, w) in where for w in ("gandalf-grey", "gandalf-white",
                                                            "aragorn"))
        return ["wotw", "die"] if near else ["wotw"]
    if code == "ev.shadow.char.25":
        ok = any(S.sovereign_state(st, s) != "corrupted" and S.sovereign_region(st, s)
                 and K.companions_at(st, S.sovereign_region(st, s) or "")
                 for s in ("brand", "dain", "denethor", "theoden", "thranduil")) \
            if S.kings(st) else False
        return ["wotw", "character"] if ok else ["wotw"]
    return []


def discard_table(c: Ctx, cmd: C.DiscardTable) -> str:
    """Force a card off the table as the card allows."""
    st = c.st
    c.must(cmd.card_id in st.zones[TABLE].cards and st.cards[cmd.card_id].code.startswith("ev."),
           _("That card is not on the table."))
    code = st.cards[cmd.card_id].code
    sp = spec(code)
    side = S.other(sp.side if sp is not None else FP)
    ways = discard_ways(st, cmd.card_id)
    c.need(ways, _("{card} cannot be forced off the table").format(
        card=c.card_name(cmd.card_id)), base("cards"))
    c.need_side(cmd.seat, side, base("cards"))
    dice = c.get("dice", side, default=[])
    face = dice[cmd.die]["face"] if 0 <= cmd.die < len(dice) else ""
    if cmd.cards:
        c.need("cards" in ways, _("That card is not forced off with cards"), base("cards"))
        hand = st.zones[hand_zone(cmd.seat)].cards
        decks = sorted(S.event_deck(st.cards[x].code) for x in cmd.cards if x in hand)
        c.need(decks == ["character", "strategy"],
               _("Discard one Character and one Strategy card from your hand"), base("cards"))
        for x in cmd.cards:
            c.tx.move(x, discard_zone(side, S.event_deck(st.cards[x].code)))
        spend(c, side, cmd.die, "any", "discard")
    elif cmd.ring:
        c.need("ring" in ways, _("An Elven ring does not force this card off"), base("rings"))
        c.must(st.zones["rings.fp"].cards, _("The Free Peoples hold no Elven ring."))
        c.tx.move(st.zones["rings.fp"].cards[-1], "rings.shadow")
        spend(c, side, cmd.die, "any", "discard")
    elif face == "will_of_the_west" and "wotw" in ways:
        spend(c, side, cmd.die, "event", "discard")
    elif face == "character" and "character" in ways:
        spend(c, side, cmd.die, "character", "discard")
    else:
        c.need("die" in ways, _("That die does not force this card off"), base("cards"))
        spend(c, side, cmd.die, "any", "discard")
    discard_from_table(c, cmd.card_id)
    return _("{seat} forced {card} off the table").format(seat=c.seat_name(cmd.seat),
                                                         card=c.card_name(cmd.card_id))


def discard_actions(st: TableState, side: str, mine: list[int]) -> list[Command]:
    """The table cards the acting side may force off, with which die."""
    out: list[Command] = []
    seat = S.lead(st, side)
    dice = S.get(st, "dice", side, default=[])
    for cid in on_table(st):
        sp = spec(st.cards[cid].code)
        if sp is None or sp.side == side:
            continue
        ways = discard_ways(st, cid)
        for i in mine[:1] + [j for j in mine if dice[j]["face"] in ("will_of_the_west",
                                                                    "character")][:1]:
            face = dice[i]["face"]
            if "wotw" in ways and face == "will_of_the_west" or "die" in ways or (
                    "character" in ways and face == "character"):
                out.append(C.DiscardTable(seat, cid, i))
            if "ring" in ways and st.zones["rings.fp"].cards:
                out.append(C.DiscardTable(seat, cid, i, True))
            if "cards" in ways:
                hand = st.zones[hand_zone(seat)].cards
                ch = [x for x in hand if ".char." in st.cards[x].code]
                sg = [x for x in hand if ".strat." in st.cards[x].code]
                if ch and sg:
                    out.append(C.DiscardTable(seat, cid, i, False, (ch[0], sg[0])))
    return out


def with_corruption(c: Ctx, n: int) -> None:
    """(for cards adding Corruption from the table)"""
    add_corruption(c, n)


HANDLERS: dict[type[Command], Handler] = {C.DiscardTable: discard_table}


def wormtongue_blocks(st: TableState, nation: str, cause: str) -> bool:
    """Wormtongue: Rohan is activated only by a Companion, the Fellowship declared in
    Edoras or Helm's Deep, or an attack there."""
    if nation != "rohan" or not wormtongue(st):
        return False
    if cause == "companion" or cause in ("declared:edoras", "declared:helms-deep"):
        return False
    b = S.get(st, "battle") or {}
    return not (cause == "attack" and b.get("region") in ("edoras", "helms-deep"))


S.RULE_HOOKS.update({
    "forbidden": forbidden, "threats": threats, "activation": wormtongue_blocks,
    "last_battle": lambda st: table_card(st, "ev.fp.strat.01") is not None})
