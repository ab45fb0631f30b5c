"""What every War of the Ring ruleset shares: names, checks, slot writes, dice.

``WotrBase`` is the shared sandbox with the game's catalogue and helpers.  Its
``strict`` flag is the one difference between the free table and the enforced
rules: ``need`` refuses only when the rules are enforced, ``must`` refuses
always (what no real table allows either: a piece that does not exist).
Refusals name the rule and, for the expansion, the section of the Kings of
Middle-earth rulebook where it stands.

Pure Python: no pygame.
"""
from __future__ import annotations

from typing import Any

from tabletop.core.dice import face_id, roll
from tabletop.core.i18n import _
from tabletop.core.model import TableState
from tabletop.core.ruleset import Refused
from tabletop.core.sandbox import Sandbox
from tabletop.core.tx import Tx
from tabletop.games.wotr.data import FP, NATION_NAMES, SHADOW, regions
from tabletop.games.wotr.pieces import catalogue
import tabletop.games.wotr.state as S

def kome(key: str) -> str:
    """A section of the Kings of Middle-earth rulebook, as a refusal cites it."""
    return {
    "dice": _("Kings of Middle-earth, Ruler dice, p. 6"),
    "tiles": _("Kings of Middle-earth, Kings hunt tiles, p. 6"),
    "combat": _("Kings of Middle-earth, Special combat abilities of the Rulers, p. 7"),
    "sovereigns": _("Kings of Middle-earth, Sovereigns in play, p. 8"),
    "fpdie": _("Kings of Middle-earth, The Free Peoples Ruler die, p. 9"),
    "tokens": _("Kings of Middle-earth, Ruler tokens, p. 10"),
    "awaken": _("Kings of Middle-earth, How to awaken a Sovereign, p. 10"),
    "corrupt": _("Kings of Middle-earth, How to corrupt a Sovereign, p. 11"),
    "cleanse": _("Kings of Middle-earth, How to remove Corruption tokens, p. 13"),
    "remove": _("Kings of Middle-earth, How to remove a Corrupted Sovereign from the game, p. 13"),
    "chieftains": _("Kings of Middle-earth, Dark Chieftains in play, p. 14"),
    "nonflying": _("Kings of Middle-earth, Non-flying Minions, p. 15"),
    "shdie": _("Kings of Middle-earth, The Shadow Ruler die, p. 15"),
    "multi": _("Kings of Middle-earth, Games with 3 and 4 players, p. 16"),
    }[key]


def base(key: str) -> str:
    """A section of the base game's rules, as a refusal cites it."""
    return {
    "dice": _("War of the Ring, Action dice"),
    "actions": _("War of the Ring, Action resolution"),
    "move": _("War of the Ring, Army movement"),
    "stack": _("War of the Ring, Stacking limit"),
    "recruit": _("War of the Ring, Mustering"),
    "politics": _("War of the Ring, The political track"),
    "hunt": _("War of the Ring, The Hunt for the Ring"),
    "combat": _("War of the Ring, Battles"),
    "cards": _("War of the Ring, Event cards"),
    "turn": _("War of the Ring, The game turn"),
    "fellowship": _("War of the Ring, The Fellowship"),
    "rings": _("War of the Ring, Elven rings"),
    "characters": _("War of the Ring, Characters"),
    }[key]

# Which die results allow which kind of action (Will of the West: any but the Eye).
FACES_FOR = {
    "army": ("army", "army_muster"),
    "muster": ("muster", "army_muster"),
    "character": ("character",),
    "event": ("event",),
}


def cite(text: str, where: str) -> str:
    """A refusal: the sentence, then the rule it applies, in brackets."""
    return f"{text} ({where})."


class WotrBase(Sandbox):
    """The shared War of the Ring table: catalogue names, checks and helpers."""

    game = "wotr"
    strict = False

    # ------------------------------------------------------------ checks
    def need(self, ok: Any, text: str, where: str) -> None:
        """Refuse (citing ``where``) when the rules are enforced and ``ok`` is false."""
        if self.strict and not ok:
            raise Refused(cite(text, where))

    @staticmethod
    def must(ok: Any, text: str) -> None:
        """Refuse always when ``ok`` is false (no table could do it)."""
        if not ok:
            raise Refused(text)

    def need_region(self, region: str) -> None:
        """Refuse an unknown region."""
        self.must(region in regions(), _("There is no region called {r}.").format(r=region))

    def need_kings(self, st: TableState) -> None:
        """Refuse an expansion verb in a game without the expansion."""
        self.must(S.kings(st), _("This game is played without Kings of Middle-earth."))

    def need_side(self, st: TableState, seat: int, side: str, where: str) -> None:
        """Enforced: the seat must play ``side``."""
        self.need(S.seat_side(st, seat) == side,
                  _("{seat} does not play the {side}").format(
                      seat=self.seat_name(st, seat), side=S.side_name(side)), where)

    # -------------------------------------------------------------- names
    def card_name(self, state: TableState, card_id: int) -> str:
        """A piece's name in the reader's language."""
        return piece_label(state.cards[card_id].code)

    @staticmethod
    def region_name(region: str) -> str:
        """A region's name."""
        return _(regions()[region].name)

    # -------------------------------------------------------------- slot
    @staticmethod
    def put(tx: Tx, path: tuple, value: Any) -> None:
        """Set a value in the ``wotr`` slot."""
        tx.slot((S.SLOT,) + tuple(path), value)

    # -------------------------------------------------------------- dice
    @staticmethod
    def pool(st: TableState, side: str) -> list[dict]:
        """A side's action dice this turn (copies)."""
        return [dict(d) for d in S.get(st, "dice", side, default=[])]

    def set_die(self, st: TableState, tx: Tx, side: str, i: int, **fields) -> None:
        """Change fields of one die (the pool is written back whole: slot paths
        name map keys, not list positions)."""
        pool = self.pool(st, side)
        pool[i].update(fields)
        self.put(tx, ("dice", side), pool)

    @staticmethod
    def unused(st: TableState, side: str) -> list[int]:
        """Indices of a side's rolled dice not used yet (an Eye is not an action)."""
        return [i for i, d in enumerate(S.get(st, "dice", side, default=[]))
                if d.get("face") not in ("", None, "eye") and not d.get("used")]

    def die_ok(self, st: TableState, side: str, i: int, kind: str) -> bool:
        """Does die ``i`` of ``side`` allow an action of ``kind``?"""
        dice = S.get(st, "dice", side, default=[])
        if not 0 <= i < len(dice) or dice[i].get("used") or not dice[i].get("face"):
            return False
        face = dice[i]["face"]
        return face in FACES_FOR[kind] or (face == "will_of_the_west" and kind != "eye")

    def spend(self, st: TableState, tx: Tx, side: str, i: int, kind: str,
              what: str = "", more: int = 0) -> None:
        """Use die ``i`` for an action of ``kind``.  Enforced: in the action
        phase, by the side whose turn it is, with a fitting result.  ``more``:
        how many further steps of the same action the die still allows (an
        Army die moves two armies; a Muster die recruits two Regulars)."""
        if i < 0:
            self.need(S.get(st, "phase") != "actions",
                      _("That action takes an unused action die showing {faces}").format(
                          faces=self.faces_words(kind)), base("actions"))
            return
        dice = S.get(st, "dice", side, default=[])
        self.must(0 <= i < len(dice), _("There is no such action die."))
        die = dice[i]
        if die.get("used") and die.get("left", 0) > 0 and die.get("action") == (what or kind) \
                and S.get(st, "last") == side:
            self.set_die(st, tx, side, i, left=die["left"] - 1)
            return
        self.need(S.get(st, "phase") == "actions",
                  _("Action dice are used in the action resolution phase"), base("actions"))
        self.need(S.get(st, "acting") == side,
                  _("It is the {side}' turn to act").format(
                      side=S.side_name(S.get(st, "acting"))), base("actions"))
        self.need(self.die_ok(st, side, i, kind), _("That die's result does not allow this "
                                                    "action"), base("dice"))
        self.mark_used(st, tx, side, i, what or kind, more)

    @staticmethod
    def faces_words(kind: str) -> str:
        """The die results that allow an action of ``kind``, in words."""
        words = [face_word(f) for f in FACES_FOR.get(kind, ())]
        if kind in FACES_FOR:
            words.append(face_word("will_of_the_west"))
        return _(" or ").join(words)

    def mark_used(self, st: TableState, tx: Tx, side: str, i: int, action: str,
                  more: int = 0) -> None:
        """Mark a die used and give the turn to the other side (if it has dice)."""
        self.set_die(st, tx, side, i, used=True, action=action, **({"left": more} if more else {}))
        other = SHADOW if side == FP else FP
        self.put(tx, ("acting",), other if self.unused(st, other) else side)
        self.put(tx, ("last",), side)

    @staticmethod
    def roll_die(kind: str, rng) -> str:
        """Roll one die of a type; its face symbol."""
        return face_id(kind, roll(kind, rng))

    @staticmethod
    def roll_d6(n: int, rng) -> list[int]:
        """Roll ``n`` six-sided dice."""
        return [roll("d6", rng) + 1 for _i in range(max(0, n))]


def piece_label(code: str) -> str:
    """A piece's name, translated (composed names go through templates)."""
    d = catalogue().get(code)
    if d is None:
        return code
    if d.kind in ("regular", "elite", "leader") and d.nation:
        nation = _(NATION_NAMES[d.nation])
        return {"regular": _("{nation} Regular"), "elite": _("{nation} Elite"),
                "leader": _("{nation} Leader")}[d.kind].format(nation=nation)
    if d.kind == "hunt" and not d.special:
        if d.eye:
            return _("Hunt tile: Eye")
        word = _("Hunt tile {n} (Reveal)") if d.reveal else _("Hunt tile {n}")
        return word.format(n=d.value)
    if d.kind == "hunt" and d.king:
        return _("Kings hunt tile {n}").format(n=d.value)
    if d.kind == "event" and not code.endswith("k"):
        return _event_label(d.side, ".char." in code).format(n=d.number)
    if d.kind == "rulercard" and code.startswith("card.sov"):
        word = _("{name} (Corrupted)") if code.startswith("card.sovc.") else _("{name} (Awakened)")
        return word.format(name=_(d.name.rsplit(" (", 1)[0]))
    if d.kind == "token" and code.startswith("ruler."):
        return _("Ruler token: {name}").format(name=_(d.name.split(": ", 1)[1]))
    return _(d.name)


def _event_label(side: str, character: bool) -> str:
    if side == FP:
        return _("Free Peoples Character event {n}") if character else _(
            "Free Peoples Strategy event {n}")
    return _("Shadow Character event {n}") if character else _("Shadow Strategy event {n}")


def face_word(face: str) -> str:
    """A die result in words."""
    return {"character": _("Character"), "army": _("Army"), "muster": _("Muster"),
            "army_muster": _("Army/Muster"), "event": _("Event"),
            "will_of_the_west": _("Will of the West"), "eye": _("Eye"), "": _("not rolled")
            }.get(face, face)
