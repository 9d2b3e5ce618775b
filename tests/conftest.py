"""Test-wide setup: Qt offscreen before any QApplication exists; shared data paths."""

import json
import os
import tempfile
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# what ddaydesk keeps between runs (ddaydesk.diskcache) goes to a folder of this test run
os.environ.setdefault("DDAYDESK_CACHE", tempfile.mkdtemp(prefix="ddaydesk-cache-"))

ROOT = Path(__file__).resolve().parent.parent


def _guard_apply() -> None:
    """Every ``apply`` in the tests checks that it left the state it was given as it was:
    copies share values and records (GameState.copy), so a rule that changed one in place
    would silently rewrite the game's history (undo, replay, the states of the log)."""
    import ddaydesk.engine
    import ddaydesk.engine.game
    import ddaydesk.engine.play

    engine_apply = ddaydesk.engine.play.apply

    def apply(state, action):
        before = state.canonical_json()
        try:
            return engine_apply(state, action)
        finally:
            assert state.canonical_json() == before, f"{action.kind} changed the state it was applied to"

    ddaydesk.engine.play.apply = ddaydesk.engine.apply = ddaydesk.engine.game.apply = apply


_guard_apply()
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


def _ddaydesk_caches() -> list:
    """Every functools cache of the ddaydesk modules loaded (the tables, scenarios and boards
    they load once), and the module-level ``_CACHE`` dicts."""
    import sys

    out = []
    for name, mod in list(sys.modules.items()):
        if name == "ddaydesk" or name.startswith("ddaydesk."):
            for v in vars(mod).values():
                if callable(getattr(v, "cache_clear", None)) or (isinstance(v, dict) and v is vars(mod).get("_CACHE")):
                    out.append(v)
    return out


@pytest.fixture(autouse=True)
def _fresh_caches_while_mutmut_watches():
    """mutmut learns which tests call which function by watching each test run (its "stats"
    pass, MUTANT_UNDER_TEST=stats) and later runs a mutant against those tests only. A table
    or board cached by an earlier test hides its loader from every later one, so a mutant of
    the loader would run against one test and survive falsely: in that pass each test starts
    with empty caches (docs/mutation.md)."""
    if os.environ.get("MUTANT_UNDER_TEST") == "stats":
        for c in _ddaydesk_caches():
            if isinstance(c, dict):
                c.clear()
            else:
                c.cache_clear()
    yield


def pytest_collection_modifyitems(items):
    """mutmut's fork server runs a mutant's tests in the order of a set, where its other
    runners take the fastest first: sort them by the times of its stats pass, so a mutant that
    some quick test kills stops there (``-x``) instead of after a slow one. The same tests run."""
    if "__mutmut_" not in os.environ.get("MUTANT_UNDER_TEST", ""):
        return
    stats = Path("mutmut-stats.json")  # mutmut runs the tests inside mutants/
    if stats.exists():
        took = json.loads(stats.read_text(encoding="utf-8")).get("duration_by_test", {})
        items.sort(key=lambda item: took.get(item.nodeid, 0.0))
