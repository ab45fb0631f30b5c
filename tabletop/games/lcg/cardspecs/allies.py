"""The twenty allies of the core set."""
from __future__ import annotations

from tabletop.core.i18n import N_
from tabletop.games.lcg.cardspecs.base import Ability, CardSpec, declare, predicate
from tabletop.games.lcg.cardspecs.common import (EXHAUST_SELF, both, can_draw, candidates, choose,
                                                 choose_player, choose_player_who,
                                                 encounter_deck_not_empty, exists, itself,
                                                 named_in_play, ready, some_player)
from tabletop.games.lcg.engine.filters import attachments_in_discard
from tabletop.games.lcg.engine.table import Table



@predicate("not_engaged_with_you")
def _not_engaged_with_you(t: Table, cid: int, seat, args) -> bool:
    """An enemy in the staging area, or engaged with another player."""
    area = t.area(cid)
    return area == "staging" or (t.engaged_with(cid) is not None and t.engaged_with(cid) != seat)


@predicate("condition_attachment")
def _condition_attachment(t: Table, cid: int, seat, args) -> bool:
    """An attachment in play with the Condition trait (player or encounter card)."""
    card = t.state.cards[cid]
    attached = (card.attached_to is not None and card.attach_kind == "attachment"
                or t.deck_attachment(cid) is not None)          # Iron Shackles on a deck
    # an attached treachery is an attachment now (FAQ 1.23): its printed type says it
    return attached and ("Condition" in t.traits(cid) or t.cdef(cid).type == "treachery")


def _dwarf_hero_of_yours_left(t: Table, src: int, info: dict, seat) -> bool:
    hero = info.get("card")
    st = t.state
    return (info.get("seat") == seat and hero in st.cards and "Dwarf" in t.cdef(hero).traits
            and st.cards[src].zone == st.seat_zone(seat, "hand") and not named_in_play(t, "Brok Ironfist"))


def _another_player(t: Table, src: int, info, seat) -> bool:
    return len(t.seats_in_order()) > 1 and t.threat(seat) >= 3


declare(CardSpec("01013", "Guard of the Citadel"))

declare(CardSpec("01014", "Faramir", [
    Ability("action", condition=ready, cost=EXHAUST_SELF,
            effect=[choose_player([{"op": "effect", "filter": {"type": "character", "controller": "$player"},
                                    "stat": "willpower", "amount": 1, "until": "phase"}],
                                  N_("Faramir: whose characters get +1 willpower?"))],
            text=N_("exhaust Faramir to choose a player: each character that player controls gets "
                   "+1 willpower until the end of the phase")),
]))

_ARNOR = {"type": "enemy", "pred": "not_engaged_with_you", "area": ["staging", "engaged"]}
declare(CardSpec("01015", "Son of Arnor", [
    Ability("response", trigger="enters_play", condition=both(itself, exists(_ARNOR)),
            effect=[choose({"type": "enemy", "pred": "not_engaged_with_you", "area": ["staging", "engaged"]},
                           [{"op": "engage", "card": "$choice", "seat": "$seat"}],
                           N_("Son of Arnor: which enemy engages you?"))],
            text=N_("after Son of Arnor enters play, choose an enemy in the staging area or engaged "
                   "with another player: it engages you")),
]))

_LOCATIONS = {"type": "location", "area": ["staging", "active"]}
declare(CardSpec("01016", "Snowbourn Scout", [
    Ability("response", trigger="enters_play", condition=both(itself, exists(_LOCATIONS)),
            effect=[choose({"type": "location", "area": ["staging", "active"]},
                           [{"op": "progress", "card": "$choice", "n": 1}],
                           N_("Snowbourn Scout: 1 progress on which location?"))],
            text=N_("after Snowbourn Scout enters play, place 1 progress on a location")),
]))

declare(CardSpec("01017", "Silverlode Archer"))

_ORCS = {"type": "enemy", "trait": "Orc"}
declare(CardSpec("01018", "Longbeard Orc Slayer", [
    Ability("response", trigger="enters_play", condition=both(itself, exists(_ORCS)),
            effect=[{"op": "each", "filter": {"type": "enemy", "trait": "Orc"},
                     "do": [{"op": "damage", "card": "$choice", "n": 1}]}],
            text=N_("after Longbeard Orc Slayer enters play, deal 1 damage to each Orc enemy in "
                   "play")),
]))

declare(CardSpec("01019", "Brok Ironfist", [
    Ability("response", trigger="hero_left", where="hand", condition=_dwarf_hero_of_yours_left,
            effect=[{"op": "put_into_play", "card": "$src", "seat": "$seat"}],
            text=N_("after a Dwarf hero you control leaves play, put Brok Ironfist into play from "
                   "your hand")),
]))

declare(CardSpec("01028", "Veteran Axehand"))

declare(CardSpec("01029", "Gondorian Spearman", [
    Ability("response", trigger="defends", condition=itself,
            effect=[{"op": "damage", "card": "$info.enemy", "n": 1}],
            text=N_("after Gondorian Spearman is declared as a defender, deal 1 damage to the "
                   "attacking enemy")),
]))

declare(CardSpec("01030", "Horseback Archer"))

declare(CardSpec("01031", "Beorn", [
    Ability("action", limit=("round", 1),
            effect=[{"op": "effect", "targets": "$src", "stat": "attack", "amount": 5, "until": "phase"},
                    {"op": "schedule", "when": "phase", "source": "$src", "label": N_("Beorn shuffles into his deck"),
                     "do": [{"op": "if_in_play", "card": "$src",
                             "do": [{"op": "to_deck", "card": "$src", "shuffle": True}]}]}],
            text=N_("Beorn gets +5 attack until the end of the phase; at the end of the phase, "
                   "shuffle him back into your deck")),
]))

declare(CardSpec("01043", "Wandering Took", [
    Ability("action", limit=("round", 1), condition=_another_player,
            cost=[{"op": "threat", "seat": "$seat", "n": -3}],
            effect=[{"op": "choose_player", "seat": "$seat", "others": True, "as": "$player",
                     "prompt": N_("Wandering Took: which player takes him?"),
                     "then": [{"op": "control", "card": "$src", "seat": "$player"},
                              {"op": "threat", "seat": "$player", "n": 3}]}],
            text=N_("reduce your threat by 3 to give control of Wandering Took to another player, "
                   "who raises their threat by 3")),
]))

declare(CardSpec("01044", "Lórien Guide", [
    Ability("response", trigger="committed",
            condition=lambda t, src, info, seat: itself(t, src, info) and t.active_location() is not None,
            effect=lambda ctx, src, info, seat: [{"op": "progress", "card": ctx.active_location(), "n": 1}],
            text=N_("after Lórien Guide is committed to a quest, place 1 progress on the active "
                   "location")),
]))

declare(CardSpec("01045", "Northern Tracker", [
    Ability("response", trigger="committed",
            condition=both(itself, exists({"type": "location", "area": "staging"})),
            effect=[{"op": "each", "filter": {"type": "location", "area": "staging"},
                     "do": [{"op": "progress", "card": "$choice", "n": 1}]}],
            text=N_("after Northern Tracker is committed to a quest, place 1 progress on each "
                   "location in the staging area")),
]))

declare(CardSpec("01058", "Daughter of the Nimrodel", [
    Ability("action", condition=both(ready, exists({"type": "hero", "damaged": True})),
            cost=EXHAUST_SELF,
            effect=[choose({"type": "hero", "damaged": True}, [{"op": "heal", "card": "$choice", "n": 2}],
                           N_("Daughter of the Nimrodel: heal up to 2 damage from which hero?"))],
            text=N_("exhaust Daughter of the Nimrodel to heal up to 2 damage on a hero")),
]))

declare(CardSpec("01059", "Erebor Hammersmith", [
    Ability("response", trigger="played", condition=lambda t, src, info, seat: itself(t, src, info)
            and any(attachments_in_discard(t, s) for s in t.seats_in_order()),
            effect=[{"op": "hammersmith", "seat": "$seat"}],
            text=N_("after you play Erebor Hammersmith, return the topmost attachment of a player's "
                   "discard pile to that player's hand")),
]))

declare(CardSpec("01060", "Henamarth Riversong", [
    Ability("action", condition=both(ready, encounter_deck_not_empty), cost=EXHAUST_SELF,
            effect=[{"op": "peek", "seat": "$seat", "zone": "encounter.deck", "n": 1}],
            text=N_("exhaust Henamarth Riversong to look at the top card of the encounter deck")),
]))

declare(CardSpec("01061", "Miner of the Iron Hills", [
    Ability("response", trigger="enters_play",
            condition=lambda t, src, info, seat: itself(t, src, info)
            and exists({"pred": "condition_attachment", "area": "in_play"})(t, src, info, seat),
            effect=[choose({"pred": "condition_attachment", "area": "in_play"},
                           [{"op": "discard", "card": "$choice"}],
                           N_("Miner of the Iron Hills: discard which Condition attachment?"),
                           optional=True)],
            text=N_("after Miner of the Iron Hills enters play, you may discard a Condition "
                   "attachment in play")),
]))

declare(CardSpec("01062", "Gléowine", [
    Ability("action", condition=both(ready, some_player(can_draw)), cost=EXHAUST_SELF,
            effect=choose_player_who(can_draw, [{"op": "draw", "seat": "$player", "n": 1}],
                                     N_("Gléowine: which player draws a card?")),
            text=N_("exhaust Gléowine to choose a player: that player draws 1 card")),
]))

_IN_PLAY_ENEMY = {"type": "enemy", "area": ["staging", "engaged"]}


def _gandalf_modes(t: Table, seat) -> dict:
    """Gandalf's three modes, those that can change the game now."""
    modes = [
        {"key": "draw", "label": N_("Draw 3 cards"), "do": [{"op": "draw", "seat": seat, "n": 3}],
         "if": seat is not None and can_draw(t, seat)},
        {"key": "damage", "label": N_("Deal 4 damage to an enemy"),
         "do": [choose(_IN_PLAY_ENEMY, [{"op": "damage", "card": "$choice", "n": 4}],
                       N_("Gandalf: deal 4 damage to which enemy?"), seat=seat)],
         "if": bool(candidates(t, _IN_PLAY_ENEMY, seat))},
        {"key": "threat", "label": N_("Reduce your threat by 5"),
         "do": [{"op": "threat", "seat": seat, "n": -5}],
         "if": seat is not None and t.threat(seat) > 0}]
    return {"op": "mode", "seat": seat, "prompt": N_("Gandalf: choose one."),
            "modes": [m for m in modes if m["if"]]}


def _gandalf_can(t: Table, src: int, info, seat) -> bool:
    return bool(_gandalf_modes(t, seat)["modes"])


declare(CardSpec("01073", "Gandalf", [
    Ability("forced", trigger="round_end",
            effect=[{"op": "if_in_play", "card": "$src", "do": [{"op": "discard", "card": "$src"}]}],
            text=N_("at the end of the round, discard Gandalf from play")),
    Ability("response", trigger="enters_play", condition=both(itself, _gandalf_can),
            effect=lambda t, src, info, seat: [_gandalf_modes(t, seat)],
            text=N_("after Gandalf enters play, choose one: draw 3 cards; deal 4 damage to an "
                   "enemy in play; or reduce your threat by 5")),
]))
