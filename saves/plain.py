"""Checks of *plain data*: what a game keeps in its slot of the table.

Plain data is None, bool, int, float, str, lists of plain data and maps with
text keys, nested at most ``MAX_PLAIN_DEPTH`` deep.  A file's arrays arrive as
tuples (``msgpack.unpackb(use_list=False)``); ``live`` turns them into the
lists the table holds.  Pure Python.
"""
from __future__ import annotations

from typing import Any

from .limits import MAX_PLAIN_DEPTH, MAX_PLAIN_ITEMS, MAX_STR

_SCALARS = frozenset({type(None), bool, int, float, str})


def check_plain(value: Any, what: str, error: type[Exception], budget: list | None = None) -> None:
    """Raise ``error`` unless ``value`` is bounded plain data."""
    budget = budget if budget is not None else [MAX_PLAIN_ITEMS]
    stack = [(value, 0)]
    while stack:
        v, depth = stack.pop()
        budget[0] -= 1
        if budget[0] < 0:
            raise error(f"{what} holds too many values")
        t = type(v)
        if t in _SCALARS:
            if t is str and len(v) > MAX_STR:
                raise error(f"{what} holds over-long text")
            if t is float and v != v:
                raise error(f"{what} holds a number that is not a number (NaN)")
            continue
        if depth >= MAX_PLAIN_DEPTH:
            raise error(f"{what} is nested too deeply")
        if t is tuple or t is list:
            stack.extend((x, depth + 1) for x in v)
        elif t is dict:
            for k, x in v.items():
                if type(k) is not str or len(k) > 256:
                    raise error(f"{what} has a key that is not short text")
                stack.append((x, depth + 1))
        else:
            raise error(f"{what} holds a {t.__name__}, which is not plain data")


def live(value: Any) -> Any:
    """Plain data as the live table holds it: lists, not tuples."""
    if type(value) is tuple or type(value) is list:
        return [live(v) for v in value]
    if type(value) is dict:
        return {k: live(v) for k, v in value.items()}
    return value
