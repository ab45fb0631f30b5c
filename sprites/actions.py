"""The action table: everything a player does from a hotkey or a right-click menu.

One entry (``Action``) per action says its id (the keymap's, so its hotkeys
come from ``keys.toml`` and show in every menu), its menu label for each place
under the pointer, when it applies there, and the command it builds (or what
it does in the window).  The key handler, the context menus and the pile
browser's menu all read the same entries: a new action is one entry.

Places (``Target.place``): ``"card"`` a card on the table, ``"hand"`` a card in
your hand, ``"browser"`` a card in the pile browser, ``"zone"`` a pile,
``"dial"`` a threat dial, ``"table"`` nothing in particular.  ``SHARED`` holds
the actions every game's window has (undo, saves, seats, the log, zoom, dice);
a game adds its own table (the card game's is ``sprites.games.lcg.actions``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

import sprites.saveload as saveload
from sprites.keymap import ACTIONS as KEYMAP_ACTIONS
from sprites.menus import MenuItem
from tabletop.core import i18n
from tabletop.core.i18n import N_, _


REPLAY_NOTE = N_("This is a replay: step with Left/Right, Home/End, or click the timeline.")


@dataclass(frozen=True)
class Target:
    """What an action acts on: the place under the pointer and the seat that acts."""
    place: str = "table"
    seat: int = 0                      # the viewing seat: who acts
    card: int | None = None            # the card under the pointer
    ids: tuple[int, ...] = ()          # that card, or the whole selection it belongs to
    zone: str | None = None            # the pile under the pointer
    dial: int | None = None            # the seat whose threat dial is under the pointer


Fn = Callable[[Any, Target], Any]      # (app, target) -> ...


@dataclass(frozen=True)
class Action:
    """One action: its id, where it is offered and what it does.

    ``build(app, target)`` returns the command (or a list of commands, or None
    for nothing) that is submitted; ``do(app, target)`` is for what is not a
    single command (open a browser, ask for a number, undo).  ``menu`` maps a
    place to its label (a text to translate, or a function of app and target);
    ``when`` hides it from a menu; ``enabled`` greys it out.  The hotkey needs
    ``scope``: "card" (a card under the pointer), "zone" (a pile) or "any";
    when that is missing the key shows ``refusal``.
    """
    id: str
    menu: Mapping[str, str | Fn] = field(default_factory=dict)
    scope: str = "any"
    build: Fn | None = None
    do: Fn | None = None
    when: Fn | None = None
    enabled: Fn | None = None
    hint: str | Fn = ""              # the hotkey text when ``id`` is not in the keymap
    keys: str = ""                   # show the keys of this keymap id instead of ``id``
    refusal: str = ""
    replay: bool = False             # allowed while replaying (it changes nothing)


def offered(action: Action, app, t: Target) -> bool:
    """Is the action listed in the menu of ``t``'s place?"""
    return t.place in action.menu and (action.when is None or bool(action.when(app, t)))


def label_of(action: Action, app, t: Target) -> str:
    """The menu label, translated."""
    label = action.menu[t.place]
    return label(app, t) if callable(label) else _(label)


def hotkey_of(action: Action, app, t: Target) -> str:
    """The keys shown beside a menu label: the keymap's, or the entry's own hint."""
    keymap = app.keymap
    key_id = action.keys or action.id
    if key_id in keymap.keys:
        return keymap.label(key_id)
    return action.hint(app, t) if callable(action.hint) else action.hint


def menu_items(actions, app, t: Target) -> list[MenuItem]:
    """The right-click menu of ``t``'s place, in the order of the table."""
    items = []
    for action in actions:
        if not offered(action, app, t):
            continue
        runs = action.build is not None or action.do is not None
        enabled = action.enabled is None or bool(action.enabled(app, t))
        items.append(MenuItem(label_of(action, app, t),
                              (lambda a=action: perform(a, app, t)) if runs else None,
                              hotkey_of(action, app, t), enabled and runs))
    return items


def blocked_in_replay(action: Action, app) -> bool:
    """A replay is read-only: say so when the action would change the game."""
    if app.replay and not action.replay:
        app.toast(_(REPLAY_NOTE))
        return True
    return False


def perform(action: Action, app, t: Target) -> None:
    """Carry the action out on ``t``: submit what it builds, or do what it does."""
    if blocked_in_replay(action, app):
        return
    if action.do is not None:
        action.do(app, t)
        return
    made = action.build(app, t) if action.build is not None else None
    if made is None:
        return
    for cmd in made if isinstance(made, (list, tuple)) else (made,):
        app.submit(cmd)


def on_key(action: Action, app, t: Target) -> None:
    """A hotkey: act on what is under the pointer, or say what is missing."""
    if blocked_in_replay(action, app):
        return
    if (action.scope == "card" and not t.ids) or (action.scope == "zone" and t.zone is None):
        if action.refusal:
            app.toast(_(action.refusal))
        return
    perform(action, app, t)


def by_id(actions) -> dict[str, Action]:
    """The entries of a table by id (the first one wins)."""
    out: dict[str, Action] = {}
    for action in actions:
        out.setdefault(action.id, action)
    return out


# --------------------------------------------------------------- shared actions
def _undo(app, t: Target) -> None:
    if app.session.undo() is None:
        app.toast(_("Nothing to undo."))


def _redo(app, t: Target) -> None:
    if app.session.redo() is None:
        app.toast(_("Nothing to redo."))


def _undo_round(app, t: Target) -> None:
    with app.quietly():
        n = app.session.undo_round()
    app.toast(_("Undid {n} actions (whole round).").format(n=n) if n else _("Nothing to undo."))


def _redo_round(app, t: Target) -> None:
    with app.quietly():
        n = app.session.redo_round()
    app.toast(_("Redid {n} actions.").format(n=n) if n else _("Nothing to redo."))


def _toggle_log(app, t: Target) -> None:
    app.log_visible = not app.log_visible
    app.log_scroll = 0


def _show_help(app, t: Target) -> None:
    app.help_visible = True


def _next_language(app, t: Target) -> None:
    """Switch to the next language at once and remember it (the window redraws everything)."""
    codes = list(i18n.LANGUAGES)
    app.set_language(codes[(codes.index(i18n.language()) + 1) % len(codes)])


def _language_label(app, t: Target) -> str:
    codes = list(i18n.LANGUAGES)
    nxt = codes[(codes.index(i18n.language()) + 1) % len(codes)]
    return _("Language: {name} (next: {next})").format(name=i18n.LANGUAGES[i18n.language()],
                                                        next=i18n.LANGUAGES[nxt])


def _all_seats_label(app, t: Target) -> str:
    """The table menu's switch between a group at one computer and one person playing
    every seat (no curtain, no hand-over)."""
    return (_("I play all seats: on (no curtain; click to let each player sit)")
            if app.all_seats else _("I play all seats (no curtain, no hand-over)"))


def _ai_pause_label(app, t: Target) -> str:
    return _("AI players: paused (click to let them play on)") if app.ai.paused else \
        _("Pause the AI players")


def _zoom(steps: int) -> Fn:
    def zoom(app, t: Target) -> None:
        w, h = app.screen.get_size()
        app.camera.zoom_at(w / 2, h / 2, steps)
    return zoom


SHARED: tuple[Action, ...] = (
    Action("undo", {"table": N_("Undo")}, do=_undo, replay=True,
           enabled=lambda app, t: app.session.can_undo),
    Action("redo", {"table": N_("Redo")}, do=_redo, replay=True,
           enabled=lambda app, t: app.session.can_redo),
    Action("undo_round", do=_undo_round, replay=True),
    Action("redo_round", do=_redo_round, replay=True),
    Action("prev_seat", do=lambda app, t: app.switch_seat(-1), replay=True),
    Action("next_seat", {"table": N_("Next seat")}, do=lambda app, t: app.switch_seat(1),
           replay=True, enabled=lambda app, t: len(app.state.seats) > 1),
    Action("all_seats", {"table": _all_seats_label},
           do=lambda app, t: app.set_all_seats(not app.all_seats),
           when=lambda app, t: len(app.state.seats) > 1 and not app.replay),
    Action("suggest", {"table": N_("Suggest a move (what the expert would do)")},
           do=lambda app, t: app.game.suggest(),
           when=lambda app, t: app.session.pending() is not None),
    Action("ai_pause", {"table": _ai_pause_label}, do=lambda app, t: app.ai.toggle_pause(),
           when=lambda app, t: bool(app.ai.seats())),
    Action("toggle_log", {"table": N_("Show / hide the game log")}, do=_toggle_log, replay=True),
    Action("help", do=_show_help, replay=True),
    Action("language", {"table": _language_label}, do=_next_language, replay=True),
    Action("zoom_in", do=_zoom(1), replay=True),
    Action("zoom_out", do=_zoom(-1), replay=True),
    Action("save", {"table": N_("Save")}, do=lambda app, t: saveload.save_game(app)),
    Action("save_as", {"table": N_("Save as...")}, do=lambda app, t: saveload.save_as(app)),
    Action("open", {"table": N_("Open a saved game...")},
           do=lambda app, t: saveload.open_saves_menu(app)),
    Action("quick_save", do=lambda app, t: saveload.save_game(app, app.files.quick_path())),
    Action("quick_load", do=lambda app, t: saveload.load_game(app, app.files.quick_path())),
    Action("new_game", {"table": N_("New game...")}, do=lambda app, t: saveload.new_game_screen(app)),
    Action("fit", {"table": N_("Show the whole table")}, do=lambda app, t: app.game.fit_view(),
           replay=True),
    Action("roll", do=lambda app, t: app.tray.roll_hovered()),
    Action("quit", {"table": N_("Save and quit")}, do=lambda app, t: app.quit(), replay=True),
)
SHARED_BY_ID = by_id(SHARED)


def help_rows(keymap, ids, extra: Mapping[str, list] | None = None) -> list[tuple[str, str]]:
    """Hotkey overlay rows of the keymap's actions in ``ids``, a column per keymap group
    (a row ``("", title)`` starts a column), each followed by its ``extra`` rows."""
    titles = {"card": _("Card under the pointer"), "game": _("Game"), "view": _("View")}
    extra = extra or {}
    rows: list[tuple[str, str]] = []
    for group, title in titles.items():
        mine = [(keymap.label(a), _(desc)) for a, (_k, desc, g) in KEYMAP_ACTIONS.items()
                if g == group and a in ids]
        mine += extra.get(group, [])
        if mine:
            rows += [("", title)] + mine
    return rows
