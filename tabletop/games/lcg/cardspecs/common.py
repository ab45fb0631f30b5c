"""Small pieces shared by the card declarations: conditions and instruction makers.

Conditions have the signature ``fn(table, src, info, seat) -> bool``; the
instruction makers return plain instructions of ``engine.vocab``.
"""
from __future__ import annotations

from tabletop.games.lcg.engine.table import CHARACTER_TYPES, Table


def named_in_play(t: Table, name: str) -> list[int]:
    """Cards of that name in play (staging area, engaged, active; not shadow cards)."""
    st = t.state
    out = []
    for c in t.table_cards():
        card = st.cards[c]
        if card.face_up and t.cdef(c).name == name and t.area(c) != "quest":
            out.append(c)
    return out


def is_current_quest(t: Table, src: int, info=None, seat=None) -> bool:
    """Is ``src`` the current quest stage?"""
    return t.quest_card() == src and t.state.cards[src].side == "B"


def in_deck_named(t: Table, zone: str, name: str) -> int | None:
    """The topmost card of that name in a pile."""
    st = t.state
    for cid in reversed(st.zones[zone].cards):
        if t.cdef(cid).name == name:
            return cid
    return None


def characters_of(t: Table, seat: int) -> list[int]:
    """A seat's characters in play."""
    return [c for c in t.characters(seat) if t.ctype(c) in CHARACTER_TYPES]


def enemies_in_play(t: Table) -> list[int]:
    """Enemies in the staging area or engaged with a player."""
    return [c for c in t.table_cards() if t.state.cards[c].face_up and t.ctype(c) == "enemy"
            and t.area(c) in {"staging"} | {f"p{s + 1}.{k}" for s in range(t.nseats)
                                            for k in ("engaged", "play")}]


def say(text: str) -> dict:
    """A log line."""
    return {"op": "say", "text": text}
