"""Every core-set card as one declaration (``CardSpec``) built from the effect
vocabulary (``engine.vocab``).  ``registry()`` gives the card registry with
every declaration and passive (what the game's package gives its engine);
``spec_for(code)`` a card's declaration (None for a card that has none yet)."""
from __future__ import annotations

from typing import Any, Callable

from tabletop.core.i18n import N_
from tabletop.games.lcg.cardspecs.base import (CARDS, SPECS, Ability, CardSpec,  # noqa: F401
                                               declare)
from tabletop.games.lcg.engine.registry import CardRegistry

_loaded = False


def load() -> dict[str, CardSpec]:
    """Import every declaration module once; returns the declarations by code."""
    global _loaded
    if not _loaded:
        _loaded = True
        from tabletop.games.lcg.cardspecs import (allies, attachments, encounter,  # noqa: F401
                                                  encounter_dol_guldur, encounter_mirkwood,
                                                  encounter_wilds, events, heroes, quests)
    return SPECS


def registry() -> CardRegistry:
    """The card registry: every declaration, passive, replacement effect and predicate."""
    load()
    return CARDS


def spec_for(code: str) -> CardSpec | None:
    """A card's declaration, or None."""
    return load().get(code)


LIMITS = {("round", 1): N_("(Limit once per round.)"),
          ("phase", 1): N_("(Limit once per phase.)")}
LIMIT_TIMES = {"round": N_("(Limit {n} times per round.)"),
               "phase": N_("(Limit {n} times per phase.)")}
LIMITS_EACH = {("round", 1): N_("(Limit once per round for each player.)"),
               ("phase", 1): N_("(Limit once per phase for each player.)")}


def limit_words(ab: Any, tr: Callable[[str], str] | None = None) -> str:
    """The limit printed after an ability ("(Limit once per round.)"), or ""."""
    from tabletop.core.i18n import _
    tr = tr or _
    if not ab.limit:
        return ""
    per, n = ab.limit[0], ab.limit[1]
    if ab.per_player and (per, n) in LIMITS_EACH:
        return tr(LIMITS_EACH[(per, n)])
    if (per, n) in LIMITS:
        return tr(LIMITS[(per, n)])
    return tr(LIMIT_TIMES[per]).format(n=n)


KIND_LABELS = {"action": N_("Action"), "response": N_("Response"), "forced": N_("Forced"),
               "when_revealed": N_("When Revealed"), "travel": N_("Travel"), "setup": N_("Setup"),
               "shadow": N_("Shadow")}
PHASE_ACTIONS = {"quest": N_("Quest Action"), "combat": N_("Combat Action"),
                 "planning": N_("Planning Action")}


def face_text(code: str, english: bool = False) -> tuple[str, str]:
    """(rules text, shadow text) drawn on a card's face, made from its declaration
    (its passive text and each ability's words, labelled by kind), so the face
    says what the engine does.  A card without a declaration keeps the
    paraphrase from the data.  In the language in force (a card text whose
    translation is pending is shown in English, marked: ``i18n.card_text``), or in
    English with ``english=True``."""
    from tabletop.core.i18n import _, card_text
    from tabletop.games.lcg.cards import core_set
    from tabletop.games.lcg.names import keyword, rules_text
    tr: Callable[[str], str]
    label_of: Callable[[str], str]
    kw_of: Callable[[str], str]
    data_text: Callable[[Any], tuple[str, str]]
    if english:
        def same(s: str) -> str:
            return s
        tr, label_of, kw_of = same, same, same

        def english_text(c: Any) -> tuple[str, str]:
            return c.rules_text, c.shadow_text
        data_text = english_text
    else:
        tr, label_of, kw_of, data_text = card_text, _, keyword, rules_text
    cdef = core_set().by_code[code]
    spec = spec_for(code)
    if spec is None:
        return data_text(cdef)
    if cdef.deck != "player":
        # encounter and quest declarations carry their whole paraphrase (keywords included)
        text, shadow_text = data_text(cdef)
        return tr(spec.text) if spec.text else text, \
            tr(spec.shadow_text) if spec.shadow_text else shadow_text
    parts = [kw_of(kw) + "." for kw in cdef.keywords if not kw.startswith("Victory")]
    if spec.text:
        parts.append(tr(spec.text))
    shadow = [tr(spec.shadow_text)] if spec.shadow_text else []
    for ab in spec.abilities:
        if not ab.text or ab.kind == "stage":
            continue
        label = (PHASE_ACTIONS.get(ab.phase or "", KIND_LABELS["action"]) if ab.kind == "event"
                 else KIND_LABELS.get(ab.kind))
        if ab.printed is not None:
            label = ab.printed
        if label is None:
            continue
        words = tr(ab.text).rstrip(".")
        words = words[:1].upper() + words[1:]
        line = f"{label_of(label)}: {words}." if label else f"{words}."
        limit = limit_words(ab, label_of)
        if limit:
            line += " " + limit
        if ab.kind == "shadow":
            if not spec.shadow_text:
                shadow.append(line)
            continue
        parts.append(line[0].upper() + line[1:])
    text, shadow_text = data_text(cdef)
    return " ".join(parts) or text, " ".join(shadow) or shadow_text


def face_messages(code: str) -> tuple[str, ...]:
    """The catalog messages a declared card's face is made of (its card texts)."""
    spec = spec_for(code)
    if spec is None:
        return ()
    out = [spec.text, spec.shadow_text, *(ab.text for ab in spec.abilities)]
    out += [LIMITS_EACH.get(tuple(ab.limit), "") if ab.per_player else
            LIMITS.get(tuple(ab.limit), LIMIT_TIMES.get(ab.limit[0], ""))
            for ab in spec.abilities if ab.limit]
    return tuple(dict.fromkeys(m for m in out if m))
