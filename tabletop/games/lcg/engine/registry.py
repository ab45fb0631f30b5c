"""The card registry: every card declaration the engine is given, and their passives.

The engine never imports the card declarations (``tabletop.games.lcg.cardspecs``):
the game's package builds one ``CardRegistry`` when it is imported (every card
declared, every passive registered) and gives it to the engine
(``Engine(cards=...)``), which hands it to every ``Table`` it reads.

A declaration is any object with the shape of ``CardDecl`` (the card game's is
``cardspecs.base.CardSpec``) and its abilities of ``AbilityDecl``.

**Passives** hold while a card is in play and are derived each time a value is
read (never faked with tokens): stat changes, "cannot" restrictions, extra
traits and resource icons, cost changes, changes to the rules of the round,
replacement effects.  They are looked up by the card they belong to, so reading
a stat costs little: a card's own passives (``register_self``), those of the
attachments on it (``register_attached``), and the few that look at the whole
table (``register_global``, ``register_rule``).  Each function takes the
engine's ``Table``.

**Predicates** name tests too odd for the filter language (``engine.filters``):
``{"pred": "spirit_character"}``.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol

Fn = Callable[..., Any]
# the engine's Table (engine.table, a floor above this one)
TableLike = Any

# what: "stat" (arg: stat name; value: a bonus), "cannot" (arg: what; value: bool),
# "traits" (value: a set), "spheres" (value: a set), "cost" (value: a change), "ability"
# (arg: an ability name such as "attack_staging"; value: bool)
PASSIVE_KINDS = ("stat", "cannot", "traits", "spheres", "cost", "ability")
RULES = ("extra_staging", "no_staging", "no_engagement_checks", "no_draw", "refresh_threat")
INSTEAD_EVENTS = ("leave_play", "draw")


def _kind(what: str) -> str:
    if what not in PASSIVE_KINDS:
        raise ValueError(f"{what!r} is not a kind of passive ({', '.join(PASSIVE_KINDS)})")
    return what


class AbilityDecl(Protocol):
    """What the engine reads of one ability of a card declaration."""

    @property
    def kind(self) -> str: ...
    @property
    def trigger(self) -> str | None: ...
    @property
    def phase(self) -> str | None: ...
    @property
    def condition(self) -> Fn | None: ...
    @property
    def cost(self) -> Any: ...
    @property
    def effect(self) -> Any: ...
    @property
    def limit(self) -> tuple[Any, ...] | None: ...
    @property
    def where(self) -> str: ...
    @property
    def text(self) -> str: ...
    @property
    def anyone(self) -> bool: ...
    @property
    def per_player(self) -> bool: ...


class CardDecl(Protocol):
    """What the engine reads of a card declaration."""

    @property
    def code(self) -> str: ...
    @property
    def abilities(self) -> Sequence[AbilityDecl]: ...
    @property
    def attach_hosts(self) -> Fn | None: ...
    @property
    def play_allowed(self) -> Fn | None: ...
    @property
    def stage_blocked(self) -> Fn | None: ...
    @property
    def pay_distinct(self) -> bool: ...
    @property
    def x_values(self) -> Fn | None: ...

    def of_kind(self, kind: str) -> Sequence[tuple[int, AbilityDecl]]: ...


class _Specs(dict[str, Any]):
    """The declarations by code; a change (a test's stand-in) clears what was derived."""

    def __init__(self, changed: Callable[[], None]):
        super().__init__()
        self._changed = changed

    def __setitem__(self, code: str, spec: Any) -> None:
        super().__setitem__(code, spec)
        self._changed()

    def __delitem__(self, code: str) -> None:
        super().__delitem__(code)
        self._changed()


class CardRegistry:
    """Card declarations by code, their passives, replacement effects and predicates."""

    def __init__(self) -> None:
        self.specs: dict[str, Any] = _Specs(self._forget)
        self._self: dict[str, list[tuple[str, Fn]]] = {}       # code -> (what, fn(t, cid, arg))
        self._attached: dict[str, list[tuple[str, Fn]]] = {}   # code -> (what, fn(t, att, host, arg))
        self._global: dict[str, list[Fn]] = {}                 # what -> fn(t, cid, arg)
        self._rules: dict[str, list[Fn]] = {}                  # rule -> fn(t) -> int | bool
        self._instead: dict[tuple[str, str | None], list[Fn]] = {}
        self.predicates: dict[str, Fn] = {}                    # name -> fn(t, cid, seat, args)
        self._answering: dict[str, frozenset[str]] = {}
        self._derived: dict[str, Any] = {}

    # ------------------------------------------------------------- declaring
    def declare(self, spec: Any) -> Any:
        """Register a card's declaration (its code must be new)."""
        if spec.code in self.specs:
            raise ValueError(f"card {spec.code} is declared twice")
        self.specs[spec.code] = spec
        return spec

    def register_self(self, code: str, what: str, fn: Fn) -> None:
        """A passive of the cards with this code: ``fn(table, cid, arg)``."""
        self._self.setdefault(code, []).append((_kind(what), fn))

    def register_attached(self, code: str, what: str, fn: Fn) -> None:
        """A passive an attachment with this code gives its host: ``fn(table, att, host, arg)``."""
        self._attached.setdefault(code, []).append((_kind(what), fn))

    def register_global(self, what: str, fn: Fn) -> None:
        """A passive that may concern any card: ``fn(table, cid, arg)``."""
        self._global.setdefault(_kind(what), []).append(fn)

    def register_rule(self, name: str, fn: Fn) -> None:
        """A passive that changes a rule of the round (``RULES``: "extra_staging" (more
        cards revealed), "no_staging", "no_engagement_checks"...): ``fn(table)``."""
        if name not in RULES:
            raise ValueError(f"{name!r} is not a rule of the round ({', '.join(RULES)})")
        self._rules.setdefault(name, []).append(fn)

    def register_instead(self, event: str, fn: Fn, code: str | None = None) -> None:
        """A replacement effect: when ``event`` would happen (to a card with ``code``, or
        to any card when None), ``fn(table, *args)`` may say what happens instead (None:
        nothing is replaced).  Events: "leave_play" (args: card id, the pile it would go
        to; returns another pile, or "staging") and "draw" (args: seat; returns the
        instructions done instead of drawing)."""
        if event not in INSTEAD_EVENTS:
            raise ValueError(f"{event!r} cannot be replaced ({', '.join(INSTEAD_EVENTS)})")
        self._instead.setdefault((event, code), []).append(fn)

    def predicate(self, name: str) -> Callable[[Fn], Fn]:
        """Register a named predicate ``fn(table, card id, seat, args) -> bool`` (a decorator)."""
        def reg(fn: Fn) -> Fn:
            if name in self.predicates:
                raise ValueError(f"predicate {name!r} is registered twice")
            self.predicates[name] = fn
            return fn
        return reg

    # --------------------------------------------------------------- reading
    def spec(self, code: str) -> Any:
        """A card's declaration (a ``CardDecl``), or None."""
        return self.specs.get(code)

    def __len__(self) -> int:
        return len(self.specs)

    def __iter__(self) -> Iterator[str]:
        return iter(self.specs)

    def _forget(self) -> None:
        self._answering.clear()
        self._derived.clear()

    def answering(self, event: str) -> frozenset[str]:
        """The codes of the cards with an ability that answers this game event."""
        codes = self._answering.get(event)
        if codes is None:
            codes = self._answering[event] = frozenset(
                code for code, spec in self.specs.items()
                if any(ab.trigger == event for ab in spec.abilities))
        return codes

    def actors(self) -> frozenset[str]:
        """Codes of the cards with an Action ability (used from play)."""
        codes = self._derived.get("actors")
        if codes is None:
            codes = self._derived["actors"] = frozenset(
                code for code, spec in self.specs.items() if spec.of_kind("action"))
        return codes

    def self_responders(self) -> frozenset[str]:
        """Codes of the cards with a Response printed for the players to use (``where="self"``)."""
        codes = self._derived.get("self_responders")
        if codes is None:
            codes = self._derived["self_responders"] = frozenset(
                code for code, spec in self.specs.items()
                if any(ab.where == "self" for _i, ab in spec.of_kind("response")))
        return codes

    def with_play_rules(self) -> list[Any]:
        """The declarations that may forbid playing a card (``play_allowed``)."""
        specs = self._derived.get("play_rules")
        if specs is None:
            specs = self._derived["play_rules"] = [s for s in self.specs.values()
                                                   if s.play_allowed is not None]
        return specs

    # -------------------------------------------------------------- passives
    def _values(self, table: TableLike, cid: int, what: str, arg: Any) -> Iterator[Any]:
        st = table.state
        code = st.cards[cid].code
        for w, fn in self._self.get(code, ()):
            if w == what:
                yield fn(table, cid, arg)
        if self._attached:
            for att in st.attachments(cid):
                acard = st.cards[att]
                fns = self._attached.get(acard.code)
                if fns and acard.face_up:
                    for w, afn in fns:
                        if w == what:
                            yield afn(table, att, cid, arg)
        for gfn in self._global.get(what, ()):
            yield gfn(table, cid, arg)

    def bonus(self, table: TableLike, cid: int, stat: str) -> int:
        """What the passives add to ``stat`` of ``cid`` now."""
        return sum(v or 0 for v in self._values(table, cid, "stat", stat))

    def cannot(self, table: TableLike, cid: int, what: str) -> bool:
        """Does a passive keep ``cid`` from doing ``what``?"""
        return any(self._values(table, cid, "cannot", what))

    def can(self, table: TableLike, cid: int, what: str) -> bool:
        """Does a passive let ``cid`` do something out of the ordinary (``what``)?"""
        return any(self._values(table, cid, "ability", what))

    def traits(self, table: TableLike, cid: int) -> set[str]:
        """Traits passives give a card."""
        out: set[str] = set()
        for v in self._values(table, cid, "traits", None):
            out |= v or set()
        return out

    def spheres(self, table: TableLike, hero: int) -> set[str]:
        """Resource icons passives give a hero."""
        out: set[str] = set()
        for v in self._values(table, hero, "spheres", None):
            out |= v or set()
        return out

    def cost(self, table: TableLike, cid: int) -> int:
        """How passives change the cost of playing a card."""
        return sum(fn(table, cid, None) or 0 for fn in self._global.get("cost", ()))

    def instead(self, table: TableLike, event: str, code: str | None, *args: Any) -> Any:
        """What replaces ``event`` now (the first replacement that applies), or None."""
        if not self._instead:
            return None
        for key in ((event, code), (event, None)):
            for fn in self._instead.get(key, ()):
                out = fn(table, *args)
                if out is not None:
                    return out
        return None

    def rule(self, table: TableLike, name: str) -> int:
        """The sum of what the passives say of a rule now (True counts as 1)."""
        return sum(int(fn(table)) for fn in self._rules.get(name, ()))

    def passives(self) -> dict[str, Any]:
        """What is registered, for checks and tools: {"self": codes, "attached": codes,
        "global": kinds, "rules": names, "instead": [(event, code)]}."""
        return {"self": {c: [w for w, _f in fs] for c, fs in self._self.items()},
                "attached": {c: [w for w, _f in fs] for c, fs in self._attached.items()},
                "global": sorted(self._global), "rules": sorted(self._rules),
                "instead": sorted(self._instead, key=lambda k: (k[0], k[1] or ""))}
