"""War of the Ring positions: a small JSON object (or file) that sets a table up.

``load_position(data)`` builds a new game, changes it to the position
described, and starts the rules engine there: it asks the question of the
position's phase.  Every key is optional (see docs/API.md, "War of the Ring
positions"); the table is checked as a save is, and a bad position is
refused with ``ValueError`` naming the problem ("position: ...").

Pure Python: no pygame.
"""
from __future__ import annotations

import json
import os
import random
from collections.abc import Mapping
from typing import Any

from tabletop.core.i18n import _
from tabletop.core.model import TableState
from tabletop.core.session import Session
from tabletop.core.tx import Tx
from tabletop.games.wotr.ctx import Ctx
from tabletop.games.wotr.data import (FP, NATIONS, SHADOW, characters, chieftains, regions,
                                      sovereigns, tracks)
import tabletop.games.wotr.legacy as legacy
from tabletop.games.wotr.pieces import catalogue
from tabletop.games.wotr.setup import hand_zone, new_table
import tabletop.games.wotr.state as S
from tabletop.games.wotr.turn import fresh_pool

PHASES = ("start", "fellowship", "hunt", "roll", "actions")
FACES = ("character", "army", "muster", "army_muster", "event", "will_of_the_west", "eye")
KEYS = frozenset({"game", "players", "names", "seed", "kings", "rules", "turn", "phase",
                  "acting", "leading", "dice", "hunt_box", "empty", "armies", "characters",
                  "fellowship", "politics", "captured", "sieges", "hands", "hunt_drawn",
                  "sovereigns", "chieftains", "rings", "comment"})
FIGURES = ("regular", "elite", "leader", "nazgul")


class PositionError(ValueError):
    """A position that cannot be set up; the message names the problem."""


def bad(text: str) -> PositionError:
    """A refusal naming the problem."""
    return PositionError(_("position: {what}").format(what=text))


def read(path: str) -> dict[str, Any]:
    """A position file's object (PositionError when it cannot be read)."""
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except OSError as exc:
        raise bad(_("cannot read {path}: {why}").format(path=os.path.basename(path),
                                                        why=exc.strerror or exc)) from exc
    except ValueError as exc:
        raise bad(_("{path} is not JSON ({why})").format(path=os.path.basename(path),
                                                         why=exc)) from exc
    if not isinstance(data, dict):
        raise bad(_("a position is a JSON object"))
    return data


def load_position(data: Mapping[str, Any] | str, rules: str | None = None,
                  **defaults: Any) -> Session:
    """A game set up as ``data`` (a mapping, or the path of a JSON file) says;
    ``defaults`` (players, names, seed, kings) fill in what it does not give."""
    from tabletop.games.wotr.rules import WotrEnforce, WotrSandbox
    rulesets = {"sandbox": WotrSandbox, "enforce": WotrEnforce}
    if isinstance(data, str):
        data = read(data)
    unknown = sorted(set(data) - KEYS)
    if unknown:
        raise bad(_("unknown key {key!r} (known: {known})").format(
            key=unknown[0], known=", ".join(sorted(KEYS - {"comment"}))))
    if data.get("game", "wotr") != "wotr":
        raise bad(_("this is a position of {game!r}, not War of the Ring").format(
            game=data.get("game")))
    rules = str(data.get("rules") or rules or "enforce")
    if rules not in rulesets:
        raise bad(_("unknown rules {name!r}").format(name=rules))
    players = _int(data.get("players", defaults.get("players") or 2), "players", 2, 4)
    seed = _int(data.get("seed", defaults.get("seed") or 1), "seed", 0, 2**62)
    kings = data.get("kings", bool(defaults.get("kings")))
    if not isinstance(kings, bool):
        raise bad(_("kings is true or false"))
    names = data.get("names", defaults.get("names"))
    try:
        st = new_table(players, names, seed, kings=kings)
    except ValueError as exc:
        raise bad(str(exc)) from exc
    Builder(st, data).build()
    try:
        session = Session(st, rulesets[rules]())
    except ValueError as exc:
        raise bad(str(exc)) from exc
    return session


def _int(value: Any, what: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise bad(_("{what} is a whole number from {low} to {high}, not {value!r}").format(
            what=what, low=low, high=high, value=value))
    return value


class Builder:
    """Changes a new table into a position, key by key, checking each."""

    def __init__(self, st: TableState, data: Mapping[str, Any]):
        self.st = st
        self.data = data
        self.slot = st.slots[S.SLOT]

    # --------------------------------------------------------- moving pieces
    def move(self, cid: int, zone: str) -> None:
        """Put a piece into a zone (setup, not an action)."""
        st = self.st
        st.zones[st.cards[cid].zone].cards.remove(cid)
        st.zones[zone].cards.append(cid)
        st.cards[cid].zone = zone

    def take(self, code: str, zone: str, where: str) -> int:
        """The topmost piece of a code in a zone (PositionError naming ``where``)."""
        found = S.find(self.st, zone, code)
        if found is None:
            raise bad(_("{where}: no {piece} is left").format(where=where, piece=code))
        return found

    def piece(self, code: str) -> int:
        """The one piece of a unique code."""
        for card in self.st.cards.values():
            if card.code == code:
                return card.id
        raise bad(_("there is no piece {code!r}").format(code=code))

    # ---------------------------------------------------------------- steps
    def build(self) -> None:
        """Every key in order, then the engine's question."""
        d = self.data
        if d.get("empty"):
            self.empty()
        self.armies(d.get("armies", {}))
        self.characters(d.get("characters", {}))
        self.kings(d)
        self.fellowship(d.get("fellowship", {}))
        self.politics(d.get("politics", {}))
        self.captured(d.get("captured", {}))
        self.hands(d.get("hands", {}))
        self.hunt(d)
        self.turn(d)
        self.check()
        self.start()

    def empty(self) -> None:
        """Every army unit, Leader and Nazgûl off the map, back to the reinforcements."""
        st = self.st
        for rid in regions():
            for cid in list(S.pieces_in(st, rid)):
                d = catalogue()[S.code(st, cid)]
                if d.kind in FIGURES:
                    self.move(cid, f"reinf.{d.nation}")

    def armies(self, armies: Any) -> None:
        """``{region: {code: count}}``: each region's army units, Leaders and Nazgûl."""
        st = self.st
        if not isinstance(armies, dict):
            raise bad(_("armies is an object: region -> {code: count}"))
        for rid, units in armies.items():
            self.region(rid, "armies")
            if isinstance(units, list):
                counts: dict[str, int] = {}
                for code in units:
                    counts[code] = counts.get(code, 0) + 1
                units = counts
            if not isinstance(units, dict):
                raise bad(_("armies in {r}: an object code -> count").format(r=rid))
            for cid in list(S.pieces_in(st, rid)):
                d = catalogue()[S.code(st, cid)]
                if d.kind in FIGURES:
                    self.move(cid, f"reinf.{d.nation}")
            for code, n in units.items():
                unit = catalogue().get(code)
                if unit is None or unit.kind not in FIGURES:
                    raise bad(_("armies in {r}: {code!r} is no army unit, Leader or Nazgûl "
                                "(such as gondor.regular, sauron.nazgul)").format(r=rid, code=code))
                for _i in range(_int(n, f"armies in {rid}: {code}", 0, 10)):
                    self.move(self.take(code, f"reinf.{unit.nation}", f"armies in {rid}"),
                              S.rzone(rid))

    def region(self, rid: Any, where: str) -> str:
        """A region's id (PositionError when there is none such)."""
        if rid not in regions():
            raise bad(_("{where}: there is no region {r!r}").format(where=where, r=rid))
        return str(rid)

    def characters(self, chars: Any) -> None:
        """``{character: region | "fellowship" | "dead" | "aside"}``."""
        if not isinstance(chars, dict):
            raise bad(_("characters is an object: character -> where"))
        zones = {"fellowship": "fellowship", "dead": "chars.dead", "aside": "chars.aside"}
        for cid, where in chars.items():
            if cid not in characters():
                raise bad(_("characters: there is no character {c!r}").format(c=cid))
            zone = zones.get(where) or S.rzone(self.region(where, f"characters: {cid}"))
            if zone == "fellowship" and characters()[cid].side != FP:
                raise bad(_("characters: {c} cannot be in the Fellowship").format(c=cid))
            self.move(self.piece(f"char.{cid}"), zone)

    def fellowship(self, fel: Any) -> None:
        """The Ring-bearers: region, progress, corruption, revealed, guide, mordor,
        companions (the Companions in the Fellowship; the others not placed by
        ``characters`` are eliminated)."""
        if not isinstance(fel, dict):
            raise bad(_("fellowship is an object"))
        known = {"region", "progress", "corruption", "revealed", "guide", "mordor", "companions"}
        if set(fel) - known:
            raise bad(_("fellowship: unknown key {k!r}").format(k=sorted(set(fel) - known)[0]))
        slot = self.slot["fellowship"]
        if "region" in fel:
            self.move(self.piece("fellowship"), S.rzone(self.region(fel["region"], "fellowship")))
        if "progress" in fel:
            slot["progress"] = _int(fel["progress"], "fellowship progress", 0, 30)
        if "corruption" in fel:
            slot["corruption"] = _int(fel["corruption"], "fellowship corruption", 0,
                                      tracks()["corruption_max"] - 1)
        if "mordor" in fel:
            slot["mordor"] = _int(fel["mordor"], "fellowship mordor", -1,
                                  tracks()["mordor_track_steps"] - 1)
        if "revealed" in fel:
            if not isinstance(fel["revealed"], bool):
                raise bad(_("fellowship revealed is true or false"))
            slot["revealed"] = fel["revealed"]
        if "companions" in fel:
            inside = fel["companions"]
            if not isinstance(inside, list) or any(
                    c not in characters() or characters()[c].side != FP for c in inside):
                raise bad(_("fellowship companions: a list of Companions"))
            placed = set(self.data.get("characters", {}))
            for cid in list(self.st.zones["fellowship"].cards):
                name = S.code(self.st, cid)[5:]
                if name not in inside and name not in placed:
                    self.move(cid, "chars.dead")
            for name in inside:
                self.move(self.piece(f"char.{name}"), "fellowship")
        levels = {S.code(self.st, x)[5:]: characters()[S.code(self.st, x)[5:]].level or 0
                  for x in self.st.zones["fellowship"].cards}
        guide = fel.get("guide")
        if guide is None:
            from tabletop.games.wotr.fellowship import best_guide
            guide = best_guide(list(levels), slot.get("guide", ""))
        elif guide != "gollum" and (guide not in levels or levels[guide] != max(levels.values())):
            raise bad(_("fellowship guide: {g!r} is not a Companion of the highest Level in "
                        "the Fellowship").format(g=guide))
        slot["guide"] = guide

    def politics(self, pol: Any) -> None:
        """``{nation: {"step": n, "active": bool}}`` (or ``[step, active]``, or "war")."""
        if not isinstance(pol, dict):
            raise bad(_("politics is an object: nation -> {step, active}"))
        for nation, value in pol.items():
            if nation not in NATIONS:
                raise bad(_("politics: there is no nation {n!r}").format(n=nation))
            if value == "war":
                value = {"step": 0, "active": True}
            if isinstance(value, list) and len(value) == 2:
                value = {"step": value[0], "active": value[1]}
            if not isinstance(value, dict) or not isinstance(value.get("active", True), bool):
                raise bad(_("politics of {n}: {{\"step\": 0-3, \"active\": true}}").format(n=nation))
            step = _int(value.get("step", S.politics(self.st, nation)["step"]),
                        f"politics of {nation}: step", 0, 3)
            active = value.get("active", S.politics(self.st, nation)["active"])
            if step == 0 and not active:
                raise bad(_("politics of {n}: a passive nation is never At War").format(n=nation))
            self.slot["politics"][nation] = {"step": step, "active": active}

    def captured(self, cap: Any) -> None:
        """``{region: side}``: the settlements held by the enemy."""
        if not isinstance(cap, dict):
            raise bad(_("captured is an object: region -> side"))
        record = {}
        for rid, side in cap.items():
            info = regions()[self.region(rid, "captured")]
            if info.settlement not in ("Town", "City", "Stronghold") or not info.nation:
                raise bad(_("captured: {r} has no settlement to capture").format(r=rid))
            if side not in (FP, SHADOW) or side == S.nation_side_of(info.nation):
                raise bad(_("captured: {r} is held by the other side, \"fp\" or \"shadow\"")
                          .format(r=rid))
            record[rid] = side
        self.slot["captured"] = record

    def kings(self, d: Mapping[str, Any]) -> None:
        """Sovereigns (awake, corrupted, removed) and Dark Chieftains (a region, or out)."""
        sov, dcs = d.get("sovereigns", {}), d.get("chieftains", {})
        if (sov or dcs) and not S.kings(self.st):
            raise bad(_("sovereigns and chieftains need Kings of Middle-earth (\"kings\": true)"))
        if not isinstance(sov, dict) or not isinstance(dcs, dict):
            raise bad(_("sovereigns and chieftains are objects"))
        kome = self.slot.get("kome", {})
        for sid, state in sov.items():
            if sid not in sovereigns() or state not in ("sleeping", "awake", "corrupted",
                                                       "removed"):
                raise bad(_("sovereigns: {s!r} -> sleeping, awake, corrupted or removed").format(
                    s=sid))
            if state == "sleeping":
                continue
            grey = S.sovereign_piece(self.st, sid)
            here = S.region_of_zone(self.st.cards[grey].zone) if grey is not None else None
            if grey is not None:
                self.move(grey, "kome.aside" if state != "removed" else "kome.out")
            silver = self.piece(f"sov.{sid}.silver")
            if state == "awake":
                self.move(silver, S.rzone(here or sovereigns()[sid].start))
                self.move(self.piece(f"card.sov.{sid}"), "kome.fp")
                self.move(self.piece(f"ruler.{sid}"), "kome.fp")
                kome["ruler_dice"][FP] = "pool"
            elif state == "corrupted":
                self.move(silver, S.rzone(sovereigns()[sid].start))
                self.move(self.piece(f"card.sovc.{sid}"), "kome.shadow")
            kome["sovereigns"][sid]["state"] = state
        for did, where in dcs.items():
            if did not in chieftains():
                raise bad(_("chieftains: there is no Dark Chieftain {c!r}").format(c=did))
            if where == "out":
                self.move(self.piece(f"dc.{did}"), "kome.out")
                kome["chieftains"][did] = "out"
                continue
            self.move(self.piece(f"dc.{did}"), S.rzone(self.region(where, f"chieftains: {did}")))
            self.move(self.piece(f"card.dc.{did}"), "kome.shadow")
            kome["chieftains"][did] = "in"
            kome["ruler_dice"][SHADOW] = "pool"

    def hands(self, hands: Any) -> None:
        """``{seat: [card codes]}`` (seat numbers from 0), taken from the seat's decks."""
        if not isinstance(hands, dict):
            raise bad(_("hands is an object: seat -> [card codes]"))
        st = self.st
        for key, codes in hands.items():
            seat = _int(int(key) if str(key).isdigit() else key, "hands: seat", 0,
                        len(st.seats) - 1)
            if not isinstance(codes, list):
                raise bad(_("hands of seat {n}: a list of card codes").format(n=seat))
            side = S.seat_side(st, seat)
            for cid in list(st.zones[hand_zone(seat)].cards):
                card = st.cards[cid]
                self.move(cid, f"deck.{side}.{S.event_deck(card.code)}")
                card.face_up = False
            for code in codes:
                zone = f"deck.{side}.{S.event_deck(str(code))}"
                if zone not in st.zones:
                    raise bad(_("hands of seat {n}: {c!r} is no event card").format(n=seat, c=code))
                cid = self.take(str(code), zone, f"hands of seat {seat}")
                self.move(cid, hand_zone(seat))
                st.cards[cid].face_up = True
                st.cards[cid].owner = seat
        for side in (FP, SHADOW):
            for deck in ("character", "strategy"):
                pile = st.zones[f"deck.{side}.{deck}"]
                random.Random(f"{st.seed}:position:{side}:{deck}").shuffle(pile.cards)

    def hunt(self, d: Mapping[str, Any]) -> None:
        """The Hunt box and the tiles already drawn."""
        box = d.get("hunt_box", {})
        if not isinstance(box, dict) or set(box) - {"eyes", "fp"}:
            raise bad(_("hunt_box is an object: {\"eyes\": n, \"fp\": n}"))
        for key in ("eyes", "fp"):
            if key in box:
                self.slot["hunt_box"][key] = _int(box[key], f"hunt_box {key}", 0, 12)
        for code in d.get("hunt_drawn", []):
            cid = self.take(str(code), "hunt.pool", "hunt_drawn")
            self.move(cid, "hunt.drawn")
            self.st.cards[cid].face_up = True
        if "rings" in d:
            n = _int(d["rings"], "rings", 0, 3)
            for cid in list(self.st.zones["rings.fp"].cards)[n:]:
                self.move(cid, "rings.used")

    def turn(self, d: Mapping[str, Any]) -> None:
        """The turn, its phase, the dice, who acts and leads."""
        st, slot = self.st, self.slot
        st.round = _int(d.get("turn", 1), "turn", 1, 999)
        dice = d.get("dice")
        phase = d.get("phase", "actions" if dice else "fellowship")
        if phase not in PHASES:
            raise bad(_("phase is one of {phases}, not {p!r}").format(phases=", ".join(PHASES),
                                                                     p=phase))
        slot["phase"] = phase
        acting = d.get("acting", FP)
        if acting not in (FP, SHADOW):
            raise bad(_("acting is \"fp\" or \"shadow\""))
        slot["acting"] = acting
        for side in (FP, SHADOW):
            slot["dice"][side] = fresh_pool(st, side)
        if dice is not None:
            self.dice(dice, phase)
        lead = d.get("leading", {})
        if not isinstance(lead, dict):
            raise bad(_("leading is an object: side -> seat"))
        for side, seat in lead.items():
            if side not in (FP, SHADOW) or seat not in S.seats_of(st, side):
                raise bad(_("leading: seat {n!r} does not play the {side}").format(n=seat,
                                                                                  side=side))
            slot["lead"][side] = seat
        if phase in ("start",):
            slot["stack"] = [{"op": "start"}]

    def dice(self, dice: Any, phase: str) -> None:
        """``{"fp": [faces], "shadow": [faces]}``: a face ending in ``*`` is the Ruler
        die, one starting with ``!`` is used; before the roll, a number of dice."""
        if not isinstance(dice, dict) or set(dice) - {FP, SHADOW}:
            raise bad(_("dice is an object: {\"fp\": [...], \"shadow\": [...]}"))
        for side, faces in dice.items():
            plain, ruler = S.DIE_KIND[side], S.RULER_KIND[side]
            if isinstance(faces, int):
                self.slot["dice"][side] = [{"kind": plain, "face": "", "used": False}
                                           for _i in range(_int(faces, "dice", 0, 12))]
                continue
            if not isinstance(faces, list) or len(faces) > 12:
                raise bad(_("dice of the {side}: a list of faces").format(side=side))
            pool = []
            for face in faces:
                word = str(face).lstrip("!").rstrip("*")
                if word not in FACES or (side == FP and word == "eye") \
                        or (side == SHADOW and word == "will_of_the_west"):
                    raise bad(_("dice of the {side}: {f!r} is no face of its dice ({faces})")
                              .format(side=side, f=face, faces=", ".join(FACES)))
                if phase != "actions":
                    raise bad(_("dice are rolled in the action phase; before it give a number"))
                pool.append({"kind": ruler if str(face).endswith("*") else plain, "face": word,
                             "used": str(face).startswith("!")})
            self.slot["dice"][side] = pool

    # ------------------------------------------------------------- the end
    def check(self) -> None:
        """The armies: the stacking limit, two sides in a region only in a siege."""
        st = self.st
        sieges = self.data.get("sieges", {})
        if not isinstance(sieges, dict):
            raise bad(_("sieges is an object: region -> the besieged side"))
        for rid, side in sieges.items():
            self.region(rid, "sieges")
            if side not in (FP, SHADOW) or regions()[rid].settlement != "Stronghold" \
                    or S.controller_side(st, rid) != side:
                raise bad(_("sieges: {r} is no Stronghold held by the {side}").format(
                    r=rid, side=side))
            if len(S.units(st, rid, side)) > 5 or not S.units(st, rid, S.other(side)):
                raise bad(_("sieges: {r} holds at most 5 units inside and an enemy army "
                            "outside").format(r=rid))
        self.slot["sieges"] = dict(sieges)
        for rid in regions():
            for side in (FP, SHADOW):
                if S.stack_count(st, rid, side) > S.STACK_LIMIT:
                    raise bad(_("{r} holds more than {n} army units of a side").format(
                        r=rid, n=S.STACK_LIMIT))
            if S.units(st, rid, FP) and S.units(st, rid, SHADOW) and rid not in sieges:
                raise bad(_("{r} holds armies of both sides: give \"sieges\" if one is "
                            "besieged").format(r=rid))
        from tabletop.games.wotr.slotcheck import check_slot
        try:
            check_slot(S.SLOT, self.slot)
        except ValueError as exc:
            raise bad(str(exc)) from exc

    def start(self) -> None:
        """The engine's stack for the phase, run to its first question."""
        st = self.st
        self.slot["stack"] = legacy.stack_for(self.slot)
        self.slot["choice"] = None
        c = Ctx(st, Tx(st), random.Random(0), True)
        c.run()
        c.data.flush()
