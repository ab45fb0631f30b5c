"""Deck import (RingsDB JSON, OCTGN .o8d, text lists), starter decks and deck checks."""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import tabletop.games.lcg.decks as decks
from tabletop.games.lcg.cards import core_set
from tabletop.games.lcg.decks import (
    Deck, DeckError, QuestDeckError, deck_check_cli, load_deck, load_quest_deck,
    parse_deck_text, resolve_deck, seat_shared_heroes, shared_heroes, starter_deck,
    starting_threat, validate_deck, validate_seats,
)

FIXTURES = Path(__file__).parent.parent / "fixtures" / "decks"
DB = core_set()
SPHERES = ("leadership", "tactics", "spirit", "lore")
O8D_FILES = {
    "leadership": "Player-Core-Leadership.o8d",
    "tactics": "Player-Core-Tactics.o8d",
    "spirit": "Player-Core-Spirit.o8d",
    "lore": "Player-Core-Lore.o8d",
}


def code(name: str) -> str:
    [card] = [c for c in DB.find_name(name) if c.is_player_card]
    return card.code


def rules(problems, severity=None):
    return {p.rule for p in problems if severity is None or p.severity == severity}


def errors(problems):
    return [p for p in problems if p.severity == "error"]


def legal_custom() -> Deck:
    """A 50-card Leadership/Tactics deck from one core set (the RingsDB fixture)."""
    return load_deck(FIXTURES / "ringsdb-aragorn-gimli-legolas.json")


def with_cards(deck: Deck, **changes) -> Deck:
    fields = dict(name=deck.name, heroes=deck.heroes, cards=deck.cards, source=deck.source)
    fields.update(changes)
    return Deck(**fields)


def run_cli(path) -> tuple[int, str]:
    out = io.StringIO()
    rc = deck_check_cli(str(path), out=out)
    return rc, out.getvalue()


# --------------------------------------------------------------------------- starter decks

@pytest.mark.parametrize("sphere", SPHERES)
def test_starter_deck_from_data(sphere):
    data = DB.starter_decks[sphere]
    deck = starter_deck(sphere)
    assert deck.source == "starter"
    assert deck.heroes == tuple(h["code"] for h in data["heroes"])
    assert dict(deck.cards) == {c["code"]: c["quantity"] for c in data["cards"]}
    assert deck.size == data["deck_size"] == 30
    assert starting_threat(deck) == data["starting_threat"]
    assert len(deck.expanded()) == 30
    problems = validate_deck(deck)
    assert errors(problems) == []
    assert rules(problems) == {"size"}


@pytest.mark.parametrize("spec, sphere", [
    ("leadership", "leadership"), ("starter:lore", "lore"), ("Starter: Spirit", "spirit"),
    ("TACTICS", "tactics"), ("znalosti", "lore"), ("vedení", "leadership"),
])
def test_starter_names(spec, sphere):
    assert starter_deck(spec) == starter_deck(sphere)
    assert resolve_deck(spec) == starter_deck(sphere)


def test_unknown_starter():
    with pytest.raises(DeckError, match="unknown starter deck"):
        starter_deck("neutral")
    with pytest.raises(DeckError, match="unknown starter deck"):
        resolve_deck("starter:hobbits")


def test_resolve_prefers_an_existing_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("lore").write_text("1x Aragorn\n3x Guard of the Citadel\n", encoding="utf-8")
    deck = resolve_deck("lore")
    assert deck.source == "text" and deck.heroes == (code("Aragorn"),)
    assert resolve_deck("starter:lore").source == "starter"
    assert resolve_deck(str(FIXTURES / "handwritten.txt")).source == "text"


# --------------------------------------------------------------------------- OCTGN .o8d

def octgn_expected(sphere: str) -> dict[str, int]:
    data = DB.starter_decks[sphere]
    expected = {c["code"]: c["quantity"] for c in data["cards"]}
    for number, diff in data["octgn_o8d_differences"].items():
        assert expected["01%03d" % int(number)] == diff["rulebook"]
        expected["01%03d" % int(number)] = diff["octgn_o8d"]
    return expected


@pytest.mark.parametrize("sphere", SPHERES)
def test_real_starter_o8d_imports(sphere):
    deck = load_deck(FIXTURES / O8D_FILES[sphere])
    data = DB.starter_decks[sphere]
    assert deck.source == "o8d"
    assert deck.name == O8D_FILES[sphere][:-4]
    assert deck.heroes == tuple(h["code"] for h in data["heroes"])
    assert dict(deck.cards) == octgn_expected(sphere)
    assert len(dict(deck.cards)) == len(deck.cards)          # one entry per code
    assert all(DB[c].type != "hero" for c, _q in deck.cards)  # heroes excluded
    assert dict(deck.cards)[code("Gandalf")] == 2             # OCTGN ships 2 Gandalfs
    assert deck.size == {"spirit": 31}.get(sphere, 30)
    problems = validate_deck(deck)
    assert errors(problems) == []
    assert rules(problems) == {"size", "starter_variant"}
    assert all(p.severity == "note" for p in problems)
    rc, text = run_cli(FIXTURES / O8D_FILES[sphere])
    assert rc == 0, text
    assert "starting threat %d" % data["starting_threat"] in text
    assert "Legal deck." in text


@pytest.mark.parametrize("name, key", [
    ("Q01.1-Passage-Through-Mirkwood.o8d", "passage_through_mirkwood"),
    ("Q01.3-Escape-from-Dol-Guldur.o8d", "escape_from_dol_guldur"),
])
def test_quest_decks_are_not_player_decks(name, key):
    with pytest.raises(QuestDeckError, match="quest deck.*not a player deck") as info:
        load_deck(FIXTURES / name)
    assert str(info.value).startswith(name + ": ")
    quest = load_quest_deck(FIXTURES / name)
    assert info.value.quest_deck == quest
    counts = DB.scenarios[key]["octgn_o8d_section_counts"]
    assert {sec: quest.count(sec) for sec, _cards in quest.sections} == counts
    assert all(DB[c].deck == "quest" for c, _q in quest.section("Quest"))
    assert all(DB[c].deck == "encounter" for c, _q in quest.section("Encounter"))
    rc, text = run_cli(FIXTURES / name)
    assert rc == 1 and "quest deck" in text


def test_load_quest_deck_refuses_a_player_deck():
    with pytest.raises(DeckError, match="player deck, not a quest deck"):
        load_quest_deck(FIXTURES / O8D_FILES["lore"])


O8D_HEAD = ('<?xml version="1.0" encoding="utf-8" standalone="yes"?>\n'
            '<deck game="a21af4e8-be4b-4cda-a6b6-534f9717391f">\n')
GUID = "51223bd0-ffd1-11df-a976-0801200c9%03d"


def o8d(*sections: str) -> str:
    return O8D_HEAD + "".join(sections) + "</deck>\n"


def section(name: str, *cards: tuple[int, int], shared: bool = False) -> str:
    body = "".join('    <card qty="%d" id="%s">x</card>\n' % (qty, GUID % num)
                   for num, qty in cards)
    return '  <section name="%s" shared="%s">\n%s  </section>\n' % (name, shared, body)


def test_o8d_sorts_heroes_by_type_and_skips_sideboard(tmp_path):
    path = tmp_path / "mixed.o8d"
    path.write_text(o8d(section("Ally", (1, 1), (13, 3)),      # a hero in the Ally section
                        section("Hero", (4, 1)),
                        section("Sideboard", (14, 2)),
                        section("Encounter", shared=True)), encoding="utf-8")
    deck = load_deck(path)
    assert deck.heroes == ("01001", "01004")
    assert deck.cards == (("01013", 3),)


def test_o8d_encounter_card_in_a_player_section(tmp_path):
    path = tmp_path / "spider.o8d"
    path.write_text(o8d(section("Hero", (1, 1)), section("Ally", (74, 2))), encoding="utf-8")
    deck = load_deck(path)
    assert deck.cards == (("01074", 2),)
    problems = validate_deck(deck)
    assert "not_player_card" in rules(problems, "error")
    assert any("King Spider" in p.message and "encounter deck" in p.message for p in problems)


@pytest.mark.parametrize("body, message", [
    (o8d(section("Hero", (1, 1))).replace('qty="1"', 'qty="lots"'), "invalid quantity"),
    (o8d(section("Hero", (1, 1))).replace('qty="1"', 'qty="-2"'), "invalid quantity"),
    (o8d(section("Ally", (13, 500))), "more than 99"),
    (o8d(section("Hero")), "no cards"),
    (O8D_HEAD.replace("a21af4e8", "b21af4e8") + "</deck>", "another game"),
    ('<?xml version="1.0"?><decklist/>', "not an OCTGN deck"),
    (O8D_HEAD + '<card qty="1" id="%s"/></deck>' % (GUID % 1), "outside a <section>"),
    ("<deck", "not valid XML"),
    ('<?xml version="1.0" encoding="klingon"?><deck/>', "not valid XML"),
])
def test_o8d_bad_files(tmp_path, body, message):
    path = tmp_path / "bad.o8d"
    path.write_text(body, encoding="utf-8")
    with pytest.raises(DeckError, match=message) as info:
        load_deck(path)
    assert str(info.value).startswith("bad.o8d: ")


BOMB = ('<?xml version="1.0"?>\n<!DOCTYPE deck [<!ENTITY a "aaaaaaaaaa">'
        '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>\n'
        '<deck><section name="Hero"><card qty="1" id="x">&b;</card></section></deck>\n')
EXTERNAL = ('<?xml version="1.0"?>\n<!DOCTYPE deck SYSTEM "file:///etc/hostname">\n'
            '<deck><section name="Hero"><card qty="1" id="x">a</card></section></deck>\n')


@pytest.mark.parametrize("defused", [True, False], ids=["defusedxml", "stdlib-fallback"])
@pytest.mark.parametrize("body", [BOMB, EXTERNAL], ids=["entities", "external-dtd"])
def test_xml_declarations_are_refused(tmp_path, monkeypatch, defused, body):
    if defused:
        pytest.importorskip("defusedxml")
    else:
        monkeypatch.setattr(decks.o8d, "_safe_sax", None)
    path = tmp_path / "evil.o8d"
    path.write_text(body, encoding="utf-8")
    with pytest.raises(DeckError, match="unsafe XML"):
        load_deck(path)
    # the real files still load with either parser
    assert load_deck(FIXTURES / O8D_FILES["tactics"]).size == 30


def test_works_without_defusedxml_installed():
    code_ = ("import sys; sys.modules['defusedxml'] = None; "
             "import tabletop.games.lcg.decks as d; assert d.o8d._safe_sax is None; "
             "assert d.load_deck(sys.argv[1]).size == 31; "
             "assert d.deck_check_cli(sys.argv[2]) == 2")
    root = Path(__file__).resolve().parent.parent.parent
    evil = FIXTURES / "broken.o8d"
    result = subprocess.run([sys.executable, "-c", code_, str(FIXTURES / O8D_FILES["spirit"]),
                             str(evil)], cwd=root, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


# --------------------------------------------------------------------------- RingsDB JSON

def test_ringsdb_fixture():
    deck = legal_custom()
    assert deck.source == "ringsdb"
    assert deck.name == "Aragorn, Gimli and Legolas"
    assert deck.heroes == ("01001", "01004", "01005")
    assert deck.size == 50
    cards = dict(deck.cards)
    assert "01001" not in cards and "01004" not in cards      # heroes are not repeated
    assert "01033" not in cards                                # sideslots are not the deck
    assert cards["01013"] == 3 and cards["01073"] == 1
    assert starting_threat(deck) == 32
    assert validate_deck(deck) == []


def write_json(tmp_path, obj, name="deck.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(obj, indent=4), encoding="utf-8")
    return path


def test_ringsdb_shapes(tmp_path):
    base = json.loads((FIXTURES / "ringsdb-aragorn-gimli-legolas.json").read_text("utf-8"))
    reference = legal_custom()
    # without "heroes": heroes found by card type
    no_heroes = dict(base)
    del no_heroes["heroes"]
    assert load_deck(write_json(tmp_path, no_heroes)) == reference
    # wrapped in a one-element list (API answers), empty PHP-style sideslots, string quantities
    shaped = dict(base, sideslots=[], slots={k: str(v) for k, v in base["slots"].items()})
    assert load_deck(write_json(tmp_path, [shaped])) == reference
    # no name: the file name is used
    unnamed = dict(base)
    del unnamed["name"]
    assert load_deck(write_json(tmp_path, unnamed, "my-deck.json")).name == "my-deck"
    # JSON content is recognised whatever the extension
    assert load_deck(write_json(tmp_path, base, "deck.txt")) == reference


@pytest.mark.parametrize("obj, message", [
    ({"name": "x", "heroes": {"01013": 1}, "slots": {"01013": 1}}, "is not a hero"),
    ({"name": "x", "slots": {"01001": 1, "01013": "three"}}, "invalid quantity"),
    ({"name": "x", "slots": {"01001": 1, "01013": True}}, "invalid quantity"),
    ({"name": "x", "slots": {"01001": 1, "01013": "\u00b2"}}, "invalid quantity"),
    ({"name": "x", "slots": {"01001": 1, "01013": 2.0}}, "invalid quantity"),
    ({"name": "x", "slots": {"01001": 1, "01013": 1000}}, "more than 99"),
    ({"name": "x", "slots": "01001"}, "must map card codes"),
    ({"name": "x", "slots": {}}, "no cards"),
    ({"name": "x"}, "not a RingsDB deck"),
    ([1, 2], "not a RingsDB deck"),
    ("just a string", "not a RingsDB deck"),
])
def test_ringsdb_bad_shapes(tmp_path, obj, message):
    with pytest.raises(DeckError, match=message) as info:
        load_deck(write_json(tmp_path, obj))
    assert str(info.value).startswith("deck.json: ")


def test_ringsdb_unknown_code_names_the_line():
    with pytest.raises(DeckError) as info:
        load_deck(FIXTURES / "ringsdb-beyond-core.json")
    assert str(info.value) == ("ringsdb-beyond-core.json: unknown card code 02116 "
                               "(not a core set card) (line 10)")
    assert info.value.line == 10
    assert info.value.path.endswith("ringsdb-beyond-core.json")


def test_not_valid_json(tmp_path):
    path = tmp_path / "deck.json"
    path.write_text("nonsense", encoding="utf-8")
    with pytest.raises(DeckError) as info:
        load_deck(path)
    assert str(info.value).startswith(
        "deck.json: not valid JSON: Expecting value: line 1 column 1")
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 200000 + "]" * 200000, encoding="utf-8")
    with pytest.raises(DeckError, match="not valid JSON"):
        load_deck(deep)


# --------------------------------------------------------------------------- text lists

def test_ringsdb_text_export_fixture():
    deck = load_deck(FIXTURES / "ringsdb-text-export.txt")
    assert deck.source == "text"
    assert deck.name == "Spirit and Lore of Lorien"
    assert deck.heroes == (code("Éowyn"), code("Denethor"), code("Beravor"))
    assert deck.size == 50
    assert dict(deck.cards)[code("Lórien's Wealth")] == 2
    assert validate_deck(deck) == []


def test_handwritten_text_fixture():
    deck = load_deck(FIXTURES / "handwritten.txt")
    assert deck.name == "Dwarves of Erebor and Men of Gondor"
    assert deck.heroes == (code("Glóin"), code("Thalin"), code("Gimli"))
    cards = dict(deck.cards)
    assert deck.size == 50
    assert cards[code("Guard of the Citadel")] == 3
    assert cards[code("Faramir")] == 2
    assert cards[code("Snowbourn Scout")] == 3
    assert cards[code("Longbeard Orc Slayer")] == 2
    assert cards[code("Gondorian Spearman")] == 3
    assert cards[code("Celebrían's Stone")] == 1            # typed with a curly apostrophe
    assert cards[code("Veteran Axehand")] == 3              # "* 3x" bullet
    assert validate_deck(deck) == []


@pytest.mark.parametrize("line", [
    "3x Guard of the Citadel", "3 Guard of the Citadel", "Guard of the Citadel x3",
    "3 x Guard of the Citadel", "3× Guard of the Citadel", "guard of the citadel X 3",
    "3xGuard of the Citadel", "- 3x Guard of the Citadel",
    "3x Guard of the Citadel (Core Set)", "  3x  Guard of the Citadel   // comment",
])
def test_text_quantity_forms(line):
    deck = parse_deck_text("1x Aragorn\n" + line)
    assert deck.cards == (("01013", 3),)


def test_text_headers_comments_and_sums():
    text = """
    // my deck
    # another comment
    Heroes:
    Hero: (1)
    [Heroes]
    Aragorn
    Total Cards: (5)
    Allies (4):
    2x Guard of the Citadel
    Starting Threat: 12
    Author: someone
    2x guard of the citadel
    Events:
    1 Sneak Attack
    """
    deck = parse_deck_text(text, name="Given")
    assert deck.name == "Given"
    assert deck.heroes == ("01001",)
    assert deck.cards == (("01013", 4), ("01023", 1))
    assert "copies" in rules(validate_deck(deck), "error")


def test_text_first_line_is_the_name_only_when_not_a_card():
    assert parse_deck_text("My Deck\n1x Aragorn").name == "My Deck"
    assert parse_deck_text("Aragorn\n1x Gimli").heroes == ("01001", "01004")
    with pytest.raises(DeckError, match="did you mean \"Aragorn\""):
        parse_deck_text("Aragron\n1x Gimli")
    assert parse_deck_text("1x Aragorn").name == "Deck"


def test_text_unknown_names():
    with pytest.raises(DeckError) as info:
        load_deck(FIXTURES / "typo.txt")
    assert str(info.value) == ('typo.txt: unknown card "Gaurd of the Citadel"; '
                               'did you mean "Guard of the Citadel"? (line 5)')
    with pytest.raises(DeckError, match=r'unknown card "Frodo Baggins" \(not a core set card\) '
                                        r'\(line 2\)'):
        parse_deck_text("1x Aragorn\n2x Frodo Baggins")
    with pytest.raises(DeckError, match="more than 99"):
        parse_deck_text("1x Aragorn\n500x Guard of the Citadel")
    with pytest.raises(DeckError, match="too long"):
        parse_deck_text("1x Aragorn\n" + "a" * 300)
    with pytest.raises(DeckError, match="no cards"):
        parse_deck_text("# nothing here\nHeroes:\n")


# --------------------------------------------------------------------------- validation

def test_four_copies():
    deck = with_cards(legal_custom(), cards=legal_custom().cards + (("01013", 1),))
    problems = validate_deck(deck)
    assert rules(problems) == {"copies"}   # no extra card-pool note for the same card
    assert "4 copies of Guard of the Citadel" in errors(problems)[0].message


def test_three_copies_is_fine_even_beyond_one_box():
    deck = with_cards(legal_custom(), cards=legal_custom().cards + (("01019", 2),))  # Brok ×3
    problems = validate_deck(deck)
    assert errors(problems) == []
    assert rules(problems) == {"pool"}  # one core set has a single Brok Ironfist


def test_zero_heroes():
    problems = validate_deck(with_cards(legal_custom(), heroes=()))
    assert rules(problems, "error") == {"heroes"}   # no sphere noise without heroes


def test_four_heroes():
    deck = with_cards(legal_custom(), heroes=("01001", "01004", "01005", "01002"))
    assert rules(validate_deck(deck), "error") == {"heroes"}


def test_unique_hero_twice():
    deck = with_cards(legal_custom(), heroes=("01001", "01001", "01004"))
    problems = validate_deck(deck)
    assert rules(problems, "error") == {"unique_hero"}
    assert len(errors(problems)) == 1


def test_sphere_mismatch_and_neutral_exempt():
    # Gimli, Legolas and Thalin are all Tactics: the Leadership cards cannot be paid for
    deck = with_cards(legal_custom(), heroes=("01004", "01005", "01006"))
    problems = validate_deck(deck)
    assert rules(problems, "error") == {"sphere"}
    mismatched = {p.message.split(" of ", 1)[1].split(" (")[0] for p in errors(problems)}
    assert "Guard of the Citadel" in mismatched
    assert "Gandalf" not in mismatched                # neutral
    assert not any("Veteran Axehand" in p.message for p in problems)
    assert len(errors(problems)) == 15                # the 15 Leadership titles


def test_size_starter_is_a_note_custom_is_an_error():
    starter = starter_deck("spirit")
    problems = validate_deck(starter)
    assert [(p.severity, p.rule) for p in problems] == [("note", "size")]
    # the same 30 cards with other heroes are a custom deck: too small
    custom = with_cards(starter, heroes=("01007", "01008", "01011"), source="text")
    problems = validate_deck(custom)
    assert rules(problems, "error") == {"size"}
    assert "30 cards" in errors(problems)[0].message
    # an exact copy of the starter list from a file is still the starter deck
    copy = with_cards(starter, source="text", name="typed in")
    assert rules(validate_deck(copy)) == {"size"} and errors(validate_deck(copy)) == []


@pytest.mark.parametrize("name, deck_kind", [("King Spider", "encounter"),
                                            ("Flies and Spiders", "quest")])
def test_encounter_and_quest_cards_in_a_player_deck(name, deck_kind):
    [card] = DB.find_name(name)
    deck = with_cards(legal_custom(), cards=legal_custom().cards + ((card.code, 1),))
    problems = validate_deck(deck)
    assert rules(problems, "error") == {"not_player_card"}
    assert name in errors(problems)[0].message and deck_kind in errors(problems)[0].message


def test_unknown_codes_and_misplaced_heroes_in_a_hand_made_deck():
    deck = Deck("hand made", ("01001", "99999", "01013"), (("01002", 1), ("77777", 2)), "text")
    found = rules(validate_deck(deck), "error")
    assert {"unknown", "not_hero", "hero_in_deck"} <= found


def test_seats():
    a = starter_deck("leadership")
    b = starter_deck("tactics")
    assert errors(validate_seats([a, b])) == []
    problems = validate_seats([a, b, with_cards(starter_deck("lore"), heroes=("01010", "01001"))])
    shared = [p for p in problems if p.rule == "shared_hero"]
    assert len(shared) == 1 and shared[0].severity == "error"
    assert "Aragorn" in shared[0].message and "1, 3" in shared[0].message
    assert "pool" not in rules(problems)                # a shared hero is not a pool note
    seat3 = [p for p in problems if p.message.startswith("Seat 3: ")]
    assert seat3 and all(p.rule != "shared_hero" for p in seat3)
    assert [p.rule for p in problems if p.message.startswith("Seat 1: ")] == ["size"]


def test_seat_shared_heroes_names_each_seats_heroes_and_the_other_seats():
    a = starter_deck("leadership")                       # Aragorn, Théodred, Glóin
    c = with_cards(starter_deck("lore"), heroes=("01010", "01001"))   # ... and Aragorn
    d = with_cards(starter_deck("spirit"), heroes=("01001", "01002"))  # Aragorn, Théodred
    assert shared_heroes([a, starter_deck("tactics")]) == {}
    per_seat = seat_shared_heroes([a, starter_deck("tactics"), c, d])
    assert [len(p) for p in per_seat] == [1, 0, 1, 1]
    first = per_seat[0][0]
    assert first.rule == "shared_hero" and first.is_error
    assert first.message.startswith("shares Aragorn, Théodred with seats 3, 4;")
    assert per_seat[2][0].message.startswith("shares Aragorn with seats 1, 4;")
    assert set(shared_heroes([a, c])) == {"aragorn"}
    # the table-level check reads the same finding
    table = [p for p in validate_seats([a, c]) if p.rule == "shared_hero"]
    assert len(table) == 1 and "seats 1, 2" in table[0].message


def test_seats_card_pool_note():
    octgn = [load_deck(FIXTURES / O8D_FILES[s]) for s in SPHERES]
    problems = validate_seats(octgn)
    assert errors(problems) == []
    pool = [p for p in problems if p.rule == "pool"]
    assert len(pool) == 1 and "8 copies of Gandalf" in pool[0].message


# --------------------------------------------------------------------------- deck check CLI

def test_cli_legal():
    rc, text = run_cli(FIXTURES / "ringsdb-aragorn-gimli-legolas.json")
    assert rc == 0
    assert text.splitlines() == [
        "Deck: Aragorn, Gimli and Legolas",
        "Heroes: Aragorn, Gimli, Legolas (starting threat 32)",
        "Player deck: 50 cards (heroes not counted)",
        "Legal deck.",
    ]


def test_cli_starter_name():
    rc, text = run_cli("starter:spirit")
    assert rc == 0
    assert "Éowyn, Eleanor, Dúnhere (starting threat 24)" in text
    assert "note: 30 cards" in text


def test_cli_illegal(tmp_path):
    path = tmp_path / "illegal.txt"
    path.write_text("Gimli\nLegolas\n4x Guard of the Citadel\n3x Veteran Axehand\n",
                    encoding="utf-8")
    rc, text = run_cli(path)
    assert rc == 1
    assert "Player deck: 7 cards (heroes not counted)" in text
    assert "error: 4 copies of Guard of the Citadel" in text
    assert "error: 4 copies of Guard of the Citadel (Leadership) cannot be paid for" in text
    assert "error: 7 cards in the player deck" in text
    assert text.splitlines()[-1] == "Not legal: 3 errors."


@pytest.mark.parametrize("name, message", [
    ("broken.o8d", "error: broken.o8d: not valid XML: mismatched tag (line 8, column 4)"),
    ("broken.json", "error: broken.json: not valid JSON: Expecting property name"),
    ("ringsdb-beyond-core.json", "error: ringsdb-beyond-core.json: unknown card code 02116"),
    ("unknown-guid.o8d", "error: unknown-guid.o8d: unknown OCTGN card id "
                         "12345678-90ab-cdef-1234-567890abcdef (Bilbo Baggins): "
                         "not a core set card (line 8)"),
    ("typo.txt", 'error: typo.txt: unknown card "Gaurd of the Citadel"; did you mean'),
    ("missing.o8d", "error: missing.o8d: no such file"),
])
def test_cli_unreadable_fixtures(name, message):
    rc, text = run_cli(FIXTURES / name)
    assert rc == 2
    assert text.startswith(message)
    assert len(text.splitlines()) == 1


@pytest.mark.parametrize("content, message", [
    (None, "is a directory"),
    (b"", "the file is empty"),
    (b"\xef\xbb\xbf  \n\t\n", "the file is empty"),
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xd8", "not a text file"),
    (b"abc\x00def", "not a text file"),
])
def test_cli_junk(tmp_path, content, message):
    path = tmp_path / "junk"
    if content is None:
        path.mkdir()
    else:
        path.write_bytes(content)
    rc, text = run_cli(path)
    assert rc == 2
    assert text.startswith("error: junk: ") and message in text


def test_size_limit(tmp_path):
    path = tmp_path / "huge.txt"
    path.write_bytes(b"3x Guard of the Citadel\n" * 50000)   # 1.2 MB
    with pytest.raises(DeckError, match="too large"):
        load_deck(path)
    assert run_cli(path)[0] == 2


def test_utf16_text_is_read(tmp_path):
    path = tmp_path / "notepad.txt"
    path.write_bytes("1x Éowyn\n3x Lórien Guide\n".encode("utf-16"))
    assert load_deck(path).cards == (("01044", 3),)


def test_cli_never_raises_even_for_odd_arguments():
    for arg in ("", "\x00", "/", "starter:", 12345, None):
        out = io.StringIO()
        assert deck_check_cli(arg, out=out) == 2
        assert out.getvalue().startswith("error: ")


def test_messages_go_through_gettext(monkeypatch):
    for module in (decks, decks.ringsdb):  # the command line, and the format that fails
        monkeypatch.setattr(module, "_", lambda s: "«" + s + "»")
    rc, text = run_cli(FIXTURES / "broken.json")
    assert rc == 2
    assert text.startswith("«error: «broken.json: not valid JSON: ")  # both levels translated


def test_no_pygame_in_the_model():
    code_ = ("import sys, tabletop.games.lcg.decks; "
             "bad = [m for m in sys.modules "
             "       if m.split('.')[0] in ('pygame', 'pymunk', 'pygame_gui')]; "
             "sys.exit(1 if bad else 0)")
    root = Path(__file__).resolve().parent.parent.parent
    assert subprocess.run([sys.executable, "-c", code_], cwd=root).returncode == 0


# --------------------------------------------------------------------------- fuzzing

FUZZ = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])

XML_PIECES = [
    O8D_HEAD, "<deck>", "</deck>", '<section name="Hero" shared="False">',
    '<section name="Encounter" shared="True">', "</section>", "<section>",
    '<card qty="1" id="%s">' % (GUID % 1), '<card qty="3" id="%s">' % (GUID % 13),
    '<card qty="x" id="%s">' % (GUID % 74), '<card id="nope">', "</card>", "<card/>",
    "Aragorn", "&amp;", "&bogus;", "<![CDATA[x]]>", "<!-- c -->", "<!DOCTYPE deck>", "\x00", "é",
]


def check_loader(data: bytes, suffix: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "fuzz" + suffix)
        with open(path, "wb") as fh:
            fh.write(data)
        try:
            deck = load_deck(path)
        except DeckError as exc:
            assert str(exc)
        else:
            assert isinstance(deck, Deck)
            validate_deck(deck)
        out = io.StringIO()
        assert deck_check_cli(path, out=out) in (0, 1, 2)


@FUZZ
@given(data=st.binary(max_size=400), suffix=st.sampled_from([".o8d", ".json", ".txt", ""]))
def test_fuzz_random_bytes(data, suffix):
    check_loader(data, suffix)


@FUZZ
@given(pieces=st.lists(st.sampled_from(XML_PIECES), max_size=12))
def test_fuzz_xmlish(pieces):
    check_loader("".join(pieces).encode("utf-8"), ".o8d")


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 200) | st.floats(allow_nan=True)
    | st.sampled_from(["01001", "01013", "01074", "02116", "3", ""]) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.sampled_from(["name", "heroes", "slots", "01001", "01013", "01074",
                                       "99999", "sideslots"]), inner, max_size=4),
    max_leaves=15)


@FUZZ
@given(value=JSON_VALUES)
@example(value={"heroes": {"01001": "\u00b2"}})    # a Unicode digit that int() refuses
@example(value={"slots": {"01001": 1, "01013": 1e308}})
def test_fuzz_json_shapes(value):
    check_loader(json.dumps(value).encode("utf-8"), ".json")


@FUZZ
@given(text=st.text(max_size=300))
def test_fuzz_text(text):
    try:
        deck = parse_deck_text(text)
    except DeckError as exc:
        assert str(exc)
    else:
        validate_deck(deck)
        validate_seats([deck, deck])


@FUZZ
@given(lines=st.lists(st.sampled_from([
    "3x Guard of the Citadel", "Aragorn", "Gandalf x9", "Heroes:", "# c", "0 Beorn",
    "1x King Spider", "Name: x", "[Allies]", "2 Gaurd of the Citadel", "99x Feint", "x3",
    "Theodred", "Total Cards: (3)", "", "  ", "1x A Chosen Path"]), max_size=10))
def test_fuzz_text_lines(lines):
    check_loader("\n".join(lines).encode("utf-8"), ".txt")


def test_a_deck_with_tens_of_thousands_of_slots_is_refused_quickly(tmp_path):
    """Issue 9: 70,000 slots took 32 s (a line number looked up for every card)."""
    import json as _json
    import time as _time
    from tabletop.games.lcg.decks import MAX_DECK_ENTRIES, DeckError, load_deck
    path = tmp_path / "huge.json"
    path.write_text(_json.dumps({"name": "x", "slots": {f"{i:05d}": 1 for i in range(70_000)}},
                                indent=1))
    started = _time.perf_counter()
    with pytest.raises(DeckError) as info:
        load_deck(str(path))
    assert _time.perf_counter() - started < 1.0
    assert str(MAX_DECK_ENTRIES) in str(info.value)
    many = tmp_path / "many.json"                      # few entries, absurd quantities
    many.write_text(_json.dumps({"slots": {"01001": 1, **{c: 99 for c in
                                 ("01002", "01003", "01004", "01005", "01006", "01007",
                                  "01008", "01009", "01010", "01011", "01012")}}}))
    with pytest.raises(DeckError, match="more than 1000 cards"):
        load_deck(str(many))


def test_a_broken_deck_file_is_refused_in_polish():
    from tabletop.core import i18n
    i18n.set_language("pl")
    try:
        with pytest.raises(DeckError, match="^broken.json: nieprawidłowy JSON: "):
            load_deck(FIXTURES / "broken.json")
    finally:
        i18n.set_language(None)
