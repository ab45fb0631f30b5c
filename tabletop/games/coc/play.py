"""Whole games without a window: how a game of Circle of Conflict ended, for the play harness.

``tabletop.core.play`` plays the games (``python3 main.py play coc --policy greedy``); the
policies are in ``policy``; ``summary`` reads the outcome, the winner, the rounds and the
scores from the table.
"""
from __future__ import annotations

from tabletop.core.session import Session
import tabletop.games.coc.slot as S


def summary(session: Session) -> dict:
    """``outcome`` ("win", "shared", or None while the game goes on), ``winner`` (a seat's
    name, None when shared), ``rounds``, and ``detail``: ``winners``, ``scores`` (name ->
    total) and ``end`` (what ended the game)."""
    st = session.state
    res = S.get(st, "result")
    if res is None:
        return {"outcome": None, "winner": None, "rounds": st.round, "detail": {}}
    names_of = [s.name for s in st.seats]
    winners = [names_of[s] for s in res["winners"]]
    return {"outcome": "win" if len(winners) == 1 else "shared",
            "winner": winners[0] if len(winners) == 1 else None, "rounds": st.round,
            "detail": {"winners": winners,
                       "scores": {names_of[i]: r["total"] for i, r in enumerate(res["scores"])},
                       "end": list(S.get(st, "end", default=[]))}}
