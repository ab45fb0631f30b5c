"""Verbs of the players' fate: threat, elimination, the end of the game.

A player at 50 threat, or with no hero left in play (the prisoner does not
count: FAQ), is eliminated: their cards go to their discard pile, their
enemies back to the staging area, the first-player token passes on; the
game is lost when nobody is left and won when the last stage is defeated
(``end_game`` then stops the machine: ``kernel.GameOver``).
"""
from __future__ import annotations

from tabletop.core.i18n import _
from tabletop.core.kernel import GameOver
from tabletop.games.lcg.engine.context import Ctx
from tabletop.games.lcg.engine.moves import discard, place, to_zone
from tabletop.games.lcg.engine.score import score
from tabletop.games.lcg.engine.table import ELIMINATION_THREAT


def raise_threat(ctx: Ctx, seat: int, n: int) -> None:
    """Raise (or lower, n < 0) a seat's threat; 50 or more eliminates it."""
    if ctx.eliminated(seat) or n == 0:
        return
    new = max(0, ctx.threat(seat) + n)
    ctx.tx.counter(seat, "threat", new)
    if new >= ELIMINATION_THREAT:
        ctx.say(_("{name}'s threat reached {n}.").format(name=ctx.seat_name(seat), n=new))
        eliminate(ctx, seat)


def eliminate(ctx: Ctx, seat: int) -> None:
    """A seat leaves the game: its cards go to its discard pile, its enemies
    back to the staging area; the game is lost when nobody is left."""
    E = ctx.E
    if seat in E["eliminated"]:
        return
    st = ctx.state
    held = [h for h in E["prisoners"] if h in st.cards and st.cards[h].owner == seat]
    dead = sum(ctx.cdef(h).threat or 0 for h in ctx.heroes(seat, face_down=True))
    E["dead_threat"] += dead
    E["eliminated"].append(seat)
    ctx.say(_("{name} is eliminated.").format(name=ctx.seat_name(seat)))
    for enemy in ctx.engaged(seat):
        if ctx.face_down_enemy(enemy) is not None:
            discard(ctx, enemy)            # an Orc Guard goes to its owner's discard pile
        else:
            place(ctx, enemy, "staging")
    for cid in list(ctx.table_cards()):
        card = st.cards[cid]
        if card.origin == "player" and (card.owner == seat or ctx.controller(cid) == seat):
            to_zone(ctx, cid, st.discard_zone_for(cid))
        elif ctx.deck_attachment(cid) == seat:     # Iron Shackles on the gone deck
            to_zone(ctx, cid, st.discard_zone_for(cid))
    for zone in ("hand", "deck"):
        for cid in list(st.zones[st.seat_zone(seat, zone)].cards):
            to_zone(ctx, cid, st.seat_zone(seat, "discard"))
    left = [s for s in range(ctx.nseats) if s not in E["eliminated"]]
    if held and left:
        # Escape from Dol Guldur: the prisoner left the game with its player; it can no
        # longer be rescued, so the players lose (FAQ)
        for h in held:
            E["prisoners"].remove(h)
        ctx.say(_("The prisoner left the game with {name}: it can never be rescued, and the "
                  "players lose.").format(name=ctx.seat_name(seat)))
        end_game(ctx, "lost")
    if not left:
        end_game(ctx, "lost")
    elif st.first_player == seat:
        nxt = next(s for s in ((seat + i) % ctx.nseats for i in range(1, ctx.nseats + 1))
                   if s in left)
        ctx.tx.set_global("first_player", nxt)


def check_heroes(ctx: Ctx, seat: int) -> None:
    """A seat with no hero left in play (the prisoner does not count: FAQ) is eliminated."""
    if not ctx.eliminated(seat) and not [h for h in ctx.heroes(seat, face_down=True)
                                          if not ctx.is_prisoner(h)]:
        ctx.say(_("{name} has no hero left.").format(name=ctx.seat_name(seat)))
        eliminate(ctx, seat)


def end_game(ctx: Ctx, outcome: str) -> None:
    """The game is won or lost: nothing more happens."""
    E = ctx.E
    if E["outcome"]:
        return
    E["outcome"] = outcome
    E["choice"] = None
    E["stack"] = []
    E["step"] = "end"
    if outcome == "won":
        ctx.say(_("The players have won."))
    elif not [s for s in range(ctx.nseats) if not ctx.eliminated(s)]:
        ctx.say(_("The players have lost: every player is eliminated."))
    else:
        ctx.say(_("The players have lost."))
    s = score(ctx)
    if outcome == "won":
        ctx.say(_("Final score: {total} (threat {threat} + dead heroes {dead} + damage {damage}"
                   " + 10 x {rounds} rounds - {victory} victory points).").format(**s))
    raise GameOver(outcome)
