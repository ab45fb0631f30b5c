"""Characters: the Companions, Gollum and the Guide, the Minions, and their abilities.

- A character falls (``falls``): a Hobbit taken from the Fellowship off the
  Mordor track is placed beside it instead ("Take Them Alive!"), anyone else
  leaves the game; the Guide is chosen again, and Gollum joins the Fellowship
  as its Guide once no Companion is left in it (``fix_guide``).
- A Companion ending a move in a City or Stronghold of a Free Peoples
  nation matching his symbol activates it (``arrived``).
- Hunt damage (``hunt_damage``): the Reveal icon (not for a numbered tile
  while Gollum guides), then the Free Peoples absorb it as they choose: a
  Hobbit Guide leaves the Fellowship (-1), Gollum reveals it (-1), the Guide
  or a random Companion falls (-his Level), the rest is Corruption.
- Characters entering play (``BringCharacter``): Gandalf the White, Aragorn
  (both with Will of the West, each an extra action die), Saruman, the
  Witch-king and the Mouth of Sauron (with a Muster die, each an extra die).
- Abilities that take a die (``CharacterAbility``) are in ``abilities``.

``CHARACTER_TEXT`` paraphrases each character card (the coverage lists them).

Pure Python: no pygame.
"""
from __future__ import annotations

from typing import Any

from tabletop.core.commands import Command
from tabletop.core.i18n import N_, _
from tabletop.core.kernel import Opt
from tabletop.core.model import TableState
import tabletop.games.wotr.commands as C
from tabletop.games.wotr.base import base
from tabletop.games.wotr.ctx import Ctx, Handler
from tabletop.games.wotr.data import FP, FP_NATIONS, SHADOW, characters, regions
from tabletop.games.wotr.dice import spend
from tabletop.games.wotr.effects import (add_corruption, ask, asks, ev_get, ev_put, guide,
                                         piece_labels, region_labels, reveal, set_turn_flag,
                                         turn_flag)
from tabletop.games.wotr.geo import within
from tabletop.games.wotr.moves import HOOKS
from tabletop.games.wotr.vocab import CARD_PLAYED, COMPANION_LOST, VOCAB, fire, react
import tabletop.games.wotr.conds as K
import tabletop.games.wotr.politics as P
import tabletop.games.wotr.state as S

ACTIVATES = {"gandalf-grey": None, "strider": "north", "boromir": "gondor",
             "legolas": "elves", "gimli": "dwarves", "meriadoc": None, "peregrin": None,
             "aragorn": None, "gandalf-white": None}      # None: any Free Peoples nation
CAPTAINS = ("gandalf-grey", "strider", "boromir", "legolas", "gimli", "aragorn")
MINIONS = ("saruman", "witch-king", "mouth-of-sauron")

CHARACTER_TEXT = {
    "gandalf-grey": N_("Level 3, Leadership 1. Guide: after an Event die plays an Event card, "
                       "he may draw a card of that deck. In battle the army's strength is +1. "
                       "Away from the Fellowship, Gandalf the White may replace him."),
    "strider": N_("Level 3, Leadership 1. Guide: any die may hide a revealed Fellowship. In "
                  "battle +1 strength. Away from the Fellowship, Aragorn may replace him. "
                  "Activates the North."),
    "boromir": N_("Level 2, Leadership 1. In battle +1 strength. In an unconquered Gondor City "
                  "or Stronghold, any die advances Gondor. Activates Gondor."),
    "legolas": N_("Level 2, Leadership 1. In battle +1 strength. In an unconquered Elven "
                  "Stronghold, any die advances the Elves. Activates the Elves."),
    "gimli": N_("Level 2, Leadership 1. In battle +1 strength. In unconquered Erebor, any die "
                "advances the Dwarves. Activates the Dwarves."),
    "meriadoc": N_("Level 1, Leadership 1. Guide: he may leave the Fellowship to lower Hunt "
                   "damage by one. Falling from the Fellowship off Mordor, he stays in play "
                   "beside it."),
    "peregrin": N_("Level 1, Leadership 1. Guide: he may leave the Fellowship to lower Hunt "
                   "damage by one. Falling from the Fellowship off Mordor, he stays in play "
                   "beside it."),
    "aragorn": N_("Level 3, Leadership 2, one more action die. Will of the West turns Strider "
                  "into him in unconquered Minas Tirith, Dol Amroth or Pelargir. In battle +1 "
                  "strength."),
    "gandalf-white": N_("Level 3, Leadership 1, one more action die. Will of the West brings "
                        "him once the Grey has left the Fellowship and a Minion came. Level 4 "
                        "alone or with a Hobbit; may cancel Nazgûl Leadership in a battle."),
    "gollum": N_("Joins the Fellowship as Guide when no Companion is left. Numbered Reveal tiles "
                 "do not reveal it; he may reveal it to lower Hunt damage by one."),
    "saruman": N_("Leadership 1, one more die. A Muster die brings him to unconquered Orthanc "
                  "with Isengard at war; he never leaves. A Muster die: a Regular in each "
                  "Isengard settlement, or two Elites in Orthanc. Isengard Elites lead."),
    "witch-king": N_("Leadership 2, flies, one more die. A Muster die brings him to a Sauron "
                     "army once Sauron and a Free Peoples nation are at war; every Free Peoples "
                     "nation activates. Draws after a first-round combat card."),
    "mouth-of-sauron": N_("Level 3, Leadership 2, one more die. A Muster die brings him to an "
                          "unconquered Sauron Stronghold once the Fellowship is in Mordor or all "
                          "Free Peoples are at war. Once a turn a Muster die acts as Army."),
}


# ---------------------------------------------------------------- falling
def falls(c: Ctx, cid: int) -> None:
    """A Companion or Minion is taken as a casualty (``moves.remove_figure``)."""
    st = c.st
    who = S.code(st, cid)[5:]
    in_fellowship = st.cards[cid].zone == "fellowship"
    if who in K.HOBBITS and in_fellowship and c.get("fellowship", "mordor", default=-1) < 0:
        c.tx.move(cid, S.rzone(S.fellowship_region(st)))
        c.say(_("Take Them Alive! {name} is placed beside the Fellowship").format(
            name=c.card_name(cid)))
        fix_guide(c)
        return
    c.tx.move(cid, "chars.dead")
    if characters()[who].side == FP:
        fire(c, COMPANION_LOST, who=who, fellowship=in_fellowship)
    if in_fellowship:
        fix_guide(c)


def fix_guide(c: Ctx) -> None:
    """The Guide is a Companion of the Fellowship (the highest Level); with none left,
    Gollum joins as its Guide."""
    st = c.st
    inside = K.fellowship_companions(st)
    if not inside:
        gollum = S.find(st, "chars.aside", "char.gollum")
        if gollum is not None:
            c.tx.move(gollum, "fellowship")
            c.say(_("Gollum joins the Fellowship as its Guide"))
        if guide(st) != "gollum" and S.find(st, "fellowship", "char.gollum") is not None:
            c.put(("fellowship", "guide"), "gollum")
        return
    if guide(st) not in inside:
        c.put(("fellowship", "guide"), max(inside, key=lambda x: (characters()[x].level or 0,
                                                                  x)))


# --------------------------------------------------------------- arriving
def arrived(c: Ctx, ids: Any, region: str) -> None:
    """Companions ending a move in a Free Peoples City or Stronghold of a nation their
    symbol matches activate it."""
    st = c.st
    info = regions()[region]
    nation = info.nation
    if not (nation in FP_NATIONS and info.settlement in ("City", "Stronghold")
            and S.controller_side(st, region) == FP) or S.politics(st, nation or "")["active"]:
        return
    for cid in ids:
        code = S.code(st, cid)
        who = code[5:] if code.startswith("char.") else ""
        if who in ACTIVATES and ACTIVATES[who] in (None, nation):
            P.activate(c, nation or "", _("{name} came to {r}").format(
                name=c.card_name(cid), r=c.region_name(region)), "companion")
            return


HOOKS["falls"] = falls
HOOKS["arrived"] = arrived


# -------------------------------------------------------------- Hunt damage
def _ways(st: TableState, ins: dict[str, Any]) -> list[str]:
    """How the Free Peoples may still lower this Hunt damage."""
    used = ins.get("used", [])
    g = guide(st)
    inside = K.fellowship_companions(st)
    out = []
    if ins.get("mode") == "ring":
        return ["ring"]
    mordor = S.get(st, "fellowship", "mordor", default=-1) >= 0
    if g in K.HOBBITS and g in inside and not mordor and "hobbit" not in used:
        out.append("hobbit")
    if g == "gollum" and not S.get(st, "fellowship", "revealed") and "gollum" not in used:
        out.append("gollum")
    if inside and "casualty" not in used:
        if g in inside:
            out.append("guide")
        out.append("random")
    return out + ["ring"]


WAY_WORDS = {"hobbit": N_("The Hobbit Guide leaves the Fellowship (-1)"),
             "gollum": N_("Gollum reveals the Fellowship (-1)"),
             "guide": N_("The Guide falls (minus his Level)"),
             "random": N_("A random Companion falls (minus his Level)"),
             "ring": N_("The Ring-bearers take it as Corruption")}


@VOCAB.op(asks("hunt_damage"), damage=int, reveal=bool, standard=Opt(bool), mode=Opt(str),
          state=("left", "used", "shown"),
          doc="The Free Peoples take a Hunt tile's damage: abilities and casualties, then "
              "Corruption.")
def _hunt_damage(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    if "shown" not in ins:
        ins["shown"] = 1
        if ins["reveal"] and not (ins.get("standard") and guide(st) == "gollum"):
            reveal(c)
        if ins["damage"] <= 0:
            add_corruption(c, ins["damage"])
            return
        ins["left"] = ins["damage"]
        if ins.get("mode") == "companion" and K.fellowship_companions(st):
            ins["left"] = max(0, ins["left"] - lose_companion(c, random_companion(c)))
            ins["used"] = ["casualty"]
    left = ins["left"]
    answer = ins.pop("answer", None)
    if answer is not None:
        ins["used"] = ins.get("used", []) + ["casualty" if answer in ("guide", "random")
                                             else answer]
        if answer == "ring":
            add_corruption(c, left)
            return
        if answer == "hobbit":
            g = S.find(st, "fellowship", "char." + guide(st))
            if g is not None:
                c.tx.move(g, S.rzone(S.fellowship_region(st)))
                c.say(_("{name} leaves the Fellowship to lower the damage").format(
                    name=c.card_name(g)))
                fix_guide(c)
            left -= 1
        elif answer == "gollum":
            reveal(c)
            left -= 1
        elif answer == "guide":
            left -= lose_companion(c, guide(st))
        elif answer == "random":
            left -= lose_companion(c, random_companion(c))
        ins["left"] = left = max(0, left)
    if left <= 0:
        return
    ways = _ways(st, ins)
    if ways == ["ring"]:
        add_corruption(c, left)
        return
    ask(c, ins, S.lead(st, FP), _("Hunt damage {n}: how do the Free Peoples take it?").format(
        n=left), ways, {w: _(WAY_WORDS[w]) for w in ways})


def random_companion(c: Ctx) -> str:
    """A Companion of the Fellowship drawn at random."""
    inside = sorted(K.fellowship_companions(c.st))
    return inside[c.rng.randrange(len(inside))]


def lose_companion(c: Ctx, who: str) -> int:
    """A Companion of the Fellowship falls; his Level (what it lowers the damage by)."""
    from tabletop.games.wotr.moves import remove_figure
    cid = S.find(c.st, "fellowship", "char." + who)
    if cid is None:
        return 0
    c.say(_("{name} falls").format(name=c.card_name(cid)))
    remove_figure(c, cid)
    return characters()[who].level or 0


# ------------------------------------------------------- the Guide's abilities
def gandalf_guides(c: Ctx, facts: dict[str, Any]) -> None:
    """Gandalf the Grey guiding: after an Event die plays a Free Peoples card, he may draw."""
    if facts.get("face") == "event" and guide(c.st) == "gandalf-grey" \
            and S.seat_side(c.st, facts["seat"]) == FP \
            and c.st.zones[f"deck.{FP}.{facts['deck']}"].cards:
        c.push({"op": "guide_draw", "seat": facts["seat"], "deck": facts["deck"]})


react(CARD_PLAYED)(gandalf_guides)


@VOCAB.op(asks("guide_draw"), seat=int, deck=str,
          doc="Gandalf the Grey guiding: draw a card of the deck just played from?")
def _guide_draw(c: Ctx, ins: dict[str, Any]) -> None:
    if "answer" not in ins:
        ask(c, ins, ins["seat"], _("Gandalf guides: draw a card of that deck?"), [],
            kind="yesno")
        return
    if ins.pop("answer"):
        c.push({"op": "draw", "seat": ins["seat"], "deck": ins["deck"], "n": 1})


# ---------------------------------------------------------- entering play
def entry_problem(st: TableState, who: str, region: str) -> str:
    """Why a character cannot enter play in ``region`` now ("" if it can)."""
    if who not in ("gandalf-white", "aragorn") + MINIONS:
        return _("That character does not enter play this way.")
    if K.in_play(st, who) or S.find(st, "chars.aside", "char." + who) is None:
        return _("That character is already in play or gone.")
    if region not in entry_regions(st, who):
        return _("That character cannot enter play there now.")
    return ""


def entry_regions(st: TableState, who: str) -> list[str]:
    """Where a character may enter play now (empty: not now)."""
    regs = regions()
    if who == "gandalf-white":
        grey = K.char_zone(st, "gandalf-grey")
        if grey == "fellowship" or not (ev_get(st, "minion_seen") or any(
                K.in_play(st, m) for m in MINIONS)):
            return []
        if grey:
            return [grey]
        return ["fangorn"] + [r for r, i in regs.items() if i.nation == "elves"
                              and i.settlement == "Stronghold" and not S.is_conquered(st, r)]
    if who == "aragorn":
        r = K.char_zone(st, "strider")
        ok = r in ("minas-tirith", "dol-amroth", "pelargir") and not S.is_conquered(st, r or "")
        return [r or ""] if ok else []
    if who == "saruman":
        ok = S.at_war(st, "isengard") and not S.is_conquered(st, "orthanc")
        return ["orthanc"] if ok else []
    if who == "witch-king":
        if not (S.at_war(st, "sauron") and any(S.at_war(st, n) for n in FP_NATIONS)):
            return []
        return [r for r in regs if any(S.code(st, x).startswith("sauron.")
                                       and S.kind(st, x) in ("regular", "elite")
                                       for x in S.pieces_in(st, r))]
    if who == "mouth-of-sauron":
        if not (S.get(st, "fellowship", "mordor", default=-1) >= 0
                or all(S.at_war(st, n) for n in FP_NATIONS)):
            return []
        return [r for r, i in regs.items() if i.nation == "sauron"
                and i.settlement == "Stronghold" and not S.is_conquered(st, r)]
    return []


def bring(c: Ctx, seat: int, who: str, region: str, die: int) -> str:
    """A character enters play (checked when the rules are enforced)."""
    st = c.st
    c.must(who in characters(), _("There is no character called {c}.").format(c=who))
    cid = S.find(st, "chars.aside", "char." + who)
    c.must(cid is not None, _("That character is already in play or gone."))
    assert cid is not None
    c.need_region(region)
    side = characters()[who].side
    if c.strict:
        c.need_side(seat, side, base("characters"))
        why = entry_problem(st, who, region)
        c.need(not why, why, base("characters"))
        if side == SHADOW and len(st.seats) > 2:
            nation = characters()[who].nation or ""
            c.need(nation in S.seat_info(st, seat).get("nations", ()),
                   _("Only the player of {nation} brings him").format(
                       nation=S.nation_name(nation)), base("characters"))
    if who in ("gandalf-white", "aragorn"):
        _spend_wotw(c, die)
    else:
        spend(c, side, die, "muster", "character")
    replaced = {"gandalf-white": "gandalf-grey", "aragorn": "strider"}.get(who)
    old = S.find_anywhere(st, "char." + replaced) if replaced else None
    if old is not None and st.cards[old].zone.startswith("r."):
        region = st.cards[old].zone[2:]
        c.tx.move(old, "chars.dead")
    c.tx.move(cid, S.rzone(region))
    if side == SHADOW:
        ev_put(c, "minion_seen", True)
    if who == "witch-king":
        for n in FP_NATIONS:
            P.activate(c, n, _("the Witch-king came"), "minion")
    return _("{name} enters play in {r}").format(name=c.card_name(cid), r=c.region_name(region))


def _spend_wotw(c: Ctx, die: int) -> None:
    dice = c.get("dice", FP, default=[])
    face = dice[die]["face"] if 0 <= die < len(dice) else ""
    c.need(die < 0 or face == "will_of_the_west",
           _("He enters play with a Will of the West die"), base("characters"))
    spend(c, FP, die, "event", "character")


def bring_character(c: Ctx, cmd: C.BringCharacter) -> str:
    """Bring Gandalf the White, Aragorn or a Minion into play."""
    return bring(c, cmd.seat, cmd.character, cmd.region, cmd.die)


def enter_by_move(c: Ctx, seat: int, ids: Any, region: str) -> str | None:
    """A character moved by hand from the characters set aside: it enters play."""
    st = c.st
    if len(ids) == 1 and st.cards[ids[0]].zone == "chars.aside" \
            and S.code(st, ids[0]).startswith("char."):
        side = S.side_of_piece(st, ids[0])
        dice = S.get(st, "dice", side or FP, default=[])
        die = -1
        if c.strict and c.get("phase") == "actions":
            want = "will_of_the_west" if side == FP else "muster"
            die = next((i for i in S.unused(st, side or FP)
                        if dice[i]["face"] in (want, "will_of_the_west")), -1)
        return bring(c, seat, S.code(st, ids[0])[5:], region, die)
    return None


HOOKS["enter"] = enter_by_move
S.RULE_HOOKS.update({"group_level": lambda st, ids: reach_levels(st, ids),
                     "mouth": lambda st: mouth_ok(st)})


def mouth_ok(st: TableState) -> bool:
    """The Mouth of Sauron lets a Muster die act as an Army die (once a turn)."""
    return K.in_play(st, "mouth-of-sauron") and not turn_flag(st, "mouth")


def reach_levels(st: TableState, ids: Any) -> int:
    """Shadowfax: Gandalf the White moving alone or with one Hobbit has Level 4 (0: no)."""
    codes = sorted(S.code(st, x) for x in ids)
    if "char.gandalf-white" in codes and len(codes) <= 2 and all(
            x == "char.gandalf-white" or x[5:] in K.HOBBITS for x in codes):
        return 4
    return 0


HANDLERS: dict[type[Command], Handler] = {C.BringCharacter: bring_character}

__all__ = ["within", "piece_labels", "region_labels", "set_turn_flag", "CAPTAINS"]
