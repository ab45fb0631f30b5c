"""Sandbox commands through the session: state, log texts, refusals, undo."""
import pytest

from tabletop.games.lcg import commands as C
from tabletop.core.model import TABLE, TableState
from tabletop.games.lcg.scenarios import setup_game
from tabletop.core.session import Session
from tabletop.games.lcg.setup import new_table, starter


@pytest.fixture
def s():
    return Session(new_table(decks=[starter("leadership"), starter("tactics")], names=["Ann", "Ben"], seed=4))


def heroes(s, seat=0):
    return [c for c in s.state.table.cards if s.state.cards[c].owner == seat]


def test_new_table_layout(s):
    st = s.state
    assert [x.counters["threat"] for x in st.seats] == [29, 29]
    assert len(st.zones["p1.deck"].cards) == 30 and len(st.zones["p2.deck"].cards) == 30
    assert len(st.zones["encounter.deck"].cards) == 36
    quest = st.zones["quest.deck"].cards
    assert s.rules.db[st.cards[quest[-1]].code].stage == 1
    assert len(heroes(s, 0)) == 3 and all(st.cards[c].face_up for c in heroes(s, 0))


def test_draw_and_hidden_log(s):
    r = s.submit(C.Draw(0, 0, 3))
    assert r.ok and r.entry.text == "Ann drew 3 cards"
    assert len(s.state.zones["p1.hand"].cards) == 3
    names = {s.rules.db[s.state.cards[c].code].name for c in s.state.zones["p1.hand"].cards}
    assert not any(n in r.entry.text for n in names)


def test_draw_from_empty_deck_is_refused_with_reason(s):
    deck = s.state.zones["p1.deck"].cards
    s.submit(C.MoveCards(0, tuple(deck), "p1.discard"))
    before = s.state.to_data()
    r = s.submit(C.Draw(0, 0, 1))
    assert not r.ok and "deck is empty" in r.reason
    assert s.state.to_data() == before


def test_exhaust_ready_all(s):
    hs = heroes(s)
    s.submit(C.Exhaust(0, tuple(hs), True))
    assert all(s.state.cards[c].exhausted for c in hs)
    r = s.submit(C.ReadyAll(0, 0))
    assert r.entry.text == "Ann readied 3 cards"
    assert not any(s.state.cards[c].exhausted for c in hs)


def test_attachments_follow_and_discard_with_host(s):
    host = heroes(s)[0]
    att = s.state.zones["p1.deck"].cards[-1]
    assert s.submit(C.Attach(0, att, host)).ok
    s.submit(C.Nudge(0, (host,), 200, 50))
    hx, hy = s.state.cards[host].x, s.state.cards[host].y
    ax, ay = s.state.position(att)
    assert ax == hx and ay < hy
    # the attachment is drawn under its host
    t = s.state.table.cards
    assert t.index(att) < t.index(host)
    s.submit(C.Discard(0, (host,)))
    assert s.state.cards[att].zone == "p1.discard" and s.state.cards[att].attached_to is None


def test_attach_refuses_cycles_and_self(s):
    a, b = heroes(s)[:2]
    assert not s.submit(C.Attach(0, a, a)).ok
    assert s.submit(C.Attach(0, a, b)).ok
    r = s.submit(C.Attach(0, b, a))
    assert not r.ok


def test_shadow_card_dealt_face_down_and_log_hides_it(s):
    s.submit(C.RevealEncounter(0))
    enemy = s.state.table.cards[-1]
    r = s.submit(C.DealShadow(0, enemy))
    shadow = [c for c in s.state.table.cards if s.state.cards[c].attached_to == enemy]
    assert len(shadow) == 1 and not s.state.cards[shadow[0]].face_up
    assert "shadow card" in r.entry.text
    assert s.rules.card_name(s.state, shadow[0]) not in r.entry.text or \
        s.rules.card_name(s.state, shadow[0]) == s.rules.card_name(s.state, enemy)


def test_tokens_clamp_and_modifiers(s):
    h = heroes(s)[0]
    assert not s.submit(C.Tokens(0, h, "damage", -1)).ok
    s.submit(C.Tokens(0, h, "damage", 3))
    s.submit(C.Tokens(0, h, "damage", -5))
    assert s.state.cards[h].tokens.get("damage", 0) == 0
    s.submit(C.Tokens(0, h, "attack", -2))
    assert s.state.cards[h].tokens["attack"] == -2


def test_discard_goes_to_the_right_pile(s):
    s.submit(C.RevealEncounter(0))
    enc = s.state.table.cards[-1]
    ben = heroes(s, 1)[0]
    s.submit(C.Discard(0, (enc, ben)))
    assert s.state.cards[enc].zone == "encounter.discard"
    assert s.state.cards[ben].zone == "p2.discard"


def test_to_deck_top_bottom_and_victory(s):
    s.submit(C.RevealEncounter(0))
    c = s.state.table.cards[-1]
    s.submit(C.ToDeck(0, (c,), True))
    assert s.state.zones["encounter.deck"].cards[0] == c and not s.state.cards[c].face_up
    s.submit(C.ToVictory(0, (c,)))
    assert s.state.cards[c].zone == "victory" and s.state.cards[c].face_up


def test_undo_all_restores_initial_and_redo_replays(s):
    start = s.state.to_data()
    s.submit(C.Draw(0, 0, 6))
    s.submit(C.Shuffle(0, "encounter.deck"))
    s.submit(C.RevealEncounter(0))
    s.submit(C.Threat(0, -1, 2))
    s.submit(C.Round(0, 1))
    end = s.state.to_data()
    s.seek(0)
    assert s.state.to_data() == start
    s.seek(len(s.log))
    assert s.state.to_data() == end
    assert s.replay_state().to_data() == end


def test_undo_cannot_fish_for_a_better_shuffle(s):
    s.submit(C.Shuffle(0, "encounter.deck"))
    first = list(s.state.zones["encounter.deck"].cards)
    s.undo()
    s.submit(C.Shuffle(0, "encounter.deck"))
    assert s.state.zones["encounter.deck"].cards == first


def test_undo_round(s):
    s.submit(C.Draw(0, 0, 1))
    s.submit(C.Round(0, 1))        # round 2 begins
    s.submit(C.Draw(0, 0, 1))
    s.submit(C.Threat(0, 0, 1))
    assert s.undo_round() == 2 and s.state.round == 2
    assert s.undo_round() == 2 and s.state.round == 1
    assert s.redo_round() == 2 and s.state.round == 2


def test_mulligan_keeps_hand_size(s):
    s.submit(C.Draw(0, 0, 6))
    hand = list(s.state.zones["p1.hand"].cards)
    r = s.submit(C.Mulligan(0, 0))
    assert r.ok and len(s.state.zones["p1.hand"].cards) == 6
    assert len(s.state.zones["p1.deck"].cards) == 24
    assert set(s.state.zones["p1.hand"].cards) != set(hand) or True


def test_state_round_trips_through_plain_data(s):
    s.submit(C.Draw(0, 0, 2))
    data = s.state.to_data()
    assert TableState.from_data(data).to_data() == data


def test_commands_round_trip_through_plain_data():
    for cmd in (C.MoveCards(1, (3, 4), TABLE, 1.5, 2.0, None, True), C.Tokens(0, 5, "damage", -2),
                C.Attach(0, 1, 2, "shadow")):
        assert C.Command.from_data(cmd.to_data()) == cmd
    with pytest.raises(ValueError):
        C.Command.from_data(["no_such_command", {}])
