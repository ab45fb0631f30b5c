"""War of the Ring without a window: a small API over a ``Session`` (docs/API.md).

``new_game`` and ``load_position`` make a game run by the enforced rules;
``pending`` says who decides what; ``legal_actions`` lists the commands the
rules accept now, ``options`` the same as plain values with labels;
``answer`` takes a value (or a command) and submits the matching action;
``derived`` reads the game's figures (turn, phase, victory points,
corruption, the Fellowship, the political track, the outcome).

Pure Python: no pygame.
"""
from __future__ import annotations

import random
from typing import Any

from tabletop.core.commands import Command
from tabletop.core.i18n import N_, _, ngettext
from tabletop.core.session import Result, Session
import tabletop.games.wotr.commands as C
from tabletop.games.wotr.base import face_word, piece_label, region_name
from tabletop.games.wotr.data import FP, NATIONS, SHADOW, regions
import tabletop.games.wotr.position as position
import tabletop.games.wotr.state as S
from tabletop.games.wotr.victory import how_won


def new_game(players: int = 2, kings: bool = True, seed: int = 1, names=None,
             rules: str = "enforce") -> Session:
    """A new game set up by the rules, turn 1 begun (dice recovered, cards drawn)."""
    from tabletop.games.wotr.play import new_game as make
    return make(players=players, names=names, seed=seed, rules=rules, kings=kings)


def load_position(data: Any, rules: str = "enforce") -> Session:
    """A game from a position (a mapping or a JSON file's path; see docs/API.md)."""
    return position.load_position(data, rules)


def pending(game: Session) -> dict[str, Any] | None:
    """What the game waits for: ``{"seat", "kind", "prompt", "options": [{"value",
    "label"}...]}`` (the options of ``options``), or None when the game is over."""
    choice = game.pending()
    if choice is None:
        return None
    return {"seat": choice.seat, "kind": choice.kind, "prompt": choice.prompt,
            "options": options(game)}


def legal_actions(game: Session, seat: int | None = None) -> list[Command]:
    """The commands the rules accept now (of ``seat``, or of anyone)."""
    return game.legal_actions(seat)


def value_of(cmd: Command) -> Any:
    """An action as a plain value: a number of Hunt dice, a region, a choice word,
    a card id, or ``kind:detail`` for the actions of the action phase."""
    if isinstance(cmd, C.NextPhase):
        return "next"
    if isinstance(cmd, C.AllocateHunt):
        return cmd.count
    if isinstance(cmd, (C.RollActions, C.CombatRoll)):
        return "roll"
    if isinstance(cmd, C.DiscardDie):
        return cmd.die
    if isinstance(cmd, (C.DiscardEvent, C.KeepTile)):
        return cmd.card_id
    if isinstance(cmd, C.DrawEvent):
        return f"draw:{cmd.deck}"
    if isinstance(cmd, C.Cleanse):
        return "yes"
    if isinstance(cmd, C.Decline):
        return "done"
    if isinstance(cmd, C.Choose):
        return cmd.answer
    if isinstance(cmd, C.Declare):
        return cmd.region
    if isinstance(cmd, C.Guide):
        return f"guide:{cmd.companion}"
    if isinstance(cmd, C.BattleEnd):
        if cmd.choice == "retreat":
            return f"retreat:{cmd.region}"
        if cmd.units:
            return f"{cmd.choice}:" + ",".join(map(str, cmd.units))
        return f"continue:{cmd.card_id}" if cmd.card_id >= 0 else cmd.choice
    if isinstance(cmd, C.TakeHits):
        return "hits:" + ",".join(map(str, cmd.remove)) + "/" + ",".join(map(str, cmd.reduce))
    if isinstance(cmd, C.Pass):
        return "pass"
    if isinstance(cmd, C.MoveFigures):
        return f"move:{cmd.region}:{','.join(map(str, cmd.card_ids))}:{cmd.die}"
    if isinstance(cmd, C.Attack):
        return f"attack:{cmd.origin}:{cmd.region}:{cmd.die}"
    if isinstance(cmd, C.Recruit):
        return f"muster:{cmd.nation}.{cmd.unit}:{cmd.region}:{cmd.die}"
    if isinstance(cmd, C.Politics):
        return f"politics:{cmd.nation}:{cmd.die}"
    if isinstance(cmd, C.FellowshipMove):
        return f"fellowship:{cmd.die}"
    if isinstance(cmd, C.Hide):
        return f"hide:{cmd.die}"
    if isinstance(cmd, C.UseDie):
        return f"die:{cmd.side}:{cmd.die}"
    if isinstance(cmd, C.PlayEvent):
        return f"play:{cmd.card_id}:{cmd.die}"
    if isinstance(cmd, C.CombatCard):
        return f"card:{cmd.card_id}"
    if isinstance(cmd, C.RulerCombat):
        return f"ruler:{cmd.ruler}:{cmd.card_id}"
    if isinstance(cmd, C.Awaken):
        return f"awaken:{cmd.sovereign}:{cmd.region}:{cmd.die}"
    if isinstance(cmd, C.BringChieftain):
        return f"chieftain:{cmd.chieftain}:{cmd.region}:{cmd.die}"
    if isinstance(cmd, C.CorruptAttempt):
        return f"corrupt:{cmd.sovereign}"
    if isinstance(cmd, C.RemoveCorrupted):
        return f"remove:{cmd.sovereign}:{cmd.die}"
    if isinstance(cmd, C.RulerAbility):
        return f"ruler_ability:{cmd.sovereign}:{cmd.die}" + (":token" if cmd.token else "")
    if isinstance(cmd, C.BringCharacter):
        return f"character:{cmd.character}:{cmd.region}:{cmd.die}"
    if isinstance(cmd, C.CharacterAbility):
        return f"ability:{cmd.ability}:{cmd.region}:{cmd.die}"
    if isinstance(cmd, C.Separate):
        return f"separate:{cmd.region}:{','.join(map(str, cmd.card_ids))}:{cmd.die}"
    if isinstance(cmd, C.DiscardTable):
        return f"discard_table:{cmd.card_id}:{cmd.die}"
    return repr(cmd)


BATTLE_WORDS = {"field": N_("Fight a field battle"), "siege": N_("Retreat into the Stronghold"),
                "continue": N_("Continue the battle"), "cease": N_("Cease the attack"),
                "stay": N_("Stay"), "advance": N_("Advance into the region")}


def label_of(game: Session, cmd: Command) -> str:
    """An action in words, in the reader's language (pieces and regions by name; an
    answer to a card's question with the question's own label)."""
    st = game.state
    choice = game.pending()
    if isinstance(cmd, C.Choose) and choice is not None:
        labels = choice.data.get("labels", {})
        label = labels.get(str(cmd.answer))
        if label:
            return str(label)
        if isinstance(cmd.answer, tuple) and all(str(a) in labels for a in cmd.answer):
            return ", ".join(str(labels[str(a)]) for a in cmd.answer) or "-"
    pieces = lambda ids: ", ".join(piece_label(S.code(st, x)) for x in ids)  # noqa: E731
    if isinstance(cmd, C.NextPhase):
        return {"start": _("Begin the first turn"), "fellowship": _("Go on to the Hunt"),
                "actions": _("End the turn")}.get(str(S.get(st, "phase")), _("Next phase"))
    if isinstance(cmd, C.AllocateHunt):
        return ngettext("{n} die to the Hunt", "{n} dice to the Hunt", cmd.count).format(
            n=cmd.count)
    if isinstance(cmd, C.RollActions):
        return _("Roll the action dice")
    if isinstance(cmd, C.CombatRoll):
        return _("Combat roll")
    if isinstance(cmd, C.CombatCard):
        return _("No combat card") if cmd.card_id == 0 else piece_label(S.code(st, cmd.card_id))
    if isinstance(cmd, C.Declare):
        if cmd.region == "mordor":
            return _("Enter the Mordor track")
        return _("The Fellowship in {r}").format(r=region_name(cmd.region))
    if isinstance(cmd, C.Guide):
        return _("Guide: {name}").format(name=piece_label("char." + cmd.companion))
    if isinstance(cmd, C.BattleEnd):
        if cmd.choice == "retreat":
            return _("Retreat to {r}").format(r=region_name(cmd.region))
        if cmd.choice == "advance" and cmd.units:
            return _("Advance with {pieces}").format(pieces=pieces(cmd.units))
        if cmd.choice == "continue" and cmd.card_id >= 0:
            return _("Reduce {piece} and go on").format(piece=piece_label(S.code(st, cmd.card_id)))
        return _(BATTLE_WORDS.get(cmd.choice, cmd.choice))
    if isinstance(cmd, C.TakeHits):
        words = [pieces(cmd.remove)] if cmd.remove else []
        if cmd.reduce:
            words.append(_("{pieces} reduced").format(pieces=pieces(cmd.reduce)))
        return _("Lose: {what}").format(what="; ".join(words) or "-")
    if isinstance(cmd, C.Decline):
        return _("Done") if S.get(st, "follow") else _("No")
    if isinstance(cmd, C.Cleanse):
        return _("Remove a Corruption token")
    if isinstance(cmd, (C.DiscardEvent, C.KeepTile)):
        return piece_label(S.code(st, cmd.card_id))
    if isinstance(cmd, C.DiscardDie):
        dice = S.get(st, "dice", cmd.side, default=[])
        return _("Set aside {face}").format(face=face_word(dice[cmd.die]["face"])
                                            if cmd.die < len(dice) else "?")
    if isinstance(cmd, C.DrawEvent):
        return _("Draw a Character card") if cmd.deck == "character" else _(
            "Draw a Strategy card")
    if isinstance(cmd, C.FellowshipMove):
        return _("Move the Fellowship")
    if isinstance(cmd, C.Hide):
        return _("Hide the Fellowship")
    if isinstance(cmd, C.Pass):
        return _("Pass")
    if isinstance(cmd, C.MoveFigures):
        return f"{pieces(cmd.card_ids[:3])} -> {region_name(cmd.region)}"
    if isinstance(cmd, C.Attack):
        return _("Attack {r} from {o}").format(r=region_name(cmd.region),
                                              o=region_name(cmd.origin))
    if isinstance(cmd, C.Recruit):
        return _("Muster: {piece} in {r}").format(piece=piece_label(f"{cmd.nation}.{cmd.unit}"),
                                                 r=region_name(cmd.region))
    if isinstance(cmd, C.UseDie):
        dice = S.get(st, "dice", cmd.side, default=[])
        return face_word(dice[cmd.die]["face"]) if cmd.die < len(dice) else str(cmd.die)
    return _card_label(game, cmd) or str(value_of(cmd))


ABILITY_WORDS = {"saruman-recruit": N_("The Voice of Saruman: Regulars in Isengard"),
                 "saruman-upgrade": N_("The Voice of Saruman: Elites in Orthanc"),
                 "strider": N_("Strider hides the Fellowship")}


def _card_label(game: Session, cmd: Command) -> str:
    """Words for the actions of event cards and characters ("" if not one of them)."""
    st = game.state
    if isinstance(cmd, C.PlayEvent):
        return _("Play {card}").format(card=piece_label(S.code(st, cmd.card_id)))
    if isinstance(cmd, C.DiscardTable):
        way = _("with an Elven ring") if cmd.ring else _("discarding two cards") if cmd.cards \
            else _("with a die")
        return _("Discard {card} from the table ({way})").format(
            card=piece_label(S.code(st, cmd.card_id)), way=way)
    if isinstance(cmd, C.BringCharacter):
        return _("Bring {name} into play in {r}").format(
            name=piece_label("char." + cmd.character), r=region_name(cmd.region))
    if isinstance(cmd, C.CharacterAbility):
        if cmd.ability in ABILITY_WORDS:
            return _(ABILITY_WORDS[cmd.ability])
        code = "char." + cmd.ability if cmd.ability in ("boromir", "legolas", "gimli") \
            else "sov." + cmd.ability
        return _("Use the ability of {name}").format(name=piece_label(code))
    if isinstance(cmd, C.Choose):
        a = cmd.answer
        if isinstance(a, bool):
            return _("Yes") if a else _("No")
        if isinstance(a, str) and a:
            return region_name(a) if a in regions() else a
        if isinstance(a, int) and a in st.cards:
            return piece_label(S.code(st, a))
        if isinstance(a, tuple):
            return ", ".join(piece_label(S.code(st, x)) for x in a if x in st.cards) or "-"
        return str(a)
    return ""


def options(game: Session) -> list[dict[str, Any]]:
    """The legal actions as ``{"value", "label"}``, in the order of ``legal_actions``."""
    return [{"value": value_of(cmd), "label": label_of(game, cmd)}
            for cmd in game.legal_actions()]


def answer(game: Session, value: Any) -> Result:
    """Submit the legal action whose value is ``value`` (or ``value`` itself when it is
    a command); refused with the reason when no legal action has that value."""
    if isinstance(value, Command):
        return game.submit(value)
    for cmd in game.legal_actions():
        if value_of(cmd) == value:
            return game.submit(cmd)
    known = ", ".join(str(o["value"]) for o in options(game)[:12])
    return Result(False, f"{value!r} is not a legal answer now (legal: {known})")


def apply(game: Session, command: Command) -> Result:
    """Submit a command; the result says ok, or why it was refused."""
    return game.submit(command)


def derived(game: Session) -> dict[str, Any]:
    """The game's figures: ``turn``, ``phase``, ``acting``, ``leading`` (side ->
    seat), ``victory_points`` (side -> points), ``corruption``, ``progress``,
    ``fellowship`` (its figure's region), ``mordor`` (the Mordor track's step, or
    None), ``revealed``, ``guide``, ``companions`` (in the Fellowship),
    ``politics`` (nation -> ``{"step", "active", "at_war"}``), ``dice`` (side ->
    faces, used ones in brackets), ``hunt_box``, ``battle`` (None, or its region,
    attacker, kind, round and stage), ``sieges``, ``outcome`` (the winning side or
    None) and ``victory`` (``ring``, ``corruption``, ``military`` or None)."""
    st = game.state
    fel = S.get(st, "fellowship", default={}) or {}
    b = S.get(st, "battle") or None
    return {
        "turn": st.round, "phase": S.get(st, "phase"), "acting": S.get(st, "acting"),
        "leading": {side: S.lead(st, side) for side in (FP, SHADOW)},
        "victory_points": S.victory_points(st),
        "corruption": fel.get("corruption", 0), "progress": fel.get("progress", 0),
        "fellowship": S.fellowship_region(st),
        "mordor": fel["mordor"] if fel.get("mordor", -1) >= 0 else None,
        "revealed": bool(fel.get("revealed")), "guide": fel.get("guide"),
        "companions": sorted(S.code(st, x)[5:] for x in st.zones["fellowship"].cards),
        "politics": {n: {"step": S.politics(st, n)["step"],
                         "active": bool(S.politics(st, n)["active"]),
                         "at_war": S.at_war(st, n)} for n in NATIONS},
        "dice": {side: [d["face"] if not d.get("used") else f"({d['face']})"
                        for d in S.get(st, "dice", side, default=[])] for side in (FP, SHADOW)},
        "hunt_box": dict(S.get(st, "hunt_box", default={}) or {}),
        "battle": None if not b else {k: b.get(k) for k in ("region", "origin", "attacker",
                                                              "kind", "round", "stage")},
        "sieges": dict(S.get(st, "sieges", default={}) or {}),
        "outcome": S.get(st, "outcome") or None, "victory": how_won(st),
    }


def run_game(game: Session, rng: random.Random, max_actions: int = 50_000) -> int:
    """Play a game to its end with random legal actions; how many were taken."""
    n = 0
    while n < max_actions:
        acts = game.legal_actions()
        if not acts:
            break
        result = game.submit(rng.choice(acts))
        if not result.ok:
            raise RuntimeError(f"a legal action was refused: {result.reason}")
        n += 1
    return n
