"""The expert's knowledge of Journey Down the Anduin (``ai/anduin.py``): the Hill Troll
that blocks stage 1, Gandalf against it, Wargs left alone, and whole games where the
troll is worn down."""
from __future__ import annotations

import random

from tabletop.core.play import play_one
from tabletop.games.lcg import api
from tabletop.games.lcg.ai import anduin
from tabletop.games.lcg.ai.expert import ExpertPolicy
from tabletop.games.lcg.ai.read import Decision, Facts
from tabletop.games.lcg.ai.tactics import cards_to_come, troll_killers
from tabletop.games.lcg.engine import engine_view
from tests.lcg.ai_positions import to_first_commit

ANDUIN = "journey-down-the-anduin"
MIRKWOOD = "passage-through-mirkwood"


def _to_commit(scenario: str, seed: int = 3):
    """A solo Leadership game (threat 29) at its first commitment to the quest."""
    return to_first_commit(scenario, seed)


def _gandalf(f: Facts) -> Decision:
    """Gandalf's choice as the engine asks it (the modes it offers)."""
    return Decision(seat=0, kind="one", what="mode", options=("draw", "threat"), labels={},
                    data={}, step="planning.play", op="mode")


def test_the_troll_blocks_stage_one_only_on_the_anduin():
    game = _to_commit(ANDUIN)
    f = Facts(game.state, 0)
    assert anduin.active(f) and anduin.stage(f) == 1
    assert [f.en(t) for t in anduin.trolls(f)] == ["Hill Troll"]
    assert anduin.troll_blocks(f)
    assert cards_to_come(f) == 1                      # stage 1: one card per player
    mirk = Facts(_to_commit(MIRKWOOD).state, 0)
    assert not anduin.active(mirk) and not anduin.troll_blocks(mirk)


def test_gandalf_lowers_the_threat_before_the_troll_engages():
    """At 29 threat the Hill Troll (engagement 30) is one point away: Gandalf's 5 threat
    keeps it in the staging area; in Mirkwood, at the same threat, he draws cards."""
    policy = ExpertPolicy()
    f = Facts(_to_commit(ANDUIN).state, 0)
    assert f.threat() == 29
    advice = policy.rule_mode(f, _gandalf(f), random.Random(0))
    assert advice is not None and advice.value == "threat"
    assert "Hill Troll" in advice.why
    mirk = Facts(_to_commit(MIRKWOOD).state, 0)
    other = policy.rule_mode(mirk, _gandalf(mirk), random.Random(0))
    assert other is not None and other.value == "draw"


def test_damage_on_the_troll_counts_whole_while_it_blocks_the_stage():
    f = Facts(_to_commit(ANDUIN).state, 0)
    troll = anduin.trolls(f)[0]
    assert anduin.chip_weight(f, troll, 0.5) == anduin.TROLL_CHIP > 0.5
    mirk = Facts(_to_commit(MIRKWOOD).state, 0)
    spider = mirk.staging_enemies()[0]
    assert anduin.chip_weight(mirk, spider, 0.5) == 0.5


def test_the_troll_is_worn_down_in_whole_games():
    """Ten seeded solo Leadership games: the expert puts damage on the Hill Troll in some
    of them (before this knowledge it never attacked it: every character quested)."""
    hurt = 0
    for seed in range(1, 11):
        seen = {"damage": 0}

        def check(session, seen=seen):
            t = engine_view(session.state)
            for c in t.table_cards():
                if t.ctype(c) == "enemy" and t.cdef(c).name == "Hill Troll":
                    seen["damage"] = max(seen["damage"], t.damage(c))
        rec = play_one("lcg", seed, "expert", {"scenario": ANDUIN, "decks": ["leadership"]},
                       check=check)
        assert rec["defect"] is None and rec["outcome"] in ("won", "lost")
        hurt += seen["damage"] > 0
    assert hurt >= 2, hurt


class _Watch(ExpertPolicy):
    """The expert, noting each commitment and defence made while the characters ready could
    destroy the Hill Troll this round."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[tuple[str, list[int], object]] = []

    def rule_commit(self, f, d, rng):
        advice = super().rule_commit(f, d, rng)
        killers = troll_killers(f)
        if killers:
            self.seen.append(("commit", killers, advice.value))
        return advice

    def rule_defender(self, f, d, rng):
        advice = super().rule_defender(f, d, rng)
        killers = troll_killers(f)
        if killers and any(c in d.cards for c in killers):
            self.seen.append(("defend", killers, advice.value))
        return advice


def test_the_trolls_killers_neither_quest_nor_defend():
    """When the characters ready can destroy the Hill Troll that blocks stage 1 this round,
    the fewest of them that do it stay out of the quest and do not defend (before, they
    quested or took the troll's attack and it lived on)."""
    watch = _Watch()
    for seed in range(1, 41):
        rec = play_one("lcg", seed, watch, {"scenario": ANDUIN, "decks": ["leadership"]})
        assert rec["defect"] is None
    kinds = {kind for kind, _k, _v in watch.seen}
    assert kinds == {"commit", "defend"}, watch.seen
    for kind, killers, value in watch.seen:
        assert value not in killers, (kind, killers, value)


def test_killing_the_troll_is_worth_the_stage():
    f = Facts(_to_commit(ANDUIN).state, 0)
    troll = anduin.trolls(f)[0]
    assert anduin.block_value(f, troll) == anduin.TROLL_BLOCK > 0
    assert anduin.troll_to_fight(f) is None           # 29 threat: it stays in the staging area
    mirk = Facts(_to_commit(MIRKWOOD).state, 0)
    assert anduin.block_value(mirk, mirk.staging_enemies()[0]) == 0.0
