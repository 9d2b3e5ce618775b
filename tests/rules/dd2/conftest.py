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

    def __init__(self, values=(), log=None):
        self.values = list(values)
        self.log = [] if log is None else log  # (value, purpose) of every roll, shared by copies

    def roll(self, sides, purpose):
        assert self.values, f"scripted dice ran out at: {purpose}"
        v = self.values.pop(0)
        self.log.append((v, purpose))
        return Die(v)

    def copy(self):
        return ScriptedDice(self.values, self.log)

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
    """Take every unit out of a zone (test set-ups)."""
    z = s.board.index(label)
    for k in range(len(s.zone)):
        if s.zone[k] == z:
            s.part[k] = "dead"


def at_phase(s, phase, dice=()):
    s.phase = phase
    s.pending = []
    s.dice.values[:] = list(dice)
    return s
