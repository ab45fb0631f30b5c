"""What the window draws over every game's table: the top bar, the game log,
toasts, the replay timeline, the hot-seat curtain and the hotkey overlay."""
from __future__ import annotations

import pygame

import sprites.fonts as fonts
from sprites.lru import LRU
from sprites.palette import GOLD, HUD_BG, INK
from sprites.screen import px, ui_scale
from tabletop.core.i18n import _
from tabletop.core.schema import printable

BAR_H = 34              # the top bar's height on a window up to 1700x1000 (bar_h: at any size)
LOG_BOTTOM = 245        # the log panel ends this far above the bottom (clear of the hand row)


def text_scale(size: tuple[int, int]) -> float:
    """How much larger the window's own parts are drawn on a large window
    (``sprites.screen.ui_scale``: 1 up to 1700x1000, 1.44 at 2560x1440, times --scale)."""
    return ui_scale(size)


def bar_h(size: tuple[int, int]) -> int:
    """The top bar's height in a window of this size."""
    return px(size, BAR_H)


# ------------------------------------------------------------------ top bar
def draw_top_bar(app, screen: pygame.Surface) -> None:
    """The game's status lines (the first in gold) and a hint at the right; the parts
    that do not fit are left out from the right (the hint first), never cut."""
    size2 = screen.get_size()
    w, _h = size2
    bh = bar_h(size2)
    bar = pygame.Rect(0, 0, w, bh)
    pygame.draw.rect(screen, HUD_BG, bar)
    pygame.draw.line(screen, (90, 75, 45), (0, bh), (w, bh))
    x = px(size2, 12)
    size = px(size2, 16)
    gap = px(size2, 26)
    ai = getattr(app, "ai", None)
    parts = list(app.game.status()) + (ai.status() if ai is not None else [])
    for i, part in enumerate(parts):
        t = fonts.text(part, size, GOLD if i == 0 else INK, "ui-bold" if i < 2 else "ui")
        if x + t.get_width() > w - 8:
            break
        screen.blit(t, (x, (bh - t.get_height()) // 2))
        x += t.get_width() + gap
    hint = fonts.text(_("Hold Tab for keys · right-click for actions · L: game log"),
                      px(size2, 13), (150, 140, 120))
    if x + hint.get_width() + 12 < w:          # only where the status leaves room
        screen.blit(hint, (w - hint.get_width() - px(size2, 12), (bh - hint.get_height()) // 2))


_wrapped = LRU(256)      # (text, font, width) -> lines: panels wrap the same text each frame


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """``text`` in lines no wider than ``width`` (words kept whole); remembered, as the
    toasts and panels drawn every frame wrap the same text again and again."""
    return list(_wrapped.get_or((text, font, width), lambda: tuple(_wrap(text, font, width))))


def _wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    lines: list[str] = []
    for para in text.split("\n"):
        cur = ""
        for wd in para.split(" "):
            trial = (cur + " " + wd).strip()
            if font.size(trial)[0] > width and cur:
                lines.append(cur)
                cur = wd
            else:
                cur = trial
        lines.append(cur)
    return lines


def draw_toasts(app, screen: pygame.Surface) -> None:
    """Short messages under the top bars, newest last; a long one (a refusal naming
    its rule) is wrapped to the window."""
    w, _h = screen.get_size()
    y = bar_h(screen.get_size()) + app.game.top_height() + 12
    size = px(screen.get_size(), 16)
    line_h = int(size * 1.38)
    f = fonts.font(size, "ui-bold")
    side = app.game.side_width()                 # a panel of the view at the right
    if side:
        side += 16
    for _t, text in app.toasts:
        lines = wrap(text, f, min(int(900 * size / 16), w - side - 120))
        surfs = [fonts.text(line, size, (255, 240, 210), "ui-bold") for line in lines]
        tw = max(s.get_width() for s in surfs)
        r = pygame.Rect(0, y, tw + 24, line_h * len(surfs) + 12)
        r.centerx = (w - side) // 2
        pygame.draw.rect(screen, (60, 30, 24), r, border_radius=8)
        pygame.draw.rect(screen, GOLD, r, 1, border_radius=8)
        for i, s in enumerate(surfs):
            screen.blit(s, s.get_rect(midtop=(r.centerx, r.y + 6 + line_h * i)))
        y = r.bottom + 8


# ------------------------------------------------------------------ game log
def log_rect(size: tuple[int, int], top: int = 0) -> pygame.Rect:
    """Where the game log panel sits (the right side of the window, under the top bars)."""
    w, h = size
    pw = px(size, 370)
    y = bar_h(size) + 6 + top
    return pygame.Rect(w - pw - 10, y, pw, max(px(size, 120), h - px(size, LOG_BOTTOM) - y + 40))


def _log_lines(entries, font, width: int) -> list[tuple[str, tuple]]:
    """The log's entries word-wrapped to ``width``; automatic ones dimmed."""
    lines: list[tuple[str, tuple]] = []
    for e in entries:
        colour = (170, 160, 140) if e.automatic else INK
        # an engine's entry is several sentences, one a line: each its own line
        for i, part in enumerate(str(e.text).split("\n")):
            head = f"R{e.round}  " if i == 0 else "     "
            for j, line in enumerate(wrap(head + part, font, width)):
                lines.append((line if j == 0 else "     " + line, colour))
    return lines


def draw_log(app, screen: pygame.Surface) -> None:
    """The game log, newest at the bottom, scrolled by the wheel."""
    r = log_rect(screen.get_size(), app.game.top_height())
    panel = pygame.Surface(r.size, pygame.SRCALPHA)
    panel.fill((14, 12, 10, 225))
    screen.blit(panel, r)
    pygame.draw.rect(screen, (120, 100, 60), r, 1, border_radius=4)
    size = screen.get_size()
    t = fonts.text(_("Game log"), px(size, 16), GOLD, "ui-bold")
    screen.blit(t, (r.x + 10, r.y + 6))
    line_h = px(size, 19)
    top = t.get_height() + px(size, 12)
    rows = (r.h - top - 4) // line_h
    f = fonts.font(px(size, 13))
    lines = _log_lines(app.session.history, f, r.w - 24)
    app.log_scroll = min(app.log_scroll, max(0, len(lines) - rows))
    end = len(lines) - app.log_scroll
    for i, (text, colour) in enumerate(lines[max(0, end - rows):end]):
        # names from a file are drawn with control characters escaped (saves-safety)
        screen.blit(f.render(printable(text, 300), True, colour), (r.x + 10, r.y + top + i * line_h))


# ------------------------------------------------------------------ replay
def timeline_rect(size: tuple[int, int]) -> pygame.Rect:
    """The replay's timeline bar."""
    w, h = size
    return pygame.Rect(200, h - 52, w - 400, 28)


def seek_timeline(app, x: int) -> None:
    """Jump the replay to the action under screen column ``x``."""
    r = timeline_rect(app.screen.get_size())
    n = len(app.session.log)
    app.session.seek(round((min(max(x, r.left), r.right) - r.left) / max(1, r.w) * n))


def draw_timeline(app, screen: pygame.Surface) -> None:
    """The replay's bar: how far in, round boundaries, the last action in words."""
    session = app.session
    w, h = screen.get_size()
    area = pygame.Rect(0, h - 96, w, 96)
    pygame.draw.rect(screen, (14, 12, 10), area)
    r = timeline_rect((w, h))
    n = len(session.log)
    pos = session.cursor
    pygame.draw.rect(screen, (50, 44, 36), r, border_radius=8)
    if n:
        filled = r.copy()
        filled.w = int(r.w * pos / n)
        pygame.draw.rect(screen, (150, 120, 60), filled, border_radius=8)
        for i, e in enumerate(session.log):      # round boundaries
            if i and e.round != session.log[i - 1].round:
                x = r.x + int(r.w * i / n)
                pygame.draw.line(screen, (230, 210, 160), (x, r.y + 3), (x, r.bottom - 3))
    pygame.draw.rect(screen, GOLD, r, 1, border_radius=8)
    last = session.log[pos - 1].text if pos else _("Start of the game")
    t = fonts.text(_("Replay  {pos} / {n}   ·   {text}").format(pos=pos, n=n, text=last), 16, INK, "ui-bold")
    screen.blit(t, (r.x, area.y + 10))
    hint = fonts.text(_("Left/Right: one action · Shift: one round · Home/End · click the bar to jump"), 13, (160, 150, 130))
    screen.blit(hint, (r.right - hint.get_width(), area.y + 12))


# ------------------------------------------------------------------ overlays
def _veil(screen: pygame.Surface, alpha: int) -> None:
    veil = pygame.Surface(screen.get_size(), pygame.SRCALPHA)
    veil.fill((8, 6, 5, alpha))
    screen.blit(veil, (0, 0))


def draw_curtain(app, screen: pygame.Surface) -> None:
    """Hot-seat: hide the table until the next player is at the computer."""
    size = screen.get_size()
    w, h = size
    _veil(screen, 235)
    name = app.state.seats[app.curtain].name
    t = fonts.text(_("Pass the computer to {name}").format(name=name), px(size, 40), GOLD, "title")
    screen.blit(t, t.get_rect(center=(w // 2, h // 2 - px(size, 30))))
    s = fonts.text(app.game.curtain_hint(name), px(size, 20), INK)
    screen.blit(s, s.get_rect(center=(w // 2, h // 2 + px(size, 24))))


def _columns(rows: list[tuple[str, str]]) -> list[tuple[str, list[tuple[str, str]]]]:
    """Help rows split into columns: a row ``("", title)`` starts one."""
    cols: list[tuple[str, list[tuple[str, str]]]] = []
    for key, desc in rows:
        if not key:
            cols.append((desc, []))
        elif cols:
            cols[-1][1].append((key, desc))
        else:
            cols.append(("", [(key, desc)]))
    return cols


def draw_help(app, screen: pygame.Surface, rows: list[tuple[str, str]]) -> None:
    """The hotkey overlay (held Tab): the game's rows in columns, and any key-file problems."""
    size = screen.get_size()
    w, h = size
    k = ui_scale(size)
    _veil(screen, 225)
    t = fonts.text(_("Hotkeys (DragnCards layout, rebindable in {path})").format(path=app.keymap.path),
                   px(size, 20), GOLD, "ui-bold")
    screen.blit(t, (30, px(size, 20)))
    cols = _columns(rows)
    col_w = (w - 60) // max(1, len(cols))
    # the rows' size: as large as the window's scale, smaller if the longest column
    # would run off the bottom
    longest = max((len(col) for _t, col in cols), default=1)
    fs = max(10, min(int(14 * k), int((h - px(size, 110)) / max(1, longest) / 1.5)))
    # ... and smaller again if a column's widest row would run into the next column (or off
    # the window): text widths grow with the font size
    widest = max((max(fonts.font(fs, "ui-bold").size(key)[0] for key, _d in col) + 16
                  + max(fonts.font(fs).size(desc)[0] for _k, desc in col)
                  for _t, col in cols if col), default=1)
    if widest > col_w - 20:
        fs = max(9, int(fs * (col_w - 20) / widest))
    for ci, (title, col) in enumerate(cols):
        x = 30 + ci * col_w
        y = px(size, 62)
        screen.blit(fonts.text(title, px(size, 17), (230, 200, 120), "ui-bold"), (x, y))
        y += px(size, 28)
        if not col:
            continue
        kw = max(fonts.font(fs, "ui-bold").size(key)[0] for key, _d in col) + 16
        for key, desc in col:
            screen.blit(fonts.text(key, fs, GOLD, "ui-bold"), (x, y))
            screen.blit(fonts.text(desc, fs, INK), (x + kw, y))
            y += int(fs * 1.5)
    if app.keymap.problems:
        y = h - 30 - px(size, 20) * len(app.keymap.problems)
        for p in app.keymap.problems:
            screen.blit(fonts.text(p, px(size, 14), (255, 120, 100)), (30, y))
            y += px(size, 20)
