"""Circle of Conflict's expert: an opponent that plays to win and says why.

Every legal action of the seat the game waits for is given a worth and a reason (one
sentence), from what that seat may know: its own board, the public battle boards and
what the hunts have told everyone (``tabletop.core.view.view``); the best is played
(ties drawn with the policy's random generator).  ``decide`` gives the reason too, for
the window's AI seats and hints; ``choose`` only the action.

Where the greedy player (``policy.greedy``) draws its actions by rough weights, the
expert:

- **journeys** whenever it can: a step nearer Mount Doom, the one worth most victory
  points, and marks resolve before it runs short; Galadriel only when she pays;
- **recruits** a unit when its nation is activated (its strength doubles), when the
  battle is about to be fought or late in the game, into the battle it tips;
- **marches and raises the stakes** only in a battle it leads (the defender's +3 and its
  own battle characters counted), so a battle it would lose is not brought on;
- **spends icons** to finish what it started: the next box that activates or motivates
  a nation, units nearly complete, the arcs that ready a character, resolve and hunt
  when they are short, the icons a box gives back;
- **hunts** only where the prey's Fellowship may be, the likeliest place first;
- brings battle characters when they can turn the battle, keeps them otherwise;
- picks Gollum (the hunt track filled, the prey's Fellowship revealed) unless its own
  Fellowship needs Sméagol's resolve, and gives each half the die it can use best.

``python3 main.py play coc --policy expert,greedy`` plays it against the greedy player;
``tabletop.core.play.match`` rotates the seats.  Measured in docs/AI.md.
"""
from __future__ import annotations

import random
from typing import Any, Callable

from tabletop.core.commands import Command
from tabletop.core.i18n import _
from tabletop.core.model import TableState
from tabletop.core.session import Session
from tabletop.core.view import view
from tabletop.games.coc.board import MARKED, complete, count, next_box, ready
from tabletop.games.coc.data import GameData, game_data, tracks_for
from tabletop.games.coc.flow import me_dice, rolled_icons
from tabletop.games.coc.policy import candidates
import tabletop.games.coc.commands as C
import tabletop.games.coc.slot as S
import tabletop.games.coc.texts as T

Why = Callable[[], str]
Scored = tuple[float, Why]
LATE = 10                     # from this round on, a unit is recruited as it is
BATTLE_CHARACTERS = {"fp": ("legolas", "gimli"), "sh": ("witch_king", "uruk_hai")}


class Facts:
    """What one seat may know, and the sums the rules of thumb need."""

    def __init__(self, session: Session, seat: int):
        self.seat = seat
        self.data: GameData = getattr(session.rules, "data", None) or game_data()
        self.st: TableState = view(session.state, seat)

    def half(self, half: str) -> dict:
        """The seat's half board (tracks, arcs, pool, used)."""
        return S.half_state(self.st, self.seat, half)

    def marks(self, half: str, track: str) -> list[int]:
        """The marks of one of the seat's tracks."""
        return list(self.half(half)["tracks"][track])

    def board(self, half: str) -> dict:
        """The battle board where this half of the seat fights."""
        return S.board(self.st, S.board_key(self.st, self.seat, half))

    def level(self, half: str, nation: str) -> int:
        """0 neutral, 1 activated, 2 motivated."""
        return int(self.board(half)["nations"].get(nation, 0))

    def bonus(self, half: str) -> int:
        """What the seat's ready battle characters of this half would add."""
        chars = [c for c in BATTLE_CHARACTERS[half] if ready(self.data, self.st, self.seat,
                                                             half, c)]
        from tabletop.games.coc.battle import bonus
        return bonus(self.data, half, chars)

    def margin(self, half: str, battle: str, attacking: bool | None = None) -> int:
        """The seat's army in a battle less the enemy's, with its ready battle characters,
        the defender's +3 to whoever defends (``attacking``: the seat would attack; None:
        as the march track stands)."""
        b = self.board(half)["battles"][battle]
        other = "sh" if half == "fp" else "fp"
        mine = b["strength"][half] + self.bonus(half)
        theirs = b["strength"][other]
        if attacking is None:
            attacking = b["attacker"] == half
            defending = b["attacker"] == other
        else:
            defending = not attacking
        return mine - theirs + (self.data.defender_bonus if defending else 0) - (
            self.data.defender_bonus if attacking else 0)

    def at(self) -> str:
        """Where the seat's Fellowship is."""
        return str(S.secret(self.st, self.seat).get("fellowship", {}).get("at", self.data.start))

    def resolve(self) -> int:
        """Marked resolve: what the Fellowship can still pay to move."""
        return count(self.marks("fp", "resolve"))

    def next_cost(self) -> int:
        """The resolve the next step nearer Mount Doom costs (the cheapest)."""
        data, here = self.data, self.at()
        steps = [data.locations[n].resolve for n in data.adjacency[here]
                 if data.distance(n, data.goal) < data.distance(here, data.goal)]
        return min(steps) if steps else 0


def _gain(track, box: int) -> int:
    return len(track.boxes[box].gain) if box < len(track.boxes) else 0


# ------------------------------------------------------------ one rule per command
def score_mark(f: Facts, cmd: C.Mark) -> Scored:
    """Spend an icon: finish what was started; nations first, then units and arcs."""
    data = f.data
    track = data.half(cmd.half).tracks[cmd.track]
    marks = f.marks(cmd.half, cmd.track)
    box = next_box(marks)
    if box is None:
        return 0.0, lambda: ""
    name = T.track(data, cmd.half, cmd.track)
    gain = _gain(track, box)
    extra = 1.5 * gain
    sec = track.section
    if sec == "call_to_arms":
        die = track.boxes[box].die
        if die:
            return 9.0 + extra, lambda: _("marks {track}: it {what} the nation, whose units "
                                          "then count more.").format(
                track=name, what=_("activates") if die == "activate" else _("motivates"))
        return 4.5 + extra, lambda: _("marks {track}: a step towards calling the nation to "
                                      "arms.").format(track=name)
    if sec == "recruitment":
        battles = data.half(cmd.half).nations[track.nation].battles
        if all(f.board(cmd.half)["battles"][b]["fought"] for b in battles):
            return 0.5, lambda: _("marks {track}: its battles are over, but the icon must be "
                                  "used.").format(track=name)
        done = (count(marks) + 1) / len(marks)
        strength = track.strength[f.level(cmd.half, track.nation)]
        return 3.0 + 5 * done + strength / 3 + extra, lambda: _(
            "marks {track}: {n} of {total} boxes towards a unit of strength {s}.").format(
            track=name, n=count(marks) + 1, total=len(marks), s=strength)
    if sec == "resolve":
        short = f.resolve() < max(2, f.next_cost())
        return (7.0 if short else 4.0) + extra, lambda: _(
            "marks resolve ({n} marked now): the next step nearer Mount Doom costs {c}.").format(
            n=f.resolve() + 1, c=f.next_cost())
    if sec == "hunt":
        have = count(marks)
        return (6.5 if have < 2 else 3.5) + extra, lambda: _(
            "marks hunt ({n} marked now): a hunt costs 1 to 3 where the Fellowship may "
            "be.").format(n=have + 1)
    if sec == "march":
        best = max((f.margin(cmd.half, b) for b, x in f.board(cmd.half)["battles"].items()
                    if not x["fought"]), default=-99)
        return (5.5 if best >= 0 else 1.0), lambda: _(
            "marks the march box: a battle to march on or raise.") if best >= 0 else _(
            "marks the march box: nothing better takes the icon.")
    if sec == "characters":
        arc = track.boxes[box].arc
        fights = track.character in BATTLE_CHARACTERS[cmd.half]
        value = 3.0 + (3.0 if arc else 0.0) + (1.5 if fights else 0.0) + extra
        return value, lambda: _("marks {track}: {what}.").format(
            track=name, what=_("it readies the character") if arc else
            _("a step towards readying the character"))
    return 2.0 + extra, lambda: _("marks {track}.").format(track=name)


def score_move(f: Facts, cmd: C.Move) -> Scored:
    """A step nearer Mount Doom, the most victory points first."""
    data = f.data
    loc = data.locations[cmd.to]
    nearer = data.distance(cmd.to, data.goal) < data.distance(f.at(), data.goal)
    where = T.place(data, cmd.to)
    if not nearer:
        return 0.5, lambda: _("moves to {place}: not nearer, but the resolve is there.").format(
            place=where)
    value = 12.0 + 2 * loc.vp + len(loc.icons) - (1.5 if cmd.galadriel else 0.0)
    if not loc.vp:
        return value, lambda: _("moves to {place}: a step nearer Mount Doom.").format(
            place=where)
    return value, lambda: _("moves to {place}: a step nearer Mount Doom, worth {vp} VP.").format(
        place=where, vp=loc.vp)


def score_march(f: Facts, cmd: C.March) -> Scored:
    """March or raise the stakes only where the seat leads."""
    b = f.board(cmd.half)["battles"][cmd.battle]
    battle = T.battle(f.data, cmd.battle, cmd.half)
    if cmd.engage:
        m = f.margin(cmd.half, cmd.battle)
        if m >= 3:
            return 6.0, lambda: _("raises the stakes of {battle}: its army leads by {m}.").format(
                battle=battle, m=m)
        return 0.2, lambda: _("raises the stakes of {battle}.").format(battle=battle)
    attacks = count(b["march"]) + 1 >= len(b["march"])
    m = f.margin(cmd.half, cmd.battle, attacking=True if attacks else None)
    if m >= 3 or (not attacks and m >= 0):
        return 6.5, lambda: _("marches on {battle}: it leads by {m} even as the attacker.").format(
            battle=battle, m=m) if attacks else _(
            "marches towards {battle}: its army leads by {m}.").format(battle=battle, m=m)
    return 0.2, lambda: _("marches on {battle}.").format(battle=battle)


def score_recruit(f: Facts, cmd: C.Recruit) -> Scored:
    """Recruit once the nation is called to arms, or when the battle is near or the game late."""
    data = f.data
    unit = data.half(cmd.half).tracks[cmd.unit]
    level = f.level(cmd.half, unit.nation)
    add = unit.strength[level]
    b = f.board(cmd.half)["battles"][cmd.battle]
    near = count(b["march"]) >= len(b["march"]) - 1
    name, battle = T.track(data, cmd.half, cmd.unit), T.battle(data, cmd.battle, cmd.half)
    m = f.margin(cmd.half, cmd.battle)
    tips = -add < m <= 0 or (m <= 0 and m + add > 0)
    if level or near or f.st.round >= LATE:
        value = 8.0 + add / 2 + (3.0 if tips else 0.0)
        return value, lambda: _("recruits {unit} (+{add}) into {battle}{why}.").format(
            unit=name, add=add, battle=battle,
            why=_(": it turns the battle") if tips else (
                _(": its nation is called to arms") if level else (
                    _(": the battle is near") if near else _(": the game nears its end"))))
    return 0.3, lambda: _("recruits {unit} (+{add}) before its nation is called.").format(
        unit=name, add=add)


def score_hunt(f: Facts, cmd: Any) -> Scored:
    """Hunt only where the prey's Fellowship may be."""
    data = f.data
    at = cmd.at if isinstance(cmd, C.Hunt) else cmd.target
    places = candidates(data, f.st, S.shadow_enemy(f.st, f.seat))
    where = T.place(data, at)
    if at not in places:
        return 0.1, lambda: _("hunts at {place}: the Fellowship cannot be there.").format(
            place=where)
    chance = 1 / len(places)
    return 2.0 + 14 * chance, lambda: _("hunts at {place}: one of the {n} places the "
                                        "Fellowship may be.").format(place=where, n=len(places))


def score_battle(f: Facts, cmd: C.BattleCharacters) -> Scored:
    """Bring characters when they can turn the battle; keep them otherwise."""
    wait = S.get(f.st, "wait", default={}) or {}
    key, battle = wait.get("board"), wait.get("battle")
    board = S.board(f.st, key) if key else {}
    half = "fp" if board.get("fp") == f.seat else "sh"
    from tabletop.games.coc.battle import bonus
    add = bonus(f.data, half, list(cmd.characters))
    if not battle or battle not in board.get("battles", {}):
        return 1.0 + add, lambda: _("brings what characters it has.")
    b = board["battles"][battle]
    other = "sh" if half == "fp" else "fp"
    d = f.data.defender_bonus
    base = b["strength"][half] - b["strength"][other] + (d if b["attacker"] == other else 0) - (
        d if b["attacker"] == half else 0)
    turns = base <= 0 < base + add + 0 or (0 < base < 6 and add > 0)
    names = ", ".join(T.character(f.data, c) for c in cmd.characters)
    if not cmd.characters:
        keep = base >= 6 or base + f.bonus(half) <= -6
        return (5.0 if keep else 1.0), lambda: _(
            "keeps its characters: the battle is decided without them.")
    value = (4.0 + add / 4 if turns else 0.5) - 0.1 * len(cmd.characters)
    return value, lambda: _("brings {names} (+{n}): the battle is close.").format(
        names=names, n=add)


def score_assign(f: Facts, cmd: C.Assign) -> Scored:
    """Give each half the die whose icons it can use best."""
    dice = me_dice(f.st)
    if len(dice) < 2:
        return 1.0, lambda: _("gives the dice as they fall.")
    fp_die, sh_die = dice[cmd.free_peoples], dice[1 - cmd.free_peoples]

    def worth(half: str, die: int) -> float:
        total = 0.0
        for icon in rolled_icons(f.st, die):
            best = 0.0
            for tid in tracks_for(f.data, half, icon):
                if next_box(f.marks(half, tid)) is not None:
                    best = max(best, score_mark(f, C.Mark(f.seat, half, tid))[0])
            total += best
        return total

    value = worth("fp", fp_die) + worth("sh", sh_die)
    return value, lambda: _("gives the Free Peoples the die showing {a} and the Shadow the "
                            "other: each half uses its icons best so.").format(
        a=T.icons_words(rolled_icons(f.st, fp_die)) or "-")


def score_gollum(f: Facts, cmd: C.ChooseGollum) -> Scored:
    """Gollum fills the hunt track and reveals the prey; Sméagol fills resolve."""
    missing_resolve = len(f.marks("fp", "resolve")) - f.resolve()
    missing_hunt = len(f.marks("sh", "hunt")) - count(f.marks("sh", "hunt"))
    if cmd.choice == "smeagol":
        return 1.0 * missing_resolve, lambda: _(
            "chooses Sméagol: {n} resolve boxes to fill for the journey.").format(n=missing_resolve)
    return 1.0 * missing_hunt + 3, lambda: _(
        "chooses Gollum: the hunt track filled and the prey's Fellowship revealed.")


def score_use(f: Facts, cmd: C.Use) -> Scored:
    """Characters: the ones that help now."""
    who = T.character(f.data, cmd.character)
    c = cmd.character
    if c in ("crebain",):
        value, why = score_hunt(f, cmd)
        return value + 0.5, why
    if c == "gandalf":
        data = f.data
        nearer = data.distance(cmd.target, data.goal) <= data.distance(f.at(), data.goal)
        return (8.0 if nearer else 5.0), lambda: _("uses Gandalf: the Fellowship escapes to "
                                                   "{place}.").format(place=T.place(data,
                                                                                    cmd.target))
    if c == "strider":
        return 6.0 + cmd.amount, lambda: _("uses Strider: {n} boxes towards calling a nation "
                                           "to arms.").format(n=cmd.amount)
    if c == "boromir":
        missing = len(f.marks("fp", "resolve")) - f.resolve()
        return 1.0 + missing, lambda: _("uses Boromir: {n} resolve boxes filled.").format(
            n=missing)
    if c == "palantir":
        missing = len(f.marks("sh", "hunt")) - count(f.marks("sh", "hunt"))
        return 1.0 + missing, lambda: _("uses the Palantir: {n} hunt boxes filled.").format(
            n=missing)
    if c == "saruman":
        return 0.5, lambda: _("uses Saruman.")
    if c == "merry":
        value, why = score_march(f, C.March(f.seat, "fp", cmd.target))
        return value, lambda: _("uses Merry: {why}").format(why=why())
    if c in ("shelob", "wormtongue", "nazgul", "mouth_of_sauron", "pippin"):
        return 6.0, lambda: _("uses {who}: it costs the enemy dearly.").format(who=who)
    return 3.0, lambda: _("uses {who}.").format(who=who)


def _score_extra_hunt(f: Facts, cmd: C.ExtraHunt) -> Scored:
    return 1.0 + cmd.amount, lambda: _("spends {n} more hunt: the Fellowship loses "
                                       "resolve and the doom comes nearer.").format(n=cmd.amount)


# each kind of action and how it is scored, in the order they are tried
SCORERS: tuple[tuple[type, Callable[[Facts, Any], Scored]], ...] = (
    (C.Mark, score_mark), (C.Move, score_move), (C.March, score_march),
    (C.Recruit, score_recruit), (C.Hunt, score_hunt), (C.BattleCharacters, score_battle),
    (C.Assign, score_assign), (C.ChooseGollum, score_gollum), (C.Use, score_use),
    (C.ExtraHunt, _score_extra_hunt),
    (C.Roll, lambda f, cmd: (1.0, lambda: _("rolls the dice."))),
    (C.Decline, lambda f, cmd: (2.0, lambda: _("lets it pass: nothing better to do."))),
    (C.Done, lambda f, cmd: (1.0, lambda: _("is done: nothing left worth doing."))),
)


def score(f: Facts, cmd: Command) -> Scored:
    """The worth of one legal action for the seat, and why."""
    for kind, scorer in SCORERS:
        if isinstance(cmd, kind):
            return scorer(f, cmd)
    return 0.5, lambda: ""


class ExpertPolicy:
    """The expert (see the module): ``choose`` and ``decide`` (with the reason)."""

    name = "expert"

    def decide(self, session: Session, seat: int,
               rng: random.Random) -> tuple[Command | None, str]:
        """The best legal action of ``seat`` and the sentence that says why."""
        actions = session.legal_actions(seat)
        if not actions:
            return None, ""
        if len(actions) == 1:
            only = actions[0]
            if isinstance(only, C.Done):
                return only, _("is done: nothing else can be done now.")
            if isinstance(only, C.Roll):
                return only, _("rolls the dice.")
        f = Facts(session, seat)
        order = list(actions)
        rng.shuffle(order)                      # ties are drawn, not taken in list order
        best: tuple[float, Command, Why] | None = None
        for cmd in order:
            value, why = score(f, cmd)
            if best is None or value > best[0]:
                best = (value, cmd, why)
        assert best is not None
        return best[1], best[2]() or _("plays on.")

    def choose(self, session: Session, seat: int, rng: random.Random) -> Command | None:
        """The best legal action of ``seat`` (None if it has none)."""
        actions = session.legal_actions(seat)
        if len(actions) <= 1:
            return actions[0] if actions else None
        f = Facts(session, seat)
        order = list(actions)
        rng.shuffle(order)
        return max(order, key=lambda cmd: score(f, cmd)[0])
