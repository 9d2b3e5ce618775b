"""Benchmark fixtures: offscreen Qt; the tutorial and a generated 60x50 board with 300 units
(the size perf.md measured), since the shipped scenarios are still small."""

from __future__ import annotations

import os
import random

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

GLYPHS = "." * 10 + "w" * 3 + "C" + "^"


def _big_files(folder) -> str:
    rnd = random.Random(1944)
    w, h = 60, 50
    rows = []
    for _ in range(h):
        row = ["~" if c < 3 else "," if c == 3 else rnd.choice(GLYPHS) for c in range(w)]
        rows.append("    - \"" + " ".join(row) + "\"")
    rivers = [f"\"{c:02d}{r:02d}/{c + 1:02d}{r:02d}\"" for c, r in ((20, k) for k in range(5, 40))]
    (folder / "big.yaml").write_text(
        "format: 1\nid: big\ntitle: Benchmark board\nsystem: dday77\n"
        "grid: {kind: hex, orientation: flat, parity: odd, width: 60, height: 50,\n"
        "       numbering: {order: col-row, digits: 2, col_from: west, row_from: north, first: 1}}\n"
        "terrain:\n  rows:\n" + "\n".join(rows) + "\n"
        f"hexsides:\n  - feature: river\n    sides: [{', '.join(rivers)}]\n"
        "places:\n" + "".join(f"  - {{name: Town {k}, hex: \"{10 + k:02d}{10 + k:02d}\", kind: town}}\n"
                                for k in range(30)))
    units = []
    kinds = ("infantry", "armour", "mechanised", "parachute", "static", "artillery")
    for k in range(300):
        side = "allied" if k % 2 else "german"
        nat = rnd.choice(("us", "british", "canadian")) if side == "allied" else "german"
        col, row = rnd.randrange(5, 60), rnd.randrange(0, 50)
        units.append(f"  - {{id: u{k}, name: \"{k}. Division\", side: {side}, nationality: {nat}, "
                     f"type: {rnd.choice(kinds)}, attack: 4, defence: 4, movement: 4, "
                     f"hex: \"{col + 1:02d}{row + 1:02d}\"}}")
    sc = folder / "big_scenario.yaml"
    sc.write_text("format: 1\nid: big\ntitle: Benchmark\nsystem: dday77\nmap: big.yaml\n"
                  "turns: {first: 1, last: 10}\nfirst_player: allied\nunits:\n" + "\n".join(units) + "\n")
    return str(sc)


def _all_on_map(scenario):
    """Every unit of a scenario as a counter on the map: those that arrive later are put on
    free land hexes, so the benchmark draws the whole order of battle."""
    from dataclasses import replace

    from tests.ui.fakeport import unit_info

    board = scenario.board
    land = [i for i in range(board.n) if scenario.system.terrain[board.terrain_of(i)].passable]
    used = {u.hex for u in scenario.units if u.hex >= 0}
    free = iter(i for i in land if i not in used)
    return [unit_info(u) if u.hex >= 0 else replace(unit_info(u), place=next(free)) for u in scenario.units]


@pytest.fixture(scope="session", params=["campaign", "generated"])
def position(request, tmp_path_factory):
    """(scenario, units): the largest shipped scenario with all counters, and the 60x50
    board with 300 counters of perf.md."""
    from ddaydesk.formats.scenariofile import load_scenario
    from ddaydesk.paths import scenarios_dir

    if request.param == "campaign":
        sc = load_scenario(scenarios_dir() / "dday77-campaign.yaml")
    else:
        sc = load_scenario(_big_files(tmp_path_factory.mktemp("bench")))
    return sc, _all_on_map(sc)


@pytest.fixture(scope="session")
def app():
    from ddaydesk.ui.app import make_app

    return make_app()


# -- the figures of benchmarks/README.md, printed together at the end ----------------------------
class Figures:
    """What each benchmark measured against its goal (and its baseline, measured in the same
    run), printed as one table at the end of the session (``pytest_terminal_summary``)."""

    def __init__(self):
        self.rows: list[tuple[str, str, str, str, bool | None]] = []

    def add(self, figure: str, ours: str, baseline: str, goal: str, ok: bool | None) -> None:
        self.rows.append((figure, ours, baseline, goal, ok))
        print(f"\n{figure}: {ours}; {baseline}; goal {goal}: {verdict(ok)}")


def verdict(ok: bool | None) -> str:
    return "n/a" if ok is None else "met" if ok else "NOT MET"


FIGURES = Figures()


@pytest.fixture(scope="session")
def figures() -> Figures:
    return FIGURES


def pytest_terminal_summary(terminalreporter):
    if not FIGURES.rows:
        return
    tr = terminalreporter
    tr.section("ddaydesk figures (benchmarks/README.md): ours, baseline in the same run, goal")
    for figure, ours, baseline, goal, ok in FIGURES.rows:
        tr.write_line(f"{figure}\n    ours: {ours}\n    baseline: {baseline}\n    goal: {goal}: {verdict(ok)}")


def ms(values) -> str:
    """``min / median`` of seconds, in ms."""
    import statistics

    return f"{min(values) * 1e3:.1f} / {statistics.median(values) * 1e3:.1f} ms"


@pytest.fixture(scope="session")
def campaign_save(tmp_path_factory):
    """The 2,000-action campaign game (tests/ui/longgame.py), saved."""
    from ddaydesk.engine import save_game
    from tests.ui.longgame import play_campaign

    g = play_campaign()
    path = tmp_path_factory.mktemp("campaign") / "campaign2000.ddaysave"
    save_game(g, path)
    return path
