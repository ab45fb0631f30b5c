"""Parts of full-window screens (the new-game screen): colours, text fitting, the
pygame_gui theme, panels and the felt background."""
from __future__ import annotations

import json
import os

import pygame

import sprites.fonts as fonts
from sprites.palette import FELT_DARK, GOLD

THEME = os.path.join(os.path.dirname(__file__), "assets", "theme.json")

DIM = (168, 158, 136)
MUTED = (150, 160, 146)
ERROR = (236, 104, 88)
OK = (150, 214, 140)
PANEL = (14, 30, 22)
PANEL_EDGE = (150, 125, 70)
TILE = (24, 46, 35)
TILE_HOVER = (32, 60, 46)
TILE_SELECTED = (44, 66, 44)


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Greedy word wrap; words wider than the line (paths) are cut by characters."""
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            candidate = word if not line else line + " " + word
            if font.size(candidate)[0] <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            while font.size(word)[0] > width and len(word) > 1:
                cut = len(word)
                while cut > 1 and font.size(word[:cut])[0] > width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


def ellipsize(text: str, font: pygame.font.Font, width: int) -> str:
    """``text`` cut to ``width`` with an ellipsis when it is too long."""
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


def theme(scale: float) -> dict:
    """The table's theme plus fonts (DejaVu, sized for the window) and a gold Start button."""
    try:
        with open(THEME, encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, ValueError):
        data = {}
    regular = os.path.join(fonts.ASSETS, fonts.FACES["ui"])
    bold = os.path.join(fonts.ASSETS, fonts.FACES["ui-bold"])
    size = str(max(12, round(15 * scale)))
    font = {"name": "dejavu_condensed", "size": size}
    if os.path.exists(regular) and os.path.exists(bold):
        font.update({"regular_path": regular, "bold_path": bold,
                     "italic_path": regular, "bold_italic_path": bold})
    for element in ("button", "text_entry_line", "check_box", "label", "tool_tip",
                    "text_box", "window", "selection_list", "drop_down_menu"):
        block = data.setdefault(element, {})
        block.setdefault("font", dict(font))
    # what cannot be chosen yet looks it (a ruleset a game has not registered)
    data["button"].setdefault("colours", {}).update(
        {"disabled_bg": "#1e1c19", "disabled_text": "#6e685f", "disabled_border": "#4a4436"})
    data["#start_button"] = {
        "colours": {"normal_bg": "#b38a36", "hovered_bg": "#dcb85c", "active_bg": "#f0d080",
                    "normal_text": "#1c1916", "hovered_text": "#1c1916",
                    "active_text": "#1c1916", "normal_border": "#f0d080",
                    "hovered_border": "#fff0c0"},
        "font": dict(font, name="dejavu_condensed_bold", size=str(max(13, round(16 * scale))),
                     bold="1"),
    }
    data["#seat_number"] = {"colours": {"normal_text": "#dcb85c"}}
    return data


def panel(surf: pygame.Surface, rect: pygame.Rect, fill=PANEL, edge=PANEL_EDGE, alpha=170,
          radius=8, width=1) -> None:
    """A translucent rounded panel with an edge."""
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (*fill, alpha), layer.get_rect(), border_radius=radius)
    surf.blit(layer, rect)
    if edge is not None:
        pygame.draw.rect(surf, edge, rect, width, border_radius=radius)


def label(surf: pygame.Surface, text: str, x: int, y: int, size: int) -> None:
    """A section label: small gold capitals."""
    t = fonts.text(text.upper(), size, GOLD, "ui-bold")
    surf.blit(t, (x, y))


def felt(size: tuple[int, int]) -> pygame.Surface:
    """The table's felt as a soft radial gradient filling ``size``."""
    small = pygame.Surface((64, 40))
    for y in range(40):
        for x in range(64):
            dx, dy = (x - 31.5) / 32, (y - 14) / 26
            t = min(1.0, (dx * dx + dy * dy) ** 0.5 / 1.25)
            small.set_at((x, y), [round(a + (b - a) * t) for a, b in
                                  zip((36, 72, 54), FELT_DARK)])
    return pygame.transform.smoothscale(small, size)
