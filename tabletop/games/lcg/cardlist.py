"""The card game's cards for the card tooling (``GameSpec.cards``): one ``CardRow`` per
core-set card, its English face text, whether it is declared and what it leaves to the
players, the catalog messages and printed names that need translating."""
from __future__ import annotations

from tabletop.core.games import CardRow


def _terms(cdef) -> tuple[str, ...]:
    """The printed names on a card (each is an entry of ``glossary/lcg.json``)."""
    names = [cdef.name, *(n for n in (cdef.side_a_name, cdef.side_b_name) if n), *cdef.traits]
    names += [k.rsplit(" ", 1)[0] + " X" if k[-1].isdigit() else k for k in cdef.keywords]
    names += [n for n in (cdef.encounter_set, cdef.scenario) if n]
    if cdef.sphere:
        names.append(cdef.sphere.title())
    return tuple(dict.fromkeys(names))


def rows() -> list[CardRow]:
    """Every core-set card, by code."""
    from tabletop.games.lcg.cards import core_set
    from tabletop.games.lcg.cardspecs import face_messages, face_text, spec_for
    out = []
    for cdef in sorted(core_set(), key=lambda c: c.code):
        spec = spec_for(cdef.code)
        text, shadow = face_text(cdef.code, english=True)
        out.append(CardRow(
            code=cdef.code, name=cdef.name, type=cdef.type,
            paraphrase=" ".join(t for t in (text, shadow) if t),
            missing=spec.missing if spec is not None else "", declared=spec is not None,
            messages=face_messages(cdef.code), data_text=(cdef.rules_text, cdef.shadow_text),
            terms=_terms(cdef)))
    return out
