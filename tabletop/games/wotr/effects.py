"""What event cards do, part one: the shared operations and the questions they ask.

The operations every deck uses: drawing cards (then the hand limit),
recruiting by card, advancing and activating nations, healing and adding
Corruption, special Hunt tiles coming into play, a choice between two
effects (``either``), discarding a card from the table.  Each is an
operation of ``vocab.VOCAB`` with declared parameters, run from the stack
when a card is played; where the card gives a choice it asks (``ask``) and
runs again with the answer, which the ``Choose`` command gives (or, for a
card to discard, ``DiscardEvent``).

``ev(c)`` is the slot's ``ev`` record of what event cards leave behind: the
special tiles waiting for the Mordor track (``ready``), what a Hunt is to do
differently (``hunt``), what was used this turn (``turn``).

Pure Python: no pygame.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from tabletop.core.commands import Command
from tabletop.core.i18n import N_, _, ngettext
from tabletop.core.kernel import Opt
from tabletop.core.model import TABLE, TableState
from tabletop.core.ruleset import Refused
import tabletop.games.wotr.commands as C
from tabletop.games.wotr.base import base, piece_label
from tabletop.games.wotr.ctx import Ctx, Handler
from tabletop.games.wotr.data import (FP, FP_NATIONS, NATIONS, SHADOW, nation_side, regions)
from tabletop.games.wotr.dice import roll_d6
from tabletop.games.wotr.kings import after_politics
from tabletop.games.wotr.pieces import catalogue, unit_code
from tabletop.games.wotr.setup import deck_zone, discard_zone, hand_zone
from tabletop.games.wotr.vocab import (CARD_DRAWN, CARD_PLAYED, FELLOWSHIP_DECLARED, POLITICS,
                                       REVEALED, VOCAB, fire, react)
import tabletop.games.wotr.conds as K
import tabletop.games.wotr.legacy as legacy
import tabletop.games.wotr.politics as P
from tabletop.games.wotr.victory import check_ring
import tabletop.games.wotr.state as S

# operations whose question the Choose command answers (kept in legacy: the stack may
# ask them above any phase)
ASKING = legacy.ASKING
UNIT_WORDS = {"regular": N_("Regular"), "elite": N_("Elite"), "leader": N_("Leader"),
              "nazgul": N_("Nazgûl")}
PAIRS = {"unit": ("regular", "elite"), "troop": ("regular", "leader"),
         "horde": ("regular", "nazgul")}


def asks(name: str) -> str:
    """Mark an operation as one whose question ``Choose`` answers."""
    ASKING.add(name)
    return name


# ------------------------------------------------------------------ the slot
def ev(st: TableState) -> dict[str, Any]:
    """The slot's record of what event cards leave behind (a copy)."""
    return dict(S.get(st, "ev", default={}) or {})


def ev_get(st: TableState, key: str, default: Any = None) -> Any:
    """One value of the ``ev`` record."""
    return ev(st).get(key, default)


def ev_put(c: Ctx, key: str, value: Any) -> None:
    """Set one value of the ``ev`` record (None removes it)."""
    if S.get(c.st, "ev") is None:
        c.put(("ev",), {})
    c.put(("ev", key), value)


def turn_flag(st: TableState, key: str) -> bool:
    """Was this once-a-turn thing used this turn?"""
    return (ev_get(st, "turn") or {}).get(key) == st.round


def set_turn_flag(c: Ctx, key: str) -> None:
    """Record a once-a-turn thing as used this turn."""
    t = dict(ev_get(c.st, "turn") or {})
    t[key] = c.st.round
    ev_put(c, "turn", t)


def on_table(st: TableState, code_prefix: str = "ev.") -> list[int]:
    """Event cards lying on the table (ids)."""
    z = st.zones.get(TABLE)
    return [cid for cid in (z.cards if z else ()) if st.cards[cid].code.startswith(code_prefix)]


def table_card(st: TableState, number_code: str) -> int | None:
    """The card of this code (base or Kings version) on the table, if it lies there."""
    for cid in on_table(st):
        code = st.cards[cid].code
        if code == number_code or code == number_code + "k":
            return cid
    return None


# ------------------------------------------------------------------ asking
def ask(c: Ctx, ins: dict[str, Any], seat: int, prompt: str, options: Sequence[Any],
        labels: dict[Any, str] | None = None, kind: str = "one", low: int = 1,
        high: int = 1, suggest: Any = None) -> None:
    """Ask ``seat``; ``ins`` runs again with the answer (see ``Choose``).  ``suggest``:
    an answer the legal actions offer for a choice of many."""
    data = {"suggest": suggest} if suggest is not None else None
    c.ask(ins, seat, prompt, options, labels, kind, data, low, high)


def region_labels(rids: Iterable[str]) -> dict[str, str]:
    """Region ids labelled with their names."""
    return {r: S.side_name(r) if r in (FP, SHADOW) else c_region(r) for r in rids}


def c_region(r: str) -> str:
    """A region's name (or the word for a pseudo-option)."""
    from tabletop.games.wotr.base import region_name
    return region_name(r) if r in regions() else r


def piece_labels(st: TableState, ids: Iterable[int]) -> dict[int, str]:
    """Pieces labelled with their names."""
    return {i: piece_label(st.cards[i].code) for i in ids}


def choose(c: Ctx, cmd: C.Choose) -> str:
    """Answer the question a card or an ability asks."""
    op = c.asking()
    choice = S.get(c.st, "choice") or {}
    c.must(op in ASKING, _("No card or ability waits for an answer."))
    c.need(cmd.seat == choice.get("seat"), _("{seat} is not the one to answer").format(
        seat=c.seat_name(cmd.seat)), base("cards"))
    answer: Any = cmd.answer
    kind = choice.get("kind")
    options = list(choice.get("options") or [])
    if kind == "one":
        c.must(answer in options, _("That is not one of the choices."))
    elif kind == "yesno":
        c.must(isinstance(answer, bool), _("Answer yes or no."))
    elif kind == "number":
        c.must(isinstance(answer, int) and choice.get("min", 1) <= answer <= choice.get("max", 1),
               _("That number is not allowed."))
    elif kind == "many":
        answer = list(answer) if isinstance(answer, (list, tuple)) else [answer]
        c.must(all(a in options for a in answer)
               and choice.get("min", 1) <= len(answer) <= choice.get("max", len(options)),
               _("That is not an allowed choice."))
    c.answer(answer)
    return ""


def answers(choice: dict[str, Any]) -> list[Any]:
    """Answers the legal actions offer for a question of ``ASKING`` (a few for a choice of many)."""
    kind = choice["kind"]
    options = list(choice.get("options") or [])
    if kind == "one":
        return options
    if kind == "yesno":
        return [True, False]
    if kind == "number":
        return list(range(choice.get("min", 1), choice.get("max", 1) + 1))
    suggest = (choice.get("data") or {}).get("suggest")
    low, high = choice.get("min", 1), choice.get("max", len(options))
    out: list[Any] = []
    if suggest is not None:
        out.append(tuple(suggest))
    for n in (low, high):
        pick = tuple(options[:n])
        if low <= len(pick) <= high and pick not in out:
            out.append(pick)
    return out


# ---------------------------------------------------------------- playing
@VOCAB.op("card_done", card=int, seat=int, deck=str, face=str,
          doc="A played event card's effect is done: what answers its playing now runs.")
def _card_done(c: Ctx, ins: dict[str, Any]) -> None:
    fire(c, CARD_PLAYED, seat=ins["seat"], card=ins["card"], deck=ins["deck"], face=ins["face"])


@VOCAB.op("table_discard", card=int, if_fp_hold=Opt(bool, "only if the Fellowship was just "
                                                          "declared in a Free Peoples hold"),
          doc="Discard a card from the table (when it lies there).")
def _table_discard(c: Ctx, ins: dict[str, Any]) -> None:
    cid = ins["card"]
    if cid not in c.st.zones[TABLE].cards:
        return
    if ins.get("if_fp_hold") and not K.fp_hold(c.st, S.fellowship_region(c.st) or ""):
        return
    discard_from_table(c, cid)


def discard_from_table(c: Ctx, cid: int) -> None:
    """A card leaves the table for its discard pile."""
    code = c.st.cards[cid].code
    side = catalogue()[code].side or FP
    c.tx.move(cid, discard_zone(side, S.event_deck(code)))
    c.say(_("{card} is discarded from the table").format(card=c.card_name(cid)))


# ------------------------------------------------------------------ drawing
def draw_one(c: Ctx, seat: int, deck: str) -> int:
    """Draw one card of a seat's side's deck into its hand (0 when the deck is empty)."""
    return draw_card(c, seat, S.seat_side(c.st, seat), deck)


def draw_card(c: Ctx, seat: int, side: str, deck: str) -> int:
    """Draw the top card of a deck into a seat's hand (0 if the deck is empty)."""
    pile = c.st.zones[deck_zone(side, deck)].cards
    if not pile:
        return 0
    cid = pile[-1]
    c.tx.move(cid, hand_zone(seat))
    c.tx.set(cid, "face_up", True)
    c.tx.set(cid, "owner", seat)
    fire(c, CARD_DRAWN, seat=seat, deck=deck, card=cid)
    return 1


@VOCAB.op("draw", seat=int, deck=str, n=int, doc="The seat draws ``n`` cards of a deck of its "
                                                 "side (then keeps to the hand limit).")
def _draw(c: Ctx, ins: dict[str, Any]) -> None:
    got = sum(draw_one(c, ins["seat"], ins["deck"]) for _i in range(ins["n"]))
    word = _("Character") if ins["deck"] == "character" else _("Strategy")
    c.say(ngettext("{seat} draws {n} {deck} card", "{seat} draws {n} {deck} cards", got).format(
        seat=c.seat_name(ins["seat"]), n=got, deck=word))
    c.push({"op": "hand_limit"})


@VOCAB.op(asks("hand_limit"), doc="A seat over the hand limit discards down to it at once.")
def _hand_limit(c: Ctx, ins: dict[str, Any]) -> None:
    ins.pop("answer", None)
    limit = S.hand_limit(c.st)
    for seat in range(len(c.st.seats)):
        hand = c.st.zones[hand_zone(seat)].cards
        if len(hand) > limit:
            ask(c, ins, seat, _("{seat} holds more than {n} cards: discard one").format(
                seat=c.seat_name(seat), n=limit), list(hand))
            return


# --------------------------------------------------------------- recruiting
def free_for(st: TableState, region: str, side: str) -> bool:
    """Free for recruiting by ``side``: no enemy unit, a settlement held by its own side."""
    if S.units(st, region, S.other(side)):
        return False
    info = regions()[region]
    if info.settlement and info.nation and S.controller_side(st, region) != side:
        return False
    return True


def where(st: TableState, spec: str, side: str) -> list[str]:
    """The regions a recruit's ``where`` names: ``settlements:<nation>``,
    ``strongholds:<nation>``, ``with:<character>``, ``list:a,b``, ``coast:fp``,
    ``shadow_army``, ``riders``, ``near_dunland``."""
    kind, _sep, arg = spec.partition(":")
    regs = regions()
    if kind == "settlements":
        return [r for r, i in regs.items() if i.nation == arg and i.settlement]
    if kind == "strongholds":
        return [r for r, i in regs.items() if i.nation == arg and i.settlement == "Stronghold"]
    if kind == "with":
        r = K.char_zone(st, arg)
        return [r] if r and r != "fellowship" else []
    if kind == "list":
        return arg.split(",")
    if kind == "coast":
        return [r for r in K.COASTAL if S.units(st, r, FP)]
    if kind == "shadow_army":
        return [r for r in regs if S.units(st, r, SHADOW)]
    if kind == "riders":
        return ["edoras"] + [r for r, i in regs.items() if i.nation == "rohan"
                             and r != "edoras" and K.companions_at(st, r)]
    if kind == "near_dunland":
        near = set(regs["north-dunland"].passable) | set(regs["south-dunland"].passable)
        return sorted(near - {"north-dunland", "south-dunland"})
    raise ValueError(f"unknown place {spec!r}")


def reinforcements(st: TableState, nation: str, kind: str) -> list[int]:
    """A nation's figures of a kind (regular, elite, leader, nazgul) not in play."""
    code = unit_code(nation, kind)
    return [x for x in st.zones[f"reinf.{nation}"].cards if st.cards[x].code == code]


def recruit_one(c: Ctx, nation: str, kind: str, region: str) -> bool:
    """One figure from the reinforcements into a region (False when none is left or
    the stacking limit stops it)."""
    pool = reinforcements(c.st, nation, kind)
    if not pool or (kind in ("regular", "elite")
                    and S.stack_count(c.st, region) >= S.STACK_LIMIT):
        return False
    c.tx.move(pool[-1], S.rzone(region))
    return True


@VOCAB.op(asks("recruit"), seat=int, nation=str, kinds=list,
          regions=Opt(list, "where it may be done"), where=Opt(str, "a named set of regions"),
          each=Opt(int, "that many different regions, each receiving ``kinds``"),
          if_army=Opt(str, "only if that side has an army there"),
          state=("picked", "done"),
          doc="Recruit by card: ``kinds`` (regular, elite, unit: either, leader, nazgul) in a "
              "region the card names (chosen when several are free).")
def _recruit(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    nation = ins["nation"]
    side = nation_side(nation)
    picked = list(ins.get("picked", []))
    answer = ins.pop("answer", None)
    if answer in UNIT_WORDS:
        ins.setdefault("done", []).append(answer)
    elif isinstance(answer, str):
        picked.append(answer)
        ins["picked"] = picked
    want = max(1, ins.get("each", 0) or 1)
    if "done" not in ins and len(picked) < want:
        cands = list(ins.get("regions") or []) or where(st, ins.get("where") or "list:", side)
        cands = [r for r in dict.fromkeys(cands) if r in regions() and r not in picked
                 and free_for(st, r, side)
                 and (not ins.get("if_army") or S.units(st, r, ins["if_army"]))]
        if len(cands) > 1 or (cands and want > 1 and len(cands) + len(picked) > want):
            ask(c, ins, ins["seat"], _("Where do you recruit ({nation})?").format(
                nation=S.nation_name(nation)), cands, region_labels(cands))
            return
        picked += cands[:want - len(picked)]
        ins["picked"] = picked
    # a kind of two ("unit": Regular or Elite; "troop": Regular or Leader; "horde":
    # Regular or Nazgûl) asks which when both are left
    done = list(ins.get("done", []))
    plan = [(r, k) for r in picked for k in ins["kinds"]]
    if len(done) < len(plan):
        for r, k in plan[len(done):]:
            if k in PAIRS:
                both = [u for u in PAIRS[k] if reinforcements(st, nation, u)]
                if len(both) == 2:
                    ins["done"] = done
                    ask(c, ins, ins["seat"], _("What is recruited in {r}?")
                        .format(r=c.region_name(r)), both,
                        {u: _(UNIT_WORDS[u]) for u in both})
                    return
                k = both[0] if both else PAIRS[k][0]
            done.append(k)
            ins["done"] = done
    ev_put(c, "recruited", picked)
    got = []
    for (r, _k), k in zip(plan, done):
        if recruit_one(c, nation, k, r):
            got.append((r, k))
    for r in picked:
        words = [_(UNIT_WORDS[k]) for rr, k in got if rr == r]
        if words:
            c.say(_("{nation} recruits in {r}: {what}").format(
                nation=S.nation_name(nation), r=c.region_name(r), what=", ".join(words)))
    if not got:
        c.say(_("Nothing could be recruited ({nation})").format(nation=S.nation_name(nation)))


# ----------------------------------------------------------------- politics
def advance_nation(c: Ctx, nation: str, steps: int = 1, activate: bool = False,
                   war: bool = False, cause: str = "card") -> None:
    """Move a nation toward war (a passive Free Peoples nation stops one step short),
    activating it first when told, or straight to war (``war``)."""
    why = _("an event card") if cause == "card" else ""
    if activate or war:
        P.activate(c, nation, why, cause)
    if war:
        if S.politics(c.st, nation)["active"] and S.politics(c.st, nation)["step"] > 0:
            c.put(("politics", nation, "step"), 0)
            after_politics(c, nation)
            fire(c, POLITICS, nation=nation, step=0, active=True, cause=cause)
            c.say(_("{nation} is now At War").format(nation=S.nation_name(nation)))
        return
    for _i in range(steps):
        P.advance(c, nation, why, cause)


@VOCAB.op(asks("advance"), seat=int, nation=Opt(str), choose=Opt(bool, "the seat chooses a Free "
                                                                        "Peoples nation"),
          activate=Opt(bool), war=Opt(bool), steps=Opt(int),
          doc="A nation advances on the political track (``activate``: made active first; "
              "``war``: straight to war).")
def _advance(c: Ctx, ins: dict[str, Any]) -> None:
    nation = ins.get("nation") or ins.get("answer")
    if not nation:
        opts = [n for n in FP_NATIONS if S.politics(c.st, n)["step"] > 0
                or (ins.get("activate") and not S.politics(c.st, n)["active"])]
        opts = [n for n in opts if ins.get("activate") or S.politics(c.st, n)["active"]
                or S.politics(c.st, n)["step"] > 1]
        if not opts:
            return
        ask(c, ins, ins["seat"], _("Which nation advances?"), opts,
            {n: S.nation_name(n) for n in opts})
        return
    advance_nation(c, nation, ins.get("steps", 1), bool(ins.get("activate")),
                   bool(ins.get("war")))


@VOCAB.op("to_war_if", nation=str, regions=list,
          doc="If a Companion stands in one of ``regions``, the nation is activated and goes "
              "to war.")
def _to_war_if(c: Ctx, ins: dict[str, Any]) -> None:
    if any(K.companions_at(c.st, r) for r in ins["regions"]):
        advance_nation(c, ins["nation"], war=True)


# --------------------------------------------------------------- corruption
def add_corruption(c: Ctx, n: int) -> None:
    """Change the Fellowship's Corruption (healing stops at 0)."""
    from tabletop.games.wotr.data import tracks
    fel = c.get("fellowship")
    new = max(0, min(tracks()["corruption_max"], fel.get("corruption", 0) + n))
    c.put(("fellowship", "corruption"), new)
    check_ring(c)
    if n < 0:
        c.say(_("The Fellowship heals: Corruption {c}").format(c=new))
    elif n > 0:
        c.say(_("The Fellowship is corrupted: Corruption {c}").format(c=new))


def guide(st: TableState) -> str:
    """The Fellowship's Guide."""
    return str(S.get(st, "fellowship", "guide", default="") or "")


@VOCAB.op("corruption", n=int, gollum=Opt(int, "instead, when Gollum guides"),
          above=Opt(int), else_n=Opt(int, "instead, when the Corruption is above ``above``"),
          doc="Add ``n`` Corruption points (negative: heal).")
def _corruption(c: Ctx, ins: dict[str, Any]) -> None:
    n = ins["n"]
    if "gollum" in ins and guide(c.st) == "gollum":
        n = ins["gollum"]
    if "above" in ins and c.get("fellowship", "corruption", default=0) > ins["above"]:
        n = ins.get("else_n", n)
    add_corruption(c, n)


@VOCAB.op("corruption_roll", dice=int, need=int, sign=int, guide=Opt(str), guide_need=Opt(int),
          doc="Roll dice: each result of ``need`` or more changes the Corruption by ``sign`` "
              "(``guide_need`` instead while that character guides).")
def _corruption_roll(c: Ctx, ins: dict[str, Any]) -> None:
    need = ins["need"]
    if ins.get("guide") and guide(c.st) == ins["guide"]:
        need = ins.get("guide_need", need)
    rolls = roll_d6(ins["dice"], c.rng)
    n = sum(1 for r in rolls if r >= need)
    c.say(_("Rolled {rolls} ({need}+): {n}").format(rolls=" ".join(map(str, rolls)), need=need,
                                                    n=n))
    add_corruption(c, ins["sign"] * n)


def reveal(c: Ctx) -> None:
    """The Fellowship is revealed (what answers that is told)."""
    if not c.get("fellowship", "revealed"):
        c.put(("fellowship", "revealed"), True)
        c.say(_("The Fellowship is revealed"))
        fire(c, REVEALED, region=S.fellowship_region(c.st))


# -------------------------------------------------------------- Hunt tiles
@VOCAB.op("special_tile", tile=str, doc="A special Hunt tile comes into play (into the Hunt "
                                        "pool once the Fellowship is on the Mordor track).")
def _special_tile(c: Ctx, ins: dict[str, Any]) -> None:
    cid = S.find(c.st, "hunt.aside", ins["tile"])
    if cid is None:
        return
    if c.get("fellowship", "mordor", default=-1) >= 0:
        c.tx.move(cid, "hunt.pool")
        c.tx.set(cid, "face_up", False)
        c.say(_("{tile} joins the Hunt pool").format(tile=c.card_name(cid)))
    else:
        ev_put(c, "ready", list(ev_get(c.st, "ready") or []) + [ins["tile"]])
        c.say(_("{tile} will join the Hunt pool on the Mordor track").format(
            tile=c.card_name(cid)))


def enter_mordor(c: Ctx, facts: dict[str, Any] | None = None) -> None:
    """The Fellowship is on the Mordor track: the special tiles in play join the pool."""
    if facts is not None and facts.get("region") != "mordor":
        return
    for code in ev_get(c.st, "ready") or []:
        cid = S.find(c.st, "hunt.aside", code)
        if cid is not None:
            c.tx.move(cid, "hunt.pool")
            c.tx.set(cid, "face_up", False)
    ev_put(c, "ready", [])


react(FELLOWSHIP_DECLARED)(enter_mordor)


# ------------------------------------------------------------------ choices
@VOCAB.op(asks("either"), seat=int, labels=list, options=list,
          doc="The seat chooses one of two effects (``options``: lists of instructions).")
def _either(c: Ctx, ins: dict[str, Any]) -> None:
    if "answer" in ins:
        c.push(*ins["options"][ins["answer"]])
        return
    n = len(ins["options"])
    ask(c, ins, ins["seat"], _("Choose the card's effect"), list(range(n)),
        {i: _(ins["labels"][i]) for i in range(n)})


HANDLERS: dict[type[Command], Handler] = {C.Choose: choose}

__all__ = ["Refused", "NATIONS"]
