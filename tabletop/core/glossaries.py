"""The glossaries kept current with the games' cards, and what of a card's words is
pending translation.

Each game that declares cards (``GameSpec.cards``) gives, for each card, its printed
names (``CardRow.terms``, translated in ``locale/glossary/<game>.json``) and the
paraphrase of its data (``CardRow.data_text``, translated by code in
``locale/glossary/<game>-texts.json``).  ``refresh`` (run by
``python3 -m tabletop.core.catalogs update``) adds what a new card needs and notes a
changed English paraphrase, so nobody edits these files by hand except to translate:

- a name not in ``<game>.json`` gets an entry with empty translations (pending);
- a card not in ``<game>-texts.json`` gets an entry whose ``"en"`` is the English it
  translates and whose translations are empty (pending);
- a card whose English paraphrase changed gets the new ``"en"``, and each translation
  already made is marked ``"pending": true`` (kept, as gettext keeps a fuzzy one); a
  translator rewrites it and removes the mark.

A pending translation is shown in English (a card's text marked with
``i18n.PENDING_MARK``) and listed by ``catalogs check`` and ``main.py cards --coverage``;
it does not fail the tests.  Nothing is ever removed from a glossary.
"""
from __future__ import annotations

import json
import os
from typing import Any

from tabletop.core.games import CardRow, load_all

GLOSSARY_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                            "locale", "glossary")


def card_games() -> dict[str, list[CardRow]]:
    """game id -> its cards, for every game that declares cards."""
    return {spec.id: spec.cards() for spec in load_all() if spec.cards is not None}


def _path(name: str, directory: str | None = None) -> str:
    return os.path.join(directory or GLOSSARY_DIR, f"{name}.json")


def _read(path: str) -> dict[str, Any] | None:
    try:
        with open(path, encoding="utf-8") as fh:
            data: dict[str, Any] = json.load(fh)
            return data
    except OSError:
        return None


def _dump(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1)


def _pair(text: tuple[str, str] | dict[str, Any]) -> dict[str, Any]:
    if isinstance(text, dict):
        return {"text": text.get("text", ""), "shadow": text.get("shadow", "")}
    return {"text": text[0], "shadow": text[1]}


def text_pending(entry: dict[str, Any] | None, lang: str, english: tuple[str, str]) -> bool:
    """Is the translation of a card's data paraphrase into ``lang`` pending?"""
    if not any(english):
        return False
    tr = (entry or {}).get(lang) or {}
    source = (entry or {}).get("en")
    return (tr.get("pending", False) or (english[0] and not tr.get("text"))
            or (english[1] and not tr.get("shadow"))
            or (source is not None and _pair(source) != _pair(english)))


def _refresh_texts(data: dict[str, Any], cards: list[CardRow], languages: list[str]) -> None:
    texts = data.setdefault("texts", {})
    for c in cards:
        if c.data_text is None or not any(c.data_text):
            continue
        english = _pair(c.data_text)
        entry = texts.get(c.code)
        if entry is None:
            texts[c.code] = {"en": english, **{lang: {"text": "", "shadow": ""} for lang in languages}}
            continue
        source = entry.get("en")
        if source is not None and _pair(source) != english:
            for lang in languages:
                tr = entry.get(lang)
                if tr and (tr.get("text") or tr.get("shadow")):
                    tr["pending"] = True
        rest = {k: v for k, v in entry.items() if k != "en"}
        for lang in languages:
            rest.setdefault(lang, {"text": "", "shadow": ""})
        texts[c.code] = {"en": english, **rest}


def _refresh_names(data: dict[str, Any], cards: list[CardRow], languages: list[str]) -> None:
    names = data.setdefault("names", {})
    for c in cards:
        for term in c.terms:
            if term and term not in names:
                names[term] = {k: "" for lang in languages for k in (lang, "source_" + lang)}


def refresh(languages: list[str], write: bool = True, directory: str | None = None,
            games: dict[str, list[CardRow]] | None = None) -> list[str]:
    """Bring every card game's glossaries up to date with its cards; the files that
    changed (or, with ``write=False``, would change)."""
    changed = []
    for gid, cards in (card_games() if games is None else games).items():
        for name, fill, default in ((f"{gid}-texts", _refresh_texts, "texts"),
                                    (gid, _refresh_names, "names")):
            path = _path(name, directory)
            data = _read(path)
            wanted = default == "names" or any(c.data_text and any(c.data_text) for c in cards)
            if data is None and not wanted:
                continue
            before = _dump(data) if data is not None else None
            data = data if data is not None else {"about": "", default: {}}
            fill(data, cards, languages)
            after = _dump(data)
            if after != before:
                changed.append(path)
                if write:
                    with open(path, "w", encoding="utf-8") as fh:
                        fh.write(after)
    if write and changed:
        from tabletop.core import i18n
        i18n._glossaries.clear()
        i18n._names_cache.clear()
    return changed


def pending(languages: list[str], directory: str | None = None,
            games: dict[str, list[CardRow]] | None = None) -> dict[str, dict[str, list[str]]]:
    """game -> card code -> what is pending there ("cs: name 'Aragorn'",
    "pl: paraphrase"), from the glossaries (the catalogs' card texts: catalogs.pending)."""
    out: dict[str, dict[str, list[str]]] = {}
    for gid, cards in (card_games() if games is None else games).items():
        texts = (_read(_path(f"{gid}-texts", directory)) or {}).get("texts", {})
        names = (_read(_path(gid, directory)) or {}).get("names", {})
        for c in cards:
            found = []
            for lang in languages:
                if c.data_text and text_pending(texts.get(c.code), lang, c.data_text):
                    found.append(f"{lang}: paraphrase ({gid}-texts.json)")
                found += [f"{lang}: name {t!r} ({gid}.json)" for t in c.terms
                          if not (names.get(t) or {}).get(lang)]
            if found:
                out.setdefault(gid, {})[c.code] = found
    return out
