"""Per-system rules modules: where later rules plug into the engine.

A :class:`RulesModule` holds, for one rules system, the action handlers (what each action
kind may do and how it changes the state), hooks run when a phase is entered (``supply``,
``end_of_turn``, ``victory``... as named in ``sequence.yaml``), named conditions for phases
(``when:``), and set-up steps run on a new game. The engine's own handlers (engine/core.py)
register first; then each shared procedure :data:`PLUGINS` names for the system, by its
``register(rules_module)`` function: the combat developer's ``ddaydesk.rules.combat``
registers an ``attack`` handler, the supply developer's ``ddaydesk.rules.supply`` a
``supply`` hook; last the system's own package ``ddaydesk.rules.<system id>`` (e.g.
``ddaydesk.rules.dd2``), which may replace any of them. Only these are imported: a game
loads the rules of its own system and no other's. Rules code stays pure functions; this is
the only wiring.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING

from ddaydesk.records import Record

if TYPE_CHECKING:
    from ddaydesk.engine.actions import Action, Changes
    from ddaydesk.engine.sequence import Phase
    from ddaydesk.engine.state import GameState
    from ddaydesk.formats.scenariofile import Scenario

# The shared procedures each system wires before its own package, named here rather than
# found by importing them, so that a game imports no rules it does not use (a system not
# named wires only its own package).
_SHARED = ("ddaydesk.rules.combat", "ddaydesk.rules.supply")
PLUGINS: dict[str, tuple[str, ...]] = {"dday77": _SHARED, "fmu": _SHARED}


@dataclass(frozen=True, eq=False, repr=False)
class Handler(Record):
    """One action kind: ``legal(state, side, phase)`` lists the legal actions of that kind now;
    ``apply(state, action, changes, phase)`` checks the action (IllegalAction with a reason)
    and changes ``state``, a private copy, recording what changed in ``changes``. Dice are
    rolled only through ``changes.roll`` (they make the action a barrier for undo).
    ``sides``: "phase" when only the phase's side may act, "any" when either may (e.g. the
    defender's close defensive support during the enemy's combat phase)."""

    kind: str
    legal: Callable[[GameState, str, Phase], Iterable[Action]]
    apply: Callable[[GameState, Action, Changes, Phase], None]
    sides: str = "phase"


@dataclass
class RulesModule:
    """One system's rules as the engine runs them: handlers, hooks, conditions, checks and limits."""

    system: str
    handlers: dict[str, Handler] = field(default_factory=dict)
    hooks: dict[str, list[Callable[[GameState, Changes], None]]] = field(default_factory=dict)
    conditions: dict[str, Callable[[GameState], bool]] = field(default_factory=dict)  # for `when:`
    skip_notes: dict[str, str] = field(default_factory=dict)  # condition -> note when it skips
    setup: list[Callable[[GameState], None]] = field(default_factory=list)
    scenario_checks: list[Callable[[Scenario], list[tuple[str | None, str]]]] = field(default_factory=list)
    end_checks: list[Callable[[GameState, Phase], str | None]] = field(default_factory=list)
    holds: list[tuple[Callable[[GameState], str | None], frozenset[str]]] = field(default_factory=list)
    # Scenario movement limits (engine/movement.py): why a unit may not move now; extra places
    # it may not enter or that end its move (a boundary, a turn-long restriction); where a
    # pending reinforcement may come on.
    move_checks: list[Callable[[GameState, int], str | None]] = field(default_factory=list)
    move_masks: list[Callable[[GameState, int], tuple[bytes | None, bytes | None]]] = field(
        default_factory=list)
    entry_filters: list[Callable[[GameState, int, list[int]], list[int]]] = field(default_factory=list)
    # What a unit's movement allowance becomes now (Koenig: half in a Combined Operation, MP
    # already spent this activation), in ticks: ``fn(state, k, ticks) -> ticks``.
    allowance_filters: list[Callable[[GameState, int, int], int]] = field(default_factory=list)
    # Why a unit that has made its move may not move again, in the system's own words (Koenig:
    # once in its formation's activation, and what the player may do instead); None: the generic.
    moved_words: Callable[[GameState, int], str] | None = None
    # A system's own words for its actions, ``describe(state before, action)`` (names, never
    # ids), where the generic wording will not do; None: the generic one.
    describe: Callable[[GameState, Action], str] | None = None
    phase_name: Callable[[str], str] | None = None  # a phase id in the player's words
    # The current phase in words from the whole state, where the phase id alone will not do
    # (Koenig: the formation drawn and its Operation); None from it: the phase's name.
    phase_label: Callable[[GameState], str | None] | None = None
    # What the rules will do to units unless something changes (D-Day '77: a division still at
    # sea when the Allied combat phase ends is lost), ``perils(state) -> {unit id: words}``.
    perils: Callable[[GameState], dict[str, str]] | None = None

    def add_action(self, handler: Handler) -> None:
        self.handlers[handler.kind] = handler

    def add_hook(self, name: str, fn: Callable[[GameState, Changes], None]) -> None:
        self.hooks.setdefault(name, []).append(fn)

    def add_condition(self, name: str, fn: Callable[[GameState], bool], why: str | None = None) -> None:
        """``fn(state)`` is false when the phases naming it in ``when:`` are passed over; with
        ``why``, the Changes note it: "turn 2 naval: passed over (no blockhouse left)"."""
        self.conditions[name] = fn
        if why:
            self.skip_notes[name] = why

    def add_setup(self, fn: Callable[[GameState], None]) -> None:
        self.setup.append(fn)

    def add_scenario_check(self, fn: Callable[[Scenario], list[tuple[str | None, str]]]) -> None:
        """``fn(scenario)`` lists what would stop the scenario from starting under these rules,
        as ``(where, message)``, where a unit id, ``scenario.<key>`` (a top-level key such as
        ``scenario.map``) or None: ``ddaydesk check`` reports each at that line, so that a
        scenario it accepts always starts (engine/setupcheck.py)."""
        self.scenario_checks.append(fn)

    def add_end_check(self, fn: Callable[[GameState, Phase], str | None]) -> None:
        """``fn(state, phase)`` returns why the phase may not end yet (e.g. a unit in an enemy
        ZOC has not attacked, D77-ZOC-04), or None."""
        self.end_checks.append(fn)

    def add_hold(self, reason: Callable[[GameState], str | None], exempt: Iterable[str]) -> None:
        """While ``reason(state)`` gives a reason, only actions of the ``exempt`` kinds may be
        listed or applied (e.g. a pending combat's answer and choices): a hold covers every
        handler, whichever module registered it and whenever."""
        self.holds.append((reason, frozenset(exempt)))

    def held(self, state: GameState, kind: str) -> str | None:
        """Why actions of ``kind`` wait now, or None."""
        for reason, exempt in self.holds:
            if kind not in exempt:
                why = reason(state)
                if why:
                    return why
        return None

    def add_move_limit(self, check=None, mask=None, entry=None, allowance=None) -> None:
        """``check(state, k)``: why unit ``k`` may not move now, or None. ``mask(state, k)``:
        ``(blocked, stop)`` byte masks over places (1 = may not enter / entering ends the
        move), either None; ``stop`` replaces the engine's enemy-ZOC mask for that unit.
        ``entry(state, k, places)``: the entry places a pending unit may use now.
        ``allowance(state, k, ticks)``: the unit's movement allowance now, in ticks."""
        if allowance:
            self.allowance_filters.append(allowance)
        if check:
            self.move_checks.append(check)
        if mask:
            self.move_masks.append(mask)
        if entry:
            self.entry_filters.append(entry)


def later(module: str, name: str) -> Callable:
    """The function ``name`` of ``module``, imported on its first call: a rules package wires
    its handlers, hooks and checks by name, so that a start, which calls few of them before
    its first frame, does not import the modules (and their action classes) behind the rest.
    The module's action kinds are named with :func:`~ddaydesk.engine.actions.action_kinds`."""
    fn = None

    def call(*args, **kwargs):
        nonlocal fn
        if fn is None:
            fn = getattr(importlib.import_module(module), name)
        return fn(*args, **kwargs)

    call.__name__ = call.__qualname__ = name
    return call


def wrapped_later(handler: Handler, module: str, name: str) -> Handler:
    """``handler`` as ``module.name(handler)`` wraps it (a Handler of the same kind), that
    module imported when the handler is first used (see :func:`later`)."""
    real = None

    def get() -> Handler:
        nonlocal real
        if real is None:
            real = getattr(importlib.import_module(module), name)(handler)
        return real

    return Handler(handler.kind, lambda *a: get().legal(*a), lambda *a: get().apply(*a), handler.sides)


@cache
def rules_module(system_id: str) -> RulesModule:
    """The rules module of a system: the engine's core handlers plus the plug-ins present."""
    from ddaydesk.engine import core
    from ddaydesk.engine.actions import action_kinds
    from ddaydesk.rules.tables import table_path

    rm = RulesModule(system_id)
    core.register(rm)
    # the hidden set-up where the system has one (its setup.yaml: D-Day '77's); its action
    # kinds are known to every system's saves, as they were when it was always imported
    action_kinds("ddaydesk.engine.hidden_setup", "withhold", "choose_area", "place_withheld")
    if table_path(system_id, "setup").is_file():
        from ddaydesk.engine import hidden_setup

        hidden_setup.register(rm)
    for name in (*PLUGINS.get(system_id, ()), f"ddaydesk.rules.{system_id}"):
        try:
            mod = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name is not None and name.startswith(exc.name):
                continue  # that rules package is not written yet
            raise
        register = getattr(mod, "register", None)
        if register is not None:
            register(rm)
    _check_sequence(rm)
    return rm


def wire_rules_of(path: str) -> None:
    """Build now the rules module of the game in ``path`` (a scenario or a save), importing
    its system's rules: ``ddaydesk gui`` does it before it imports Qt, which reads the source
    of each module imported after it. A file that cannot be read is left to the open that
    follows, which reports it."""
    from ddaydesk.engine.savefile import head_scenario, is_save
    from ddaydesk.engine.saveload import SaveReader
    from ddaydesk.formats.errors import FormatError
    from ddaydesk.formats.scenariofile import load_scenario

    try:
        if is_save(path):  # (its head names the scenario: the log is read once, by the open)
            ref = head_scenario(path)
            if ref is None:
                return
            sc = SaveReader(path).find_scenario(ref)
        else:
            sc = load_scenario(path)
        rules_module(sc.system.id)
    except (FormatError, OSError, TypeError, ValueError):  # (a head of the wrong shape too)
        pass


def _check_sequence(rm: RulesModule) -> None:
    """A phase's ``when`` must name a known condition: a typo would silently skip the phase.
    (Hooks and actions may name rules not written yet; those phases just do nothing more.)"""
    from ddaydesk.engine.sequence import load_sequence
    from ddaydesk.formats.errors import FormatError, Problem

    seq = load_sequence(rm.system)
    problems = [Problem(seq.source, 0, 0, f"phase {p.id}: when: no condition {p.when!r} "
                        f"(known: {', '.join(sorted(rm.conditions))})")
                for p in seq.phases if p.when and p.when not in rm.conditions]
    if problems:
        raise FormatError(problems)
