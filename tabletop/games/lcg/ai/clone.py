"""A copy of a card game as one seat may imagine it: the hidden cards dealt anew.

``determinize(session, seat, rng)`` copies the game (``tabletop.core.search``),
gives the copy a new seed (the future's shuffles and random picks are new ones)
and redeals every card ``seat`` cannot see among the places it might be:

- the encounter deck and the face-down shadow cards are one pool (encounter cards);
- each player's deck, and the hands of the other players, are that player's pool
  (a card never changes owner); the deciding seat's own hand stays as it is.

Heroes are never redealt (a face-down prisoner is known to be who it is), nor
cards the engine names in its own data (an Orc Guard's card, a deck attachment).
A redeal swaps the cards' identities (their codes), so every place and position
stays as the table has it.
"""
from __future__ import annotations

import random

from tabletop.core.model import TABLE
from tabletop.core.search import clone_session, clone_state, reseed
from tabletop.core.session import Session
from tabletop.core.view import can_see
from tabletop.games.lcg.cards import core_set
from tabletop.games.lcg.engine import state as S


def hidden_pools(state, seat: int | None) -> list[list[int]]:
    """The groups of cards ``seat`` cannot tell apart, each to be redealt among itself."""
    db = core_set().by_code
    E = S.stored(state)
    flags = E.get("flags") or {}
    named = {int(k) for k in (flags.get("face_down_enemies") or {})}
    named |= {int(k) for k in (flags.get("deck_attachments") or {})}
    named |= set(E.get("prisoners") or ())
    pools: dict[tuple, list[int]] = {}
    for cid, card in state.cards.items():
        if cid in named or can_see(state, seat, cid):
            continue
        if card.zone == TABLE:
            if card.attach_kind != "shadow":
                continue
        else:
            kind = state.zones[card.zone].kind
            if kind not in ("deck", "hand"):
                continue
        cdef = db.get(card.code)
        if cdef is None or cdef.type in ("hero", "quest"):
            continue
        key = ("encounter",) if card.origin == "encounter" else (card.origin, card.owner)
        pools.setdefault(key, []).append(cid)
    return [sorted(p) for p in pools.values() if len(p) > 1]


def redeal(state, seat: int | None, rng: random.Random) -> None:
    """Shuffle the identities of the cards ``seat`` cannot see within their pools."""
    for pool in hidden_pools(state, seat):
        codes = [state.cards[c].code for c in pool]
        rng.shuffle(codes)
        for cid, code in zip(pool, codes):
            state.cards[cid].code = code


def determinize(session: Session, seat: int | None, rng: random.Random) -> Session:
    """A copy of the game with a new seed and the cards ``seat`` cannot see redealt."""
    state = clone_state(session.state)
    reseed(state, rng.getrandbits(31))
    redeal(state, seat, rng)
    return clone_session(session, state)


def plain_copy(session: Session, rng: random.Random | None = None) -> Session:
    """A copy of the game (with a new seed when ``rng`` is given), nothing redealt."""
    state = clone_state(session.state)
    if rng is not None:
        reseed(state, rng.getrandbits(31))
    return clone_session(session, state)
