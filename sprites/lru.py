"""A small cache that forgets the least recently used entries (drawn surfaces)."""
from __future__ import annotations

from collections import OrderedDict


class LRU(OrderedDict):
    """A dictionary that forgets the least recently used entries beyond ``limit``."""

    def __init__(self, limit: int):
        super().__init__()
        self.limit = limit

    def get_or(self, key, make):
        """The value of ``key``, made by ``make()`` when missing."""
        try:
            value = self[key]
            self.move_to_end(key)
            return value
        except KeyError:
            value = make()
            self[key] = value
            if len(self) > self.limit:
                self.popitem(last=False)
            return value
