"""Names a player reads: halves, icons, steps, and the names in the board files.

Names from the board files (locations, characters, nations, units) are English and looked up
through gettext when shown, like the dice's face labels.
"""
from __future__ import annotations

from tabletop.core.i18n import _
from tabletop.core.model import TableState
from tabletop.games.coc.data import GameData

STEPS = ("roll", "gollum", "assign", "icons", "fp", "shadow", "battle", "over")


def _step_names() -> dict[str, str]:
    return {"roll": _("1. Roll the dice"), "gollum": _("2. Gollum / Sméagol"),
            "assign": _("3. Assign the dice"), "icons": _("4. Icons and secret actions"),
            "fp": _("5. Revealed Free Peoples actions"), "shadow": _("6. Revealed Shadow actions"),
            "battle": _("7. Battles"), "over": _("Game over")}


def _icon_names() -> dict[str, str]:
    return {"time": _("Time"), "boot": _("Boot"), "character": _("Character"), "army": _("Army"),
            "sword": _("Sword"), "horn": _("Horn"), "ring": _("Ring")}


def cap(text: str) -> str:
    """The text with its first letter in capitals (the rest unchanged)."""
    return text[:1].upper() + text[1:]


def step_name(step: str) -> str:
    """The round step as the rulebook numbers it."""
    return _step_names().get(step, step)


def half_name(half: str) -> str:
    """"Free Peoples" or "Shadow"."""
    return _("Free Peoples") if half == "fp" else _("Shadow")


def icon_name(icon: str) -> str:
    """An icon's name."""
    return _icon_names().get(icon, icon)


def icons_words(icons) -> str:
    """"Boot, Sword" (or "nothing")."""
    return ", ".join(icon_name(i) for i in icons) if icons else _("nothing")


def seat_name(state: TableState, seat: int) -> str:
    """A seat's name."""
    if 0 <= seat < len(state.seats):
        return state.seats[seat].name
    return _("Seat {n}").format(n=seat + 1)


def place(data: GameData, loc: str) -> str:
    """A location's name."""
    found = data.locations.get(loc)
    return _(found.name) if found else loc


def region(data: GameData, rid: str) -> str:
    """A region's name."""
    return _(data.regions[rid][0]) if rid in data.regions else rid


def character(data: GameData, cid: str) -> str:
    """A character's name."""
    for half in (data.fp, data.sh):
        if cid in half.characters:
            return _(half.characters[cid].name)
    return cid


def nation(data: GameData, nid: str) -> str:
    """A nation's name."""
    found = data.nations.get(nid)
    return _(found.name) if found else nid


def battle(data: GameData, bid: str, half: str | None = None) -> str:
    """"the battle of Gondor" for the Free Peoples, "of Mordor" for the Shadow; both names
    without a side."""
    b = data.battles[bid]
    if half is None:
        return _("the battle of {fp} and {sh}").format(fp=nation(data, b.fp), sh=nation(data, b.sh))
    return _("the battle of {nation}").format(nation=nation(data, b.fp if half == "fp" else b.sh))


def track(data: GameData, half: str, tid: str) -> str:
    """A track's name: its own, its character's or its nation's."""
    t = data.half(half).tracks[tid]
    if t.character:
        return character(data, t.character)
    if t.section == "call_to_arms":
        return _("{nation} call to arms").format(nation=nation(data, t.nation))
    if t.section == "recruitment":
        return _("{nation} {unit}").format(nation=nation(data, t.nation), unit=_(t.name))
    return _(t.name)
