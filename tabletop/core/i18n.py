"""Translation of user-facing text through gettext.

Every string a person reads goes through ``_``.  Catalogs live in
``tabletop/locale/<lang>/LC_MESSAGES/tabletop.mo``; English is the source
language, so a missing catalog falls back to the text as written.
"""
from __future__ import annotations

import gettext
import os

DOMAIN = "tabletop"
LOCALE_DIR = os.path.join(os.path.dirname(os.path.dirname(__file__)), "locale")

_translation: gettext.NullTranslations = gettext.translation(
    DOMAIN, LOCALE_DIR, fallback=True)


def set_language(lang: str | None, localedir: str | None = None) -> None:
    """Switch the active catalog ("cs", "pl", ...); None or "en" means English.

    Without a catalog for that language the text stays English.
    """
    global _translation
    languages = [lang] if lang and lang != "en" else None
    _translation = gettext.translation(DOMAIN, localedir or LOCALE_DIR, languages=languages,
                                       fallback=True)


def _(message: str) -> str:
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural of a message for ``n``, in the language in force."""
    return _translation.ngettext(singular, plural, n)
