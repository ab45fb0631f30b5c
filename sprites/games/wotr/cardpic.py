"""Event and character cards of War of the Ring, drawn (no card text ships).

Base-game event cards are shown as numbered cards (their side, deck and
number); the expansion's cards carry their name, combat name and initiative
from the data.  A player's own scans are used instead when an image pack
holds a file named by the card's code (``ev.fp.char.06.jpg``,
``ev.shadow.strat.18k.png``; see docs/WAR_OF_THE_RING.md).
"""
from __future__ import annotations

from types import SimpleNamespace

import pygame

from sprites import fonts
from tabletop.core.i18n import _
from tabletop.games.wotr.base import piece_label
from tabletop.games.wotr.data import FP, kings_events
from tabletop.games.wotr.pieces import catalogue, event_code

FP_CARD = (46, 84, 150)
SHADOW_CARD = (140, 34, 30)
_cache: dict = {}
_pack = None


def _kings_card(code: str):
    for e in kings_events():
        if event_code(e.side, e.deck, e.number, True) == code:
            return e
    return None


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
    """Our own face for a card: frame in the side's colour, its name or number."""
    d = catalogue()[code]
    surf = pygame.Surface((width, height))
    surf.fill((235, 225, 198))
    colour = FP_CARD if d.side == FP else SHADOW_CARD
    pygame.draw.rect(surf, colour, surf.get_rect(), max(6, width // 18), border_radius=10)
    band = pygame.Rect(0, 0, width, height // 5)
    pygame.draw.rect(surf, colour, band, border_top_left_radius=10, border_top_right_radius=10)
    deck = _("Character") if ".char." in code else _("Strategy") if ".strat." in code else ""
    side = _("Free Peoples") if d.side == FP else _("Shadow")
    y = _centred(surf, side, width // 14, (245, 238, 220), band.height // 5, "ui-bold")
    _centred(surf, deck, width // 16, (245, 238, 220), y + 2)
    if d.kind == "event":
        num = fonts.text(str(d.number), width // 3, colour, "title")
        surf.blit(num, num.get_rect(center=(width // 2, height // 2)))
    ev = _kings_card(code)
    title = ev.name if ev else piece_label(code)
    y = _wrapped(surf, _(title), width // 12, (40, 30, 20), int(height * 0.66), width)
    if ev is not None:
        line = _("Combat: {name} [{n}]").format(name=_(ev.combat), n=ev.initiative)
        _wrapped(surf, line, width // 16, (90, 70, 50), y + 6, width)
        _centred(surf, _("Kings of Middle-earth"), width // 18, (90, 70, 50), height - width // 8)
    return surf


def _centred(surf, text: str, size: int, colour, y: int, face: str = "ui") -> int:
    img = fonts.text(text, max(8, size), colour, face)
    surf.blit(img, img.get_rect(midtop=(surf.get_width() // 2, y)))
    return y + img.get_height()


def _wrapped(surf, text: str, size: int, colour, y: int, width: int) -> int:
    f = fonts.font(max(8, size), "title")
    line = ""
    for word in text.split():
        trial = (line + " " + word).strip()
        if line and f.size(trial)[0] > width - 24:
            y = _centred(surf, line, size, colour, y, "title")
            line = word
        else:
            line = trial
    return _centred(surf, line, size, colour, y, "title") if line else y
