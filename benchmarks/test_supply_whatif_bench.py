"""What-if supply on hover (issue 15 item 9): the time from a hovered hex to both sides'
supply after that move, as the window asks the engine port for it. Target: <= 10 ms per hex
change on the campaign.

The position is a D-Day '77 campaign game played by the seeded random player (all optional
rules on) into the German movement phase of turn 20: about 100 units on the map, the Allied
lodgement with its supply centres, both sides' HQs. The mover is the German unit with the
most reachable hexes; the hexes are hovered in order, each once (a fresh preview object per
round, so no hex is answered from memory), and the first hover of a round (which traces the
position before the move, once per position) is timed apart.

Run: ``.venv/bin/python -m pytest benchmarks/test_supply_whatif_bench.py --benchmark-only -s``
"""

from __future__ import annotations

import random
import statistics
import time

import pytest

from ddaydesk.engine import Game, current_phase, legal_actions, reach
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.paths import scenarios_dir
from ddaydesk.rules.supply.whatif import SupplyWhatIf
from ddaydesk.ui.supply_port import MovePreviews
from tests.rules.dday77.random_play import play


@pytest.fixture(scope="module")
def hover():
    sc = load_scenario(scenarios_dir() / "dday77-campaign.yaml")
    game = Game(sc, seed=1945, options=dict.fromkeys(sc.system.options, True))
    play(game, random.Random(1945), until_turn=19)
    while not (current_phase(game.state).kind == "movement" and game.state.active == "german"):
        acts = legal_actions(game.state, game.state.active)
        game.do(next((a for a in acts if a.kind == "end_phase"), acts[0]))
    s = game.state
    movers = [k for k, u in enumerate(sc.units) if u.side == "german" and s.place[k] >= 0 and u.type != "hq"]
    k = max(movers, key=lambda k: len(reach(s, k).dest))
    r = reach(s, k)
    hexes = [(d, r.path(d)) for d in sorted(r.dest)]
    on_map = sum(1 for p in s.place if p >= 0)
    print(f"\nposition: turn {s.turn} {s.phase}, {on_map} units on the map; mover {sc.units[k].name}, "
          f"{len(hexes)} hexes to hover")
    return game, sc.units[k].id, hexes


def _round(game, unit, hexes, clock, draw: bool):
    """One pass over the hexes with a fresh preview object: (first hover, each later hover).
    ``draw``: also make the mover's side's full view (area, lines), as the overlay draws it."""
    previews = MovePreviews()
    side = game.scenario.units[game.scenario.unit_index[unit]].side
    times = []
    for place, path in hexes:
        t = clock()
        pv = previews.after_move(game, unit, place, path)
        if draw:
            pv.view(side)
        times.append(clock() - t)
    return times[0], times[1:]


def _report(what, firsts, each):
    each = sorted(each)
    ms = 1000
    print(f"{what}: median {statistics.median(each) * ms:.2f} ms, 95th percentile "
          f"{each[int(len(each) * 0.95)] * ms:.2f} ms, max {each[-1] * ms:.2f} ms ({len(each)} hovers); "
          f"first hover of a position {statistics.median(firsts) * ms:.2f} ms")


@pytest.mark.parametrize("draw", [False, True], ids=["supplied-and-changes", "with-own-side-view"])
def test_hover_preview_per_hex_change(benchmark, hover, draw):
    """Target: <= 10 ms per hex change, port level: the engine's move, both sides' trace, who
    is cut off or restored; with the mover's side's full view (area, lines) for the overlay.
    Printed in wall-clock and CPU time (the machine is shared: CPU time is the steadier)."""
    game, unit, hexes = hover
    got = {time.perf_counter: ([], []), time.process_time: ([], [])}

    def one_round():
        for clock, (firsts, each) in got.items():
            f, e = _round(game, unit, hexes, clock, draw)
            firsts.append(f)
            each.extend(e)

    benchmark.pedantic(one_round, rounds=3, iterations=1)
    _report("wall-clock", *got[time.perf_counter])
    _report("CPU time  ", *got[time.process_time])


def test_what_if_core_per_hex_change(benchmark, hover):
    """The Qt-free part alone (rules/supply/whatif.py): move and both sides' trace."""
    game, unit, hexes = hover
    it = iter(range(10**9))
    w = SupplyWhatIf(game.state, "german")

    def one():
        n = next(it)
        if n % len(hexes) == 0:
            w._memo.clear()  # (every hex traced, never from memory)
        place, path = hexes[n % len(hexes)]
        w.after_move(unit, place, path)

    benchmark.pedantic(one, rounds=len(hexes) * 3, iterations=1)
