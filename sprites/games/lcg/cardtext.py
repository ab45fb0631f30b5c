"""Rules text on card faces: keywords and triggers in bold, wrapped and shrunk to
fit its box, never drawn outside it (lines that cannot fit end with an ellipsis)."""
from __future__ import annotations

import re

import pygame

from sprites.games.lcg.cardpaint import Color, _font
from tabletop.core.i18n import N_, PENDING_MARK, _, language

# the bold words of a card's text, as the rulebooks print them (translated when drawn)
TRIGGERS = (
    N_("When Revealed"), N_("Forced"), N_("Response"), N_("Quest Action"), N_("Combat Action"),
    N_("Planning Action"), N_("Action"), N_("Setup"), N_("Travel"), N_("Shadow"), N_("Side B"),
)
_trigger_res: dict[str, re.Pattern] = {}


def _trigger_re() -> re.Pattern:
    """The trigger words in the language in force (longest first)."""
    lang = language()
    rx = _trigger_res.get(lang)
    if rx is None:
        words = sorted({_(t) for t in TRIGGERS} | set(TRIGGERS), key=len, reverse=True)
        rx = _trigger_res[lang] = re.compile(r"(?<!\w)(" + "|".join(re.escape(t) for t in words)
                                             + r")(?=[:,]| \()")
    return rx


# -------------------------------------------------------------- rich text --

def _declared_text(card) -> tuple[str, str]:
    """(rules text, shadow text) for the face: from the card's declaration, which says
    what the rules engine does (``cardspecs.face_text``), else the card data's."""
    try:
        from tabletop.games.lcg.cardspecs import face_text
        rules, shadow = face_text(card.code)
    except (KeyError, ImportError):
        rules, shadow = card.rules_text, card.shadow_text
    return (rules or "").strip(), (shadow or "").strip()


def without_shadow_label(shadow: str) -> str:
    """A shadow effect without its leading "Shadow:" label, in English or in the
    language in force ("Stín:", "Cień:"), however many times it is there: the face
    writes the label itself, once."""
    labels = {"Shadow", _("Shadow"), _("Shadow:").rstrip(":").strip()}
    pattern = r"^\s*(?:" + "|".join(re.escape(w) for w in labels if w) + r")\s*:\s*"
    prev = None
    while prev != shadow:
        prev, shadow = shadow, re.sub(pattern, "", shadow, flags=re.IGNORECASE)
    return shadow


def _split_rules(card) -> tuple[list[str], str, str]:
    """(keywords to print in bold, rules text, shadow text) for a card.

    The keyword sentences at the head of the paraphrase ("Sentinel. ...") and
    "Victory N." are shown elsewhere, so they are taken out of the body; the
    part after "Shadow:" becomes the shadow line.
    """
    text, printed_shadow = _declared_text(card)
    shadow = ""
    m = re.search(r"(?:^|\s)(?:Shadow|" + re.escape(_("Shadow")) + r"):\s*", text)
    if m:
        shadow = text[m.end():].strip()
        text = text[:m.start()].strip()
    if not shadow and printed_shadow:
        shadow = printed_shadow
    keywords = [k for k in card.keywords if not k.lower().startswith("victory")]
    for k in card.keywords:
        text = re.sub(r"(?:(?<=^)|(?<=[.!?]\s))" + re.escape(k) + r"\.\s*", "", text)
    text = text.strip()
    return keywords, text, shadow


def _quest_text(card, side: str) -> str:
    """The text of one side of a quest card (a pending translation: both sides marked)."""
    text = (card.rules_text or "").strip()
    if text.startswith(PENDING_MARK):
        body = _quest_side(text[len(PENDING_MARK):], side)
        return PENDING_MARK + body if body else body
    return _quest_side(text, side)


def _quest_side(text: str, side: str) -> str:
    m = re.search(r"(?<!\w)(?:Side B|" + re.escape(_("Side B")) + r")(?!\w)[,:]?\s*", text)
    if m:
        a, b = text[:m.start()].strip(), text[m.end():].strip()
        if b[:1].islower():
            b = b[0].upper() + b[1:]
        return a if side == "A" else b
    sentences = re.split(r"(?<=[.!?])\s+", text)
    if sentences and sentences[0].startswith(("Setup:", _("Setup") + ":")):
        return sentences[0] if side == "A" else " ".join(sentences[1:])
    return text if side == "B" else ""


def _runs(text: str, base_role: str = "body") -> list[tuple[str, str]]:
    """Split text into (word, role) with trigger words in bold."""
    out: list[tuple[str, str]] = []
    pos = 0
    for m in _trigger_re().finditer(text):
        for w in text[pos:m.start()].split():
            out.append((w, base_role))
        end = m.end()
        if end < len(text) and text[end] in ":,":
            end += 1
        for w in text[m.start():end].split():
            out.append((w, "body_bold"))
        pos = end
    for w in text[pos:].split():
        out.append((w, base_role))
    return out


def _wrap(paragraphs: list[list[tuple[str, str]]], size: int, width: int):
    """Greedy wrap; returns lines as lists of (text, role) chunks and the
    line height."""
    lines: list[tuple[int, list[tuple[str, str]]]] = []  # (paragraph index, chunks)
    space = _font("body", size).size(" ")[0]
    for pi, words in enumerate(paragraphs):
        cur: list[tuple[str, str]] = []
        cur_w = 0
        for word, role in words:
            ww = _font(role, size).size(word)[0]
            add = ww if not cur else cur_w + space + ww
            if cur and add > width:
                lines.append((pi, cur))
                cur, cur_w = [(word, role)], ww
            else:
                cur.append((word, role))
                cur_w = add
        if cur:
            lines.append((pi, cur))
    return lines


def _merge_chunks(chunks):
    merged: list[list] = []
    for word, role in chunks:
        if merged and merged[-1][1] == role:
            merged[-1][0] += " " + word
        else:
            if merged:
                merged[-1][0] += " "
            merged.append([word, role])
    return merged


def _fit_paragraphs(paragraphs: list[list[tuple[str, str]]], width: int, height: int,
                    max_size: int, min_size: int):
    """Choose the largest size from max_size down to min_size at which the
    wrapped paragraphs fit ``height``; at min_size, keep only the lines that
    fit and end the last one with an ellipsis.

    Returns (size, [(y, chunks), ...], used height)."""
    size = max(min_size, max_size)
    while True:
        lines = _wrap(paragraphs, size, width)
        lh = _font("body", size).get_linesize()
        gap = max(1, lh // 3)
        total = len(lines) * lh + gap * (lines[-1][0] if lines else 0)
        if total <= height or size <= min_size:
            break
        size -= 1
    fitted: list[tuple[int, list[tuple[str, str]]]] = []
    y = 0
    prev_p = lines[0][0] if lines else 0
    slack = max(1, lh // 6)  # the line height includes some air below the glyphs
    for pi, chunks in lines:
        top = y + (gap if pi != prev_p else 0)
        if top + lh > height + slack:
            if fitted:
                last_y, last_chunks = fitted[-1]
                last_chunks = list(last_chunks)
                word, role = last_chunks[-1]
                last_chunks[-1] = (word.rstrip(".,;:") + "\u2026", role)
                fitted[-1] = (last_y, last_chunks)
            break
        fitted.append((top, chunks))
        y = top + lh
        prev_p = pi
    return size, fitted, y


def _draw_paragraphs(surf: pygame.Surface, rect: pygame.Rect,
                     paragraphs: list[list[tuple[str, str]]], max_size: int,
                     min_size: int, color: Color, center: bool = False,
                     valign: str = "top") -> int:
    """Draw wrapped rich text inside rect, shrinking the size to fit. Never
    draws outside rect (lines that cannot fit at min_size are cut, the last
    one ending with an ellipsis). Returns the size used (0 if nothing)."""
    paragraphs = [p for p in paragraphs if p]
    if not paragraphs or rect.w <= 4 or rect.h <= 4:
        return 0
    size, fitted, used_h = _fit_paragraphs(paragraphs, rect.w, rect.h, max_size, min_size)
    y0 = rect.y
    if valign == "middle":
        y0 = rect.y + max(0, (rect.h - used_h) // 2)
    clip = surf.get_clip()
    surf.set_clip(rect.clip(clip))
    for ly, chunks in fitted:
        parts = [_font(role, size).render(txt, True, color) for txt, role in _merge_chunks(chunks)]
        line_w = sum(p.get_width() for p in parts)
        x = rect.x + (rect.w - line_w) // 2 if center else rect.x
        for p in parts:
            surf.blit(p, (x, y0 + ly))
            x += p.get_width()
    surf.set_clip(clip)
    return size


