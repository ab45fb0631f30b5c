"""Rows the window keeps tidy while the rules engine runs the table.

The model keeps each card where it was put: a location travelled to leaves a
gap in the staging area, an enemy destroyed leaves one among the engaged
enemies, and a shadow card is tucked under its enemy, hanging below it out of
the engagement area over the heroes' mat.  While the engine runs the game (the
players do not place cards by hand), the window draws these rows packed from
the left in the order they lie, each enemy's shadow cards beside it, inside
its mat.  Only the drawing moves: the model, the log and the saves keep the
cards where they are (``TableView.rebuild(..., places)``).
"""
from __future__ import annotations

from tabletop.core.model import CARD_H, CARD_W, TableState

STEP = CARD_W + 12              # one card's slot in a row (as the engine lays them out)
SHADOW_DX = CARD_W * 0.96       # a shadow card beside its enemy, just under its edge
SHADOW_DY = CARD_H * 0.05       # ... a little lower, as if tucked under it
ROWS = ("staging",)             # and every seat's "pN.engaged"


def _tidy(region_id: str) -> bool:
    return region_id in ROWS or region_id.endswith(".engaged")


def places(state: TableState) -> dict[int, tuple[float, float]]:
    """card id -> where it is drawn, for the cards of the tidy rows (the staging area
    and the engagement areas); every other card is drawn where the model has it."""
    out: dict[int, tuple[float, float]] = {}
    cards = state.cards
    roots = [c for c in state.table.cards if cards[c].attached_to is None]
    for region in state.regions:
        if not _tidy(region.id):
            continue
        inside = [c for c in roots
                  if region.x <= cards[c].x <= region.x + region.w
                  and region.y <= cards[c].y <= region.y + region.h]
        if not inside:
            continue
        inside.sort(key=lambda c: (cards[c].x, c))
        shadows = {c: [k for k in state.attachments(c) if cards[k].attach_kind == "shadow"]
                   for c in inside}
        widths = [(CARD_H if cards[c].exhausted else CARD_W) + 12 + len(shadows[c]) * SHADOW_DX
                  for c in inside]
        room = region.w - 12
        squeeze = min(1.0, room / sum(widths)) if widths else 1.0
        y = region.y + region.h - CARD_H / 2 - 4
        x = region.x + 6
        for c, w in zip(inside, widths):
            own = (CARD_H if cards[c].exhausted else CARD_W)
            cx = x + (own / 2 + 6) * squeeze
            out[c] = (cx, y)
            for i, k in enumerate(shadows[c], 1):
                out[k] = (cx + SHADOW_DX * i * squeeze, y + SHADOW_DY)
            x += w * squeeze
    return out
