"""The War of the Ring window: dragging figures, menus, the panel, and a real-window screenshot."""
import os
import subprocess
import sys

import pygame
import pytest

import tabletop.games.wotr.commands as C
import tabletop.games.wotr.state as S
from sprites.app import App
from sprites.keymap import load_keymap
from sprites.games.wotr.maptiles import SEA
import tabletop.games.wotr.geo as geo
from tabletop.games.wotr.play import new_game
from tests.sprites.test_window import xvfb  # noqa: F401  (the fixture)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def host(rules="sandbox", seed=3):
    h = App(new_game(players=2, seed=seed, kings=True, rules=rules), size=(1600, 900),
            keymap=load_keymap("/nonexistent/keys.toml"))
    h.camera.zoom_index = 9
    h.camera.cx, h.camera.cy = 1500, 1350
    h.step([])
    return h


def token_center(h, region, kind):
    for g, rect, rid in h.game.hits:
        if rid == region and g.kind == kind:
            return rect.center
    raise AssertionError(f"no {kind} token in {region}")


def drag(h, start, end, mods=0):
    h.mods = mods
    h.step([pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
    h.step([pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))])
    h.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)])
    h.mods = 0


def site(h, region):
    return h.camera.to_screen(*geo.shapes()[region].site)


def test_dragging_an_army_snaps_it_into_the_region_and_stacks_it():
    h = host("sandbox")
    st = h.state
    drag(h, token_center(h, "minas-tirith", "regular"), site(h, "lamedon"), pygame.KMOD_CTRL)
    assert S.stack_count(st, "lamedon") == 4 and S.stack_count(st, "minas-tirith") == 0
    h.step([])
    counts = {g.kind: len(g.ids) for g, _r, rid in h.game.hits if rid == "lamedon"}
    assert counts["regular"] == 3 and counts["elite"] == 1 and counts["leader"] == 1
    # Shift drags one figure
    drag(h, token_center(h, "lamedon", "regular"), site(h, "pelargir"), pygame.KMOD_SHIFT)
    assert S.stack_count(st, "pelargir") == 2


def test_a_move_along_no_border_is_refused_in_the_enforced_rules():
    h = host("enforce")
    st = h.state
    st.slots["wotr"].update(phase="actions", acting="fp")
    st.slots["wotr"]["dice"]["fp"] = [{"kind": "wotr_free_peoples", "face": "army_muster",
                                       "used": False}]
    before = st.to_data()
    drag(h, token_center(h, "minas-tirith", "regular"), site(h, "lamedon"), pygame.KMOD_CTRL)
    assert st.to_data() == before
    assert any("no passable border" in text for _t, text in h.toasts)
    drag(h, token_center(h, "minas-tirith", "regular"), site(h, "osgiliath"), pygame.KMOD_CTRL)
    assert S.stack_count(st, "osgiliath") == 6
    assert st.slots["wotr"]["dice"]["fp"][0]["used"]


def test_menus_panel_buttons_and_keys():
    h = host("sandbox")
    items = h.game.menu_items(token_center(h, "edoras", "sovereign"))
    labels = [i.label for i in items]
    assert "Awaken Théoden" in labels and "Try to corrupt Théoden" in labels
    region_items = [i.label for i in h.game.menu_items(site(h, "dead-marshes"))]
    assert any("Declare the Fellowship" in label for label in region_items)
    rect, action = next((r, a) for r, a in h.game.panel.buttons if a == "next")
    x0 = h.game.map_width()
    h.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x0 + rect.centerx, rect.centery),
                               button=1)])
    assert S.get(h.state, "phase") == "hunt"
    h.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_3, mod=0, unicode="3")])
    assert S.get(h.state, "hunt_box", "eyes") == 3
    h.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL,
                               unicode="")])
    assert S.get(h.state, "phase") == "hunt" and S.get(h.state, "hunt_box", "eyes") == 0
    assert h.game.help_rows() and h.game.status()


def test_map_tiles_are_painted_once_per_zoom_step():
    h = host()
    painted = h.game.tiles.painted
    h.step([])
    h.step([])
    assert h.game.tiles.painted == painted
    h.camera.zoom_index += 1
    h.step([])
    assert h.game.tiles.painted > painted


@pytest.mark.xvfb
def test_real_window_screenshot_of_the_whole_map(xvfb, tmp_path):  # noqa: F811
    shot = tmp_path / "wotr.png"
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
    env.update(DISPLAY=xvfb, SDL_AUDIODRIVER="dummy")
    out = subprocess.run([sys.executable, "main.py", "new", "wotr", "--kings", "--seed", "5",
                          "--size", "1600x900", "--screenshot", str(shot)], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    img = pygame.image.load(str(shot))
    assert img.get_size() == (1600, 900)
    colours = {tuple(img.get_at((x, y)))[:3] for x in range(0, 1600, 23) for y in range(0, 900, 19)}
    assert len(colours) > 60
    # the whole map is in view at the start: its corners lie left of the panel
    h = host()
    h.game.fit_view()
    cam = h.camera
    w, m = geo.size()
    for corner in ((5, 5), (w - 5, 5), (5, m - 5), (w - 5, m - 5)):
        x, y = cam.to_screen(*corner)
        assert 0 <= x < 1600 - 380 and 0 <= y < 900
    sx, sy = cam.to_screen(60, 1500)                 # the western sea
    assert tuple(img.get_at((sx, sy)))[:3] in (SEA, (52, 82, 114))


def test_replay_steps_through_the_game():
    s = new_game(players=2, seed=4, kings=True, rules="enforce")
    assert s.submit(s.legal_actions()[0]).ok
    n = len(s.log)
    h = App(s, size=(1200, 800), replay=True, keymap=load_keymap("/nonexistent/keys.toml"))
    assert s.cursor == 0
    h.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode="")])
    assert s.cursor == n
    h.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode="")])
    assert s.cursor == n - 1
    assert not h.submit(s.legal_actions()[0])           # a replay changes nothing


def test_hot_seat_offers_only_the_sitting_seat_and_hides_the_hand_behind_the_curtain():
    h = host("enforce")
    st = h.state
    assert h.game.actions.buttons()[0][1] == "Go on to the Hunt"
    h.game.actions.press("legal:0")                         # the Free Peoples go on
    h.step([])
    assert S.get(st, "phase") == "hunt"
    assert h.game.actions.buttons() == [("sit", "Sit as Shadow")]   # not the Shadow's dice
    assert h.game.prompt().startswith("Waiting for Shadow")
    h.game.actions.press("sit")
    assert h.viewer == 1 and h.curtain == 1
    h.step([])
    hand = [S.code(st, c) for c in st.zones["hand.1"].cards]
    assert hand and not h.game.panel.cards and not h.game.panel.buttons   # nothing secret
    h.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")])
    assert h.curtain is None
    h.step([])
    assert len(h.game.panel.cards) == len(hand)
    assert [label for _k, label in h.game.actions.buttons()][:3] == ["0", "1", "2"]


def test_event_cards_are_drawn_legibly_with_a_hover_face_and_the_other_hand_hidden():
    from sprites.games.wotr.cardpic import draw_card
    from sprites.games.wotr.panel import short_card_name
    from tabletop.core.model import TABLE
    from tabletop.games.wotr.events import specs
    for code in specs():                                   # every card has a face
        face = draw_card(code, 210, 294)
        assert face.get_size() == (210, 294)
    h = host("enforce")
    st = h.state
    mine = st.zones["hand.0"].cards
    other = len(st.zones["hand.1"].cards)
    # a card of the Shadow lies on the table: everybody sees it, hover shows its face
    cid = st.zones["hand.1"].cards[0]
    st.zones["hand.1"].cards.remove(cid)
    st.zones[TABLE].cards.append(cid)
    st.cards[cid].zone = TABLE
    st.cards[cid].face_up = True
    h.game.panel_surf = None
    h.step([])
    ids = [c for _r, c in h.game.panel.cards]
    assert set(mine) <= set(ids) and cid in ids
    assert not set(st.zones["hand.1"].cards) & set(ids)    # the other hand: backs only
    assert short_card_name(S.code(st, mine[0])).endswith("]")
    rect = next(r for r, c in h.game.panel.cards if c == cid)
    x0 = h.game.map_width()
    h.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(x0 + rect.centerx, rect.centery),
                               rel=(0, 0), buttons=(0, 0, 0))])
    assert h.game.hover_card == cid
    h.game.draw_overlay(h.screen)
    assert other - 1 == len(st.zones["hand.1"].cards)


def test_characters_enter_and_card_questions_are_answered_from_the_map():
    from tests.wotr.helpers import position
    from tabletop.games.wotr.api import label_of
    h = host("enforce")
    st = h.state
    position(h.session, acting="shadow", fp=(), shadow=("muster", "muster"),
             isengard=(0, True))
    h.viewer = 1
    h.game.panel_surf = None
    h.step([])
    labels = [i.label for i in h.game.menu_items(site(h, "orthanc"))]
    assert "Bring Saruman into play in Orthanc" in labels
    item = next(i for i in h.game.menu_items(site(h, "orthanc"))
                if i.label == "Bring Saruman into play in Orthanc")
    item.action()
    assert S.find(st, "r.orthanc", "char.saruman") is not None
    buttons = [label for _k, label in h.game.actions.buttons()]
    assert "The Voice of Saruman: Regulars in Isengard" in buttons
    assert label_of(h.session, C.Choose(0, True)) == "Yes"


def test_a_cards_question_is_answered_by_a_right_click_on_the_map():
    from tests.wotr.cardkit import hand, move, units
    from tests.wotr.helpers import position
    h = host("enforce")
    s = h.session
    move(s, "char.strider", "r.edoras")
    units(s, "lamedon", "sauron.regular", 3)
    position(s, acting="fp", fp=("event",), shadow=("army",))
    cid = hand(s, "ev.fp.char.22", 0)                     # The Dead Men of Dunharrow
    h.viewer = 0
    assert h.submit(C.PlayEvent(0, cid, 0))
    h.step([])
    items = h.game.menu_items(site(h, "lamedon"))
    assert items[0].label == "Lamedon"                    # the answer first
    items[0].action()
    assert S.find(h.state, "r.lamedon", "char.strider") is not None
