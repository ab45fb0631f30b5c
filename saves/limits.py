"""Hard limits on what a save may hold, and the error a failed check raises.

The limits are far above what a person's game can reach and low enough that a
hostile file is refused quickly; ``saves.codec`` also enforces them while
unpacking.  Pure Python.
"""
from __future__ import annotations

MAX_CARDS = 100_000
MAX_ZONES = 10_000
MAX_SEATS = 64
MAX_REGIONS = 10_000
MAX_TOKENS = 64
MAX_OPTIONS = 256
MAX_STR = 65_536
MAX_EVENTS_PER_ACTION = 200_000
MAX_ACTIONS = 2_000_000
MAX_DICE = 10_000
MAX_PLAIN_DEPTH = 16          # nesting of a game's slot data
MAX_PLAIN_ITEMS = 1_000_000   # values in all of a table's slot data


class Invalid(Exception):
    """Save data that does not have the expected shape; the message says where."""
