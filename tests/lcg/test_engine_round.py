"""The rules engine runs the round: the rulebook's worked examples through
position files, each phase and keyword, saves and undo at every decision,
and whole random games of every scenario."""
import random

import pytest

from saves import codec
from tabletop.core.model import TableState
from tabletop.games.lcg import api
import tabletop.games.lcg.commands as LC
from tabletop.games.lcg.engine import state as S


def seat(name, threat, heroes, **more):
    return {"name": name, "threat": threat, "heroes": heroes, "deck": [], **more}


# ------------------------------------------------------- the rulebook's examples
def test_engagement_checks_example_threat_24_and_35():
    """Rulebook, "Engagement checks": Tom (24) engages King Spider; Kris (35)
    Ungoliant's Spawn, then Forest Spider; Hummerhorns (40) stays."""
    g = api.load_position({
        "step": "encounter.checks",
        "seats": [seat("Tom", 24, ["Aragorn"]), seat("Kris", 35, ["Legolas"])],
        "staging": ["King Spider", "Forest Spider", "Ungoliant's Spawn", "Hummerhorns"]})
    d = api.derived(g)
    assert d["engagements"] == [["King Spider", 0], ["Ungoliant's Spawn", 1], ["Forest Spider", 1]]
    assert d["engaged"][0] == ["King Spider"]
    assert d["engaged"][1] == ["Ungoliant's Spawn", "Forest Spider"]   # highest cost first
    assert api.find(g, "Hummerhorns", "staging")
    text = "\n".join(e.text for e in g.log)
    assert ("King Spider engages Tom: its engagement cost 20 is the highest at or below "
            "Tom's threat 24.") in text


def test_quest_of_7_willpower_against_7_threat_does_nothing():
    """Rulebook, "Quest resolution": 7 willpower against 7 threat: no progress, no threat."""
    g = api.load_position({
        "step": "quest.resolve",
        "seats": [seat("Tom", 25, ["Éowyn"], committed=["Éowyn"]),
                  seat("Kris", 30, ["Aragorn"], allies=["Guard of the Citadel"],
                       committed=["Aragorn", "Guard of the Citadel"])],
        "staging": ["Gladden Fields", "East Bight Patrol", "Hummerhorns"],
        "scenario": "journey-down-the-anduin"})
    text = "\n".join(e.text for e in g.log)
    assert "Quest: 7 willpower against 7 threat: nothing happens." in text
    d = api.derived(g)
    assert d["threat"] == [25, 30] and d["quest_progress"] == 0


def test_one_more_willpower_places_one_progress():
    g = api.load_position({
        "step": "quest.resolve", "scenario": "journey-down-the-anduin",
        "seats": [seat("Tom", 25, [{"card": "Éowyn", "tokens": {"willpower": 1}}],
                       committed=["Éowyn"]),
                  seat("Kris", 30, ["Aragorn"], allies=["Guard of the Citadel"],
                       committed=["Aragorn", "Guard of the Citadel"])],
        "staging": ["Gladden Fields", "East Bight Patrol", "Hummerhorns"]})
    assert api.derived(g)["quest_progress"] == 1


def test_progress_goes_to_the_active_location_first():
    """Rulebook, "Travel": 3 progress with Enchanted Stream (2) active: it is
    explored and the last token goes on the quest."""
    g = api.load_position({
        "step": "quest.resolve",
        "seats": [seat("Tom", 25, ["Éowyn"], committed=["Éowyn"])],
        "active_location": "Enchanted Stream", "staging": ["Old Forest Road"]})
    assert api.find(g, "Enchanted Stream", "encounter.discard")
    assert api.derived(g)["quest_progress"] == 3 - 2


def test_threat_raised_on_a_failed_quest():
    g = api.load_position({
        "step": "quest.resolve",
        "seats": [seat("Tom", 30, ["Aragorn", "Glóin"], committed=["Glóin"]),
                  seat("Kris", 32, ["Legolas"])],
        "staging": ["Hill Troll", "The Brown Lands"], "scenario": "journey-down-the-anduin"})
    # 2 willpower against 1 + 5 threat: each player +4
    assert api.derived(g)["threat"] == [34, 36]


def test_final_score_282():
    """Rulebook, "Score": threat 43, a dead hero of threat 8, 6 damage on the
    survivors, 5 victory points, 23 rounds: 282."""
    g = api.load_position({
        "round": 23, "rules": "sandbox",
        "seats": [seat("Tom", 43, [{"card": "Aragorn", "damage": 4}, {"card": "Glóin", "damage": 2}],
                       discard=["Théodred"])],
        "victory": ["Hummerhorns"]})
    s = api.derived(g)["score"]
    assert (s["threat"], s["dead"], s["damage"], s["rounds"], s["victory"]) == (43, 8, 6, 23, 5)
    assert s["total"] == 282


def test_the_score_is_said_when_the_game_is_won():
    g = api.load_position({
        "step": "quest.resolve", "round": 5, "scenario": "passage-through-mirkwood",
        "quest": {"card": "Beorn's Path", "progress": 8},
        "seats": [seat("Tom", 30, ["Éowyn"], committed=["Éowyn"])]})
    d = api.derived(g)
    assert d["outcome"] == "won"
    assert f"Final score: {d['score']['total']}" in g.log[-1].text


# ------------------------------------------------------------------ combat
def test_undefended_attack_goes_to_one_hero_and_defense_reduces_a_defended_one():
    g = api.load_position({
        "step": "combat.enemy_attacks", "encounter_deck": [],
        "seats": [seat("Kris", 35, ["Aragorn", "Legolas"],
                       engaged=["Forest Spider"])]})
    p = api.pending(g)
    assert p["prompt"].startswith("Kris: declare a defender against Forest Spider")
    api.answer(g, "none")
    aragorn = api.find(g, "Aragorn")[0]
    assert api.answer(g, aragorn).ok
    assert api.card(g, aragorn)["tokens"].get("damage") == 2


def test_defender_exhausts_and_takes_attack_minus_defense():
    g = api.load_position({
        "step": "combat.enemy_attacks", "encounter_deck": [],
        "seats": [seat("Kris", 35, ["Gimli"], engaged=["Ungoliant's Spawn"])]})
    gimli = api.find(g, "Gimli")[0]
    r = api.answer(g, gimli)
    assert "Gimli defends." in r.entry.text
    assert "Ungoliant's Spawn deals 3 damage to Gimli (5 attack - 2 defense)." in r.entry.text
    assert api.card(g, gimli)["tokens"]["damage"] == 5 - 2


def test_player_attack_destroys_an_enemy_with_victory_points():
    g = api.load_position({
        "step": "combat.player_attacks",
        "seats": [seat("Tom", 30, ["Legolas", "Gimli", "Thalin"], engaged=["Hummerhorns"])]})
    hh = api.find(g, "Hummerhorns")[0]
    assert api.answer(g, hh).ok
    for name in ("Legolas",):
        api.answer(g, api.find(g, name)[0])
    api.answer(g, "done")
    assert api.find(g, "Hummerhorns", "victory")
    assert api.derived(g)["score"]["victory"] == 5


def test_sentinel_defends_for_another_player():
    """Kris, attacked, has no ready character; Tom's Aragorn (Sentinel) may defend for
    him, and Tom, who controls Aragorn, declares it."""
    g = api.load_position({
        "step": "combat.enemy_attacks", "encounter_deck": [],
        "seats": [seat("Tom", 30, ["Aragorn"]),
                  seat("Kris", 35, [{"card": "Gimli", "exhausted": True}],
                       engaged=["Forest Spider"])]})
    p = api.pending(g)
    assert p["seat"] == 0 and "for Kris (Sentinel)" in p["prompt"]
    aragorn = api.find(g, "Aragorn")[0]
    assert aragorn in [o["value"] for o in p["options"]]       # Aragorn has Sentinel


def test_ranged_attacks_an_enemy_engaged_with_another_player():
    g = api.load_position({
        "step": "combat.player_attacks", "first_player": 0,
        "seats": [seat("Tom", 30, ["Legolas"]),          # Legolas: Ranged
                  seat("Kris", 35, ["Gimli"], engaged=["King Spider"])]})
    spider = api.find(g, "King Spider")[0]
    assert spider in [o["value"] for o in api.pending(g)["options"]]


def test_shadow_cards_dealt_highest_engagement_first_and_discarded_after_combat():
    g = api.load_position({
        "step": "combat.shadows",
        "encounter_deck": ["Old Forest Road", "Forest Gate"],
        "seats": [seat("Kris", 35, ["Aragorn", "Gimli", "Glóin"],
                       engaged=["Forest Spider", "Ungoliant's Spawn"])]})
    spawn, spider = api.find(g, "Ungoliant's Spawn")[0], api.find(g, "Forest Spider")[0]
    road, gate = api.find(g, "Old Forest Road")[0], api.find(g, "Forest Gate")[0]
    assert g.state.cards[road].attached_to == spawn          # the top card to the highest cost
    assert g.state.cards[gate].attached_to == spider
    while api.pending(g) and api.derived(g)["phase"] == "combat":
        api.answer(g, api.pending(g)["options"][0]["value"])
    assert g.state.cards[road].zone == "encounter.discard"


# ---------------------------------------------------------------- keywords
def test_surge_reveals_one_more_card():
    g = api.load_position({
        "step": "quest.staging", "scenario": "journey-down-the-anduin",
        "encounter_deck": ["Eastern Crows", "Misty Mountain Goblins", "Banks of the Anduin"],
        "seats": [seat("Tom", 20, ["Aragorn"])]})
    names = [api.card(g, c)["name"] for c in api.find(g, "Misty Mountain Goblins", "staging")]
    assert names and api.find(g, "Eastern Crows", "staging")
    assert api.find(g, "Banks of the Anduin", "encounter.deck")


def test_doomed_raises_every_players_threat():
    g = api.load_position({
        "step": "quest.staging", "scenario": "escape-from-dol-guldur",
        "encounter_deck": ["Cavern Guardian"],
        "seats": [seat("Tom", 20, ["Aragorn"], committed=["Aragorn"]),
                  seat("Kris", 25, ["Legolas"])]})
    # two players: two reveals; the second finds an empty deck (and an empty discard pile);
    # then 2 willpower against 2 threat: nothing more
    assert "Doomed 1: each player raises their threat by 1." in g.log[-1].text
    assert api.derived(g)["threat"] == [21, 26]


def test_encounter_deck_is_reshuffled_when_empty_during_the_quest():
    g = api.load_position({
        "step": "quest.staging", "encounter_deck": [],
        "encounter_discard": ["Old Forest Road"],
        "seats": [seat("Tom", 20, ["Aragorn"])]})
    assert api.find(g, "Old Forest Road", "staging")


def test_guarded_objectives_get_a_guard_each_and_a_treachery_guard_leaves_it_unguarded():
    for seed in range(1, 8):
        g = api.new_game("escape-from-dol-guldur", players=1, seed=seed)
        start = len(g.log)
        assert api.choose(g, "keep").ok
        while api.derived(g)["step"].startswith("setup"):     # a revealed card asks something
            assert api.answer(g, api.pending(g)["options"][0]["value"]).ok
        objectives = [c for n in ("Gandalf's Map", "Dungeon Torch", "Shadow Key")
                      for c in api.find(g, n, "staging")]
        assert len(objectives) == 3
        # a guarded objective is attached to its guard (FAQ 1.17)
        guards = {o: g.state.cards[o].attached_to for o in objectives
                  if g.state.cards[o].attached_to is not None}
        for obj, guard in guards.items():
            assert api.card(g, guard)["type"] in ("enemy", "location")
            assert api.card(g, guard)["area"] == "staging"
        setup = "\n".join(e.text for e in g.log[start:])
        treacheries = [line for line in setup.splitlines() if line.startswith("Revealed")
                       and g.rules.db[g.state.cards[api.find(g, line[9:-1])[0]].code].type == "treachery"]
        assert len(guards) + len(treacheries) >= 3 - setup.count("no card is revealed")


# ------------------------------------------------------------------ refresh
def test_refresh_readies_raises_threat_and_passes_the_token():
    g = api.load_position({
        "step": "refresh.ready", "round": 3, "first_player": 0,
        "seats": [seat("Tom", 20, [{"card": "Aragorn", "exhausted": True}]),
                  seat("Kris", 30, ["Legolas"])]})
    d = api.derived(g)
    assert d["round"] == 4 and d["first_player"] == 1 and d["threat"] == [21, 31]
    assert not api.card(g, api.find(g, "Aragorn")[0])["exhausted"]


def test_threat_50_eliminates_and_the_last_elimination_loses_the_game():
    g = api.load_position({
        "step": "refresh.threat",
        "seats": [seat("Tom", 49, ["Aragorn"], engaged=["King Spider"]), seat("Kris", 30, ["Legolas"])]})
    d = api.derived(g)
    assert d["eliminated"] == [0] and api.find(g, "King Spider", "staging")
    assert api.find(g, "Aragorn", "p1.discard") and d["first_player"] == 1
    g2 = api.load_position({"step": "refresh.threat", "seats": [seat("Tom", 49, ["Aragorn"])]})
    assert api.derived(g2)["outcome"] == "lost" and api.pending(g2) is None


def test_a_player_without_heroes_is_eliminated():
    g = api.load_position({
        "step": "combat.enemy_attacks", "encounter_deck": [],
        "seats": [seat("Tom", 30, [{"card": "Eleanor", "damage": 2}], engaged=["Ungoliant's Spawn"]),
                  seat("Kris", 30, ["Legolas"])]})
    api.answer(g, "none")
    assert api.derived(g)["eliminated"] == [0]


# ------------------------------------------------------------- the game
def test_answers_are_checked():
    g = api.new_game(seed=3)
    p = api.pending(g)
    assert not api.answer(g, "nonsense").ok
    assert not g.submit(LC.Answer(seat=p["seat"] + 1, value=p["options"][0]["value"])).ok
    before = g.state.to_data()
    assert not g.submit(LC.Draw(0, 0, 1)).ok           # a sandbox move while the engine runs
    assert g.state.to_data() == before
    r = g.submit(LC.Draw(0, 0, 1))
    assert "Free hands" in r.reason


def test_free_hands_and_back():
    g = api.new_game(seed=3)
    assert g.submit(LC.FreeHands(0, True)).ok
    assert api.pending(g) is None
    r = g.submit(LC.Draw(0, 0, 1))
    assert r.ok and r.entry.text.endswith("(by hand)")
    assert g.submit(LC.FreeHands(0, False)).ok
    assert api.pending(g) is not None


@pytest.mark.parametrize("scenario", ["passage-through-mirkwood", "journey-down-the-anduin",
                                      "escape-from-dol-guldur"])
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games_end_with_every_card_accounted_for(scenario, players):
    g = api.new_game(scenario, players=players, seed=11 * players)
    total = len(g.state.cards)
    rng = random.Random(players)
    n = 0
    while True:
        acts = g.legal_actions()
        if not acts:
            break
        assert g.submit(rng.choice(acts)).ok
        n += 1
        st = g.state
        assert len(st.cards) == total
        assert sum(len(z.cards) for z in st.zones.values()) == total
        assert all(v >= 0 for c in st.cards.values() for k, v in c.tokens.items()
                   if k in ("resource", "progress", "damage"))
        assert all(s.counters["threat"] >= 0 for s in st.seats)
        assert n < 20_000
    assert api.derived(g)["outcome"] in ("won", "lost")


def test_save_and_reload_at_every_decision_and_undo_to_the_start():
    g = api.new_game("journey-down-the-anduin", players=2, seed=5)
    rng = random.Random(9)
    for _i in range(80):
        acts = g.legal_actions()
        if not acts:
            break
        again = codec.loads(codec.dumps(g), verify=True)
        assert again.state == g.state and again.rules.name == "enforce"
        assert [a.to_data() for a in again.legal_actions()] == [a.to_data() for a in acts]
        a = rng.choice(acts)
        assert g.submit(a).ok and again.submit(a).ok
        assert again.state == g.state
    n = g.cursor
    g.seek(0)
    assert g.state == TableState.from_data(g.initial)
    g.seek(n)


def test_same_seed_same_game():
    def play(seed):
        g = api.new_game(players=2, seed=seed)
        return api.run_game(g, random.Random(1)), g.state.to_data()
    assert play(4) == play(4)


def test_play_games_reports_figures():
    out = api.play_games("passage-through-mirkwood", players=1, games=2, seed=1)
    assert len(out["games"]) == 2 and out["games_per_second"] > 0
    assert all(g["outcome"] in ("won", "lost") and g["rounds"] >= 1 for g in out["games"])


def test_refusals_explain_themselves_naming_the_rule():
    g = api.load_position({"step": "planning.play", "seats": [
        seat("Ann", 29, [{"card": "Aragorn", "resources": 2}],
             hand=["Blade of Gondolin", "Gandalf", "Feint", "Guard of the Citadel"])]})
    def why(name):
        r = g.submit(LC.PlayCard(0, api.find(g, name)[0]))
        assert not r.ok
        return r.reason
    assert why("Blade of Gondolin") == ("Planning phase: Blade of Gondolin needs a Tactics resource "
                                        "and none of your heroes has that resource icon "
                                        "(rulebook, Resource match).")
    assert why("Gandalf") == ("Planning phase: Gandalf costs 5 and your heroes have only 2 to "
                              "pay with (rulebook, Paying costs).")
    assert why("Feint").startswith("Planning phase: Feint is played in the combat phase")
    assert g.submit(LC.PlayCard(0, api.find(g, "Guard of the Citadel")[0])).ok
