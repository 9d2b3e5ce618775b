"""What-if supply at the screen, over the real engine: with the supply view on, pointing at a
hex the selected unit may reach draws supply as it would be after that move; a move that cuts
an enemy HQ's line marks its dependent units as cut off, and ``ddaydesk supply`` finds them
out of supply once the move is made."""

from __future__ import annotations

import contextlib
import io
import json

import pytest

engine = pytest.importorskip("ddaydesk.engine")

from ddaydesk.cli import main as cli  # noqa: E402
from ddaydesk.engine import Game, legal_actions  # noqa: E402
from ddaydesk.formats.scenariofile import load_scenario  # noqa: E402
from ddaydesk.ui.engine_port import EnginePort  # noqa: E402
from tests.conftest import DATA  # noqa: E402
from tests.ui.conftest import shown  # noqa: E402
from tests.ui.drive import click_place  # noqa: E402
from tests.ui.test_attacks import window  # noqa: E402

CUT = {"de-709-st", "de-91-lle", "de-7-armee"}  # 7th Army and the units it supplies


@pytest.fixture
def win(qtbot, settings):
    sc = load_scenario(DATA / "supply" / "hq_cut.yaml")  # tests/rules/supply/test_supply_whatif.py
    g = Game(sc, 1)
    while g.state.phase != "allied.movement":
        g.do(next(a for a in legal_actions(g.state, g.state.active) if a.kind == "end_phase"))
    w = window(qtbot, settings, EnginePort(g))
    w.set_layer("supply", True)
    return w


def supply_report(tmp_path, port, side: str) -> dict:
    save = tmp_path / "after.ddaysave"
    save.write_bytes(port.save_bytes())
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        cli(["supply", str(save), "--side", side, "--json"])
    return json.loads(out.getvalue())


def test_a_previewed_move_that_cuts_an_enemy_hqs_line_marks_its_units_cut_off_as_ddaydesk_supply_finds(
        qtbot, win, tmp_path):
    port = win.port
    gap = port.board.index("1113")
    click_place(qtbot, win, win.controller.unit("br-7-arm").place)
    win._hovered(gap)
    marks = win.scene.overlays.marks
    units = {u.id: u for u in win.controller.view.units}
    cut = marks.cut.path()
    for uid, u in units.items():  # a red ring on every unit the move cuts off, and on no other
        assert cut.contains(win.scene.geom.centres[u.place]) == (uid in CUT), uid
    assert "3 cut off" in shown(win.hint) and "7th Army" in shown(win.hint)
    assert "Supply after the move shown" in win.legend.texts()
    assert win.controller.unit("br-7-arm").place != gap  # a preview moves nothing
    # pointing away puts the present supply back
    win._hovered(win.controller.unit("br-7-arm").place)
    assert marks.cut.path().isEmpty()
    win._hovered(gap)
    click_place(qtbot, win, gap)
    assert win.controller.unit("br-7-arm").place == gap
    report = supply_report(tmp_path, port, "german")
    out = {u["id"] for u in report["units"] if not u["supplied"]}
    assert out >= CUT


def test_the_preview_follows_the_supply_view_switch(qtbot, win):
    win.set_layer("supply", False)
    click_place(qtbot, win, win.controller.unit("br-7-arm").place)
    win._hovered(win.port.board.index("1113"))
    assert win.scene.overlays.marks.cut.path().isEmpty()
    assert "cut off" not in shown(win.hint)
