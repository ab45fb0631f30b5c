"""The 19 event cards of Kings of Middle-earth, declared.

Eleven replace the base card of the same deck and number; eight are new
(numbers 25 and 26).  Names, decks, numbers, combat titles and initiatives
are those of the data file (``kome_event_cards``).

Pure Python: no pygame.
"""
from __future__ import annotations

from tabletop.core.i18n import N_
from tabletop.games.wotr.events.spec import card, draw as _draw, recruit as _rec
from tabletop.games.wotr.events.combat_cards import combat

S = "$seat"


def _c(side: str, deck: str, number: int, name: str, icon: str, text: str, title: str,
       **more) -> object:
    return card(side, deck, number, name, icon, text, combat(title), kings=True, **more)


def _rally(sovereign: str, *recruits: dict) -> dict:
    return {"op": "rally", "seat": S, "sovereign": sovereign, "recruit": list(recruits)}


CARDS = [
    # ------------------------------------------------------- Free Peoples Character
    _c("fp", "character", 23, N_("House of the Stewards"), "character",
       N_("With Boromir in a Gondor region: recruit a Gondor unit beside him, or a random hidden "
          "token leaves Denethor. Then draw two Strategy cards."), "Brave Stand",
       when=[{"op": "char_in", "who": ["boromir"], "nation": "gondor"}],
       effect=[{"op": "rally", "seat": S, "sovereign": "denethor", "keep": True,
                "recruit": [_rec("gondor", "unit", where="with:boromir")]}, _draw(2)]),
    _c("fp", "character", 25, N_("Aid in Time of Need"), "character",
       N_("Move any Companions outside the Fellowship; then a Sovereign neither awake nor "
          "Corrupted who shares a region with a Companion awakens there."), "The King's Banner",
       effect=[{"op": "companions_move", "seat": S, "all": True},
               {"op": "awaken_by_card", "seat": S}]),
    _c("fp", "character", 26, N_("It Is Not So Dark Here"), "character",
       N_("Advance a Free Peoples nation one step; then look at a Sovereign's Corruption tokens "
          "and return one of them to the Hunt pool."), "Like a God of Old",
       effect=[{"op": "advance", "seat": S, "choose": True},
               {"op": "peek_cleanse", "seat": S}]),
    # ------------------------------------------------------- Free Peoples Strategy
    _c("fp", "strategy", 8, N_("Wisdom of Elrond"), "muster",
       N_("Either activate a Free Peoples nation and advance it one step, or look at a "
          "Sovereign's Corruption tokens and return one of them to the Hunt pool."), "Confusion",
       effect=[{"op": "either", "seat": S, "labels": [N_("Activate and advance a nation"),
                                                      N_("Look at a Sovereign's tokens")],
                "options": [[{"op": "advance", "seat": S, "choose": True, "activate": True}],
                            [{"op": "peek_cleanse", "seat": S}]]}]),
    _c("fp", "strategy", 16, N_("Riders of Theoden"), "muster",
       N_("If Théoden is Corrupted he leaves the game; otherwise recruit a Rohan unit and Leader "
          "in Edoras or beside a Companion in Rohan, or a random hidden token leaves him. Draw a "
          "Strategy card."), "Daylight",
       effect=[_rally("theoden", _rec("rohan", "unit", "leader", where="riders")), _draw()]),
    _c("fp", "strategy", 19, N_("King Brand's Men"), "muster",
       N_("If Brand is Corrupted he leaves the game; otherwise recruit two North Regulars in "
          "Dale, or a random hidden token leaves him. Then draw a Strategy card."), "Shield-Wall",
       effect=[_rally("brand", _rec("north", "regular", "regular", region="dale")), _draw()]),
    _c("fp", "strategy", 22, N_("Dain Ironfoot's Guard"), "muster",
       N_("If Dáin is Corrupted he leaves the game; otherwise recruit a Dwarven unit and Leader "
          "in Erebor, or a random hidden token leaves him. Then draw a Strategy card."), "Valour",
       effect=[_rally("dain", _rec("dwarves", "unit", "leader", region="erebor")), _draw()]),
    _c("fp", "strategy", 24, N_("Thranduil's Archers"), "muster",
       N_("If Thranduil is Corrupted he leaves the game; otherwise recruit an Elven unit in the "
          "Woodland Realm, or a random hidden token leaves him. Draw a Strategy card."), "Valour",
       effect=[_rally("thranduil", _rec("elves", "unit", region="woodland-realm")), _draw()]),
    _c("fp", "strategy", 25, N_("Ever At Your Service"), "muster",
       N_("Pick a Sovereign who is not Corrupted: recruit a unit of his nation where he stands, "
          "then a random hidden token leaves him."), "There Is Hope for Victory",
       when=[{"op": "sovereign_is", "states": ["sleeping", "awake"]}],
       effect=[{"op": "ever_service", "seat": S}]),
    _c("fp", "strategy", 26, N_("Men of Little Villages"), "muster",
       N_("Recruit a Regular or a Leader in each of four different Free Peoples nations, each in "
          "a free region with a settlement."), "There Is Hope for Victory",
       effect=[{"op": "little_villages", "seat": S}]),
    # ---------------------------------------------------------- Shadow Character
    _c("shadow", "character", 25, N_("Your Welcome Is Doubtful"), "character",
       N_("On the table: no token leaves a Sovereign, and a Sovereign awakens only with his "
          "nation at war. Free Peoples discard it: Will of the West, or Character die with a "
          "Companion beside a Sovereign."), "Servant of the Shadow", table=True),
    _c("shadow", "character", 26, N_("The West Has Failed"), "character",
       N_("Try to corrupt a Sovereign within one region of a Nazgûl, taking no Eye from the Hunt "
          "box, even if the Free Peoples have no die left."), "Battle Is Vain",
       when=[{"op": "sovereign_near_nazgul"}], effect=[{"op": "west_failed", "seat": S}]),
    # ----------------------------------------------------------- Shadow Strategy
    _c("shadow", "strategy", 1, N_("Return to Valinor"), "army",
       N_("Holding an Elven Stronghold or with a Corrupted Sovereign: each Elven Stronghold not "
          "besieged rolls a die per Elven unit (at most five); 6 hits, 5+ with two Corrupted."),
       "Deadly Strife", when=[{"op": "valinor_kings"}],
       effect=[{"op": "valinor", "seat": S, "kings": True}]),
    _c("shadow", "strategy", 3, N_("Denethor's Folly"), "army",
       N_("On the table while Denethor sleeps: he cannot awaken; no Free Peoples combat cards in "
          "Minas Tirith or his region. Discard: Will of the West, or any die with Gandalf or "
          "Aragorn there."), "Devilry of Orthanc",
       table=True, when=[{"op": "sovereign_is", "who": "denethor", "states": ["sleeping"]}],
       keep=[{"op": "sovereign_is", "who": "denethor", "states": ["sleeping"]}]),
    _c("shadow", "strategy", 5, N_("Threats and Promises"), "muster",
       N_("On the table: Muster dice neither advance a passive Free Peoples nation nor awaken a "
          "Sovereign. Gone when a Sovereign is Corrupted or a nation advances by attack or "
          "Companion."), "Devilry of Orthanc",
       table=True, on={"politics": [{"op": "threats_end", "card": "$card", "cause": "$cause"}],
                       "sovereign_corrupted": [{"op": "table_discard", "card": "$card"}]}),
    _c("shadow", "strategy", 6, N_("Stormcrow"), "muster",
       N_("The Fellowship or a Companion in a Free Peoples nation not at war: it steps back; "
          "unless its Sovereign is awake, he gets a Corruption tile and it loses an army "
          "unit."), "Great Host",
       when=[{"op": "stormcrow"}], effect=[{"op": "stormcrow", "seat": S, "kings": True}]),
    _c("shadow", "strategy", 18, N_("The King Is Revealed"), "muster",
       N_("With Aragorn or an awake Denethor: five Sauron Regulars and a Nazgûl in Minas Morgul, "
          "and a Regular or Nazgûl more per Awakened Sovereign."), "Relentless Assault",
       when=[{"op": "king_revealed"}], effect=[{"op": "king_revealed", "seat": S}]),
    _c("shadow", "strategy", 25, N_("The Palantir of Barad-dur"), "muster",
       N_("On the table: once a turn a Muster die may play an event as an Event die. Free "
          "Peoples discard it: Will of the West, or any die and an Elven ring."),
       "His Power Waxes", table=True),
    _c("shadow", "strategy", 26, N_("Work of the Enemy"), "army",
       N_("Pick a region with a Sovereign: three dice against the Free Peoples army there, 5+ "
          "hits (4+ if he is Corrupted)."), "His Power Waxes",
       when=[{"op": "sovereign_with_fp_army"}], effect=[{"op": "work_of_enemy", "seat": S}]),
]
