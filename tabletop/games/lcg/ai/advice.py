"""``Advice``: a policy's answer to the pending decision and the sentence that says why."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

Why = Callable[[], str]


@dataclass
class Advice:
    """An answer to the pending decision and the sentence that says why (made on demand:
    whole games never pay for the words)."""
    value: Any
    reason: Why

    @property
    def why(self) -> str:
        """The reason, in words."""
        return self.reason()
