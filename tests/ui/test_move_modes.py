"""How units move, chosen on the map (D-Day '77: strategic movement; with the surprise attack
option, surprise movement after its declaration, D77-SURP-01..05), through the real window."""

from __future__ import annotations

import pytest

engine = pytest.importorskip("ddaydesk.engine")

from ddaydesk.formats.catalog import default_scenario_path  # noqa: E402
from ddaydesk.paths import scenarios_dir  # noqa: E402
from ddaydesk.ui.engine_port import open_engine_game  # noqa: E402
from tests.ui.conftest import shown  # noqa: E402
from tests.ui.drive import click_place  # noqa: E402
from tests.ui.test_attacks import window  # noqa: E402


@pytest.fixture
def win(qtbot, settings):
    return window(qtbot, settings, open_engine_game(default_scenario_path(), {"surprise_attack": True}))


def test_strategic_movement_is_chosen_on_the_turn_bar_and_moves_twice_as_far(qtbot, win):
    port = win.port
    modes = win.aids.modes
    assert modes.box_action.isVisible() and [modes.box.itemData(k) for k in range(modes.box.count())] == \
        ["normal", "strategic", "surprise"]
    surprise = modes.box.model().item(2)
    assert not surprise.isEnabled() and "declare the surprise attack first" in modes.box.itemData(2, 3)
    uid = "us-101-abn"  # away from the enemy
    click_place(qtbot, win, win.controller.unit(uid).place)
    normal = dict(win.controller.range.cost)
    modes.box.activated.emit(1)
    assert win.controller.mode == "strategic" and modes.actions["strategic"].isChecked()
    far = dict(win.controller.range.cost)
    assert far == port.legal_moves(uid, "strategic").cost
    assert max(far.values()) > max(normal.values()) and set(far) - set(normal)  # farther, never next to the enemy
    target = max(set(far) - set(normal), key=lambda p: (far[p], p))
    click_place(qtbot, win, target)
    assert win.controller.unit(uid).place == target
    move = port.game.log[-1]
    assert move.kind == "move" and move.mode == "strategic"
    win.actions_panel.end_button.click()  # a new phase: normal movement again
    assert win.controller.mode == "normal" and not modes.box_action.isVisible()  # (combat: no moves)


def test_a_unit_next_to_the_enemy_may_not_move_strategically_and_says_why(qtbot, win):
    win.aids.modes.choose("strategic")
    click_place(qtbot, win, win.controller.unit("ca-3-inf").place)  # next to the 21st Panzer Division
    assert win.controller.range is None
    assert "starts next to an enemy unit" in shown(win.hint) and "3rd Canadian" in shown(win.hint)


def test_surprise_movement_opens_once_the_attack_is_declared_D77_SURP_01(qtbot, win):
    k = next(k for k, (kind, _t, _p) in enumerate(win.controller.choices()) if kind == "declare_surprise")
    win.take_choice(k, "declare a surprise attack")
    assert win.aids.modes.box.model().item(2).isEnabled()
    win.aids.modes.choose("surprise")
    click_place(qtbot, win, win.controller.unit("br-7-arm").place)
    assert win.controller.range is not None
    assert win.controller.range.cost == win.port.legal_moves("br-7-arm", "surprise").cost


def test_a_system_with_one_way_of_moving_shows_no_choice(qtbot, settings):
    w = window(qtbot, settings, open_engine_game(scenarios_dir() / "utah-landing.yaml"))
    assert not w.aids.modes.box_action.isVisible() and not w.aids.modes.menu.menuAction().isVisible()


def test_surprise_movement_closes_when_its_units_have_moved_D77_SURP_02(qtbot, win):
    from ddaydesk.engine import Move, legal_actions

    k = next(k for k, (kind, _t, _p) in enumerate(win.controller.choices()) if kind == "declare_surprise")
    win.take_choice(k, "declare a surprise attack")
    moved: set[str] = set()
    while len(moved) < 3:
        g = win.port.game
        a = next(a for a in legal_actions(g.state, g.state.active)
                 if isinstance(a, Move) and a.mode == "surprise" and a.unit not in moved)
        win.controller.apply("a surprise move", lambda a=a: win.port._do(a))
        moved.add(a.unit)
    surprise = win.aids.modes.box.model().item(2)
    assert not surprise.isEnabled()
    assert "3 units have already moved for the surprise attack (D77-SURP-02)" in win.aids.modes.box.itemData(2, 3)
