"""The card game's printed words in the language in force.

Card data stays English (codes and names are keys in saves and deck files);
names, traits, keywords, encounter sets, scenarios and our rules paraphrases
are translated only where they are shown, from the glossary
``tabletop/locale/glossary/lcg.json`` (names as the official Czech and Polish
editions print them where the rulebooks and the FAQ give them).
"""
from __future__ import annotations

import dataclasses
import re

from tabletop.core import i18n
from tabletop.core.i18n import N_

GAME = "lcg"
PHASE_NAMES = {"resource": N_("Resource phase"), "planning": N_("Planning phase"),
               "quest": N_("Quest phase"), "travel": N_("Travel phase"),
               "encounter": N_("Encounter phase"), "combat": N_("Combat phase"),
               "refresh": N_("Refresh phase")}
# the phase's word in "the ... phase" (Czech and Polish: the genitive, "fáze boje", "faza Walki")
PHASE_WORDS = {"resource": N_("resource"), "planning": N_("planning"), "quest": N_("quest"),
               "travel": N_("travel"), "encounter": N_("encounter"), "combat": N_("combat"),
               "refresh": N_("refresh")}
_NUMBERED = re.compile(r"^(.*?)\s+(\d+|X)$")


def term(english: str | None) -> str:
    """A trait, encounter set, scenario, sphere or card name."""
    return i18n.name(GAME, english)


def keyword(english: str) -> str:
    """A keyword, numbered ones too: "Doomed 2" -> "Odsouzen 2"."""
    m = _NUMBERED.match(english)
    if m and i18n.language() != "en":
        base = i18n.name(GAME, m.group(1) + " X")
        if base != m.group(1) + " X":
            return base[:-1] + m.group(2) if base.endswith("X") else f"{base} {m.group(2)}"
    return i18n.name(GAME, english)


def card_name(cdef, side: str | None = None) -> str:
    """A card's printed name; a quest card: the name of the side showing."""
    if cdef.type == "quest" and side is not None:
        return term((cdef.side_b_name if side == "B" else cdef.side_a_name) or cdef.name)
    return term(cdef.name)


def rules_text(cdef, lang: str | None = None) -> tuple[str, str]:
    """(rules text, shadow text): our paraphrase of the card data in the language in force,
    from ``lcg-texts.json``.  A translation that is pending (none yet, marked pending by
    ``python3 -m tabletop.core.catalogs update``, or made from other English than the data's
    now) gives the English text after ``i18n.PENDING_MARK``."""
    lang = lang or i18n.language()
    if lang == "en":
        return cdef.rules_text, cdef.shadow_text
    from tabletop.core.glossaries import text_pending
    english = (cdef.rules_text, cdef.shadow_text)
    entry = i18n.glossary(GAME + "-texts").get(cdef.code)
    if not text_pending(entry, lang, english):
        tr = (entry or {}).get(lang) or {}
        return tr.get("text", ""), tr.get("shadow", "")
    return tuple(i18n.PENDING_MARK + s if s else s for s in english)


_cache: dict[tuple[str, str], object] = {}


def localized(cdef):
    """A copy of a card definition with everything printed on it translated
    (for drawing only: never save it or look cards up by its name)."""
    lang = i18n.language()
    if lang == "en":
        return cdef
    key = (cdef.code, lang)
    out = _cache.get(key)
    if out is None:
        text, shadow = rules_text(cdef, lang)
        out = _cache[key] = dataclasses.replace(
            cdef, name=term(cdef.name), traits=tuple(term(t) for t in cdef.traits),
            keywords=tuple(keyword(k) for k in cdef.keywords), rules_text=text, shadow_text=shadow,
            encounter_set=term(cdef.encounter_set) if cdef.encounter_set else cdef.encounter_set,
            scenario=term(cdef.scenario) if cdef.scenario else cdef.scenario,
            side_a_name=term(cdef.side_a_name) if cdef.side_a_name else cdef.side_a_name,
            side_b_name=term(cdef.side_b_name) if cdef.side_b_name else cdef.side_b_name)
    return out
