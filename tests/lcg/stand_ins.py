"""Stand-ins for player cards an encounter story needs while they have no declaration
of their own yet: the real declaration is used as soon as there is one."""
from tabletop.games.lcg.cardspecs import load
from tabletop.games.lcg.cardspecs.base import Ability, CardSpec


def stand_in(monkeypatch, code: str, name: str, *abilities: Ability) -> None:
    """Declare ``abilities`` for the card ``code`` for this test, unless it is declared."""
    specs = load()
    if code not in specs:
        monkeypatch.setitem(specs, code, CardSpec(code, name, list(abilities)))


def canceller(monkeypatch, code: str, name: str, trigger: str, flag: str) -> None:
    """A cancelling event (A Test of Will, Hasty Stroke): a Response from hand that sets
    the engine's cancel flag for the card the event is about."""
    stand_in(monkeypatch, code, name, Ability(
        "response", trigger=trigger, where="hand",
        effect=[{"op": "flag", "name": flag, "value": "$info.card"}], text="cancel it"))
