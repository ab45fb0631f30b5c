"""Circle of Conflict's part of the window: ``view.CocView`` and what draws and plays it."""
from tabletop.core.i18n import N_

NAME = N_("Circle of Conflict")     # the short name the window shows
