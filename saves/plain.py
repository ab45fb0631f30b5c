"""Checks of *plain data*: what a game keeps in its slot of the table.

Plain data is None, bool, int, finite float, str, lists of plain data and
maps with text keys, nested at most ``MAX_PLAIN_DEPTH`` deep; the check is the
schema's (``tabletop.core.schema.check_plain``).  A file's arrays arrive as
tuples (``msgpack.unpackb(use_list=False)``); ``live`` turns them into the
lists the table holds.  Pure Python.
"""
from __future__ import annotations

from typing import Any

from tabletop.core.schema import check_plain  # noqa: F401  (the one check of plain data)


def live(value: Any) -> Any:
    """Plain data as the live table holds it: lists, not tuples."""
    if type(value) is tuple or type(value) is list:
        return [live(v) for v in value]
    if type(value) is dict:
        return {k: live(v) for k, v in value.items()}
    return value
