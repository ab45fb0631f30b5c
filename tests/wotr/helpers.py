"""Helpers for War of the Ring scenario tests: set up a position, then act."""
from __future__ import annotations

from tabletop.games.wotr.play import new_game
import tabletop.games.wotr.state as S

FP, SHADOW = "fp", "shadow"


def session(players: int = 2, kings: bool = True, rules: str = "enforce", seed: int = 3):
    """A new game, turn 1 begun (cards drawn, dice recovered)."""
    return new_game(players=players, seed=seed, rules=rules, kings=kings)


def position(s, phase: str = "actions", acting: str = FP, fp=(), shadow=(), eyes: int = 0,
             **politics) -> None:
    """Put the game in a position: the phase, whose action it is, rolled dice
    (faces; a face ending in '*' is the Ruler die), Eyes in the Hunt box, and
    political markers given as nation=(step, active).  A test's starting
    position, written straight into the slot (not an action); the engine asks
    its question again from the position (as for a save without its question)."""
    slot = s.state.slots[S.SLOT]
    slot.pop("choice", None)
    slot["phase"] = phase
    slot["acting"] = acting
    for side, faces in ((FP, fp), (SHADOW, shadow)):
        plain = "wotr_free_peoples" if side == FP else "wotr_shadow"
        ruler = "kome_ruler_fp" if side == FP else "kome_ruler_shadow"
        slot["dice"][side] = [{"kind": ruler if f.endswith("*") else plain,
                               "face": f.rstrip("*"), "used": False} for f in faces]
    slot["hunt_box"]["eyes"] = eyes
    for nation, (step, active) in politics.items():
        slot["politics"][nation] = {"step": step, "active": active}


def piece(s, code: str) -> int:
    """The id of the one piece with a code."""
    return S.find_anywhere(s.state, code)


def place(s, code: str, zone: str) -> int:
    """Move the first piece of a code to a zone (position setup, not an action)."""
    st = s.state
    cid = next(c.id for c in st.cards.values() if c.code == code)
    st.zones[st.cards[cid].zone].cards.remove(cid)
    st.zones[zone].cards.append(cid)
    st.cards[cid].zone = zone
    return cid


def place_id(s, cid, zone):
    """Move a piece by id to a zone (position setup, not an action)."""
    st = s.state
    st.zones[st.cards[cid].zone].cards.remove(cid)
    st.zones[zone].cards.append(cid)
    st.cards[cid].zone = zone


def ok(s, cmd):
    """Submit and insist it is accepted."""
    r = s.submit(cmd)
    assert r.ok, r.reason
    return r.entry


def refused(s, cmd) -> str:
    """Submit and insist it is refused; the reason."""
    before = s.state.to_data()
    r = s.submit(cmd)
    assert not r.ok, f"{cmd} was accepted"
    assert s.state.to_data() == before
    return r.reason


def attack(s, cmd):
    """Submit an attack; when its player is asked which units attack, all of them do.
    The entry of the battle's beginning."""
    import tabletop.games.wotr.commands as C
    entry = ok(s, cmd)
    choice = S.get(s.state, "choice") or {}
    if (S.get(s.state, "stack") or [{}])[-1].get("op") == "rearguard" and choice:
        entry = ok(s, C.Choose(choice["seat"], tuple(choice["options"])))
    return entry
