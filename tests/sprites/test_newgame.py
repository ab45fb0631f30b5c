"""The new-game screen, driven with synthetic mouse and keyboard events."""
import os
import shlex

import pygame
import pygame_gui
import pytest

from sprites.games.lcg.newgame import FILE, LcgChoice
from sprites.newgame import NewGameChoice, NewGameScreen, run_new_game_screen
from sprites.widgets import ERROR
from tabletop.games.lcg.decks import load_deck, starter_deck
from tabletop.games.lcg.scenarios import setup_game
from tabletop.games.lcg.setup import seat_heroes

DECKS = os.path.join(os.path.dirname(os.path.dirname(__file__)), "fixtures", "decks")
LORE_FILE = os.path.join(DECKS, "Player-Core-Lore.o8d")
BROKEN_FILE = os.path.join(DECKS, "broken.o8d")


def ev(kind, **kw):
    return pygame.event.Event(kind, **kw)


def click(ng, pos, settle=2):
    """Press and release the left button at pos, then let the widgets settle."""
    ng.step([ev(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
             ev(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
             ev(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
    for _ in range(settle):
        ng.step([])


def press(ng, key, mod=0):
    ng.step([ev(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0),
             ev(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)])


def type_text(ng, text):
    ng.step([ev(pygame.TEXTINPUT, text=ch) for ch in text])
    ng.step([])


def clear_entry(ng, entry):
    click(ng, entry.rect.center)
    assert entry.is_focused
    for _ in range(len(entry.get_text()) + 1):
        ng.step([ev(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode="", scancode=0)])
        ng.step([ev(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0)])
    assert entry.get_text() == ""


def hero_names(session, seat):
    st = session.state
    db = session.rules.db
    on_table = [st.cards[cid].code for cid in st.table.cards if st.cards[cid].owner == seat
                and db[st.cards[cid].code].type == "hero"]
    assert sorted(on_table) == sorted(seat_heroes(st, seat))
    return [db[c].name for c in seat_heroes(st, seat)]


@pytest.fixture
def screen():
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode((1280, 800))
    pygame.event.clear()
    yield surface
    pygame.display.quit()


@pytest.fixture
def ng(screen):
    s = NewGameScreen(screen)
    s.step([])
    yield s
    s.close()


def tile(ng, key):
    return dict(ng.panel.tiles)[key]


# ----------------------------------------------------------------- defaults and start

def test_default_choice_is_mirkwood_one_seat_leadership(ng):
    assert ng.panel.scenario == "passage_through_mirkwood"
    assert ng.panel.count == 1
    assert ng.panel.seats[0].kind == "leadership"
    assert ng.can_start
    click(ng, ng.start_button.rect.center)
    choice = ng.result
    assert isinstance(choice, NewGameChoice)
    assert choice.scenario == "passage_through_mirkwood"
    assert choice.decks == [starter_deck("leadership")]
    assert choice.names == ["Player 1"]
    assert choice.easy is False
    assert choice.seed == int(ng.seed_entry.get_text())
    session = setup_game(choice.scenario, choice.decks, choice.names, seed=choice.seed,
                         easy=choice.easy)
    assert len(session.state.seats) == 1
    assert hero_names(session, 0) == ["Aragorn", "Théodred", "Glóin"]
    assert session.state.seats[0].name == "Player 1"
    assert session.state.seats[0].counters["threat"] == 29


def test_scenario_tiles_show_printed_difficulty_and_pick_on_click(ng):
    keys = [k for k, _r in ng.panel.tiles]
    assert keys == ["passage_through_mirkwood", "journey_down_the_anduin",
                    "escape_from_dol_guldur"]
    assert [ng.panel.db.scenarios[k]["printed_difficulty"] for k in keys] == [1, 4, 7]
    click(ng, tile(ng, "escape_from_dol_guldur").center)
    assert ng.panel.scenario == "escape_from_dol_guldur"
    press(ng, pygame.K_LEFT)
    assert ng.panel.scenario == "journey_down_the_anduin"
    press(ng, pygame.K_RIGHT)
    press(ng, pygame.K_RIGHT)
    assert ng.panel.scenario == "passage_through_mirkwood"
    texts = [ng.panel.tile_text(k) for k in keys]
    assert [t[0] for t in texts] == ["Passage Through Mirkwood", "Journey Down the Anduin",
                                     "Escape from Dol Guldur"]
    assert [t[1] for t in texts] == ["Difficulty 1", "Difficulty 4", "Difficulty 7"]
    assert texts[0][2].startswith("36 encounter cards")
    ng.panel.set_easy(True)
    assert ng.panel.tile_text(keys[0])[2].startswith("27 encounter cards (easy)")


def test_two_seats_spirit_and_lore_by_clicking(ng):
    click(ng, ng.panel.count_buttons[1].rect.center)
    assert ng.panel.count == 2
    assert ng.panel.widgets[1].name.visible
    assert not ng.panel.widgets[2].name.visible
    click(ng, ng.panel.widgets[0].kinds["spirit"].rect.center)
    click(ng, ng.panel.widgets[1].kinds["lore"].rect.center)
    assert [s.kind for s in ng.panel.active] == ["spirit", "lore"]
    click(ng, ng.panel.widgets[0].name.rect.center)
    type_text(ng, "Ann")
    click(ng, ng.panel.widgets[1].name.rect.center)
    type_text(ng, "Ben")
    assert ng.can_start, ng.blocking
    assert ng.panel.widgets[1].name.is_focused
    press(ng, pygame.K_RETURN)          # Enter in a name field starts too
    choice = ng.result
    assert choice is not None
    assert choice.decks == [starter_deck("spirit"), starter_deck("lore")]
    assert choice.names == ["Ann", "Ben"]
    assert choice.specs == ["spirit", "lore"]
    session = setup_game(choice.scenario, choice.decks, choice.names, seed=choice.seed)
    st = session.state
    assert [s.name for s in st.seats] == ["Ann", "Ben"]
    assert hero_names(session, 0) == ["Éowyn", "Eleanor", "Dúnhere"]
    assert hero_names(session, 1) == ["Denethor", "Glorfindel", "Beravor"]
    assert [s.counters["threat"] for s in st.seats] == [24, 30]


def test_clicking_an_empty_seat_adds_players_and_fewer_seats_keep_choices(ng):
    click(ng, ng.panel.rows[2].center)
    assert ng.panel.count == 3
    click(ng, ng.panel.widgets[2].kinds["tactics"].rect.center)
    click(ng, ng.panel.count_buttons[0].rect.center)
    assert ng.panel.count == 1 and not ng.panel.widgets[2].name.visible
    click(ng, ng.panel.count_buttons[2].rect.center)
    assert ng.panel.seats[2].kind == "tactics"


def test_shared_hero_is_an_error_under_both_seats_and_start_is_refused(ng):
    click(ng, ng.panel.count_buttons[1].rect.center)
    click(ng, ng.panel.widgets[1].kinds["leadership"].rect.center)
    assert [s.kind for s in ng.panel.active] == ["leadership", "leadership"]
    for seat in (0, 1):
        errors = [p for p in ng.panel.problems[seat] if p.is_error]
        assert [p.rule for p in errors] == ["shared_hero"]
        assert "Aragorn" in errors[0].message
    assert "seat 2" in ng.panel.problems[0][-1].message
    assert "seat 1" in ng.panel.problems[1][-1].message
    assert not ng.can_start
    click(ng, ng.start_button.rect.center)
    assert ng.result is None and not ng.cancelled
    assert "Aragorn" in ng.refusal
    text, colour = ng.status()
    assert text.startswith("Cannot start") and colour == ERROR
    press(ng, pygame.K_RETURN)
    assert ng.result is None
    # fix it: the refusal goes away and Start works
    click(ng, ng.panel.widgets[1].kinds["tactics"].rect.center)
    assert ng.can_start and ng.refusal == ""
    click(ng, ng.start_button.rect.center)
    assert ng.result is not None


def test_notes_are_shown_but_do_not_block(ng):
    notes = [p for p in ng.panel.problems[0] if not p.is_error]
    assert notes and notes[0].rule == "size"
    assert ng.can_start


def test_easy_mode_toggles_and_reaches_the_game(ng):
    box = ng.panel.easy_box
    click(ng, box.rect.center)
    assert ng.panel.easy is True
    click(ng, box.rect.center)
    assert ng.panel.easy is False
    click(ng, box.rect.center)
    click(ng, ng.start_button.rect.center)
    choice = ng.result
    assert choice.easy is True
    easy = setup_game(choice.scenario, choice.decks, choice.names, seed=choice.seed,
                      easy=choice.easy)
    hard = setup_game(choice.scenario, choice.decks, choice.names, seed=choice.seed)
    assert easy.state.options["easy"] is True
    assert len(easy.state.zones["encounter.deck"].cards) < \
        len(hard.state.zones["encounter.deck"].cards)


def test_seed_is_random_shown_and_typed_seed_parses(ng, screen):
    other = NewGameScreen(screen)
    assert ng.seed() is not None and ng.seed() > 0
    assert ng.seed_entry.get_text() == str(ng.seed())
    assert ng.seed() != other.seed()      # random: two screens, two seeds
    other.close()
    clear_entry(ng, ng.seed_entry)
    assert ng.seed() is None and not ng.can_start
    assert "seed" in ng.blocking[0]
    type_text(ng, "4x2")             # letters are not accepted
    assert ng.seed_entry.get_text() == "42"
    assert ng.seed() == 42 and ng.can_start
    click(ng, ng.seed_button.rect.center)
    assert ng.seed() != 42
    clear_entry(ng, ng.seed_entry)
    type_text(ng, "7")
    press(ng, pygame.K_RETURN)
    assert ng.result.seed == 7


def test_same_seed_replays_the_same_game(ng):
    ng.seed_entry.set_text("1234")
    ng.step([])
    click(ng, ng.start_button.rect.center)
    c = ng.result
    a = setup_game(c.scenario, c.decks, c.names, seed=c.seed, easy=c.easy)
    b = setup_game(c.scenario, c.decks, c.names, seed=1234)
    deck = a.state.seat_zone(0, "deck")
    assert [a.state.cards[i].code for i in a.state.zones[deck].cards] == \
        [b.state.cards[i].code for i in b.state.zones[deck].cards]


# ----------------------------------------------------------------- imported decks

def test_imported_deck_file_shows_its_heroes(ng):
    click(ng, ng.panel.count_buttons[1].rect.center)
    click(ng, ng.panel.widgets[1].kinds[FILE].rect.center)
    assert ng.panel.widgets[1].path.visible and ng.panel.widgets[1].browse.visible
    assert ng.panel.seats[1].deck is None
    assert not ng.can_start and "deck file" in ng.blocking[0]
    click(ng, ng.panel.widgets[1].path.rect.center)
    type_text(ng, LORE_FILE)
    deck = ng.panel.seats[1].deck
    assert deck == load_deck(LORE_FILE)
    assert [ng.panel.db.by_code[c].name for c in deck.heroes] == ["Denethor", "Glorfindel", "Beravor"]
    assert [r.size for r, _code in ng.panel._hero_rects[3:]] == [ng.panel.portrait_size] * 3
    rules = [p.rule for p in ng.panel.problems[1]]
    assert "starter_variant" in rules and not any(p.is_error for p in ng.panel.problems[1])
    press(ng, pygame.K_RETURN)       # Enter in the path field only loads
    assert ng.result is None
    press(ng, pygame.K_RETURN)
    choice = ng.result
    assert choice.specs[1] == os.path.abspath(LORE_FILE)
    session = setup_game(choice.scenario, choice.decks, choice.names, seed=choice.seed)
    assert hero_names(session, 1) == ["Denethor", "Glorfindel", "Beravor"]


def test_broken_deck_file_shows_the_deck_error(ng):
    click(ng, ng.panel.widgets[0].kinds[FILE].rect.center)
    click(ng, ng.panel.widgets[0].path.rect.center)
    type_text(ng, BROKEN_FILE)
    seat = ng.panel.seats[0]
    assert seat.deck is None
    assert "broken.o8d: not valid XML" in seat.error
    assert ng.panel.problems[0][0].message == seat.error and ng.panel.problems[0][0].is_error
    click(ng, ng.start_button.rect.center)
    assert ng.result is None and "not valid XML" in ng.refusal


def test_missing_deck_file_is_an_error_not_a_crash(ng):
    ng.panel.set_path(0, os.path.join(DECKS, "no-such-deck.o8d"))
    assert ng.panel.seats[0].deck is None and ng.panel.seats[0].error
    assert not ng.can_start


def test_file_dialog_opens_and_a_picked_path_loads(ng):
    click(ng, ng.panel.widgets[0].kinds[FILE].rect.center)
    click(ng, ng.panel.widgets[0].browse.rect.center)
    dialog = ng.panel.file_dialog
    assert isinstance(dialog, pygame_gui.windows.UIFileDialog) and ng.panel.dialog_seat == 0
    ng.step([ev(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=LORE_FILE, ui_element=dialog)])
    assert ng.panel.file_dialog is None
    assert ng.panel.seats[0].path == LORE_FILE and ng.panel.widgets[0].path.get_text() == LORE_FILE
    assert ng.panel.seats[0].deck is not None and ng.can_start


def test_escape_closes_the_file_dialog_before_cancelling(ng):
    click(ng, ng.panel.widgets[0].kinds[FILE].rect.center)
    click(ng, ng.panel.widgets[0].browse.rect.center)
    assert ng.panel.file_dialog is not None
    press(ng, pygame.K_ESCAPE)
    assert ng.panel.file_dialog is None and not ng.cancelled
    press(ng, pygame.K_ESCAPE)
    assert ng.cancelled and ng.result is None


# ----------------------------------------------------------------- cancel, loop, defaults

def test_cancel_button_and_window_close(ng):
    click(ng, ng.cancel_button.rect.center)
    assert ng.cancelled and ng.result is None


def test_run_loop_returns_the_choice_on_enter_and_none_on_quit(screen):
    pygame.event.clear()
    pygame.event.post(ev(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    choice = run_new_game_screen(screen, max_frames=30)
    assert choice is not None and choice.decks == [starter_deck("leadership")]
    pygame.event.post(ev(pygame.QUIT))
    assert run_new_game_screen(screen, max_frames=30) is None
    assert pygame.event.peek(pygame.QUIT)       # handed on to the caller's loop
    pygame.event.clear()
    pygame.event.post(ev(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    assert run_new_game_screen(screen, max_frames=30) is None
    assert not pygame.event.peek(pygame.QUIT)


def test_defaults_are_shown_again(screen):
    lore_file = load_deck(LORE_FILE)
    defaults = LcgChoice(scenario="journey_down_the_anduin",
                         decks=[starter_deck("tactics"), lore_file, starter_deck("spirit")],
                         names=["Ann", "Ben", "Cid"], seed=99, easy=True,
                         specs=["tactics", LORE_FILE, "spirit"])
    ng = NewGameScreen(screen, defaults=defaults)
    ng.step([])
    assert ng.panel.scenario == "journey_down_the_anduin" and ng.panel.count == 3 and ng.panel.easy
    assert ng.panel.easy_box.is_checked
    assert [s.kind for s in ng.panel.active] == ["tactics", FILE, "spirit"]
    assert ng.panel.widgets[1].path.get_text() == LORE_FILE
    assert ng.seed_entry.get_text() == "99"
    assert ng.start()
    assert ng.result.decks == defaults.decks and ng.result.names == ["Ann", "Ben", "Cid"]
    ng.close()
    # a Deck without a path is kept as it is
    ng = NewGameScreen(screen, defaults=LcgChoice(scenario="1", decks=[lore_file], names=[],
                                                  seed=5))
    assert ng.panel.seats[0].kind == FILE and ng.panel.seats[0].deck == lore_file
    assert ng.start() and ng.result.decks == [lore_file] and ng.result.scenario == \
        "passage_through_mirkwood"
    ng.close()


def test_command_line_replays_the_same_game(ng):
    import main
    import cli
    ng.panel.set_count(2)
    ng.panel.set_deck(1, FILE)
    ng.panel.set_path(1, LORE_FILE)
    ng.panel.set_deck(0, "spirit")
    ng.panel.set_easy(True)
    ng.panel.widgets[0].name.set_text("Ann Smith")
    ng.step([])
    assert ng.start()
    c = ng.result
    line = c.command_line()
    assert line.startswith("python main.py new lcg --scenario passage-through-mirkwood")
    args = main.build_parser().parse_args(shlex.split(line)[2:])
    replay = cli.new_session(args)
    direct = setup_game(c.scenario, c.decks, c.names, seed=c.seed, easy=c.easy)
    assert replay.state.seed == direct.state.seed
    assert [s.name for s in replay.state.seats] == ["Ann Smith", "Player 2"]
    for z in ("encounter.deck", replay.state.seat_zone(1, "deck")):
        assert [replay.state.cards[i].code for i in replay.state.zones[z].cards] == \
            [direct.state.cards[i].code for i in direct.state.zones[z].cards]


def test_tab_moves_between_text_fields(ng):
    click(ng, ng.panel.widgets[0].name.rect.center)
    press(ng, pygame.K_TAB)
    assert ng.seed_entry.is_focused and not ng.panel.widgets[0].name.is_focused
    press(ng, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert ng.panel.widgets[0].name.is_focused


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_layout_fits_the_window(size):
    pygame.display.init()
    screen = pygame.display.set_mode(size)
    ng = NewGameScreen(screen)
    ng.panel.set_count(4)
    ng.panel.set_deck(3, FILE)
    ng.step([])
    bounds = screen.get_rect()
    for w in ng._elements():
        assert bounds.contains(w.rect), w
    for i, row in enumerate(ng.panel.rows):
        assert bounds.contains(row)
        for w in ng.panel.widgets[i].all():
            assert row.contains(w.rect), (i, w)
        if i:
            assert ng.panel.rows[i - 1].bottom < row.top
    assert ng.panel.rows[-1].bottom < ng.bar.top
    for (_k, a), (_k2, b) in zip(ng.panel.tiles, ng.panel.tiles[1:]):
        assert a.right < b.left
    assert ng.status_w > 300
    # the felt is drawn, and the widgets on top of it
    assert screen.get_at((bounds.centerx, 4))[:3] != (0, 0, 0)
    ng.close()
    pygame.display.quit()


def test_resize_keeps_the_choices(ng):
    ng.panel.set_count(2)
    ng.panel.set_deck(1, "lore")
    ng.panel.widgets[0].name.set_text("Ann")
    ng.step([ev(pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080))])
    assert ng.panel.count == 2 and ng.panel.seats[1].kind == "lore"
    assert ng.panel.widgets[0].name.get_text() == "Ann"
    assert ng.panel.widgets[1].kinds["lore"].is_selected
    assert ng.screen.get_size() == (1920, 1080) and ng.scale > 1.3
    assert ng.panel.rows[0].w > 1800 and ng.bar.bottom < 1080 and ng.bar.bottom > 1000
    assert ng.start_button.rect.right < 1920 and ng.start_button.rect.right > 1800


def test_cut_short_problems_show_in_full_on_hover(ng):
    ng.panel.set_count(2)
    ng.panel.set_path(1, LORE_FILE)
    ng.step([])
    rects = [(r, probs) for r, probs in ng.panel._problem_rects]
    assert rects, "the Lore file's two notes do not fit a 1280x800 row"
    rect, problems = rects[0]
    assert {p.rule for p in problems} >= {"size", "starter_variant"}
    before = ng.screen.copy()
    ng.step([ev(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0))])
    below = pygame.Rect(rect.x, rect.bottom + 10, rect.w, 30)
    changed = sum(before.get_at((x, y)) != ng.screen.get_at((x, y))
                  for x in range(below.x, below.right, 7) for y in range(below.y, below.bottom, 5))
    assert changed > 20


# ----------------------------------------------------------------- the game choice

def test_the_game_is_chosen_at_the_top(ng):
    assert [b.text for b in ng.tab_buttons] == ["The Card Game", "Circle of Conflict",
                                                "War of the Ring"]
    assert ng.tab_buttons[0].is_selected and ng.game == "lcg"
    click(ng, ng.tab_buttons[1].rect.center)
    assert ng.game == "coc" and ng.tab_buttons[1].is_selected
    assert ng.can_start and ng.start_button.is_enabled
    assert ng.start() and ng.result.session.state.game == "coc"
    click(ng, ng.tab_buttons[0].rect.center)
    assert ng.game == "lcg" and ng.can_start and ng.start_button.is_enabled
    assert ng.start() and ng.result.session.state.game == "lcg"


def test_start_makes_the_game_through_the_registry(ng):
    ng.panel.set_count(2)
    ng.panel.set_deck(1, "lore")
    assert ng.start()
    session = ng.result.session
    assert [s.name for s in session.state.seats] == ["Player 1", "Player 2"]
    assert hero_names(session, 1) == ["Denethor", "Glorfindel", "Beravor"]
    assert session.state.seed == ng.result.seed


def _fake_wotr(monkeypatch, calls):
    from tabletop.core import games
    from tabletop.core.games import GameSpec

    def new_game(**options):
        calls.append(options)
        if options["players"] == 5:
            raise ValueError("five players need\nthe expansion")
        return setup_game("passage_through_mirkwood", None, seed=options["seed"])
    spec = GameSpec(id="wotr", name="War of the Ring", new_game=new_game, seats=(2, 5),
                    rulesets={"sandbox": object, "enforce": object},
                    toggles={"kings": "Kings of Middle-earth"})
    monkeypatch.setitem(games._GAMES, "wotr", spec)


def test_other_games_get_players_names_rules_and_their_toggles(screen, monkeypatch):
    calls = []
    _fake_wotr(monkeypatch, calls)
    ng = NewGameScreen(screen, game="wotr")
    ng.step([])
    panel = ng.panel
    assert [b.text for b in panel.count_buttons] == ["2", "3", "4", "5"]
    assert panel.count == 2 and ng.can_start
    click(ng, panel.count_buttons[1].rect.center)
    click(ng, panel.name_entries[0].rect.center)
    type_text(ng, "Frodo")
    click(ng, panel.toggle_boxes["kings"].rect.center)
    click(ng, panel.rules_buttons["enforce"].rect.center)
    assert panel.rules == "enforce" and panel.toggles == {"kings": True}
    press(ng, pygame.K_RETURN)
    assert calls[-1] == {"players": 3, "names": ["Frodo", "Player 2", "Player 3"],
                         "seed": ng.seed(), "rules": "enforce", "kings": True}
    choice = ng.result
    assert choice.session is not None and choice.game == "wotr"
    line = choice.command_line()
    assert line.startswith("python main.py new wotr --players 3 --name Frodo")
    assert line.endswith("--rules enforce --kings")
    ng.close()
    # the game's one-line refusal is shown and nothing starts
    ng = NewGameScreen(screen, game="wotr")
    ng.panel.set_count(5)
    assert not ng.start() and ng.result is None
    assert ng.refusal == "five players need the expansion"
    ng.close()


def test_the_card_games_rules_choice_follows_its_registered_rulesets(ng, screen, monkeypatch):
    from tabletop.core.games import game
    buttons = ng.panel.rules_buttons
    assert buttons["sandbox"].is_selected and buttons["enforce"].is_enabled
    ng.panel.set_rules("enforce")
    assert buttons["enforce"].is_selected and not buttons["sandbox"].is_selected
    assert ng.start() and ng.result.rules == "enforce"
    assert ng.result.session.rules.name == "enforce"
    assert ng.result.command_line().endswith("--rules enforce")
    # without an engine registered, Enforce is there but cannot be chosen
    monkeypatch.delitem(game("lcg").rulesets, "enforce")
    other = NewGameScreen(screen)
    assert not other.panel.rules_buttons["enforce"].is_enabled
    assert "rules engine is coming" in other.panel.rules_note()
    other.panel.set_rules("enforce")
    assert other.panel.rules == "sandbox"
    assert other.start() and other.result.session.rules.name == "sandbox"
    other.close()


def test_main_new_coc_choose_opens_the_screen_on_that_game(monkeypatch):
    import main
    import sprites.launch as launch
    asked = []
    monkeypatch.setattr(launch, "choose_new_game", lambda size, game=None: asked.append(game))
    assert main.main(["new", "coc", "--choose"]) == 0
    assert asked == ["coc"]


def test_run_loop_can_open_on_another_game(screen):
    pygame.event.clear()
    pygame.event.post(ev(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    choice = run_new_game_screen(screen, max_frames=5, game="coc")      # Enter starts it
    assert choice is not None and choice.session.state.game == "coc"
    ng = NewGameScreen(screen, game="wotr")
    assert ng.game == "wotr" and ng.tab_buttons[2].is_selected
    ng.close()


def test_the_screen_remembers_the_last_choices_in_the_config_folder(screen):
    from sprites.newgame import remembered
    lore_file = load_deck(LORE_FILE)
    choice = LcgChoice(scenario="journey_down_the_anduin",
                       decks=[starter_deck("tactics"), lore_file], names=["Ann", "Ben"],
                       seed=99, easy=True, specs=["tactics", LORE_FILE], rules="enforce")
    ng = NewGameScreen(screen, defaults=choice)
    ng.step([])
    pygame.event.clear()
    pygame.event.post(ev(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    # the screen's own run: started with these defaults, it remembers them
    assert run_new_game_screen(screen, defaults=choice, max_frames=30) is not None
    again = remembered()
    assert again.scenario == "journey_down_the_anduin" and again.names == ["Ann", "Ben"]
    assert again.specs == ["tactics", LORE_FILE] and again.easy and again.rules == "enforce"
    # a new screen without defaults starts from them (with a new seed)
    ng = NewGameScreen(screen, defaults=remembered())
    ng.step([])
    assert ng.panel.scenario == "journey_down_the_anduin" and ng.panel.count == 2
    assert [s.kind for s in ng.panel.active] == ["tactics", FILE] and ng.seed_entry.get_text() != "99"
