"""Figures on the map: stacks per kind with a count, laid out around a region's site.

A region's pieces are grouped by side, nation and kind (regular, elite,
leader, Nazgûl), one token per group with the count on it, and one token per
character, Ruler and the Fellowship.  Tokens are drawn once per (kind, colour,
count, size) and cached.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from sprites import fonts
from sprites.games.wotr.maptiles import nation_colour
from tabletop.games.wotr.pieces import catalogue
import tabletop.games.wotr.state as S

FP_RIM = (215, 225, 245)
SHADOW_RIM = (40, 10, 10)
KIND_ORDER = {"fellowship": 0, "companion": 1, "sovereign": 2, "leader": 3, "elite": 4,
              "regular": 5, "chieftain": 6, "minion": 7, "nazgul": 8}
_cache: dict = {}


@dataclass
class Group:
    """One token on the map: the pieces it stands for and what it looks like."""
    kind: str
    side: str | None
    nation: str | None
    ids: list[int]
    label: str                     # initials of a character, "" for units
    state: str = ""                # a Sovereign's state


def groups_in(st, region: str) -> list[Group]:
    """A region's pieces as tokens, Free Peoples first."""
    out: dict[tuple, Group] = {}
    for cid in S.pieces_in(st, region):
        d = catalogue().get(st.cards[cid].code)
        if d is None:
            continue
        if d.kind in ("regular", "elite", "leader", "nazgul"):
            key = (d.kind, d.nation)
            g = out.setdefault(key, Group(d.kind, d.side, d.nation, [], ""))
            g.ids.append(cid)
        else:
            state = ""
            if d.kind == "sovereign":
                state = S.sovereign_state(st, d.code.split(".")[1])
            out[(d.kind, cid)] = Group(d.kind, d.side, d.nation, [cid], initials(d.name), state)
    return sorted(out.values(), key=lambda g: (g.side != "fp", KIND_ORDER.get(g.kind, 9),
                                                g.nation or "", g.ids[0]))


def initials(name: str) -> str:
    """Two or three letters for a character token."""
    words = [w for w in name.replace("The ", "").split() if w[0].isupper()]
    if len(words) >= 2 and len(words[0]) <= 6:
        return (words[0][:2] + words[-1][0]).strip()
    return name.replace("The ", "")[:3]


def token(g: Group, size: int) -> pygame.Surface:
    """The picture of a token (cached)."""
    key = (g.kind, g.nation, g.side, len(g.ids), g.label, g.state, size)
    surf = _cache.get(key)
    if surf is None:
        if len(_cache) > 4000:
            _cache.clear()
        surf = _cache[key] = _paint(g, size)
    return surf


def _paint(g: Group, size: int) -> pygame.Surface:
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    c = nation_colour(g.nation) if g.nation else ((200, 170, 60) if g.side == "fp" else (60, 50, 50))
    rim = FP_RIM if g.side == "fp" else SHADOW_RIM
    r = size // 2
    mid = (r, r)
    if g.kind == "regular":
        pygame.draw.circle(s, rim, mid, r)
        pygame.draw.circle(s, c, mid, r - max(2, size // 10))
    elif g.kind == "elite":
        pts = [(r, 0), (size - 1, r), (r, size - 1), (0, r)]
        pygame.draw.polygon(s, rim, pts)
        inner = max(3, size // 7)
        pygame.draw.polygon(s, c, [(r, inner), (size - 1 - inner, r), (r, size - 1 - inner),
                                   (inner, r)])
    elif g.kind in ("leader", "nazgul"):
        body = (30, 26, 30) if g.kind == "nazgul" else c
        pts = [(2, 1), (size - 2, size // 4), (2, size // 2)]
        pygame.draw.line(s, rim, (2, 0), (2, size - 1), max(2, size // 9))
        pygame.draw.polygon(s, body, pts)
        pygame.draw.polygon(s, rim, pts, max(1, size // 14))
    elif g.kind == "fellowship":
        pygame.draw.circle(s, (250, 214, 90), mid, r, max(3, size // 5))
        pygame.draw.circle(s, (120, 80, 10), mid, r, 1)
    else:
        _paint_character(s, g, c, rim, size)
    if g.kind in ("regular", "elite", "leader", "nazgul"):
        _count(s, len(g.ids), size, g.kind in ("leader", "nazgul"))
    return s


def _paint_character(s, g: Group, c, rim, size: int) -> None:
    r = size // 2
    if g.kind == "sovereign":
        fill = {"sleeping": (150, 150, 150), "awake": (215, 220, 232),
                "corrupted": (205, 210, 222)}.get(g.state, (150, 150, 150))
        edge = (15, 15, 15) if g.state == "corrupted" else rim
        _crown(s, fill, edge, size)
    elif g.kind == "chieftain":
        _crown(s, (70, 40, 40), (200, 60, 50), size)
    else:
        rect = pygame.Rect(0, size // 6, size, size * 2 // 3)
        pygame.draw.rect(s, rim, rect, border_radius=size // 5)
        pygame.draw.rect(s, c if g.kind == "minion" else (238, 230, 200), rect.inflate(-4, -4),
                         border_radius=size // 6)
    ink = (250, 245, 235) if g.kind in ("minion", "chieftain") else (30, 24, 20)
    label = fonts.text(g.label, max(8, size * 2 // 5), ink, "ui-bold")
    s.blit(label, label.get_rect(center=(r, r + size // 12)))


def _crown(s, fill, edge, size: int) -> None:
    pts = [(1, size - 3), (1, size // 4), (size // 4, size // 2), (size // 2, 2),
           (3 * size // 4, size // 2), (size - 2, size // 4), (size - 2, size - 3)]
    pygame.draw.polygon(s, fill, pts)
    pygame.draw.polygon(s, edge, pts, max(2, size // 10))


def _count(s, n: int, size: int, corner: bool) -> None:
    text = fonts.text(str(n), max(9, size // 2), (255, 255, 255), "ui-bold")
    if corner:
        at = text.get_rect(bottomright=(size - 1, size))
        pygame.draw.rect(s, (20, 16, 12), at.inflate(2, 0), border_radius=3)
    else:
        at = text.get_rect(center=(size // 2, size // 2))
        shadow = fonts.text(str(n), max(9, size // 2), (0, 0, 0), "ui-bold")
        s.blit(shadow, at.move(1, 1))
    s.blit(text, at)


def layout(groups: list[Group], site: tuple[int, int], size: int, per_row: int = 4
           ) -> list[tuple[Group, pygame.Rect]]:
    """Where each token of a region goes: rows centred under the settlement."""
    gap = max(2, size // 8)
    out = []
    for i, g in enumerate(groups):
        row, col = divmod(i, per_row)
        n = min(per_row, len(groups) - row * per_row)
        x = site[0] - (n * size + (n - 1) * gap) // 2 + col * (size + gap)
        y = site[1] - size // 3 + row * (size + gap)
        out.append((g, pygame.Rect(x, y, size, size)))
    return out
