"""Dice physics (pymunk) and procedural die faces (pygame)."""
from __future__ import annotations

import itertools
import math
import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from sprites import dicefaces  # noqa: E402
from sprites.dicefaces import render_die, shown_face  # noqa: E402
from sprites.physics import DiceParams, DiceWorld  # noqa: E402
from tabletop.core.dice import DieType, die_types  # noqa: E402

W, H, SIZE = 1200, 800, 40
FRAME = 1.0 / 60.0


def throw_twenty(world: DiceWorld, seed: int, speed=(2500.0, 5000.0)) -> list[int]:
    rng = random.Random(seed)
    ids = list(range(20))
    for i in ids:
        world.add_die(i, rng.uniform(100, W - 100), rng.uniform(100, H - 100), SIZE)
    for i in ids:
        a = rng.uniform(0, 2 * math.pi)
        v = rng.uniform(*speed)
        world.throw(i, v * math.cos(a), v * math.sin(a), rng.uniform(-2000, 2000))
    return ids


def inside(world: DiceWorld, die_id, tol: float = 0.5) -> bool:
    x, y, _ = world.position(die_id)
    half = world.size(die_id) / 2
    return (world.x0 + half - tol <= x <= world.x1 - half + tol
            and world.y0 + half - tol <= y <= world.y1 - half + tol)


# -- physics -------------------------------------------------------------------

@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_twenty_hard_thrown_dice_settle_in_bounded_time_and_stay_on_table(seed):
    world = DiceWorld(W, H)
    ids = throw_twenty(world, seed)
    cap = world.params.max_tumble_s
    t = 0.0
    while not world.all_settled():
        world.step(FRAME)
        t += FRAME
        assert t <= cap + 2 * FRAME, "dice still tumbling past the hard cap"
        for i in ids:
            assert inside(world, i), (i, world.position(i))
    assert all(world.is_settled(i) and world.tumble(i) == 0.0 for i in ids)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_settled_dice_do_not_overlap(seed):
    world = DiceWorld(W, H)
    ids = throw_twenty(world, seed)
    for _ in range(int(4 / FRAME)):
        world.step(FRAME)
    assert world.all_settled()
    # two non-overlapping squares of side s keep their centres >= s apart
    closest = min(math.dist(world.position(a)[:2], world.position(b)[:2])
                  for a, b in itertools.combinations(ids, 2))
    assert closest >= 0.9 * SIZE


def test_most_dice_settle_naturally_well_before_the_cap():
    world = DiceWorld(W, H)
    ids = throw_twenty(world, 7, speed=(800.0, 1600.0))
    for _ in range(int(2.0 / FRAME)):
        world.step(FRAME)
    assert sum(world.is_settled(i) for i in ids) >= 18


def test_hard_cap_freezes_dice_that_would_never_stop():
    slippery = DiceParams(drag=1.0, roll_decel=0.0, spin_decel=0.0,
                          die_elasticity=1.0, wall_elasticity=1.0, die_friction=0.0)
    world = DiceWorld(W, H, slippery)
    ids = throw_twenty(world, 11)
    for _ in range(int(2.9 / FRAME)):
        world.step(FRAME)
    assert not world.all_settled()
    for _ in range(int(0.2 / FRAME)):
        world.step(FRAME)
    assert world.all_settled()
    assert all(inside(world, i) for i in ids)


def test_frozen_die_can_be_thrown_again_with_its_mass_back():
    world = DiceWorld(W, H)
    world.add_die("a", 300, 300)
    world.settle_now("a")
    assert world.is_settled("a") and world.time_left("a") == 0.0
    world.throw("a", 800, 0, 360)
    assert not world.is_settled("a")
    body = world._dice["a"].body
    assert body.mass == pytest.approx(world.params.die_mass)
    x0 = world.position("a")[0]
    world.step(0.1)
    assert world.position("a")[0] > x0 + 20
    assert world.tumble("a") > 0.0


def test_fixed_substeps():
    world = DiceWorld(W, H)
    assert world.step(1 / 60) == 2
    assert world.step(1 / 240) == 0
    assert world.step(1 / 240) == 1
    assert world.step(10.0) == world.params.max_substeps   # a hitch is capped
    assert world.step(0.0) == 0


def test_tumble_and_angle():
    world = DiceWorld(W, H)
    world.add_die("d", 600, 400)
    assert world.tumble("d") == 0.0 and world.is_settled("d")
    world.throw("d", 1500, 0, 900)
    world.step(FRAME)
    assert 0.0 < world.tumble("d") <= 1.0
    _, _, angle = world.position("d")
    assert 0.0 <= angle < 360.0 and angle != 0.0
    world.place("d", 100, 100, 30)
    x, y, angle = world.position("d")
    assert (x, y) == pytest.approx((100, 100)) and angle == pytest.approx(30)
    assert world.is_settled("d")


def test_extreme_throws_never_leave_the_table():
    world = DiceWorld(400, 300)
    for i, (vx, vy) in enumerate([(1e6, 0), (-1e6, 0), (0, 1e6), (0, -1e6),
                                  (7e5, 7e5), (-7e5, 3e5)]):
        world.add_die(i, 200 + 10 * i, 150)
        world.throw(i, vx, vy, 1e5)
    for _ in range(int(3.5 / FRAME)):
        world.step(FRAME)
        assert all(inside(world, i) for i in range(6))
    assert world.all_settled()


def test_table_with_an_origin_uses_table_coordinates():
    world = DiceWorld(1520, 900, origin=(-760, -450))
    for i in range(6):
        world.add_die(i, -700 + 40 * i, 0)
        world.throw(i, (-1) ** i * 4000, 3000, 720)
    for _ in range(int(3.2 / FRAME)):
        world.step(FRAME)
        assert all(inside(world, i) for i in range(6))
    assert world.all_settled()
    world.add_die("far", 5000, -5000)
    x, y, _ = world.position("far")
    assert (x, y) == pytest.approx((760 - SIZE / 2, -450 + SIZE / 2))


def test_add_remove_and_errors():
    world = DiceWorld(W, H)
    world.add_die("x", -50, 99999)                 # clamped onto the table
    assert inside(world, "x")
    with pytest.raises(ValueError):
        world.add_die("x", 10, 10)
    assert "x" in world and len(world) == 1
    world.remove_die("x")
    assert "x" not in world and len(world) == 0
    world.remove_die("x")                          # removing twice is harmless
    with pytest.raises(KeyError):
        world.position("x")
    with pytest.raises(ValueError):
        DiceWorld(0, 100)


# -- faces -----------------------------------------------------------------------

@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield


ALL_FACES = [(d, i) for d in die_types().values() for i in range(d.n_faces)]


@pytest.mark.parametrize("die, face", ALL_FACES,
                         ids=[f"{d.id}-{i}" for d, i in ALL_FACES])
def test_render_every_face(die, face):
    for size in (24, 48, 96):
        surf = render_die(die, face, size)
        assert surf.get_size() == (size, size)
        assert surf.get_flags() & pygame.SRCALPHA
        assert surf.get_at((0, 0)).a < 40                  # rounded corner
        assert surf.get_at((size // 2, size // 8)).a == 255  # solid body
    surf = render_die(die, face, 48)
    ink = _ink_pixels(surf, die.colour)
    if die.faces[face] == "blank":
        assert ink < 10
    else:
        assert ink > 40, "icon missing"


def _ink_pixels(surf: pygame.Surface, colour) -> int:
    """Pixels in the icon area that differ clearly from the die colour."""
    n = 0
    size = surf.get_width()
    lo, hi = int(size * 0.22), int(size * 0.78)
    for x in range(lo, hi):
        for y in range(lo, hi):
            c = surf.get_at((x, y))
            if sum(abs(a - b) for a, b in zip(c[:3], colour)) > 120:
                n += 1
    return n


def test_faces_with_different_symbols_look_different():
    seen = {}
    for die, face in ALL_FACES:
        key = (die.colour, die.faces[face])
        seen.setdefault(key, pygame.image.tobytes(render_die(die, face, 48), "RGBA"))
    by_colour: dict = {}
    for (colour, sym), data in seen.items():
        by_colour.setdefault(colour, []).append(data)
    for images in by_colour.values():
        assert len(images) == len(set(images))


def test_render_is_cached():
    die = die_types()["wotr_shadow"]
    assert render_die(die, 5, 48) is render_die(die, 5, 48)
    assert render_die(die, 5, 48) is not render_die(die, 5, 64)


def test_render_rejects_bad_face():
    with pytest.raises(IndexError):
        render_die(die_types()["d6"], 6, 48)


def test_unknown_icon_falls_back_to_text_label():
    odd = DieType(id="odd", name="Odd", game="test", colour=(200, 200, 200),
                  faces=("crown",), labels=("Crown",), icons=(("crown",),))
    surf = render_die(odd, 0, 64)
    assert _ink_pixels(surf, odd.colour) > 20


def test_render_works_without_a_display_window():
    assert pygame.display.get_surface() is None
    dicefaces.clear_cache()
    render_die(die_types()["coc_middle_earth"], 5, 48)


def test_shown_face_flickers_while_tumbling_and_lands_on_the_engine_face():
    assert shown_face(3, 6, 0.0, 12.5, salt=1) == 3
    flicker = {shown_face(3, 6, 1.0, t / 100, salt=1) for t in range(300)}
    assert len(flicker) >= 4 and flicker <= set(range(6))
    assert shown_face(2, 6, 0.5, 1.0, 9) == shown_face(2, 6, 0.5, 1.0, 9)
