"""AI seats in the window: the computer plays its seats at a pace a person can follow.

The seats are the table's option ``ai_seats`` (``tabletop.core.aiseats``: the
new-game screen's Human/AI buttons, ``--ai``; kept in the save).  ``AiPlayers``
is the App's: every frame (``tick``) it looks at the seats the game waits for;
when one is an AI seat and the last change is ``pace`` seconds old, it asks that
seat's policy on a copy of the game (``tabletop.core.search.clone_session``) in
a worker thread, so the window never waits for a search; the answer is submitted
on the main thread, only if the game has not moved meanwhile (an undo, a loaded
game: the answer is dropped and asked again).  The submitted entry carries the
policy's reason as a log line ("Ann (AI): commits Éowyn: ..."), and the view is
told (``GameView.ai_acted``) so it can show what was picked.  ``P`` (the
``ai_pause`` key) pauses and resumes them; a refused answer or a policy that
fails pauses them with a toast, and so does an undo that leaves an AI seat to decide (else it
would take the undone move again at once).  Shared: names no game.
"""
from __future__ import annotations

import random
import threading

from tabletop.core.aiseats import ai_note, ai_seats, default_policy, seats_to_act
from tabletop.core.commands import Command
from tabletop.core.i18n import _
from tabletop.core.play import Policy, decide, make_policy
from tabletop.core.search import clone_session
from tabletop.core.session import Session

PACE = 0.8          # seconds between a change of the game and an AI seat's decision
QUICK = 0.35        # ... when the decision has a single answer


class _Job:
    """One decision being worked out in a thread."""

    def __init__(self, session: Session, cursor: int, seat: int):
        self.session = session
        self.cursor = cursor
        self.seat = seat
        self.cmd: Command | None = None
        self.why = ""
        self.error: str | None = None
        self.finished = threading.Event()

    def run(self, policy: Policy, copy: Session, rng: random.Random) -> None:
        try:
            self.cmd, self.why = decide(policy, copy, self.seat, rng)
        except Exception as exc:              # a policy that fails must not end the window
            self.error = f"{type(exc).__name__}: {exc}"
        finally:
            self.finished.set()


class AiPlayers:
    """The AI seats of the game on the App's table, played at ``pace``."""

    def __init__(self, app, pace: float = PACE):
        self.app = app
        self.pace = pace
        self.paused = False
        self.threaded = True            # tests may work the answer out on the main thread
        self._policies: dict[tuple[int, str], Policy] = {}
        self._job: _Job | None = None
        self._ready_at = 0.0
        self.decisions = 0              # answers submitted (this window)

    # ------------------------------------------------------------ who is who
    def seats(self) -> dict[int, str]:
        """``{seat: policy name}`` of the game on the table."""
        return ai_seats(self.app.state)

    def is_ai(self, seat: int | None) -> bool:
        """Does the computer play ``seat``?"""
        return seat is not None and seat in self.seats()

    def humans(self) -> list[int]:
        """The seats people play."""
        ai = self.seats()
        return [i for i in range(len(self.app.state.seats)) if i not in ai]

    def everyone(self) -> bool:
        """Does the computer play every seat (a game to watch)?"""
        return bool(self.seats()) and not self.humans()

    def name(self, seat: int) -> str:
        """"Ann (AI)"."""
        return _("{name} (AI)").format(name=self.app.state.seats[seat].name)

    def status(self) -> list[str]:
        """The top bar's words: who the computer plays, and whether it is paused."""
        seats = self.seats()
        if not seats:
            return []
        names = ", ".join(_("{name} ({policy})").format(
            name=self.app.state.seats[s].name, policy=p) for s, p in sorted(seats.items()))
        text = _("AI: {names}").format(names=names)
        if self.paused:
            text += " · " + _("paused (P)")
        return [text]

    def deciding(self) -> int | None:
        """The AI seat the game waits for now (None: a person, or nobody)."""
        ai = self.seats()
        if not ai or self.app.replay:
            return None
        return next((s for s in seats_to_act(self.app.session) if s in ai), None)

    def thinking(self) -> bool:
        """Is an answer being worked out?"""
        return self._job is not None

    # ------------------------------------------------------------ the clock
    def changed(self, kind: str = "") -> None:
        """The game changed: the next AI decision waits ``pace`` seconds from now.  After
        an undo or a redo that leaves an AI seat to decide, the AI players wait (paused)
        until P lets them play on: else they would take the undone move again at once."""
        if kind in ("undo", "redo") and not self.paused and self.deciding() is not None:
            self.paused = True
            self.app.toast(_("Undone: the AI players wait. P lets them play on."), 5)
        pace = self.pace
        choice = self.app.session.pending()
        if choice is not None and len(getattr(choice, "options", ()) or ()) == 1:
            pace = min(pace, QUICK)
        self._ready_at = self.app.now + pace

    def reset(self) -> None:
        """Another game on the table: forget what was being worked out."""
        self._job = None
        self._policies.clear()
        self.changed()

    def toggle_pause(self) -> None:
        """P: pause the AI seats, or let them play on."""
        if not self.seats():
            self.app.toast(_("No seat of this game is played by the computer."))
            return
        self.paused = not self.paused
        if not self.paused:
            self.changed()
        self.app.toast(_("The AI players are paused: P lets them play on.") if self.paused
                       else _("The AI players play on."), 3)

    def wake_in(self) -> float | None:
        """Seconds until an idle window must look again (an AI seat is to decide)."""
        if self.paused or self.app.replay:
            return None
        if self._job is not None:
            return 0.03
        if self.deciding() is None:
            return None
        return max(0.0, self._ready_at - self.app.now)

    # ------------------------------------------------------------ deciding
    def policy(self, seat: int, name: str) -> Policy:
        """The policy object playing ``seat`` (kept: a policy may cache what it learnt)."""
        key = (seat, name)
        if key not in self._policies:
            self._policies[key] = make_policy(self.app.state.game, name)
        return self._policies[key]

    def tick(self) -> None:
        """Every frame: apply a finished answer, or start the next one when it is due."""
        app = self.app
        if app.replay:
            return
        job = self._job
        if job is not None:
            if not job.finished.is_set():
                return
            self._job = None
            self._apply(job)
            return
        if self.paused or app.now < self._ready_at:
            return
        seat = self.deciding()
        if seat is not None:
            self._start(seat)

    def _start(self, seat: int) -> None:
        app = self.app
        session = app.session
        try:
            policy = self.policy(seat, self.seats()[seat])
        except ValueError as exc:                 # a save naming a policy this version lacks
            self._stop(str(exc))
            return
        job = _Job(session, session.cursor, seat)
        rng = random.Random(f"ai:{app.state.seed}:{seat}:{session.cursor}")
        copy = clone_session(session)
        self._job = job
        if self.threaded:
            threading.Thread(target=job.run, args=(policy, copy, rng), daemon=True,
                             name="ai-seat").start()
        else:
            job.run(policy, copy, rng)

    def _apply(self, job: _Job) -> None:
        app = self.app
        if job.session is not app.session or job.cursor != app.session.cursor or self.paused:
            self.changed()                        # the game moved on: ask again
            return
        name = self.name(job.seat)
        if job.error is not None:
            self._stop(_("{name} could not decide ({why}); the AI players are paused.").format(
                name=name, why=job.error))
            return
        if job.cmd is None:
            self._stop(_("{name} found nothing to do; the AI players are paused.").format(
                name=name))
            return
        note = ai_note(app.state.seats[job.seat].name, job.why)
        if not app.submit(job.cmd, note=note):
            self.paused = True                    # the refusal is the toast
            return
        self.decisions += 1
        app.game.ai_acted(job.seat, job.cmd, job.why)

    def hint(self, seat: int) -> tuple[Command, str] | None:
        """What the game's expert would answer in ``seat``'s place now, and why (a toast
        says why not, and None, when it cannot be asked)."""
        app = self.app
        name = default_policy(app.state.game)
        if name is None:
            app.toast(_("This game has no AI player to ask for a suggestion yet."))
            return None
        if seat not in seats_to_act(app.session):
            app.toast(_("Nothing is asked of you now: there is nothing to suggest."))
            return None
        rng = random.Random(f"hint:{app.state.seed}:{app.session.cursor}")
        try:
            cmd, why = decide(make_policy(app.state.game, name), clone_session(app.session),
                              seat, rng)
        except Exception as exc:            # a hint that fails must not end the window
            app.toast(_("No suggestion: {why}").format(why=exc))
            return None
        if cmd is None:
            app.toast(_("No suggestion: the expert sees nothing to do."))
            return None
        return cmd, why or _("the expert's choice.")

    def _stop(self, text: str) -> None:
        self.paused = True
        self.app.toast(text, 8)
