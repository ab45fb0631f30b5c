"""The rules engine in the window: its pending decision, the round, free hands.

When the rules engine runs the game (ruleset ``"enforce"``), ``EnginePanel``
shows, in a bar under the top bar, the decision the engine waits for: its
prompt, its word options as buttons (the default one answers Enter), and
during the quest phase the committed willpower against the staging area's
threat.  Card options are not buttons: the view lights those cards up on the
table and in the hand and a click picks them.  When another seat must decide,
the bar says who, and offers to sit there (behind the hot-seat curtain).  A
private decision (a peek at cards) is shown only to its seat.  In free hands
the bar says so plainly and offers to give the table back.

Everything read here comes from the engine's public API
(``Session.pending()``, ``tabletop.games.lcg.api.derived``); answers are
commands (``Answer``, ``PlayCard``, ``FreeHands``, ``Pacing``).
"""
from __future__ import annotations

import pygame

import sprites.fonts as fonts
import tabletop.games.lcg.commands as C
from sprites.actions import N_
from sprites.palette import GOLD, HUD_BG, INK
from tabletop.core.i18n import _
from tabletop.core.model import TABLE
from tabletop.core.view import can_see

ROW_H = 44                  # one row of the decision bar (at 1080 lines; larger above)
PAD = 10
BUTTON = 30
LIT = (120, 230, 255)       # cards that answer the decision
FREE = (40, 96, 86)         # the bar in free hands
MINE = (52, 40, 22)         # the bar when the viewing seat decides
OTHER = (34, 32, 40)        # the bar when another seat decides

BACK_OUT_DEPTH = 40         # how far back Esc looks for the play that started a payment


def safe_default(choice):
    """The answer Enter gives, or None: only an answer that costs the player nothing.

    Safe: Continue (a pacing stop, a peek), Pass in an action window (and Done
    planning), Keep (the opening hand), Choose at random (the first player), and Done
    once something was picked (the characters committed, the attackers, the defenders
    declared).  Never: leaving an attack undefended, declining a response, not
    travelling, engaging nobody, committing nobody, a payment, a target, yes or no:
    those the player chooses.  Decided from the choice's kind, options and data only.
    """
    if choice is None:
        return None
    opts = tuple(choice.options)
    data = choice.data or {}
    if choice.kind == "ok" and "ok" in opts:
        return "ok"
    if choice.kind == "act" and "pass" in opts and "window" in data and "event" not in data:
        return "pass"                                   # an action window: passing is safe
    if "keep" in opts and "mulligan" in opts:
        return "keep"
    if "random" in opts and all(o == "random" or str(o).startswith("seat:") for o in opts):
        return "random"
    if "done" in opts:
        if choice.kind == "many" and data.get("picked"):
            return "done"                                # confirm what was picked
        if choice.kind != "many" and "enemy" in data:
            return "done"                                # no more defenders: one is declared
    return None

PHASES = {
    "setup": N_("Setup"), "resource": N_("Resource"), "planning": N_("Planning"),
    "quest": N_("Quest"), "travel": N_("Travel"), "encounter": N_("Encounter"),
    "combat": N_("Combat"), "refresh": N_("Refresh"),
}
STEPS = {
    "begin": N_("begins"), "end": N_("ends"), "gain": N_("resources"), "draw": N_("draw"),
    "actions": N_("actions"), "play": N_("play cards"), "commit": N_("commit characters"),
    "actions_commit": N_("actions"), "staging": N_("staging"), "actions_staging": N_("actions"),
    "resolve": N_("resolution"), "actions_resolve": N_("actions"), "travel": N_("travel"),
    "optional": N_("optional engagement"), "checks": N_("engagement checks"),
    "shadows": N_("shadow cards"), "enemy_attacks": N_("enemy attacks"),
    "player_attacks": N_("player attacks"), "ready": N_("ready"), "threat": N_("threat"),
    "token": N_("first player"), "first_player": N_("first player"), "hands": N_("hands"),
    "mulligan": N_("mulligans"), "quest": N_("the quest"),
}


def step_text(step: str | None) -> str:
    """"Quest · staging" for the engine's step "quest.staging"."""
    if not step:
        return ""
    phase, _dot, part = step.partition(".")
    name = _(PHASES[phase]) if phase in PHASES else phase.capitalize()
    if not part:
        return name
    return f"{name} · {_(STEPS[part]) if part in STEPS else part.replace('_', ' ')}"


def key_hint(keymap, action: str) -> str:
    """The first key of an action, short ("Enter", "F2")."""
    specs = keymap.keys.get(action) or []
    if not specs:
        return ""
    spec = specs[0]
    if spec == "shift+/":
        return "?"
    if spec == "return":
        return _("Enter")
    if spec == "escape":
        return _("Esc")
    return spec.title() if len(spec) > 1 else spec.upper()


class Button:
    """A word option of the decision (or the bar's own: sit there, give back)."""
    __slots__ = ("rect", "label", "value", "default", "key")

    def __init__(self, label: str, value, default: bool = False, key: str = ""):
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.label = label
        self.value = value
        self.default = default
        self.key = key


class EnginePanel:
    """The decision bar of a game the rules engine runs, and what it lights up."""

    def __init__(self, view):
        self.view = view
        self.app = view.app
        self.choice = None
        self.info: dict = {}
        self.buttons: list[Button] = []
        self.hover = -1
        self._size = None
        self._back: tuple = (None, None)
        self.rows = 1
        self.refresh()

    # ---------------------------------------------------------------- state
    @property
    def active(self) -> bool:
        """Does the rules engine run this game?"""
        return getattr(self.app.session.rules, "name", "") == "enforce"

    def refresh(self) -> None:
        """Read the pending decision and the derived values again (the table changed)."""
        self.choice = None
        self.info = {}
        if self.active:
            from tabletop.games.lcg.api import derived
            self.info = derived(self.app.session)
            self.choice = self.app.session.pending()
        self._size = None

    @property
    def free(self) -> bool:
        return bool(self.info.get("free_hands"))

    @property
    def outcome(self) -> str | None:
        return self.info.get("outcome")

    def mine(self) -> bool:
        """Is the pending decision the viewing seat's (and a person's: an AI seat answers
        its own)?"""
        return self.choice is not None and self.choice.seat == self.app.viewer \
            and not self.ai_decides()

    def ai_decides(self) -> bool:
        """Is the pending decision an AI seat's (``sprites.aiseats``)?"""
        ai = getattr(self.app, "ai", None)
        return self.choice is not None and ai is not None and ai.is_ai(self.choice.seat)

    def hidden(self) -> bool:
        """A private decision of another seat: its prompt and options stay hidden."""
        c = self.choice
        return c is not None and not self.mine() and bool(c.data.get("private"))

    def label(self, value) -> str:
        return self.choice.data.get("labels", {}).get(str(value), str(value))

    def _card_of(self, value) -> int | None:
        """The card an option stands for: an id, "play:<id>" or "use:<id>:<n>"."""
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, str) and value[:4] in ("play", "use:"):
            part = value.split(":")[1] if ":" in value else ""
            return int(part) if part.isdigit() else None
        return None

    def card_options(self) -> dict[int, list]:
        """Cards that answer the viewer's decision, shown on the table or in the hand:
        card id -> the option values it stands for."""
        out: dict[int, list] = {}
        if not self.mine():
            return out
        st = self.app.state
        for value in self.choice.options:
            cid = self._card_of(value)
            if cid is not None and cid in st.cards and self._shown(cid):
                out.setdefault(cid, []).append(value)
        return out

    def _shown(self, cid: int) -> bool:
        st = self.app.state
        card = st.cards[cid]
        if card.zone == TABLE:
            return cid in self.view.view.by_id and can_see(st, self.app.viewer, cid)
        return card.zone == st.seat_zone(self.app.viewer, "hand")

    def word_options(self) -> list:
        """The options shown as buttons: words, and cards that are nowhere in sight."""
        if not self.mine():
            return []
        lit = self.card_options()
        return [v for v in self.choice.options
                if self._card_of(v) is None or self._card_of(v) not in lit
                or (isinstance(v, str) and v.startswith("use:"))]

    def default_option(self):
        """What Enter answers (``safe_default``): pass, continue, keep, done after
        picking...; None when the player must choose."""
        if not self.mine():
            return None
        return safe_default(self.choice)

    # ---------------------------------------------------------------- backing out
    def back_out_start(self) -> int | None:
        """The log position of the play that started the viewer's pending payment (or
        its host, its X, its targets), if Esc can take it back: the entries since are
        all the viewer's own picks of that play.  None when there is nothing to back
        out of (the engine offers no cancel of its own: the window undoes the play)."""
        key = (id(self.choice), self.app.session.cursor, self.app.viewer, id(self.app.session))
        if self._back[0] != key:
            self._back = (key, self._find_back_out())
        return self._back[1]

    def _find_back_out(self) -> int | None:
        c = self.choice
        if c is None or not self.mine() or self.app.replay:
            return None
        if c.kind not in ("pay", "number", "one", "many"):
            return None
        start = self._play_start()
        if start is None or c.kind in ("pay", "number") or "card" in (c.data or {}):
            return start
        # a target of the play (Sneak Attack's ally...): only while the engine is still
        # at the step where the play began, not a later step's decision
        from tabletop.games.lcg.engine import state as S
        then = S.stored(self.app.session.replay_state(start)).get("step")
        return start if then == self.info.get("step") else None

    def _play_start(self) -> int | None:
        log = self.app.session.log
        seat = self.app.viewer
        for i in range(self.app.session.cursor - 1,
                       max(-1, self.app.session.cursor - 1 - BACK_OUT_DEPTH), -1):
            cmd = log[i].command
            if not isinstance(cmd, (C.Answer, C.PlayCard)) or getattr(cmd, "seat", None) != seat:
                return None
            if isinstance(cmd, C.PlayCard):
                return i
            v = cmd.value
            if isinstance(v, str) and v.startswith(("play:", "use:")):
                return i
            if isinstance(v, bool) or not (isinstance(v, int) or (isinstance(v, str) and v.isdigit())):
                return None                  # an answer to another decision: not this play's
        return None

    def paying_for(self) -> int | None:
        """The card whose play the pending payment (host, X...) belongs to."""
        start = self.back_out_start()
        if start is None:
            return None
        cmd = self.app.session.log[start].command
        if isinstance(cmd, C.PlayCard):
            return cmd.card_id
        return self._card_of(cmd.value)

    def back_out(self) -> bool:
        """Esc or Cancel: take the play back to before it started (the resources paid
        return); False when there is nothing to back out of."""
        start = self.back_out_start()
        if start is None:
            return False
        cid = self.paying_for()
        name = self.view.view_name(cid) if cid is not None and cid in self.app.state.cards else ""
        with self.app.quietly():
            self.app.session.seek(start)
        self.app.toast(_("Cancelled: {card} was not played; what was paid is back.").format(
            card=name) if name else _("Cancelled: nothing was paid."), 4)
        return True

    # ---------------------------------------------------------------- answers
    def answer(self, value) -> bool:
        """Answer the viewer's decision with one of its options."""
        if not self.mine():
            return False
        return self.app.submit(C.Answer(self.app.viewer, value))

    def pick_card(self, cid: int) -> bool:
        """A lit card was clicked: answer with it (a menu when it stands for several)."""
        values = self.card_options().get(cid)
        if not values:
            return False
        if len(values) == 1:
            return self.answer(values[0])
        from sprites.menus import ContextMenu, MenuItem
        items = [MenuItem(self.label(v), lambda v=v: self.answer(v)) for v in values]
        self.app.menu = ContextMenu(self.view.view_name(cid), items, self.app.pointer,
                                    self.app.screen.get_size())
        return True

    def confirm(self) -> bool:
        """Enter: the default answer; when another seat decides, sit there."""
        if not self.active or self.choice is None:
            return False
        if self.ai_decides():
            self.app.toast(_("{name} decides by itself ({key} pauses the AI players).").format(
                name=self.app.ai.name(self.choice.seat), key=key_hint(self.app.keymap,
                                                                     "ai_pause")), 3)
            return True
        if not self.mine():
            self.sit_at_decider()
            return True
        value = self.default_option()
        if value is None:
            self.app.toast(_("Enter does not choose this for you: click one of the answers "
                             "(or a highlighted card)."), 3)
            return True
        return self.answer(value) or True

    def sit_at_decider(self) -> None:
        """Switch to the seat that must decide (with the hot-seat curtain)."""
        if self.choice is not None and self.choice.seat != self.app.viewer:
            self.app.switch_seat(self.choice.seat - self.app.viewer)

    def toggle_free_hands(self) -> None:
        """F2: take the table into the players' hands, or give it back to the engine."""
        if not self.active:
            self.app.toast(_("No rules engine runs this game: the table is already free."))
            return
        self.app.submit(C.FreeHands(self.app.viewer, not self.free))

    def set_pacing(self, mode: str) -> None:
        self.app.submit(C.Pacing(self.app.viewer, mode))

    @property
    def pacing(self) -> str:
        from tabletop.games.lcg.engine import state as S
        return S.stored(self.app.state).get("pacing") or "decisions"

    # ---------------------------------------------------------------- layout
    @property
    def scale(self) -> float:
        from sprites.hud import text_scale
        return text_scale(self.app.screen.get_size())

    def row_h(self) -> int:
        return int(ROW_H * self.scale)

    def size(self, base: int) -> int:
        """A font size of the bar, larger on a large window."""
        return int(base * self.scale)

    def top_height(self) -> int:
        """How much of the window's top the bar takes (0 without an engine)."""
        if not self.active or self.outcome:
            return 0
        self._layout()
        return self.row_h() * self.rows

    def rect(self) -> pygame.Rect:
        from sprites.hud import bar_h
        w = self.app.screen.get_width()
        return pygame.Rect(0, bar_h(self.app.screen.get_size()), w, self.top_height())

    def prompt_text(self) -> str:
        c = self.choice
        if self.free:
            return _("Free hands: the table is the players'. Anything goes, and every action "
                     "is logged \"(by hand)\".")
        if c is None:
            return _("The rules engine is working.")
        name = self.app.state.seats[c.seat].name
        if self.ai_decides():
            prompt = c.prompt[len(name) + 2:] if c.prompt.startswith(name + ": ") else c.prompt
            if self.app.ai.paused:
                return _("{name} is paused: {prompt}").format(
                    name=self.app.ai.name(c.seat), prompt=prompt)
            return _("{name} is deciding: {prompt}").format(name=self.app.ai.name(c.seat),
                                                            prompt=prompt)
        if self.hidden():
            return _("{name} is looking at cards in secret.").format(name=name)
        if not self.mine():
            prompt = c.prompt[len(name) + 2:] if c.prompt.startswith(name + ": ") else c.prompt
            return _("Waiting for {name}: {prompt}").format(name=name, prompt=prompt)
        lit = self.card_options()
        paying = self.paying_for()
        if paying is not None and paying in self.app.state.cards:
            return _("Playing {card} · {prompt}").format(card=self.view.view_name(paying),
                                                         prompt=c.prompt)
        if not lit:
            return c.prompt
        cards = self.app.state.cards
        if all(cards[k].zone != TABLE for k in lit):
            return c.prompt + "  " + _("(play a highlighted card: click it or drag it to the table)")
        return c.prompt + "  " + _("(click a highlighted card)")

    def _make_buttons(self) -> list[Button]:
        c = self.choice
        km = self.app.keymap
        if self.app.replay:
            return []                    # a replay shows what was asked, and answers nothing
        if self.free:
            return [Button(_("Give the table back to the rules engine"), ("hands", False),
                           True, key_hint(km, "free_hands"))]
        if c is None:
            return []
        if self.ai_decides():
            paused = self.app.ai.paused
            return [Button(_("Let the AI play on") if paused else _("Pause the AI"),
                           ("ai_pause", None), paused, key_hint(km, "ai_pause"))]
        if not self.mine():
            name = self.app.state.seats[c.seat].name
            return [Button(_("Sit as {name}").format(name=name), ("sit", c.seat), True,
                           key_hint(km, "decide"))]
        default = self.default_option()
        out = [Button(self.label(v), ("answer", v), v == default,
                      key_hint(km, "decide") if v == default else "")
               for v in self.word_options()]
        if self.back_out_start() is not None:
            out.append(Button(_("Cancel"), ("cancel", None), False, key_hint(km, "deselect")))
        if len(c.options) > 1:              # the expert's answer, lit (``hint.py``)
            out.append(Button(_("Suggest"), ("suggest", None), False, key_hint(km, "suggest")))
        return out

    def _layout(self) -> None:
        size = self.app.screen.get_size()
        ai = getattr(self.app, "ai", None)
        key = (size, id(self.choice), self.free, self.app.viewer,
               ai is not None and ai.paused, self.ai_decides())
        if self._size == key:
            return
        self._size = key
        self.buttons = self._make_buttons()
        w = size[0]
        f = fonts.font(self.size(14), "ui-bold")
        x_right = w - PAD - self._quest_width()
        widths = [f.size(b.label)[0] + 28 + (f.size(b.key)[0] + 10 if b.key else 0)
                  for b in self.buttons]
        prompt_w = fonts.font(self.size(16), "ui-bold").size(self.prompt_text())[0]
        need = prompt_w + 3 * PAD + sum(widths) + PAD * len(widths)
        self.rows = 1 if need <= x_right else 2
        # right-aligned on the last row; a second row when the prompt leaves no room
        rows_left = [(x_right, self.rows - 1)]
        x, row = rows_left[0]
        for b, bw in reversed(list(zip(self.buttons, widths))):
            if x - bw < PAD and row > 0:
                break
            x -= bw
            b.rect = pygame.Rect(x, 0, bw, int(BUTTON * self.scale))
            b.rect.y = (self.row_h() - b.rect.h) // 2 + row * self.row_h()
            x -= PAD

    def _quest_width(self) -> int:
        return int(210 * self.scale) if self.info.get("phase") == "quest" and not self.free else 0

    # ---------------------------------------------------------------- input
    def button_at(self, pos) -> Button | None:
        r = self.rect()
        if not r.collidepoint(pos):
            return None
        for b in self.buttons:
            if b.rect.move(0, r.y).collidepoint(pos):
                return b
        return None

    def click(self, pos) -> bool:
        """A press on the bar: a button runs; anywhere on the bar is taken."""
        if not self.rect().collidepoint(pos):
            return False
        b = self.button_at(pos)
        if b is not None:
            what, value = b.value
            if what == "answer":
                self.answer(value)
            elif what == "sit":
                self.sit_at_decider()
            elif what == "hands":
                self.toggle_free_hands()
            elif what == "cancel":
                self.back_out()
            elif what == "suggest":
                self.view.suggest()
            elif what == "ai_pause":
                self.app.ai.toggle_pause()
        return True

    def motion(self, pos) -> None:
        b = self.button_at(pos)
        self.hover = self.buttons.index(b) if b is not None else -1

    # ---------------------------------------------------------------- drawing
    def draw(self, screen: pygame.Surface) -> None:
        """The decision bar."""
        if not self.active or self.outcome:
            return
        r = self.rect()
        colour = FREE if self.free else (MINE if self.mine() else OTHER)
        pygame.draw.rect(screen, colour, r)
        pygame.draw.line(screen, GOLD if self.mine() else (90, 80, 70),
                         (r.x, r.bottom - 1), (r.right, r.bottom - 1), 2)
        self._draw_prompt(screen, r)
        hint = getattr(self.view, "hint", None)
        for i, b in enumerate(self.buttons):
            self._draw_button(screen, b, b.rect.move(0, r.y), i == self.hover)
            if hint is not None and b.value[0] == "answer" and hint.is_answer(b.value[1]):
                hint.draw_ring(screen, b.rect.move(0, r.y))
        if self._quest_width():
            self._draw_quest(screen, r)

    def _draw_prompt(self, screen, r: pygame.Rect) -> None:
        text = self.prompt_text()
        ink = GOLD if self.mine() else INK
        if self.free:
            ink = (210, 250, 235)
        room = (self.buttons[0].rect.x if self.buttons and self.rows == 1 else
                r.w - self._quest_width()) - 2 * PAD
        size = self.size(16)
        while size > 12 and fonts.font(size, "ui-bold").size(text)[0] > room:
            size -= 1
        t = fonts.text(text, size, ink, "ui-bold")
        if t.get_width() > room:
            t = t.subsurface((0, 0, max(1, room), t.get_height()))
        screen.blit(t, (r.x + PAD + 4, r.y + (self.row_h() - t.get_height()) // 2))

    def _draw_button(self, screen, b: Button, rect: pygame.Rect, hover: bool) -> None:
        fill = GOLD if b.default else ((78, 66, 48) if hover else (44, 38, 32))
        if b.default and hover:
            fill = (245, 212, 120)
        ink = (30, 22, 12) if b.default else INK
        pygame.draw.rect(screen, fill, rect, border_radius=7)
        pygame.draw.rect(screen, (240, 215, 150) if hover else (150, 125, 70), rect, 1,
                         border_radius=7)
        t = fonts.text(b.label, self.size(14), ink, "ui-bold")
        screen.blit(t, (rect.x + 14, rect.centery - t.get_height() // 2))
        if b.key:
            k = fonts.text(b.key, self.size(12), (90, 70, 40) if b.default else (170, 160, 140), "ui")
            screen.blit(k, (rect.right - 14 - k.get_width(), rect.centery - k.get_height() // 2))

    def _draw_quest(self, screen, r: pygame.Rect) -> None:
        """Committed willpower against the staging area's threat, live."""
        will = self.info.get("committed_willpower", 0)
        threat = self.info.get("staging_threat", 0)
        x = r.right - self._quest_width()
        box = pygame.Rect(x, r.y + 5, self._quest_width() - PAD, self.row_h() - 10)
        pygame.draw.rect(screen, HUD_BG, box, border_radius=8)
        ahead = will > threat
        edge = (110, 200, 120) if ahead else ((230, 90, 70) if will < threat else GOLD)
        pygame.draw.rect(screen, edge, box, 1, border_radius=8)
        a = fonts.text(_("Willpower {n}").format(n=will), self.size(15), (235, 235, 235), "ui-bold")
        sign = fonts.text(">" if ahead else ("<" if will < threat else "="), self.size(16), edge,
                          "ui-bold")
        b = fonts.text(_("Threat {n}").format(n=threat), self.size(15), (255, 170, 150), "ui-bold")
        total = a.get_width() + sign.get_width() + b.get_width() + 16
        x0 = box.centerx - total // 2
        for s in (a, sign, b):
            screen.blit(s, (x0, box.centery - s.get_height() // 2))
            x0 += s.get_width() + 8

    def draw_highlights(self, screen: pygame.Surface) -> None:
        """Outline the table cards that answer the viewer's decision."""
        self.draw_hosts(screen, self.card_options())

    def draw_hosts(self, screen: pygame.Surface, cards) -> None:
        """Outline these table cards (the decision's cards; an attachment's legal hosts)."""
        view = self.view
        camera = self.app.camera
        for cid in cards:
            it = view.view.by_id.get(cid)
            if it is None:
                continue
            rr = view.view.screen_rect(camera, it).inflate(8, 8)
            pygame.draw.rect(screen, LIT, rr, 3, border_radius=max(4, rr.w // 12))

    def draw_tip(self, screen: pygame.Surface, cid: int | None, rect: pygame.Rect | None) -> None:
        """Over a lit card under the pointer: what clicking it does ("Commit Aragorn (2
        willpower)")."""
        if cid is None or rect is None:
            return
        values = self.card_options().get(cid)
        if not values:
            return
        text = self.label(values[0]) if len(values) == 1 else _("{n} choices: click").format(
            n=len(values))
        t = fonts.text(text, 14, (20, 30, 36), "ui-bold")
        box = t.get_rect(midbottom=(rect.centerx, rect.top - 6)).inflate(14, 8)
        box.clamp_ip(screen.get_rect())
        pygame.draw.rect(screen, LIT, box, border_radius=6)
        screen.blit(t, t.get_rect(center=box.center))

    def hand_lit(self) -> set[int]:
        """The hand cards that answer the viewer's decision (cards to play)."""
        st = self.app.state
        hand = st.seat_zone(self.app.viewer, "hand")
        return {c for c in self.card_options() if st.cards[c].zone == hand}
