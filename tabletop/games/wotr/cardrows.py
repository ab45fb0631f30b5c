"""War of the Ring's cards for the card tooling (``GameSpec.cards``): one ``CardRow`` per
event card (the four base decks and Kings of Middle-earth) and per character card
(Companions, Gollum, Gandalf the White, Aragorn, the Minions, the Sovereigns awakened and
Corrupted, the Dark Chieftains), with our paraphrase of what it does and whether the
rules carry it out.

Pure Python: no pygame.
"""
from __future__ import annotations

from tabletop.core.games import CardRow
from tabletop.core.i18n import N_

DECK_WORDS = {("fp", "character"): N_("Free Peoples Character"),
              ("fp", "strategy"): N_("Free Peoples Strategy"),
              ("shadow", "character"): N_("Shadow Character"),
              ("shadow", "strategy"): N_("Shadow Strategy")}
COMPANIONS = ("gandalf-grey", "strider", "boromir", "legolas", "gimli", "meriadoc", "peregrin",
              "aragorn", "gandalf-white", "gollum")
MINIONS = ("saruman", "witch-king", "mouth-of-sauron")


def event_rows() -> list[CardRow]:
    """One row per event card."""
    from tabletop.games.wotr.events import specs
    out = []
    for code, sp in sorted(specs().items()):
        c = sp.combat
        text = f"{sp.text} Combat: {c.title} [{c.initiative}]: {c.text}"
        deck = DECK_WORDS[(sp.side, sp.deck)] + (" (Kings)" if sp.kings else "")
        out.append(CardRow(code=code, name=sp.name, type=deck, paraphrase=text,
                           missing=sp.missing, declared=True, messages=(sp.text, c.text),
                           terms=(sp.name, c.title)))
    return out


def character_rows() -> list[CardRow]:
    """One row per character card."""
    from tabletop.games.wotr.characters import CHARACTER_TEXT
    from tabletop.games.wotr.data import characters, chieftains, sovereigns
    from tabletop.games.wotr.sovereigns import CHIEFTAIN_TEXT, CORRUPTED_TEXT, SOVEREIGN_TEXT
    out = []
    for cid in COMPANIONS + MINIONS:
        ch = characters()[cid]
        kind = "Minion" if cid in MINIONS else "Guide" if cid == "gollum" else "Companion"
        out.append(CardRow(code=f"char.{cid}", name=ch.name, type=kind,
                           paraphrase=CHARACTER_TEXT[cid], declared=True,
                           messages=(CHARACTER_TEXT[cid],), terms=(ch.name,)))
    for sid, sov in sovereigns().items():
        out.append(CardRow(code=f"card.sov.{sid}", name=sov.name, type="Sovereign",
                           paraphrase=SOVEREIGN_TEXT[sid], declared=True,
                           messages=(SOVEREIGN_TEXT[sid],), terms=(sov.name, sov.ability)))
        out.append(CardRow(code=f"card.sovc.{sid}", name=sov.name, type="Corrupted Sovereign",
                           paraphrase=CORRUPTED_TEXT[sid], declared=True,
                           messages=(CORRUPTED_TEXT[sid],), terms=(sov.name,)))
    for did, dc in chieftains().items():
        out.append(CardRow(code=f"card.dc.{did}", name=dc.name, type="Dark Chieftain",
                           paraphrase=CHIEFTAIN_TEXT[did], declared=True,
                           messages=(CHIEFTAIN_TEXT[did],), terms=(dc.name, dc.ability)))
    return out


def rows() -> list[CardRow]:
    """Every card of the game: the event cards, then the character cards."""
    return event_rows() + character_rows()
