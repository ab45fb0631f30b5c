"""Hotkeys: DragnCards' LOTR layout by default, rebindable in a config file.

The file is ``keys.toml`` in the user's config folder (platformdirs), e.g.::

    [keys]
    exhaust = ["a", "f7"]
    undo = ["ctrl+z", "left"]

    [options]
    pan_with_wasd = true          # holding W/A/S/D pans; a tap is still A/S/D
    confirm_seat_switch = true    # hide the hand until the next player confirms

A key that ends up bound to two actions is reported, and the binding written
in the file wins over a default; nothing is silently dropped.
"""
from __future__ import annotations

import os
import stat
import tomllib
from dataclasses import dataclass, field

import pygame
from platformdirs import user_config_dir

from tabletop.core.i18n import N_, _
from tabletop.core.schema import printable

APP = "lotr-tabletop"

# action -> (default keys, description, group)
ACTIONS: dict[str, tuple[tuple[str, ...], str, str]] = {
    "exhaust": (("a",), N_("Exhaust / ready the card"), "card"),
    "flip": (("f",), N_("Flip face up / down (quest: side A/B)"), "card"),
    "detach": (("c",), N_("Detach from its host"), "card"),
    "shuffle_into": (("h",), N_("Shuffle into its deck (over a pile: shuffle it)"), "card"),
    "to_bottom": (("shift+b",), N_("Put on the bottom of its deck"), "card"),
    "to_top": (("shift+t",), N_("Put on top of its deck"), "card"),
    "shadow": (("s",), N_("Deal a shadow card to the enemy"), "card"),
    "victory": (("v",), N_("Add to the victory display"), "card"),
    "discard": (("x",), N_("Discard to the right discard pile (the quest stage: advance)"), "card"),
    "to_hand": (("shift+g",), N_("Take into your hand"), "card"),
    "browse": (("b",), N_("Look through / search the pile"), "card"),
    "roll": (("r",), N_("Roll the die (or the selected dice)"), "card"),
    "draw": (("d",), N_("Draw a card"), "game"),
    "draw_n": (("ctrl+d",), N_("Draw N cards"), "game"),
    "reveal": (("e",), N_("Reveal an encounter card"), "game"),
    "threat_up": (("u",), N_("Your threat +1"), "game"),
    "threat_down": (("j",), N_("Your threat -1"), "game"),
    "threat_up_all": (("shift+u",), N_("Everyone's threat +1"), "game"),
    "threat_down_all": (("shift+j",), N_("Everyone's threat -1"), "game"),
    "ready_all": (("shift+r",), N_("Ready all your cards"), "game"),
    "next_round": (("ctrl+n",), N_("Next round (round counter +1)"), "game"),
    "mulligan": (("shift+m",), N_("Mulligan"), "game"),
    "discard_random": (("shift+h",), N_("Discard a random card from hand"), "game"),
    "first_player": (("shift+p",), N_("Pass the first-player token"), "game"),
    "undo": (("ctrl+z", "left"), N_("Undo"), "game"),
    "redo": (("ctrl+y", "right"), N_("Redo"), "game"),
    "undo_round": (("shift+left",), N_("Undo the whole round"), "game"),
    "redo_round": (("shift+right",), N_("Redo the whole round"), "game"),
    "prev_seat": (("ctrl+left",), N_("Sit in the previous seat"), "game"),
    "next_seat": (("ctrl+right",), N_("Sit in the next seat"), "game"),
    "save": (("ctrl+s",), N_("Save"), "game"),
    "save_as": (("ctrl+shift+s",), N_("Save as..."), "game"),
    "open": (("ctrl+o",), N_("Your games: open one, or take this one back"), "game"),
    "quick_save": (("f5",), N_("Quick-save"), "game"),
    "quick_load": (("f9",), N_("Quick-load"), "game"),
    "new_game": (("ctrl+shift+n",), N_("New game..."), "game"),
    "quit": (("ctrl+q",), N_("Save and quit"), "game"),
    "decide": (("return", "enter"),
               N_("Rules engine: the safe answer (Pass, Continue, Keep, Done after a pick)"),
               "game"),
    "free_hands": (("f2",), N_("Rules engine: free hands on / off"), "game"),
    "suggest": (("shift+/", "ctrl+h"), N_("Suggest: what the expert would do here, and why"),
                "game"),
    "ai_pause": (("p",), N_("Pause / resume the AI players"), "game"),
    "toggle_log": (("l",), N_("Show / hide the game log"), "view"),
    "language": (("f3",), N_("Next language (English, Čeština, Polski)"), "view"),
    "help": (("tab",), N_("Hold to show the hotkeys"), "view"),
    "zoom_in": (("=",), N_("Zoom in"), "view"),
    "zoom_out": (("-",), N_("Zoom out"), "view"),
    "fit": (("space",), N_("Show the whole table"), "view"),
    "view_shared": (("page up",), N_("Look at the quest and staging area"), "view"),
    "view_seat": (("page down",), N_("Look at your own seat"), "view"),
    "deselect": (("escape",), N_("Close / back out of paying for a card / clear the selection"),
                 "view"),
}
TOKEN_KEYS = ("1", "2", "3", "4", "5", "6", "7", "8", "9")
PAN_KEYS = {"w": (0, 1), "a": (1, 0), "s": (0, -1), "d": (-1, 0)}
MODS = ("ctrl", "shift", "alt")


def config_dir() -> str:
    return os.environ.get("LOTR_TABLETOP_CONFIG") or user_config_dir(APP)


def normalize(spec: str) -> str:
    """Canonical "ctrl+shift+a" form; raises ValueError for an unknown key name."""
    parts = [p.strip().lower() for p in spec.split("+")]
    key = parts[-1]
    mods = sorted(set(parts[:-1]), key=MODS.index) if all(m in MODS for m in parts[:-1]) else None
    if mods is None:
        raise ValueError(_("unknown modifier in {spec!r}").format(spec=spec))
    if not pygame.display.get_init():
        pygame.display.init()
    try:
        pygame.key.key_code(key)
    except ValueError:
        raise ValueError(_("unknown key {key!r} in {spec!r}").format(key=key, spec=spec)) from None
    return "+".join([*mods, key])


def event_spec(key: int, mod: int) -> str:
    name = pygame.key.name(key).lower()
    mods = []
    if mod & pygame.KMOD_CTRL:
        mods.append("ctrl")
    if mod & pygame.KMOD_SHIFT:
        mods.append("shift")
    if mod & pygame.KMOD_ALT:
        mods.append("alt")
    return "+".join([*mods, name])


@dataclass
class Keymap:
    bindings: dict[str, str] = field(default_factory=dict)      # spec -> action
    keys: dict[str, list[str]] = field(default_factory=dict)    # action -> specs
    problems: list[str] = field(default_factory=list)
    options: dict = field(default_factory=lambda: {"pan_with_wasd": True,
                                                   "confirm_seat_switch": True})
    path: str = ""

    def action_for(self, key: int, mod: int) -> str | None:
        return self.bindings.get(event_spec(key, mod))

    def label(self, action: str) -> str:
        specs = self.keys.get(action) or []
        return " / ".join(s.title() if len(s) > 1 else s.upper() for s in specs)


MAX_KEYS_FILE = 64 * 1024         # a key file is a few KiB


def read_config(path: str) -> tuple[dict, str | None]:
    """The TOML table of a config file, or ``({}, why)`` when it cannot be used.

    Only a regular file is opened (never a pipe or a device, which could block
    the start), without waiting, and at most ``MAX_KEYS_FILE`` bytes are read.
    Any problem (not UTF-8, not TOML, nested too deeply) is one line, never a
    traceback.
    """
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return {}, None
    except OSError as exc:
        return {}, _("cannot read it ({why})").format(why=exc.strerror or exc)
    if not stat.S_ISREG(info.st_mode):
        return {}, _("it is not a regular file")
    if info.st_size > MAX_KEYS_FILE:
        return {}, _("it is too large ({n} bytes) to be a key file").format(n=info.st_size)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as fh:
            if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
                return {}, _("it is not a regular file")
            raw = fh.read(MAX_KEYS_FILE + 1)
    except OSError as exc:
        return {}, _("cannot read it ({why})").format(why=exc.strerror or exc)
    if len(raw) > MAX_KEYS_FILE:
        return {}, _("it is too large to be a key file")
    try:
        return tomllib.loads(raw.decode("utf-8")), None
    except UnicodeDecodeError:
        return {}, _("it is not UTF-8 text")
    except tomllib.TOMLDecodeError as exc:
        return {}, _("it is not valid TOML ({why})").format(why=exc)
    except RecursionError:
        return {}, _("it is nested too deeply")
    except Exception as exc:           # whatever else the parser meets: still one line
        return {}, _("it cannot be read ({why})").format(why=type(exc).__name__)


def _user_keys(data: dict, path: str, problems: list[str]) -> dict[str, list[str]]:
    """The bindings a key file asks for; whatever is malformed is reported."""
    keys = data.get("keys", {})
    if not isinstance(keys, dict):
        problems.append(_("{path}: [keys] must be a table of action = [keys]; using the "
                          "defaults").format(path=path))
        return {}
    user: dict[str, list[str]] = {}
    for action, specs in keys.items():
        if action not in ACTIONS:
            problems.append(_("{path}: unknown action {action!r}").format(
                path=path, action=printable(action, 40)))
            continue
        if isinstance(specs, str):
            specs = [specs]
        if not isinstance(specs, list) or not all(isinstance(x, str) for x in specs):
            problems.append(_("{path}: {action}: keys must be text, like [\"ctrl+z\"]").format(
                path=path, action=action))
            continue
        good = []
        for spec in specs[:16]:
            try:
                good.append(normalize(spec))
            except (ValueError, TypeError, pygame.error) as exc:
                problems.append(printable(f"{path}: {action}: {exc}", 200))
        user[action] = good
    return user


def _user_options(data: dict, path: str, km: "Keymap") -> None:
    options = data.get("options", {})
    if not isinstance(options, dict):
        km.problems.append(_("{path}: [options] must be a table").format(path=path))
        return
    for k, v in options.items():
        if k in km.options and isinstance(v, bool):
            km.options[k] = v
        else:
            km.problems.append(_("{path}: unknown option {k!r}").format(
                path=path, k=printable(k, 40)))


def load_keymap(path: str | None = None) -> Keymap:
    """Defaults, overridden by the user's file; conflicts and errors are reported
    (on screen, by the window), and a file that cannot be used leaves the defaults."""
    path = path or os.path.join(config_dir(), "keys.toml")
    km = Keymap(path=path)
    data, why = read_config(path)
    if why is not None:
        km.problems.append(_("{path}: cannot use the key file: {why}; using the defaults")
                           .format(path=path, why=printable(why, 160)))
    user = _user_keys(data, path, km.problems)
    _user_options(data, path, km)
    # user bindings first, so they win any conflict with a default
    order = [(a, user[a], True) for a in user] + \
            [(a, [normalize(s) for s in d[0]], False) for a, d in ACTIONS.items() if a not in user]
    for action, specs, by_user in order:
        km.keys.setdefault(action, [])
        for spec in specs:
            other = km.bindings.get(spec)
            if other is not None and other != action:
                km.problems.append(
                    _("key {spec} is bound to both {a} and {b}; {b} keeps it, {a} loses it")
                    .format(spec=spec, a=action, b=other))
                continue
            km.bindings[spec] = action
            km.keys[action].append(spec)
    for spec in [*TOKEN_KEYS, *(f"ctrl+{k}" for k in TOKEN_KEYS)]:
        if spec in km.bindings:
            km.problems.append(_("key {spec} is bound to {a} but number keys place tokens")
                               .format(spec=spec, a=km.bindings[spec]))
    return km


def write_default(path: str) -> None:
    """Write a commented key file with every action and its default keys."""
    lines = ["# Hotkeys of the LOTR tabletop. Change a line, restart, done.",
             "# Keys: letters, digits, f1-f12, left/right/up/down, space, tab, escape...",
             "# Modifiers: ctrl+, shift+, alt+.  A key bound twice is reported at start.",
             "", "[keys]"]
    for action, (keys, desc, _g) in ACTIONS.items():
        lines.append(f"{action} = [{', '.join(repr(k).replace(chr(39), chr(34)) for k in keys)}]"
                     f"    # {desc}")
    lines += ["", "[options]", "pan_with_wasd = true", "confirm_seat_switch = true", ""]
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("\n".join(lines))
