"""Movement range at the floor: ``reach`` on the 2,000-action campaign game (turn 25)
against the floor kit's kernels on the same position, in one run (benchmarks/floorkit.py).

Every unit on the map that can move and does not start in an enemy ZOC, 50 searches each, a
round at a time: ours, the pure-Python floor kernels (``move_range_list``: flat lists; and
``move_range_buckets``: dicts) and the C floor, interleaved so that all see the same load.
Ours is the whole public call (the unit's limits from the state, the search, the result);
the kernels get their edge tables ready-made. Goal: ours <= the pure-Python floor kernel.
"""

from __future__ import annotations

import statistics
import time

import floorkit
import pytest
from conftest import verdict

ROUNDS = 9
REPS = 50


@pytest.fixture(scope="module")
def position(campaign_save):
    from ddaydesk.engine import ON_MAP, load_game
    from ddaydesk.engine.movement import unit_rules

    state = load_game(campaign_save).state
    units = [k for k, u in enumerate(state.scenario.units)
             if state.status[k] == ON_MAP and u.movement and unit_rules(state, k, "normal").mp
             and not unit_rules(state, k, "normal").stop[state.place[k]]]
    return state, units


def test_movement_range_against_the_floor(benchmark, position, figures, tmp_path):
    if not floorkit.available():
        pytest.skip(f"the floor kit is not at {floorkit.KIT}")
    from ddaydesk.engine import reach

    state, units = position
    kernels = floorkit.algos()
    jobs = floorkit.movement_jobs(state, units)
    n = state.scenario.board.n
    for k, edges, zoc, start, mp in jobs:  # the same answers first
        reached, dist, _prev = kernels.move_range_list(edges, zoc, start, mp, n)
        r = reach(state, k)
        assert set(r.dist) == set(reached) and all(r.dist[i] == dist[i] for i in reached)
    exe = floorkit.compile_c(tmp_path).get("movh")
    ours_args = [(state, k) for k, *_ in jobs]
    list_args = [(e, z, s, mp, n) for _k, e, z, s, mp in jobs]
    bucket_args = [(e, z, s, mp) for _k, e, z, s, mp in jobs]
    got: dict[str, list[float]] = {"ours": [], "list": [], "buckets": [], "C": [], "ours_cpu": [], "list_cpu": []}
    for _ in range(ROUNDS):
        got["ours"].append(statistics.median(floorkit.per_call_us(reach, ours_args, REPS, time.perf_counter)))
        got["list"].append(statistics.median(floorkit.per_call_us(kernels.move_range_list, list_args, REPS,
                                                                  time.perf_counter)))
        got["buckets"].append(statistics.median(floorkit.per_call_us(kernels.move_range_buckets, bucket_args, REPS,
                                                                     time.perf_counter)))
        got["ours_cpu"].append(statistics.median(floorkit.per_call_us(reach, ours_args, REPS, time.process_time)))
        got["list_cpu"].append(statistics.median(floorkit.per_call_us(kernels.move_range_list, list_args, REPS,
                                                                      time.process_time)))
        if exe is not None:
            got["C"].append(statistics.median(floorkit.c_movement(exe, tmp_path, state, jobs, REPS * 20)))
    ratio_list = [o / b for o, b in zip(got["ours"], got["list"], strict=True)]
    ratio_buckets = [o / b for o, b in zip(got["ours"], got["buckets"], strict=True)]
    ratio_cpu = [o / b for o, b in zip(got["ours_cpu"], got["list_cpu"], strict=True)]

    def us(key):
        return f"{min(got[key]):.2f} / {statistics.median(got[key]):.2f} µs"

    c = us("C") if got["C"] else "C floor not run (no compiler)"
    med = statistics.median
    print(f"\n{len(jobs)} units (median {med(len(reach(state, k).dist) for k, *_ in jobs)} places reached); "
          f"ours {us('ours')}, pure-Python floor: flat lists {us('list')}, dicts {us('buckets')}; C {c}")
    print(f"ratio ours / floor (median of per-round ratios): flat lists {med(ratio_list):.2f}, dicts "
          f"{med(ratio_buckets):.2f}; in CPU time {med(ratio_cpu):.2f}"
          + (f"; ours / C {med(got['ours']) / med(got['C']):.0f}x" if got["C"] else ""))
    ok = med(ratio_list) <= 1.0
    figures.add("movement range, one unit, campaign turn 25 (min / median per search)",
                f"{us('ours')}", f"pure-Python floor kernel {us('list')} (dicts {us('buckets')}); C {c}; "
                f"ratio ours/floor {med(ratio_list):.2f} (dicts {med(ratio_buckets):.2f}, CPU {med(ratio_cpu):.2f})",
                "<= the pure-Python floor kernel", ok)
    benchmark.extra_info.update({k: med(v) for k, v in got.items() if v})
    benchmark.pedantic(lambda: [reach(state, k) for k, *_ in jobs], rounds=5, iterations=1)
    print(f"verdict: {verdict(ok)}")
