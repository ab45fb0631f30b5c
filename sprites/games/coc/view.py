"""Circle of Conflict's part of the window (``CocView``): the Ring board, the viewing seat's
player board and battle boards, the others' boards closed; boxes marked with a click, the
Fellowship moved and hunts aimed on the maps, every other decision on the action panel.

What the viewing seat may see comes from ``tabletop.core.view.view`` only: another seat's
board is never in the data this view draws from.
"""
from __future__ import annotations

import pygame

import sprites.games.coc.clicks as clicks
import sprites.games.coc.geometry as G
from sprites.gameview import GameView
import sprites.hud as hud
import sprites.games.coc.battleboard as battleboard
import sprites.games.coc.halfboard as halfboard
import sprites.games.coc.ringboard as ringboard
from sprites.games.coc.actions import Actions
from sprites.games.coc.canvas import FELT
from sprites.games.coc.panel import Panel
from sprites.games.coc.scoresheet import ScoreSheet
from sprites.dicetable import DiceLayer
from sprites.menus import ContextMenu, MenuItem
from tabletop.core.i18n import _
from tabletop.core.view import view as seen_by
import tabletop.games.coc.layout as coc_layout
from tabletop.games.coc.data import game_data
import tabletop.games.coc.slot as S
import tabletop.games.coc.texts as T

GLOW = (255, 170, 40)
MAX_ZOOM = 2.4              # closer than this, a board would be a very large picture
HOVER = (255, 255, 255)


class CocView(GameView):
    """The table of Circle of Conflict as the viewing seat sees it."""
    game_id = "coc"

    def __init__(self, app):
        super().__init__(app)
        self.data = getattr(app.session.rules, "data", None) or game_data()
        self.half_spots = {h: G.half_spots(self.data, self.data.half(h)) for h in ("fp", "sh")}
        self.cache: dict = {}
        self.legal: list = []
        self.glow: set = set()
        self.hover = None
        self.pan: tuple | None = None
        self.panel = Panel()
        self.own_dice = getattr(app, "dice", None) is None   # a host that draws no dice
        self.dice = DiceLayer() if self.own_dice else app.dice
        self.actions = Actions(self)
        self.scores = ScoreSheet(self)
        if not app.session.log and self.enforced and app.session.pending() is not None \
                and not app.ai.is_ai(app.session.pending().seat):
            app.viewer = app.session.pending().seat      # a new game opens at the start player
        self.rebuild(None)
        self.fit_view()

    # ------------------------------------------------------------- the state
    @property
    def enforced(self) -> bool:
        """Does a rules engine run this game (else: the free table)?"""
        return self.app.session.rules.name == "enforce"

    def rebuild(self, entry) -> None:
        """Redraw from the model as the viewing seat may know it."""
        app = self.app
        st = app.state
        self.seen = seen_by(st, app.viewer)
        self.seen_secret = S.secret(self.seen, app.viewer)
        self.placed = G.table(len(st.seats), app.viewer)
        self.sources = {(p.kind, p.key): self._sources(p) for p in self.placed}
        actors = app.session.rules.actors(st) if self.enforced else []
        mine = app.viewer in actors and not app.ai.is_ai(app.viewer)    # an AI seat plays itself
        self.legal = app.session.legal_actions(app.viewer) if mine else []
        self.glow = clicks.glowing(self) if self.legal else set()
        self.actions.fill_panel()
        if S.get(st, "step") == "over" and entry is not None:
            self.scores.visible = True

    def board_of(self, half: str) -> str:
        """The key of the viewing seat's battle board for a half."""
        return S.board_key(self.app.state, self.app.viewer, half)

    def my_side(self, board: str) -> str:
        """"fp" or "sh": the viewing seat's side on a battle board ("" when not on it)."""
        b = S.board(self.app.state, board)
        return "fp" if b.get("fp") == self.app.viewer else "sh" if b.get("sh") == self.app.viewer else ""

    def bottom_side(self, board: str) -> str:
        """The side drawn nearest the viewer (its own, or the Free Peoples)."""
        return self.my_side(board) or "fp"

    # ------------------------------------------------------------- drawing
    @property
    def curtained(self) -> bool:
        """Is the hot-seat curtain down (the next player not there yet)?  Then the viewing
        seat's board stays closed: a see-through curtain must not show it."""
        return getattr(self.app, "curtain", None) is not None

    def _surface(self, placed) -> pygame.Surface:
        """A board drawn at the camera's zoom, drawn again only when what it shows changed."""
        key = (placed.kind, placed.key, self.app.camera.zoom_index, self.curtained)
        if self.cache and next(iter(self.cache))[2] != key[2]:
            self.cache.clear()                        # another zoom: drawn afresh, once
        sig, args = self.sources[(placed.kind, placed.key)]
        found = self.cache.get(key)
        if found is None or found[0] != sig:
            found = self.cache[key] = (sig, self._render(placed, args, self.app.camera.zoom))
        return found[1]

    def _sources(self, placed) -> tuple[str, tuple]:
        """What a board's picture is drawn from, and a signature to tell when it changed."""
        st, me = self.app.state, self.app.viewer
        if placed.kind in ("fp", "sh"):
            hs = self.seen_secret.get(placed.kind)
            board = S.board(st, self.board_of(placed.kind))
            extra = {"title": st.seats[me].name, "levels": board.get("nations", {})}
            if placed.kind == "fp":
                extra["fellowship"] = self.seen_secret.get("fellowship")
            else:
                extra["notes"] = self.seen_secret.get("notes", {})
                extra["facts"] = S.public(st, S.shadow_enemy(st, me)).get("known", [])
            args = (hs, extra)
        elif placed.kind == "battle":
            b = S.board(st, placed.key)
            args = (b, self.bottom_side(placed.key), {side: st.seats[b[side]].name for side in ("fp", "sh")})
        else:
            args = (S.get(st, "gollum", default=0), self.actions.seat_rows())
        return repr(args), args

    def _render(self, placed, args: tuple, z: float) -> pygame.Surface:
        if placed.kind in ("fp", "sh"):
            hs, extra = args
            if hs is None or self.curtained:
                return halfboard.closed(z, placed.kind, extra["title"])
            return halfboard.render(self.data, placed.kind, hs, extra, z)
        if placed.kind == "battle":
            return battleboard.render(self.data, *args, z)
        return ringboard.render(self.data, *args, z)

    def draw(self, screen: pygame.Surface) -> None:
        """The felt, the boards, the glow on every spot where a legal action is."""
        screen.fill(FELT)
        cam = self.app.camera
        for placed in self.placed:
            sx, sy = cam.to_screen(placed.x, placed.y)
            surf = self._surface(placed)
            if sx < screen.get_width() and sy < screen.get_height() and \
                    sx + surf.get_width() > 0 and sy + surf.get_height() > 0:
                screen.blit(surf, (sx, sy))
        if self.own_dice:
            self.dice.draw(screen, cam, self.app.state, clock=self.app.now)
        if self.curtained:
            return
        for placed in self.placed:
            for kind, key, rect in clicks.spots_of(self, placed):
                lit = (placed.kind, placed.key, kind, key) in self.glow
                hovered = self.hover == (placed, kind, key)
                if lit or (hovered and kind):
                    self._outline(screen, placed, rect, GLOW if lit else HOVER, 3 if lit else 2)

    def _outline(self, screen, placed, rect, colour, width: int) -> None:
        cam = self.app.camera
        x, y, w, h = rect
        a = cam.to_screen(placed.x + x - 2, placed.y + y - 2)
        b = cam.to_screen(placed.x + x + w + 2, placed.y + y + h + 2)
        pygame.draw.rect(screen, colour, pygame.Rect(a, (b[0] - a[0], b[1] - a[1])), width,
                         border_radius=4)

    def draw_overlay(self, screen: pygame.Surface) -> None:
        """The action panel and the score table, above the dice (not under the curtain)."""
        if self.curtained:
            return
        self.panel.layout(screen.get_size())
        self.panel.draw(screen)
        self.scores.draw(screen)

    def covers(self, pos) -> bool:
        """The panel and the score table lie over the dice."""
        return self.panel.covers(pos) or self.scores.covers(pos)

    def table_bounds(self) -> tuple[float, float, float, float]:
        """Dice thrown from the tray roll in the Ring board's rolling area, as the game's
        own throws do."""
        return coc_layout.table_bounds()

    # ------------------------------------------------------------- input
    def handle(self, ev) -> bool:
        """Clicks on boards and the panel, dragging the table, the wheel, a few keys."""
        cam = self.app.camera
        if ev.type == pygame.MOUSEMOTION:
            return self._motion(ev)
        if ev.type == pygame.MOUSEWHEEL:
            if ev.y < 0 or cam.zoom * 1.15 <= MAX_ZOOM:
                cam.zoom_at(*self.app.pointer, 1 if ev.y > 0 else -1)
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button in (1, 2):
            if ev.button == 1 and self.scores.visible:
                self.scores.click(ev.pos)
                return True
            if ev.button == 1 and self.panel.click(ev.pos):
                return True
            self.pan = (ev.pos, ev.pos, ev.button)
            return True
        if ev.type == pygame.MOUSEBUTTONUP and self.pan is not None:
            start, _last, button = self.pan
            self.pan = None
            if button == 1 and abs(ev.pos[0] - start[0]) + abs(ev.pos[1] - start[1]) < 6:
                self.actions.click(ev.pos)
            return True
        if ev.type == pygame.KEYDOWN:
            return self.actions.key(ev)
        return False

    def _motion(self, ev) -> bool:
        if self.pan is not None:
            start, last, button = self.pan
            if abs(ev.pos[0] - start[0]) + abs(ev.pos[1] - start[1]) >= 6:
                self.app.camera.pan_pixels(ev.pos[0] - last[0], ev.pos[1] - last[1])
            self.pan = (start, ev.pos, button)
            return True
        self.panel.motion(ev.pos)
        spot = None if self.covers(ev.pos) else clicks.spot_at(self, *self.app.camera.to_world(*ev.pos))
        self.hover = spot if spot and spot[1] else None
        return False

    def update(self, dt: float) -> bool:
        """The dice's tumble, when this view draws them itself."""
        if self.own_dice:
            self.dice.update(dt)
            return self.dice.animating
        return False

    def fit_view(self) -> None:
        """Show the viewing seat's boards and the Ring board, above the action panel."""
        self._fit(G.home_bounds())

    def fit_all(self) -> None:
        """Show every board of the table."""
        self._fit(G.bounds(self.placed))

    def _fit(self, rect) -> None:
        """Frame a table rectangle between the top bar and the band of the panel and tray."""
        cam = self.app.camera
        top_bar, band = hud.bar_h(self.app.screen.get_size()), 100
        full = cam.height
        cam.height = full - top_bar - band
        cam.fit(*rect, margin=10)
        cam.height = full
        cam.cy += (band - top_bar) / 2 / cam.zoom

    # ------------------------------------------------------------- menus, help
    def menu_items(self, pos) -> list:
        """Right-click: what can be done at the spot, then the window's own actions."""
        items = self.actions.menu_at(pos)
        return items + super().menu_items(pos)

    def menu_title(self, pos) -> str:
        """The menu's title: the spot's name."""
        return self.actions.spot_title(pos) or _("Circle of Conflict")

    def popup(self, title: str, items: list[MenuItem]) -> None:
        """A small menu at the pointer (a choice among a few actions)."""
        self.app.menu = ContextMenu(title, items, self.app.pointer, self.app.screen.get_size())

    def help_rows(self) -> list[tuple[str, str]]:
        """Mouse and keys of this table, then the window's."""
        rows = [("", _("Circle of Conflict")),
                (_("click a box"), _("spend an icon on it (free table: mark / erase)")),
                (_("click your map"), _("move the Fellowship; on the Shadow map: hunt or note")),
                (_("click an arc"), _("use a ready character")),
                (_("Enter"), _("the panel's main button (roll, close the board, finish)")),
                (_("T"), _("the score table")),
                (_("Space / Home"), _("the whole table / your boards")),
                (_("wheel, drag"), _("zoom, move the table"))]
        return rows + super().help_rows()

    def curtain_hint(self, name: str) -> str:
        """The hot-seat curtain's second line: this game has boards, no hand."""
        return _("{name}: click or press Enter to show your boards").format(name=name)

    def status(self) -> list[str]:
        """Round and step, the viewing seat, whom the game waits for."""
        st = self.app.state
        out = [_("Round {n}").format(n=st.round)]
        step = S.get(st, "step")
        if self.enforced and step:
            out[0] += " · " + T.step_name(step)
        out.append(_("You: {name}").format(name=st.seats[self.app.viewer].name))
        return out


VIEW = CocView          # found by the window (sprites.gameview.view_class)
