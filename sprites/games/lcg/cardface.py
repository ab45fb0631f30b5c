"""Card faces drawn procedurally with pygame, plus optional user image packs.

No card art or scans ship with the project (they are copyrighted): every face
is composed from shapes, gradients and text, from the facts in ``CardDef``.
Players who own the cards may point the table at a folder of their own scans
(:class:`ImagePack`); :func:`face_surface` prefers those and falls back to the
procedural face.

All surfaces are opaque with ``CORNER_KEY`` as an RLE-accelerated colorkey:
the pixels outside the rounded corners carry that colour.  The layout is
designed on a 250x350 master card and scales to any size; below about 160
pixels wide a compact variant keeps the name, numbers and icons legible and
drops the small print.  See docs/CARD_FACES.md.
"""
from __future__ import annotations

import dataclasses
import math
import random
from functools import lru_cache

import pygame

import sprites.cardimages as cardimages
from sprites.games.lcg.cardbacks import render_back
from sprites.games.lcg.cardicons import _art, _icon, _icon_outlined
from sprites.games.lcg.cardpaint import (BORDER, CARD_H, CARD_W, CORNER_KEY, GOLD, GOLD_LIGHT,
                                         INK, PARCHMENT, PARCHMENT_DARK, SPHERE_COLORS,
                                         Current, value_colour,
                                         STAT_COLORS, TYPE_COLORS, WHITE, Color, _L, _aa_circle,
                                         _aa_poly, _finish, _fit_text, _font, _mix, _plate,
                                         _radius, _rounded_panel, _text)
from sprites.games.lcg.cardtext import (_trigger_re, _draw_paragraphs, _quest_text, _runs,
                                        _split_rules, _wrap, without_shadow_label)
from tabletop.core.i18n import N_, _
from tabletop.games.lcg.names import localized, term

# the card types as the rulebooks name them (translated when drawn)
TYPE_LABELS = {
    "hero": N_("Hero"), "ally": N_("Ally"), "attachment": N_("Attachment"), "event": N_("Event"),
    "enemy": N_("Enemy"), "location": N_("Location"), "treachery": N_("Treachery"),
    "objective": N_("Objective"), "quest": N_("Quest"),
}


@lru_cache(maxsize=1)
def _known_guids() -> frozenset[str]:
    try:
        from tabletop.games.lcg.cards import core_set
        return frozenset(g.lower() for g in core_set().by_guid)
    except Exception:  # pragma: no cover - data missing
        return frozenset()


class ImagePack(cardimages.ImagePack):
    """The window's image pack (``sprites.cardimages``) knowing the card game's cards:
    a GUID that is a card's own is never taken for another card's side B."""

    def guid_taken(self, guid: str) -> bool:
        """Is ``guid`` the OCTGN id of a card of the core set?"""
        return guid.lower() in _known_guids()



def _palette(card) -> tuple[Color, Color, Color]:
    if card.deck == "player":
        return SPHERE_COLORS.get(card.sphere or "neutral", SPHERE_COLORS["neutral"])
    return TYPE_COLORS.get(card.type, TYPE_COLORS["treachery"])



def _badge(surf, center, r: int, fill: Color, ring: Color, text: str, L: _L,
           label: str = "", text_color: Color = WHITE, shape: str = "circle") -> None:
    """A numbered disc (cost, threat, engagement...)."""
    cx, cy = center
    # drop shadow
    shadow = pygame.Surface((r * 2 + 6, r * 2 + 6), pygame.SRCALPHA)
    pygame.draw.circle(shadow, (0, 0, 0, 90), (r + 3, r + 4), r + 1)
    surf.blit(shadow, (cx - r - 3, cy - r - 3))
    ring_w = max(2, int(round(r * 0.16)))
    if shape == "circle":
        _aa_circle(surf, (cx, cy), r, ring)
        _aa_circle(surf, (cx, cy), r - ring_w, fill)
        hl = _mix(fill, (255, 255, 255), 0.18)
        pygame.draw.circle(surf, hl, (cx, cy), r - ring_w, max(1, ring_w // 2),
                           draw_top_left=True, draw_top_right=True)
    else:  # "shield"-ish pointed badge for heroes' threat cost
        pts = [(cx + (r) * math.cos(a), cy + (r) * math.sin(a))
               for a in [i * math.pi / 4 + math.pi / 8 for i in range(8)]]
        _aa_poly(surf, pts, ring)
        pts2 = [(cx + (r - ring_w) * math.cos(a), cy + (r - ring_w) * math.sin(a))
                for a in [i * math.pi / 4 + math.pi / 8 for i in range(8)]]
        _aa_poly(surf, pts2, fill)
    size = int(r * (1.15 if len(text) < 2 else 0.95))
    num_y = cy - (r * 0.12 if label and not L.compact else 0)
    txt = _text("title", size, text, text_color)
    sh = _text("title", size, text, (0, 0, 0))
    rect = txt.get_rect(center=(cx, num_y))
    sh.set_alpha(140)
    surf.blit(sh, rect.move(1, 1))
    surf.blit(txt, rect)
    if label and not L.compact:
        lab = _fit_text("body_bold", label, _mix(text_color, fill, 0.25),
                        int(r * (1.5 if shape == "circle" else 1.25)), max(6, int(r * 0.3)), 5)
        surf.blit(lab, lab.get_rect(center=(cx, cy + r * (0.56 if shape == "circle" else 0.5))))


def _stat_cell(surf, rect: pygame.Rect, icon: str, value, L: _L, frame_dark: Color) -> None:
    """Icon and number on a dark pill."""
    rad = max(2, rect.h // 3)
    _plate(surf, rect, _mix(frame_dark, (0, 0, 0), 0.35), _mix(frame_dark, (0, 0, 0), 0.6),
           _mix(GOLD, frame_dark, 0.35), rad, 1)
    ih = int(rect.h * 0.78)
    ic = _icon_outlined(icon, ih, STAT_COLORS[icon], (0, 0, 0))
    num = _number(value)
    size = int(rect.h * (0.92 if not L.compact else 1.0))
    txt = _text("title", size, num, value_colour(value))
    gap = max(1, int(rect.h * 0.12))
    total = ic.get_width() + gap + txt.get_width()
    x = rect.centerx - total // 2
    surf.blit(ic, ic.get_rect(midleft=(x, rect.centery)))
    trect = txt.get_rect(midleft=(x + ic.get_width() + gap, rect.centery + 1))
    shadow = _text("title", size, num, (0, 0, 0))
    surf.blit(shadow, trect.move(1, 1))
    surf.blit(txt, trect)


def _frame(surf: pygame.Surface, L: _L, pal, hero: bool) -> None:
    main, dark, light = pal
    w, h = L.w, L.h
    surf.fill(BORDER)
    inset = max(2, L.px(6))
    inner = pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset)
    _rounded_panel(surf, inner, _mix(main, light, 0.18), dark, max(2, _radius(w, h) - inset // 2))
    # a fine bevel line
    pygame.draw.rect(surf, _mix(main, light, 0.45), inner, width=1,
                     border_radius=max(2, _radius(w, h) - inset // 2))
    if hero:
        gi = inner.inflate(-L.px(6, 2), -L.px(6, 2))
        pygame.draw.rect(surf, GOLD, gi, width=max(1, L.px(1.5)), border_radius=max(2, _radius(w, h) - inset))


def _name_plate(surf, L: _L, rect: pygame.Rect, card_name: str, unique: bool, pal,
                plate_colors=(PARCHMENT, PARCHMENT_DARK)) -> None:
    main, dark, light = pal
    rad = max(2, rect.h // 3)
    _plate(surf, rect, plate_colors[0], plate_colors[1], _mix(dark, BORDER, 0.5), rad,
           max(1, L.px(1.5)))
    pad = max(2, L.px(8))
    uniq_w = 0
    max_size = rect.h * 0.78 if not L.compact else min(rect.h * 0.9, L.px(34))
    min_size = max(10, int(rect.h * 0.45)) if L.compact else max(11, int(rect.h * 0.5))
    if unique:
        us = max(6, int(rect.h * 0.42))
        uniq_w = us + max(2, L.px(4))
    avail = rect.w - 2 * pad - uniq_w
    # try one line; if it does not fit at min size, two lines
    size = int(max_size)
    font_w = _font("title", size).size(card_name)[0]
    while size > min_size and font_w > avail:
        size -= 1
        font_w = _font("title", size).size(card_name)[0]
    lines = [card_name]
    if font_w > avail and " " in card_name and rect.h >= 2 * min_size * 0.95:
        words = card_name.split()
        best = None
        for i in range(1, len(words)):
            a, b = " ".join(words[:i]), " ".join(words[i:])
            m = max(_font("title", size).size(a)[0], _font("title", size).size(b)[0])
            if best is None or m < best[0]:
                best = (m, [a, b])
        lines = best[1]
        size = int(min(max_size, rect.h / 2.1 / 0.95))
        while size > 6 and max(_font("title", size).size(t)[0] for t in lines) > avail:
            size -= 1
    surfs = [_fit_text("title", t, INK, avail, size, size) for t in lines]
    total_h = sum(int(s.get_height() * 0.82) for s in surfs)
    y = rect.centery - total_h // 2 - int(surfs[0].get_height() * 0.06)
    if unique:
        us = max(6, int(rect.h * 0.42))
        ic = _icon_outlined("unique", us, _mix(main, BORDER, 0.1), _mix(GOLD, PARCHMENT, 0.3))
        first_w = surfs[0].get_width()
        ux = rect.centerx - (first_w + uniq_w) // 2
        surf.blit(ic, ic.get_rect(midleft=(ux, y + int(surfs[0].get_height() * 0.5))))
    for i, s in enumerate(surfs):
        lx = rect.centerx - (s.get_width() + uniq_w) // 2 + uniq_w if i == 0 \
            else rect.centerx - s.get_width() // 2
        surf.blit(s, (lx, y))
        y += int(s.get_height() * 0.82)


def _type_ribbon(surf, L: _L, center_x: int, y: int, label: str, pal) -> pygame.Rect:
    main, dark, light = pal
    size = max(7, L.px(11))
    txt = _text("title", size, label.upper(), GOLD_LIGHT)
    rect = txt.get_rect()
    rect.inflate_ip(max(8, L.px(22)), max(2, L.px(3)))
    rect.center = (center_x, y)
    _plate(surf, rect, _mix(dark, BORDER, 0.3), _mix(dark, BORDER, 0.6), _mix(GOLD, dark, 0.2),
           max(2, rect.h // 2), 1)
    surf.blit(txt, txt.get_rect(center=rect.center))
    return rect


def _text_box(surf, L: _L, rect: pygame.Rect, traits: tuple[str, ...], keywords: list[str],
              body: str, shadow: str, pal, victory=None, extra_top: str = "") -> None:
    """The parchment box: traits, then keywords and rules text, a shadow effect at the
    bottom, and the victory plate; small cards show only what still reads."""
    main, dark, light = pal
    rad = max(2, L.px(6))
    _plate(surf, rect, _mix(PARCHMENT, (255, 255, 255), 0.25), PARCHMENT,
           _mix(dark, BORDER, 0.4), rad, max(1, L.px(1.2)))
    pad_x = max(2, L.px(7))
    pad_y = max(1, L.px(4))
    inner = rect.inflate(-2 * pad_x, -2 * pad_y)
    y = _box_heading(surf, L, inner, traits, extra_top, main)
    if L.compact:
        _compact_box(surf, L, inner, y, keywords, body, victory)
        return
    bottom = _victory_plate(surf, L, rect, victory) if victory else inner.bottom
    paragraphs: list[list[tuple[str, str]]] = []
    if keywords:
        paragraphs.append([(w, "body_bold") for w in (". ".join(keywords) + ".").split()])
    if body:
        paragraphs.append(_runs(body))
    avail = pygame.Rect(inner.x, y + L.px(2), inner.w, bottom - y - L.px(2))
    max_size, min_size = L.px(11.5), max(6, L.px(7.5))
    if not shadow:
        if paragraphs:
            _draw_paragraphs(surf, avail, paragraphs, max_size, min_size, INK, valign="middle")
        return
    _body_and_shadow(surf, L, inner, avail, paragraphs, shadow, max_size, min_size, dark)


def _box_heading(surf, L: _L, inner: pygame.Rect, traits, extra_top: str, main) -> int:
    """Traits (and the scenario line of a small quest card) at the top; returns the y below."""
    y = inner.y
    if traits:
        tsize = max(8, L.px(12)) if not L.compact else max(8, L.px(16))
        t = _fit_text("title_italic", ". ".join(traits) + ".", _mix(INK, main, 0.25), inner.w,
                      tsize, max(6, tsize - 3))
        surf.blit(t, t.get_rect(midtop=(inner.centerx, y)))
        y += int(t.get_height() * 0.95)
    if extra_top:
        t = _fit_text("title", extra_top, _mix(INK, main, 0.25), inner.w, max(8, L.px(13)), 7)
        surf.blit(t, t.get_rect(midtop=(inner.centerx, y)))
        y += t.get_height()
    return y


def _compact_box(surf, L: _L, inner: pygame.Rect, y: int, keywords, body: str, victory) -> None:
    """The small print is unreadable at this size: keywords, or the kind of ability the
    card has, in letters that still read, and "V" and the victory points."""
    hint = ". ".join(keywords) + "." if keywords else ""
    if not hint and body:
        m = _trigger_re().search(body)
        if m and m.start() < 3:
            hint = m.group(1)
    if hint:
        kw = _fit_text("body_bold", hint, INK, inner.w, max(8, L.px(18)), 7)
        surf.blit(kw, kw.get_rect(midtop=(inner.centerx, y + 1)))
    if victory:
        v = _text("title", max(8, L.px(18)), f"V{victory}", INK)
        surf.blit(v, v.get_rect(bottomright=(inner.right + 1, inner.bottom + 2)))


def _victory_plate(surf, L: _L, rect: pygame.Rect, victory) -> int:
    """The victory plate straddling the bottom edge of the text box; returns the y above it."""
    vsize = max(7, L.px(10))
    vt = _text("title", vsize, f"VICTORY {victory}.", INK)
    vr = vt.get_rect().inflate(L.px(10), L.px(3))
    vr.midright = (rect.right - L.px(8), rect.bottom)
    pygame.draw.rect(surf, PARCHMENT_DARK, vr, border_radius=max(1, L.px(2)))
    pygame.draw.rect(surf, INK, vr, width=1, border_radius=max(1, L.px(2)))
    surf.blit(vt, vt.get_rect(center=vr.center))
    return vr.top - L.px(1)


def _body_and_shadow(surf, L: _L, inner: pygame.Rect, avail: pygame.Rect, paragraphs,
                     shadow: str, max_size: int, min_size: int, dark) -> None:
    """Body and shadow share one size (the shadow a point smaller), chosen so that both
    fit; the shadow sits at the bottom under a separator."""
    shadow = without_shadow_label(shadow)
    shadow_paras = [[(_("Shadow:"), "body_bold")] + _runs(shadow, "body_italic")]
    sep = L.px(12)
    size = max_size
    while size > min_size:
        hb = _para_height(paragraphs, size, avail.w) if paragraphs else 0
        hs = _para_height(shadow_paras, max(min_size, size - 1), avail.w)
        if hb + hs + sep <= avail.h:
            break
        size -= 1
    ssize = max(min_size, size - 1)
    hs = min(_para_height(shadow_paras, ssize, avail.w), int(avail.h * (0.6 if paragraphs else 1.0)))
    if paragraphs:
        sh_rect = pygame.Rect(avail.x, avail.bottom - hs, avail.w, hs)
    else:
        sh_rect = pygame.Rect(avail.x, avail.centery - hs // 2 + sep // 2, avail.w, hs)
    sep_y = sh_rect.y - sep // 2
    _shadow_separator(surf, L, inner, sep_y, dark)
    _draw_paragraphs(surf, sh_rect, shadow_paras, ssize, min_size, (70, 44, 40))
    if paragraphs:
        body_rect = pygame.Rect(avail.x, avail.y, avail.w, sep_y - sep // 2 - avail.y)
        _draw_paragraphs(surf, body_rect, paragraphs, size, min_size, INK)


def _para_height(paragraphs, size: int, width: int) -> int:
    lines = _wrap(paragraphs, size, width)
    lh = _font("body", size).get_linesize()
    gap = max(1, lh // 3)
    return len(lines) * lh + gap * (lines[-1][0] if lines else 0)


def _shadow_separator(surf, L: _L, inner: pygame.Rect, y: int, dark: Color) -> None:
    col = _mix(dark, PARCHMENT, 0.35)
    cx = inner.centerx
    half = inner.w // 2 - L.px(4)
    pygame.draw.line(surf, col, (cx - half, y), (cx - L.px(8), y), max(1, L.px(1.2)))
    pygame.draw.line(surf, col, (cx + L.px(8), y), (cx + half, y), max(1, L.px(1.2)))
    d = L.px(4)
    _aa_poly(surf, [(cx, y - d), (cx + d, y), (cx, y + d), (cx - d, y)], col)


def _footer(surf, L: _L, left: str, right: str, pal, y: int) -> None:
    main, dark, light = pal
    if L.compact:
        return
    size = max(6, L.px(9))
    col = _mix(light, WHITE, 0.3)
    if left:
        t = _fit_text("body_bold", left, col, int(L.w * 0.62), size, 6)
        surf.blit(t, t.get_rect(midleft=(L.px(16), y)))
    if right:
        t = _text("body", size, right, _mix(col, dark, 0.25))
        surf.blit(t, t.get_rect(midright=(L.w - L.px(16), y)))


def _sphere_badge(surf, L: _L, center, r: int, icon: str, pal) -> None:
    main, dark, light = pal
    _aa_circle(surf, center, r, _mix(GOLD, BORDER, 0.1))
    _aa_circle(surf, center, r - max(1, L.px(2)), dark)
    ic = _icon(icon, int(r * 1.3), _mix(light, WHITE, 0.4))
    surf.blit(ic, ic.get_rect(center=center))


# ------------------------------------------------------------------ fronts --


def render_front(card, width: int = CARD_W, height: int = CARD_H, side: str = "A",
                 current: tuple = ()) -> pygame.Surface:
    """The procedural face of ``card`` at ``width`` x ``height`` pixels.

    ``side`` ("A" or "B") matters only for quest cards.  ``current``: (field, value,
    delta) of the stats whose value now differs from the printed one (drawn coloured).
    """
    width, height = max(16, int(width)), max(16, int(height))
    side = (side or "A").upper()
    if side not in ("A", "B"):
        raise ValueError(f"side must be 'A' or 'B', not {side!r}")
    surf = pygame.Surface((width, height))
    L = _L(width, height)
    card = localized(card)   # names and text in the language in force
    if current:
        card = dataclasses.replace(card, **{f: Current(v, d) for f, v, d in current})
    if card.type == "quest":
        _draw_quest(surf, L, card, side)
    else:
        _draw_card(surf, L, card)
    return _finish(surf)


def _number(v) -> str:
    return "\u2013" if v is None else str(v)


def _layout(L: _L, has_stats: bool, has_disc: bool) -> dict[str, pygame.Rect]:
    """Where the parts of a player or encounter card go."""
    c = L.compact
    lay: dict[str, pygame.Rect] = {}
    if not c:
        lay["name"] = L.r(50, 11, 186, 32) if has_disc else L.r(16, 11, 218, 32)
        lay["disc"] = L.r(8, 6, 46, 46)
        if has_stats:
            lay["art"] = L.r(14, 48, 222, 112)
            lay["stats"] = L.r(14, 165, 222, 28)
        else:
            lay["art"] = L.r(14, 48, 222, 138)
    else:
        lay["name"] = L.r(54, 8, 188, 58) if has_disc else L.r(12, 8, 226, 58)
        lay["disc"] = L.r(4, 4, 58, 66)
        # no small print here, so the art takes the room of the text
        if has_stats:
            lay["art"] = L.r(14, 70, 222, 114)
            lay["stats"] = L.r(12, 188, 226, 64)
        else:
            lay["art"] = L.r(14, 70, 222, 160)
    return lay


def _disc_geometry(L: _L, rect: pygame.Rect) -> tuple[tuple[int, int], int]:
    r = min(rect.w, rect.h) // 2
    if L.compact:
        r = max(11, r)
    return (rect.centerx, rect.centery), r


def _stat_row(surf, L: _L, row: pygame.Rect, stats, dark) -> None:
    n = len(stats)
    gap = max(1, L.px(5))
    cell_w = (row.w - gap * (n - 1)) / n
    for i, (icon, value) in enumerate(stats):
        cell = pygame.Rect(int(row.x + i * (cell_w + gap)), row.y, int(cell_w), row.h)
        if L.compact:
            _stat_cell_stacked(surf, cell, icon, value, dark)
        else:
            _stat_cell(surf, cell, icon, value, L, dark)


def _stat_cell_stacked(surf, rect: pygame.Rect, icon: str, value, frame_dark: Color) -> None:
    """Compact stat: icon above a number, for small cards."""
    rad = max(2, rect.w // 4)
    _plate(surf, rect, _mix(frame_dark, (0, 0, 0), 0.35), _mix(frame_dark, (0, 0, 0), 0.6),
           _mix(GOLD, frame_dark, 0.35), rad, 1)
    ih = max(6, min(rect.w - 4, int(rect.h * 0.42)))
    ic = _icon_outlined(icon, ih, STAT_COLORS[icon], (0, 0, 0))
    surf.blit(ic, ic.get_rect(midtop=(rect.centerx, rect.y + 1)))
    num = _number(value)
    size = max(9, int(rect.h * 0.62))
    txt = _fit_text("title", num, value_colour(value), rect.w - 2, size, 8)
    trect = txt.get_rect(midbottom=(rect.centerx, rect.bottom + max(1, size // 6)))
    surf.blit(txt, trect)


_ENCOUNTER_SKY = {
    "enemy": ((148, 64, 44), (60, 20, 16)),
    "location": ((190, 186, 140), (112, 118, 76)),
    "treachery": ((110, 78, 130), (40, 24, 56)),
    "objective": ((236, 206, 130), (150, 112, 44)),
}


def _card_stats(card) -> list[tuple[str, object]]:
    """The stat row of a card: (icon, value) pairs, none for events and the like."""
    kind = card.type
    if kind in ("hero", "ally"):
        return [("willpower", card.willpower), ("attack", card.attack),
                ("defense", card.defense), ("health", card.health)]
    if kind == "enemy":
        return [("threat", card.threat_strength), ("attack", card.attack),
                ("defense", card.defense), ("health", card.health)]
    if kind == "location":
        return [("threat", card.threat_strength), ("quest", card.quest_points)]
    return []


def _card_art(surf, L: _L, card, art: pygame.Rect, pal) -> None:
    """The landscape with the sphere's or the card type's emblem, and a sphere badge."""
    from sprites.games.lcg.cardsmall import picture
    main, dark, light = pal
    player = card.deck == "player"
    sphere = card.sphere or "neutral"
    picture(surf, L, card, art, pal, _sky(card, pal))
    pygame.draw.rect(surf, _mix(dark, BORDER, 0.5), art, width=max(1, L.px(1.5)))
    if player and not L.compact:
        br = L.px(13)
        _sphere_badge(surf, L, (art.right - br - L.px(5), art.bottom - br - L.px(5)), br, sphere, pal)


def _card_disc(surf, L: _L, card, rect: pygame.Rect, pal) -> None:
    """The round badge at the top left: a hero's threat, an enemy's engagement, a cost."""
    main, dark, light = pal
    center, cr = _disc_geometry(L, rect)
    if card.type == "hero":
        _badge(surf, center, cr, _mix(dark, BORDER, 0.2), GOLD, _number(card.threat), L,
               label=_("THREAT"), shape="oct")
    elif card.type == "enemy":
        _badge(surf, center, cr, (40, 16, 12), (196, 70, 50), _number(card.engagement_cost), L,
               label=_("ENGAGE"))
    else:
        _badge(surf, center, cr, _mix(main, BORDER, 0.25), GOLD_LIGHT, _number(card.cost), L,
               label=_("COST"))


def _sky(card, pal) -> tuple[Color, Color]:
    main, dark, light = pal
    if card.deck == "player":
        return (_mix(main, WHITE, 0.45), _mix(main, light, 0.35))
    return _ENCOUNTER_SKY.get(card.type, (_mix(main, WHITE, 0.4), dark))


def _disc_spec(card, pal):
    """(number, fill, ring) of a card's disc, or None."""
    main, dark, light = pal
    if card.type == "hero":
        return _number(card.threat), _mix(dark, BORDER, 0.2), GOLD
    if card.type == "enemy":
        return _number(card.engagement_cost), (40, 16, 12), (196, 70, 50)
    if card.deck == "player":
        return _number(card.cost), _mix(main, BORDER, 0.25), GOLD_LIGHT
    return None


def _draw_card(surf, L: _L, card) -> None:
    """Player and encounter cards share one layout (at table size, ``cardsmall``'s)."""
    pal = _palette(card)
    main, dark, light = pal
    c = L.compact
    kind = card.type
    player = card.deck == "player"
    stats = _card_stats(card)
    has_disc = player or kind == "enemy"
    _frame(surf, L, pal, hero=kind == "hero")
    if c:
        from sprites.games.lcg.cardsmall import draw_small
        keywords, _body, shadow = _split_rules(card)
        draw_small(surf, L, card, pal, _sky(card, pal), stats, keywords,
                   shadow if not player else "", _disc_spec(card, pal))
        return
    lay = _layout(L, bool(stats), has_disc)
    art = lay["art"]
    _card_art(surf, L, card, art, pal)
    plate_cols = (PARCHMENT, PARCHMENT_DARK)
    if kind in ("enemy", "treachery"):
        plate_cols = ((226, 212, 186), (196, 176, 146))
    _name_plate(surf, L, lay["name"], card.name, card.unique, pal, plate_cols)
    if has_disc:
        _card_disc(surf, L, card, lay["disc"], pal)
    if stats:
        row = lay["stats"]
        if len(stats) == 2:
            row = row.inflate(-int(row.w * (0.3 if not c else 0.4)), 0)
        _stat_row(surf, L, row, stats, dark)
        ribbon_y = row.bottom + (L.px(10) if not c else L.px(13))
    else:
        ribbon_y = art.bottom + (L.px(1) if not c else 0)
    ribbon = _type_ribbon(surf, L, L.w // 2, ribbon_y, _(TYPE_LABELS.get(kind, kind)), pal)

    keywords, body, shadow = _split_rules(card)
    box_top = ribbon.bottom + L.px(2)
    box = pygame.Rect(L.px(14), box_top, L.w - 2 * L.px(14), L.h - box_top - L.px(26 if not c else 12))
    _text_box(surf, L, box, card.traits, keywords, body, shadow, pal, victory=card.victory)
    sphere = card.sphere or "neutral"
    footer_left = term(sphere.capitalize()) if player else (card.encounter_set or "")
    number = (_("Core \u00b7 {number:03d}").format(number=card.number)
              if card.number and not card.victory else "")
    _footer(surf, L, footer_left, number, pal, L.h - L.px(17))


def _draw_quest(surf, L: _L, card, side: str) -> None:
    pal = TYPE_COLORS["quest" if side == "A" else "quest_b"]
    main, dark, light = pal
    c = L.compact
    _frame(surf, L, pal, hero=False)
    stage = card.stage if card.stage is not None else "?"
    name = (card.side_b_name if side == "B" else card.side_a_name) or card.name
    # scenario line above the name
    if not c:
        scen = _fit_text("title", (card.scenario or card.encounter_set or "").upper(),
                         _mix(light, WHITE, 0.5), L.w - L.px(100), L.px(11), 7)
        surf.blit(scen, scen.get_rect(center=(L.w // 2 + L.px(22), L.px(20))))
        name_rect = L.r(50, 30, 186, 34)
    else:
        _draw_quest_small(surf, L, card, side, pal, name, stage)
        return
    _name_plate(surf, L, name_rect, name, False, pal,
                (PARCHMENT, PARCHMENT_DARK) if side == "A" else ((232, 230, 204), (200, 200, 164)))
    cr = L.px(24)
    center = (L.px(32), L.px(33))
    _badge(surf, center, cr, _mix(dark, BORDER, 0.3), GOLD, f"{stage}{side}", L, label=_("STAGE"))
    art_top = 70 if not c else 72
    art_bottom = 170 if not c else 228
    art = L.r(14, art_top, 222, art_bottom - art_top)
    sky = ((214, 196, 150), (150, 126, 84)) if side == "A" else ((190, 200, 160), (100, 112, 76))
    art_s = _art(card.code + side, art.w, art.h, sky[0], sky[1], _mix(dark, BORDER, 0.2),
                 "quest", _mix(light, WHITE, 0.3))
    surf.blit(art_s, art)
    _quest_path(surf, art, card.code + side, L)
    pygame.draw.rect(surf, _mix(dark, BORDER, 0.5), art, width=max(1, L.px(1.5)))
    label = _("Stage {stage} \u00b7 Side {side}").format(stage=stage, side=side)
    ribbon = _type_ribbon(surf, L, L.w // 2, art.bottom + (L.px(1) if not c else 0),
                          label if not c else _("Stage {stage}{side}").format(stage=stage, side=side),
                          pal)
    box_top = ribbon.bottom + L.px(2)
    bottom_reserved = 26 if not c else 12
    box = pygame.Rect(L.px(14), box_top, L.w - 2 * L.px(14), L.h - box_top - L.px(bottom_reserved))
    body = _quest_text(card, side)
    if c:
        body = ""
    elif not body:
        body = (_("Stage {stage} of {scenario}.").format(stage=stage, scenario=card.scenario)
                if card.scenario else _("Stage {stage}.").format(stage=stage))
    _text_box(surf, L, box, (), [], body, "", pal,
              extra_top=(card.scenario or "") if c else "")
    if side == "B" and card.quest_points is not None:
        # quest points: a big disc over the art's lower right corner
        qr = L.px(25) if not c else max(12, L.px(30))
        qc = (art.right - qr - L.px(2), art.bottom - qr // 3)
        _badge(surf, qc, qr, _mix(dark, BORDER, 0.2), GOLD, str(card.quest_points), L,
               label=_("QUEST"))
    _footer(surf, L, card.encounter_set or "",
            _("Core \u00b7 {number:03d}").format(number=card.number) if card.number else "",
            pal, L.h - L.px(17))


def _draw_quest_small(surf, L: _L, card, side: str, pal, name: str, stage) -> None:
    """A quest card at table size: its name, stage and side, and its quest points."""
    from sprites.games.lcg.cardsmall import disc, name_band, word_band
    main, dark, light = pal
    w, h = L.w, L.h
    inset = max(2, L.px(6))
    band = pygame.Rect(inset, inset, w - 2 * inset, max(10, int(h * 0.21)))
    low = pygame.Rect(inset, h - inset - max(9, int(h * 0.17)), w - 2 * inset, max(9, int(h * 0.17)))
    art = pygame.Rect(inset + 1, band.bottom + 1, w - 2 * inset - 2, low.y - band.bottom - 2)
    sky = ((214, 196, 150), (150, 126, 84)) if side == "A" else ((190, 200, 160), (100, 112, 76))
    surf.blit(_art(card.code + side, art.w, art.h, sky[0], sky[1], _mix(dark, BORDER, 0.2),
                   "quest", _mix(light, WHITE, 0.3)), art)
    _quest_path(surf, art, card.code + side, L)
    name_band(surf, L, band, name, pal,
              (PARCHMENT, PARCHMENT_DARK) if side == "A" else ((232, 230, 204), (200, 200, 164)))
    r = max(6, int(min(w * 0.15, art.h * 0.3)))
    disc(surf, (art.x + r + 1, art.bottom - r - 1), r, _mix(dark, BORDER, 0.3), GOLD, f"{stage}{side}")
    if side == "B" and card.quest_points is not None:
        word_band(surf, low, _("{n} quest points").format(n=card.quest_points), pal)
    else:
        word_band(surf, low, _("Stage {stage}").format(stage=f"{stage}{side}"), pal)


def _quest_path(surf, art: pygame.Rect, seed: str, L: _L) -> None:
    """A dotted journey line across the quest art, like a map."""
    rng = random.Random(seed + "path")
    pts = []
    n = 7
    for i in range(n + 1):
        x = art.x + art.w * (0.08 + 0.84 * i / n)
        y = art.y + art.h * (0.78 - 0.5 * i / n + rng.uniform(-0.1, 0.1))
        pts.append((x, y))
    col = (92, 40, 24)
    dot = max(1, L.px(2))
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        steps = max(2, int(math.hypot(x1 - x0, y1 - y0) / max(3, L.px(7))))
        for k in range(steps):
            t = k / steps
            pygame.draw.circle(surf, col, (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t), dot)
    ex, ey = pts[-1]
    m = max(3, L.px(7))
    pygame.draw.line(surf, (150, 30, 20), (ex - m, ey - m), (ex + m, ey + m), max(2, L.px(3)))
    pygame.draw.line(surf, (150, 30, 20), (ex - m, ey + m), (ex + m, ey - m), max(2, L.px(3)))



def face_surface(card, width: int, height: int, side: str = "A",
                 pack: ImagePack | None = None, current: tuple = ()) -> pygame.Surface:
    """The face to show: the pack's scan when there is one, else procedural (with the
    ``current`` values of ``render_front``)."""
    if pack is not None:
        surf = pack.face(card, width, height, side)
        if surf is not None:
            return surf
    return render_front(card, width, height, side, current)


__all__ = ["CARD_W", "CARD_H", "CORNER_KEY", "render_front", "render_back", "ImagePack",
           "face_surface"]

