"""Circle of Conflict's part of the window: ``view.CocView`` and what draws and plays it."""
