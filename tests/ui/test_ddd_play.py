"""D-Day Dice played to its end at the screen, a seeded game of each mode, through the window's
own widgets (tests/ui/ddd_drive.py): dice locked by a click, rolled and re-rolled with R, kept
with K, tallies scored with their Score button, Units moved on the map; the rest from the
Actions dock. Seated as the Allies, the window never shows a Decoration the German holds."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel, QWidget

from ddaydesk.engine import OVER, Game
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.rules.ddd import model as m
from ddaydesk.ui.engine_port import EnginePort
from tests.rules.ddd.conftest import EVERY_MODULE, SCEN
from tests.rules.ddd.play import choose
from tests.ui.ddd_drive import panel, seat, take

MODES = {  # mode -> (map, options, the widgets its players use)
    "solo": ("exercise-tiger", {}, {"die", "key", "score", "map"}),
    "three": ("omaha", {"unit_british": True, "unit_french": True}, {"die", "key", "score", "map"}),
    "vs_program": ("gold", {"auto_german": True, "unit_canadian": True}, {"die", "key", "score", "map"}),
    "vs_person": ("exercise-fabius", {"atlantikwall": True}, {"die", "key", "score", "map"}),
    "solitaire": ("exercise-fabius", {"solitaire": True}, {"die", "key", "score"}),  # the German never moves
    "campaign": ("campaign-overlord", {**EVERY_MODULE, "badge_of_honor": True}, {"die", "key", "score", "map"}),
}


def window(qtbot, settings, name: str, options: dict, seed: int = 5):
    from ddaydesk.ui.mainwindow import MainWindow

    port = EnginePort(Game(load_scenario(SCEN[name]), seed=seed, options=options))
    w = MainWindow(port, settings, autosave=False)
    qtbot.addWidget(w)
    w.resize(1280, 800)
    with qtbot.waitActive(w):  # (the keys are the window's shortcuts)
        w.show()
        w.activateWindow()
    return w, port


def shown_texts(win) -> str:
    """Every text and tooltip of the window's visible widgets."""
    out = []
    for wdg in win.findChildren(QWidget):
        if wdg.isVisible():
            out.append(wdg.toolTip())
            if isinstance(wdg, QLabel):
                out.append(wdg.text())
    out += [i.text(0) for i in win.actions_panel.items()]
    return "\n".join(out)


def secret_names(state) -> set[str]:
    """The German's Decorations the Allies may not know of: in his hand, not also played."""
    sec = state.secrets.get(m.GERMAN, {})
    played = {m.card_name(c) for c in m.rec(state)["decorations"]["discard"]}
    return {m.card_name(c) for c in sec.get("hand", ())} - played


@pytest.mark.parametrize("mode", list(MODES))
def test_a_seeded_game_is_played_to_its_end_with_the_trays_and_the_map(qtbot, settings, mode):
    name, options, wanted = MODES[mode]
    w, port = window(qtbot, settings, name, options)
    g = port.game
    used: dict[str, int] = {}
    checked = 0
    for n in range(4000):
        if g.state.phase == OVER:
            break
        how = take(qtbot, w, choose(g.state))
        used[how] = used.get(how, 0) + 1
        seat(qtbot, w)
        hidden = secret_names(g.state)
        if w.controller.side == "allied" and hidden and (n % 7 == 0 or checked == 0):
            t = panel(w).table.table
            assert t.german is not None and t.german.decorations == ()  # (DDD-GER-22..26)
            assert t.german.decorations_held == len(g.state.secrets[m.GERMAN]["hand"])
            texts = shown_texts(w)
            assert not [c for c in hidden if c in texts], hidden
            checked += 1
    assert g.state.phase == OVER and g.state.record("ddd")["winner"]
    assert wanted <= set(used), used
    assert (checked > 0) == (mode == "vs_person")  # only a person's German holds cards at the table
    assert g.state.record("ddd")["end"] in w.controller.view.outcome
    # the bar says the game is over, not whose phase it is ("Allied Game over")
    assert w.phase_label.toolTip() == w.controller.view.phase and f" · {w.controller.view.phase} · " in w.turn_label.text()
    # the result in the game's words: the German wins only where there is a German player
    r = g.state.record("ddd")
    assert "player wins" not in w.controller.view.outcome
    assert ("the German wins" in w.controller.view.outcome) == (r["winner"] == m.GERMAN and m.has_german(r))
