"""The games' parts of the window, one package each: ``sprites/games/<id>/``.

Nothing here lists them: the shared window finds a game's part by convention
(``sprites.gameview.window_part``): ``NAME`` in the package (its short name),
``VIEW`` in ``<id>/view.py`` (its ``GameView``), optionally ``PANEL`` in
``<id>/newgame.py`` (its new-game panel).  A game's part may import the shared
window modules (``sprites/*.py``) but not ``sprites.app`` or another game's part;
see docs/ARCHITECTURE.md.
"""
