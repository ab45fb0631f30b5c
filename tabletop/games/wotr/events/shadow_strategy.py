"""The Shadow Strategy deck (24 cards), declared.

The Army or Muster icon is our reading (see ``fp_strategy``).

Pure Python: no pygame.
"""
from __future__ import annotations

from tabletop.core.i18n import N_
from tabletop.games.wotr.events.spec import card, recruit as _rec
from tabletop.games.wotr.events.combat_cards import combat

S = "$seat"
ALL_AT_WAR = {"op": "all_shadow_at_war"}


def _c(number: int, name: str, icon: str, text: str, title: str, **more) -> object:
    return card("shadow", "strategy", number, name, icon, text, combat(title), **more)


CARDS = [
    _c(1, N_("Return to Valinor"), "army",
       N_("Holding an Elven Stronghold: at every Elven Stronghold not besieged, roll a die per "
          "Elven unit there (at most five); each 6 hits that army."), "Deadly Strife",
       when=[{"op": "holds_elven_stronghold"}], effect=[{"op": "valinor", "seat": S}]),
    _c(2, N_("The Fighting Uruk-hai"), "army",
       N_("With Saruman in play and Isengard units besieging a Stronghold: attack it for three "
          "rounds; in the first the Free Peoples play no combat card unless a Companion "
          "defends."), "Onslaught",
       when=[{"op": "in_play", "who": "saruman"}, {"op": "besieging", "with": "isengard"}],
       effect=[{"op": "card_attack", "seat": S, "mode": "uruk"}]),
    _c(3, N_("Denethor's Folly"), "army",
       N_("On the table, Minas Tirith besieged: a Free Peoples Leader there falls; no Free "
          "Peoples combat cards in its battles. They discard it with Will of the West, or any "
          "die with Gandalf or Aragorn inside."), "Devilry of Orthanc",
       table=True, when=[{"op": "besieged", "region": "minas-tirith"}],
       effect=[{"op": "folly", "seat": S}]),
    _c(4, N_("The Day Without Dawn"), "muster",
       N_("With every Shadow nation at war: every unused Free Peoples die showing Will of the "
          "West is lost."), "Relentless Assault",
       when=[ALL_AT_WAR], effect=[{"op": "no_dawn"}]),
    _c(5, N_("Threats and Promises"), "muster",
       N_("On the table. Muster dice cannot advance a passive Free Peoples nation. Gone once a "
          "Free Peoples nation advances through an attack or a Companion."), "Devilry of Orthanc",
       table=True, on={"politics": [{"op": "threats_end", "card": "$card", "cause": "$cause"}]}),
    _c(6, N_("Stormcrow"), "muster",
       N_("The Fellowship or a Companion stands in a Free Peoples nation not at war: it steps "
          "back one step, and the Free Peoples lose a Leader or unit of it."), "Great Host",
       when=[{"op": "stormcrow"}], effect=[{"op": "stormcrow", "seat": S}]),
    _c(7, N_("Shadows Gather"), "army",
       N_("One Shadow army moves up to three free regions to join another Shadow army not "
          "besieged, nobody joining or leaving on the way."), "Mûmakil",
       effect=[{"op": "army_move", "seat": S, "mode": "gather"}]),
    _c(8, N_("The Shadow Lengthens"), "army",
       N_("Two Shadow armies each move up to two free regions to join another Shadow army not "
          "besieged."), "Mûmakil",
       effect=[{"op": "army_move", "seat": S, "mode": "lengthen"}]),
    _c(9, N_("The Shadow is Moving"), "army",
       N_("With every Shadow nation at war: up to four different Shadow armies move one region "
          "each."), "Swarm of Bats",
       when=[ALL_AT_WAR], effect=[{"op": "army_move", "seat": S, "mode": "moving"}]),
    _c(10, N_("Corsairs of Umbar"), "army",
       N_("With the Southrons at war: an army sails from Umbar to a coastal Gondor region; a "
          "Free Peoples army there must be fought, and the attack cannot stop unless "
          "besieged."), "Deadly Strife",
       when=[{"op": "at_war", "nation": "southrons"}], effect=[{"op": "corsairs", "seat": S}]),
    _c(11, N_("Rage of the Dunlendings"), "muster",
       N_("With Isengard at war: two Isengard Regulars in a free region next to Dunland; up to "
          "four Isengard units from the Dunlands may join them."), "Relentless Assault",
       when=[{"op": "at_war", "nation": "isengard"}],
       effect=[_rec("isengard", "regular", "regular", where="near_dunland"),
               {"op": "dunland_gather", "seat": S}]),
    _c(12, N_("Return of the Witch-king"), "muster",
       N_("With the Witch-king in play: he goes to Angmar, where two Sauron Regulars and a Sauron "
          "Elite are recruited."), "Swarm of Bats",
       when=[{"op": "in_play", "who": "witch-king"}],
       effect=[{"op": "witch_king_to", "region": "angmar"},
               _rec("sauron", "regular", "regular", "elite", region="angmar")]),
    _c(13, N_("Half-orcs and Goblin-men"), "muster",
       N_("With Isengard at war: recruit an Isengard unit where a Shadow army stands."),
       "We Come to Kill", when=[{"op": "at_war", "nation": "isengard"}],
       effect=[_rec("isengard", "unit", where="shadow_army")]),
    _c(14, N_("Olog-hai"), "muster",
       N_("With Sauron at war: recruit a Sauron unit where a Shadow army stands."),
       "We Come to Kill", when=[{"op": "at_war", "nation": "sauron"}],
       effect=[_rec("sauron", "unit", where="shadow_army")]),
    _c(15, N_("Hill-trolls"), "muster",
       N_("With Sauron at war: two Sauron Regulars anywhere become Sauron Elites."),
       "We Come to Kill", when=[{"op": "at_war", "nation": "sauron"}],
       effect=[{"op": "upgrade", "seat": S, "nation": "sauron", "n": 2}]),
    _c(16, N_("A New Power is Rising"), "muster",
       N_("With Saruman in play: two Isengard Regulars in each Dunland region and two Isengard "
          "units in Orthanc."), "Great Host",
       when=[{"op": "in_play", "who": "saruman"}],
       effect=[_rec("isengard", "regular", "regular", region="north-dunland"),
               _rec("isengard", "regular", "regular", region="south-dunland"),
               _rec("isengard", "unit", "unit", region="orthanc")]),
    _c(17, N_("Many Kings to the Service of Mordor"), "muster",
       N_("Two Southron Regulars in each of three different Southron settlements."),
       "Great Host",
       effect=[_rec("southrons", "regular", "regular", where="settlements:southrons", each=3)]),
    _c(18, N_("The King is Revealed"), "muster",
       N_("With Aragorn in play: five Sauron Regulars and a Nazgûl in Minas Morgul."),
       "Relentless Assault", when=[{"op": "in_play", "who": "aragorn"}],
       effect=[_rec("sauron", *(["regular"] * 5), "nazgul", region="minas-morgul")]),
    _c(19, N_("Shadows on the Misty Mountains"), "muster",
       N_("Two Sauron units and a Nazgûl in Mount Gram or in Moria."), "Onslaught",
       effect=[_rec("sauron", "unit", "unit", "nazgul", where="list:mount-gram,moria")]),
    _c(20, N_("Orcs Multiplying Again"), "muster",
       N_("Three Sauron Regulars in Dol Guldur and three in Mount Gundabad."), "Onslaught",
       effect=[_rec("sauron", "regular", "regular", "regular", region="dol-guldur"),
               _rec("sauron", "regular", "regular", "regular", region="mount-gundabad")]),
    _c(21, N_("Hordes from the East"), "muster",
       N_("With the Southrons at war: five Southron Regulars in a free Southron region on the "
          "eastern edge of the map."), "Deadly Strife",
       when=[{"op": "at_war", "nation": "southrons"}],
       effect=[_rec("southrons", *(["regular"] * 5),
                    where="list:east-rhun,south-rhun,khand,far-harad")]),
    _c(22, N_("Monsters Roused"), "muster",
       N_("A Sauron Regular in Angmar, the Ettenmoors and the Weather Hills each, and a Sauron "
          "Elite in the Trollshaws."), "Desperate Battle",
       effect=[_rec("sauron", "regular", region="angmar"),
               _rec("sauron", "regular", region="ettenmoors"),
               _rec("sauron", "regular", region="weather-hills"),
               _rec("sauron", "elite", region="trollshaws")]),
    _c(23, N_("Musterings of Long-planned War"), "muster",
       N_("With every Shadow nation at war: five Southron Regulars in Gorgoroth and five Sauron "
          "Regulars in Nurn."), "Desperate Battle", when=[ALL_AT_WAR],
       effect=[_rec("southrons", *(["regular"] * 5), region="gorgoroth"),
               _rec("sauron", *(["regular"] * 5), region="nurn")]),
    _c(24, N_("Pits of Mordor"), "muster",
       N_("With Sauron at war: two Sauron Regulars in each of three different Sauron "
          "Strongholds."), "Desperate Battle", when=[{"op": "at_war", "nation": "sauron"}],
       effect=[_rec("sauron", "regular", "regular", where="strongholds:sauron", each=3)]),
]
