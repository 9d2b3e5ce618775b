"""Engine benchmarks (pytest-benchmark; not part of the test run):

    .venv/bin/python -m pytest benchmarks/test_engine_bench.py --benchmark-only

Targets (issue 3): movement range for a typical unit of the largest shipped scenario, median
<= 0.5 ms; apply + undo of a move <= 1 ms; save + load of a 2,000-action game <= 150 ms
(the campaign's scenario and map are parsed once per process: timed on their own).

The 2,000-action game is a seeded random legal game on the tutorial stretched to 200 turns.
Its save is an autosave's: each action is encoded once per game (the first save of a loaded
game encodes them all: timed on its own). Loading replays and checks every action; D-Day '77
supply records are traced when read (none of the tutorial's rules read them: no fortress, no
in-supply victory), so the same length of game on the campaign map, where they are read, is
timed too.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from ddaydesk.engine import OVER, EndPhase, Game, Move, legal_actions, load_game, reach, save_game
from ddaydesk.formats.catalog import bundled_scenarios
from ddaydesk.formats.scenariofile import load_scenario

ROOT = Path(__file__).resolve().parent.parent


def largest_scenario():
    entries = [e for e in bundled_scenarios() if e.ok]
    return max((load_scenario(e.path) for e in entries), key=lambda sc: (sc.board.n, len(sc.units)))


@pytest.fixture(scope="module")
def scenario():
    return largest_scenario()


def typical_unit(sc):
    """A division-sized combat unit of the first player that starts on the map, median MF."""
    units = sorted((u for u in sc.units if u.hex >= 0 and u.type != "hq"), key=lambda u: (u.movement, u.id))
    return units[len(units) // 2].id


def test_movement_range_typical_unit(benchmark, scenario):
    g = Game(scenario, 1)
    k = g.state.unit(typical_unit(scenario))
    reach(g.state, k)  # per-class edge table built once (per board, not per hover)
    r = benchmark(reach, g.state, k)
    assert r.dest


def test_movement_range_after_a_position_change(benchmark, scenario):
    """Hover right after a move: the per-state ZOC/occupancy masks are rebuilt too."""
    g = Game(scenario, 1)
    k = g.state.unit(typical_unit(scenario))
    reach(g.state, k)

    def fresh():
        g.state._cache.clear()
        return reach(g.state, k)

    assert benchmark(fresh).dest


def test_apply_and_undo_a_move(benchmark, scenario):
    g = Game(scenario, 1)
    while not (moves := [a for a in legal_actions(g.state, g.state.active) if isinstance(a, Move)]):
        # the campaign's Allies have nothing on the map at first: invade and land, then move
        acts = [a for a in legal_actions(g.state, g.state.active) if a.kind in ("invade", "land_from_sea")]
        g.do(acts[0] if acts else EndPhase(g.state.active))
    start = g.pos
    move = moves[len(moves) // 2]

    def do_undo():
        g.do(move)
        g.undo()

    benchmark(do_undo)
    assert g.pos == start


def long_game(tmp: Path, n: int = 2000) -> tuple[Game, Path]:
    """A seeded random legal game of ``n`` actions on the tutorial stretched to 200 turns."""
    text = (ROOT / "scenarios" / "tutorial.yaml").read_text().replace("last: 6}", "last: 200}")
    scen = tmp / "long.yaml"
    scen.write_text(text)
    g = Game(load_scenario(scen), 7, {"weather": True, "tactical_air": True, "surprise_attack": True})
    rnd = random.Random(7)
    while len(g.log) < n and g.state.phase != OVER:
        legal = legal_actions(g.state, g.state.active)
        ends = [a for a in legal if not isinstance(a, Move)]
        g.do(rnd.choice(ends) if ends and rnd.random() < 0.08 else rnd.choice(legal))
    assert len(g.log) == n
    return g, scen


def test_save_and_load_2000_actions(benchmark, tmp_path):
    g, _ = long_game(tmp_path)
    path = tmp_path / "long.json"

    def save_load():
        save_game(g, path)
        return load_game(path)

    g2 = benchmark(save_load)
    assert g2.state.state_hash() == g.state.state_hash()


def test_first_save_of_2000_actions(benchmark, tmp_path):
    """A save that encodes every action (the first save of a game loaded from disk)."""
    g, _ = long_game(tmp_path)
    path = tmp_path / "long.json"

    def first_save():
        g.encoded.clear()
        save_game(g, path)

    benchmark(first_save)
    assert len(g.encoded) == 2000


def test_save_and_load_2000_actions_campaign(benchmark, tmp_path):
    """The same length of seeded random game on the D-Day '77 campaign (2,597 hexes, 193
    units, both supply rules: the victory check reads the supply records every turn)."""
    from tests.ui.longgame import play_campaign

    g = play_campaign()
    assert len(g.log) == 2000
    path = tmp_path / "campaign.json"

    def save_load():
        save_game(g, path)
        return load_game(path)

    g2 = benchmark.pedantic(save_load, rounds=5, iterations=1)
    assert g2.state.state_hash() == g.state.state_hash()


def test_parse_the_campaign_scenario_and_map(benchmark):
    """What a campaign save's load or the app's start pays to read the scenario the first
    time in a process (libyaml; the per-process cache is emptied each round)."""
    from ddaydesk.formats import scenariofile

    def cold():
        scenariofile._LOADED.clear()
        return load_scenario(ROOT / "scenarios" / "dday77-campaign.yaml")

    assert benchmark.pedantic(cold, rounds=10, iterations=1).board.n > 2000


def test_campaign_scenario_again_in_the_same_process(benchmark):
    """Later loads of the unchanged files (a save's load after the catalogue read them)."""
    path = ROOT / "scenarios" / "dday77-campaign.yaml"
    first = load_scenario(path)
    assert benchmark(load_scenario, path) is first


@pytest.fixture(scope="module")
def big(tmp_path_factory):
    """A generated 60x50 board (3,000 hexes, woods and a river line) with 150 units a side:
    the size of a full-map scenario, to see how the search scales beyond the tutorial."""
    tmp = tmp_path_factory.mktemp("big")
    rnd = random.Random(3)
    rows = [" ".join("w" if rnd.random() < 0.2 else "." for _ in range(60)) for _ in range(50)]
    river = [f'"{c:02d}{r:02d}/{c + 1:02d}{r:02d}"' for c, r in ((30, r) for r in range(1, 51))]
    (tmp / "big_map.yaml").write_text(
        "format: 1\nid: big\ntitle: big\nsystem: dday77\n"
        "grid: {kind: hex, orientation: flat, parity: odd, width: 60, height: 50,\n"
        "       numbering: {order: col-row, digits: 2, col_from: west, row_from: north, first: 1}}\n"
        "terrain:\n  rows:\n" + "".join(f'    - "{row}"\n' for row in rows)
        + f"hexsides:\n  - feature: river\n    sides: [{', '.join(river)}]\n")
    units = []
    for n in range(300):
        side = "allied" if n < 150 else "german"
        col = 2 + (n % 150) // 10 * 2 if side == "allied" else 58 - (n % 150) // 10 * 2
        row = 2 + (n % 10) * 5
        kind = "armour" if n % 3 == 0 else "infantry"
        units.append(f'  - {{id: u{n}, side: {side}, nationality: {"us" if side == "allied" else "german"}, '
                     f'type: {kind}, attack: 4, defence: 4, movement: {6 if kind == "armour" else 4}, '
                     f'hex: "{col:02d}{row:02d}"}}')
    (tmp / "big.yaml").write_text(
        "format: 1\nid: big\ntitle: big\nsystem: dday77\nmap: big_map.yaml\nturns: {first: 1, last: 10}\n"
        "first_player: allied\noptions: {armoured_zoc: true}\nunits:\n" + "\n".join(units) + "\n")
    return load_scenario(tmp / "big.yaml")


@pytest.mark.parametrize("mode", ["normal", "strategic"])
def test_movement_range_on_a_3000_hex_board(benchmark, big, mode):
    g = Game(big, 1)
    k = g.state.unit("u30")  # armour, MF 6 (strategic: 12)
    reach(g.state, k, mode)
    assert benchmark(reach, g.state, k, mode).dest


def test_legal_actions_on_a_3000_hex_board(benchmark, big, figures):
    """Every move of the 150 units of a side, normal and strategic (about 35,000 actions),
    in a new position after each of a run of moves (what a player waits for: the state
    is new, the board's reused searches are warm); and the first call in a process."""
    import statistics
    import time

    g = Game(big, 1)
    t = time.perf_counter()
    first = legal_actions(g.state, "allied")
    first_ms = (time.perf_counter() - t) * 1e3
    rnd = random.Random(5)
    moves = [a for a in first if isinstance(a, Move)]
    times, cpu = [], []
    for _ in range(40):
        g.do(rnd.choice(moves))
        t, c = time.perf_counter(), time.process_time()
        legal = legal_actions(g.state, "allied")
        times.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
        moves = [a for a in legal if isinstance(a, Move)]
    ok = statistics.median(times) <= 0.020
    figures.add("legal_actions for every unit, movement phase, 3,000-hex board (after each of 40 moves)",
                f"{min(times) * 1e3:.1f} / {statistics.median(times) * 1e3:.1f} ms "
                f"(CPU {statistics.median(cpu) * 1e3:.1f} ms; {len(legal)} actions); the first call in a "
                f"process {first_ms:.0f} ms", "no baseline", "<= 20 ms", ok)
    assert benchmark.pedantic(lambda: legal_actions(g.state, "allied"), rounds=20, iterations=1)
