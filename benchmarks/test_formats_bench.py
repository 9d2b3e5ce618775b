"""Hostile files (pytest-benchmark; not part of the test run):

    .venv/bin/python -m pytest benchmarks/test_formats_bench.py --benchmark-only

Target (issue 22): ``ddaydesk check`` of a nine-level billion-laughs file (3.7 KB, 9**9
strings once its aliases are expanded) answers in under 1 s with under 100 MB; measured
against the check of the shipped map it is made from, in the same run.
"""

from __future__ import annotations

import tracemalloc

import pytest

from ddaydesk.formats.detect import check_file
from ddaydesk.paths import maps_dir

MAP = (maps_dir() / "tutorial.yaml").read_text(encoding="utf-8")
LAUGHS = ('notes:\n  a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
          + "".join(f"  a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]\n" for i in range(1, 10)))


@pytest.fixture
def files(tmp_path):
    bomb, plain = tmp_path / "laughs.yaml", tmp_path / "plain.yaml"
    bomb.write_text(LAUGHS + MAP.replace("title: ", "title: *a9\nx: ", 1))
    plain.write_text(MAP)
    return str(bomb), str(plain)


def test_check_a_billion_laughs(benchmark, files):
    bomb, plain = files
    tracemalloc.start()
    kind, problems = benchmark(check_file, bomb)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert kind == "invalid" and "billion laughs" in problems[0].message
    assert benchmark.stats["max"] < 1.0 and peak < 100 * 2**20


def test_check_the_map_it_is_made_from(benchmark, files):
    assert benchmark(check_file, files[1]) == ("map", [])
