"""The catalogs and glossaries ship with the package (setup.cfg's package data)."""
import configparser
import fnmatch
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_package_data_ships_the_compiled_catalogs_and_the_glossaries():
    cfg = configparser.ConfigParser()
    cfg.read(os.path.join(ROOT, "setup.cfg"))
    patterns = [p.strip() for p in cfg["options.package_data"]["tabletop"].split(",")]
    wanted = ["locale/cs/LC_MESSAGES/tabletop.mo", "locale/pl/LC_MESSAGES/tabletop.mo",
              "locale/glossary/lcg.json", "locale/glossary/lcg-texts.json",
              "locale/glossary/coc.json", "locale/glossary/wotr.json"]
    for path in wanted:
        assert os.path.exists(os.path.join(ROOT, "tabletop", path)), path
        assert any(fnmatch.fnmatch(path, p) for p in patterns), path
