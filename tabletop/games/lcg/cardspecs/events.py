"""The twenty-eight events of the core set.

An event is played from hand in an action window of its phase (``Ability``
kind "event"), or as a Response from hand ("response", ``where="hand"``); its
resource cost is paid first (X costs: the player picks X, ``$x``), then its
other costs and its effect; then it is in its owner's discard pile.
"""
from __future__ import annotations

import copy
from collections.abc import Callable

from tabletop.core.i18n import N_
from tabletop.games.lcg.cardspecs.base import SPECS, Ability, CardSpec, declare, predicate
from tabletop.games.lcg.cardspecs.common import (both, can_draw, choose, choose_player,
                                                 choose_player_who, deck_not_empty, exists,
                                                 some_player)
from tabletop.games.lcg.engine.allowed import hero_spheres, payers, strike_targets, unique_in_play
from tabletop.games.lcg.engine.specs import steps_of
from tabletop.games.lcg.engine.table import Table



SEATS: dict[str, Callable[[Table, int], bool]] = {}        # "$name" in an effect: the seats for which a test holds when it resolves


def _with_seats(effect):
    """An effect whose ``among`` names a test of ``SEATS`` ("$engaged"): the seats it
    can change, computed as it resolves."""
    if callable(effect) or not any(f'"${k}"' in repr(effect).replace("'", '"') for k in SEATS):
        return effect

    def fill(value, t):
        if isinstance(value, str) and value[1:] in SEATS:
            return [s for s in t.seats_in_order() if SEATS[value[1:]](t, s)]
        if isinstance(value, list):
            return [fill(v, t) for v in value]
        if isinstance(value, dict):
            return {k: fill(v, t) for k, v in value.items()}
        return value
    return lambda t, src, info, seat: fill(copy.deepcopy(effect), t)


def event(code: str, name: str, effect, condition=None, cost=(), phase=None, text="", **spec):
    """Declare an event played as an action."""
    effect = _with_seats(effect)
    declare(CardSpec(code, name, [Ability("event", phase=phase, condition=condition, cost=list(cost)
                                          if not callable(cost) else cost, effect=effect, text=text)], **spec))


def _note(code: str, text: str) -> None:
    """A sentence the card face shows before the abilities (a play rule)."""
    SPECS[code].text = text


def response(code: str, name: str, trigger: str, effect, condition=None, cost=(), text=""):
    """Declare an event played as a Response from hand."""
    declare(CardSpec(code, name, [Ability("response", trigger=trigger, where="hand", condition=condition,
                                          cost=list(cost), effect=effect, text=text)]))


def until_phase(stat: str, n: int, target="$choice") -> dict:
    """A lasting +n to a stat, until the end of the phase."""
    return {"op": "effect", "targets": target, "stat": stat, "amount": n, "until": "phase"}


def _has_engaged(t: Table, s: int) -> bool:
    return bool(t.engaged(s))


def _has_threat(t: Table, s: int) -> bool:
    return t.threat(s) > 0


def _has_discards(t: Table, s: int) -> bool:
    st = t.state
    return any(t.ctype(c) != "hero" for c in st.zones[st.seat_zone(s, "discard")].cards)


def _damaged_hero(t: Table, s: int) -> bool:
    return any(t.damage(h) > 0 for h in t.heroes(s))


SEATS.update(engaged=_has_engaged, threatened=_has_threat, decks=deck_not_empty)
_MAY_ATTACK = {"type": "enemy", "area": "engaged", "pred": "may_attack"}


@predicate("may_attack")
def _may_attack(t: Table, cid: int, seat, args) -> bool:
    """An enemy that may still attack this phase: nothing keeps it from attacking, it has
    not attacked yet and is not attacking now (Feint comes too late then: FAQ)."""
    attack = t.engine.get("attack") or {}
    return (not t.cannot(cid, "attack") and f"e:{cid}" not in t.engine.get("attacked", ())
            and attack.get("enemy") != cid)


@predicate("counts_threat")
def _counts_threat(t: Table, cid: int, seat, args) -> bool:
    """A card whose threat counts now (some, and nothing keeps it from counting)."""
    return t.stat(cid, "threat") > 0 and not t.cannot(cid, "count_threat")


@predicate("can_strike")
def _can_strike(t: Table, cid: int, seat, args) -> bool:
    """A character with an enemy it could attack on its own (Quick Strike)."""
    return seat is not None and bool(strike_targets(t, seat, cid))


@predicate("spirit_character")
def _spirit_character(t: Table, cid: int, seat, args) -> bool:
    """A Spirit character (a hero with a Spirit icon, or a Spirit ally)."""
    if t.ctype(cid) == "hero":
        return "spirit" in hero_spheres(t, cid)
    return t.cdef(cid).sphere == "spirit"


@predicate("x_ally")
def _x_ally(t: Table, cid: int, seat, args) -> bool:
    """An ally of a sphere (not neutral) whose printed cost is X."""
    cdef = t.cdef(cid)
    return cdef.type == "ally" and cdef.sphere not in (None, "neutral") and cdef.cost == args


@predicate("revivable_hero")
def _revivable_hero(t: Table, cid: int, seat, args) -> bool:
    """A hero in a discard pile whose name is not in play."""
    return t.ctype(cid) == "hero" and not unique_in_play(t, cid)


def _stand_and_fight_x(t: Table, seat, cid=None) -> list[int]:
    """The X for which Stand and Fight finds an ally: the printed costs of the allies of
    a sphere in any discard pile that could enter play (a unique one only while no card
    of its title is in play)."""
    st = t.state
    out = set()
    for s in t.seats_in_order():
        for c in st.zones[st.seat_zone(s, "discard")].cards:
            cost = t.cdef(c).cost
            if isinstance(cost, int) and _x_ally(t, c, seat, cost) and not unique_in_play(t, c):
                out.add(cost)
    return sorted(out)


def _stand_and_fight_possible(t: Table, src: int, info, seat) -> bool:
    most = sum(t.resources(h) for h in payers(t, seat, "spirit"))
    return any(x <= most for x in _stand_and_fight_x(t, seat))


def _has_when_revealed(t: Table, src: int, info: dict, seat) -> bool:
    """The card just revealed has When Revealed effects that would do something now
    (cancelling effects that would change nothing changes nothing)."""
    card = info.get("card")
    if card not in t.state.cards:
        return False
    spec = t.registry.spec(t.state.cards[card].code)
    if spec is None:
        return bool(t.cdef(card).rules_text) and t.ctype(card) == "treachery"
    seats = t.seats_in_order()
    facts = {"seat": seats[0] if seats else None, "card": card}
    for _i, ab in spec.of_kind("when_revealed"):
        if ab.condition is not None and not ab.condition(t, card, facts, facts["seat"]):
            continue
        if steps_of(ab.effect, t, card, facts, facts["seat"]):
            return True
    return False


def _has_shadow(t: Table, src: int, info: dict, seat) -> bool:
    card = info.get("card")
    return card in t.state.cards and bool(t.cdef(card).has_shadow)


def _quick_strike_possible(t: Table, src: int, info, seat) -> bool:
    return any(not t.state.cards[c].exhausted and strike_targets(t, seat, c)
               for c in t.characters(seat))


# ------------------------------------------------------------- leadership
event("01020", "Ever Vigilant", [choose({"type": "ally", "exhausted": True},
                                        [{"op": "ready", "card": "$choice"}], N_("Ready which ally?"))],
      condition=exists({"type": "ally", "exhausted": True}), text=N_("choose an exhausted ally and ready it"))

event("01021", "Common Cause", [choose(
    {"type": "hero", "controller": "you", "ready": True},
    [{"op": "exhaust", "card": "$paid"},
     choose({"type": "hero", "exhausted": True, "not": "$paid"}, [{"op": "ready", "card": "$choice"}],
            N_("Common Cause: ready which hero?"))],
    N_("Common Cause: exhaust which of your heroes?"), var="$paid")],
      condition=lambda t, src, info, seat: exists({"type": "hero", "controller": "you", "ready": True})(
          t, src, info, seat) and exists({"type": "hero", "exhausted": True})(t, src, info, seat),
      text=N_("exhaust a hero you control to choose and ready another hero"))

event("01022", "For Gondor!", [
    {"op": "effect", "filter": {"type": "character"}, "stat": "attack", "amount": 1, "until": "phase"},
    {"op": "effect", "filter": {"type": "character", "trait": "Gondor"}, "stat": "defense", "amount": 1,
     "until": "phase"}], text=N_("until the end of the phase, each character gets +1 attack, and each Gondor "
                                                  "character also gets +1 defense"))

event("01023", "Sneak Attack", [choose(
    {"zone": "hand", "type": "ally", "title_free": True},
    [{"op": "put_into_play", "card": "$choice", "seat": "$seat"},
     {"op": "schedule", "when": "phase", "label": N_("Sneak Attack returns the ally to hand"),
      "do": [{"op": "if_in_play", "card": "$choice", "do": [{"op": "to_hand", "card": "$choice"}]}]}],
    N_("Sneak Attack: put which ally into play?"))],
      condition=exists({"zone": "hand", "type": "ally", "title_free": True}),
      text=N_("put an ally from your hand into play; at the end of the phase, if it is still in "
               "play, return it to your hand"))

response("01024", "Valiant Sacrifice", "ally_left", [{"op": "draw", "seat": "$info.seat", "n": 2}],
         condition=lambda t, src, info, seat: isinstance(info.get("seat"), int)
         and not t.eliminated(info["seat"]) and can_draw(t, info["seat"]),
         text=N_("after an ally leaves play, the player who controlled it draws 2 cards"))

event("01025", "Grim Resolve", [{"op": "each", "filter": {"type": "character", "exhausted": True},
                                 "do": [{"op": "ready", "card": "$choice"}]}],
      condition=exists({"type": "character", "exhausted": True}), text=N_("ready every character in play"))

# ---------------------------------------------------------------- tactics
event("01032", "Blade Mastery", [choose({"type": "character"}, [until_phase("attack", 1), until_phase("defense", 1)],
                                        N_("Blade Mastery: which character?"))],
      text=N_("a character gets +1 attack and +1 defense until the end of the phase"))

event("01033", "Rain of Arrows", [choose(
    {"type": "character", "controller": "you", "ready": True, "keyword": "Ranged"},
    [{"op": "exhaust", "card": "$archer"},
     {"op": "choose_player", "seat": "$seat", "as": "$player", "among": "$engaged",
      "prompt": N_("Rain of Arrows: the enemies engaged with which player?"),
      "then": [{"op": "each", "filter": {"type": "enemy", "engaged_with": "$player"},
                "do": [{"op": "damage", "card": "$choice", "n": 1}]}]}],
    N_("Rain of Arrows: exhaust which Ranged character?"), var="$archer")],
      condition=both(exists({"type": "character", "controller": "you", "ready": True,
                             "keyword": "Ranged"}), some_player(_has_engaged)),
      text=N_("exhaust a Ranged character you control to choose a player: deal 1 damage to "
               "each enemy engaged with that player"))

event("01034", "Feint", [choose(_MAY_ATTACK,
                                [{"op": "effect", "targets": "$choice", "cannot": "attack", "until": "phase"}],
                                N_("Feint: which enemy cannot attack this phase?"))],
      phase="combat", condition=exists(_MAY_ATTACK),
      text=N_("choose an enemy engaged with a player: it cannot attack that player this "
               "phase"))

event("01035", "Quick Strike", [choose(
    {"type": "character", "controller": "you", "ready": True, "pred": "can_strike"},
    [{"op": "exhaust", "card": "$choice"}, {"op": "quick_strike", "seat": "$seat", "card": "$choice"}],
    N_("Quick Strike: which character attacks?"))],
      condition=_quick_strike_possible, text=N_("exhaust a character you control to have it attack an enemy at once"))

event("01036", "Thicket of Spears", choose_player_who(_has_engaged, [{"op": "thicket", "player": "$player"}],
                                                   N_("Thicket of Spears: which player's enemies?")),
      condition=some_player(_has_engaged), pay_distinct=True, text=N_("choose a player: the enemies engaged with that player cannot attack that "
               "player this phase"))
_note("01036", N_("Paid with 1 resource from each of 3 different Tactics heroes."))

response("01037", "Swift Strike", "defends", [{"op": "damage", "card": "$info.enemy", "n": 2}],
         text=N_("after a character is declared as a defender, deal 2 damage to the attacking "
                  "enemy"))

event("01038", "Stand Together", [choose_player([{"op": "stand_together", "player": "$player"}],
                                                N_("Stand Together: which player?"))],
      text=N_("choose a player: this phase, that player may declare any number of their "
               "characters as defenders against each enemy attacking them"))

# ----------------------------------------------------------------- spirit
event("01046", "The Galadhrim's Greeting", [{"op": "mode", "seat": "$seat", "prompt": N_("The Galadhrim's Greeting:"),
                                             "modes": [
    {"key": "one", "label": N_("A player reduces their threat by 6"),
     "do": [{"op": "choose_player", "seat": "$seat", "as": "$player", "among": "$threatened",
             "prompt": N_("Which player reduces their threat by 6?"),
             "then": [{"op": "threat", "seat": "$player", "n": -6}]}]},
    {"key": "all", "label": N_("Each player reduces their threat by 2"),
     "do": [{"op": "threat", "seat": "all", "n": -2}]}]}],
      condition=some_player(_has_threat),
      text=N_("a player reduces their threat by 6, or each player reduces their threat by 2"))

response("01047", "Strength of Will", "traveled", [choose(
    {"type": "character", "controller": "you", "ready": True, "pred": "spirit_character"},
    [{"op": "exhaust", "card": "$choice"}, {"op": "progress", "card": "$info.card", "n": 2}],
    N_("Strength of Will: exhaust which Spirit character?"))],
         condition=exists({"type": "character", "controller": "you", "ready": True, "pred": "spirit_character"}),
         text=N_("after the players travel to a location, exhaust a Spirit character you control "
                  "to place 2 progress on that location"))

response("01048", "Hasty Stroke", "shadow_revealed",
         [{"op": "flag", "name": "cancel_shadow", "value": "$info.card"}], condition=_has_shadow,
         text=N_("cancel a shadow effect just triggered during combat"))

event("01049", "Will of the West", lambda t, src, info, seat: choose_player_who(
    _has_discards, [{"op": "shuffle_discard_into_deck", "seat": "$player"}],
    N_("Will of the West: whose discard pile?"))(t, src, info, seat) + [{"op": "set_aside", "card": src}],
      condition=some_player(_has_discards),
      text=N_("choose a player: shuffle their discard pile into their deck; then remove Will "
               "of the West from the game"))

response("01050", "A Test of Will", "revealed", [{"op": "flag", "name": "cancel_revealed", "value": "$info.card"}],
         condition=_has_when_revealed, text=N_("cancel the When Revealed effects of a card just revealed from the encounter "
                  "deck"))

event("01051", "Stand and Fight", [choose({"zone": "discard", "of": "any", "pred": "x_ally", "args": "$x",
                                           "title_free": True},
                                          [{"op": "put_into_play", "card": "$choice", "seat": "$seat"}],
                                          N_("Stand and Fight: which ally?"))],
      condition=_stand_and_fight_possible, x_values=_stand_and_fight_x,
      text=N_("choose an ally of a sphere with a printed cost of X in any player's discard "
               "pile and put it into play under your control"))

event("01052", "A Light in the Dark", [choose({"type": "enemy", "area": "engaged"},
                                              [{"op": "return_to_staging", "card": "$choice"}],
                                              N_("A Light in the Dark: which enemy?"))],
      condition=exists({"type": "enemy", "area": "engaged"}), text=N_("choose an enemy engaged with a player: it returns to the staging area"))

event("01053", "Dwarven Tomb", [choose({"zone": "discard", "sphere": "spirit", "type": ["ally", "attachment", "event"],
                                        "not": "$src"},
                                       [{"op": "to_hand", "card": "$choice"}], N_("Dwarven Tomb: which card?"))],
      condition=exists({"zone": "discard", "sphere": "spirit", "type": ["ally", "attachment", "event"]}),
      text=N_("return a Spirit card from your discard pile to your hand"))

event("01054", "Fortune or Fate", [choose({"zone": "discard", "of": "any", "pred": "revivable_hero"},
                                          [{"op": "revive", "card": "$choice"}], N_("Fortune or Fate: which hero?"))],
      condition=exists({"zone": "discard", "of": "any", "pred": "revivable_hero"}),
      text=N_("choose a hero in any player's discard pile: put it into play under its owner's "
               "control"))

# ------------------------------------------------------------------- lore
event("01063", "Lore of Imladris", [choose({"type": "character", "damaged": True},
                                           [{"op": "heal", "card": "$choice", "n": "all"}],
                                           N_("Lore of Imladris: heal which character?"))],
      condition=exists({"type": "character", "damaged": True}), text=N_("choose a character: heal all damage on it"))

event("01064", "Lórien's Wealth", choose_player_who(can_draw, [{"op": "draw", "seat": "$player", "n": 3}],
                                                 N_("Lórien's Wealth: which player draws 3?")),
      condition=some_player(can_draw),
      text=N_("choose a player: that player draws 3 cards"))

event("01065", "Radagast's Cunning", [choose({"type": "enemy", "area": "staging", "pred": "counts_threat"},
                                             [{"op": "effect", "targets": "$choice", "cannot": "count_threat",
                                               "until": "phase"}], N_("Radagast's Cunning: which enemy?"))],
      phase="quest", condition=exists({"type": "enemy", "area": "staging", "pred": "counts_threat"}),
      text=N_("choose an enemy in the staging area: it does not count its threat this phase"))

event("01066", "Secret Paths", [choose({"type": "location", "area": "staging", "pred": "counts_threat"},
                                       [{"op": "effect", "targets": "$choice", "cannot": "count_threat",
                                         "until": "phase"}], N_("Secret Paths: which location?"))],
      phase="quest", condition=exists({"type": "location", "area": "staging", "pred": "counts_threat"}),
      text=N_("choose a location in the staging area: it does not count its threat this "
               "phase"))

event("01067", "Gandalf's Search", [{"op": "choose_player", "seat": "$seat", "as": "$player", "among": "$decks",
                                     "prompt": N_("Gandalf's Search: whose deck?"),
                                     "then": [{"op": "search_top", "seat": "$seat", "owner": "$player",
                                               "n": "$x"}]}],
      condition=both(some_player(deck_not_empty),
                     lambda t, src, info, seat: sum(t.resources(h) for h in payers(t, seat, "lore")) >= 1),
      text=N_("look at the top X cards of a player's deck: add one of them to its owner's "
               "hand and put the others back on top in any order"))

event("01068", "Beorn's Hospitality", choose_player_who(_damaged_hero, 
    [{"op": "each", "filter": {"type": "hero", "controller": "$player", "damaged": True},
      "do": [{"op": "heal", "card": "$choice", "n": "all"}]}], N_("Beorn's Hospitality: whose heroes?")),
      condition=some_player(_damaged_hero),
      text=N_("choose a player: heal all damage on each hero that player controls"))

