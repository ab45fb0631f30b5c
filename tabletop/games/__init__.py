"""The games, one package each: ``lcg`` (The Card Game), ``coc`` (Circle of
Conflict), ``wotr`` (War of the Ring with Kings of Middle-earth).

A game package registers a ``tabletop.core.games.GameSpec`` when imported;
see docs/ARCHITECTURE.md for what a new game adds and where.
"""
