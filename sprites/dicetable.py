"""Dice on the table: the throw simulation, its playback, and drawing.

A throw is simulated to rest with pymunk *before* the roll is submitted, so
the command carries where each die came to rest and the log stays the single
source of truth.  The faces are decided by the engine (the session's seeded
random generator); the recorded trajectory is then played back, the faces
flickering while the dice tumble and landing on the engine's result.
"""
from __future__ import annotations

import math
import random

import pygame

from tabletop.core.dice import die_types
from tabletop.core.model import TableState

from .camera import Camera
from .dicefaces import render_die, shown_face
from .physics import DiceWorld
from .lru import LRU

DIE_SIZE = 40          # table units
FRAME = 1 / 60
MAX_TIME = 4.0


def simulate_throw(bounds: tuple[float, float, float, float], state: TableState,
                   throws: dict[int, tuple[float, float, float]],
                   starts: dict[int, tuple[float, float]] | None = None):
    """Throw dice ``{die_id: (vx, vy, spin)}`` among the others on the table,
    from ``starts`` (where the pointer let them go) or where they lie, within
    ``bounds`` (left, top, right, bottom: the game view's ``table_bounds()``).

    Returns (rest positions {id: (x, y, angle)}, trajectory frames: a list of
    {id: (x, y, angle, tumble)} at 60 Hz).
    """
    left, top, right, bottom = bounds
    world = DiceWorld(right - left, bottom - top, origin=(left, top))
    starts = starts or {}
    for d in state.dice.values():
        x, y = starts.get(d.id, (d.x, d.y))
        world.add_die(d.id, x, y, DIE_SIZE)
        world.place(d.id, x, y, d.angle)
    for did, (vx, vy, spin) in throws.items():
        world.throw(did, vx, vy, spin)
    return world.run_until_settled(list(throws), FRAME, MAX_TIME)


def roll_in_place_velocity(die_id: int, seq: int) -> tuple[float, float, float]:
    """A small cosmetic toss for "roll where it lies" (R): it never decides the face."""
    r = random.Random(f"toss:{die_id}:{seq}")
    a = r.uniform(0, 2 * math.pi)
    speed = r.uniform(260, 420)
    return (math.cos(a) * speed, math.sin(a) * speed, r.uniform(-900, 900))


class DiceLayer:
    """Draws the dice on the table and plays a throw's tumble back."""

    def __init__(self):
        self.cache = LRU(600)
        self.anim: dict | None = None        # {"frames": [...], "t": 0.0}

    def start(self, frames) -> None:
        """Play a simulated throw back (frames at 60 Hz)."""
        self.anim = {"frames": frames, "t": 0.0}

    def update(self, dt: float) -> None:
        """Advance the playback."""
        if self.anim is not None:
            self.anim["t"] += dt
            if self.anim["t"] >= len(self.anim["frames"]) * FRAME:
                self.anim = None

    @property
    def animating(self) -> bool:
        """Is a throw being played back?"""
        return self.anim is not None

    def _surface(self, kind: str, face: int, px: int, angle: float) -> pygame.Surface:
        a = int(round(angle / 6.0)) * 6 % 360
        def make():
            base = render_die(die_types()[kind], face, px)
            return pygame.transform.rotate(base, -a) if a else base
        return self.cache.get_or((kind, face, px, a), make)

    def screen_rect(self, camera: Camera, x: float, y: float) -> pygame.Rect:
        """A die's square on screen."""
        px = max(8, int(DIE_SIZE * camera.zoom))
        sx, sy = camera.to_screen(x, y)
        return pygame.Rect(sx - px // 2, sy - px // 2, px, px)

    def draw(self, screen: pygame.Surface, camera: Camera, state: TableState, skip=(),
             offset=(0.0, 0.0), only=None, clock: float = 0.0) -> None:
        """Draw the dice (``only`` some, shifted by ``offset``; none of ``skip``)."""
        px = max(8, int(DIE_SIZE * camera.zoom))
        frame = None
        if self.anim is not None:
            i = min(len(self.anim["frames"]) - 1, int(self.anim["t"] / FRAME))
            frame = self.anim["frames"][i]
        for d in state.dice.values():
            if (only is not None and d.id not in only) or d.id in skip:
                continue
            x, y, angle, face = d.x, d.y, d.angle, d.face
            if only is not None:
                x, y = x + offset[0], y + offset[1]
            if frame is not None and d.id in frame:
                x, y, angle, tumble = frame[d.id]
                face = shown_face(d.face, die_types()[d.kind].n_faces, tumble, clock, d.id)
            surf = self._surface(d.kind, face, px, angle)
            sx, sy = camera.to_screen(x, y)
            shadow = self.cache.get_or(("shadow", surf.get_size()), lambda: _shadow(surf.get_size()))
            screen.blit(shadow, shadow.get_rect(center=(sx + 3, sy + 4)))
            screen.blit(surf, surf.get_rect(center=(sx, sy)))

    def pick(self, camera: Camera, state: TableState, sx: int, sy: int) -> int | None:
        """The die under a screen point (the top one)."""
        for d in reversed(list(state.dice.values())):
            if self.screen_rect(camera, d.x, d.y).collidepoint(sx, sy):
                return d.id
        return None


def _shadow(size) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(s, (0, 0, 0, 80), s.get_rect().inflate(-size[0] // 5, -size[1] // 5),
                     border_radius=size[0] // 5)
    return s


TRAY_ORDER = ("d6", "wotr_free_peoples", "wotr_shadow", "kome_ruler_fp", "kome_ruler_shadow",
              "coc_middle_earth", "coc_gondor", "coc_elves", "coc_rohan", "coc_mordor",
              "coc_southrons_easterlings", "coc_isengard")


def tray_kinds() -> list[str]:
    """The die kinds of the tray, in tray order."""
    known = die_types()
    return [k for k in TRAY_ORDER if k in known] + [k for k in known if k not in TRAY_ORDER]
