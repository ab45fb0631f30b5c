"""The model, engine and save format never import pygame, pymunk or pygame_gui."""
import os
import pkgutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _modules(package):
    path = os.path.join(ROOT, package)
    yield package
    for info in pkgutil.walk_packages([path], prefix=package + "."):
        yield info.name


def test_pure_packages_never_import_graphics():
    mods = [m for pkg in ("tabletop", "saves") for m in _modules(pkg)]
    assert len(mods) > 10
    code = (
        "import importlib, sys\n"
        f"mods = {mods!r}\n"
        "for m in mods:\n"
        "    importlib.import_module(m)\n"
        "bad = [m for m in ('pygame', 'pymunk', 'pygame_gui') if m in sys.modules]\n"
        "print(bad)\n"
        "sys.exit(1 if bad else 0)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


def test_the_check_itself_catches_a_graphics_import(tmp_path):
    """Guard against a check that cannot fail: importing sprites does pull pygame in."""
    code = "import sys, sprites.games.lcg.cardface; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
    assert out.stdout.strip().endswith("True")


def _import_graph():
    """module -> modules of this project it imports (from the source, not by importing)."""
    import ast
    order = ("tabletop", "saves", "sprites")
    mods = {}
    for top in order:
        for root, _dirs, files in os.walk(os.path.join(ROOT, top)):
            for f in files:
                if f.endswith(".py"):
                    p = os.path.join(root, f)
                    m = os.path.relpath(p, ROOT)[:-3].replace(os.sep, ".").removesuffix(".__init__")
                    mods[m] = p
    edges = {}
    for m, p in mods.items():
        tree = ast.parse(open(p, encoding="utf-8").read())
        pkg = m if p.endswith("__init__.py") else m.rpartition(".")[0]
        out = set()
        for n in ast.walk(tree):
            names = []
            if isinstance(n, ast.Import):
                names = [a.name for a in n.names]
            elif isinstance(n, ast.ImportFrom):
                base = n.module or ""
                if n.level:
                    parts = pkg.split(".")
                    base = ".".join(parts[: len(parts) - n.level + 1] + ([base] if base else []))
                subs = [base + "." + a.name for a in n.names]
                # "from package import module" imports the module (and the package's
                # __init__ only as the way there), as the standing checks count it
                names = [base] + subs
            for x in names:
                while x and x not in mods:
                    x = x.rpartition(".")[0]
                if x and x != m:
                    out.add(x)
        edges[m] = out
    return edges


def _rank(module: str) -> int:
    """Layers from the bottom: tabletop.core, tabletop.games, saves, sprites."""
    if module.startswith("tabletop.core") or module == "tabletop":
        return 0
    if module.startswith("tabletop.games"):
        return 1
    return {"saves": 2, "sprites": 3}[module.split(".")[0]]


def test_imports_run_down_the_layers_only():
    edges = _import_graph()
    up = [(m, x) for m, out in edges.items() for x in out if _rank(x) > _rank(m)]
    assert not up, up


def test_no_import_loops():
    edges = _import_graph()
    loops, done = [], set()

    def visit(node, path):
        if node in path:
            loops.append(path[path.index(node):] + [node])
            return
        if node in done:
            return
        for nxt in edges.get(node, ()):
            visit(nxt, path + [node])
        done.add(node)

    for m in edges:
        visit(m, [])
    assert not loops, loops[:3]
