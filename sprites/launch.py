"""Open the table window for a session (wiring for main.py)."""
from __future__ import annotations

import os


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
        return max(800, w), max(600, h)
    except ValueError:
        return (1600, 900)


def open_table(session, args) -> int:
    import pygame

    from .app import App

    from .keymap import config_dir, write_default

    keys = os.path.join(config_dir(), "keys.toml")
    if not os.path.exists(keys):
        try:
            write_default(keys)          # so players can find and edit their hotkeys
        except OSError:
            pass
    size = parse_size(getattr(args, "size", "1600x900"))
    app = App(session, size=size)
    shot = getattr(args, "screenshot", None)
    if shot:
        for _ in range(3):
            app.step([])
        pygame.image.save(app.screen, shot)
        print(shot)
        return 0
    app.run()
    pygame.quit()
    return 0
