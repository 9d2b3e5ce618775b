"""The docks' contents over the real engine: the Units table a player reads at 1280x800."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from ddaydesk.ui.engine_port import open_engine_game
from ddaydesk.ui.models.units import UNIT_ID_ROLE
from tests.ui.conftest import open_window

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


def test_units_table_shows_each_units_counter_and_whole_name_then_its_factors_in_sight(qtbot, settings):
    """'709th Infantry Division (static)', 'German' were cut ('709th Infantry Divisio…', 'Ger…'),
    then the factors and place stood behind the scroll bar: the counter beside the name says
    whose and what a unit is, as on the map, and the printed factors stand in the dock."""
    w = open_window(qtbot, settings, open_engine_game(SCENARIOS / "dday77-campaign.yaml"))
    t, m, p = w.unit_table, w.unit_model, w.unit_proxy
    header, fm = t.horizontalHeader(), t.fontMetrics()
    w.units_dock.raise_()
    qtbot.waitUntil(lambda: t.viewport().width() > 200)
    shown = [m.headerData(header.logicalIndex(k), Qt.Orientation.Horizontal) for k in range(m.columnCount())]
    assert shown[:5] == ["Unit", "A-D-M", "Where", "Status", "Side"]
    # the name and its factors stand inside the dock, not behind its scroll bar
    assert header.sectionViewportPosition(4) + header.sectionSize(4) <= t.viewport().width()
    text_room = header.sectionSize(0) - t.iconSize().width() - 4 - 2 * t.style().pixelMetric(
        t.style().PixelMetric.PM_FocusFrameHMargin)
    whole = [u.name for u in m.units if fm.horizontalAdvance(u.name) <= text_room]
    assert len(whole) > 0.75 * len(m.units)  # all but the '(static)' divisions and the longest (whole in the tip)
    assert header.sectionSize(4) >= fm.horizontalAdvance("10-10-4")
    # each row's counter is the unit's own, as the map draws it (colours by nationality)
    row = next(r for r in range(p.rowCount()) if p.data(p.index(r, 0), UNIT_ID_ROLE) == "ge-709")
    assert t.iconSize().height() <= t.verticalHeader().defaultSectionSize()
    allied = next(r for r in range(p.rowCount()) if p.data(p.index(r, 0), UNIT_ID_ROLE).startswith("us-"))
    faces = [_face_colour(p.data(p.index(r, 0), Qt.ItemDataRole.DecorationRole), t.iconSize()) for r in (row, allied)]
    printed = [QColor(w.palette_.counter_colours(n)[0]) for n in ("german", "us")]
    for face, own, other in zip(faces, printed, printed[::-1], strict=True):  # each nearer its own nation's colour
        assert _far(face, own) < _far(face, other)


def _face_colour(icon, size) -> QColor:
    """The colour most of a counter icon is painted in (its face)."""
    img = icon.pixmap(size).toImage()
    seen = Counter(img.pixelColor(x, y).name() for x in range(img.width()) for y in range(img.height()))
    return QColor(seen.most_common(1)[0][0])


def _far(a: QColor, b: QColor) -> int:
    return abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue())


def test_every_units_cell_tips_the_whole_row(qtbot, settings):
    w = open_window(qtbot, settings, open_engine_game(SCENARIOS / "dday77-campaign.yaml"))
    p = w.unit_proxy
    row = next(r for r in range(p.rowCount()) if p.data(p.index(r, 0), UNIT_ID_ROLE) == "ge-709")
    tips = {p.data(p.index(row, c), Qt.ItemDataRole.ToolTipRole) for c in range(p.columnCount())}
    assert len(tips) == 1
    tip = tips.pop()
    assert tip.startswith("709th Infantry Division (static): German static, 2-3-2 at ")
