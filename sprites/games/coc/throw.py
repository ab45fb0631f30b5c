"""Throwing the dice onto the Ring board: simulated to rest before the roll is submitted, so
the command carries where each die lies; the tumble is played back afterwards.  Where a die
stops never decides its face (the rules engine does, from the game's seeded randomness).
"""
from __future__ import annotations

import random

from sprites.physics import DiceWorld
from tabletop.games.coc.layout import DIE, ROLL_RECT

FRAME = 1 / 60
MAX_TIME = 4.0


def throw(die_ids: list[int], salt: str) -> tuple[dict, list]:
    """Throw ``die_ids`` across the rolling area; (rest {id: (x, y, angle)}, frames at 60 Hz
    {id: (x, y, angle, tumble)}).  ``salt`` only varies the look of the throw."""
    x0, y0, w, h = ROLL_RECT
    world = DiceWorld(w, h, origin=(x0, y0))
    rng = random.Random(f"throw:{salt}")
    n = max(1, len(die_ids))
    for i, did in enumerate(die_ids):
        y = y0 + h * (i + 0.5) / n
        world.add_die(did, x0 + DIE * 0.7, y, DIE)
        world.throw(did, rng.uniform(420, 720), rng.uniform(-160, 160), rng.uniform(-900, 900))
    return world.run_until_settled(die_ids, FRAME, MAX_TIME)
