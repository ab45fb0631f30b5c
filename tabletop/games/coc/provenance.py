"""Where each value of a board file comes from: the rulebook, or our reconstruction.

A board file has two provenance keys besides its data:

- ``"rulebook"``: a map from a dotted path to the section of the rulebook that gives it;
- ``"reconstructed"``: a list of dotted paths whose values are our guesses.

A path names a value in the file (``tracks.resolve.boxes.0.gain``; list items count from 0);
``*`` stands for any one key.  A path covers everything below it, and the most specific path
that covers a value decides where it comes from.  ``check`` fails unless every value of the
file is covered and every path names something; ``classify`` says, value by value, which.
"""
from __future__ import annotations

from typing import Any, Iterator

META = ("about", "rulebook", "reconstructed")
GIVEN = "rulebook"
GUESSED = "reconstructed"


def leaves(raw: Any, prefix: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    """Every value of the file below ``prefix`` (an empty map or list is a value too)."""
    if isinstance(raw, dict) and raw:
        for k, v in raw.items():
            if not prefix and k in META:
                continue
            yield from leaves(v, prefix + (str(k),))
    elif isinstance(raw, list) and raw:
        for i, v in enumerate(raw):
            yield from leaves(v, prefix + (str(i),))
    else:
        yield prefix, raw


def _matches(pattern: tuple[str, ...], path: tuple[str, ...]) -> bool:
    return len(pattern) <= len(path) and all(p in ("*", q) for p, q in zip(pattern, path))


def _rank(pattern: tuple[str, ...]) -> tuple[int, int]:
    return (len(pattern), sum(p != "*" for p in pattern))


def _patterns(raw: dict) -> list[tuple[tuple[str, ...], str, str]]:
    given = raw.get(GIVEN, {})
    guessed = raw.get(GUESSED, [])
    if not isinstance(given, dict) or not all(isinstance(v, str) for v in given.values()):
        raise ValueError("'rulebook' must map paths to the sections that give them")
    if not isinstance(guessed, list) or not all(isinstance(p, str) for p in guessed):
        raise ValueError("'reconstructed' must be a list of paths")
    out = [(tuple(p.split(".")), GIVEN, why) for p, why in given.items()]
    out += [(tuple(p.split(".")), GUESSED, "") for p in guessed]
    return out


def classify(raw: dict) -> dict[str, tuple[str, str]]:
    """``{"a.b.0": ("rulebook", section) or ("reconstructed", "")}`` for every value."""
    patterns = _patterns(raw)
    out = {}
    for path, _value in leaves(raw):
        best = None
        for pat, kind, why in patterns:
            if _matches(pat, path) and (best is None or _rank(pat) >= _rank(best[0])):
                best = (pat, kind, why)
        if best is None:
            raise ValueError(f"{'.'.join(path)} says neither where it comes from in the rulebook "
                             "nor that it is reconstructed")
        out[".".join(path)] = (best[1], best[2])
    return out


def check(raw: dict) -> None:
    """ValueError unless every value is covered and every provenance path names a value."""
    paths = [p for p, _v in leaves(raw)]
    for pat, _kind, _why in _patterns(raw):
        if not any(_matches(pat, p) for p in paths):
            raise ValueError(f"the provenance path {'.'.join(pat)!r} names no value of the file")
    classify(raw)


def summary(raw: dict) -> tuple[int, int]:
    """(values given by the rulebook, values reconstructed) in a file."""
    kinds = [k for k, _w in classify(raw).values()]
    return kinds.count(GIVEN), kinds.count(GUESSED)
