"""The War of the Ring table in the window: the drawn map, figures, the side panel.

Drag a token to move its figures (Shift: one figure; Ctrl: the whole army of
that side in the region); drop it on a region held by the enemy to attack.
The drop snaps the figures into the region, where they stack with a count per
kind.  Right-click a token, a region, a die or a card for everything else.
"""
from __future__ import annotations

import pygame

from sprites import fonts
from sprites.gameview import GameView
from sprites.games.wotr.actions import Actions
from sprites.games.wotr.cardpic import card_face
from sprites.games.wotr.figures import Group, groups_in, layout, token
from sprites.games.wotr.maptiles import MapTiles
from sprites.games.wotr.panel import WIDTH as PANEL_W, Panel, phase_name
from tabletop.core.i18n import _
from tabletop.core.model import TABLE
import tabletop.games.wotr.geo as geo
from tabletop.games.wotr.base import face_word
from tabletop.games.wotr.data import regions
import tabletop.games.wotr.commands as C
import tabletop.games.wotr.state as S
from tabletop.games.wotr.victory import KINDS, how_won

TABLE_BG = (26, 22, 19)
OK_LINE = (90, 200, 110)
BAD_LINE = (220, 70, 60)
HOTKEYS = {pygame.K_n: "next", pygame.K_r: "roll", pygame.K_f: "fellowship",
           pygame.K_c: "draw_character", pygame.K_g: "draw_strategy", pygame.K_p: "pass",
           pygame.K_b: "combat_roll"}


class WotrView(GameView):
    """War of the Ring's game view (see ``sprites.gameview.GameView``)."""

    def __init__(self, app):
        super().__init__(app)
        self.tiles = MapTiles()
        self.panel = Panel()
        self.actions = Actions(app)
        self.panel_surf: pygame.Surface | None = None
        self.hits: list[tuple[Group, pygame.Rect, str]] = []
        self.drag: dict | None = None
        self.pan: tuple | None = None
        self.casualties: dict[int, str] = {}
        self.hover_card: int | None = None
        self._painted: tuple = ()
        self.fit_view()

    # ------------------------------------------------------------ basics
    @property
    def st(self):
        return self.app.session.state

    def map_width(self) -> int:
        return self.app.screen.get_width() - PANEL_W

    def rebuild(self, entry) -> None:
        """The table changed: the panel is painted again, stale choices dropped."""
        self.panel_surf = None
        if not S.get(self.st, "battle"):
            self.casualties.clear()

    def fit_view(self) -> None:
        """The whole map in the area left of the panel."""
        cam = self.app.camera
        w, h = geo.size()
        full = cam.width
        cam.width = max(200, full - PANEL_W)
        full_h = cam.height
        cam.height = max(200, full_h - 34)
        cam.fit(0, 0, w, h, margin=4)
        cam.width, cam.height = full, full_h
        cam.cx += (PANEL_W / 2) / cam.zoom
        cam.cy -= 17 / cam.zoom                     # clear of the window's top bar

    # ------------------------------------------------------------ drawing
    def draw(self, screen) -> None:
        """Map, figures, the dragged token and the panel."""
        screen.fill(TABLE_BG)
        mw = self.map_width()
        screen.set_clip(pygame.Rect(0, 0, mw, screen.get_height()))
        self.tiles.blit(screen, self.app.camera)
        self._draw_highlights(screen)
        self._draw_figures(screen)
        self._draw_drag(screen)
        screen.set_clip(None)
        curtained = self.app.curtain is not None
        if self.panel_surf is None or self.panel_surf.get_height() != screen.get_height() \
                or self._painted != (curtained, self.app.viewer):
            self._painted = (curtained, self.app.viewer)
            self.panel_surf = self.panel.paint(self.st, self.app.viewer, screen.get_height(),
                                               self.actions.selected, self.actions.buttons(),
                                               self.prompt(), curtained)
        screen.blit(self.panel_surf, (mw, 0))

    def prompt(self) -> str:
        """What the game waits for, as the sitting seat sees it."""
        choice = self.app.session.pending()
        if choice is None or S.get(self.st, "outcome"):
            return ""
        if choice.seat == self.app.viewer:
            if choice.kind == "act" and S.get(self.st, "phase") == "actions" \
                    and not S.get(self.st, "battle"):
                return choice.prompt + " " + _("(drag figures to move or attack; right-click a "
                                               "region, a die or a card for the rest)")
            return choice.prompt
        name = self.st.seats[choice.seat].name if 0 <= choice.seat < len(self.st.seats) else ""
        return _("Waiting for {name}: {prompt}").format(name=name, prompt=choice.prompt)

    def draw_overlay(self, screen) -> None:
        """Above the dice: the face of the card under the pointer (the viewer's hand
        or the table)."""
        cid = self.hover_card
        if cid is None or self.app.curtain is not None or (
                cid not in self.st.zones[f"hand.{self.app.viewer}"].cards
                and cid not in self.st.zones[TABLE].cards):
            return
        face = card_face(self.st.cards[cid].code, 210, 294)
        y = max(40, min(screen.get_height() - 304, self.app.pointer[1] - 147))
        screen.blit(face, (self.map_width() - 224, y))

    def covers(self, pos) -> bool:
        """The side panel lies over the table."""
        return pos[0] >= self.map_width()

    def table_bounds(self) -> tuple[float, float, float, float]:
        """Dice roll on the map."""
        w, h = geo.size()
        return (0.0, 0.0, float(w), float(h))

    def menu_title(self, pos) -> str:
        """The right-click menu's title: the region or token under the pointer."""
        tok = self.token_at(pos) if pos[0] < self.map_width() else None
        if tok is not None:
            return _(regions()[tok[2]].name)
        rid = geo.region_at(*self.app.camera.to_world(*pos)) if pos[0] < self.map_width() else None
        return _(regions()[rid].name) if rid else _("War of the Ring")

    def token_size(self) -> int:
        return max(16, min(44, int(36 * self.app.camera.zoom)))

    def _draw_figures(self, screen) -> None:
        cam = self.app.camera
        size = self.token_size()
        self.hits = []
        sw, sh = screen.get_size()
        dragged = set(self.drag["ids"]) if self.drag else set()
        for rid, shape in geo.shapes().items():
            sx, sy = cam.to_screen(*shape.site)
            if not (-120 < sx < sw + 120 and -120 < sy < sh + 120):
                continue
            groups = groups_in(self.st, rid)
            if not groups:
                continue
            for g, rect in layout(groups, (sx, sy), size):
                left = [c for c in g.ids if c not in dragged]
                if not left:
                    continue
                shown = g if len(left) == len(g.ids) else Group(g.kind, g.side, g.nation, left,
                                                                g.label, g.state)
                screen.blit(token(shown, size), rect)
                self._draw_casualty_marks(screen, g, rect)
                self.hits.append((g, rect, rid))
        self._draw_battle(screen)

    def _draw_casualty_marks(self, screen, g: Group, rect) -> None:
        marks = [self.casualties[c] for c in g.ids if c in self.casualties]
        if marks:
            img = fonts.text("×" * marks.count("remove") + "↓" * marks.count("reduce"), 14,
                             (255, 80, 60), "ui-bold")
            screen.blit(img, img.get_rect(midbottom=rect.midtop))

    def _draw_battle(self, screen) -> None:
        b = S.get(self.st, "battle")
        if not b:
            return
        x, y = self.app.camera.to_screen(*geo.shapes()[b["region"]].site)
        img = fonts.text(_("Battle, round {n}").format(n=b["round"]), 15, (255, 230, 160), "ui-bold")
        box = img.get_rect(midbottom=(x, y - 40))
        pygame.draw.rect(screen, (120, 20, 20), box.inflate(10, 6), border_radius=5)
        screen.blit(img, box)

    def _draw_highlights(self, screen) -> None:
        if not self.drag:
            return
        cam = self.app.camera
        origin = self.drag["origin"]
        target = geo.region_at(*cam.to_world(*self.app.pointer))
        if origin:
            self._outline(screen, origin, (240, 220, 140), 2)
        if target and target != origin:
            good = origin is None or target in regions()[origin].passable or \
                self.drag["kind"] == "character"
            self._outline(screen, target, OK_LINE if good else BAD_LINE, 4)

    def _outline(self, screen, rid: str, colour, width: int) -> None:
        cam = self.app.camera
        pts = [cam.to_screen(x, y) for x, y in geo.shapes()[rid].outline]
        pygame.draw.lines(screen, colour, True, pts, width)

    def _draw_drag(self, screen) -> None:
        if not self.drag:
            return
        g = self.drag["group"]
        img = token(Group(g.kind, g.side, g.nation, self.drag["ids"], g.label, g.state),
                    self.token_size() + 6)
        screen.blit(img, img.get_rect(center=self.app.pointer))

    # ------------------------------------------------------------- input
    def handle(self, ev) -> bool:
        """Mouse and keys the host did not use."""
        if ev.type == pygame.MOUSEBUTTONDOWN:
            return self._down(ev)
        if ev.type == pygame.MOUSEMOTION:
            return self._motion(ev)
        if ev.type == pygame.MOUSEBUTTONUP:
            return self._up(ev)
        if ev.type == pygame.MOUSEWHEEL:
            self.app.camera.zoom_at(*self.app.pointer, 1 if ev.y > 0 else -1)
            return True
        if ev.type == pygame.KEYDOWN:
            return self._key(ev)
        return False

    def _down(self, ev) -> bool:
        pos = ev.pos
        if pos[0] >= self.map_width():
            if ev.button != 1:
                return False
            return self._panel_click((pos[0] - self.map_width(), pos[1]))
        if ev.button == 2:
            self.pan = pos
            return True
        if ev.button != 1:
            return False
        hit = self.token_at(pos)
        if hit is None:
            self.pan = pos
            return True
        g, _rect, rid = hit
        if self._battle_pick(g, rid):
            return True
        self._start_drag(g, rid)
        return True

    def _start_drag(self, g: Group, rid: str) -> None:
        mods = self.app.mods
        ids = list(g.ids)
        if mods & pygame.KMOD_SHIFT:
            ids = ids[-1:]
        elif mods & pygame.KMOD_CTRL and g.side:
            ids = [c for c in S.pieces_in(self.st, rid) if S.side_of_piece(self.st, c) == g.side
                   and S.kind(self.st, c) in ("regular", "elite", "leader", "nazgul")]
        kind = "army" if g.kind in ("regular", "elite", "leader") else "character"
        self.drag = {"ids": ids, "origin": rid, "group": g, "kind": kind}

    def _battle_pick(self, g: Group, rid: str) -> bool:
        """In the casualty step a click on one's own unit in the battle marks it."""
        b = S.get(self.st, "battle")
        if not b or b.get("stage") != "hits" or g.kind not in ("regular", "elite"):
            return False
        side = S.seat_side(self.st, self.app.viewer)
        if g.side != side or rid != (b["origin"] if side == b["attacker"] else b["region"]):
            return False
        for cid in g.ids:
            state = self.casualties.get(cid)
            if state is None:
                self.casualties[cid] = "reduce" if g.kind == "elite" else "remove"
                return True
            if state == "reduce":
                self.casualties[cid] = "remove"
                return True
        for cid in g.ids:
            self.casualties.pop(cid, None)
        return True

    def _motion(self, ev) -> bool:
        mw = self.map_width()
        hit = self.panel.hit((ev.pos[0] - mw, ev.pos[1])) if ev.pos[0] >= mw else None
        self.hover_card = hit[1] if hit and hit[0] == "card" else None
        if self.pan is not None:
            dx, dy = ev.pos[0] - self.pan[0], ev.pos[1] - self.pan[1]
            self.app.camera.pan_pixels(dx, dy)
            self.pan = ev.pos
            return True
        return self.drag is not None

    def _up(self, ev) -> bool:
        if self.pan is not None:
            self.pan = None
            return True
        if self.drag is None or ev.button != 1:
            return False
        drag, self.drag = self.drag, None
        if ev.pos[0] >= self.map_width():
            return True
        target = geo.region_at(*self.app.camera.to_world(*ev.pos))
        if target is None or target == drag["origin"]:
            return True
        self.actions.move(drag["ids"], drag["origin"], target)
        return True

    def _panel_click(self, pos) -> bool:
        hit = self.panel.hit(pos)
        if hit is None:
            return True
        what, value = hit
        if what == "die":
            self.actions.selected = None if self.actions.selected == value else value
        elif what == "button":
            self.actions.press(value)
        elif what == "card":
            self.app.toast(_("Right-click a card to play or discard it."), 2)
        self.panel_surf = None
        return True

    def _key(self, ev) -> bool:
        if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.casualties:
            remove = tuple(c for c, v in self.casualties.items() if v == "remove")
            reduce = tuple(c for c, v in self.casualties.items() if v == "reduce")
            if self.actions.submit(C.TakeHits(self.app.viewer, remove, reduce)):
                self.casualties.clear()
            return True
        if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            choice = self.app.session.pending()
            if choice is not None and choice.seat != self.app.viewer:
                self.actions.press("sit")           # hot-seat: sit where the game waits
                return True
        if ev.key == pygame.K_ESCAPE and (self.casualties or self.actions.selected):
            self.casualties.clear()
            self.actions.selected = None
            self.panel_surf = None
            return True
        if S.get(self.st, "phase") == "hunt" and pygame.K_0 <= ev.key <= pygame.K_9:
            self.actions.submit(C.AllocateHunt(self.app.viewer, ev.key - pygame.K_0))
            return True
        action = HOTKEYS.get(ev.key)
        if action is None or ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return False
        self.actions.press(action)
        return True

    def token_at(self, pos):
        """The token under a screen point, if any."""
        for hit in reversed(self.hits):
            if hit[1].collidepoint(pos):
                return hit
        return None

    def update(self, dt: float) -> bool:
        """Nothing animates; a drag or a pan redraws."""
        return self.drag is not None or self.pan is not None

    # ------------------------------------------------------------ menus
    def menu_items(self, pos) -> list:
        """Right click: a token, a region, a die or a card of the hand."""
        if pos[0] >= self.map_width():
            hit = self.panel.hit((pos[0] - self.map_width(), pos[1]))
            if hit and hit[0] == "die":
                return self.actions.die_menu(*hit[1])
            if hit and hit[0] == "card":
                return self.actions.card_menu(hit[1])
            return self.actions.politics_menu()
        tok = self.token_at(pos)
        if tok is not None:
            return self.actions.piece_menu(tok[0].ids, tok[2])
        rid = geo.region_at(*self.app.camera.to_world(*pos))
        return self.actions.region_menu(rid) if rid else super().menu_items(pos)

    def help_rows(self) -> list[tuple[str, str]]:
        """The game's keys and gestures for the help overlay."""
        return super().help_rows() + [
            (_("drag a token"), _("move those figures to a region (onto an enemy: attack)")),
            (_("Shift+drag / Ctrl+drag"), _("move one figure / the whole army")),
            (_("right-click"), _("everything else on a token, region, die or card")),
            (_("click a die"), _("choose the die the next action uses")),
            ("N", _("next phase / end the turn")), ("R", _("roll the action dice")),
            ("0-9", _("Hunt allocation: that many dice")),
            ("F", _("move the Fellowship (Character die)")),
            ("C / G", _("draw a Character / Strategy event card")), ("P", _("pass")),
            ("B", _("combat roll")), (_("click units, Enter"), _("choose casualties, take the hits")),
            (_("wheel, drag the ground"), _("zoom, pan")),
        ]

    def status(self) -> list[str]:
        """The turn and phase, then what the game waits for, in words."""
        st = self.st
        first = _("Turn {n} · {phase}").format(n=st.round, phase=phase_name(S.get(st, "phase")))
        if S.get(st, "outcome"):
            how = how_won(st) or "military"
            return [first, _("The {side} have won: {how}.").format(
                side=S.side_name(S.get(st, "outcome")), how=_(KINDS[how]))]
        choice = self.app.session.pending()
        if choice is None:
            return [first]
        who = st.seats[choice.seat].name if 0 <= choice.seat < len(st.seats) else ""
        line = f"{who}: {choice.prompt}"
        if self.actions.selected:
            side, i = self.actions.selected
            line += " · " + _("die chosen: {die}").format(
                die=face_word(S.get(st, "dice", side)[i]["face"]))
        return [first, line]


VIEW = WotrView         # found by the window (sprites.gameview.view_class)
