"""Figures on the map: moving, mustering, casualties, control of settlements.

Enforced (``strict``): armies move one region along a passable border with
an Army die, never over the stacking limit of 10 units, never into an enemy
army (that is an attack); characters move up to their Level with a Character
die; Dark Chieftains move as non-flying Minions; a Corrupted Sovereign never
moves; units are mustered only in a free settlement of their nation At War.
The free table moves anything anywhere.

Pure Python: no pygame.
"""
from __future__ import annotations

from tabletop.core.i18n import _, ngettext
from tabletop.core.ruleset import handles
from tabletop.games.wotr.base import base, kome
from tabletop.games.wotr.data import FP, NATIONS, SHADOW, chieftains, regions, sovereigns
from tabletop.games.wotr.geo import within
from tabletop.games.wotr.pieces import UNIT_KINDS, catalogue, is_army_unit, is_figure, unit_code
import tabletop.games.wotr.commands as C
import tabletop.games.wotr.state as S

ARMY_PIECES = ("regular", "elite", "leader")


class MovesMixin:
    """Handlers for figures on the map (mixed into the War of the Ring rulesets)."""

    # ------------------------------------------------------------ moving
    @handles(C.MoveFigures)
    def _move_figures(self, st, cmd: C.MoveFigures, tx, rng) -> str:
        self._need_cards(st, cmd.card_ids)
        self.need_region(cmd.region)
        for cid in cmd.card_ids:
            self.must(is_figure(S.code(st, cid)), _("{piece} is not a figure of the map.").format(
                piece=self.card_name(st, cid)))
        if self.strict:
            self._check_move(st, cmd, tx)
        names = self.names(st, cmd.card_ids)
        for cid in cmd.card_ids:
            tx.move(cid, S.rzone(cmd.region))
        self._after_arrival(st, tx, cmd.region, self._movers_side(st, cmd.card_ids))
        return _("{seat} moved {pieces} to {region}").format(
            seat=self.seat_name(st, cmd.seat), pieces=names, region=self.region_name(cmd.region))

    @staticmethod
    def _movers_side(st, ids) -> str | None:
        sides = {S.side_of_piece(st, c) for c in ids if is_army_unit(S.code(st, c))}
        return sides.pop() if len(sides) == 1 else None

    def _check_move(self, st, cmd: C.MoveFigures, tx) -> None:
        zones = {st.cards[c].zone for c in cmd.card_ids}
        self.need(len(zones) == 1 and next(iter(zones)).startswith("r."),
                  _("Figures move together from one region of the map"), base("move"))
        origin = S.region_of_zone(next(iter(zones)))
        self.need(origin != cmd.region, _("The figures are already there"), base("move"))
        side = S.seat_side(st, cmd.seat)
        for cid in cmd.card_ids:
            self._check_mover(st, cmd.seat, side, cid)
        kinds = {S.kind(st, c) for c in cmd.card_ids}
        if kinds & {"regular", "elite"} or self._sleeping_sovereigns(st, cmd.card_ids):
            self._check_army_move(st, cmd, origin, side, tx)
        else:
            self._check_character_move(st, cmd, origin, side, tx)

    def _check_mover(self, st, seat: int, side: str, cid: int) -> None:
        name = self.card_name(st, cid)
        self.need(S.side_of_piece(st, cid) == side,
                  _("{piece} belongs to the other side").format(piece=name), base("move"))
        if S.corrupted_piece(st, cid):
            self.need(False, _("A Corrupted Sovereign cannot move"), kome("sovereigns"))
        nation = catalogue()[S.code(st, cid)].nation
        if S.kind(st, cid) in ARMY_PIECES and nation:
            self.need(nation in S.seat_info(st, seat).get("nations", ()),
                      _("{piece} is played by another seat").format(piece=name),
                      kome("multi") if len(st.seats) > 2 else base("move"))
        self.need(S.kind(st, cid) != "fellowship",
                  _("The Fellowship moves with a Character die, not as an army"),
                  base("fellowship"))

    @staticmethod
    def _sleeping_sovereigns(st, ids) -> bool:
        return any(S.code(st, c).startswith("sov.") and S.kind(st, c) == "sovereign"
                   and S.sovereign_state(st, S.code(st, c).split(".")[1]) == "sleeping"
                   for c in ids)

    def _check_army_move(self, st, cmd, origin: str, side: str, tx) -> None:
        self.need(any(is_army_unit(S.code(st, c)) for c in cmd.card_ids),
                  _("Leaders move only together with army units"), base("move"))
        self.need(cmd.region in regions()[origin].passable,
                  _("{a} and {b} share no passable border").format(
                      a=self.region_name(origin), b=self.region_name(cmd.region)), base("move"))
        enemy = SHADOW if side == FP else FP
        self.need(not S.units(st, cmd.region, enemy),
                  _("An enemy army holds {r}: attack it instead").format(
                      r=self.region_name(cmd.region)), base("move"))
        moving = sum(1 for c in cmd.card_ids if is_army_unit(S.code(st, c)))
        self.need(S.stack_count(st, cmd.region) + moving <= S.STACK_LIMIT,
                  _("{r} would hold more than {n} army units").format(
                      r=self.region_name(cmd.region), n=S.STACK_LIMIT), base("stack"))
        self.spend(st, tx, side, cmd.die, "army", more=1)

    def _check_character_move(self, st, cmd, origin: str, side: str, tx) -> None:
        reach = self._reach(st, cmd.card_ids, origin)
        self.need(cmd.region in reach, _("{r} is out of the characters' reach").format(
            r=self.region_name(cmd.region)), self._reach_rule(st, cmd.card_ids))
        self.spend(st, tx, side, cmd.die, "character")

    def _reach_rule(self, st, ids) -> str:
        if any(S.kind(st, c) == "chieftain" for c in ids):
            return kome("nonflying")
        return base("characters")

    def _reach(self, st, ids, origin: str) -> set[str]:
        """Regions all the moving characters can reach together."""
        reach = None
        for cid in ids:
            here = self._piece_reach(st, cid, origin)
            reach = here if reach is None else reach & here
        return reach or set()

    def _piece_reach(self, st, cid: int, origin: str) -> set[str]:
        code = S.code(st, cid)
        k = S.kind(st, cid)
        if k == "nazgul" or code == "char.witch-king":
            return set(regions())                     # they fly
        if k == "chieftain":
            return self._nonflying_reach(st, chieftains()[code[3:]].level, origin)
        if k == "sovereign":
            sov = sovereigns()[code.split(".")[1]]
            return within(origin, sov.level)
        from tabletop.games.wotr.data import characters
        level = characters()[code[5:]].level if code.startswith("char.") else 1
        return within(origin, level or 0)

    def _nonflying_reach(self, st, level: int, origin: str) -> set[str]:
        """Non-flying Minions: up to their Level, no impassable border, no
        region with a besieged friendly Stronghold, no Free Peoples
        Stronghold unless a Shadow army besieges it."""
        def closed(r: str) -> bool:
            """A region such a Minion may not enter or pass."""
            info = regions()[r]
            fp_hold = (info.settlement == "Stronghold" and S.controller_side(st, r) == FP
                       and not S.besieged(st, r))
            return fp_hold or (S.besieged(st, r) and S.controller_side(st, r) == SHADOW)
        if closed(origin) and S.besieged(st, origin):
            return {origin}
        reach = within(origin, level, blocked=closed)
        return {r for r in reach if r == origin or not closed(r)}

    def _after_arrival(self, st, tx, region: str, side: str | None) -> None:
        """An army entering a settlement takes control of it."""
        info = regions()[region]
        if side is None or not info.settlement or not info.nation:
            return
        if S.units(st, region, SHADOW if side == FP else FP):
            return
        own = S.nation_side_of_region(region)
        self.put(tx, ("captured", region), None if side == own else side)

    # ---------------------------------------------------------- mustering
    @handles(C.Recruit)
    def _recruit(self, st, cmd: C.Recruit, tx, rng) -> str:
        self.must(cmd.nation in NATIONS, _("There is no nation called {n}.").format(n=cmd.nation))
        self.must(cmd.unit in UNIT_KINDS, _("There is no unit called {u}.").format(u=cmd.unit))
        self.need_region(cmd.region)
        code = unit_code(cmd.nation, cmd.unit)
        pool = [c for c in st.zones[f"reinf.{cmd.nation}"].cards if S.code(st, c) == code]
        self.must(pool, _("No {piece} is left in the reinforcements.").format(
            piece=self.card_name_of(code)))
        if self.strict:
            self._check_recruit(st, cmd, tx)
        tx.move(pool[-1], S.rzone(cmd.region))
        return _("{seat} mustered a {piece} in {region}").format(
            seat=self.seat_name(st, cmd.seat), piece=self.card_name_of(code),
            region=self.region_name(cmd.region))

    def card_name_of(self, code: str) -> str:
        """A code's name (for pieces not named by id)."""
        from tabletop.games.wotr.base import piece_label
        return piece_label(code)

    def _check_recruit(self, st, cmd: C.Recruit, tx) -> None:
        info = regions()[cmd.region]
        side = S.nation_side_of(cmd.nation)
        self.need(cmd.nation in S.seat_info(st, cmd.seat).get("nations", ()),
                  _("{seat} does not play {nation}").format(
                      seat=self.seat_name(st, cmd.seat), nation=S.nation_name(cmd.nation)),
                  base("recruit"))
        self.need(S.at_war(st, cmd.nation), _("{nation} is not At War").format(
            nation=S.nation_name(cmd.nation)), base("politics"))
        self.need(info.nation == cmd.nation and info.settlement,
                  _("Units are mustered in a settlement of their own nation"), base("recruit"))
        self.need(not S.is_conquered(st, cmd.region), _("{r} has been conquered").format(
            r=self.region_name(cmd.region)), base("recruit"))
        enemy = SHADOW if side == FP else FP
        self.need(not S.units(st, cmd.region, enemy), _("An enemy army stands in {r}").format(
            r=self.region_name(cmd.region)), base("recruit"))
        if cmd.unit in ("regular", "elite"):
            self.need(S.stack_count(st, cmd.region) < S.STACK_LIMIT,
                      _("{r} already holds {n} army units").format(
                          r=self.region_name(cmd.region), n=S.STACK_LIMIT), base("stack"))
        self.spend(st, tx, side, cmd.die, "muster",
                   more=0 if cmd.unit == "elite" else 1)

    # -------------------------------------------------------- casualties
    @handles(C.Eliminate)
    def _eliminate(self, st, cmd: C.Eliminate, tx, rng) -> str:
        self._need_cards(st, cmd.card_ids)
        names = self.names(st, cmd.card_ids)
        for cid in cmd.card_ids:
            self.remove_figure(st, tx, cid)
        return ngettext("{seat} removed {pieces} as a casualty",
                        "{seat} removed {pieces} as casualties", len(cmd.card_ids)).format(
            seat=self.seat_name(st, cmd.seat), pieces=names)

    def remove_figure(self, st, tx, cid: int) -> None:
        """Take a figure off the map where the rules send it."""
        d = catalogue()[S.code(st, cid)]
        if d.kind == "sovereign":
            sid = d.code.split(".")[1]
            self.need(S.sovereign_state(st, sid) != "corrupted",
                      _("A Corrupted Sovereign leaves the game only as the rules say"),
                      kome("remove"))
            self.sovereign_gone(st, tx, sid)
            tx.move(cid, "kome.out")
            return
        self.must(d.kind in UNIT_KINDS or d.kind in ("companion", "minion", "chieftain"),
                  _("{piece} cannot be taken as a casualty.").format(piece=_(d.name)))
        if d.kind in ("companion", "minion"):
            tx.move(cid, "chars.dead")
        elif d.kind == "chieftain":
            tx.move(cid, "kome.out")
            self.put(tx, ("kome", "chieftains", d.code[3:]), "out")
        elif d.side == FP:
            tx.move(cid, f"cas.{d.nation}")
        else:
            tx.move(cid, f"reinf.{d.nation}")

    def sovereign_gone(self, st, tx, sid: str) -> None:
        """Overridden by the Kings rules: a Sovereign leaves the map."""

    @handles(C.Reduce)
    def _reduce(self, st, cmd: C.Reduce, tx, rng) -> str:
        self._need_cards(st, (cmd.card_id,))
        d = catalogue().get(S.code(st, cmd.card_id))
        self.must(d is not None and d.kind == "elite", _("Only an Elite unit can be reduced."))
        zone = st.cards[cmd.card_id].zone
        self.must(zone.startswith("r."), _("Only a unit on the map can be reduced."))
        regular = unit_code(d.nation, "regular")
        pool = [c for c in st.zones[f"reinf.{d.nation}"].cards if S.code(st, c) == regular]
        self.must(pool, _("No Regular unit of that nation is left to replace it."))
        self.remove_figure(st, tx, cmd.card_id)
        tx.move(pool[-1], zone)
        return _("{seat} replaced {piece} by a Regular unit").format(
            seat=self.seat_name(st, cmd.seat), piece=self.card_name_of(d.code))

    # ----------------------------------------------------------- control
    @handles(C.Control)
    def _control(self, st, cmd: C.Control, tx, rng) -> str:
        self.need_region(cmd.region)
        info = regions()[cmd.region]
        self.must(info.settlement, _("{r} has no settlement to control.").format(
            r=self.region_name(cmd.region)))
        self.must(cmd.side in ("", FP, SHADOW), _("Unknown side {s}.").format(s=cmd.side))
        own = S.nation_side_of_region(cmd.region)
        self.put(tx, ("captured", cmd.region), None if cmd.side in ("", own) else cmd.side)
        who = S.side_name(cmd.side or own) if (cmd.side or own) else _("nobody")
        return _("{seat}: {r} is now held by the {side}").format(
            seat=self.seat_name(st, cmd.seat), r=self.region_name(cmd.region), side=who)
