"""What the enforced ruleset waits for (``pending``) and what a seat may do now
(``legal_actions``): the commands the rules allow, each one accepted if submitted.

A pending choice is safe to show to everyone: its prompt names who decides and what kind of
decision it is, never a secret option; the options themselves are the deciding seat's
``legal_actions``.
"""
from __future__ import annotations

from itertools import combinations

from tabletop.core.i18n import _
from tabletop.core.model import TableState
from tabletop.core.ruleset import Choice, Refused
from tabletop.games.coc.board import Marker, complete, count, next_box
from tabletop.games.coc.data import HALVES, tracks_for
import tabletop.games.coc.commands as C
import tabletop.games.coc.slot as S

def prompts() -> dict[str, tuple[str, str]]:
    """Each step's (or sub-decision's) kind of decision and its words."""
    return {
        "roll": ("act", _("Roll the dice.")),
        "gollum": ("one", _("Choose Gollum or Sméagol, in secret.")),
        "assign": ("one", _("Give a Middle-earth die to your Free Peoples half, in secret.")),
        "icons": ("act", _("Use your icons and take secret actions, then close your board.")),
        "fp": ("act", _("Announce your revealed Free Peoples actions, then finish.")),
        "shadow": ("act", _("Announce your revealed Shadow actions (and hunt), then finish.")),
        "gandalf": ("one", _("Your Fellowship was found: call on Gandalf, or let the hunt stand.")),
        "extra": ("number", _("The hunt found the Fellowship: spend more hunt (0 or more).")),
        "pippin": ("yesno", _("The Nazgûl are coming: call on Pippin, or answer them.")),
        "spend": ("act", _("Use the icons you just gained, then close your board.")),
        "battle": ("many", _("Choose in secret the characters you bring into the battle.")),
    }


def pending(rules, st: TableState) -> Choice | None:
    """The decision the game waits for, and whose it is."""
    actors = rules.actors(st)
    if not actors:
        return None
    wait = S.get(st, "wait") or {}
    key = wait.get("kind") or S.get(st, "step")
    kind, prompt = prompts()[key]
    data = {"step": S.get(st, "step"), "wait": key if wait else "", "actors": list(actors)}
    return Choice(actors[0], kind, prompt, (), 0, 1, data)


def legal_actions(rules, st: TableState, seat: int | None = None) -> list:
    """Every command ``seat`` (None: the seat expected first) may submit now."""
    actors = rules.actors(st)
    if seat is None and actors:
        seat = actors[0]
    if seat not in actors:
        return []
    wait = S.get(st, "wait") or {}
    if wait:
        return _WAITS[wait["kind"]](rules, st, seat, wait)
    step = S.get(st, "step")
    if step == "roll":
        return [C.Roll(seat)]
    if step == "gollum":
        return [C.ChooseGollum(seat, "gollum"), C.ChooseGollum(seat, "smeagol")]
    if step == "assign":
        return [C.Assign(seat, 0), C.Assign(seat, 1)]
    if step == "icons":
        return icon_actions(rules, st, seat)
    if step in ("fp", "shadow"):
        return revealed_actions(rules, st, seat, "fp" if step == "fp" else "sh")
    return []


def marks(rules, st: TableState, seat: int, halves=HALVES) -> list:
    """A Mark for every track whose next box an icon of the pool can mark."""
    out = []
    for half in halves:
        hs = S.half_state(st, seat, half)
        fitting: dict[str, None] = {}
        for icon in set(hs["pool"]):
            fitting.update(dict.fromkeys(tracks_for(rules.data, half, icon)))
        for tid in rules.data.half(half).tracks:
            if tid in fitting:
                box = next_box(hs["tracks"][tid])
                if box is not None:
                    out.append(C.Mark(seat, half, tid, box))
    return out


def moves(rules, st: TableState, seat: int) -> list:
    """Fellowship moves this seat can pay for (with Galadriel when she makes the difference)."""
    m = Marker(rules.data, st, None)
    fel = S.secret(st, seat)["fellowship"]
    if fel["moves"] >= 1 + int(fel["moves"] >= 1 and m.ready(seat, "fp", "arwen")):
        return []
    have = count(m.marks(seat, "fp", rules.resolve_track().id))
    out = []
    for to in rules.data.adjacency[fel["at"]]:
        for galadriel in (False, True):
            if galadriel and not m.ready(seat, "fp", "galadriel"):
                continue
            try:
                cost = rules.move_cost(st, seat, to, galadriel)
            except Refused:
                continue
            if cost <= have:
                out.append(C.Move(seat, to, galadriel))
    return out


def icon_actions(rules, st: TableState, seat: int) -> list:
    """Round step 4: marks, moves, the Palantir, and closing the board once every icon is used."""
    out = marks(rules, st, seat) + moves(rules, st, seat)
    if Marker(rules.data, st, None).ready(seat, "sh", "palantir"):
        out.append(C.Use(seat, "palantir"))
    if not any(rules.usable(st, seat, half) for half in HALVES):
        out.append(C.Done(seat))
    return out


def revealed_actions(rules, st: TableState, seat: int, half: str) -> list:
    """Round step 5 or 6: marches, engagements, recruits, characters, hunts; finishing."""
    out = battle_moves(rules, st, seat, half)
    m = Marker(rules.data, st, None)
    for cid, c in rules.data.half(half).characters.items():
        if c.timing == "revealed" and m.ready(seat, half, cid):
            out += _character_uses(rules, st, seat, cid)
    if half == "sh" and not S.public(st, seat).get("hunt"):
        out += [C.Hunt(seat, at) for at in _huntable(rules, st, seat, 0)]
    return out + [C.Done(seat)]


def battle_moves(rules, st: TableState, seat: int, half: str) -> list:
    """Marches and engagements paid by a marked march/engage box; complete units to recruit."""
    key = S.board_key(st, seat, half)
    board = S.board(st, key)
    hs = S.half_state(st, seat, half)
    out = []
    if count(hs["tracks"][rules.data.half(half).section("march")[0].id]):
        for bid, b in board["battles"].items():
            if not b["fought"]:
                out += [C.March(seat, half, bid, engage) for engage, which in
                        ((False, "march"), (True, "engage")) if not complete(b[which])]
    for t in rules.data.half(half).section("recruitment"):
        if complete(hs["tracks"][t.id]):
            nation = rules.data.half(half).nations[t.nation]
            out += [C.Recruit(seat, half, t.id, bid) for bid in nation.battles
                    if not board["battles"][bid]["fought"]]
    return out


def _huntable(rules, st: TableState, seat: int, discount: int) -> list[str]:
    have = count(S.half_state(st, seat, "sh")["tracks"][rules.hunt_track().id])
    return [loc.id for loc in rules.data.locations.values()
            if loc.hunt is not None and max(0, loc.hunt - discount) <= have]


def _character_uses(rules, st: TableState, seat: int, cid: str) -> list:
    """The ways a ready revealed character can be used now."""
    data = rules.data
    pub = S.public(st, seat)
    board = S.board(st, S.board_key(st, seat, "fp" if cid in data.fp.characters else "sh"))
    open_battles = [b for b, x in board["battles"].items() if not x["fought"]]
    if cid == "merry":
        return [C.Use(seat, cid, b) for b in dict.fromkeys(pub.get("marched", []))
                if b in open_battles and not complete(board["battles"][b]["march"])]
    if cid == "strider":
        limit = data.fp.characters["strider"].num("boxes", 4)
        out = []
        for n in rules.strider_nations(st, seat):
            track = data.fp.cta(n)
            nxt = next_box(S.half_state(st, seat, "fp")["tracks"][track.id])
            room = 0 if nxt is None else len(track.boxes) - nxt
            out += [C.Use(seat, cid, n, k) for k in range(1, min(limit, room) + 1)]
        return out
    if cid in ("boromir", "nazgul", "shelob"):
        return [C.Use(seat, cid)]
    if cid == "saruman":
        limit = data.sh.characters["saruman"].num("transfer", 10)
        if len(open_battles) < len(data.battles):
            return []
        return [C.Use(seat, cid, b, k) for b in open_battles
                for k in range(1, min(limit, board["battles"][b]["strength"]["sh"]) + 1)]
    if cid == "wormtongue":
        return [C.Use(seat, cid, n) for n in data.fp.nations
                if board["nations"][n] < 2 and n not in board["banned"]]
    hunt = pub.get("hunt", {})
    if cid == "crebain" and hunt.get("result") == "failed":
        discount = data.sh.characters["crebain"].num("discount", 1)
        return [C.Use(seat, cid, at) for at in _huntable(rules, st, seat, discount)]
    if cid == "mouth_of_sauron" and hunt.get("result") == "found" \
            and data.shadow_location(hunt["at"]):
        return [C.Use(seat, cid)]
    return []


def _wait_gandalf(rules, st, seat, wait) -> list:
    return [C.Use(seat, "gandalf", to) for to in rules.gandalf_escapes(st, seat, wait["at"])] \
        + [C.Decline(seat)]


def _wait_extra(rules, st, seat, wait) -> list:
    have = count(S.half_state(st, seat, "sh")["tracks"][rules.hunt_track().id])
    return [C.ExtraHunt(seat, n) for n in range(have + 1)]


def _wait_pippin(rules, st, seat, wait) -> list:
    return [C.Use(seat, "pippin"), C.Decline(seat)]


def _wait_spend(rules, st, seat, wait) -> list:
    out = marks(rules, st, seat, ("fp",))
    return out if rules.usable(st, seat, "fp") else out + [C.Done(seat)]


def _wait_battle(rules, st, seat, wait) -> list:
    half = "fp" if S.board(st, wait["board"])["fp"] == seat else "sh"
    options = rules.battle_options(st, seat, half)
    return [C.BattleCharacters(seat, combo) for k in range(len(options) + 1)
            for combo in combinations(options, k)]


_WAITS = {"gandalf": _wait_gandalf, "extra": _wait_extra, "pippin": _wait_pippin,
          "spend": _wait_spend, "battle": _wait_battle}
