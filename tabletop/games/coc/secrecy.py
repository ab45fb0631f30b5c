"""What a seat may see of the game's slot: its own secret board, and everything public.

Every secret of a seat (its player board's marks and pools, its Fellowship, its pencil notes,
an unrevealed Gollum/Smeagol choice, the dice it assigned, the characters it picked for a
battle) lives under ``secret["pN"]``; the redactor keeps only the viewing seat's entry.  The
public (``seat=None``: the log, a spectator, an opponent in hot-seat) sees no secret at all.
"""
from __future__ import annotations

import tabletop.games.coc.slot as S


def redact(value: dict, seat: int | None) -> dict:
    """The slot as ``seat`` may know it."""
    if not isinstance(value, dict):
        return value
    out = dict(value)
    secret = value.get("secret")
    if isinstance(secret, dict):
        own = S.pkey(seat) if seat is not None else None
        out["secret"] = {k: v for k, v in secret.items() if k == own}
    return out
