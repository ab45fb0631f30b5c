"""Property: every value the commands can produce round-trips through save, load and a
drawn frame; a refused command leaves nothing changed (the one schema, end to end)."""
from __future__ import annotations

import dataclasses
import math

import pygame
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from saves import codec
from sprites.app import App
from sprites.camera import ZOOM_STEPS
from sprites.keymap import load_keymap
from tabletop.core import schema as S
from tabletop.core.commands import COMMANDS
from tabletop.core.games import load_all
from tabletop.games.lcg.cards import TOKEN_TYPES
from tabletop.games.lcg.scenarios import new_game

load_all()
LCG_COMMANDS = sorted(name for name, cls in COMMANDS.items()
                      if cls.__module__.startswith(("tabletop.core", "tabletop.games.lcg")))
EDGE = S.MAX_NUMBER
NUMERIC = ["move", "nudge", "tokens", "add_die", "roll", "move_dice", "move_zone", "threat",
           "set_threat", "round"]


@pytest.fixture(scope="module")
def start() -> bytes:
    """A 2-seat game with two dice on the table, as bytes (each example loads its own)."""
    session = new_game(scenario="passage-through-mirkwood", players=2, seed=5,
                       names=["Ann\x1b[2J", "B" * S.MAX_SEAT_NAME])
    from tabletop.core.commands import AddDie
    assert session.submit(AddDie(kind="d6", x=10.0, y=20.0))
    assert session.submit(AddDie(kind="d6", x=-EDGE, y=EDGE))
    return codec.dumps(session)


@pytest.fixture(scope="module")
def app(start):
    window = App(codec.loads(start), size=(900, 600), keymap=load_keymap("/nonexistent/keys.toml"))
    yield window
    pygame.display.quit()


_EDGES = st.sampled_from([EDGE, -EDGE, EDGE - 50.5, -EDGE + 0.25])
_BEYOND = st.sampled_from([EDGE + 0.5, 1e300, -1e300, math.inf, -math.inf, math.nan, 2 ** 64,
                           10 ** 400])
_BAD_INTS = st.sampled_from([EDGE + 1, -EDGE - 1, 2 ** 63, 2 ** 64, 10 ** 400, True, False])
_BAD_TEXT = st.sampled_from(["\x1b]0;t\x07", "x" * (S.MAX_TEXT + 1), "", "\u202e"])


def field_values(plain, elems, ids, words, valid: bool):
    """Values of a field of these types: plausible ones (real ids and piles,
    numbers near the table or on its very edge), or with anything an API caller
    might pass mixed in."""
    good_int = st.one_of(st.sampled_from(ids), st.integers(-2, 3))
    good_num = st.one_of(st.floats(-2000, 2000, allow_nan=False), _EDGES)
    good_text = st.sampled_from(words)
    if not valid:
        good_int = st.one_of(good_int, _BAD_INTS, st.integers(-3, 80))
        good_num = st.one_of(good_num, _BEYOND)
        good_text = st.one_of(good_text, _BAD_TEXT, st.text(max_size=12))
    options = []
    if int in plain and float in plain:
        options.append(good_num)
    elif int in plain:
        options.append(good_int)
    if bool in plain:
        options.append(st.booleans())
    if str in plain:
        options.append(good_text)
    if type(None) in plain:
        options.append(st.none())
    if elems is not None:
        options.append(st.lists(good_int if int in elems else good_num, min_size=1,
                                max_size=3).map(tuple))
    return st.one_of(options) if options else st.none()


@st.composite
def commands(draw, ids, words):
    # the commands that carry numbers and text come up more often
    cls = COMMANDS[draw(st.sampled_from(LCG_COMMANDS + NUMERIC * 3))]
    valid = draw(st.booleans())
    values = {}
    for f in dataclasses.fields(cls):
        plain, elems = S.annotation_types(f.type)
        values[f.name] = draw(field_values(plain, elems, ids, words, valid))
    return cls(**values)


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_what_commands_produce_saves_loads_and_draws(start, app, data):
    session = codec.loads(start)
    ids = list(session.state.table.cards) + sorted(session.state.dice) + [0, 1]
    words = sorted(session.state.zones) + list(TOKEN_TYPES) + ["d6", "shadow", "attachment"]
    for _ in range(data.draw(st.integers(1, 8))):
        cmd = data.draw(commands(ids, words))
        before = (session.state.to_data(), len(session.log))
        result = session.submit(cmd)
        event(f"{cmd.name} {'accepted' if result.ok else 'refused'}")
        if not result.ok:
            assert (session.state.to_data(), len(session.log)) == before, cmd
            assert result.reason and "\n" not in result.reason
    loaded = codec.loads(codec.dumps(session), verify=True)
    assert loaded.state == session.state and loaded.cursor == session.cursor
    # undo and redo everything: every table on the way is drawable too
    app.set_session(loaded)
    app.step([])
    far = [c for c in loaded.state.cards.values() if abs(c.x) > 1000 or abs(c.y) > 1000]
    event(f"cards far away: {bool(far)}")
    for card in far[:2]:
        for zoom in (0, len(ZOOM_STEPS) - 1):
            app.camera.zoom_index = zoom
            app.camera.cx, app.camera.cy = card.x, card.y
            app.game.view.layer = None
            app.step([])
    loaded.seek(0)
    app.step([])
    loaded.seek(len(loaded.log))
    app.step([])
    assert loaded.state == session.state


def test_cards_and_dice_on_the_very_edge_are_drawn_at_every_zoom(start, app):
    from tabletop.core.commands import MoveCards, MoveDice
    session = codec.loads(start)
    a, b = session.state.table.cards[-2:]
    assert session.submit(MoveCards(card_ids=(a,), x=EDGE, y=-EDGE))
    assert session.submit(MoveCards(card_ids=(b,), x=-EDGE, y=EDGE))
    die = min(session.state.dice)                                     # the one at (10, 20)
    assert session.submit(MoveDice(die_ids=(die,), dx=EDGE - 10, dy=-EDGE + 20))
    assert not session.submit(MoveDice(die_ids=(die,), dx=1.0))       # one step beyond
    loaded = codec.loads(codec.dumps(session), verify=True)
    app.set_session(loaded)
    for x, y in ((EDGE, -EDGE), (-EDGE, EDGE), (0.0, 0.0)):
        for zoom in range(len(ZOOM_STEPS)):
            app.camera.zoom_index = zoom
            app.camera.cx, app.camera.cy = x, y
            app.game.view.layer = None
            app.step([])
