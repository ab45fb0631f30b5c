"""Two-handed solo: "I play all seats" (no curtain, no hand-over; kept in the save); a
real group at one computer keeps the curtain."""
import pygame
import pytest

from saves import codec
from sprites.app import App
from sprites.keymap import load_keymap
from sprites.newgame import NewGameScreen
from tabletop.games.lcg import api

from tests.sprites.test_ui import key


def window(session, size=(1280, 720)):
    app = App(session, size=size, keymap=load_keymap("/nonexistent/keys.toml"))
    app.step([])
    return app


def two_seats():
    return api.new_game("passage-through-mirkwood", players=2, decks=["leadership", "lore"],
                        seed=5)


def play_round_one(app, game):
    """Answer every decision of round 1 as the window shows it; count the hand-overs
    (a decision of a seat the window is not sitting at) and the curtains."""
    handovers = curtains = 0
    for _n in range(300):
        c = game.pending()
        if c is None or game.state.round > 1:
            break
        if c.seat != app.viewer:
            handovers += 1
            app.step(key(pygame.K_RETURN))          # "Sit as ..."
            if app.curtain is not None:
                curtains += 1
                app.step(key(pygame.K_RETURN))      # the next player is there
        assert app.viewer == c.seat
        vals = list(c.options)
        pick = next((w for w in ("keep", "random", "ok", "pass", "done", "no", "none")
                     if w in vals), vals[0])
        assert api.answer(game, pick)
        app.step([])
    return handovers, curtains


def test_all_seats_plays_round_one_without_a_hand_over():
    game = two_seats()
    game.set_option("all_seats", True)
    app = window(game)
    assert app.all_seats
    handovers, curtains = play_round_one(app, game)
    assert game.state.round > 1
    assert handovers == 0 and curtains == 0
    pygame.display.quit()


def test_a_group_keeps_the_curtain():
    game = two_seats()
    app = window(game)
    assert not app.all_seats
    handovers, curtains = play_round_one(app, game)
    assert handovers > 3 and curtains == handovers
    pygame.display.quit()


def test_all_seats_is_kept_in_the_save_and_undo_keeps_it():
    game = two_seats()
    game.set_option("all_seats", True)
    api.answer(game, "random")
    loaded = codec.loads(codec.dumps(game), verify=True)
    assert loaded.state.options.get("all_seats") is True
    loaded.seek(0)
    assert loaded.state.options.get("all_seats") is True
    assert loaded.replay_state().options.get("all_seats") is True


def test_the_table_menu_switches_it_and_switching_seats_drops_no_curtain():
    game = two_seats()
    app = window(game)
    app.switch_seat(1)
    assert app.curtain == 1
    app.curtain = None
    items = {i.label: i for i in app.game.menu_items((5, 300))}
    label = next(k for k in items if k.startswith("I play all seats"))
    items[label].action()
    assert app.all_seats and game.state.options["all_seats"] is True
    assert app.viewer == game.pending().seat             # it sits where the decision is
    app.switch_seat(1)                                   # a look at the other seat:
    assert app.curtain is None and app.viewer != game.pending().seat      # no curtain
    pygame.display.quit()


def test_the_new_game_screen_offers_it_and_the_game_starts_that_way():
    pygame.display.init()
    screen = pygame.display.set_mode((1280, 720))
    ng = NewGameScreen(screen, game="coc")
    assert ng.all_seats_box is not None and not ng.all_seats
    ng.all_seats_box.set_state(True)
    ng.sync_texts()
    assert ng.start()
    session = ng.result.session
    assert session.state.options.get("all_seats") is True
    assert "--all-seats" in ng.result.command_line()
    assert ng.result.to_data()["all_seats"] is True
    pygame.display.quit()


def test_the_command_line_takes_all_seats():
    import cli
    import main
    args = main.build_parser().parse_args(["new", "lcg", "--players", "2", "--deck", "lore",
                                           "--deck", "spirit", "--all-seats", "--seed", "3"])
    session = cli.new_session(args)
    assert session.state.options.get("all_seats") is True


@pytest.mark.parametrize("game_id,hint", [("lcg", "hand"), ("coc", "boards")])
def test_the_curtain_says_what_it_hides(game_id, hint):
    from tabletop.core.games import game
    session = game(game_id).new_game(players=2, seed=3)
    app = window(session)
    assert hint in app.game.curtain_hint("Ben")
    app.switch_seat(1)
    app.step([])
    pygame.display.quit()
