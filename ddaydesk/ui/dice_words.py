"""The dice log's words: for every roll, what it was rolled for, the table (chart, cup, deck)
it was read on and what it led to, read from the roll's purpose and the notes its action left.

The rules roll through ``Changes.roll(state, sides, purpose)`` and note what came of it
("combat at 1308: 1-2 → AB2 (4:5, die 4)"); this module pairs each roll with its note. The
known purposes are read exactly (the CRTs, the weather, D-Day2's hit numbers, D-Day Dice's
faces, Koenig's fire and close combat tables, the support fire markers, airborne drops and
drift); any other roll gets the note that names what it was rolled for, or none. Qt-free;
the words still hold engine ids, which the port's Namer turns into names.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ddaydesk.engine.tables import WEATHER_WORDS as WEATHER
from ddaydesk.ui.port import DieRoll

FACE_WORDS = {"soldier": "Soldier", "soldiers": "2 Soldiers", "star": "Star", "courage": "Courage",
              "tool": "Tool", "skull": "Skull"}

# a reader: (match, roll, notes, context) -> (table, result) or (table, result, purpose)
Reader = Callable[[re.Match, object, list[str], dict], tuple[str, ...]]
_READERS: list[tuple[re.Pattern, Reader]] = []


def reads(pattern: str):
    def add(fn: Reader) -> Reader:
        _READERS.append((re.compile(pattern), fn))
        return fn
    return add


def _note(notes: list[str], pattern: str) -> re.Match | None:
    rx = re.compile(pattern)
    return next((m for n in notes if (m := rx.search(n))), None)


@reads(r"^combat at (?P<hex>\S+): (?P<col>.+)$")
def _crt(m, roll, notes, ctx):
    got = _note(notes, rf"^combat at {re.escape(m['hex'])}: .+? → (?P<code>\S+) \(")
    result = ""
    bombardment = _note(notes, r"^(?P<what>(?:the )?bombardment[^(]*) \(STD-FM-BOMB\)$")
    if got:  # a bombardment's result does what its note says, not what the CRT's key says (STD-FM-BOMB)
        meaning = bombardment["what"] if bombardment else ctx["crt"](got["code"]) if "crt" in ctx else ""
        result = got["code"] + (f": {meaning}" if meaning else "")
    return f"Combat Results Table, {m['col']} column", result


@reads(r"^(?P<side>\w+) marker draw for the combat at (?P<hex>\S+)$")
def _marker(m, roll, notes, ctx):
    got = _note(notes, rf"^combat at {re.escape(m['hex'])}: .*; markers (?P<list>[^)]*)\)")
    drawn = [x.strip() for x in got["list"].split(",")] if got else []
    mine = [x for x in drawn if x.startswith(m["side"])]
    k = ctx.setdefault(("markers", m["side"]), 0)
    ctx[("markers", m["side"])] = k + 1
    result = f"drew {mine[k].replace('_', ' ')}" if k < len(mine) else ""
    return f"{m['side'].capitalize()} support fire markers (1 of {roll.sides})", result


@reads(r"^weather turn (?P<turn>\d+)$")
def _weather(m, roll, notes, ctx):
    got = _note(notes, rf"^weather turn {m['turn']}: rolled \d+, (?P<w>[^(;]+?)(?: \((?P<rule>[^)]+)\))?$")
    w = got["w"].strip() if got else ""
    return f"Weather Table, turn {m['turn']}", WEATHER.get(w, w) + (f" ({got['rule']})" if got and got["rule"] else "")


@reads(r"^(?P<what>.+) \((?:(?P<who>\S+) )?hits on (?P<need>\d+)\)$")
def _hits(m, roll, notes, ctx):
    need = int(m["need"])
    purpose = m["what"] + (f", {m['who']} firing" if m["who"] else "")
    return f"hits on {'a 1' if need == 1 else f'1-{need}'}", "hit" if roll.value <= need else "miss", purpose


@reads(r"^reinforcements (?P<chart>\S+)$")
def _reinforcements(m, roll, notes, ctx):
    got = _note(notes, rf"^{re.escape(m['chart'])}: [\d+]+ = (?P<res>.+)$")
    return m["chart"], got["res"] if got else "", "reinforcements"


@reads(r"^(?P<who>.+): (?P<colour>\w+) die$")
def _face(m, roll, notes, ctx):
    from ddaydesk.rules.ddd.data import FACES

    face = FACES[roll.value - 1] if roll.sides == len(FACES) and 0 < roll.value <= len(FACES) else ""
    return f"{m['colour']} die", f"{m['colour']} {FACE_WORDS.get(face, face)}".strip()


@reads(r"^(?P<kind>fire|close combat) at (?P<hex>\S+): (?P<a>\d+) against (?P<d>\d+)$")
def _pkd(m, roll, notes, ctx):
    got = _note(notes, rf"^{m['a']} against {m['d']} \((?P<col>[^)]*)\): die \d+, (?P<res>.+)$")
    table = f"{'Fire' if m['kind'] == 'fire' else 'Close Combat'} Table"
    return (f"{table}, {got['col']} column" if got else table), got["res"] if got else ""


@reads(r"^(?P<sector>.+): Soldiers joining$")
def _joining(m, roll, notes, ctx):
    got = _note(notes, rf" gains (?P<n>\d+) Soldiers in {re.escape(m['sector'])}$")
    return "Soldiers joining", got.string if got else ""


@reads(r"^(?P<card>an Award|a Badge|a Decoration) from the deck$")
def _card_draw(m, roll, notes, ctx):
    """D-Day Dice: the card drawn, as the log names it (the German's Decoration stays unnamed)."""
    got = _note(notes, rf"(?:^|: )(?P<who>[^:;]+?) draws (?P<what>the .+|{m['card']})$")
    return f"draw from {roll.sides}", f"{got['who']} draws {got['what']}" if got else ""


@reads(r"^drop of (?P<unit>\S+)$")
def _drop(m, roll, notes, ctx):
    got = _note(notes, rf"^{re.escape(m['unit'])} drop: rolled \d+, (?P<res>[^;]+)")
    return "Airborne drop", got["res"] if got else ""


@reads(r"^drift of (?P<unit>\S+)$")
def _drift(m, roll, notes, ctx):
    k = ctx.get(("drift", m["unit"]), 0)
    ctx[("drift", m["unit"])] = k + 1
    got = _note(notes, rf"^{re.escape(m['unit'])} drop: ")
    drifts = re.findall(r"drift \d+: ([^;]+)", got.string) if got else []  # (the number is the die's)
    return "drift direction", drifts[k].replace("->", "→") if k < len(drifts) else ""


DRAWS = re.compile(r"\b(cup|deck|draw|drawn|set aside|lost for|sector of)\b", re.IGNORECASE)
_WORD = re.compile(r"[\w+#-]{3,}")


def _words(text: str) -> set[str]:
    return {w.lower().rstrip("s") for w in _WORD.findall(text)} - {"the", "and", "for", "from", "with"}


def _generic(purpose: str, roll, notes: list[str]) -> tuple[str, str]:
    """The note about what the roll was for: one that starts with it ("Support: allied
    artillery rolled 5: 2 points", "Command Cup: 8th Infantry Brigade drawn"), or else the
    note sharing most of its words ("Land Mines: American Unit loses 3 Soldiers")."""
    table = f"draw from {roll.sides}" if DRAWS.search(purpose) or roll.sides not in (4, 6, 8, 10, 12, 20) else ""
    key = re.split(r"[:(,]| at | on | under | for ", purpose, maxsplit=1)[0].strip()
    two = " ".join(key.split()[:2])
    for n in notes:
        if n.startswith(purpose):
            return table, re.sub(r"^rolled \d+:?\s*", "", n[len(purpose):].lstrip(" :"))
        if key and n.startswith((key + ":", two + ":")):
            return table, n.split(": ", 1)[1]
    want = _words(purpose)
    best = max(notes, key=lambda n: len(want & _words(n)), default="")
    if not want or len(want & _words(best)) <= 0.75 * len(want):
        return table, ""
    head, _sep, rest = best.partition(": ")
    return table, rest if rest and want & _words(head) else best


def read_rolls(dice, notes: list[str], crt_meaning: Callable[[str], str] | None = None) -> tuple[DieRoll, ...]:
    """Each roll of one action (``Changes.dice``) with its table and result, from the
    action's ``notes``. ``crt_meaning(code)`` words a CRT result code."""
    ctx: dict = {} if crt_meaning is None else {"crt": crt_meaning}
    out = []
    for r in dice:
        read: tuple = ()
        for rx, fn in _READERS:
            m = rx.match(r.purpose)
            if m:
                read = fn(m, r, notes, ctx)
                break
        else:
            read = _generic(r.purpose, r, notes)
        table, result, purpose = (*read, r.purpose)[:3]
        out.append(DieRoll(r.value, r.sides, purpose, table, result, drawn=bool(DRAWS.search(r.purpose))))
    return tuple(out)
