"""Helpers for the event card and character tests: a position, a card in hand, played,
a save and load in the middle, the questions answered."""
from __future__ import annotations

from saves import codec
import tabletop.games.wotr.commands as C
import tabletop.games.wotr.state as S
from tabletop.core.model import TABLE

from tests.wotr.helpers import FP, SHADOW, ok, position, refused, session  # noqa: F401


def reload(s):
    """The game saved and loaded again (in memory, verified): play goes on from the copy."""
    return codec.loads(codec.dumps(s), verify=True)


def move(s, code: str, zone: str, n: int = 1) -> list[int]:
    """Move ``n`` pieces of a code (those not already in ``zone``) to a zone (a position,
    not an action)."""
    st = s.state
    out = []
    for cid in sorted(st.cards):
        card = st.cards[cid]
        if len(out) >= n:
            break
        if card.code != code or card.zone == zone:
            continue
        st.zones[card.zone].cards.remove(cid)
        st.zones[zone].cards.append(cid)
        card.zone = zone
        out.append(cid)
    assert len(out) == n, f"not {n} pieces of {code}"
    return out


def units(s, region: str, code: str, n: int) -> list[int]:
    """Put ``n`` units of a code into a region (from anywhere off the map first)."""
    st = s.state
    out = []
    for cid in sorted(st.cards):
        if len(out) >= n:
            break
        card = st.cards[cid]
        if card.code == code and not card.zone.startswith("r."):
            st.zones[card.zone].cards.remove(cid)
            st.zones["r." + region].cards.append(cid)
            card.zone = "r." + region
            out.append(cid)
    assert len(out) == n, f"not {n} {code} off the map"
    return out


def clear(s, region: str) -> None:
    """Send a region's army units and leaders back to their reinforcements."""
    st = s.state
    for cid in list(st.zones["r." + region].cards):
        code = st.cards[cid].code
        nation, _sep, kind = code.partition(".")
        if kind in ("regular", "elite", "leader", "nazgul"):
            st.zones["r." + region].cards.remove(cid)
            st.zones["reinf." + nation].cards.append(cid)
            st.cards[cid].zone = "reinf." + nation


def hand(s, code: str, seat: int) -> int:
    """A card into a seat's hand (face up, owned): its id."""
    have = S.find(s.state, f"hand.{seat}", code)
    cid = have if have is not None else move(s, code, f"hand.{seat}")[0]
    card = s.state.cards[cid]
    card.face_up = True
    card.owner = seat
    return cid


def ready(s, side: str = FP, faces=("event",), other=("army",), **politics) -> None:
    """The action phase, ``side`` to act with these dice (the other side ``other``)."""
    fp, shadow = (faces, other) if side == FP else (other, faces)
    position(s, acting=side, fp=fp, shadow=shadow, **politics)


def rebase(s):
    """A new game starting from the position set up by hand (so that a save of it replays
    and verifies)."""
    from tabletop.core.model import TableState
    from tabletop.core.session import Session
    return Session(TableState.from_data(s.state.to_data()), s.rules)


def play(s, code: str, seat: int | None = None, die: int = 0):
    """Play a card (put in the hand of the side's seat first) with die ``die``; the
    game saved and loaded after it: (the session to go on with, the card's id)."""
    side = S.get(s.state, "acting") or FP
    seat = S.lead(s.state, side) if seat is None else seat
    cid = hand(s, code, seat)
    s = rebase(s)
    ok(s, C.PlayEvent(seat, cid, die))
    s = reload(s)
    slot = s.state.slots["wotr"]
    if slot.get("choice") and slot["stack"][-1]["op"] == "guide_draw":
        ok(s, C.Choose(slot["choice"]["seat"], False))     # Gandalf guiding: no draw
    return s, cid


def answer(s, value):
    """Answer the pending question (Choose) as its seat."""
    q = s.pending()
    assert q is not None, "nothing is asked"
    return ok(s, C.Choose(q.seat, value))


def answer_all(s, pick=None, limit: int = 40) -> None:
    """Answer the card's questions until none of them waits (``pick(q)``, else the first
    offered answer)."""
    from tabletop.games.wotr.effects import ASKING
    for _i in range(limit):
        slot = s.state.slots["wotr"]
        if not slot.get("choice") or slot["stack"][-1]["op"] not in ASKING:
            return
        acts = s.legal_actions()
        if slot["stack"][-1]["op"] == "guide_draw":
            ok(s, C.Choose(slot["choice"]["seat"], False))      # Gandalf guiding: no draw
            continue
        cmd = pick(acts) if pick else acts[0]
        ok(s, cmd)


def prompt(s) -> str:
    """The pending question's words."""
    q = s.pending()
    return q.prompt if q else ""


def on_table(s, cid: int) -> bool:
    """Does a card lie on the table?"""
    return s.state.cards[cid].zone == TABLE


def corruption(s) -> int:
    """The Fellowship's corruption."""
    return S.get(s.state, "fellowship", "corruption", default=0)


def set_fellowship(s, **values) -> None:
    """Change the Fellowship's record (a position)."""
    s.state.slots["wotr"]["fellowship"].update(values)


def count(s, region: str, code: str) -> int:
    """How many pieces of a code stand in a region."""
    return sum(1 for c in S.pieces_in(s.state, region) if s.state.cards[c].code == code)


def rig(monkeypatch, module, *values: int) -> None:
    """Every ``roll_d6`` of a module rolls ``values`` in turn (then 6s)."""
    seq = list(values)

    def roll(n, rng):
        out = []
        for _i in range(max(0, n)):
            out.append(seq.pop(0) if seq else 6)
        return out
    monkeypatch.setattr(module, "roll_d6", roll)


def only_tiles(s, *codes: str) -> None:
    """The Hunt pool holds just these tiles (the rest set out of play: a position)."""
    st = s.state
    for cid in list(st.zones["hunt.pool"].cards):
        st.zones["hunt.pool"].cards.remove(cid)
        st.zones["hunt.out"].cards.append(cid)
        st.cards[cid].zone = "hunt.out"
    for code in codes:
        move(s, code, "hunt.pool")


def fellowship_moves(s, seat: int = 0, die: int = 0):
    """The Free Peoples move the Fellowship (Hunt dice rigged by the caller)."""
    return ok(s, C.FellowshipMove(seat, die))


def gollum_guides(s) -> None:
    """No Companion left in the Fellowship: Gollum guides it (a position)."""
    st = s.state
    for cid in list(st.zones["fellowship"].cards):
        st.zones["fellowship"].cards.remove(cid)
        st.zones["chars.dead"].cards.append(cid)
        st.cards[cid].zone = "chars.dead"
    move(s, "char.gollum", "fellowship")
    set_fellowship(s, guide="gollum")
