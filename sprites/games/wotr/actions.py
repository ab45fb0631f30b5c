"""What a player can ask of the War of the Ring table from the window: commands
built for a seat, the die each action uses, and the context menus.

Kept apart from the drawing so the view stays small: ``Actions`` knows the
game's verbs; ``sprites.games.wotr.view`` knows where things are on screen.
"""
from __future__ import annotations

from sprites.menus import MenuItem
from tabletop.core.i18n import _
from tabletop.core.model import TABLE
from tabletop.games.wotr.base import FACES_FOR, face_word, piece_label
from tabletop.games.wotr.characters import entry_regions
from tabletop.games.wotr.data import FP, SHADOW, chieftains, regions, sovereigns
from tabletop.games.wotr.turn import RULER_KIND
from tabletop.games.wotr import api
import tabletop.games.wotr.commands as C
import tabletop.games.wotr.state as S


class Actions:
    """Builds and submits commands for the viewing seat."""

    def __init__(self, app):
        self.app = app
        self.selected: tuple[str, int] | None = None      # a die chosen in the panel

    @property
    def st(self):
        return self.app.session.state

    @property
    def seat(self) -> int:
        return self.app.viewer

    @property
    def side(self) -> str:
        return S.seat_side(self.st, self.seat) or FP

    def submit(self, cmd) -> bool:
        ok = self.app.submit(cmd)
        if ok:
            self.selected = None
        return ok

    # ------------------------------------------------------------ dice
    def die_for(self, side: str, kind: str, ruler_any: bool = False) -> int:
        """The die an action of ``kind`` uses: the one chosen in the panel, or
        the first fitting unused die (a plain die before the Ruler die)."""
        dice = S.get(self.st, "dice", side, default=[])
        if self.selected and self.selected[0] == side and self.selected[1] < len(dice):
            return self.selected[1]
        if S.get(self.st, "phase") != "actions":
            return -1
        fits = []
        for i, d in enumerate(dice):
            if d.get("used") or d.get("face") in ("", "eye"):
                continue
            ruler = d["kind"] == RULER_KIND[side]
            if d["face"] in FACES_FOR.get(kind, ()) or (ruler and ruler_any) or (
                    d["face"] == "will_of_the_west" and kind in FACES_FOR):
                fits.append((ruler, d["face"] == "will_of_the_west", i))
        follow = S.get(self.st, "follow") or {}
        if follow.get("side") == side:            # the second part of a die's action
            return int(follow.get("die", -1))
        if not fits:
            return -1
        return sorted(fits)[0][2]

    # --------------------------------------------------------- map moves
    def move(self, ids: list[int], origin: str | None, target: str) -> bool:
        """Drop figures on a region: a move, or an attack on an enemy army there."""
        st = self.st
        movers = S.side_of_piece(st, ids[0]) or self.side
        enemy = SHADOW if movers == FP else FP
        has_units = any(S.kind(st, c) in ("regular", "elite") for c in ids)
        if origin and has_units and S.units(st, target, enemy):
            die = self.die_for(movers, "army")
            if die < 0:                            # an army with a Leader: a Character die
                die = self.die_for(movers, "character")
            return self.submit(C.Attack(self.seat, origin, target, die))
        kinds = {S.kind(st, c) for c in ids}
        kind = "army" if kinds & {"regular", "elite", "leader"} else "character"
        if kind == "army" and self.die_for(movers, "army") < 0:
            kind = "character"
        if ids and st.cards[ids[0]].zone == "fellowship":
            return self.submit(C.Separate(self.seat, tuple(ids), target,
                                          self.die_for(FP, "character")))
        return self.submit(C.MoveFigures(self.seat, tuple(ids), target, self.die_for(movers, kind)))

    # ---------------------------------------------------------- buttons
    # the action phase's questions: these kinds of legal action get a button
    ACT_BUTTONS = (C.FellowshipMove, C.Hide, C.DrawEvent, C.Pass, C.Decline, C.NextPhase,
                   C.CombatRoll, C.RollActions, C.CharacterAbility)
    MAX_CHOICES = 16            # more answers than that: chosen on the map or by menu

    def buttons(self) -> list[tuple[str, str]]:
        """The panel's buttons: the answers the sitting seat may give now; "Sit as ..."
        when another seat must decide (hot-seat); none once the game is over."""
        session = self.app.session
        st = self.st
        self.offered: dict[str, object] = {}
        if S.get(st, "outcome") or self.app.replay:
            return []
        if not getattr(session.rules, "strict", False):
            return self.table_buttons()
        choice = session.pending()
        if choice is None:
            return []
        if choice.seat != self.seat:
            name = st.seats[choice.seat].name if 0 <= choice.seat < len(st.seats) else ""
            return [("sit", _("Sit as {name}").format(name=name))]
        legal = session.legal_actions()
        regions_asked = all(isinstance(cmd, C.Declare) for cmd in legal)
        if choice.kind == "act" or len(legal) > self.MAX_CHOICES and not regions_asked:
            shown = [cmd for cmd in legal if isinstance(cmd, self.ACT_BUTTONS)
                     or (isinstance(cmd, C.Declare) and cmd.region == "mordor")
                     or isinstance(cmd, (C.Guide, C.TakeHits))]
        else:
            shown = legal
        out: list[tuple[str, str]] = []
        seen: set[str] = set()
        for i, cmd in enumerate(shown):
            label = api.label_of(session, cmd)
            if label in seen:                 # the same action with another die
                continue
            seen.add(label)
            key = f"legal:{i}"
            self.offered[key] = cmd
            out.append((key, label))
        if S.get(st, "phase") == "hunt" and choice.kind == "number":
            out = [(k, v.split(" ")[0]) for k, v in out]
        return out

    def table_buttons(self) -> list[tuple[str, str]]:
        """The free table's buttons for the current phase (anyone may press them)."""
        st = self.st
        b = S.get(st, "battle")
        if b:
            out = [("combat_roll", _("Combat roll"))] if b.get("stage") == "roll" else []
            if b.get("stage") == "hits":
                out.append(("take_hits", _("Take the chosen hits")))
            return out
        return {"start": [("next", _("Begin turn 1"))],
                "fellowship": [("next", _("To the Hunt"))],
                "hunt": [("hunt-", _("Hunt dice -")), ("hunt+", _("Hunt dice +")),
                         ("allocate", _("Allocate {n}").format(n=self.hunt_dice))],
                "roll": [("roll", _("Roll the action dice"))],
                "actions": [("fellowship", _("Move the Fellowship")),
                            ("draw_character", _("Draw Character")),
                            ("draw_strategy", _("Draw Strategy")), ("pass", _("Pass")),
                            ("next", _("End the turn"))]}.get(S.get(st, "phase"), [])

    hunt_dice = 1
    offered: dict[str, object] = {}

    def press(self, action: str) -> None:
        """A panel button or its hotkey."""
        st = self.st
        if action == "sit":
            choice = self.app.session.pending()
            if choice is not None and choice.seat != self.seat:
                self.app.switch_seat(choice.seat - self.seat)
            return
        if action in self.offered:
            self.submit(self.offered[action])
            return
        choice = self.app.session.pending()
        strict = getattr(self.app.session.rules, "strict", False)
        if strict and choice is not None and choice.seat != self.seat:
            self.app.toast(_("Waiting for {name}: sit there first (Ctrl+arrow)").format(
                name=st.seats[choice.seat].name), 2)
            return
        if action == "next":
            self.submit(C.NextPhase(self.seat))
        elif action in ("hunt-", "hunt+"):
            self.hunt_dice = max(0, self.hunt_dice + (1 if action == "hunt+" else -1))
            self.app.toast(_("{n} dice will go to the Hunt box").format(n=self.hunt_dice), 1.5)
        elif action == "allocate":
            self.submit(C.AllocateHunt(self.seat, self.hunt_dice))
        elif action == "roll":
            self.submit(C.RollActions(self.seat))
        elif action == "fellowship":
            if S.get(st, "fellowship", "revealed"):
                self.submit(C.Hide(self.seat, self.die_for(FP, "character")))
            else:
                self.submit(C.FellowshipMove(self.seat, self.die_for(FP, "character")))
        elif action in ("draw_character", "draw_strategy"):
            self.submit(C.DrawEvent(self.seat, action.split("_")[1]))
        elif action == "pass":
            if S.get(st, "follow"):
                self.submit(C.Decline(self.seat))
            else:
                self.submit(C.Pass(self.seat, self.side))
        elif action == "combat_roll":
            self.submit(C.CombatRoll(self.seat, self.side))
        elif action == "take_hits":
            self.app.toast(_("Click your units in the battle to choose casualties, then Enter."))

    # ------------------------------------------------------------ menus
    def piece_menu(self, ids: list[int], region: str | None) -> list[MenuItem]:
        """Right click on a token."""
        st = self.st
        cid = ids[0]
        code = st.cards[cid].code
        kind = S.kind(st, cid)
        items = []
        if kind in ("regular", "elite", "leader", "nazgul", "companion", "minion", "chieftain",
                    "sovereign"):
            items.append(MenuItem(_("Remove as a casualty"),
                                  lambda: self.submit(C.Eliminate(self.seat, (cid,)))))
        if kind == "elite":
            items.append(MenuItem(_("Replace by a Regular unit"),
                                  lambda: self.submit(C.Reduce(self.seat, cid))))
        if kind == "sovereign" and S.kings(st):
            items += self.sovereign_menu(code.split(".")[1])
        if kind == "chieftain" and S.get(st, "battle"):
            items += self.combat_ability_menu(code)
        if code == "sov.brand.silver" and S.get(st, "battle"):
            items += self.combat_ability_menu("sov.brand")
        return self.answers_menu(lambda a: a in ids or a == region) + items

    def answers_menu(self, fits) -> list[MenuItem]:
        """The pending card question's answers that ``fits`` accepts (a region or a figure
        clicked on the map), first in a menu: questions with too many answers for the
        panel's buttons are answered on the map."""
        session = self.app.session
        choice = session.pending()
        if choice is None or choice.seat != self.seat:
            return []
        return [MenuItem(api.label_of(session, cmd), lambda c=cmd: self.submit(c))
                for cmd in session.legal_actions()
                if isinstance(cmd, C.Choose) and not isinstance(cmd.answer, (bool, tuple))
                and cmd.answer is not None and fits(cmd.answer)]

    def characters_menu(self, region: str) -> list[MenuItem]:
        """Characters that may enter play in ``region`` now (legal actions)."""
        session = self.app.session
        seen: set[str] = set()
        out = []
        for cmd in session.legal_actions():
            if isinstance(cmd, C.BringCharacter) and cmd.character not in seen \
                    and region in entry_regions(self.st, cmd.character):
                seen.add(cmd.character)
                here = C.BringCharacter(cmd.seat, cmd.character, region, cmd.die)
                out.append(MenuItem(api.label_of(session, here), lambda c=here: self.submit(c)))
        return out

    def sovereign_menu(self, sid: str) -> list[MenuItem]:
        """What can be done with a Sovereign."""
        st = self.st
        sov = sovereigns()[sid]
        state = S.sovereign_state(st, sid)
        name = _(sov.name)
        out = []
        if state == "sleeping":
            out.append(MenuItem(_("Awaken {name}").format(name=name), lambda: self.submit(
                C.Awaken(self.seat, sid, "", self.die_for(FP, "muster", ruler_any=True)))))
            out.append(MenuItem(_("Try to corrupt {name}").format(name=name),
                                lambda: self.submit(C.CorruptAttempt(self.seat, sid))))
            out.append(MenuItem(_("Remove a Corruption token from {name}").format(name=name),
                                lambda: self.submit(C.Cleanse(self.seat, sid))))
        if state == "corrupted":
            out.append(MenuItem(_("Remove {name} from the game").format(name=name),
                                lambda: self.submit(C.RemoveCorrupted(
                                    self.seat, sid, self.die_for(FP, "character")))))
        if state == "awake":
            ruler = self._ruler_die(FP)
            out.append(MenuItem(_("Use {ability} (Ruler die)").format(ability=_(sov.ability)),
                                lambda: self.submit(C.RulerAbility(self.seat, sid, ruler)),
                                enabled=ruler >= 0))
            out.append(MenuItem(_("Use {ability} with his Ruler token").format(
                ability=_(sov.ability)), lambda: self.submit(
                C.RulerAbility(self.seat, sid, ruler, True)), enabled=ruler >= 0))
        return out

    def _ruler_die(self, side: str) -> int:
        for i, d in enumerate(S.get(self.st, "dice", side, default=[])):
            if d["kind"] == RULER_KIND[side] and not d.get("used"):
                return i
        return -1

    def combat_ability_menu(self, ruler: str) -> list[MenuItem]:
        """Forfeit a combat card from the hand to use a Ruler's combat ability."""
        hand = self.st.zones[f"hand.{self.seat}"].cards
        return [MenuItem(_("Forfeit {card} for the Ruler's combat ability").format(
            card=piece_label(self.st.cards[c].code)),
            lambda c=c: self.submit(C.RulerCombat(self.seat, ruler, c))) for c in hand[:6]]

    def region_menu(self, region: str) -> list[MenuItem]:
        """Right click on a region's empty ground."""
        st = self.st
        info = regions()[region]
        name = _(info.name)
        items = self.answers_menu(lambda a: a == region) + self.characters_menu(region)
        if info.nation and info.settlement:
            for unit, label in (("regular", _("Muster a Regular in {r}")),
                                ("elite", _("Muster an Elite in {r}")),
                                ("leader", _("Muster a Leader in {r}"))):
                die = self.die_for(S.nation_side_of(info.nation), "muster")
                items.append(MenuItem(label.format(r=name), lambda u=unit, d=die: self.submit(
                    C.Recruit(self.seat, info.nation, u, region, d))))
            other = SHADOW if S.controller_side(st, region) == FP else FP
            items.append(MenuItem(_("Mark {r} as held by the {side}").format(
                r=name, side=S.side_name(other)),
                lambda: self.submit(C.Control(self.seat, region, other))))
        if region == "barad-dur" or any(S.kind(st, c) == "nazgul" for c in S.pieces_in(st, region)):
            die = self.die_for(SHADOW, "muster")
            items.append(MenuItem(_("Muster a Nazgûl in {r}").format(r=name), lambda: self.submit(
                C.Recruit(self.seat, "sauron", "nazgul", region, die))))
        b = S.get(st, "battle") or {}
        if b.get("stage") == "decide" and region in regions()[b["region"]].passable:
            items.append(MenuItem(_("Retreat the defenders into {r}").format(r=name),
                                  lambda: self.submit(C.BattleEnd(self.seat, "retreat", region))))
        items.append(MenuItem(_("Declare the Fellowship in {r}").format(r=name),
                              lambda: self.submit(C.Declare(self.seat, region))))
        if region in ("minas-morgul", "morannon"):
            items.append(MenuItem(_("Enter the Mordor track"),
                                  lambda: self.submit(C.Declare(self.seat, "mordor"))))
        if S.kings(st):
            for did, dc in chieftains().items():
                if S.get(st, "kome", "chieftains", did) == "aside":
                    items.append(MenuItem(_("Bring {name} into play here").format(
                        name=_(dc.name)), lambda d=did: self.submit(C.BringChieftain(
                            self.seat, d, region, self.die_for(SHADOW, "muster", True)))))
        return items

    def die_menu(self, side: str, i: int) -> list[MenuItem]:
        """Right click on an action die in the panel."""
        st = self.st
        d = S.get(st, "dice", side)[i]
        items = [MenuItem(_("Use for an action done by hand"),
                          lambda: self.submit(C.UseDie(self.seat, side, i, "")))]
        if S.get(st, "phase") == "discard":
            items.insert(0, MenuItem(_("Set this die aside"),
                                     lambda: self.submit(C.DiscardDie(self.seat, side, i))))
        for face in ("character", "army", "muster", "army_muster", "event"):
            if face != d["face"]:
                items.append(MenuItem(_("Elven ring: make it {face}").format(face=face_word(face)),
                                      lambda f=face: self.submit(C.ElvenRing(self.seat, side, i, f))))
        return items

    def card_menu(self, cid: int) -> list[MenuItem]:
        """Right click on a card of the hand (or one lying on the table: force it off)."""
        side = self.side
        if cid in self.st.zones[TABLE].cards:
            session = self.app.session
            ways = [cmd for cmd in session.legal_actions()
                    if isinstance(cmd, C.DiscardTable) and cmd.card_id == cid]
            return [MenuItem(api.label_of(session, cmd), lambda c=cmd: self.submit(c))
                    for cmd in ways]
        return [MenuItem(_("Play it"), lambda: self.submit(
                    C.PlayEvent(self.seat, cid, self.die_for(side, "event")))),
                MenuItem(_("Play it as a combat card"),
                         lambda: self.submit(C.CombatCard(self.seat, cid))),
                MenuItem(_("Discard it"), lambda: self.submit(C.DiscardEvent(self.seat, cid)))]

    def politics_menu(self) -> list[MenuItem]:
        """Political track entries for the seat's nations."""
        out = []
        for nation in S.seat_info(self.st, self.seat).get("nations", ()):
            die = self.die_for(S.nation_side_of(nation), "muster")
            out.append(MenuItem(_("Advance {nation} on the political track").format(
                nation=S.nation_name(nation)),
                lambda n=nation, d=die: self.submit(C.Politics(self.seat, n, 1, d))))
            if not S.politics(self.st, nation)["active"]:
                out.append(MenuItem(_("Activate {nation}").format(nation=S.nation_name(nation)),
                                    lambda n=nation: self.submit(C.Activate(self.seat, n))))
        return out
