"""The new-game screen's choice and option panels.

``NewGameChoice`` is what the screen hands back (with the started game in
``session``); ``OptionsPanel`` is what a game's options panel provides (every
method has a default); ``GenericPanel`` serves a game without a panel of its
own: number of players, seat names, the rules, and the toggles the game's
``GameSpec`` declares.  A game's own panel is ``PANEL`` in
``sprites/games/<id>/newgame.py`` (``panel_class``), found by convention.
"""
from __future__ import annotations

import random
import shlex
from dataclasses import dataclass, field
from typing import Any

import pygame
import pygame_gui

import sprites.fonts as fonts
from sprites.gameview import game_name, window_part
from sprites.palette import GOLD, INK
from sprites.widgets import DIM, PANEL, PANEL_EDGE, label, panel
from tabletop.core.aiseats import ai_policies
from tabletop.core.games import game, ruleset_names
from tabletop.core.i18n import _


# --------------------------------------------------------------------------- the choice
@dataclass
class NewGameChoice:
    """What the screen hands back: the game's options, and the game it started.

    The fields every game has; a game with options of its own makes a subclass with
    them (the card game's ``LcgChoice``: scenario, decks, easy mode) and says how they
    become ``new_game``'s arguments (``options``), the command line (``game_args``) and
    what is remembered for the next screen (``to_data``; its panel's ``remembered``)."""
    game: str
    names: list[str]
    seed: int | None                 # None: a new one (a remembered choice)
    rules: str = "sandbox"
    players: int | None = None       # how many seats
    toggles: dict[str, bool] = field(default_factory=dict)
    all_seats: bool = False          # one person plays every seat: no curtain, no hand-over
    ai: dict[int, str] = field(default_factory=dict)    # seat -> policy: the computer plays it
    session: Any = field(default=None, compare=False, repr=False)    # the started game

    def options(self) -> dict:
        """The keyword arguments of the game's ``new_game``."""
        return {"players": self.players, "names": self.names, "seed": self.seed,
                "rules": self.rules, **self.toggles}

    def game_args(self) -> list[str]:
        """The game's own words of the command line (after ``new <game>``)."""
        return ["--players", str(self.players)]

    def command_line(self) -> str:
        """The equivalent ``python main.py new ...`` line, to replay this game."""
        parts = ["python", "main.py", "new", self.game, *self.game_args()]
        for name in self.names:
            parts += ["--name", name]
        parts += ["--seed", str(self.seed)]
        if self.rules != "sandbox":
            parts += ["--rules", self.rules]
        parts += [f"--{option}" for option, on in self.toggles.items() if on]
        if self.all_seats:
            parts.append("--all-seats")
        for seat, policy in sorted(self.ai.items()):
            parts += ["--ai", f"{seat + 1}:{policy}"]
        return " ".join(shlex.quote(p) for p in parts)

    def to_data(self) -> dict:
        """What the next new-game screen starts from (plain data; not the seed: a new
        game gets a new one)."""
        return {"game": self.game, "names": list(self.names), "rules": self.rules,
                "players": self.players, "toggles": dict(self.toggles),
                "all_seats": bool(self.all_seats),
                "ai": {str(k): str(v) for k, v in self.ai.items()}}

    @classmethod
    def from_data(cls, data: dict) -> "NewGameChoice":
        """The choice remembered by ``to_data`` (raises ValueError, TypeError...)."""
        return cls(game=str(data["game"]), names=[str(x) for x in data.get("names") or []],
                   seed=None, rules=str(data.get("rules") or "sandbox"),
                   players=data.get("players"),
                   toggles={str(k): bool(v) for k, v in (data.get("toggles") or {}).items()},
                   all_seats=bool(data.get("all_seats")),
                   ai={int(k): str(v) for k, v in (data.get("ai") or {}).items()
                       if str(k).isdigit()})


def random_seed() -> int:
    """A fresh seed for a new game."""
    return random.SystemRandom().randrange(1, 10 ** 9)


def game_spec(game_id: str):
    """The game's ``GameSpec``, or None when this version does not have the game yet."""
    try:
        return game(game_id)
    except KeyError:
        return None


def ai_choices(game_id: str) -> list[str | None]:
    """What a seat's Human/AI button cycles through: a person (None), then the game's AI
    players (none for a game without them)."""
    try:
        return [None, *ai_policies(game_id)]
    except KeyError:
        return [None]


def ai_label(policy: str | None) -> str:
    """"Human", or "AI: expert"."""
    return _("Human") if policy is None else _("AI: {policy}").format(policy=policy)


def panel_class(game_id: str) -> type["OptionsPanel"] | None:
    """The game's own panel (``sprites.games.<id>.newgame.PANEL``), or None."""
    return window_part(game_id, "newgame", "PANEL")


# --------------------------------------------------------------------------- panels
class OptionsPanel:
    """A game's options on the new-game screen (``ng``).  Every method has a default;
    a panel lays out and builds its widgets, validates, and says what Start makes."""
    game_id = ""
    subtitle = ""

    def __init__(self, ng, defaults: NewGameChoice | None = None):
        self.ng = ng
        self.easy_box = None
        self.rules = "sandbox"
        self.count = 1
        self.ai: dict[int, str] = {}            # seat -> policy: the computer plays it
        self.ai_buttons: list = []
        if defaults is not None and defaults.game == self.game_id:
            self.ai = dict(defaults.ai)

    # ------------------------------------------------------------ AI seats
    def ai_seats(self) -> dict[int, str]:
        """The seats in play the computer plays."""
        return {s: p for s, p in self.ai.items() if s < self.count}

    def cycle_ai(self, seat: int) -> None:
        """A seat's Human/AI button: a person, then each of the game's AI players; an AI
        seat plays by the rules, so the rules engine is chosen with it."""
        choices = ai_choices(self.game_id)
        now = self.ai.get(seat)
        nxt = choices[(choices.index(now) + 1) % len(choices)] if now in choices else None
        if nxt is None:
            self.ai.pop(seat, None)
        else:
            self.ai[seat] = nxt
            if self.rules != "enforce" and "enforce" in self.rulesets():
                self.rules = "enforce"
        self.sync_ai()
        self.sync_visibility()
        self.ng.revalidate()

    def build_ai_buttons(self, rects: list) -> None:
        """A Human/AI button per seat at ``rects`` (none for a game without AI players)."""
        self.ai_buttons = []
        if len(ai_choices(self.game_id)) < 2:
            return
        for i, r in enumerate(rects):
            self.ai_buttons.append(self.ng.button(
                r, ai_label(self.ai.get(i)), lambda i=i: self.cycle_ai(i),
                tip=_("Who plays this seat: a person, or the computer (click again for "
                      "another AI player)")))

    def sync_ai(self) -> None:
        """The Human/AI buttons: their words, shown for the seats in play."""
        for i, b in enumerate(self.ai_buttons):
            label = ai_label(self.ai.get(i))
            if b.text != label:
                b.set_text(label)
            if i < self.count:
                b.show()
            else:
                b.hide()
            if i in self.ai:
                b.select()
            else:
                b.unselect()

    def ai_blocking(self) -> list[str]:
        """Why Start is refused because of the AI seats."""
        if self.ai_seats() and self.rules != "enforce":
            return [_("AI seats play by the rules: choose Enforce, or make every seat Human.")]
        return []

    def rulesets(self) -> list[str]:
        """The rulesets the game has registered ("sandbox"; "enforce" once an engine is)."""
        return ruleset_names(self.game_id)

    def set_rules(self, rules: str) -> None:
        """Choose a registered ruleset."""
        if rules in self.rulesets():
            self.rules = rules
            self.sync_visibility()
            self.ng.revalidate()

    def sync_visibility(self) -> None:
        """Show which widgets apply and which choices are selected."""

    def layout(self) -> None:
        """Work out where things go from ``ng.content``, ``ng.bar`` and ``ng.S``."""

    def build(self) -> None:
        """Create the widgets (in ``ng.manager``) for the layout."""

    def elements(self) -> list:
        """Every widget the panel made."""
        return []

    def entries(self) -> list:
        """Its text entries in Tab order."""
        return []

    def sync_texts(self) -> bool:
        """Pick up what was typed; True if anything changed."""
        return False

    def revalidate(self) -> None:
        """Check the choices again."""

    def blocking(self) -> list[str]:
        """Why Start is refused (empty: it may start)."""
        return []

    def notes(self) -> list[str]:
        """Remarks for the status line that do not block Start."""
        return []

    def ready_text(self, seed: int | None) -> str:
        """The status line when the game can start."""
        return _("Ready: seed {seed}. Press Enter to start.").format(seed=seed)

    def choice(self, seed: int) -> NewGameChoice:
        """What Start makes of the choices."""
        return NewGameChoice(self.game_id, [], seed)

    @staticmethod
    def remembered(data: dict) -> NewGameChoice:
        """The choice kept by ``NewGameChoice.to_data`` for the next screen (a game's
        panel makes its own kind of choice from it); raises on bad data."""
        return NewGameChoice.from_data(data)

    def handle(self, event) -> bool:
        """An event the widgets did not take; True if used."""
        return False

    def key(self, event) -> bool:
        """A key while no text entry has the focus; True if used."""
        return False

    def is_path_entry(self, entry) -> bool:
        """Is ``entry`` one where Enter only confirms the text (not Start)?"""
        return False

    def dialog_open(self) -> bool:
        """Is a dialog of the panel up (it takes the keys)?"""
        return False

    def close_dialogs(self) -> None:
        """Close the panel's dialogs."""

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def background(self, bg: pygame.Surface) -> None:
        """Draw what never changes (labels) into the screen's background."""

    def draw(self, surf: pygame.Surface) -> None:
        """Draw the panel."""

    def draw_hover(self, surf: pygame.Surface) -> None:
        """Draw pop-ups for what is under the pointer."""


class GenericPanel(OptionsPanel):
    """A game without its own panel: how many players, their names, the rules and the
    game's toggles (``GameSpec.seats``, ``ruleset_names``, ``GameSpec.toggles``)."""

    def __init__(self, ng, game_id: str, defaults: NewGameChoice | None = None):
        super().__init__(ng, defaults)
        self.game_id = game_id
        if defaults is not None and defaults.game == game_id:
            self.ai = dict(defaults.ai)
        self.spec = game_spec(game_id)
        self.subtitle = self.spec.name if self.spec is not None else ""
        lo, hi = self.spec.seats if self.spec is not None else (1, 4)
        self.lo, self.hi = max(1, lo), max(1, lo, hi)
        self.count = self.lo
        self.names = [""] * self.hi
        self.toggles = {k: False for k in (self.spec.toggles if self.spec is not None else {})}
        self.count_buttons: list = []
        self.rules_buttons: dict = {}
        self.name_entries: list = []
        self.toggle_boxes: dict = {}
        if defaults is not None and defaults.game == game_id:
            self.count = min(self.hi, max(self.lo, defaults.players or self.lo))
            for i, name in enumerate(defaults.names[:self.hi]):
                self.names[i] = name
            self.rules = defaults.rules if defaults.rules in self.rulesets() else "sandbox"
            self.toggles.update({k: bool(v) for k, v in defaults.toggles.items() if k in self.toggles})

    def rulesets(self) -> list[str]:
        """The rulesets the game has registered."""
        return ruleset_names(self.game_id) if self.spec is not None else ["sandbox"]

    def seat_names(self) -> list[str]:
        """Each seat's name, "Player N" when left empty."""
        return [self.names[i].strip() or _("Player {n}").format(n=i + 1) for i in range(self.count)]

    # ------------------------------------------------------------ actions
    def set_count(self, n: int) -> None:
        """Play with ``n`` seats."""
        self.count = max(self.lo, min(self.hi, int(n)))
        self.sync_visibility()
        self.ng.revalidate()

    # ------------------------------------------------------------ layout
    def layout(self) -> None:
        """Players and rules on one row, then a column of names and one of toggles."""
        S = self.ng.S
        x0 = self.ng.content.x
        self.players_y = S(90)
        self.count_rects = [pygame.Rect(x0 + S(96) + i * S(44), self.players_y - S(5), S(40), S(28))
                            for i in range(self.hi - self.lo + 1)]
        names = ["sandbox", "enforce"] + [n for n in self.rulesets() if n not in ("sandbox", "enforce")]
        self.rules_rects = self.ng.rules_rects(self.players_y, names)
        self.names_y = self.players_y + S(52)
        self.name_rects = [pygame.Rect(x0 + S(96), self.names_y + S(28) + i * S(40), S(300), S(32))
                           for i in range(self.hi)]
        self.ai_rects = [pygame.Rect(r.right + S(8), r.y, S(116), r.h) for r in self.name_rects]
        self.toggle_x = x0 + S(540)
        self.toggle_rects = {k: pygame.Rect(self.toggle_x, self.names_y + S(34) + i * S(36),
                                            S(20), S(20)) for i, k in enumerate(self.toggles)}

    def build(self) -> None:
        """Count buttons, rules buttons, name entries and toggle boxes."""
        ng = self.ng
        if self.spec is None:
            return
        self.count_buttons = [
            ng.button(r, str(self.lo + i), lambda n=self.lo + i: self.set_count(n))
            for i, r in enumerate(self.count_rects)]
        self.rules_buttons = ng.rules_buttons(self.rules_rects, self.set_rules)
        self.name_entries = []
        for i, r in enumerate(self.name_rects):
            entry = pygame_gui.elements.UITextEntryLine(
                r, ng.manager, placeholder_text=_("Player {n}").format(n=i + 1))
            entry.set_text_length_limit(24)
            entry.set_text(self.names[i])
            ng.seen[("name", i)] = self.names[i]
            self.name_entries.append(entry)
        self.toggle_boxes = {
            k: pygame_gui.elements.UICheckBox(r, _(self.spec.toggles[k]), ng.manager,
                                              initial_state=self.toggles[k])
            for k, r in self.toggle_rects.items()}
        self.build_ai_buttons(self.ai_rects)
        self.sync_visibility()

    def elements(self) -> list:
        """Every widget of the panel."""
        return [*self.count_buttons, *self.rules_buttons.values(), *self.name_entries,
                *self.toggle_boxes.values(), *self.ai_buttons]

    def sync_visibility(self) -> None:
        """Names for the seats in play; the count and the rules selected."""
        for i, entry in enumerate(self.name_entries):
            if i < self.count:
                entry.show()
            else:
                entry.hide()
        self.ng.select_one(self.count_buttons, self.count - self.lo)
        self.ng.sync_rules(self.rules_buttons, self.rules, self.rulesets())
        self.sync_ai()

    def entries(self) -> list:
        """The name entries in play."""
        return self.name_entries[:self.count]

    def sync_texts(self) -> bool:
        """Pick up typed names and the toggles' state."""
        changed = False
        for i, entry in enumerate(self.name_entries):
            text = entry.get_text()
            if self.ng.seen.get(("name", i)) != text:
                self.ng.seen[("name", i)] = text
                self.names[i] = text
                changed = True
        for k, box in self.toggle_boxes.items():
            if box.is_checked != self.toggles[k]:
                self.toggles[k] = box.is_checked
                changed = True
        return changed

    def handle(self, event) -> bool:
        """A toggle was clicked."""
        if event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            for k, box in self.toggle_boxes.items():
                if event.ui_element is box:
                    self.toggles[k] = event.type == pygame_gui.UI_CHECK_BOX_CHECKED
                    self.ng.revalidate()
                    return True
        return False

    # ------------------------------------------------------------ the choice
    def ready_text(self, seed: int | None) -> str:
        """The status line when the game can start."""
        players = _("1 player") if self.count == 1 else _("{n} players").format(n=self.count)
        return _("Ready: {game}, {players}, seed {seed}. Press Enter to start.").format(
            game=game_name(self.game_id), players=players, seed=seed)

    def choice(self, seed: int) -> NewGameChoice:
        """The options of the game's ``new_game``."""
        return NewGameChoice(self.game_id, self.seat_names(), seed, rules=self.rules,
                             players=self.count, toggles=dict(self.toggles))

    # ------------------------------------------------------------ drawing
    def background(self, bg: pygame.Surface) -> None:
        """Section labels, and the rules' note."""
        S = self.ng.S
        x0 = self.ng.content.x
        if self.spec is None:
            return
        label(bg, _("Players"), x0, self.players_y, S(14))
        label(bg, _("Seats"), x0, self.names_y, S(14))
        if self.toggles:
            label(bg, _("Options"), self.toggle_x, self.names_y, S(14))
        note = "" if "enforce" in self.rulesets() else _(
            "No rules engine for this game yet: the table is a free sandbox.")
        self.ng.rules_label(bg, self.rules_rects, self.players_y, note)

    def draw(self, surf: pygame.Surface) -> None:
        """The seats' numbers; for a game this version does not have yet, say so."""
        S = self.ng.S
        if self.spec is not None:
            for i, r in enumerate(self.name_rects[:self.count]):
                n = fonts.text(str(i + 1), S(22), GOLD, "title")
                surf.blit(n, n.get_rect(midright=(r.x - S(16), r.centery)))
            return
        c = self.ng.content
        box = pygame.Rect(c.x, S(110), c.w, S(120))
        panel(surf, box, PANEL, PANEL_EDGE, 175, 10)
        t = fonts.text(_("{game} is coming").format(game=game_name(self.game_id)), S(28), INK, "title")
        surf.blit(t, t.get_rect(midtop=(box.centerx, box.y + S(22))))
        s = fonts.text(_("This version cannot start it yet."), S(16), DIM)
        surf.blit(s, s.get_rect(midtop=(box.centerx, box.y + S(70))))
