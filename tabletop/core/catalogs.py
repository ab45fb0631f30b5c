"""The message catalogs, kept without outside tools.

    python3 -m tabletop.core.catalogs update   extract the template from the sources,
                                               merge it into every catalog, compile .mo,
                                               bring the card glossaries up to date
    python3 -m tabletop.core.catalogs check    list what is untranslated, fuzzy or stale
                                               (problems), and the card texts whose
                                               translation is pending

Extraction reads the Python sources with ``ast``: the first argument of ``_``
and ``N_`` and the first two of ``ngettext`` when they are string literals,
plus the die names and face labels of ``tabletop/core/data/dice.json``.  The
.po reader and writer know the subset of the format the catalogs use (contexts
are not used; plural forms are).

**Card texts** are the messages a card's face is made of (``CardRow.messages`` of the
games that declare cards: our paraphrases).  One that is untranslated or fuzzy (its
English changed: ``update`` keeps the old translation, marked fuzzy, with the old
English as ``#| msgid``) is *pending*: the card face shows the English, marked
(``i18n.card_text``), and ``check`` lists it, but it is not a problem.  Every other
message must be translated.  ``update`` also refreshes the card glossaries
(``tabletop.core.glossaries``).
"""
from __future__ import annotations

import ast
import difflib
import json
import os
import re
import struct
import sys
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tabletop.core.games import CardRow

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LOCALE = os.path.join(ROOT, "tabletop", "locale")
POT = os.path.join(LOCALE, "tabletop.pot")
SOURCE_DIRS = ("tabletop", "sprites", "saves")
SOURCE_FILES = ("main.py", "cli.py")
HELP_FILES = ("main.py",)
# argparse's own words a player meets (its usage line and errors): main.py lets argparse
# look them up in our catalogs; a Python whose argparse words differ keeps them English
ARGPARSE_WORDS = ("positional arguments", "options", "show this help message and exit",
                  "usage: ", "%(prog)s: error: %(message)s\n",
                  "argument %(argument_name)s: %(message)s", "expected one argument",
                  "invalid %(type)s value: %(value)r",
                  "invalid choice: %(value)r (choose from %(choices)s)",
                  "the following arguments are required: %s", "unrecognized arguments: %s",
                  "ambiguous option: %(option)s could match %(matches)s")
DICE_JSON = os.path.join("tabletop", "core", "data", "dice.json")
PLURAL_FORMS = {
    "cs": "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;",
    "pl": ("nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && "
           "(n%100<10 || n%100>=20) ? 1 : 2);"),
}
LANGUAGE_TEAMS = {"cs": "Czech", "pl": "Polish"}


@dataclass
class Entry:
    msgid: str
    plural: str | None = None
    msgstr: list[str] = field(default_factory=lambda: [""])
    refs: list[str] = field(default_factory=list)
    flags: set[str] = field(default_factory=set)
    comments: list[str] = field(default_factory=list)   # translator comments ("# ...")
    obsolete: bool = False
    previous: str | None = None      # a fuzzy entry's former English ("#| msgid ...")

    @property
    def translated(self) -> bool:
        return all(self.msgstr) and bool(self.msgstr) and "fuzzy" not in self.flags


# ------------------------------------------------------------ extraction --

def source_files(root: str = ROOT) -> list[str]:
    out = [f for f in SOURCE_FILES if os.path.exists(os.path.join(root, f))]
    for d in SOURCE_DIRS:
        for base, dirs, files in os.walk(os.path.join(root, d)):
            dirs[:] = sorted(x for x in dirs if not x.startswith((".", "__")))
            for f in sorted(files):
                if f.endswith(".py"):
                    out.append(os.path.relpath(os.path.join(base, f), root))
    return sorted(out)


def _literal(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def extract(root: str = ROOT) -> dict[str, Entry]:
    """Every msgid in the sources, in order of first appearance."""
    found: dict[str, Entry] = {}

    def add(msgid: str, plural: str | None, ref: str) -> None:
        if not msgid:
            return
        e = found.get(msgid)
        if e is None:
            e = found[msgid] = Entry(msgid, plural, [""] * (2 if plural else 1))
        elif plural and not e.plural:
            e.plural, e.msgstr = plural, ["", ""]
        e.refs.append(ref)

    for rel in source_files(root):
        with open(os.path.join(root, rel), encoding="utf-8") as fh:
            tree = ast.parse(fh.read(), rel)
        if rel in HELP_FILES:          # argparse help texts, translated by main.localized
            for n in ast.walk(tree):
                if isinstance(n, ast.Call):
                    for kw in n.keywords:
                        s = _literal(kw.value) if kw.arg in ("help", "description") else None
                        if s:
                            add(s, None, f"{rel}:{n.lineno}")
        calls = [(n, n.func.id) for n in ast.walk(tree) if isinstance(n, ast.Call)
                 and isinstance(n.func, ast.Name) and n.args]
        for n, func in sorted(calls, key=lambda c: (c[0].lineno, c[0].col_offset)):
            ref = f"{rel.replace(os.sep, '/')}:{n.lineno}"
            if func in ("_", "N_"):
                s = _literal(n.args[0])
                if s is not None:
                    add(s, None, ref)
            elif func in ("ngettext", "N_plural") and len(n.args) >= 2:
                s, p = _literal(n.args[0]), _literal(n.args[1])
                if s is not None and p is not None:
                    add(s, p, ref)
    for word in ARGPARSE_WORDS:
        add(word, None, "main.py")
    dice = os.path.join(root, DICE_JSON)
    if os.path.exists(dice):
        with open(dice, encoding="utf-8") as fh:
            data = json.load(fh)
        ref = DICE_JSON.replace(os.sep, "/")
        for sym in data.get("symbols", {}).values():
            label = str(sym.get("label", ""))
            if label and not label.isdigit():
                add(label, None, ref)
        for die in data.get("dice", []):
            if die.get("name"):
                add(die["name"], None, ref)
    return found


# ------------------------------------------------------------- .po files --

def _unquote(s: str) -> str:
    s = s.strip()
    assert s.startswith('"') and s.endswith('"'), s
    body = s[1:-1]
    return re.sub(r'\\(.)', lambda m: {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}.get(
        m.group(1), "\\" + m.group(1)), body)


def _quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t") \
        .replace("\n", "\\n") + '"'


def read_po(path: str) -> tuple[dict[str, str], list[Entry]]:
    """(header fields, entries) of a .po or .pot file."""
    with open(path, encoding="utf-8") as fh:
        lines = fh.read().splitlines()
    entries: list[Entry] = []
    cur: dict[str, Any] = {}
    key: str | tuple[str, int] | None = None

    def flush() -> None:
        nonlocal cur, key
        if "msgid" in cur:
            strs = cur.get("msgstr", {})
            n = max(strs) + 1 if strs else 1
            e = Entry(cur["msgid"], cur.get("msgid_plural"), [strs.get(i, "") for i in range(n)],
                      cur.get("refs", []), cur.get("flags", set()), cur.get("comments", []),
                      cur.get("obsolete", False), cur.get("previous"))
            entries.append(e)
        cur, key = {}, None

    for raw in lines:
        line = raw
        obsolete = False
        if line.startswith("#~"):
            obsolete = True
            line = line[2:].lstrip()
            if not line:
                continue
        if not line.strip():
            flush()
            continue
        if line.startswith("#") and not obsolete:
            # a comment after a finished entry (no blank line between) starts the next one
            if "msgid" in cur and key is not None and key != "comment":
                flush()
            if line.startswith("#:"):
                cur.setdefault("refs", []).extend(line[2:].split())
            elif line.startswith("#,"):
                cur.setdefault("flags", set()).update(f.strip() for f in line[2:].split(","))
            elif line.startswith("#| msgid "):
                cur["previous"] = _unquote(line[len("#| msgid "):])
            elif line.startswith("# ") or line == "#":
                cur.setdefault("comments", []).append(line[2:])
            key = "comment"
            continue
        if obsolete:
            cur["obsolete"] = True
        m = re.match(r'(msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(".*")$', line)
        if m:
            kw, idx, val = m.group(1), m.group(2), _unquote(m.group(3))
            if kw == "msgid" and "msgid" in cur and key not in (None, "comment"):
                flush()
                if obsolete:
                    cur["obsolete"] = True
            if kw == "msgid":
                cur["msgid"], key = val, "msgid"
            elif kw == "msgid_plural":
                cur["msgid_plural"], key = val, "msgid_plural"
            else:
                i = int(idx) if idx is not None else 0
                cur.setdefault("msgstr", {})[i] = val
                key = ("msgstr", i)
        elif line.lstrip().startswith('"'):
            val = _unquote(line)
            if key == "msgid" or key == "msgid_plural":
                cur[key] += val
            elif isinstance(key, tuple):
                cur["msgstr"][key[1]] += val
    flush()
    header: dict[str, str] = {}
    if entries and entries[0].msgid == "":
        for hline in entries[0].msgstr[0].split("\n"):
            if ":" in hline:
                k, v = hline.split(":", 1)
                header[k.strip()] = v.strip()
        entries = entries[1:]
    return header, entries


def _header_text(header: dict[str, str]) -> str:
    return "".join(f"{k}: {v}\n" for k, v in header.items())


def write_po(path: str, header: dict[str, str], entries: list[Entry], template: bool = False) -> None:
    out = []
    if template:
        out.append("# Message template of the Lord of the Rings tabletop.")
        out.append("# Made by: python3 -m tabletop.core.catalogs update")
    out.append('msgid ""')
    out.append('msgstr ""')
    for k, v in header.items():
        out.append(_quote(f"{k}: {v}\n"))
    out.append("")
    for e in entries:
        if e.obsolete:
            continue
        for c in e.comments:
            out.append(f"# {c}".rstrip())
        if e.refs:
            refs = sorted(set(e.refs), key=e.refs.index)
            line = "#:"
            for r in refs:
                if len(line) + len(r) + 1 > 78 and line != "#:":
                    out.append(line)
                    line = "#:"
                line += " " + r
            out.append(line)
        flags = sorted(e.flags)
        if flags:
            out.append("#, " + ", ".join(flags))
        if e.previous is not None and not template:
            out.append("#| msgid " + _quote(e.previous))
        out.append("msgid " + _quote(e.msgid))
        if e.plural is not None:
            out.append("msgid_plural " + _quote(e.plural))
            for i, s in enumerate(e.msgstr):
                out.append(f"msgstr[{i}] " + _quote("" if template else s))
        else:
            out.append("msgstr " + _quote("" if template else e.msgstr[0]))
        out.append("")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("\n".join(out))


def nplurals(header: dict[str, str]) -> int:
    m = re.search(r"nplurals\s*=\s*(\d+)", header.get("Plural-Forms", ""))
    return int(m.group(1)) if m else 2


# ------------------------------------------------------------- .mo files --

def mo_bytes(header: dict[str, str], entries: list[Entry]) -> bytes:
    """A GNU .mo file of the translated, non-fuzzy entries."""
    pairs = {b"": _header_text(header).encode()}
    for e in entries:
        if e.obsolete or not e.translated:
            continue
        if e.plural is not None:
            k = e.msgid.encode() + b"\0" + e.plural.encode()
            v = b"\0".join(s.encode() for s in e.msgstr)
        else:
            k, v = e.msgid.encode(), e.msgstr[0].encode()
        pairs[k] = v
    keys = sorted(pairs)
    n = len(keys)
    koff = 7 * 4
    voff = koff + 8 * n
    data_start = voff + 8 * n
    ids = b""
    strs = b""
    ktab, vtab = [], []
    for k in keys:
        ktab.append((len(k), data_start + len(ids)))
        ids += k + b"\0"
    for k in keys:
        v = pairs[k]
        vtab.append((len(v), data_start + len(ids) + len(strs)))
        strs += v + b"\0"
    out = struct.pack("<Iiiiiii", 0x950412DE, 0, n, koff, voff, 0, 0)
    out += b"".join(struct.pack("<ii", *x) for x in ktab)
    out += b"".join(struct.pack("<ii", *x) for x in vtab)
    return out + ids + strs


def po_path(lang: str) -> str:
    return os.path.join(LOCALE, lang, "LC_MESSAGES", "tabletop.po")


def languages() -> list[str]:
    return sorted(d for d in os.listdir(LOCALE)
                  if os.path.exists(os.path.join(LOCALE, d, "LC_MESSAGES", "tabletop.po")))


# ----------------------------------------------------------------- merge --

TEMPLATE_HEADER = {
    "Project-Id-Version": "lotr-tabletop",
    "MIME-Version": "1.0",
    "Content-Type": "text/plain; charset=UTF-8",
    "Content-Transfer-Encoding": "8bit",
}


def merge(template: dict[str, Entry], header: dict[str, str], old: list[Entry]) -> list[Entry]:
    """The template's entries with the old translations; a changed plural is marked fuzzy.
    A new msgid close to a translated one that left the sources (a reworded sentence)
    takes that translation, marked fuzzy, with the former English as ``previous``
    (gettext's msgmerge does the same); what left the sources is then dropped (git
    keeps it)."""
    n = nplurals(header)
    by_id = {e.msgid: e for e in old if not e.obsolete}
    gone = {e.msgid: e for e in by_id.values() if e.msgid not in template and any(e.msgstr)}
    out = []
    for msgid, t in template.items():
        e = Entry(msgid, t.plural, [""] * (n if t.plural else 1), list(t.refs))
        o = by_id.get(msgid)
        if o is None and gone:
            o = _closest(msgid, t, gone)
            if o is not None:
                e.flags, e.previous = {"fuzzy"}, o.msgid
                e.msgstr = (o.msgstr + [""] * n)[:len(e.msgstr)]
                e.comments = o.comments
                o = None
        if o is not None:
            e.comments = o.comments
            e.flags = set(o.flags) - {"python-format", "python-brace-format"}
            e.previous = o.previous if "fuzzy" in e.flags else None
            if (o.plural is None) == (t.plural is None):
                e.msgstr = (o.msgstr + [""] * n)[:len(e.msgstr)]
                if o.plural is not None and o.plural != t.plural:
                    e.flags.add("fuzzy")
        out.append(e)
    return out


def _closest(msgid: str, t: Entry, gone: dict[str, Entry]) -> Entry | None:
    """The translated entry that left the sources most like ``msgid`` (a sentence that
    was reworded), if one is close enough."""
    same_kind = [k for k, e in gone.items() if (e.plural is None) == (t.plural is None)]
    found = difflib.get_close_matches(msgid, same_kind, n=1, cutoff=0.6)
    return gone[found[0]] if found else None


def update(root: str = ROOT) -> None:
    """Extract the template, merge it into every catalog, compile the .mo files, and
    bring the card glossaries up to date (``glossaries.refresh``)."""
    from tabletop.core import glossaries
    template = extract(root)
    write_po(POT, TEMPLATE_HEADER, list(template.values()), template=True)
    for lang in languages():
        path = po_path(lang)
        header, old = read_po(path)
        header.setdefault("Plural-Forms", PLURAL_FORMS.get(lang, "nplurals=2; plural=(n != 1);"))
        header["Language"] = lang
        entries = merge(template, header, old)
        write_po(path, header, entries)
        with open(path[:-3] + ".mo", "wb") as fh:
            fh.write(mo_bytes(header, entries))
    glossaries.refresh(languages())


def card_messages() -> set[str]:
    """The catalog messages that are card texts (the faces of every game's cards)."""
    from tabletop.core.glossaries import card_games
    return {m for cards in card_games().values() for c in cards for m in c.messages}


def _translated_ids(lang: str) -> set[str]:
    _header, entries = read_po(po_path(lang))
    return {e.msgid for e in entries if not e.obsolete and e.translated}


def pending(lang: str, template: dict[str, Entry] | None = None,
            cards: set[str] | None = None) -> list[str]:
    """The card texts of the catalog whose translation is pending (untranslated or fuzzy):
    shown in English, marked, on the card faces; not problems."""
    template = template if template is not None else extract()
    cards = card_messages() if cards is None else cards
    done = _translated_ids(lang)
    return [f"{lang}: card text pending {m!r}" for m in template if m in cards and m not in done]


def pending_cards(game_id: str, cards: list[CardRow] | None = None) -> dict[str, list[str]]:
    """card code -> the languages in which some of its words (catalog card texts, the
    data's paraphrase, its printed names) are pending translation."""
    from tabletop.core import glossaries
    from tabletop.core.games import game
    if cards is None:
        spec = game(game_id)
        cards = spec.cards() if spec.cards is not None else []
    langs = languages()
    done = {lang: _translated_ids(lang) for lang in langs}
    more = glossaries.pending(langs, games={game_id: cards}).get(game_id, {})
    out = {}
    for c in cards:
        found = [lang for lang in langs
                 if any(m not in done[lang] for m in c.messages)
                 or any(p.startswith(lang + ":") for p in more.get(c.code, ()))]
        if found:
            out[c.code] = found
    return out


def problems(lang: str, template: dict[str, Entry] | None = None,
             cards: set[str] | None = None) -> list[str]:
    """Why a catalog is not complete: untranslated, fuzzy, stale, obsolete,
    placeholders that differ, a .mo that is not the .po compiled.  An untranslated
    or fuzzy card text (``card_messages``) is pending, not a problem."""
    template = template if template is not None else extract()
    cards = card_messages() if cards is None else cards
    header, entries = read_po(po_path(lang))
    out = []
    ids = {e.msgid: e for e in entries if not e.obsolete}
    for e in entries:
        if e.obsolete:
            out.append(f"{lang}: obsolete entry {e.msgid!r}")
    for msgid, t in template.items():
        found = ids.get(msgid)
        if found is None:
            out.append(f"{lang}: missing {msgid!r}")
        elif msgid in cards and not found.translated:
            continue                              # pending: listed by pending()
        elif "fuzzy" in found.flags:
            out.append(f"{lang}: fuzzy {msgid!r}")
        elif not found.translated or (t.plural and len(found.msgstr) != nplurals(header)):
            out.append(f"{lang}: untranslated {msgid!r}")
        else:
            want = set(re.findall(r"\{[^{}]*\}", msgid))
            if t.plural:
                want |= set(re.findall(r"\{[^{}]*\}", t.plural))
            for s in found.msgstr:
                got = set(re.findall(r"\{[^{}]*\}", s))
                if not got <= want or (not t.plural and got != want):
                    out.append(f"{lang}: placeholders differ in {msgid!r}: {s!r}")
                    break
    for msgid in ids:
        if msgid not in template:
            out.append(f"{lang}: stale entry {msgid!r} (no longer in the sources)")
    mo = po_path(lang)[:-3] + ".mo"
    try:
        with open(mo, "rb") as fh:
            if fh.read() != mo_bytes(header, entries):
                out.append(f"{lang}: {os.path.relpath(mo, ROOT)} is not the .po compiled")
    except OSError:
        out.append(f"{lang}: no compiled catalog")
    return out


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    cmd = argv[0] if argv else "check"
    if cmd == "update":
        update()
        cmd = "check"
    if cmd == "check":
        from tabletop.core import glossaries
        template = extract()
        cards = card_messages()
        bad = [p for lang in languages() for p in problems(lang, template, cards)]
        bad += [f"{os.path.relpath(p, ROOT)} is not current with the cards (run update)"
                for p in glossaries.refresh(languages(), write=False)]
        waiting = [p for lang in languages() for p in pending(lang, template, cards)]
        waiting += [f"{gid} {code}: {what}" for gid, by_code in
                    glossaries.pending(languages()).items()
                    for code, found in by_code.items() for what in found]
        for p in bad:
            print(p)
        for p in waiting:
            print("pending:", p)
        print(f"{len(template)} messages; {len(bad)} problems; {len(waiting)} pending translations "
              "(card texts shown in English, marked, until translated)")
        return 1 if bad else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main())
