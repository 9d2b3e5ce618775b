"""Where a dialog about a hex stands: clear of that hex and the units in it. The battle dialogs
are window-modal (the map cannot be panned behind them), so they move and the map scrolls the
hexes into the part of the map left free; the map is put back when the dialog closes. Koenig's
short battle dialog goes above or below (``profiles/pkd_dialog_place``); the tall shared combat
dialog goes to the window's side (:func:`beside`)."""

from __future__ import annotations

import contextlib

from PySide6.QtCore import QPoint, QPointF, QRect, QRectF


def hex_rect(window, place: int) -> QRect:
    """The square around ``place``'s hex (its counters) on the screen."""
    view = window.view
    at = view.viewport().mapToGlobal(view.mapFromScene(window.scene.geom.centres[place]))
    r = round(window.scene.geom.scale * view.transform().m11())  # (the hex's radius on screen)
    return QRect(at.x() - r, at.y() - r, 2 * r, 2 * r)


def covers(dlg, window, place: int) -> bool:
    """True when the dialog hides any of ``place``'s hex (its counters) on the map."""
    return dlg.frameGeometry().intersects(hex_rect(window, place))


def keep_map(dlg, view) -> None:
    """The map as it was before the dialog first moved it, put back when the dialog closes."""
    if getattr(dlg, "map_before", None) is not None:
        return
    dlg.map_before = (view.fitted, view.transform().m11(), view.mapToScene(view.viewport().rect().center()))

    def back(_result: int) -> None:
        fitted, zoom, centre = dlg.map_before
        with contextlib.suppress(RuntimeError):  # (the view may be gone with its game)
            view.setSceneRect(QRectF())  # (the scene's own rect again)
            if fitted:
                view.fit()
            else:
                view.set_zoom(zoom)
                view.centerOn(centre)
    dlg.finished.connect(back)


def scroll_to(dlg, view, aim: QPointF) -> None:
    """The map centred on the scene point ``aim``, with room to scroll past the map's edge."""
    keep_map(dlg, view)
    k = view.transform().m11()
    half = QPointF(view.viewport().width() / 2 / k, view.viewport().height() / 2 / k)
    view.setSceneRect(view.sceneRect().united(QRectF(aim - half, aim + half)))
    view.centerOn(aim)


def beside(dlg, window, places: list[int]) -> None:
    """The dialog at the window's left or right side, from the map's top to the status bar (the
    turn bar's turn and phase and the status bar's words stay in sight), and the map scrolled (if it
    must) so ``places`` (the target, the attackers) and the hexes around them stand in the part of
    the map left free. A side that leaves them all in sight as they are is taken first (the map
    does not move), else the side that leaves the map more room; zoomed in too far for them to
    fit there, the map zooms out."""
    if all(p < 0 for p in places):
        return
    view, vp = window.view, window.view.viewport()
    origin = window.mapToGlobal(QPoint(0, 0))
    frame = dlg.frameGeometry().size() - dlg.size()  # (the window manager's title bar and edges)
    top = view.mapToGlobal(QPoint(0, 0)).y()  # (under the menus and the turn bar)
    bar = window.statusBar()
    bottom = bar.mapToGlobal(QPoint(0, 0)).y() if bar.isVisible() else origin.y() + window.height()
    dlg.resize(dlg.width(), bottom - top - frame.height())
    width = dlg.frameGeometry().width()
    seen = QRect(vp.mapToGlobal(QPoint(0, 0)), vp.size())
    free = {origin.x(): seen.adjusted(max(0, origin.x() + width - seen.left()), 0, 0, 0),  # at the left
            origin.x() + window.width() - width:
                seen.adjusted(0, 0, min(0, origin.x() + window.width() - width - seen.right() - 1), 0)}
    box = _around(window, places)
    clear = [x for x, band in free.items() if band.contains(box)]
    x = max(clear or free, key=lambda s: free[s].width())
    dlg.move(x, top)
    if clear:
        return
    band = free[x]
    keep_map(dlg, view)
    need = max(box.width() / band.width(), box.height() / seen.height())
    if need > 1:
        view.zoom_by(1 / need)
        box = _around(window, places)
    k = view.transform().m11()
    now = view.mapToScene(vp.rect().center())
    at = view.mapToScene(vp.mapFromGlobal(box.center()))
    high = seen.top() <= box.top() and box.bottom() <= seen.bottom()  # (in sight up and down: stays so)
    scroll_to(dlg, view, QPointF(at.x() + (seen.center().x() - band.center().x()) / k, now.y() if high else at.y()))


def _around(window, places: list[int]) -> QRect:
    """The screen rectangle of the places' hexes and of the hexes around them."""
    rects = [hex_rect(window, p) for p in places if p >= 0]
    box = rects[0]
    for r in rects[1:]:
        box = box.united(r)
    m = round(window.scene.geom.scale * window.view.transform().m11())  # (a hex's radius on the screen)
    return box.adjusted(-2 * m, -2 * m, 2 * m, 2 * m)
