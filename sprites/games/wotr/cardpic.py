"""Event cards of War of the Ring, drawn (no card text ships).

Every event card is drawn from its declaration (``tabletop.games.wotr.events``):
its side and deck, name, initiative, the die icon that plays it, our paraphrase
of the event and, below, its combat card (title, initiative, paraphrase).  A
player's own scans are used instead when an image pack holds a file named by
the card's code (``ev.fp.char.06.jpg``, ``ev.shadow.strat.18k.png``; see
docs/WAR_OF_THE_RING.md).
"""
from __future__ import annotations

from types import SimpleNamespace

import pygame

from sprites import fonts
from tabletop.core.i18n import _
from tabletop.games.wotr.base import piece_label
from tabletop.games.wotr.data import FP
from tabletop.games.wotr.events import spec
from tabletop.games.wotr.pieces import catalogue

FP_CARD = (46, 84, 150)
SHADOW_CARD = (140, 34, 30)
_cache: dict = {}
_pack = None


def image_pack():
    """The user's image pack (shared with the card game's), made on first use."""
    global _pack
    if _pack is None:
        from sprites.cardimages import ImagePack
        _pack = ImagePack()
    return _pack


def card_face(code: str, width: int, height: int) -> pygame.Surface:
    """A card's face: the user's scan when there is one, else drawn."""
    scan = image_pack().face(SimpleNamespace(code=code, octgn_id="", type="event"),
                             width, height)
    if scan is not None:
        return scan
    key = (code, width, height)
    surf = _cache.get(key)
    if surf is None:
        surf = _cache[key] = draw_card(code, width, height)
    return surf


def draw_card(code: str, width: int, height: int) -> pygame.Surface:
    """Our own face for a card: the side's colour, its deck, name and initiative; the
    event's paraphrase above, the combat card's below (title, initiative, paraphrase)."""
    d = catalogue()[code]
    surf = pygame.Surface((width, height))
    surf.fill((235, 225, 198))
    colour = FP_CARD if d.side == FP else SHADOW_CARD
    pygame.draw.rect(surf, colour, surf.get_rect(), max(4, width // 30), border_radius=10)
    band = pygame.Rect(0, 0, width, height // 7)
    pygame.draw.rect(surf, colour, band, border_top_left_radius=10, border_top_right_radius=10)
    sp = spec(code)
    deck = _("Character") if ".char." in code else _("Strategy") if ".strat." in code else ""
    side = _("Free Peoples") if d.side == FP else _("Shadow")
    light = (245, 238, 220)
    _centred(surf, f"{side} · {deck}", max(9, width // 20), light, band.height // 8, "ui-bold")
    if sp is None:
        _wrapped(surf, piece_label(code), width // 12, (40, 30, 20), height // 2, width)
        return surf
    init = fonts.text(str(sp.initiative), max(12, width // 9), light, "title")
    surf.blit(init, init.get_rect(topright=(width - 8, 4)))
    icon = {"character": _("Character"), "army": _("Army"), "muster": _("Muster")}[sp.icon]
    y = _wrapped(surf, _(sp.name), max(10, width // 15), (40, 30, 20), band.bottom + 4, width,
                 "title")
    y = _centred(surf, _("played with Event or {icon}").format(icon=icon), max(8, width // 24),
                 (90, 70, 50), y)
    y = _wrapped(surf, _(sp.text), max(8, width // 22), (40, 30, 20), y + 4, width, "ui")
    half = max(y + 6, int(height * 0.62))
    pygame.draw.line(surf, colour, (10, half - 4), (width - 10, half - 4), 2)
    c = sp.combat
    y = _wrapped(surf, "{title} [{n}]".format(title=_(c.title), n=c.initiative),
                 max(9, width // 18), colour, half, width, "ui-bold")
    _wrapped(surf, _(c.text), max(8, width // 24), (40, 30, 20), y + 2, width, "ui")
    if sp.kings:
        _centred(surf, _("Kings of Middle-earth"), max(7, width // 26), (90, 70, 50),
                 height - max(10, width // 14))
    return surf


def _centred(surf, text: str, size: int, colour, y: int, face: str = "ui") -> int:
    img = fonts.text(text, max(8, size), colour, face)
    surf.blit(img, img.get_rect(midtop=(surf.get_width() // 2, y)))
    return y + img.get_height()


def _wrapped(surf, text: str, size: int, colour, y: int, width: int, face: str = "title") -> int:
    f = fonts.font(max(8, size), face)
    line = ""
    for word in text.split():
        trial = (line + " " + word).strip()
        if line and f.size(trial)[0] > width - 24:
            y = _centred(surf, line, size, colour, y, face)
            line = word
        else:
            line = trial
    return _centred(surf, line, size, colour, y, face) if line else y
