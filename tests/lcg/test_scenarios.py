"""Each scenario's setup gives exactly the right zones and counts, for 1-4 seats."""
import pytest

from tabletop.games.lcg.cards import core_set
from tabletop.games.lcg.scenarios import setup_game
from tabletop.games.lcg.setup import starter

SPHERES = ["leadership", "tactics", "spirit", "lore"]


def names(session, ids):
    return sorted(session.rules.db[session.state.cards[c].code].name for c in ids)


def encounter_on_table(session):
    st = session.state
    return [c for c in st.table.cards if st.cards[c].origin == "encounter"]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_passage_through_mirkwood(players):
    s = setup_game("passage_through_mirkwood", [starter(x) for x in SPHERES[:players]], seed=3)
    st = s.state
    assert len(st.zones["encounter.deck"].cards) == 34
    assert names(s, encounter_on_table(s)) == ["Forest Spider", "Old Forest Road"]
    top = st.cards[st.zones["quest.deck"].cards[-1]]
    assert s.rules.db[top.code].stage == 1 and top.side == "B"
    assert len(st.zones["quest.deck"].cards) == 4
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


def test_easy_mode_uses_easy_counts():
    s = setup_game("passage_through_mirkwood", [starter("lore")], seed=1, easy=True)
    assert len(s.state.zones["encounter.deck"].cards) == 27 - 2


def test_same_seed_same_setup_different_seed_differs():
    a = setup_game("passage_through_mirkwood", [starter("spirit")], seed=42).state.to_data()
    b = setup_game("passage_through_mirkwood", [starter("spirit")], seed=42).state.to_data()
    c = setup_game("passage_through_mirkwood", [starter("spirit")], seed=43).state.to_data()
    assert a == b and a != c
