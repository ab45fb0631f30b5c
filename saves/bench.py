"""Save/load benchmark on a big, realistic game, and the random player it uses.

    python -m saves.bench [actions] [pieces]

``bench_saves()`` builds a four-seat table with ``pieces`` cards (the four
starter decks plus extra copies, a fifth of them out on the table), plays
``actions`` random table actions on it (drags, tokens, exhaust, draws,
reveals, attachments, discards, the odd shuffle...) and times ``dumps`` and
``loads``.  ``random_command`` is also what the kill-during-save test plays.

Pure Python: no pygame, no pymunk.
"""
from __future__ import annotations

import random
import statistics
import sys
import time
from typing import Any, Callable

from tabletop.games.lcg import commands as C
from tabletop.core.model import TABLE, Card, TableState
from tabletop.games.lcg.cards import TOKEN_TYPES
from tabletop.core.session import Session
from tabletop.games.lcg.setup import new_table, starter

SPHERES = ("leadership", "tactics", "spirit", "lore")


def big_table(pieces: int = 1000, seed: int = 1, seats: int = 4) -> TableState:
    """A table of ``seats`` starter decks padded with extra copies to ``pieces`` cards."""
    decks = [starter(SPHERES[i % 4]) for i in range(seats)]
    names = ["Ann", "Bob", "Cid", "Dee"][:seats]
    st = new_table(decks=decks, names=names, seed=seed)
    rng = random.Random(f"{seed}:pad")
    player_codes = sorted({c.code for c in st.cards.values() if c.origin == "player"})
    while len(st.cards) < pieces:
        cid = st.next_id
        st.next_id += 1
        seat = rng.randrange(seats)
        roll = rng.random()
        if roll < 0.2:
            zone, x, y, face_up = TABLE, rng.uniform(-700, 700), rng.uniform(200, 2400), True
        elif roll < 0.85:
            zone, x, y, face_up = st.seat_zone(seat, "deck"), 0.0, 0.0, False
        else:
            zone, x, y, face_up = st.seat_zone(seat, "discard"), 0.0, 0.0, True
        st.cards[cid] = Card(cid, rng.choice(player_codes), seat, zone, x, y, face_up,
                             origin="player")
        st.zones[zone].cards.append(cid)
    return st


def random_dice_command(st: TableState, rng: random.Random) -> C.Command:
    """A random dice action: add a die, or roll (in place or thrown), move or remove some."""
    seat = rng.randrange(max(1, len(st.seats)))
    dice = list(st.dice)
    k = rng.random()
    if not dice or k < 0.3:
        return C.AddDie(seat, "d6", round(rng.uniform(-300, 300), 1), round(rng.uniform(0, 900), 1))
    some = tuple(rng.sample(dice, rng.randint(1, min(3, len(dice)))))
    if k < 0.7:
        n = len(some)
        if rng.random() < 0.5:
            return C.RollDice(seat, some)
        return C.RollDice(seat, some, tuple(round(rng.uniform(-300, 300), 1) for _ in range(n)),
                          tuple(round(rng.uniform(0, 900), 1) for _ in range(n)),
                          tuple(round(rng.uniform(0, 360), 1) for _ in range(n)))
    if k < 0.9:
        return C.MoveDice(seat, some, round(rng.uniform(-40, 40), 1), round(rng.uniform(-40, 40), 1))
    return C.RemoveDice(seat, some)


def random_command(st: TableState, rng: random.Random, dice: float = 0.0) -> C.Command:
    """One plausible table action, weighted like real play (mostly drags and tokens);
    with probability ``dice`` a dice action instead."""
    if dice and rng.random() < dice:
        return random_dice_command(st, rng)
    seat = rng.randrange(max(1, len(st.seats)))
    table = st.zones[TABLE].cards or [next(iter(st.cards))]

    def card() -> int:
        return rng.choice(table)

    k = rng.random()
    if k < 0.25:
        return C.Nudge(seat, (card(),), round(rng.uniform(-60, 60), 1),
                       round(rng.uniform(-60, 60), 1))
    if k < 0.35:
        return C.Exhaust(seat, (card(),))
    if k < 0.50:
        return C.Tokens(seat, card(), rng.choice(TOKEN_TYPES[:4]), rng.choice((1, 1, 2, -1)))
    if k < 0.60:
        return C.Draw(seat, seat, rng.choice((1, 1, 2)))
    if k < 0.65:
        return C.Flip(seat, (card(),))
    if k < 0.70:
        return C.RevealEncounter(seat)
    if k < 0.78:
        hand = st.zones[st.seat_zone(seat, "hand")].cards
        if hand:
            return C.MoveCards(seat, (rng.choice(hand),), TABLE,
                               round(rng.uniform(-700, 700), 1), round(rng.uniform(200, 2400), 1))
        return C.Draw(seat, seat, 1)
    if k < 0.83:
        return C.Discard(seat, (card(),))
    if k < 0.87:
        return C.Attach(seat, card(), card(), rng.choice(("attachment", "attachment", "shadow")))
    if k < 0.89:
        return C.Threat(seat, seat, rng.choice((1, 1, -1)))
    if k < 0.90:
        return C.Round(seat, 1)
    if k < 0.905:
        return C.Shuffle(seat, st.seat_zone(seat, rng.choice(("discard", "deck"))))
    if k < 0.95:
        return C.Detach(seat, (card(),))
    return C.ToDeck(seat, (card(),), rng.random() < 0.5)


def play(session: Session, actions: int, seed: int = 5, dice: float = 0.0) -> Session:
    """Submit random actions until the log holds ``actions`` entries (refusals skipped)."""
    rng = random.Random(seed)
    tries = 0
    while len(session.log) < actions and tries < actions * 10:
        tries += 1
        session.submit(random_command(session.state, rng, dice))
    return session


def big_session(actions: int = 5000, pieces: int = 1000, seed: int = 1,
                redo_tail: int = 10) -> Session:
    """A ``pieces``-card game with ``actions`` logged actions, the last ``redo_tail``
    of them undone (a real save often carries a redo tail)."""
    session = Session(big_table(pieces, seed))
    play(session, actions, seed)
    for _ in range(min(redo_tail, len(session.log))):
        session.undo()
    return session


def cpu_reference_ms() -> float:
    """A fixed pure-Python workload, to compare timings taken on different machines."""
    t = time.perf_counter()
    d: dict = {}
    for i in range(200_000):
        d[i & 1023] = (i, str(i & 63))
    return (time.perf_counter() - t) * 1000


def _median_ms(fn: Callable[[], Any], runs: int) -> tuple[float, Any]:
    times, result = [], None
    for _ in range(runs):
        t = time.perf_counter()
        result = fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times), result


def bench_saves(actions: int = 5000, pieces: int = 1000, runs: int = 7,
                echo: bool = True) -> dict:
    """Medians over ``runs`` of saving and loading a ``pieces``-card, ``actions``-action game.

    ``save_ms`` is a save of a session saved before (the autosave case: full
    log blocks come from the cache); ``save_cold_ms`` packs everything;
    ``load_ms`` is ``loads`` with full checks, ``load_verify_ms`` adds the
    whole-log replay.  Sizes are the save and the same data as compact JSON.
    """
    from . import codec

    session = big_session(actions, pieces, redo_tail=0)

    def cold():
        codec._caches.pop(session, None)
        return codec.dumps(session)

    save_cold_ms, _ = _median_ms(cold, max(3, runs // 2))
    codec.dumps(session)                       # as after the previous autosave

    def warm():                                # one new action since the last save
        session.submit(C.Threat(0, 0, 1))
        return codec.dumps(session)

    save_ms, _ = _median_ms(warm, runs)
    for _ in range(10):                        # keep a redo tail in the saved game
        session.undo()
    data = codec.dumps(session)
    load_ms, loaded = _median_ms(lambda: codec.loads(data), runs)
    load_verify_ms, _ = _median_ms(lambda: codec.loads(data, verify=True), max(3, runs // 2))
    assert loaded.state == session.state and loaded.cursor == session.cursor
    assert loaded.log == session.log
    out = {
        "actions": len(session.log), "pieces": len(session.state.cards),
        "events": sum(len(e.events) for e in session.log),
        "save_ms": round(save_ms, 2), "save_cold_ms": round(save_cold_ms, 2),
        "load_ms": round(load_ms, 2), "load_verify_ms": round(load_verify_ms, 2),
        "save_bytes": len(data), "json_bytes": codec.json_size(session),
    }
    out["ratio"] = round(out["save_bytes"] / out["json_bytes"], 3)
    out["cpu_ref_ms"] = round(statistics.median(cpu_reference_ms() for _ in range(5)), 2)
    if echo:
        print(" ".join(f"{k}={v}" for k, v in out.items()))
    return out


if __name__ == "__main__":  # pragma: no cover
    sizes: dict[str, Any] = dict(zip(("actions", "pieces"), map(int, sys.argv[1:3])))
    bench_saves(**sizes)
