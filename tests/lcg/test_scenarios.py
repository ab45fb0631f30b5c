"""Each scenario's setup gives exactly the right zones and counts, for 1-4 seats."""
import pytest

import tabletop.games.lcg.commands as C
from tabletop.games.lcg.cards import core_set
from tabletop.games.lcg.layout import quest_spot
from tabletop.games.lcg.scenarios import setup_game
from tabletop.games.lcg.setup import starter

SPHERES = ["leadership", "tactics", "spirit", "lore"]


def names(session, ids):
    return sorted(session.rules.db[session.state.cards[c].code].name for c in ids)


def encounter_on_table(session):
    st = session.state
    return [c for c in st.table.cards if st.cards[c].origin == "encounter"]


@pytest.mark.card("01119")  # Flies and Spiders
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_passage_through_mirkwood(players):
    s = setup_game("passage_through_mirkwood", [starter(x) for x in SPHERES[:players]], seed=3)
    st = s.state
    assert len(st.zones["encounter.deck"].cards) == 34
    assert names(s, encounter_on_table(s)) == ["Forest Spider", "Old Forest Road"]
    # stage 1 lies on the quest mat, side B up, where it takes progress
    stage = s.rules.current_stage(st)
    card = st.cards[stage]
    assert s.rules.db[card.code].stage == 1 and card.side == "B" and card.zone == "table"
    assert (card.x, card.y) == quest_spot()
    assert len(st.zones["quest.deck"].cards) == 3
    for seat in range(players):
        assert len(st.zones[f"p{seat + 1}.hand"].cards) == 6
        assert len(st.zones[f"p{seat + 1}.deck"].cards) == 24
    assert [x.counters["threat"] for x in st.seats] == [core_set().starter_decks[x]["starting_threat"]
                                           for x in SPHERES[:players]]
    # staged cards sit inside the staging area
    staging = next(r for r in st.regions if r.id == "staging")
    for c in encounter_on_table(s):
        x, y = st.position(c)
        assert staging.x < x < staging.x + staging.w and staging.y < y < staging.y + staging.h
    # setup steps are logged as automatic actions
    assert all(e.automatic for e in s.log)


@pytest.mark.card("01126")  # To the River...
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_journey_down_the_anduin(players):
    s = setup_game("journey_down_the_anduin", [starter(x) for x in SPHERES[:players]], seed=8)
    st = s.state
    staged = names(s, encounter_on_table(s))
    assert "Hill Troll" in staged
    # one reveal per player, plus the Hill Troll searched out if none was revealed
    assert players <= len(staged) <= players + 1
    assert len(st.zones["encounter.deck"].cards) == 47 - len(staged)
    reveals = [e for e in s.log if e.command.name == "reveal"]
    assert len(reveals) == players


@pytest.mark.card("01123")  # The Necromancer's Tower
@pytest.mark.parametrize("players", [1, 4])
def test_escape_from_dol_guldur(players):
    s = setup_game("escape_from_dol_guldur", [starter(x) for x in SPHERES[:players]], seed=2)
    st = s.state
    assert len(st.zones["encounter.deck"].cards) == 34
    assert names(s, st.zones["aside"].cards) == ["Nazgûl of Dol Guldur"]
    objectives = [c for c in st.table.cards if s.rules.db[st.cards[c].code].type == "objective"]
    assert names(s, objectives) == ["Dungeon Torch", "Gandalf's Map", "Shadow Key"]
    # each objective lies under its guard
    assert all(st.cards[o].attached_to is not None for o in objectives)
    prisoners = [c for c in st.table.cards if st.cards[c].origin == "player" and not st.cards[c].face_up]
    assert len(prisoners) == 1


def test_quest_stage_takes_progress_and_advances():
    s = setup_game("passage_through_mirkwood", [starter("lore")], seed=1)
    st = s.state
    stage = s.rules.current_stage(st)
    assert s.submit(C.Tokens(0, stage, "progress", 3)).ok
    assert st.cards[stage].tokens["progress"] == 3
    result = s.submit(C.AdvanceQuest(0))
    assert result.ok and "A Fork in the Road" in result.entry.text
    new = s.rules.current_stage(st)
    assert new != stage and st.cards[new].side == "A" and (st.cards[new].x, st.cards[new].y) == quest_spot()
    assert st.cards[stage].zone == "quest.discard" and not st.cards[stage].tokens
    s.undo()
    assert s.rules.current_stage(st) == stage and st.cards[stage].tokens["progress"] == 3


def test_first_log_line_names_game_scenario_players_decks_and_seed():
    s = setup_game("passage_through_mirkwood", [starter("lore"), starter("spirit")],
                   names=["Ann", "Ben"], seed=4242)
    first = s.log[0].text.split("\n")[0]
    for word in ("Passage Through Mirkwood", "2 players", "Ann (Lore", "Ben (Spirit", "seed 4242"):
        assert word in first


def test_easy_mode_uses_easy_counts():
    s = setup_game("passage_through_mirkwood", [starter("lore")], seed=1, easy=True)
    assert len(s.state.zones["encounter.deck"].cards) == 27 - 2


def test_same_seed_same_setup_different_seed_differs():
    a = setup_game("passage_through_mirkwood", [starter("spirit")], seed=42).state.to_data()
    b = setup_game("passage_through_mirkwood", [starter("spirit")], seed=42).state.to_data()
    c = setup_game("passage_through_mirkwood", [starter("spirit")], seed=43).state.to_data()
    assert a == b and a != c
