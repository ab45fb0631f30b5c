"""Card tests that read like short stories, in a strict mode.

    s = Story({"step": "quest.commit", "seats": [{"heroes": ["Aragorn"], ...}], ...})
    s.choose("commit characters", "Aragorn")     # the pending prompt must say so
    s.choose("respond?", "Aragorn: ")            # an option by (part of) its label
    s.choose("commit characters", "done")
    assert s.card("Aragorn")["exhausted"] is False
    s.finish()

Strict: ``choose`` fails the test when the engine waits for anything else than
the decision the story expects (a choice it did not expect), or when the option
is not offered.  At every decision the game is saved and loaded again and must
be the same (and answer the same way); ``finish`` checks that undo goes back to
the start and redo to the end.
"""
from __future__ import annotations

from saves import codec
from tabletop.core.model import TableState
from tabletop.games.lcg import api
from tabletop.games.lcg.cards import fold


class Story:
    """A game from a position, played decision by decision."""

    def __init__(self, position: dict | None = None, game=None):
        self.game = game if game is not None else api.load_position(position)
        self.log_from = 0

    # ---------------------------------------------------------- playing
    @property
    def pending(self) -> dict | None:
        """The decision the engine waits for."""
        return api.pending(self.game)

    def choose(self, prompt: str, option) -> "Story":
        """Answer the pending decision, which must be the one the story expects."""
        p = self.pending
        assert p is not None, f"expected a decision ({prompt!r}) but none is pending"
        assert fold(prompt) in fold(p["prompt"]), (
            f"unexpected decision: {p['prompt']!r} (the story expected {prompt!r}); options: "
            + "; ".join(o["label"] for o in p["options"]))
        value = self._value(p, option)
        self._check_save()
        result = api.answer(self.game, value, p["seat"])
        assert result.ok, result.reason
        return self

    def _value(self, p: dict, option):
        values = [o["value"] for o in p["options"]]
        if isinstance(option, int) and option in values:
            return option
        if option in values:
            return option
        want = fold(str(option))
        for o in p["options"]:
            if fold(o["label"]) == want or fold(str(o["value"])) == want:
                return o["value"]
        for o in p["options"]:
            if want in fold(o["label"]):
                return o["value"]
        ids = api.find(self.game, str(option))
        for cid in ids:
            if cid in values:
                return cid
        raise AssertionError(f"{option!r} is not offered; options: "
                             + "; ".join(o["label"] for o in p["options"]))

    def offered(self, option) -> bool:
        """Is this option (a label part, a value or a card name) offered now?"""
        p = self.pending
        if p is None:
            return False
        try:
            self._value(p, option)
            return True
        except AssertionError:
            return False

    def pass_until(self, prompt: str, limit: int = 200) -> "Story":
        """Pass action windows (only) until the decision saying ``prompt``."""
        for _i in range(limit):
            p = self.pending
            assert p is not None, f"the game ended before {prompt!r}"
            if fold(prompt) in fold(p["prompt"]):
                return self
            assert p["kind"] == "act" and "pass" in [o["value"] for o in p["options"]], (
                f"unexpected decision {p['prompt']!r} while waiting for {prompt!r}")
            self.choose("", "pass")
        raise AssertionError(f"never reached {prompt!r}")

    # ------------------------------------------------------------ looking
    def find(self, name: str, where: str | None = None) -> int:
        """The id of the card with that name (the first, if several)."""
        ids = api.find(self.game, name, where)
        assert ids, f"no {name!r}" + (f" in {where}" if where else "")
        return ids[0]

    def card(self, name_or_id, where: str | None = None) -> dict:
        """What the table shows of a card."""
        cid = name_or_id if isinstance(name_or_id, int) else self.find(name_or_id, where)
        return api.card(self.game, cid)

    def where(self, name: str) -> str:
        """The area or pile a card is in."""
        return self.card(name)["area"]

    @property
    def derived(self) -> dict:
        """The engine's derived values (see api.derived)."""
        return api.derived(self.game)

    @property
    def text(self) -> str:
        """Everything the log said since the story began."""
        return "\n".join(e.text for e in self.game.log[self.log_from:self.game.cursor])

    # ------------------------------------------------------------ checks
    def _check_save(self) -> None:
        again = codec.loads(codec.dumps(self.game), verify=True)
        assert again.state == self.game.state, "a save and load changed the game"
        assert api.pending(again) == self.pending, "a save and load changed the pending decision"

    def finish(self) -> None:
        """Undo goes back to the start, redo to the end."""
        g = self.game
        end, data = g.cursor, g.state.to_data()
        g.seek(0)
        assert g.state == TableState.from_data(g.initial), "undo did not return to the start"
        g.seek(end)
        assert g.state.to_data() == data, "redo did not return to the end"
