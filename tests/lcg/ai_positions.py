"""Positions the AI tests start from."""
from tabletop.games.lcg import api

MIRKWOOD = "passage-through-mirkwood"


def to_first_commit(scenario: str = MIRKWOOD, seed: int = 7, decks=("leadership",)):
    """A new game at its first commitment to the quest: every hand kept, every action
    window of the first planning phase passed."""
    game = api.new_game(scenario, decks=list(decks), seed=seed)
    for _i in range(len(decks)):
        api.answer(game, "keep")
    while api.pending(game)["kind"] == "act":
        api.answer(game, "pass")
    assert api.derived(game)["step"] == "quest.commit"
    return game
