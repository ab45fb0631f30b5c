"""The side panel: the turn, the action dice, the Hunt, the Fellowship, the
political track, victory points, the Sovereign Corruption board and cards.

``Panel.paint(state, viewer, selected_die)`` draws it on a surface once per
change of the table and records where its dice and buttons are, for clicks.
What a seat may not know (the Shadow's Corruption tokens, other hands) is
read through ``tabletop.core.view``.
"""
from __future__ import annotations

import pygame

from sprites import fonts
from sprites.dicefaces import render_die
from sprites.games.wotr.maptiles import nation_colour
from tabletop.core.dice import die_type
from tabletop.core.i18n import _, ngettext
from tabletop.core.model import TABLE
from tabletop.core.view import view
from tabletop.games.wotr.base import face_word, piece_label
from tabletop.games.wotr.data import (FP, FP_NATIONS, SHADOW, SHADOW_NATIONS, chieftains,
                                      regions, sovereigns, tracks)
from tabletop.games.wotr.events import spec
from tabletop.games.wotr.pieces import catalogue
import tabletop.games.wotr.state as S
from tabletop.games.wotr.victory import KINDS, how_won

WIDTH = 380
TOP = 42              # below the window's top bar
BOTTOM = 110          # the window's dice tray sits at the bottom right
BG = (34, 30, 27)
EDGE = (150, 125, 70)
INK = (236, 228, 208)
DIM = (160, 150, 130)
GOLD = (230, 196, 100)
FP_BACK = (46, 84, 150)      # the backs of the Free Peoples' event cards
SHADOW_BACK = (140, 34, 30)  # and of the Shadow's


def phase_name(phase: str) -> str:
    """A phase of the turn in words."""
    return {"start": _("Setup"), "fellowship": _("Fellowship phase"),
            "hunt": _("Hunt allocation"), "roll": _("Action roll"),
            "discard": _("Set a die aside"), "actions": _("Action resolution"),
            "over": _("Game over")}.get(phase, phase)


class Panel:
    """Paints the side panel and knows what is under a click."""

    def __init__(self):
        self.dice: list[tuple[pygame.Rect, str, int]] = []     # (rect, side, index)
        self.buttons: list[tuple[pygame.Rect, str]] = []       # (rect, action)
        self.cards: list[tuple[pygame.Rect, int]] = []         # (rect, card id)
        self.y = 0

    def paint(self, st, viewer: int, height: int, selected: tuple | None,
              buttons: list[tuple[str, str]], prompt: str = "",
              curtained: bool = False) -> pygame.Surface:
        """The panel for ``viewer``; ``buttons``: (action, label) to offer; ``prompt``:
        what the game waits for.  While the hot-seat curtain is down (``curtained``)
        nothing secret is painted: no hand, no Corruption tokens, no buttons."""
        surf = pygame.Surface((WIDTH, height))
        surf.fill(BG)
        pygame.draw.line(surf, EDGE, (0, 0), (0, height), 2)
        self.dice, self.buttons, self.cards = [], [], []
        self.height = height
        self.y = TOP
        seen = view(st, None if curtained else viewer)
        self._title(surf, st)
        if prompt and not curtained:
            self.text(surf, prompt, 14, GOLD, face="ui-bold")
        self._buttons(surf, [] if curtained else buttons)
        self._dice(surf, st, selected)
        self._fellowship(surf, st)
        self._politics(surf, st)
        if S.kings(st):
            self._kings(surf, st, seen, viewer)
        if curtained:
            self.heading(surf, _("Your hand"))
            self.text(surf, _("(behind the curtain)"), 13, DIM)
        else:
            self._hand(surf, st, seen, viewer)
        return surf

    # ------------------------------------------------------------ pieces
    def text(self, surf, s: str, size: int = 14, color=INK, x: int = 14, face: str = "ui") -> None:
        """A line of text, wrapped at the panel's edge."""
        f = fonts.font(size, face)
        line = ""
        for word in s.split(" "):
            trial = (line + " " + word).strip()
            if line and f.size(trial)[0] > WIDTH - x - 10:
                self._line(surf, line, size, color, x, face)
                line = word
            else:
                line = trial
        self._line(surf, line, size, color, x, face)

    def _line(self, surf, s: str, size: int, color, x: int, face: str) -> None:
        img = fonts.text(s, size, color, face)
        surf.blit(img, (x, self.y))
        self.y += img.get_height() + 1

    def heading(self, surf, s: str) -> None:
        self.y += 6
        pygame.draw.line(surf, (70, 60, 45), (12, self.y), (WIDTH - 12, self.y))
        self.y += 4
        self.text(surf, s, 15, GOLD, face="ui-bold")

    def _title(self, surf, st) -> None:
        kings = S.kings(st)
        self.text(surf, _("War of the Ring") + (" · " + _("Kings of Middle-earth") if kings else ""),
                  17, GOLD, face="title")
        vp = S.victory_points(st)
        t = tracks()
        line = _("Victory points: Free Peoples {fp}/{fpw} · Shadow {sh}/{shw}").format(
            fp=vp[FP], fpw=t["fp_military_vp_to_win"], sh=vp[SHADOW],
            shw=t["shadow_military_vp_to_win"])
        outcome = S.get(st, "outcome")
        if outcome:
            how = how_won(st) or "military"
            line = _("The {side} have won: {how}").format(side=S.side_name(outcome),
                                                         how=_(KINDS[how])) + ". " + line
        elif S.get(st, "phase") == "actions":
            line += " · " + _("to act: {side}").format(side=S.side_name(S.get(st, "acting")))
        self.text(surf, line, 13, GOLD if outcome else DIM)

    def _buttons(self, surf, buttons) -> None:
        x = 12
        self.y += 4
        for action, label in buttons:
            img = fonts.text(label, 13, INK, "ui-bold")
            rect = pygame.Rect(x, self.y, img.get_width() + 16, 24)
            if rect.right > WIDTH - 10:
                x = 12
                self.y += 28
                rect.topleft = (x, self.y)
            pygame.draw.rect(surf, (80, 62, 36), rect, border_radius=5)
            pygame.draw.rect(surf, EDGE, rect, 1, border_radius=5)
            surf.blit(img, img.get_rect(center=rect.center))
            self.buttons.append((rect, action))
            x = rect.right + 6
        self.y += 30 if buttons else 0

    def _dice(self, surf, st, selected) -> None:
        self.heading(surf, _("Action dice"))
        for side in (FP, SHADOW):
            self.text(surf, S.side_name(side), 13, DIM)
            x = 14
            for i, d in enumerate(S.get(st, "dice", side, default=[])):
                kind = die_type(d["kind"])
                face = kind.faces.index(d["face"]) if d["face"] in kind.faces else None
                rect = pygame.Rect(x, self.y, 34, 34)
                if face is None:
                    pygame.draw.rect(surf, kind.colour, rect, border_radius=6)
                else:
                    img = render_die(kind, face, 34)
                    if d.get("used"):
                        img = img.copy()
                        img.set_alpha(70)
                    surf.blit(img, rect)
                if selected == (side, i):
                    pygame.draw.rect(surf, GOLD, rect.inflate(6, 6), 2, border_radius=7)
                self.dice.append((rect, side, i))
                x += 40
            self.y += 38
        box = S.get(st, "hunt_box", default={})
        self.text(surf, _("Hunt box: {eyes} Eyes, {fp} Free Peoples dice").format(
            eyes=box.get("eyes", 0), fp=box.get("fp", 0)), 13)
        if S.kings(st):
            rd = S.get(st, "kome", "ruler_dice", default={})
            words = {"aside": _("set aside"), "due": _("joins next turn"), "pool": _("in the pool")}
            self.text(surf, _("Ruler dice: Free Peoples {fp}, Shadow {sh}").format(
                fp=words.get(rd.get(FP), ""), sh=words.get(rd.get(SHADOW), "")), 13, DIM)

    def _fellowship(self, surf, st) -> None:
        fel = S.get(st, "fellowship", default={})
        self.heading(surf, _("The Fellowship"))
        where = S.region_of_zone(st.cards[S.find_anywhere(st, "fellowship")].zone) or ""
        state = _("revealed") if fel.get("revealed") else _("hidden")
        top = tracks()["corruption_max"]
        self.text(surf, _("Progress {p} · {state} · last seen: {r} · corruption {c}/{top}").format(
            p=fel.get("progress", 0), state=state, r=_(regions()[where].name) if where else "-",
            c=fel.get("corruption", 0), top=top), 13)
        if fel.get("mordor", -1) >= 0:
            self.text(surf, _("On the Mordor track: step {n} of {m}").format(
                n=fel["mordor"], m=tracks()["mordor_track_steps"]), 13, GOLD)
        bar = pygame.Rect(14, self.y + 1, WIDTH - 28, 8)
        pygame.draw.rect(surf, (60, 50, 40), bar, border_radius=3)
        fill = bar.copy()
        fill.width = int(bar.width * min(top, fel.get("corruption", 0)) / top)
        pygame.draw.rect(surf, (170, 40, 40), fill, border_radius=3)
        self.y += 12
        guide = fel.get("guide", "")
        members = [piece_label(st.cards[c].code) + ("*" if st.cards[c].code == "char." + guide
                                                     else "") for c in st.zones["fellowship"].cards]
        rings = len(st.zones["rings.fp"].cards)
        self.text(surf, (", ".join(members) or _("no Companion left")) + " · " + ngettext(
            "{n} Elven ring", "{n} Elven rings", rings).format(n=rings), 12, DIM)

    def _politics(self, surf, st) -> None:
        """The political track as on the board: a column per nation, At War at the bottom."""
        self.heading(surf, _("Political track"))
        nations = FP_NATIONS + SHADOW_NATIONS
        x0, dx = 44, (WIDTH - 52) // len(nations)
        for i, nation in enumerate(nations):
            name, size = short_nation(nation), 10
            while size > 7 and fonts.font(size).size(name)[0] > dx - 2:
                size -= 1                 # a long name (Czech "Železný pas") fits its column
            img = fonts.text(name, size, DIM)
            surf.blit(img, (x0 + i * dx + dx // 2 - img.get_width() // 2, self.y))
        self.y += 15
        for step, word in ((3, "3"), (2, "2"), (1, "1"), (0, _("War"))):
            surf.blit(fonts.text(word, 11, DIM), (14, self.y))
            pygame.draw.line(surf, (60, 52, 40), (x0, self.y + 12), (WIDTH - 14, self.y + 12))
            for i, nation in enumerate(nations):
                pol = S.politics(st, nation)
                if pol["step"] == step:
                    centre = (x0 + i * dx + dx // 2, self.y + 6)
                    pygame.draw.circle(surf, nation_colour(nation), centre, 6,
                                       0 if pol["active"] else 2)
            self.y += 14
        self.text(surf, _("A filled marker is active, a ring passive."), 11, DIM)

    def _kings(self, surf, st, seen, viewer: int) -> None:
        self.heading(surf, _("Sovereign Corruption board"))
        for sid, sov in sovereigns().items():
            state = S.sovereign_state(st, sid)
            tiles = seen.zones[f"corrupt.{sid}"].cards
            known = [catalogue()[seen.cards[c].code] for c in tiles if seen.cards[c].code]
            if len(known) == len(tiles) and tiles:
                value = sum(0 if d.king else d.value for d in known)
                marks = _("tokens worth {v}").format(v=value)
            else:
                marks = ngettext("{n} token", "{n} tokens", len(tiles)).format(n=len(tiles))
            words = {"sleeping": "", "awake": _("Awakened"), "corrupted": _("Corrupted"),
                     "removed": _("out of the game")}[state]
            self.text(surf, _("{name} (resistance {r}): {marks} {state}").format(
                name=_(sov.name), r=sov.resistance, marks=marks if state == "sleeping" else "",
                state=words), 13, INK if state == "sleeping" else GOLD)
        dcs = [_(d.name) for k, d in chieftains().items() if S.get(st, "kome", "chieftains", k) == "in"]
        self.text(surf, _("Dark Chieftains in play: {names}").format(names=", ".join(dcs) or "-"),
                  12, DIM)

    def _hand(self, surf, st, seen, viewer: int) -> None:
        hand = seen.zones[f"hand.{viewer}"].cards
        self.heading(surf, ngettext("Your hand: {n} card", "Your hand: {n} cards", len(hand)).format(
            n=len(hand)))
        col = (WIDTH - 28) // 2
        room = max(2, 2 * ((self.height - BOTTOM - 90 - self.y) // 17))
        if len(hand) > room:
            hand = hand[:room - 1]
            self.text(surf, _("(the rest of the hand does not fit; enlarge the window)"), 11, DIM)
        self._card_list(surf, seen, hand, col)
        self._table_cards(surf, seen, col)
        self._other_hands(surf, st, viewer)
        n = {(s, d): len(st.zones[f"deck.{s}.{d}"].cards)
             for s in (FP, SHADOW) for d in ("character", "strategy")}
        self.text(surf, _("Decks: Free Peoples {a} + {b}, Shadow {c} + {d} "
                          "(character + strategy)").format(
            a=n[FP, "character"], b=n[FP, "strategy"], c=n[SHADOW, "character"],
            d=n[SHADOW, "strategy"]), 12, DIM)

    def _card_list(self, surf, seen, ids, col: int) -> None:
        """Cards in two columns, each its name and initiative, in its side's colour."""
        for i, cid in enumerate(ids):
            code = seen.cards[cid].code
            colour = INK if catalogue().get(code) is None or catalogue()[code].side == FP \
                else (236, 170, 160)
            img = fonts.text(short_card_name(code), 13, colour)
            rect = pygame.Rect(14 + (i % 2) * col, self.y, col - 4, img.get_height() + 2)
            surf.blit(img, (rect.x + 4, rect.y))
            self.cards.append((rect, cid))
            if i % 2 == 1 or i == len(ids) - 1:
                self.y += rect.height + 1

    def _table_cards(self, surf, seen, col: int) -> None:
        """The event cards lying on the table (both sides'), hover for their face."""
        tabled = [c for c in seen.zones[TABLE].cards if seen.cards[c].code.startswith("ev.")]
        if tabled:
            self.text(surf, _("On the table:"), 12, DIM)
            self._card_list(surf, seen, tabled, col)

    def _other_hands(self, surf, st, viewer: int) -> None:
        """The other seats' hands: card backs and how many."""
        for seat in range(len(st.seats)):
            if seat == viewer:
                continue
            n = len(st.zones[f"hand.{seat}"].cards)
            side = S.seat_side(st, seat)
            colour = FP_BACK if side == FP else SHADOW_BACK
            x = 14
            for _i in range(min(n, 8)):
                pygame.draw.rect(surf, colour, pygame.Rect(x, self.y + 2, 9, 13),
                                 border_radius=2)
                x += 11
            img = fonts.text(ngettext("{name}: {n} card", "{name}: {n} cards", n).format(
                name=st.seats[seat].name, n=n), 12, DIM)
            surf.blit(img, (x + 6, self.y))
            self.y += 17

    def hit(self, pos) -> tuple[str, object] | None:
        """What a click at ``pos`` (panel coordinates) lands on."""
        for rect, side, i in self.dice:
            if rect.collidepoint(pos):
                return ("die", (side, i))
        for rect, action in self.buttons:
            if rect.collidepoint(pos):
                return ("button", action)
        for rect, cid in self.cards:
            if rect.collidepoint(pos):
                return ("card", cid)
        return None


def short_nation(nation: str) -> str:
    """A nation's name short enough for a column of the political track."""
    return {"gondor": _("Gondor"), "rohan": _("Rohan"), "elves": _("Elves"),
            "dwarves": _("Dwarves"), "north": _("North"), "sauron": _("Sauron"),
            "isengard": _("Isengard"), "southrons": _("S & E")}[nation]


def short_card_name(code: str) -> str:
    """A card of the hand in a few words: its name and initiative ("Athelas [4]")."""
    d = catalogue().get(code)
    if d is None or d.kind != "event":
        return piece_label(code) if code else _("a card")
    sp = spec(code)
    if sp is None:
        return piece_label(code)
    return "{name} [{n}]".format(name=_(sp.name), n=sp.initiative)


def die_words(d: dict) -> str:
    """A die in words (for menus)."""
    return face_word(d.get("face", ""))
