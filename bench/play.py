"""Benchmarks of play rather than drawing: the idle window's CPU, how fast the window
answers an event, and the card game's rules engine playing whole games.

``python main.py bench`` runs these beside the render figures (``bench.suite``);
BENCHMARKS.md explains them.
"""
from __future__ import annotations

import os
import statistics
import threading
import time

import pygame

IDLE_SECONDS = (1.5, 4.0)        # (quick, full): how long the idle window is watched
ENGINE_GAMES = (6, 40)           # (quick, full): whole random games of Passage Through Mirkwood


def bench_idle(quick: bool = False, size=(1600, 900)) -> dict:
    """The real window loop (``App.run``) on the default game with nothing happening:
    the share of one core it uses, and how long it takes to draw after an event.

    The loop runs in this process (the SDL dummy driver unless ``SDL_VIDEODRIVER``
    says otherwise): for a few seconds nothing happens (the idle figure: the
    process's CPU time over wall time, frames drawn a second), then a thread posts
    a few pointer moves (the latency figure: posted to the end of the frame that
    handled it) and a quit.
    """
    from sprites.app import App
    from sprites.keymap import load_keymap
    from tabletop.games.lcg.scenarios import new_game

    seconds = IDLE_SECONDS[0 if quick else 1]
    app = App(new_game(seed=5), size=size, keymap=load_keymap(os.devnull))
    for _ in range(20):                  # faces, layer and fonts made before the clock starts
        app.step([])
    posted: list[float] = []
    answered: list[float] = []
    frames = [0]
    draw = app.draw

    def counted_draw():
        draw()
        frames[0] += 1
        if len(answered) < len(posted):
            answered.append(time.perf_counter())
    app.draw = counted_draw
    idle: dict = {}

    def poke():
        # first nothing at all (the idle figure), then a pointer move a second (latency)
        wall0, cpu0, frames0 = time.perf_counter(), time.process_time(), frames[0]
        time.sleep(seconds)
        wall = time.perf_counter() - wall0
        idle.update(cpu=100.0 * (time.process_time() - cpu0) / wall,
                    fps=(frames[0] - frames0) / wall)
        for i in range(4):
            posted.append(time.perf_counter())
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(800 + 40 * i, 300),
                                                 rel=(1, 0), buttons=(0, 0, 0)))
            time.sleep(0.3)
        pygame.event.post(pygame.event.Event(pygame.QUIT))
    thread = threading.Thread(target=poke, daemon=True)
    thread.start()
    app.run()
    thread.join(2)
    latency = [(a - p) * 1000 for p, a in zip(posted, answered)]
    pygame.display.quit()
    return {"idle_cpu_percent": idle.get("cpu"), "idle_frames_per_s": idle.get("fps"),
            "event_latency_ms": statistics.median(latency) if latency else None,
            "idle_driver": os.environ.get("SDL_VIDEODRIVER", "")}


def bench_engine(quick: bool = False) -> dict:
    """The rules engine alone: whole random-policy games of Passage Through Mirkwood
    with one player (``tabletop.games.lcg.api.play_games``), on one core."""
    from tabletop.games.lcg.api import play_games
    games = ENGINE_GAMES[0 if quick else 1]
    res = play_games("passage-through-mirkwood", players=1, games=games, seed=1)
    rows = res["games"]
    return {"engine_games_per_s": res["games_per_second"], "engine_median_game_ms": res["median_ms"],
            "engine_games": games,
            "engine_median_actions": statistics.median(r["actions"] for r in rows),
            "engine_median_rounds": statistics.median(r["rounds"] for r in rows)}
