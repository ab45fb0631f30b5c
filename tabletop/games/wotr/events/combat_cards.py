"""The combat cards: the lower half of every event card, by title.

Several event cards share a combat card; each title is declared once here
(initiative, our paraphrase, its condition, its effect in ``combat.EFFECTS``
with the effect's parameters).  Conditions are ``conds.COND`` instructions
about the battle (the side playing the card is the fact ``side``).

Pure Python: no pygame.
"""
from __future__ import annotations

from typing import Any

from tabletop.core.i18n import N_
from tabletop.games.wotr.events.spec import Combat


def _c(title: str, initiative: int, text: str, effect: str, when: tuple = (),
       **params: Any) -> Combat:
    return Combat(title, initiative, text, tuple(when), effect, tuple(sorted(params.items())))


HOBBIT = {"op": "in_battle", "who": ["meriadoc", "peregrin"]}
COMPANION = {"op": "in_battle", "who": ["companion"]}
LEADER_OR_COMPANION = {"op": "in_battle", "who": ["leader", "companion"]}
FP_ELITE = {"op": "in_battle", "who": ["elite"]}
NAZGUL = {"op": "in_battle", "who": ["nazgul"]}
ENTS = {"op": "defender_in", "regions": ["fangorn", "orthanc"], "nation": "rohan"}
WITH_FELLOWSHIP = {"op": "defender_with_fellowship"}

COMBAT: dict[str, Combat] = {c.title: c for c in (
    # ------------------------------------------------------------- Free Peoples
    _c(N_("It Is a Gift"), 3, N_("If the defending army stands with the Fellowship: your combat "
                                 "and re-roll dice get +1."),
       "plus", (WITH_FELLOWSHIP,), combat=1, reroll=1),
    _c(N_("Blade of Westernesse"), 6, N_("With a Hobbit in the battle: one hit of your leader "
                                         "re-roll may slay a Minion of the enemy army instead."),
       "blade", (HOBBIT,)),
    _c(N_("Mighty Attack"), 4, N_("With a Companion in the battle: give up one Companion's "
                                  "Leadership to turn one missed combat die into a hit before "
                                  "re-rolling."),
       "sure_hits", (COMPANION,), who="companion", n=1),
    _c(N_("Servant of the Secret Fire"), 3, N_("With Gandalf in the battle: your combat dice "
                                               "get +1."),
       "plus", ({"op": "in_battle", "who": ["gandalf-grey", "gandalf-white"]},), combat=1),
    _c(N_("Andúril"), 4, N_("With Strider or Aragorn in the battle: give up his Leadership to "
                            "turn one missed die (two for Aragorn) into hits before re-rolling."),
       "sure_hits", ({"op": "in_battle", "who": ["strider", "aragorn"]},), who="anduril", n=1),
    _c(N_("Heroic Death"), 6, N_("With a Leader or Companion of yours in the battle: before "
                                 "casualties, sacrifice a Leader to cancel a hit, or a Companion "
                                 "to cancel hits up to his Level."),
       "heroic_death", (LEADER_OR_COMPANION,)),
    _c(N_("Daring Defiance"), 0, N_("With a Companion in the battle: give up every Companion's "
                                    "Leadership to cancel the Shadow's combat card."),
       "cancel", (COMPANION,), forfeit="companions"),
    _c(N_("Fateful Strike"), 6, N_("With a Leader or Companion of yours in the battle: one re-roll "
                                   "hit also slays a Nazgûl; two or more may slay a Minion "
                                   "instead."),
       "fateful", (LEADER_OR_COMPANION,)),
    _c(N_("Sudden Strike"), 2, N_("With a Leader or Companion of yours in the battle: before the "
                                  "roll, strike first with as many dice as your Leadership "
                                  "(at most 5)."),
       "strike", (LEADER_OR_COMPANION,), dice="leadership", need=5),
    _c(N_("Brave Stand"), 3, N_("With a Companion in the battle: the Shadow rolls one combat die "
                                "fewer per Companion there (at least one)."),
       "fewer", (COMPANION,), per="companion"),
    _c(N_("Ents' Rage"), 3, N_("If the defending army is in Rohan, Fangorn or Orthanc: your "
                               "combat dice get +2."),
       "plus", (ENTS,), combat=2),
    _c(N_("Huorn-dark"), 3, N_("If the defending army is in Rohan, Fangorn or Orthanc: the "
                               "Shadow rolls two combat dice at most."),
       "cap", (ENTS,), n=2),
    _c(N_("Nameless Wood"), 5, N_("If the defending army is in Rohan, Fangorn or Orthanc and you "
                                  "hit at least once, score two hits more."),
       "more_hits", (ENTS,), n=2),
    _c(N_("Daylight"), 3, N_("The Shadow rolls three combat dice at most."), "cap", n=3),
    _c(N_("No Quarter"), 5, N_("If your roll or re-roll hits at least once, score one hit "
                               "more."), "more_hits", n=1),
    _c(N_("Advantageous Position"), 3, N_("If the defending army is inside a Free Peoples "
                                          "nation: the Shadow's combat dice get -1 (a natural "
                                          "6 still hits)."),
       "minus", ({"op": "defender_in", "fp_nation": True},)),
    _c(N_("Scouts"), 1, N_("If your army defends in a field battle: before the roll, it slips "
                           "away to a free neighbouring region or into its Stronghold."),
       "scouts", ({"op": "field_defence"},)),
    _c(N_("Shield-Wall"), 6, N_("Before casualties: if the enemy scored two hits or more, one of "
                                "them is cancelled."), "shield_wall"),
    _c(N_("Confusion"), 4, N_("Each natural 1 the Shadow rolls in combat hits the Shadow army; "
                              "those dice are not re-rolled."), "confusion"),
    _c(N_("Charge"), 2, N_("With a Free Peoples Elite in the battle: before the roll, your Elites "
                           "strike first (one die each, at most 5)."),
       "strike", (FP_ELITE,), dice="elites", need=5),
    _c(N_("Valour"), 3, N_("With a Free Peoples Elite in the battle: your combat dice get +1."),
       "plus", (FP_ELITE,), combat=1),
    _c(N_("The King's Banner"), 4, N_("With Aragorn or an Awakened Sovereign in the battle: give "
                                      "up his Leadership to cancel the Shadow's leader re-roll."),
       "banner", ({"op": "in_battle", "who": ["aragorn", "awake"]},)),
    _c(N_("Like a God of Old"), 2, N_("With an Awakened Sovereign in the battle: before the roll, "
                                      "strike with dice equal to his Leadership, hitting on 3+."),
       "strike", ({"op": "in_battle", "who": ["awake"]},), dice="sovereign", need=3),
    _c(N_("There Is Hope for Victory"), 4, N_("With a Sovereign not Corrupted in the battle: he "
                                              "awakens there if he sleeps; your re-roll dice get "
                                              "+1."),
       "hope", ({"op": "in_battle", "who": ["sovereign"]},)),
    # ------------------------------------------------------------------ Shadow
    _c(N_("One for the Dark Lord"), 3, N_("If the defending army stands with the Fellowship: "
                                          "your combat and re-roll dice get +1."),
       "plus", (WITH_FELLOWSHIP,), combat=1, reroll=1),
    _c(N_("Cruel as Death"), 3, N_("With Nazgûl Leadership of 2 or more: give up two of it; "
                                   "your combat dice get +1."),
       "nazgul_plus", ({"op": "nazgul_leadership", "min": 2},), cost=2, combat=1),
    _c(N_("They Are Terrible"), 4, N_("With Nazgûl Leadership of 1 or more: give up one point; "
                                      "your re-roll dice get +1."),
       "nazgul_plus", ({"op": "nazgul_leadership", "min": 1},), cost=1, reroll=1),
    _c(N_("Dread and Despair"), 3, N_("With Nazgûl Leadership: give up any points of it; the Free "
                                      "Peoples roll one combat die fewer per point (at least "
                                      "one)."),
       "dread", ({"op": "nazgul_leadership", "min": 1},)),
    _c(N_("Black Breath"), 6, N_("With a Nazgûl in the battle: if your re-roll hits, also slay a "
                                 "Free Peoples Leader, or a Companion whose Level the hits "
                                 "reach."),
       "black_breath", (NAZGUL,)),
    _c(N_("Foul Stench"), 3, N_("With Nazgûl Leadership: if it equals or beats the Free Peoples' "
                                "Leadership, their leader re-roll is lost."),
       "stench", ({"op": "nazgul_leadership", "min": 1},)),
    _c(N_("Words of Power"), 1, N_("With a Nazgûl in the battle: one Companion loses his "
                                   "Leadership and abilities this round."),
       "words", (NAZGUL,)),
    _c(N_("Durin's Bane"), 2, N_("If the defending army is within two regions of Moria: before "
                                 "the roll, strike with three dice hitting on 4+."),
       "strike", ({"op": "defender_near", "region": "moria", "steps": 2},), dice=3, need=4),
    _c(N_("Devilry of Orthanc"), 3, N_("With an Isengard unit in the battle against a "
                                       "Stronghold: your combat dice get +1."),
       "plus", ({"op": "in_battle", "who": ["isengard"]}, {"op": "siege_battle"}), combat=1),
    _c(N_("Deadly Strife"), 3, N_("Both armies add 2 to every combat and re-roll die."),
       "plus", (), combat=2, reroll=2, both=True),
    _c(N_("Desperate Battle"), 3, N_("Both armies add 1 to every combat and re-roll die."),
       "plus", (), combat=1, reroll=1, both=True),
    _c(N_("Onslaught"), 7, N_("After casualties, take up to four more hits on your own units; "
                              "roll a die per hit taken, each 4+ hits the enemy."), "onslaught"),
    _c(N_("Relentless Assault"), 3, N_("Before the roll, take up to two hits on your own units; "
                                       "each gives +1 to all your combat dice."), "relentless"),
    _c(N_("Great Host"), 7, N_("After casualties, if your army units are at least twice the "
                               "enemy's, score one more hit."), "great_host"),
    _c(N_("Mûmakil"), 3, N_("With a Southron Elite in the battle: combat dice +1; after the "
                            "re-roll, one hit more if you out-hit the enemy."),
       "mumakil", ({"op": "in_battle", "who": ["southrons-elite"]},)),
    _c(N_("Swarm of Bats"), 0, N_("Cancel the Free Peoples' combat card; if they played none, "
                                  "your re-roll dice get +1."), "bats"),
    _c(N_("We Come to Kill"), 7, N_("With a Shadow Elite in the battle: after casualties, your "
                                    "Elites strike again (one die each, at most 5, 5+)."),
       "strike", ({"op": "in_battle", "who": ["elite"]},), dice="elites", need=5, late=True),
    _c(N_("Servant of the Shadow"), 3, N_("With a Minion in the battle: give up one Minion's "
                                          "Leadership; the Free Peoples roll that many combat "
                                          "dice fewer (at least one)."),
       "servant", ({"op": "in_battle", "who": ["minion"]},)),
    _c(N_("Battle Is Vain"), 1, N_("With Nazgûl Leadership: give up up to five points of it to "
                                   "lower the Free Peoples' Leadership as much."),
       "vain", ({"op": "nazgul_leadership", "min": 1},)),
    _c(N_("His Power Waxes"), 3, N_("If the defending army shares its region with a Sovereign: "
                                    "+1 to your combat and re-roll dice, and to the enemy's too "
                                    "unless he is Corrupted."),
       "waxes", ({"op": "defender_with_sovereign"},)),
)}


def combat(title: str) -> Combat:
    """A combat card by title (KeyError if unknown)."""
    return COMBAT[title]
