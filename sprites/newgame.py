"""The new-game screen: which game, then its options; seed; Start or Cancel.

At the top the game is chosen, one tab per game this program has
(``tabletop.core.games.game_ids``).  Each game has a panel of options
(``OptionsPanel``): its own when its window part has one (``PANEL`` in
``sprites/games/<id>/newgame.py``: the card game's scenario, seats and decks,
easy mode, rules), else ``GenericPanel`` (number of players, seat names, the
rules, the toggles its ``GameSpec`` declares).  Start calls the game's
``new_game(players=, names=, seed=, rules=, **options)`` (``GameSpec.new_game``);
its one-line refusal is shown on the screen.  A game without ``new_game`` yet is
shown as coming and cannot be started.

    choice = run_new_game_screen(screen, game="coc")
    if choice is not None:
        session = choice.session

The loop is ``handle(event)`` / ``update(dt)`` / ``draw()`` like the table's
``App``; ``step(events)`` drives it from tests with synthetic events.
"""
from __future__ import annotations

import json
import os

import pygame
import pygame_gui

import sprites.fonts as fonts
from sprites.gameview import game_name
from sprites.newgame_panels import (GenericPanel, NewGameChoice, OptionsPanel, game_spec,
                                    panel_class, random_seed)
from sprites.palette import GOLD
from sprites.widgets import DIM, ERROR, MUTED, OK, PANEL_EDGE, ellipsize, felt, panel, theme, wrap
from tabletop.core.aiseats import set_ai_seats
from tabletop.core.games import DEFAULT_GAME, game, game_ids
from tabletop.core import i18n
from tabletop.core.i18n import N_, _

RULE_LABELS = {"sandbox": N_("Sandbox"), "enforce": N_("Enforce rules")}   # translated where shown


def panel_for(ng, game_id: str, defaults: NewGameChoice | None) -> OptionsPanel:
    """The options panel of a game: its own (``panel_class``) or the generic one."""
    cls = panel_class(game_id)
    if cls is not None:
        return cls(ng, defaults)
    return GenericPanel(ng, game_id, defaults)


# --------------------------------------------------------------------------- the screen
class NewGameScreen:
    """Choose a game and its options, and a seed; Start or Cancel.

    ``result`` is set when Start succeeded (``result.session`` is the new game);
    ``cancelled`` on Esc, Cancel or closing the window.  With a ``manager`` given,
    the screen adds its widgets to it (and removes them in ``close()``); otherwise
    it makes its own from the table's theme.  ``panel`` is the chosen game's options.
    """

    def __init__(self, screen: pygame.Surface, manager=None,
                 defaults: NewGameChoice | None = None, game: str | None = None):
        pygame.font.init()
        self.screen = screen
        self.own_manager = manager is None
        self.scale = self._scale_for(screen.get_size())
        self.manager = manager or pygame_gui.UIManager(screen.get_size(), theme(self.scale))
        self.result: NewGameChoice | None = None
        self.cancelled = False
        self.quit_requested = False
        self.defaults = defaults
        self.games = list(game_ids())   # one tab each
        self.seed_text = str(defaults.seed) if defaults is not None and defaults.seed is not None \
            else str(random_seed())
        self.refusal = ""               # why the last Start was refused
        self.flash = 0.0                # seconds the refusal stays highlighted
        self.pointer = (0, 0)
        self.seen: dict = {}            # the texts of the entries as last read
        self._built: list = []
        self._background: pygame.Surface | None = None
        self.game = game or (defaults.game if defaults is not None else DEFAULT_GAME)
        self.all_seats = bool(getattr(defaults, "all_seats", False))
        self.panel = panel_for(self, self.game, defaults)
        self._build()
        self.revalidate()

    # ------------------------------------------------------------ state
    def seed(self) -> int | None:
        """The typed seed, or None if it is not a whole number."""
        try:
            value = int(self.seed_text.strip())
        except ValueError:
            return None
        return value if value >= 0 else None

    def choose_game(self, game_id: str) -> None:
        """Show another game's options (the seed stays)."""
        if game_id == self.game:
            self.select_one(self.tab_buttons, self.games.index(game_id))
            return
        self.sync_texts()
        self.panel.close_dialogs()
        self.game = game_id
        self.panel = panel_for(self, game_id, self.defaults)
        self._build()
        self.revalidate()

    def new_seed(self) -> None:
        """A fresh random seed."""
        self.seed_text = str(random_seed())
        self.seed_entry.set_text(self.seed_text)
        self.seen["seed"] = self.seed_text
        self.revalidate()

    def cancel(self) -> None:
        """Leave without a new game."""
        self.cancelled = True

    def refuse(self, text: str, seconds: float = 1.2) -> None:
        """Show why Start (or something else) did not work, highlighted for a moment."""
        self.refusal = text
        self.flash = seconds

    def start(self) -> bool:
        """Start the game if nothing blocks it (``result``); otherwise show why, False."""
        self.sync_texts()
        self.revalidate()
        if self.blocking:
            self.refuse(self.blocking[0])
            return False
        choice = self.panel.choice(self.seed())
        choice.all_seats = self.all_seats
        choice.ai = self.panel.ai_seats()
        try:
            choice.session = game(choice.game).new_game(**choice.options())
        except Exception as exc:         # ValueError, DeckError...: one line on the screen
            self.refuse(" ".join(str(exc).split()) or type(exc).__name__, 2.0)
            return False
        if self.all_seats and len(choice.session.state.seats) > 1:
            choice.session.set_option("all_seats", True)     # kept in the game's save
        if choice.ai:
            set_ai_seats(choice.session, choice.ai)          # kept in the game's save too
        self.refusal = ""
        self.result = choice
        return True

    def close(self) -> None:
        """Remove this screen's widgets from the manager."""
        self.panel.close_dialogs()
        for w in self._elements():
            w.kill()

    # ------------------------------------------------------------ validation
    def revalidate(self) -> None:
        """Check the panel's choices and the seed: ``blocking`` lists why Start is refused."""
        self.panel.revalidate()
        blocking = []
        if self.seed() is None:
            blocking.append(_("type a seed (a whole number)"))
        spec = game_spec(self.game)
        if spec is None or spec.new_game is None:
            blocking.append(_("{game} is coming: this version cannot start it yet.").format(
                game=game_name(self.game)))
        blocking += self.panel.blocking() + self.panel.ai_blocking()
        self.blocking = blocking
        if not blocking:
            self.refusal = ""
        start = getattr(self, "start_button", None)
        if start is not None:           # a game that is still coming cannot be started
            if spec is None or spec.new_game is None:
                start.disable()
            else:
                start.enable()

    @property
    def can_start(self) -> bool:
        """May Start be pressed with success?"""
        return not self.blocking

    def status(self) -> tuple[str, tuple]:
        """The status line under the seats: why Start is refused, or that all is ready."""
        if self.blocking:
            more = len(self.blocking) - 1
            text = _("Cannot start: {reason}").format(reason=self.blocking[0])
            if more:
                text += " " + _("(and {n} more)").format(n=more)
            return text, ERROR
        return self.panel.ready_text(self.seed()), OK

    # ------------------------------------------------------------ layout
    @staticmethod
    def _scale_for(size) -> float:
        w, h = size
        return max(0.8, min(1.5, w / 1280, h / 800))

    def _layout(self) -> None:
        w, h = self.screen.get_size()
        s = self.scale
        S = lambda v: round(v * s)      # noqa: E731
        self.S = S
        m = S(28)
        self.content = pygame.Rect(m, 0, w - 2 * m, h)
        self.title_y = S(14)
        bar_h = S(60)
        self.bar = pygame.Rect(self.content.x, h - bar_h - S(12), self.content.w, bar_h)
        tab_w, tab_h, gap = S(172), S(32), S(8)
        right = self.content.right
        self.tab_rects = [pygame.Rect(right - (len(self.games) - i) * (tab_w + gap) + gap,
                                      self.title_y + S(10), tab_w, tab_h)
                          for i in range(len(self.games))]
        self.panel.layout()

    def button(self, rect, text, fn, tip=None, object_id=None):
        """A button that calls ``fn`` when pressed."""
        b = pygame_gui.elements.UIButton(rect, text, self.manager, tool_tip_text=tip,
                                         object_id=object_id)
        b.bind(pygame_gui.UI_BUTTON_PRESSED, lambda _data: fn())
        return b

    @staticmethod
    def select_one(buttons, index: int) -> None:
        """Show button ``index`` selected and the others not."""
        for i, b in enumerate(buttons):
            if i == index:
                b.select()
            else:
                b.unselect()

    def _elements(self):
        out = list(getattr(self, "tab_buttons", []))
        out.extend(self.panel.elements())
        out.extend(w for w in (getattr(self, n, None) for n in (
            "seed_entry", "seed_button", "cancel_button", "start_button", "all_seats_box"))
            if w is not None)
        return out

    def _build(self) -> None:
        """(Re)create every widget from the current state and window size."""
        for w in self._built:
            w.kill()
        self._layout()
        self.tab_buttons = [self.button(r, game_name(gid), lambda g=gid: self.choose_game(g),
                                        tip=_(game_spec(gid).name) if game_spec(gid) else None)
                            for gid, r in zip(self.games, self.tab_rects)]
        self.select_one(self.tab_buttons, self.games.index(self.game))
        self.panel.build()
        self._build_bar()
        self._build_all_seats()
        self._built = self._elements()
        self._background = None

    def _build_bar(self) -> None:
        S = self.S
        bar = self.bar
        cy = bar.centery
        self.seed_label_x = bar.x + S(16) + S(150)
        # the entry after the label and the button around its words, as long as the
        # language in force makes them
        label_w = fonts.font(S(15), "ui-bold").size(_("Seed"))[0]
        ex = self.seed_label_x + max(S(46), label_w + S(8))
        new_w = max(S(92), fonts.font(S(14)).size(_("New seed"))[0] + S(22))
        self.seed_entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(ex, cy - S(16), S(130), S(32)), self.manager)
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(12)
        self.seed_entry.set_text(self.seed_text)
        self.seen["seed"] = self.seed_text
        self.seed_button = self.button(
            pygame.Rect(ex + S(136), cy - S(16), new_w, S(32)), _("New seed"), self.new_seed,
            tip=_("The seed decides every shuffle: the same seed replays the same game"))
        self.status_x = ex + S(136) + new_w + S(20)
        self.start_button = self.button(
            pygame.Rect(bar.right - S(16) - S(156), cy - S(20), S(156), S(40)),
            _("Start game"), self.start, tip=_("Enter"), object_id="#start_button")
        self.cancel_button = self.button(
            pygame.Rect(self.start_button.rect.x - S(10) - S(110), cy - S(20), S(110), S(40)),
            _("Cancel"), self.cancel, tip=_("Esc"))
        self.status_w = self.cancel_button.rect.x - S(20) - self.status_x

    def _build_all_seats(self) -> None:
        """"I play all seats", in the players row after the seat count buttons."""
        S = self.S
        y = getattr(self.panel, "players_y", None)
        rects = getattr(self.panel, "count_rects", None)
        self.all_seats_box = None
        self.all_seats_right = self.content.x
        if y is None or not rects:
            return
        x = rects[-1].right + S(18)
        self.all_seats_box = pygame_gui.elements.UICheckBox(
            pygame.Rect(x, y - S(1), S(20), S(20)), _("I play all seats"), self.manager,
            initial_state=self.all_seats,
            tool_tip_text=_("One person plays every seat: no curtain between seats and no "
                            "hand-over; the table turns to whoever must decide. A group at "
                            "one computer leaves it off."))
        label_w = fonts.font(S(14)).size(_("I play all seats"))[0]
        self.all_seats_right = x + S(26) + label_w

    # the rules choice, shared by the panels
    def rules_rects(self, y: int, names) -> dict[str, pygame.Rect]:
        """Buttons for the rulesets at the right end of the row at ``y``."""
        S = self.S
        w, gap = S(128), S(6)
        right = self.content.right
        return {name: pygame.Rect(right - (len(names) - i) * (w + gap) + gap, y - S(5), w, S(28))
                for i, name in enumerate(names)}

    def rules_buttons(self, rects: dict, choose) -> dict:
        """The ruleset buttons; pressing one calls ``choose(name)``."""
        return {name: self.button(r, _(RULE_LABELS.get(name, name.capitalize())),
                                  lambda n=name: choose(n),
                                  tip=_("sandbox: a free table; enforce: the rules engine runs "
                                        "the game"))
                for name, r in rects.items()}

    @staticmethod
    def sync_rules(buttons: dict, chosen: str, available) -> None:
        """Select the chosen ruleset; a ruleset the game has not registered is disabled."""
        for name, b in buttons.items():
            if name == chosen:
                b.select()
            else:
                b.unselect()
            if name in available:
                b.enable()
            else:
                b.disable()

    def rules_label(self, bg: pygame.Surface, rects: dict, y: int, note: str) -> None:
        """The "Rules" label before the ruleset buttons, and a note before it."""
        S = self.S
        left = min(r.x for r in rects.values())
        t = fonts.text(_("Rules").upper(), S(14), GOLD, "ui-bold")
        bg.blit(t, (left - S(12) - t.get_width(), y))
        if note:
            f = fonts.font(S(13))
            right = left - S(24) - t.get_width()
            start = max(self.content.x + S(300), getattr(self, "all_seats_right", 0) + S(16))
            if right - start > S(60):
                line = ellipsize(note, f, right - start)
                n = fonts.text(line, S(13), DIM)
                bg.blit(n, (right - n.get_width(), y + S(1)))

    def resize(self, size) -> None:
        """Lay the screen out again for a window of ``size`` (choices are kept)."""
        size = tuple(size)
        surface = pygame.display.get_surface()
        if surface is not None and self.screen is surface and surface.get_size() != size:
            surface = pygame.display.set_mode(size, pygame.RESIZABLE)   # as the table does
        if surface is not None and surface.get_size() == size:
            self.screen = surface
        self.sync_texts()
        self.panel.close_dialogs()
        scale = self._scale_for(size)
        if self.own_manager:
            for w in self._built:
                w.kill()
            self._built = []
            self.scale = scale
            self.manager = pygame_gui.UIManager(size, theme(scale))
        else:
            self.scale = scale
            self.manager.set_window_resolution(size)
        self._build()
        self.revalidate()

    # ------------------------------------------------------------ events
    def _focused_entry(self):
        for w in self._elements():
            if isinstance(w, pygame_gui.elements.UITextEntryLine) and w.is_focused:
                return w
        return None

    def handle(self, event) -> None:
        """One event: window, Tab between entries, the widgets, the panel, keys."""
        if event.type == pygame.QUIT:
            self.quit_requested = True
            self.cancelled = True
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
            return
        if hasattr(event, "pos"):
            self.pointer = event.pos
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB and not self.panel.dialog_open():
            self._tab(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return
        consumed = self.manager.process_events(event)
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        if consumed and event.type == pygame.MOUSEBUTTONDOWN:
            return
        if event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED) \
                and event.ui_element is getattr(self, "all_seats_box", None):
            self.all_seats = event.type == pygame_gui.UI_CHECK_BOX_CHECKED
            return
        self.panel.handle(event)

    def _tab(self, step: int) -> None:
        entries = self.panel.entries() + [self.seed_entry]
        current = self._focused_entry()
        i = entries.index(current) if current in entries else -step
        if current is not None:
            current.unfocus()
        entries[(i + step) % len(entries)].focus()

    def _key(self, event) -> None:
        if event.key == pygame.K_ESCAPE:
            if self.panel.dialog_open():
                self.panel.close_dialogs()
            else:
                self.cancel()
            return
        if self.panel.dialog_open():
            return
        if event.key == pygame.K_F3:
            self.next_language()
            return
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            focused = self._focused_entry()
            if focused is not None and self.panel.is_path_entry(focused):
                self.sync_texts()      # Enter in a path field loads the deck, no more
                focused.unfocus()
                return
            self.start()
            return
        if self._focused_entry() is None:
            self.panel.key(event)

    def next_language(self) -> None:
        """F3, as at the table: the next language at once, remembered; the screen is built
        again in it (what was typed is kept)."""
        codes = list(i18n.LANGUAGES)
        self.sync_texts()
        i18n.set_language(codes[(codes.index(i18n.language()) + 1) % len(codes)])
        try:
            i18n.save_language(i18n.language())
        except OSError:
            pass
        pygame.display.set_caption(_("Lord of the Rings tabletop — new game"))
        self._build()

    def sync_texts(self) -> None:
        """Pick up what was typed into the text entries."""
        changed = self.panel.sync_texts()
        box = getattr(self, "all_seats_box", None)
        if box is not None:
            self.all_seats = bool(box.is_checked)
        text = self.seed_entry.get_text()
        if self.seen.get("seed") != text:
            self.seen["seed"] = text
            self.seed_text = text
            changed = True
        if changed:
            self.revalidate()

    def update(self, dt: float) -> None:
        """Advance the widgets; read what was typed."""
        self.manager.update(dt)
        self.sync_texts()
        self.panel.update(dt)
        self.flash = max(0.0, self.flash - dt)

    def step(self, events=(), dt: float = 1 / 60) -> None:
        """Handle events, advance, handle what the widgets posted, draw (for tests)."""
        for ev in events:
            self.handle(ev)
        self.update(dt)
        for ev in pygame.event.get():
            self.handle(ev)
        self.draw()

    # ------------------------------------------------------------ drawing
    def _bg(self) -> pygame.Surface:
        size = self.screen.get_size()
        if self._background is not None and self._background.get_size() == size:
            return self._background
        bg = felt(size)
        S = self.S
        x0, cw = self.content.x, self.content.w
        title = fonts.text(_("New Game"), S(40), GOLD, "title")
        bg.blit(title, (x0, self.title_y))
        sub_x = x0 + title.get_width() + S(18)
        sub_w = min(r.x for r in self.tab_rects) - S(16) - sub_x
        f = fonts.font(S(17))
        subtitle = _(self.panel.subtitle) if self.panel.subtitle else ""
        if subtitle and sub_w > S(40):
            sub = fonts.text(ellipsize(subtitle, f, sub_w), S(17), DIM)
            bg.blit(sub, (sub_x, self.title_y + title.get_height() - sub.get_height() - S(8)))
        yline = self.title_y + title.get_height() + S(2)
        pygame.draw.line(bg, (120, 100, 56), (x0, yline), (x0 + cw, yline))
        self.panel.background(bg)
        self._background = bg
        return bg

    def draw(self) -> None:
        """The whole screen."""
        screen = self.screen
        screen.blit(self._bg(), (0, 0))
        self.panel.draw(screen)
        self._draw_bar()
        self.manager.draw_ui(screen)
        if not self.panel.dialog_open():
            self.panel.draw_hover(screen)

    def _draw_bar(self) -> None:
        S = self.S
        bar = self.bar
        panel(self.screen, bar, (20, 18, 14), PANEL_EDGE, 215, 10)
        t = fonts.text(_("Seed"), S(15), GOLD, "ui-bold")
        self.screen.blit(t, (self.seed_label_x, bar.centery - t.get_height() // 2))
        text, colour = self.status()
        f = fonts.font(S(14))
        lines = wrap(text, f, self.status_w)
        notes = self.panel.notes()
        colours = [colour] * len(lines)
        if notes and len(lines) < 2:
            lines.append(notes[0])
            colours.append(MUTED)
        if len(lines) > 2:
            lines = [lines[0], ellipsize(lines[1] + " " + " ".join(lines[2:]), f, self.status_w)]
        total = len(lines) * f.get_linesize()
        y = bar.centery - total // 2
        if self.flash > 0 and colour == ERROR:
            glow = pygame.Rect(self.status_x - S(8), y - S(4), self.status_w + S(16), total + S(8))
            panel(self.screen, glow, (110, 30, 24), ERROR, round(90 + 120 * min(1.0, self.flash)), 6)
        for line, col in zip(lines, colours):
            self.screen.blit(f.render(line, True, col), (self.status_x, y))
            y += f.get_linesize()


# --------------------------------------------------------------------------- own loop
def run_new_game_screen(screen: pygame.Surface, clock=None,
                        defaults: NewGameChoice | None = None,
                        max_frames: int | None = None, game: str | None = None
                        ) -> NewGameChoice | None:
    """Show the screen until Start (the choice, with the started game in ``session``),
    Cancel/Esc or closing the window (None).

    ``game`` selects a game at the start (default: the last one, or the card game).
    ``max_frames`` ends the loop after that many frames (None) for tests and scripts.
    A closed window (pygame.QUIT) is posted again so the caller's own loop sees it too.
    """
    clock = clock or pygame.time.Clock()
    if defaults is None:
        defaults = remembered()
    caption = pygame.display.get_caption()
    pygame.display.set_caption(_("Lord of the Rings tabletop — new game"))
    ui = NewGameScreen(screen, defaults=defaults, game=game)
    frames = 0
    try:
        while ui.result is None and not ui.cancelled:
            frames += 1
            if max_frames is not None and frames > max_frames:
                break
            dt = clock.tick(60) / 1000.0
            for ev in pygame.event.get():
                ui.handle(ev)
            ui.update(dt)
            ui.draw()
            pygame.display.flip()
    finally:
        ui.close()
        if caption:
            pygame.display.set_caption(*caption)
    if ui.quit_requested:
        pygame.event.post(pygame.event.Event(pygame.QUIT))
    if ui.result is not None:
        remember(ui.result)
    return ui.result


REMEMBERED = "new-game.json"          # the last choices, in the user's config folder


def _remembered_path() -> str:
    from sprites.keymap import config_dir
    return os.path.join(config_dir(), REMEMBERED)


def remember(choice: NewGameChoice) -> None:
    """Keep the choices of a started game for the next new-game screen (not the seed:
    a new game gets a new one).  A folder that cannot be written is no error."""
    try:
        os.makedirs(os.path.dirname(_remembered_path()), exist_ok=True)
        with open(_remembered_path(), "w", encoding="utf-8") as fh:
            json.dump(choice.to_data(), fh, indent=1)
    except OSError:
        pass


def remembered() -> NewGameChoice | None:
    """The choices of the last game started from the new-game screen, if any (read by
    that game's panel: ``OptionsPanel.remembered``)."""
    try:
        with open(_remembered_path(), encoding="utf-8") as fh:
            data = json.load(fh)
        game_id = str(data.get("game") or DEFAULT_GAME)
        if game_id not in game_ids():
            return None
        data["game"] = game_id
        return (panel_class(game_id) or GenericPanel).remembered(data)
    except (OSError, ValueError, TypeError, AttributeError, KeyError, ImportError):
        return None


__all__ = ["NewGameChoice", "NewGameScreen", "OptionsPanel", "run_new_game_screen",
           "random_seed", "panel_for"]
