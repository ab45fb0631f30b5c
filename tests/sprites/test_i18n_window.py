"""Czech and Polish in the window: every letter has a glyph in the bundled fonts, a
card face and the game log draw without a missing glyph, and a language switch
redraws everything at once and is remembered."""
import os

import pygame
import pytest

from sprites import fonts
from sprites.games.lcg import cardpaint
from sprites.app import App
from sprites.games.lcg.cardface import render_front
from sprites.keymap import load_keymap
from tabletop.core import i18n
from tabletop.core import commands as C
from tabletop.games.lcg.cards import core_set
from tabletop.games.lcg.scenarios import setup_game

from .test_ui import key, move

LETTERS = "ěščřžýáíéůúďťňąćęłńóśźż"
LETTERS += LETTERS.upper() + "„“‚‘…–·×"
ASSETS = fonts.ASSETS
FONT_FILES = sorted(f for f in os.listdir(ASSETS) if f.endswith((".ttf", ".otf")))


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield
    i18n.set_language(None)


def _pixels(font, text):
    return pygame.image.tobytes(font.render(text, False, (255, 255, 255), (0, 0, 0)), "RGB")


_known: dict = {}


def missing_glyphs(font, text):
    """The characters of ``text`` the font draws as its missing-glyph box."""
    out = set()
    for ch in set(text):
        if ch.isspace() or (ch.isascii() and ch.isprintable()):
            continue
        key = (id(font), ch)
        if key not in _known:
            boxes = (_pixels(font, "\ue000"), _pixels(font, "\U0010fffd"))
            _known[key] = _pixels(font, ch) in boxes
        if _known[key]:
            out.add(ch)
    return sorted(out)


@pytest.mark.parametrize("name", FONT_FILES)
@pytest.mark.parametrize("size", [5, 7, 9, 11, 13, 16, 20, 28, 40, 64])
def test_every_czech_and_polish_letter_has_a_glyph(name, size):
    font = pygame.font.Font(os.path.join(ASSETS, name), size)
    assert missing_glyphs(font, LETTERS) == []


class _Recorder:
    """Every text a font draws while active, with the font that drew it."""

    def __init__(self, monkeypatch):
        self.seen = []
        seen = self.seen

        class RecordingFont(pygame.font.Font):
            def render(self, text, *args, **kwargs):
                seen.append((self, text))
                return super().render(text, *args, **kwargs)

        monkeypatch.setattr(pygame.font, "Font", RecordingFont)
        monkeypatch.setattr(cardpaint, "_FONTS", {})
        monkeypatch.setattr(fonts, "_cache", {})
        monkeypatch.setattr(fonts, "_texts", {})

    def problems(self):
        out = []
        for font, text in {(f, t) for f, t in self.seen}:
            bad = missing_glyphs(font, text)
            if bad:
                out.append((text, bad))
        return out


@pytest.mark.parametrize("lang", ["cs", "pl"])
def test_card_faces_draw_every_letter(lang, monkeypatch):
    rec = _Recorder(monkeypatch)
    i18n.set_language(lang)
    db = core_set()
    for code in ("01001", "01031", "01074", "01080", "01108", "01121"):
        for size in ((250, 350), (100, 140), (500, 700)):
            render_front(db[code], *size, side="B" if code == "01121" else "A")
    texts = " ".join(t for _f, t in rec.seen)
    assert ("Medděd" in texts) if lang == "cs" else ("Wartownik" in texts)
    assert rec.problems() == []


@pytest.mark.parametrize("lang", ["cs", "pl"])
def test_the_log_draws_every_letter(lang, monkeypatch):
    rec = _Recorder(monkeypatch)
    i18n.set_language(lang)
    app = App(setup_game("passage_through_mirkwood", None, seed=1), size=(1024, 700),
              keymap=load_keymap("/nonexistent/keys.toml"))
    app.submit(C.Draw(0, 0, 2))
    app.log_visible = True
    app.draw()
    drawn = " ".join(t for _f, t in rec.seen)
    assert any(ch in drawn for ch in LETTERS), drawn[:300]
    assert rec.problems() == []
    pygame.display.quit()


def test_a_switch_redraws_at_once_and_is_remembered(tmp_path, monkeypatch):
    monkeypatch.setenv("LOTR_TABLETOP_CONFIG", str(tmp_path))
    app = App(setup_game("passage_through_mirkwood", None, seed=1), size=(1024, 700),
              keymap=load_keymap("/nonexistent/keys.toml"))
    view = app.game
    app.step([move((500, 300)), *key(pygame.K_F3)])
    assert i18n.language() == "cs" and app.game is not view     # the view is built again
    assert i18n.saved_language() == "cs"
    app.step(key(pygame.K_F3))
    assert i18n.language() == "pl"
    app.submit(C.Draw(0, 0, 1))
    assert "dobrał(a) 1 kartę" in app.session.log[-1].text
    app.step(key(pygame.K_F3))
    assert i18n.language() == "en" and i18n.saved_language() == "en"
    pygame.display.quit()


def test_f3_on_the_new_game_screen_switches_the_language_at_once(tmp_path, monkeypatch):
    from sprites.newgame import NewGameScreen
    monkeypatch.setenv("LOTR_TABLETOP_CONFIG", str(tmp_path))
    pygame.display.init()
    screen = pygame.display.set_mode((1280, 800))
    ng = NewGameScreen(screen)
    ng.step([])
    ng.seed_entry.set_text("4242")
    ng.step([])
    ng.step(key(pygame.K_F3))
    ng.step([])
    assert i18n.language() == "cs" and i18n.saved_language() == "cs"
    labels = [getattr(w, "text", "") for w in ng._elements()]
    assert "Začít hru" in labels and ng.seed_entry.get_text() == "4242"
    ng.close()
    pygame.display.quit()
