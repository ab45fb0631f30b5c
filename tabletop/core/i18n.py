"""Translation of user-facing text through gettext, and the language setting.

Every string a person reads goes through ``_`` (or ``ngettext`` for counts).
Text written in a table at import time is marked with ``N_`` (which only
marks it) and translated with ``_`` where it is shown, so a language switch
reaches it.  Catalogs live in ``tabletop/locale/<lang>/LC_MESSAGES/tabletop.mo``;
English is the source language, so a missing catalog falls back to the text as
written.

The names printed on the pieces of the three games (cards, traits, keywords,
regions...) are not sentences: they are looked up in per-game glossaries
(``tabletop/locale/glossary/<game>.json``) by ``name(game, english)``.

The language in force is, in this order: ``--lang`` on the command line, the
one chosen in the window (remembered in ``settings.json`` in the user's config
folder), the system locale, English.
"""
from __future__ import annotations

import datetime as _dt
import gettext
import json
import locale as _locale
import os
import weakref
from typing import Any, Callable, Union

DOMAIN = "tabletop"
LOCALE_DIR = os.path.join(os.path.dirname(os.path.dirname(__file__)), "locale")
GLOSSARY_DIR = os.path.join(LOCALE_DIR, "glossary")
APP = "lotr-tabletop"

# The languages the tabletop speaks, each named in its own language.
LANGUAGES = {"en": "English", "cs": "Čeština", "pl": "Polski"}

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"
Listener = Callable[[str], None]
# a listener, or a bound method held weakly (see on_change)
_listeners: list[Union[Listener, "weakref.WeakMethod[Listener]"]] = []
_glossaries: dict[str, dict[str, dict[str, Any]]] = {}


def N_(message: str) -> str:
    """Mark text for translation without translating it (translate where shown)."""
    return message


def _(message: str) -> str:
    """``message`` in the language in force.  A text the catalog does not hold may be a
    name from a game's data (a region, a character...): the glossaries are asked next."""
    if not message:
        return message
    out = _translation.gettext(message)
    if out is message and _language != "en":
        return _names().get(message, message)
    return out


_names_cache: dict[str, dict[str, str]] = {}


def _names() -> dict[str, str]:
    """Every game's glossary in the language in force: English name -> name."""
    found = _names_cache.get(_language)
    if found is None:
        from tabletop.core.games import game_ids     # every game's glossary, the default first
        found = {}
        for game in game_ids():
            for en, entry in glossary(game).items():
                if entry.get(_language):
                    found.setdefault(en, entry[_language])
        _names_cache[_language] = found
    return found


# Put before a card's words shown in English because their translation is pending (not
# made yet, or the English changed since): the card face says so instead of hiding it.
PENDING_MARK = "[EN] "


def translated(message: str) -> bool:
    """Does the catalog in force translate ``message``?  (Always, in English.)"""
    return _language == "en" or not message or _translation.gettext(message) is not message


def card_text(message: str) -> str:
    """A card's paraphrase (a catalog message) in the language in force.  One whose
    translation is pending (none yet, or the English changed and it is fuzzy) is shown
    in English after ``PENDING_MARK``."""
    if not message:
        return message
    out = _translation.gettext(message)
    if out is message and _language != "en":
        return PENDING_MARK + message
    return out


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` (Czech and Polish have three: one, few, many)."""
    return _translation.ngettext(singular, plural, n)


def language() -> str:
    """The language in force: "en", "cs" or "pl"."""
    return _language


def normalize(lang: str | None) -> str | None:
    """"cs_CZ.UTF-8" -> "cs"; None for a language the tabletop does not speak."""
    if not lang:
        return None
    code = lang.replace("-", "_").split(".")[0].split("@")[0].split("_")[0].lower()
    return code if code in LANGUAGES else None


def set_language(lang: str | None, localedir: str | None = None) -> str:
    """Switch the active catalog ("cs", "pl", "en"); None means English.

    Without a catalog for that language the text stays English.  Everyone
    registered with ``on_change`` is told, so what was drawn can be redrawn.
    Returns the language now in force.
    """
    global _translation, _language
    code = normalize(lang) or (lang if lang and localedir else None) or "en"
    languages = [code] if code != "en" else None
    _translation = gettext.translation(DOMAIN, localedir or LOCALE_DIR, languages=languages,
                                       fallback=True)
    _language = code
    for listener in list(_listeners):
        fn = listener() if isinstance(listener, weakref.WeakMethod) else listener
        if fn is None:
            _listeners.remove(listener)
        else:
            fn(code)
    return code


def on_change(listener: Callable[[str], None]) -> Callable[[], None]:
    """Call ``listener(lang)`` after every switch; returns a function that stops it.

    A bound method is held weakly: a window that is gone stops listening."""
    held: Listener | weakref.WeakMethod[Listener] = listener
    if hasattr(listener, "__self__") and hasattr(listener, "__func__"):
        held = weakref.WeakMethod(listener)
    _listeners.append(held)

    def stop() -> None:
        if held in _listeners:
            _listeners.remove(held)
    return stop


# ------------------------------------------------------------ the setting --

def config_dir() -> str:
    """The user's config folder (the same one that holds keys.toml)."""
    env = os.environ.get("LOTR_TABLETOP_CONFIG")
    if env:
        return env
    from platformdirs import user_config_dir
    return user_config_dir(APP)


def settings_path() -> str:
    return os.path.join(config_dir(), "settings.json")


def saved_language() -> str | None:
    """The language chosen in the window last time, or None."""
    try:
        with open(settings_path(), encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, ValueError):
        return None
    return normalize(data.get("language")) if isinstance(data, dict) else None


def save_language(lang: str) -> None:
    """Remember the language chosen in the window (other settings are kept)."""
    path = settings_path()
    data: dict[str, Any] = {}
    try:
        with open(path, encoding="utf-8") as fh:
            loaded = json.load(fh)
        if isinstance(loaded, dict):
            data = loaded
    except (OSError, ValueError):
        pass
    data["language"] = normalize(lang) or "en"
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(data, fh, ensure_ascii=False, indent=1)
    os.replace(tmp, path)


def system_language() -> str | None:
    """The system locale's language, if the tabletop speaks it."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            for part in value.split(":"):
                if part in ("C", "POSIX") or part.startswith("C."):
                    return None
                code = normalize(part)
                if code:
                    return code
            return None
    try:
        return normalize(_locale.getlocale()[0])
    except ValueError:
        return None


def choose_language(requested: str | None = None) -> str:
    """The language to start in: ``requested`` (--lang), else the saved one,
    else the system's, else English; it is switched on and returned."""
    return set_language(normalize(requested) or saved_language() or system_language() or "en")


# ------------------------------------------------------ numbers and dates --

_NBSP = "\u00a0"


def format_number(value: float, decimals: int = 0) -> str:
    """A number in the local style: 12,345.5 (en), 12 345,5 (cs, pl).

    Polish groups only numbers of five digits or more (1234, 12 345), as its
    typographic rules say; Czech groups from four digits (1 234)."""
    neg = value < 0
    text = f"{abs(value):.{decimals}f}"
    whole, _sep, frac = text.partition(".")
    lang = _language
    group, point = (",", ".") if lang == "en" else (_NBSP, ",")
    if not (lang == "pl" and len(whole) <= 4):
        parts: list[str] = []
        while len(whole) > 3:
            parts.insert(0, whole[-3:])
            whole = whole[:-3]
        parts.insert(0, whole)
        whole = group.join(parts)
    out = whole + (point + frac if frac else "")
    return ("\u2212" if lang != "en" else "-") + out if neg else out


_MONTHS_EN = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def format_date(value: _dt.date | _dt.datetime | float) -> str:
    """A date in the local style: 24 Nov 2026 (en), 24. 11. 2026 (cs), 24.11.2026 (pl)."""
    d = _as_datetime(value)
    if _language == "cs":
        return f"{d.day}.{_NBSP}{d.month}.{_NBSP}{d.year}"
    if _language == "pl":
        return f"{d.day:02d}.{d.month:02d}.{d.year}"
    return f"{d.day} {_MONTHS_EN[d.month - 1]} {d.year}"


def format_datetime(value: _dt.datetime | float) -> str:
    """Date and time (24-hour clock in every language)."""
    d = _as_datetime(value)
    return f"{format_date(d)} {d.hour:02d}:{d.minute:02d}"


def _as_datetime(value: _dt.date | _dt.datetime | float) -> _dt.datetime:
    if isinstance(value, (int, float)):
        return _dt.datetime.fromtimestamp(value)
    if isinstance(value, _dt.datetime):
        return value
    return _dt.datetime(value.year, value.month, value.day)


# ----------------------------------------------------------- glossaries --

def glossary(game: str) -> dict[str, dict[str, Any]]:
    """The glossary of a game: English name -> {"cs": ..., "pl": ..., sources}."""
    g = _glossaries.get(game)
    if g is None:
        path = os.path.join(GLOSSARY_DIR, f"{game}.json")
        try:
            with open(path, encoding="utf-8") as fh:
                data = json.load(fh)
            g = data.get("names") or data.get("texts") or {}
        except OSError:
            g = {}
        _glossaries[game] = g
    return g


def name(game: str, english: str | None, lang: str | None = None) -> str:
    """A printed name (card, trait, keyword, region, piece...) in the language
    in force; the English name where the glossary has none."""
    if not english:
        return ""
    lang = lang or _language
    if lang == "en":
        return english
    entry = glossary(game).get(english)
    if entry is None:
        return english
    return entry.get(lang) or english
