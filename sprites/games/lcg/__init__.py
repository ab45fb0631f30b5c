"""The card game's part of the window: ``view.LcgView`` (the table, the hand, the pile
browser, the rules engine's decision bar), its card faces (``cardface`` and the
modules it draws with) and its new-game panel (``newgame.LcgPanel``)."""
from tabletop.core.i18n import N_

NAME = N_("The Card Game")          # the short name the window shows
