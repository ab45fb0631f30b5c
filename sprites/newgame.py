"""The new-game screen: scenario, seats and decks, easy mode and seed.

Drawn like the table (dark felt, gold accents), with pygame_gui widgets for
text entries and buttons.  The screen only collects a :class:`NewGameChoice`;
building the game is left to ``tabletop.games.lcg.scenarios.setup_game``::

    choice = run_new_game_screen(screen)
    if choice is not None:
        session = setup_game(choice.scenario, choice.decks, choice.names,
                             seed=choice.seed, easy=choice.easy)

The loop is ``handle(event)`` / ``update(dt)`` / ``draw()`` like the table's
``App``; ``step(events)`` drives it from tests with synthetic events.
"""
from __future__ import annotations

import json
import os
import random
import shlex
from dataclasses import dataclass, field

import pygame
import pygame_gui

from tabletop.games.lcg.cards import core_set
from tabletop.games.lcg.decks import (STARTER_SPHERES, Deck, DeckError, Problem, load_deck,
                                      seat_shared_heroes, starter_deck, starting_threat,
                                      validate_deck, validate_seats)
from tabletop.core.i18n import _
from tabletop.games.lcg.setup import DEFAULT_SCENARIO, find_scenario

from . import fonts
from .cardface import SPHERE_COLORS, STAT_COLORS, face_surface
from .render import FELT_DARK, GOLD, INK

THEME = os.path.join(os.path.dirname(__file__), "assets", "theme.json")
FILE = "file"                       # a seat's deck kind besides the four starter spheres
MAX_SEATS = 4
DECK_SUFFIXES = {".o8d", ".json", ".txt", ".xml", ".dek"}

DIM = (168, 158, 136)
MUTED = (150, 160, 146)
ERROR = (236, 104, 88)
OK = (150, 214, 140)
PANEL = (14, 30, 22)
PANEL_EDGE = (150, 125, 70)
TILE = (24, 46, 35)
TILE_HOVER = (32, 60, 46)
TILE_SELECTED = (44, 66, 44)
THREAT = STAT_COLORS["threat"]


# --------------------------------------------------------------------------- the choice

@dataclass
class NewGameChoice:
    """What the screen hands back: everything ``setup_game`` needs."""
    scenario: str                    # data key, e.g. "passage_through_mirkwood"
    decks: list                      # Deck objects, one per seat
    names: list[str]
    seed: int
    easy: bool = False
    specs: list[str] = field(default_factory=list)   # per seat: starter sphere or deck file path

    def command_line(self) -> str:
        """The equivalent ``python main.py new lcg ...`` line, to replay this game."""
        parts = ["python", "main.py", "new", "lcg",
                 "--scenario", self.scenario.replace("_", "-"),
                 "--players", str(len(self.decks))]
        specs = self.specs or [""] * len(self.decks)
        for spec, deck in zip(specs, self.decks):
            parts += ["--deck", spec or deck.name]
        for name in self.names:
            parts += ["--name", name]
        parts += ["--seed", str(self.seed)]
        if self.easy:
            parts.append("--easy")
        return " ".join(shlex.quote(p) for p in parts)


def random_seed() -> int:
    return random.SystemRandom().randrange(1, 10 ** 9)


# --------------------------------------------------------------------------- helpers

def _wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Greedy word wrap; words wider than the line (paths) are cut by characters."""
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            candidate = word if not line else line + " " + word
            if font.size(candidate)[0] <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            while font.size(word)[0] > width and len(word) > 1:
                cut = len(word)
                while cut > 1 and font.size(word[:cut])[0] > width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


def _ellipsize(text: str, font: pygame.font.Font, width: int) -> str:
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


def _theme(scale: float) -> dict:
    """The table's theme plus fonts (DejaVu, sized for the window) and a gold Start button."""
    try:
        with open(THEME, encoding="utf-8") as fh:
            theme = json.load(fh)
    except (OSError, ValueError):
        theme = {}
    regular = os.path.join(fonts.ASSETS, fonts.FACES["ui"])
    bold = os.path.join(fonts.ASSETS, fonts.FACES["ui-bold"])
    size = str(max(12, round(15 * scale)))
    font = {"name": "dejavu_condensed", "size": size}
    if os.path.exists(regular) and os.path.exists(bold):
        font.update({"regular_path": regular, "bold_path": bold,
                     "italic_path": regular, "bold_italic_path": bold})
    for element in ("button", "text_entry_line", "check_box", "label", "tool_tip",
                    "text_box", "window", "selection_list", "drop_down_menu"):
        block = theme.setdefault(element, {})
        block.setdefault("font", dict(font))
    theme["#start_button"] = {
        "colours": {"normal_bg": "#b38a36", "hovered_bg": "#dcb85c", "active_bg": "#f0d080",
                    "normal_text": "#1c1916", "hovered_text": "#1c1916",
                    "active_text": "#1c1916", "normal_border": "#f0d080",
                    "hovered_border": "#fff0c0"},
        "font": dict(font, name="dejavu_condensed_bold", size=str(max(13, round(16 * scale))),
                     bold="1"),
    }
    theme["#seat_number"] = {"colours": {"normal_text": "#dcb85c"}}
    return theme


# --------------------------------------------------------------------------- seat state

class SeatState:
    """One seat's choices; the deck is loaded whenever kind or path changes."""

    def __init__(self, kind: str = "leadership", name: str = "", path: str = "",
                 preloaded: Deck | None = None):
        self.kind = kind
        self.name = name
        self.path = path
        self.preloaded = preloaded      # a Deck given by defaults without a file path
        self.deck: Deck | None = None
        self.error = ""                 # why the deck could not be had
        self.load()

    def load(self) -> None:
        self.deck, self.error = None, ""
        if self.kind != FILE:
            self.deck = starter_deck(self.kind)
            return
        path = self.path.strip()
        if not path:
            if self.preloaded is not None:
                self.deck = self.preloaded
            else:
                self.error = _("choose a deck file: type its path or press Browse")
            return
        try:
            self.deck = load_deck(os.path.expanduser(path))
        except DeckError as exc:
            self.error = str(exc)
        except Exception as exc:        # anything else the file system throws
            self.error = _("{file}: cannot read it ({why})").format(
                file=os.path.basename(path) or path, why=exc)

    @property
    def spec(self) -> str:
        if self.kind != FILE:
            return self.kind
        path = self.path.strip()
        return os.path.abspath(os.path.expanduser(path)) if path else ""


class _SeatWidgets:
    def __init__(self):
        self.name: pygame_gui.elements.UITextEntryLine | None = None
        self.kinds: dict[str, pygame_gui.elements.UIButton] = {}
        self.path: pygame_gui.elements.UITextEntryLine | None = None
        self.browse: pygame_gui.elements.UIButton | None = None

    def all(self):
        return [w for w in (self.name, self.path, self.browse, *self.kinds.values())
                if w is not None]


# --------------------------------------------------------------------------- the screen

class NewGameScreen:
    """Choose scenario, seats (name + deck), easy mode and seed; Start or Cancel.

    ``result`` is set when Start is pressed and nothing blocks it; ``cancelled`` on Esc,
    Cancel or closing the window.  With a ``manager`` given, the screen adds its widgets to
    it (and removes them in ``close()``); otherwise it makes its own from the table's theme.
    The screen calls ``process_events``, ``update`` and ``draw_ui`` of the manager itself.
    """

    def __init__(self, screen: pygame.Surface, manager=None,
                 defaults: NewGameChoice | None = None):
        pygame.font.init()
        self.screen = screen
        self.db = core_set()
        self.own_manager = manager is None
        self.scale = self._scale_for(screen.get_size())
        self.manager = manager or pygame_gui.UIManager(screen.get_size(), _theme(self.scale))
        self.result: NewGameChoice | None = None
        self.cancelled = False
        self.quit_requested = False
        self.scenarios = sorted(self.db.scenarios,
                                key=lambda k: self.db.scenarios[k]["scenario_number"])
        self._apply_defaults(defaults)
        self.refusal = ""               # why the last Start was refused
        self.flash = 0.0                # seconds the refusal stays highlighted
        self.pointer = (0, 0)
        self.file_dialog = None
        self.dialog_seat: int | None = None
        self._portraits: dict[tuple[str, int, int], pygame.Surface] = {}
        self._big: dict[str, pygame.Surface] = {}
        self._background: pygame.Surface | None = None
        self.widgets: list[_SeatWidgets] = []
        self._seen: dict = {}
        self._build()
        self.revalidate()

    # ------------------------------------------------------------ state
    def _apply_defaults(self, defaults: NewGameChoice | None) -> None:
        self.scenario = DEFAULT_SCENARIO
        self.easy = False
        self.seed_text = str(random_seed())
        self.seats = [SeatState(sphere) for sphere in STARTER_SPHERES]
        self.count = 1
        if defaults is None:
            return
        try:
            self.scenario = find_scenario(defaults.scenario, self.db)
        except KeyError:
            pass
        self.easy = bool(defaults.easy)
        if defaults.seed is not None:
            self.seed_text = str(defaults.seed)
        decks = list(defaults.decks or [])[:MAX_SEATS]
        names = list(defaults.names or [])
        specs = list(defaults.specs or [])
        starters = {s: starter_deck(s) for s in STARTER_SPHERES}
        for i, deck in enumerate(decks):
            seat = self.seats[i]
            seat.name = names[i] if i < len(names) else ""
            sphere = next((s for s, d in starters.items() if d == deck), None)
            spec = specs[i] if i < len(specs) else ""
            if sphere is not None:
                seat.kind = sphere
            elif spec and spec not in STARTER_SPHERES:
                seat.kind, seat.path = FILE, spec
            else:
                seat.kind, seat.preloaded = FILE, deck
            seat.load()
        self.count = max(1, len(decks))

    @property
    def active(self) -> list[SeatState]:
        return self.seats[:self.count]

    def seat_names(self) -> list[str]:
        return [s.name.strip() or _("Player {n}").format(n=i + 1)
                for i, s in enumerate(self.active)]

    def seed(self) -> int | None:
        try:
            value = int(self.seed_text.strip())
        except ValueError:
            return None
        return value if value >= 0 else None

    # ------------------------------------------------------------ actions
    def choose_scenario(self, key: str) -> None:
        self.scenario = find_scenario(key, self.db)
        self.revalidate()

    def set_count(self, n: int) -> None:
        self.count = max(1, min(MAX_SEATS, int(n)))
        self._sync_visibility()
        self.revalidate()

    def set_deck(self, seat: int, kind: str) -> None:
        s = self.seats[seat]
        if s.kind == kind:
            return
        s.kind = kind
        s.load()
        self._sync_visibility()
        self.revalidate()
        if kind == FILE and not s.path and s.preloaded is None:
            self.widgets[seat].path.focus()

    def set_path(self, seat: int, path: str) -> None:
        s = self.seats[seat]
        s.path = path
        s.preloaded = None
        if s.kind != FILE:
            s.kind = FILE
            self._sync_visibility()
        s.load()
        w = self.widgets[seat].path
        if w is not None and w.get_text() != path:
            w.set_text(path)
        self._seen[("path", seat)] = path
        self.revalidate()

    def set_easy(self, easy: bool) -> None:
        self.easy = bool(easy)
        if self.easy_box is not None and self.easy_box.is_checked != self.easy:
            self.easy_box.set_state(self.easy)
            pygame.event.clear((pygame_gui.UI_CHECK_BOX_CHECKED,
                                pygame_gui.UI_CHECK_BOX_UNCHECKED))
        self.revalidate()

    def new_seed(self) -> None:
        self.seed_text = str(random_seed())
        self.seed_entry.set_text(self.seed_text)
        self._seen["seed"] = self.seed_text
        self.revalidate()

    def cancel(self) -> None:
        self.cancelled = True

    def start(self) -> bool:
        """Set ``result`` if nothing blocks the game; otherwise show why and return False."""
        self._sync_texts()
        self.revalidate()
        if self.blocking:
            self.refusal = self.blocking[0]
            self.flash = 1.2
            return False
        self.refusal = ""
        seats = self.active
        self.result = NewGameChoice(
            scenario=self.scenario, decks=[s.deck for s in seats], names=self.seat_names(),
            seed=self.seed(), easy=self.easy, specs=[s.spec for s in seats])
        return True

    def open_file_dialog(self, seat: int) -> None:
        self._close_file_dialog()
        w, h = self.screen.get_size()
        s = self.scale
        dw, dh = min(w - 40, round(640 * s)), min(h - 40, round(520 * s))
        current = self.seats[seat].path.strip()
        start = os.path.dirname(os.path.abspath(os.path.expanduser(current))) if current \
            else os.getcwd()
        if not os.path.isdir(start):
            start = os.path.expanduser("~")
        try:
            self.file_dialog = pygame_gui.windows.UIFileDialog(
                pygame.Rect((w - dw) // 2, (h - dh) // 2, dw, dh), self.manager,
                window_title=_("Choose a deck file for seat {n}").format(n=seat + 1),
                initial_file_path=start, allow_existing_files_only=True,
                allowed_suffixes=DECK_SUFFIXES, always_on_top=True)
        except Exception as exc:        # a dialog that cannot open must not end the screen
            self.file_dialog = None
            self.refusal = _("The file dialog could not open ({why}); type the path instead."
                             ).format(why=exc)
            self.flash = 2.0
            return
        self.dialog_seat = seat

    def _close_file_dialog(self) -> None:
        if self.file_dialog is not None:
            if self.file_dialog.alive():
                self.file_dialog.kill()
            self.file_dialog = None
        self.dialog_seat = None

    def close(self) -> None:
        """Remove this screen's widgets from the manager."""
        self._close_file_dialog()
        for w in self._elements():
            w.kill()

    # ------------------------------------------------------------ validation
    def revalidate(self) -> None:
        """Problems per seat (``self.problems``), table notes and the blocking reasons."""
        seats = self.active
        per_seat: list[list[Problem]] = []
        for s in seats:
            if s.deck is None:
                per_seat.append([Problem("error", s.error, "load")])
            else:
                per_seat.append([p for p in validate_deck(s.deck, self.db) if p.rule != "pool"])
        placeholder = Deck("", (), (), "text")
        table = validate_seats([s.deck or placeholder for s in seats], self.db)
        # heroes shared between seats: each seat shows one line naming them and the others
        if any(p.rule == "shared_hero" for p in table):
            shared = seat_shared_heroes([s.deck or placeholder for s in seats], self.db)
            per_seat = [probs + extra for probs, extra in zip(per_seat, shared)]
        self.problems = per_seat
        self.table_notes = [p for p in table if p.rule == "pool"]
        blocking = []
        if self.seed() is None:
            blocking.append(_("type a seed (a whole number)"))
        names = self.seat_names()
        for i, probs in enumerate(per_seat):
            for p in probs:
                if p.is_error:
                    blocking.append(_("Seat {n} ({name}): {message}").format(
                        n=i + 1, name=names[i], message=p.message))
        self.blocking = blocking
        if not blocking:
            self.refusal = ""

    @property
    def can_start(self) -> bool:
        return not self.blocking

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
        x0, cw = self.content.x, self.content.w
        self.title_y = S(14)
        self.scen_label_y = S(70)
        tiles_y, tile_h, gap = S(90), S(92), S(16)
        tile_w = (cw - 2 * gap) // 3
        self.tiles = [(key, pygame.Rect(x0 + i * (tile_w + gap), tiles_y, tile_w, tile_h))
                      for i, key in enumerate(self.scenarios)]
        self.players_y = tiles_y + tile_h + S(18)
        self.count_rects = [pygame.Rect(x0 + S(96) + i * S(44), self.players_y - S(5), S(40),
                                        S(28)) for i in range(MAX_SEATS)]
        seats_top = self.players_y + S(32)
        bar_h = S(60)
        self.bar = pygame.Rect(x0, h - bar_h - S(12), cw, bar_h)
        row_gap = S(8)
        avail = self.bar.y - S(10) - seats_top
        row_h = max(S(96), min(S(150), (avail - 3 * row_gap) // 4))
        self.rows = [pygame.Rect(x0, seats_top + i * (row_h + row_gap), cw, row_h)
                     for i in range(MAX_SEATS)]
        # columns inside a seat row
        num_w = S(54)
        col_a = S(474)
        ph = row_h - S(20)
        pw = ph * 5 // 7
        self.portrait_size = (pw, ph)
        self.col_a_x = num_w + S(10)
        self.col_b_x = self.col_a_x + col_a + S(18)
        self.col_c_x = self.col_b_x + 3 * pw + 2 * S(6) + S(18)
        self.col_a_w = col_a

    def _elements(self):
        out = []
        for sw in self.widgets:
            out.extend(sw.all())
        out.extend(self.count_buttons)
        out.extend(w for w in (self.easy_box, self.seed_entry, self.seed_button,
                               self.cancel_button, self.start_button) if w is not None)
        return out

    def _button(self, rect, text, fn, tip=None, object_id=None):
        b = pygame_gui.elements.UIButton(rect, text, self.manager, tool_tip_text=tip,
                                         object_id=object_id)
        b.bind(pygame_gui.UI_BUTTON_PRESSED, lambda _data: fn())
        return b

    def _build(self) -> None:
        """(Re)create every widget from the current state and window size."""
        for w in getattr(self, "_built", []):
            w.kill()
        self._layout()
        S = self.S
        mgr = self.manager
        line_h = S(32)
        self.count_buttons = [
            self._button(r, str(i + 1), lambda n=i + 1: self.set_count(n),
                         tip=_("{n} players").format(n=i + 1) if i else _("1 player"))
            for i, r in enumerate(self.count_rects)]
        self.widgets = []
        labels = {"leadership": _("Leadership"), "tactics": _("Tactics"),
                  "spirit": _("Spirit"), "lore": _("Lore"), FILE: _("File…")}
        for i, row in enumerate(self.rows):
            sw = _SeatWidgets()
            pad = max(S(6), (row.h - 3 * line_h - 2 * S(5)) // 2)
            x = row.x + self.col_a_x
            y1 = row.y + pad
            y2 = y1 + line_h + S(5)
            y3 = y2 + line_h + S(5)
            sw.name = pygame_gui.elements.UITextEntryLine(
                pygame.Rect(x, y1, S(300), line_h), mgr,
                placeholder_text=_("Player {n}").format(n=i + 1))
            sw.name.set_text_length_limit(24)
            sw.name.set_text(self.seats[i].name)
            kinds = list(STARTER_SPHERES) + [FILE]
            bw = (self.col_a_w - 4 * S(6)) // len(kinds)
            for k, kind in enumerate(kinds):
                tip = (_("The rulebook's {sphere} starter deck").format(sphere=labels[kind])
                       if kind != FILE else _("A deck file: OCTGN .o8d, RingsDB .json or a "
                                              "text list"))
                sw.kinds[kind] = self._button(
                    pygame.Rect(x + k * (bw + S(6)), y2, bw, line_h), labels[kind],
                    lambda i=i, kind=kind: self.set_deck(i, kind), tip=tip)
            browse_w = S(100)
            sw.path = pygame_gui.elements.UITextEntryLine(
                pygame.Rect(x, y3, self.col_a_w - browse_w - S(6), line_h), mgr,
                placeholder_text=_("Path of a deck file (.o8d, .json, .txt)"))
            sw.path.set_text(self.seats[i].path)
            sw.browse = self._button(pygame.Rect(x + self.col_a_w - browse_w, y3, browse_w,
                                                 line_h), _("Browse…"),
                                     lambda i=i: self.open_file_dialog(i),
                                     tip=_("Pick a deck file"))
            self.widgets.append(sw)
        bar = self.bar
        cy = bar.centery
        bx = bar.x + S(16)
        self.easy_box = pygame_gui.elements.UICheckBox(
            pygame.Rect(bx, cy - S(10), S(20), S(20)), _("Easy mode"), mgr,
            initial_state=self.easy,
            tool_tip_text=_("Easy mode leaves the encounter cards marked with a gold "
                            "encounter set icon out of the encounter deck."))
        self.seed_label_x = bx + S(150)
        ex = self.seed_label_x + S(46)
        self.seed_entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(ex, cy - S(16), S(130), S(32)), mgr)
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(12)
        self.seed_entry.set_text(self.seed_text)
        self.seed_button = self._button(
            pygame.Rect(ex + S(136), cy - S(16), S(92), S(32)), _("New seed"), self.new_seed,
            tip=_("The seed decides every shuffle: the same seed replays the same game"))
        self.status_x = ex + S(136) + S(92) + S(20)
        self.start_button = self._button(
            pygame.Rect(bar.right - S(16) - S(156), cy - S(20), S(156), S(40)),
            _("Start game"), self.start, tip=_("Enter"), object_id="#start_button")
        self.cancel_button = self._button(
            pygame.Rect(self.start_button.rect.x - S(10) - S(110), cy - S(20), S(110), S(40)),
            _("Cancel"), self.cancel, tip=_("Esc"))
        self.status_w = self.cancel_button.rect.x - S(20) - self.status_x
        self._built = self._elements()
        self._seen = {("name", i): self.seats[i].name for i in range(MAX_SEATS)}
        self._seen.update({("path", i): self.seats[i].path for i in range(MAX_SEATS)})
        self._seen["seed"] = self.seed_text
        self._background = None
        self._sync_visibility()

    def _sync_visibility(self) -> None:
        for i, sw in enumerate(self.widgets):
            shown = i < self.count
            seat = self.seats[i]
            for w in sw.all():
                if shown:
                    w.show()
                else:
                    w.hide()
            for kind, b in sw.kinds.items():
                if kind == seat.kind:
                    b.select()
                else:
                    b.unselect()
            if shown and seat.kind != FILE:
                sw.path.hide()
                sw.browse.hide()
        for i, b in enumerate(self.count_buttons):
            if i + 1 == self.count:
                b.select()
            else:
                b.unselect()

    def resize(self, size) -> None:
        size = tuple(size)
        surface = pygame.display.get_surface()
        if surface is not None and self.screen is surface and surface.get_size() != size:
            surface = pygame.display.set_mode(size, pygame.RESIZABLE)   # as the table does
        if surface is not None and surface.get_size() == size:
            self.screen = surface
        self._sync_texts()
        self._close_file_dialog()
        scale = self._scale_for(size)
        if self.own_manager:
            for w in self._built:
                w.kill()
            self._built = []
            self.scale = scale
            self.manager = pygame_gui.UIManager(size, _theme(scale))
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

    def _entries(self):
        out = []
        for i in range(self.count):
            sw = self.widgets[i]
            out.append(sw.name)
            if self.seats[i].kind == FILE:
                out.append(sw.path)
        out.append(self.seed_entry)
        return out

    def _dialog_open(self) -> bool:
        return self.file_dialog is not None and self.file_dialog.alive()

    def handle(self, event) -> None:
        if event.type == pygame.QUIT:
            self.quit_requested = True
            self.cancelled = True
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
            return
        if hasattr(event, "pos"):
            self.pointer = event.pos
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB and not self._dialog_open():
            entries = self._entries()
            current = self._focused_entry()
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
            i = entries.index(current) if current in entries else -step
            if current is not None:
                current.unfocus()
            entries[(i + step) % len(entries)].focus()
            return
        consumed = self.manager.process_events(event)
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
            if event.ui_element is self.file_dialog and self.dialog_seat is not None:
                self.set_path(self.dialog_seat, event.text)
            self.file_dialog = None
            self.dialog_seat = None
            return
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.file_dialog:
            self.file_dialog = None
            self.dialog_seat = None
            return
        if event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            if event.ui_element is self.easy_box:
                self.set_easy(event.type == pygame_gui.UI_CHECK_BOX_CHECKED)
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        if consumed:
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for key, rect in self.tiles:
                if rect.collidepoint(event.pos):
                    self.choose_scenario(key)
                    return
            for i in range(self.count, MAX_SEATS):
                if self.rows[i].collidepoint(event.pos):
                    self.set_count(i + 1)
                    return

    def _key(self, event) -> None:
        if event.key == pygame.K_ESCAPE:
            if self._dialog_open():
                self._close_file_dialog()
            else:
                self.cancel()
            return
        if self._dialog_open():
            return
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            focused = self._focused_entry()
            path_entries = [sw.path for sw in self.widgets]
            if focused is not None and focused in path_entries:
                self._sync_texts()      # Enter in a path field loads the deck, no more
                focused.unfocus()
                return
            self.start()
            return
        if self._focused_entry() is not None:
            return
        if event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT):
            i = self.scenarios.index(self.scenario)
            d = -1 if event.key in (pygame.K_UP, pygame.K_LEFT) else 1
            self.choose_scenario(self.scenarios[(i + d) % len(self.scenarios)])

    def _sync_texts(self) -> None:
        """Pick up what was typed into the text entries."""
        changed = False
        for i, sw in enumerate(self.widgets):
            text = sw.name.get_text()
            if self._seen.get(("name", i)) != text:
                self._seen[("name", i)] = text
                self.seats[i].name = text
                changed = True
            text = sw.path.get_text()
            if self._seen.get(("path", i)) != text:
                self._seen[("path", i)] = text
                seat = self.seats[i]
                seat.path = text
                seat.preloaded = None
                if seat.kind == FILE:
                    seat.load()
                changed = True
        text = self.seed_entry.get_text()
        if self._seen.get("seed") != text:
            self._seen["seed"] = text
            self.seed_text = text
            changed = True
        if self.easy_box.is_checked != self.easy:
            self.easy = self.easy_box.is_checked
            changed = True
        if changed:
            self.revalidate()

    def update(self, dt: float) -> None:
        self.manager.update(dt)
        self._sync_texts()
        if self.file_dialog is not None and not self.file_dialog.alive():
            self.file_dialog = None
            self.dialog_seat = None
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
        small = pygame.Surface((64, 40))
        for y in range(40):
            for x in range(64):
                dx, dy = (x - 31.5) / 32, (y - 14) / 26
                t = min(1.0, (dx * dx + dy * dy) ** 0.5 / 1.25)
                small.set_at((x, y), [round(a + (b - a) * t) for a, b in
                                      zip((36, 72, 54), FELT_DARK)])
        bg = pygame.transform.smoothscale(small, size)
        S = self.S
        x0, cw = self.content.x, self.content.w
        title = fonts.text(_("New Game"), S(40), GOLD, "title")
        bg.blit(title, (x0, self.title_y))
        sub = fonts.text(_("The Lord of the Rings: The Card Game — core set"), S(17), DIM)
        bg.blit(sub, (x0 + title.get_width() + S(18),
                      self.title_y + title.get_height() - sub.get_height() - S(8)))
        yline = self.title_y + title.get_height() + S(2)
        pygame.draw.line(bg, (120, 100, 56), (x0, yline), (x0 + cw, yline))
        self._label(bg, _("Scenario"), x0, self.scen_label_y)
        self._label(bg, _("Players"), x0, self.players_y)
        self._background = bg
        return bg

    def _label(self, surf, text, x, y) -> None:
        t = fonts.text(text.upper(), self.S(14), GOLD, "ui-bold")
        surf.blit(t, (x, y))

    def _panel(self, rect, fill=PANEL, edge=PANEL_EDGE, alpha=170, radius=8, width=1):
        panel = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (*fill, alpha), panel.get_rect(), border_radius=radius)
        self.screen.blit(panel, rect)
        if edge is not None:
            pygame.draw.rect(self.screen, edge, rect, width, border_radius=radius)

    def _portrait(self, code: str) -> pygame.Surface | None:
        w, h = self.portrait_size
        key = (code, w, h)
        surf = self._portraits.get(key)
        if surf is None:
            card = self.db.by_code.get(code)
            if card is None:
                return None
            surf = face_surface(card, w, h)
            self._portraits[key] = surf
        return surf

    def draw(self) -> None:
        screen = self.screen
        screen.blit(self._bg(), (0, 0))
        self._draw_tiles()
        self._hero_rects: list[tuple[pygame.Rect, str]] = []
        self._problem_rects: list[tuple[pygame.Rect, list[Problem]]] = []
        for i in range(self.count):
            self._draw_seat(i)
        for i in range(self.count, MAX_SEATS):
            self._draw_empty_seat(i)
        self._draw_bar()
        self.manager.draw_ui(screen)
        if not self._dialog_open():
            self._draw_hover_card()
            self._draw_hover_problems()

    def tile_text(self, key: str) -> tuple[str, str, str]:
        """A scenario tile's lines: name, printed difficulty, encounter deck."""
        sc = self.db.scenarios[key]
        total = sc.get("encounter_deck_total_easy_mode" if self.easy else "encounter_deck_total")
        sets = ", ".join(_(x) for x in sc.get("encounter_sets", []))
        info = (_("{n} encounter cards (easy)") if self.easy else
                _("{n} encounter cards")).format(n=total)
        return (_(sc["name"]), _("Difficulty {n}").format(n=int(sc["printed_difficulty"])),
                f"{info} · {sets}")

    def _draw_tiles(self) -> None:
        S = self.S
        for key, rect in self.tiles:
            sc = self.db.scenarios[key]
            selected = key == self.scenario
            hover = rect.collidepoint(self.pointer)
            fill = TILE_SELECTED if selected else TILE_HOVER if hover else TILE
            edge = GOLD if selected else (200, 180, 120) if hover else (96, 100, 70)
            self._panel(rect, fill, edge, 230, 10, 2 if selected else 1)
            pad = S(14)
            # scenario number medallion
            r = S(19)
            c = (rect.x + pad + r, rect.y + pad + r)
            pygame.draw.circle(self.screen, (30, 26, 20), c, r)
            pygame.draw.circle(self.screen, GOLD if selected else (150, 130, 80), c, r, 2)
            n = fonts.text(str(sc["scenario_number"]), S(24), GOLD, "title")
            self.screen.blit(n, n.get_rect(center=(c[0], c[1] + 1)))
            tx = c[0] + r + S(12)
            tw = rect.right - pad - tx
            f = fonts.font(S(22), "title")
            title, difficulty, info = self.tile_text(key)
            name = fonts.text(_ellipsize(title, f, tw), S(22),
                              INK if selected else (220, 212, 190), "title")
            self.screen.blit(name, (tx, rect.y + S(10)))
            # difficulty: n of 10 pips
            d = int(sc["printed_difficulty"])
            dl = fonts.text(difficulty, S(14), GOLD if selected else DIM, "ui-bold")
            dy = rect.y + S(42)
            self.screen.blit(dl, (tx, dy))
            px = tx + dl.get_width() + S(10)
            pr = S(4)
            for k in range(10):
                centre = (px + k * (2 * pr + S(4)) + pr, dy + dl.get_height() // 2)
                if k < d:
                    col = (236, 104, 70) if d >= 7 else (232, 176, 80) if d >= 4 else \
                        (150, 200, 110)
                    pygame.draw.circle(self.screen, col, centre, pr)
                else:
                    pygame.draw.circle(self.screen, (80, 90, 74), centre, pr, 1)
            f2 = fonts.font(S(13))
            line = _ellipsize(info, f2, rect.right - pad - tx)
            self.screen.blit(fonts.text(line, S(13), DIM), (tx, rect.y + S(64)))

    def _draw_empty_seat(self, i: int) -> None:
        """A dashed outline inviting another player; clicking it adds seats up to it."""
        S = self.S
        row = self.rows[i]
        hover = row.collidepoint(self.pointer) and not self._dialog_open()
        colour = (150, 140, 100) if hover else (70, 96, 78)
        dash, gap = S(10), S(7)
        for x in range(row.x + S(8), row.right - S(8), dash + gap):
            x2 = min(x + dash, row.right - S(8))
            pygame.draw.line(self.screen, colour, (x, row.y), (x2, row.y))
            pygame.draw.line(self.screen, colour, (x, row.bottom - 1), (x2, row.bottom - 1))
        for y in range(row.y + S(8), row.bottom - S(8), dash + gap):
            y2 = min(y + dash, row.bottom - S(8))
            pygame.draw.line(self.screen, colour, (row.x, y), (row.x, y2))
            pygame.draw.line(self.screen, colour, (row.right - 1, y), (row.right - 1, y2))
        num = fonts.text(str(i + 1), S(34), colour, "title")
        self.screen.blit(num, num.get_rect(center=(row.x + S(32), row.centery)))
        t = fonts.text(_("Empty seat: click to add a player"), S(16),
                       (200, 186, 140) if hover else (110, 134, 114))
        self.screen.blit(t, (row.x + self.col_a_x + S(4), row.centery - t.get_height() // 2))

    def _seat_colour(self, seat: SeatState):
        if seat.deck is None:
            return (110, 100, 90)
        spheres = [self.db.by_code[c].sphere for c in seat.deck.heroes if c in self.db.by_code]
        spheres = [s for s in spheres if s in SPHERE_COLORS]
        if not spheres:
            return (124, 122, 116)
        top = max(set(spheres), key=spheres.count)
        return SPHERE_COLORS[top][0]

    def _draw_seat(self, i: int) -> None:
        S = self.S
        row = self.rows[i]
        seat = self.seats[i]
        problems = self.problems[i] if i < len(self.problems) else []
        has_error = any(p.is_error for p in problems)
        self._panel(row, PANEL, ERROR if has_error else PANEL_EDGE, 175, 8)
        accent = pygame.Rect(row.x + 1, row.y + 1, S(6), row.h - 2)
        pygame.draw.rect(self.screen, self._seat_colour(seat), accent,
                         border_top_left_radius=7, border_bottom_left_radius=7)
        num = fonts.text(str(i + 1), S(34), GOLD, "title")
        self.screen.blit(num, num.get_rect(center=(row.x + S(32), row.y + row.h // 2 - S(6))))
        lab = fonts.text(_("seat"), S(12), DIM)
        self.screen.blit(lab, lab.get_rect(center=(row.x + S(32), row.y + row.h // 2 + S(20))))
        if seat.kind != FILE and seat.deck is not None:
            sw = self.widgets[i]
            y3 = sw.kinds[FILE].rect.bottom + S(5)
            detail = _("{deck} · {count} cards").format(deck=seat.deck.name,
                                                        count=seat.deck.size)
            t = fonts.text(detail, S(14), DIM)
            self.screen.blit(t, (row.x + self.col_a_x + S(4), y3 + (S(32) - t.get_height()) // 2))
        # heroes
        pw, ph = self.portrait_size
        y = row.y + (row.h - ph) // 2
        heroes = list(seat.deck.heroes) if seat.deck is not None else []
        for k in range(3):
            r = pygame.Rect(row.x + self.col_b_x + k * (pw + S(6)), y, pw, ph)
            surf = self._portrait(heroes[k]) if k < len(heroes) else None
            if surf is not None:
                self.screen.blit(surf, r)
                self._hero_rects.append((r, heroes[k]))
                if r.collidepoint(self.pointer):
                    pygame.draw.rect(self.screen, (255, 255, 255), r.inflate(4, 4), 2,
                                     border_radius=6)
            else:
                pygame.draw.rect(self.screen, (60, 80, 66), r, 1, border_radius=6)
        # heroes' names, threat, deck, problems
        x = row.x + self.col_c_x
        right = row.right - S(14)
        cy = row.y + S(10)
        if seat.deck is not None:
            threat = starting_threat(seat.deck, self.db)
            br = S(21)
            bc = (right - br, row.y + S(10) + br)
            pygame.draw.circle(self.screen, (46, 30, 20), bc, br)
            pygame.draw.circle(self.screen, THREAT, bc, br, 2)
            tv = fonts.text(str(threat), S(22), THREAT, "title")
            self.screen.blit(tv, tv.get_rect(center=(bc[0], bc[1] + 1)))
            tl = fonts.text(_("threat"), S(11), DIM)
            self.screen.blit(tl, tl.get_rect(midtop=(bc[0], bc[1] + br + S(1))))
            text_w = right - 2 * br - S(12) - x
            names = " · ".join(self.db.by_code[c].name if c in self.db.by_code else c
                               for c in heroes) or _("no hero")
            f = fonts.font(S(17), "ui-bold")
            t = fonts.text(_ellipsize(names, f, text_w), S(17), INK, "ui-bold")
            self.screen.blit(t, (x, cy))
            cy += t.get_height() + S(1)
            if seat.kind == FILE:
                f = fonts.font(S(14))
                label = _("{deck} · {count} cards").format(deck=seat.deck.name,
                                                           count=seat.deck.size)
                t = fonts.text(_ellipsize(label, f, text_w), S(14), DIM)
                self.screen.blit(t, (x, cy))
                cy += t.get_height() + S(2)
        else:
            text_w = right - x
            t = fonts.text(_("No deck"), S(17), ERROR, "ui-bold")
            self.screen.blit(t, (x, cy))
            cy += t.get_height() + S(1)
        f = fonts.font(S(14))
        line_h = f.get_linesize()
        bottom = row.bottom - S(6)
        lines: list[tuple[str, tuple, bool]] = []
        for p in sorted(problems, key=lambda p: not p.is_error):
            colour = ERROR if p.is_error else MUTED
            for j, line in enumerate(_wrap(p.message, f, max(40, text_w - S(14)))):
                lines.append((line, colour, j == 0))
        shown = 0
        top = cy
        for n, (line, colour, first) in enumerate(lines):
            if cy + line_h > bottom:
                break
            shown = n + 1
            last = n + 1 < len(lines) and cy + 2 * line_h > bottom
            if last:
                line = _ellipsize(line + " …", f, text_w - S(14))
            if first:
                pygame.draw.circle(self.screen, colour, (x + S(4), cy + line_h // 2), S(3))
            self.screen.blit(f.render(line, True, colour), (x + S(14), cy))
            cy += line_h
            if last:
                break
        if shown < len(lines):          # cut short: hovering shows every problem in full
            self._problem_rects.append((pygame.Rect(x, top, text_w, bottom - top), problems))

    def status(self) -> tuple[str, tuple]:
        """The status line under the seats: why Start is refused, or that all is ready."""
        if self.blocking:
            more = len(self.blocking) - 1
            text = _("Cannot start: {reason}").format(reason=self.blocking[0])
            if more:
                text += " " + _("(and {n} more)").format(n=more)
            return text, ERROR
        n = self.count
        sc = _(self.db.scenarios[self.scenario]["name"])
        players = _("1 player") if n == 1 else _("{n} players").format(n=n)
        text = _("Ready: {scenario}, {players}, seed {seed}{easy}. Press Enter to start.").format(
            scenario=sc, players=players, seed=self.seed(),
            easy=", " + _("easy mode") if self.easy else "")
        return text, OK

    def _draw_bar(self) -> None:
        S = self.S
        bar = self.bar
        self._panel(bar, (20, 18, 14), PANEL_EDGE, 215, 10)
        t = fonts.text(_("Seed"), S(15), GOLD, "ui-bold")
        self.screen.blit(t, (self.seed_label_x, bar.centery - t.get_height() // 2))
        text, colour = self.status()
        f = fonts.font(S(14))
        lines = _wrap(text, f, self.status_w)
        notes = self.table_notes
        if notes and len(lines) < 2:
            more = len(notes) - 1
            note = _("Table: {message}").format(message=notes[0].message)
            if more:
                note += " " + _("(and {n} more cards short)").format(n=more)
            lines.append(note)
            colours = [colour] * (len(lines) - 1) + [MUTED]
        else:
            colours = [colour] * len(lines)
        if len(lines) > 2:
            lines = [lines[0], _ellipsize(lines[1] + " " + " ".join(lines[2:]), f,
                                          self.status_w)]
        total = len(lines) * f.get_linesize()
        y = bar.centery - total // 2
        if self.flash > 0 and colour == ERROR:
            glow = pygame.Rect(self.status_x - S(8), y - S(4), self.status_w + S(16),
                               total + S(8))
            self._panel(glow, (110, 30, 24), ERROR, round(90 + 120 * min(1.0, self.flash)), 6)
        for line, col in zip(lines, colours):
            self.screen.blit(f.render(line, True, col), (self.status_x, y))
            y += f.get_linesize()

    def _draw_hover_problems(self) -> None:
        for rect, problems in self._problem_rects:
            if not rect.collidepoint(self.pointer):
                continue
            S = self.S
            f = fonts.font(S(14))
            width = min(S(560), self.screen.get_width() - 2 * S(12))
            lines = []
            for p in sorted(problems, key=lambda p: not p.is_error):
                colour = ERROR if p.is_error else MUTED
                wrapped = _wrap(p.message, f, width - S(34))
                lines.extend((line, colour, j == 0) for j, line in enumerate(wrapped))
            lh = f.get_linesize()
            box = pygame.Rect(0, 0, width, len(lines) * lh + S(20))
            box.topright = (rect.right, rect.bottom + S(4))
            if box.bottom > self.screen.get_height() - S(4):
                box.bottom = rect.y - S(4)
            self._panel(box, (22, 20, 16), PANEL_EDGE, 245, 8)
            y = box.y + S(10)
            for line, colour, first in lines:
                if first:
                    pygame.draw.circle(self.screen, colour, (box.x + S(16), y + lh // 2), S(3))
                self.screen.blit(f.render(line, True, colour), (box.x + S(26), y))
                y += lh
            return

    def _draw_hover_card(self) -> None:
        for rect, code in getattr(self, "_hero_rects", []):
            if not rect.collidepoint(self.pointer):
                continue
            card = self.db.by_code.get(code)
            if card is None:
                return
            S = self.S
            w, h = S(200), S(280)
            big = self._big.get(code)
            if big is None or big.get_size() != (w, h):
                big = face_surface(card, w, h)
                self._big[code] = big
            sw, sh = self.screen.get_size()
            x = rect.right + S(12)
            if x + w > sw:
                x = rect.x - S(12) - w
            y = max(S(8), min(sh - h - S(8), rect.centery - h // 2))
            shadow = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(shadow, (0, 0, 0, 120), shadow.get_rect(), border_radius=S(10))
            self.screen.blit(shadow, (x + S(6), y + S(8)))
            self.screen.blit(big, (x, y))
            return


# --------------------------------------------------------------------------- own loop

def run_new_game_screen(screen: pygame.Surface, clock=None,
                        defaults: NewGameChoice | None = None,
                        max_frames: int | None = None) -> NewGameChoice | None:
    """Show the screen until Start (the choice), Cancel/Esc or closing the window (None).

    ``max_frames`` ends the loop after that many frames (None) for tests and scripts.
    A closed window (pygame.QUIT) is posted again so the caller's own loop sees it too.
    """
    clock = clock or pygame.time.Clock()
    caption = pygame.display.get_caption()
    pygame.display.set_caption(_("Lord of the Rings tabletop — new game"))
    ui = NewGameScreen(screen, defaults=defaults)
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
    return ui.result


__all__ = ["NewGameChoice", "NewGameScreen", "run_new_game_screen", "random_seed"]
