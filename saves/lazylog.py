"""A game log whose entries are built from the save file only when first used.

``codec.loads`` checks every log entry of a file before it returns (see
docs/SAVE_FORMAT.md, *What a loader checks*), but it does not build the
``LogEntry`` and ``Command`` objects: each block of the file (256 actions)
stays in its packed, compressed form until something reads one of its
entries.  Undo reads the entry before the cursor (one block is built), the
game-log panel reads ``session.history`` (every applied block is built),
replay and ``verify`` read them all.  Building a checked block cannot fail
on the file's data: it unpacks the same bytes again and only constructs.

``LazyLog`` behaves like the ``list`` of ``LogEntry`` it stands for: ``len``,
indexing, slicing (a slice is a plain ``list``), iteration, ``append``,
``del log[i:]``, ``==`` with lists and the other ``MutableSequence`` methods.
Only ``Session`` and the save code hold one, and they use it as a list.

Pure Python: no pygame, no pymunk.
"""
from __future__ import annotations

from collections.abc import MutableSequence
from typing import Any, Callable, Iterable, Iterator


class Block:
    """``count`` consecutive entries from position ``start``, not built yet.

    ``make()`` returns them (a tuple of ``LogEntry``); ``entries`` holds that
    tuple once built.  A ``LazyLog`` stores the block object itself at each of
    the block's positions until it is built.
    """

    __slots__ = ("start", "count", "make", "entries")

    def __init__(self, start: int, count: int, make: Callable[[], tuple]):
        self.start = start
        self.count = count
        self.make: Callable[[], tuple] | None = make      # None once built
        self.entries: tuple | None = None

    def __repr__(self) -> str:
        state = "built" if self.entries is not None else "not built"
        return f"<log block {self.start}..{self.start + self.count - 1}, {state}>"


class LazyLog(MutableSequence):
    """A list of ``LogEntry`` in which whole blocks are built on first access.

    Positions are only ever shifted by operations that build every pending
    block first (inserting or deleting anywhere but at the end, assigning a
    slice), so a pending block always sits at ``[start, start + count)``
    minus whatever was cut from the end of the log.
    """

    __slots__ = ("_items", "_pending")
    # unhashable, like list (the stubs declare __hash__ a method, so None does not fit them)
    __hash__ = None  # type: ignore[assignment]

    def __init__(self, entries: Iterable = (), blocks: Iterable[Block] = ()):
        self._items: list = list(entries)
        self._pending: list[Block] = []
        for b in blocks:
            if b.start != len(self._items):
                raise ValueError("log blocks must follow each other")
            self._items.extend([b] * b.count)
            if b.count:
                self._pending.append(b)

    # ----------------------------------------------------------- building
    @property
    def pending(self) -> int:
        """How many blocks are not built yet."""
        return len(self._pending)

    def _build(self, block: Block) -> None:
        entries = block.entries
        if entries is None:
            assert block.make is not None       # dropped only once the entries are built
            entries = tuple(block.make())
            if len(entries) != block.count:
                raise RuntimeError("a log block built the wrong number of entries")
            block.entries = entries
            block.make = None               # let the packed data go
        items = self._items
        start = block.start
        stop = min(start + block.count, len(items))
        if start < stop:
            seg = items[start:stop]
            items[start:stop] = [e if k is block else k for k, e in zip(seg, entries)]
        try:
            self._pending.remove(block)
        except ValueError:
            pass

    def _build_range(self, lo: int, hi: int) -> None:
        for b in [b for b in self._pending if b.start < hi and b.start + b.count > lo]:
            self._build(b)

    def build_all(self) -> None:
        """Build every block not built yet."""
        for b in list(self._pending):
            self._build(b)

    def keys(self, start: int, stop: int) -> list:
        """Positions ``[start, stop)`` as stored, without building anything: a
        ``LogEntry`` or, for an entry not built yet, its ``Block``.  The save
        cache compares these by identity (see ``codec._dumps``)."""
        return self._items[start:stop]

    # ------------------------------------------------------------ reading
    def __len__(self) -> int:
        return len(self._items)

    def __getitem__(self, i):
        items = self._items
        if type(i) is slice:
            if self._pending:
                r = range(*i.indices(len(items)))
                if r:
                    self._build_range(min(r[0], r[-1]), max(r[0], r[-1]) + 1)
            return items[i]
        k = items[i]
        if type(k) is Block:
            self._build(k)
            k = items[i]
        return k

    def __iter__(self) -> Iterator:
        if not self._pending:
            return iter(self._items)
        return self._iter()

    def _iter(self) -> Iterator:
        items = self._items
        i = 0
        while i < len(items):
            k = items[i]
            if type(k) is Block:
                self._build(k)
                k = items[i]
            yield k
            i += 1

    def __reversed__(self) -> Iterator:
        self.build_all()
        return reversed(self._items)

    def __contains__(self, value) -> bool:
        self.build_all()
        return value in self._items

    def index(self, value, start: int = 0, stop: int = 2**63 - 1) -> int:
        """Like ``list.index`` (builds every block)."""
        self.build_all()
        return self._items.index(value, start, stop)

    def count(self, value) -> int:
        """Like ``list.count`` (builds every block)."""
        self.build_all()
        return self._items.count(value)

    def _all(self) -> list:
        self.build_all()
        return self._items

    def copy(self) -> list:
        """A plain ``list`` of every entry (builds every block)."""
        return list(self._all())

    def __repr__(self) -> str:
        return repr(self._all())

    def __reduce__(self):
        return (LazyLog, (list(self._all()),))

    # --------------------------------------------------------- comparing
    @staticmethod
    def _other(other) -> list | None:
        if type(other) is LazyLog:
            return other._all()
        if isinstance(other, list):
            return other
        return None

    def __eq__(self, other) -> bool:
        o = self._other(other)
        return NotImplemented if o is None else self._all() == o

    def __ne__(self, other) -> bool:
        o = self._other(other)
        return NotImplemented if o is None else self._all() != o

    def __lt__(self, other) -> bool:
        o = self._other(other)
        return NotImplemented if o is None else self._all() < o

    def __le__(self, other) -> bool:
        o = self._other(other)
        return NotImplemented if o is None else self._all() <= o

    def __gt__(self, other) -> bool:
        o = self._other(other)
        return NotImplemented if o is None else self._all() > o

    def __ge__(self, other) -> bool:
        o = self._other(other)
        return NotImplemented if o is None else self._all() >= o

    def __add__(self, other) -> list:
        o = self._other(other)
        if o is None:
            return NotImplemented
        return self._all() + o

    def __radd__(self, other) -> list:
        o = self._other(other)
        if o is None:
            return NotImplemented
        return o + self._all()

    def __mul__(self, n) -> list:
        return self._all() * n

    __rmul__ = __mul__

    # ------------------------------------------------------------ changing
    def append(self, value) -> None:
        """Add an entry at the end (nothing is built)."""
        self._items.append(value)

    def extend(self, values) -> None:
        """Add entries at the end (nothing of this log is built unless it extends itself)."""
        if values is self:
            values = list(self._all())
        self._items.extend(values)

    def __iadd__(self, values):
        self.extend(values)
        return self

    def __imul__(self, n):
        self._all()
        self._items *= n
        return self

    def clear(self) -> None:
        """Drop every entry, built or not."""
        self._items.clear()
        self._pending.clear()

    def _cut(self, start: int) -> None:
        """Drop positions ``start`` and after (nothing before them moves)."""
        del self._items[start:]
        self._pending = [b for b in self._pending if b.start < start]

    def __delitem__(self, i) -> None:
        items = self._items
        if self._pending:
            n = len(items)
            if type(i) is slice:
                start, stop, step = i.indices(n)
                if step == 1 and stop >= n:
                    if start < n:
                        self._cut(start)
                    return
            else:
                j = i.__index__()
                if j == n - 1 or j == -1:
                    self._cut(n - 1)
                    return
            self.build_all()
        del items[i]

    def __setitem__(self, i, value) -> None:
        if type(i) is slice:
            if not isinstance(value, (list, tuple)):
                value = list(value)
            self.build_all()
        self._items[i] = value

    def insert(self, i: int, value) -> None:
        """Like ``list.insert`` (builds every block if it goes before the end)."""
        if self._pending and i.__index__() < len(self._items):
            self.build_all()
        self._items.insert(i, value)

    def pop(self, i: int = -1) -> Any:
        """Remove and return the entry at ``i`` (the last by default)."""
        value = self[i]
        del self[i]
        return value

    def remove(self, value) -> None:
        """Remove the first entry equal to ``value`` (builds every block)."""
        del self[self.index(value)]

    def reverse(self) -> None:
        """Reverse in place (builds every block)."""
        self.build_all()
        self._items.reverse()

    def sort(self, *args, **kwargs) -> None:
        """Sort in place, as ``list.sort`` (builds every block)."""
        self.build_all()
        self._items.sort(*args, **kwargs)


def resolve(keys: Iterable, start: int) -> list:
    """``keys`` (as ``LazyLog.keys(start, ...)`` gave them) with every built
    block replaced by the entry it built at that position."""
    out = []
    for j, k in enumerate(keys, start):
        if type(k) is Block and k.entries is not None:
            k = k.entries[j - k.start]
        out.append(k)
    return out
