"""The Lord of the Rings: Circle of Conflict (data in ``data/``; the game comes next)."""
