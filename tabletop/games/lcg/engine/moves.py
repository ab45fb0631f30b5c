"""Verbs that move cards and tokens: the engine's changes to the table, through
the command's ``Tx`` (logged, undone, replayed).

A card leaving play forgets what the engine recorded of it (committed, control,
lasting effects, guards) and sets off its game event (``enemy_left``,
``ally_left``, ``hero_left``); replacement effects of the card registry may
send it elsewhere (Banks of the Anduin; a claimed objective back to the
staging area).
"""
from __future__ import annotations

from tabletop.core import events as Ev
from tabletop.core.i18n import _
from tabletop.core.model import TABLE
from tabletop.games.lcg.engine.context import Ctx
from tabletop.games.lcg.engine.table import CHARACTER_TYPES
from tabletop.games.lcg.engine.triggers import trigger
from tabletop.games.lcg.layout import free_spot, quest_spot


def place(ctx: Ctx, cid: int, area: str, face_up: bool = True) -> None:
    """Put a card on the table in an area (the first free spot of its mat)."""
    st = ctx.state
    if area == "quest":
        x, y = quest_spot()
    else:
        x, y = free_spot(st, area)
    card = st.cards[cid]
    if card.attached_to is not None:
        ctx.tx.set(cid, "attached_to", None)
        ctx.tx.set(cid, "attach_kind", "")
    ctx.tx.set(cid, "x", float(x))
    ctx.tx.set(cid, "y", float(y))
    ctx.tx.move(cid, TABLE, None)
    ctx.tx.set(cid, "face_up", face_up)


def attach(ctx: Ctx, cid: int, host: int, kind: str = "attachment", exact: bool = False) -> None:
    """Tuck a card under another (an attachment above it, a shadow card below);
    under the card it hangs from, unless ``exact`` (a shadow card's own shadow)."""
    st = ctx.state
    host = host if exact else st.root(host)
    if st.cards[cid].zone != TABLE:
        ctx.tx.move(cid, TABLE, None)
    ctx.tx.set(cid, "attached_to", host)
    ctx.tx.set(cid, "attach_kind", kind)
    ctx.tx.set(cid, "exhausted", False)
    table = st.table.cards
    i, j = table.index(cid), table.index(host)
    if i > j:
        ctx.tx.emit(Ev.move_card(cid, TABLE, i, TABLE, j))


def to_zone(ctx: Ctx, cid: int, zone: str, top: bool = True, face_up: bool | None = None) -> None:
    """Move a card (and what is attached to it, to its own discard) into a pile."""
    st = ctx.state
    on_table = st.cards[cid].zone == TABLE and st.cards[cid].attach_kind != "shadow"
    if on_table:
        dest = ctx.registry.instead(ctx, "leave_play", st.cards[cid].code, cid, zone)
        if dest == "staging":
            back_to_staging(ctx, cid)
            return
        if dest is not None and dest != zone:
            zone, top = dest, True
            ctx.say(_("{card} goes to the {pile} instead.").format(
                card=ctx.name(cid), pile=_(st.zones[zone].label).lower()))
    kind = ctx.ctype(cid) if on_table else ""
    was_enemy = kind == "enemy"
    host = st.cards[cid].attached_to if on_table else None
    left_seat = ctx.controller(cid) if kind in CHARACTER_TYPES else None
    for child in list(st.attachments(cid)):
        to_zone(ctx, child, st.discard_zone_for(child))
    ctx.tx.move(cid, zone, None if top else 0)
    ctx.tx.set(cid, "exhausted", False)
    z = st.zones[zone]
    ctx.tx.set(cid, "face_up", z.face_up if face_up is None else face_up)
    for tok in list(st.cards[cid].tokens):
        ctx.tx.token(cid, tok, 0)
    forget(ctx, cid)
    if host is not None and host in st.cards and st.cards[host].zone == TABLE:
        # an attachment left: its host's hit points may have dropped (Citadel Plate)
        ctx.push({"op": "check_destroyed", "cards": [host]})
    if was_enemy:
        trigger(ctx, "enemy_left", card=cid)
    elif kind == "ally":
        trigger(ctx, "ally_left", card=cid, seat=left_seat)
    elif kind == "hero":
        trigger(ctx, "hero_left", card=cid, seat=left_seat)


def back_to_staging(ctx: Ctx, cid: int) -> None:
    """A card leaves play by returning to the staging area instead (a claimed
    objective that is detached)."""
    st = ctx.state
    for tok in list(st.cards[cid].tokens):
        ctx.tx.token(cid, tok, 0)
    forget(ctx, cid)
    place(ctx, cid, "staging")
    ready(ctx, cid)
    ctx.say(_("{card} returns to the staging area.").format(card=ctx.name(cid)))


def forget(ctx: Ctx, cid: int) -> None:
    """A card left play: it is no longer committed, controlled, guarding or affected."""
    E = ctx.E
    if cid in E["committed"]:
        E["committed"].remove(cid)
    E["control"].pop(str(cid), None)
    for eff in E["effects"]:
        if cid in eff.get("targets", ()):
            eff["targets"] = [t for t in eff["targets"] if t != cid]
    E["effects"] = [e for e in E["effects"] if e.get("targets") or e.get("keep")]
    for obj, guard in list(E["guards"].items()):
        if guard == cid or int(obj) == cid:
            del E["guards"][obj]
    flags = E["flags"]
    for key in ("face_down_enemies", "keep_shadow", "deck_attachments"):
        if str(cid) in flags.get(key, ()):
            del flags[key][str(cid)]


def discard(ctx: Ctx, cid: int) -> None:
    """Send a card to the discard pile of its deck of origin."""
    to_zone(ctx, cid, ctx.state.discard_zone_for(cid))


def leave_play(ctx: Ctx, cid: int, victory: bool = False) -> None:
    """A card leaves play: to the victory display (if it has victory points and
    ``victory``), else to its discard pile; shadow cards and attachments go
    to their discard piles."""
    st = ctx.state
    if victory and ctx.keyword_value(cid, "Victory"):
        to_zone(ctx, cid, "victory")
    else:
        to_zone(ctx, cid, st.discard_zone_for(cid))


def add_tokens(ctx: Ctx, cid: int, token: str, n: int) -> None:
    """Add (or, with n < 0, remove) tokens; never below 0."""
    old = ctx.state.cards[cid].tokens.get(token, 0)
    ctx.tx.token(cid, token, max(0, old + n))


def exhaust(ctx: Ctx, cid: int) -> None:
    """Turn a card sideways."""
    ctx.tx.set(cid, "exhausted", True)


def ready(ctx: Ctx, cid: int) -> None:
    """Turn a card upright."""
    ctx.tx.set(cid, "exhausted", False)


def shuffle(ctx: Ctx, zone: str) -> None:
    """Shuffle a pile (from the command's seeded randomness)."""
    order = list(ctx.state.zones[zone].cards)
    ctx.rng.shuffle(order)
    ctx.tx.reorder(zone, order)


def encounter_top(ctx: Ctx, reshuffle: bool) -> int | None:
    """The top card of the encounter deck; an empty deck is refilled from
    the discard pile when ``reshuffle`` (during the quest phase)."""
    st = ctx.state
    deck = st.zones["encounter.deck"]
    if not deck.cards and reshuffle:
        pile = list(st.zones["encounter.discard"].cards)
        if pile:
            for cid in pile:
                ctx.tx.move(cid, "encounter.deck", None)
                ctx.tx.set(cid, "face_up", False)
            order = list(deck.cards)
            ctx.rng.shuffle(order)
            ctx.tx.reorder("encounter.deck", order)
            ctx.say(_("The encounter deck is empty: its discard pile is shuffled into a new deck."))
    return deck.cards[-1] if deck.cards else None


def engage(ctx: Ctx, enemy: int, seat: int, why: str) -> None:
    """An enemy engages a player: it moves to that player's engagement area."""
    place(ctx, enemy, f"p{seat + 1}.engaged")
    ctx.E["engagements"].append([enemy, seat])
    ctx.say(why)
    trigger(ctx, "engaged", card=enemy, seat=seat)


def deal_shadow(ctx: Ctx, enemy: int) -> bool:
    """Deal the top encounter card face down to an enemy (none from an empty deck);
    a shadow card that attacks (Wolf Rider) gets its own, under itself."""
    top = encounter_top(ctx, reshuffle=False)
    if top is None:
        return False
    attach(ctx, top, enemy, "shadow", exact=True)
    ctx.tx.set(top, "face_up", False)
    trigger(ctx, "shadow_dealt", card=top, enemy=enemy, seat=ctx.engaged_with(enemy))
    return True

