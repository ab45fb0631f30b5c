"""Drawing the card game's panel of the new-game screen: the scenario tiles, each
seat's row (deck, heroes' portraits, threat, problems) and the hover pop-ups."""
from __future__ import annotations

import pygame

import sprites.fonts as fonts
from sprites.games.lcg.cardface import SPHERE_COLORS, STAT_COLORS, face_surface
from sprites.palette import GOLD, INK
from sprites.widgets import (DIM, ERROR, MUTED, PANEL, PANEL_EDGE, TILE, TILE_HOVER,
                             TILE_SELECTED, ellipsize, panel, wrap)
from tabletop.core.i18n import _
from tabletop.games.lcg.decks import starting_threat

THREAT = STAT_COLORS["threat"]
FILE = "file"                # a seat's deck kind besides the four starter spheres


# ------------------------------------------------------------------ tiles
def draw_tiles(p, surf: pygame.Surface) -> None:
    """The scenario tiles: number, name, difficulty pips, encounter deck."""
    for key, rect in p.tiles:
        _draw_tile(p, surf, key, rect)


def _draw_tile(p, surf, key: str, rect: pygame.Rect) -> None:
    S = p.ng.S
    sc = p.db.scenarios[key]
    selected = key == p.scenario
    hover = rect.collidepoint(p.ng.pointer)
    fill = TILE_SELECTED if selected else TILE_HOVER if hover else TILE
    edge = GOLD if selected else (200, 180, 120) if hover else (96, 100, 70)
    panel(surf, rect, fill, edge, 230, 10, 2 if selected else 1)
    pad = S(14)
    r = S(19)                           # the scenario number's medallion
    c = (rect.x + pad + r, rect.y + pad + r)
    pygame.draw.circle(surf, (30, 26, 20), c, r)
    pygame.draw.circle(surf, GOLD if selected else (150, 130, 80), c, r, 2)
    n = fonts.text(str(sc["scenario_number"]), S(24), GOLD, "title")
    surf.blit(n, n.get_rect(center=(c[0], c[1] + 1)))
    tx = c[0] + r + S(12)
    tw = rect.right - pad - tx
    f = fonts.font(S(22), "title")
    title, difficulty, info = p.tile_text(key)
    name = fonts.text(ellipsize(title, f, tw), S(22),
                      INK if selected else (220, 212, 190), "title")
    surf.blit(name, (tx, rect.y + S(10)))
    d = int(sc["printed_difficulty"])   # difficulty: n of 10 pips
    dl = fonts.text(difficulty, S(14), GOLD if selected else DIM, "ui-bold")
    dy = rect.y + S(42)
    surf.blit(dl, (tx, dy))
    px = tx + dl.get_width() + S(10)
    pr = S(4)
    for k in range(10):
        centre = (px + k * (2 * pr + S(4)) + pr, dy + dl.get_height() // 2)
        if k < d:
            col = (236, 104, 70) if d >= 7 else (232, 176, 80) if d >= 4 else (150, 200, 110)
            pygame.draw.circle(surf, col, centre, pr)
        else:
            pygame.draw.circle(surf, (80, 90, 74), centre, pr, 1)
    f2 = fonts.font(S(13))
    surf.blit(fonts.text(ellipsize(info, f2, rect.right - pad - tx), S(13), DIM),
              (tx, rect.y + S(64)))


# ------------------------------------------------------------------ seats
def draw_empty_seat(p, surf: pygame.Surface, i: int) -> None:
    """A dashed outline inviting another player; clicking it adds seats up to it."""
    S = p.ng.S
    row = p.rows[i]
    hover = row.collidepoint(p.ng.pointer) and not p.dialog_open()
    colour = (150, 140, 100) if hover else (70, 96, 78)
    dash, gap = S(10), S(7)
    for x in range(row.x + S(8), row.right - S(8), dash + gap):
        x2 = min(x + dash, row.right - S(8))
        pygame.draw.line(surf, colour, (x, row.y), (x2, row.y))
        pygame.draw.line(surf, colour, (x, row.bottom - 1), (x2, row.bottom - 1))
    for y in range(row.y + S(8), row.bottom - S(8), dash + gap):
        y2 = min(y + dash, row.bottom - S(8))
        pygame.draw.line(surf, colour, (row.x, y), (row.x, y2))
        pygame.draw.line(surf, colour, (row.right - 1, y), (row.right - 1, y2))
    num = fonts.text(str(i + 1), S(34), colour, "title")
    surf.blit(num, num.get_rect(center=(row.x + S(32), row.centery)))
    t = fonts.text(_("Empty seat: click to add a player"), S(16),
                   (200, 186, 140) if hover else (110, 134, 114))
    surf.blit(t, (row.x + p.col_a_x + S(4), row.centery - t.get_height() // 2))


def _seat_colour(p, seat):
    if seat.deck is None:
        return (110, 100, 90)
    spheres = [p.db.by_code[c].sphere for c in seat.deck.heroes if c in p.db.by_code]
    spheres = [s for s in spheres if s in SPHERE_COLORS]
    if not spheres:
        return (124, 122, 116)
    top = max(set(spheres), key=spheres.count)
    return SPHERE_COLORS[top][0]


def portrait(p, code: str) -> pygame.Surface | None:
    """A hero's card at portrait size (cached)."""
    w, h = p.portrait_size
    key = (code, w, h)
    surf = p._portraits.get(key)
    if surf is None:
        card = p.db.by_code.get(code)
        if card is None:
            return None
        surf = face_surface(card, w, h)
        p._portraits[key] = surf
    return surf


def draw_seat(p, surf: pygame.Surface, i: int) -> None:
    """A seat in play: its number, deck, heroes, threat and problems."""
    S = p.ng.S
    row = p.rows[i]
    seat = p.seats[i]
    problems = p.problems[i] if i < len(p.problems) else []
    has_error = any(pr.is_error for pr in problems)
    panel(surf, row, PANEL, ERROR if has_error else PANEL_EDGE, 175, 8)
    accent = pygame.Rect(row.x + 1, row.y + 1, S(6), row.h - 2)
    pygame.draw.rect(surf, _seat_colour(p, seat), accent,
                     border_top_left_radius=7, border_bottom_left_radius=7)
    num = fonts.text(str(i + 1), S(34), GOLD, "title")
    surf.blit(num, num.get_rect(center=(row.x + S(32), row.y + row.h // 2 - S(6))))
    lab = fonts.text(_("seat"), S(12), DIM)
    surf.blit(lab, lab.get_rect(center=(row.x + S(32), row.y + row.h // 2 + S(20))))
    if seat.kind != FILE and seat.deck is not None:
        y3 = p.widgets[i].kinds[FILE].rect.bottom + S(5)
        detail = _("{deck} · {count} cards").format(deck=seat.deck.name, count=seat.deck.size)
        t = fonts.text(detail, S(14), DIM)
        surf.blit(t, (row.x + p.col_a_x + S(4), y3 + (S(32) - t.get_height()) // 2))
    heroes = list(seat.deck.heroes) if seat.deck is not None else []
    _draw_heroes(p, surf, row, heroes)
    x, text_w, cy = _draw_seat_info(p, surf, row, seat, heroes)
    _draw_problems(p, surf, row, problems, x, text_w, cy)


def _draw_heroes(p, surf, row: pygame.Rect, heroes: list[str]) -> None:
    S = p.ng.S
    pw, ph = p.portrait_size
    y = row.y + (row.h - ph) // 2
    for k in range(3):
        r = pygame.Rect(row.x + p.col_b_x + k * (pw + S(6)), y, pw, ph)
        face = portrait(p, heroes[k]) if k < len(heroes) else None
        if face is not None:
            surf.blit(face, r)
            p._hero_rects.append((r, heroes[k]))
            if r.collidepoint(p.ng.pointer):
                pygame.draw.rect(surf, (255, 255, 255), r.inflate(4, 4), 2, border_radius=6)
        else:
            pygame.draw.rect(surf, (60, 80, 66), r, 1, border_radius=6)


def _draw_seat_info(p, surf, row: pygame.Rect, seat, heroes) -> tuple[int, int, int]:
    """The heroes' names, the starting threat and a deck file's name; returns where the
    problems go (x, width, y)."""
    S = p.ng.S
    x = row.x + p.col_c_x
    right = row.right - S(14)
    cy = row.y + S(10)
    if seat.deck is None:
        t = fonts.text(_("No deck"), S(17), ERROR, "ui-bold")
        surf.blit(t, (x, cy))
        return x, right - x, cy + t.get_height() + S(1)
    threat = starting_threat(seat.deck, p.db)
    br = S(21)
    bc = (right - br, row.y + S(10) + br)
    pygame.draw.circle(surf, (46, 30, 20), bc, br)
    pygame.draw.circle(surf, THREAT, bc, br, 2)
    tv = fonts.text(str(threat), S(22), THREAT, "title")
    surf.blit(tv, tv.get_rect(center=(bc[0], bc[1] + 1)))
    tl = fonts.text(_("threat"), S(11), DIM)
    surf.blit(tl, tl.get_rect(midtop=(bc[0], bc[1] + br + S(1))))
    text_w = right - 2 * br - S(12) - x
    names = " · ".join(p.db.by_code[c].name if c in p.db.by_code else c
                       for c in heroes) or _("no hero")
    f = fonts.font(S(17), "ui-bold")
    t = fonts.text(ellipsize(names, f, text_w), S(17), INK, "ui-bold")
    surf.blit(t, (x, cy))
    cy += t.get_height() + S(1)
    if seat.kind == FILE:
        f = fonts.font(S(14))
        deck = _("{deck} · {count} cards").format(deck=seat.deck.name, count=seat.deck.size)
        t = fonts.text(ellipsize(deck, f, text_w), S(14), DIM)
        surf.blit(t, (x, cy))
        cy += t.get_height() + S(2)
    return x, text_w, cy


def _problem_lines(problems, f, width: int) -> list[tuple[str, tuple, bool]]:
    """Errors first, each wrapped; (line, colour, first line of a problem)."""
    lines: list[tuple[str, tuple, bool]] = []
    for pr in sorted(problems, key=lambda pr: not pr.is_error):
        colour = ERROR if pr.is_error else MUTED
        for j, line in enumerate(wrap(pr.message, f, width)):
            lines.append((line, colour, j == 0))
    return lines


def _draw_problems(p, surf, row: pygame.Rect, problems, x: int, text_w: int, cy: int) -> None:
    """As many problem lines as fit; cut short, hovering shows them all."""
    S = p.ng.S
    f = fonts.font(S(14))
    line_h = f.get_linesize()
    bottom = row.bottom - S(6)
    lines = _problem_lines(problems, f, max(40, text_w - S(14)))
    shown = 0
    top = cy
    for n, (line, colour, first) in enumerate(lines):
        if cy + line_h > bottom:
            break
        shown = n + 1
        last = n + 1 < len(lines) and cy + 2 * line_h > bottom
        if last:
            line = ellipsize(line + " …", f, text_w - S(14))
        if first:
            pygame.draw.circle(surf, colour, (x + S(4), cy + line_h // 2), S(3))
        surf.blit(f.render(line, True, colour), (x + S(14), cy))
        cy += line_h
        if last:
            break
    if shown < len(lines):          # cut short: hovering shows every problem in full
        p._problem_rects.append((pygame.Rect(x, top, text_w, bottom - top), problems))


# ------------------------------------------------------------------ hover
def draw_hover_problems(p, surf: pygame.Surface) -> bool:
    """A seat's problems in full, over a list that was cut short."""
    for rect, problems in p._problem_rects:
        if not rect.collidepoint(p.ng.pointer):
            continue
        S = p.ng.S
        f = fonts.font(S(14))
        width = min(S(560), surf.get_width() - 2 * S(12))
        lines = _problem_lines(problems, f, width - S(34))
        lh = f.get_linesize()
        box = pygame.Rect(0, 0, width, len(lines) * lh + S(20))
        box.topright = (rect.right, rect.bottom + S(4))
        if box.bottom > surf.get_height() - S(4):
            box.bottom = rect.y - S(4)
        panel(surf, box, (22, 20, 16), PANEL_EDGE, 245, 8)
        y = box.y + S(10)
        for line, colour, first in lines:
            if first:
                pygame.draw.circle(surf, colour, (box.x + S(16), y + lh // 2), S(3))
            surf.blit(f.render(line, True, colour), (box.x + S(26), y))
            y += lh
        return True
    return False


def draw_hover_card(p, surf: pygame.Surface) -> bool:
    """The hero under the pointer, large, beside its portrait."""
    for rect, code in p._hero_rects:
        if not rect.collidepoint(p.ng.pointer):
            continue
        card = p.db.by_code.get(code)
        if card is None:
            return True
        S = p.ng.S
        w, h = S(200), S(280)
        big = p._big.get(code)
        if big is None or big.get_size() != (w, h):
            big = face_surface(card, w, h)
            p._big[code] = big
        sw, sh = surf.get_size()
        x = rect.right + S(12)
        if x + w > sw:
            x = rect.x - S(12) - w
        y = max(S(8), min(sh - h - S(8), rect.centery - h // 2))
        shadow = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(shadow, (0, 0, 0, 120), shadow.get_rect(), border_radius=S(10))
        surf.blit(shadow, (x + S(6), y + S(8)))
        surf.blit(big, (x, y))
        return True
    return False
