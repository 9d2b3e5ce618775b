"""The place dock (``ui/widgets/hexinfo.py``) in every system's real window: the place's words
keep the height their wrapped lines need, the units' list takes the room left below them up to
its units' height, and nothing is left empty between them and the dock's foot."""

from __future__ import annotations

import pytest

engine = pytest.importorskip("ddaydesk.engine")

from ddaydesk.engine import Game  # noqa: E402
from ddaydesk.formats.catalog import scenarios_dir  # noqa: E402
from ddaydesk.formats.scenariofile import load_scenario  # noqa: E402
from ddaydesk.ui.engine_port import EnginePort  # noqa: E402
from tests.ui.conftest import open_window  # noqa: E402


def _busiest(win) -> int:
    """The place whose words and units are the longest (Koenig's Bénouville: a town, a bridge,
    four hexsides and two units)."""
    from ddaydesk.ui.widgets.hexinfo import hex_description

    stacks = win.scene.counters
    return max(range(len(win.port.board.adj)), key=lambda p: len(hex_description(win.port.board, p, win.port.place_name))
               + 200 * len(stacks.stack_at(p)))


@pytest.mark.parametrize("scenario", ["sword.yaml", "dday77-campaign.yaml", "utah-landing.yaml", "ddd-omaha.yaml"])
def test_the_place_words_come_first_then_the_units_down_to_the_docks_foot(qtbot, settings, scenario):
    win = open_window(qtbot, settings, EnginePort(Game(load_scenario(scenarios_dir() / scenario), 1)), autosave=False)
    info = win.hex_info
    win._hovered(_busiest(win))
    head, stack, supply = info.header, info.stack, info.supply

    assert head.height() >= head.heightForWidth(head.width())  # every wrapped line in sight
    if not stack.isVisible():  # (no units anywhere at the start: the words alone)
        return
    qtbot.waitUntil(lambda: head.geometry().bottom() < stack.geometry().top())  # never under the list
    if stack.height() < stack.maximumHeight():  # the list scrolls: it took all the room below
        below = info.body.height() - (supply.geometry().bottom() if supply.text() else stack.geometry().bottom())
        assert below <= info.body.layout().contentsMargins().bottom() + 2 * info.body.layout().spacing() + 1
