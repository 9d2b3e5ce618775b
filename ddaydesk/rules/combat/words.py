"""Combat in words (no Qt): the key to every result code of a system's Combat Results Table,
and the log's sentence for each combat action ("7th Armoured Division retreats 2 hexes to
1922 (AB2)"). Units are named, never given by id; hexes by their printed number and the
place's name when the map has one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ddaydesk.engine import Changes, GameState
from ddaydesk.formats.scenariofile import Scenario
from ddaydesk.rules.combat.crt import Table, load_crt
from ddaydesk.rules.combat.state_adapter import record


@dataclass(frozen=True)
class KeyEntry:
    """One result code as the key shows it: ``AB2 — Attacker Back 2: attacker retreats 2 hexes``."""

    code: str
    name: str  # what the letters stand for
    text: str  # what the result does
    rule: str
    confidence: str  # seed | default
    table: str  # title of the table it belongs to


def table_key(table: Table) -> tuple[KeyEntry, ...]:
    """The codes one table uses, in the order they first appear from its weakest column."""
    seen: dict[str, None] = {}
    for col in table.columns:
        seen.update(dict.fromkeys(col.results))
    return tuple(KeyEntry(c, r.name, r.text, r.rule, r.confidence, table.title)
                 for c in seen for r in (table.results[c],))


def result_key(system: str) -> tuple[KeyEntry, ...]:
    """Every result code of ``system``'s CRT (all its tables), each with its rule id."""
    crt = load_crt(system)
    out: dict[tuple[str, str], KeyEntry] = {}
    for name in ("standard", *sorted(set(crt.tables) - {"standard"})):
        for e in table_key(crt.tables[name]):
            out.setdefault((e.code, e.text), e)  # a code keeps one entry while it means the same
    for fixed in (crt.below, crt.above):  # results decided without a roll use codes of the table
        if fixed is not None and not any(c == fixed.result for c, _t in out):
            r = crt.tables["standard"].results[fixed.result]
            out[(r.code, r.text)] = KeyEntry(r.code, r.name, r.text, r.rule, r.confidence, crt.title)
    return tuple(out.values())


def key_line(e: KeyEntry) -> str:
    named = f" — {e.name}" if e.name and e.name != e.code else ""
    return f"{e.code}{named}: {e.text} ({e.rule})"


# -- the log ---------------------------------------------------------------------------------------
_NOTE = re.compile(r"^combat at (?P<hex>\S+): (?P<column>.+?) → (?P<code>\S+) \((?P<attack>-?\d+):(?P<defence>-?\d+), "
                   r"(?:die (?P<die>\d+)|no roll)(?:; markers (?P<markers>.*))?\)$")


def result_note(label: str, column: str, code: str, attack: int, defence: int, die: int | None,
                markers: list[str]) -> str:
    """The note the combat roll leaves in the log (read back by :func:`log_text`)."""
    return (f"combat at {label}: {column} → {code} ({attack}:{defence}, {f'die {die}' if die is not None else 'no roll'}"
            + (f"; markers {', '.join(markers)}" if markers else "") + ")")


NARRATED = frozenset({"attack", "resolve_combat", "retreat", "take_losses", "stiff_resistance", "advance"})


def log_text(scenario: Scenario, action, before: GameState, ch: Changes) -> str | None:
    """The log's sentence for a combat action (None for any other action): what happened,
    then the rules' own notes with units named."""
    if action.kind not in NARRATED:
        return None
    w = _Words(scenario)
    p = record(before).get("pending") or {}
    code = p.get("result", "")
    notes = list(ch.notes)
    if action.kind == "attack":
        target = scenario.board.labels[action.target]
        s = "s" if len(action.attackers) == 1 else ""
        if getattr(action, "mode", "normal") == "bombardment":
            hit = f", {w.name(action.hit)} picked as the target (FMU-BEACH-07)" if action.hit else ""
            head = f"{action.side.capitalize()} bombardment of {w.where(target)} declared{hit} (STD-FM-BOMB)"
        elif getattr(action, "mode", "normal") == "beach_assault":  # the attackers' own hex
            head = f"{w.names(action.attackers)} assault{s} the beach at {w.where(target)} (FMU-BEACH-01)"
        else:
            defenders = [scenario.units[k].name for k in before.units_at().get(action.target, ())
                         if scenario.units[k].side != action.side]
            head = (f"{w.names(action.attackers)} attack{s} {' and '.join(defenders) or 'the enemy'} "
                    f"at {w.where(target)}" + (" (FMU-AIRB-12)" if getattr(action, "mode", "") == "drop_hex" else ""))
        notes = [n for n in notes if not n.startswith((f"{action.side} attacks ", f"{action.side} bombards "))]
    elif action.kind == "resolve_combat":
        head, notes = _resolution(scenario, w, p, ch, notes)
    elif action.kind == "retreat":
        move = next((m for m in ch.moved if m[0] == action.unit), None)
        n = len(action.via)
        head = (f"{w.name(action.unit)} retreats {n} hex{'es' if n != 1 else ''} to "
                f"{w.where(scenario.board.labels[move[2]])} ({code})" if move else
                f"{w.name(action.unit)} cannot retreat ({code})")
    elif action.kind == "take_losses":
        head = w.losses(ch) + (f" ({code})" if code else "")
        notes = [n for n in notes if not n.startswith(("exchange: ", f"{action.side} step losses: "))]
    elif action.kind == "stiff_resistance":
        head = (f"{w.name(action.unit)} holds {w.where(p.get('target', ''))}: stiff resistance, "
                f"a step lost instead of the {code} retreat")
        notes = [n for n in notes if not n.startswith("stiff resistance: ")]
    else:  # advance
        where = w.where(p.get("target", ""))
        head = f"{w.names(action.units)} advance{'s' if len(action.units) == 1 else ''} into {where}" \
            if action.units else f"no unit advances into {where}"
        notes = [n for n in notes if not n.startswith("advance after combat into ")]
    return "; ".join([head, *(w.named(n) for n in notes)])


def _resolution(scenario: Scenario, w: _Words, p: dict, ch: Changes, notes: list[str]) -> tuple[str, list[str]]:
    m = next((m for n in notes if (m := _NOTE.match(n))), None)
    if m is None:
        return "combat rolled", notes
    crt = load_crt(scenario.system.id)
    r = next((t.results[m["code"]] for t in crt.tables.values() if m["code"] in t.results), None)
    roll = f"die {m['die']}" if m["die"] else "no roll"
    if p.get("kind") == "bombardment":
        return _bombardment(w, p, m, ch), [n for n in notes if n != m.string and "bombardment" not in n]
    head = (f"combat at {w.where(m['hex'])}: {m['attack']} to {m['defence']}, {m['column']}, {roll}: "
            f"{m['code']}" + (f" — {r.text}" if r is not None else ""))
    if m["markers"]:
        head += f" (support fire: {m['markers'].replace('_', ' ')})"
    lost = w.losses(ch)
    if ch.removed or ch.units:
        head += f"; {lost}"
    return head, [n for n in notes if n != m.string]


def _bombardment(w: _Words, p: dict, m: re.Match, ch: Changes) -> str:
    """"German bombardment of 1206: +4 and +6 drawn, 10 vs 3 = +7 (column +7..+9), rolled 5:
    D1, 1st/8th Infantry loses a step" (STD-FM-BOMB)."""
    drawn = [x.rsplit(" ", 1)[-1] for x in (m["markers"] or "").split(", ") if x]
    markers = " and ".join(drawn) + " drawn" if drawn else "nothing drawn"
    roll = f"rolled {m['die']}" if m["die"] else "no roll"
    effect = w.losses(ch) if ch.removed or ch.units else "no effect"
    diff = int(m["attack"]) - int(m["defence"])
    return (f"{p['side'].capitalize()} bombardment of {w.where(m['hex'])}: {markers}, {m['attack']} vs "
            f"{m['defence']} = {diff:+d} (column {m['column']}), {roll}: {m['code']}, {effect}")


class _Words:
    def __init__(self, scenario: Scenario):
        self.sc = scenario

    def name(self, uid: str) -> str:
        k = self.sc.unit_index.get(uid)
        return self.sc.units[k].name if k is not None else uid

    def names(self, uids) -> str:
        got = [self.name(u) for u in uids]
        return ", ".join(got[:-1]) + f" and {got[-1]}" if len(got) > 1 else "".join(got)

    def where(self, label: str) -> str:
        """A hex as its number and, when the map names a place there, the place."""
        board = self.sc.board
        try:
            i = board.index(label)
        except (KeyError, ValueError):
            return label
        named = [p.name for p in board.places_at.get(i, ())]
        return f"{label} {named[0]}" if named else label

    def losses(self, ch: Changes) -> str:
        parts = []
        if ch.removed:
            parts.append(f"{self.names(ch.removed)} eliminated")
        reduced = [u for u in ch.units if u not in ch.removed]
        if reduced:
            parts.append(f"{self.names(reduced)} lose{'s' if len(reduced) == 1 else ''} a step")
        return "; ".join(parts) or "no losses"

    def named(self, note: str) -> str:
        """A rules note with every unit id in it replaced by the unit's name."""
        return _ids(self.sc).sub(lambda m: self.name(m.group(0)), note)


def _ids(scenario: Scenario) -> re.Pattern:
    """A pattern matching any unit id of the scenario as a whole word (kept on the scenario)."""
    got = scenario.__dict__.get("_unit_id_pattern")
    if got is None:
        ids = sorted((u.id for u in scenario.units), key=len, reverse=True)
        got = re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, ids)) + r")(?![\w-])" if ids else "(?!)")
        scenario.__dict__["_unit_id_pattern"] = got
    return got
