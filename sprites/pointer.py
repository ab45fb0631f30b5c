"""Pointer gestures the window's parts share: a press that may become a drag, and
telling a double click from two clicks."""
from __future__ import annotations

from dataclasses import dataclass, field

DOUBLE_CLICK = 0.35     # seconds between the clicks of a double click
DRAG_START = 5          # pixels the pointer moves before a press becomes a drag
FLICK_WINDOW = 0.12     # seconds of pointer movement that make a release's velocity


@dataclass
class Drag:
    """A mouse press that may become a drag: what was pressed (``kind``, ``ids``,
    ``zone``, ``token``), where, and where the pointer is now."""
    kind: str                      # e.g. "cards", "pile", "hand", "die", "pan", "band"
    start: tuple[int, int]
    ids: tuple[int, ...] = ()
    zone: str = ""
    token: str = ""
    active: bool = False           # the pointer moved DRAG_START pixels: a drag, not a click
    pos: tuple[int, int] = (0, 0)
    grab: tuple[float, float] = (0.0, 0.0)   # pointer offset from the piece's centre, table units
    anchor: int | None = None                # the piece the pointer holds
    extra: dict = field(default_factory=dict)

    def follow(self, pos: tuple[int, int], now: float) -> tuple[int, int] | None:
        """Follow the pointer: None while this is still a press, else how far it moved."""
        if not self.active and (abs(pos[0] - self.start[0]) + abs(pos[1] - self.start[1])) >= DRAG_START:
            self.active = True
        if not self.active:
            return None
        moved = (pos[0] - self.pos[0], pos[1] - self.pos[1])
        self.pos = pos
        samples = self.extra.setdefault("samples", [])
        samples.append((now, pos))
        del samples[:-8]
        return moved

    def velocity(self, now: float, zoom: float) -> tuple[float, float]:
        """Release velocity in table units per second, from the last pointer samples."""
        samples = [s for s in self.extra.get("samples", []) if now - s[0] <= FLICK_WINDOW]
        if len(samples) < 2 or samples[-1][0] - samples[0][0] <= 0:
            return (0.0, 0.0)
        (t0, p0), (t1, p1) = samples[0], samples[-1]
        dt = t1 - t0
        return ((p1[0] - p0[0]) / dt / zoom, (p1[1] - p0[1]) / dt / zoom)


class Clicks:
    """Tells a double click (the same thing clicked twice within DOUBLE_CLICK seconds)."""

    def __init__(self):
        self.last: tuple[float, object] = (0.0, None)

    def double(self, what, now: float) -> bool:
        """Record a click on ``what``; True when it completes a double click."""
        t, prev = self.last
        self.last = (now, what)
        if prev == what and now - t <= DOUBLE_CLICK:
            self.last = (0.0, None)
            return True
        return False

    def reset(self) -> None:
        """Forget the last click (the next click is a single one)."""
        self.last = (0.0, None)
