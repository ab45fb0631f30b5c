"""War of the Ring with Kings of Middle-earth (data in ``data/``; the game comes next)."""
