"""Hard limits on what a save may hold, and the error a failed check raises.

The limits are the schema's (``tabletop.core.schema``): what the commands can
produce is what a save may hold.  ``saves.codec`` and ``saves.envelope`` add
the limits of the file itself.  Pure Python.
"""
from __future__ import annotations

from tabletop.core.schema import (MAX_ACTIONS, MAX_CARDS, MAX_CODE, MAX_DICE,  # noqa: F401
                                  MAX_EVENTS, MAX_EVENTS_PER_ACTION, MAX_NAME, MAX_NUMBER, MAX_OPTIONS,
                                  MAX_PLAIN_DEPTH, MAX_PLAIN_ITEMS, MAX_REGIONS, MAX_SEATS,
                                  MAX_SEAT_NAME, MAX_SEED, MAX_STR, MAX_TEXT, MAX_TOKENS,
                                  MAX_ZONES)


class Invalid(Exception):
    """Save data that does not have the expected shape; the message says where."""
