"""Kings of Middle-earth: the Sovereigns' abilities and weaknesses, and the expansion's cards.

- First abilities with a Muster die (``CharacterAbility``): Dáin
  (Dwarvenking), Denethor (Stewardship) and Thranduil (Elvenking) turn a
  Regular of their nation in their city into an Elite; Heir of Bard and
  Forth, Eorlingas! are combat abilities (``combat``).
- Second abilities with the Ruler die (``kings.ruler_ability`` calls
  ``second_ability``): Call to Arms, Iron Guard, the Palantír of Anárion,
  Mustering of the Mark, Far-sighted.
- Weaknesses of a Corrupted Sovereign: no Leaders or Elites of his nation
  (or in his city) mustered by dice (``recruit_weakness``); Shadow in the
  North (``combat``); Mark of the White Hand (Helm's Deep an Isengard
  Stronghold for mustering).
- The event cards' operations on Sovereigns: ``rally``, ``awaken_by_card``,
  ``peek_cleanse``, ``ever_service``, ``little_villages``, ``west_failed``,
  ``work_of_enemy``, ``king_revealed``; what a table card forbids them
  (``awaken_problem``, ``no_cleansing``).

``SOVEREIGN_TEXT`` and ``CHIEFTAIN_TEXT`` paraphrase the character cards.

Pure Python: no pygame.
"""
from __future__ import annotations

from typing import Any

from tabletop.core.i18n import N_, _
from tabletop.core.kernel import Opt
from tabletop.core.model import TableState
from tabletop.games.wotr.armies import DONE, hits_on, roll_hits, upgrade_one
from tabletop.games.wotr.cards import put_into_play, can_play
from tabletop.games.wotr.ctx import Ctx
from tabletop.games.wotr.data import FP, FP_NATIONS, sovereigns
from tabletop.games.wotr.effects import (ask, asks, draw_one, piece_labels, region_labels)
from tabletop.games.wotr.kings import (HOOKS, _draw_for_corruption, do_awaken, hidden_tokens,
                                       return_tokens)
from tabletop.games.wotr.setup import hand_zone
from tabletop.games.wotr.tablecards import set_hunt_mod, table_card, threats, welcome
from tabletop.games.wotr.vocab import VOCAB
import tabletop.games.wotr.conds as K
import tabletop.games.wotr.state as S

SOVEREIGN_TEXT = {
    "brand": N_("Level 1, Leadership 2. Heir of Bard: forfeit a combat card in a battle with a "
                "North unit to cancel the Shadow's. Call to Arms (Muster): North Regulars in two "
                "free North settlements and where he stands."),
    "dain": N_("Level 1, Leadership 2. Dwarvenking: in Erebor with the Dwarves at war, a Muster "
               "die makes a Regular there Elite. Iron Guard (Muster): a Dwarven unit with him, "
               "a Regular or Leader in another Dwarven settlement."),
    "denethor": N_("Level 1, Leadership 1. Stewardship: in Minas Tirith with Gondor at war, a "
                   "Muster die makes a Regular there Elite. Palantír of Anárion (Event): draw or "
                   "play a card, then draw another."),
    "theoden": N_("Level 2, Leadership 1 (3 in a battle's first round). Mustering of the Mark "
                  "(Muster): with Rohan at war, Rohan Regulars in two free Rohan settlements "
                  "and where he stands."),
    "thranduil": N_("Level 2, Leadership 1. Elvenking: in the Woodland Realm with the Elves at "
                    "war, a Muster die makes a Regular there Elite. Far-sighted (Character): "
                    "move the Fellowship with a Hunt die fewer, or Companions a region further."),
}
CORRUPTED_TEXT = {
    "brand": N_("Corrupted: no North Leaders or Elites mustered by dice. Shadow in the North: "
                "once a battle with a North unit, the Shadow forfeits a card to cancel the Free "
                "Peoples'."),
    "dain": N_("Corrupted: no Leaders or Elites mustered by dice in Erebor. A siege of Erebor "
               "may go on for the loss of a Regular instead of an Elite."),
    "denethor": N_("Corrupted: no Leaders or Elites mustered by dice in Minas Tirith. A siege of "
                   "Minas Tirith may go on for the loss of a Regular instead of an Elite."),
    "theoden": N_("Corrupted: no Rohan Leaders or Elites mustered by dice. Helm's Deep, held by "
                  "the Shadow, is an Isengard Stronghold (still conquered)."),
    "thranduil": N_("Corrupted: no Elites mustered by dice in the Woodland Realm. A siege there "
                    "may go on for the loss of a Regular instead of an Elite."),
}
CHIEFTAIN_TEXT = {
    "the-black-serpent": N_("Level 2, Leadership 2. With Gondor at war, a Muster die brings him "
                            "to a Southron army. Red Wrath: forfeit a combat card and take a hit "
                            "for one more combat die (two with Relentless Assault)."),
    "the-shadow-of-mirkwood": N_("Level 3, Leadership 1. With the Dwarves, Elves or North at "
                                 "war, a Muster die brings him to a Sauron army. Lord of the "
                                 "Bats: forfeit a card and his Leadership for +1 on re-rolls."),
    "ugluk": N_("Level 2, Leadership 1. With Rohan at war or the Fellowship revealed, a Muster die "
                "brings him to an Isengard army or near the Fellowship. I Command: +1 to his "
                "army's dice; one more Hunt re-roll near the Fellowship."),
}
CITY = {"dain": "erebor", "denethor": "minas-tirith", "thranduil": "woodland-realm"}


def _awake_in_city(st: TableState, sid: str) -> bool:
    sov = sovereigns()[sid]
    return (S.kings(st) and S.sovereign_state(st, sid) == "awake"
            and S.sovereign_region(st, sid) == CITY[sid] and S.at_war(st, sov.nation))


# ------------------------------------------------------------ abilities
def first_ability_problem(st: TableState, ability: str) -> str:
    """Why a Sovereign's first ability cannot be used now ("" if it can)."""
    if ability not in CITY:
        return _("There is no such ability.")
    nation = sovereigns()[ability].nation
    if _awake_in_city(st, ability) and any(S.code(st, x) == f"{nation}.regular"
                                           for x in S.pieces_in(st, CITY[ability])) \
            and any(S.code(st, x) == f"{nation}.elite" for x in st.zones[f"reinf.{nation}"].cards):
        return ""
    return _("He must be awake in his city, his nation at war, a Regular there and an Elite "
             "in the reinforcements.")


def first_ability(c: Ctx, sid: str) -> str:
    """Dwarvenking, Stewardship, Elvenking: a Regular of his city becomes an Elite."""
    upgrade_one(c, sovereigns()[sid].nation, CITY[sid])
    return _("{name}: a Regular in {r} becomes an Elite").format(
        name=_(sovereigns()[sid].name), r=c.region_name(CITY[sid]))


def second_ability_problem(st: TableState, sid: str) -> str:
    """Why a Sovereign's second ability would do nothing now ("" if it works)."""
    sov = sovereigns()[sid]
    if sid in ("brand", "theoden") and not S.at_war(st, sov.nation):
        return _("{nation} must be at war").format(nation=S.nation_name(sov.nation))
    if sid == "denethor" and S.sovereign_region(st, sid) != "minas-tirith":
        return _("Denethor must be in Minas Tirith")
    if sid == "thranduil" and S.get(st, "fellowship", "mordor", default=-1) >= 0:
        return _("The Fellowship is on the Mordor track")
    return ""


def second_ability(c: Ctx, sid: str, seat: int) -> None:
    """Push what a Sovereign's second ability does."""
    st = c.st
    here = S.sovereign_region(st, sid) or ""
    rec = {"op": "recruit", "seat": seat}
    if sid == "brand":
        c.push({**rec, "nation": "north", "kinds": ["regular"], "where": "settlements:north",
                "each": 2}, {**rec, "nation": "north", "kinds": ["regular"], "regions": [here]})
    elif sid == "theoden":
        c.push({**rec, "nation": "rohan", "kinds": ["regular"], "where": "settlements:rohan",
                "each": 2}, {**rec, "nation": "rohan", "kinds": ["regular"], "regions": [here]})
    elif sid == "dain":
        others = [r for r in K.regions() if K.regions()[r].nation == "dwarves"
                  and K.regions()[r].settlement and r != here]
        c.push({**rec, "nation": "dwarves", "kinds": ["unit"], "regions": [here]},
               {**rec, "nation": "dwarves", "kinds": ["troop"], "regions": others})
    elif sid == "denethor":
        c.push({"op": "anarion", "seat": seat})
    elif sid == "thranduil":
        c.push({"op": "far_sighted", "seat": seat})


HOOKS["ability"] = second_ability
HOOKS["ability_problem"] = second_ability_problem


@VOCAB.op(asks("anarion"), seat=int, state=("played",),
          doc="The Palantír of Anárion: draw or play a card, then draw another.")
def _anarion(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    seat = ins["seat"]
    answer = ins.pop("answer", None)
    if "played" not in ins:
        if answer is None:
            hand = [x for x in st.zones[hand_zone(seat)].cards
                    if not can_play(st, seat, x, -1, free=True)]
            ask(c, ins, seat, _("Draw a card, or play one?"), ["character", "strategy"] + hand,
                {"character": _("Draw a Character card"), "strategy": _("Draw a Strategy card"),
                 **piece_labels(st, hand)})
            return
        ins["played"] = 1
        c.push(ins)
        if answer in ("character", "strategy"):
            draw_one(c, seat, answer)
        else:
            put_into_play(c, seat, answer)
        return
    if answer is None:
        ask(c, ins, seat, _("Draw another card from which deck?"), ["character", "strategy"],
            {"character": _("Character"), "strategy": _("Strategy")})
        return
    draw_one(c, seat, answer)
    c.push({"op": "hand_limit"})


@VOCAB.op(asks("far_sighted"), seat=int,
          doc="Far-sighted: move the Fellowship rolling one Hunt die fewer, or move Companions a "
              "region further.")
def _far_sighted(c: Ctx, ins: dict[str, Any]) -> None:
    answer = ins.pop("answer", None)
    if answer is None:
        ask(c, ins, ins["seat"], _("Far-sighted: move the Fellowship, or Companions?"),
            ["fellowship", "companions"], {"fellowship": _("The Fellowship (one Hunt die "
                                                           "fewer)"),
                                           "companions": _("Companions, one region further")})
        return
    if answer == "fellowship":
        from tabletop.games.wotr.companions import move_fellowship
        c.put(("hunt_box", "fp"), c.get("hunt_box", "fp", default=0) + 1)
        move_fellowship(c)
        set_hunt_mod(c, fewer=1)
    else:
        c.push({"op": "companions_move", "seat": ins["seat"], "extra": 1, "separate": True})


# ----------------------------------------------------------- weaknesses
def recruit_weakness(st: TableState, nation: str, unit: str, region: str) -> str:
    """Why a Corrupted Sovereign's weakness forbids mustering this with a die ("" none)."""
    if not S.kings(st) or unit not in ("leader", "elite"):
        return ""
    bad = {s for s in sovereigns() if S.sovereign_state(st, s) == "corrupted"}
    if ("brand" in bad and nation == "north") or ("theoden" in bad and nation == "rohan") \
            or ("dain" in bad and region == "erebor") \
            or ("denethor" in bad and region == "minas-tirith") \
            or ("thranduil" in bad and region == "woodland-realm" and unit == "elite"):
        return _("A Corrupted Sovereign's weakness forbids mustering that")
    return ""


def white_hand(st: TableState, region: str, nation: str) -> bool:
    """Mark of the White Hand: the Shadow may muster Isengard units in Helm's Deep."""
    return (S.kings(st) and region == "helms-deep" and nation == "isengard"
            and S.sovereign_state(st, "theoden") == "corrupted"
            and S.controller_side(st, "helms-deep") == "shadow")


# ------------------------------------------------------- cards forbidding
def awaken_problem(st: TableState, sid: str, die: int) -> str:
    """What table cards forbid about awakening a Sovereign now ("" nothing)."""
    sov = sovereigns()[sid]
    if welcome(st) and not S.at_war(st, sov.nation):
        return _("Your Welcome Is Doubtful: he awakens only with his nation at war")
    folly = table_card(st, "ev.shadow.strat.03")
    if sid == "denethor" and folly is not None and st.cards[folly].code.endswith("k"):
        return _("Denethor's Folly: Denethor cannot awaken")
    dice = S.get(st, "dice", FP, default=[])
    if threats(st) and table_card(st, "ev.shadow.strat.05k") is not None \
            and 0 <= die < len(dice) and dice[die]["kind"] != S.RULER_KIND[FP]:
        return _("Threats and Promises: no Sovereign awakens with a Muster die")
    return ""


def no_cleansing(c: Ctx) -> bool:
    """Your Welcome Is Doubtful: no token leaves a Sovereign."""
    return welcome(c.st)


HOOKS["awaken"] = awaken_problem
HOOKS["cleanse"] = no_cleansing


# ------------------------------------------------------------- the cards
def cleanse_random(c: Ctx, sid: str) -> None:
    """A random hidden Corruption token leaves a Sovereign."""
    hidden = hidden_tokens(c.st, sid)
    if not hidden or welcome(c.st):
        return
    cid = hidden[c.rng.randrange(len(hidden))]
    c.tx.move(cid, "hunt.pool")
    c.say(_("A hidden token leaves {name}").format(name=_(sovereigns()[sid].name)))


def remove_corrupted_by_card(c: Ctx, sid: str) -> None:
    """A Corrupted Sovereign leaves the game by a card's effect."""
    fig = S.sovereign_piece(c.st, sid)
    if fig is not None:
        c.tx.move(fig, "kome.out")
    card = S.find(c.st, "kome.shadow", f"card.sovc.{sid}")
    if card is not None:
        c.tx.move(card, "kome.out")
    if sid == "theoden":
        c.tx.move(S.find_anywhere(c.st, "helms-deep.tile"), "kome.aside")
    c.put(("kome", "sovereigns", sid, "state"), "removed")
    c.say(_("{name}, Corrupted, leaves the game").format(name=_(sovereigns()[sid].name)))


@VOCAB.op(asks("rally"), seat=int, sovereign=str, recruit=list,
          keep=Opt(bool, "no leaving the game when Corrupted"),
          doc="A Corrupted Sovereign leaves the game; otherwise recruit (``recruit``), or a "
              "random hidden token leaves him.")
def _rally(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    sid = ins["sovereign"]
    state = S.sovereign_state(st, sid) if S.kings(st) else "removed"
    if state == "corrupted" and not ins.get("keep"):
        remove_corrupted_by_card(c, sid)
        return
    answer = ins.pop("answer", None)
    if answer is None:
        if state != "sleeping" or not hidden_tokens(st, sid) or welcome(st):
            c.push(*ins["recruit"])
            return
        ask(c, ins, ins["seat"], _("Recruit, or a hidden token leaves {name}?").format(
            name=_(sovereigns()[sid].name)), ["recruit", "cleanse"],
            {"recruit": _("Recruit"), "cleanse": _("Remove a hidden token")})
        return
    if answer == "recruit":
        c.push(*ins["recruit"])
    else:
        cleanse_random(c, sid)


def sovereign_options(st: TableState, states: tuple[str, ...]) -> list[str]:
    """Sovereigns on the map in one of these states."""
    if not S.kings(st):
        return []
    return [s for s in sovereigns() if S.sovereign_state(st, s) in states
            and S.sovereign_region(st, s)]


def _labels() -> dict[str, str]:
    return {s: _(v.name) for s, v in sovereigns().items()}


@VOCAB.op(asks("awaken_by_card"), seat=int,
          doc="A Sovereign neither awake nor Corrupted who shares a region with a Companion "
              "awakens there.")
def _awaken_by_card(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    opts = [s for s in sovereign_options(st, ("sleeping",))
            if K.companions_at(st, S.sovereign_region(st, s) or "")
            and not awaken_problem(st, s, -1)]
    answer = ins.pop("answer", None)
    if answer is None:
        if not opts:
            return
        ask(c, ins, ins["seat"], _("Which Sovereign awakens?"), opts + [DONE],
            {**_labels(), DONE: _("None")})
        return
    if answer != DONE:
        here = S.sovereign_region(st, answer) or ""
        do_awaken(c, answer, here)
        c.say(_("{name} awakens in {r}").format(name=_(sovereigns()[answer].name),
                                                r=c.region_name(here)))


@VOCAB.op(asks("peek_cleanse"), seat=int, state=("sovereign",),
          doc="Look at a Sovereign's Corruption tokens and return one to the Hunt pool.")
def _peek_cleanse(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    if welcome(st):
        return
    answer = ins.pop("answer", None)
    if "sovereign" not in ins:
        opts = [s for s in sovereign_options(st, ("sleeping",))
                if st.zones[f"corrupt.{s}"].cards]
        if not opts:
            return
        if answer is None and len(opts) > 1:
            ask(c, ins, ins["seat"], _("Whose Corruption tokens do you look at?"), opts,
                _labels())
            return
        ins["sovereign"] = answer or opts[0]
        answer = None
    sid = ins["sovereign"]
    tiles = list(st.zones[f"corrupt.{sid}"].cards)
    if answer is None:
        if not tiles:
            return
        ask(c, ins, ins["seat"], _("Which token returns to the Hunt pool?"), tiles + [DONE],
            {**piece_labels(st, tiles), DONE: _("None")})
        return
    if answer != DONE:
        c.tx.move(answer, "hunt.pool")
        c.tx.set(answer, "face_up", False)
        c.say(_("A Corruption token leaves {name}").format(name=_(sovereigns()[sid].name)))


def _one_or_ask(c: Ctx, ins: dict[str, Any], opts: list[Any], prompt: str,
                labels: dict[Any, str]) -> Any:
    """The answer given, the only option, or None: nothing to choose from, or the seat is
    asked (the instruction runs again with the answer)."""
    answer = ins.pop("answer", None)
    if answer is None and len(opts) > 1:
        ask(c, ins, ins["seat"], prompt, opts, labels)
        return None
    if answer is None and opts:
        answer = opts[0]
    return answer


@VOCAB.op(asks("ever_service"), seat=int,
          doc="Ever at Your Service: a unit of a Sovereign's nation where he stands, then a "
              "random hidden token leaves him.")
def _ever_service(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    opts = sovereign_options(st, ("sleeping", "awake"))
    answer = _one_or_ask(c, ins, opts, _("Which Sovereign?"), _labels())
    if answer is None:
        return
    sov = sovereigns()[answer]
    c.push({"op": "recruit", "seat": ins["seat"], "nation": sov.nation, "kinds": ["unit"],
            "regions": [S.sovereign_region(st, answer) or ""]},
           {"op": "cleanse_random", "sovereign": answer})


@VOCAB.op("cleanse_random", sovereign=str, doc="A random hidden token leaves a Sovereign.")
def _cleanse_random(c: Ctx, ins: dict[str, Any]) -> None:
    cleanse_random(c, ins["sovereign"])


@VOCAB.op(asks("little_villages"), seat=int, state=("done",),
          doc="Men of Little Villages: a Regular or Leader in each of four Free Peoples "
              "nations, in a free region with a settlement.")
def _little_villages(c: Ctx, ins: dict[str, Any]) -> None:
    from tabletop.games.wotr.effects import free_for
    st = c.st
    done = list(ins.get("done", []))
    answer = ins.pop("answer", None)
    if answer is None:
        if len(done) >= 4:
            return
        opts = [n for n in FP_NATIONS if n not in done and any(
            K.regions()[r].nation == n and K.regions()[r].settlement and free_for(st, r, FP)
            for r in K.regions())]
        if not opts:
            return
        ask(c, ins, ins["seat"], _("Which nation recruits next?"), opts,
            {n: S.nation_name(n) for n in opts})
        return
    ins["done"] = done + [answer]
    c.push({"op": "recruit", "seat": ins["seat"], "nation": answer, "kinds": ["troop"],
            "where": f"settlements:{answer}"}, ins)


@VOCAB.op(asks("west_failed"), seat=int,
          doc="The West Has Failed: a corruption attempt on a Sovereign near a Nazgûl, without "
              "taking an Eye from the Hunt box.")
def _west_failed(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    opts = K.sovereigns_near_nazgul(st)
    answer = _one_or_ask(c, ins, opts, _("Which Sovereign does the Shadow try to corrupt?"), _labels())
    if answer is None:
        return
    n = min(3, c.get("hunt_box", "eyes", default=0))
    c.say(_draw_for_corruption(c, answer, n, ins["seat"]))


@VOCAB.op(asks("work_of_enemy"), seat=int,
          doc="Work of the Enemy: three dice against the Free Peoples army with a Sovereign, "
              "5+ (4+ if he is Corrupted).")
def _work_of_enemy(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    opts = K.sovereign_army_regions(st)
    answer = _one_or_ask(c, ins, opts, _("Which region with a Sovereign?"), region_labels(opts))
    if answer is None:
        return
    corrupted = any(S.sovereign_region(st, s) == answer
                    and S.sovereign_state(st, s) == "corrupted" for s in sovereigns())
    hits_on(c, answer, FP, roll_hits(c, 3, 4 if corrupted else 5, _("Work of the Enemy")))


@VOCAB.op("king_revealed", seat=int,
          doc="The King Is Revealed: five Sauron Regulars and a Nazgûl in Minas Morgul, and a "
              "Regular or Nazgûl more per Awakened Sovereign.")
def _king_revealed(c: Ctx, ins: dict[str, Any]) -> None:
    more = len(S.awake_sovereigns(c.st)) if S.kings(c.st) else 0
    c.push({"op": "recruit", "seat": ins["seat"], "nation": "sauron",
            "kinds": ["regular"] * 5 + ["nazgul"] + ["horde"] * more,
            "regions": ["minas-morgul"]})


__all__ = ["return_tokens"]


S.RULE_HOOKS.update({"weakness": recruit_weakness, "white_hand": white_hand})
