"""Checks of *plain data*: what a game keeps in its slot of the table.

Plain data is None, bool, int, finite float, str, lists of plain data and
maps with text keys, nested at most ``MAX_PLAIN_DEPTH`` deep; the check is the
schema's (``tabletop.core.schema.check_plain``).  A file's arrays arrive as
tuples (``msgpack.unpackb(use_list=False)``); ``live`` turns them into the
lists the table holds.  Pure Python.
"""
from __future__ import annotations

from tabletop.core.events import live  # noqa: F401  (plain data as the live table holds it)
from tabletop.core.schema import check_plain  # noqa: F401  (the one check of plain data)
