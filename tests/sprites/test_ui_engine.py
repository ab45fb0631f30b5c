"""UI tests of a game the rules engine runs: the decision bar, lit cards, playing from
hand, free hands, the score sheet.  They drive the real app loop with synthetic events."""
import pygame
import pytest

from sprites.app import App
from sprites.keymap import load_keymap
from tabletop.games.lcg import api

from tests.sprites.test_ui import down, drag, key, move, up


def window(session, size=(1280, 800), viewer=0):
    app = App(session, size=size, keymap=load_keymap("/nonexistent/keys.toml"), viewer=viewer)
    app.step([])
    return app


@pytest.fixture
def game():
    g = api.new_game("passage-through-mirkwood", decks=["leadership"], seed=7)
    yield g
    pygame.display.quit()


def button(app, value):
    """The decision bar's button for an option value."""
    panel = app.game.panel
    app.step([])
    top = panel.rect().y
    for b in panel.buttons:
        if b.value == ("answer", value):
            return b.rect.move(0, top).center
    raise AssertionError(f"no button for {value!r}: {[b.value for b in panel.buttons]}")


def centre(app, cid):
    return app.game.view.screen_rect(app.camera, app.game.view.by_id[cid]).center


def hand_card(app, cid):
    return dict(app.game.hand.rects())[cid].center


def test_the_bar_shows_the_prompt_and_step_and_a_button_answers(game):
    app = window(game)
    panel = app.game.panel
    assert panel.active and panel.mine()
    assert "keep this hand" in panel.prompt_text()
    assert any("Setup" in part for part in app.game.status())
    assert [b.label for b in panel.buttons][0] == "Keep"
    assert app.game.table_area().top >= panel.rect().bottom     # the table starts below the bar
    app.step([move(button(app, "keep")), down(button(app, "keep")), up(button(app, "keep"))])
    assert api.derived(game)["phase"] == "resource"
    assert "Keep" in app.session.log[-1].text


def test_enter_answers_done_or_pass(game):
    api.answer(game, "keep")
    app = window(game)
    assert app.game.panel.default_option() == "pass"
    app.step(key(pygame.K_RETURN))
    assert api.derived(game)["phase"] == "planning"
    app.step(key(pygame.K_KP_ENTER))           # Done planning
    while api.pending(game)["kind"] == "act":  # the windows after planning, at the quest's start
        assert app.game.panel.default_option() == "pass"
        app.step(key(pygame.K_RETURN))
    assert api.derived(game)["step"] == "quest.commit"


def test_a_decision_answered_by_clicking_a_lit_card(game):
    api.answer(game, "keep")
    while api.pending(game)["kind"] == "act":
        api.answer(game, "pass")
    app = window(game)
    aragorn = api.find(game, "Aragorn")[0]
    assert aragorn in app.game.panel.card_options()         # lit on the table
    app.step([move(centre(app, aragorn)), down(centre(app, aragorn)), up(centre(app, aragorn))])
    assert "Aragorn" in api.derived(game)["committed"]
    assert game.state.cards[aragorn].exhausted


def test_the_quest_shows_willpower_against_threat_live(game):
    api.answer(game, "keep")
    while api.pending(game)["kind"] == "act":
        api.answer(game, "pass")
    app = window(game)
    panel = app.game.panel
    assert panel._quest_width() > 0
    before = panel.info["committed_willpower"]
    gloin = api.find(game, "Glóin")[0]
    app.step([move(centre(app, gloin)), down(centre(app, gloin)), up(centre(app, gloin))])
    assert panel.info["committed_willpower"] == before + 2
    assert panel.info["staging_threat"] == api.derived(game)["staging_threat"] > 0


def test_a_card_played_by_dragging_it_from_hand(game):
    api.answer(game, "keep")
    api.answer(game, "pass")                                   # to the planning phase
    app = window(game)
    scout = api.find(game, "Snowbourn Scout", "p1.hand")[0]
    assert scout in app.game.panel.hand_lit()
    a = hand_card(app, scout)
    drag(app, a, (640, 330))
    assert api.pending(game)["kind"] == "pay"                  # which hero pays: a lit card
    payer = next(iter(app.game.panel.card_options()))
    app.step([move(centre(app, payer)), down(centre(app, payer)), up(centre(app, payer))])
    assert api.card(game, scout)["area"] == "p1.play"
    assert any("Snowbourn Scout" in e.text for e in app.session.log[-2:])


def test_dragging_an_attachment_lights_its_hosts_and_dropping_on_one_attaches(game):
    api.answer(game, "keep")
    api.answer(game, "pass")
    app = window(game)
    steward = api.find(game, "Steward of Gondor", "p1.hand")[0]
    gloin = api.find(game, "Glóin")[0]
    a, b = hand_card(app, steward), centre(app, gloin)
    app.step([move(a), down(a), move((a[0], a[1] - 40)), move(b)])
    assert set(app.game.drag.extra["hosts"]) >= {gloin, api.find(game, "Aragorn")[0]}
    app.step([up(b)])
    while api.pending(game)["kind"] == "pay":                  # which hero pays
        api.answer(game, api.pending(game)["options"][0]["value"])
    assert game.state.cards[steward].attached_to == gloin


def test_a_refused_drag_shows_the_rule(game):
    api.answer(game, "keep")
    api.answer(game, "pass")
    app = window(game)
    vigilant = api.find(game, "Ever Vigilant", "p1.hand")[0]   # an event with nothing to ready
    n = len(game.log)
    drag(app, hand_card(app, vigilant), (640, 330))
    assert len(game.log) == n
    assert game.state.cards[vigilant].zone == "p1.hand"
    text = " ".join(t for _e, t in app.toasts)
    reason = api.apply(game, __import__("tabletop.games.lcg.commands", fromlist=["x"])
                       .PlayCard(0, vigilant)).reason
    assert reason and reason in text


def test_a_refusal_leaves_the_screen_once_something_is_done(game):
    api.answer(game, "keep")
    app = window(game)
    aragorn = api.find(game, "Aragorn")[0]
    app.step([move(centre(app, aragorn))] + key(pygame.K_a))   # the engine refuses
    refusals = [t for _e, t in app.toasts]
    assert refusals
    app.step(key(pygame.K_F2))                                  # free hands: accepted
    shown = [t for _e, t in app.toasts]
    assert not set(refusals) & set(shown)


def test_free_hands_on_and_off(game):
    api.answer(game, "keep")
    app = window(game)
    aragorn = api.find(game, "Aragorn")[0]
    app.step([move(centre(app, aragorn))] + key(pygame.K_a))   # the engine refuses
    assert not game.state.cards[aragorn].exhausted
    app.step(key(pygame.K_F2))
    panel = app.game.panel
    assert panel.free and "Free hands" in panel.prompt_text()
    app.step([move(centre(app, aragorn))] + key(pygame.K_a))
    assert game.state.cards[aragorn].exhausted
    assert game.log[-1].text.endswith("(by hand)")
    app.step(key(pygame.K_F2))
    assert not panel.free and panel.choice is not None
    # and from the table menu
    app.step([move((640, 400)), down((640, 400), button=3), up((640, 400), button=3)])
    labels = [i.label for i in app.menu.items]
    assert any("Free hands" in label for label in labels)


def test_pacing_from_the_menu(game):
    api.answer(game, "keep")
    app = window(game)
    app.step([move((640, 400)), down((640, 400), button=3), up((640, 400), button=3)])
    item = next(i for i in app.menu.items if "revealed card" in i.label)
    item.action()
    from tabletop.games.lcg.engine import state as S
    assert S.stored(game.state)["pacing"] == "reveals"


def test_another_seat_decides_the_bar_says_who_and_enter_sits_there():
    g = api.new_game("passage-through-mirkwood", players=2, decks=["leadership", "lore"],
                     names=["Ann", "Ben"], seed=3)
    api.answer(g, "seat:1")
    assert api.pending(g)["seat"] == 1
    app = window(g)
    panel = app.game.panel
    assert not panel.mine() and "Waiting for Ben" in panel.prompt_text()
    assert panel.buttons[0].value == ("sit", 1)
    app.step(key(pygame.K_RETURN))
    assert app.viewer == 1 and app.curtain == 1                # behind the curtain
    app.step(key(pygame.K_RETURN))                             # Ben is here
    assert app.curtain is None and panel.mine()
    pygame.display.quit()


def test_the_log_shows_an_engine_entry_line_by_line(game):
    import sprites.hud as hud
    app = window(game)
    lines = [text for text, _c in hud._log_lines(game.history, pygame.font.Font(None, 13), 330)]
    assert any(line.strip() == "Player 1 draws 6 cards." for line in lines)


def test_the_score_sheet_at_the_end_of_a_game():
    g = api.load_position({"scenario": "passage-through-mirkwood", "step": "combat.player_attacks",
                           "seats": [{"name": "Ann", "threat": 49, "heroes": ["Aragorn"],
                                      "engaged": ["Forest Spider"]}]})
    app = window(g)
    app.step([move(button(app, "done")), down(button(app, "done")), up(button(app, "done"))])
    sheet = app.overlay
    assert sheet is not None and type(sheet).__name__ == "ScoreSheet"
    rows = dict(sheet.rows())
    score = api.derived(g)["score"]
    assert rows["Final threat of every player"] == "50"
    assert rows["Score (lower is better)"] == str(score["total"])
    assert any("Rounds" in term for term in rows)
    assert "Game lost" in app.game.status()
    app.step(key(pygame.K_ESCAPE))
    assert app.overlay is None
    pygame.display.quit()


def test_a_pacing_stop_shows_its_prompt_and_continue(game):
    from tabletop.games.lcg import commands as LC
    api.answer(game, "keep")
    assert game.submit(LC.Pacing(0, "reveals")).ok
    for _ in range(60):                      # play on until the engine stops to show a reveal
        p = api.pending(game)
        if p["kind"] == "ok":
            break
        api.answer(game, "done" if any(o["value"] == "done" for o in p["options"])
                   else "pass" if any(o["value"] == "pass" for o in p["options"])
                   else p["options"][-1]["value"])
    assert api.pending(game)["kind"] == "ok"
    app = window(game)
    panel = app.game.panel
    assert [b.label for b in panel.buttons] == ["Continue"] and panel.buttons[0].default
    n = len(game.log)
    app.step(key(pygame.K_RETURN))
    assert len(game.log) == n + 1


def test_a_private_decision_is_hidden_from_the_other_seats():
    from tabletop.core.ruleset import Choice
    g = api.new_game("passage-through-mirkwood", players=2, decks=["leadership", "lore"],
                     names=["Ann", "Ben"], seed=3)
    secret = Choice(seat=1, kind="ok", prompt="Ben looks at the top card: Forest Spider.",
                    options=("ok",), data={"labels": {"ok": "Continue"}, "private": True})
    g.pending = lambda: secret
    app = window(g)
    panel = app.game.panel
    assert panel.hidden() and "Forest Spider" not in panel.prompt_text()
    assert "Ben is looking at cards in secret" in panel.prompt_text()
    assert panel.buttons[0].value == ("sit", 1) and not panel.card_options()
    app.step(key(pygame.K_RETURN) + key(pygame.K_RETURN))     # sit as Ben, lift the curtain
    assert app.viewer == 1 and "Forest Spider" in panel.prompt_text()
    assert [b.label for b in panel.buttons] == ["Continue"]
    pygame.display.quit()
