"""Kings of Middle-earth: Sovereigns, Dark Chieftains, Ruler dice and tokens.

The expansion's rules as its rulebook gives them (sections cited in every
refusal): awakening a Sovereign, the Shadow's corruption attempts with Hunt
tiles laid face down on the Sovereign Corruption board, removing a token when
his nation is activated or advances with a suitable Companion beside him, a
Corrupted Sovereign removed with a Character die, the Dark Chieftains coming
into play, the Ruler dice joining the pools the turn after the first Ruler,
the Ruler tokens, and 3-4 player turns at corrupting (the Corruptor token).

Pure Python: no pygame.
"""
from __future__ import annotations

from tabletop.core.i18n import _, ngettext
from tabletop.core.ruleset import handles
from tabletop.games.wotr.base import kome
from tabletop.games.wotr.data import FP, SHADOW, chieftains, regions, sovereigns
from tabletop.games.wotr.geo import distance
from tabletop.games.wotr.pieces import catalogue
from tabletop.games.wotr.turn import RULER_KIND
import tabletop.games.wotr.commands as C
import tabletop.games.wotr.state as S

MAX_CORRUPTION_DRAW = 3


def tile_rank(code: str) -> tuple[int, bool]:
    """How valuable a standard tile is when one must be discarded (Reveal wins ties)."""
    d = catalogue()[code]
    return (d.value, d.reveal)


class KingsMixin:
    """Handlers and hooks for the Kings of Middle-earth expansion."""

    # ------------------------------------------------------------- hooks
    def kings_new_turn(self, st, tx) -> None:
        """Ruler dice join or leave the pools; a new turn of corruption attempts."""
        if not S.kings(st):
            return
        present = {FP: bool(S.awake_sovereigns(st)), SHADOW: bool(S.chieftains_in_play(st))}
        for side in (FP, SHADOW):
            state = S.get(st, "kome", "ruler_dice", side)
            new = "pool" if state in ("due", "pool") and present[side] else "aside"
            self.put(tx, ("kome", "ruler_dice", side), new)
        self.put(tx, ("kome", "attempted"), [])
        self.put(tx, ("kome", "corruptor"), -1)

    def after_politics(self, st, tx, nation: str) -> None:
        """A nation activated or advanced: offer to remove a Corruption token."""
        if not S.kings(st):
            return
        for sid, sov in sovereigns().items():
            if sov.nation != nation or S.sovereign_state(st, sid) != "sleeping":
                continue
            if self.hidden_tokens(st, sid) and self.suitable_companion(st, sid):
                self.put(tx, ("pending",), {"kind": "cleanse", "sovereign": sid,
                                            "seat": S.controller(st, nation)})

    def sovereign_gone(self, st, tx, sid: str) -> None:
        """A Sovereign neither awake nor corrupted leaves: his tokens go back."""
        if S.kings(st) and S.sovereign_state(st, sid) == "sleeping":
            self.return_tokens(st, tx, sid)
        self.put(tx, ("kome", "sovereigns", sid, "state"), "removed")

    def ugluk_rerolls(self, st, region: str) -> int:
        """We March Day and Night: one more Hunt re-roll with Uglúk at or next to the Fellowship."""
        if not S.kings(st) or "ugluk" not in S.chieftains_in_play(st):
            return 0
        here = next((S.region_of_zone(c.zone) for c in st.cards.values() if c.code == "dc.ugluk"),
                    None)
        return 1 if here and (here == region or here in regions()[region].passable) else 0

    # ---------------------------------------------------------- helpers
    def hidden_tokens(self, st, sid: str) -> list[int]:
        """Face-down tokens on a Sovereign's space of the board."""
        return [c for c in st.zones[f"corrupt.{sid}"].cards if not st.cards[c].face_up]

    @staticmethod
    def corruption(st, sid: str) -> int:
        """The sum of a Sovereign's Corruption tokens (Kings tiles count 0)."""
        total = 0
        for cid in st.zones[f"corrupt.{sid}"].cards:
            d = catalogue()[st.cards[cid].code]
            total += 0 if d.king or d.eye else d.value
        return total

    def suitable_companion(self, st, sid: str) -> bool:
        """A Companion of his nation (or with the Free Peoples symbol) beside him."""
        region = S.sovereign_region(st, sid)
        if region is None:
            return False
        nation = sovereigns()[sid].nation
        for cid in S.pieces_in(st, region):
            code = S.code(st, cid)
            if S.companion_nation_ok(code, nation):
                return True
            if code.endswith(".silver") and S.sovereign_state(st, code.split(".")[1]) == "awake" \
                    and catalogue()[code].nation == nation:
                return True
        return False

    def return_tokens(self, st, tx, sid: str) -> None:
        """Every token on a Sovereign's space back into the Hunt pool."""
        for cid in list(st.zones[f"corrupt.{sid}"].cards):
            tx.move(cid, "hunt.pool")
            tx.set(cid, "face_up", False)

    def need_sovereign(self, st, sid: str):
        """The Sovereign named (refused when unknown or out of the expansion)."""
        self.need_kings(st)
        self.must(sid in sovereigns(), _("There is no Sovereign called {s}.").format(s=sid))
        return sovereigns()[sid]

    def need_controller(self, st, seat: int, nation: str) -> None:
        """3-4 players: only the player of his nation uses a Sovereign or Chieftain."""
        if len(st.seats) > 2:
            self.need(nation in S.seat_info(st, seat).get("nations", ()),
                      _("Only the player of {nation} may do that").format(
                          nation=S.nation_name(nation)), kome("multi"))

    def spend_ruler(self, st, tx, side: str, die: int, kind: str, what: str,
                    any_face=lambda face: True) -> None:
        """Use a die: the Ruler die with any result ``any_face`` allows, else a die of ``kind``."""
        dice = S.get(st, "dice", side, default=[])
        if 0 <= die < len(dice) and dice[die]["kind"] == RULER_KIND[side] \
                and not dice[die].get("used") and any_face(dice[die]["face"]):
            self.need(S.get(st, "phase") == "actions" and S.get(st, "acting") == side,
                      _("It is not the {side}' turn to act").format(side=S.side_name(side)),
                      kome("dice"))
            self.mark_used(st, tx, side, die, what)
            return
        self.spend(st, tx, side, die, kind, what)

    # ------------------------------------------------------------ awaken
    @handles(C.Awaken)
    def _awaken(self, st, cmd: C.Awaken, tx, rng) -> str:
        sov = self.need_sovereign(st, cmd.sovereign)
        sid = sov.id
        self.must(S.sovereign_state(st, sid) == "sleeping",
                  _("{name} is already awake, corrupted or gone.").format(name=_(sov.name)))
        here = S.sovereign_region(st, sid)
        self.must(here, _("{name} is not on the map.").format(name=_(sov.name)))
        target = cmd.region or sov.awaken_region or here
        self.need_region(target)
        if self.strict:
            self._check_awaken(st, cmd, sov, here, target, tx)
        self.return_tokens(st, tx, sid)
        grey = S.sovereign_piece(st, sid)
        silver = S.find(st, "kome.aside", f"sov.{sid}.silver")
        tx.move(grey, "kome.aside")
        tx.move(silver, S.rzone(target))
        for code in (f"card.sov.{sid}", f"ruler.{sid}"):
            cid = S.find(st, "kome.aside", code)
            tx.move(cid, "kome.fp")
        self.put(tx, ("kome", "sovereigns", sid, "state"), "awake")
        if S.get(st, "kome", "ruler_dice", FP) == "aside":
            self.put(tx, ("kome", "ruler_dice", FP), "due")
        return _("{seat} awakened {name} in {region}").format(
            seat=self.seat_name(st, cmd.seat), name=_(sov.name), region=self.region_name(target))

    def _check_awaken(self, st, cmd, sov, here: str, target: str, tx) -> None:
        self.need_side(st, cmd.seat, FP, kome("awaken"))
        self.need_controller(st, cmd.seat, sov.nation)
        self.need(S.politics(st, sov.nation)["active"],
                  _("{name} awakens only while {nation} is active").format(
                      name=_(sov.name), nation=S.nation_name(sov.nation)), kome("awaken"))
        info = regions()[target]
        if sov.awaken_region:
            self.need(target == sov.awaken_region, _("{name} awakens only in {r}").format(
                name=_(sov.name), r=self.region_name(sov.awaken_region)), kome("awaken"))
        else:
            self.need(info.settlement in ("City", "Stronghold") and info.nation
                      and S.nation_side_of(info.nation) == FP,
                      _("{name} awakens in a Free Peoples City or Stronghold").format(
                          name=_(sov.name)), kome("awaken"))
        self.need(not S.is_conquered(st, target), _("{r} has been conquered").format(
            r=self.region_name(target)), kome("awaken"))
        steps = distance(here, target, sov.level)
        self.need(steps is not None and steps <= sov.level,
                  _("{name} cannot reach {r} moving as a Companion of Level {n}").format(
                      name=_(sov.name), r=self.region_name(target), n=sov.level), kome("awaken"))
        self.spend_ruler(st, tx, FP, cmd.die, "muster", "awaken")

    # ------------------------------------------------------- corruption
    @handles(C.CorruptAttempt)
    def _corrupt(self, st, cmd: C.CorruptAttempt, tx, rng) -> str:
        sov = self.need_sovereign(st, cmd.sovereign)
        sid = sov.id
        self.must(not S.get(st, "pending"), _("Another decision is waiting."))
        self.must(S.sovereign_state(st, sid) == "sleeping",
                  _("Only a Sovereign neither awake nor corrupted can be corrupted."))
        eyes = S.get(st, "hunt_box", "eyes", default=0)
        self.must(eyes >= 1, _("There is no Eye die in the Hunt box."))
        if self.strict:
            self._check_corrupt(st, cmd, sid, eyes)
        self.put(tx, ("hunt_box", "eyes"), eyes - 1)
        pool = self.pool(st, SHADOW) + [{"kind": "wotr_shadow", "face": "eye", "used": True,
                                         "action": "corrupt"}]
        self.put(tx, ("dice", SHADOW), pool)
        self.put(tx, ("acting",), FP if self.unused(st, FP) else SHADOW)
        self.put(tx, ("last",), SHADOW)
        self.put(tx, ("kome", "attempted"), S.get(st, "kome", "attempted", default=[]) + [sid])
        self.put(tx, ("kome", "corruptor"), cmd.seat)
        if len(st.seats) > 2:
            tx.set(S.find_anywhere(st, "corruptor"), "owner", cmd.seat)
        return self._draw_for_corruption(st, tx, rng, sid, min(MAX_CORRUPTION_DRAW, eyes - 1),
                                         cmd.seat)

    def _check_corrupt(self, st, cmd, sid: str, eyes: int) -> None:
        self.need_side(st, cmd.seat, SHADOW, kome("corrupt"))
        self.need(eyes > 1, _("A corruption attempt needs more than one Eye die in the Hunt box"),
                  kome("corrupt"))
        self.need(self.unused(st, FP), _("The Free Peoples must have an unused action die"),
                  kome("corrupt"))
        self.need(S.get(st, "phase") == "actions" and S.get(st, "acting") == SHADOW,
                  _("The Shadow makes the attempt as its action"), kome("corrupt"))
        self.need(sid not in S.get(st, "kome", "attempted", default=[]),
                  _("The same Sovereign can be targeted only once a turn"), kome("corrupt"))
        last = S.get(st, "kome", "corruptor", default=-1)
        others = [s for s in S.seats_of(st, SHADOW) if s != cmd.seat]
        if len(st.seats) > 2 and last == cmd.seat and others:
            self.need(False, _("The Shadow players take turns at corruption attempts"),
                      kome("multi"))

    def _draw_for_corruption(self, st, tx, rng, sid: str, n: int, seat: int) -> str:
        shown, drawn = [], []
        name = _(sovereigns()[sid].name)
        while len(drawn) < n and st.zones["hunt.pool"].cards:
            pool = [c for c in st.zones["hunt.pool"].cards if c not in shown]
            if not pool:
                break
            cid = pool[rng.randrange(len(pool))]
            d = catalogue()[S.code(st, cid)]
            if d.king:
                for other in drawn:
                    tx.move(other, "hunt.pool")
                tx.move(cid, f"corrupt.{sid}")
                tx.set(cid, "face_up", True)
                self._shown_back(st, tx, shown)
                return _("The Shadow tries to corrupt {name}: a Kings tile ({tile}) is drawn and "
                         "placed on him, worth 0").format(name=name, tile=self.card_name(st, cid))
            if d.eye or d.special:
                shown.append(cid)
                continue
            tx.move(cid, "kome.draw")
            drawn.append(cid)
        words = ", ".join(self.card_name(st, c) for c in shown)
        self._shown_back(st, tx, shown)
        text = ngettext("The Shadow tries to corrupt {name}: {n} tile drawn",
                        "The Shadow tries to corrupt {name}: {n} tiles drawn",
                        len(drawn)).format(name=name, n=len(drawn))
        if words:
            text += " " + _("(shown and drawn again: {tiles})").format(tiles=words)
        if len(drawn) == 1:
            return text + "; " + self.keep_tile(st, tx, drawn[0], sid, [])
        if drawn:
            self.put(tx, ("pending",), {"kind": "keep", "sovereign": sid, "seat": seat})
        return text

    @staticmethod
    def _shown_back(st, tx, shown: list[int]) -> None:
        for cid in shown:
            if st.cards[cid].zone != "hunt.pool":
                tx.move(cid, "hunt.pool")

    @handles(C.KeepTile)
    def _keep_tile(self, st, cmd: C.KeepTile, tx, rng) -> str:
        pending = S.get(st, "pending") or {}
        self.must(pending.get("kind") == "keep", _("No corruption attempt waits for a tile."))
        self.need(cmd.seat == pending.get("seat"), _("The player who made the attempt chooses"),
                  kome("corrupt"))
        drawn = list(st.zones["kome.draw"].cards)
        self.must(cmd.card_id in drawn, _("That tile was not drawn in this attempt."))
        self.put(tx, ("pending",), None)
        rest = [c for c in drawn if c != cmd.card_id]
        return self.keep_tile(st, tx, cmd.card_id, pending["sovereign"], rest)

    def keep_tile(self, st, tx, cid: int, sid: str, rest: list[int]) -> str:
        """Lay one tile face down on the Sovereign; show the rest and put them back."""
        tx.move(cid, f"corrupt.{sid}")
        tx.set(cid, "face_up", False)
        words = ", ".join(self.card_name(st, c) for c in rest)
        for other in rest:
            tx.move(other, "hunt.pool")
        name = _(sovereigns()[sid].name)
        text = _("a Corruption token lies face down on {name}").format(name=name)
        if words:
            text += "; " + _("shown and put back: {tiles}").format(tiles=words)
        if self.corruption(st, sid) >= sovereigns()[sid].resistance:
            text += ". " + self.corrupt_sovereign(st, tx, sid)
        return text

    def corrupt_sovereign(self, st, tx, sid: str) -> str:
        """His tokens are revealed; the highest standard one is discarded; he turns."""
        tiles = list(st.zones[f"corrupt.{sid}"].cards)
        words = ", ".join(self.card_name(st, c) for c in tiles)
        standard = [c for c in tiles if not catalogue()[S.code(st, c)].special]
        worst = max(standard, key=lambda c: tile_rank(S.code(st, c))) if standard else None
        for cid in tiles:
            if cid == worst:
                tx.move(cid, "hunt.out")
                tx.set(cid, "face_up", True)
            else:
                tx.move(cid, "hunt.pool")
                tx.set(cid, "face_up", False)
        sov = sovereigns()[sid]
        grey = S.sovereign_piece(st, sid)
        silver = S.find(st, "kome.aside", f"sov.{sid}.silver")
        tx.move(grey, "kome.aside")
        tx.move(silver, S.rzone(sov.start))
        card = S.find(st, "kome.aside", f"card.sovc.{sid}")
        tx.move(card, "kome.shadow")
        if sid == "theoden":
            tx.move(S.find_anywhere(st, "helms-deep.tile"), "kome.shadow")
        self.put(tx, ("kome", "sovereigns", sid, "state"), "corrupted")
        return _("{name} is Corrupted (his tokens were {tiles})").format(name=_(sov.name),
                                                                         tiles=words)

    # --------------------------------------------------- removing tokens
    @handles(C.Cleanse)
    def _cleanse(self, st, cmd: C.Cleanse, tx, rng) -> str:
        sov = self.need_sovereign(st, cmd.sovereign)
        hidden = self.hidden_tokens(st, sov.id)
        self.must(hidden, _("{name} has no hidden Corruption token.").format(name=_(sov.name)))
        pending = S.get(st, "pending") or {}
        self.need(pending.get("kind") == "cleanse" and pending.get("sovereign") == sov.id,
                  _("A token is removed when {nation} is activated or advances with a suitable "
                    "Companion beside {name}").format(nation=S.nation_name(sov.nation),
                                                      name=_(sov.name)), kome("cleanse"))
        self.need_side(st, cmd.seat, FP, kome("cleanse"))
        cid = hidden[rng.randrange(len(hidden))]
        tx.move(cid, "hunt.pool")
        if pending.get("kind") == "cleanse":
            self.put(tx, ("pending",), None)
        return _("{seat} removed a hidden Corruption token from {name}").format(
            seat=self.seat_name(st, cmd.seat), name=_(sov.name))

    @handles(C.Decline)
    def _decline(self, st, cmd: C.Decline, tx, rng) -> str:
        pending = S.get(st, "pending") or {}
        self.must(pending.get("kind") == "cleanse", _("Nothing is offered to decline."))
        self.put(tx, ("pending",), None)
        return _("{seat} left the Corruption tokens where they are").format(
            seat=self.seat_name(st, cmd.seat))

    @handles(C.RemoveCorrupted)
    def _remove_corrupted(self, st, cmd: C.RemoveCorrupted, tx, rng) -> str:
        sov = self.need_sovereign(st, cmd.sovereign)
        self.must(S.sovereign_state(st, sov.id) == "corrupted",
                  _("{name} is not a Corrupted Sovereign.").format(name=_(sov.name)))
        if self.strict:
            self.need_side(st, cmd.seat, FP, kome("remove"))
            self.need(self.suitable_companion(st, sov.id),
                      _("A Companion of {nation} (or of the Free Peoples) must stand in his "
                        "region").format(nation=S.nation_name(sov.nation)), kome("remove"))
            self.spend(st, tx, FP, cmd.die, "character", "remove-corrupted")
        fig = S.sovereign_piece(st, sov.id)
        tx.move(fig, "kome.out")
        card = S.find(st, "kome.shadow", f"card.sovc.{sov.id}")
        tx.move(card, "kome.out")
        if sov.id == "theoden":
            tx.move(S.find_anywhere(st, "helms-deep.tile"), "kome.aside")
        self.put(tx, ("kome", "sovereigns", sov.id, "state"), "removed")
        return _("{name}, Corrupted Sovereign, was removed from the game: his weaknesses end").format(
            name=_(sov.name))

    # --------------------------------------------------- Dark Chieftains
    @handles(C.BringChieftain)
    def _chieftain(self, st, cmd: C.BringChieftain, tx, rng) -> str:
        self.need_kings(st)
        self.must(cmd.chieftain in chieftains(), _("There is no Dark Chieftain called {c}.").format(
            c=cmd.chieftain))
        dc = chieftains()[cmd.chieftain]
        self.must(S.get(st, "kome", "chieftains", dc.id) == "aside",
                  _("{name} is already in play or gone.").format(name=_(dc.name)))
        self.need_region(cmd.region)
        if self.strict:
            self._check_chieftain(st, cmd, dc, tx)
        for code, zone in ((f"dc.{dc.id}", S.rzone(cmd.region)), (f"card.dc.{dc.id}", "kome.shadow")):
            cid = S.find(st, "kome.aside", code)
            tx.move(cid, zone)
        self.put(tx, ("kome", "chieftains", dc.id), "in")
        if S.get(st, "kome", "ruler_dice", SHADOW) == "aside":
            self.put(tx, ("kome", "ruler_dice", SHADOW), "due")
        return _("{name} comes into play in {r}").format(name=_(dc.name),
                                                         r=self.region_name(cmd.region))

    @staticmethod
    def chieftain_ready(st, did: str) -> bool:
        """Is a set-aside Dark Chieftain's condition of war met?"""
        if S.get(st, "kome", "chieftains", did) != "aside":
            return False
        return {"the-black-serpent": S.at_war(st, "gondor"),
                "the-shadow-of-mirkwood": any(S.at_war(st, n) for n in
                                              ("dwarves", "elves", "north")),
                "ugluk": S.at_war(st, "rohan") or bool(S.get(st, "fellowship", "revealed"))
                }[did]

    def _check_chieftain(self, st, cmd, dc, tx) -> None:
        self.need_side(st, cmd.seat, SHADOW, kome("chieftains"))
        self.need_controller(st, cmd.seat, dc.nation)
        self.need(self.chieftain_ready(st, dc.id), _("{name} cannot come into play yet: see his card's "
                                   "condition").format(name=_(dc.name)), kome("chieftains"))
        own_army = any(catalogue()[S.code(st, c)].nation == dc.nation
                       for c in S.units(st, cmd.region, SHADOW))
        near_fellowship = False
        if dc.id == "ugluk" and S.get(st, "fellowship", "revealed"):
            fel = self.fellowship_region(st)
            near_fellowship = cmd.region == fel or cmd.region in regions()[fel].passable
        self.need(own_army or near_fellowship,
                  _("{name} comes into play in a region with an army of his nation").format(
                      name=_(dc.name)), kome("chieftains"))
        self.spend_ruler(st, tx, SHADOW, cmd.die, "muster", "chieftain",
                         any_face=lambda face: face != "eye")

    # --------------------------------------------------- Ruler abilities
    @handles(C.RulerAbility)
    def _ruler_ability(self, st, cmd: C.RulerAbility, tx, rng) -> str:
        sov = self.need_sovereign(st, cmd.sovereign)
        self.must(S.sovereign_state(st, sov.id) == "awake",
                  _("{name} is not an Awakened Sovereign.").format(name=_(sov.name)))
        dice = S.get(st, "dice", FP, default=[])
        self.must(0 <= cmd.die < len(dice) and dice[cmd.die]["kind"] == RULER_KIND[FP],
                  _("A Sovereign's second ability needs the Free Peoples Ruler die."))
        face = dice[cmd.die]["face"]
        self.need_controller(st, cmd.seat, sov.nation)
        if cmd.token:
            token = [c for c in st.zones["kome.fp"].cards if S.code(st, c) == f"ruler.{sov.id}"]
            self.must(token, _("{name}'s Ruler token is not at hand.").format(name=_(sov.name)))
            self.need(S.get(st, "kome", "ring_turn") != st.round,
                      _("A Ruler token and an Elven ring cannot both be used in one turn"),
                      kome("tokens"))
            tx.move(token[0], "kome.out")
            self.put(tx, ("kome", "token_turn"), st.round)
            self.set_die(st, tx, FP, cmd.die, face=sov.ability_face)
            face = sov.ability_face
        self.need(face in (sov.ability_face, "will_of_the_west"),
                  _("{ability} needs the Ruler die to show {face}").format(
                      ability=_(sov.ability), face=sov.ability_face), kome("fpdie"))
        self.spend_ruler(st, tx, FP, cmd.die, "muster", "ability",
                         any_face=lambda f: f in (sov.ability_face, "will_of_the_west"))
        return _("{name} used {ability}").format(name=_(sov.name), ability=_(sov.ability))
