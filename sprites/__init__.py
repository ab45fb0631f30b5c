"""Everything that draws or listens: the window, the game views, card faces, dice."""
