"""User-facing text goes through gettext: a catalog changes what the log says."""


from tabletop.core import commands as C
from tabletop.core import i18n
from tabletop.core.session import Session
from tabletop.games.lcg.setup import new_table


def _write_mo(path, entries):
    """A minimal GNU .mo file (the format gettext reads), written by hand."""
    import struct
    keys = sorted(entries)
    ids = b"".join(k.encode() + b"\0" for k in keys)
    strs = b"".join(entries[k].encode() + b"\0" for k in keys)
    n = len(keys)
    start = 7 * 4 + 16 * n
    koffs, voffs, o = [], [], 0
    for k in keys:
        koffs.append((len(k.encode()), start + o))
        o += len(k.encode()) + 1
    o2 = 0
    for k in keys:
        v = entries[k].encode()
        voffs.append((len(v), start + len(ids) + o2))
        o2 += len(v) + 1
    out = struct.pack("Iiiiiii", 0x950412de, 0, n, 7 * 4, 7 * 4 + 8 * n, 0, 0)
    out += b"".join(struct.pack("ii", *x) for x in koffs)
    out += b"".join(struct.pack("ii", *x) for x in voffs)
    path.write_bytes(out + ids + strs)


def test_a_catalog_translates_log_text(tmp_path):
    mo = tmp_path / "cs" / "LC_MESSAGES"
    mo.mkdir(parents=True)
    _write_mo(mo / "tabletop.mo", {"": "Content-Type: text/plain; charset=UTF-8\n",
                                   "{seat} shuffled {zone}": "{seat} zamíchal {zone}"})
    try:
        i18n.set_language("cs", str(tmp_path))
        s = Session(new_table(seed=1))
        r = s.submit(C.Shuffle(0, "p1.deck"))
        assert r.entry.text.startswith("Player 1 zamíchal")
    finally:
        i18n.set_language(None)
    r = Session(new_table(seed=1)).submit(C.Shuffle(0, "p1.deck"))
    assert "shuffled" in r.entry.text


def test_the_message_template_lists_the_interface_text():
    pot = (i18n.LOCALE_DIR + "/tabletop.pot")
    text = open(pot, encoding="utf-8").read()
    for msgid in ("{seat} drew {n} card", "Pass the computer to {name}", "Draw how many cards?"):
        assert f'msgid "{msgid}"' in text


# ------------------------------------------------------------ languages --

import datetime
import json
import os

import pytest

from tabletop.core import catalogs


@pytest.fixture
def lang():
    """Switch languages inside a test; English again afterwards."""
    yield i18n.set_language
    i18n.set_language(None)


@pytest.mark.parametrize("code", ["cs", "pl"])
def test_every_interface_string_has_a_current_translation(code):
    """Extract the template from the sources and compare it with the catalog: nothing
    untranslated, fuzzy, stale or obsolete, placeholders kept, the .mo compiled from it.
    (A card's paraphrase may be pending: catalogs.pending lists it, the face shows it in
    English, marked.)"""
    problems = catalogs.problems(code)
    assert not problems, f"{len(problems)} problems, e.g.:\n" + "\n".join(problems[:15])


def test_the_committed_template_is_the_sources_extracted():
    _header, entries = catalogs.read_po(catalogs.POT)
    assert {e.msgid for e in entries} == set(catalogs.extract()), \
        "run: python3 -m tabletop.core.catalogs update"


def test_the_glossaries_are_current_with_the_cards():
    """Every card's names and data paraphrase have their glossary entries, and each
    entry records the English it translates (a new or reworded card: run update)."""
    from tabletop.core import glossaries
    assert glossaries.refresh(catalogs.languages(), write=False) == [], \
        "run: python3 -m tabletop.core.catalogs update"


@pytest.fixture
def locale_copy(tmp_path, monkeypatch):
    """The catalogs and glossaries copied into tmp_path, where catalogs and glossaries
    now read and write."""
    import shutil
    from tabletop.core import glossaries
    here = tmp_path / "locale"
    shutil.copytree(catalogs.LOCALE, here)
    monkeypatch.setattr(catalogs, "LOCALE", str(here))
    monkeypatch.setattr(catalogs, "POT", str(here / "tabletop.pot"))
    monkeypatch.setattr(glossaries, "GLOSSARY_DIR", str(here / "glossary"))
    return here


def _sources_say(monkeypatch, renamed=None, added=()):
    """The sources as extract() will read them: a msgid reworded, new ones added."""
    import dataclasses
    real = catalogs.extract()
    template = {}
    for msgid, e in real.items():
        new = (renamed or {}).get(msgid, msgid)
        template[new] = dataclasses.replace(e, msgid=new)
    for msgid in added:
        template[msgid] = catalogs.Entry(msgid, refs=["tabletop/x.py:1"])
    monkeypatch.setattr(catalogs, "extract", lambda root=catalogs.ROOT: template)


def test_a_reworded_card_paraphrase_is_pending_not_a_failure(locale_copy, monkeypatch, lang):
    from tabletop.games.lcg.cardspecs import face_text, load
    old, new = "+1 attack for each damage on him.", "+1 attack per damage token on him."
    monkeypatch.setattr(load()["01004"], "text", new)          # Gimli's declaration, reworded
    _sources_say(monkeypatch, renamed={old: new})
    catalogs.update()
    for code in ("cs", "pl"):
        assert catalogs.problems(code) == []
        assert f"{code}: card text pending {new!r}" in catalogs.pending(code)
        _header, entries = catalogs.read_po(catalogs.po_path(code))
        entry = next(e for e in entries if e.msgid == new)
        assert "fuzzy" in entry.flags and entry.previous == old and entry.msgstr[0]   # kept
    assert catalogs.pending_cards("lcg")["01004"] == ["cs", "pl"]
    # the Czech face: Gimli's text in English, marked; the rest of the card game in Czech
    lang("cs", str(locale_copy))
    assert i18n.PENDING_MARK + new in face_text("01004")[0]
    assert face_text("01001")[0].startswith("Stráž.")


def test_an_untranslated_interface_string_still_fails(locale_copy, monkeypatch):
    _sources_say(monkeypatch, added=["A brand-new refusal."])
    catalogs.update()
    assert "cs: untranslated 'A brand-new refusal.'" in catalogs.problems("cs")
    assert not any("brand-new" in p for p in catalogs.pending("cs"))


def test_a_new_card_gets_pending_glossary_entries_and_a_reworded_one_pending_texts(tmp_path):
    from tabletop.core import glossaries
    from tabletop.core.games import CardRow
    (tmp_path / "g-texts.json").write_text(json.dumps({"about": "", "texts": {"1": {
        "en": {"text": "Old words.", "shadow": ""}, "cs": {"text": "Stará slova.", "shadow": ""},
        "pl": {"text": "", "shadow": ""}}}}), encoding="utf-8")
    (tmp_path / "g.json").write_text(json.dumps({"about": "", "names": {"Old": {
        "cs": "Starý", "source_cs": "translated", "pl": "Stary", "source_pl": "translated"}}}))
    cards = [CardRow("1", "Old", "ally", "New words.", data_text=("New words.", ""), terms=("Old",)),
             CardRow("2", "Fresh", "ally", "Fresh words.", data_text=("Fresh words.", ""),
                     terms=("Fresh", "Old"))]
    games = {"g": cards}
    changed = glossaries.refresh(["cs", "pl"], directory=str(tmp_path), games=games)
    assert sorted(os.path.basename(p) for p in changed) == ["g-texts.json", "g.json"]
    texts = json.loads((tmp_path / "g-texts.json").read_text(encoding="utf-8"))["texts"]
    assert texts["1"] == {"en": {"text": "New words.", "shadow": ""},
                          "cs": {"text": "Stará slova.", "shadow": "", "pending": True},
                          "pl": {"text": "", "shadow": ""}}        # kept, marked pending
    assert texts["2"]["en"] == {"text": "Fresh words.", "shadow": ""} and not texts["2"]["cs"]["text"]
    names = json.loads((tmp_path / "g.json").read_text(encoding="utf-8"))["names"]
    assert names["Old"]["cs"] == "Starý" and names["Fresh"] == {
        "cs": "", "source_cs": "", "pl": "", "source_pl": ""}
    assert glossaries.refresh(["cs", "pl"], directory=str(tmp_path), games=games) == []
    found = glossaries.pending(["cs", "pl"], directory=str(tmp_path), games=games)["g"]
    assert "cs: paraphrase (g-texts.json)" in found["1"] and "cs: name 'Fresh' (g.json)" in found["2"]


def test_a_pending_data_paraphrase_is_shown_in_english_marked(monkeypatch, lang):
    from tabletop.games.lcg.cards import core_set
    from tabletop.games.lcg.names import rules_text
    cdef = core_set()["01120"]                     # a quest card: its face reads the data's text
    texts = dict(i18n.glossary("lcg-texts"))
    entry = texts["01120"]
    lang("cs")
    assert rules_text(cdef)[0] == entry["cs"]["text"]
    texts["01120"] = {**entry, "cs": {**entry["cs"], "pending": True}}
    monkeypatch.setitem(i18n._glossaries, "lcg-texts", texts)
    assert rules_text(cdef)[0] == i18n.PENDING_MARK + cdef.rules_text
    texts["01120"] = {**entry, "en": {"text": "Other English.", "shadow": ""}}   # made from other words
    assert rules_text(cdef)[0] == i18n.PENDING_MARK + cdef.rules_text


def test_czech_and_polish_plurals_have_three_forms(lang):
    lang("cs")
    forms = [i18n.ngettext("{name} draws {n} card.", "{name} draws {n} cards.", n) for n in (1, 3, 5)]
    assert len(set(forms)) == 3, forms
    lang("pl")
    one, few, many = (i18n.ngettext("{name} draws {n} card.", "{name} draws {n} cards.", n)
                      for n in (1, 22, 25))
    assert len({one, few, many}) == 3
    assert i18n.ngettext("{name} draws {n} card.", "{name} draws {n} cards.", 12) == many


def test_numbers_and_dates_in_the_local_style(lang):
    d = datetime.datetime(2026, 11, 24, 9, 5)
    lang("en")
    assert i18n.format_number(12345.5, 1) == "12,345.5" and i18n.format_date(d) == "24 Nov 2026"
    lang("cs")
    assert i18n.format_number(1234) == "1\u00a0234" and i18n.format_number(2.5, 1) == "2,5"
    assert i18n.format_date(d) == "24.\u00a011.\u00a02026" and i18n.format_datetime(d).endswith("09:05")
    lang("pl")
    assert i18n.format_number(1234) == "1234" and i18n.format_number(12345) == "12\u00a0345"
    assert i18n.format_date(d) == "24.11.2026"


def test_the_language_comes_from_the_command_line_then_the_saved_choice_then_the_system(
        tmp_path, monkeypatch, lang):
    monkeypatch.setenv("LOTR_TABLETOP_CONFIG", str(tmp_path))
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")
    assert i18n.choose_language(None) == "pl"
    i18n.save_language("cs")
    assert json.loads((tmp_path / "settings.json").read_text())["language"] == "cs"
    assert i18n.choose_language(None) == "cs"
    assert i18n.choose_language("en") == "en"
    monkeypatch.setenv("LANG", "C.UTF-8")
    (tmp_path / "settings.json").unlink()
    assert i18n.choose_language(None) == "en"


def test_main_takes_lang_before_or_after_the_command():
    import main
    assert main.build_parser().parse_args(["--lang", "cs", "deck", "check", "x"]).lang == "cs"
    assert main.build_parser().parse_args(["new", "lcg", "--lang", "pl"]).lang == "pl"
    assert main.build_parser().parse_args(["new", "lcg"]).lang is None


def test_a_switch_reaches_card_declarations_marked_at_import(lang):
    from tabletop.games.lcg.cardspecs import face_text
    english = face_text("01001")[0]
    lang("cs")
    czech = face_text("01001")[0]
    assert czech != english and czech.startswith("Stráž.") and "Reakce:" in czech
    lang("pl")
    assert face_text("01001")[0].startswith("Wartownik.")


def test_log_lines_name_cards_in_the_language_of_the_moment(lang):
    s = Session(new_table(seed=1))
    lang("cs")
    from tabletop.games.lcg.sandbox import card_name
    from tabletop.games.lcg.cards import core_set
    assert card_name(core_set(), s.state, next(
        c for c, card in s.state.cards.items() if card.code == "01013")) == "Strážce Citadely"
    lang("pl")
    assert card_name(core_set(), s.state, next(
        c for c, card in s.state.cards.items() if card.code == "01013")) == "Strażnik Cytadeli"


# ------------------------------------------------------------ glossaries --

def _lcg_terms():
    from tabletop.games.lcg.cards import core_set
    db = core_set()
    names = set()
    for c in db:
        names |= {c.name, *c.traits, c.encounter_set or c.name, c.scenario or c.name}
        names |= {n for n in (c.side_a_name, c.side_b_name) if n}
        names |= {k.rsplit(" ", 1)[0] + " X" if k[-1].isdigit() else k for k in c.keywords}
    names |= {s["name"] for s in db.scenarios.values()} | set(db.encounter_sets)
    names |= {"Leadership", "Tactics", "Spirit", "Lore", "Neutral"}
    return names


def test_every_printed_name_of_the_card_game_is_in_the_glossary_with_its_source():
    """Every name has an entry; a translated one cites its source.  (An empty one is a
    pending translation: a new card's name, shown in English, listed by catalogs check.)"""
    g = i18n.glossary("lcg")
    missing = sorted(n for n in _lcg_terms() if n not in g)
    assert not missing, missing
    for en, entry in g.items():
        for code in ("cs", "pl"):
            if not entry.get(code):
                continue
            src = entry.get("source_" + code, "")
            assert src == "translated" or src.split(":")[0].endswith(".txt"), (en, src)


def test_seed_sources_name_a_line_that_prints_the_name():
    """Where the seeds are beside the repository, every cited line holds the name
    (or an inflected form: the first four letters of each word)."""
    here = os.path.dirname(os.path.abspath(__file__))
    seeds = None
    for up in range(2, 6):
        cand = os.path.join(here, *[".."] * up, "shared", "seeds")
        if os.path.isdir(cand):
            seeds = cand
            break
    if seeds is None:
        pytest.skip("the seed rulebooks are not beside this checkout")
    for game in ("lcg", "wotr", "coc"):
        for en, entry in i18n.glossary(game).items():
            for code in ("cs", "pl"):
                src = entry.get("source_" + code, "translated")
                if src == "translated":
                    continue
                fname, line = src.rsplit(":", 1)
                lines = open(os.path.join(seeds, fname), encoding="utf-8").read().split("\n")
                near = " ".join(lines[int(line) - 1:int(line) + 2]).replace(" ", "")
                for word in entry[code].split():
                    word = word.strip("!.,…")
                    stem = word[:max(1, min(4, len(word) - 1))]
                    assert stem.lower() in near.lower(), (game, en, code, src, word)


def test_card_texts_record_their_english_and_translate_all_of_it():
    """Each card's entry in lcg-texts.json records the English it translates; a translation
    that is not pending has a text, and a shadow text exactly when the English has one."""
    from tabletop.core.glossaries import text_pending
    from tabletop.games.lcg.cards import core_set
    texts = i18n.glossary("lcg-texts")
    for c in core_set():
        entry = texts[c.code]
        assert entry["en"] == {"text": c.rules_text, "shadow": c.shadow_text}, c.code
        for code in ("cs", "pl"):
            tr = entry[code]
            if not text_pending(entry, code, (c.rules_text, c.shadow_text)):
                assert tr["text"] and (bool(tr.get("shadow")) == bool(c.shadow_text)), (c.code, code)


def test_localized_cards_keep_their_codes_and_game_data_stays_english(lang):
    from tabletop.games.lcg.cards import core_set
    from tabletop.games.lcg.names import localized
    cdef = core_set()["01031"]
    lang("cs")
    shown = localized(cdef)
    assert (shown.code, shown.name, cdef.name) == ("01031", "Medděd", "Beorn")
    lang("pl")
    assert localized(core_set()["01001"]).keywords == ("Wartownik",)
    assert localized(core_set()["01084"]).keywords[0] == "Zwycięstwo 3"


def _coc_names():
    from tabletop.games.coc.data import game_data
    d = game_data()
    names = {loc.name for loc in d.locations.values()} | {v[0] for v in d.regions.values()}
    names |= {n.name for n in d.nations.values()} | {row[1] for row in d.score_rows}
    for half in (d.fp, d.sh):
        names |= {c.name for c in half.characters.values()}
        names |= {t.name for t in half.tracks.values() if t.name}
    return names


def _wotr_names():
    from tabletop.games.wotr import data as W
    names = {r.name for r in W.regions().values()} | {c.name for c in W.characters().values()}
    names |= {s.name for s in W.sovereigns().values()} | {c.name for c in W.chieftains().values()}
    names |= {e.name for e in W.kings_events()}
    rulers = W.raw()["rulers"]
    for s in rulers["sovereigns"].values():
        names |= {s["ability_1"]["name"], s["ability_2"]["name"], *(w["name"] for w in s["weaknesses"])}
    names |= {c["ability"]["name"] for c in rulers["dark_chieftains"].values()}
    return names


@pytest.mark.parametrize("game, names", [("coc", _coc_names), ("wotr", _wotr_names)])
def test_every_board_name_of_the_other_games_is_in_czech_and_polish(game, names, lang):
    g = i18n.glossary(game)
    missing = sorted(n for n in names() if n not in g)
    assert not missing, missing
    for code in ("cs", "pl"):
        lang(code)
        for en in names():
            assert i18n._(en) == g[en][code] or i18n._(en) != en, (game, en, code)
