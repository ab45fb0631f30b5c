"""What event cards do, part four: the deeds of single cards.

The Eagles, the Ents, the Dead Men of Dunharrow, the Grey Company, Stormcrow,
Return to Valinor, The Day Without Dawn, The Lidless Eye, Dreadful Spells,
the Dunlendings gathering, and a Character card played free.

Pure Python: no pygame.
"""
from __future__ import annotations

from typing import Any

from tabletop.core.i18n import _
from tabletop.core.kernel import Opt
from tabletop.games.wotr.armies import DONE, hits_on, nazgul_at, roll_hits
from tabletop.games.wotr.cards import can_play, put_into_play
from tabletop.games.wotr.companions import separate_to
from tabletop.games.wotr.ctx import Ctx
from tabletop.games.wotr.data import FP, SHADOW, regions
from tabletop.games.wotr.dice import roll_d6
from tabletop.games.wotr.effects import (ask, asks, ev_get, piece_labels, recruit_one,
                                         region_labels)
from tabletop.games.wotr.moves import after_arrival, remove_figure
from tabletop.games.wotr.pieces import catalogue
from tabletop.games.wotr.setup import hand_zone
from tabletop.games.wotr.vocab import VOCAB
import tabletop.games.wotr.conds as K
import tabletop.games.wotr.state as S


@VOCAB.op(asks("eagles"), seat=int, state=("region",),
          doc="The Eagles: a die per Nazgûl (at most five) in a Shadow army near a Free Peoples "
              "army with a Companion; 5+ slays one; the rest flee to a Sauron Stronghold.")
def _eagles(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    answer = ins.pop("answer", None)
    if "region" not in ins:
        opts = K.eagle_regions(st)
        if not opts:
            return
        if answer is None and len(opts) > 1:
            ask(c, ins, ins["seat"], _("Which Nazgûl do the Eagles fall upon?"), opts,
                region_labels(opts))
            return
        region = answer or opts[0]
        ins["region"] = region
        naz = [x for x in S.pieces_in(st, region) if S.code(st, x) == "sauron.nazgul"]
        n = roll_hits(c, len(naz), 5, _("The Eagles"))
        for cid in naz[:n]:
            remove_figure(c, cid)
        answer = None
    region = ins["region"]
    left = [x for x in S.pieces_in(st, region) if S.code(st, x) == "sauron.nazgul"]
    if not left:
        return
    holds = [r for r, i in regions().items() if i.nation == "sauron"
             and i.settlement == "Stronghold" and not S.is_conquered(st, r)]
    if answer is None and len(holds) > 1:
        ask(c, ins, S.lead(st, SHADOW), _("To which Sauron Stronghold do the Nazgûl flee?"),
            holds, region_labels(holds))
        return
    dest = answer or (holds[0] if holds else region)
    for cid in left:
        c.tx.move(cid, S.rzone(dest))
    c.say(_("The surviving Nazgûl flee to {r}").format(r=c.region_name(dest)))


@VOCAB.op("ents", seat=int, doc="The Ents: three dice, 4+ hits the Shadow army in Orthanc "
                                "(Saruman alone falls); then with Gandalf the White in Fangorn "
                                "or Rohan, another Character card free.")
def _ents(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    gw = K.char_zone(st, "gandalf-white")
    if gw and gw != "fellowship" and (gw == "fangorn" or K.nation_of_region(gw) == "rohan"):
        c.push({"op": "play_free", "seat": ins["seat"], "deck": "character"})  # (after)
    if S.units(st, "orthanc", SHADOW):
        hits_on(c, "orthanc", SHADOW, roll_hits(c, 3, 4, _("The Ents")), sweep=True)
    elif K.char_zone(st, "saruman") == "orthanc":
        remove_figure(c, S.find_anywhere(st, "char.saruman"))
        c.say(_("Saruman falls in Orthanc"))


@VOCAB.op(asks("play_free"), seat=int, deck=str,
          doc="Play a card of a deck from the hand without an action die (or none).")
def _play_free(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    seat = ins["seat"]
    answer = ins.pop("answer", None)
    if answer is None:
        opts = [x for x in st.zones[hand_zone(seat)].cards
                if S.event_deck(st.cards[x].code) == ins["deck"]
                and not can_play(st, seat, x, -1, free=True)]
        if not opts:
            return
        ask(c, ins, seat, _("Play another card free?"), opts + [DONE],
            {**piece_labels(st, opts), DONE: _("No")})
        return
    if answer != DONE:
        c.say(_("{seat} plays {card}").format(seat=c.seat_name(seat), card=c.card_name(answer)))
        put_into_play(c, seat, answer)


@VOCAB.op(asks("dead_men"), seat=int, state=("where",),
          doc="Dead Men of Dunharrow: Strider/Aragorn goes from Rohan to Erech, Lamedon or "
              "Pelargir; the Shadow army there takes a die of hits and retreats; recruit Gondor "
              "Regulars.")
def _dead_men(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    answer = ins.pop("answer", None)
    if "where" not in ins:
        who = next((w for w in ("aragorn", "strider")
                    if K.nation_of_region(K.char_zone(st, w) or "rivendell") == "rohan"
                    and K.char_zone(st, w) != "fellowship" and K.char_zone(st, w)), None)
        if who is None:
            return
        if answer is None:
            opts = ["erech", "lamedon", "pelargir"]
            ask(c, ins, ins["seat"], _("Where do the Dead Men go?"), opts, region_labels(opts))
            return
        ins["where"] = answer
        here = K.char_zone(st, who) or ""
        group = [x for x in K.companions_at(st, here) if S.code(st, x).startswith("char.")]
        separate_to(c, group, answer)
        if S.units(st, answer, SHADOW):
            n = roll_d6(1, c.rng)[0]
            c.say(_("The Shadow army takes {n} hits").format(n=n))
            c.push(ins)
            c.push({"op": "casualties", "region": answer, "side": SHADOW, "hits": n,
                    "sweep": True}, {"op": "retreat", "region": answer, "side": SHADOW})
            return
        answer = None
    where = ins["where"]
    if answer is None:
        if S.units(st, where, SHADOW):
            return
        left = len([x for x in st.zones["reinf.gondor"].cards
                    if S.code(st, x) == "gondor.regular"])
        if not left:
            return
        ask(c, ins, ins["seat"], _("How many Gondor Regulars are recruited in {r}?").format(
            r=c.region_name(where)), (), kind="number", low=0, high=min(3, left))
        return
    got = sum(1 for _i in range(answer) if recruit_one(c, "gondor", "regular", where))
    after_arrival(c, where, FP)
    c.say(_("{n} Gondor Regulars recruited in {r}").format(n=got, r=c.region_name(where)))


@VOCAB.op(asks("retreat"), region=str, side=str,
          doc="An army that must retreat does (to a free neighbouring region), or is destroyed.")
def _retreat(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    region, side = ins["region"], ins["side"]
    figs = [x for x in S.army(st, region, side) if S.code(st, x) != "char.saruman"]
    if not S.units(st, region, side):
        return
    answer = ins.pop("answer", None)
    if answer is None:
        opts = [r for r in regions()[region].passable if not S.units(st, r, S.other(side))
                and S.controller_side(st, r) in (side, None)
                and S.stack_count(st, r) + len(S.units(st, region, side)) <= S.STACK_LIMIT]
        if not opts:
            for cid in S.units(st, region, side):
                remove_figure(c, cid)
            from tabletop.games.wotr.armies import wipe
            wipe(c, region, side, True)
            c.say(_("The army cannot retreat and is destroyed"))
            return
        ask(c, ins, S.lead(st, side), _("Where does the army retreat?"), opts,
            region_labels(opts))
        return
    for cid in figs:
        c.tx.move(cid, S.rzone(answer))
    c.say(_("The army retreats to {r}").format(r=c.region_name(answer)))


@VOCAB.op(asks("grey_company"), seat=int,
          doc="The Grey Company: in the army with Strider/Aragorn, a Regular becomes an Elite "
              "of its nation.")
def _grey_company(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    answer = ins.pop("answer", None)
    regs = K.army_regions(st, ["strider", "aragorn"])
    opts = [x for r in regs for x in S.units(st, r, FP) if S.kind(st, x) == "regular"
            and any(S.code(st, y) == f"{catalogue()[S.code(st, x)].nation}.elite"
                    for y in st.zones[f"reinf.{catalogue()[S.code(st, x)].nation}"].cards)]
    if not opts:
        return
    if answer is None:
        kinds = {S.code(st, x) for x in opts}
        if len(kinds) > 1:
            ask(c, ins, ins["seat"], _("Which Regular becomes an Elite?"), opts,
                piece_labels(st, opts))
            return
        answer = opts[0]
    nation = catalogue()[S.code(st, answer)].nation or ""
    region = S.region_of_zone(st.cards[answer].zone) or ""
    remove_figure(c, answer)
    recruit_one(c, nation, "elite", region)
    c.say(_("A {nation} Regular in {r} became an Elite").format(
        nation=S.nation_name(nation), r=c.region_name(region)))


@VOCAB.op(asks("stormcrow"), seat=int, kings=Opt(bool), state=("nation",),
          doc="Stormcrow: a Free Peoples nation not at war holding the Fellowship or a Companion "
              "steps back; the Free Peoples lose a Leader or unit of it.")
def _stormcrow(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    answer = ins.pop("answer", None)
    if "nation" not in ins:
        nations = K.stormcrow_nations(st)
        if not nations:
            return
        if answer is None and len(nations) > 1:
            ask(c, ins, ins["seat"], _("Which nation does the Stormcrow trouble?"), nations,
                {n: S.nation_name(n) for n in nations})
            return
        nation = answer or nations[0]
        ins["nation"] = nation
        pol = S.politics(st, nation)
        c.put(("politics", nation, "step"), min(3, pol["step"] + 1))
        c.say(_("{nation} steps back on the political track").format(
            nation=S.nation_name(nation)))
        if ins.get("kings") and S.kings(st):
            from tabletop.games.wotr.data import sovereigns
            sid = next((s for s, v in sovereigns().items() if v.nation == nation), "")
            if not sid or S.sovereign_state(st, sid) != "sleeping":
                return
            from tabletop.games.wotr.kings import _draw_for_corruption
            c.say(_draw_for_corruption(c, sid, 1, ins["seat"]))
        answer = None
    nation = ins["nation"]
    kinds = ("regular", "elite") if ins.get("kings") else ("regular", "elite", "leader")
    figs = [x for r in regions() for x in S.pieces_in(st, r)
            if S.code(st, x) in {f"{nation}.{k}" for k in kinds}]
    if not figs:
        return
    if answer is None:
        if len({S.code(st, x) for x in figs}) > 1 or len(
                {st.cards[x].zone for x in figs}) > 1:
            ask(c, ins, S.lead(st, FP), _("Which figure of {nation} is lost?").format(
                nation=S.nation_name(nation)), figs, {x: "{} ({})".format(
                    c.card_name(x), c.region_name(st.cards[x].zone[2:])) for x in figs})
            return
        answer = figs[0]
    c.say(_("{fig} is lost").format(fig=c.card_name(answer)))
    remove_figure(c, answer)


@VOCAB.op("valinor", seat=int, kings=Opt(bool),
          doc="Return to Valinor: every Elven Stronghold not besieged rolls a die per Elven unit "
              "there (at most five); each 6 (5+ with two Corrupted Sovereigns) hits it.")
def _valinor(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    need = 6
    if ins.get("kings") and sum(1 for s in ("brand", "dain", "denethor", "theoden", "thranduil")
                                if S.sovereign_state(st, s) == "corrupted") >= 2:
        need = 5
    for rid, info in regions().items():
        if info.nation != "elves" or info.settlement != "Stronghold" or S.besieged(st, rid):
            continue
        if ins.get("kings") and S.is_conquered(st, rid):
            continue
        elves = [x for x in S.units(st, rid, FP) if S.code(st, x).startswith("elves.")]
        if elves:
            hits_on(c, rid, FP, roll_hits(c, len(elves), need, c.region_name(rid)))


@VOCAB.op("no_dawn", doc="The Day Without Dawn: every unused Free Peoples Will of the West die "
                         "is lost.")
def _no_dawn(c: Ctx, ins: dict[str, Any]) -> None:
    pool = S.pool(c.st, FP)
    keep = [d for d in pool if d.get("used") or d.get("face") != "will_of_the_west"]
    if len(keep) != len(pool):
        c.put(("dice", FP), keep)
        c.say(_("{n} Will of the West dice are lost").format(n=len(pool) - len(keep)))


@VOCAB.op(asks("lidless_eye"), seat=int, doc="The Lidless Eye: up to three unused Shadow dice "
                                             "become Eyes in the Hunt box.")
def _lidless_eye(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    dice = S.get(st, "dice", SHADOW, default=[])
    opts = [i for i in S.unused(st, SHADOW) if dice[i]["kind"] != S.RULER_KIND[SHADOW]]
    answer = ins.pop("answer", None)
    if answer is None:
        if not opts:
            return
        ask(c, ins, ins["seat"], _("Which dice become Eyes (up to three)?"), opts,
            {i: str(i + 1) for i in opts}, kind="many", low=0, high=min(3, len(opts)),
            suggest=opts[:3])
        return
    chosen = set(answer)
    pool = [d for i, d in enumerate(S.pool(st, SHADOW)) if i not in chosen]
    c.put(("dice", SHADOW), pool)
    c.put(("hunt_box", "eyes"), c.get("hunt_box", "eyes", default=0) + len(chosen))
    c.put(("acting",), FP if S.unused(c.st, FP) else SHADOW)
    c.say(_("{n} dice become Eyes in the Hunt box").format(n=len(chosen)))


@VOCAB.op(asks("dreadful_spells"), seat=int,
          doc="Dreadful Spells: a die per Nazgûl (at most five) against a Free Peoples army "
              "with or next to them; 5+ hits.")
def _spells(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    pairs = [f"{a}>{b}" for a, b in K.spell_targets(st)]
    answer = ins.pop("answer", None)
    if answer is None:
        if not pairs:
            return
        if len(pairs) > 1:
            ask(c, ins, ins["seat"], _("Which Free Peoples army do the spells strike?"), pairs,
                {p: "{} > {}".format(c.region_name(p.split(">")[0]),
                                     c.region_name(p.split(">")[1])) for p in pairs})
            return
        answer = pairs[0]
    src, _sep, target = answer.partition(">")
    n = len(nazgul_at(st, src))
    hits_on(c, target, FP, roll_hits(c, n, 5, _("Dreadful Spells")))


@VOCAB.op(asks("dunland_gather"), seat=int,
          doc="Rage of the Dunlendings: up to four Isengard units from the Dunlands join the "
              "Regulars just recruited.")
def _dunland(c: Ctx, ins: dict[str, Any]) -> None:
    st = c.st
    target = (ev_get(st, "recruited") or [None])[0]
    if not target:
        return
    opts = [x for r in ("north-dunland", "south-dunland") if r != target
            for x in S.units(st, r, SHADOW) if S.code(st, x).startswith("isengard.")]
    room = max(0, S.STACK_LIMIT - S.stack_count(st, target))
    answer = ins.pop("answer", None)
    if answer is None:
        if not opts or not room:
            return
        ask(c, ins, ins["seat"], _("Which Isengard units join them in {r}?").format(
            r=c.region_name(target)), opts, piece_labels(st, opts), kind="many", low=0,
            high=min(4, room, len(opts)), suggest=opts[:min(4, room)])
        return
    for cid in answer:
        c.tx.move(cid, S.rzone(target))
    if answer:
        c.say(_("{n} Isengard units join them").format(n=len(answer)))
