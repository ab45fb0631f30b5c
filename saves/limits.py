"""Hard limits on what a save may hold, and the error a failed check raises.

The limits are the schema's (``tabletop.core.schema``): what the commands can
produce is what a save may hold.  ``saves.codec`` and ``saves.envelope`` add
the limits of the file itself.  Pure Python.
"""
from __future__ import annotations

from typing import Any, NoReturn

from tabletop.core.i18n import _

from tabletop.core.schema import (MAX_ACTIONS, MAX_CARDS, MAX_CODE, MAX_DICE,  # noqa: F401
                                  MAX_EVENTS, MAX_EVENTS_PER_ACTION, MAX_NAME, MAX_NUMBER, MAX_OPTIONS,
                                  MAX_PLAIN_DEPTH, MAX_PLAIN_ITEMS, MAX_REGIONS, MAX_SEATS,
                                  MAX_SEAT_NAME, MAX_SEED, MAX_STR, MAX_TEXT, MAX_TOKENS,
                                  MAX_ZONES)


class Invalid(Exception):
    """Save data that does not have the expected shape; the message says where."""


def named(what: Any) -> str:
    """A part of a save named in the language in force: ``what`` is a marked
    (``N_``) name, or ``(marked name, n)`` for a numbered one ("log block {n}").

    Checks pass such names along untranslated and call this only when they
    fail, so a load that succeeds never looks a message up."""
    if type(what) is tuple:
        return _(what[0]).format(n=what[1])
    return _(what)


def fail(msg: str, **fields: Any) -> NoReturn:
    """Raise ``Invalid(msg)`` with ``msg`` (already translated, ``str.format``
    style) filled in from ``fields``; ``what`` is a part of the save, named in
    the language in force (``named``)."""
    if "what" in fields:
        fields["what"] = named(fields["what"])
    raise Invalid(msg.format(**fields) if fields else msg)
