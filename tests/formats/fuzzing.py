"""Mutated maps, scenarios and saves for fuzzing ``ddaydesk check`` and the save loader.

``mutate(kind, text, rng)`` returns the bytes of a broken (or, by chance, still valid)
file: spans of text replaced by YAML/JSON fragments, lines dropped, doubled or swapped,
values of the parsed document replaced by junk of every type, a billion-laughs header,
deep nesting, huge numbers, unknown tags, bytes that are not UTF-8. ``outcome(path)`` checks
one file the way ``ddaydesk check`` does and says what happened: "ok", "refused" (problems,
each with a line), or what went wrong ("bad problem", a traceback). tests/formats/
test_fuzz_files.py runs a few hundred of them; tools/fuzz_files.py tens of thousands.
"""

from __future__ import annotations

import json
import random
from typing import Any

import yaml

from ddaydesk.engine.saveload import actions_digest
from ddaydesk.formats.detect import check_file

YAML_BITS = ["", "\n", ": ", "- ", "[", "]", "{", "}", ", ", "'", '"', "&a ", "*a", "!!int ", "!!bool maybe",
             "!!timestamp 2001-13-99", "!!binary x", "!foo ", "!!python/object:os.system ", "? ", "<<: *a",
             "~", "null", "true", "0304", "1e999", ".nan", "0x_", "9" * 5000, "x" * 5000, "\t", "\x00", "\x85",
             "\ufeff", "é", "  ", "#", "---\n", "...\n", "|\n", ">-\n", "@", "`", "%YAML 1.1\n", "-1", "99999"]
JSON_BITS = ["", "\n", ":", ",", "[", "]", "{", "}", '"', "\\", "null", "true", "NaN", "-Infinity", "1e999",
             "9" * 5000, "-0", "0.5", '"x"', '"0101"', '"d6=7"', '"rolled": ["d10=3"], ', "[" * 3000,
             "\x00", "\ud800", "é"]
JUNK: list[Any] = [None, True, False, -1, 0, 1, 7, 10**12, 2.5, -0.0, "", "x", "0101", "0304", "allied",
                   "german", "us-1-inf", "d6=4", [], {}, [None], {"x": 1}, ["a", 3], "z" * 300]
LAUGHS = ('a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
          + "".join(f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]\n" for i in range(1, 10)))


def nodes(doc: Any, out: list) -> list:
    """Every (container, key) of a parsed document."""
    if isinstance(doc, dict):
        for k in list(doc):
            out.append((doc, k))
            nodes(doc[k], out)
    elif isinstance(doc, list):
        for k in range(len(doc)):
            out.append((doc, k))
            nodes(doc[k], out)
    return out


def _plain(doc: Any) -> Any:
    if isinstance(doc, dict):
        return {k: _plain(v) for k, v in doc.items()}
    if isinstance(doc, list):
        return [_plain(v) for v in doc]
    return doc


def _junk(rng: random.Random) -> Any:
    pick = rng.random()
    if pick < 0.08:
        return [[[[[[[[[[["deep"]]]]]]]]]]] if rng.random() < 0.5 else "[" * rng.randint(60, 3000)
    return json.loads(json.dumps(rng.choice(JUNK)))


def _tree(kind: str, text: str, rng: random.Random) -> str | None:
    """The document with 1-3 values replaced or removed (None when it does not parse)."""
    try:
        doc = json.loads(text) if kind == "save" else yaml.safe_load(text)
    except (ValueError, yaml.YAMLError):
        return None
    targets = nodes(doc, [])
    if not targets:
        return None
    if kind == "save" and isinstance(doc, dict) and rng.random() < 0.7:  # aim at the log mostly
        targets = [n for n in targets if n[0] is not doc and n[1] not in ("content_hash", "id", "path")] or targets
    plausible = rng.random() < 0.5  # values the file itself holds: more files pass and play
    leaves = [(c, k) for c, k in targets if not isinstance(c[k], (dict, list))]
    for _ in range(rng.randint(1, 3)):
        container, key = rng.choice(targets)
        if plausible and leaves:
            container, key = rng.choice(leaves)
            old = container[key]
            same = [c[k] for c, k in leaves if type(c[k]) is type(old)]
            if isinstance(old, int) and not isinstance(old, bool) and rng.random() < 0.5:
                container[key] = rng.choice([old + 1, old - 1, 0, old * 2, -old])
            else:
                container[key] = rng.choice(same)
        elif rng.random() < 0.25:
            if isinstance(container, list) and key < len(container):
                del container[key]
            elif isinstance(container, dict):
                container.pop(key, None)
            targets = nodes(doc, []) or targets
        elif isinstance(container, list) and key >= len(container):
            continue
        else:
            container[key] = _junk(rng)
    if kind == "save":
        if isinstance(doc, dict) and isinstance(doc.get("actions"), list) and rng.random() < 0.6:
            doc["actions_sha256"] = actions_digest(doc["actions"])  # so that the replay is reached
        return json.dumps(doc, indent=1)
    return yaml.safe_dump(_plain(doc), allow_unicode=True, sort_keys=False)


def _text(kind: str, text: str, rng: random.Random) -> str:
    bits = JSON_BITS if kind == "save" else YAML_BITS
    lines = text.split("\n")
    op = rng.randrange(6)
    if op == 0 and len(lines) > 1:
        del lines[rng.randrange(len(lines))]
    elif op == 1:
        k = rng.randrange(len(lines))
        lines.insert(k, lines[k])
    elif op == 2 and len(lines) > 1:
        a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[a], lines[b] = lines[b], lines[a]
    else:
        for _ in range(rng.randint(1, 4)):
            at = rng.randrange(len(text) + 1)
            text = text[:at] + rng.choice(bits) + text[at + rng.choice((0, 0, 1, 2, 8, 40)):]
        return text
    return "\n".join(lines)


def _special(kind: str, text: str, rng: random.Random) -> str:
    if kind == "save":
        return text.replace('"options": {', '"options": {"x": ' + "[" * 5000 + "]" * 5000 + ", ", 1)
    lines = text.split("\n")
    k = rng.randrange(len(lines))
    if ": " in lines[k] and rng.random() < 0.7:
        head = lines[k].split(": ", 1)[0]
        lines[k] = head + ": " + rng.choice(["*a9", "*a6", "!!bool maybe", "!!timestamp x", "9" * 5000,
                                            "[" * 400 + "]" * 400, "&a [*a]", "!!set {a: null}"])
    return LAUGHS + "\n".join(lines) if rng.random() < 0.5 else "\n".join(lines)


def mutate(kind: str, text: str, rng: random.Random) -> bytes:
    """One mutated file of ``kind`` (map, scenario or save) from a valid ``text``."""
    r = rng.random()
    out = _tree(kind, text, rng) if r < 0.45 else None
    if out is None:
        out = _special(kind, text, rng) if r > 0.9 else _text(kind, text, rng)
    raw = out.encode("utf-8", errors="surrogatepass")
    if rng.random() < 0.04:  # bytes that are not UTF-8
        at = rng.randrange(len(raw) + 1)
        raw = raw[:at] + rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xe9"]) + raw[at:]
    return raw


def outcome(path: str) -> tuple[str, str]:
    """What ``ddaydesk check`` makes of one file: ("ok" | "refused" | "bad problem", detail).
    Any exception escapes: it is what a fuzz run is looking for."""
    kind, problems = check_file(path)
    for p in problems:
        if p.line < 1 or p.col < 1 or not p.path or len(p.message) > 1000:
            return "bad problem", str(p)[:300]
    return ("refused" if problems else "ok"), kind
