"""Drawing the card game's table: mats, piles, cards, tokens, dials and the token supply.

The view reads the model and never changes it.  The draw list is rebuilt only
when the table changes (``rebuild``); a frame is then a loop of cached opaque
blits.  While something is dragged, everything else is composed once into a
static layer and each frame blits that layer plus the dragged pieces.
"""
from __future__ import annotations

import math

import pygame

import sprites.fonts as fonts
import tabletop.games.lcg.layout as layout
from sprites.actions import N_
from sprites.camera import Camera
from sprites.palette import FELT, GOLD, HOVER, INK, MAT, MAT_EDGE, SELECT, SHARED_MAT
from sprites.games.lcg.surfaces import FaceCache, TokenArt, token_slot
from sprites.lru import LRU
from tabletop.core.i18n import _
from tabletop.core.model import CARD_H, CARD_W, TABLE, TableState
from tabletop.core.view import can_see
from tabletop.games.lcg.cards import TOKEN_TYPES, CardDB

DIAL_R = 46
SUPPLY_TOKENS = TOKEN_TYPES


class DrawItem:
    """A card as the table draws it: where, its face and pose, its tokens."""

    __slots__ = ("cid", "x", "y", "w", "h", "exhausted", "key", "tokens", "code", "side",
                 "face_up", "current")

    def __init__(self, cid, x, y, exhausted, code, side, face_up, tokens, current=()):
        self.cid = cid
        self.x = x
        self.y = y
        self.exhausted = exhausted
        self.w = CARD_H if exhausted else CARD_W
        self.h = CARD_W if exhausted else CARD_H
        self.code = code
        self.side = side
        self.face_up = face_up
        self.tokens = tokens
        self.current = current      # stats that differ from the printed ones (current.py)


class TableView:
    """Draws the card game's table from the model and answers what is under a screen point."""

    def __init__(self, db: CardDB, faces: FaceCache | None = None):
        self.db = db
        self.faces = faces or FaceCache(db)
        self.tokens = TokenArt()
        self.items: list[DrawItem] = []
        self.by_id: dict[int, DrawItem] = {}
        self.static_cache = LRU(64)
        self.state: TableState | None = None
        self.layer: pygame.Surface | None = None
        self.committed: frozenset = frozenset()     # characters committed to the quest
        self.layer_key = None
        self.version = 0
        self.table_layer = None      # (key, surface, world x0, world y0): the whole table at one zoom
        self._rects = None           # (key, [Rect in zoomed table pixels] aligned with items)
        self._quests = None          # (version, [(item, card data)]) of the quest stages

    # ------------------------------------------------------------ scene
    def rebuild(self, state: TableState, now=None, places=None) -> None:
        """Recompute the draw list (world positions, draw order) from the state; ``now``
        (``current.Now``): the engine's current stats and committed characters;
        ``places``: where cards are drawn instead of where the model has them
        (``arrange.places``: rows kept tidy)."""
        self.state = state
        self.committed = now.committed if now is not None else frozenset()
        stats = now.stats if now is not None else {}
        places = places or {}
        cards = state.cards
        table = state.table.cards
        children: dict[int, list[int]] = {}
        roots = []
        for cid in table:
            host = cards[cid].attached_to
            if host is None or host not in cards or cards[host].zone != TABLE:
                roots.append(cid)
            else:
                children.setdefault(state.root(cid), []).append(cid)
        items = []
        for rid in roots:
            root = cards[rid]
            # attachments tucked under the host where the model puts them; the furthest
            # out of each kind is drawn first
            counts = {"attachment": 0, "shadow": 0}
            placed = []
            for k in children.get(rid, ()):
                kind = cards[k].attach_kind or "attachment"
                counts[kind] = counts.get(kind, 0) + 1
                placed.append((counts[kind], k))
            rx, ry = places.get(rid, (root.x, root.y))
            for _i, k in sorted(placed, key=lambda t: -t[0]):
                c = cards[k]
                x, y = places.get(k) or state.position(k)
                if k not in places:
                    x, y = x - root.x + rx, y - root.y + ry      # with its host, wherever drawn
                items.append(DrawItem(k, x, y, c.exhausted, c.code, c.side, c.face_up,
                                      dict(c.tokens), stats.get(k, ())))
            items.append(DrawItem(rid, rx, ry, root.exhausted, root.code, root.side,
                                  root.face_up, dict(root.tokens), stats.get(rid, ())))
        self.items = items
        self.by_id = {it.cid: it for it in items}
        self.layer_key = None
        self.version += 1
        self.table_layer = None
        self._rects = None
        self._seq = None

    # ------------------------------------------------------------- sizes
    @staticmethod
    def card_px(camera: Camera) -> tuple[int, int]:
        """A ready card's size on screen at the camera's zoom."""
        z = camera.zoom
        return max(4, int(round(CARD_W * z))), max(6, int(round(CARD_H * z)))

    def screen_rect(self, camera: Camera, item: DrawItem) -> pygame.Rect:
        """A drawn card's rectangle on screen."""
        w, h = self.card_px(camera)
        if item.exhausted:
            w, h = h, w
        sx, sy = camera.to_screen(item.x, item.y)
        return pygame.Rect(sx - w // 2, sy - h // 2, w, h)

    def zone_rect(self, camera: Camera, zone) -> pygame.Rect:
        """A pile's rectangle on screen."""
        w, h = self.card_px(camera)
        sx, sy = camera.to_screen(zone.x, zone.y)
        return pygame.Rect(sx - w // 2, sy - h // 2, w, h)

    # ----------------------------------------------------------- drawing
    def draw(self, screen: pygame.Surface, camera: Camera, viewer: int,
             hover: int | None = None, selected=frozenset(), skip=frozenset(),
             anims: dict | None = None, now: float = 0.0) -> None:
        """Draw the whole table (everything but the screen-space HUD).

        Without animations or skipped cards, the table is composed once per zoom
        step and change into one layer, so a panning frame is a single blit.
        """
        if self.use_layer and not skip and not anims:
            layer = self._layer(camera, viewer)
            if layer is not None:
                surf, wx0, wy0 = layer
                ox, oy = camera.to_screen(wx0, wy0)
                if ox > 0 or oy > 0 or ox + surf.get_width() < camera.width or \
                        oy + surf.get_height() < camera.height:
                    screen.fill(FELT)
                screen.blit(surf, (ox, oy))
                self._draw_marks(screen, camera, hover, selected, skip)
                return
        self._draw_full(screen, camera, viewer, hover, selected, skip, anims, now)

    LAYER_MAX_PIXELS = 9_000_000
    use_layer = True             # the benchmark turns it off to time a true per-card redraw

    def world_bounds(self) -> tuple[float, float, float, float]:
        """The table area with everything on it, in table units."""
        state = self.state
        left, top, right, bottom = layout.state_bounds(state)
        for it in self.items:
            left, right = min(left, it.x - CARD_H), max(right, it.x + CARD_H)
            top, bottom = min(top, it.y - CARD_H), max(bottom, it.y + CARD_H)
        for z in state.zones.values():
            if z.kind not in ("table", "hand"):
                left, right = min(left, z.x - CARD_W), max(right, z.x + CARD_W)
                top, bottom = min(top, z.y - CARD_H), max(bottom, z.y + CARD_H)
        m = 60
        return (left - m, top - m, right + m, bottom + m)

    LAYER_SETTLE_FRAMES = 12

    def _layer(self, camera: Camera, viewer: int):
        """The composed table for this zoom step, built once the table has been
        still for a few frames (so an action's frame never pays for it)."""
        key = (camera.zoom_index, self.version, viewer)
        if self.table_layer is not None and self.table_layer[0] == key:
            return self.table_layer[1]
        if getattr(self, "_waiting", None) != key:
            self._waiting, self._waited = key, 0
        self._waited += 1
        if self._waited < self.LAYER_SETTLE_FRAMES:
            return None
        left, top, right, bottom = self.world_bounds()
        z = camera.zoom
        w, h = int((right - left) * z) + 1, int((bottom - top) * z) + 1
        if w * h > self.LAYER_MAX_PIXELS:
            self.table_layer = (key, None)
            return None
        surf = pygame.Surface((w, h))
        if pygame.display.get_surface() is not None:
            surf = surf.convert()
        cam = Camera(w, h, camera.zoom_index)
        cam.cx, cam.cy = left + w / 2 / z, top + h / 2 / z
        self._draw_full(surf, cam, viewer, None, frozenset(), frozenset(), {}, 0.0)
        value = (surf, left, top)
        self.table_layer = (key, value)
        return value

    def _draw_full(self, screen, camera, viewer, hover, selected, skip, anims, now) -> None:
        state = self.state
        screen.fill(FELT)
        self._draw_regions(screen, camera, state)
        self._draw_piles(screen, camera, state, viewer)
        self._draw_dials(screen, camera, state)
        self._draw_supply(screen, camera)
        self._draw_cards(screen, camera, skip, anims or {}, now)
        self._draw_quest_progress(screen, camera, skip)
        self._draw_marks(screen, camera, hover, selected, skip)

    def _draw_quest_progress(self, screen, camera, skip) -> None:
        """On the current quest stage's lower edge: its progress against its quest points."""
        z = camera.zoom
        if self._quests is None or self._quests[0] != self.version:
            stages = [(it, self.db.by_code[it.code]) for it in self.items
                      if it.face_up and it.code in self.db.by_code
                      and self.db.by_code[it.code].type == "quest"]
            self._quests = (self.version, stages[-1:])      # the current stage: the topmost
        for it, cdef in self._quests[1]:
            if it.cid in skip:
                continue
            need = cdef.quest_points if it.side == "B" else None
            have = it.tokens.get("progress", 0)
            text = _("Progress {n} / {q}").format(n=have, q=need) if need is not None \
                else _("Progress {n}").format(n=have)
            done = need is not None and have >= need
            r = self.screen_rect(camera, it)

            def make(text=text, done=done, width=r.w - 6):
                label = fonts.text(text, max(10, int(14 * z)), (140, 230, 150) if done else GOLD,
                                   "ui-bold")
                if label.get_width() > width:          # as wide as the card, no wider
                    label = pygame.transform.smoothscale(label, (max(1, width), label.get_height()))
                return label
            label = self.static_cache.get_or(("qprog", text, done, int(14 * z), r.w), make)
            # under the card, as a pile's name is: its quest points stay readable
            box = label.get_rect(midtop=(r.centerx, r.bottom + max(2, int(4 * z)))).inflate(6, 4)
            pygame.draw.rect(screen, (20, 18, 14), box, border_radius=6)
            pygame.draw.rect(screen, (140, 230, 150) if done else GOLD, box, 1, border_radius=6)
            screen.blit(label, label.get_rect(center=box.center))

    def draw_static(self, screen: pygame.Surface, camera: Camera, viewer: int,
                    selected=frozenset(), skip=frozenset()) -> None:
        """Draw the table without the ``skip`` cards, from a cached layer when possible."""
        key = (camera.key(), frozenset(skip), frozenset(selected), viewer, id(self.items))
        if self.layer is None or self.layer.get_size() != screen.get_size():
            self.layer = pygame.Surface(screen.get_size()).convert() \
                if pygame.display.get_surface() else pygame.Surface(screen.get_size())
            self.layer_key = None
        if self.layer_key != key:
            self._draw_full(self.layer, camera, viewer, None, selected, skip, {}, 0.0)
            self._draw_marks(self.layer, camera, None, selected, skip)
            self.layer_key = key
        screen.blit(self.layer, (0, 0))

    def draw_items(self, screen: pygame.Surface, camera: Camera, ids, dx=0.0, dy=0.0,
                   lifted=True) -> list[pygame.Rect]:
        """Draw some table cards (and what hangs from them) shifted by (dx, dy)."""
        w0, h0 = self.card_px(camera)
        rects = []
        z = camera.zoom
        sw = 4 + int(6 * z)
        for cid in ids:
            it = self.by_id.get(cid)
            if it is None:
                continue
            surf = self.faces.face(it.code, it.side, it.face_up, w0, h0, it.exhausted, it.current)
            w, h = surf.get_size()
            sx, sy = camera.to_screen(it.x + dx, it.y + dy)
            r = pygame.Rect(sx - w // 2, sy - h // 2, w, h)
            if lifted:
                shadow = self._shadow(w, h)
                screen.blit(shadow, (r.x + sw, r.y + sw))
            screen.blit(surf, r)
            self._draw_tokens(screen, it, r)
            rects.append(r.inflate(sw * 2 + 4, sw * 2 + 4).move(sw // 2, sw // 2))
        return rects

    def _shadow(self, w, h) -> pygame.Surface:
        def make():
            s = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(s, (0, 0, 0, 90), (0, 0, w, h), border_radius=max(2, w // 14))
            return s
        return self.static_cache.get_or(("shadow", w, h), make)

    def _card_sequence(self, camera: Camera) -> list:
        """(surface, x, y) of every card and token badge in zoomed table pixels, in
        drawing order; rebuilt only when the zoom step or the table changes."""
        key = (camera.zoom_index, self.version)
        if getattr(self, "_seq", None) is None or self._seq[0] != key:
            w0, h0 = self.card_px(camera)
            face = self.faces.face
            seq = []
            for it, r in zip(self.items, self._zoomed_rects(camera)):
                surf = face(it.code, it.side, it.face_up, w0, h0, it.exhausted, it.current)
                seq.append((surf, r.x, r.y))
                if it.tokens:
                    seq.extend((b, x, y) for b, (x, y) in self._token_blits(it, r))
            self._seq = (key, seq)
        return self._seq[1]

    def _draw_cards(self, screen, camera, skip, anims, now) -> None:
        if not skip and not anims:
            ox, oy = self._offset(camera)
            screen.fblits([(surf, (x + ox, y + oy)) for surf, x, y in self._card_sequence(camera)])
            return
        w0, h0 = self.card_px(camera)
        z = camera.zoom
        cx, cy = camera.cx, camera.cy
        hw, hh = camera.width / 2, camera.height / 2
        sw, sh = screen.get_size()
        face = self.faces.face
        blits = []
        for it in self.items:
            if it.cid in skip:
                continue
            anim = anims.get(it.cid)
            if anim is not None:
                self._flush(screen, blits)
                blits = []
                self._draw_anim(screen, camera, it, anim, now)
                continue
            surf = face(it.code, it.side, it.face_up, w0, h0, it.exhausted, it.current)
            w, h = surf.get_size()
            x = int((it.x - cx) * z + hw) - (w >> 1)
            y = int((it.y - cy) * z + hh) - (h >> 1)
            if x > sw or y > sh or x + w < 0 or y + h < 0:
                continue
            blits.append((surf, (x, y)))
            if it.tokens:
                # tokens must sit above this card but below later ones
                self._flush(screen, blits)
                blits = []
                self._draw_tokens(screen, it, pygame.Rect(x, y, w, h))
        self._flush(screen, blits)

    @staticmethod
    def _flush(screen, blits) -> None:
        if blits:
            screen.fblits(blits)

    def _draw_anim(self, screen, camera, it: DrawItem, anim, now) -> None:
        """A card turning between ready and exhausted (only animating cards rotate per frame)."""
        start, dur, a0, a1 = anim
        t = min(1.0, max(0.0, (now - start) / dur))
        t = 1 - (1 - t) ** 3
        angle = a0 + (a1 - a0) * t
        w0, h0 = self.card_px(camera)
        base = self.faces.face(it.code, it.side, it.face_up, w0, h0, False, it.current)
        rot = pygame.transform.rotate(base, -angle)
        rot.set_colorkey(base.get_colorkey())
        sx, sy = camera.to_screen(it.x, it.y)
        screen.blit(rot, rot.get_rect(center=(sx, sy)))

    def _draw_tokens(self, screen, it: DrawItem, rect: pygame.Rect) -> None:
        screen.fblits(self._token_blits(it, rect))

    def _token_blits(self, it: DrawItem, rect: pygame.Rect) -> list:
        out = []
        size = max(12, int(min(rect.w, rect.h) * 0.30))
        if it.exhausted:
            w, h = rect.h, rect.w
        else:
            w, h = rect.w, rect.h
        for tok, n in it.tokens.items():
            if not n:
                continue
            fx, fy = token_slot(tok)
            if it.exhausted:        # rotate the slot grid with the card
                px, py = rect.x + (1 - fy) * rect.w, rect.y + fx * rect.h
            else:
                px, py = rect.x + fx * w, rect.y + fy * h
            badge = self.tokens.badge(tok, n, size)
            out.append((badge, (int(px) - size // 2, int(py) - size // 2)))
        return out

    def _draw_marks(self, screen, camera, hover, selected, skip) -> None:
        for cid in self.committed:
            it = self.by_id.get(cid)
            if it is not None and cid not in skip:
                self._draw_committed(screen, self.screen_rect(camera, it))
        for cid in selected:
            it = self.by_id.get(cid)
            if it is not None and cid not in skip:
                r = self.screen_rect(camera, it).inflate(6, 6)
                pygame.draw.rect(screen, SELECT, r, 3, border_radius=max(3, r.w // 12))
        if hover is not None and hover in self.by_id and hover not in skip:
            r = self.screen_rect(camera, self.by_id[hover]).inflate(4, 4)
            pygame.draw.rect(screen, HOVER, r, 2, border_radius=max(3, r.w // 12))

    def _draw_committed(self, screen, r: pygame.Rect) -> None:
        """A character committed to the quest: a gold outline and a "Questing" tab under
        it (ready or exhausted alike)."""
        pygame.draw.rect(screen, GOLD, r.inflate(4, 4), 2, border_radius=max(3, r.w // 12))

        def make(w=min(r.w, r.h)):
            size = max(9, min(15, w // 6))
            t = fonts.text(_("Questing"), size, (30, 22, 10), "ui-bold")
            tab = pygame.Surface((min(w, t.get_width() + 10), t.get_height() + 2), pygame.SRCALPHA)
            pygame.draw.rect(tab, (*GOLD, 240), tab.get_rect(), border_radius=4)
            if t.get_width() > tab.get_width() - 4:
                t = pygame.transform.smoothscale(t, (tab.get_width() - 4, t.get_height()))
            tab.blit(t, t.get_rect(center=tab.get_rect().center))
            return tab
        tab = self.static_cache.get_or(("questing", min(r.w, r.h)), make)
        screen.blit(tab, tab.get_rect(midtop=(r.centerx, r.bottom + 1)))

    # ------------------------------------------------------- table parts
    def _draw_regions(self, screen, camera, state) -> None:
        self._state = state          # for the labels: a seat's mats carry its current name
        z = camera.zoom
        for reg in state.regions:
            x, y = camera.to_screen(reg.x, reg.y)
            w, h = int(reg.w * z), int(reg.h * z)
            if x > camera.width or y > camera.height or x + w < 0 or y + h < 0:
                continue
            surf = self.static_cache.get_or(("region", reg.id, reg.label, w, h, reg.owner),
                                            lambda: self._region_surface(reg, w, h, z))
            screen.blit(surf, (x, y))

    def _region_surface(self, reg, w, h, z) -> pygame.Surface:
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        colour = SHARED_MAT if reg.owner is None else MAT
        r = max(3, int(14 * z))
        pygame.draw.rect(s, (*colour, 235), (0, 0, w, h), border_radius=r)
        pygame.draw.rect(s, (*MAT_EDGE, 255), (0, 0, w, h), max(1, int(2 * z)), border_radius=r)
        size = max(9, int(15 * z))
        text = layout.shown_label(self._state, reg)
        while size > 8 and fonts.font(size, "ui-bold").size(text)[0] > w - int(16 * z):
            size -= 1
        label = fonts.text(text, size, (200, 210, 190), "ui-bold").copy()
        label.set_alpha(170)
        s.blit(label, (int(10 * z), int(5 * z)))
        return s

    def _draw_piles(self, screen, camera, state, viewer) -> None:
        self._state = state
        w0, h0 = self.card_px(camera)
        z = camera.zoom
        for zone in state.zones.values():
            if zone.kind in ("table", "hand"):
                continue
            r = self.zone_rect(camera, zone)
            if not r.colliderect(screen.get_rect().inflate(200, 200)):
                continue
            n = len(zone.cards)
            if n == 0:
                s = self.static_cache.get_or(("empty", zone.id, w0, h0, zone.label),
                                             lambda: self._empty_pile(zone, w0, h0, z))
                screen.blit(s, r)
            else:
                depth = min(8, 1 + n // 5)
                step = max(1, int(1.2 * z))
                for i in range(depth, 0, -1):
                    pygame.draw.rect(screen, (30, 24, 20), r.move(i * step, i * step),
                                     border_radius=max(2, w0 // 14))
                top = state.cards[zone.cards[-1]]
                up = can_see(state, viewer, top.id)
                surf = self.faces.face(top.code, top.side, up, w0, h0, False)
                screen.blit(surf, r)
                if top.tokens:
                    it = DrawItem(top.id, zone.x, zone.y, False, top.code, top.side, up,
                                  dict(top.tokens))
                    self._draw_tokens(screen, it, r)
                badge = self._count_badge(n, max(12, int(22 * z)))
                screen.blit(badge, badge.get_rect(center=(r.right - int(6 * z), r.top + int(6 * z))))
            label = self.static_cache.get_or(("plabel", zone.id, zone.label, w0),
                                             lambda: self._pile_label(zone, w0, z))
            screen.blit(label, label.get_rect(midtop=(r.centerx, r.bottom + max(2, int(5 * z)))))
        # other seats' hands: backs and a count, never faces
        for seat in range(len(state.seats)):
            if seat == viewer:
                continue
            hand = state.zones.get(state.seat_zone(seat, "hand"))
            if hand is None:
                continue
            self._draw_hidden_hand(screen, camera, seat, len(hand.cards))

    PILE_NAMES = {"deck": N_("Deck"), "discard": N_("Discard pile")}

    def _pile_label(self, zone, w0: int, z: float) -> pygame.Surface:
        """A pile's name under it, in one or two lines no wider than the pile's slot
        (a seat's own piles say just "Deck" or "Discard pile": its block says whose)."""
        if zone.owner is not None and zone.kind in self.PILE_NAMES:
            text = _(self.PILE_NAMES[zone.kind])
        else:
            text = layout.shown_label(self._state, zone)
        size = max(9, int(13 * z))
        f = fonts.font(size)
        lines = [text]
        room = int(w0 * 1.1)
        if f.size(text)[0] > room and " " in text:
            words = text.split(" ")
            best = min(range(1, len(words)), key=lambda i: max(
                f.size(" ".join(words[:i]))[0], f.size(" ".join(words[i:]))[0]))
            lines = [" ".join(words[:best]), " ".join(words[best:])]
        # on a small table the name shrinks rather than run into its neighbour's
        while size > 7 and max(fonts.font(size).size(line)[0] for line in lines) > room:
            size -= 1
        surfs = [fonts.text(line, size, INK) for line in lines]
        surfs = [s if s.get_width() <= room else
                 pygame.transform.smoothscale(s, (room, s.get_height())) for s in surfs]
        out = pygame.Surface((max(s.get_width() for s in surfs),
                              sum(s.get_height() for s in surfs)), pygame.SRCALPHA)
        y = 0
        for s in surfs:
            out.blit(s, ((out.get_width() - s.get_width()) // 2, y))
            y += s.get_height()
        return out

    def hidden_hand_rect(self, camera, seat) -> pygame.Rect:
        """Where another seat's hidden hand is drawn."""
        x, y = layout.hidden_hand_spot(self.state, seat)
        w0, h0 = self.card_px(camera)
        sx, sy = camera.to_screen(x, y)
        return pygame.Rect(sx - int(w0 * 0.8), sy - h0 // 2, int(w0 * 1.6), h0)

    def _draw_hidden_hand(self, screen, camera, seat, n) -> None:
        """Another seat's hand: up to six backs, fanned, with the count on a badge."""
        w0, h0 = self.card_px(camera)
        z = camera.zoom
        r = self.hidden_hand_rect(camera, seat)
        back = self.faces.face("__back__player", "", False, w0, h0, False)
        shown = min(n, 6)
        step = (r.w - w0) / 5
        for i in range(shown):
            screen.blit(back, (r.x + int(i * step), r.y))
        if n == 0:
            pygame.draw.rect(screen, MAT_EDGE, r, 1, border_radius=6)
        badge = self._count_badge(n, max(12, int(22 * z)))
        right = r.x + int(max(0, shown - 1) * step) + w0
        screen.blit(badge, badge.get_rect(center=(right - int(6 * z), r.top + int(6 * z))))
        label = self.static_cache.get_or(("hlabel", int(12 * z)), lambda: fonts.text(
            _("Hand"), max(9, int(13 * z)), INK))
        screen.blit(label, label.get_rect(midtop=(r.centerx, r.bottom + max(2, int(5 * z)))))

    def _empty_pile(self, zone, w, h, z) -> pygame.Surface:
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(s, (255, 255, 255, 28), (0, 0, w, h), border_radius=max(2, w // 14))
        pygame.draw.rect(s, (200, 210, 190, 120), (0, 0, w, h), max(1, int(2 * z)),
                         border_radius=max(2, w // 14))
        return s

    def _count_badge(self, n, size) -> pygame.Surface:
        def make():
            txt = fonts.text(str(n), max(8, int(size * 0.62)), (20, 20, 20), "ui-bold")
            w = max(size, txt.get_width() + size // 2)
            s = pygame.Surface((w, size), pygame.SRCALPHA)
            pygame.draw.rect(s, (240, 232, 210), (0, 0, w, size), border_radius=size // 2)
            pygame.draw.rect(s, (60, 50, 40), (0, 0, w, size), 1, border_radius=size // 2)
            s.blit(txt, txt.get_rect(center=(w // 2, size // 2)))
            return s
        return self.static_cache.get_or(("count", n, size), make)

    # ------------------------------------------------------------- dials
    def dial_rects(self, camera: Camera, seat: int) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """(dial, minus button, plus button) of a seat's threat dial on screen."""
        x, y = layout.dial_spot(self.state, seat)
        z = camera.zoom
        sx, sy = camera.to_screen(x, y)
        r = int(DIAL_R * z)
        dial = pygame.Rect(sx - r, sy - r, 2 * r, 2 * r)
        b = max(10, int(26 * z))
        minus = pygame.Rect(dial.left - b // 3, dial.bottom - b // 2, b, b)
        plus = pygame.Rect(dial.right - 2 * b // 3, dial.bottom - b // 2, b, b)
        return dial, minus, plus

    def first_token_rect(self, camera: Camera, seat: int) -> pygame.Rect:
        """The first-player token beside a seat's dial."""
        x, y = layout.dial_spot(self.state, seat)
        z = camera.zoom
        sx, sy = camera.to_screen(x, y + DIAL_R + 50)
        r = max(8, int(24 * z))
        return pygame.Rect(sx - r, sy - r, 2 * r, 2 * r)

    def _draw_dials(self, screen, camera, state) -> None:
        z = camera.zoom
        for seat, s in enumerate(state.seats):
            dial, minus, plus = self.dial_rects(camera, seat)
            if not dial.colliderect(screen.get_rect().inflate(100, 100)):
                continue
            c = dial.center
            r = dial.w // 2
            pygame.draw.circle(screen, (15, 12, 10), (c[0] + 3, c[1] + 4), r)
            pygame.draw.circle(screen, (70, 20, 18), c, r)
            pygame.draw.circle(screen, GOLD, c, r, max(2, int(4 * z)))
            for k in range(0, 360, 30):       # tick marks round the rim
                a = math.radians(k)
                p1 = (c[0] + math.cos(a) * r * 0.8, c[1] + math.sin(a) * r * 0.8)
                p2 = (c[0] + math.cos(a) * r * 0.92, c[1] + math.sin(a) * r * 0.92)
                pygame.draw.line(screen, GOLD, p1, p2, max(1, int(2 * z)))
            threat = s.counters.get("threat", 0)
            num = fonts.text(str(threat), max(12, int(40 * z)),
                             (255, 90, 70) if threat >= 40 else (250, 240, 220), "title")
            screen.blit(num, num.get_rect(center=c))
            name = fonts.text(s.name, max(9, int(14 * z)), INK, "ui-bold")
            screen.blit(name, name.get_rect(midbottom=(c[0], dial.top - int(4 * z))))
            for rect, sign in ((minus, "-"), (plus, "+")):
                pygame.draw.circle(screen, (40, 34, 30), rect.center, rect.w // 2)
                pygame.draw.circle(screen, GOLD, rect.center, rect.w // 2, 1)
                g = fonts.text(sign, max(9, int(rect.w * 0.8)), INK, "ui-bold")
                screen.blit(g, g.get_rect(center=(rect.centerx, rect.centery - 1)))
            if seat == state.first_player:
                t = self.first_token_rect(camera, seat)
                pygame.draw.circle(screen, (15, 12, 10), (t.centerx + 2, t.centery + 3), t.w // 2)
                pygame.draw.circle(screen, (200, 200, 205), t.center, t.w // 2)
                pygame.draw.circle(screen, (120, 120, 130), t.center, t.w // 2, max(1, int(3 * z)))
                g = fonts.text(_("1st"), max(8, int(t.w * 0.42)), (30, 30, 40), "ui-bold")
                screen.blit(g, g.get_rect(center=t.center))

    # ------------------------------------------------------------ supply
    def supply_rects(self, camera: Camera) -> list[tuple[str, pygame.Rect]]:
        """The token supply's chips on screen."""
        x, y = layout.supply_spot()
        z = camera.zoom
        size = max(14, int(40 * z))
        out = []
        for i, tok in enumerate(SUPPLY_TOKENS):
            col, row = i % 3, i // 3
            sx, sy = camera.to_screen(x + (col - 1) * 52, y - 52 + row * 52)
            out.append((tok, pygame.Rect(sx - size // 2, sy - size // 2, size, size)))
        return out

    def _draw_supply(self, screen, camera) -> None:
        rects = self.supply_rects(camera)
        z = camera.zoom
        if not rects or not rects[0][1].colliderect(screen.get_rect().inflate(300, 300)):
            return
        box = rects[0][1].unionall([r for _t, r in rects]).inflate(int(24 * z), int(40 * z))
        box.y -= int(8 * z)
        s = self.static_cache.get_or(("supplybox", box.size), lambda: self._supply_box(box.size, z))
        screen.blit(s, box)
        for tok, r in rects:
            screen.blit(self.tokens.chip(tok, r.w), r)

    def _supply_box(self, size, z) -> pygame.Surface:
        s = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(s, (*SHARED_MAT, 235), (0, 0, *size), border_radius=max(3, int(12 * z)))
        pygame.draw.rect(s, (*MAT_EDGE, 255), (0, 0, *size), 1, border_radius=max(3, int(12 * z)))
        t = fonts.text(_("Token supply"), max(8, int(12 * z)), (200, 210, 190), "ui-bold").copy()
        t.set_alpha(170)
        s.blit(t, (int(8 * z), int(3 * z)))
        return s

    # ------------------------------------------------------------ picking
    def pick(self, camera: Camera, state: TableState, sx: int, sy: int, viewer: int = 0,
             skip=frozenset()):
        """What is under a screen point: ("card", id), ("zone", id), ("dial-", seat)..."""
        for seat in range(len(state.seats)):
            dial, minus, plus = self.dial_rects(camera, seat)
            if minus.collidepoint(sx, sy):
                return ("dial-", seat)
            if plus.collidepoint(sx, sy):
                return ("dial+", seat)
        hit = self.card_at(camera, sx, sy, skip)
        if hit is not None:
            return ("card", hit)
        for zone in state.zones.values():
            if zone.kind in ("table", "hand"):
                continue
            if self.zone_rect(camera, zone).collidepoint(sx, sy):
                return ("zone", zone.id)
        for tok, r in self.supply_rects(camera):
            if r.collidepoint(sx, sy):
                return ("supply", tok)
        for seat in range(len(state.seats)):
            if seat == state.first_player and self.first_token_rect(camera, seat).collidepoint(sx, sy):
                return ("first", seat)
            if self.dial_rects(camera, seat)[0].collidepoint(sx, sy):
                return ("dial", seat)
            if seat != viewer and self.hidden_hand_rect(camera, seat).collidepoint(sx, sy):
                return ("hand", seat)
        return None

    def _zoomed_rects(self, camera: Camera) -> list[pygame.Rect]:
        """Every card's rect in zoomed table pixels (screen rect minus the camera offset)."""
        key = (camera.zoom_index, self.version)
        if self._rects is None or self._rects[0] != key:
            w0, h0 = self.card_px(camera)
            z = camera.zoom
            rects = []
            for it in self.items:
                w, h = (h0, w0) if it.exhausted else (w0, h0)
                cx, cy = int(round(it.x * z)), int(round(it.y * z))
                rects.append(pygame.Rect(cx - w // 2, cy - h // 2, w, h))
            self._rects = (key, rects)
        return self._rects[1]

    def _offset(self, camera: Camera) -> tuple[int, int]:
        z = camera.zoom
        return (int(round(camera.width / 2 - camera.cx * z)), int(round(camera.height / 2 - camera.cy * z)))

    def card_at(self, camera: Camera, sx: int, sy: int, skip=frozenset()) -> int | None:
        """The top card under a screen point."""
        ox, oy = self._offset(camera)
        hits = pygame.Rect(sx - ox, sy - oy, 1, 1).collidelistall(self._zoomed_rects(camera))
        for i in reversed(hits):
            cid = self.items[i].cid
            if cid not in skip:
                return cid
        return None

    def cards_in_rect(self, camera: Camera, rect: pygame.Rect) -> list[int]:
        """The cards a screen rectangle touches."""
        ox, oy = self._offset(camera)
        hits = rect.move(-ox, -oy).collidelistall(self._zoomed_rects(camera))
        return [self.items[i].cid for i in hits]
