"""Button labels: a command of the game in a few words, for the seat that may submit it."""
from __future__ import annotations

from tabletop.core.dice import face_label
from tabletop.core.i18n import _
from tabletop.core.model import TableState
from tabletop.games.coc.data import GameData
import tabletop.games.coc.commands as C
import tabletop.games.coc.slot as S
import tabletop.games.coc.texts as T


def me_faces(state: TableState) -> list[str]:
    """The two Middle-earth dice's faces in words."""
    dice = [d for d in sorted(state.dice.values(), key=lambda d: d.id) if d.kind == "coc_middle_earth"]
    return [face_label(d.kind, d.face) for d in dice]


def label(data: GameData, state: TableState, cmd) -> str:
    """What pressing the button for ``cmd`` does."""
    if isinstance(cmd, C.Roll):
        return _("Roll the dice")
    if isinstance(cmd, C.ChooseGollum):
        return _("Gollum: mark all your hunt boxes") if cmd.choice == "gollum" else \
            _("Sméagol: mark all your resolve boxes")
    if isinstance(cmd, C.Assign):
        faces = me_faces(state)
        return _("{a} to Free Peoples, {b} to Shadow").format(
            a=faces[cmd.free_peoples], b=faces[1 - cmd.free_peoples])
    if isinstance(cmd, C.Done):
        return _done(state)
    if isinstance(cmd, C.March):
        word = _("Engage: {battle}") if cmd.engage else _("March: {battle}")
        return word.format(battle=T.battle(data, cmd.battle, cmd.half))
    if isinstance(cmd, C.Recruit):
        return _("Recruit {unit} for {battle}").format(
            unit=T.track(data, cmd.half, cmd.unit), battle=T.battle(data, cmd.battle, cmd.half))
    if isinstance(cmd, C.Hunt):
        return _("Hunt at {place}").format(place=T.place(data, cmd.at))
    if isinstance(cmd, C.ExtraHunt):
        return _("Spend {n} more hunt").format(n=cmd.amount)
    if isinstance(cmd, C.Decline):
        wait = S.get(state, "wait") or {}
        return _("Let the hunt stand") if wait.get("kind") == "gandalf" else _("Answer the Nazgûl")
    if isinstance(cmd, C.BattleCharacters):
        if not cmd.characters:
            return _("Bring no character")
        return _("Bring {names}").format(names=" + ".join(T.character(data, c) for c in cmd.characters))
    if isinstance(cmd, C.Move):
        word = _("Move to {place} with Galadriel") if cmd.galadriel else _("Move to {place}")
        return word.format(place=T.place(data, cmd.to))
    if isinstance(cmd, C.Use):
        return use_label(data, cmd)
    if isinstance(cmd, C.Mark):
        return _("Mark {track}").format(track=T.track(data, cmd.half, cmd.track))
    return cmd.name


def _done(state: TableState) -> str:
    step = S.get(state, "step")
    if (S.get(state, "wait") or {}).get("kind") == "spend":
        return _("Done with these icons")
    if step == "icons":
        return _("Close my board")
    return _("Finish my {side} actions").format(side=T.half_name("fp" if step == "fp" else "sh"))


def use_label(data: GameData, cmd: C.Use) -> str:
    """A character's action with its target."""
    name = T.character(data, cmd.character)
    if cmd.character in ("strider",):
        return _("{name}: rally {nation} ({n} boxes)").format(
            name=name, nation=T.nation(data, cmd.target), n=cmd.amount)
    if cmd.character == "saruman":
        return _("{name}: move {n} strength from {battle}").format(
            name=name, n=cmd.amount, battle=T.battle(data, cmd.target, "sh"))
    if cmd.character in ("wormtongue",):
        return _("{name}: name {nation}").format(name=name, nation=T.nation(data, cmd.target))
    if cmd.character in ("crebain", "gandalf"):
        return _("{name}: {place}").format(name=name, place=T.place(data, cmd.target))
    if cmd.character == "merry":
        return _("{name}: march again on {battle}").format(
            name=name, battle=T.battle(data, cmd.target, "fp"))
    return _("Use {name}").format(name=name)
