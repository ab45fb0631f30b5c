"""The shape of an event card's declaration (``EventSpec``, ``Combat``), and filling in
its placeholders.  See the package's docstring.

Pure Python: no pygame.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Ins = dict[str, Any]


@dataclass(frozen=True)
class Combat:
    """The lower half of an event card: a combat card."""
    title: str                          # English msgid (N_)
    initiative: int                     # when it resolves (0 first)
    text: str                           # our paraphrase (N_)
    when: tuple[Ins, ...] = ()          # conditions (conds.COND) about the battle
    effect: str = ""                    # its effect in combat.EFFECTS
    params: tuple[tuple[str, Any], ...] = ()   # the effect's parameters

    def param(self, key: str, default: Any = None) -> Any:
        """One of the effect's parameters."""
        return dict(self.params).get(key, default)


@dataclass(frozen=True)
class EventSpec:
    """One event card."""
    code: str                           # ev.fp.char.07, ev.shadow.strat.18k
    name: str                           # English msgid (N_): the printed name
    side: str                           # fp / shadow
    deck: str                           # character / strategy
    number: int
    kings: bool                         # a card of Kings of Middle-earth
    icon: str                           # the die icon that also plays it: character/army/muster
    text: str                           # our paraphrase of the event (N_)
    combat: Combat
    when: tuple[Ins, ...] = ()          # precondition (conds.COND); all must hold
    effect: tuple[Ins, ...] = ()        # what it does (vocab.VOCAB)
    table: bool = False                 # played on the table
    keep: tuple[Ins, ...] = ()          # a table card is discarded when one of these fails
    on: tuple[tuple[str, tuple[Ins, ...]], ...] = ()   # trigger -> instructions (table cards)
    missing: str = ""                   # what the engine leaves to the players ("" none)

    @property
    def initiative(self) -> int:
        """The number printed in its corner: the initiative of its combat card."""
        return self.combat.initiative


def card(side: str, deck: str, number: int, name: str, icon: str, text: str, combat: Combat,
         kings: bool = False, **more: Any) -> EventSpec:
    """An ``EventSpec`` from its facts (the code is made from side, deck and number)."""
    from tabletop.games.wotr.pieces import event_code
    for key in ("when", "effect", "keep"):
        if key in more:
            more[key] = tuple(more[key])
    if "on" in more:
        more["on"] = tuple((t, tuple(v)) for t, v in more["on"].items())
    return EventSpec(event_code(side, deck, number, kings), name, side, deck, number, kings,
                     icon, text, combat, **more)


def recruit(nation: str, *kinds: str, region: str | None = None, **more: Any) -> Ins:
    """A card's recruiting step for the playing seat (``kinds`` of ``nation``, in
    ``region`` when it names one)."""
    ins = {"op": "recruit", "seat": "$seat", "nation": nation, "kinds": list(kinds), **more}
    if region:
        ins["regions"] = [region]
    return ins


def draw(n: int = 1) -> Ins:
    """A card's step drawing ``n`` Strategy event cards for the playing seat."""
    return {"op": "draw", "seat": "$seat", "deck": "strategy", "n": n}


@dataclass
class _Fill:
    """Placeholders of a declaration filled in with a play's values."""
    values: dict[str, Any] = field(default_factory=dict)

    def __call__(self, x: Any) -> Any:
        if isinstance(x, str) and x.startswith("$") and x[1:] in self.values:
            return self.values[x[1:]]
        if isinstance(x, dict):
            return {k: self(v) for k, v in x.items()}
        if isinstance(x, (list, tuple)):
            return [self(v) for v in x]
        return x


def fill(steps: tuple[Ins, ...], **values: Any) -> list[Ins]:
    """A declaration's instructions with ``$name`` placeholders filled in (plain data)."""
    f = _Fill(values)
    return [f(s) for s in steps]
