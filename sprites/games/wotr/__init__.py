"""War of the Ring's window part: the drawn map, figures, the side panel, input."""
from tabletop.core.i18n import N_

NAME = N_("War of the Ring")        # the short name the window shows
