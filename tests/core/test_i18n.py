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
