"""The seam between the window and a game's view: sprites.gameview (view_for, GameView,
the window parts found by convention)."""
import sys

import pygame
import pytest

import sprites.gameview as games
from sprites.app import App
from sprites.gameview import GameView
from sprites.games.lcg.view import LcgView
from sprites.keymap import load_keymap
from sprites.menus import MenuItem
from tabletop.core import commands as C
from tabletop.core.model import Seat, TableState, Zone
from tabletop.core.sandbox import Sandbox
from tabletop.core.session import Session
from tabletop.games.lcg.scenarios import setup_game

from .test_ui import down, key, move


class RecordingView(GameView):
    """A stand-in for another game's view: records what the App hands it."""

    def __init__(self, app):
        super().__init__(app)
        self.events, self.rebuilt, self.drawn, self.fitted = [], [], 0, 0

    def rebuild(self, entry):
        self.rebuilt.append(entry)

    def draw(self, screen):
        self.drawn += 1
        screen.fill((1, 2, 3))

    def handle(self, ev):
        self.events.append(ev.type)
        return ev.type == pygame.KEYDOWN

    def fit_view(self):
        self.fitted += 1

    def menu_items(self, pos):
        return [MenuItem("Place an army", lambda: self.app.submit(C.Round(self.app.viewer, 1)), "P")]

    def help_rows(self):
        return [("", "Armies"), ("P", "Place an army")]

    def status(self):
        return ["Shadow turn", "Round 3"]


def _wotr_view():
    import sprites.games.wotr.view as wotr_view
    return wotr_view


def _other_game(game_id="coc"):
    state = TableState(game=game_id, seats=[Seat("Frodo"), Seat("Sauron")],
                       zones={"table": Zone("table", "table")})
    return Session(state, rules=Sandbox())


@pytest.fixture
def keymap():
    return load_keymap("/nonexistent/keys.toml")


def test_the_card_game_gets_its_view(keymap):
    app = App(setup_game("passage_through_mirkwood", None, seed=1), size=(1024, 700), keymap=keymap)
    assert isinstance(app.game, LcgView)
    assert games.view_class("lcg") is LcgView
    pygame.display.quit()


def test_every_game_has_its_window_part_by_convention():
    """Each game package under tabletop/games/ has sprites/games/<id>/ with its NAME and its
    view's VIEW; nothing lists them by hand."""
    from tabletop.core.games import game_ids
    assert game_ids()[0] == "lcg" and set(game_ids()) >= {"lcg", "coc", "wotr"}
    for gid in game_ids():
        cls = games.view_class(gid)
        assert issubclass(cls, GameView) and cls is not GameView, gid
        assert games.game_name(gid) != gid
    assert games.game_name("lcg") == "The Card Game"
    assert games.view_class("nosuchgame") is None and games.game_name("nosuchgame") == "nosuchgame"
    assert games.view_class("../etc") is None


def test_each_view_bounds_the_trays_dice_on_its_own_table(keymap):
    """The dice tray throws within the game view's table_bounds(), not the card game's."""
    from tabletop.core.games import game
    import tabletop.games.coc.layout as coc_layout
    import tabletop.games.lcg.layout as lcg_layout
    import tabletop.games.wotr.geo as geo
    lcg = App(setup_game("passage_through_mirkwood", None, seed=1), size=(1024, 700), keymap=keymap)
    assert lcg.game.table_bounds() == lcg_layout.table_bounds(len(lcg.state.seats))
    coc = App(game("coc").new_game(players=2, seed=3, rules="sandbox"), size=(1024, 700), keymap=keymap)
    assert coc.game.table_bounds() == coc_layout.table_bounds()
    did = _add_die(coc)
    coc.tray.throw({did: (900.0, 0.0, 0.0)})
    left, top, right, bottom = coc_layout.table_bounds()
    die = coc.state.dice[did]
    assert left <= die.x <= right and top <= die.y <= bottom
    wotr = App(game("wotr").new_game(players=2, seed=3, rules="sandbox"), size=(1600, 900), keymap=keymap)
    assert wotr.game.table_bounds() == (0.0, 0.0, *map(float, geo.size()))
    blank = GameView(wotr)
    left, top, right, bottom = blank.table_bounds()       # the default: what the camera shows
    assert left < right and top < bottom
    pygame.display.quit()


def _add_die(app) -> int:
    assert app.submit(C.AddDie(app.viewer, "d6", 0.0, 0.0))
    return max(app.state.dice)


def test_a_game_without_a_window_gets_a_toast_and_a_blank_table(monkeypatch, keymap):
    monkeypatch.setitem(sys.modules, "sprites.games.coc.view", None)   # as if it were not there
    assert games.view_class("coc") is None
    app = App(_other_game("coc"), size=(1024, 700), keymap=keymap)
    assert type(app.game) is GameView
    assert any("Circle of Conflict has no window yet" in t for _e, t in app.toasts)
    # the window still works: the HUD, the shared menu and keys, the dice tray
    app.step([move((500, 300)), down((500, 300), button=3)])
    labels = [i.label for i in app.menu.items]
    assert labels[:2] == ["Undo", "Redo"] and "Save" in labels
    app.step(key(pygame.K_ESCAPE))
    assert app.menu is None
    app.step(key(pygame.K_RIGHT, pygame.KMOD_CTRL))
    assert app.viewer == 1 and app.curtain == 1
    app.step(key(pygame.K_RETURN) + [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0)])
    assert app.help_visible
    assert app.game.status() == ["Round 1", "You: Sauron"]
    pygame.display.quit()


def test_a_broken_window_module_is_reported_not_a_crash(monkeypatch, keymap):
    import sprites.games.coc.view as coc_view
    monkeypatch.delattr(coc_view, "VIEW")             # a view module without its VIEW
    app = App(_other_game("coc"), size=(1024, 700), keymap=keymap)
    assert type(app.game) is GameView
    assert any("could not be loaded" in t for _e, t in app.toasts)
    pygame.display.quit()


def test_the_app_hosts_another_games_view(monkeypatch, keymap):
    monkeypatch.setattr(_wotr_view(), "VIEW", RecordingView)
    session = _other_game("wotr")
    app = App(session, size=(1024, 700), keymap=keymap)
    view = app.game
    assert isinstance(view, RecordingView)
    app.step([move((300, 300))] + key(pygame.K_q))
    assert pygame.MOUSEMOTION in view.events and pygame.KEYDOWN in view.events
    # the App takes its own keys first: undo and redo never reach the view
    session.submit(C.Round(0, 1))
    assert view.rebuilt and view.rebuilt[-1] is session.log[-1]
    before = len(view.events)
    app.step(key(pygame.K_z, pygame.KMOD_CTRL))
    assert session.cursor == 0
    assert pygame.KEYDOWN not in view.events[before:]
    # right-click: the view's menu; Space: the view shows the whole table
    app.step([down((300, 300), button=3)])
    assert [i.label for i in app.menu.items] == ["Place an army"]
    app.menu.items[0].action()
    assert session.state.round == 2
    app.step([down((5, 5))] + key(pygame.K_SPACE))
    assert view.fitted == 1 and view.drawn > 0
    # a loaded game of the card game brings the card game's view
    app.set_session(setup_game("passage_through_mirkwood", None, seed=2))
    assert isinstance(app.game, LcgView)
    pygame.display.quit()


def test_status_and_help_rows_reach_the_hud(monkeypatch, keymap):
    import sprites.hud as hud
    monkeypatch.setattr(_wotr_view(), "VIEW", RecordingView)
    app = App(_other_game("wotr"), size=(1024, 700), keymap=keymap)
    seen = []
    monkeypatch.setattr(hud.fonts, "text", lambda s, *a, **k: seen.append(s) or pygame.Surface((4, 4)))
    app.help_visible = True
    app.draw()
    assert "Shadow turn" in seen and "Round 3" in seen
    assert "Armies" in seen and "Place an army" in seen
    pygame.display.quit()


def test_the_app_hosts_the_war_of_the_ring_view(keymap):
    from sprites.games.wotr.view import WotrView
    from tabletop.core.games import game
    import tabletop.games.wotr.geo as geo
    session = game("wotr").new_game(players=2, seed=3, kings=True, rules="sandbox")
    app = App(session, size=(1600, 900), keymap=keymap)
    assert isinstance(app.game, WotrView) and not app.toasts
    app.step([])
    site = app.camera.to_screen(*geo.shapes()["dead-marshes"].site)
    app.step([move(site), down(site, button=3)])
    assert app.menu is not None and app.menu.items
    assert app.menu.title == app.game.menu_title(site)
    app.menu = None
    app.step(key(pygame.K_SPACE))
    assert app.game.status()
    pygame.display.quit()
