"""What every part of the War of the Ring rules shares: citations, names, die results.

Refusals name the rule they apply (``cite``): for the base game its section
(``base``), for the expansion the section and page of the Kings of
Middle-earth rulebook (``kome``).  Pieces, seats and regions are named here
for the log, in the reader's language.

Pure Python: no pygame.
"""
from __future__ import annotations

from collections.abc import Iterable

from tabletop.core.i18n import N_, _
from tabletop.core.model import TABLE, TableState
from tabletop.core.view import is_public
from tabletop.games.wotr.data import FP, NATION_NAMES, regions
from tabletop.games.wotr.pieces import catalogue


# The sections refusals cite (msgids; translated when a refusal is worded).
KOME_SECTIONS = {
    "dice": N_("Kings of Middle-earth, Ruler dice, p. 6"),
    "tiles": N_("Kings of Middle-earth, Kings hunt tiles, p. 6"),
    "combat": N_("Kings of Middle-earth, Special combat abilities of the Rulers, p. 7"),
    "sovereigns": N_("Kings of Middle-earth, Sovereigns in play, p. 8"),
    "fpdie": N_("Kings of Middle-earth, The Free Peoples Ruler die, p. 9"),
    "tokens": N_("Kings of Middle-earth, Ruler tokens, p. 10"),
    "awaken": N_("Kings of Middle-earth, How to awaken a Sovereign, p. 10"),
    "corrupt": N_("Kings of Middle-earth, How to corrupt a Sovereign, p. 11"),
    "cleanse": N_("Kings of Middle-earth, How to remove Corruption tokens, p. 13"),
    "remove": N_("Kings of Middle-earth, How to remove a Corrupted Sovereign from the game, p. 13"),
    "chieftains": N_("Kings of Middle-earth, Dark Chieftains in play, p. 14"),
    "nonflying": N_("Kings of Middle-earth, Non-flying Minions, p. 15"),
    "shdie": N_("Kings of Middle-earth, The Shadow Ruler die, p. 15"),
    "multi": N_("Kings of Middle-earth, Games with 3 and 4 players, p. 16"),
}
BASE_SECTIONS = {
    "dice": N_("War of the Ring, Action dice"),
    "actions": N_("War of the Ring, Action resolution"),
    "move": N_("War of the Ring, Army movement"),
    "stack": N_("War of the Ring, Stacking limit"),
    "recruit": N_("War of the Ring, Mustering"),
    "politics": N_("War of the Ring, The political track"),
    "hunt": N_("War of the Ring, The Hunt for the Ring"),
    "combat": N_("War of the Ring, Battles"),
    "cards": N_("War of the Ring, Event cards"),
    "turn": N_("War of the Ring, The game turn"),
    "fellowship": N_("War of the Ring, The Fellowship"),
    "rings": N_("War of the Ring, Elven rings"),
    "characters": N_("War of the Ring, Characters"),
}


def kome(key: str) -> str:
    """A section of the Kings of Middle-earth rulebook, as a refusal cites it."""
    return _(KOME_SECTIONS[key])


def base(key: str) -> str:
    """A section of the base game's rules, as a refusal cites it."""
    return _(BASE_SECTIONS[key])


# Which die results allow which kind of action (Will of the West: any but the Eye).
FACES_FOR = {
    "army": ("army", "army_muster"),
    "muster": ("muster", "army_muster"),
    "character": ("character",),
    "event": ("event",),
    "any": ("character", "army", "muster", "army_muster", "event"),
}


def cite(text: str, where: str) -> str:
    """A refusal: the sentence, then the rule it applies, in brackets."""
    return f"{text} ({where})."


def seat_name(st: TableState, seat: int) -> str:
    """A seat's name ("Seat 3" for a seat that does not exist)."""
    if 0 <= seat < len(st.seats):
        return st.seats[seat].name
    return _("Seat {n}").format(n=seat + 1)


def card_name(st: TableState, card_id: int) -> str:
    """A piece's name in the reader's language."""
    return piece_label(st.cards[card_id].code)


def public_name(st: TableState, card_id: int) -> str:
    """The piece's name if everyone may see it, otherwise "a card"."""
    if is_public(st, card_id):
        return card_name(st, card_id)
    return _("a face-down card") if st.cards[card_id].zone == TABLE else _("a card")


def names(st: TableState, ids: Iterable[int]) -> str:
    """Pieces named for the log (public names only), shortened past three."""
    out = [public_name(st, i) for i in ids]
    if len(out) > 3:
        return _("{first} and {n} more").format(first=", ".join(out[:2]), n=len(out) - 2)
    return ", ".join(out)


def region_name(region: str) -> str:
    """A region's name."""
    return _(regions()[region].name)


def faces_words(kind: str) -> str:
    """The die results that allow an action of ``kind``, in words."""
    words = [face_word(f) for f in FACES_FOR.get(kind, ())]
    if kind in FACES_FOR:
        words.append(face_word("will_of_the_west"))
    return _(" or ").join(words)


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
    if d.kind == "event":
        from tabletop.games.wotr.events import spec
        sp = spec(code)
        if sp is not None:
            return _(sp.name)
        return _event_label(d.side or FP, ".char." in code).format(n=d.number)
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
