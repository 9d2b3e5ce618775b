"""D-Day2 test helpers: the shipped scenario through the engine, scripted dice, set-ups by hand.

Tests write actions in a shorthand, ``Action(kind, unit=, zone=, n=, units=)`` with zones by
label and the old end_* names for ending a phase; ``apply`` turns it into the engine action
(sent by the side that must act, unless ``side=`` says otherwise), applies it with the
engine's ``apply`` and returns the new state, carrying the dice and notes of the actions so
far (``rolled``, ``s.notes``). ``legal_actions`` lists the engine's legal actions in the
same shorthand.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

from ddaydesk.engine import EndPhase, Move, Roll, new_state
from ddaydesk.engine import apply as engine_apply
from ddaydesk.engine import legal_actions as engine_legal
from ddaydesk.engine.sequence import load_sequence
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.rules.dd2 import (
    Bomb,
    Bombard,
    Casualties,
    DD2State,
    GoAshore,
    Patrol,
    Reinforce,
    active_side,
)
from ddaydesk.rules.dd2.actions import BlockhouseFire, Fight, ParaDrop, RollReinforcements
from tests.conftest import ROOT

DD2 = ROOT / "scenarios" / "dday2.yaml"
END = {"naval": "end_naval", "bombing": "end_bombing", "patrol": "end_patrol", "allied_move": "end_moves",
       "german_move": "end_moves", "allied_reinforce": "end_placement", "german_reinforce": "end_placement"}
PLAIN = {"para_drop": ParaDrop, "blockhouse_fire": BlockhouseFire, "fight": Fight,
         "roll_reinforcements": RollReinforcements}


class ScriptedDice:
    """Dice that show the given values in order (the engine Dice's shape); running out is a
    test failure unless a default is given."""

    def __init__(self, values=(), default=None, draws=0):
        self.values = list(values)
        self.default = default
        self.draws = draws

    def roll(self, sides, purpose):
        assert self.values or self.default, f"scripted dice ran out at: {purpose}"
        v = self.values.pop(0) if self.values else self.default
        self.draws += 1
        return Roll(sides, v, purpose, self.draws - 1)

    def copy(self):
        return ScriptedDice(self.values, self.default, self.draws)

    def push(self, *values):
        self.values.extend(values)

    def to_dict(self):
        return {"scripted": list(self.values), "default": self.default, "draws": self.draws}


class T(DD2State):
    """A test's state: the GameState, plus the dice (grouped as fired) and notes so far."""

    __slots__ = ("rolls", "notes")

    def __init__(self, gs, rolls=(), notes=()):
        super().__init__(gs)
        self.rolls = list(rolls)
        self.notes = list(notes)

    @property
    def dice(self):
        return self.gs.dice

    @dice.setter
    def dice(self, d):
        self.gs.dice = d

    def state_hash(self):
        return self.gs.state_hash()


@dataclass(frozen=True)
class Action:
    kind: str
    unit: str = ""
    zone: str = ""  # zone label
    n: int = 0
    units: tuple[str, ...] = ()


def engine_action(s, a: Action, side: str):
    z = s.board.index(a.zone) if a.zone else -1
    if a.kind.startswith("end_"):
        return EndPhase(side)
    return {"move": lambda: Move(side, a.unit, z), "bomb": lambda: Bomb(side, a.unit, z),
            "patrol": lambda: Patrol(side, z, a.n), "place": lambda: Reinforce(side, a.unit, z),
            "casualties": lambda: Casualties(side, tuple(a.units)), "bombard": lambda: Bombard(side, a.unit),
            "land": lambda: GoAshore(side, a.unit)}.get(a.kind, lambda: PLAIN[a.kind](side))()


def shorthand(s, a) -> Action:
    lab = s.board.labels
    if isinstance(a, EndPhase):
        return Action(END[s.phase])
    kind = {"reinforce": "place", "go_ashore": "land"}.get(a.kind, a.kind)
    where = getattr(a, "to", getattr(a, "target", getattr(a, "place", -1)))
    return Action(kind, getattr(a, "unit", ""), lab[where] if where >= 0 else "", getattr(a, "n", 0),
                  getattr(a, "units", ()))


def group_rolls(dice) -> list[tuple[str, list[list[int]]]]:
    """One entry per volley (consecutive dice with the same purpose): [[die, hit number]...]."""
    out = []
    for r in dice:
        m = re.fullmatch(r"(.*) \((?:\S+ )?hits on (\d+)\)", r.purpose)
        what, need = (m[1], int(m[2])) if m else (r.purpose, 0)
        if out and out[-1][0] == what:
            out[-1][1].append([r.value, need])
        else:
            out.append((what, [[r.value, need]]))
    return out


def apply(s: T, a: Action, side: str | None = None) -> T:
    gs, ch = engine_apply(s.gs, engine_action(s, a, side or active_side(s.gs)))
    return T(gs, s.rolls + group_rolls(ch.dice), s.notes + ch.notes)


def legal_actions(s: T) -> list[Action]:
    return [shorthand(s, a) for a in engine_legal(s.gs, active_side(s.gs))]


def new_game(scenario, dice=None) -> T:
    gs = new_state(scenario, 0)
    gs.dice = dice if dice is not None else ScriptedDice()
    return T(gs)


@pytest.fixture(scope="session")
def scenario():
    return load_scenario(DD2)


@pytest.fixture
def game(scenario):
    """A new game on scripted dice (push values before rolling)."""
    return new_game(scenario)


def put(s, uid, label, part):
    """Move a unit by hand (test set-ups), e.g. put(s, 'g14-inf-1', '13', 'G')."""
    k = s.k(uid)
    s.set(k, s.board.index(label) if label is not None else -1, part)
    return k


def out(s, k):
    """Take unit k out of play by hand (test set-ups)."""
    s.set(k, s.zone[k], "dead")


def clear_zone(s, label):
    """Take every unit out of a zone's parts, not its beach or airborne box (test set-ups)."""
    z = s.board.index(label)
    for k in range(len(s.zone)):
        if s.zone[k] == z and s.part[k] in ("A", "G", "P"):
            out(s, k)


def at_phase(s, phase, dice=(), default=None):
    """Jump a state to a phase with fresh scripted dice (test set-ups)."""
    s.gs.phase = phase
    s.gs.active = load_sequence("dd2").phase(phase).side
    s.pending.clear()
    s.dice = ScriptedDice(dice, default=default)
    s.game["moved"], s.game["stopped"] = {}, {}
    s.game["rolled"], s.game["to_place"] = False, {}
    return s


def rolled(s, since=0):
    """The volleys fired since index `since`: [(purpose, [[die, hit number], ...])]."""
    return s.rolls[since:]
