"""The table as the rules engine counts it: current values, committed characters, tidy
rows (no gap after travel, shadow cards inside the engagement area), the progress badge."""
import pygame
import pytest

import tabletop.games.lcg.commands as LC
from sprites.app import App
from sprites.games.lcg import arrange, current
from sprites.keymap import load_keymap
from tabletop.core.commands import Attach, MoveCards
from tabletop.core.model import CARD_H
from tabletop.games.lcg import api

from tests.sprites.test_decide_keys import drive


def window(session, size=(1280, 720)):
    app = App(session, size=size, keymap=load_keymap("/nonexistent/keys.toml"))
    app.step([])
    return app


@pytest.fixture
def game():
    g = api.new_game("passage-through-mirkwood", decks=["leadership"], seed=7)
    yield g
    pygame.display.quit()


def stone_on_aragorn(game):
    """Celebrían's Stone (+2 willpower) on Aragorn, put there by hand."""
    stone = api.find(game, "Celebrían's Stone")[0]
    aragorn = api.find(game, "Aragorn")[0]
    assert game.submit(LC.FreeHands(0, True))
    assert game.submit(MoveCards(card_ids=(stone,), zone="table", x=0, y=0, face_up=True))
    assert game.submit(Attach(card_id=stone, host_id=aragorn))
    assert game.submit(LC.FreeHands(0, False))
    return aragorn


def test_cards_show_the_willpower_the_quest_counts(game):
    drive(game, lambda c: c.kind == "many")
    aragorn = stone_on_aragorn(game)
    app = window(game)
    item = app.game.view.by_id[aragorn]
    assert ("willpower", 4, 2) in item.current             # printed 2, counted 4
    assert api.card(game, aragorn)["willpower"] == 4
    # the face drawn differs from the printed one, and the enlarged card too
    faces = app.game.faces
    plain = faces.face(item.code, item.side, True, 250, 350)
    now = faces.face(item.code, item.side, True, 250, 350, False, item.current)
    assert pygame.image.tobytes(plain, "RGB") != pygame.image.tobytes(now, "RGB")


def test_an_engaged_forest_spider_shows_three_attack(game):
    c = drive(game, lambda c: "enemy" in c.data and "none" in c.options)
    spider = c.data["enemy"]
    app = window(game)
    assert "(3 attack)" in c.prompt
    assert ("attack", 3, 1) in app.game.view.by_id[spider].current


def test_committed_characters_are_marked_even_when_ready_again(game):
    c = drive(game, lambda c: c.kind == "many", play_every=1000)   # Aragorn keeps a resource
    aragorn = api.find(game, "Aragorn")[0]
    api.answer(game, aragorn)
    api.answer(game, "done")                               # all committed at once, then responses
    assert game.pending().kind == "act"                    # his response: ready him
    app = window(game)
    assert aragorn in app.game.view.committed
    api.answer(game, game.pending().options[0])            # use it
    while game.pending().kind == "pay":
        api.answer(game, game.pending().options[0])
    app.step([])
    assert not game.state.cards[aragorn].exhausted         # ready again ...
    assert aragorn in app.game.view.committed              # ... and still questing


def test_no_gap_in_the_staging_area_after_travel(game):
    drive(game, lambda c: any(str(c.data.get("labels", {}).get(str(o), "")).startswith("Travel")
                              for o in c.options))
    target = next(o for o in game.pending().options if isinstance(o, int))
    api.answer(game, target)
    st = game.state
    staging = next(r for r in st.regions if r.id == "staging")
    places = arrange.places(st)
    left = sorted(x for cid, (x, _y) in places.items()
                  if st.cards[cid].attached_to is None
                  and staging.x <= x <= staging.x + staging.w)
    if left:
        assert left[0] < staging.x + 100                     # packed from the left
        assert all(b - a < 130 for a, b in zip(left, left[1:]))


def test_shadow_cards_stay_inside_the_engagement_area(game):
    c = drive(game, lambda c: "enemy" in c.data and "none" in c.options)
    spider = c.data["enemy"]
    st = game.state
    shadows = [k for k in st.attachments(spider) if st.cards[k].attach_kind == "shadow"]
    assert shadows
    app = window(game)
    engaged = next(r for r in st.regions if r.id == "p1.engaged")
    play = next(r for r in st.regions if r.id == "p1.play")
    for k in shadows:
        it = app.game.view.by_id[k]
        bottom = it.y + CARD_H / 2
        assert bottom <= engaged.y + engaged.h + 6           # not over the heroes' mat
        assert bottom < play.y
        assert it.x > app.game.view.by_id[spider].x           # beside its enemy


def test_the_progress_badge_sits_under_the_quest_card(game):
    api.answer(game, "keep")
    app = window(game)
    view = app.game.view
    quest = [it for it in view.items if it.code in view.db.by_code
             and view.db.by_code[it.code].type == "quest" and it.face_up][-1]
    r = view.screen_rect(app.camera, quest)
    # the card face (its quest points line) is not covered: drawing the badge changes
    # nothing inside the card, and it is drawn just under it
    screen = app.screen
    view._draw_quest_progress(screen, app.camera, frozenset())
    under = pygame.Rect(r.x, r.bottom, r.w, r.h // 3)
    screen.fill((0, 0, 0), under)
    view._draw_quest_progress(screen, app.camera, frozenset())
    assert screen.get_at((r.centerx, r.bottom + 8))[:3] != (0, 0, 0)
    before = screen.subsurface(r).copy()
    view._draw_quest_progress(screen, app.camera, frozenset())
    assert pygame.image.tobytes(before, "RGB") == pygame.image.tobytes(screen.subsurface(r), "RGB")


def test_current_read_without_an_engine_is_empty():
    from tabletop.games.lcg.scenarios import new_game
    g = new_game(seed=3)
    app = window(g)
    assert app.game.now is None and not app.game.view.committed
    now = current.read(g.state, app.game.db)
    assert not now.stats
    pygame.display.quit()


def test_an_undefended_attack_is_seen_and_listed(game):
    """Leaving an attack undefended: the damage flashes on the hero, the threat dial
    flashes if it moved, and "what just happened" lists it (held longer: it hurt)."""
    from sprites.games.lcg import recent
    c = drive(game, lambda c: "enemy" in c.data and "none" in c.options)
    app = window(game)
    app.game.panel.answer("none")
    if game.pending() is not None and "which hero" in game.pending().prompt:
        app.game.panel.answer(game.pending().options[0])
    app.step([])
    lines = [t for t, _hurt in app.game.recent.lines]
    assert any("undefended" in t for t in lines)
    assert any(h for _t, h in app.game.recent.lines)            # it hurt: held longer
    assert app.game.recent.visible()
    assert app.game.recent.until - app.now > recent.HOLD
    flashes = app.game.motion.flashes
    assert any(f.cid is not None and f.text.startswith("+") for f in flashes)   # the damage
    assert app._idle_timeout() > 0                                 # the idle loop wakes for it
    for _i in range(int((recent.HOLD_HURT + 1) * 60)):
        app.step([], dt=1 / 60)
    assert not app.game.recent.visible() and not app.game.motion.flashes


def test_a_revealed_card_slides_and_turns_over(game):
    c = drive(game, lambda c: c.kind == "many", play_every=1000)    # resources left: a window
    api.answer(game, [o for o in c.options if isinstance(o, int)][-1])
    api.answer(game, "done")
    app = window(game)
    assert game.pending().kind == "act"
    app.game.panel.answer("pass")                                  # staging: a reveal
    slides = app.game.motion.slides
    assert slides and any(s.up0 != s.up1 for s in slides)          # face down -> up
    s = slides[0]
    deck = game.state.zones["encounter.deck"]
    assert s.a == (deck.x, deck.y)
    assert s.cid in app.game.motion.hidden(app.now)                # not in its place yet
    for _i in range(60):
        app.step([], dt=1 / 60)
    assert not app.game.motion.slides


def test_undo_moves_at_once(game):
    drive(game, lambda c: c.kind == "many")
    app = window(game)
    app.game.panel.answer("done")
    app.session.undo()
    app.step([])
    assert not app.game.motion.slides and not app.game.recent.lines


def test_a_discarded_attachment_slides_to_its_discard_pile_and_is_listed(game):
    from tabletop.core.commands import Discard
    drive(game, lambda c: c.kind == "many")
    aragorn = stone_on_aragorn(game)
    stone = next(k for k in game.state.attachments(aragorn))
    app = window(game)
    app.step([])
    was = (app.game.view.by_id[stone].x, app.game.view.by_id[stone].y)
    assert game.submit(LC.FreeHands(0, True))
    app.step([])
    assert app.submit(Discard(card_ids=(stone,)))
    slides = [s for s in app.game.motion.slides if s.cid == stone]
    assert slides, "the stone is seen going"
    pile = game.state.zones["p1.discard"]
    assert slides[0].b == (pile.x, pile.y) and slides[0].a == was and not slides[0].lands
    assert any(hurt for _t, hurt in app.game.recent.lines)       # a player's card discarded
