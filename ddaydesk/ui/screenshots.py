"""Render the main screens to PNG offscreen: start, movement preview, supply view, combat
dialog and hand-over. Each screen is reached through the controller with real actions, so a
screen the engine cannot produce yet is reported as skipped, with the reason."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QColor, QPainter, QPixmap
from PySide6.QtWidgets import QApplication

from ddaydesk.ui.action_text import COMBAT_CHOICES
from ddaydesk.ui.mainwindow import MainWindow
from ddaydesk.ui.port import PortError


def _settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def _save(pixmap: QPixmap, outdir: Path, name: str, done: list[Path]) -> None:
    path = outdir / f"{name}.png"
    pixmap.save(str(path))
    done.append(path)


BAR = 26  # a window manager's title bar, drawn by compose


def compose(shot: QPixmap, dialog: QPixmap, title: str, at: QPoint | None = None) -> None:
    """Draw a dialog over the window as a window manager would: frame, title bar, shadow;
    centred, or with its title bar's top left at ``at`` (where the window placed it)."""
    bar = BAR
    if at is None:
        x = (shot.width() - dialog.width()) // 2
        y = max(bar + 4, (shot.height() - dialog.height()) // 2)
    else:
        x, y = at.x(), at.y() + bar
    p = QPainter(shot)
    p.fillRect(QRect(x - 4, y - bar - 4, dialog.width() + 16, dialog.height() + bar + 16), QColor(0, 0, 0, 70))
    p.fillRect(QRect(x - 1, y - bar, dialog.width() + 2, bar), QColor("#3a3f35"))
    p.setPen(QColor("#f0ead2"))
    p.drawText(QRect(x + 10, y - bar, dialog.width() - 20, bar), Qt.AlignmentFlag.AlignVCenter, title)
    p.drawPixmap(QPoint(x, y), dialog)
    p.setPen(QColor("#3a3f35"))
    p.drawRect(QRect(x - 1, y - bar, dialog.width() + 1, dialog.height() + bar))
    p.end()


def staged(win: MainWindow) -> None:
    """The actions taken to stage screens make no game to keep: closing asks nothing."""
    if win.controller is not None:
        win.controller.unsaved = 0


def _movable_unit(win: MainWindow) -> tuple[str, dict[int, int]] | None:
    c = win.controller
    for u in c.view.units:
        if u.side == c.side == c.view.active_side and u.place >= 0 and u.type != "hq":
            try:
                rng = c.port.legal_moves(u.id)
            except PortError:
                continue
            if len(rng.cost) > 1:
                return u.id, rng.cost
    return None


def capture(win: MainWindow, outdir: str | Path) -> tuple[list[Path], list[str]]:
    """Stage and grab each screen; returns the files written and the screens skipped (why)."""
    out = Path(outdir)
    out.mkdir(parents=True, exist_ok=True)
    done: list[Path] = []
    skipped: list[str] = []
    c = win.controller
    board = c.port.board
    win.view.fit()
    _settle()
    _save(win.grab(), out, "start", done)

    found = _movable_unit(win)
    if found is None:
        skipped.append("movement: the engine gave no unit a legal move")
    else:
        uid, cost = found
        c.select(uid)
        target = max(cost, key=lambda p: (cost[p], -board.distance(p, c.range.start)))
        win.view.set_zoom(1.1)
        win.view.centre_on_place(target)
        win._hovered(target)
        _settle()
        _save(win.grab(), out, "movement", done)

    win.layer_actions["supply"].setChecked(True)
    _settle()
    if win.supply is None:
        skipped.append(f"supply: {win.hint.text()}")
    else:
        c.select(None)
        win.view.fit()
        _settle()
        _save(win.grab(), out, "supply", done)
    win.layer_actions["supply"].setChecked(False)

    if not _combat(win, out, done):
        skipped.append("combat: no attack could be set up with legal moves")

    before = c.view.active_side
    for _ in range(64):
        if c.view.active_side != before:
            break
        if c.apply(f"End of {c.view.phase}", c.port.end_phase):
            continue
        if not _fight_one(c):  # refused for another reason than a combat to fight
            break
    if c.view.active_side != before:
        c.hand_to(c.view.active_side)
        _settle()
        if win.stack.currentWidget() is win.handover:
            _save(win.grab(), out, "handover", done)
            win.handover.button.click()
        else:
            skipped.append("hand-over: neither side holds a secret in this game, so the map stays")
    else:
        skipped.append(f"hand-over: {win.hint.text()}")
    staged(win)
    return done, skipped


def _combat(win: MainWindow, out: Path, done: list[Path]) -> bool:
    """Move a unit next to an enemy with a legal move, then open the attack dialog."""
    c = win.controller
    board = c.port.board
    enemies = {u.place for u in c.view.units if u.side != c.side and u.place >= 0}
    for u in c.view.units:
        if u.side != c.side or u.place < 0 or u.type == "hq":
            continue
        try:
            rng = c.port.legal_moves(u.id)
        except PortError:
            continue
        for place in sorted(rng.cost, key=lambda p: rng.cost[p]):
            foes = [e for e in board.adj[place] if e in enemies]
            if not foes:
                continue
            c.select(u.id)
            if place != rng.start and not c.move_selected(place):
                continue
            for _ in range(4):  # on to the phase in which attacks are made
                if "combat" in c.view.phase or not c.apply(f"End of {c.view.phase}", c.port.end_phase):
                    break
            c.select(u.id)
            win.view.set_zoom(1.3)
            win.view.centre_on_place(foes[0])
            win._hovered(foes[0])
            dlg = win.attack_dialog()
            if dlg is None or dlg.preview is None:
                return False
            _settle()
            dlg.roll()
            # where it stands beside the map (offscreen there is no frame: its title bar is
            # drawn within the window's height, as a window manager's would be)
            at = dlg.geometry().topLeft() - win.geometry().topLeft()
            dlg.resize(dlg.width(), min(dlg.height(), win.height() - at.y() - BAR))
            _settle()
            shot = win.grab()
            compose(shot, dlg.grab(), dlg.windowTitle(), at)
            _save(shot, out, "combat", done)
            dlg.accept()
            if win.choice_at:  # the retreat/advance hexes marked on the map
                _settle()
                _save(win.grab(), out, "result-choices", done)
            while any(k in COMBAT_CHOICES for k, _t, _p in c.choices()) and _fight_one(c):
                pass  # the result's choices, first listed each time
            return True
    return False


def _fight_one(c) -> bool:
    """Take one step of a combat the engine requires before the phase may end (D77-ZOC-04):
    the first listed declaration, roll or result choice, as a player would from the panel."""
    steps = [(k, text) for k, (kind, text, _places) in enumerate(c.choices())
             if kind in COMBAT_CHOICES | {"attack", "resolve_combat"}]
    return bool(steps) and c.choose(*steps[0])
