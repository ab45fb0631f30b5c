"""What a good player knows of the core set's player cards: how much each is worth,
where an attachment goes, when an event is worth its cost.

Cards are named by their English names (``CardDef.name``), whatever the language
in force.  Nothing here repeats a card's printed text: each entry is a judgement
of worth.  A card not listed is valued from its printed stats.
"""
from __future__ import annotations

from tabletop.games.lcg.ai.read import Facts

# worth of attachments when played (higher: play first); their host rule is HOSTS
ATTACHMENT_VALUE = {
    "Steward of Gondor": 9.0, "Celebrían's Stone": 6.0, "Unexpected Courage": 7.0,
    "The Favor of the Lady": 4.0, "Blade of Gondolin": 3.5, "Dwarven Axe": 4.0,
    "Citadel Plate": 5.0, "Horn of Gondor": 2.5, "Protector of Lórien": 3.0,
    "Forest Snare": 6.0, "Self Preservation": 2.0, "Dark Knowledge": 1.0,
    "Power in the Earth": 2.0,
}

# where an attachment does most: the stat of the host to maximise (or a named rule)
HOSTS = {
    "Steward of Gondor": "resources", "Celebrían's Stone": "willpower",
    "Unexpected Courage": "willpower", "The Favor of the Lady": "willpower",
    "Blade of Gondolin": "attack", "Dwarven Axe": "attack", "Citadel Plate": "defense",
    "Horn of Gondor": "any", "Protector of Lórien": "defense", "Self Preservation": "damaged",
    "Dark Knowledge": "willpower", "Forest Snare": "enemy", "Power in the Earth": "location",
}

# allies worth more (or less) than their stats say
ALLY_BONUS = {
    "Gandalf": 4.0, "Henamarth Riversong": 1.0, "Gléowine": 2.0, "Beorn": 2.0,
    "Snowbourn Scout": 1.0, "Erebor Hammersmith": 0.5, "Faramir": 2.0, "Northern Tracker": 1.5,
    "Lórien Guide": 0.5, "Wandering Took": 0.0, "Brok Ironfist": 0.0,
}

# Responses from hand worth using whenever they are offered
GOOD_RESPONSES = frozenset({
    "Valiant Sacrifice", "Hasty Stroke", "A Test of Will", "Swift Strike", "Dwarven Tomb",
    "Strength of Will", "Feint", "Stand Together", "Horn of Gondor",
})


# events in hand: what keeping one is worth (Éowyn's discard, a discard from hand)
EVENT_VALUE = {
    "A Test of Will": 5.0, "Hasty Stroke": 4.0, "The Galadhrim's Greeting": 4.0,
    "A Light in the Dark": 3.0, "Stand and Fight": 2.5, "Lore of Imladris": 3.0,
    "Feint": 3.0, "Thicket of Spears": 3.0, "Quick Strike": 2.0, "Swift Strike": 2.5,
    "Blade Mastery": 1.5, "Secret Paths": 2.0, "Radagast's Cunning": 2.0,
    "Lórien's Wealth": 2.0, "Gandalf's Search": 1.0, "Beorn's Hospitality": 2.0,
    "Fortune or Fate": 1.5, "Dwarven Tomb": 0.5, "Strength of Will": 1.0,
    "Will of the West": 0.5, "Stand Together": 1.0, "Rain of Arrows": 1.5,
}


def hand_value(f: Facts, cid: int) -> float:
    """What keeping a card in hand is worth: a card to play by its worth in play, an
    event by the table above (a card not listed: a little)."""
    cdef = f.t.cdef(cid)
    if cdef.type == "event":
        return EVENT_VALUE.get(cdef.name, 1.5)
    return play_value(f, cid)


def ally_value(f: Facts, cid: int) -> float:
    """What an ally in play is worth (about its cost for an average ally)."""
    cdef = f.t.cdef(cid)
    stats = (cdef.willpower or 0) * 1.2 + (cdef.attack or 0) + (cdef.defense or 0) * 1.1 \
        + (cdef.health or 0) * 0.5
    if "Ranged" in cdef.keywords:
        stats += 0.5
    if "Sentinel" in cdef.keywords:
        stats += 0.5
    return stats + ALLY_BONUS.get(cdef.name, 0.0)


def play_value(f: Facts, cid: int) -> float:
    """What playing a card from hand in the planning phase is worth (0: not now)."""
    cdef = f.t.cdef(cid)
    if cdef.type == "ally":
        return ally_value(f, cid)
    if cdef.type == "attachment":
        return ATTACHMENT_VALUE.get(cdef.name, 1.5)
    return 0.0


def character_value(f: Facts, cid: int) -> float:
    """How much the players would miss a character in play."""
    if f.is_hero(cid):
        cdef = f.t.cdef(cid)
        return 12.0 + (cdef.threat or 0) * 0.5
    cost = f.cost(cid)
    return 2.0 + cost * 1.2 + ALLY_BONUS.get(f.en(cid), 0.0)


def host_score(f: Facts, card: int, host: int) -> float:
    """How good a host is for an attachment (higher is better)."""
    rule = HOSTS.get(f.en(card), "")
    kind = f.ctype(host)
    mine = f.controller(host) == f.seat
    if rule == "enemy":
        return f.stat(host, "attack") + f.stat(host, "engagement") / 100 if kind == "enemy" else -9
    if rule == "location":
        return f.stat(host, "threat") if kind == "location" else -9
    if kind not in ("hero", "ally") or not mine:
        return -5.0
    hero = 1.0 if kind == "hero" else 0.0
    if rule == "resources":
        # the hero whose sphere pays for the most cards in hand, then the one with most
        sphere = f.t.cdef(host).sphere
        same = sum(1 for c in f.hand() if f.t.cdef(c).sphere == sphere)
        return hero * 5 + same + f.resources(host) / 10
    if rule in ("willpower", "attack", "defense"):
        return hero + f.stat(host, rule) * 2 + f.hp_left(host) / 10
    if rule == "damaged":
        return hero + f.t.damage(host) * 2 + f.stat(host, "defense")
    return hero + f.stat(host, "willpower") + f.stat(host, "attack")
