"""Procedural card faces, backs and the user image pack."""
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import time  # noqa: E402
from collections import Counter  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from sprites import cardimages  # noqa: E402
from sprites.games.lcg import cardpaint, cardtext  # noqa: E402
from sprites.games.lcg.cardface import (  # noqa: E402
    CARD_H, CARD_W, CORNER_KEY, ImagePack, face_surface, render_back, render_front,
)
from tabletop.games.lcg.cards import core_set  # noqa: E402

SIZES = [(CARD_W, CARD_H), (100, 140)]


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield


@pytest.fixture(scope="module")
def db():
    return core_set()


def _faces(db):
    for card in db:
        yield card, "A"
        if card.type == "quest":
            yield card, "B"


def _rgb(surf, xy):
    return tuple(surf.get_at(xy))[:3]


def _corners(surf):
    w, h = surf.get_size()
    return [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)]


def _assert_card_surface(surf, size):
    assert surf.get_size() == size
    assert surf.get_colorkey() is not None
    assert tuple(surf.get_colorkey())[:3] == CORNER_KEY
    for xy in _corners(surf):
        assert _rgb(surf, xy) == CORNER_KEY, xy
    w, h = size
    # the key is only in the corners: edges' middles and the centre are card
    for xy in [(w // 2, 0), (0, h // 2), (w // 2, h - 1), (w - 1, h // 2), (w // 2, h // 2)]:
        assert _rgb(surf, xy) != CORNER_KEY, xy


def _count_key(surf):
    return sum(1 for x in range(surf.get_width()) for y in range(surf.get_height())
               if _rgb(surf, (x, y)) == CORNER_KEY)


def _mean(surf, rect=None):
    sub = surf.subsurface(rect) if rect else surf
    avg = pygame.transform.average_color(sub)
    return avg[:3]


def _dominant(surf, rect):
    counts = Counter()
    for x in range(rect[0], rect[0] + rect[2]):
        for y in range(rect[1], rect[1] + rect[3]):
            r, g, b = _rgb(surf, (x, y))
            counts[(r // 24, g // 24, b // 24)] += 1
    return counts.most_common(1)[0][0]


def _differs(a, b, min_fraction=0.05):
    """True when at least min_fraction of the pixels differ."""
    assert a.get_size() == b.get_size()
    w, h = a.get_size()
    diff = sum(1 for x in range(0, w, 2) for y in range(0, h, 2)
               if _rgb(a, (x, y)) != _rgb(b, (x, y)))
    return diff >= min_fraction * (w // 2) * (h // 2)


# ------------------------------------------------------------------ fronts --


def test_core_set_has_its_128_cards(db):
    assert len(db) >= 128             # the core set's; a card added later does not change this test


@pytest.mark.parametrize("size", SIZES)
def test_every_front_renders_with_keyed_corners(db, size):
    n = 0
    for card, side in _faces(db):
        surf = render_front(card, *size, side=side)
        _assert_card_surface(surf, size)
        n += 1
    assert n == len(db) + sum(1 for c in db if c.type == "quest")  # and the B side of each quest


def test_corner_key_only_in_the_corners(db):
    surf = render_front(db["01001"])
    keyed = _count_key(surf)
    r = cardpaint._radius(CARD_W, CARD_H)
    # four corners of radius r leave about (4 - pi) * r^2 = 0.86 r^2 pixels
    assert 0.6 * r * r <= keyed <= 1.2 * r * r


def test_colorkey_is_rle_accelerated(db):
    surf = render_front(db["01001"])
    assert surf.get_flags() & pygame.RLEACCELOK or surf.get_flags() & pygame.RLEACCEL


def test_default_size_is_master_size(db):
    assert render_front(db["01001"]).get_size() == (CARD_W, CARD_H)
    assert render_back("player").get_size() == (CARD_W, CARD_H)


def test_other_sizes_render(db):
    for size in [(40, 56), (175, 245), (500, 700)]:
        for code in ("01001", "01075", "01119"):
            _assert_card_surface(render_front(db[code], *size), size)
            _assert_card_surface(render_front(db[code], *size, side="B"), size)


def test_bad_side_is_refused(db):
    with pytest.raises(ValueError):
        render_front(db["01119"], side="C")


def test_lower_case_side_is_accepted(db):
    q = db["01119"]
    a = render_front(q, side="b")
    b = render_front(q, side="B")
    assert not _differs(a, b, 0.0001)


def test_spheres_have_distinct_frame_colours(db):
    # one ally per sphere; the frame shows on the left, beside the art
    allies = {}
    for card in db:
        if card.type == "ally" and card.sphere not in allies:
            allies[card.sphere] = card
    assert set(allies) == {"leadership", "tactics", "spirit", "lore", "neutral"}
    strip = (8, 100, 5, 150)
    dom = {s: _dominant(render_front(c), strip) for s, c in allies.items()}
    assert len(set(dom.values())) == 5, dom
    # and the colours are the ones of the spheres
    mean = {s: _mean(render_front(c), strip) for s, c in allies.items()}
    r, g, b = mean["tactics"]
    assert r > g + 40 and r > b + 40
    r, g, b = mean["spirit"]
    assert b > r + 40 and b > g
    r, g, b = mean["lore"]
    assert g > r + 30 and g > b + 30
    r, g, b = mean["leadership"]
    assert r > g + 30 and b > g + 30
    r, g, b = mean["neutral"]
    assert max(r, g, b) - min(r, g, b) < 20


def test_encounter_types_have_distinct_frames(db):
    seen = {}
    for card in db:
        if card.deck == "encounter" and card.type not in seen:
            seen[card.type] = card
    assert set(seen) == {"enemy", "location", "treachery", "objective"}
    strip = (8, 100, 5, 150)
    dom = {t: _dominant(render_front(c), strip) for t, c in seen.items()}
    assert len(set(dom.values())) == 4, dom


def test_quest_sides_differ(db):
    quests = [c for c in db if c.type == "quest"]
    assert len(quests) == 10
    for q in quests:
        for size in SIZES:
            a = render_front(q, *size, side="A")
            b = render_front(q, *size, side="B")
            assert _differs(a, b), q.code


def test_side_is_ignored_for_non_quest_cards(db):
    a = render_front(db["01001"], side="A")
    b = render_front(db["01001"], side="B")
    assert not _differs(a, b, 0.0001)


def test_different_cards_look_different(db):
    a = render_front(db["01001"])  # Aragorn
    b = render_front(db["01002"])
    assert _differs(a, b)


def test_render_is_deterministic(db):
    a = render_front(db["01096"])
    b = render_front(db["01096"])
    assert not _differs(a, b, 0.0001)


def test_rules_text_split(db):
    kw, body, shadow = cardtext._split_rules(db["01001"])  # Aragorn: "Sentinel. Response: ..."
    assert kw == ["Sentinel"]
    assert body.startswith("Response:")
    kw, body, shadow = cardtext._split_rules(db["01074"])  # King Spider has a shadow
    assert shadow and "Shadow" not in body
    kw, body, shadow = cardtext._split_rules(db["01090"])  # Victory 4 goes to its own plate
    assert kw == [] and not body.startswith("Victory")


def test_quest_text_per_side(db):
    q = db["01123"]  # "Setup: ... Side B: ..."
    a, b = cardtext._quest_text(q, "A"), cardtext._quest_text(q, "B")
    assert a.startswith("Setup:") and "Side B" not in a
    assert b and "Setup" not in b


def test_a_pending_quest_text_is_marked_on_both_sides(db):
    import dataclasses
    from tabletop.core.i18n import PENDING_MARK
    q = db["01123"]
    pending = dataclasses.replace(q, rules_text=PENDING_MARK + q.rules_text)
    for side in ("A", "B"):
        assert cardtext._quest_text(pending, side) == PENDING_MARK + cardtext._quest_text(q, side)


def test_text_never_leaves_its_box():
    surf = pygame.Surface((200, 200))
    surf.fill((1, 2, 3))
    rect = pygame.Rect(50, 60, 100, 40)
    words = [("lorem", "body"), ("ipsum:", "body_bold")] * 200
    used = cardtext._draw_paragraphs(surf, rect, [words], 14, 7, (250, 250, 250))
    assert used == 7
    changed_inside = False
    for x in range(200):
        for y in range(200):
            if _rgb(surf, (x, y)) != (1, 2, 3):
                assert rect.collidepoint(x, y), (x, y)
                changed_inside = True
    assert changed_inside


def test_text_that_cannot_fit_is_cut_with_an_ellipsis():
    words = [("word", "body")] * 300
    size, fitted, used = cardtext._fit_paragraphs([words], 150, 60, 12, 7)
    assert size == 7
    lh = cardpaint._font("body", 7).get_linesize()
    assert 0 < len(fitted) and used <= 60 + lh // 6
    assert fitted[-1][1][-1][0].endswith("\u2026")
    shown = sum(len(chunks) for _, chunks in fitted)
    assert shown < 300


def test_every_rules_text_fits_without_cutting(db, monkeypatch):
    """At the master size no card needs its text cut."""
    cuts = []
    real = cardtext._fit_paragraphs

    def spy(paragraphs, width, height, max_size, min_size):
        out = real(paragraphs, width, height, max_size, min_size)
        words = sum(len(p) for p in paragraphs)
        if sum(len(chunks) for _, chunks in out[1]) < words:
            cuts.append(paragraphs)
        return out
    monkeypatch.setattr(cardtext, "_fit_paragraphs", spy)
    for card, side in _faces(db):
        render_front(card, side=side)
    assert not cuts


def test_text_shrinks_before_cutting():
    surf = pygame.Surface((300, 300))
    short = [[("A", "body"), ("short", "body"), ("line.", "body")]]
    long = [[("word", "body")] * 120]
    rect = pygame.Rect(0, 0, 200, 80)
    big = cardtext._draw_paragraphs(surf, rect, short, 12, 7, (0, 0, 0))
    small = cardtext._draw_paragraphs(surf, rect, long, 12, 7, (0, 0, 0))
    assert big == 12 and small < 12


def test_long_names_fit_on_small_cards(db):
    longest = max(db, key=lambda c: len(c.name))
    _assert_card_surface(render_front(longest, 100, 140), (100, 140))


# ------------------------------------------------------------------- backs --


@pytest.mark.parametrize("size", SIZES)
def test_backs_render_and_differ(size):
    backs = {k: render_back(k, *size) for k in ("player", "encounter", "quest")}
    for surf in backs.values():
        _assert_card_surface(surf, size)
    means = {k: _mean(s) for k, s in backs.items()}
    keys = list(means)
    for i in range(3):
        for j in range(i + 1, 3):
            a, b = means[keys[i]], means[keys[j]]
            assert sum(abs(a[c] - b[c]) for c in range(3)) > 60, (keys[i], keys[j], a, b)
    # encounter back is the darkest, quest back the lightest
    lum = {k: sum(v) for k, v in means.items()}
    assert lum["encounter"] < lum["player"] < lum["quest"]
    r, g, b = means["encounter"]
    assert r > g and r > b


def test_back_is_a_fresh_copy():
    a = render_back("player")
    a.fill((0, 0, 0))
    b = render_back("player")
    assert _rgb(b, (CARD_W // 2, CARD_H // 2)) != (0, 0, 0)


def test_unknown_back_is_refused():
    with pytest.raises(ValueError):
        render_back("sideboard")


# ------------------------------------------------------- display and fonts --


def test_works_with_a_display_mode(db):
    had_display = pygame.display.get_surface() is not None
    if not had_display:
        pygame.display.init()
        pygame.display.set_mode((64, 64))
    try:
        surf = render_front(db["01001"], 100, 140)
        _assert_card_surface(surf, (100, 140))
        _assert_card_surface(render_back("quest", 100, 140), (100, 140))
    finally:
        if not had_display:
            pygame.display.quit()


def test_fonts_and_licences_ship():
    for name in cardpaint.FONT_FILES.values():
        assert os.path.isfile(os.path.join(cardpaint.ASSETS_DIR, name)), name
    licences = [f for f in os.listdir(cardpaint.ASSETS_DIR) if f.upper().startswith("LICENSE")]
    assert len(licences) >= 2
    for f in licences:
        with open(os.path.join(cardpaint.ASSETS_DIR, f), encoding="utf-8") as fh:
            assert "Permission" in fh.read()


def test_bundled_font_is_used():
    font = cardpaint._font("title", 20)
    default = pygame.font.Font(None, 20)
    assert font.size("Aragorn") != default.size("Aragorn")


def test_missing_font_falls_back(db, monkeypatch):
    monkeypatch.setattr(cardpaint, "FONT_FILES", {k: "no-such-font.ttf" for k in cardpaint.FONT_FILES})
    monkeypatch.setattr(cardpaint, "_FONTS", {})
    _assert_card_surface(render_front(db["01001"]), (CARD_W, CARD_H))


def test_font_cache_reuses_fonts():
    assert cardpaint._font("body", 11) is cardpaint._font("body", 11)


def test_render_speed(db):
    cards = list(db)[:40]
    for c in cards:  # warm the caches, as the table does
        render_front(c)
    t0 = time.perf_counter()
    for c in cards:
        render_front(c)
    per_face = (time.perf_counter() - t0) / len(cards)
    assert per_face < 0.02, f"{per_face * 1000:.1f} ms per face"


# -------------------------------------------------------------- image pack --


def _write_png(path, color, size=(50, 70)):
    surf = pygame.Surface(size)
    surf.fill(color)
    pygame.image.save(surf, str(path))


def test_image_pack_face_by_code(db, tmp_path):
    _write_png(tmp_path / "01001.png", (10, 200, 30))
    pack = ImagePack(str(tmp_path))
    aragorn, other = db["01001"], db["01002"]
    surf = face_surface(aragorn, 100, 140, pack=pack)
    _assert_card_surface(surf, (100, 140))
    assert _rgb(surf, (50, 70)) == (10, 200, 30)
    assert pack.face(other, 100, 140) is None
    fallback = face_surface(other, 100, 140, pack=pack)
    _assert_card_surface(fallback, (100, 140))
    assert not _differs(fallback, render_front(other, 100, 140), 0.0001)


def test_no_pack_means_procedural(db):
    a = face_surface(db["01001"], 100, 140)
    assert not _differs(a, render_front(db["01001"], 100, 140), 0.0001)


def test_image_pack_by_guid_in_subfolder_and_jpg(db, tmp_path):
    card = db["01074"]
    sub = tmp_path / "Sets" / "core" / "Cards"
    sub.mkdir(parents=True)
    _write_png(sub / f"{card.octgn_id.upper()}.jpg", (200, 30, 30))
    pack = ImagePack(str(tmp_path))
    surf = pack.face(card, 100, 140)
    assert surf is not None
    r, g, b = _rgb(surf, (50, 70))
    assert r > 150 and g < 80 and b < 80  # jpeg is lossy


def test_image_pack_quest_sides(db, tmp_path):
    q = db["01119"]
    _write_png(tmp_path / "01119B.png", (30, 30, 220), size=(70, 50))
    pack = ImagePack(str(tmp_path))
    assert pack.face(q, 100, 140, side="A") is None
    b = face_surface(q, 100, 140, side="B", pack=pack)
    _assert_card_surface(b, (100, 140))
    assert _rgb(b, (50, 70)) == (30, 30, 220)  # landscape scan letterboxed in the middle
    assert _rgb(b, (50, 10)) != (30, 30, 220)
    a = face_surface(q, 100, 140, side="A", pack=pack)
    assert not _differs(a, render_front(q, 100, 140, side="A"), 0.0001)


def test_image_pack_quest_side_b_by_guid(db, tmp_path):
    q = db["01120"]
    _write_png(tmp_path / f"{q.octgn_id}.B.png", (240, 240, 10))
    pack = ImagePack(str(tmp_path))
    assert _rgb(pack.face(q, 100, 140, side="B"), (50, 70)) == (240, 240, 10)
    assert pack.face(q, 100, 140, side="A") is None


def test_image_pack_next_guid_for_side_b(db, tmp_path):
    q = db["01120"]  # its GUID ends 9121; 9122 belongs to no card
    nxt = cardimages._next_guid(q.octgn_id)
    assert nxt.endswith("9122")
    _write_png(tmp_path / f"{nxt}.png", (5, 120, 120))
    pack = ImagePack(str(tmp_path))
    assert _rgb(pack.face(q, 100, 140, side="B"), (50, 70)) == (5, 120, 120)
    # but a following GUID that is another card's is never taken as side B
    aragorn = db["01001"]
    assert cardimages._next_guid(aragorn.octgn_id) in db.by_guid
    assert cardimages._next_guid(aragorn.octgn_id) not in pack.candidates(aragorn, "B")


def test_image_pack_refresh_sees_new_files(db, tmp_path):
    pack = ImagePack(str(tmp_path))
    assert pack.face(db["01001"], 100, 140) is None
    _write_png(tmp_path / "01001.webp.png", (1, 1, 1))  # wrong stem: not a match
    _write_png(tmp_path / "01001.PNG", (90, 90, 90))
    pack.refresh()
    assert _rgb(pack.face(db["01001"], 100, 140), (50, 70)) == (90, 90, 90)


def test_image_pack_broken_file_falls_back(db, tmp_path):
    (tmp_path / "01001.png").write_bytes(b"not an image")
    pack = ImagePack(str(tmp_path))
    assert pack.face(db["01001"], 100, 140) is None
    _assert_card_surface(face_surface(db["01001"], 100, 140, pack=pack), (100, 140))


def test_image_pack_missing_folder(db, tmp_path):
    pack = ImagePack(str(tmp_path / "nowhere"))
    assert len(pack) == 0
    assert pack.face(db["01001"], 100, 140) is None


def test_image_pack_default_folder(monkeypatch, tmp_path):
    import platformdirs
    monkeypatch.setattr(platformdirs, "user_data_dir", lambda app, *a, **k: str(tmp_path / app))
    pack = ImagePack(None)
    assert pack.folder == os.path.join(str(tmp_path / "lotr-tabletop"), "images")
