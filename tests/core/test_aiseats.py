"""AI seats without a window: the ai_seats option, --ai parsing and its refusals, the
log note, mixed seats."""
import pytest

import main
from tabletop.core import i18n
from tabletop.core.aiseats import (ai_note, ai_policies, ai_seats, decode, default_policy,
                                   encode, parse_ai, seats_to_act, set_ai_seats)
from tabletop.core.games import game
from tabletop.core.play import SeatPolicies, make_policy


@pytest.fixture
def run_main(capsys):
    def run(*args):
        try:
            code = main.main(["--lang", "en", *args])
        finally:
            i18n.set_language("en")
        out = capsys.readouterr()
        return code, out.out, out.err
    return run


def test_the_option_round_trips_and_ignores_what_it_cannot_read():
    assert decode(encode({1: "mcts", 0: "expert"})) == {0: "expert", 1: "mcts"}
    assert encode({1: "mcts", 0: "expert"}) == "0=expert,1=mcts"
    assert decode("x=1,2=,3=greedy, 4 = expert") == {3: "greedy", 4: "expert"}
    assert decode(7) == {}


def test_parse_ai_defaults_and_names():
    assert parse_ai(["2"], "lcg", 2) == {1: "expert"}
    assert parse_ai(["1:mcts", "2"], "lcg", 2) == {0: "mcts", 1: "expert"}
    assert parse_ai(["2", "3:greedy"], "coc", 3) == {1: "expert", 2: "greedy"}
    assert default_policy("lcg") == "expert" and default_policy("coc") == "expert"
    assert ai_policies("coc")[0] == "expert" and "random" not in ai_policies("coc")


@pytest.mark.parametrize("texts, players, words", [
    (["3"], 2, "no seat 3"), (["0"], 2, "no seat 0"), (["two"], 2, "by its number"),
    (["2", "2:mcts"], 2, "named twice"), (["2:nobody"], 2, "no player 'nobody'")])
def test_parse_ai_refuses_with_a_reason(texts, players, words):
    with pytest.raises(ValueError, match=words):
        parse_ai(texts, "lcg", players)


def test_a_game_without_policies_is_refused(monkeypatch):
    assert default_policy("wotr") == "greedy"          # War of the Ring's greedy sides
    from tabletop.core.games import game as spec_of
    monkeypatch.setattr(spec_of("wotr"), "policies", {})
    assert default_policy("wotr") is None
    with pytest.raises(ValueError, match="no AI players yet"):
        parse_ai(["2"], "wotr", 2)


def test_the_command_line(run_main, tmp_path):
    path = tmp_path / "g.msgpack"
    code, out, err = run_main("new", "lcg", "--players", "2", "--ai", "2:mcts", "--headless",
                              "--seed", "3", "--save", str(path))
    assert code == 0, err
    from saves.store import load
    session = load(str(path)).session
    assert ai_seats(session.state) == {1: "mcts"}
    assert session.rules.name == "enforce"             # --ai implies the rules engine
    code, out, err = run_main("new", "coc", "--players", "3", "--ai", "2", "--ai", "3",
                              "--headless")
    assert code == 0, err
    code, out, err = run_main("new", "wotr", "--ai", "2", "--headless")
    assert code == 0, err                              # the Shadow played by its greedy policy
    for args, words in ((("new", "wotr", "--ai", "2:mcts"), "no player"),
                        (("new", "lcg", "--ai", "1", "--rules", "sandbox"), "--rules enforce"),
                        (("new", "lcg", "--players", "2", "--ai", "3"), "no seat 3"),
                        (("new", "coc", "--players", "2", "--ai", "1:mcts"), "no player")):
        code, out, err = run_main(*args, "--headless")
        assert code == 2 and words in err, (args, err)
    with pytest.raises(SystemExit) as stop:           # argparse: "--ai does not apply"
        run_main("play", "lcg", "--ai", "2")
    assert stop.value.code == 2


def test_set_ai_seats_and_seats_to_act():
    session = game("coc").new_game(players=3, seed=2, rules="enforce")
    set_ai_seats(session, {2: "greedy", 7: "expert"})
    assert ai_seats(session.state) == {2: "greedy"}
    assert session.initial["options"]["ai_seats"] == "2=greedy"
    set_ai_seats(session, {})
    assert ai_seats(session.state) == {}
    assert seats_to_act(session) == [session.pending().seat]


def test_a_note_joins_the_log_entry_after_its_first_line():
    session = game("lcg").new_game(players=2, seed=3, rules="enforce")
    choice = session.pending()
    from tabletop.games.lcg.commands import Answer
    result = session.submit(Answer(choice.seat, "random"),
                            note=ai_note("Ann", "chooses at random:\n fair."))
    lines = result.entry.text.split("\n")
    assert lines[1] == "Ann (AI): chooses at random: fair."
    assert len(lines) > 2


def test_seat_policies_play_one_per_seat():
    table = make_policy("coc", "expert,greedy")
    assert isinstance(table, SeatPolicies) and table.name == "expert,greedy"
    assert table.policy(0).name == "expert" and table.policy(3).name == "greedy"
