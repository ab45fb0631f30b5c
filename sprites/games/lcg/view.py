"""The card game's part of the window (``LcgView``): its table, hand, pile browser,
drag and drop, hotkeys and menus, on the ``GameView`` interface.

Drawing is ``TableView`` (``render.py``); the pointer is ``mouse.py``; the hand
fan ``hand.py``; the pile browser ``browser.py``; every hotkey and menu entry
is one entry of ``actions.py``.  Who may see which card is asked of
``tabletop.core.view``; nothing here decides it.
"""
from __future__ import annotations

import pygame

import sprites.games.lcg.arrange as arrange
import sprites.games.lcg.current as current
import sprites.games.lcg.mouse as mouse
import sprites.hud as hud
import tabletop.games.lcg.commands as C
import tabletop.games.lcg.layout as layout
from sprites.actions import Target, by_id, help_rows, menu_items, on_key, perform
from sprites.camera import Camera
from sprites.games.lcg.cardface import TYPE_LABELS, ImagePack
from sprites.gameview import GameView
from sprites.games.lcg.actions import ACTIONS
from sprites.games.lcg.browser import PileBrowser
from sprites.games.lcg.decision import EnginePanel, step_text
from sprites.games.lcg.hand import Hand, margin as hand_margin
from sprites.games.lcg.hint import AiPick, Hint
from sprites.games.lcg.motion import Motion
from sprites.games.lcg.recent import Recent
from sprites.games.lcg.render import TableView
from sprites.keymap import PAN_KEYS, TOKEN_KEYS
from sprites.palette import GOLD, SELECT
from sprites.pointer import Clicks, Drag
from sprites.games.lcg.surfaces import TOKEN_LABEL, FaceCache
from tabletop.core.i18n import _
from tabletop.core.model import CARD_H, CARD_W, TABLE
from tabletop.core.view import can_see, may_search
from tabletop.games.lcg.cards import TOKEN_TYPES, core_set
from tabletop.games.lcg.layout import shown_label
from tabletop.games.lcg.names import localized
from tabletop.games.lcg.sandbox import card_name

PAN_HOLD = 0.2          # holding W/A/S/D this long pans; a shorter tap is the card key
ACTIONS_BY_ID = by_id(ACTIONS)


class LcgView(GameView):
    """The card game's table: cards, piles, threat dials, tokens, the viewer's hand,
    the pile browser; hotkeys and menus from the card game's action table."""
    game_id = "lcg"

    def __init__(self, app):
        super().__init__(app)
        self.db = core_set()
        # scans are decoded off the frame (hook, saves-safety: redrawn in update when ready)
        self.faces = FaceCache(self.db, ImagePack(getattr(app, "image_pack", None),
                                                  background=True))
        self.view = TableView(self.db, self.faces)
        self.hand = Hand(self)
        self.panel = EnginePanel(self)
        self.motion = Motion(self)           # automated effects, seen
        self.recent = Recent(self)           # what just happened
        self.hint = Hint(self)               # Suggest: the expert's answer, lit
        self.ai_pick = AiPick(self)          # the card an AI seat just picked
        self.now: current.Now | None = None  # the engine's current values (rebuild_table)
        self._scored = None                  # the session whose score sheet was shown
        self.browser: PileBrowser | None = None
        self.selected: set[int] = set()
        self.hover = None                    # what of the table is under the pointer
        self.drag: Drag | None = None
        self.anims: dict[int, tuple] = {}    # card -> (start, seconds, angle from, angle to)
        self.clicks = Clicks()
        self.pan_hold: dict[str, list] = {}  # W/A/S/D: [pressed at, has panned]
        self._framed: tuple = (None, ())     # the last framing (Space, Page Down...) and the camera then
        self._session = app.session
        self._viewer = app.viewer
        self.rebuild_table()
        self.fit_view()

    # ---------------------------------------------------------- the session
    def rebuild_table(self) -> None:
        """The draw list again: with the engine's current values and committed
        characters, and its rows kept tidy (``arrange``), when the rules engine runs."""
        st = self.app.state
        now = places = None
        if self.panel.active and not self.panel.free:
            now = current.read(st, self.db)
            places = arrange.places(st)
        self.now = now
        self.view.rebuild(st, now, places)

    def rebuild(self, entry) -> None:
        """Redraw from the model; turn cards that were exhausted or readied; after a new
        game or another seat, start afresh at that seat."""
        app = self.app
        self.panel.refresh()
        if entry is None:
            self.rebuild_table()
            if app.session is not self._session or app.viewer != self._viewer:
                self._new_table()
        else:
            old = {it.cid: it.exhausted for it in self.view.items}
            before = {it.cid: (it.x, it.y) for it in self.view.items}
            self.rebuild_table()
            self._turn_cards(entry, old)
            if getattr(app, "change", "submit") == "submit" and not app.replay:
                self.motion.begin(entry, before)       # cards slide, changes flash
                self.recent.add(entry)                 # ... and are listed
            else:
                self.motion.clear()                    # undo, redo: at once
                self.recent.clear()
        self.selected &= set(app.state.table.cards)
        mouse.update_hover(self)
        ended = (id(app.session), app.session.cursor) if self.panel.outcome else None
        if ended and self._scored != id(app.session) and not app.replay:
            self._scored = id(app.session)       # the score sheet once, at the end
            self.show_score()

    def show_score(self) -> None:
        """The score sheet of a game the rules engine ended."""
        from sprites.games.lcg.scoresheet import ScoreSheet
        self.app.close_overlay()
        self.app.overlay = ScoreSheet(self)

    def _new_table(self) -> None:
        app = self.app
        fresh = app.session is not self._session
        self._session, self._viewer = app.session, app.viewer
        self.selected.clear()
        self.anims.clear()
        self.motion.clear()
        if fresh:
            self.recent.clear()
        if self.browser is not None and (fresh or not may_search(app.state, app.viewer,
                                                                 self.browser.zone_id)):
            self.close_browser()
        if fresh or not app.all_seats:       # one person at every seat: the camera stays
            self.fit_view()
        self.view.layer = None

    def _turn_cards(self, entry, old: dict) -> None:
        """Animate the cards an action exhausted or readied."""
        state = self.app.state
        for ev in entry.events:
            if ev[0] == "card" and ev[2] == "exhausted" and ev[1] in self.view.by_id:
                now_ex = state.cards[ev[1]].exhausted
                if old.get(ev[1]) is not None and old[ev[1]] != now_ex:
                    a0, a1 = (0, 90) if now_ex else (90, 0)
                    self.anims[ev[1]] = (self.app.now, 0.16, a0, a1)

    # ---------------------------------------------------------- the camera
    def fit_view(self) -> None:
        """Space: the whole table, every seat, between the bars at the top and the hand."""
        left, top, right, bottom = layout.state_bounds(self.app.state)
        for it in self.view.items:
            left, right = min(left, it.x - it.w / 2 - 10), max(right, it.x + it.w / 2 + 10)
            top, bottom = min(top, it.y - it.h / 2 - 10), max(bottom, it.y + it.h / 2 + 10)
        self.fit_area(left, top, right, bottom)
        self._framed = (self.fit_view, self.app.camera.key())

    def resized(self) -> None:
        """The window changed size: the framing last chosen (the whole table, your seat,
        the quest row) is made again at once, unless the camera was moved since."""
        framing, key = self._framed
        cam = self.app.camera
        if key[:3] == cam.key()[:3] or framing is None:
            (framing or self.fit_view)()
        self.view.layer = None

    def table_area(self) -> pygame.Rect:
        """The part of the window where the table is seen whole: under the top bars,
        above the hand."""
        w, h = self.app.screen.get_size()
        top = hud.bar_h((w, h)) + self.panel.top_height()
        bottom = h - self.hand.height() - hand_margin((w, h))
        return pygame.Rect(0, top, w, max(80, bottom - top))

    def fit_area(self, left: float, top: float, right: float, bottom: float, margin: int = 8) -> None:
        """Point the camera so that the table rectangle fills the visible table area."""
        camera = self.app.camera
        area = self.table_area()
        cam = Camera(area.w, area.h)
        cam.fit(left, top, right, bottom, margin=margin)
        camera.zoom_index = cam.zoom_index
        camera.cx = cam.cx
        camera.cy = cam.cy - (area.centery - camera.height / 2) / cam.zoom

    def frame_seat(self) -> None:
        """Page Down: the shared row and the viewing seat's block, as large as they fit."""
        st = self.app.state
        left, top, right, _b = layout.state_bounds(st)
        mats = [r for r in st.regions if r.owner == self.app.viewer]
        if not mats:
            self.fit_view()
            return
        dial_x = layout.dial_spot(st, self.app.viewer)[0] - layout.SEAT_COLUMN / 2
        piles = [z for z in st.zones.values() if z.owner == self.app.viewer and z.kind != "hand"]
        s_left = min([dial_x] + [r.x for r in mats])
        s_right = max([r.x + r.w for r in mats] + [z.x + CARD_W / 2 + 10 for z in piles])
        bottom = max(r.y + r.h for r in mats) + 10
        shared = [r for r in st.regions if r.owner is None]
        s_top = min(r.y for r in mats)
        if shared:
            s_top = min(r.y for r in shared)
            s_left = min(s_left, min(r.x for r in shared))
            s_right = max(s_right, max(r.x + r.w for r in shared))
        self.fit_area(s_left, s_top - 10, s_right, bottom)
        self._framed = (self.frame_seat, self.app.camera.key())

    def look_at_shared_row(self) -> None:
        """Page Up: the quest and the staging area (zoomed out if they would not fit)."""
        camera = self.app.camera
        shared = [r for r in self.app.state.regions if r.owner is None]
        if not shared:
            self.fit_view()
            return
        left = min(r.x for r in shared)
        right = max(r.x + r.w for r in shared)
        top = min(r.y for r in shared)
        area = self.table_area()
        while camera.zoom_index > 0 and (right - left) * camera.zoom > area.w - 16:
            camera.zoom_index -= 1
        camera.cx = (left + right) / 2
        camera.cy = top - 10 + (camera.height / 2 - area.top) / camera.zoom
        self._framed = (self.look_at_shared_row, camera.key())

    # ---------------------------------------------------------- what is pointed at
    def hovered_card(self) -> int | None:
        """The card under the pointer: in the browser, the hand or on the table."""
        if self.browser is not None and self.browser.hover is not None:
            return self.browser.hover
        if self.hand.hover is not None:
            return self.hand.hover
        if self.hover and self.hover[0] == "card":
            return self.hover[1]
        return None

    def targets_for(self, cid: int) -> tuple[int, ...]:
        """The hovered card, or the whole selection if the hovered card is in it."""
        if cid in self.selected:
            return tuple(c for c in self.app.state.table.cards if c in self.selected)
        return (cid,)

    def target(self) -> Target:
        """What an action would act on now (the place under the pointer)."""
        seat = self.app.viewer
        cid = self.hovered_card()
        if cid is not None:
            if self.browser is not None and self.browser.hover is not None:
                return Target("browser", seat, cid, (cid,))
            if self.hand.hover is not None:
                return Target("hand", seat, cid, (cid,))
            return Target("card", seat, cid, self.targets_for(cid))
        kind = self.hover[0] if self.hover else None
        if kind == "zone":
            return Target("zone", seat, zone=self.hover[1])
        if kind in ("dial", "dial-", "dial+"):
            return Target("dial", seat, dial=self.hover[1])
        return Target("table", seat)

    def covers(self, pos) -> bool:
        """The hand strip lies over the dice on the table."""
        return self.hand.area().collidepoint(pos)

    def table_bounds(self) -> tuple[float, float, float, float]:
        """Dice roll within the laid-out table of this many seats."""
        return layout.table_bounds(len(self.app.state.seats))

    # ---------------------------------------------------------- actions
    def perform(self, action_id: str, t: Target) -> None:
        """Carry out an entry of the action table on ``t`` (a gesture's action)."""
        perform(ACTIONS_BY_ID[action_id], self.app, t)

    def do(self, action_id: str) -> None:
        """A hotkey's action on whatever is under the pointer."""
        action = ACTIONS_BY_ID.get(action_id)
        if action is not None:
            on_key(action, self.app, self.target())

    def token_key(self, number: int, ctrl: bool) -> None:
        """1-9 over a card: the upper half adds that token, the lower half removes it."""
        app = self.app
        cid = self.hovered_card()
        if cid is None or app.state.cards[cid].zone != TABLE:
            app.toast(_("Point at a card on the table to place tokens."))
            return
        rect = self.view.screen_rect(app.camera, self.view.by_id.get(cid))
        add = app.pointer[1] < rect.centery
        n = (5 if ctrl else 1) * (1 if add else -1)
        token = TOKEN_TYPES[number - 1]
        for c in self.targets_for(cid):
            app.submit(C.Tokens(app.viewer, c, token, n))

    def deselect(self) -> None:
        """Esc: close the pile browser (or the score sheet); else back out of a payment
        (the play is taken back, ``EnginePanel.back_out``); else clear the selection."""
        if self.app.overlay is not None:
            self.app.close_overlay()
        elif not self.panel.back_out():
            self.selected.clear()

    def open_browser(self, zone_id: str) -> None:
        """Look through a pile (any the viewing seat may search)."""
        app = self.app
        zone = app.state.zones[zone_id]
        if not may_search(app.state, app.viewer, zone_id):
            app.toast(_("That hand is hidden from you."))
            return
        self.close_browser()
        title = shown_label(self.app.state, zone)
        self.browser = PileBrowser(self, zone_id, title)
        app.overlay = self.browser
        app.menu = None

    def close_browser(self) -> None:
        """Close the pile browser."""
        if self.browser is not None:
            self.browser.close()

    def take_from_browser(self, cid: int) -> None:
        """Double-click in the browser: a player card to the hand, others to the table."""
        t = Target("browser", self.app.viewer, cid, (cid,))
        self.perform("to_hand" if self.app.state.cards[cid].origin == "player" else "to_table", t)

    def search_text(self, cid: int) -> str:
        """What the browser's search looks in: name, traits, type and sphere."""
        card = self.app.state.cards[cid]
        cdef = self.db.by_code.get(card.code)
        if cdef is None:
            return card.code
        shown = localized(cdef)   # a player may search in the language they read
        return " ".join([cdef.name, *cdef.traits, cdef.type, cdef.sphere or "", shown.name,
                         *shown.traits, _(TYPE_LABELS.get(cdef.type, cdef.type))])

    def view_name(self, cid: int) -> str:
        """The card's name as the viewing seat may know it."""
        app = self.app
        searching = self.browser is not None and app.state.cards[cid].zone == self.browser.zone_id
        if searching or can_see(app.state, app.viewer, cid):
            return card_name(self.db, app.state, cid)
        return _("Face-down card") if app.state.cards[cid].zone == TABLE else _("a card")

    # ---------------------------------------------------------- the interface
    def handle(self, ev) -> bool:
        """Pointer and keys on the card game's table."""
        if ev.type == pygame.MOUSEMOTION:
            mouse.motion(self, ev)
            return False
        if ev.type == pygame.MOUSEBUTTONDOWN:
            return mouse.button_down(self, ev)
        if ev.type == pygame.MOUSEBUTTONUP:
            return mouse.button_up(self, ev)
        if ev.type == pygame.MOUSEWHEEL:
            return mouse.wheel(self, ev)
        if ev.type == pygame.KEYDOWN:
            return self._key_down(ev)
        if ev.type == pygame.KEYUP:
            return self._key_up(ev)
        return False

    def _key_down(self, ev) -> bool:
        app = self.app
        name = pygame.key.name(ev.key).lower()
        if name in TOKEN_KEYS and not ev.mod & (pygame.KMOD_SHIFT | pygame.KMOD_ALT):
            self.token_key(int(name), bool(ev.mod & pygame.KMOD_CTRL))
            return True
        action = app.keymap.action_for(ev.key, ev.mod)
        if app.keymap.options.get("pan_with_wasd") and name in PAN_KEYS and not ev.mod & (
                pygame.KMOD_CTRL | pygame.KMOD_SHIFT | pygame.KMOD_ALT):
            # decided on release or after PAN_HOLD; the hold is timed from the first frame
            # after the key went down (after an idle wait the clock jumps by that frame's dt)
            self.pan_hold[name] = [None, False]
            return True
        if action is None:
            return False
        self.do(action)
        return True

    def _key_up(self, ev) -> bool:
        hold = self.pan_hold.pop(pygame.key.name(ev.key).lower(), None)
        if hold is not None and not hold[1] and not self.app.text_focused():
            action = self.app.keymap.action_for(ev.key, 0)
            if action is not None:
                self.do(action)      # a tap is the DragnCards key; holding pans
                return True
        return False

    def update(self, dt: float) -> bool:
        """Turning cards and W/A/S/D panning; True while something moves."""
        app = self.app
        if self.faces.pack is not None and self.faces.pack.take_changed():   # scans ready
            self.faces.clear()
            self.view.layer = None
        if self.anims:
            self.anims = {k: v for k, v in self.anims.items() if app.now - v[0] < v[1]}
        sliding = self.motion.update(app.now)
        moved = False
        if self.pan_hold and not app.text_focused() and app.curtain is None:
            speed = 900 * dt
            for name, hold in self.pan_hold.items():
                if hold[0] is None:
                    hold[0] = app.now
                elif app.now - hold[0] >= PAN_HOLD:
                    hold[1] = True
                    dx, dy = PAN_KEYS[name]
                    app.camera.pan_pixels(dx * speed, dy * speed)
                    moved = True
            if moved:
                mouse.update_hover(self)
        # a W/A/S/D key held down pans after PAN_HOLD: keep the frames coming meanwhile
        return bool(self.anims) or sliding or moved or bool(self.pan_hold) or (
            self.drag is not None and self.drag.active) or self.hint.pulsing() or \
            self.ai_pick.active()

    def menu_title(self, pos) -> str:
        """The right-click menu's title: the card, the pile, the dial, or "Table"."""
        mouse.update_hover(self)
        t = self.target()
        st = self.app.state
        if t.place == "card":
            extra = f"  (+{len(t.ids) - 1})" if len(t.ids) > 1 else ""
            return self.view_name(t.card) + extra
        if t.place in ("hand", "browser"):
            return self.view_name(t.card)
        if t.place == "zone":
            zone = st.zones[t.zone]
            return f"{shown_label(self.app.state, zone)} ({len(zone.cards)})"
        if t.place == "dial":
            return _("{name}'s threat").format(name=st.seats[t.dial].name)
        return _("Table")

    def menu_items(self, pos):
        """The right-click menu at ``pos``: the action table's entries for that place."""
        mouse.update_hover(self)
        return menu_items(ACTIONS, self.app, self.target())

    def help_rows(self) -> list[tuple[str, str]]:
        """Every hotkey, the token keys, and the mouse gestures."""
        tokens = [("1-9", _("Token (upper half adds, lower half removes; Ctrl: 5)"))]
        tokens += [(str(i + 1), _(TOKEN_LABEL[tok])) for i, tok in enumerate(TOKEN_TYPES)]
        gestures = [(_("Wheel"), _("Zoom around the pointer")),
                    (_("Drag table / middle"), _("Pan")),
                    (_("Hold W A S D"), _("Pan (a tap is still the card key)")),
                    (_("Shift+drag"), _("Select with a rubber band; move a pile")),
                    (_("Double-click"), _("Exhaust / ready; open a pile")),
                    (_("Alt+drop"), _("Drop on a card without attaching"))]
        km = self.app.keymap
        return help_rows(km, set(km.keys), {"card": tokens, "view": gestures})

    def status(self) -> list[str]:
        """Scenario, round, the viewing seat and the first player."""
        app = self.app
        st = app.state
        me = st.seats[app.viewer]
        seats = f"  ({app.viewer + 1}/{len(st.seats)})" if len(st.seats) > 1 else ""
        out = [_(self.db.scenarios.get(st.scenario, {}).get("name", st.scenario)),
               _("Round {n}").format(n=st.round)]
        if self.panel.active:
            step = self.panel.info.get("step")
            if self.panel.outcome:
                out.append(_("Game won") if self.panel.outcome == "won" else _("Game lost"))
            elif step:
                out.append(step_text(step))
        out += [_("First player: {name}").format(name=st.seats[st.first_player].name),
                _("You: {name}").format(name=me.name) + seats]
        return out

    def curtain_hint(self, name: str) -> str:
        """The hot-seat curtain's second line: the hand is what it hides."""
        return _("{name}: click or press Enter to show your hand").format(name=name)

    def top_height(self) -> int:
        """The decision bar under the top bar (0 at a free table)."""
        return self.panel.top_height()

    def side_width(self) -> int:
        """The "what just happened" list at the right under the bars, while it shows."""
        return self.recent.width()

    def wake_in(self) -> float | None:
        """When the idle window must draw again: the list goes."""
        return self.recent.wake_in()

    def suggest(self) -> None:
        """Suggest (the bar's button, ``?``): the expert's answer lit, its reason shown."""
        self.hint.ask()

    def ai_acted(self, seat: int, cmd, why: str) -> None:
        """An AI seat answered: frame the card it picked for a moment."""
        if isinstance(cmd, C.Answer):
            self.ai_pick.show(seat, cmd.value)

    # ---------------------------------------------------------- drawing
    def draw(self, screen: pygame.Surface) -> None:
        """The table: from the composed layer while still, a static layer while cards
        are dragged, card by card while cards turn."""
        app = self.app
        d = self.drag
        if d is not None and d.active and d.kind == "cards" and not self.anims:
            if "skip" not in d.extra:          # worked out once per drag
                skip = set(d.ids)
                for cid in d.ids:
                    skip.update(app.state.attachments(cid))
                d.extra["skip"] = frozenset(skip)
                d.extra["order"] = [it.cid for it in self.view.items if it.cid in skip]
            self.view.draw_static(screen, app.camera, app.viewer, frozenset(self.selected),
                                  d.extra["skip"])
            wx, wy = app.camera.to_world(*d.pos)
            it = self.view.by_id[d.anchor]
            self.view.draw_items(screen, app.camera, d.extra["order"], wx - d.grab[0] - it.x,
                                 wy - d.grab[1] - it.y)
            return
        hover = self.hover[1] if self.hover and self.hover[0] == "card" else None
        self.view.draw(screen, app.camera, app.viewer, hover, frozenset(self.selected),
                       skip=self.motion.hidden(app.now), anims=self.anims, now=app.now)
        self.motion.draw(screen, app.now)
        self.ai_pick.draw(screen)
        if app.curtain is None:
            self.panel.draw_highlights(screen)
            if hover is not None and hover in self.view.by_id:
                self.panel.draw_tip(screen, hover, self.view.screen_rect(app.camera,
                                                                          self.view.by_id[hover]))
            d = self.drag
            if d is not None and d.active and d.kind == "hand" and self.panel.active:
                if "hosts" not in d.extra:       # worked out once per drag
                    d.extra["hosts"] = mouse.legal_hosts(self, d.ids[0])
                self.panel.draw_hosts(screen, d.extra["hosts"])

    def draw_overlay(self, screen: pygame.Surface) -> None:
        """Above the dice: what is being dragged, the hand, the card preview."""
        app = self.app
        if self.drag is not None and self.drag.active:
            self._draw_drag(screen, self.drag)
        if app.curtain is None and not app.replay:
            d = self.drag
            dragged = set(d.ids) if d and d.active and d.kind == "hand" else set()
            self.hand.draw(screen, dragged, self.panel.hand_lit())
        self.panel.draw(screen)
        if app.curtain is None and not app.replay:
            self.hint.draw_on_table(screen)
            self.hint.draw_reason(screen)
        self.recent.draw(screen)
        self._draw_preview(screen)

    def _draw_drag(self, screen: pygame.Surface, d: Drag) -> None:
        """The rubber band, the card or chip under the pointer, a pile's outline."""
        app = self.app
        if d.kind == "band":
            r = pygame.Rect(min(d.start[0], d.pos[0]), min(d.start[1], d.pos[1]),
                            abs(d.pos[0] - d.start[0]), abs(d.pos[1] - d.start[1]))
            band = pygame.Surface(r.size, pygame.SRCALPHA)
            band.fill((*SELECT, 40))
            screen.blit(band, r)
            pygame.draw.rect(screen, SELECT, r, 1)
        elif d.kind in ("hand", "browser", "topcard"):
            w, h = self.view.card_px(app.camera)
            card = app.state.cards[d.ids[0]]
            # a card taken out of a search is seen by the seat searching
            up = d.kind == "browser" or (card.face_up and can_see(app.state, app.viewer, card.id))
            surf = self.faces.face(card.code, card.side, up, w, h)
            screen.blit(surf, surf.get_rect(center=d.pos))
        elif d.kind == "pile":
            w, h = self.view.card_px(app.camera)
            r = pygame.Rect(0, 0, w, h)
            r.center = d.pos
            pygame.draw.rect(screen, GOLD, r, 2, border_radius=6)
        elif d.kind == "token":
            chip = self.view.tokens.chip(d.token, 34)
            screen.blit(chip, chip.get_rect(center=d.pos))

    def _draw_preview(self, screen: pygame.Surface) -> None:
        """A large face of the hovered card, if the viewing seat may see it."""
        app = self.app
        if (self.drag is not None and self.drag.active) or app.pointer_busy or app.menu is not None:
            return
        cid = self.hovered_card()
        if cid is None:
            return
        browsing = self.browser is not None and self.browser.hover is not None
        if not (browsing or can_see(app.state, app.viewer, cid)):
            return
        card = app.state.cards[cid]
        w, h = screen.get_size()
        ph = min(int(h * 0.62), int(490 * hud.text_scale((w, h))))
        pw = int(ph * CARD_W / CARD_H)
        now = self.now.stats.get(cid, ()) if self.now is not None and card.zone == TABLE else ()
        surf = self.faces.face(card.code, card.side, True, pw, ph, False, now)
        x = 14 if app.pointer[0] > w / 2 else w - pw - 14
        if app.log_visible and x > w / 2:
            x = w - pw - hud.log_rect((w, h)).w - 24
        screen.blit(surf, (x, hud.bar_h((w, h)) + self.top_height() + 10))


VIEW = LcgView          # found by the window (sprites.gameview.view_class)
