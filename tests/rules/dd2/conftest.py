"""D-Day2 test helpers: the shipped scenario, scripted and seeded dice, placing units by hand."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.rules.dd2 import new_game
from tests.conftest import ROOT


@dataclass(frozen=True)
class Die:
    value: int


class ScriptedDice:
    """Dice that show the given values in order; running out is a test failure."""

    def __init__(self, values=(), log=None, default=None):
        self.values = list(values)
        self.log = [] if log is None else log  # (value, purpose) of every roll, shared by copies
        self.default = default  # shown once the scripted values are used up (None: fail)

    def roll(self, sides, purpose):
        assert self.values or self.default, f"scripted dice ran out at: {purpose}"
        v = self.values.pop(0) if self.values else self.default
        self.log.append((v, purpose))
        return Die(v)

    def copy(self):
        return ScriptedDice(list(self.values), self.log, self.default)

    def push(self, *values):
        self.values.extend(values)


class SeededDice:
    """Seeded dice for whole games (the engine's PCG32 Dice has the same roll/copy shape)."""

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def roll(self, sides, purpose):
        return Die(self.rng.randint(1, sides))

    def copy(self):
        d = SeededDice(0)
        d.rng.setstate(self.rng.getstate())
        return d


@pytest.fixture(scope="session")
def scenario():
    return load_scenario(ROOT / "scenarios" / "dday2.yaml")


@pytest.fixture
def game(scenario):
    """A new game on scripted dice (push values before rolling)."""
    return new_game(scenario, ScriptedDice())


def put(s, uid, label, part):
    """Move a unit by hand (test set-ups), e.g. put(s, 'g14-inf-1', '13', 'G')."""
    k = s.k(uid)
    s.zone[k] = s.board.index(label) if label is not None else -1
    s.part[k] = part
    return k


def clear_zone(s, label):
    """Take every unit out of a zone's parts, not its beach or airborne box (test set-ups)."""
    z = s.board.index(label)
    for k in range(len(s.zone)):
        if s.zone[k] == z and s.part[k] in ("A", "G", "P"):
            s.part[k] = "dead"


def at_phase(s, phase, dice=(), default=None):
    """Jump a state to a phase with fresh scripted dice (test set-ups)."""
    s.phase = phase
    s.pending = []
    s.dice = ScriptedDice(dice, default=default)
    s.moved = [0] * len(s.zone)
    s.stopped = [False] * len(s.zone)
    s.game["rolled"], s.game["to_place"] = False, {}
    return s


def rolled(s, since=0):
    """The dice log entries made since index `since`: [(purpose, [[die, need], ...])]."""
    return [(r["purpose"], r["dice"]) for r in s.rolls[since:]]
