"""Each game's window part, behind one interface (``sprites.games.base.GameView``)."""
from __future__ import annotations


def view_for(app):
    """The view of the game ``app.session.state.game`` is playing (None: the host's own)."""
    game = app.session.state.game
    if game == "wotr":
        from sprites.games.wotr.view import WotrView
        return WotrView(app)
    return None
