"""Every core-set card as one declaration (``CardSpec``) built from a shared
vocabulary.  ``spec_for(code)`` gives a card's declaration (None for a card
that has none yet)."""
from __future__ import annotations

from tabletop.games.lcg.cardspecs.base import SPECS, Ability, CardSpec, declare  # noqa: F401

_loaded = False


def load() -> dict:
    """Import every declaration module once; returns the registry."""
    global _loaded
    if not _loaded:
        _loaded = True
        import importlib
        for mod in ("heroes", "allies", "attachments", "events", "encounter", "encounter_mirkwood",
                    "encounter_wilds", "encounter_dol_guldur", "quests"):
            try:
                importlib.import_module(f"tabletop.games.lcg.cardspecs.{mod}")
            except ModuleNotFoundError as exc:
                if exc.name != f"tabletop.games.lcg.cardspecs.{mod}":
                    raise
    return SPECS


def spec_for(code: str) -> CardSpec | None:
    """A card's declaration, or None."""
    return load().get(code)


KIND_LABELS = {"action": "Action", "response": "Response", "forced": "Forced",
               "when_revealed": "When Revealed", "travel": "Travel", "setup": "Setup",
               "shadow": "Shadow"}
PHASE_ACTIONS = {"quest": "Quest Action", "combat": "Combat Action", "planning": "Planning Action"}


def face_text(code: str) -> tuple[str, str]:
    """(rules text, shadow text) drawn on a card's face, made from its declaration
    (its passive text and each ability's words, labelled by kind), so the face
    says what the engine does.  A card without a declaration keeps the
    paraphrase from the data."""
    from tabletop.core.i18n import _
    from tabletop.games.lcg.cards import core_set
    cdef = core_set().by_code[code]
    spec = spec_for(code)
    if spec is None:
        return cdef.rules_text, cdef.shadow_text
    if cdef.deck != "player":
        # encounter and quest declarations carry their whole paraphrase (keywords included)
        return _(spec.text) if spec.text else cdef.rules_text, \
            _(spec.shadow_text) if spec.shadow_text else cdef.shadow_text
    parts = [kw + "." for kw in cdef.keywords if not kw.startswith("Victory")]
    if spec.text:
        parts.append(_(spec.text))
    shadow = [_(spec.shadow_text)] if spec.shadow_text else []
    for ab in spec.abilities:
        if not ab.text or ab.kind == "stage":
            continue
        label = PHASE_ACTIONS.get(ab.phase, "Action") if ab.kind == "event" else KIND_LABELS.get(ab.kind)
        if label is None:
            continue
        line = f"{_(label)}: {_(ab.text).rstrip('.')}."
        if ab.kind == "shadow":
            if not spec.shadow_text:
                shadow.append(line)
            continue
        parts.append(line[0].upper() + line[1:])
    text = " ".join(parts) or cdef.rules_text
    return text, " ".join(shadow) or cdef.shadow_text
