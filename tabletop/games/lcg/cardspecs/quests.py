"""The quest cards of the three core scenarios: setup, stage rules, how each is won.

Ten declarations.  Stage rules that hold while a stage is current (an extra
card revealed in staging, no engagement checks, an ally limit) are passives;
what blocks a stage's defeat is its ``stage_blocked``; rules that react to
the game (a rescue, the end condition of a 0-point stage) are ``stage``
abilities on game events.
"""
from __future__ import annotations

from tabletop.core.i18n import N_, _
from tabletop.games.lcg.cardspecs.base import Ability, CardSpec, declare, register_rule
from tabletop.games.lcg.cardspecs.common import is_current_quest, named_in_play
from tabletop.games.lcg.engine.table import Table

OBJECTIVES = ("Gandalf's Map", "Dungeon Torch", "Shadow Key")


def _current(code: str):
    def holds(t: Table) -> bool:
        q = t.quest_card()
        return q is not None and t.state.cards[q].code == code and t.state.cards[q].side == "B"
    return holds


# --------------------------------------------------------------- conditions
def _blocked_by(name: str):
    def blocked(t: Table, quest: int) -> str | None:
        if named_in_play(t, name):
            return _("The stage cannot be defeated while {card} is in play.").format(card=name)
        return None
    return blocked


def _claimed(t: Table) -> list[int]:
    """Objectives the players have claimed (attached to their heroes)."""
    st = t.state
    return [c for c in st.table.cards if t.ctype(c) == "objective" and st.cards[c].face_up
            and st.cards[c].attached_to is not None and t.ctype(st.root(c)) == "hero"]


def _tower_blocked(t: Table, quest: int) -> str | None:
    if not _claimed(t):
        return _("The players cannot advance until they control a claimed objective.")
    return None


def _caverns_blocked(t: Table, quest: int) -> str | None:
    if t.engine.get("prisoners"):
        return _("The players cannot advance until the prisoner is rescued.")
    if len(_claimed(t)) < 3:
        return _("The players cannot advance until they control all 3 objectives.")
    return None


def _one_ally(t: Table, seat: int, cid: int) -> bool:
    """At most one ally played from hand per round, across all players."""
    if t.ctype(cid) != "ally":
        return True
    played = t.engine.get("flags", {}).get("allies_played") or [0, 0]
    return not (played[0] == t.state.round and played[1] >= 1)


def _ally_limit_for(code: str):
    current = _current(code)

    def allowed(t: Table, seat: int, cid: int) -> bool:
        return not current(t) or _one_ally(t, seat, cid)
    return allowed


def _is_named_destroyed(name: str):
    def cond(t: Table, src: int, info: dict, seat) -> bool:
        card = info.get("card")
        return is_current_quest(t, src) and card in t.state.cards and t.cdef(card).name == name
    return cond


RECHECK = Ability("stage", trigger="enemy_left", condition=is_current_quest,
                  effect=[{"op": "check_stage"}], text=N_("See whether the stage can now be defeated."))

# ------------------------------------------------------------ declarations


def _spider_each(ctx: Table, src: int, info: dict, seat) -> list[dict]:
    """Each player, from the first player, adds a Spider of their choice (not revealed:
    FAQ 1.22)."""
    out = [{"op": "choose", "seat": s, "for": s, "as": "$card",
            "filter": {"zone": ["encounter.deck", "encounter.discard"], "trait": "Spider"},
            "prompt": _("{name}: choose a Spider card for the staging area.").format(
                name=ctx.seat_name(s)),
            "then": [{"op": "to_staging", "card": "$card"}]} for s in ctx.seats_in_order()]
    return out + [{"op": "shuffle", "zone": "encounter.deck"}]


def quest(code: str, name: str, abilities: list[Ability], text: str, **more) -> CardSpec:
    """Declare a quest card with its paraphrase."""
    return declare(CardSpec(code, name, abilities, text=text, **more))


quest("01119", "Flies and Spiders", [
    Ability("setup", effect=[{"op": "fetch_named", "names": ["Forest Spider", "Old Forest Road"]},
                             {"op": "shuffle", "zone": "encounter.deck"}],
            text=N_("Add Forest Spider and Old Forest Road to the staging area; shuffle.")),
], N_("Setup: take 1 Forest Spider and 1 Old Forest Road from the encounter deck into the staging "
     "area, then shuffle. Stage 1 of 3: 8 progress to advance."))

quest("01120", "A Fork in the Road", [],
      N_("Side B, Forced: when this stage is beaten, go on to one of the two stage-3 cards picked "
        "at random. 2 progress to advance."))

quest("01121", "Don't Leave the Path!", [
    Ability("when_revealed", effect=_spider_each,
            text=N_("Each player adds a Spider card from the encounter deck or discard pile to the "
                   "staging area.")),
    Ability("stage", trigger="enemy_destroyed", condition=_is_named_destroyed("Ungoliant's Spawn"),
            effect=[{"op": "win", "text": N_("Ungoliant's Spawn is defeated.")}],
            text=N_("The players win when Ungoliant's Spawn is defeated.")),
], N_("Side B, When Revealed: each player adds a Spider of his choice from encounter deck or "
     "discard pile to the staging area. Win by defeating Ungoliant's Spawn; progress here does "
     "nothing."))

quest("01122", "Beorn's Path", [RECHECK],
      N_("Side B: blocked as long as Ungoliant's Spawn is in play; beating this stage (10 progress) "
        "wins the game."),
      stage_blocked=_blocked_by("Ungoliant's Spawn"))

quest("01123", "The Necromancer's Tower", [
    Ability("setup", effect=[
        {"op": "set_aside_named", "name": "Nazgûl of Dol Guldur"},
        {"op": "fetch_named", "names": list(OBJECTIVES)},
        {"op": "shuffle", "zone": "encounter.deck"},
        {"op": "guard_objectives", "names": list(OBJECTIVES)}],
        text=N_("Set the Nazgûl aside; the three objectives go to the staging area, each guarded by "
               "a revealed card.")),
    Ability("when_revealed", effect=[{"op": "take_prisoner"}],
            text=N_("A random hero is taken prisoner.")),
], N_("Setup: stage the 3 objectives, each guarded by a revealed card; set the Nazgûl aside. Side B: "
     "a random hero becomes a prisoner; one ally played per round; advancing needs a claimed "
     "objective."),
    play_allowed=_ally_limit_for("01123"), stage_blocked=_tower_blocked)

quest("01124", "Through the Caverns", [
    Ability("response", where="self", trigger="quest_progress",
            condition=lambda t, src, info, seat: is_current_quest(t, src)
            and bool(t.engine.get("prisoners")) and info.get("card") == src,
            effect=[{"op": "rescue"}], text=N_("rescue the prisoner (1 damage on it)")),
    RECHECK,
], N_("Side B: Response after progress lands here: free the prisoner (1 damage on it). One ally "
     "played per round. Advance only with the prisoner rescued and all 3 objectives claimed. 15 "
     "progress."),
    play_allowed=_ally_limit_for("01124"), stage_blocked=_caverns_blocked)

quest("01125", "Out of the Dungeons", [
    Ability("stage", trigger="phase_begin",
            condition=lambda t, src, info, seat: is_current_quest(t, src) and info.get("phase") == "quest",
            effect=[{"op": "orc_guards"}], text=N_("Each player gets an Orc Guard.")),
    RECHECK,
], N_("Side B: Forced: each quest phase, every player's top deck card engages him as an Orc Guard. "
     "Win with 7 progress once the Nazgûl is not in play."),
    stage_blocked=_blocked_by("Nazgûl of Dol Guldur"))

quest("01126", "To the River...", [
    Ability("setup", effect=[{"op": "reveal_per_player", "per": 1}],
            text=N_("Each player reveals 1 encounter card.")),
    Ability("when_revealed", effect=lambda ctx, src, info, seat: [] if named_in_play(ctx, "Hill Troll") else [
        {"op": "fetch_named", "names": ["Hill Troll"]}, {"op": "shuffle", "zone": "encounter.deck"}],
        text=N_("If no Hill Troll is in play, add one to the staging area.")),
    RECHECK,
], N_("Setup: each player reveals 1 encounter card into staging. Side B: add a Hill Troll to "
     "staging if none is in play; no advancing while any Hill Troll is in play. 8 progress."),
    stage_blocked=_blocked_by("Hill Troll"))

quest("01127", "Anduin Passage", [],
      N_("Side B: reveal 1 extra encounter card each quest phase; no engagement checks (optional "
        "engagement still allowed). 16 progress."))
register_rule("extra_staging", _current("01127"))
register_rule("no_engagement_checks", _current("01127"))

quest("01128", "Ambush on the Shore", [
    Ability("when_revealed", effect=[{"op": "reveal_per_player", "per": 2},
                                     {"op": "check_no_enemies", "card": "$src"}],
            text=N_("Reveal 2 encounter cards per player.")),
    Ability("stage", trigger="enemy_left", condition=is_current_quest,
            effect=[{"op": "check_no_enemies", "card": "$src"}],
            text=N_("The players win when no enemy is in play.")),
], N_("Side B: reveal two encounter cards for each player; skip staging from now on; the players "
     "win as soon as no enemy is in play."))
register_rule("no_staging", _current("01128"))
