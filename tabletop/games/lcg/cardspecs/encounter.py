"""What the encounter cards' declarations share: conditions, instruction makers,
and the few instructions only encounter cards need.

The 45 encounter cards of the core set are declared by encounter set in
``encounter_mirkwood`` (Spiders of Mirkwood, Passage Through Mirkwood),
``encounter_wilds`` (Wilderlands, Journey Down the Anduin, Sauron's Reach)
and ``encounter_dol_guldur`` (Dol Guldur Orcs, Escape from Dol Guldur).
docs/CARDS.md describes how a declaration is made.

An encounter card's effect is usually a function ``fn(ctx, src, info, seat)``
that looks at the table when the effect resolves (who is the first player,
whether the attack is undefended, which characters are committed) and
returns plain instructions of ``engine.vocab``.  ``info`` of a shadow effect
holds the defending player (``seat``) and the attacking enemy (``enemy``).
The instructions only encounter and quest cards use are verbs of the
vocabulary (``engine.vocab.encounter``).
"""
from __future__ import annotations

from tabletop.core.i18n import _
from tabletop.core.model import TABLE
from tabletop.games.lcg.cardspecs.base import Ability, CardSpec, declare, predicate, register_instead
from tabletop.games.lcg.engine.table import CHARACTER_TYPES, Table

# filters
ATTACHMENTS = ["attachment", "objective"]      # a claimed objective is an attachment too (FAQ 1.23)


# ------------------------------------------------------------------ reading
def first(t: Table) -> int | None:
    """The first player (None when nobody is left)."""
    seats = t.seats_in_order()
    return seats[0] if seats else None


def attack(t: Table) -> dict:
    """The enemy attack being resolved ({} outside an attack)."""
    return t.engine.get("attack") or {}


def undefended(t: Table) -> bool:
    """Is the attack being resolved undefended: no defender declared, or none of
    them still in play (rulebook)?"""
    att = attack(t)
    st = t.state
    return att.get("undefended", False) or not any(
        d in st.cards and st.cards[d].zone == TABLE for d in att.get("defenders", ()))


def in_staging(t: Table, src: int, info=None, seat=None) -> bool:
    """The card lies (unattached, face up) in the staging area."""
    card = t.state.cards[src]
    return (card.zone == TABLE and card.attached_to is None and card.face_up
            and t.area(src) == "staging")


def active(code: str):
    """A rule that holds while a location with this code is the active location."""
    def holds(t: Table) -> bool:
        loc = t.active_location()
        return loc is not None and t.state.cards[loc].code == code
    return holds


def bearer(t: Table, src: int) -> int | None:
    """The character an encounter card is attached to (a claimed objective's hero; not
    the enemy or location guarding an objective)."""
    card = t.state.cards[src]
    if card.zone != TABLE or card.attach_kind != "attachment" or card.attached_to is None:
        return None
    return card.attached_to if t.ctype(card.attached_to) in CHARACTER_TYPES else None


@predicate("attached_to")
def _attached_to(t: Table, cid: int, seat, hosts) -> bool:
    """The card is attached to one of ``hosts``."""
    return t.state.cards[cid].attached_to in (hosts or ())


# --------------------------------------------------------- instruction makers
def pick(seat: int | str | None, filter_: dict, then: list[dict], prompt: str, optional: bool = False,
         none: str = "", otherwise: list[dict] | None = None) -> dict:
    """``seat`` chooses a card fitting ``filter_`` (seen as ``seat``); ``then`` with
    ``$card`` (a single candidate is taken without asking, unless ``optional``)."""
    ins = {"op": "choose", "seat": seat, "for": seat, "filter": filter_, "then": then,
           "prompt": prompt, "as": "$card"}
    if optional:
        ins.update(optional=True, none_label=none or _("None"))
    if otherwise:
        ins["otherwise"] = otherwise
    return ins


def threat(seat: int | None, n: int) -> list[dict]:
    """A player's threat goes up by ``n`` (nothing for 0)."""
    return [{"op": "threat", "seat": seat, "n": n}] if n and seat is not None else []


def bonus(n: int, n_undefended: int):
    """A shadow effect: the attacker gets +n attack (+n_undefended when undefended)."""
    def effect(ctx: Table, src: int, info: dict, seat) -> list[dict]:
        return [{"op": "attack_bonus", "n": n_undefended if undefended(ctx) else n}]
    return effect


def said(text: str, **values) -> dict:
    """A log line, filled in now."""
    return {"op": "say", "text": text.format(**values) if values else text}


def card_spec(code: str, name: str, abilities: list[Ability], text: str, shadow_text: str = "",
              missing: str = "") -> CardSpec:
    """Declare an encounter card: its abilities, its paraphrase and what is not automated
    (``missing``)."""
    return declare(CardSpec(code, name, abilities, text=text, shadow_text=shadow_text,
                            missing=missing))


# ---------------------------------------------------------- replacements
def _back_when_detached(t: Table, cid: int, zone: str) -> str | None:
    """An objective attached to a card (claimed by a hero, or guarded by an enemy or a
    location) that would go to the discard pile returns to the staging area (FAQ 1.17)."""
    attached = t.state.cards[cid].attached_to is not None
    return "staging" if attached and zone == "encounter.discard" else None


for _code in ("01108", "01109", "01110"):
    register_instead("leave_play", _back_when_detached, _code)
