"""A position from its canonical form: the inverse of :meth:`GameState.to_dict`.

A save of version 3 carries the canonical form of its last position (the text whose sha256
is the save's ``final_state_hash``), so a long game is shown without replaying its log; the
log is still replayed and checked against it (engine/opening.py, and in full by
``load_game``). Everything read here is checked: a bad field is a ValueError naming it.
"""

from __future__ import annotations

from typing import Any

from ddaydesk.engine.dice import Dice
from ddaydesk.engine.state import GameState, Marker
from ddaydesk.formats.errors import show
from ddaydesk.formats.scenariofile import Scenario

FIELDS = ("scenario", "turn", "phase", "active", "weather", "options", "units", "markers", "secrets", "game",
          "scratch", "extra", "dice")


def state_from_dict(scenario: Scenario, d: Any, dice: Dice) -> GameState:
    """The position ``d`` describes (``dice``: the game's dice source; only the count of
    draws is part of a position)."""
    if not isinstance(d, dict) or set(d) != set(FIELDS):
        got = sorted(d) if isinstance(d, dict) else show(d)
        raise ValueError(f"expected a position with the keys {', '.join(FIELDS)}, found {got}")
    ref = d["scenario"]
    if ref != {"id": scenario.id, "content_hash": scenario.content_hash}:
        raise ValueError(f"scenario: the position is of {show(ref)}, not of {scenario.id}")
    for key, kind in (("turn", int), ("phase", str), ("active", str), ("weather", str), ("options", dict),
                      ("units", dict), ("markers", list), ("secrets", dict), ("game", dict), ("scratch", dict),
                      ("extra", dict), ("dice", dict)):
        if not isinstance(d[key], kind) or isinstance(d[key], bool):
            raise ValueError(f"{key}: expected {kind.__name__}, found {show(d[key])}")
    board = scenario.board
    units = d["units"]
    if set(units) != set(scenario.unit_index):
        raise ValueError(f"units: expected the scenario's {len(scenario.units)} units, by id")
    place, status, steps, flags, part = [], [], [], [], []
    for uid in scenario.unit_index:
        u = units[uid]
        if not isinstance(u, dict) or not {"place", "status", "steps_lost", "flags"} <= set(u) <= \
                {"place", "status", "steps_lost", "flags", "part"}:
            raise ValueError(f"units.{uid}: expected place, status, steps_lost, flags (and part), found {show(u)}")
        place.append(_place(board, u["place"], f"units.{uid}.place"))
        status.append(_typed(u["status"], str, f"units.{uid}.status"))
        steps.append(_typed(u["steps_lost"], int, f"units.{uid}.steps_lost"))
        flags.append(_typed(u["flags"], int, f"units.{uid}.flags"))
        part.append(_typed(u.get("part", ""), str, f"units.{uid}.part"))
    markers = []
    for k, m in enumerate(d["markers"]):
        if not isinstance(m, dict) or set(m) != {"kind", "place", "side"}:
            raise ValueError(f"markers[{k}]: expected kind, place and side, found {show(m)}")
        side = m["side"] if m["side"] is None else _typed(m["side"], str, f"markers[{k}].side")
        p = _place(board, m["place"], f"markers[{k}].place")
        if p < 0:
            raise ValueError(f"markers[{k}].place: a marker stands on the map")
        markers.append(Marker(_typed(m["kind"], str, f"markers[{k}].kind"), p, side))
    draws = d["dice"].get("draws")
    if set(d["dice"]) != {"draws"} or type(draws) is not int or draws < 0:
        raise ValueError(f"dice: expected {{\"draws\": a count}}, found {show(d['dice'])}")
    for key, value in d["options"].items():
        if not isinstance(value, bool):
            raise ValueError(f"options.{key}: expected true or false, found {show(value)}")
    return GameState(
        scenario=scenario, turn=d["turn"], phase=d["phase"], active=d["active"], weather=d["weather"],
        options=dict(d["options"]), place=place, status=status, steps_lost=steps, flags=flags,
        markers=tuple(sorted(markers)), secrets=d["secrets"], game=d["game"], scratch=d["scratch"],
        dice=dice.at(draws), extra=d["extra"], part=part,
    )


def _typed(value: Any, kind: type, where: str) -> Any:
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise ValueError(f"{where}: expected {kind.__name__}, found {show(value)}")
    return value


def _place(board, label: Any, where: str) -> int:
    if label is None:
        return -1
    i = board.index_of.get(label) if isinstance(label, str) else None
    if i is None:
        raise ValueError(f"{where}: {show(label)} is not a place on the map")
    return i
