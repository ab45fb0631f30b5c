"""Top-down dice physics for the table (pymunk).

The world is seen from above, so there is no gravity: dice slide across the
felt, bounce off each other and off the table edges, and slow down through
table friction (a constant deceleration) plus a little air drag (exponential
damping).  Physics only *shows* a roll: the face a die lands on is decided by
the rules engine (``tabletop.core.dice.roll``) before the throw.  The renderer uses
:meth:`DiceWorld.tumble` to flicker random faces while a die still moves and
draws the engine's face once :meth:`DiceWorld.is_settled` is true.

Units are table units (the table model's coordinates, y pointing down);
time is in seconds; angles given to and returned from this module are in
degrees, positive = the pymunk direction (clockwise on a y-down screen, so
pass ``-angle`` to ``pygame.transform.rotate``).

Bounded time: every die freezes at most ``max_tumble_s`` (3 s) after it was
last added, placed or thrown, whatever happens; a frozen die is an immovable
(kinematic) block until it is thrown again.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Hashable, Iterator

import pymunk

__all__ = ["DiceParams", "DiceWorld"]

_TUMBLING, _RESTING, _FROZEN = 0, 1, 2


@dataclass(frozen=True)
class DiceParams:
    """Tuning of the dice world.  Lengths in table units, times in seconds."""

    substep: float = 1.0 / 120.0        # fixed physics step
    max_substeps: int = 12              # per step() call (0.1 s); excess is dropped
    max_tumble_s: float = 3.0           # hard cap: freeze this long after a throw
    drag: float = 0.35                  # fraction of velocity kept after 1 s (space.damping)
    roll_decel: float = 900.0           # table friction, units/s^2
    spin_decel: float = 24.0            # table friction on spin, rad/s^2
    max_speed: float = 5000.0           # throws are clamped to this, units/s
    max_spin: float = 60.0              # rad/s (about 3400 deg/s)
    settle_speed: float = 6.0           # below this ...
    settle_spin: float = 0.2            # ... and this (rad/s) ...
    settle_hold_s: float = 0.08         # ... for this long, a die is settled
    wake_factor: float = 4.0            # a resting die hit harder than settle*this tumbles again
    tumble_speed_ref: float = 500.0     # speed at which tumble() reaches 1
    tumble_spin_ref: float = 12.0       # spin (rad/s) at which tumble() reaches 1
    die_mass: float = 1.0
    die_elasticity: float = 0.45
    die_friction: float = 0.35          # die against die (makes glancing hits spin)
    wall_elasticity: float = 0.55
    wall_friction: float = 0.3
    corner_radius: float = 0.12         # rounded corners, fraction of die size


class _Die:
    __slots__ = ("body", "shape", "size", "clock", "still", "state")

    def __init__(self, body: pymunk.Body, shape: pymunk.Poly, size: float):
        self.body = body
        self.shape = shape
        self.size = size
        self.clock = 0.0      # seconds since last add / place / throw
        self.still = 0.0      # seconds spent below the settle thresholds
        self.state = _RESTING


class DiceWorld:
    """A rectangular table of ``width`` x ``height`` table units with walls.

    The table spans ``origin`` to ``origin + (width, height)``; pass the table
    model's top-left corner as ``origin`` to work in its coordinates directly.
    """

    def __init__(self, width: float, height: float,
                 params: DiceParams | None = None,
                 origin: tuple[float, float] = (0.0, 0.0)):
        if width <= 0 or height <= 0:
            raise ValueError("table size must be positive")
        self.width = float(width)
        self.height = float(height)
        self.x0, self.y0 = float(origin[0]), float(origin[1])
        self.x1, self.y1 = self.x0 + self.width, self.y0 + self.height
        self.params = params or DiceParams()
        self.time = 0.0
        self._acc = 0.0
        self._dice: dict[Hashable, _Die] = {}
        space = pymunk.Space()
        space.gravity = (0.0, 0.0)
        space.damping = self.params.drag
        self.space = space
        self._add_walls()

    # -- setup ---------------------------------------------------------------

    def _add_walls(self) -> None:
        x0, y0, x1, y1, p = self.x0, self.y0, self.x1, self.y1, self.params
        t = max(self.width, self.height)   # thick walls: nothing fast tunnels through
        boxes = [
            [(x0 - t, y0 - t), (x1 + t, y0 - t), (x1 + t, y0), (x0 - t, y0)],   # top
            [(x0 - t, y1), (x1 + t, y1), (x1 + t, y1 + t), (x0 - t, y1 + t)],   # bottom
            [(x0 - t, y0), (x0, y0), (x0, y1), (x0 - t, y1)],                   # left
            [(x1, y0), (x1 + t, y0), (x1 + t, y1), (x1, y1)],                   # right
        ]
        for verts in boxes:
            wall = pymunk.Poly(self.space.static_body, verts)
            wall.elasticity = p.wall_elasticity
            wall.friction = p.wall_friction
            self.space.add(wall)

    def _get(self, die_id: Hashable) -> _Die:
        try:
            return self._dice[die_id]
        except KeyError:
            raise KeyError(f"no die {die_id!r} on the table") from None

    def _clamp_xy(self, x: float, y: float, size: float) -> tuple[float, float]:
        half = size / 2.0
        x = min(max(x, self.x0 + half), max(self.x0 + half, self.x1 - half))
        y = min(max(y, self.y0 + half), max(self.y0 + half, self.y1 - half))
        return x, y

    def add_die(self, die_id: Hashable, x: float, y: float,
                size: float = 40) -> None:
        """Put a die (at rest) on the table; the point is clamped inside."""
        if die_id in self._dice:
            raise ValueError(f"die {die_id!r} is already on the table")
        if size <= 0:
            raise ValueError("die size must be positive")
        p = self.params
        body = pymunk.Body()
        body.position = self._clamp_xy(x, y, size)
        r = min(p.corner_radius * size, size / 2.0 - 0.5)
        shape = pymunk.Poly.create_box(body, (size - 2 * r, size - 2 * r), radius=r)
        shape.mass = p.die_mass
        shape.elasticity = p.die_elasticity
        shape.friction = p.die_friction
        self.space.add(body, shape)
        self._dice[die_id] = _Die(body, shape, float(size))

    def remove_die(self, die_id: Hashable) -> None:
        """Take a die out of the world."""
        die = self._dice.pop(die_id, None)
        if die is not None:
            self.space.remove(die.shape, die.body)

    def clear(self) -> None:
        """Take every die out."""
        for die_id in list(self._dice):
            self.remove_die(die_id)

    def place(self, die_id: Hashable, x: float, y: float,
              angle_degrees: float = 0.0) -> None:
        """Move a die by hand (drag, load): it lands at rest at that spot."""
        die = self._get(die_id)
        self._thaw(die)
        die.body.position = self._clamp_xy(x, y, die.size)
        die.body.angle = math.radians(angle_degrees)
        die.body.velocity = (0.0, 0.0)
        die.body.angular_velocity = 0.0
        die.state = _RESTING
        self.space.reindex_shapes_for_body(die.body)

    def throw(self, die_id: Hashable, vx: float, vy: float,
              spin: float = 0.0) -> None:
        """Launch a die: velocity in units/s, spin in degrees/s.

        Restarts the die's clock: it settles within ``max_tumble_s``.
        """
        die = self._get(die_id)
        p = self.params
        self._thaw(die)
        speed = math.hypot(vx, vy)
        if speed > p.max_speed:
            k = p.max_speed / speed
            vx, vy = vx * k, vy * k
        w = max(-p.max_spin, min(p.max_spin, math.radians(spin)))
        die.body.velocity = (vx, vy)
        die.body.angular_velocity = w
        die.state = _TUMBLING
        die.still = 0.0

    def _thaw(self, die: _Die) -> None:
        die.clock = 0.0
        die.still = 0.0
        if die.state == _FROZEN:
            die.body.body_type = pymunk.Body.DYNAMIC   # mass comes back from the shape
        die.state = _RESTING

    def _freeze(self, die: _Die) -> None:
        die.body.velocity = (0.0, 0.0)
        die.body.angular_velocity = 0.0
        if die.state != _FROZEN:
            die.body.body_type = pymunk.Body.KINEMATIC
        die.state = _FROZEN

    def settle_now(self, die_id: Hashable | None = None) -> None:
        """Stop one die (or all) where it is, e.g. for reduced motion."""
        dice = [self._get(die_id)] if die_id is not None else self._dice.values()
        for die in dice:
            self._freeze(die)

    # -- simulation ----------------------------------------------------------

    def step(self, dt: float) -> int:
        """Advance by ``dt`` seconds in fixed sub-steps; returns sub-steps run."""
        p = self.params
        self._acc += max(0.0, dt)
        n = int(self._acc / p.substep + 1e-9)
        if n > p.max_substeps:
            n = p.max_substeps
            self._acc = 0.0        # far behind (a hitch): drop the rest
        else:
            self._acc -= n * p.substep
        for _ in range(n):
            self.space.step(p.substep)
            self.time += p.substep
            self._after_substep(p.substep)
        return n

    def _after_substep(self, h: float) -> None:
        p = self.params
        dv = p.roll_decel * h
        dw = p.spin_decel * h
        wake_speed = p.settle_speed * p.wake_factor
        wake_spin = p.settle_spin * p.wake_factor
        for die in self._dice.values():
            if die.state == _FROZEN:
                continue
            die.clock += h
            if die.clock >= p.max_tumble_s:
                self._freeze(die)
                continue
            body = die.body
            vx, vy = body.velocity
            w = body.angular_velocity
            speed = math.hypot(vx, vy)
            if die.state == _RESTING:
                if speed < wake_speed and abs(w) < wake_spin:
                    if speed or w:
                        body.velocity = (0.0, 0.0)
                        body.angular_velocity = 0.0
                    continue
                die.state = _TUMBLING          # knocked by another die
                die.still = 0.0
            vx, vy, speed, w = self._slow_down(vx, vy, speed, w, dv, dw)
            vx, vy = self._keep_on_table(die, vx, vy)
            body.velocity = (vx, vy)
            body.angular_velocity = w
            if speed < p.settle_speed and abs(w) < p.settle_spin:
                die.still += h
                if die.still >= p.settle_hold_s:
                    body.velocity = (0.0, 0.0)
                    body.angular_velocity = 0.0
                    die.state = _RESTING
            else:
                die.still = 0.0

    def _slow_down(self, vx: float, vy: float, speed: float, w: float, dv: float,
                   dw: float) -> tuple[float, float, float, float]:
        """Table friction: constant deceleration, never reversing direction; speed and
        spin capped.  Returns the new (vx, vy, speed, spin)."""
        p = self.params
        if speed > 0.0:
            new = speed - dv
            if new > p.max_speed:
                new = p.max_speed
            k = new / speed if new > 0.0 else 0.0
            vx, vy = vx * k, vy * k
            speed = new if new > 0.0 else 0.0
        if w > 0.0:
            w = min(max(w - dw, 0.0), p.max_spin)
        elif w < 0.0:
            w = max(min(w + dw, 0.0), -p.max_spin)
        return vx, vy, speed, w

    def _keep_on_table(self, die: _Die, vx: float, vy: float) -> tuple[float, float]:
        """Safety net: the walls should hold, but never leave the table.  A die found
        outside is put back and sent inwards; returns its velocity."""
        body = die.body
        x, y = body.position
        half = die.size / 2.0
        lo_x, hi_x = self.x0 + half, self.x1 - half
        lo_y, hi_y = self.y0 + half, self.y1 - half
        if x < lo_x or y < lo_y or x > hi_x or y > hi_y:
            body.position = self._clamp_xy(x, y, die.size)
            if x < lo_x:
                vx = abs(vx)
            elif x > hi_x:
                vx = -abs(vx)
            if y < lo_y:
                vy = abs(vy)
            elif y > hi_y:
                vy = -abs(vy)
        return vx, vy

    # -- queries -------------------------------------------------------------

    def __contains__(self, die_id: Hashable) -> bool:
        return die_id in self._dice

    def __len__(self) -> int:
        return len(self._dice)

    def dice_ids(self) -> Iterator[Hashable]:
        """The dice in the world."""
        return iter(list(self._dice))

    def position(self, die_id: Hashable) -> tuple[float, float, float]:
        """(x, y, angle in degrees 0..360) of a die's centre."""
        body = self._get(die_id).body
        x, y = body.position
        return x, y, math.degrees(body.angle) % 360.0

    def size(self, die_id: Hashable) -> float:
        """A die's size (table units)."""
        return self._get(die_id).size

    def is_settled(self, die_id: Hashable) -> bool:
        """Has the die come to rest?"""
        return self._get(die_id).state != _TUMBLING

    def all_settled(self) -> bool:
        """Have all the dice come to rest?"""
        return all(d.state != _TUMBLING for d in self._dice.values())

    def run_until_settled(self, die_ids, frame: float = 1 / 60, max_time: float = 4.0
                          ) -> tuple[dict, list[dict]]:
        """Step the world until ``die_ids`` have come to rest (or ``max_time`` has
        passed): their resting positions, and per frame ``{id: (x, y, angle, tumble)}``
        for the animation that replays the throw."""
        frames = []
        t = 0.0
        while t < max_time:
            self.step(frame)
            t += frame
            frames.append({did: (*self.position(did), self.tumble(did)) for did in die_ids})
            if all(self.is_settled(did) for did in die_ids):
                break
        return {did: self.position(did) for did in die_ids}, frames

    def tumble(self, die_id: Hashable) -> float:
        """How hard a die is still tumbling: 0 when settled, up to 1.

        The renderer flickers random faces while this is above 0 (faster for
        larger values) and shows the engine's face once it is 0.
        """
        die = self._get(die_id)
        if die.state != _TUMBLING:
            return 0.0
        p = self.params
        body = die.body
        t = max(body.velocity.length / p.tumble_speed_ref,
                abs(body.angular_velocity) / p.tumble_spin_ref)
        return min(1.0, max(1e-3, t))

    def time_left(self, die_id: Hashable) -> float:
        """Seconds until the hard cap freezes this die (0 when frozen)."""
        die = self._get(die_id)
        if die.state == _FROZEN:
            return 0.0
        return max(0.0, self.params.max_tumble_s - die.clock)
