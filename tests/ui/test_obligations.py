"""The combat obligations checklist, through the real window over the real engine: the units
that must attack (D77-ZOC-04) listed in the Actions dock and marked on the map, each one click
from its attack; ending the phase with one open says which and the rule, and the phase stays."""

from __future__ import annotations

import pytest

engine = pytest.importorskip("ddaydesk.engine")

from PySide6.QtWidgets import QMessageBox  # noqa: E402

from ddaydesk.formats.catalog import default_scenario_path  # noqa: E402
from ddaydesk.rules.combat.obligations import end_problem, obligations  # noqa: E402
from ddaydesk.ui.engine_port import open_engine_game  # noqa: E402
from tests.ui.conftest import shown  # noqa: E402
from tests.ui.test_attacks import to_phase, window  # noqa: E402


@pytest.fixture
def combat(qtbot, settings):
    """The tutorial's first Allied combat phase: the 3rd Canadian Infantry Division starts next
    to the 21st Panzer Division (1308) and must attack it."""
    port = open_engine_game(default_scenario_path())
    w = window(qtbot, settings, port)
    to_phase(qtbot, w, "allied.combat")
    return w, port


def test_the_must_attack_checklist_blocks_the_end_of_the_phase_and_says_why_D77_ZOC_04(qtbot, combat):
    w, port = combat
    duties = w.aids.duties
    assert duties.isVisible()
    texts = [i.text(0) for i in duties.items()]
    assert texts[0] == "3rd Canadian Infantry Division is in an enemy zone of control and must attack (D77-ZOC-04)"
    assert "D77-ZOC-04" in shown(duties.title)
    # on the map: the unit's hex outlined
    ca3 = w.controller.unit("ca-3-inf").place
    assert w.scene.overlays.marks.duty_units.path().contains(w.scene.geom.centres[ca3])
    assert "Combat obligations" in w.legend.texts()
    before = (port.game.state.phase, port.game.pos)
    w.actions_panel.end_button.click()
    assert (port.game.state.phase, port.game.pos) == before  # the phase did not end
    box = w.aids.duty_box
    assert isinstance(box, QMessageBox) and box.isVisible()
    assert "3rd Canadian Infantry Division is in an enemy zone of control and must attack" in box.text()
    assert "D77-ZOC-04" in box.text()
    assert "cannot end yet" in shown(w.hint) and "D77-ZOC-04" in shown(w.hint)
    box.close()


def test_each_entry_is_one_click_from_its_attack_and_a_made_attack_leaves_the_list(qtbot, combat):
    w, port = combat
    item = w.aids.duties.items()[0]
    w.aids.duties.tree.itemClicked.emit(item, 0)
    dlg = w.aids.attacks.dialog
    assert dlg is not None and dlg.defender_place == port.board.index("1308")
    assert dlg.attackers == ["ca-3-inf"]
    dlg.roll_button.click()
    while dlg.choice_list.count():
        dlg.choice_list.itemActivated.emit(dlg.choice_list.item(0))
    dlg.close()
    assert "ca-3-inf" not in [u for o in port.obligations() for u in o.units]
    assert not any("3rd Canadian" in i.text(0) for i in w.aids.duties.items())


def test_the_checklist_is_the_engines_end_check(combat):
    """One list: the phase may end exactly when no obligation is open."""
    _w, port = combat
    state = port.game.state
    phase = engine.current_phase(state)
    owed = obligations(state, phase)
    assert owed and end_problem(state, phase) == owed[0].text
    assert [o.rule for o in owed] == ["D77-ZOC-04"] * len(owed)
