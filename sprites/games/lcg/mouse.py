"""The pointer on the card game's table: what is under it, clicks, drag and drop.

A press on a card, a pile, a token chip or the hand starts a ``Drag``; releasing
it becomes one command (move, attach, draw onto the table, tokens...).  Empty
table: drag to pan, Shift+drag for a rubber band.  The window has already
taken what is its own (menus, the pile browser overlay, the dice, the curtain).
"""
from __future__ import annotations

import pygame

import tabletop.games.lcg.commands as C
from sprites.actions import Target
from sprites.pointer import Drag
from tabletop.core.i18n import _
from tabletop.core.model import TABLE


def update_hover(view) -> None:
    """Work out what of the card game is under the pointer (browser, hand, table)."""
    app = view.app
    pos = app.pointer
    view.hand.hover = None
    view.hover = None
    view.panel.motion(pos)
    if view.browser is not None:
        view.browser.hover = None
    if app.menu is not None:
        return
    if view.browser is not None and view.browser.covers(pos):
        view.browser.hover = view.browser.card_at(pos)
        return
    if view.panel.rect().collidepoint(pos):
        return
    cid = view.hand.card_at(pos)
    if cid is not None:
        view.hand.hover = cid
        return
    if view.hand.area().collidepoint(pos) or app.tray.hover is not None:
        return                      # the hand strip, or a die on top of the table
    d = view.drag
    skip = frozenset(d.ids) if d is not None and d.active and d.kind == "cards" else frozenset()
    view.hover = view.view.pick(app.camera, app.state, *pos, viewer=app.viewer, skip=skip)


def motion(view, ev) -> None:
    """Follow a drag (panning moves the camera) and refresh the hover."""
    d = view.drag
    if d is not None:
        moved = d.follow(ev.pos, view.app.now)
        if moved is not None and d.kind == "pan":
            view.app.camera.pan_pixels(*moved)
    update_hover(view)


def button_down(view, ev) -> bool:
    """A press on the table, a pile, the hand, a dial...; True if it was the table's."""
    pos = ev.pos
    if ev.button == 2:
        view.drag = Drag("pan", pos, active=True, pos=pos)
        return True
    if ev.button != 1:
        return False
    app = view.app
    if view.panel.click(pos):
        return True
    cid = view.hand.card_at(pos)
    if cid is not None:
        if view.panel.active and not view.panel.free:
            view.drag = Drag("hand", pos, (cid,), pos=pos)    # a click plays it, a drag too
        elif view.clicks.double(("hand", cid), app.now):
            view.perform("to_table", Target("hand", app.viewer, cid, (cid,)))
        else:
            view.drag = Drag("hand", pos, (cid,), pos=pos)
        return True
    if view.hand.area().collidepoint(pos):
        return True
    target = view.view.pick(app.camera, app.state, *pos, viewer=app.viewer)
    mods = ev.mod if hasattr(ev, "mod") else app.mods
    shift = bool(mods & pygame.KMOD_SHIFT)
    ctrl = bool(app.mods & pygame.KMOD_CTRL)
    if target is None:
        if shift or ctrl:
            view.drag = Drag("band", pos, pos=pos)
        else:
            view.drag = Drag("pan", pos, pos=pos, extra={"clear": True})
        return True
    _press_on(view, target, pos, shift, ctrl)
    return True


def _press_on(view, target, pos, shift: bool, ctrl: bool) -> None:
    """A left press on something of the table: a card, a pile, a chip, a dial's button."""
    app = view.app
    kind = target[0]
    if kind == "card" and target[1] in view.panel.card_options() and not (shift or ctrl):
        view.panel.pick_card(target[1])          # the card answers the engine's decision
        return
    if kind == "card":
        cid = target[1]
        if view.clicks.double(("card", cid), app.now):
            view.perform("exhaust", Target("card", app.viewer, cid, view.targets_for(cid)))
            return
        if shift or ctrl:
            view.selected ^= {cid}
            if cid not in view.selected:
                return
        elif cid not in view.selected:
            view.selected = {cid}
        ids = tuple(c for c in app.state.table.cards if c in view.selected)
        wx, wy = app.camera.to_world(*pos)
        it = view.view.by_id[cid]
        view.drag = Drag("cards", pos, ids, pos=pos, grab=(wx - it.x, wy - it.y), anchor=cid)
    elif kind == "zone":
        zid = target[1]
        if view.clicks.double(("zone", zid), app.now):
            view.drag = None
            view.open_browser(zid)
            return
        zone = app.state.zones[zid]
        if shift or not zone.cards:
            view.drag = Drag("pile", pos, zone=zid, pos=pos)
        else:
            view.drag = Drag("topcard", pos, (zone.cards[-1],), zone=zid, pos=pos)
    elif kind == "supply":
        view.drag = Drag("token", pos, token=target[1], pos=pos)
    elif kind in ("dial-", "dial+"):
        app.submit(C.Threat(app.viewer, target[1], -1 if kind == "dial-" else 1))
    elif kind == "first":
        app.submit(C.FirstPlayer(app.viewer, (target[1] + 1) % len(app.state.seats)))
    elif kind == "hand":
        app.toast(_("{name}'s hand is hidden from you.").format(name=app.state.seats[target[1]].name))


def button_up(view, ev) -> bool:
    """Let go: finish the drag; True if there was one."""
    d = view.drag
    view.drag = None
    finish_drag(view, d, ev)
    update_hover(view)
    return d is not None


def finish_drag(view, d: Drag | None, ev) -> None:
    """What a drag becomes when it is let go (a click is not a drag)."""
    if d is None or ev.button not in (1, 2):
        return
    app = view.app
    if not d.active:
        if d.kind == "pan" and d.extra.get("clear"):
            view.selected.clear()
            app.tray.selected.clear()
        elif d.kind == "hand" and view.panel.active and not view.panel.free:
            play_from_hand(view, d.ids[0])
        return
    pos = ev.pos
    if d.kind == "pan":
        return
    if d.kind == "band":
        rect = pygame.Rect(min(d.start[0], pos[0]), min(d.start[1], pos[1]),
                           abs(pos[0] - d.start[0]), abs(pos[1] - d.start[1]))
        view.selected |= set(view.view.cards_in_rect(app.camera, rect))
        app.tray.select_in_rect(rect)
        return
    if d.kind == "pile":
        zone = app.state.zones[d.zone]
        dx, dy = (pos[0] - d.start[0]) / app.camera.zoom, (pos[1] - d.start[1]) / app.camera.zoom
        app.submit(C.MoveZone(app.viewer, d.zone, zone.x + dx, zone.y + dy))
        return
    if d.kind == "token":
        target = view.view.pick(app.camera, app.state, *pos, viewer=app.viewer)
        if target and target[0] == "card":
            n = 5 if app.mods & pygame.KMOD_CTRL else 1
            app.submit(C.Tokens(app.viewer, target[1], d.token, n))
        else:
            app.toast(_("Drop a token on a card."))
        return
    drop_cards(view, d, pos)


def play_from_hand(view, cid: int, host: int | None = None) -> None:
    """Play a hand card under the rules engine (``PlayCard``); dropped on a card, that
    card is the attachment's host when the engine asks for one.  A refusal shows its
    reason, naming the rule."""
    app = view.app
    if not app.submit(C.PlayCard(app.viewer, cid)):
        return
    choice = app.session.pending()
    if host is not None and choice is not None and choice.seat == app.viewer \
            and host in choice.options and choice.kind == "one":
        app.submit(C.Answer(app.viewer, host))


def legal_hosts(view, cid: int) -> list[int]:
    """While a hand card is dragged under the rules engine: the cards it may attach to."""
    app = view.app
    cdef = view.db.by_code.get(app.state.cards[cid].code)
    if cdef is None or cdef.type != "attachment":
        return []
    from tabletop.games.lcg.engine import engine_view
    from tabletop.games.lcg.engine.playing import attachment_hosts
    try:
        return attachment_hosts(engine_view(app.state), app.viewer, cid)
    except Exception:            # a host rule that needs the engine's working state
        return []


def drop_cards(view, d: Drag, pos) -> None:
    """Cards let go: into a hand or a pile, onto a card (attach), or on the table."""
    app = view.app
    st = app.state
    seat = app.viewer
    ids = d.ids
    wx, wy = app.camera.to_world(*pos)
    if view.hand.area().collidepoint(pos) and app.curtain is None:
        if d.kind != "hand":
            app.submit(C.MoveCards(seat, ids, st.seat_zone(seat, "hand")))
        return
    if d.kind == "hand" and view.panel.active and not view.panel.free:
        target = view.view.pick(app.camera, st, *pos, viewer=seat)
        play_from_hand(view, ids[0], target[1] if target and target[0] == "card" else None)
        return
    skip = frozenset(ids) if d.kind == "cards" else frozenset()
    target = view.view.pick(app.camera, st, *pos, viewer=seat, skip=skip)
    alt = bool(app.mods & pygame.KMOD_ALT)
    if target and target[0] == "zone" and not (d.kind == "topcard" and target[1] == d.zone):
        app.submit(C.MoveCards(seat, ids, target[1]))
        return
    if target and target[0] == "hand":
        app.submit(C.MoveCards(seat, ids, st.seat_zone(target[1], "hand")))
        return
    if target and target[0] == "card" and len(ids) == 1 and not alt and target[1] not in ids:
        kind = "shadow" if (d.kind == "topcard" and d.zone == "encounter.deck") else "attachment"
        if app.submit(C.Attach(seat, ids[0], target[1], kind)) and d.kind == "browser":
            view.close_browser()             # the search is done: show the table
        return
    if d.kind == "cards":
        anchor = view.view.by_id[d.anchor]
        dx = wx - d.grab[0] - anchor.x
        dy = wy - d.grab[1] - anchor.y
        if any(st.cards[c].attached_to is not None for c in ids) and len(ids) == 1:
            # pulling an attachment away from its host detaches it where it lands
            app.submit(C.MoveCards(seat, ids, TABLE, wx - d.grab[0], wy - d.grab[1]))
        else:
            app.submit(C.Nudge(seat, ids, dx, dy))
        return
    # a card drawn off a deck, or taken out of a pile by a search, comes onto the table
    # face up, as at a real table
    face_up = True if d.kind == "browser" or (
        d.kind == "topcard" and st.zones[d.zone].kind == "deck") else None
    if app.submit(C.MoveCards(seat, ids, TABLE, wx, wy, None, face_up)) and d.kind == "browser":
        view.close_browser()


def wheel(view, ev) -> bool:
    """The wheel zooms around the pointer."""
    app = view.app
    if app.camera.zoom_at(*app.pointer, 1 if ev.y > 0 else -1):
        view.view.layer = None
    return True
