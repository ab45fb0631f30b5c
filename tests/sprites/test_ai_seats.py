"""AI seats in the window: the computer plays its seats by itself, at a pace, logging its
reasons; a person's seat waits for the person; a game of AIs plays itself; P pauses them;
Suggest lights a legal answer and shows why; a saved game keeps its AI seats."""
import pygame
import pytest

from saves import codec
from sprites.app import App
from sprites.keymap import load_keymap
from tabletop.core.aiseats import ai_seats, set_ai_seats
from tabletop.games.lcg import api

from tests.sprites.test_ui import key


def window(session, size=(1280, 720)):
    app = App(session, size=size, keymap=load_keymap("/nonexistent/keys.toml"))
    app.ai.pace = 0.05                 # a few frames between two AI decisions
    app.ai.threaded = False            # answers worked out on the frame that asks
    app.step([])
    return app


def two_seats(ai=None, seed=5):
    game = api.new_game("passage-through-mirkwood", players=2, decks=["leadership", "lore"],
                        seed=seed)
    if ai is not None:
        set_ai_seats(game, ai)
    return game


def frames(app, n):
    for _n in range(n):
        app.step([])


def ai_lines(game):
    return [line for e in game.history for line in e.text.split("\n") if "(AI):" in line]


@pytest.fixture(autouse=True)
def _quit():
    yield
    pygame.display.quit()


def test_an_ai_seat_decides_by_itself_and_logs_why_while_a_person_waits():
    game = two_seats({1: "expert"})
    app = window(game)
    assert app.viewer == 0 and app.curtain is None
    for _n in range(400):                           # the person answers safe defaults only
        c = game.pending()
        if c is None or game.state.round > 1:
            break
        if c.seat == 0:
            assert app.viewer == 0 and app.curtain is None       # never asked to sit as the AI
            before = game.cursor
            frames(app, 8)
            assert game.cursor == before                         # nothing answers for a person
            vals = list(c.options)
            pick = next((w for w in ("keep", "random", "ok", "pass", "done", "no", "none")
                         if w in vals), vals[0])
            assert api.answer(game, pick)
        frames(app, 4)
    assert game.state.round > 1
    lines = ai_lines(game)
    assert lines and all(line.startswith("Player 2 (AI): ") for line in lines)
    assert all(len(line) > len("Player 2 (AI): ") + 5 for line in lines)
    assert not any("Player 1 (AI)" in e.text for e in game.history)
    assert app.ai.decisions == len(lines)


def test_the_decision_bar_says_the_ai_decides_and_offers_pause():
    game = two_seats({0: "expert"})
    app = window(game)
    assert app.viewer == 1                          # the person's seat, not the AI's
    app.ai.paused = True
    app.game.panel.refresh()
    c = game.pending()
    assert c.seat == 0
    assert "Player 1 (AI)" in app.game.panel.prompt_text()
    app.step([])
    labels = [b.label for b in app.game.panel.buttons]
    assert labels == ["Let the AI play on"]
    before = game.cursor
    frames(app, 10)
    assert game.cursor == before                    # paused: nothing happens
    app.step(key(pygame.K_p))                       # P: play on
    assert not app.ai.paused
    frames(app, 10)
    assert game.cursor > before


def test_a_game_of_ais_plays_itself_and_p_pauses_it():
    game = two_seats({0: "expert", 1: "expert"})
    app = window(game)
    assert app.ai.everyone()
    frames(app, 120)
    moved = game.cursor
    assert moved > 10 and ai_lines(game)
    app.step(key(pygame.K_p))
    assert app.ai.paused
    frames(app, 30)
    assert game.cursor == moved
    app.step(key(pygame.K_p))
    frames(app, 30)
    assert game.cursor > moved


def test_the_threaded_ai_never_blocks_a_frame():
    game = two_seats({1: "expert"})
    app = App(game, size=(1024, 700), keymap=load_keymap("/nonexistent/keys.toml"))
    app.ai.pace = 0.0
    import time
    for _n in range(400):
        c = game.pending()
        if c is None or game.state.round > 1:
            break
        if c.seat == 0:
            vals = list(c.options)
            pick = next((w for w in ("keep", "random", "ok", "pass", "done", "no", "none")
                         if w in vals), vals[0])
            assert api.answer(game, pick)
        app.step([])
        time.sleep(0.002)
    assert ai_lines(game)


def test_an_undo_makes_the_ai_wait():
    game = two_seats({0: "expert", 1: "expert"})
    app = window(game)
    frames(app, 60)
    assert game.cursor > 3
    app.session.undo()
    assert app.ai.paused
    before = game.cursor
    frames(app, 20)
    assert game.cursor == before


def test_suggest_lights_a_legal_answer_and_shows_why():
    game = two_seats({1: "expert"})
    app = window(game)
    c = game.pending()
    assert c.seat == 0
    app.step([])
    bar = app.game.panel
    assert [b.label for b in bar.buttons][-1] == "Suggest"
    app.step(key(pygame.K_SLASH, pygame.KMOD_SHIFT))        # ?
    hint = app.game.hint
    assert hint.shown() and hint.value in c.options and len(hint.why) > 10
    app.step([])
    shot = app.screen.copy()
    assert shot.get_at((20, bar.rect().bottom + 20))[:3] != (0, 0, 0)
    assert api.answer(game, hint.value)                      # the hint is a legal answer
    assert not hint.shown()                                  # ... and goes with the position


def test_suggest_frames_a_card_when_the_answer_is_one():
    game = two_seats({1: "expert"})
    app = window(game)
    for _n in range(200):                      # to the first commitment to the quest
        c = game.pending()
        if c.seat == 0 and c.data.get("picked") is not None and any(
                isinstance(o, int) for o in c.options):
            break
        if c.seat == 0:
            app.game.suggest()
            assert api.answer(game, app.game.hint.value)
        frames(app, 4)
    app.step([])
    bar = app.game.panel
    b = next(b for b in bar.buttons if b.value[0] == "suggest")
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                 pos=b.rect.move(0, bar.rect().y).center)])
    assert app.game.hint.card() is not None


def test_a_saved_game_with_ai_seats_resumes_with_them():
    game = two_seats({1: "mcts"})
    api.answer(game, "random")
    loaded = codec.loads(codec.dumps(game), verify=True)
    assert ai_seats(loaded.state) == {1: "mcts"}
    loaded.seek(0)
    assert ai_seats(loaded.state) == {1: "mcts"}
    app = window(loaded)
    assert app.ai.seats() == {1: "mcts"} and app.viewer == 0


def test_circle_of_conflict_ai_seats_play_their_secret_steps_while_the_person_waits():
    from tabletop.core.games import game
    session = game("coc").new_game(players=3, seed=4, rules="enforce")
    set_ai_seats(session, {1: "expert", 2: "greedy"})
    app = window(session)
    assert app.viewer == 0
    for _n in range(300):
        c = session.pending()
        actors = c.data.get("actors", [c.seat])
        if actors == [0]:
            break
        frames(app, 3)
    c = session.pending()
    assert c.data.get("actors") == [0]            # only the person is left to decide
    before = session.cursor
    frames(app, 10)
    assert session.cursor == before               # nobody decides for the person
    lines = ai_lines(session)                     # the expert says why ...
    assert lines and all(line.startswith("Player 2 (AI): ") for line in lines)
    texts = [e.text for e in session.history]     # ... the greedy player only that it did
    assert any("Player 3 (AI) decided." in t for t in texts)
    assert not any("Player 1 (AI)" in t for t in texts)
    assert all("Pass the table" not in b.label for b in app.game.panel.buttons)


def test_two_people_and_an_ai_keep_the_curtain_between_the_people():
    game = api.new_game("passage-through-mirkwood", players=3,
                        decks=["leadership", "lore", "tactics"], seed=5)
    set_ai_seats(game, {2: "expert"})
    app = window(game)
    curtains = 0
    for _n in range(400):
        c = game.pending()
        if c is None or game.state.round > 1:
            break
        if c.seat == 2:
            frames(app, 4)
            continue
        if c.seat != app.viewer:
            app.step(key(pygame.K_RETURN))          # "Sit as ...": a person's seat
            if app.curtain is not None:
                curtains += 1
                app.step(key(pygame.K_RETURN))
        assert app.viewer == c.seat and app.viewer != 2
        vals = list(c.options)
        pick = next((w for w in ("keep", "random", "ok", "pass", "done", "no", "none")
                     if w in vals), vals[0])
        assert api.answer(game, pick)
        app.step([])
    assert game.state.round > 1 and curtains > 2
    assert ai_lines(game) and all(line.startswith("Player 3 (AI)") for line in ai_lines(game))


def test_war_of_the_ring_sides_played_by_their_greedy_policy():
    from tabletop.core.games import game
    session = game("wotr").new_game(players=2, seed=4, rules="enforce", kings=True)
    set_ai_seats(session, {0: "greedy", 1: "greedy"})
    app = window(session)
    assert app.ai.everyone()
    frames(app, 300)
    assert session.cursor > 30 and session.state.round >= 2     # turns go by with no input
    assert all(e.automatic or "(AI)" in e.text for e in session.history[1:])
