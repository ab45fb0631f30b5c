"""The Free Peoples Character deck (24 cards), declared.

Facts from the cards (name, number, combat card); every text is our own
paraphrase.  See ``events/__init__.py`` for the shape of a declaration.

Pure Python: no pygame.
"""
from __future__ import annotations

from tabletop.core.i18n import N_
from tabletop.games.wotr.events.spec import card
from tabletop.games.wotr.events.combat_cards import combat

S = "$seat"


def _c(number: int, name: str, text: str, title: str, **more) -> object:
    return card("fp", "character", number, name, "character", text, combat(title), **more)


def _tile(number: int, name: str, tile: str) -> object:
    return _c(number, name, N_("Its special Hunt tile comes into play: it joins the Hunt pool "
                               "once the Fellowship is on the Mordor track."), "It Is a Gift",
              effect=[{"op": "special_tile", "tile": tile}])


ENTS = {"when": [{"op": "in_play", "who": "gandalf-white"},
                 {"op": "companion_in", "regions": ["fangorn"]}],
        "effect": [{"op": "ents", "seat": S}]}
ENTS_TEXT = N_("Roll three dice: each 4+ hits the Shadow army in Orthanc (its Nazgûl and Minions "
               "fall with it; Saruman alone falls). With Gandalf the White in Fangorn or Rohan, "
               "play another Character card free.")
ENTS_WHEN = N_("Gandalf the White in play and a Companion in Fangorn.")

CARDS = [
    _tile(1, N_("Elven Cloaks"), "hunt.blue.cloaks"),
    _tile(2, N_("Elven Rope"), "hunt.blue.rope"),
    _tile(3, N_("Phial of Galadriel"), "hunt.blue.phial"),
    _tile(4, N_("Sméagol Helps Nice Master"), "hunt.blue.smeagol"),
    _c(5, N_("Mithril Coat and Sting"),
       N_("On the table. After the Shadow draws a Hunt tile you may discard it: a second tile is "
          "drawn and counts instead; the first goes back."), "Blade of Westernesse",
       table=True, on={"hunt_drawn": [{"op": "mithril", "card": "$card"}]}),
    _c(6, N_("Axe and Bow"),
       N_("On the table while Gimli or Legolas walks with the Fellowship. After a Hunt tile is "
          "drawn you may discard it to lower the Hunt damage by one."), "Mighty Attack",
       table=True, when=[{"op": "in_fellowship", "who": ["gimli", "legolas"]}],
       keep=[{"op": "in_fellowship", "who": ["gimli", "legolas"]}],
       on={"hunt_drawn": [{"op": "lessen", "card": "$card"}]}),
    _c(7, N_("Horn of Gondor"),
       N_("On the table while Boromir walks with the Fellowship. After a Hunt tile is drawn you "
          "may discard it to lower the Hunt damage by one."), "Mighty Attack",
       table=True, when=[{"op": "in_fellowship", "who": ["boromir"]}],
       keep=[{"op": "in_fellowship", "who": ["boromir"]}],
       on={"hunt_drawn": [{"op": "lessen", "card": "$card"}]}),
    _c(8, N_("Wizard's Staff"),
       N_("On the table while Gandalf the Grey walks with the Fellowship. Discard it to stop the "
          "Shadow drawing a Hunt tile."), "Servant of the Secret Fire",
       table=True, when=[{"op": "in_fellowship", "who": ["gandalf-grey"]}],
       keep=[{"op": "in_fellowship", "who": ["gandalf-grey"]}],
       on={"hunt_before_tile": [{"op": "staff", "card": "$card"}]}),
    _c(9, N_("Athelas"),
       N_("Roll three dice: each 5+ heals one Corruption point (each 3+ when Strider guides "
          "the Fellowship)."), "Andúril",
       effect=[{"op": "corruption_roll", "dice": 3, "need": 5, "sign": -1, "guide": "strider",
                "guide_need": 3}]),
    _c(10, N_("There Is Another Way"),
       N_("Heal one Corruption point. If Gollum guides, the Fellowship may then also hide or "
          "move."), "Heroic Death",
       effect=[{"op": "corruption", "n": -1}, {"op": "gollum_path", "seat": S}]),
    _c(11, N_("I Will Go Alone"),
       N_("Separate one Companion or a group from the Fellowship; they may move one region "
          "further. Then heal one Corruption point."), "Daring Defiance",
       when=[{"op": "companions_in_fellowship", "min": 1}],
       effect=[{"op": "separate", "seat": S, "extra": 1}, {"op": "corruption", "n": -1}]),
    _c(12, N_("Bilbo's Song"),
       N_("Heal one Corruption point; two if Gollum guides the Fellowship."), "Fateful Strike",
       effect=[{"op": "corruption", "n": -1, "gollum": -2}]),
    _c(13, N_("Mirror of Galadriel"),
       N_("One unused Free Peoples Character die becomes Will of the West. With the Fellowship in "
          "unconquered Lórien, also heal one Corruption point."), "Heroic Death",
       effect=[{"op": "mirror", "seat": S}]),
    _c(14, N_("Challenge of the King"),
       N_("Draw three Hunt tiles. All Eyes: they go back and Strider/Aragorn dies. Otherwise "
          "drawn Eye tiles leave the game; the rest go back."), "Sudden Strike",
       when=[{"op": "char_with_army", "who": ["strider", "aragorn"], "nations": ["gondor",
                                                                               "rohan"]}],
       effect=[{"op": "challenge"}]),
    _c(15, N_("Gwaihir the Windlord"),
       N_("Separate or move one Companion or group as if their Level were 4; they may land in a "
          "besieged Stronghold."), "Daring Defiance",
       effect=[{"op": "companions_move", "seat": S, "level": 4, "siege": True,
                "separate": True}]),
    _c(16, N_("We Prove the Swifter"),
       N_("Separate or move one Companion or group; they may go two regions further and may end "
          "in a besieged Stronghold."), "Daring Defiance",
       effect=[{"op": "companions_move", "seat": S, "extra": 2, "siege": True,
                "separate": True}]),
    _c(17, N_("There and Back Again"),
       N_("Separate a Companion or group, one region further. Then, with Gimli or Legolas in "
          "Dale, Erebor or the Woodland Realm: Dwarves and North activate; they and the Elves "
          "advance."), "Brave Stand",
       effect=[{"op": "separate", "seat": S, "extra": 1}, {"op": "back_again"}]),
    _c(18, N_("The Eagles are Coming!"),
       N_("A die per Nazgûl (at most five) near your army with a Companion; each 5+ slays one. "
          "The rest flee to a Sauron Stronghold. The Witch-king is no Nazgûl here."),
       "Heroic Death", when=[{"op": "eagles"}], effect=[{"op": "eagles", "seat": S}]),
    _c(19, N_("The Ents Awake: Treebeard"), ENTS_TEXT, "Ents' Rage", **ENTS),
    _c(20, N_("The Ents Awake: Huorns"), ENTS_TEXT, "Huorn-dark", **ENTS),
    _c(21, N_("The Ents Awake: Entmoot"), ENTS_TEXT, "Nameless Wood", **ENTS),
    _c(22, N_("Dead Men of Dunharrow"),
       N_("Strider/Aragorn (with Companions beside him) goes from Rohan to Erech, Lamedon or "
          "Pelargir; a Shadow army there takes a die of hits and retreats; recruit up to three "
          "Gondor Regulars."), "Sudden Strike",
       when=[{"op": "char_in", "who": ["strider", "aragorn"], "nation": "rohan"}],
       effect=[{"op": "dead_men", "seat": S}]),
    _c(23, N_("House of the Stewards"),
       N_("Recruit a Gondor unit where Boromir stands in Gondor, then draw two Strategy "
          "cards."), "Brave Stand",
       when=[{"op": "char_in", "who": ["boromir"], "nation": "gondor"}],
       effect=[{"op": "recruit", "seat": S, "nation": "gondor", "kinds": ["unit"],
                "where": "with:boromir"},
               {"op": "draw", "seat": S, "deck": "strategy", "n": 2}]),
    _c(24, N_("The Grey Company"),
       N_("In the army with Strider/Aragorn, swap one Regular for an Elite of its nation. Then "
          "draw two Strategy cards."), "Brave Stand",
       when=[{"op": "char_with_army", "who": ["strider", "aragorn"]}],
       effect=[{"op": "grey_company", "seat": S},
               {"op": "draw", "seat": S, "deck": "strategy", "n": 2}]),
]
