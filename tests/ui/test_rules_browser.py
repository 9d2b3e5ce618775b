"""The players' rules browser in the real window: Help > Rules (F1) opens this game's rules
first, rule links open their entry, search finds, and the CRT shown is the engine's table,
a drop-in correction included."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QKeySequence, QTextCursor, QTextTable

engine = pytest.importorskip("ddaydesk.engine")

from ddaydesk.formats.catalog import default_scenario_path  # noqa: E402
from ddaydesk.rules.combat.crt import load_crt  # noqa: E402
from ddaydesk.rules.tables import SHIPPED  # noqa: E402
from ddaydesk.ui.engine_port import open_engine_game  # noqa: E402


def _window(qtbot, settings, port):
    from ddaydesk.ui.mainwindow import MainWindow

    w = MainWindow(port, settings, autosave=False)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w


@pytest.fixture
def port():
    return open_engine_game(default_scenario_path())


@pytest.fixture
def win(qtbot, settings, port):
    return _window(qtbot, settings, port)


def _rules_action(win):
    help_menu = next(a.menu() for a in win.menuBar().actions() if a.text() == "&Help")
    return help_menu, next(a for a in help_menu.actions() if a.text() == "&Rules")


def test_help_has_the_rules_on_f1_and_no_developer_documents(win):
    help_menu, rules = _rules_action(win)
    assert rules.shortcut() == QKeySequence(QKeySequence.StandardKey.HelpContents)
    assert [a.text() for a in help_menu.actions()] == ["&Rules", "&Keyboard shortcuts", "&About ddaydesk"]


def test_f1_opens_this_games_rules_first_with_its_options_as_set(qtbot, win, port):
    _help, rules = _rules_action(win)
    rules.trigger()
    b = win.rules_browser
    qtbot.waitExposed(b)
    sc = port.scenario
    assert b.tree.topLevelItem(0).text(0) == sc.system.title and b.tree.topLevelItem(0).isExpanded()
    assert b.page.key == "dday77/home"
    text = b.view.toPlainText()
    assert f"This game: {sc.title}" in text
    opts = port.game.state.options
    for o in sc.system.options.values():
        assert f"{o.title} {'on' if opts[o.id] else 'off'} in this game" in " ".join(text.split())
    rules.trigger()  # the same browser comes back
    assert win.rules_browser is b


def test_a_rule_opens_its_entry_highlighted_at_the_top(qtbot, win):
    win.show_rule("D77-SUP-09")
    b = win.rules_browser
    assert b.page.key == "dday77/04-supply"
    assert b.current_block_text().startswith("D77-SUP-08..11 — OB West")
    block = b.target
    top = b.view.document().documentLayout().blockBoundingRect(block).top()
    assert b.view.verticalScrollBar().value() == min(int(top), b.view.verticalScrollBar().maximum())


def test_links_in_the_pages_follow_and_back_and_forward_return(qtbot, win):
    win.show_rules()
    b = win.rules_browser
    b.follow(QUrl("page:dday77/03-combat"))
    b.follow(QUrl("rule:STD-CRT-EX"))
    assert b.page.key == "dday77/03-combat" and b.current_block_text().startswith("STD-CRT-EX — EX: exchange")
    b.follow(QUrl("rule:D77-ASUP-24"))
    assert b.page.key == "dday77/04-supply" and b.current_block_text().startswith("D77-ASUP-20..28")
    b.back.click()
    assert b.page.key == "dday77/03-combat" and b.current_block_text().startswith("STD-CRT-EX")
    b.forward.click()
    assert b.page.key == "dday77/04-supply"


def test_search_for_supply_in_dday77_finds_the_8_10_24_32_limits(qtbot, win):
    win.show_rules()
    b = win.rules_browser
    qtbot.keyClicks(b.search_box, "supply")
    qtbot.keyClick(b.search_box, Qt.Key.Key_Return)
    shown = " ".join(b.view.toPlainText().split())
    assert shown.startswith("Search: supply")
    assert "German units: 8 hexes to a source or a supplied HQ, HQs 24 to the edge" in shown  # D77-SUP-02/03
    assert "OB West: 10 hexes to it, 32 to the edge" in shown  # D77-SUP-08/09
    assert "Utah" not in shown  # this game's system only
    link = b.view.document().begin()
    while link.isValid() and "OB West: 10 hexes" not in link.text():
        link = link.next()
    cursor = QTextCursor(link)
    cursor.setPosition(link.position() + 1)  # inside the result's link, which starts the line
    href = cursor.charFormat().anchorHref()
    assert href.startswith("page:dday77/04-supply")
    b.follow(QUrl(href))
    assert b.page.key == "dday77/04-supply" and b.current_block_text().startswith("D77-SUP-08..11")


def _shown_crt(b) -> list[list[str]]:
    """The cells of the first table of the page as the browser shows it."""
    frame = b.view.document().rootFrame()
    table = next(f for f in frame.childFrames() if isinstance(f, QTextTable))
    return [[table.cellAt(r, c).firstCursorPosition().block().text().strip() for c in range(table.columns())]
            for r in range(table.rows())]


def _combat_preview(port):
    while engine.current_phase(port.game.state).kind != "combat":
        port.end_phase()
    return port.combat_preview(["ca-3-inf"], port.board.index("1308"), {})


def test_the_crt_shown_is_the_engines_table(qtbot, win, port):
    win.show_rules()
    b = win.rules_browser
    b.show_page("dday77/chart/crt")
    cells = _shown_crt(b)
    pv = _combat_preview(port)  # the combat dialog's table: the engine's own
    assert [h.split("†")[0] for h in cells[0][1:]] == list(pv.columns)
    for face in range(pv.die_sides):
        assert cells[1 + face][1:] == [pv.crt[col][face] for col in pv.columns]


def test_the_crt_shown_after_a_drop_in_correction_is_the_corrected_table(qtbot, settings, tmp_path, monkeypatch):
    monkeypatch.setenv("DDAYDESK_USER_DATA", str(tmp_path / "user"))
    mine = tmp_path / "user" / "rules" / "dday77" / "crt.yaml"
    mine.parent.mkdir(parents=True)
    text = (SHIPPED / "dday77" / "crt.yaml").read_text(encoding="utf-8")
    mine.write_text(text.replace('{odds: "1-1", results: [DE, EX, AB2, AB2, AE, AE]',
                                 '{odds: "1-1", results: [DE, DE, AB2, AB2, AE, AE]'), encoding="utf-8")
    port = open_engine_game(default_scenario_path())
    win = _window(qtbot, settings, port)
    win.show_rules()
    b = win.rules_browser
    b.show_page("dday77/chart/crt")
    assert "Corrected table read from your copy" in b.view.toPlainText()
    cells = _shown_crt(b)
    pv = _combat_preview(port)
    assert pv.crt["1-1"][1] == "DE" == load_crt("dday77").table().columns[5].results[1]  # the engine plays it
    for face in range(pv.die_sides):
        assert cells[1 + face][1:] == [pv.crt[col][face] for col in pv.columns]


def test_a_utah_optional_rule_shows_its_state_in_this_game(qtbot, settings):
    from ddaydesk.paths import scenarios_dir

    port = open_engine_game(scenarios_dir() / "utah-campaign.yaml")
    win = _window(qtbot, settings, port)
    win.show_rule("FMU-WX-02")
    b = win.rules_browser
    assert b.tree.topLevelItem(0).text(0) == port.scenario.system.title
    assert b.page.key == "fmu/08-campaign"
    assert b.current_block_text() == "FMU-WX-01..05 — Inclement weather · on in this game"


def test_an_id_opens_its_own_entry_not_one_it_is_the_start_of(qtbot, win):
    win.show_rule("STD-CRT")
    assert win.rules_browser.current_block_text().startswith("STD-CRT — The Combat Results Table")
    win.show_rule("STD-CRT-EX")
    assert win.rules_browser.current_block_text().startswith("STD-CRT-EX — EX: exchange")


def test_the_browser_is_a_window_of_its_own_that_the_game_window_takes_with_it(qtbot, settings):
    from PySide6.QtCore import Qt

    win = _window(qtbot, settings, open_engine_game(default_scenario_path()))
    win.show_rules()
    b = win.rules_browser
    # not the game window's child: the window-modal combat dialog, whose rule ids open it,
    # would block its input otherwise; and it does not keep the app open on its own
    assert b.parent() is None and b.isWindow() and not b.testAttribute(Qt.WidgetAttribute.WA_QuitOnClose)
    with qtbot.waitSignal(b.destroyed):
        win.deleteLater()


def test_no_two_pages_of_a_system_share_a_title_in_the_contents(qtbot, settings):
    """Koenig's Sword: the contents list every system's pages once each by title (Koenig's
    'Optional rules' text and the optional rules' toggles page were two 'Optional rules'), and
    its rules say the game is played from the Command Cup panel."""
    from tests.ui.test_pkd_window import SWORD

    win = _window(qtbot, settings, open_engine_game(SWORD))
    _help, rules = _rules_action(win)
    rules.trigger()
    b = win.rules_browser
    for k in range(b.tree.topLevelItemCount()):
        top = b.tree.topLevelItem(k)
        titles = [top.child(c).text(0) for c in range(top.childCount())]
        assert len(titles) == len(set(titles)), (top.text(0), titles)
    b.show_page("pkd/02-operations")
    assert "Choose it in the Command Cup panel" in " ".join(b.view.toPlainText().split())


def test_koenigs_terrain_chart_gives_the_defence_the_battle_dialog_adds(qtbot, settings):
    """STD-PKD-TEC: F1's terrain chart for Sword shows what each terrain adds to the defence, as
    the battle's strength lines add it (was '—' on every row: the chart read a defence table
    Koenig's D-Day keeps in its combat table)."""
    from ddaydesk.engine import Game
    from ddaydesk.formats.scenariofile import load_scenario
    from ddaydesk.paths import scenarios_dir
    from ddaydesk.rules.pkd import ChooseOperation, CloseCombat
    from ddaydesk.rules.pkd.combat import assess
    from ddaydesk.ui.engine_port import EnginePort

    port = EnginePort(Game(load_scenario(scenarios_dir() / "sword.yaml"), 4, {"interdiction": False}))
    win = _window(qtbot, settings, port)
    win.show_rules()
    b = win.rules_browser
    b.show_page("pkd/chart/terrain")
    defence = {row[0]: row[3].split(" (")[0] for row in _shown_crt(b)[1:]}
    assert defence["Clear"] == "no change" and defence["Bocage"] == "+1" and defence["Town"] == "+1"
    assert defence["City"] == "+2" and _shown_crt(b)[-1][3].startswith("+2 (German only)")  # a strongpoint
    port.game.do(ChooseOperation("allied", "move"))  # the 6th Airborne's close combat at 0911 (bocage)
    a = assess(port.game.state, CloseCombat("allied", ("gb-8para",), port.board.index("0911")))
    assert [(x.text, x.value) for x in a.defence_lines if x.rule == "STD-PKD-TEC"] == [("bocage in 0911", 1)]


@pytest.mark.parametrize("options, german", [({"solitaire": True}, True), ({"auto_german": True}, True), ({}, False)])
def test_the_german_players_rules_are_on_where_a_german_plays(qtbot, settings, options, german):
    """D-Day Dice solitaire (you are the German, DDD-SOLO-01) and the program's German play the
    Atlantikwall German's rules (DDD-GER-10: his losses): the browser says they are on in the
    game, as it does for the Atlantikwall option itself; a co-operative game has no German."""
    from ddaydesk.engine import Game
    from ddaydesk.formats.scenariofile import load_scenario
    from ddaydesk.paths import scenarios_dir
    from ddaydesk.ui.engine_port import EnginePort

    port = EnginePort(Game(load_scenario(scenarios_dir() / "ddd-exercise-fabius.yaml"), seed=1, options=options))
    win = _window(qtbot, settings, port)
    win.show_rule("DDD-GER-10")
    b = win.rules_browser
    state = "on" if german else "off"
    assert b.current_block_text() == f"DDD-GER-10..17 — The German loses Soldiers · {state} in this game"
    b.show_page("ddd/home")
    assert f"Atlantikwall: a German player fights from the Bunker {state} in this game" in " ".join(
        b.view.toPlainText().split())


def test_d_day_dices_cards_chart_lists_every_card_with_its_cost_and_text(qtbot, settings):
    """STD-DDD-CARDS: the Actions dock lists only what a player can pay for now; the rules
    browser's Cards chart lists every card with its cost and what it does (the solitaire text
    beside, DDD-SOLO-13), the German's too: what there is to save up for."""
    from ddaydesk.engine import Game
    from ddaydesk.formats.scenariofile import load_scenario
    from ddaydesk.paths import scenarios_dir
    from ddaydesk.rules.ddd.data import tables
    from ddaydesk.ui.engine_port import EnginePort

    port = EnginePort(Game(load_scenario(scenarios_dir() / "ddd-solitaire.yaml"), seed=1, options={"solitaire": True}))
    win = _window(qtbot, settings, port)
    win.show_rule("")
    b = win.rules_browser
    assert b.show_page("ddd/chart/cards")
    text = " ".join(b.view.toPlainText().split())
    cards = tables().cards
    for cid in ("captain", "pionier", "mg_schuetze", "waffen_ss", "bangalore"):
        c = cards[cid]
        assert f"{c.name} {c.cost} " in text and " ".join(c.text.split()) in text, cid
    assert " ".join(cards["waffen_ss"].solo_text.split()) in text
