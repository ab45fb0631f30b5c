"""Layers inside the window package ``sprites/``; imports run down only:

    sprites.launch            the wiring main.py calls (opens the App or the new-game screen)
    sprites.app               the window: the loop and what every game shares
    sprites/games/<id>/       a game's part of the window (its view, its drawing, its panel)
    sprites/*.py (shared)     everything else every game uses (the GameView seam, the HUD,
                              the dice tray, menus, fonts, image packs, the new-game screen)
    saves -> tabletop

1. A shared module (``sprites/*.py``) imports no ``tabletop.games.*`` and no
   ``sprites.games.*`` module, and names no game: a game's part is found at run time by
   convention (``sprites.gameview.window_part``: ``sprites.games.<id>.view.VIEW``...).
2. Nothing imports ``sprites.launch``; only ``sprites.launch`` imports ``sprites.app``: a
   game's view is handed the App, and the shared modules below it never import it.
3. A game's part imports no other game's part nor another game's rules
   (``sprites.games.coc`` never imports ``sprites.games.lcg`` or ``tabletop.games.lcg``).
4. No import loops inside ``sprites/``.

Imports are read from the source (every ``import`` statement, in functions too).
"""
import ast
import os

from tests.core.test_layering import ROOT, _import_graph

LAUNCH, APP = "sprites.launch", "sprites.app"


def _shared(module: str) -> bool:
    """A module directly in sprites/ (the package's own __init__ too)."""
    return module == "sprites" or (module.startswith("sprites.") and module.count(".") == 1)


def _game_of(module: str) -> str | None:
    """The game whose part (sprites.games.<id>...) or rules (tabletop.games.<id>...) this is."""
    for top in ("sprites.games.", "tabletop.games."):
        if module.startswith(top):
            return module[len(top):].split(".")[0]
    return None


def _sprites_graph() -> dict[str, set[str]]:
    return {m: out for m, out in _import_graph().items() if m.split(".")[0] == "sprites"}


def shared_imports_of_games(graph) -> list[tuple[str, str]]:
    """Rule 1: (shared module, game module it imports)."""
    return sorted((m, x) for m, out in graph.items() if _shared(m) for x in out
                  if x == "sprites.games" or x.startswith(("sprites.games.", "tabletop.games")))


def imports_of_the_app(graph) -> list[tuple[str, str]]:
    """Rule 2: (module, sprites.app or sprites.launch) where the import runs back up."""
    return sorted((m, x) for m, out in graph.items() for x in out
                  if x == LAUNCH or (x == APP and m != LAUNCH))


def imports_across_games(graph) -> list[tuple[str, str]]:
    """Rule 3: (a game's module, another game's module)."""
    return sorted((m, x) for m, out in graph.items() if m.startswith("sprites.games.")
                  for x in out if _game_of(x) not in (None, _game_of(m)))


def loops(graph) -> list[list[str]]:
    """Rule 4: import loops among the modules of ``graph``."""
    found, done = [], set()

    def visit(node, path):
        if node in path:
            found.append(path[path.index(node):] + [node])
            return
        if node in done:
            return
        for nxt in sorted(graph.get(node, ())):
            if nxt in graph:
                visit(nxt, path + [node])
        done.add(node)

    for m in sorted(graph):
        visit(m, [])
    return found


def test_shared_modules_import_no_game():
    bad = shared_imports_of_games(_sprites_graph())
    assert not bad, "shared sprites/*.py importing a game (rule 1): %s" % bad


def test_shared_modules_name_no_game():
    """No string in a shared module's code is a game's id (docstrings aside)."""
    from tabletop.core.games import game_ids
    ids = set(game_ids())
    bad = []
    folder = os.path.join(ROOT, "sprites")
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".py"):
            continue
        tree = ast.parse(open(os.path.join(folder, name), encoding="utf-8").read())
        docs = {id(n.body[0].value) for n in ast.walk(tree)
                if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                and n.body and isinstance(n.body[0], ast.Expr)}
        bad += [(name, n.lineno, n.value) for n in ast.walk(tree)
                if isinstance(n, ast.Constant) and n.value in ids and id(n) not in docs]
    assert not bad, bad


def test_nothing_imports_the_window_but_its_launcher():
    bad = imports_of_the_app(_sprites_graph())
    assert not bad, "imports of sprites.app / sprites.launch running back up (rule 2): %s" % bad


def test_a_games_part_imports_no_other_game():
    bad = imports_across_games(_sprites_graph())
    assert not bad, "a game's window part importing another game (rule 3): %s" % bad


def test_no_import_loops_inside_sprites():
    found = loops(_sprites_graph())
    assert not found, found[:3]


def test_the_checks_catch_what_they_are_for():
    """Guard against checks that cannot fail: the very imports main had before the
    layering (the App naming the views, card faces asking the card game, a benchmark in
    sprites importing the App, the War of the Ring view borrowing the card game's faces)."""
    graph = {
        "sprites.app": {"sprites.games", "sprites.actions"},
        "sprites.cardface": {"tabletop.games.lcg.names"},
        "sprites.bench": {"sprites.app"},
        "sprites.games": {"sprites.actions"},
        "sprites.games.wotr.cardpic": {"sprites.games.lcg.cardface", "tabletop.games.wotr.data"},
        "sprites.games.lcg.newgame": {"sprites.newgame"},
        "sprites.newgame": {"sprites.games.lcg.newgame"},
        "sprites.actions": set(),
    }
    assert ("sprites.app", "sprites.games") in shared_imports_of_games(graph)
    assert ("sprites.cardface", "tabletop.games.lcg.names") in shared_imports_of_games(graph)
    assert imports_of_the_app(graph) == [("sprites.bench", "sprites.app")]
    assert imports_across_games(graph) == [("sprites.games.wotr.cardpic",
                                            "sprites.games.lcg.cardface")]
    assert loops(graph)
    assert _shared("sprites.app") and _shared("sprites") and not _shared("sprites.games.lcg")
