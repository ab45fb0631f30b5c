"""The autosaver as a listener of the session: every change is saved, off the frame.

``SessionAutosave`` subscribes an ``saves.store.Autosaver`` to the session on
the table (and to the next one when another game is put on the table): each
change marks the game to be saved and, when the writer thread runs and the
last snapshot is old enough, takes a snapshot for it.  ``tick()`` once a frame
takes the snapshot a quick run of changes left waiting (debounce); ``flush()``
writes what is left when the window closes.
"""
from __future__ import annotations


class SessionAutosave:
    """Keeps an ``Autosaver`` subscribed to one session at a time."""

    def __init__(self, saver, session=None):
        self.saver = saver
        self.session = None
        self._unsubscribe = None
        if session is not None:
            self.attach(session)

    def attach(self, session) -> None:
        """Save ``session`` from now on (a new or loaded game is saved as it is)."""
        self.detach()
        self.session = session
        self._unsubscribe = session.subscribe(self._changed)
        self.saver.notify(session)

    def detach(self) -> None:
        """Stop listening to the current session."""
        if self._unsubscribe is not None:
            self._unsubscribe()
        self._unsubscribe = None
        self.session = None

    def _changed(self, kind: str, entry) -> None:
        if kind == "option" or (kind != "refused" and entry is not None):
            self.saver.notify(self.session)

    def tick(self) -> None:
        """Once a frame: snapshot a change that came too soon after the last snapshot."""
        if self.session is not None and self.saver.dirty and self.saver.due():
            self.saver.notify(self.session)

    def flush(self) -> None:
        """Write now what is not on disk yet (the window is closing)."""
        if self.session is not None:
            self.saver.flush(self.session)
