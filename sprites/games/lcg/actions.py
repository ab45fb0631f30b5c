"""The card game's action table: every card, pile, dial and table action, one entry each.

Read by the hotkeys, the right-click menus (a card on the table, in your hand or
in the pile browser, a pile, a threat dial, the table) and the pile browser's
menu alike; see ``sprites.actions`` for what an entry holds.  The order here
is the order of every menu.  The window's own actions (undo, saves, seats...)
follow in the table menu (``sprites.actions.SHARED``).
"""
from __future__ import annotations

import tabletop.games.lcg.commands as C
from sprites.actions import SHARED, Action, N_, Target
from sprites.games.lcg.surfaces import TOKEN_LABEL
from tabletop.core.i18n import _
from tabletop.core.model import TABLE
from tabletop.games.lcg.cards import TOKEN_TYPES
from tabletop.games.lcg.layout import free_spot

POINT = N_("Point at a card first.")


def _card(app, t: Target):
    return app.state.cards[t.card]


def _hand(app, t: Target) -> str:
    return app.state.seat_zone(t.seat, "hand")


def _own_deck(app, t: Target) -> bool:
    return t.zone == app.state.seat_zone(t.seat, "deck")


def _stage(app, t: Target) -> bool:
    """Is the card under the pointer a quest stage on the table?"""
    card = _card(app, t)
    cdef = app.game.db.by_code.get(card.code)
    return cdef is not None and cdef.type == "quest" and card.zone == TABLE


def _discard(app, t: Target):
    """X: discard; on the quest stage, advance to the next stage (as DragnCards does)."""
    if t.place == "card" and len(t.ids) == 1 and _stage(app, t):
        return C.AdvanceQuest(t.seat, t.card)
    return C.Discard(t.seat, t.ids)


def _face_up_enemy(app, t: Target) -> bool:
    card = _card(app, t)
    cdef = app.game.db.by_code.get(card.code)
    return cdef is not None and cdef.type == "enemy" and card.face_up


def _to_table(app, t: Target):
    """Out of the hand into your play area; out of a pile into the staging area; face up."""
    spot = f"p{t.seat + 1}.play" if t.place == "hand" else "staging"
    x, y = free_spot(app.state, spot)
    return C.MoveCards(t.seat, (t.card,), TABLE, x, y, None, True)


def _shuffle(app, t: Target):
    """Over a pile: shuffle it; over a card: shuffle it into its deck."""
    if t.zone is not None:
        return C.Shuffle(t.seat, t.zone)
    return C.ShuffleInto(t.seat, t.ids) if t.ids else None


def _threat(step: int):
    def build(app, t: Target):
        return C.Threat(t.seat, t.dial if t.dial is not None else t.seat, step)
    return build


def _ask(label: str, then):
    """Ask for a number in a prompt, then submit ``then(app, t, n)``."""
    def do(app, t: Target) -> None:
        app.open_prompt(_(label), lambda n: app.submit(then(app, t, n)))
    return do


def _token_actions() -> tuple[Action, ...]:
    """Add / remove one resource, progress or damage token (the menu's token rows)."""
    out = []
    for tok in ("resource", "progress", "damage"):
        n = TOKEN_TYPES.index(tok) + 1
        out.append(Action(
            f"token+{tok}",
            {"card": lambda app, t, tok=tok: _("Add 1 {token}").format(token=_(TOKEN_LABEL[tok]).lower())},
            build=lambda app, t, tok=tok: C.Tokens(t.seat, t.card, tok, 1), hint=str(n)))
        out.append(Action(
            f"token-{tok}",
            {"card": lambda app, t, tok=tok: _("Remove 1 {token}").format(
                token=_(TOKEN_LABEL[tok]).lower())},
            build=lambda app, t, tok=tok: C.Tokens(t.seat, t.card, tok, -1),
            when=lambda app, t, tok=tok: bool(_card(app, t).tokens.get(tok)),
            hint=lambda app, t, n=n: _("low half + {n}").format(n=n)))
    return tuple(out)


def _engine(app, t: Target) -> bool:
    return app.game.panel.active


def _pacing_label(mode: str, label: str):
    def text(app, t: Target) -> str:
        mark = "● " if app.game.panel.pacing == mode else "○ "
        return mark + _(label)
    return text


ENGINE: tuple[Action, ...] = (
    Action("decide", do=lambda app, t: app.game.panel.confirm()),
    Action("free_hands", {"table": lambda app, t: _("Give the table back to the rules engine")
                          if app.game.panel.free else _("Free hands: take the table into your hands")},
           when=_engine, do=lambda app, t: app.game.panel.toggle_free_hands()),
    Action("pacing_decisions",
           {"table": _pacing_label("decisions", N_("Rules engine stops for decisions only"))},
           when=_engine, do=lambda app, t: app.game.panel.set_pacing("decisions")),
    Action("pacing_reveals",
           {"table": _pacing_label("reveals", N_("...and after every revealed card and shadow"))},
           when=_engine, do=lambda app, t: app.game.panel.set_pacing("reveals")),
    Action("score_sheet", {"table": N_("Score sheet")}, replay=True,
           when=lambda app, t: bool(app.game.panel.outcome),
           do=lambda app, t: app.game.show_score()),
)


CARD_GAME: tuple[Action, ...] = ENGINE + (
    Action("exhaust", {"card": lambda app, t: _("Ready") if _card(app, t).exhausted else _("Exhaust")},
           scope="card", build=lambda app, t: C.Exhaust(t.seat, t.ids, None), refusal=POINT),
    Action("flip", {"card": N_("Flip")}, scope="card", build=lambda app, t: C.Flip(t.seat, t.ids),
           refusal=POINT),
    Action("detach", {"card": N_("Detach")}, scope="card",
           build=lambda app, t: C.Detach(t.seat, t.ids), refusal=POINT,
           when=lambda app, t: _card(app, t).attached_to is not None),
    Action("shadow", {"card": N_("Deal a shadow card")}, scope="card",
           build=lambda app, t: [C.DealShadow(t.seat, c) for c in t.ids], when=_face_up_enemy,
           refusal=N_("Point at an enemy to deal it a shadow card.")),
    *_token_actions(),
    Action("to_table", {"hand": N_("Put on the table"), "browser": N_("Put on the table")},
           build=_to_table),
    Action("discard", {"card": lambda app, t: _("Advance to the next stage") if _stage(app, t)
                       else _("Discard"), "hand": N_("Discard"), "browser": N_("Discard")},
           scope="card", build=_discard, refusal=POINT),
    Action("victory", {"card": N_("Add to the victory display"),
                       "browser": N_("Add to the victory display")},
           scope="card", build=lambda app, t: C.ToVictory(t.seat, t.ids), refusal=POINT),
    Action("to_top", {"card": N_("Put on top of its deck"), "hand": N_("Put on top of deck"),
                      "browser": N_("Put on top of its deck")},
           scope="card", build=lambda app, t: C.ToDeck(t.seat, t.ids, False), refusal=POINT),
    Action("to_bottom", {"card": N_("Put on the bottom of its deck"),
                         "hand": N_("Put on the bottom of deck"),
                         "browser": N_("Put on the bottom of its deck")},
           scope="card", build=lambda app, t: C.ToDeck(t.seat, t.ids, True), refusal=POINT),
    Action("browse", {"zone": N_("Look through / search")}, scope="zone",
           do=lambda app, t: app.game.open_browser(t.zone), replay=True),
    Action("draw", {"zone": N_("Draw"), "table": N_("Draw")}, when=lambda app, t: t.zone is None
           or _own_deck(app, t), build=lambda app, t: C.Draw(t.seat, t.seat, 1)),
    Action("draw_n", {"zone": N_("Draw N...")}, when=_own_deck,
           do=_ask(N_("Draw how many cards?"), lambda app, t, n: C.Draw(t.seat, t.seat, n))),
    Action("mulligan", {"zone": N_("Mulligan")}, when=_own_deck,
           build=lambda app, t: C.Mulligan(t.seat, t.seat)),
    Action("reveal", {"zone": N_("Reveal the top card"), "table": N_("Reveal an encounter card")},
           when=lambda app, t: t.zone in (None, "encounter.deck"),
           build=lambda app, t: C.RevealEncounter(t.seat)),
    Action("shuffle_into", {"card": N_("Shuffle into its deck"), "hand": N_("Shuffle into deck"),
                            "zone": N_("Shuffle")}, build=_shuffle),
    Action("move_pile", {"zone": N_("Move the pile: Shift+drag")}),
    Action("to_hand", {"card": N_("Take into hand"), "browser": N_("Take into hand")}, scope="card",
           build=lambda app, t: C.MoveCards(t.seat, t.ids, _hand(app, t)), refusal=POINT,
           when=lambda app, t: t.place == "browser" or _card(app, t).origin == "player"),
    Action("ready_all", {"table": N_("Ready all your cards")},
           build=lambda app, t: C.ReadyAll(t.seat, t.seat)),
    Action("next_round", {"table": N_("Next round")}, build=lambda app, t: C.Round(t.seat, 1)),
    Action("first_player", {"table": N_("Pass the first-player token")},
           build=lambda app, t: C.FirstPlayer(t.seat, (app.state.first_player + 1) % len(app.state.seats))),
    Action("threat_up", {"dial": N_("Threat +1")}, build=_threat(1)),
    Action("threat_down", {"dial": N_("Threat -1")}, build=_threat(-1)),
    Action("set_threat", {"dial": N_("Set threat...")},
           do=_ask(N_("Set threat to:"), lambda app, t, n: C.SetThreat(t.seat, t.dial, n))),
    Action("make_first", {"dial": N_("Make first player")}, keys="first_player",
           build=lambda app, t: C.FirstPlayer(t.seat, t.dial)),
    Action("threat_up_all", build=lambda app, t: C.Threat(t.seat, -1, 1)),
    Action("threat_down_all", build=lambda app, t: C.Threat(t.seat, -1, -1)),
    Action("discard_random", build=lambda app, t: C.DiscardRandom(t.seat, t.seat)),
    Action("view_shared", do=lambda app, t: app.game.look_at_shared_row(), replay=True),
    Action("view_seat", do=lambda app, t: app.game.frame_seat(), replay=True),
    Action("deselect", do=lambda app, t: app.game.deselect(), replay=True),
)

ACTIONS: tuple[Action, ...] = CARD_GAME + SHARED     # the card game's window: its menus' order

__all__ = ["ACTIONS", "CARD_GAME", "POINT"]
