"""UI tests of what a new player met in the first round: the quest stage on the table,
turned heroes, every seat in sight, the hand, a search's card, the log's first line.
They drive the real app loop with synthetic events."""
import pygame
import pytest

from sprites.app import App
from sprites.keymap import load_keymap
from tabletop.core.model import TABLE
from tabletop.games.lcg.layout import dial_spot
from tabletop.games.lcg.scenarios import setup_game
from tabletop.games.lcg.setup import starter

from tests.sprites.test_ui import drag, key, move

SPHERES = ("leadership", "lore", "spirit", "tactics")


def window(players=1, size=(1280, 800), viewer=0, seed=11):
    session = setup_game("passage_through_mirkwood", [starter(s) for s in SPHERES[:players]],
                         names=["Ann", "Ben", "Cid", "Dora"][:players], seed=seed)
    app = App(session, size=size, keymap=load_keymap("/nonexistent/keys.toml"), viewer=viewer)
    app.step([])
    return app


@pytest.fixture(autouse=True)
def _quit_display():
    yield
    pygame.display.quit()


def rect_of(app, cid):
    return app.game.view.screen_rect(app.camera, app.game.view.by_id[cid])


def heroes(app, seat=0):
    st = app.state
    return [c for c in st.table.cards if st.cards[c].owner == seat
            and app.game.db.by_code[st.cards[c].code].type == "hero"]


def test_the_quest_stage_takes_progress_and_advances_from_the_table():
    app = window()
    stage = app.session.rules.current_stage(app.state)
    r = rect_of(app, stage)
    app.step([move((r.centerx, r.top + 8))] + key(pygame.K_2) + key(pygame.K_2))
    assert app.state.cards[stage].tokens.get("progress") == 2
    app.step([move(r.center)] + key(pygame.K_f))                  # turns A/B
    assert app.state.cards[stage].side == "A"
    app.step([move(r.center)] + key(pygame.K_f))
    app.step([move(r.center)] + key(pygame.K_x))                  # X on the stage: advance
    new = app.session.rules.current_stage(app.state)
    assert new != stage and app.state.cards[stage].zone == "quest.discard"
    assert "advanced the quest" in app.session.log[-1].text
    # the menu of the stage says so too
    app.step([move(rect_of(app, new).center)])
    labels = [i.label for i in app.game.menu_items(rect_of(app, new).center)]
    assert "Advance to the next stage" in labels


def test_turned_heroes_keep_their_names_and_their_mat():
    app = window()
    ids = heroes(app)
    for cid in ids:
        app.step([move(rect_of(app, cid).center)] + key(pygame.K_a))
    for _ in range(20):
        app.step([])
    assert all(app.state.cards[c].exhausted for c in ids)
    rects = [rect_of(app, c) for c in ids]
    for i, a in enumerate(rects):
        assert a.w > a.h
        for b in rects[i + 1:]:
            assert not a.colliderect(b)               # names and tokens stay readable
    mat = next(r for r in app.state.regions if r.id == "p1.play")
    for c in ids:
        it = app.game.view.by_id[c]
        assert mat.x <= it.x - it.w / 2 and it.x + it.w / 2 <= mat.x + mat.w


def test_an_ally_played_later_has_room_to_turn_too():
    app = window()
    hand = app.state.zones["p1.hand"].cards
    ally = next(c for c in hand if app.game.db.by_code[app.state.cards[c].code].type == "ally")
    from sprites.actions import Target
    app.game.perform("to_table", Target("hand", 0, ally, (ally,)))
    app.step([])
    for cid in heroes(app) + [ally]:
        app.step([move(rect_of(app, cid).center)] + key(pygame.K_a))
    rects = [rect_of(app, c) for c in heroes(app) + [ally]]
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_every_seat_sees_every_threat_dial_and_hero(players, size):
    for viewer in range(players):
        app = window(players, size=size, viewer=viewer)
        area = app.game.table_area()
        for seat in range(players):
            dial = app.game.view.dial_rects(app.camera, seat)[0]
            assert area.contains(dial), (viewer, seat, dial, area)
            for cid in heroes(app, seat):
                assert area.contains(rect_of(app, cid))
        first = app.game.view.first_token_rect(app.camera, app.state.first_player)
        assert area.contains(first)
        app.step(key(pygame.K_SPACE))                 # Space: the same, whole table
        for seat in range(players):
            assert area.contains(app.game.view.dial_rects(app.camera, seat)[0])
        pygame.display.quit()


def test_the_hand_spreads_when_there_is_room():
    app = window(size=(1600, 900))
    rects = [r for _c, r in app.game.hand.rects()]
    assert len(rects) == 6
    assert all(a.right <= b.left for a, b in zip(rects, rects[1:]))     # no overlap
    big = app.game.hand.height()
    assert big >= 160
    pygame.display.quit()
    small = window(size=(1280, 720))
    assert small.game.hand.height() < big


def test_a_searched_card_follows_the_pointer_face_up_and_the_browser_steps_aside():
    app = window()
    st = app.state
    deck = st.zones["p1.deck"]
    steward = next(c for c in deck.cards if app.game.db.by_code[st.cards[c].code].name == "Steward of Gondor")
    r = app.game.view.zone_rect(app.camera, deck)
    app.step([move(r.center)] + key(pygame.K_b))
    browser = app.game.browser
    assert browser is not None and app.overlay is browser
    browser.query = "steward"
    app.step([])
    a = dict(browser.card_rects())[steward].center
    aragorn = heroes(app)[0]
    b = rect_of(app, aragorn).center
    from tests.sprites.test_ui import down, up
    app.step([move(a), down(a), move((a[0] + 30, a[1] + 30)), move(b)])
    assert browser.dragging() and not browser.covers(b)          # out of the way
    assert app.game.hovered_card() != steward
    app.step([up(b)])
    card = st.cards[steward]
    assert card.zone == TABLE and card.attached_to == aragorn and card.face_up
    assert "face-down" not in app.session.log[-1].text and "Steward of Gondor" in app.session.log[-1].text
    assert app.game.browser is None                              # the search is done


def test_the_first_log_line_names_the_game_and_its_seed():
    app = window(players=2, seed=4242)
    first = app.session.log[0].text.split("\n")[0]
    assert "seed 4242" in first and "Ann (Leadership" in first and "Ben (Lore" in first
