"""The docks' contents over the real engine: the Units table a player reads at 1280x800."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from ddaydesk.ui.engine_port import open_engine_game
from ddaydesk.ui.models.units import UNIT_ID_ROLE
from tests.ui.conftest import open_window

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


def test_units_table_shows_whole_names_and_sides_then_factors_and_where(qtbot, settings):
    """'709th Infantry Division (static)', 'German' were cut ('709th Infantry Divisio…', 'Ger…')."""
    w = open_window(qtbot, settings, open_engine_game(SCENARIOS / "dday77-campaign.yaml"))
    t, m = w.unit_table, w.unit_model
    header, fm = t.horizontalHeader(), t.fontMetrics()
    room = 2 * t.style().pixelMetric(t.style().PixelMetric.PM_FocusFrameHMargin)  # a cell's margins
    w.units_dock.raise_()
    qtbot.waitUntil(lambda: t.viewport().width() > 200)
    room_left = t.viewport().width() - header.sectionSize(1)  # beside the side
    names = [u.name for u in m.units if fm.horizontalAdvance(u.name) + room <= room_left]
    assert len(names) > 0.9 * len(m.units)  # all but the longest few
    assert all(header.sectionSize(0) >= fm.horizontalAdvance(n) + room for n in names)
    assert header.sectionSize(1) >= fm.horizontalAdvance("German") + room
    shown = [m.headerData(header.logicalIndex(k), Qt.Orientation.Horizontal) for k in range(m.columnCount())]
    assert shown[:5] == ["Unit", "Side", "A-D-M", "Where", "Status"]
    # the name and side stand inside the dock, not behind its scroll bar
    assert header.sectionViewportPosition(1) + header.sectionSize(1) <= t.viewport().width()


def test_every_units_cell_tips_the_whole_row(qtbot, settings):
    w = open_window(qtbot, settings, open_engine_game(SCENARIOS / "dday77-campaign.yaml"))
    p = w.unit_proxy
    row = next(r for r in range(p.rowCount()) if p.data(p.index(r, 0), UNIT_ID_ROLE) == "ge-709")
    tips = {p.data(p.index(row, c), Qt.ItemDataRole.ToolTipRole) for c in range(p.columnCount())}
    assert len(tips) == 1
    tip = tips.pop()
    assert tip.startswith("709th Infantry Division (static): German static, 2-3-2 at ")
