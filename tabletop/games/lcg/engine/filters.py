"""Filters: which cards an effect may pick, as plain data evaluated against the table.

A filter is a plain map (it waits on the stack and in saves with the
instruction that holds it):

    {"type": ["hero", "ally"], "controller": "you", "ready": True}
    {"type": "enemy", "engaged_with": "you"}
    {"type": "location", "area": "staging"}
    {"trait": "Dwarf", "type": "hero"}
    {"zone": "discard", "of": "any", "type": "ally"}        # cards in discard piles
    {"pred": "spirit_character"}                              # a named predicate

``FILTER_KEYS`` lists what a filter may say; predicates too odd for the
filter language are named functions in the card registry
(``CardRegistry.predicate``).  Read-only.
"""
from __future__ import annotations

from typing import Any

from tabletop.games.lcg.engine.allowed import unique_in_play
from tabletop.games.lcg.engine.table import CHARACTER_TYPES, Table

# every key a filter may hold, and what it says
FILTER_KEYS = {
    "type": "card types (\"character\": hero or ally)", "trait": "one of these traits",
    "sphere": "printed sphere", "name": "printed name", "controller": "\"you\", \"other\" or a seat",
    "owner": "\"you\"", "engaged_with": "\"you\", \"any\" or a seat",
    "area": "areas (\"engaged\", \"play\", \"in_play\" or a mat id)", "ready": "bool",
    "exhausted": "bool", "damaged": "bool", "not": "card ids left out", "committed": "bool",
    "unique": "bool", "max_cost": "printed cost at most", "keyword": "a keyword",
    "pred": "a named predicate", "args": "the predicate's argument",
    "zone": "piles instead of the table (\"hand\", \"discard\", \"deck\", a zone id)",
    "of": "whose piles: \"you\" or \"any\"", "prisoner": "bool: the prisoner may be picked",
    "title_free": "bool: a unique card only while no card of its title is in play (it could "
                  "enter play)",
}


def _listify(v: Any) -> list[Any] | tuple[Any, ...] | set[Any]:
    return v if isinstance(v, (list, tuple, set)) else [v]


def matches(t: Table, cid: int, f: dict[str, Any], seat: int | None) -> bool:
    """Does a card fit a filter (see the module docstring)?"""
    st = t.state
    card = st.cards.get(cid)
    if card is None:
        return False
    kind = t.ctype(cid)
    if "type" in f:
        types = set(_listify(f["type"]))
        if "character" in types:
            types |= CHARACTER_TYPES
        if kind not in types:
            return False
    if t.is_prisoner(cid) and not f.get("prisoner"):
        return False
    if "trait" in f and not set(_listify(f["trait"])) & set(t.traits(cid)):
        return False
    if "sphere" in f and t.cdef(cid).sphere not in _listify(f["sphere"]):
        return False
    if "name" in f and t.cdef(cid).name not in _listify(f["name"]):
        return False
    if "controller" in f:
        c = t.controller(cid)
        want = f["controller"]
        if want == "you" and c != seat or want == "other" and (c is None or c == seat):
            return False
        if isinstance(want, int) and c != want:
            return False
    if "owner" in f and f["owner"] == "you" and card.owner != seat:
        return False
    if "engaged_with" in f:
        e = t.engaged_with(cid)
        want = f["engaged_with"]
        if want == "you" and e != seat or want == "any" and e is None:
            return False
        if isinstance(want, int) and e != want:
            return False
    if "area" in f and t.area(cid) not in _area_names(f["area"], t, seat):
        return False
    if "ready" in f and (card.exhausted == f["ready"]):
        return False
    if "exhausted" in f and card.exhausted != f["exhausted"]:
        return False
    if "damaged" in f and (t.damage(cid) > 0) != f["damaged"]:
        return False
    if "not" in f and cid in _listify(f["not"]):
        return False
    if "committed" in f and (cid in t.engine.get("committed", ())) != f["committed"]:
        return False
    if "unique" in f and bool(t.cdef(cid).unique) != f["unique"]:
        return False
    if "max_cost" in f:
        cost = t.cdef(cid).cost
        if not isinstance(cost, int) or cost > f["max_cost"]:
            return False
    if "keyword" in f and not t.has_keyword(cid, f["keyword"]):
        return False
    if f.get("title_free") and unique_in_play(t, cid):
        return False
    if "pred" in f:
        fn = t.registry.predicates[f["pred"]]
        if not fn(t, cid, seat, f.get("args")):
            return False
    return True


def _area_names(area: Any, t: Table, seat: int | None) -> set[str]:
    names: set[str] = set()
    for a in _listify(area):
        if a == "engaged":
            names |= {f"p{s + 1}.engaged" for s in range(t.nseats)}
            names |= {f"p{s + 1}.play" for s in range(t.nseats)}
        elif a == "play":
            names |= {f"p{s + 1}.play" for s in range(t.nseats)}
        elif a == "in_play":
            names |= {"staging", "active", "quest"}
            names |= {f"p{s + 1}.{k}" for s in range(t.nseats) for k in ("play", "engaged")}
        else:
            names.add(a)
    return names


def candidates(t: Table, f: dict[str, Any], seat: int | None) -> list[int]:
    """Every card fitting a filter: on the table (in play), or in the piles the
    filter names with ``zone`` ("hand", "discard", "deck", "encounter.deck",
    "encounter.discard", "victory", "aside") and ``of`` ("you"/"any")."""
    st = t.state
    zone = f.get("zone")
    if zone is None:
        pool: list[int] = [c for c in st.table.cards if st.cards[c].attach_kind != "shadow"
                and (st.cards[c].face_up or t.face_down_enemy(c) is not None)]   # Orc Guards
        if "area" not in f:
            inplay = _area_names("in_play", t, seat)
            pool = [c for c in pool if t.area(c) in inplay]
    else:
        pool = []
        for z in _listify(zone):
            if z in st.zones:
                pool.extend(st.zones[z].cards)
                continue
            who = range(t.nseats) if f.get("of") == "any" else ([seat] if seat is not None else [])
            for s in who:
                zid = st.seat_zone(s, z)
                if zid in st.zones:
                    pool.extend(st.zones[zid].cards)
    return [c for c in pool if matches(t, c, f, seat)]


# ------------------------------------------------------------ by name
def named_in_play(t: Table, name: str) -> list[int]:
    """Cards of that name in play (staging area, engaged, active; not shadow cards)."""
    st = t.state
    out = []
    for c in t.table_cards():
        card = st.cards[c]
        if card.face_up and t.cdef(c).name == name and t.area(c) != "quest":
            out.append(c)
    return out


def in_deck_named(t: Table, zone: str, name: str) -> int | None:
    """The topmost card of that name in a pile."""
    st = t.state
    for cid in reversed(st.zones[zone].cards):
        if t.cdef(cid).name == name:
            return cid
    return None


def enemies_in_play(t: Table) -> list[int]:
    """Enemies in the staging area or engaged with a player."""
    return [c for c in t.table_cards() if t.state.cards[c].face_up and t.ctype(c) == "enemy"
            and t.area(c) in {"staging"} | {f"p{s + 1}.{k}" for s in range(t.nseats)
                                            for k in ("engaged", "play")}]


def attachments_in_discard(t: Table, seat: int) -> list[int]:
    """Attachments in a player's discard pile (the topmost last)."""
    st = t.state
    return [c for c in st.zones[st.seat_zone(seat, "discard")].cards if t.ctype(c) == "attachment"]
