import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _user_dirs(tmp_path, monkeypatch):
    """Keep every test away from the real user's config and saves."""
    monkeypatch.setenv("LOTR_TABLETOP_CONFIG", str(tmp_path / "config"))
    monkeypatch.setenv("LOTR_TABLETOP_HOME", str(tmp_path / "home"))
