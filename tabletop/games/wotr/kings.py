"""Kings of Middle-earth: Sovereigns, Dark Chieftains, Ruler dice and tokens.

The expansion's rules as its rulebook gives them (sections cited in every
refusal): awakening a Sovereign, the Shadow's corruption attempts with Hunt
tiles laid face down on the Sovereign Corruption board, removing a token when
his nation is activated or advances with a suitable Companion beside him, a
Corrupted Sovereign removed with a Character die, the Dark Chieftains coming
into play, the Ruler dice joining the pools the turn after the first Ruler,
the Ruler tokens, and 3-4 player turns at corrupting (the Corruptor token).

Two questions are the engine's: ``keep`` (the attempter chooses the tile to
lay face down) and ``cleanse`` (the Free Peoples may remove a token); the
slot's ``pending`` says which Sovereign and seat.

Pure Python: no pygame.
"""
from __future__ import annotations

from typing import Any

from tabletop.core.commands import Command
from tabletop.core.i18n import _, ngettext
from tabletop.core.model import TableState
import tabletop.games.wotr.commands as C
from tabletop.games.wotr.base import kome
from tabletop.games.wotr.ctx import Ctx, Handler
from tabletop.games.wotr.data import FP, SHADOW, Sovereign, chieftains, regions, sovereigns
from tabletop.games.wotr.dice import set_die, spend, spend_ruler
from tabletop.games.wotr.geo import distance
from tabletop.games.wotr.pieces import catalogue
from tabletop.games.wotr.vocab import SOVEREIGN_CORRUPTED, VOCAB, fire
import tabletop.games.wotr.state as S

MAX_CORRUPTION_DRAW = 3
# what the event cards add (``sovereigns``): "awaken" (st, sovereign, die) -> why not ("" fine);
# "cleanse" (c) -> True when no token may leave a Sovereign now; "ability" (c, sovereign,
# seat) carries out a second ability
HOOKS: dict[str, Any] = {}


def tile_rank(code: str) -> tuple[int, bool]:
    """How valuable a standard tile is when one must be discarded (Reveal wins ties)."""
    d = catalogue()[code]
    return (d.value, d.reveal)


# ------------------------------------------------------------------ hooks
def kings_new_turn(c: Ctx) -> None:
    """Ruler dice join or leave the pools; a new turn of corruption attempts."""
    st = c.st
    if not S.kings(st):
        return
    present = {FP: bool(S.awake_sovereigns(st)), SHADOW: bool(S.chieftains_in_play(st))}
    for side in (FP, SHADOW):
        state = c.get("kome", "ruler_dice", side)
        new = "pool" if state in ("due", "pool") and present[side] else "aside"
        c.put(("kome", "ruler_dice", side), new)
    c.put(("kome", "attempted"), [])
    c.put(("kome", "corruptor"), -1)


def after_politics(c: Ctx, nation: str) -> None:
    """A nation activated or advanced: offer to remove a Corruption token."""
    st = c.st
    if not S.kings(st) or ("cleanse" in HOOKS and HOOKS["cleanse"](c)):
        return
    for sid, sov in sovereigns().items():
        if sov.nation != nation or S.sovereign_state(st, sid) != "sleeping":
            continue
        if hidden_tokens(st, sid) and suitable_companion(st, sid):
            c.put(("pending",), {"kind": "cleanse", "sovereign": sid,
                                 "seat": S.controller(st, nation)})
            c.push({"op": "cleanse"})


def sovereign_gone(c: Ctx, sid: str) -> None:
    """A Sovereign neither awake nor corrupted leaves: his tokens go back."""
    if S.kings(c.st) and S.sovereign_state(c.st, sid) == "sleeping":
        return_tokens(c, sid)
    c.put(("kome", "sovereigns", sid, "state"), "removed")


def ugluk_rerolls(st: TableState, region: str) -> int:
    """We March Day and Night: one more Hunt re-roll with Uglúk at or next to the Fellowship."""
    if not S.kings(st) or "ugluk" not in S.chieftains_in_play(st):
        return 0
    here = next((S.region_of_zone(c.zone) for c in st.cards.values() if c.code == "dc.ugluk"),
                None)
    return 1 if here and (here == region or here in regions()[region].passable) else 0


# ---------------------------------------------------------------- helpers
def hidden_tokens(st: TableState, sid: str) -> list[int]:
    """Face-down tokens on a Sovereign's space of the board."""
    return [c for c in st.zones[f"corrupt.{sid}"].cards if not st.cards[c].face_up]


def corruption(st: TableState, sid: str) -> int:
    """The sum of a Sovereign's Corruption tokens (Kings tiles count 0)."""
    total = 0
    for cid in st.zones[f"corrupt.{sid}"].cards:
        d = catalogue()[st.cards[cid].code]
        total += 0 if d.king or d.eye else d.value
    return total


def suitable_companion(st: TableState, sid: str) -> bool:
    """A Companion of his nation (or with the Free Peoples symbol) beside him."""
    region = S.sovereign_region(st, sid)
    if region is None:
        return False
    nation = sovereigns()[sid].nation
    for cid in S.pieces_in(st, region):
        code = S.code(st, cid)
        if S.companion_nation_ok(code, nation):
            return True
        if code.endswith(".silver") and S.sovereign_state(st, code.split(".")[1]) == "awake" \
                and catalogue()[code].nation == nation:
            return True
    return False


def return_tokens(c: Ctx, sid: str) -> None:
    """Every token on a Sovereign's space back into the Hunt pool."""
    for cid in list(c.st.zones[f"corrupt.{sid}"].cards):
        c.tx.move(cid, "hunt.pool")
        c.tx.set(cid, "face_up", False)


def need_sovereign(c: Ctx, sid: str) -> Sovereign:
    """The Sovereign named (refused when unknown or out of the expansion)."""
    c.need_kings()
    c.must(sid in sovereigns(), _("There is no Sovereign called {s}.").format(s=sid))
    return sovereigns()[sid]


def need_controller(c: Ctx, seat: int, nation: str) -> None:
    """3-4 players: only the player of his nation uses a Sovereign or Chieftain."""
    if len(c.st.seats) > 2:
        c.need(nation in S.seat_info(c.st, seat).get("nations", ()),
               _("Only the player of {nation} may do that").format(
                   nation=S.nation_name(nation)), kome("multi"))


# ------------------------------------------------------------------ awaken
def awaken(c: Ctx, cmd: C.Awaken) -> str:
    """Awaken a Sovereign: his silver figure, card and Ruler token come into play."""
    st = c.st
    sov = need_sovereign(c, cmd.sovereign)
    sid = sov.id
    c.must(S.sovereign_state(st, sid) == "sleeping",
           _("{name} is already awake, corrupted or gone.").format(name=_(sov.name)))
    here = S.sovereign_region(st, sid)
    c.must(here, _("{name} is not on the map.").format(name=_(sov.name)))
    assert here is not None
    target = cmd.region or sov.awaken_region or here
    c.need_region(target)
    if c.strict:
        _check_awaken(c, cmd, sov, here, target)
    do_awaken(c, sid, target)
    return _("{seat} awakened {name} in {region}").format(
        seat=c.seat_name(cmd.seat), name=_(sov.name), region=c.region_name(target))


def do_awaken(c: Ctx, sid: str, target: str) -> None:
    """A Sovereign awakens in ``target``: tokens back, silver figure, card and Ruler token,
    the Ruler die due (also when a card awakens him)."""
    st = c.st
    return_tokens(c, sid)
    grey = S.sovereign_piece(st, sid)
    silver = S.find(st, "kome.aside", f"sov.{sid}.silver")
    assert grey is not None and silver is not None
    c.tx.move(grey, "kome.aside")
    c.tx.move(silver, S.rzone(target))
    for code in (f"card.sov.{sid}", f"ruler.{sid}"):
        cid = S.find(st, "kome.aside", code)
        if cid is not None:
            c.tx.move(cid, "kome.fp")
    c.put(("kome", "sovereigns", sid, "state"), "awake")
    if c.get("kome", "ruler_dice", FP) == "aside":
        c.put(("kome", "ruler_dice", FP), "due")


def _check_awaken(c: Ctx, cmd: C.Awaken, sov: Sovereign, here: str, target: str) -> None:
    st = c.st
    c.need_side(cmd.seat, FP, kome("awaken"))
    need_controller(c, cmd.seat, sov.nation)
    c.need(S.politics(st, sov.nation)["active"],
           _("{name} awakens only while {nation} is active").format(
               name=_(sov.name), nation=S.nation_name(sov.nation)), kome("awaken"))
    why = HOOKS["awaken"](st, sov.id, cmd.die) if "awaken" in HOOKS else ""
    c.need(not why, why, kome("awaken"))
    info = regions()[target]
    if sov.awaken_region:
        c.need(target == sov.awaken_region, _("{name} awakens only in {r}").format(
            name=_(sov.name), r=c.region_name(sov.awaken_region)), kome("awaken"))
    else:
        c.need(info.settlement in ("City", "Stronghold") and info.nation
               and S.nation_side_of(info.nation) == FP,
               _("{name} awakens in a Free Peoples City or Stronghold").format(
                   name=_(sov.name)), kome("awaken"))
    c.need(not S.is_conquered(st, target), _("{r} has been conquered").format(
        r=c.region_name(target)), kome("awaken"))
    steps = distance(here, target, sov.level)
    c.need(steps is not None and steps <= sov.level,
           _("{name} cannot reach {r} moving as a Companion of Level {n}").format(
               name=_(sov.name), r=c.region_name(target), n=sov.level), kome("awaken"))
    spend_ruler(c, FP, cmd.die, "muster", "awaken")


# -------------------------------------------------------------- corruption
def corrupt_attempt(c: Ctx, cmd: C.CorruptAttempt) -> str:
    """The Shadow takes an Eye die from the Hunt box and draws tiles for a Sovereign."""
    st = c.st
    sov = need_sovereign(c, cmd.sovereign)
    sid = sov.id
    c.must(not c.get("pending"), _("Another decision is waiting."))
    c.must(S.sovereign_state(st, sid) == "sleeping",
           _("Only a Sovereign neither awake nor corrupted can be corrupted."))
    eyes = c.get("hunt_box", "eyes", default=0)
    c.must(eyes >= 1, _("There is no Eye die in the Hunt box."))
    if c.strict:
        _check_corrupt(c, cmd, sid, eyes)
    c.put(("hunt_box", "eyes"), eyes - 1)
    pool = S.pool(st, SHADOW) + [{"kind": "wotr_shadow", "face": "eye", "used": True,
                                  "action": "corrupt"}]
    c.put(("dice", SHADOW), pool)
    c.put(("acting",), FP if S.unused(st, FP) else SHADOW)
    c.put(("last",), SHADOW)
    c.put(("kome", "attempted"), c.get("kome", "attempted", default=[]) + [sid])
    c.put(("kome", "corruptor"), cmd.seat)
    if len(st.seats) > 2:
        c.tx.set(S.find_anywhere(st, "corruptor"), "owner", cmd.seat)
    return _draw_for_corruption(c, sid, min(MAX_CORRUPTION_DRAW, eyes - 1), cmd.seat)


def _check_corrupt(c: Ctx, cmd: C.CorruptAttempt, sid: str, eyes: int) -> None:
    st = c.st
    c.need_side(cmd.seat, SHADOW, kome("corrupt"))
    c.need(eyes > 1, _("A corruption attempt needs more than one Eye die in the Hunt box"),
           kome("corrupt"))
    c.need(S.unused(st, FP), _("The Free Peoples must have an unused action die"),
           kome("corrupt"))
    c.need(c.get("phase") == "actions" and c.get("acting") == SHADOW,
           _("The Shadow makes the attempt as its action"), kome("corrupt"))
    c.need(sid not in c.get("kome", "attempted", default=[]),
           _("The same Sovereign can be targeted only once a turn"), kome("corrupt"))
    last = c.get("kome", "corruptor", default=-1)
    others = [s for s in S.seats_of(st, SHADOW) if s != cmd.seat]
    if len(st.seats) > 2 and last == cmd.seat and others:
        c.need(False, _("The Shadow players take turns at corruption attempts"), kome("multi"))


def _draw_for_corruption(c: Ctx, sid: str, n: int, seat: int) -> str:
    st = c.st
    shown: list[int] = []
    drawn: list[int] = []
    name = _(sovereigns()[sid].name)
    while len(drawn) < n and st.zones["hunt.pool"].cards:
        pool = [x for x in st.zones["hunt.pool"].cards if x not in shown]
        if not pool:
            break
        cid = pool[c.rng.randrange(len(pool))]
        d = catalogue()[S.code(st, cid)]
        if d.king:
            for other in drawn:
                c.tx.move(other, "hunt.pool")
            c.tx.move(cid, f"corrupt.{sid}")
            c.tx.set(cid, "face_up", True)
            _shown_back(c, shown)
            return _("The Shadow tries to corrupt {name}: a Kings tile ({tile}) is drawn and "
                     "placed on him, worth 0").format(name=name, tile=c.card_name(cid))
        if d.eye or d.special:
            shown.append(cid)
            continue
        c.tx.move(cid, "kome.draw")
        drawn.append(cid)
    words = ", ".join(c.card_name(x) for x in shown)
    _shown_back(c, shown)
    text = ngettext("The Shadow tries to corrupt {name}: {n} tile drawn",
                    "The Shadow tries to corrupt {name}: {n} tiles drawn",
                    len(drawn)).format(name=name, n=len(drawn))
    if words:
        text += " " + _("(shown and drawn again: {tiles})").format(tiles=words)
    if len(drawn) == 1:
        return text + "; " + keep_tile(c, drawn[0], sid, [])
    if drawn:
        c.put(("pending",), {"kind": "keep", "sovereign": sid, "seat": seat})
        c.push({"op": "keep"})
    return text


def _shown_back(c: Ctx, shown: list[int]) -> None:
    for cid in shown:
        if c.st.cards[cid].zone != "hunt.pool":
            c.tx.move(cid, "hunt.pool")


@VOCAB.op("keep", doc="The attempter chooses the tile to lay face down on a Sovereign.")
def _keep_op(c: Ctx, ins: dict[str, Any]) -> None:
    ins.pop("answer", None)
    p = c.get("pending") or {}
    if p.get("kind") != "keep":
        return
    c.ask(ins, p["seat"], _("Choose the tile to lay face down on {name}").format(
        name=_(sovereigns()[p["sovereign"]].name)), list(c.st.zones["kome.draw"].cards))


def keep(c: Ctx, cmd: C.KeepTile) -> str:
    """Of the tiles drawn for a corruption attempt, lay the chosen one face down."""
    pending = c.get("pending") or {}
    c.must(pending.get("kind") == "keep", _("No corruption attempt waits for a tile."))
    c.need(cmd.seat == pending.get("seat"), _("The player who made the attempt chooses"),
           kome("corrupt"))
    drawn = list(c.st.zones["kome.draw"].cards)
    c.must(cmd.card_id in drawn, _("That tile was not drawn in this attempt."))
    c.put(("pending",), None)
    rest = [x for x in drawn if x != cmd.card_id]
    return keep_tile(c, cmd.card_id, pending["sovereign"], rest)


def keep_tile(c: Ctx, cid: int, sid: str, rest: list[int]) -> str:
    """Lay one tile face down on the Sovereign; show the rest and put them back."""
    c.tx.move(cid, f"corrupt.{sid}")
    c.tx.set(cid, "face_up", False)
    words = ", ".join(c.card_name(x) for x in rest)
    for other in rest:
        c.tx.move(other, "hunt.pool")
    name = _(sovereigns()[sid].name)
    text = _("a Corruption token lies face down on {name}").format(name=name)
    if words:
        text += "; " + _("shown and put back: {tiles}").format(tiles=words)
    if corruption(c.st, sid) >= sovereigns()[sid].resistance:
        text += ". " + corrupt_sovereign(c, sid)
    return text


def corrupt_sovereign(c: Ctx, sid: str) -> str:
    """His tokens are revealed; the highest standard one is discarded; he turns."""
    st = c.st
    tiles = list(st.zones[f"corrupt.{sid}"].cards)
    words = ", ".join(c.card_name(x) for x in tiles)
    standard = [x for x in tiles if not catalogue()[S.code(st, x)].special]
    worst = max(standard, key=lambda x: tile_rank(S.code(st, x))) if standard else None
    for cid in tiles:
        if cid == worst:
            c.tx.move(cid, "hunt.out")
            c.tx.set(cid, "face_up", True)
        else:
            c.tx.move(cid, "hunt.pool")
            c.tx.set(cid, "face_up", False)
    sov = sovereigns()[sid]
    grey = S.sovereign_piece(st, sid)
    silver = S.find(st, "kome.aside", f"sov.{sid}.silver")
    if grey is not None:
        c.tx.move(grey, "kome.aside")
    if silver is not None:
        c.tx.move(silver, S.rzone(sov.start))
    card = S.find(st, "kome.aside", f"card.sovc.{sid}")
    if card is not None:
        c.tx.move(card, "kome.shadow")
    if sid == "theoden":
        c.tx.move(S.find_anywhere(st, "helms-deep.tile"), "kome.shadow")
    c.put(("kome", "sovereigns", sid, "state"), "corrupted")
    fire(c, SOVEREIGN_CORRUPTED, sovereign=sid)
    return _("{name} is Corrupted (his tokens were {tiles})").format(name=_(sov.name),
                                                                     tiles=words)


# --------------------------------------------------------- removing tokens
@VOCAB.op("cleanse", doc="The Free Peoples may remove a Corruption token from a Sovereign.")
def _cleanse_op(c: Ctx, ins: dict[str, Any]) -> None:
    ins.pop("answer", None)
    p = c.get("pending") or {}
    if p.get("kind") != "cleanse":
        return
    c.ask(ins, p["seat"], _("Remove a Corruption token from {name}?").format(
        name=_(sovereigns()[p["sovereign"]].name)), [p["sovereign"]], kind="yesno")


def cleanse(c: Ctx, cmd: C.Cleanse) -> str:
    """Remove one random hidden Corruption token from a Sovereign."""
    sov = need_sovereign(c, cmd.sovereign)
    hidden = hidden_tokens(c.st, sov.id)
    c.must(hidden, _("{name} has no hidden Corruption token.").format(name=_(sov.name)))
    pending = c.get("pending") or {}
    c.need(pending.get("kind") == "cleanse" and pending.get("sovereign") == sov.id,
           _("A token is removed when {nation} is activated or advances with a suitable "
             "Companion beside {name}").format(nation=S.nation_name(sov.nation),
                                               name=_(sov.name)), kome("cleanse"))
    c.need_side(cmd.seat, FP, kome("cleanse"))
    cid = hidden[c.rng.randrange(len(hidden))]
    c.tx.move(cid, "hunt.pool")
    if pending.get("kind") == "cleanse":
        c.put(("pending",), None)
    return _("{seat} removed a hidden Corruption token from {name}").format(
        seat=c.seat_name(cmd.seat), name=_(sov.name))


def decline(c: Ctx, cmd: C.Decline) -> str:
    """Leave the Corruption tokens where they are."""
    pending = c.get("pending") or {}
    c.must(pending.get("kind") == "cleanse", _("Nothing is offered to decline."))
    c.put(("pending",), None)
    return _("{seat} left the Corruption tokens where they are").format(
        seat=c.seat_name(cmd.seat))


def remove_corrupted(c: Ctx, cmd: C.RemoveCorrupted) -> str:
    """A Corrupted Sovereign leaves the game (a Character die, a suitable Companion)."""
    st = c.st
    sov = need_sovereign(c, cmd.sovereign)
    c.must(S.sovereign_state(st, sov.id) == "corrupted",
           _("{name} is not a Corrupted Sovereign.").format(name=_(sov.name)))
    if c.strict:
        c.need_side(cmd.seat, FP, kome("remove"))
        c.need(suitable_companion(st, sov.id),
               _("A Companion of {nation} (or of the Free Peoples) must stand in his "
                 "region").format(nation=S.nation_name(sov.nation)), kome("remove"))
        spend(c, FP, cmd.die, "character", "remove-corrupted")
    fig = S.sovereign_piece(st, sov.id)
    if fig is not None:
        c.tx.move(fig, "kome.out")
    card = S.find(st, "kome.shadow", f"card.sovc.{sov.id}")
    if card is not None:
        c.tx.move(card, "kome.out")
    if sov.id == "theoden":
        c.tx.move(S.find_anywhere(st, "helms-deep.tile"), "kome.aside")
    c.put(("kome", "sovereigns", sov.id, "state"), "removed")
    return _("{name}, Corrupted Sovereign, was removed from the game: his weaknesses end").format(
        name=_(sov.name))


# --------------------------------------------------------- Dark Chieftains
def bring_chieftain(c: Ctx, cmd: C.BringChieftain) -> str:
    """A Dark Chieftain comes into play in a region."""
    st = c.st
    c.need_kings()
    c.must(cmd.chieftain in chieftains(), _("There is no Dark Chieftain called {c}.").format(
        c=cmd.chieftain))
    dc = chieftains()[cmd.chieftain]
    c.must(c.get("kome", "chieftains", dc.id) == "aside",
           _("{name} is already in play or gone.").format(name=_(dc.name)))
    c.need_region(cmd.region)
    if c.strict:
        _check_chieftain(c, cmd)
    for code, zone in ((f"dc.{dc.id}", S.rzone(cmd.region)), (f"card.dc.{dc.id}", "kome.shadow")):
        cid = S.find(st, "kome.aside", code)
        if cid is not None:
            c.tx.move(cid, zone)
    c.put(("kome", "chieftains", dc.id), "in")
    if c.get("kome", "ruler_dice", SHADOW) == "aside":
        c.put(("kome", "ruler_dice", SHADOW), "due")
    return _("{name} comes into play in {r}").format(name=_(dc.name),
                                                     r=c.region_name(cmd.region))


def chieftain_ready(st: TableState, did: str) -> bool:
    """Is a set-aside Dark Chieftain's condition of war met?"""
    if S.get(st, "kome", "chieftains", did) != "aside":
        return False
    return {"the-black-serpent": S.at_war(st, "gondor"),
            "the-shadow-of-mirkwood": any(S.at_war(st, n) for n in
                                          ("dwarves", "elves", "north")),
            "ugluk": S.at_war(st, "rohan") or bool(S.get(st, "fellowship", "revealed"))
            }[did]


def _check_chieftain(c: Ctx, cmd: C.BringChieftain) -> None:
    st = c.st
    dc = chieftains()[cmd.chieftain]
    c.need_side(cmd.seat, SHADOW, kome("chieftains"))
    need_controller(c, cmd.seat, dc.nation)
    c.need(chieftain_ready(st, dc.id), _("{name} cannot come into play yet: see his card's "
                                         "condition").format(name=_(dc.name)), kome("chieftains"))
    own_army = any(catalogue()[S.code(st, x)].nation == dc.nation
                   for x in S.units(st, cmd.region, SHADOW))
    near_fellowship = False
    if dc.id == "ugluk" and c.get("fellowship", "revealed"):
        fel = S.fellowship_region(st)
        near_fellowship = cmd.region == fel or cmd.region in regions()[fel].passable
    c.need(own_army or near_fellowship,
           _("{name} comes into play in a region with an army of his nation").format(
               name=_(dc.name)), kome("chieftains"))
    spend_ruler(c, SHADOW, cmd.die, "muster", "chieftain", any_face=lambda face: face != "eye")


# --------------------------------------------------------- Ruler abilities
def ruler_ability(c: Ctx, cmd: C.RulerAbility) -> str:
    """An Awakened Sovereign's second ability, with the Ruler die or his token."""
    st = c.st
    sov = need_sovereign(c, cmd.sovereign)
    c.must(S.sovereign_state(st, sov.id) == "awake",
           _("{name} is not an Awakened Sovereign.").format(name=_(sov.name)))
    dice = c.get("dice", FP, default=[])
    c.must(0 <= cmd.die < len(dice) and dice[cmd.die]["kind"] == S.RULER_KIND[FP],
           _("A Sovereign's second ability needs the Free Peoples Ruler die."))
    face = dice[cmd.die]["face"]
    need_controller(c, cmd.seat, sov.nation)
    if cmd.token:
        token = [x for x in st.zones["kome.fp"].cards if S.code(st, x) == f"ruler.{sov.id}"]
        c.must(token, _("{name}'s Ruler token is not at hand.").format(name=_(sov.name)))
        c.need(c.get("kome", "ring_turn") != st.round,
               _("A Ruler token and an Elven ring cannot both be used in one turn"),
               kome("tokens"))
        c.tx.move(token[0], "kome.out")
        c.put(("kome", "token_turn"), st.round)
        set_die(c, FP, cmd.die, face=sov.ability_face)
        face = sov.ability_face
    c.need(face in (sov.ability_face, "will_of_the_west"),
           _("{ability} needs the Ruler die to show {face}").format(
               ability=_(sov.ability), face=sov.ability_face), kome("fpdie"))
    if "ability_problem" in HOOKS:
        why = HOOKS["ability_problem"](st, sov.id)
        c.need(not why, why, kome("fpdie"))
    spend_ruler(c, FP, cmd.die, "muster", "ability",
                any_face=lambda f: f in (sov.ability_face, "will_of_the_west"))
    if "ability" in HOOKS:
        HOOKS["ability"](c, sov.id, cmd.seat)
    return _("{name} used {ability}").format(name=_(sov.name), ability=_(sov.ability))


HANDLERS: dict[type[Command], Handler] = {C.Awaken: awaken, C.CorruptAttempt: corrupt_attempt, C.KeepTile: keep,
            C.Cleanse: cleanse, C.Decline: decline, C.RemoveCorrupted: remove_corrupted,
            C.BringChieftain: bring_chieftain, C.RulerAbility: ruler_ability}
