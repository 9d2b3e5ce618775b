"""File > Save as… and File > Export game report offer a name that says which game and turn it
is ("Normandy tutorial, turn 2"), not "game" for every save in the folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog

pytest.importorskip("ddaydesk.engine")

from ddaydesk.formats.catalog import default_scenario_path  # noqa: E402
from ddaydesk.ui.engine_port import open_engine_game  # noqa: E402
from tests.ui.conftest import open_window  # noqa: E402
from tests.ui.test_attacks import play_to  # noqa: E402


def test_a_new_save_is_named_for_its_scenario_and_turn(qtbot, settings, tmp_path, monkeypatch):
    win = open_window(qtbot, settings, open_engine_game(default_scenario_path()), autosave=False)
    offered = []

    def dialog(_parent, _title, path, _filter):
        offered.append(Path(path).name)
        return str(tmp_path / Path(path).name), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", dialog)
    play_to(win, 2, win.port.game.state.phase)  # (the compulsory attacks made on the way)
    assert win.save_as()
    assert offered == ["Normandy tutorial, turn 2.ddaysave"]
    assert (tmp_path / offered[0]).stat().st_size > 0 and win.save_path == str(tmp_path / offered[0])

    from ddaydesk.ui.report_export import ask_report_path

    win.save_path = None  # (a game not saved yet: the report is named like a save)
    ask_report_path(win)
    assert offered[-1] == "Normandy tutorial, turn 2-report.html"


@pytest.mark.parametrize("scenario, name", [("ddd-omaha", "D-Day Dice Omaha Beach, turn 1"),
                                            ("ddd-gold", "D-Day Dice Gold Beach, turn 1"),
                                            ("sword", "Sword Beach, turn 1")])
def test_a_d_day_dice_save_is_named_for_its_battle_map(qtbot, settings, tmp_path, monkeypatch, scenario, name):
    """Every D-Day Dice scenario's title begins "D-Day Dice:": its saves are named for the map
    after it, not "D-Day Dice" for all of them (a title that does not begin with its system's
    name keeps its first part)."""
    from ddaydesk.paths import scenarios_dir

    win = open_window(qtbot, settings, open_engine_game(scenarios_dir() / f"{scenario}.yaml"), autosave=False)
    offered = []

    def dialog(_parent, _title, path, _filter):
        offered.append(Path(path).name)
        return str(tmp_path / Path(path).name), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", dialog)
    assert win.save_as()
    assert offered == [f"{name}.ddaysave"]
