"""Save files: the msgpack format (``codec``), checks (``validate``), old versions
(``migrations``), the lazily built log of a loaded game (``lazylog``), atomic files,
backups and autosave (``store``), ``save check`` and headless games (``cli``), and
the benchmark (``bench``).  See docs/SAVE_FORMAT.md.

Pure Python: never imports pygame, pymunk or pygame_gui.
"""
