"""The main window's menus, the same for every system; what a game lacks is greyed out with
the reason as its tooltip (``GamePort.capabilities``), never hidden and never an error."""

from __future__ import annotations

from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenu

from ddaydesk.ui.overlays import LAYERS
from ddaydesk.ui.palette import PALETTES
from ddaydesk.ui.port import Capabilities

# overlay layer -> the game feature it shows (a game without the feature greys the layer)
LAYER_FEATURES = {"range": "move", "trails": "move", "supply": "supply", "zoc": "zoc"}


def add_action(win, menu, text: str, slot, shortcut=None, tip: str = "", checkable: bool = False) -> QAction:
    a = QAction(text, win)
    if shortcut is not None:
        a.setShortcut(QKeySequence(shortcut))
    if tip:
        a.setStatusTip(tip)
        a.setToolTip(tip)
    a.setCheckable(checkable)
    if checkable:
        a.toggled.connect(slot)
    else:
        a.triggered.connect(slot)
    menu.addAction(a)
    win.all_actions.append(a)
    return a


def _export_report(win) -> None:
    # (with a file dialog's classes: not before the first frame)
    from ddaydesk.ui.report_export import export_report

    export_report(win)


def build_menus(win) -> None:
    """File, Edit (undo/redo, filled per game), View, Game and Help."""
    win.all_actions = []
    mb = win.menuBar()
    m = win.file_menu = mb.addMenu("&File")
    add_action(win, m, "&New game…", win.new_game, QKeySequence.StandardKey.New,
               "Start a scenario with a choice of optional rules")
    add_action(win, m, "&Open…", win.open_dialog, QKeySequence.StandardKey.Open, "Open a saved game or a scenario")
    win.recent_menu = m.addMenu("Open &recent")
    add_action(win, m, "&Save", win.save, QKeySequence.StandardKey.Save, "Save the game")
    add_action(win, m, "Save &as…", win.save_as, QKeySequence.StandardKey.SaveAs, "Save the game to a new file")
    add_action(win, m, "Restore &autosave", win.restore_autosave, None,
               "Go back to the game as it was after its last action")
    add_action(win, m, "Export game &report…", lambda: _export_report(win), None,
               "The game turn by turn as one web page: moves, attacks, supply, losses, a map of each turn")
    m.addSeparator()
    add_action(win, m, "&Quit", win.close, QKeySequence.StandardKey.Quit, "Quit ddaydesk")
    win.undo_menu = mb.addMenu("&Edit")
    m = mb.addMenu("&View")
    win.layer_actions = {}
    for layer, (title, key, _shown) in LAYERS.items():
        win.layer_actions[layer] = add_action(win, m, title, lambda on, name=layer: win.set_layer(name, on), key,
                                              f"Show or hide: {title.lower()}", checkable=True)
    m.addSeparator()
    add_action(win, m, "Zoom &in", lambda: win.view.zoom_by(1.25), QKeySequence.StandardKey.ZoomIn, "Zoom in")
    add_action(win, m, "Zoom &out", lambda: win.view.zoom_by(0.8), QKeySequence.StandardKey.ZoomOut, "Zoom out")
    add_action(win, m, "&Fit map to window", lambda: win.view.fit(), "Ctrl+0", "Show the whole map")
    m.addSeparator()
    pm = m.addMenu("&Palette")
    group = QActionGroup(win)
    for pal in PALETTES.values():
        a = QAction(pal.title, win, checkable=True)
        a.setChecked(pal.id == win.palette_.id)
        a.triggered.connect(lambda _=False, pid=pal.id: win.set_palette(pid))
        group.addAction(a)
        pm.addAction(a)
    m.addSeparator()
    win.docks_menu = m
    for dock in win.docks:
        m.addAction(dock.toggleViewAction())
    m = win.game_menu = mb.addMenu("&Game")
    win.end_phase_action = add_action(win, m, "&End phase", win.end_phase, "Ctrl+E",
                                      "Finish this phase and go to the next")
    win.attack_action = add_action(win, m, "&Attack…", win.attack_dialog, "A",
                                   "Attack the place under the cursor with the selected unit")
    win.bombard_action = add_action(win, m, "&Bombard…", win.bombard_dialog, "B",
                                    "Fire & Movement: bombard the enemy hex under the cursor with support "
                                    "fire markers alone")
    win.withhold_action = add_action(win, m, "&Withhold selected unit", lambda: win.controller.withhold_selected(),
                                     "W", "Set-up with withheld units: hold the selected unit back, to place it later")
    win.next_turn_action = add_action(win, m, "&Next turn", win.next_turn, "Ctrl+Shift+E",
                                      "End every remaining phase of this turn")
    add_action(win, m, "&Dice log", win.show_roll_log, "Ctrl+L",
               "Every roll: what it was for, the die, the table it was read on and its result")
    m = mb.addMenu("&Help")
    add_action(win, m, "&Rules", win.show_rules, QKeySequence.StandardKey.HelpContents,
               "This game's rules, charts and optional rules, searchable")
    add_action(win, m, "&Keyboard shortcuts", win.show_shortcuts, "Ctrl+/", "Every command with its key")
    add_action(win, m, "&About ddaydesk", win.show_about, None, "Version, licence and map data")
    for menu in mb.findChildren(QMenu):
        menu.setToolTipsVisible(True)  # a greyed-out command says why


def apply_capabilities(win, caps: Capabilities) -> None:
    """Grey out what this game lacks, with the reason; enable the rest with its usual tip."""
    commands = {"attack": win.attack_action, "bombard": win.bombard_action, "withhold": win.withhold_action}
    commands.update({f"layer:{layer}": a for layer, a in win.layer_actions.items()})
    for key, action in commands.items():
        feature = LAYER_FEATURES.get(key[6:], "") if key.startswith("layer:") else key
        why = caps.why_not(feature) if feature else ""
        usual = action.property("usual_tip")
        if usual is None:
            usual = action.statusTip()
            action.setProperty("usual_tip", usual)
        action.setEnabled(not why)
        tip = f"Not in this game: {why}" if why else usual
        action.setToolTip(tip)
        action.setStatusTip(tip)
