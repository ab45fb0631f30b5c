"""Enter answers only with a safe default; Esc backs out of a payment.

The game is driven with the engine's own API to each kind of decision (an attack's
defender, a response, travel, optional engagement, committing, a payment) and the
window is asked what Enter does there."""
import pygame
import pytest

from sprites.app import App
from sprites.games.lcg.decision import safe_default
from sprites.keymap import load_keymap
from tabletop.core.ruleset import Choice
from tabletop.games.lcg import api

from tests.sprites.test_ui import key


def window(session, size=(1280, 800)):
    app = App(session, size=size, keymap=load_keymap("/nonexistent/keys.toml"))
    app.step([])
    return app


def drive(game, until, limit=400, play_every=3):
    """Answer (keep, pass, done...; now and then playing a card) until ``until(choice)``."""
    for n in range(limit):
        c = game.pending()
        assert c is not None, "the game ended first"
        if until(c):
            return c
        vals = list(c.options)
        pick = next((v for v in vals if isinstance(v, str) and v.startswith("play:")
                     and n % play_every == 0), None)
        if pick is None:
            pick = next((w for w in ("keep", "random", "ok", "pass", "done", "no", "none")
                         if w in vals), vals[0])
        assert api.answer(game, pick), (c.prompt, pick)
    raise AssertionError("never reached")


@pytest.fixture
def game():
    g = api.new_game("passage-through-mirkwood", decks=["leadership"], seed=7)
    yield g
    pygame.display.quit()


def enter(app):
    before = len(app.session.log)
    app.step(key(pygame.K_RETURN))
    return len(app.session.log) - before


def test_enter_never_leaves_an_attack_undefended(game):
    c = drive(game, lambda c: "enemy" in c.data and "none" in c.options)
    app = window(game)
    assert app.game.panel.default_option() is None
    assert enter(app) == 0                                   # nothing answered
    assert game.pending().options == c.options
    toasts = [t for _e, t in app.toasts]
    assert len(toasts) == 1 and "Enter does not choose" in toasts[0]
    enter(app)
    enter(app)
    assert len(app.toasts) == 1                              # said once, never stacked
    assert not any(b.default for b in app.game.panel.buttons)   # no gold button


def test_enter_confirms_a_declared_defender(game):
    drive(game, lambda c: "enemy" in c.data and "none" in c.options)
    choice = game.pending()
    with_done = Choice(seat=0, kind="one", prompt="", options=(*choice.options[:-1], "done"),
                       data={**choice.data})
    assert safe_default(with_done) == "done"               # "No more defenders"


def test_enter_declines_no_response(game):
    drive(game, lambda c: c.kind == "act" and "event" in c.data)
    app = window(game)
    assert "no" in game.pending().options
    assert app.game.panel.default_option() is None
    assert enter(app) == 0


def test_enter_does_not_skip_travel_or_engagement(game):
    drive(game, lambda c: any(str(game.pending().data.get("labels", {}).get(str(o), "")).startswith(
        "Travel to") for o in c.options))
    app = window(game)
    assert "none" in game.pending().options
    assert app.game.panel.default_option() is None and enter(app) == 0
    engage = Choice(seat=0, kind="one", prompt="", options=(40, "none"),
                    data={"labels": {"40": "Engage Forest Spider (25)", "none": "Engage none"}})
    assert safe_default(engage) is None


def test_enter_passes_an_action_window_and_keeps_a_hand(game):
    app = window(game)
    assert app.game.panel.default_option() == "keep"
    assert enter(app) == 1
    assert game.pending().kind == "act" and "window" in game.pending().data
    assert app.game.panel.default_option() == "pass"
    b = [b for b in app.game.panel.buttons if b.default]
    assert len(b) == 1 and b[0].key == "Enter"


def test_enter_commits_only_after_a_pick(game):
    c = drive(game, lambda c: c.kind == "many")
    app = window(game)
    assert app.game.panel.default_option() is None          # committing nobody is a choice
    assert enter(app) == 0
    hero = [o for o in c.options if isinstance(o, int)][-1]     # Glóin: no response of his own
    assert api.answer(game, hero)
    app.step([])
    assert game.pending().kind == "many" and game.pending().data["picked"] == [hero]
    assert app.game.panel.default_option() == "done"        # confirm the pick
    assert enter(app) == 1


def test_ok_and_first_player_defaults():
    ok = Choice(seat=0, kind="ok", prompt="", options=("ok",), data={})
    first = Choice(seat=0, kind="one", prompt="", options=("random", "seat:0", "seat:1"), data={})
    yes = Choice(seat=0, kind="yesno", prompt="", options=("yes", "no"), data={})
    pay = Choice(seat=0, kind="pay", prompt="", options=(1, 2), data={"left": 1})
    assert safe_default(ok) == "ok" and safe_default(first) == "random"
    assert safe_default(yes) is None and safe_default(pay) is None


def test_esc_backs_out_of_a_payment_and_the_bar_names_the_card(game):
    drive(game, lambda c: c.kind == "pay")
    app = window(game)
    panel = app.game.panel
    start = panel.back_out_start()
    assert start is not None
    card = panel.paying_for()
    name = app.game.view_name(card)
    assert name in panel.prompt_text()                      # "Playing Sneak Attack · ..."
    assert any(b.value == ("cancel", None) and b.key == "Esc" for b in panel.buttons)
    before = {h: game.state.cards[h].tokens.get("resource", 0) for h in game.pending().options}
    app.step(key(pygame.K_ESCAPE))
    assert game.cursor == start                              # the play is taken back
    c = game.pending()
    assert c.kind == "act" and f"play:{card}" in c.options   # the action window again
    assert game.state.cards[card].zone.endswith("hand")
    after = {h: game.state.cards[h].tokens.get("resource", 0) for h in before}
    assert after == before
    assert [t for _e, t in app.toasts if "Cancelled" in t]
    assert not [t for _e, t in app.toasts if t.startswith("Undone")]


def test_the_cancel_button_backs_out_of_a_payment(game):
    drive(game, lambda c: c.kind == "pay")
    app = window(game)
    panel = app.game.panel
    start = panel.back_out_start()
    cancel = next(b for b in panel.buttons if b.value == ("cancel", None))
    pos = cancel.rect.move(0, panel.rect().y).center
    from tests.sprites.test_ui import down, move, up
    app.step([move(pos), down(pos), up(pos)])
    assert game.cursor == start


def test_esc_with_nothing_to_back_out_clears_the_selection(game):
    drive(game, lambda c: "enemy" in c.data and "none" in c.options)
    app = window(game)
    assert app.game.panel.back_out_start() is None
    app.game.selected.add(next(iter(app.game.view.by_id)))
    n = len(game.log)
    app.step(key(pygame.K_ESCAPE))
    assert not app.game.selected and len(game.log) == n
