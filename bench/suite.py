"""Benchmarks and the performance budget: ``python main.py bench [--json] [--quick]``
(development tooling: it lives beside main.py in a checkout, not in the installed program).

Every figure is a median over several runs and is printed next to its target
with PASS or MISS.  Timings are information, not tests: the exit code is 0
whatever they say.  ``--json`` prints one JSON object as the last line;
``--quick`` is the CI smoke mode (few repetitions, every measurement still
runs).  BENCHMARKS.md explains each figure.

The render figures drive the real window code (``sprites.app.App``) with
synthetic events on a crowded 1000-card table at 1920x1080, so a frame
includes event handling, hover picking, the table, the HUD and pygame_gui.
``pygame.display.flip`` is not included.  Without a display the SDL dummy
driver (software rendering) is used, as on the target machine.
"""
from __future__ import annotations

import contextlib
import inspect
import io
import json
import math
import os
import platform
import random
import statistics
import subprocess
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from tabletop.games.lcg.cards import core_set  # noqa: E402
from tabletop.core.model import TABLE, Card, TableState  # noqa: E402
from tabletop.games.lcg.cards import TOKEN_TYPES  # noqa: E402
from tabletop.games.lcg.setup import DEFAULT_SCENARIO, new_table, starter  # noqa: E402

from sprites.camera import ZOOM_STEPS, Camera  # noqa: E402
from sprites.games.lcg.render import TableView  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCREEN = (1920, 1080)
CARDS = 1000
ATTACHED = 30                 # of the 1000, tucked under 20 hosts
CARD_PX = 50                  # aim for cards about 50 px wide (zoomed out, crowded)

# (key, target, unit, "max" = at most / "min" = at least)
TARGETS = (
    ("render_full_1000_ms", 5.0, "ms", "max"),
    ("render_speedup", 30.0, "x", "min"),
    ("render_drag_1000_ms", 1.5, "ms", "max"),
    ("startup_ms", 1500.0, "ms", "max"),
    ("save_ms", 15.0, "ms", "max"),
    ("load_ms", 25.0, "ms", "max"),
    ("save_ratio", 0.6, "", "max"),
    ("dice_physics_ms", 1.0, "ms", "max"),
    ("idle_cpu_percent", 3.0, "%", "max"),
    ("engine_median_game_ms", 50.0, "ms", "max"),
)

# (runs in quick mode, runs in full mode)
RUNS = {
    "full": (15, 300),
    "drag": (15, 300),
    "drag_first": (3, 11),
    "naive": (2, 11),
    "startup": (2, 7),
    "saves": (3, 7),
    "dice": (30, 240),
}


def _median(samples) -> float:
    return statistics.median(samples) if samples else float("nan")


# ------------------------------------------------------------------ scene
def crowded_table(n: int = CARDS, attached: int = ATTACHED, seed: int = 7,
                  screen=SCREEN, card_px: int = CARD_PX):
    """A two-seat table with ``n`` cards out on it, and a camera that shows them all.

    Real core-set codes; about a quarter face down, a fifth exhausted, tokens
    on about one card in six, ``attached`` cards tucked under hosts
    (attachments above, shadow cards below).  The table cards sit on a grid
    that fills the screen at the zoom step nearest ``card_px`` pixels a card,
    so every card is on screen and they overlap like on a crowded table.
    Returns ``(state, camera)``.
    """
    db = core_set()
    rng = random.Random(seed)
    st = new_table(DEFAULT_SCENARIO, [starter("leadership", db), starter("tactics", db)],
                   ["Ann", "Bob"], seed=seed, db=db)
    # an opening hand for the viewer, as the default game has
    deck, hand = st.zones["p1.deck"], st.zones["p1.hand"]
    for _ in range(6):
        cid = deck.cards.pop()
        st.cards[cid].zone = hand.id
        st.cards[cid].face_up = True
        hand.cards.append(cid)
    _deal_table_cards(st, db, rng, n)
    table = st.zones[TABLE]
    kids = rng.sample(list(table.cards)[len(table.cards) // 10:], attached)
    kid_set = set(kids)
    roots = [c for c in table.cards if c not in kid_set]
    _dress_cards(st, rng)
    camera = _grid(st, roots, screen, card_px)
    _attach(st, rng, roots, kids)
    return st, camera


def _deal_table_cards(st: TableState, db, rng: random.Random, n: int) -> None:
    """Cards of every deck (60% player, 36% encounter, 4% quest) onto the table."""
    by_deck = {"player": [], "encounter": [], "quest": []}
    for c in db:
        by_deck[c.deck].append(c.code)
    table = st.zones[TABLE]
    while len(table.cards) < n:
        origin = rng.choices(("player", "encounter", "quest"), (0.6, 0.36, 0.04))[0]
        cid = st.next_id
        st.next_id += 1
        owner = rng.randrange(len(st.seats)) if origin == "player" else None
        side = rng.choice("AB") if origin == "quest" else "A"
        st.cards[cid] = Card(cid, rng.choice(by_deck[origin]), owner, TABLE, side=side,
                             origin=origin)
        table.cards.append(cid)


def _dress_cards(st: TableState, rng: random.Random) -> None:
    """Some face down, some exhausted, some with tokens."""
    for cid in st.zones[TABLE].cards:
        card = st.cards[cid]
        if card.origin != "player" or rng.random() < 0.5:
            card.face_up = rng.random() < 0.75
        card.exhausted = rng.random() < 0.2
        if rng.random() < 0.16:
            for tok in rng.sample(TOKEN_TYPES[:4], rng.choice((1, 1, 2))):
                card.tokens[tok] = rng.randint(1, 6)


def _grid(st: TableState, roots: list[int], screen, card_px: int) -> Camera:
    """Lay the cards out on a grid filling the screen; the camera that shows it."""
    zoom_index = min(range(len(ZOOM_STEPS)), key=lambda i: abs(100 * ZOOM_STEPS[i] - card_px))
    z = ZOOM_STEPS[zoom_index]
    view_w, view_h = screen[0] / z, screen[1] / z
    left, top = -640.0, -120.0                 # over the mats, piles and dials of the layout
    right, bottom = left + view_w, top + view_h
    cols = max(1, round(math.sqrt(len(roots) * view_w / view_h)))
    rows = math.ceil(len(roots) / cols)
    # keep clear of the edges: a pan of a few pixels, attachments and shadows
    x0, x1 = left + 90 + 20 / z, right - 90 - 20 / z
    y0, y1 = top + 70 + 2 * 31 + 20 / z, bottom - 70 - 45 - 20 / z
    px = (x1 - x0) / max(1, cols - 1)
    py = (y1 - y0) / max(1, rows - 1)
    for i, cid in enumerate(roots):
        card = st.cards[cid]
        card.x = round(x0 + (i % cols) * px, 1)
        card.y = round(y0 + (i // cols) * py, 1)
    camera = Camera(*screen, zoom_index=zoom_index)
    camera.cx = (left + right) / 2
    camera.cy = (top + bottom) / 2
    return camera


def _attach(st: TableState, rng: random.Random, roots: list[int], kids: list[int]) -> None:
    """Tuck ``kids`` under 20 ready hosts, drawn just before their host as play does."""
    table = st.zones[TABLE]
    kid_set = set(kids)
    hosts = rng.sample([c for c in roots if not st.cards[c].exhausted], 20)
    for i, cid in enumerate(kids):
        card = st.cards[cid]
        card.attached_to = hosts[i % len(hosts)]
        card.attach_kind = "shadow" if i % 5 == 4 else "attachment"
        card.exhausted = False
        card.x, card.y = st.cards[card.attached_to].x, st.cards[card.attached_to].y
    order = [c for c in table.cards if c not in kid_set]
    for cid in kids:
        order.insert(order.index(st.cards[cid].attached_to), cid)
    table.cards[:] = order


def scene_facts(state: TableState, view: TableView, camera: Camera) -> dict:
    """What the benchmark table holds (cards, faces down, exhausted, tokens...)."""
    cards = [state.cards[c] for c in state.table.cards]
    rect = pygame.Rect(0, 0, camera.width, camera.height)
    on_screen = sum(1 for it in view.items if rect.contains(view.screen_rect(camera, it)))
    w, h = view.card_px(camera)
    return {
        "table_cards": len(cards), "on_screen": on_screen, "card_px": [w, h],
        "screen": [camera.width, camera.height], "zoom": camera.zoom,
        "face_down": sum(not c.face_up for c in cards),
        "exhausted": sum(c.exhausted for c in cards),
        "with_tokens": sum(bool(c.tokens) for c in cards),
        "attached": sum(c.attached_to is not None for c in cards),
        "codes": len({c.code for c in cards}),
    }


# ------------------------------------------------------------ the baseline
class NaiveTableView(TableView):
    """The baseline: every table card scaled (and turned) from its master face
    with ``rotozoom`` every frame and blitted with per-pixel alpha."""

    use_layer = False

    def __init__(self, db, faces=None):
        super().__init__(db, faces)
        self.alpha_masters: dict = {}

    def _alpha_master(self, code, side, face_up) -> pygame.Surface:
        key = (code, side if face_up else "", face_up)
        surf = self.alpha_masters.get(key)
        if surf is None:
            master = self.faces._master((*key, ()))
            if pygame.display.get_surface() is not None:
                surf = master.convert_alpha()        # the colorkeyed corners become alpha 0
            else:
                surf = pygame.Surface(master.get_size(), pygame.SRCALPHA)
                surf.blit(master, (0, 0))
            self.alpha_masters[key] = surf
        return surf

    def _draw_cards(self, screen, camera, skip, anims, now) -> None:
        w0, _h0 = self.card_px(camera)
        z = camera.zoom
        cx, cy = camera.cx, camera.cy
        hw, hh = camera.width / 2, camera.height / 2
        for it in self.items:
            if it.cid in skip:
                continue
            master = self._alpha_master(it.code, it.side, it.face_up)
            surf = pygame.transform.rotozoom(master, -90 if it.exhausted else 0,
                                             w0 / master.get_width())
            w, h = surf.get_size()
            x = int((it.x - cx) * z + hw) - (w >> 1)
            y = int((it.y - cy) * z + hh) - (h >> 1)
            screen.blit(surf, (x, y))
            if it.tokens:
                self._draw_tokens(screen, it, pygame.Rect(x, y, w, h))


# ---------------------------------------------------------------- renders
def _diagnostic(sample, runs: int):
    """A breakdown figure; None if the app's internals it pokes at have changed."""
    try:
        return _median([sample() for _ in range(runs)])
    except Exception:
        return None


def _ev(kind, **kw) -> pygame.event.Event:
    return pygame.event.Event(kind, **kw)


def _timed(fn) -> float:
    t0 = time.perf_counter()
    fn()
    return (time.perf_counter() - t0) * 1000.0


def _pan_frames(app, centre, frames: int) -> list[float]:
    """Frames in which the camera pans 3 px back and forth (a middle-button drag)."""
    app.step([_ev(pygame.MOUSEBUTTONDOWN, pos=centre, button=2)])
    samples = []
    for i in range(frames):
        p = (centre[0] + (3 if i % 2 == 0 else 0), centre[1] + (2 if i % 2 == 0 else 0))
        ev = _ev(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 1, 0))
        samples.append(_timed(lambda: app.step([ev])))
    app.step([_ev(pygame.MOUSEBUTTONUP, pos=centre, button=2)])
    return samples


def _table_frames(app, view, runs: int) -> list[float]:
    """The table drawing alone (``view.draw``), panning 3 px each time."""
    out = []
    for i in range(runs):
        app.camera.pan_pixels(3 if i % 2 else -3, 0)
        out.append(_timed(lambda: view.draw(app.screen, app.camera, app.viewer, None, frozenset())))
    return out


def _bench_redraw(app, k: int, centre, echo) -> dict:
    """Full frames with every card redrawn, the table alone, the HUD, the hover pick,
    and panning as the app really does it (the composed table layer)."""
    game = app.game
    view, camera, screen, state = game.view, app.camera, app.screen, app.state
    out: dict = {}
    if echo:
        echo("render: warming the face cache (first frames build every face)")
    view.use_layer = False          # every card is redrawn every frame
    _pan_frames(app, centre, 3)
    out["render_full_1000_ms"] = _median(_pan_frames(app, centre, RUNS["full"][k]))
    out["render_full_table_ms"] = _median(_table_frames(app, view, RUNS["full"][k]))
    n = RUNS["full"][k]

    def hud():
        game.draw_overlay(screen)
        app._draw_hud(screen)
    out["render_hud_ms"] = _diagnostic(lambda: _timed(hud), n)
    out["hover_pick_ms"] = _diagnostic(lambda: _timed(lambda: view.pick(camera, state, *centre)), n)
    view.use_layer = True
    _pan_frames(app, centre, view.LAYER_SETTLE_FRAMES + 2)   # composed once the table is still
    out["render_pan_1000_ms"] = _median(_pan_frames(app, centre, RUNS["full"][k]))
    view.use_layer = False
    return out


def _bench_naive(app, k: int, centre, echo) -> dict:
    """The same frames with every card transformed every frame (the baseline)."""
    if echo:
        echo("render: naive baseline (rotozoom + per-pixel alpha every frame)")
    game = app.game
    view = game.view
    naive = NaiveTableView(game.db, game.faces)
    naive.rebuild(app.state)
    game.view = naive
    _pan_frames(app, centre, 1)
    out = {"render_naive_1000_ms": _median(_pan_frames(app, centre, RUNS["naive"][k])),
           "render_naive_table_ms": _median(_table_frames(app, naive, RUNS["naive"][k]))}
    game.view = view
    view.layer = None
    view.use_layer = True
    return out


def _drag_start_point(app):
    """A card near the middle of the table, free of attachments, that the pointer can grab."""
    view, camera, state = app.game.view, app.camera, app.state
    for it in view.items[len(view.items) // 2:]:
        if state.cards[it.cid].attached_to is not None or state.attachments(it.cid):
            continue
        r = view.screen_rect(camera, it)
        p = (r.centerx, r.top + r.h // 5)
        if view.pick(camera, state, *p, viewer=app.viewer) == ("card", it.cid):
            return p
    raise AssertionError("no card to drag")


def _bench_drag(app, k: int, echo) -> dict:
    """Dragging one card over the table: the first frame (builds the static layer), then
    every frame after it, and the table's part of such a frame."""
    if echo:
        echo("render: dragging a card")
    game = app.game
    view, camera, screen = game.view, app.camera, app.screen
    start = _drag_start_point(app)

    def drag_start() -> float:
        game.drag = None
        game.selected.clear()
        game.clicks.reset()               # not a double click (that would exhaust it)
        view.layer_key = None             # a new drag after a drop: the layer is stale
        app.step([_ev(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
        ev = _ev(pygame.MOUSEMOTION, pos=(start[0] + 8, start[1] + 6), rel=(8, 6), buttons=(1, 0, 0))
        t = _timed(lambda: app.step([ev]))
        assert game.drag is not None and game.drag.active and game.drag.kind == "cards"
        return t

    out = {"render_drag_first_ms": _median([drag_start() for _ in range(RUNS["drag_first"][k])])}
    samples = []
    for i in range(RUNS["drag"][k]):
        a = i / 12.0
        p = (int(start[0] + 8 + 160 * math.sin(a)), int(start[1] + 6 + 90 * math.sin(2 * a)))
        ev = _ev(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0))
        samples.append(_timed(lambda: app.step([ev])))
    out["render_drag_1000_ms"] = _median(samples)
    assert view.layer_key is not None
    ids = game.drag.ids
    sel = frozenset(game.selected)
    table = []
    for i in range(RUNS["drag"][k]):
        dx = 40 * math.sin(i / 7.0)

        def frame():
            view.draw_static(screen, camera, app.viewer, sel, frozenset(ids))
            view.draw_items(screen, camera, ids, dx, 10.0)
        table.append(_timed(frame))
    out["render_drag_table_ms"] = _median(table)
    game.drag = None          # let go without dropping: the table stays as it was
    return out


def bench_render(quick: bool = False, echo=None) -> dict:
    """All render figures on one crowded table, in one window."""
    from sprites.app import App
    from tabletop.core.session import Session

    k = 0 if quick else 1
    state, cam0 = crowded_table()
    app = App(Session(state), size=SCREEN)
    app.camera.zoom_index, app.camera.cx, app.camera.cy = cam0.zoom_index, cam0.cx, cam0.cy
    app.game.view.layer = None
    out: dict = {"scene": scene_facts(state, app.game.view, app.camera)}
    centre = (app.camera.width // 2, app.camera.height // 2 - 120)
    out.update(_bench_redraw(app, k, centre, echo))
    out.update(_bench_naive(app, k, centre, echo))
    out.update(_bench_drag(app, k, echo))
    out["render_speedup"] = out["render_naive_1000_ms"] / out["render_full_1000_ms"]
    out["render_pan_speedup"] = out["render_naive_1000_ms"] / out["render_pan_1000_ms"]
    out["render_speedup_table"] = out["render_naive_table_ms"] / out["render_full_table_ms"]
    return out


# ---------------------------------------------------------------- startup
STARTUP_CHILD = r"""
import sys, time
t0 = time.perf_counter()
import main
args = main.build_parser().parse_args(["--seed", "1"])
import cli
session = cli.new_session(args)
t1 = time.perf_counter()
import pygame
from sprites.app import App
from sprites.launch import parse_size
t2 = time.perf_counter()
app = App(session, size=parse_size(args.size))
t3 = time.perf_counter()
app.draw()
pygame.display.flip()
t4 = time.perf_counter()
print("FIRST-FRAME", round((t1 - t0) * 1000, 1), round((t2 - t1) * 1000, 1),
      round((t3 - t2) * 1000, 1), round((t4 - t3) * 1000, 1), flush=True)
"""


def _startup_once() -> tuple[float, list[float]]:
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", STARTUP_CHILD], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        for line in proc.stdout:
            if line.startswith("FIRST-FRAME"):
                ms = (time.perf_counter() - t0) * 1000.0
                return ms, [float(v) for v in line.split()[1:]]
        raise RuntimeError("the startup run drew no frame: " + proc.stderr.read()[-400:])
    finally:
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        proc.stdout.close()
        proc.stderr.close()


def bench_startup(runs: int) -> dict:
    """Wall time from launching the interpreter to the first drawn frame of the default game."""
    results = [_startup_once() for _ in range(runs)]
    phases = [statistics.median(col) for col in zip(*(r[1] for r in results))]
    return {"startup_ms": _median([r[0] for r in results]),
            "startup_phases_ms": dict(zip(("game_setup", "import_ui", "window", "first_draw"),
                                          phases))}


# ------------------------------------------------------------------ saves
def bench_saves(runs: int) -> tuple[dict, str | None]:
    """Save and load figures from ``saves.bench`` (None with a note if it is missing)."""
    keys = ("save_ms", "load_ms", "save_bytes", "json_bytes", "save_ratio")
    try:
        from saves.bench import bench_saves as run
        params = inspect.signature(run).parameters
        kw = {"actions": 5000, "pieces": 1000}
        if "runs" in params:
            kw["runs"] = runs
        if "echo" in params:
            kw["echo"] = False
        with contextlib.redirect_stdout(io.StringIO()):
            res = run(**kw)
        out = {k: res.get(k) for k in keys[:4]}
        out["save_ratio"] = out["save_bytes"] / out["json_bytes"]
        for extra in ("save_cold_ms", "load_verify_ms", "actions", "pieces"):
            if extra in res:
                out[extra] = res[extra]
        return out, None
    except Exception as exc:          # a missing or broken saves.bench is a note, not a crash
        return dict.fromkeys(keys), f"save figures unavailable: {type(exc).__name__}: {exc}"


# ------------------------------------------------------------------ dice
def _throw_twenty(world, rng: random.Random, size: float = 40) -> list[int]:
    ids = list(range(20))
    for i in ids:
        col, row = i % 5, i // 5
        world.add_die(i, 80 + col * (size + 12), 80 + row * (size + 12), size)
    for i in ids:
        angle = rng.uniform(0.0, 2 * math.pi)
        speed = rng.uniform(1800.0, 3200.0)
        world.throw(i, speed * math.cos(angle), speed * math.sin(angle),
                    rng.uniform(-1080.0, 1080.0))
    return ids


def bench_twenty_dice(frames: int = 120, seed: int = 1) -> float:
    """Median milliseconds of physics per 60 Hz frame for 20 tumbling dice."""
    from sprites.physics import DiceWorld
    world = DiceWorld(1200, 800)
    _throw_twenty(world, random.Random(seed))
    samples = []
    for _ in range(frames):
        t0 = time.perf_counter()
        world.step(1.0 / 60.0)
        samples.append((time.perf_counter() - t0) * 1000.0)
    return statistics.median(samples)


# ------------------------------------------------------------------ machine
def machine_info() -> dict:
    """The machine the figures were taken on."""
    cpu = platform.processor() or ""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                if line.lower().startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:
        cores = os.cpu_count()
    pygame.display.init()
    return {
        "cores": cores, "cpu": cpu, "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "pygame": pygame.version.ver, "sdl": ".".join(map(str, pygame.get_sdl_version())),
        "sdl_driver": pygame.display.get_driver(), "system": platform.system(),
        "machine": platform.machine(),
    }


# -------------------------------------------------------------------- run
def run(quick: bool = False, echo=None) -> dict:
    """Every measurement; ``echo`` (a print function) reports progress."""
    k = 0 if quick else 1
    notes = ["render figures exclude pygame.display.flip",
             "render_*_1000_ms are whole app frames (events, hover pick, table, HUD, "
             "pygame_gui); *_table_ms are the table drawing alone"]
    out: dict = {"quick": quick, "machine": machine_info()}
    out.update(bench_render(quick, echo))
    if echo:
        echo("startup: launching the default game")
    out.update(bench_startup(RUNS["startup"][k]))
    if echo:
        echo("saves: 5000 actions, 1000 pieces")
    saves, note = bench_saves(RUNS["saves"][k])
    out.update(saves)
    if note:
        notes.append(note)
    if echo:
        echo("dice: 20 dice in the physics world")
    out["dice_physics_ms"] = bench_twenty_dice(frames=RUNS["dice"][k])
    from bench.play import bench_engine, bench_idle
    if echo:
        echo("idle: the window with nothing happening")
    out.update(bench_idle(quick))
    if echo:
        echo("rules engine: whole random games of Passage Through Mirkwood, 1 player")
    out.update(bench_engine(quick))
    from tabletop.games.lcg.ai.bench import ai_bench
    if echo:
        echo("AI: copies of a game, decisions per second, the search")
    out.update({f"ai_{k}": v for k, v in ai_bench(quick=quick).items()})
    out["targets"] = {key: {"target": t, "unit": unit, "kind": kind} for key, t, unit, kind in TARGETS}
    out["pass"] = {key: check(out.get(key), t, kind) for key, t, _u, kind in TARGETS}
    out["runs"] = {name: v[k] for name, v in RUNS.items()}
    out["notes"] = notes
    return _rounded(out)


def check(value, target, kind) -> bool | None:
    """Does ``value`` meet its target (None: no value)?"""
    if not isinstance(value, (int, float)):
        return None
    return value <= target if kind == "max" else value >= target


def _rounded(obj):
    if isinstance(obj, float):
        return round(obj, 3)
    if isinstance(obj, dict):
        return {k: _rounded(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_rounded(v) for v in obj]
    return obj


ROWS = (
    ("render_full_1000_ms", "full frame, all 1000 cards redrawn", "ms"),
    ("render_pan_1000_ms", "  panning as the app does (table layer)", "ms"),
    ("render_naive_1000_ms", "  same frame, naive baseline", "ms"),
    ("render_speedup", "  speed-up over naive", "x"),
    ("render_pan_speedup", "  speed-up over naive, panning as the app does", "x"),
    ("render_drag_1000_ms", "dragging a card (per frame)", "ms"),
    ("render_drag_first_ms", "  first drag frame (builds layer)", "ms"),
    ("render_full_table_ms", "  table only (view.draw)", "ms"),
    ("render_naive_table_ms", "  table only, naive", "ms"),
    ("render_drag_table_ms", "  table only while dragging", "ms"),
    ("render_hud_ms", "  HUD (bar, hand, pygame_gui)", "ms"),
    ("hover_pick_ms", "  hover pick over 1000 cards", "ms"),
    ("startup_ms", "launch to first frame", "ms"),
    ("save_ms", "save, 5000 actions", "ms"),
    ("load_ms", "load, 5000 actions", "ms"),
    ("save_bytes", "save size", "B"),
    ("json_bytes", "  same as JSON", "B"),
    ("save_ratio", "  save / JSON", ""),
    ("dice_physics_ms", "physics, 20 dice, per frame", "ms"),
    ("idle_cpu_percent", "idle window, share of one core", "%"),
    ("idle_frames_per_s", "  frames drawn a second when idle", "/s"),
    ("event_latency_ms", "  event to its drawn frame", "ms"),
    ("engine_games_per_s", "rules engine: games a second, 1 core", "/s"),
    ("engine_median_game_ms", "  median whole game (1 player)", "ms"),
    ("ai_clone_ms", "AI: a copy of a game (field by field)", "ms"),
    ("ai_deepcopy_ms", "  against copy.deepcopy of the table (baseline)", "ms"),
    ("ai_determinize_ms", "  a copy with the hidden cards dealt anew", "ms"),
    ("ai_random_decisions_per_second", "  engine decisions a second (random answers)", "/s"),
    ("ai_expert_decisions_per_second", "  expert decisions a second", "/s"),
    ("ai_mcts_ms_per_search", "  one mcts search", "ms"),
)


def format_table(res: dict) -> str:
    """The figures as a readable table with targets, PASS or MISS."""
    targets = {key: (t, unit, kind) for key, t, unit, kind in TARGETS}
    lines = [f"{'figure':<24} {'what':<36} {'median':>11}   {'target':<10} result",
             "-" * 92]
    for key, what, unit in ROWS:
        v = res.get(key)
        if v is None:
            shown = "n/a"
        elif unit == "B":
            shown = f"{int(v):,}"
        elif unit == "x":
            shown = f"{v:.1f}x"
        else:
            shown = f"{v:.2f} {unit}".strip()
        target, verdict = "", ""
        if key in targets:
            t, tu, kind = targets[key]
            target = f"{'<=' if kind == 'max' else '>='} {t:g}{tu}"
            ok = check(v, t, kind)
            verdict = "n/a" if ok is None else ("PASS" if ok else "MISS")
        lines.append(f"{key:<24} {what:<36} {shown:>11}   {target:<10} {verdict}")
    m = res["machine"]
    sc = res["scene"]
    lines += ["",
              f"scene: {sc['table_cards']} table cards ({sc['on_screen']} fully on screen) at "
              f"{sc['card_px'][0]}x{sc['card_px'][1]} px on {sc['screen'][0]}x{sc['screen'][1]}, "
              f"{sc['face_down']} face down, {sc['exhausted']} exhausted, "
              f"{sc['with_tokens']} with tokens, {sc['attached']} attached, {sc['codes']} codes",
              "startup phases (ms, in the child): " + ", ".join(
                  f"{k} {v:.0f}" for k, v in res.get("startup_phases_ms", {}).items()),
              f"machine: {m['cores']} cores, {m['cpu'] or 'unknown CPU'}, Python {m['python']}, "
              f"pygame-ce {m['pygame']} (SDL {m['sdl']}, driver {m['sdl_driver']})",
              "mode: " + ("quick (smoke, few runs)" if res["quick"] else "full")]
    lines += [f"note: {n}" for n in res["notes"]]
    return "\n".join(lines)


def main(json_out: bool = False, quick: bool = False) -> int:
    """``python main.py bench``: run, print the table (and the JSON object with ``json_out``)."""
    def echo(msg):
        print(msg, file=sys.stderr if json_out else sys.stdout, flush=True)

    res = run(quick=quick, echo=echo)
    print(format_table(res), flush=True)
    if json_out:
        print(json.dumps(res, sort_keys=True), flush=True)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(json_out="--json" in sys.argv, quick="--quick" in sys.argv))
