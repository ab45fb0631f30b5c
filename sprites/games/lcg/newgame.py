"""The card game's panel of the new-game screen: scenario, seats and decks, easy
mode and the rules.

Each seat picks a starter deck (one of the four spheres) or a deck file; the
decks are checked as they change (``tabletop.games.lcg.decks``) and every
problem is shown under its seat; errors keep Start disabled.  Drawing of the
seats (portraits, threat, problems) is ``newgame_seats.py``.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field

import pygame
import pygame_gui

import sprites.games.lcg.newgame_seats as seats_draw
from sprites.games.lcg.newgame_seats import FILE
from sprites.newgame_panels import NewGameChoice, OptionsPanel
from sprites.widgets import label
from tabletop.core.i18n import N_, _
from tabletop.games.lcg.cards import core_set
from tabletop.games.lcg.names import term
from tabletop.games.lcg.decks import (STARTER_SPHERES, Deck, DeckError, Problem, load_deck,
                                      seat_decks, seat_shared_heroes, starter_deck,
                                      validate_deck, validate_seats)
from tabletop.games.lcg.setup import DEFAULT_SCENARIO, find_scenario

MAX_SEATS = 4
DECK_SUFFIXES = {".o8d", ".json", ".txt", ".xml", ".dek"}


@dataclass(kw_only=True)
class LcgChoice(NewGameChoice):
    """The card game's choice: a scenario, a deck per seat, easy mode (and the window's
    own fields: names, seed, rules)."""
    game: str = "lcg"
    scenario: str = ""               # data key, e.g. "passage_through_mirkwood"
    decks: list = field(default_factory=list)        # Deck objects, one per seat
    easy: bool = False
    specs: list[str] = field(default_factory=list)   # per seat: starter sphere or deck file path

    def options(self) -> dict:
        """The keyword arguments of the card game's ``new_game``."""
        return {"scenario": self.scenario, "players": len(self.decks), "decks": self.decks,
                "names": self.names, "seed": self.seed, "easy": self.easy, "rules": self.rules}

    def game_args(self) -> list[str]:
        """``--scenario``, ``--players``, a ``--deck`` per seat, ``--easy``."""
        parts = ["--scenario", self.scenario.replace("_", "-"), "--players", str(len(self.decks))]
        specs = self.specs or [""] * len(self.decks)
        for spec, deck in zip(specs, self.decks):
            parts += ["--deck", spec or deck.name]
        return parts + (["--easy"] if self.easy else [])

    def to_data(self) -> dict:
        """The window's fields and the scenario, the decks as the command line gives them
        and easy mode."""
        return {**super().to_data(), "scenario": self.scenario, "specs": list(self.specs),
                "easy": bool(self.easy)}


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
        """Load the starter deck or the deck file; ``error`` says why not."""
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
        """The seat's deck as the command line gives it: a sphere or a file's path."""
        if self.kind != FILE:
            return self.kind
        path = self.path.strip()
        return os.path.abspath(os.path.expanduser(path)) if path else ""


class SeatWidgets:
    """A seat row's widgets: name, deck kind buttons, deck file path and Browse."""

    def __init__(self):
        self.name: pygame_gui.elements.UITextEntryLine | None = None
        self.kinds: dict[str, pygame_gui.elements.UIButton] = {}
        self.path: pygame_gui.elements.UITextEntryLine | None = None
        self.browse: pygame_gui.elements.UIButton | None = None

    def all(self):
        """Every widget of the row."""
        return [w for w in (self.name, self.path, self.browse, *self.kinds.values())
                if w is not None]


class LcgPanel(OptionsPanel):
    """The card game: scenario tiles, 1-4 seats with a name and a deck, easy mode, rules."""
    game_id = "lcg"
    subtitle = N_("The Lord of the Rings: The Card Game — core set")

    def __init__(self, ng, defaults: NewGameChoice | None = None):
        super().__init__(ng)
        self.db = core_set()
        self.scenarios = sorted(self.db.scenarios,
                                key=lambda k: self.db.scenarios[k]["scenario_number"])
        self.rules = "sandbox"
        self.apply_defaults(defaults)
        self.file_dialog = None
        self.dialog_seat: int | None = None
        self._portraits: dict[tuple[str, int, int], pygame.Surface] = {}
        self._big: dict[str, pygame.Surface] = {}
        self.widgets: list[SeatWidgets] = []
        self.problems: list[list[Problem]] = []
        self.table_notes: list[Problem] = []
        self._hero_rects: list[tuple[pygame.Rect, str]] = []
        self._problem_rects: list[tuple[pygame.Rect, list[Problem]]] = []

    # ------------------------------------------------------------ state
    def apply_defaults(self, defaults: NewGameChoice | None) -> None:
        """Start from the last choice (shown again), or from one Leadership seat."""
        self.scenario = DEFAULT_SCENARIO
        self.easy = False
        self.seats = [SeatState(sphere) for sphere in STARTER_SPHERES]
        self.count = 1
        if not isinstance(defaults, LcgChoice):
            return
        try:
            self.scenario = find_scenario(defaults.scenario, self.db)
        except KeyError:
            pass
        self.easy = bool(defaults.easy)
        self.rules = defaults.rules if defaults.rules in self.rulesets() else "sandbox"
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
        """The seats in play."""
        return self.seats[:self.count]

    def seat_names(self) -> list[str]:
        """Each seat's name, "Player N" when left empty."""
        return [s.name.strip() or _("Player {n}").format(n=i + 1)
                for i, s in enumerate(self.active)]

    # ------------------------------------------------------------ actions
    def choose_scenario(self, key: str) -> None:
        """Pick a scenario (its key or name)."""
        self.scenario = find_scenario(key, self.db)
        self.ng.revalidate()

    def set_count(self, n: int) -> None:
        """Play with ``n`` seats (the others keep their choices)."""
        self.count = max(1, min(MAX_SEATS, int(n)))
        self.sync_visibility()
        self.ng.revalidate()

    def set_deck(self, seat: int, kind: str) -> None:
        """A seat's deck: a starter sphere or FILE."""
        s = self.seats[seat]
        if s.kind == kind:
            return
        s.kind = kind
        s.load()
        self.sync_visibility()
        self.ng.revalidate()
        if kind == FILE and not s.path and s.preloaded is None:
            self.widgets[seat].path.focus()

    def set_path(self, seat: int, path: str) -> None:
        """A seat's deck file (typed, or picked in the file dialog)."""
        s = self.seats[seat]
        s.path = path
        s.preloaded = None
        if s.kind != FILE:
            s.kind = FILE
            self.sync_visibility()
        s.load()
        w = self.widgets[seat].path
        if w is not None and w.get_text() != path:
            w.set_text(path)
        self.ng.seen[("path", seat)] = path
        self.ng.revalidate()

    def set_easy(self, easy: bool) -> None:
        """Easy mode on or off."""
        self.easy = bool(easy)
        if self.easy_box is not None and self.easy_box.is_checked != self.easy:
            self.easy_box.set_state(self.easy)
            pygame.event.clear((pygame_gui.UI_CHECK_BOX_CHECKED,
                                pygame_gui.UI_CHECK_BOX_UNCHECKED))
        self.ng.revalidate()

    def open_file_dialog(self, seat: int) -> None:
        """Browse for a seat's deck file."""
        self.close_dialogs()
        ng = self.ng
        w, h = ng.screen.get_size()
        s = ng.scale
        dw, dh = min(w - 40, round(640 * s)), min(h - 40, round(520 * s))
        current = self.seats[seat].path.strip()
        start = os.path.dirname(os.path.abspath(os.path.expanduser(current))) if current \
            else os.getcwd()
        if not os.path.isdir(start):
            start = os.path.expanduser("~")
        try:
            self.file_dialog = pygame_gui.windows.UIFileDialog(
                pygame.Rect((w - dw) // 2, (h - dh) // 2, dw, dh), ng.manager,
                window_title=_("Choose a deck file for seat {n}").format(n=seat + 1),
                initial_file_path=start, allow_existing_files_only=True,
                allowed_suffixes=DECK_SUFFIXES, always_on_top=True)
        except Exception as exc:        # a dialog that cannot open must not end the screen
            self.file_dialog = None
            ng.refuse(_("The file dialog could not open ({why}); type the path instead."
                        ).format(why=exc), 2.0)
            return
        self.dialog_seat = seat

    def close_dialogs(self) -> None:
        """Close the file dialog."""
        if self.file_dialog is not None:
            if self.file_dialog.alive():
                self.file_dialog.kill()
            self.file_dialog = None
        self.dialog_seat = None

    def dialog_open(self) -> bool:
        """Is the file dialog up?"""
        return self.file_dialog is not None and self.file_dialog.alive()

    # ------------------------------------------------------------ validation
    def revalidate(self) -> None:
        """Problems per seat (``problems``) and the table's notes (``table_notes``)."""
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

    def blocking(self) -> list[str]:
        """Why Start is refused: each seat's errors."""
        names = self.seat_names()
        return [_("Seat {n} ({name}): {message}").format(n=i + 1, name=names[i], message=p.message)
                for i, probs in enumerate(self.problems) for p in probs if p.is_error]

    def notes(self) -> list[str]:
        """The table's notes (more copies than one core set has)."""
        if not self.table_notes:
            return []
        more = len(self.table_notes) - 1
        note = _("Table: {message}").format(message=self.table_notes[0].message)
        if more:
            note += " " + _("(and {n} more cards short)").format(n=more)
        return [note]

    def ready_text(self, seed: int | None) -> str:
        """The status line when the game can start."""
        n = self.count
        sc = term(self.db.scenarios[self.scenario]["name"])
        players = _("1 player") if n == 1 else _("{n} players").format(n=n)
        return _("Ready: {scenario}, {players}, seed {seed}{easy}. Press Enter to start.").format(
            scenario=sc, players=players, seed=seed,
            easy=", " + _("easy mode") if self.easy else "")

    def choice(self, seed: int) -> LcgChoice:
        """Everything the card game's ``new_game`` needs."""
        seats = self.active
        return LcgChoice(scenario=self.scenario, decks=[s.deck for s in seats],
                         names=self.seat_names(), seed=seed, easy=self.easy,
                         specs=[s.spec for s in seats], rules=self.rules)

    @staticmethod
    def remembered(data: dict) -> LcgChoice:
        """The last choice again; decks that can no longer be read fall back to the
        starter decks."""
        specs = [str(x) for x in data.get("specs") or []][:MAX_SEATS]
        decks = []
        if specs:
            try:
                decks = seat_decks(len(specs), specs)
            except Exception:         # a deck file moved or broke: the starters
                specs, decks = [], []
        base = NewGameChoice.from_data(data)
        return LcgChoice(names=base.names, seed=None, rules=base.rules, players=base.players,
                         toggles=base.toggles, scenario=str(data.get("scenario") or ""),
                         decks=decks, easy=bool(data.get("easy")), specs=specs,
                         all_seats=base.all_seats, ai=base.ai)

    # ------------------------------------------------------------ layout
    def layout(self) -> None:
        """Scenario tiles, the players and rules row, a row per seat above the bar."""
        ng = self.ng
        S = ng.S
        x0, cw = ng.content.x, ng.content.w
        self.scen_label_y = S(70)
        tiles_y, tile_h, gap = S(90), S(92), S(16)
        tile_w = (cw - 2 * gap) // 3
        self.tiles = [(key, pygame.Rect(x0 + i * (tile_w + gap), tiles_y, tile_w, tile_h))
                      for i, key in enumerate(self.scenarios)]
        self.players_y = tiles_y + tile_h + S(18)
        self.count_rects = [pygame.Rect(x0 + S(96) + i * S(44), self.players_y - S(5), S(40),
                                        S(28)) for i in range(MAX_SEATS)]
        self.rules_rects = ng.rules_rects(self.players_y, ("sandbox", "enforce"))
        seats_top = self.players_y + S(32)
        row_gap = S(8)
        avail = ng.bar.y - S(10) - seats_top
        row_h = max(S(96), min(S(150), (avail - 3 * row_gap) // 4))
        self.rows = [pygame.Rect(x0, seats_top + i * (row_h + row_gap), cw, row_h)
                     for i in range(MAX_SEATS)]
        num_w = S(54)
        col_a = S(474)
        ph = row_h - S(20)
        pw = ph * 5 // 7
        self.portrait_size = (pw, ph)
        self.col_a_x = num_w + S(10)
        self.col_b_x = self.col_a_x + col_a + S(18)
        self.col_c_x = self.col_b_x + 3 * pw + 2 * S(6) + S(18)
        self.col_a_w = col_a

    def build(self) -> None:
        """Create the panel's widgets for the current layout."""
        ng = self.ng
        S = ng.S
        self.count_buttons = [
            ng.button(r, str(i + 1), lambda n=i + 1: self.set_count(n),
                      tip=_("{n} players").format(n=i + 1) if i else _("1 player"))
            for i, r in enumerate(self.count_rects)]
        self.rules_buttons = ng.rules_buttons(self.rules_rects, self.set_rules)
        self.widgets = [self._build_seat(i, row) for i, row in enumerate(self.rows)]
        self.build_ai_buttons([pygame.Rect(sw.name.rect.right + S(6), sw.name.rect.y,
                                           self.col_a_w - sw.name.rect.w - S(6),
                                           sw.name.rect.h) for sw in self.widgets])
        bar = ng.bar
        self.easy_box = pygame_gui.elements.UICheckBox(
            pygame.Rect(bar.x + S(16), bar.centery - S(10), S(20), S(20)), _("Easy mode"),
            ng.manager, initial_state=self.easy,
            tool_tip_text=_("Easy mode leaves the encounter cards marked with a gold "
                            "encounter set icon out of the encounter deck."))
        ng.seen.update({("name", i): self.seats[i].name for i in range(MAX_SEATS)})
        ng.seen.update({("path", i): self.seats[i].path for i in range(MAX_SEATS)})
        self.sync_visibility()

    def _build_seat(self, i: int, row: pygame.Rect) -> SeatWidgets:
        ng = self.ng
        S = ng.S
        line_h = S(32)
        labels = {"leadership": _("Leadership"), "tactics": _("Tactics"),
                  "spirit": _("Spirit"), "lore": _("Lore"), FILE: _("File…")}
        sw = SeatWidgets()
        pad = max(S(6), (row.h - 3 * line_h - 2 * S(5)) // 2)
        x = row.x + self.col_a_x
        y1 = row.y + pad
        y2 = y1 + line_h + S(5)
        y3 = y2 + line_h + S(5)
        sw.name = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(x, y1, S(300), line_h), ng.manager,
            placeholder_text=_("Player {n}").format(n=i + 1))
        sw.name.set_text_length_limit(24)
        sw.name.set_text(self.seats[i].name)
        kinds = list(STARTER_SPHERES) + [FILE]
        # each button as wide as its words need (the spheres' names are longer in some
        # languages than in others)
        need = [len(labels[kind]) + 5 for kind in kinds]
        room = self.col_a_w - (len(kinds) - 1) * S(6)
        widths = [room * n // sum(need) for n in need]
        left = [x + sum(widths[:k]) + k * S(6) for k in range(len(kinds))]
        for k, kind in enumerate(kinds):
            tip = (_("The rulebook's {sphere} starter deck").format(sphere=labels[kind])
                   if kind != FILE else _("A deck file: OCTGN .o8d, RingsDB .json or a "
                                          "text list"))
            sw.kinds[kind] = ng.button(
                pygame.Rect(left[k], y2, widths[k], line_h), labels[kind],
                lambda i=i, kind=kind: self.set_deck(i, kind), tip=tip)
        browse_w = S(100)
        sw.path = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(x, y3, self.col_a_w - browse_w - S(6), line_h), ng.manager,
            placeholder_text=_("Path of a deck file (.o8d, .json, .txt)"))
        sw.path.set_text(self.seats[i].path)
        sw.browse = ng.button(pygame.Rect(x + self.col_a_w - browse_w, y3, browse_w, line_h),
                              _("Browse…"), lambda i=i: self.open_file_dialog(i),
                              tip=_("Pick a deck file"))
        return sw

    def elements(self) -> list:
        """Every widget of the panel."""
        out = []
        for sw in self.widgets:
            out.extend(sw.all())
        out.extend(self.count_buttons)
        out.extend(self.rules_buttons.values())
        out.extend(self.ai_buttons)
        if self.easy_box is not None:
            out.append(self.easy_box)
        return out

    def sync_visibility(self) -> None:
        """Show the seats in play, select the chosen deck kinds, the count and the rules."""
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
        self.ng.select_one(self.count_buttons, self.count - 1)
        self.ng.sync_rules(self.rules_buttons, self.rules, self.rulesets())
        self.sync_ai()

    def entries(self) -> list:
        """The text entries in Tab order (names, deck paths)."""
        out = []
        for i in range(self.count):
            sw = self.widgets[i]
            out.append(sw.name)
            if self.seats[i].kind == FILE:
                out.append(sw.path)
        return out

    def sync_texts(self) -> bool:
        """Pick up typed names and paths; True if anything changed."""
        changed = False
        seen = self.ng.seen
        for i, sw in enumerate(self.widgets):
            text = sw.name.get_text()
            if seen.get(("name", i)) != text:
                seen[("name", i)] = text
                self.seats[i].name = text
                changed = True
            text = sw.path.get_text()
            if seen.get(("path", i)) != text:
                seen[("path", i)] = text
                seat = self.seats[i]
                seat.path = text
                seat.preloaded = None
                if seat.kind == FILE:
                    seat.load()
                changed = True
        if self.easy_box is not None and self.easy_box.is_checked != self.easy:
            self.easy = self.easy_box.is_checked
            changed = True
        return changed

    # ------------------------------------------------------------ events
    def handle(self, event) -> bool:
        """The file dialog's answers, the easy box, clicks on tiles and empty seats."""
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
            if event.ui_element is self.file_dialog and self.dialog_seat is not None:
                self.set_path(self.dialog_seat, event.text)
            self.file_dialog = None
            self.dialog_seat = None
            return True
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.file_dialog:
            self.file_dialog = None
            self.dialog_seat = None
            return True
        if event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            if event.ui_element is self.easy_box:
                self.set_easy(event.type == pygame_gui.UI_CHECK_BOX_CHECKED)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for key, rect in self.tiles:
                if rect.collidepoint(event.pos):
                    self.choose_scenario(key)
                    return True
            for i in range(self.count, MAX_SEATS):
                if self.rows[i].collidepoint(event.pos):
                    self.set_count(i + 1)
                    return True
        return False

    def key(self, event) -> bool:
        """Arrow keys choose the scenario."""
        if event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT):
            i = self.scenarios.index(self.scenario)
            d = -1 if event.key in (pygame.K_UP, pygame.K_LEFT) else 1
            self.choose_scenario(self.scenarios[(i + d) % len(self.scenarios)])
            return True
        return False

    def is_path_entry(self, entry) -> bool:
        """Enter in a deck path only loads the deck."""
        return any(entry is sw.path for sw in self.widgets)

    def update(self, dt: float) -> None:
        """Forget a file dialog that closed itself."""
        if self.file_dialog is not None and not self.file_dialog.alive():
            self.file_dialog = None
            self.dialog_seat = None

    # ------------------------------------------------------------ drawing
    def background(self, bg: pygame.Surface) -> None:
        """The section labels, drawn once into the screen's background."""
        S = self.ng.S
        x0 = self.ng.content.x
        label(bg, _("Scenario"), x0, self.scen_label_y, S(14))
        label(bg, _("Players"), x0, self.players_y, S(14))
        self.ng.rules_label(bg, self.rules_rects, self.players_y, self.rules_note())

    def rules_note(self) -> str:
        """Why "enforce" cannot be chosen yet (empty once the engine is registered)."""
        if "enforce" in self.rulesets():
            return ""
        return _("The card game's rules engine is coming; for now the table is a free sandbox.")

    def tile_text(self, key: str) -> tuple[str, str, str]:
        """A scenario tile's lines: name, printed difficulty, encounter deck."""
        sc = self.db.scenarios[key]
        total = sc.get("encounter_deck_total_easy_mode" if self.easy else "encounter_deck_total")
        sets = ", ".join(_(x) for x in sc.get("encounter_sets", []))
        info = (_("{n} encounter cards (easy)") if self.easy else
                _("{n} encounter cards")).format(n=total)
        return (term(sc["name"]), _("Difficulty {n}").format(n=int(sc["printed_difficulty"])),
                f"{info} · {sets}")

    def draw(self, surf: pygame.Surface) -> None:
        """Scenario tiles and the seat rows."""
        seats_draw.draw_tiles(self, surf)
        self._hero_rects = []
        self._problem_rects = []
        for i in range(self.count):
            seats_draw.draw_seat(self, surf, i)
        for i in range(self.count, MAX_SEATS):
            seats_draw.draw_empty_seat(self, surf, i)

    def draw_hover(self, surf: pygame.Surface) -> None:
        """A hero's card large, or a seat's problems in full, under the pointer."""
        if not seats_draw.draw_hover_card(self, surf):
            seats_draw.draw_hover_problems(self, surf)


PANEL = LcgPanel        # found by the new-game screen (sprites.newgame_panels.panel_class)

__all__ = ["FILE", "LcgChoice", "LcgPanel", "PANEL", "SeatState", "SeatWidgets"]
