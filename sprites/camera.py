"""The camera: table units to screen pixels, pan and zoom around the pointer.

Zoom moves in fixed steps so that scaled card surfaces can be cached per step
and never transformed per frame.
"""
from __future__ import annotations

# 0.25 .. ~3.5, 7% apart, so that a fitted table fills its window within 7%; a wheel
# notch (and a zoom key) moves NOTCH steps (15%)
ZOOM_STEPS = tuple(round(0.25 * (1.15 ** (i / 2)), 4) for i in range(0, 39))
NOTCH = 2


class Camera:
    """Table units to screen pixels: a centre, a zoom step and the window size."""

    def __init__(self, width: int, height: int, zoom_index: int | None = None):
        self.width = width
        self.height = height
        self.zoom_index = ZOOM_STEPS.index(min(ZOOM_STEPS, key=lambda z: abs(z - 0.8))) \
            if zoom_index is None else zoom_index
        self.cx = 0.0        # table point at the centre of the view
        self.cy = 0.0

    @property
    def zoom(self) -> float:
        """Pixels per table unit."""
        return ZOOM_STEPS[self.zoom_index]

    def resize(self, width: int, height: int) -> None:
        """The window changed size."""
        self.width, self.height = width, height

    def to_screen(self, x: float, y: float) -> tuple[int, int]:
        """A table point on screen."""
        z = self.zoom
        return (int(round((x - self.cx) * z + self.width / 2)),
                int(round((y - self.cy) * z + self.height / 2)))

    def to_world(self, sx: float, sy: float) -> tuple[float, float]:
        """The table point under a screen point."""
        z = self.zoom
        return ((sx - self.width / 2) / z + self.cx, (sy - self.height / 2) / z + self.cy)

    def pan_pixels(self, dx: float, dy: float) -> None:
        """Move the view by a screen distance (the table follows the pointer)."""
        self.cx -= dx / self.zoom
        self.cy -= dy / self.zoom

    def zoom_at(self, sx: float, sy: float, steps: int) -> bool:
        """Zoom by ``steps`` wheel notches (``NOTCH`` zoom steps each) keeping the table
        point under (sx, sy) fixed."""
        new = max(0, min(len(ZOOM_STEPS) - 1, self.zoom_index + steps * NOTCH))
        if new == self.zoom_index:
            return False
        wx, wy = self.to_world(sx, sy)
        self.zoom_index = new
        z = self.zoom
        self.cx = wx - (sx - self.width / 2) / z
        self.cy = wy - (sy - self.height / 2) / z
        return True

    def fit(self, left: float, top: float, right: float, bottom: float, margin: int = 20) -> None:
        """Choose the largest zoom step that shows the given table rectangle."""
        w = max(1.0, right - left)
        h = max(1.0, bottom - top)
        best = 0
        for i, z in enumerate(ZOOM_STEPS):
            if w * z <= self.width - 2 * margin and h * z <= self.height - 2 * margin:
                best = i
        self.zoom_index = best
        self.cx = (left + right) / 2
        self.cy = (top + bottom) / 2

    def key(self) -> tuple:
        """Everything that decides where things are drawn (for caches)."""
        return (self.zoom_index, round(self.cx, 3), round(self.cy, 3), self.width, self.height)
