"""The Shadow Character deck (24 cards), declared.

Pure Python: no pygame.
"""
from __future__ import annotations

from tabletop.core.i18n import N_
from tabletop.games.wotr.events.spec import card
from tabletop.games.wotr.events.combat_cards import combat

S = "$seat"


def _c(number: int, name: str, text: str, title: str, **more) -> object:
    return card("shadow", "character", number, name, "character", text, combat(title), **more)


def _tile(number: int, name: str, tile: str) -> object:
    return _c(number, name, N_("Its special Hunt tile comes into play: it joins the Hunt pool "
                               "once the Fellowship is on the Mordor track."),
              "One for the Dark Lord", effect=[{"op": "special_tile", "tile": tile}])


AWAY = {"op": "fellowship_away"}          # not in a region with a Free Peoples settlement
MOVED = {"op": "progress", "min": 1}
REVEALED = {"op": "revealed"}
ON_DECLARED = {"fellowship_declared": [{"op": "table_discard", "card": "$card",
                                        "if_fp_hold": True}]}

CARDS = [
    _tile(1, N_("Shelob's Lair"), "hunt.red.shelob"),
    _tile(2, N_("The Ring is Mine!"), "hunt.red.mine"),
    _tile(3, N_("On, On They Went"), "hunt.red.onon"),
    _tile(4, N_("Give it to Uss!"), "hunt.red.uss"),
    _c(5, N_("Orc Patrol"),
       N_("With the Fellowship away from Free Peoples settlements: draw a Hunt tile. An Eye or a "
          "Free Peoples special tile does nothing; any other hunts as usual."), "Cruel as Death",
       when=[AWAY], effect=[{"op": "card_hunt", "mode": "plain"}]),
    _c(6, N_("Isildur's Bane"),
       N_("As Orc Patrol, but the damage can only be taken by the Ring, as Corruption."),
       "Cruel as Death", when=[AWAY], effect=[{"op": "card_hunt", "mode": "ring"}]),
    _c(7, N_("Foul Thing from the Deep"),
       N_("As Orc Patrol, but a random Companion of the Fellowship must fall first to lower the "
          "damage, if any walks with it."), "They Are Terrible",
       when=[AWAY], effect=[{"op": "card_hunt", "mode": "companion"}]),
    _c(8, N_("Candles of Corpses"),
       N_("With the Fellowship away from Free Peoples settlements: roll three dice; each 4+ adds "
          "one Corruption (each 6 if Gollum guides)."), "Dread and Despair",
       when=[AWAY], effect=[{"op": "corruption_roll", "dice": 3, "need": 4, "sign": 1,
                             "guide": "gollum", "guide_need": 6}]),
    _c(9, N_("Nazgûl Search"),
       N_("With the Fellowship moved this turn: move any Nazgûl; a Nazgûl ending with the "
          "Fellowship reveals it."), "Foul Stench",
       when=[MOVED], effect=[{"op": "nazgul_move", "seat": S}, {"op": "nazgul_reveal"}]),
    _c(10, N_("Cruel Weather"),
       N_("With the Fellowship moved this turn: it is pushed into a neighbouring region."),
       "Cruel as Death", when=[MOVED], effect=[{"op": "fellowship_push", "seat": S}]),
    _c(11, N_("The Nazgûl Strike!"),
       N_("With the Fellowship moved this turn: move any Nazgûl; if one joins it, discard a Free "
          "Peoples Character card from the table or hunt it as after a move."), "Black Breath",
       when=[MOVED], effect=[{"op": "nazgul_move", "seat": S},
                             {"op": "nazgul_strike", "seat": S}]),
    _c(12, N_("Morgul Wound"),
       N_("With the Fellowship revealed: two Corruption points while its Corruption is 3 or "
          "less, else one."), "Black Breath",
       when=[REVEALED], effect=[{"op": "corruption", "n": 2, "above": 3, "else_n": 1}]),
    _c(13, N_("Lure of the Ring"),
       N_("With the Fellowship revealed: a random Companion either adds his Level in "
          "Corruption or falls, as the Free Peoples choose; with Gollum guiding, one "
          "Corruption."), "They Are Terrible",
       when=[REVEALED], effect=[{"op": "lure"}]),
    _c(14, N_("The Breaking of the Fellowship"),
       N_("With the Fellowship revealed: draw a Hunt tile; unless an Eye or Free Peoples "
          "special, that many Companions leave it where it stands. Gollum guiding: one "
          "Corruption."), "Dread and Despair",
       when=[REVEALED], effect=[{"op": "card_hunt", "mode": "breaking"}]),
    _c(15, N_("Worn with Sorrow and Toil"),
       N_("On the table. When a Companion of the Fellowship falls, you may discard a random Free "
          "Peoples Character card from hand or one from the table."), "Words of Power",
       table=True, on={**ON_DECLARED,
                                            "companion_lost": [{"op": "sorrow", "card": "$card",
                                                                 "fellowship": "$fellowship"}]}),
    _c(16, N_("Flocks of Crebain"),
       N_("On the table. Before a Hunt roll you may discard it: every Hunt die, re-rolls too, "
          "gets +1."), "They Are Terrible",
       table=True, on={**ON_DECLARED, "hunt_roll_begins": [{"op": "crebain", "card": "$card"}]}),
    _c(17, N_("Balrog of Moria"),
       N_("On the table. Discard it for one more Hunt tile (an Eye does nothing) when the "
          "Fellowship is found passing Moria, or to use Durin's Bane in a battle."),
       "Durin's Bane", table=True,
       on={"fellowship_declared": [{"op": "balrog", "card": "$card"}],
           "revealed": [{"op": "balrog", "card": "$card"}]}),
    _c(18, N_("The Lidless Eye"),
       N_("Turn up to three unused Shadow action dice into Eyes and put them in the Hunt box."),
       "Words of Power", effect=[{"op": "lidless_eye", "seat": S}]),
    _c(19, N_("Dreadful Spells"),
       N_("A Shadow army with Nazgûl next to or with a Free Peoples army rolls a die per Nazgûl "
          "(at most five) against it; each 5+ hits."), "Devilry of Orthanc",
       when=[{"op": "nazgul_near_fp"}], effect=[{"op": "dreadful_spells", "seat": S}]),
    _c(20, N_("Grond, Hammer of the Underworld"),
       N_("With the Witch-king in a Shadow army besieging a Stronghold: attack it for three "
          "rounds; in the first the Free Peoples play no combat card unless a Companion "
          "defends."), "Dread and Despair",
       when=[{"op": "besieging", "with": "witch-king"}],
       effect=[{"op": "card_attack", "seat": S, "mode": "grond"}]),
    _c(21, N_("The Palantír of Orthanc"),
       N_("On the table while Saruman lives. After an Event die plays one of your cards, draw "
          "another card. The Free Peoples may discard it: Will of the West, or any die and an "
          "Elven ring."), "Cruel as Death",
       table=True, when=[{"op": "in_play", "who": "saruman"}],
       keep=[{"op": "in_play", "who": "saruman"}],
       on={"card_played": [{"op": "palantir", "card": "$card", "seat": "$seat",
                             "deck": "$deck", "face": "$face"}]}),
    _c(22, N_("Wormtongue"),
       N_("On the table while Saruman lives. Rohan stays passive unless a Companion, the "
          "Fellowship declared in Edoras or Helm's Deep, or an attack there wakes it."),
       "Foul Stench", table=True, when=[{"op": "in_play", "who": "saruman"}],
       keep=[{"op": "in_play", "who": "saruman"}, {"op": "passive", "nation": "rohan"}]),
    _c(23, N_("The Ringwraiths Are Abroad"),
       N_("Move any Nazgûl; then move two armies with Nazgûl, or attack with one."),
       "Words of Power", effect=[{"op": "nazgul_move", "seat": S},
                                 {"op": "ringwraiths", "seat": S}]),
    _c(24, N_("The Black Captain Commands"),
       N_("With the Witch-king in play: recruit two Nazgûl where he stands, or move any "
          "Nazgûl; then his army may move or attack."), "Foul Stench",
       when=[{"op": "in_play", "who": "witch-king"}],
       effect=[{"op": "black_captain", "seat": S}]),
]
