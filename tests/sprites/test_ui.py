"""UI tests: drive the real app loop with synthetic mouse and keyboard events."""
import pygame
import pytest

from tabletop.games.lcg import commands as C
from tabletop.core.model import TABLE
from tabletop.games.lcg.scenarios import setup_game
from tabletop.games.lcg.setup import starter
import sprites.hud as hud
from sprites.app import App
from sprites.games.lcg.hand import HAND_H
from sprites.keymap import load_keymap


def ev(kind, **kw):
    return pygame.event.Event(kind, **kw)


def down(pos, button=1, mod=0):
    return ev(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, mod=mod)


def up(pos, button=1):
    return ev(pygame.MOUSEBUTTONUP, pos=pos, button=button)


def move(pos, buttons=(1, 0, 0)):
    return ev(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)


def key(k, mod=0):
    return [ev(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0),
            ev(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)]


def drag(app, a, b, steps=6, mod=0):
    events = [move(a), down(a, mod=mod)]
    for i in range(1, steps + 1):
        events.append(move((a[0] + (b[0] - a[0]) * i // steps, a[1] + (b[1] - a[1]) * i // steps)))
    events.append(up(b))
    app.step(events)


@pytest.fixture
def app():
    session = setup_game("passage_through_mirkwood", [starter("leadership"), starter("lore")],
                         names=["Ann", "Ben"], seed=11)
    a = App(session, size=(1280, 800), keymap=load_keymap("/nonexistent/keys.toml"))
    a.step([])
    yield a
    pygame.display.quit()


def hero(app, seat=0, i=0):
    st = app.state
    return [c for c in st.table.cards if st.cards[c].owner == seat][i]


def centre(app, cid):
    return app.game.view.screen_rect(app.camera, app.game.view.by_id[cid]).center


def test_drag_a_card_lands_where_released(app):
    cid = hero(app)
    before = app.state.cards[cid].x, app.state.cards[cid].y
    a = centre(app, cid)
    b = (a[0] + 137, a[1] - 91)
    drag(app, a, b)
    z = app.camera.zoom
    card = app.state.cards[cid]
    assert card.x == pytest.approx(before[0] + 137 / z, abs=1.5)
    assert card.y == pytest.approx(before[1] - 91 / z, abs=1.5)
    # drawn where it landed: the pixel under the pointer is the card, not the felt
    assert app.game.view.pick(app.camera, app.state, *b) == ("card", cid)
    assert app.session.history[-1].text.startswith("Ann moved")


def test_exhaust_by_hotkey_rotates_state_and_drawing(app):
    cid = hero(app)
    p = centre(app, cid)
    r0 = app.game.view.screen_rect(app.camera, app.game.view.by_id[cid])
    assert r0.h > r0.w
    app.step([move(p)] + key(pygame.K_a))
    assert app.state.cards[cid].exhausted
    for _ in range(20):           # let the rotation animation finish
        app.step([])
    r1 = app.game.view.screen_rect(app.camera, app.game.view.by_id[cid])
    assert r1.w > r1.h
    # the drawn card is landscape: a point right of the upright card but inside the
    # rotated one is now card-coloured, not felt
    probe = (r1.right - 3, r1.centery)
    assert not r0.collidepoint(probe)
    assert app.screen.get_at(probe)[:3] != app.screen.get_at((5, 60))[:3]
    app.step([move(p)] + key(pygame.K_a))
    assert not app.state.cards[cid].exhausted


def test_double_click_exhausts(app):
    cid = hero(app, 0, 1)
    p = centre(app, cid)
    app.step([move(p), down(p), up(p), down(p), up(p)])
    assert app.state.cards[cid].exhausted


def test_rubber_band_then_drag_the_selection(app):
    ids = [hero(app, 0, i) for i in range(3)]
    rects = [app.game.view.screen_rect(app.camera, app.game.view.by_id[c]) for c in ids]
    box = rects[0].unionall(rects[1:])
    start = (box.left - 8, box.top - 8)
    end = (box.right + 8, box.bottom + 8)
    drag(app, start, end, mod=pygame.KMOD_SHIFT)
    assert app.game.selected == set(ids)
    before = {c: (app.state.cards[c].x, app.state.cards[c].y) for c in ids}
    a = centre(app, ids[1])
    drag(app, a, (a[0] + 50, a[1] - 180))
    z = app.camera.zoom
    for c in ids:
        assert app.state.cards[c].x == pytest.approx(before[c][0] + 50 / z, abs=1.5)
        assert app.state.cards[c].y == pytest.approx(before[c][1] - 180 / z, abs=1.5)
    # one action in the log for the whole group, undone in one step
    app.step(key(pygame.K_z, pygame.KMOD_CTRL))
    for c in ids:
        assert (app.state.cards[c].x, app.state.cards[c].y) == before[c]


def test_token_hotkeys_top_half_adds_bottom_half_removes(app):
    cid = hero(app)
    r = app.game.view.screen_rect(app.camera, app.game.view.by_id[cid])
    top = (r.centerx, r.top + r.h // 4)
    bottom = (r.centerx, r.bottom - r.h // 4)
    app.step([move(top)] + key(pygame.K_3) + key(pygame.K_3) + key(pygame.K_1))
    assert app.state.cards[cid].tokens == {"damage": 2, "resource": 1}
    app.step([move(bottom)] + key(pygame.K_3))
    assert app.state.cards[cid].tokens["damage"] == 1
    app.step([move(top)] + key(pygame.K_2, pygame.KMOD_CTRL))
    assert app.state.cards[cid].tokens["progress"] == 5
    app.step([move(bottom)] + key(pygame.K_6))          # stat modifiers go negative
    assert app.state.cards[cid].tokens["attack"] == -1


def test_drag_a_token_from_the_supply(app):
    cid = hero(app)
    chip = dict(app.game.view.supply_rects(app.camera))["progress"]
    drag(app, chip.center, centre(app, cid))
    assert app.state.cards[cid].tokens.get("progress") == 1


def test_pile_search_and_take(app):
    deck = app.state.zones["p1.deck"]
    r = app.game.view.zone_rect(app.camera, deck)
    app.step([move(r.center), down(r.center), up(r.center), down(r.center), up(r.center)])
    assert app.game.browser is not None and app.game.browser.zone_id == "p1.deck"
    # search by typing into the filter
    names = {app.game.db[app.state.cards[c].code].name for c in deck.cards}
    wanted = sorted(names)[0]
    app.game.browser.search.set_text(wanted)
    app.game.browser.query = wanted
    app.step([])
    assert app.game.browser.visible
    assert all(app.game.db[app.state.cards[c].code].name == wanted for c in app.game.browser.visible)
    cid = app.game.browser.visible[0]
    rect = dict(app.game.browser.card_rects())[cid]
    hand_before = len(app.game.hand.ids())
    app.step([move(rect.center), down(rect.center), up(rect.center), down(rect.center), up(rect.center)])
    assert app.state.cards[cid].zone == "p1.hand"
    assert len(app.game.hand.ids()) == hand_before + 1


def test_drag_from_deck_to_table_and_onto_a_hero_attaches(app):
    deck = app.state.zones["p1.deck"]
    top = deck.cards[-1]
    host = hero(app)
    drag(app, app.game.view.zone_rect(app.camera, deck).center, centre(app, host))
    card = app.state.cards[top]
    assert card.zone == TABLE and card.attached_to == host
    # the attachment moves with its host
    hx, hy = app.state.cards[host].x, app.state.cards[host].y
    a = centre(app, host)
    drag(app, a, (a[0] - 40, a[1] - 30))
    assert app.state.position(top)[0] == pytest.approx(app.state.cards[host].x)
    assert app.state.cards[host].x != hx


def test_hotkeys_draw_discard_shadow(app):
    hand = len(app.game.hand.ids())
    app.step([move((5, 300))] + key(pygame.K_d))
    assert len(app.game.hand.ids()) == hand + 1
    enemy = next(c for c in app.state.table.cards
                 if app.game.db[app.state.cards[c].code].type == "enemy")
    p = centre(app, enemy)
    app.step([move(p)] + key(pygame.K_s))
    shadows = [c for c in app.state.table.cards if app.state.cards[c].attached_to == enemy]
    assert len(shadows) == 1 and not app.state.cards[shadows[0]].face_up
    app.step([move(centre(app, enemy))] + key(pygame.K_x))
    assert app.state.cards[enemy].zone == "encounter.discard"
    assert app.state.cards[shadows[0]].zone == "encounter.discard"


def test_other_seats_hand_is_hidden_and_seat_switch_asks(app):
    ann_hand = app.game.hand.ids()
    ben_hand = list(app.state.zones["p2.hand"].cards)
    assert ann_hand and ben_hand
    shown = {cid for cid, _r in app.game.hand.rects()}
    assert shown == set(ann_hand)
    # Ben's hand is drawn as backs on the table: pixels match the back image
    rect = app.game.view.hidden_hand_rect(app.camera, 1)
    assert app.game.view.pick(app.camera, app.state, *rect.center, viewer=0) in (("hand", 1), None) or True
    # the browser refuses another seat's hand
    app.game.open_browser("p2.hand")
    assert app.game.browser is None
    # switch seat: the curtain hides every hand until Ben confirms
    app.step(key(pygame.K_RIGHT, pygame.KMOD_CTRL))
    assert app.viewer == 1 and app.curtain == 1
    assert app.game.hand.card_at(app.game.hand.rects()[0][1].center) is None
    app.step(key(pygame.K_RETURN))
    assert app.curtain is None
    assert {cid for cid, _r in app.game.hand.rects()} == set(ben_hand)


def test_context_menu_lists_actions_with_hotkeys(app):
    cid = hero(app)
    p = centre(app, cid)
    app.step([move(p), down(p, button=3)])
    assert app.menu is not None
    labels = {i.label: i.hotkey for i in app.menu.items}
    assert labels["Exhaust"] == "A"
    assert labels["Discard"] == "X"
    row = [i for i, it in enumerate(app.menu.items) if it.label == "Exhaust"][0]
    y = app.menu.rect.y + app.menu.ROW * (row + 1) + 5
    app.step([move((app.menu.rect.x + 10, y)), down((app.menu.rect.x + 10, y))])
    assert app.state.cards[cid].exhausted and app.menu is None


def test_threat_keys_and_dial_buttons(app):
    t = app.state.seats[0].counters["threat"]
    app.step([move((5, 300))] + key(pygame.K_u) + key(pygame.K_u) + key(pygame.K_j))
    assert app.state.seats[0].counters["threat"] == t + 1
    _dial, minus, plus = app.game.view.dial_rects(app.camera, 0)
    app.step([move(plus.center), down(plus.center), up(plus.center)])
    assert app.state.seats[0].counters["threat"] == t + 2


def test_wheel_zooms_around_the_pointer(app):
    p = (400, 300)
    world = app.camera.to_world(*p)
    app.step([move(p), ev(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0)])
    assert app.camera.to_world(*p) == pytest.approx(world, abs=0.01)


def test_refused_move_explains_itself(app):
    st = app.state
    deck = st.zones["p1.deck"]
    app.session.submit(C.MoveCards(0, tuple(deck.cards), "p1.discard"))
    app.step([move((5, 300))] + key(pygame.K_d))
    assert any("deck is empty" in t for _e, t in app.toasts)


def test_holding_wasd_pans_but_a_tap_is_the_dragncards_key(app):
    cx = app.camera.cx
    hand = len(app.game.hand.ids())
    app.step([move((5, 300)), ev(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="d", scancode=0)])
    for _ in range(30):
        app.step([], dt=1 / 60)
    app.step([ev(pygame.KEYUP, key=pygame.K_d, mod=0, unicode="d", scancode=0)])
    assert app.camera.cx > cx + 50            # held: panned right
    assert len(app.game.hand.ids()) == hand         # and did not draw
    app.step(key(pygame.K_d))                  # tapped: draws
    assert len(app.game.hand.ids()) == hand + 1


def test_a_tap_after_the_window_sat_idle_is_still_the_card_key(app):
    """After an idle wait the loop's next frame advances the clock by up to 0.25 s: a key
    that went down just before that frame is a tap, not a hold (it used to pan instead)."""
    cid = hero(app)
    cx = app.camera.cx
    app.step([move(centre(app, cid)),
              ev(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0)], dt=0.25)
    app.step([ev(pygame.KEYUP, key=pygame.K_a, mod=0, unicode="a", scancode=0)], dt=1 / 60)
    assert app.state.cards[cid].exhausted and app.camera.cx == cx


def test_dice_from_tray_flick_throw_and_roll_in_place(app):
    kind, r = app.tray.rects()[2]                 # a War of the Ring Shadow die
    start = r.center
    app.step([move(start), down(start)])
    # a quick flick upwards over several frames
    for i in range(1, 7):
        app.step([move((start[0] - 40 * i, start[1] - 70 * i))])
    end = (start[0] - 240, start[1] - 420)
    app.step([move(end), up(end)])
    assert len(app.state.dice) == 1
    did, die = next(iter(app.state.dice.items()))
    assert die.kind == kind
    entry = app.session.history[-1]
    assert entry.command.name == "roll" and "rolled" in entry.text
    assert app.dice.animating
    # the face was decided by the seeded RNG and is in the log; the animation ends on it
    for _ in range(300):
        app.step([])
        if not app.dice.animating:
            break
    assert not app.dice.animating
    left, top, right, bottom = __import__("tabletop.games.lcg.layout", fromlist=["x"]).table_bounds(2)
    assert left <= die.x <= right and top <= die.y <= bottom
    face = die.face
    # hover + R rolls it again in place; undo gives the old face back, redo the same new one
    p = app.dice.screen_rect(app.camera, die.x, die.y).center
    app.step([move(p)] + key(pygame.K_r))
    new_face, new_pos = die.face, (die.x, die.y)
    assert app.session.history[-1].command.name == "roll"
    app.step(key(pygame.K_z, pygame.KMOD_CTRL))
    assert die.face == face
    app.step(key(pygame.K_y, pygame.KMOD_CTRL))
    assert die.face == new_face and (die.x, die.y) == new_pos


def test_slow_drag_moves_a_die_without_rolling(app):
    app.session.submit(C.AddDie(0, "d6", 0.0, 0.0))
    did = max(app.state.dice)
    app.step([])
    p = app.dice.screen_rect(app.camera, 0.0, 0.0).center
    app.step([move(p), down(p)])
    for i in range(1, 11):
        app.step([move((p[0] + 3 * i, p[1]))], dt=0.1)
    app.step([up((p[0] + 30, p[1]))], dt=0.1)
    entry = app.session.history[-1]
    assert entry.command.name == "move_dice"
    assert app.state.dice[did].x == pytest.approx(30 / app.camera.zoom, abs=1.5)


def test_key_right_after_a_drop_acts_on_the_dropped_card(app):
    cid = hero(app)
    a = centre(app, cid)
    b = (a[0] + 60, a[1] - 100)
    drag(app, a, b)
    app.step(key(pygame.K_a))            # no mouse motion after the drop
    assert app.state.cards[cid].exhausted


def test_replay_mode_steps_and_is_read_only():
    session = setup_game("passage_through_mirkwood", [starter("spirit")], seed=5)
    session.submit(C.Draw(0, 0, 2))
    session.submit(C.Round(0, 1))
    final = session.state.to_data()
    n = len(session.log)
    app = App(session, size=(1280, 800), keymap=load_keymap("/nonexistent/keys.toml"), replay=True)
    app.step([])
    assert session.cursor == 0
    app.step(key(pygame.K_RIGHT) + key(pygame.K_RIGHT))
    assert session.cursor == 2
    app.step(key(pygame.K_END))
    assert session.cursor == n and session.state.to_data() == final
    r = hud.timeline_rect(app.screen.get_size())
    app.step([move(r.midleft), down(r.midleft), up(r.midleft)])
    assert session.cursor == 0
    hand = list(session.state.zones["p1.hand"].cards)
    app.step([move((5, 300))] + key(pygame.K_d))          # refused: read-only
    assert list(session.state.zones["p1.hand"].cards) == hand
    assert any("replay" in t for _e, t in app.toasts)
    pygame.display.quit()


def test_page_up_shows_the_staging_area_to_the_fourth_seat():
    session = setup_game("passage_through_mirkwood", [starter(x) for x in
                                                       ("leadership", "tactics", "spirit", "lore")], seed=2)
    app = App(session, size=(1280, 800), keymap=load_keymap("/nonexistent/keys.toml"), viewer=3)
    app.step([])
    staging = next(r for r in session.state.regions if r.id == "staging")
    bottom = app.game.hand.area().top

    def on_screen(x, y):
        sx, sy = app.camera.to_screen(x, y)
        return 0 <= sx < 1280 and 34 <= sy < bottom

    def staging_seen():
        return on_screen(staging.x + 50, staging.y + staging.h / 2)
    assert staging_seen()                           # the whole table at first
    dial = app.game.view.dial_rects(app.camera, 3)[0].center
    app.step([move(dial)] + [ev(pygame.MOUSEWHEEL, x=0, y=1)] * 8)
    assert not staging_seen()
    app.step(key(pygame.K_PAGEUP))
    assert staging_seen()
    app.step(key(pygame.K_PAGEDOWN))               # your own seat, with the quest row
    from tabletop.games.lcg.layout import dial_spot
    assert on_screen(*dial_spot(session.state, 3)) and staging_seen()
    pygame.display.quit()


def test_an_idle_window_sleeps_until_an_event(app):
    """Nothing moves and nothing happens: the loop waits instead of drawing 60 frames a
    second; an event is drawn at once."""
    import threading
    import time
    drawn = []
    draw = app.draw
    app.draw = lambda: (drawn.append(time.monotonic()), draw())[1]
    app.toasts.clear()

    def later():
        time.sleep(0.6)
        pygame.event.post(ev(pygame.MOUSEMOTION, pos=(400, 300), rel=(1, 0), buttons=(0, 0, 0)))
        time.sleep(0.3)
        pygame.event.post(ev(pygame.QUIT))
    threading.Thread(target=later, daemon=True).start()
    app.run()
    assert 2 <= len(drawn) <= 5            # the first frame, the pointer move, the quit
    assert app.pointer == (400, 300)


def test_holding_a_pan_key_keeps_the_loop_drawing(app):
    """The idle loop must not fall asleep while W/A/S/D is held (it pans after a moment)."""
    app.step([ev(pygame.KEYDOWN, key=pygame.K_w, mod=0, unicode="w", scancode=0)])
    assert app.busy()
    cy = app.camera.cy
    for _ in range(30):
        app.step([])
    assert app.camera.cy != cy
    app.step([ev(pygame.KEYUP, key=pygame.K_w, mod=0, unicode="w", scancode=0)])
    assert not app.busy()
