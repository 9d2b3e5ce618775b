"""Random bytes and random mutations of valid files: only validation errors come out."""

import contextlib
import copy
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ddaydesk.formats.errors import FormatError
from ddaydesk.formats.mapfile import parse_map
from ddaydesk.formats.scenariofile import parse_scenario
from ddaydesk.formats.yamlmarks import load_text
from tests.conftest import DATA
from tests.formats.fuzzing import nodes

MAP = (DATA / "good" / "small.yaml").read_text(encoding="utf-8")
SCEN = (DATA / "good" / "small-scenario.yaml").read_text(encoding="utf-8")
MAP_PATH = str(DATA / "good" / "small.yaml")
SCEN_PATH = str(DATA / "good" / "small-scenario.yaml")

JUNK = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=True),
                 st.text(max_size=8), st.just([]), st.just({}), st.just("0909"), st.just("0101"))


def load_either(text: str, path: str, parse) -> None:
    try:
        parse(load_text(text, path), path)
    except FormatError as exc:
        assert exc.problems and all(p.path for p in exc.problems)


settings_ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@settings_
@given(st.binary(max_size=400))
def test_random_bytes(raw):
    text = raw.decode("utf-8", errors="replace")
    load_either(text, MAP_PATH, parse_map)
    load_either(text, SCEN_PATH, parse_scenario)


@settings_
@given(st.sampled_from([(MAP, MAP_PATH, parse_map), (SCEN, SCEN_PATH, parse_scenario)]),
       st.integers(0, 10**6), st.integers(0, 40), st.text(max_size=6))
def test_text_mutations(case, where, length, insert):
    text, path, parse = case
    at = where % (len(text) + 1)
    load_either(text[:at] + insert + text[at + length:], path, parse)


@settings_
@given(st.sampled_from([(MAP, MAP_PATH, parse_map), (SCEN, SCEN_PATH, parse_scenario)]),
       st.integers(0, 10**6), JUNK, st.booleans())
def test_tree_mutations(case, pick, junk, delete):
    text, path, parse = case
    doc = load_text(text, path)
    targets = nodes(doc, [])
    container, key = targets[pick % len(targets)]
    if delete:
        del container[key]
    else:
        container[key] = copy.deepcopy(junk)
    try:
        parse(doc, path)
    except FormatError as exc:
        assert exc.problems


def test_many_random_mutations_deterministic():
    # A cheap deterministic sweep on top of hypothesis: each node replaced by each junk kind.
    rng = random.Random(7)
    for text, path, parse in [(MAP, MAP_PATH, parse_map), (SCEN, SCEN_PATH, parse_scenario)]:
        n = len(nodes(load_text(text, path), []))
        for k in range(n):
            for junk in (None, 3, "x", [], {}, True, 2.5, "0909"):
                doc = load_text(text, path)
                container, key = nodes(doc, [])[k]
                container[key] = junk if rng.random() < 0.9 else [junk]
                with contextlib.suppress(FormatError):
                    parse(doc, path)
