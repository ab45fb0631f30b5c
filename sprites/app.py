"""The table window: the app loop, input to commands, and the HUD.

Every gesture or hotkey becomes a command submitted to the session; the view
redraws from the model when the session reports a change.  The loop is
``handle(event)`` / ``update(dt)`` / ``draw()``, and ``step(events)`` drives it
from tests with synthetic events.
"""
from __future__ import annotations

import math
import os
import time
from dataclasses import dataclass, field

import pygame
import pygame_gui

from tabletop.games.lcg import commands as C
from tabletop.games.lcg import layout
from tabletop.core.i18n import _
from tabletop.core.model import CARD_H, CARD_W, TABLE
from tabletop.games.lcg.cards import TOKEN_TYPES, core_set
from tabletop.games.lcg.layout import free_spot
from tabletop.games.lcg.sandbox import card_name
from tabletop.core.session import Session

from . import fonts
from .camera import Camera
from .cardface import ImagePack
from .dicefaces import render_die
from .dicetable import DiceLayer, roll_in_place_velocity, simulate_throw, tray_kinds
from tabletop.core.dice import die_name, die_types
from .keymap import ACTIONS, PAN_KEYS, TOKEN_KEYS, Keymap, load_keymap
from .menus import ContextMenu, MenuItem, PileBrowser
from .render import GOLD, INK, TableView
from .savefiles import SaveFiles
from tabletop.core.schema import printable
from .surfaces import TOKEN_LABEL, FaceCache

THEME = os.path.join(os.path.dirname(__file__), "assets", "theme.json")
DOUBLE_CLICK = 0.35
DRAG_START = 5
FLICK_SPEED = 500.0     # table units per second: a faster release throws the dice
PAN_HOLD = 0.2          # holding W/A/S/D this long pans; a shorter tap is the card key
HUD_BG = (18, 16, 14)


@dataclass
class Drag:
    kind: str                      # "cards", "pile", "hand", "browser", "topcard", "token", "pan", "band"
    start: tuple[int, int]
    ids: tuple[int, ...] = ()
    zone: str = ""
    token: str = ""
    active: bool = False
    pos: tuple[int, int] = (0, 0)
    grab: tuple[float, float] = (0.0, 0.0)   # pointer offset from the card centre, table units
    anchor: int | None = None                # the card the pointer holds
    extra: dict = field(default_factory=dict)


def _spin(vx: float, vy: float) -> float:
    """Cosmetic spin for a throw, proportional to its speed."""
    return max(-1400.0, min(1400.0, (vx - vy) * 0.8))


class App:
    HAND_W, HAND_H = 118, 165

    def __init__(self, session: Session, size=(1600, 900), viewer: int = 0,
                 keymap: Keymap | None = None, image_pack: str | None = None,
                 autosaver=None, save_path: str | None = None, replay: bool = False):
        pygame.display.init()
        pygame.font.init()
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption(_("Lord of the Rings tabletop"))
        self.session = session
        self.db = core_set()
        self.viewer = viewer
        self.keymap = keymap or load_keymap()
        # hook (saves-safety): scans are decoded off the frame, redrawn when ready (update)
        self.faces = FaceCache(self.db, ImagePack(image_pack, background=True))
        self.view = TableView(self.db, self.faces)
        self.camera = Camera(*size)
        self.ui = pygame_gui.UIManager(size, THEME if os.path.exists(THEME) else None)
        self.autosaver = autosaver
        self.save_path = save_path
        self.replay = replay            # read-only: step through the log
        if replay:
            session.seek(0)
        self.running = True
        self.pointer = (0, 0)
        self.mods = 0
        self.pan_hold: dict[str, list] = {}   # W/A/S/D: [pressed at, has panned]
        self.hover = None            # pick result under the pointer
        self.hover_hand: int | None = None
        self.hover_browser: int | None = None
        self.selected: set[int] = set()
        self.selected_dice: set[int] = set()
        self.dice = DiceLayer()
        self.drag: Drag | None = None
        self.anims: dict[int, tuple] = {}
        self.menu: ContextMenu | None = None
        self.browser: PileBrowser | None = None
        self.search: pygame_gui.elements.UITextEntryLine | None = None
        self.prompt: dict | None = None
        self.curtain: int | None = None
        self.help_visible = False
        self.log_visible = False
        self.log_scroll = 0
        self.toasts: list[tuple[float, str]] = []
        self.last_click = (0.0, None)
        self.now = time.monotonic()
        self.frame_ms = 0.0
        self._unsubscribe = session.subscribe(self._on_change)
        self.files = SaveFiles()
        self.view.rebuild(self.state)
        self.fit_view()
        for problem in self.keymap.problems:
            self.toast(problem, 8)

    # ----------------------------------------------------------- basics
    @property
    def state(self):
        return self.session.state

    def toast(self, text: str, seconds: float = 3.5) -> None:
        self.toasts.append((self.now + seconds, text))
        self.toasts = self.toasts[-4:]

    def submit(self, cmd: C.Command) -> bool:
        if self.replay:
            self.toast(_("This is a replay: step with Left/Right, Home/End, or click the timeline."))
            return False
        result = self.session.submit(cmd)
        if not result.ok:
            self.toast(result.reason)
        return result.ok

    def _on_change(self, kind: str, entry) -> None:
        if kind == "refused" or entry is None:
            return
        old = dict((it.cid, it.exhausted) for it in self.view.items)
        self.view.rebuild(self.state)
        for ev in entry.events:
            if ev[0] == "card" and ev[2] == "exhausted" and ev[1] in self.view.by_id:
                now_ex = self.state.cards[ev[1]].exhausted
                if old.get(ev[1]) is not None and old[ev[1]] != now_ex:
                    a0, a1 = (0, 90) if now_ex else (90, 0)
                    self.anims[ev[1]] = (self.now, 0.16, a0, a1)
        self.selected &= set(self.state.table.cards)
        if kind in ("undo", "redo"):
            self.dice.anim = None
        self.selected_dice &= set(self.state.dice)
        if self.replay:
            pass
        elif kind == "undo":
            self.toast(_("Undone: {text}").format(text=entry.text), 2)
        elif kind == "redo":
            self.toast(_("Redone: {text}").format(text=entry.text), 2)
        if self.autosaver is not None:
            self.autosaver.notify(self.session)
        self._update_hover()            # what is under the pointer may have changed

    def fit_view(self) -> None:
        """Frame the shared row and the viewing seat's rows (just the seat's rows
        when both would not fit at a readable zoom)."""
        left, top, right, _b = layout.table_bounds(len(self.state.seats))
        bottom = layout.seat_y(self.viewer) + CARD_H / 2 + 30
        usable_h = self.camera.height - self.HAND_H - 26 - 40
        cam = Camera(self.camera.width, usable_h)
        cam.fit(left, top, right, bottom, margin=8)
        if cam.zoom < 0.6:
            cam.fit(left, layout.engaged_y(self.viewer) - CARD_H / 2 - 40, right, bottom, margin=8)
        self.camera.zoom_index = cam.zoom_index
        # the view's centre sits below the top bar and above the hand
        self.camera.cx = cam.cx
        self.camera.cy = cam.cy + ((self.HAND_H + 26) - 34) / 2 / cam.zoom

    # ------------------------------------------------------------- hand
    def hand_ids(self) -> list[int]:
        zone = self.state.zones.get(self.state.seat_zone(self.viewer, "hand"))
        return list(zone.cards) if zone else []

    def hand_area(self) -> pygame.Rect:
        w, h = self.screen.get_size()
        return pygame.Rect(0, h - self.HAND_H - 26, w, self.HAND_H + 26)

    def hand_rects(self) -> list[tuple[int, pygame.Rect]]:
        ids = self.hand_ids()
        if not ids:
            return []
        w, h = self.screen.get_size()
        span = min(w - 580, len(ids) * (self.HAND_W * 0.82))
        step = span / max(1, len(ids)) if len(ids) > 1 else 0
        x0 = w / 2 - (step * (len(ids) - 1) + self.HAND_W) / 2
        out = []
        for i, cid in enumerate(ids):
            y = h - self.HAND_H - 12
            if cid == self.hover_hand:
                y -= 26
            out.append((cid, pygame.Rect(int(x0 + i * step), y, self.HAND_W, self.HAND_H)))
        return out

    def hand_card_at(self, pos) -> int | None:
        if self.curtain is not None:
            return None
        for cid, r in reversed(self.hand_rects()):
            if r.collidepoint(pos):
                return cid
        return None

    # ----------------------------------------------------------- events
    def step(self, events=(), dt: float = 1 / 60) -> None:
        """Process events, advance time and draw one frame (used by tests)."""
        for ev in events:
            self.handle(ev)
        self.update(dt)
        self.draw()

    def run(self, max_frames: int | None = None) -> None:
        clock = pygame.time.Clock()
        frames = 0
        while self.running:
            dt = clock.tick(60) / 1000.0
            for ev in pygame.event.get():
                self.handle(ev)
            self.update(dt)
            self.draw()
            pygame.display.flip()
            frames += 1
            if max_frames is not None and frames >= max_frames:
                break
        if self.autosaver is not None:
            self.autosaver.flush(self.session)

    def handle(self, ev: pygame.event.Event) -> None:
        if ev.type == pygame.QUIT:
            self.running = False
            return
        if ev.type == pygame.VIDEORESIZE:
            self.resize(ev.w, ev.h)
            return
        if hasattr(ev, "pos"):
            self.pointer = ev.pos
        if ev.type in (pygame.KEYDOWN, pygame.KEYUP):
            self.mods = ev.mod
        if self.ui.process_events(ev):
            return
        if ev.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and self.browser is not None:
            self.browser.query = ev.text
            self.browser.scroll = 0
            return
        if ev.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and self.prompt is not None:
            self._finish_prompt(ev.text)
            return
        if ev.type == pygame.MOUSEMOTION:
            self._motion(ev)
        elif ev.type == pygame.MOUSEBUTTONDOWN:
            self._button_down(ev)
        elif ev.type == pygame.MOUSEBUTTONUP:
            self._button_up(ev)
        elif ev.type == pygame.MOUSEWHEEL:
            self._wheel(ev)
        elif ev.type == pygame.KEYDOWN:
            self._key_down(ev)
        elif ev.type == pygame.KEYUP:
            if self.keymap.action_for(ev.key, 0) == "help":
                self.help_visible = False
            hold = self.pan_hold.pop(pygame.key.name(ev.key).lower(), None)
            if hold is not None and not hold[1] and not self.text_focused():
                action = self.keymap.action_for(ev.key, 0)
                if action is not None:
                    self.do(action)      # a tap is the DragnCards key; holding pans

    def resize(self, w: int, h: int) -> None:
        self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        self.camera.resize(w, h)
        self.ui.set_window_resolution((w, h))
        if self.browser:
            self.browser.resize((w, h))
        self.view.layer = None

    def text_focused(self) -> bool:
        return any(isinstance(e, pygame_gui.elements.UITextEntryLine) and e.is_focused
                   for e in (self.search, (self.prompt or {}).get("entry")) if e is not None)

    # ------------------------------------------------------------ mouse
    def _update_hover(self) -> None:
        pos = self.pointer
        self.hover_browser = None
        self.hover_hand = None
        self.hover = None
        if self.menu is not None:
            self.menu.motion(pos)
            return
        if self.browser is not None:
            if self.browser.rect.collidepoint(pos):
                self.hover_browser = self.browser.card_at(pos)
                return
        cid = self.hand_card_at(pos)
        if cid is not None:
            self.hover_hand = cid
            return
        if self.hand_area().collidepoint(pos):
            return
        if self.tray_kind_at(pos) is not None:
            self.hover = ("tray", self.tray_kind_at(pos))
            return
        dragging = self.drag is not None and self.drag.active
        die = None if dragging and self.drag.kind == "die" else self.dice.pick(self.camera, self.state, *pos)
        if die is not None:
            self.hover = ("die", die)
            return
        skip = frozenset(self.drag.ids) if dragging and self.drag.kind == "cards" else frozenset()
        self.hover = self.view.pick(self.camera, self.state, *pos, viewer=self.viewer, skip=skip)

    def _motion(self, ev) -> None:
        d = self.drag
        if d is not None:
            if not d.active and (abs(ev.pos[0] - d.start[0]) + abs(ev.pos[1] - d.start[1])) >= DRAG_START:
                d.active = True
            if d.active:
                if d.kind == "timeline":
                    self.seek_timeline(ev.pos[0])
                if d.kind == "pan":
                    self.camera.pan_pixels(ev.pos[0] - d.pos[0], ev.pos[1] - d.pos[1])
                d.pos = ev.pos
                samples = d.extra.setdefault("samples", [])
                samples.append((self.now, ev.pos))
                del samples[:-8]
        self._update_hover()

    def _button_down(self, ev) -> None:
        pos = ev.pos
        if self.curtain is not None:
            if ev.button == 1:
                self.curtain = None
            return
        if self.menu is not None:
            inside = self.menu.click(pos) if ev.button == 1 else False
            if not inside:
                self.menu = None
            self._update_hover()
            return
        if ev.button == 2:
            self.drag = Drag("pan", pos, active=True, pos=pos)
            return
        if ev.button == 3:
            self.open_menu(pos)
            return
        if ev.button != 1:
            return
        now = self.now
        if self.browser is not None:
            b = self.browser
            if b.close_rect.collidepoint(pos):
                self.close_browser()
                return
            if b.rect.collidepoint(pos):
                cid = b.card_at(pos)
                if cid is not None:
                    if self._double(("browser", cid)):
                        self.take_from_browser(cid)
                        return
                    self.drag = Drag("browser", pos, (cid,), zone=b.zone_id, pos=pos)
                return
            self.close_browser()
            return
        if self.replay and self.timeline_rect().collidepoint(pos):
            self.seek_timeline(pos[0])
            self.drag = Drag("timeline", pos, pos=pos)
            return
        kind = self.tray_kind_at(pos)
        if kind is not None:
            self.drag = Drag("traydie", pos, pos=pos, extra={"kind": kind})
            return
        die = self.dice.pick(self.camera, self.state, *pos)
        if die is not None:
            if die not in self.selected_dice:
                self.selected_dice = {die}
            wx, wy = self.camera.to_world(*pos)
            d0 = self.state.dice[die]
            self.drag = Drag("die", pos, tuple(sorted(self.selected_dice)), pos=pos,
                             grab=(wx - d0.x, wy - d0.y), anchor=die)
            return
        cid = self.hand_card_at(pos)
        if cid is not None:
            if self._double(("hand", cid)):
                self.play_from_hand(cid, None)
                return
            self.drag = Drag("hand", pos, (cid,), pos=pos)
            return
        if self.hand_area().collidepoint(pos):
            return
        target = self.view.pick(self.camera, self.state, *pos, viewer=self.viewer)
        shift = bool(ev.mod & pygame.KMOD_SHIFT) if hasattr(ev, "mod") else bool(self.mods & pygame.KMOD_SHIFT)
        ctrl = bool(self.mods & pygame.KMOD_CTRL)
        if target is None:
            if shift or ctrl:
                self.drag = Drag("band", pos, pos=pos)
            else:
                self.drag = Drag("pan", pos, pos=pos, extra={"clear": True})
            return
        kind = target[0]
        if kind == "card":
            cid = target[1]
            if self._double(("card", cid)):
                ids = self.targets_for(cid)
                self.submit(C.Exhaust(self.viewer, ids, None))
                return
            if shift or ctrl:
                self.selected ^= {cid}
                if cid not in self.selected:
                    return
            elif cid not in self.selected:
                self.selected = {cid}
            ids = tuple(c for c in self.state.table.cards if c in self.selected)
            wx, wy = self.camera.to_world(*pos)
            it = self.view.by_id[cid]
            self.drag = Drag("cards", pos, ids, pos=pos, grab=(wx - it.x, wy - it.y), anchor=cid)
        elif kind == "zone":
            zid = target[1]
            if self._double(("zone", zid)):
                self.drag = None
                self.open_browser(zid)
                return
            zone = self.state.zones[zid]
            if shift or not zone.cards:
                self.drag = Drag("pile", pos, zone=zid, pos=pos)
            else:
                self.drag = Drag("topcard", pos, (zone.cards[-1],), zone=zid, pos=pos)
        elif kind == "supply":
            self.drag = Drag("token", pos, token=target[1], pos=pos)
        elif kind in ("dial-", "dial+"):
            self.submit(C.Threat(self.viewer, target[1], -1 if kind == "dial-" else 1))
        elif kind == "first":
            self.submit(C.FirstPlayer(self.viewer, (target[1] + 1) % len(self.state.seats)))
        elif kind == "hand":
            self.toast(_("{name}'s hand is hidden from you.").format(name=self.state.seats[target[1]].name))

    def _double(self, what) -> bool:
        t, prev = self.last_click
        self.last_click = (self.now, what)
        if prev == what and self.now - t <= DOUBLE_CLICK:
            self.last_click = (0.0, None)
            return True
        return False

    def _button_up(self, ev) -> None:
        d = self.drag
        self.drag = None
        self._finish_drag(d, ev)
        self._update_hover()

    def _finish_drag(self, d: "Drag | None", ev) -> None:
        if d is None or ev.button not in (1, 2):
            return
        if not d.active:
            if d.kind == "pan" and d.extra.get("clear"):
                self.selected.clear()
                self.selected_dice.clear()
            return
        pos = ev.pos
        if d.kind in ("pan", "timeline"):
            return
        if d.kind == "band":
            rect = pygame.Rect(min(d.start[0], pos[0]), min(d.start[1], pos[1]),
                               abs(pos[0] - d.start[0]), abs(pos[1] - d.start[1]))
            self.selected |= set(self.view.cards_in_rect(self.camera, rect))
            self.selected_dice |= {d.id for d in self.state.dice.values()
                                   if rect.colliderect(self.dice.screen_rect(self.camera, d.x, d.y))}
            return
        if d.kind in ("die", "traydie"):
            self.drop_dice(d, pos)
            return
        if d.kind == "pile":
            wx, wy = self.camera.to_world(*pos)
            zone = self.state.zones[d.zone]
            dx, dy = (pos[0] - d.start[0]) / self.camera.zoom, (pos[1] - d.start[1]) / self.camera.zoom
            self.submit(C.MoveZone(self.viewer, d.zone, zone.x + dx, zone.y + dy))
            return
        if d.kind == "token":
            target = self.view.pick(self.camera, self.state, *pos, viewer=self.viewer)
            if target and target[0] == "card":
                n = 5 if self.mods & pygame.KMOD_CTRL else 1
                self.submit(C.Tokens(self.viewer, target[1], d.token, n))
            else:
                self.toast(_("Drop a token on a card."))
            return
        self.drop_cards(d, pos)

    def drop_cards(self, d: Drag, pos) -> None:
        st = self.state
        ids = d.ids
        wx, wy = self.camera.to_world(*pos)
        if self.hand_area().collidepoint(pos) and self.curtain is None:
            if d.kind != "hand":
                self.submit(C.MoveCards(self.viewer, ids, st.seat_zone(self.viewer, "hand")))
            return
        skip = frozenset(ids) if d.kind == "cards" else frozenset()
        target = self.view.pick(self.camera, st, *pos, viewer=self.viewer, skip=skip)
        alt = bool(self.mods & pygame.KMOD_ALT)
        if target and target[0] == "zone" and not (d.kind == "topcard" and target[1] == d.zone):
            self.submit(C.MoveCards(self.viewer, ids, target[1]))
            return
        if target and target[0] == "hand":
            self.submit(C.MoveCards(self.viewer, ids, st.seat_zone(target[1], "hand")))
            return
        if target and target[0] == "card" and len(ids) == 1 and not alt and target[1] not in ids:
            host = target[1]
            kind = "shadow" if (d.kind == "topcard" and d.zone == "encounter.deck") else "attachment"
            self.submit(C.Attach(self.viewer, ids[0], host, kind))
            return
        if d.kind == "cards":
            anchor = self.view.by_id[d.anchor]
            dx = wx - d.grab[0] - anchor.x
            dy = wy - d.grab[1] - anchor.y
            if any(st.cards[c].attached_to is not None for c in ids) and len(ids) == 1:
                # pulling an attachment away from its host detaches it where it lands
                self.submit(C.MoveCards(self.viewer, ids, TABLE, wx - d.grab[0], wy - d.grab[1]))
            else:
                self.submit(C.Nudge(self.viewer, ids, dx, dy))
            return
        # a card drawn off a deck onto the table is turned face up, as at a real table
        face_up = True if d.kind == "topcard" and st.zones[d.zone].kind == "deck" else None
        self.submit(C.MoveCards(self.viewer, ids, TABLE, wx, wy, None, face_up))

    def flick_velocity(self, d: Drag) -> tuple[float, float]:
        """Release velocity in table units per second, from the last pointer samples."""
        samples = [s for s in d.extra.get("samples", []) if self.now - s[0] <= 0.12]
        if len(samples) < 2 or samples[-1][0] - samples[0][0] <= 0:
            return (0.0, 0.0)
        (t0, p0), (t1, p1) = samples[0], samples[-1]
        dt = t1 - t0
        z = self.camera.zoom
        return ((p1[0] - p0[0]) / dt / z, (p1[1] - p0[1]) / dt / z)

    def drop_dice(self, d: Drag, pos) -> None:
        wx, wy = self.camera.to_world(*pos)
        vx, vy = self.flick_velocity(d)
        thrown = math.hypot(vx, vy) >= FLICK_SPEED
        if d.kind == "traydie":
            if not self.submit(C.AddDie(self.viewer, d.extra["kind"], wx, wy)):
                return
            did = max(self.state.dice)
            self.selected_dice = {did}
            if thrown:
                self.throw_dice({did: (vx, vy, _spin(vx, vy))})
            return
        anchor = self.state.dice[d.anchor]
        dx, dy = wx - d.grab[0] - anchor.x, wy - d.grab[1] - anchor.y
        if thrown:
            starts = {i: (self.state.dice[i].x + dx, self.state.dice[i].y + dy) for i in d.ids}
            self.throw_dice({i: (vx, vy, _spin(vx, vy)) for i in d.ids}, starts)
        else:
            self.submit(C.MoveDice(self.viewer, d.ids, dx, dy))

    def throw_dice(self, throws: dict, starts=None) -> None:
        """Simulate the tumble to rest, submit the roll (faces from the seeded RNG), play it back."""
        rest, frames = simulate_throw(self.state, throws, starts)
        ids = tuple(throws)
        ok = self.submit(C.RollDice(self.viewer, ids, tuple(rest[i][0] for i in ids),
                                    tuple(rest[i][1] for i in ids), tuple(rest[i][2] for i in ids)))
        if ok:
            self.dice.start(frames)

    def roll_hovered(self) -> None:
        ids = ()
        if self.hover and self.hover[0] == "die":
            did = self.hover[1]
            ids = tuple(sorted(self.selected_dice)) if did in self.selected_dice else (did,)
        elif self.selected_dice:
            ids = tuple(sorted(self.selected_dice))
        if not ids:
            self.toast(_("Point at a die (or select dice) to roll."))
            return
        seq = self.session.cursor
        self.throw_dice({i: roll_in_place_velocity(i, seq) for i in ids})

    def timeline_rect(self) -> pygame.Rect:
        w, h = self.screen.get_size()
        return pygame.Rect(200, h - 52, w - 400, 28)

    def seek_timeline(self, x: int) -> None:
        r = self.timeline_rect()
        n = len(self.session.log)
        self.session.seek(round((min(max(x, r.left), r.right) - r.left) / max(1, r.w) * n))

    def _draw_timeline(self, screen) -> None:
        w, h = screen.get_size()
        area = pygame.Rect(0, h - 96, w, 96)
        pygame.draw.rect(screen, (14, 12, 10), area)
        r = self.timeline_rect()
        n = len(self.session.log)
        pos = self.session.cursor
        pygame.draw.rect(screen, (50, 44, 36), r, border_radius=8)
        if n:
            filled = r.copy()
            filled.w = int(r.w * pos / n)
            pygame.draw.rect(screen, (150, 120, 60), filled, border_radius=8)
            for i, e in enumerate(self.session.log):      # round boundaries
                if i and e.round != self.session.log[i - 1].round:
                    x = r.x + int(r.w * i / n)
                    pygame.draw.line(screen, (230, 210, 160), (x, r.y + 3), (x, r.bottom - 3))
        pygame.draw.rect(screen, GOLD, r, 1, border_radius=8)
        last = self.session.log[pos - 1].text if pos else _("Start of the game")
        t = fonts.text(_("Replay  {pos} / {n}   ·   {text}").format(pos=pos, n=n, text=last), 16, INK, "ui-bold")
        screen.blit(t, (r.x, area.y + 10))
        hint = fonts.text(_("Left/Right: one action · Shift: one round · Home/End · click the bar to jump"), 13, (160, 150, 130))
        screen.blit(hint, (r.right - hint.get_width(), area.y + 12))

    def tray_rects(self) -> list[tuple[str, pygame.Rect]]:
        w, h = self.screen.get_size()
        kinds = tray_kinds()
        size, gap, cols = 34, 6, 6
        x0 = w - cols * (size + gap) - 10
        y0 = h - 2 * (size + gap) - 14
        return [(k, pygame.Rect(x0 + (i % cols) * (size + gap), y0 + (i // cols) * (size + gap), size, size))
                for i, k in enumerate(kinds)]

    def tray_kind_at(self, pos) -> str | None:
        if self.curtain is not None or self.browser is not None:
            return None
        for kind, r in self.tray_rects():
            if r.collidepoint(pos):
                return kind
        return None

    def _wheel(self, ev) -> None:
        if self.browser is not None and self.browser.rect.collidepoint(self.pointer):
            self.browser.wheel(ev.y)
            return
        if self.log_visible and self.log_rect().collidepoint(self.pointer):
            self.log_scroll = max(0, self.log_scroll + ev.y)
            return
        if self.camera.zoom_at(*self.pointer, 1 if ev.y > 0 else -1):
            self.view.layer = None

    # --------------------------------------------------------- keyboard
    def hovered_card(self) -> int | None:
        if self.hover_browser is not None:
            return self.hover_browser
        if self.hover_hand is not None:
            return self.hover_hand
        if self.hover and self.hover[0] == "card":
            return self.hover[1]
        return None

    def targets_for(self, cid: int) -> tuple[int, ...]:
        """The hovered card, or the whole selection if the hovered card is in it."""
        if cid in self.selected:
            return tuple(c for c in self.state.table.cards if c in self.selected)
        return (cid,)

    def _key_down(self, ev) -> None:
        if self.curtain is not None:
            if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.curtain = None
            return
        if self.text_focused():
            if ev.key == pygame.K_ESCAPE:
                self.close_browser()
                self.close_prompt()
            return
        name = pygame.key.name(ev.key).lower()
        if self.replay and ev.key in (pygame.K_HOME, pygame.K_END):
            self.session.seek(0 if ev.key == pygame.K_HOME else len(self.session.log))
            return
        if name in TOKEN_KEYS and not ev.mod & (pygame.KMOD_SHIFT | pygame.KMOD_ALT):
            self.token_key(int(name), bool(ev.mod & pygame.KMOD_CTRL))
            return
        action = self.keymap.action_for(ev.key, ev.mod)
        pan = self.keymap.options.get("pan_with_wasd") and name in PAN_KEYS and not ev.mod & (
            pygame.KMOD_CTRL | pygame.KMOD_SHIFT | pygame.KMOD_ALT)
        if pan:
            self.pan_hold[name] = [self.now, False]   # decided on release or after PAN_HOLD
            return
        if action is None:
            return
        self.do(action)

    def token_key(self, number: int, ctrl: bool) -> None:
        cid = self.hovered_card()
        if cid is None or self.state.cards[cid].zone != TABLE:
            self.toast(_("Point at a card on the table to place tokens."))
            return
        it = self.view.by_id.get(cid)
        rect = self.view.screen_rect(self.camera, it)
        add = self.pointer[1] < rect.centery
        n = (5 if ctrl else 1) * (1 if add else -1)
        token = TOKEN_TYPES[number - 1]
        for c in self.targets_for(cid):
            self.submit(C.Tokens(self.viewer, c, token, n))

    REPLAY_ACTIONS = {"undo", "redo", "undo_round", "redo_round", "toggle_log", "help", "zoom_in",
                      "zoom_out", "fit", "deselect", "prev_seat", "next_seat", "browse"}

    def do(self, action: str) -> None:
        """Carry out a hotkey action on whatever is under the pointer."""
        if self.replay and action not in self.REPLAY_ACTIONS:
            self.submit(C.Round(self.viewer, 0))      # explains that a replay is read-only
            return
        st = self.state
        seat = self.viewer
        cid = self.hovered_card()
        zone = self.hover[1] if self.hover and self.hover[0] == "zone" else None
        ids = self.targets_for(cid) if cid is not None else ()
        simple = {
            "exhaust": lambda: self.submit(C.Exhaust(seat, ids, None)),
            "flip": lambda: self.submit(C.Flip(seat, ids)),
            "detach": lambda: self.submit(C.Detach(seat, ids)),
            "to_bottom": lambda: self.submit(C.ToDeck(seat, ids, True)),
            "to_top": lambda: self.submit(C.ToDeck(seat, ids, False)),
            "victory": lambda: self.submit(C.ToVictory(seat, ids)),
            "discard": lambda: self.submit(C.Discard(seat, ids)),
            "to_hand": lambda: self.submit(C.MoveCards(seat, ids, st.seat_zone(seat, "hand"))),
        }
        die = self.hover[1] if self.hover and self.hover[0] == "die" else None
        if action == "roll":
            self.roll_hovered()
            return
        if die is not None and action == "discard":
            dice = tuple(sorted(self.selected_dice)) if die in self.selected_dice else (die,)
            self.submit(C.RemoveDice(seat, dice))
            self.selected_dice -= set(dice)
            return
        if action in simple:
            if not ids:
                self.toast(_("Point at a card first."))
                return
            simple[action]()
        elif action == "shuffle_into":
            if zone is not None:
                self.submit(C.Shuffle(seat, zone))
            elif ids:
                self.submit(C.ShuffleInto(seat, ids))
        elif action == "shadow":
            if cid is None:
                self.toast(_("Point at an enemy to deal it a shadow card."))
                return
            for c in ids:
                self.submit(C.DealShadow(seat, c))
        elif action == "browse":
            if zone is not None:
                self.open_browser(zone)
        elif action == "draw":
            self.submit(C.Draw(seat, seat, 1))
        elif action == "draw_n":
            self.open_prompt(_("Draw how many cards?"), lambda n: self.submit(C.Draw(seat, seat, n)))
        elif action == "reveal":
            self.submit(C.RevealEncounter(seat))
        elif action in ("threat_up", "threat_down"):
            target = self.hover[1] if self.hover and self.hover[0] == "dial" else seat
            self.submit(C.Threat(seat, target, 1 if action == "threat_up" else -1))
        elif action in ("threat_up_all", "threat_down_all"):
            self.submit(C.Threat(seat, -1, 1 if action == "threat_up_all" else -1))
        elif action == "ready_all":
            self.submit(C.ReadyAll(seat, seat))
        elif action == "next_round":
            self.submit(C.Round(seat, 1))
        elif action == "mulligan":
            self.submit(C.Mulligan(seat, seat))
        elif action == "discard_random":
            self.submit(C.DiscardRandom(seat, seat))
        elif action == "first_player":
            self.submit(C.FirstPlayer(seat, (st.first_player + 1) % len(st.seats)))
        elif action == "undo":
            if self.session.undo() is None:
                self.toast(_("Nothing to undo."))
        elif action == "redo":
            if self.session.redo() is None:
                self.toast(_("Nothing to redo."))
        elif action == "undo_round":
            n = self.session.undo_round()
            self.toast(_("Undid {n} actions (whole round).").format(n=n) if n else _("Nothing to undo."))
        elif action == "redo_round":
            n = self.session.redo_round()
            self.toast(_("Redid {n} actions.").format(n=n) if n else _("Nothing to redo."))
        elif action in ("prev_seat", "next_seat"):
            self.switch_seat(-1 if action == "prev_seat" else 1)
        elif action == "toggle_log":
            self.log_visible = not self.log_visible
            self.log_scroll = 0
        elif action == "help":
            self.help_visible = True
        elif action in ("zoom_in", "zoom_out"):
            w, h = self.screen.get_size()
            self.camera.zoom_at(w / 2, h / 2, 1 if action == "zoom_in" else -1)
        elif action == "view_shared":
            left, top, right, _b = layout.table_bounds(len(st.seats))
            self.camera.cx = (left + right) / 2
            self.camera.cy = layout.SHARED_Y - 120 + (self.camera.height / 2 - 50) / self.camera.zoom
        elif action == "view_seat":
            self.fit_view()
        elif action == "fit":
            left, top, right, bottom = layout.table_bounds(len(st.seats))
            self.camera.fit(left, top, right, bottom)
        elif action == "deselect":
            if self.browser is not None:
                self.close_browser()
            elif self.menu is not None:
                self.menu = None
            else:
                self.selected.clear()
        elif action == "save":
            self.save_game()
        elif action == "save_as":
            self.save_as()
        elif action == "open":
            self.open_saves_menu()
        elif action == "new_game":
            self.new_game_screen()
        elif action == "quick_save":
            self.save_game(self.files.quick_path())
        elif action == "quick_load":
            self.load_game(self.files.quick_path())

    # ------------------------------------------------------ save / load
    def save_game(self, path=None) -> bool:
        """Save (Ctrl+S) to ``path``, the file this game came from, or a new file."""
        path = path or self.save_path or self.files.new_path(self.session)
        try:
            where = self.files.save(self.session, path)
        except Exception as exc:          # report; the previous good file stays untouched
            self.toast(_("Could not save: {why}").format(why=exc), 6)
            return False
        if path != self.files.quick_path():
            self.save_path = str(where)
        self.toast(_("Saved to {path}").format(path=where))
        return True

    def save_as(self) -> None:
        import os as _os
        default = _os.path.splitext(_os.path.basename(self.save_path or self.files.new_path(self.session)))[0]

        def done(name: str) -> None:
            name = name.strip()
            if not name or any(c in name for c in "/\\:*?\"<>|"):
                self.toast(_("Type a file name without / \\ : * ? \" < > |"))
                return
            self.save_game(self.files.named_path(name))
        self.open_prompt(_("Save as (name):"), done, text=default)

    def load_game(self, path) -> bool:
        try:
            session, warning = self.files.load(path)
        except Exception as exc:
            self.toast(_("Could not open {path}: {why}").format(path=path, why=exc), 6)
            return False
        self.set_session(session)
        self.save_path = None if str(path) == str(self.files.quick_path()) else str(path)
        self.toast(warning or _("Opened {path}").format(path=path), 6 if warning else 3)
        return True

    def open_saves_menu(self) -> None:
        # hook (saves-safety): the library's list and the ways back live in sprites/library.py
        from .library import open_games_menu
        open_games_menu(self)

    def new_game_screen(self) -> None:
        """Choose a scenario, seats and decks; the current game stays in its autosave."""
        hook = getattr(self, "on_new_game", None)
        if hook is None:
            self.toast(_("Start a new game with: python main.py new lcg"))
            return
        session = hook(self.screen)
        surface = pygame.display.get_surface()       # the screen may have been resized
        if surface is not None:
            self.screen = surface
            self.resize(*surface.get_size())
        if session is not None:
            self.save_path = None
            self.set_session(session)
            self.toast(_("New game: seed {seed}").format(seed=session.state.seed), 5)

    def set_session(self, session: Session) -> None:
        """Put another game on the table (after loading)."""
        if self._unsubscribe is not None:
            self._unsubscribe()
        self.session = session
        self._unsubscribe = session.subscribe(self._on_change)
        self.viewer = min(self.viewer, len(session.state.seats) - 1)
        self.selected.clear()
        self.selected_dice.clear()
        self.dice.anim = None
        self.close_browser()
        self.view.rebuild(self.state)
        self.fit_view()
        if self.autosaver is not None:
            self.autosaver.notify(session)

    def switch_seat(self, step: int) -> None:
        n = len(self.state.seats)
        if n < 2:
            self.toast(_("There is only one seat at this table."))
            return
        self.viewer = (self.viewer + step) % n
        self.selected.clear()
        if self.keymap.options.get("confirm_seat_switch", True):
            self.curtain = self.viewer
        self.fit_view()
        self.view.layer = None
        self.toast(_("Now playing as {name}").format(name=self.state.seats[self.viewer].name))

    def update(self, dt: float) -> None:
        self.now += dt
        if self.anims:
            self.anims = {k: v for k, v in self.anims.items() if self.now - v[0] < v[1]}
        if self.pan_hold and not self.text_focused() and self.curtain is None:
            speed = 900 * dt
            moved = False
            for name, hold in self.pan_hold.items():
                if self.now - hold[0] >= PAN_HOLD:
                    hold[1] = True
                    dx, dy = PAN_KEYS[name]
                    self.camera.pan_pixels(dx * speed, dy * speed)
                    moved = True
            if moved:
                self._update_hover()
        self.dice.update(dt)
        if self.faces.pack is not None and self.faces.pack.take_changed():   # hook (saves-safety)
            self.faces.clear()
            self.view.layer = None
        if self.autosaver is not None and self.autosaver.dirty and self.autosaver.due():
            self.autosaver.notify(self.session)       # debounced snapshot; written off-thread
        self.toasts = [t for t in self.toasts if t[0] > self.now]
        self.ui.update(dt)

    # ---------------------------------------------------- menus/prompts
    def open_menu(self, pos) -> None:
        self._update_hover()
        st = self.state
        seat = self.viewer
        km = self.keymap.label
        items: list[MenuItem] = []
        title = _("Table")
        cid = self.hovered_card()
        if self.hover_browser is not None and self.browser is not None:
            title = self.view_name(cid)
            items = self._browser_items(cid)
        elif cid is not None and self.hover_hand is not None:
            title = self.view_name(cid)
            items = [
                MenuItem(_("Put on the table"), lambda: self.play_from_hand(cid, None)),
                MenuItem(_("Discard"), lambda: self.submit(C.Discard(seat, (cid,))), km("discard")),
                MenuItem(_("Put on top of deck"), lambda: self.submit(C.ToDeck(seat, (cid,), False)), km("to_top")),
                MenuItem(_("Put on the bottom of deck"), lambda: self.submit(C.ToDeck(seat, (cid,), True)), km("to_bottom")),
                MenuItem(_("Shuffle into deck"), lambda: self.submit(C.ShuffleInto(seat, (cid,))), km("shuffle_into")),
            ]
        elif cid is not None:
            ids = self.targets_for(cid)
            card = st.cards[cid]
            title = self.view_name(cid) + (f"  (+{len(ids) - 1})" if len(ids) > 1 else "")
            cdef = self.db.by_code.get(card.code)
            items = [
                MenuItem(_("Ready") if card.exhausted else _("Exhaust"),
                         lambda: self.submit(C.Exhaust(seat, ids, None)), km("exhaust")),
                MenuItem(_("Flip"), lambda: self.submit(C.Flip(seat, ids)), km("flip")),
            ]
            if card.attached_to is not None:
                items.append(MenuItem(_("Detach"), lambda: self.submit(C.Detach(seat, ids)), km("detach")))
            if cdef is not None and cdef.type == "enemy" and card.face_up:
                items.append(MenuItem(_("Deal a shadow card"),
                                      lambda: [self.submit(C.DealShadow(seat, c)) for c in ids], km("shadow")))
            for tok in ("resource", "progress", "damage"):
                items.append(MenuItem(_("Add 1 {token}").format(token=_(TOKEN_LABEL[tok]).lower()),
                                      lambda t=tok: self.submit(C.Tokens(seat, cid, t, 1)),
                                      str(TOKEN_TYPES.index(tok) + 1)))
                if card.tokens.get(tok):
                    items.append(MenuItem(_("Remove 1 {token}").format(token=_(TOKEN_LABEL[tok]).lower()),
                                          lambda t=tok: self.submit(C.Tokens(seat, cid, t, -1)),
                                          _("low half + {n}").format(n=TOKEN_TYPES.index(tok) + 1)))
            items += [
                MenuItem(_("Discard"), lambda: self.submit(C.Discard(seat, ids)), km("discard")),
                MenuItem(_("Add to the victory display"), lambda: self.submit(C.ToVictory(seat, ids)), km("victory")),
                MenuItem(_("Put on top of its deck"), lambda: self.submit(C.ToDeck(seat, ids, False)), km("to_top")),
                MenuItem(_("Put on the bottom of its deck"), lambda: self.submit(C.ToDeck(seat, ids, True)), km("to_bottom")),
                MenuItem(_("Shuffle into its deck"), lambda: self.submit(C.ShuffleInto(seat, ids)), km("shuffle_into")),
            ]
            if card.origin == "player":
                items.append(MenuItem(_("Take into hand"), lambda: self.submit(
                    C.MoveCards(seat, ids, st.seat_zone(seat, "hand"))), km("to_hand")))
        elif self.hover and self.hover[0] == "zone":
            zid = self.hover[1]
            zone = st.zones[zid]
            title = f"{_(zone.label) if zone.owner is None else zone.label} ({len(zone.cards)})"
            items = [MenuItem(_("Look through / search"), lambda: self.open_browser(zid), km("browse"))]
            if zid == st.seat_zone(seat, "deck"):
                items += [MenuItem(_("Draw"), lambda: self.submit(C.Draw(seat, seat, 1)), km("draw")),
                          MenuItem(_("Draw N..."), lambda: self.do("draw_n"), km("draw_n")),
                          MenuItem(_("Mulligan"), lambda: self.submit(C.Mulligan(seat, seat)), km("mulligan"))]
            if zid == "encounter.deck":
                items.append(MenuItem(_("Reveal the top card"), lambda: self.submit(C.RevealEncounter(seat)), km("reveal")))
            items += [MenuItem(_("Shuffle"), lambda: self.submit(C.Shuffle(seat, zid)), km("shuffle_into")),
                      MenuItem(_("Move the pile: Shift+drag"), None, "", False)]
        elif self.hover and self.hover[0] in ("dial", "dial-", "dial+"):
            s = self.hover[1]
            title = _("{name}'s threat").format(name=st.seats[s].name)
            items = [MenuItem(_("Threat +1"), lambda: self.submit(C.Threat(seat, s, 1)), km("threat_up")),
                     MenuItem(_("Threat -1"), lambda: self.submit(C.Threat(seat, s, -1)), km("threat_down")),
                     MenuItem(_("Set threat..."), lambda: self.open_prompt(
                         _("Set threat to:"), lambda n: self.submit(C.SetThreat(seat, s, n)))),
                     MenuItem(_("Make first player"), lambda: self.submit(C.FirstPlayer(seat, s)), km("first_player"))]
        else:
            items = [
                MenuItem(_("Draw"), lambda: self.submit(C.Draw(seat, seat, 1)), km("draw")),
                MenuItem(_("Reveal an encounter card"), lambda: self.submit(C.RevealEncounter(seat)), km("reveal")),
                MenuItem(_("Ready all your cards"), lambda: self.submit(C.ReadyAll(seat, seat)), km("ready_all")),
                MenuItem(_("Next round"), lambda: self.submit(C.Round(seat, 1)), km("next_round")),
                MenuItem(_("Pass the first-player token"), lambda: self.do("first_player"), km("first_player")),
                MenuItem(_("Undo"), lambda: self.do("undo"), km("undo"), self.session.can_undo),
                MenuItem(_("Redo"), lambda: self.do("redo"), km("redo"), self.session.can_redo),
                MenuItem(_("Next seat"), lambda: self.switch_seat(1), km("next_seat"), len(st.seats) > 1),
                MenuItem(_("Show / hide the game log"), lambda: self.do("toggle_log"), km("toggle_log")),
                MenuItem(_("Save"), self.save_game, km("save")),
                MenuItem(_("Save as..."), self.save_as, km("save_as")),
                MenuItem(_("Open a saved game..."), self.open_saves_menu, km("open")),
                MenuItem(_("New game..."), lambda: self.do("new_game"), km("new_game")),
                MenuItem(_("Show the whole table"), lambda: self.do("fit"), km("fit")),
            ]
        self.menu = ContextMenu(title, items, pos, self.screen.get_size())

    def view_name(self, cid: int) -> str:
        """The card's name as the viewing seat may see it."""
        card = self.state.cards[cid]
        zone = self.state.zones[card.zone]
        if zone.kind == "hand" and zone.owner != self.viewer:
            return _("a card")
        if not card.face_up and zone.kind == "table":
            return _("Face-down card")
        return card_name(self.db, self.state, cid)

    def _browser_items(self, cid) -> list[MenuItem]:
        seat = self.viewer
        st = self.state
        return [
            MenuItem(_("Take into hand"), lambda: self.submit(C.MoveCards(seat, (cid,), st.seat_zone(seat, "hand")))),
            MenuItem(_("Put on the table"), lambda: self.take_from_browser(cid, to_table=True)),
            MenuItem(_("Put on top of its deck"), lambda: self.submit(C.ToDeck(seat, (cid,), False))),
            MenuItem(_("Put on the bottom of its deck"), lambda: self.submit(C.ToDeck(seat, (cid,), True))),
            MenuItem(_("Discard"), lambda: self.submit(C.Discard(seat, (cid,)))),
            MenuItem(_("Add to the victory display"), lambda: self.submit(C.ToVictory(seat, (cid,)))),
        ]

    def open_browser(self, zone_id: str) -> None:
        zone = self.state.zones[zone_id]
        if zone.kind == "hand" and zone.owner != self.viewer:
            self.toast(_("That hand is hidden from you."))
            return
        self.close_browser()
        title = _(zone.label) if zone.owner is None else zone.label
        self.browser = PileBrowser(zone_id, title, self.screen.get_size())
        r = self.browser.search_rect
        self.search = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(r.x, r.y, r.w, r.h), self.ui, placeholder_text=_("Search by name or trait"))
        self.menu = None

    def close_browser(self) -> None:
        self.browser = None
        if self.search is not None:
            self.search.kill()
            self.search = None

    def take_from_browser(self, cid: int, to_table: bool = False) -> None:
        st = self.state
        card = st.cards[cid]
        if card.origin == "player" and not to_table:
            self.submit(C.MoveCards(self.viewer, (cid,), st.seat_zone(self.viewer, "hand")))
        else:
            x, y = free_spot(st, "staging")
            self.submit(C.MoveCards(self.viewer, (cid,), TABLE, x, y, None, True))

    def play_from_hand(self, cid: int, pos) -> None:
        st = self.state
        x, y = free_spot(st, f"p{self.viewer + 1}.play")
        self.submit(C.MoveCards(self.viewer, (cid,), TABLE, x, y, None, True))

    def open_prompt(self, label: str, on_number, text: str | None = None) -> None:
        """Ask for a number (or, with ``text`` given, a line of text) in a small box."""
        self.close_prompt()
        w, h = self.screen.get_size()
        width = 120 if text is None else 420
        entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(w // 2 - width // 2, h // 2 - 4, width, 34), self.ui)
        if text is None:
            entry.set_allowed_characters("numbers")
        else:
            entry.set_text(text)
        entry.focus()
        self.prompt = {"label": label, "entry": entry, "fn": on_number, "text": text is not None}

    def _finish_prompt(self, text: str) -> None:
        fn = self.prompt["fn"]
        is_text = self.prompt.get("text")
        self.close_prompt()
        if is_text:
            fn(text)
            return
        try:
            n = int(text)
        except ValueError:
            self.toast(_("Type a whole number."))
            return
        fn(n)

    def close_prompt(self) -> None:
        if self.prompt is not None:
            self.prompt["entry"].kill()
            self.prompt = None

    # ------------------------------------------------------------ drawing
    def draw(self) -> None:
        t0 = time.perf_counter()
        screen = self.screen
        d = self.drag
        dragging_cards = d is not None and d.active and d.kind == "cards"
        if dragging_cards and not self.anims:
            if "skip" not in d.extra:          # worked out once per drag
                skip = set(d.ids)
                for cid in d.ids:
                    skip.update(self.state.attachments(cid))
                d.extra["skip"] = frozenset(skip)
                d.extra["order"] = [it2.cid for it2 in self.view.items if it2.cid in skip]
            self.view.draw_static(screen, self.camera, self.viewer, frozenset(self.selected),
                                  d.extra["skip"])
            wx, wy = self.camera.to_world(*d.pos)
            it = self.view.by_id[d.anchor]
            self.view.draw_items(screen, self.camera, d.extra["order"], wx - d.grab[0] - it.x,
                                 wy - d.grab[1] - it.y)
        else:
            self.view.draw(screen, self.camera, self.viewer, self.hover[1] if self.hover and
                           self.hover[0] == "card" else None, frozenset(self.selected),
                           anims=self.anims, now=self.now)
        dragging_dice = d is not None and d.active and d.kind == "die"
        self.dice.draw(screen, self.camera, self.state, skip=d.ids if dragging_dice else (),
                       clock=self.now)
        for did in self.selected_dice:
            if did in self.state.dice and not self.dice.animating and not dragging_dice:
                die = self.state.dice[did]
                pygame.draw.rect(screen, (255, 214, 90), self.dice.screen_rect(self.camera, die.x, die.y).inflate(8, 8), 2, border_radius=6)
        if dragging_dice:
            wx, wy = self.camera.to_world(*d.pos)
            anchor = self.state.dice[d.anchor]
            self.dice.draw(screen, self.camera, self.state, only=set(d.ids),
                           offset=(wx - d.grab[0] - anchor.x, wy - d.grab[1] - anchor.y), clock=self.now)
        if d is not None and d.active:
            self._draw_drag_extras(screen, d)
        self._draw_hud(screen)
        self.frame_ms = (time.perf_counter() - t0) * 1000

    def _draw_drag_extras(self, screen, d: Drag) -> None:
        if d.kind == "band":
            r = pygame.Rect(min(d.start[0], d.pos[0]), min(d.start[1], d.pos[1]),
                            abs(d.pos[0] - d.start[0]), abs(d.pos[1] - d.start[1]))
            band = pygame.Surface(r.size, pygame.SRCALPHA)
            band.fill((255, 214, 90, 40))
            screen.blit(band, r)
            pygame.draw.rect(screen, (255, 214, 90), r, 1)
        elif d.kind in ("hand", "browser", "topcard"):
            w, h = self.view.card_px(self.camera)
            card = self.state.cards[d.ids[0]]
            zone = self.state.zones[card.zone]
            up = card.face_up and (zone.kind != "deck" or d.kind == "browser" or zone.owner is not None)
            if d.kind == "topcard" and zone.kind == "deck" and zone.owner is None:
                up = False
            surf = self.faces.face(card.code, card.side, up, w, h)
            screen.blit(surf, surf.get_rect(center=d.pos))
        elif d.kind == "pile":
            w, h = self.view.card_px(self.camera)
            r = pygame.Rect(0, 0, w, h)
            r.center = d.pos
            pygame.draw.rect(screen, GOLD, r, 2, border_radius=6)
        elif d.kind == "token":
            chip = self.view.tokens.chip(d.token, 34)
            screen.blit(chip, chip.get_rect(center=d.pos))
        elif d.kind == "traydie":
            px = max(8, int(40 * self.camera.zoom))
            surf = render_die(die_types()[d.extra["kind"]], 0, px)
            screen.blit(surf, surf.get_rect(center=d.pos))

    def _draw_hud(self, screen) -> None:
        w, h = screen.get_size()
        st = self.state
        # top bar
        bar = pygame.Rect(0, 0, w, 34)
        pygame.draw.rect(screen, HUD_BG, bar)
        pygame.draw.line(screen, (90, 75, 45), (0, 34), (w, 34))
        sc = self.db.scenarios.get(st.scenario, {}).get("name", st.scenario)
        me = st.seats[self.viewer]
        parts = [sc, _("Round {n}").format(n=st.round),
                 _("You: {name}").format(name=me.name) + (f"  ({self.viewer + 1}/{len(st.seats)})" if len(st.seats) > 1 else ""),
                 _("First player: {name}").format(name=st.seats[st.first_player].name)]
        x = 12
        for i, p in enumerate(parts):
            t = fonts.text(p, 16, GOLD if i == 0 else INK, "ui-bold" if i < 2 else "ui")
            screen.blit(t, (x, 8))
            x += t.get_width() + 26
        hint = fonts.text(_("Hold Tab for keys · right-click for actions · L: game log"), 13, (150, 140, 120))
        screen.blit(hint, (w - hint.get_width() - 12, 10))
        if self.replay:
            self._draw_timeline(screen)
        # hand
        if self.curtain is None and not self.replay:
            area = self.hand_area()
            shade = pygame.Surface(area.size, pygame.SRCALPHA)
            shade.fill((10, 8, 6, 150))
            screen.blit(shade, area)
            label = fonts.text(_("{name}'s hand ({n})").format(name=me.name, n=len(self.hand_ids())),
                               14, (210, 200, 170), "ui-bold")
            screen.blit(label, (12, area.y + 6))
            dragged = set(self.drag.ids) if self.drag and self.drag.active and self.drag.kind == "hand" else set()
            for cid, r in self.hand_rects():
                if cid in dragged:
                    continue
                card = st.cards[cid]
                screen.blit(self.faces.face(card.code, card.side, True, r.w, r.h), r)
        if self.curtain is None and not self.replay:
            self._draw_tray(screen)
        self._draw_preview(screen)
        if self.log_visible:
            self._draw_log(screen)
        if self.browser is not None:
            b = self.browser
            zone = st.zones[b.zone_id]
            ids = list(reversed(zone.cards))
            b.filter(ids, lambda c: self._search_text(c))
            b.draw(screen, lambda c, cw, ch: self.faces.face(st.cards[c].code, st.cards[c].side, True, cw, ch),
                   self.hover_browser, len(zone.cards))
        if self.prompt is not None:
            e = self.prompt["entry"].rect
            box = e.inflate(360, 70).move(0, -12)
            pygame.draw.rect(screen, (28, 25, 22), box, border_radius=8)
            pygame.draw.rect(screen, GOLD, box, 1, border_radius=8)
            t = fonts.text(self.prompt["label"] + "  " + _("(Enter to confirm, Esc to cancel)"), 15, INK)
            screen.blit(t, t.get_rect(midtop=(box.centerx, box.y + 6)))
        self.ui.draw_ui(screen)
        if self.menu is not None:
            self.menu.draw(screen)
        for i, (_t, text) in enumerate(self.toasts):
            s = fonts.text(text, 16, (255, 240, 210), "ui-bold")
            r = s.get_rect(midtop=(w // 2, 46 + i * 34)).inflate(24, 12)
            pygame.draw.rect(screen, (60, 30, 24), r, border_radius=8)
            pygame.draw.rect(screen, GOLD, r, 1, border_radius=8)
            screen.blit(s, s.get_rect(center=r.center))
        if self.curtain is not None:
            self._draw_curtain(screen)
        if self.help_visible:
            self._draw_help(screen)

    def _draw_tray(self, screen) -> None:
        rects = self.tray_rects()
        box = rects[0][1].unionall([r for _k, r in rects]).inflate(12, 12)
        label = fonts.text(_("Dice tray: drag a die out, flick to throw, R rolls"), 12, (190, 180, 150))
        screen.blit(label, (box.right - label.get_width(), box.y - 18))
        for kind, r in rects:
            screen.blit(render_die(die_types()[kind], 0, r.w), r)
        if self.hover and self.hover[0] == "tray":
            kind = self.hover[1]
            r = dict(rects)[kind]
            tip = fonts.text(die_name(kind), 14, INK, "ui-bold")
            tr = tip.get_rect(bottomright=(r.right, box.y - 22)).inflate(12, 6)
            pygame.draw.rect(screen, (28, 25, 22), tr, border_radius=5)
            screen.blit(tip, tip.get_rect(center=tr.center))

    def _search_text(self, cid: int) -> str:
        card = self.state.cards[cid]
        cdef = self.db.by_code.get(card.code)
        if cdef is None:
            return card.code
        return " ".join([cdef.name, *cdef.traits, cdef.type, cdef.sphere or ""])

    def _draw_preview(self, screen) -> None:
        if self.drag is not None and self.drag.active or self.menu is not None:
            return
        cid = self.hovered_card()
        if cid is None:
            return
        card = self.state.cards[cid]
        zone = self.state.zones[card.zone]
        visible = (zone.kind == "table" and card.face_up) or (zone.kind == "hand" and zone.owner == self.viewer) \
            or self.hover_browser is not None
        if not visible:
            return
        w, h = screen.get_size()
        ph = min(int(h * 0.62), 490)
        pw = int(ph * CARD_W / CARD_H)
        surf = self.faces.face(card.code, card.side, True, pw, ph)
        x = 14 if self.pointer[0] > w / 2 else w - pw - 14
        if self.log_visible and x > w / 2:
            x = w - pw - self.log_rect().w - 24
        screen.blit(surf, (x, 48))

    def log_rect(self) -> pygame.Rect:
        w, h = self.screen.get_size()
        return pygame.Rect(w - 380, 40, 370, h - self.HAND_H - 80)

    def _draw_log(self, screen) -> None:
        r = self.log_rect()
        panel = pygame.Surface(r.size, pygame.SRCALPHA)
        panel.fill((14, 12, 10, 225))
        screen.blit(panel, r)
        pygame.draw.rect(screen, (120, 100, 60), r, 1, border_radius=4)
        t = fonts.text(_("Game log"), 16, GOLD, "ui-bold")
        screen.blit(t, (r.x + 10, r.y + 6))
        hist = self.session.history
        line_h = 19
        rows = (r.h - 36) // line_h
        f = fonts.font(13)
        lines: list[tuple[str, tuple]] = []
        for e in hist:
            colour = (170, 160, 140) if e.automatic else INK
            words = f"R{e.round}  {e.text}".split(" ")
            cur = ""
            for wd in words:
                trial = (cur + " " + wd).strip()
                if f.size(trial)[0] > r.w - 24 and cur:
                    lines.append((cur, colour))
                    cur = "     " + wd
                else:
                    cur = trial
            lines.append((cur, colour))
        self.log_scroll = min(self.log_scroll, max(0, len(lines) - rows))
        end = len(lines) - self.log_scroll
        for i, (text, colour) in enumerate(lines[max(0, end - rows):end]):
            # hook (saves-safety): names from a file are drawn with control characters escaped
            screen.blit(f.render(printable(text, 300), True, colour), (r.x + 10, r.y + 32 + i * line_h))

    def _draw_curtain(self, screen) -> None:
        w, h = screen.get_size()
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        veil.fill((8, 6, 5, 235))
        screen.blit(veil, (0, 0))
        name = self.state.seats[self.curtain].name
        t = fonts.text(_("Pass the computer to {name}").format(name=name), 40, GOLD, "title")
        screen.blit(t, t.get_rect(center=(w // 2, h // 2 - 30)))
        s = fonts.text(_("{name}: click or press Enter to show your hand").format(name=name), 20, INK)
        screen.blit(s, s.get_rect(center=(w // 2, h // 2 + 24)))

    def _draw_help(self, screen) -> None:
        w, h = screen.get_size()
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        veil.fill((8, 6, 5, 225))
        screen.blit(veil, (0, 0))
        t = fonts.text(_("Hotkeys (DragnCards layout, rebindable in {path})").format(path=self.keymap.path),
                       20, GOLD, "ui-bold")
        screen.blit(t, (30, 20))
        groups = {"card": _("Card under the pointer"), "game": _("Game"), "view": _("View")}
        col_w = (w - 60) // 3
        for gi, (g, title) in enumerate(groups.items()):
            x = 30 + gi * col_w
            y = 62
            screen.blit(fonts.text(title, 17, (230, 200, 120), "ui-bold"), (x, y))
            y += 28
            rows = [(self.keymap.label(a), _(desc)) for a, (_k, desc, grp) in ACTIONS.items() if grp == g]
            if g == "card":
                rows += [("1-9", _("Token (upper half adds, lower half removes; Ctrl: 5)"))]
                rows += [(str(i + 1), _(TOKEN_LABEL[tok])) for i, tok in enumerate(TOKEN_TYPES)]
            if g == "view":
                rows += [(_("Wheel"), _("Zoom around the pointer")),
                         (_("Drag table / middle"), _("Pan")),
                         (_("Hold W A S D"), _("Pan (a tap is still the card key)")),
                         (_("Shift+drag"), _("Select with a rubber band; move a pile")),
                         (_("Double-click"), _("Exhaust / ready; open a pile")),
                         (_("Alt+drop"), _("Drop on a card without attaching"))]
            kw = max(fonts.font(14, "ui-bold").size(k)[0] for k, _d in rows) + 16
            for key, desc in rows:
                screen.blit(fonts.text(key, 14, GOLD, "ui-bold"), (x, y))
                screen.blit(fonts.text(desc, 14, INK), (x + kw, y))
                y += 21
        if self.keymap.problems:
            y = h - 30 - 20 * len(self.keymap.problems)
            for p in self.keymap.problems:
                screen.blit(fonts.text(p, 14, (255, 120, 100)), (30, y))
                y += 20
