"""The main window's docks, the same for every system: place info, units, log, dice,
actions, arrivals; a system's own panels (``UIProfile.panels``) are tabbed beside the log or
stand left of the map. Widths are set in text units and bounded by the window, so they follow
the scale factor and a small screen keeps most of its width for the map.

A start shows the docks empty in the first frame, in the places they keep (``reserve_docks``,
the saved layout restored over them), and fills them right after (``ui/dockparts.py``), so the
map is drawn first and does not move when they fill. A system's panels are made with the map."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QTabBar

RIGHT = Qt.DockWidgetArea.RightDockWidgetArea
DOCK_CHARS = 52  # a dock is about this many average characters wide...
DOCK_SHARE = (0.2, 0.33)  # ...but never less or more than these shares of the window's width
# (a third: at 1280 wide, Koenig's six tabs with Command Cup need 404 pixels, D-Day Dice's 385)
# (attribute, title, object name) of the docks every game has; all but the first tabbed together
DOCKS = (("hex_dock", "Place", "hex-dock"), ("units_dock", "Units", "units-dock"), ("log_dock", "Log", "log-dock"),
         ("dice_dock", "Dice", "dice-dock"), ("actions_dock", "Actions", "actions-dock"),
         ("pool_dock", "Arrivals", "pool-dock"))


def _dock(win, title: str, name: str, area=RIGHT) -> QDockWidget:
    d = QDockWidget(title, win)
    d.setObjectName(name)
    win.addDockWidget(area, d)
    return d


def reserve_docks(win) -> None:
    """The docks, empty, where they stand (their contents: ``dockparts.py``)."""
    for attr, title, name in DOCKS:
        setattr(win, attr, _dock(win, title, name))
    win.tabifyDockWidget(win.units_dock, win.log_dock)
    win.tabifyDockWidget(win.log_dock, win.dice_dock)
    win.tabifyDockWidget(win.log_dock, win.actions_dock)
    win.tabifyDockWidget(win.actions_dock, win.pool_dock)
    win.actions_dock.raise_()
    win.docks = [getattr(win, attr) for attr, _t, _n in DOCKS]
    win.panel_docks = []
    win.turn_parts, win.turn_part_actions = [], []  # the profile's part of the turn bar (set_turn_bar)


def set_panels(win, panels) -> None:
    """Replace the previous game's own panels with this one's, tabbed beside the log (they are
    made with the map: a panel left of it sets the map's room)."""
    for d in win.panel_docks:
        win.docks.remove(d)
        win.docks_menu.removeAction(d.toggleViewAction())
        win.removeDockWidget(d)
        d.deleteLater()
    win.panel_docks = []
    for panel in panels:
        left = getattr(panel, "area", "right") == "left"  # a column of its own left of the map
        d = _dock(win, panel.title, f"panel-{panel.objectName() or type(panel).__name__}",
                  Qt.DockWidgetArea.LeftDockWidgetArea if left else RIGHT)
        d.setWidget(panel)
        if not left:
            win.tabifyDockWidget(win.log_dock, d)
        win.panel_docks.append(d)
        win.docks.append(d)
        win.docks_menu.addAction(d.toggleViewAction())
    win.actions_dock.raise_()
    for d in win.panel_docks:  # a panel the system plays from (Koenig's Command Cup) comes first
        if getattr(d.widget(), "raised", False):
            d.raise_()


def unelide_tabs(win) -> None:
    """Dock tabs show their whole titles (scroll buttons when they do not all fit)."""
    # (the window's own, its children: looking deeper, PySide6 would make the Python type of
    # every kind of widget it passes)
    for bar in win.findChildren(QTabBar, options=Qt.FindChildOption.FindDirectChildrenOnly):
        bar.setElideMode(Qt.TextElideMode.ElideNone)
        bar.setUsesScrollButtons(True)


def dock_width(win) -> int:
    """Text units, or the width the dock tabs need to show every title side by side if that
    is more (at 1280x800 the last tabs, Dice and Arrivals, were behind scroll buttons; then
    D-Day Dice's Score sheet and Koenig's Command Cup),
    bounded by the window's width."""
    want = max(win.fontMetrics().averageCharWidth() * DOCK_CHARS, _tabs_width(win))
    lo, hi = (round(win.width() * share) for share in DOCK_SHARE)
    return max(lo, min(hi, want))


def _tabs_width(win) -> int:
    """The widest row of dock tabs, every title whole (``unelide_tabs``), with the dock's frame."""
    bars = win.findChildren(QTabBar, options=Qt.FindChildOption.FindDirectChildrenOnly)
    return max((sum(b.tabSizeHint(i).width() for i in range(b.count())) for b in bars), default=0) + 8


def size_docks(win, force: bool = False) -> None:
    """Set the right-hand docks' width (always, or only when a restored layout left them wider
    than the window allows, as after a change of scale factor)."""
    unelide_tabs(win)
    width = dock_width(win)
    if force or win.hex_dock.width() > round(win.width() * DOCK_SHARE[1]) + 8:
        win.resizeDocks([win.hex_dock], [width], Qt.Orientation.Horizontal)
        h = win.height()
        win.resizeDocks([win.hex_dock, win.units_dock], [round(h * 0.36), round(h * 0.64)], Qt.Orientation.Vertical)


def clamp_to_screen(win) -> None:
    """A geometry saved on a larger or another screen (or the default size on a small one)
    is brought inside the screen the window opens on."""
    screen = win.screen()
    if screen is None:
        return
    avail = screen.availableGeometry()
    frame = win.frameGeometry()
    extra_w, extra_h = frame.width() - win.width(), frame.height() - win.height()
    w = min(win.width(), avail.width() - extra_w)
    h = min(win.height(), avail.height() - extra_h)
    if (w, h) != (win.width(), win.height()):
        win.resize(w, h)
    frame = win.frameGeometry()
    x = min(max(frame.x(), avail.left()), avail.right() + 1 - frame.width())
    y = min(max(frame.y(), avail.top()), avail.bottom() + 1 - frame.height())
    if (x, y) != (frame.x(), frame.y()):
        win.move(x, y)


def set_turn_bar(win, profile) -> None:
    """The turn bar for this game: the turn track where the scenario's last turn ends the game,
    and the profile's own part beside the phase (D-Day Dice: the phases of its turn)."""
    win.turn_track_action.setVisible(profile.turn_limit)
    win.turn_track.notes = profile.turn_notes(win.port.scenario)  # Koenig's dates, its nights
    for action, old in zip(win.turn_part_actions, win.turn_parts, strict=True):
        win.turn_bar.removeAction(action)
        action.deleteLater()
        old.deleteLater()
    part = profile.turn_bar(win)
    win.turn_parts = [part] if part is not None else []
    win.turn_part_actions = [win.turn_bar.addWidget(part)] if part is not None else []


def _two_lines(fm, phase: str, width: int) -> list[str]:
    """A phase too long for the turn bar on two lines (Koenig's "..., Move Operation" kept in
    sight): broken at its last comma where what comes before fits, else at the last space that
    leaves the first line whole (D-Day Dice's "the German's Specialists, Items and Decorations")."""
    def fits(text: str) -> bool:  # as the line will be cut (elidedText measures its own way)
        return fm.elidedText(text, Qt.TextElideMode.ElideRight, width) == text

    if fits(phase):
        return [phase]
    if ", " in phase:
        first, rest = phase.rsplit(", ", 1)
        if fits(first + ","):
            return [first + ",", rest]
    words = phase.split(" ")
    k = next((k for k in range(len(words) - 1, 0, -1) if fits(" ".join(words[:k]))), 1)
    return [" ".join(words[:k]), " ".join(words[k:])]


PHASE_PAD = 24 + 8  # the phase label's padding (mainwindow's style sheet), a few pixels to spare


def _phase_room(win) -> int:
    """The width the turn bar leaves the phase's words beside the whole turn track, the game's
    counters and the profile's parts (at 1280 wide, Koenig's "1st Special Service Brigade," was
    cut at 40 characters with a hundred pixels to spare)."""
    bar, label = win.turn_bar, win.phase_label
    used = 0
    for action in bar.actions():
        w = bar.widgetForAction(action)
        if w is None or w is label or not action.isVisible():
            continue
        # (a part that expands, D-Day Dice's phases, keeps the width it has)
        used += win.turn_track.boxes.width() + 4 if w is win.turn_track else max(w.sizeHint().width(), w.width())
        used += bar.layout().spacing()
    m = bar.contentsMargins()
    return bar.width() - used - m.left() - m.right() - PHASE_PAD


def show_turn(win, view) -> None:
    """The turn and phase on the turn bar and in the status bar, the game's counters beside."""
    side = (view.phase_side or view.active_side).capitalize()  # the Allied battles, whoever picks losses
    of = f" of {view.last_turn}" if win.profile.turn_limit else ""  # D-Day Dice: no last turn
    phase = view.phase if view.outcome else f"{side} {view.phase}"  # "Game over", no one's
    tracks = [f"{t}: {v}" for t, v in view.tracks]  # two a line, beside the two-line phase
    win.tracks_label.setText("\n".join("  ·  ".join(tracks[k:k + 2]) for k in range(0, len(tracks), 2)))
    fm = win.phase_label.fontMetrics()  # a long phase is cut (all in its tip), not the turn track
    width = max(40 * fm.averageCharWidth(), _phase_room(win))
    win.phase_label.setText(f"Turn {view.turn}{of}\n" + "\n".join(
        fm.elidedText(t, Qt.TextElideMode.ElideRight, width) for t in _two_lines(fm, phase, width)))
    win.phase_label.setToolTip(phase)
    win.turn_label.setText(f"Turn {view.turn}{of} · {phase} · viewing as {view.side.capitalize()}")
