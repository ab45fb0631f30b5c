"""The window's size and scale: fitted to the screen it opens on, bounded, remembered.

The window opens on most of the usable area of the screen (never larger than it),
or at the size the player last gave it (remembered in ``settings.json`` in the
user's config folder, beside the language), or at ``--size WxH`` when that fits the
largest screen.  Everything drawn over the table (bars, fonts, the hand, the dice
tray) grows with the window through ``ui_scale``; ``--scale`` multiplies it for a
high-density screen.
"""
from __future__ import annotations

import json
import os

from tabletop.core.i18n import _, settings_path

MIN_SIZE = (800, 600)          # smaller and the table's parts no longer fit beside each other
MAX_SIDE = 8192                # no screen is wider; a surface this size is ~270 MB
SCALE_RANGE = (0.5, 4.0)
DEFAULT = (1600, 900)          # when the screen's size cannot be known
USABLE = (0.94, 0.88)          # of the screen: room for a task bar and the title bar
SETTING = "window_size"

_user_scale = 1.0


class SizeError(ValueError):
    """A window size that cannot be used, with the one-line reason."""


def parse_size(text: str) -> tuple[int, int]:
    """``"1920x1080"`` as a window size; SizeError with the reason when it is not one,
    or is smaller than 800x600 or larger than 8192 pixels a side."""
    try:
        w, h = (int(v) for v in str(text).lower().replace("×", "x").split("x"))
    except ValueError:
        raise SizeError(_("\"{text}\" is not a window size: write WIDTHxHEIGHT, for example "
                          "1920x1080.").format(text=text)) from None
    if w < MIN_SIZE[0] or h < MIN_SIZE[1]:
        raise SizeError(_("The window must be at least {w}x{h}.").format(w=MIN_SIZE[0],
                                                                       h=MIN_SIZE[1]))
    if w > MAX_SIDE or h > MAX_SIDE:
        raise SizeError(_("A window can be at most {n} pixels wide and high.").format(n=MAX_SIDE))
    return w, h


def desktops() -> list[tuple[int, int]]:
    """The sizes of the screens (the display must be initialised); [] if unknown."""
    import pygame
    try:
        return [tuple(s) for s in pygame.display.get_desktop_sizes() if s[0] > 0 and s[1] > 0]
    except pygame.error:
        return []


def check_fits(size: tuple[int, int], screens: list[tuple[int, int]]) -> None:
    """SizeError if ``size`` is larger than the largest screen."""
    if not screens:
        return
    mw = max(s[0] for s in screens)
    mh = max(s[1] for s in screens)
    if size[0] > mw or size[1] > mh:
        raise SizeError(_("A {w}x{h} window is larger than the largest screen ({sw}x{sh}).")
                        .format(w=size[0], h=size[1], sw=mw, sh=mh))


def usable(screen: tuple[int, int]) -> tuple[int, int]:
    """Most of a screen: what a window may take, leaving a task bar and a title bar."""
    w, h = screen
    return max(MIN_SIZE[0], min(w, int(w * USABLE[0]))), max(MIN_SIZE[1], min(h, int(h * USABLE[1])))


def initial_size(requested: str | None, screens: list[tuple[int, int]],
                 remembered: tuple[int, int] | None = None) -> tuple[int, int]:
    """The size the window opens at: ``requested`` (``--size``, checked against the
    screens), else the remembered one if it still fits the first screen, else most of
    the first screen."""
    if requested:
        size = parse_size(requested)
        check_fits(size, screens)
        return size
    if not screens:
        return remembered or DEFAULT
    room = usable(screens[0])
    if remembered and remembered[0] <= screens[0][0] and remembered[1] <= screens[0][1] \
            and remembered[0] >= MIN_SIZE[0] and remembered[1] >= MIN_SIZE[1]:
        return min(remembered[0], screens[0][0]), min(remembered[1], screens[0][1])
    return min(room[0], screens[0][0]), min(room[1], screens[0][1])


# ------------------------------------------------------------ remembered
def remembered_size() -> tuple[int, int] | None:
    """The size the window had when it was last closed, or None."""
    try:
        with open(settings_path(), encoding="utf-8") as fh:
            data = json.load(fh)
        w, h = data[SETTING]
        w, h = int(w), int(h)
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if MIN_SIZE[0] <= w <= MAX_SIDE and MIN_SIZE[1] <= h <= MAX_SIDE:
        return w, h
    return None


def remember_size(size: tuple[int, int]) -> None:
    """Remember the window's size for the next start (other settings are kept)."""
    path = settings_path()
    data: dict = {}
    try:
        with open(path, encoding="utf-8") as fh:
            loaded = json.load(fh)
        if isinstance(loaded, dict):
            data = loaded
    except (OSError, ValueError):
        pass
    if data.get(SETTING) == [int(size[0]), int(size[1])]:
        return
    data[SETTING] = [int(size[0]), int(size[1])]
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(data, fh, ensure_ascii=False, indent=1)
    os.replace(tmp, path)


# ------------------------------------------------------------ scale
def parse_scale(text: str) -> float:
    """``--scale``: a factor from 0.5 to 4 for the bars, fonts and hand (SizeError if not)."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not SCALE_RANGE[0] <= value <= SCALE_RANGE[1]:
        raise SizeError(_("The scale is a number from {lo} to {hi}, for example 1.5.").format(
            lo=SCALE_RANGE[0], hi=SCALE_RANGE[1]))
    return value


def set_user_scale(value: float | None) -> None:
    """The player's own factor (``--scale``) on top of the automatic one."""
    global _user_scale
    _user_scale = 1.0 if value is None else min(SCALE_RANGE[1], max(SCALE_RANGE[0], float(value)))


def user_scale() -> float:
    """The player's own factor (1 unless ``--scale`` was given)."""
    return _user_scale


def ui_scale(size: tuple[int, int]) -> float:
    """How much larger the window's own parts are drawn: 1 up to about 1700x1000,
    then with the window (1.08 at 1920x1080, 1.44 at 2560x1440, 2.16 at 4K), times
    ``--scale``."""
    w, h = size
    auto = max(1.0, min(w / 1700, h / 1000))
    return auto * _user_scale


def px(size: tuple[int, int], value: float) -> int:
    """``value`` pixels of a 1080-line window, at this window's scale."""
    return max(1, int(round(value * ui_scale(size))))
