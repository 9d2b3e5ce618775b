"""Sequence of play as data: ``rules/data/<system>/sequence.yaml`` -> :class:`Sequence`.

A game turn is the list of phases in order. Each phase names the side that acts, its kind
(movement, combat, ...), the action kinds it allows besides ``end_phase``, an optional
condition (``when``) under which it happens at all, hooks run on entering it, and which units
may move in it (all, or mobile only). The engine advances through it (engine/phases.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property

from ddaydesk.formats.reader import Reader
from ddaydesk.formats.yamlmarks import load_file
from ddaydesk.records import Record
from ddaydesk.rules.systems import load_system
from ddaydesk.rules.tables import table_path

KINDS = ("weather", "air", "movement", "combat", "supply", "support_fire", "setup", "end_of_turn",
         "dice", "logistics")  # dice, logistics: D-Day Dice's rolls and its rallying, finding, trading


@dataclass(frozen=True, eq=False, repr=False)
class Phase(Record):
    """One phase of the sequence of play: whose it is, its kind, the actions it allows, when it happens."""

    id: str
    side: str
    kind: str
    actions: tuple[str, ...]
    when: str | None
    hooks: tuple[str, ...]
    units: str  # "all" or "mobile"
    rule: str
    confidence: str
    setup: bool = False  # played once before the first turn

    @property
    def automatic(self) -> bool:
        """A phase with no player actions runs its hooks and passes by itself."""
        return not self.actions


@dataclass(frozen=True, eq=False, repr=False)
class Sequence(Record):
    """A system's sequence of play (sequence.yaml): the set-up phases, then those of every turn."""

    system: str
    phases: tuple[Phase, ...]  # the set-up phases, then the phases of every game turn
    weather_first: str
    source: str

    @property
    def turn_start(self) -> int:
        """Index of the first phase of a game turn (after the set-up phases)."""
        return next(k for k, p in enumerate(self.phases) if not p.setup)

    @cached_property
    def _index(self) -> dict[str, int]:
        return {p.id: k for k, p in enumerate(self.phases)}

    def index(self, phase_id: str) -> int:
        k = self._index.get(phase_id)
        if k is None:
            raise KeyError(f"no phase {phase_id!r} in the {self.system} sequence")
        return k

    def phase(self, phase_id: str) -> Phase:
        return self.phases[self.index(phase_id)]


@cache
def load_sequence(system_id: str) -> Sequence:
    """The system's sequence; FormatError naming file:line:col if the data is wrong."""
    system = load_system(system_id)
    path = str(table_path(system_id, "sequence"))
    doc = load_file(path)
    rd = Reader(path)
    top = rd.mapping(doc, (1, 1), "sequence", required=("system", "phases", "rule", "confidence"),
                     optional=("weather_first", "setup"))
    rd.raise_if_problems()
    items = rd.seq(top["phases"], top.at("phases"), "sequence.phases")
    setup = rd.seq(top["setup"], top.at("setup"), "sequence.setup") if "setup" in top else None
    listed = [("setup", k, item, setup.at(k)) for k, item in enumerate(setup or ())]
    listed += [("phases", k, item, items.at(k)) for k, item in enumerate(items or ())]
    phases: list[Phase] = []
    seen: set[str] = set()
    for where, k, item, pos in listed:
        what = f"{where}[{k}]"
        p = rd.mapping(item, pos, what, required=("id", "side", "kind", "actions", "rule", "confidence"),
                       optional=("when", "hooks", "units", "note"))
        if p is None:
            continue
        pid = rd.text(p, "id", what)
        if pid in seen:
            rd.error(p.at("id"), f"{what}.id: duplicate phase {pid!r}")
        seen.add(pid)
        side = rd.choice(p, "side", system.sides, what)
        kind = rd.choice(p, "kind", KINDS, what)
        actions = rd.field(p, "actions", list, what) or ()
        hooks = rd.field(p, "hooks", list, what, default=()) or ()
        units = rd.choice(p, "units", ("all", "mobile"), what, default="all")
        conf = rd.choice(p, "confidence", ("seed", "default"), what)
        phases.append(Phase(pid, side, kind, tuple(str(a) for a in actions), rd.text(p, "when", what, default=None),
                            tuple(str(h) for h in hooks), units, str(p["rule"]), conf, where == "setup"))
    if not any(not p.setup for p in phases):
        rd.error(top.at("phases"), "sequence.phases: a turn needs at least one phase")
    rd.raise_if_problems()
    return Sequence(system_id, tuple(phases), str(top.get("weather_first", "clear")), path)
