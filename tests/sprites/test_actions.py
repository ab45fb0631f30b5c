"""One action table: the key handler, the context menus and the pile browser read it."""
import pygame

import sprites.games.lcg.view as lcg_view
from sprites.actions import SHARED, Action, by_id
from sprites.games.lcg.actions import ACTIONS, CARD_GAME
from sprites.keymap import ACTIONS as KEYMAP
from tabletop.games.lcg import commands as C

from .test_ui import app, centre, down, hero, key, move  # noqa: F401  (app is the fixture)


def menu_of(app, pos):
    app.step([move(pos), down(pos, button=3)])
    items = {i.label: i for i in app.menu.items}
    app.menu = None
    return items


def test_every_keymap_action_has_an_entry():
    ids = set(by_id(ACTIONS))
    assert set(KEYMAP) <= ids, set(KEYMAP) - ids
    assert len(by_id(ACTIONS)) == len(ACTIONS)          # one entry per action


def test_a_new_action_is_one_entry(app, monkeypatch):
    """An entry with a key and labels for a card, a hand card and a browser card is in
    all three menus with its key, and its key acts on the card under the pointer."""
    entry = Action("tap", {"card": "Tap it", "hand": "Tap it", "browser": "Tap it"},
                   scope="card", build=lambda a, t: C.Flip(t.seat, t.ids),
                   refusal="Point at a card first.")
    table = ACTIONS + (entry,)
    monkeypatch.setattr(lcg_view, "ACTIONS", table)
    monkeypatch.setattr(lcg_view, "ACTIONS_BY_ID", by_id(table))
    app.keymap.bindings["k"] = "tap"
    app.keymap.keys["tap"] = ["k"]
    cid = hero(app)
    assert menu_of(app, centre(app, cid))["Tap it"].hotkey == "K"
    hand_card = app.game.hand.rects()[0][1].center
    assert menu_of(app, hand_card)["Tap it"].hotkey == "K"
    app.game.open_browser("p1.deck")
    app.step([])
    in_browser = app.game.browser.card_rects()[0][1].center
    assert menu_of(app, in_browser)["Tap it"].hotkey == "K"
    app.game.close_browser()
    app.step([move(centre(app, cid))] + key(pygame.K_k))
    assert not app.state.cards[cid].face_up
    app.step([move((5, 300))] + key(pygame.K_k))
    assert any("Point at a card first" in t for _e, t in app.toasts)


def test_menus_show_the_keys_the_player_bound(app):
    app.keymap.keys["discard"] = ["f8"]
    items = menu_of(app, centre(app, hero(app)))
    assert items["Discard"].hotkey == "F8"
    assert items["Exhaust"].hotkey == "A"


def test_the_browser_menu_is_the_card_menu_of_a_card_in_a_pile(app):
    app.game.open_browser("p1.deck")
    app.step([])
    cid, rect = app.game.browser.card_rects()[0]
    items = menu_of(app, rect.center)
    assert list(items)[:1] == ["Put on the table"]
    assert {"Take into hand", "Discard", "Add to the victory display", "Put on top of its deck",
            "Put on the bottom of its deck"} <= set(items)
    assert items["Take into hand"].hotkey == "Shift+G" and items["Discard"].hotkey == "X"
    items["Take into hand"].action()
    assert app.state.cards[cid].zone == "p1.hand"


def test_a_replay_refuses_what_would_change_the_game_but_not_views(app):
    app.replay = True
    app.step([move(centre(app, hero(app)))] + key(pygame.K_a) + key(pygame.K_PAGEUP))
    assert any("replay" in t for _e, t in app.toasts)
    assert not app.state.cards[hero(app)].exhausted
    shared = {a.id for a in SHARED if a.replay}
    assert {"undo", "redo", "fit", "toggle_log", "next_seat"} <= shared
    assert {a.id for a in CARD_GAME if a.replay} == {"browse", "view_shared", "view_seat", "score_sheet",
                                                     "deselect"}
