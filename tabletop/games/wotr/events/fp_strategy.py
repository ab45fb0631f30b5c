"""The Free Peoples Strategy deck (24 cards), declared.

The icon in a Strategy card's corner (Army or Muster) is our reading: cards
that move or fight are played with an Army die, cards that recruit or stir a
nation with a Muster die (an Event die, or Will of the West, plays any).

Pure Python: no pygame.
"""
from __future__ import annotations

from tabletop.core.i18n import N_
from tabletop.games.wotr.events.spec import card, draw as _draw, recruit as _rec
from tabletop.games.wotr.events.combat_cards import combat

S = "$seat"


def _c(number: int, name: str, icon: str, text: str, title: str, **more) -> object:
    return card("fp", "strategy", number, name, icon, text, combat(title), **more)


CARDS = [
    _c(1, N_("The Last Battle"), "army",
       N_("On the table while Aragorn leads a Free Peoples army outside the Free Peoples "
          "nations: dice moving the Fellowship stay out of the Hunt box. Gone once the "
          "Fellowship is declared or revealed."), "Daylight",
       table=True, when=[{"op": "aragorn_abroad"}], keep=[{"op": "aragorn_abroad"}],
       on={"fellowship_declared": [{"op": "table_discard", "card": "$card"}],
           "revealed": [{"op": "table_discard", "card": "$card"}]}),
    _c(2, N_("A Power too Great"), "muster",
       N_("On the table. The Elves advance one step; no Shadow army may enter or attack Lórien, "
          "Rivendell or the Grey Havens. The Shadow may discard it with any die and one "
          "Strategy and one Character card from hand."), "No Quarter",
       table=True, effect=[{"op": "advance", "seat": S, "nation": "elves"}]),
    _c(3, N_("The Power of Tom Bombadil"), "muster",
       N_("On the table. The North advances one step; no Shadow army may enter or attack the "
          "Old Forest, the Shire or Buckland. The Shadow may discard it with any die and one "
          "Strategy and one Character card from hand."), "Advantageous Position",
       table=True, effect=[{"op": "advance", "seat": S, "nation": "north"}]),
    _c(4, N_("Book of Mazarbul"), "muster",
       N_("Move any Companions outside the Fellowship. Then a Companion in Erebor or Ered Luin "
          "brings the Dwarves, activated, straight to war."), "Advantageous Position",
       effect=[{"op": "companions_move", "seat": S, "all": True},
               {"op": "to_war_if", "nation": "dwarves", "regions": ["erebor", "ered-luin"]}]),
    _c(5, N_("The Spirit of Mordor"), "army",
       N_("Pick a Shadow army mixing units of two Shadow nations or more: five dice, each 5+ "
          "hits it."), "Scouts",
       effect=[{"op": "strike", "seat": S, "target": "mixed", "dice": 5, "need": 5}]),
    _c(6, N_("Faramir's Rangers"), "army",
       N_("Three dice against a Shadow army in Osgiliath or Ithilien, 5+ hits. Then, with a Free "
          "Peoples army in Osgiliath, recruit a Gondor unit and Leader there."), "Shield-Wall",
       effect=[{"op": "strike", "seat": S, "target": "regions", "dice": 3, "need": 5,
                "regions": ["osgiliath", "north-ithilien", "south-ithilien"]},
               _rec("gondor", "unit", "leader", region="osgiliath", if_army="fp")]),
    _c(7, N_("Fear! Fire! Foes!"), "muster",
       N_("Move any Companions outside the Fellowship. Then a Companion in the Shire or Bree "
          "brings the North, activated, straight to war."), "Shield-Wall",
       effect=[{"op": "companions_move", "seat": S, "all": True},
               {"op": "to_war_if", "nation": "north", "regions": ["the-shire", "bree"]}]),
    _c(8, N_("Wisdom of Elrond"), "muster",
       N_("Activate a Free Peoples nation of your choice and advance it one step."), "Confusion",
       effect=[{"op": "advance", "seat": S, "choose": True, "activate": True}]),
    _c(9, N_("The Red Arrow"), "muster",
       N_("With Gondor active: Rohan advances one step, then recruit a Rohan unit and a Rohan "
          "Leader in Edoras."), "Scouts",
       when=[{"op": "active", "nation": "gondor"}],
       effect=[{"op": "advance", "seat": S, "nation": "rohan"},
               _rec("rohan", "unit", "leader", region="edoras")]),
    _c(10, N_("Help Unlooked For"), "army",
       N_("An army next to a besieged Stronghold attacks its besiegers; all battle long the "
          "Shadow rolls a die fewer per Free Peoples unit inside (at least one)."), "No Quarter",
       when=[{"op": "relief_possible"}], effect=[{"op": "card_attack", "seat": S,
                                                  "mode": "relief"}]),
    _c(11, N_("Paths of the Woses"), "army",
       N_("With Rohan at war: a Free Peoples army in Rohan goes straight to Minas Tirith, or "
          "next to it if the Shadow holds or besieges the city."), "Sudden Strike",
       when=[{"op": "at_war", "nation": "rohan"}],
       effect=[{"op": "army_move", "seat": S, "mode": "woses"}]),
    _c(12, N_("Through a Day and a Night"), "army",
       N_("A Free Peoples army with a Companion moves up to two free regions, nobody joining or "
          "leaving on the way."), "Confusion",
       when=[{"op": "char_with_army", "who": ["companion"]}],
       effect=[{"op": "army_move", "seat": S, "mode": "day_night"}]),
    _c(13, N_("Círdan's Ships"), "muster",
       N_("With the Elves at war: recruit two Elven units in a coastal region holding a Free "
          "Peoples army."), "Charge",
       when=[{"op": "at_war", "nation": "elves"}],
       effect=[_rec("elves", "unit", "unit", where="coast:fp")]),
    _c(14, N_("Guards of the Citadel"), "muster",
       N_("Recruit a Gondor unit and a Gondor Leader in Minas Tirith."), "Charge",
       effect=[_rec("gondor", "unit", "leader", region="minas-tirith")]),
    _c(15, N_("Celeborn's Galadhrim"), "muster",
       N_("Recruit an Elven unit in Lórien, then draw a Strategy card."), "Daylight",
       effect=[_rec("elves", "unit", region="lorien"), _draw()]),
    _c(16, N_("Riders of Théoden"), "muster",
       N_("Recruit a Rohan unit and a Rohan Leader in Edoras or in a Rohan region with a "
          "Companion."), "Daylight",
       effect=[_rec("rohan", "unit", "leader", where="riders")]),
    _c(17, N_("Grimbeorn the Old, Son of Beorn"), "muster",
       N_("Recruit a North unit and a North Leader in the Carrock."), "Scouts",
       effect=[_rec("north", "unit", "leader", region="carrock")]),
    _c(18, N_("Imrahil of Dol Amroth"), "muster",
       N_("Recruit a Gondor unit and a Gondor Leader in Dol Amroth."), "Shield-Wall",
       effect=[_rec("gondor", "unit", "leader", region="dol-amroth")]),
    _c(19, N_("King Brand's Men"), "muster",
       N_("Recruit two North Regulars in Dale, then draw a Strategy card."), "Shield-Wall",
       effect=[_rec("north", "regular", "regular", region="dale"), _draw()]),
    _c(20, N_("Swords in Eriador"), "muster",
       N_("Recruit a North unit in the Shire and a Dwarven unit in Ered Luin, then draw a "
          "Strategy card."), "Advantageous Position",
       effect=[_rec("north", "unit", region="the-shire"),
               _rec("dwarves", "unit", region="ered-luin"), _draw()]),
    _c(21, N_("Kindred of Glorfindel"), "muster",
       N_("Recruit an Elven unit in Rivendell, then draw a Strategy card."),
       "Advantageous Position", effect=[_rec("elves", "unit", region="rivendell"), _draw()]),
    _c(22, N_("Dáin Ironfoot's Guard"), "muster",
       N_("Recruit a Dwarven unit and a Dwarven Leader in Erebor."), "Valour",
       effect=[_rec("dwarves", "unit", "leader", region="erebor")]),
    _c(23, N_("Éomer, Son of Éomund"), "muster",
       N_("Recruit a Rohan unit and a Rohan Leader in a free Rohan region with a settlement."),
       "Valour", effect=[_rec("rohan", "unit", "leader", where="settlements:rohan")]),
    _c(24, N_("Thranduil's Archers"), "muster",
       N_("Recruit an Elven unit in the Woodland Realm, then draw a Strategy card."), "Valour",
       effect=[_rec("elves", "unit", region="woodland-realm"), _draw()]),
]
