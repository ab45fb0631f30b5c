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
    code = "import sys, sprites.render; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
    assert out.stdout.strip().endswith("True")
