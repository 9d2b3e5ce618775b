"""The engine port's words: phase titles, capabilities, log entries, each in names.

Qt-free helpers of :class:`~ddaydesk.ui.engine_port.EnginePort`; what a system words its own
way comes from its rules module (``RulesModule.describe``, ``phase_name``, ``phase_label``)
or, failing that, its profile (``ddaydesk.ui.profiles``).
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from ddaydesk.engine import Move
from ddaydesk.engine.tables import load_move_rules
from ddaydesk.formats.errors import FormatError
from ddaydesk.rules.tables import table_path
from ddaydesk.ui.port import Capabilities, LogEntry
from ddaydesk.ui.port_combat import ATTACK_KINDS


def phase_title(phase_id: str, sides: tuple[str, ...], titles: dict[str, str]) -> str:
    """'allied.movement' -> 'movement', 'setup.invasion_area' -> 'invasion area'; a system's
    own title where its profile gives one."""
    if phase_id in titles:
        return titles[phase_id]
    if phase_id == "over":  # the engine's OVER: no one's phase
        return "Game over"
    words = phase_id.split(".", 1)[-1]
    for side in sides:  # "allied_move" under the Allied player's turn: "move"
        if words.startswith(side + "_"):
            words = words[len(side) + 1:]
    return words.replace("_", " ")


def own_moves(system_id: str) -> bool:
    """True when the system's rules module lists its moves itself (no movement table for the
    engine's search: D-Day2 moves zone by zone)."""
    if not table_path(system_id, "movement").is_file():  # (none: the tables' reader is not imported)
        return True
    try:
        load_move_rules(system_id)
    except FormatError:
        return True
    return False


def capabilities(scenario, phases, move_kind: str = "move") -> Capabilities:
    """The features of :data:`ddaydesk.ui.port.FEATURES` this game lacks, with the reason
    (``move_kind``: the action kind moving a unit on the map, the profile's)."""
    title = scenario.system.title
    sid = scenario.system.id
    kinds = {k for p in phases for k in p.actions}
    missing: dict[str, str] = {}
    if move_kind not in kinds:
        missing["move"] = f"units are not moved on the map in {title}"
    if not kinds & set(ATTACK_KINDS):  # (D-Day '77's attack, Koenig's Fire and Close Combat)
        missing["attack"] = (f"{title} has no attack declared on one place: its fights are "
                             "taken from the Actions dock")
    if sid != "fmu" or "attack" not in kinds:  # (support fire markers alone: F&M's 8.4, STD-FM-BOMB)
        missing["bombard"] = f"{title} has no bombardment by support fire markers alone"
    if not _has_supply_rules(sid):
        missing["supply"] = f"{title} has no supply rules"
    if own_moves(sid):
        missing["zoc"] = f"{title} has no zones of control"
    if "withhold" not in kinds:
        missing["withhold"] = f"{title} has no withheld set-up"
    return Capabilities(missing)


def _has_supply_rules(sid: str) -> bool:
    if not table_path(sid, "supply").is_file():  # (none: the table's reader is not imported)
        return False
    try:
        from ddaydesk.rules.supply.params import load_supply_params

        load_supply_params(sid)
    except (ImportError, FormatError):
        return False
    return True


def log_entry(port, side: str, i: int) -> LogEntry:
    """Action ``i`` of the port's game as ``side`` reads it: who did what, the notes, the dice."""
    g = port.game
    name = port.name
    action, before, ch = g.actions[i], g.states[i], g.changes[i]
    phase = port.phase_title(before.phase)
    from ddaydesk.rules.combat.words import log_text as combat_log_text  # (not needed at start)
    from ddaydesk.ui.dice_words import read_rolls

    told = None if action.secret else combat_log_text(port.scenario, action, before, ch)
    if action.secret and action.side != side:
        text = "a secret choice was recorded"
    elif told is not None:  # a combat action in words, its notes included
        text = name(told)
    elif isinstance(action, Move) and ch.moved:
        unit, frm, to, _path = ch.moved[0]
        who = port.scenario.units[port.scenario.unit_index[unit]].name
        start = port.place_name(frm, before.part[port.scenario.unit_index[unit]]) if frm >= 0 else "enters"
        text = f"{who}: {start} → {port.place_name(to)}"
    else:
        text = port.describe(before, action)
    if ch.notes and told is None:
        text += "; " + "; ".join(name(n) for n in ch.notes)
    rolls = read_rolls(ch.dice, ch.notes, crt_meaning(port.scenario.system.id)) if ch.dice else ()
    return LogEntry(i + 1, before.turn, phase, action.side, text, tuple(r.value for r in ch.dice),
                    tuple(replace(r, purpose=name(r.purpose), table=name(r.table), result=name(r.result)) for r in rolls))


@cache
def crt_meaning(system_id: str):
    """code -> what a result of the system's Combat Results Table does ("" if it has none)."""
    try:
        from ddaydesk.rules.combat.crt import load_crt

        crt = load_crt(system_id)
    except (ImportError, FormatError, OSError):
        return lambda code: ""
    words = {c: r.text for t in crt.tables.values() for c, r in t.results.items()}
    return lambda code: words.get(code, "")
