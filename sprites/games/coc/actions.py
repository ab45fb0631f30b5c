"""What the viewing seat can do from the window: clicks on the boards, the action panel's
buttons, menus, keys, throwing the dice, passing the table to the next player.
"""
from __future__ import annotations

import pygame

import sprites.games.coc.clicks as clicks
from sprites.games.coc.panel import Button, waiting_line
from sprites.games.coc.throw import throw
from sprites.games.coc.words import label
from sprites.menus import MenuItem
import tabletop.core.commands as CC
from tabletop.core.i18n import _
import tabletop.games.coc.commands as C
import tabletop.games.coc.slot as S
import tabletop.games.coc.texts as T

SPATIAL = (C.Mark, C.Move, C.Hunt)          # chosen on the boards, not on the panel
MANY = ("strider", "saruman", "wormtongue", "crebain", "merry")   # a button opens a choice



def hints() -> dict[str, str]:
    """A line of help under the prompt, per step."""
    return {
        "icons": _("Click a glowing box to spend an icon on it; click a neighbouring place on "
                   "your map to move the Fellowship."),
        "fp": _("March, engage, recruit and use characters; then finish."),
        "shadow": _("Click a place on your Shadow map to hunt there; march, recruit, use "
                    "characters."),
        "spend": _("Click a glowing box of your Free Peoples half for each icon."),
    }


class Actions:
    """The viewing seat's actions, for a ``CocView``."""

    def __init__(self, view):
        self.view = view

    @property
    def app(self):
        """The window."""
        return self.view.app

    def submit(self, cmd) -> bool:
        """Submit a command (a refusal becomes a toast)."""
        return self.app.submit(cmd)

    # ------------------------------------------------------------- the panel
    def fill_panel(self) -> None:
        """What the round waits for, and the buttons of the viewing seat."""
        st = self.app.state
        if not self.view.enforced:
            return self._free_panel()
        step = S.get(st, "step")
        title = ""
        if step == "over":
            res = S.get(st, "result") or {}
            from tabletop.games.coc.scoring import result_words
            lines = [result_words(st, res)] if res else []
            return self.view.panel.set(title, lines, [Button(_("Score table"), self.view.scores.toggle)])
        choice = self.app.session.pending()
        if choice is None:
            return self.view.panel.set(title, [], [])
        me = self.app.viewer
        actors = choice.data.get("actors", [choice.seat])
        ai = self.app.ai
        if me not in actors or ai.is_ai(me):
            people = [s for s in actors if not ai.is_ai(s)]
            if not people:                      # only AI seats are deciding: they play on
                names = ", ".join(ai.name(s) for s in actors)
                line = (_("{names} paused.") if ai.paused else _("{names} deciding…")).format(
                    names=names)
                return self.view.panel.set(title, [line, choice.prompt], [
                    Button(_("Let the AI play on") if ai.paused else _("Pause the AI"),
                           lambda: (ai.toggle_pause(), self.fill_panel()), main=ai.paused)])
            seat = people[0]
            who = T.seat_name(st, seat)
            return self.view.panel.set(title, [waiting_line(who) + " " + choice.prompt],
                                       [Button(_("Pass the table to {name}").format(name=who),
                                               lambda: self.pass_to(seat), main=True)])
        wait = choice.data.get("wait") or step
        hint = hints().get(wait)
        lines = [choice.prompt] + ([hint] if hint else [])
        suggest = Button(_("Suggest (?)"), self.view.suggest)     # the expert's move, and why
        self.view.panel.set(title, lines, self._buttons() + [suggest])

    def _buttons(self) -> list[Button]:
        out, grouped = [], {}
        for cmd in self.view.legal:
            if isinstance(cmd, SPATIAL) or (isinstance(cmd, C.Use) and cmd.character == "gandalf"
                                            and S.get(self.app.state, "step") == "icons"):
                continue
            if isinstance(cmd, C.Use) and cmd.character in MANY:
                grouped.setdefault(cmd.character, []).append(cmd)
                continue
            out.append(self._button(cmd))
        for cid, cmds in grouped.items():
            name = T.character(self.view.data, cid)
            out.append(Button(_("{name}...").format(name=name),
                              lambda cmds=cmds, name=name: self.choose(name, cmds)))
        mains = [b for b in out if b.main]
        if len(mains) > 1:
            for b in mains[1:]:
                b.main = False
        return out

    def _button(self, cmd) -> Button:
        if isinstance(cmd, C.Roll):
            return Button(label(self.view.data, self.app.state, cmd), self.roll, main=True)
        main = isinstance(cmd, C.Done)
        return Button(label(self.view.data, self.app.state, cmd), lambda: self.submit(cmd), main)

    def _free_panel(self) -> None:
        st = self.app.state
        title = ""
        lines = [_("Free table: the boards are paper, you hold the pen."),
                 _("Click a box to mark it, again to erase it; click your map to draw the X; "
                   "throw the dice from the tray.")]
        n = len(st.seats)
        buttons = [Button(_("Score table"), self.view.scores.toggle),
                   Button(_("Next round"), lambda: self.submit(CC.Round(self.app.viewer, 1))),
                   Button(_("Pass the start player token"), lambda: self.submit(
                       CC.FirstPlayer(self.app.viewer, (st.first_player + 1) % n)))]
        self.view.panel.set(title, lines, buttons)

    def choose(self, title: str, cmds: list) -> None:
        """A small menu of commands at the pointer."""
        data, st = self.view.data, self.app.state
        self.view.popup(title, [MenuItem(label(data, st, c), lambda c=c: self.submit(c)) for c in cmds])

    def pass_to(self, seat: int) -> None:
        """Hand the table to another player (the window's curtain hides it until they are there)."""
        n = len(self.app.state.seats)
        if hasattr(self.app, "switch_seat"):
            self.app.switch_seat((seat - self.app.viewer) % n)
        else:                                   # a host whose curtain names the next seat
            self.app.curtain = seat

    def roll(self) -> None:
        """Throw the dice onto the Ring board, then submit the roll with where they came to rest."""
        st = self.app.state
        ids = self.app.session.rules.dice_to_roll(st)
        rest, frames = throw(ids, f"{st.seed}:{len(self.app.session.log)}")
        cmd = C.Roll(self.app.viewer, tuple(rest[d][0] for d in ids), tuple(rest[d][1] for d in ids),
                     tuple(rest[d][2] for d in ids))
        if self.submit(cmd):
            self.view.dice.start(frames)

    # ------------------------------------------------------------- the boards
    def click(self, pos) -> None:
        """A click on a board: the legal action there (a choice when several), a pen stroke on
        the free table, or the refusal that says why not."""
        spot = clicks.spot_at(self.view, *self.app.camera.to_world(*pos))
        if spot is None or not spot[1]:
            return
        placed, kind, key = spot
        if not self.view.enforced:
            cmd = clicks.pen(self.view, placed, kind, key)
            if cmd is not None:
                self.submit(cmd)
            elif placed.kind == "battle" and kind == "strength":
                self._write_strength(placed.key, key)
            return
        cmds = clicks.commands_at(self.view, placed, kind, key)
        if placed.kind == "sh" and kind == "loc":
            return self._shadow_map(key, cmds)
        if len(cmds) == 1:
            self.submit(cmds[0])
        elif cmds:
            self.choose(self.spot_name(placed, kind, key), cmds)
        elif (cmd := clicks.attempt(self.view, placed, kind, key)) is not None:
            self.submit(cmd)

    def _shadow_map(self, key, cmds) -> None:
        """The Shadow map: hunt (always asked, a hunt cannot be taken back in secret) or pencil."""
        notes = [C.Note(self.app.viewer, key[0], m) for m in ("?", "X", "")]
        data, st = self.view.data, self.app.state
        items = [MenuItem(label(data, st, c), lambda c=c: self.submit(c)) for c in cmds]
        marks = {"?": _("Pencil a ? here"), "X": _("Pencil an X here"), "": _("Rub the note out")}
        items += [MenuItem(marks[c.mark], lambda c=c: self.submit(c)) for c in notes]
        self.view.popup(T.place(data, key[0]), items)

    def _write_strength(self, board: str, key) -> None:
        battle, side = key
        cur = S.board(self.app.state, board)["battles"][battle]["strength"][side]

        def answer(value) -> None:
            """Write the number given."""
            self.submit(C.WriteStrength(self.app.viewer, board, battle, side, int(value)))
        if hasattr(self.app, "open_prompt"):
            self.app.open_prompt(_("Army strength (now {n})").format(n=cur), answer)
        else:                                   # a host without prompts: +1, Shift: -1
            answer(max(0, cur + (-1 if self.app.mods & pygame.KMOD_SHIFT else 1)))

    def spot_name(self, placed, kind: str, key: tuple) -> str:
        """A spot in words (a menu's title)."""
        data = self.view.data
        if kind == "loc":
            return T.place(data, key[0])
        if kind == "box" and placed.kind in ("fp", "sh"):
            return T.track(data, placed.kind, key[0])
        if kind == "arc":
            return T.character(data, key[0])
        if kind in ("track", "winner", "strength"):
            return T.cap(T.battle(data, key[0]))
        return _("Circle of Conflict")

    def spot_title(self, pos) -> str:
        """The name of what is under ``pos`` ("" for nothing)."""
        spot = clicks.spot_at(self.view, *self.app.camera.to_world(*pos))
        return self.spot_name(*spot) if spot and spot[1] else ""

    def menu_at(self, pos) -> list[MenuItem]:
        """The right-click menu's own rows: the legal actions at the spot."""
        spot = clicks.spot_at(self.view, *self.app.camera.to_world(*pos))
        if spot is None or not spot[1] or not self.view.enforced:
            return []
        data, st = self.view.data, self.app.state
        return [MenuItem(label(data, st, c), lambda c=c: self.submit(c))
                for c in clicks.commands_at(self.view, *spot)]

    # ------------------------------------------------------------- keys
    def key(self, ev) -> bool:
        """Enter: the main button; T: the score table; Space: the whole table; Home: yours."""
        if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.view.panel.press_main()
        if ev.key == pygame.K_t:
            self.view.scores.toggle()
            return True
        if ev.key == pygame.K_SPACE:
            self.view.fit_all()
            return True
        if ev.key == pygame.K_HOME:
            self.view.fit_view()
            return True
        return False

    # ------------------------------------------------------------- the Ring board
    def seat_rows(self) -> list[dict]:
        """One line per seat for the Ring board: name, start player, what they are doing."""
        st = self.app.state
        actors = self.app.session.rules.actors(st) if self.view.enforced else []
        step = S.get(st, "step")
        rows = []
        for seat in range(len(st.seats)):
            pub = S.public(st, seat)
            status = []
            if seat in actors:
                status.append(_("to act") if step not in ("gollum", "assign", "icons")
                              else _("choosing in secret"))
            elif step in ("gollum", "assign", "icons") and pub.get("ready"):
                status.append(_("done"))
            if pub.get("gollum"):
                status.append(_("chose Gollum") if pub["gollum"] == "gollum" else _("chose Sméagol"))
            if pub.get("ring"):
                status.append(_("destroyed the Ring"))
            rows.append({"name": st.seats[seat].name, "start": seat == st.first_player,
                         "you": seat == self.app.viewer, "status": ", ".join(status)})
        return rows
