"""Every card declaration of the card game speaks the declared card language.

What is checked:

- **Static**: every ability of every declaration (``tabletop.games.lcg.CARDS``)
  has a known kind, ``where`` and limit; its trigger is a declared trigger
  (``Vocabulary.trigger_problems``); its cost and effect, when they are
  instruction lists, name declared operations with declared parameters of
  the right types (``Vocabulary.problems(..., declared=True)``: ``$src``-like
  placeholders stand for values), nested lists included (``then``, ``do``,
  and each mode's ``do``); a ``$info.key`` placeholder names a fact the
  ability's trigger carries (or the facts the engine gives a shadow, When
  Revealed or Travel effect); every filter names known keys
  (``engine.filters.FILTER_KEYS``) and registered predicates.
- **Functions on a representative table**: a cost, effect or condition written
  as a function, and ``attach_hosts``, ``play_allowed``, ``stage_blocked``,
  are called on a two-player table holding the card where it is used (a hero or
  ally in play, an attachment on a hero or an enemy or a location, an event in
  hand, an enemy engaged with an attack under way, a location or treachery in
  the staging area, a quest card as the current stage) with an ``info`` that
  has every fact a trigger can carry; what a cost or effect returns, with
  ``$src``, ``$seat`` and ``$info`` filled in as the engine fills them, must
  be instructions of the language (checked as saved data: only nested lists
  may keep placeholders).  Every passive of the cards on that table is read.
- **At run time**: whole random games of the three scenarios with two players
  run with every executed instruction checked against its declaration and
  every trigger's facts against theirs.

What is not checked here: that a function returns the *right* instructions
for every table (the card's own tests do: ``tests/lcg/test_cards_*.py``), and
branches of a function that the representative table does not reach; the
card tests' stories also save and load at every decision, so every stack they
reach passes the save loader's check of the card language.
"""
from __future__ import annotations

import random
from typing import Any

import pytest

from tabletop.games.lcg import CARDS, api
from tabletop.games.lcg.cards import core_set
from tabletop.games.lcg.engine.ruleset import engine_view      # and with it every operation
from tabletop.games.lcg.engine import triggers as T
from tabletop.games.lcg.engine.filters import FILTER_KEYS
from tabletop.games.lcg.engine.language import ABILITY_KINDS, LIMIT_PER, PHASES, V, WHERE
from tabletop.games.lcg.engine.registry import PASSIVE_KINDS, RULES
from tabletop.games.lcg.engine.specs import steps_of
from tabletop.games.lcg.engine.state import stored

CODES = sorted(CARDS.specs)
TRIGGERED = ("response", "forced", "stage")
# the facts the engine gives the abilities that answer no trigger
KIND_FACTS = {"shadow": {"card", "seat", "enemy"}, "when_revealed": {"card", "seat"},
              "travel": {"card", "seat"}, "setup": set(), "action": set(), "event": set()}
# every fact a trigger can carry, for calling a card's functions
INFO_FACTS = {"seat": 0, "n": 1, "excess": 1, "progress": 1, "by": 1, "damage": 1,
              "destroyed": True, "undefended": True, "phase": "refresh"}


# ------------------------------------------------------------------ walking
def _instructions(steps: Any, where: str):
    """(where, instruction) for every instruction of a list, nested ones included."""
    if not isinstance(steps, (list, tuple)):
        return
    for i, ins in enumerate(steps):
        at = f"{where}[{i}]"
        yield at, ins
        if not isinstance(ins, dict):
            continue
        for key in ("then", "otherwise", "do"):
            if isinstance(ins.get(key), list):
                yield from _instructions(ins[key], f"{at}.{key}")
        for m, mode in enumerate(ins.get("modes") or ()):
            if isinstance(mode, dict):
                yield from _instructions(mode.get("do"), f"{at}.modes[{m}].do")


def _filter_problems(f: Any, where: str) -> list[str]:
    if not isinstance(f, dict):
        return [f"{where}: a filter is a mapping"]
    out = [f"{where}: unknown filter key {k!r}" for k in f if k not in FILTER_KEYS]
    if "pred" in f and f["pred"] not in CARDS.predicates:
        out.append(f"{where}: unknown predicate {f['pred']!r}")
    return out


def _info_keys(value: Any) -> set[str]:
    """The facts a declaration's instructions read (``$info.key``)."""
    if isinstance(value, str):
        return {value[6:]} if value.startswith("$info.") else set()
    if isinstance(value, (list, tuple)):
        return set().union(*(_info_keys(v) for v in value)) if value else set()
    if isinstance(value, dict):
        return set().union(*(_info_keys(v) for v in value.values())) if value else set()
    return set()


def language_problems(steps: Any, where: str, declared: bool = True) -> list[str]:
    """What is wrong with a cost or effect (a list of instructions)."""
    if not isinstance(steps, (list, tuple)):
        return [f"{where}: instructions are a list, not {type(steps).__name__}"]
    out = V.steps_problems(list(steps), declared=declared, where=where)
    for at, ins in _instructions(steps, where):
        if not isinstance(ins, dict):
            continue
        if "filter" in ins:
            out += _filter_problems(ins["filter"], at + ".filter")
        for m, mode in enumerate(ins.get("modes") or ()):
            if not isinstance(mode, dict) or not {"key", "label", "do"} <= set(mode):
                out.append(f"{at}.modes[{m}]: a mode has a key, a label and a do")
            else:
                out += V.steps_problems(mode["do"], declared=True, where=f"{at}.modes[{m}].do")
    return out


# ------------------------------------------------------------------ static
def test_the_language_is_declared():
    """The card game's vocabulary: more than 100 operations, about 30 triggers,
    each described in one line (docs/CARDS.md lists them)."""
    assert len(V.ops) > 100 and len(V.triggers) >= 29
    lines = V.describe()
    assert "op draw(seat: int, n?: int)" in lines
    assert "trigger committed(card: int, seat: int)" in lines


def test_every_card_of_the_core_set_with_a_declaration_is_checked():
    assert len(CODES) >= 120
    assert set(CODES) <= {c.code for c in core_set()}


@pytest.mark.parametrize("code", CODES)
def test_a_declaration_uses_declared_operations_triggers_and_parameters(code):
    spec = CARDS.spec(code)
    problems: list[str] = []
    for i, ab in enumerate(spec.abilities):
        at = f"{code} {spec.name} ability {i} ({ab.kind})"
        if ab.kind not in ABILITY_KINDS:
            problems.append(f"{at}: unknown kind {ab.kind!r}")
        if ab.where not in WHERE:
            problems.append(f"{at}: unknown where {ab.where!r}")
        if ab.phase is not None and ab.phase not in PHASES:
            problems.append(f"{at}: unknown phase {ab.phase!r}")
        if ab.limit is not None and not (isinstance(ab.limit, tuple) and len(ab.limit) == 2
                                         and ab.limit[0] in LIMIT_PER
                                         and isinstance(ab.limit[1], int)):
            problems.append(f"{at}: a limit is (\"round\" or \"phase\", n), not {ab.limit!r}")
        if ab.trigger is not None or ab.kind in TRIGGERED:
            if ab.kind in TRIGGERED or ab.trigger is not None:
                problems += V.trigger_problems(ab.trigger, where=at)
        facts = set(V.triggers[ab.trigger].info) if ab.trigger in V.triggers \
            else KIND_FACTS.get(ab.kind, set())
        for part in ("cost", "effect"):
            value = getattr(ab, part)
            if not callable(value):
                problems += language_problems(value, f"{at}.{part}")
                problems += [f"{at}.{part}: $info.{k} is not a fact of {ab.trigger or ab.kind}"
                             for k in sorted(_info_keys(value) - facts)]
    assert not problems, "\n".join(problems)


def test_the_checks_catch_a_mistake():
    """Guard against a check that cannot fail."""
    bad = [{"op": "damgae", "card": "$src"}, {"op": "damage", "card": "$src", "n": "2"},
           {"op": "choose", "filter": {"typ": "hero"}, "then": [{"op": "ready", "crad": 1}]},
           {"op": "mode", "modes": [{"key": "a", "label": "A", "do": [{"op": "nope"}]}]}]
    problems = language_problems(bad, "bad")
    assert any("unknown operation 'damgae'" in p for p in problems)
    assert any("'n' should be int" in p for p in problems)
    assert any("unknown filter key 'typ'" in p for p in problems)
    assert any("unknown parameter 'crad'" in p for p in problems)
    assert any("unknown operation 'nope'" in p for p in problems)
    assert V.trigger_problems("commited") == ["unknown trigger 'commited'"]


# ------------------------------------------------ functions on a real table
_SCENARIO_OF = {"01119": "passage-through-mirkwood", "01120": "passage-through-mirkwood",
                "01121": "passage-through-mirkwood", "01122": "passage-through-mirkwood",
                "01123": "escape-from-dol-guldur", "01124": "escape-from-dol-guldur",
                "01125": "escape-from-dol-guldur", "01126": "journey-down-the-anduin",
                "01127": "journey-down-the-anduin", "01128": "journey-down-the-anduin"}


def _table_with(code: str):
    """A two-player table with the card where it is used; (table, its id)."""
    cdef = core_set().by_code[code]
    me: dict[str, Any] = {"name": "Ann", "threat": 36, "deck": "leadership",
                          "heroes": [{"card": "Aragorn", "resources": 3, "damage": 1},
                                     {"card": "Gimli", "resources": 2, "damage": 2,
                                      "exhausted": True}],
                          "allies": [{"card": "Guard of the Citadel", "exhausted": True}],
                          "hand": ["Ever Vigilant", "Gandalf"], "discard": ["Dwarven Axe", "Gléowine"],
                          "engaged": [{"card": "Forest Spider", "shadow": ["Hummerhorns"]}]}
    you: dict[str, Any] = {"name": "Bob", "threat": 30, "deck": "spirit",
                           "heroes": [{"card": "Legolas", "resources": 2}, "Éowyn"],
                           "engaged": ["Goblin Sniper"]}
    pos: dict[str, Any] = {"scenario": _SCENARIO_OF.get(code, "passage-through-mirkwood"),
                           "step": "planning.play", "seats": [me, you], "rules": "sandbox",
                           "staging": ["King Spider", "Old Forest Road"],
                           "active_location": {"card": "Forest Gate", "progress": 1},
                           "quest": {"stage": 1, "progress": 2}, "encounter_discard": ["Despair"]}
    kind = cdef.type
    if kind == "hero":
        me["heroes"].append({"card": code, "resources": 2, "damage": 1})
    elif kind == "ally":
        me["allies"].append(code)
    elif kind == "attachment":
        target = (cdef.attach_to or "hero").lower()
        if target.startswith("enemy"):
            me["engaged"][0]["attachments"] = [code]
        elif target == "location":
            pos["active_location"]["attachments"] = [code]
        else:
            me["heroes"][0]["attachments"] = [code]
    elif kind == "event":
        me["hand"].append(code)
    elif kind == "enemy":
        me["engaged"].append({"card": code, "shadow": ["Despair"]})
    elif kind == "quest":
        pos["quest"] = {"card": code, "progress": 2}
    else:
        pos["staging"].append(code)
    game = api.load_position(pos)
    t = engine_view(game.state, CARDS)
    ids = [c for c, card in game.state.cards.items() if card.code == code]
    # the copy just put there (a hero also in hand is a different card)
    src = ids[-1]
    enemy = api.find(game, "Forest Spider", "p1.engaged")[0]
    t.engine = dict(stored(game.state))
    t.engine["attack"] = {"enemy": enemy, "seat": 0, "defenders": [], "undefended": True,
                          "bonus": 0, "no_defense": False}
    t.engine["committed"] = [api.find(game, "Aragorn")[0]]
    return t, src, enemy


@pytest.mark.parametrize("code", CODES)
def test_a_declarations_functions_give_instructions_of_the_language(code):
    spec = CARDS.spec(code)
    t, src, enemy = _table_with(code)
    hero = t.heroes(0)[0]
    info = dict(INFO_FACTS, card=src, enemy=enemy, target=hero, attackers=[hero],
                defenders=[hero])
    problems: list[str] = []
    for i, ab in enumerate(spec.abilities):
        at = f"{code} {spec.name} ability {i} ({ab.kind})"
        if ab.condition is not None:
            ab.condition(t, src, info, 0)
        for part in ("cost", "effect"):
            value = getattr(ab, part)
            if callable(value):
                out = steps_of(value, t, src, info, 0)
                problems += language_problems(out, f"{at}.{part}()", declared=False)
    if spec.attach_hosts is not None:
        assert all(isinstance(h, int) for h in spec.attach_hosts(t, 0, src))
    if spec.play_allowed is not None:
        spec.play_allowed(t, 0, src)
    if spec.stage_blocked is not None:
        why = spec.stage_blocked(t, src)
        assert why is None or isinstance(why, str)
    assert not problems, "\n".join(problems)


def test_every_passive_can_be_read_on_a_table():
    """Each registered passive of each card, read where the card lies."""
    registered = CARDS.passives()
    codes = sorted(set(registered["self"]) | set(registered["attached"]))
    assert codes and set(registered["rules"]) <= set(RULES)
    for code in codes:
        t, src, _enemy = _table_with(code)
        for cid in [c for c in t.table_cards() if t.state.cards[c].face_up] + [src]:
            for stat in ("willpower", "attack", "defense", "hitpoints", "threat", "engagement"):
                assert isinstance(t.stat(cid, stat), int)
            for what in PASSIVE_KINDS:
                list(CARDS._values(t, cid, what, "attack"))
            CARDS.instead(t, "leave_play", t.state.cards[cid].code, cid,
                          t.state.discard_zone_for(cid))
        for name in RULES:
            assert isinstance(t.rule(name), int)
        CARDS.instead(t, "draw", None, 0)


# ------------------------------------------------------------------ at run time
@pytest.fixture
def checked_language(monkeypatch):
    """Every instruction the machine executes, and every trigger, checked."""
    seen: set[str] = set()

    def wrap(decl):
        fn = decl.fn

        def run(ctx, ins):
            problems = V.problems(ins)
            assert not problems, f"{problems} in {ins!r}"[:2000]
            seen.add(ins["op"])
            fn(ctx, ins)
        return run

    for decl in V.ops.values():
        monkeypatch.setattr(decl, "fn", wrap(decl))
    monkeypatch.setattr(T, "CHECK_FACTS", True)
    return seen


@pytest.mark.parametrize("scenario", ["passage-through-mirkwood", "journey-down-the-anduin",
                                      "escape-from-dol-guldur"])
def test_whole_games_run_in_the_declared_language(checked_language, scenario):
    res = api.play_games(scenario, players=2, games=6, seed=3)
    assert len(res["games"]) == 6
    assert {"step", "window", "reveal", "draw", "commit"} <= checked_language


def test_a_story_checked_at_run_time(checked_language):
    """A longer game than the random policy plays: answer at random but always
    commit, so the quest advances (more cards' effects run)."""
    game = api.new_game("passage-through-mirkwood", players=2, seed=11)
    rng = random.Random(5)
    for _i in range(600):
        p = api.pending(game)
        if p is None:
            break
        values = [o["value"] for o in p["options"]]
        picks = [v for v in values if v not in ("done", "pass", "none", "no")] \
            if p["kind"] in ("many", "act") and rng.random() < 0.7 else values
        assert api.answer(game, rng.choice(picks or values), p["seat"]).ok
    assert len(checked_language) > 30


def test_a_passive_names_a_declared_kind_rule_or_replaced_event():
    from tabletop.games.lcg.engine.registry import CardRegistry
    reg = CardRegistry()
    with pytest.raises(ValueError, match="not a kind of passive"):
        reg.register_self("01004", "stats", lambda t, cid, stat: 0)
    with pytest.raises(ValueError, match="not a rule of the round"):
        reg.register_rule("no_engagement_check", lambda t: True)
    with pytest.raises(ValueError, match="cannot be replaced"):
        reg.register_instead("leaves_play", lambda t, cid, zone: None)
