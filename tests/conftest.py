"""Test-wide setup: Qt offscreen before any QApplication exists; shared data paths."""

import os
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"


@pytest.fixture
def data_dir() -> Path:
    return DATA


def assert_history_unchanged(g) -> None:
    """Each state of game ``g`` is the one a fresh replay of its log makes at that point: no
    later action changed an earlier state (copies share records until one changes them)."""
    from ddaydesk.engine import Game

    again = Game(g.scenario, g.seed, g.options)
    assert again.state.state_hash() == g.states[0].state_hash()
    for k, a in enumerate(g.log):
        again.do(a)
        assert again.state.state_hash() == g.states[k + 1].state_hash(), f"state after action {k + 1}"
