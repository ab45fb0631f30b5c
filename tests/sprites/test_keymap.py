"""Hotkeys: DragnCards defaults, user overrides, conflicts reported."""
import pygame

from sprites.keymap import ACTIONS, load_keymap, write_default


def test_defaults_are_dragncards(tmp_path):
    km = load_keymap(str(tmp_path / "none.toml"))
    assert km.problems == []
    assert km.action_for(pygame.K_a, 0) == "exhaust"
    assert km.action_for(pygame.K_z, pygame.KMOD_CTRL) == "undo"
    assert km.action_for(pygame.K_LEFT, 0) == "undo"
    assert km.action_for(pygame.K_LEFT, pygame.KMOD_SHIFT) == "undo_round"
    assert km.action_for(pygame.K_RIGHT, pygame.KMOD_CTRL) == "next_seat"


def test_user_binding_wins_and_conflict_is_reported(tmp_path):
    p = tmp_path / "keys.toml"
    p.write_text('[keys]\nflip = ["a"]\n')
    km = load_keymap(str(p))
    assert km.action_for(pygame.K_a, 0) == "flip"
    assert km.keys["exhaust"] == []
    assert any("exhaust" in msg and "flip" in msg for msg in km.problems)


def test_bad_file_entries_are_reported_not_fatal(tmp_path):
    p = tmp_path / "keys.toml"
    p.write_text('[keys]\nexhaust = ["nosuchkey"]\nteleport = ["t"]\n[options]\nwarp = true\n')
    km = load_keymap(str(p))
    assert len(km.problems) == 3
    assert km.action_for(pygame.K_f, 0) == "flip"
    p.write_text("this is [not toml")
    km = load_keymap(str(p))
    assert km.problems and km.action_for(pygame.K_a, 0) == "exhaust"


def test_written_default_file_loads_cleanly(tmp_path):
    p = tmp_path / "cfg" / "keys.toml"
    write_default(str(p))
    km = load_keymap(str(p))
    assert km.problems == []
    assert set(km.keys) == set(ACTIONS)
