"""Colours the whole window shares: the felt, the mats, ink, gold and the HUD."""
from __future__ import annotations

FELT = (28, 58, 44)
FELT_DARK = (20, 44, 33)
MAT = (36, 72, 55)
MAT_EDGE = (70, 110, 88)
SHARED_MAT = (52, 60, 48)
INK = (235, 228, 205)
GOLD = (222, 186, 92)
SELECT = (255, 214, 90)
HOVER = (255, 255, 255)
HUD_BG = (18, 16, 14)
