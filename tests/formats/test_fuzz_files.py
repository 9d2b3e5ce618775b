"""Mutated shipped maps, scenarios and saves through ``ddaydesk check`` and the save loader:
only problems come out, each with its file and line; a scenario ``check`` accepts starts and
plays (issue 22). tools/fuzz_files.py runs tens of thousands of these."""

from __future__ import annotations

import random
import shutil

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ddaydesk.engine import Game, save_game
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.paths import maps_dir, scenarios_dir
from tests.conftest import DATA
from tests.engine.listed_legal import Chooser, play
from tests.formats.fuzzing import mutate, outcome

MAPS = sorted(maps_dir().glob("*.yaml"))
SCENARIOS = sorted(scenarios_dir().glob("*.yaml"))
# A few seconds per kind (a broken file is parsed again by the slower pure-Python YAML loader
# for its message): the examples differ from run to run, tools/fuzz_files.py runs thousands.
MAPS_AND_SCENARIOS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SAVES = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """Saves of short random games of every scenario, and a version 1 save with what it needs."""
    d = tmp_path_factory.mktemp("fuzz")
    for n, p in enumerate(SCENARIOS):
        game = play(Game(load_scenario(p), n), Chooser(random.Random(n)), 25, probes=0, listed_sample=0)
        save_game(game, d / f"{p.stem}.ddaysave")
    for name in ("small_scenario.yaml", "small.yaml", "v1_save.ddaysave"):
        shutil.copy(DATA / "engine" / name, d / name)
    return d


def fuzz(folder, kind, base, seed) -> str:
    rng = random.Random(seed)
    target = folder / f"fuzzed-{base.name}"
    target.write_bytes(mutate(kind, base.read_text(encoding="utf-8"), rng))
    what, detail = outcome(str(target))
    assert what in ("ok", "refused"), detail
    if what == "ok" and detail == "scenario":  # a valid file is a playable file
        play(Game(load_scenario(target), seed), Chooser(rng), 8, probes=1, listed_sample=2)
    return what


@MAPS_AND_SCENARIOS
@given(base=st.sampled_from(MAPS), seed=st.integers(0, 2**32))
def test_mutated_maps(folder, base, seed):
    fuzz(folder, "map", base, seed)


@MAPS_AND_SCENARIOS
@given(base=st.sampled_from(SCENARIOS), seed=st.integers(0, 2**32))
def test_mutated_scenarios(folder, base, seed):
    fuzz(folder, "scenario", base, seed)


@SAVES
@given(name=st.sampled_from([*(p.stem + ".ddaysave" for p in SCENARIOS), "v1_save.ddaysave"]),
       seed=st.integers(0, 2**32))
def test_mutated_saves(folder, name, seed):
    fuzz(folder, "save", folder / name, seed)
