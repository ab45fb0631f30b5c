"""War of the Ring's window part: the drawn map, figures, the side panel, input."""
