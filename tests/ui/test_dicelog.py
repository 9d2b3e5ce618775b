"""The Dice dock over the real engine: every roll with what it was rolled for, the die, the
table and its result, in words; the whole text on hover; Game > Dice log shows it; a
double-click reviews the game at the roll."""

from __future__ import annotations

from PySide6.QtCore import Qt

from ddaydesk.engine import EndPhase, Game, current_phase, legal_actions
from ddaydesk.formats.catalog import default_scenario_path
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.rules.combat.crt import load_crt
from ddaydesk.ui.engine_port import EnginePort
from ddaydesk.ui.widgets.dicelog import COLUMNS


def test_a_combat_roll_in_the_dice_log(qtbot, settings):
    from ddaydesk.ui.mainwindow import MainWindow

    g = Game(load_scenario(default_scenario_path()), seed=3)
    win = MainWindow(EnginePort(g), settings, autosave=False)
    qtbot.addWidget(win)
    win.show()
    model = win.dice_log.model
    assert model.rowCount() == 0 and win.dice_log.empty.isVisible()
    while current_phase(g.state).kind != "combat":
        g.do(EndPhase(g.state.active))
    g.do(legal_actions(g.state, "allied", ("attack",))[0])
    g.do(next(a for a in legal_actions(g.state, "allied") if a.kind == "resolve_combat"))
    win.controller.refresh()
    (roll,) = g.changes[g.pos - 1].dice
    note = next(n for n in g.changes[g.pos - 1].notes if n.startswith("combat at "))
    column = roll.purpose.split(": ", 1)[1]
    code = note.split("→ ", 1)[1].split(" ", 1)[0]
    meaning = next(t.results[code].text for t in load_crt("dday77").tables.values() if code in t.results)
    assert model.rowCount() == 1 and not win.dice_log.empty.isVisible()
    row = {c: model.data(model.index(0, k)) for k, c in enumerate(COLUMNS)}
    assert row["#"] == str(g.pos) and row["Side"] == "Allied" and row["Roll"] == f"{roll.value} on d6"
    purpose, result = row["Rolled for → result"].split("\n")
    assert purpose.startswith("combat at ") and row["Table"] == f"Combat Results Table, {column} column"
    assert result == f"→ {code}: {meaning}"
    tip = model.data(model.index(0, 3), Qt.ItemDataRole.ToolTipRole)
    assert f"Rolled {roll.value} on d6 for combat at" in tip and f"Result: {code}: {meaning}" in tip
    assert f"{g.pos}  T1 Allied combat: combat at" in tip  # the whole action it belongs to
    win.dice_dock.hide()
    next(a for a in win.all_actions if a.text() == "&Dice log").trigger()  # Game > Dice log (Ctrl+L)
    assert win.dice_dock.isVisible()
    t = win.dice_log.table  # what was rolled for ends at the dock's edge, not under it
    assert t.columnViewportPosition(3) + t.columnWidth(3) <= t.viewport().width() or t.columnWidth(3) == \
        24 * t.fontMetrics().averageCharWidth()
    win.dice_log.table.doubleClicked.emit(model.index(0, 3))  # review the game at the roll
    assert win.review.active and win.review.port.at == g.pos
    assert model.data(model.index(0, 0), Qt.ItemDataRole.BackgroundRole) is not None
