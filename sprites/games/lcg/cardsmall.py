"""Card faces at table size (under 190 pixels wide): what a player reads without
hovering.

A small card keeps only what reads at 50-150 pixels: the name in a wide band
at the top (bold, one or two lines, as large as fits), the cost, threat or
engagement in a disc, the card's own picture (``sprites.games.lcg.cardart``: a landscape
and a silhouette by type and trait, so two cards of one sphere look different),
and the numbers in large type along the bottom.  A card without numbers shows
its type and keyword there.  An encounter card with a shadow effect shows that
effect in the strip along its bottom edge: tucked under an enemy as a revealed
shadow card, that strip is what stays in sight.
"""
from __future__ import annotations

import pygame

from sprites.games.lcg.cardart import draw_motif, shifted
from sprites.games.lcg.cardicons import _art, _icon_outlined
from sprites.games.lcg.cardpaint import (BORDER, GOLD, GOLD_LIGHT, INK, PARCHMENT, PARCHMENT_DARK,
                                         STAT_COLORS, WHITE, _L, _fit_text, _font, _mix, _plate,
                                         value_colour)
from tabletop.core.i18n import N_, _

TYPE_WORDS = {"hero": N_("Hero"), "ally": N_("Ally"), "attachment": N_("Attachment"),
              "event": N_("Event"), "enemy": N_("Enemy"), "location": N_("Location"),
              "treachery": N_("Treachery"), "objective": N_("Objective"), "quest": N_("Quest")}
SHADOW_INK = (92, 30, 24)


def _lines_fit(text: str, role: str, width: int, height: int, max_size: int) -> tuple[list[str], int]:
    """``text`` in one line, or two, at the largest size that fits ``width`` x ``height``."""
    size = max_size
    one = min(size, int(height * 0.8))
    while one > 6 and _font(role, one).size(text)[0] > width:
        one -= 1
    if one >= max(8, int(height * 0.5)) or " " not in text:
        return [text], max(6, one)
    words = text.split()
    best = min(range(1, len(words)), key=lambda i: max(_font(role, 10).size(" ".join(words[:i]))[0],
                                                      _font(role, 10).size(" ".join(words[i:]))[0]))
    lines = [" ".join(words[:best]), " ".join(words[best:])]
    two = min(size, int(height * 0.46))
    while two > 6 and max(_font(role, two).size(t)[0] for t in lines) > width:
        two -= 1
    if two <= one:
        return [text], max(6, one)
    return lines, two


def name_band(surf, L: _L, rect: pygame.Rect, name: str, pal, colours=(PARCHMENT, PARCHMENT_DARK)) -> None:
    """The name, bold and as large as the band allows."""
    main, dark, _light = pal
    _plate(surf, rect, colours[0], colours[1], _mix(dark, BORDER, 0.5), max(2, rect.h // 4), 1)
    pad = max(2, rect.w // 28)
    lines, size = _lines_fit(name, "body_bold", rect.w - 2 * pad, rect.h - 2, int(rect.h * 0.72))
    f = _font("body_bold", size)
    lh = int(f.get_linesize() * 0.9)
    y = rect.centery - lh * len(lines) // 2
    for line in lines:
        t = f.render(line, True, INK)
        if t.get_width() > rect.w - 2 * pad:
            t = pygame.transform.smoothscale(t, (rect.w - 2 * pad, t.get_height()))
        surf.blit(t, t.get_rect(midtop=(rect.centerx, y - 1)))
        y += lh


def disc(surf, center, r: int, fill, ring, text: str) -> None:
    """A small numbered disc."""
    pygame.draw.circle(surf, (0, 0, 0), (center[0] + 1, center[1] + 1), r)
    pygame.draw.circle(surf, ring, center, r)
    pygame.draw.circle(surf, fill, center, max(1, r - max(1, r // 6)))
    f = _font("body_bold", max(7, int(r * 1.25)))
    t = f.render(text, True, WHITE)
    surf.blit(t, t.get_rect(center=(center[0], center[1] + 1)))


CHANGED_FILL = {1: (34, 112, 44), -1: (150, 42, 30)}    # behind a raised / lowered value
NUMBERS_ONLY = 19       # a cell narrower than this shows its number alone, in its colour


def stat_band(surf, rect: pygame.Rect, stats, dark) -> None:
    """The numbers along the bottom: a small icon and a large number, or on a small
    card the number alone in its stat's colour (it reads larger).  A current value
    that differs from the printed one sits on a green (raised) or red (lowered) pill."""
    n = len(stats)
    _plate(surf, rect, _mix(dark, (0, 0, 0), 0.35), _mix(dark, (0, 0, 0), 0.6),
           _mix(GOLD, dark, 0.35), max(2, rect.h // 4), 1)
    cw = rect.w / n
    alone = cw < NUMBERS_ONLY
    size = max(8, min(int(rect.h * 0.95), int(cw * 1.05))) if alone else \
        max(8, min(int(rect.h * 0.8), int(cw * 0.75)))
    f = _font("body_bold", size)
    ic_size = max(5, int(min(cw * 0.42, rect.h * 0.5)))
    for i, (icon, value) in enumerate(stats):
        cell = pygame.Rect(int(rect.x + i * cw), rect.y, int(cw), rect.h)
        num = "\u2013" if value is None else str(value)
        delta = getattr(value, "delta", 0)
        if delta:
            pill = cell.inflate(-2, -2)
            pygame.draw.rect(surf, CHANGED_FILL[1 if delta > 0 else -1], pill,
                             border_radius=max(2, pill.h // 3))
            pygame.draw.rect(surf, value_colour(value), pill, 1, border_radius=max(2, pill.h // 3))
        t = f.render(num, True, WHITE)
        ic = _icon_outlined(icon, ic_size, STAT_COLORS[icon], (0, 0, 0))
        total = ic.get_width() + t.get_width() - max(1, ic_size // 5)
        x = cell.centerx - total // 2
        if alone or total > cell.w - 1:          # no room beside: the number alone, coloured
            t = f.render(num, True, WHITE if delta else STAT_COLORS[icon])
            if t.get_width() > cell.w:
                t = pygame.transform.smoothscale(t, (cell.w, t.get_height()))
            surf.blit(t, t.get_rect(center=(cell.centerx, cell.centery + 1)))
            continue
        surf.blit(ic, ic.get_rect(midleft=(x, cell.centery)))
        surf.blit(t, t.get_rect(midleft=(x + ic.get_width() - max(1, ic_size // 5), cell.centery + 1)))


def word_band(surf, rect: pygame.Rect, text: str, pal) -> None:
    """A card without numbers: its type (or its keyword) in the bottom band."""
    main, dark, light = pal
    _plate(surf, rect, _mix(dark, (0, 0, 0), 0.3), _mix(dark, (0, 0, 0), 0.55),
           _mix(GOLD, dark, 0.35), max(2, rect.h // 4), 1)
    t = _fit_text("body_bold", text, GOLD_LIGHT, rect.w - 4, max(7, int(rect.h * 0.62)), 6)
    surf.blit(t, t.get_rect(center=rect.center))


def shadow_strip(surf, rect: pygame.Rect, shadow: str) -> None:
    """The shadow effect along the bottom edge (what shows under an enemy)."""
    _plate(surf, rect, (232, 214, 190), (212, 188, 160), SHADOW_INK, max(2, rect.h // 6), 1)
    from sprites.games.lcg.cardtext import _draw_paragraphs, _runs, without_shadow_label
    shadow = without_shadow_label(shadow)
    paras = [[(_("Shadow:"), "body_bold")] + _runs(shadow, "body_italic")]
    inner = rect.inflate(-max(2, rect.w // 20), -2)
    _draw_paragraphs(surf, inner, paras, max(7, int(rect.h * 0.32)), 5, SHADOW_INK, valign="middle")


def picture(surf, L: _L, card, art: pygame.Rect, pal, sky) -> None:
    """The card's own picture: its landscape in shifted colours and its silhouette."""
    main, dark, light = pal
    top, bottom = shifted(sky[0], card.code), shifted(sky[1], card.code)
    emblem = (card.sphere or "neutral") if card.deck == "player" else card.type
    art_s = _art(card.code, art.w, art.h, top, bottom, _mix(dark, BORDER, 0.3), emblem,
                 _mix(light, WHITE, 0.45)).copy()
    draw_motif(art_s, art_s.get_rect(), card, _mix(dark, BORDER, 0.55), _mix(light, WHITE, 0.55))
    surf.blit(art_s, art)
    pygame.draw.rect(surf, _mix(dark, BORDER, 0.5), art, width=1)


def draw_small(surf, L: _L, card, pal, sky, stats, keywords, shadow: str, disc_spec) -> None:
    """A player or encounter card at table size (the frame is drawn already)."""
    main, dark, light = pal
    w, h = L.w, L.h
    inset = max(2, L.px(6))
    band = pygame.Rect(inset, inset, w - 2 * inset, max(10, int(h * 0.21)))
    shadow_h = int(h * 0.3) if shadow else 0
    low_h = max(9, int(h * (0.22 if w < 90 else 0.17)))     # a small card's numbers read larger
    low = pygame.Rect(inset, h - inset - shadow_h - low_h - (1 if shadow else 0), w - 2 * inset, low_h)
    art = pygame.Rect(inset + 1, band.bottom + 1, w - 2 * inset - 2, max(4, low.y - band.bottom - 2))
    picture(surf, L, card, art, pal, sky)
    colours = ((226, 212, 186), (196, 176, 146)) if card.type in ("enemy", "treachery") \
        else (PARCHMENT, PARCHMENT_DARK)
    name_band(surf, L, band, card.name, pal, colours)
    if disc_spec is not None:
        text, fill, ring = disc_spec
        # lower left of the picture: the upper part is where resource, progress and
        # damage tokens sit
        r = max(6, int(min(w * 0.15, art.h * 0.3)))
        disc(surf, (art.x + r + 1, art.bottom - r - 1), r, fill, ring, text)
    if stats:
        stat_band(surf, low, stats, dark)
    else:
        word = ". ".join(keywords) if keywords else _(TYPE_WORDS.get(card.type, card.type))
        word_band(surf, low, word, pal)
    if shadow:
        shadow_strip(surf, pygame.Rect(inset, h - inset - shadow_h, w - 2 * inset, shadow_h), shadow)
