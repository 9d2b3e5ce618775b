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
    dlg.map_before = (view.fitted, view.mapToScene(view.viewport().rect().center()))

    def back(_result: int) -> None:
        fitted, centre = dlg.map_before
        with contextlib.suppress(RuntimeError):  # (the view may be gone with its game)
            view.setSceneRect(QRectF())  # (the scene's own rect again)
            if fitted:
                view.fit()
            else:
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
    """The dialog the window's height at its left or right side, whichever leaves the map more
    room beside it, and the map scrolled (if it must) so ``places`` (the target first, then the
    attackers) and the hexes around them stand in the middle of the map left free."""
    view, vp = window.view, window.view.viewport()
    origin = window.mapToGlobal(QPoint(0, 0))
    frame = dlg.frameGeometry().size() - dlg.size()  # (the window manager's title bar and edges)
    dlg.resize(dlg.width(), window.height() - frame.height())
    width = dlg.frameGeometry().width()
    vp_left = vp.mapToGlobal(QPoint(0, 0)).x()
    vp_right = vp_left + vp.width()
    free = {origin.x(): (max(vp_left, origin.x() + width), vp_right),  # the dialog at the left
            origin.x() + window.width() - width: (vp_left, min(vp_right, origin.x() + window.width() - width))}
    rects = [hex_rect(window, p) for p in places if p >= 0]
    if not rects:
        return
    box = rects[0]
    for r in rects[1:]:
        box = box.united(r)
    clear = [x for x, (lo, hi) in free.items() if lo <= box.left() and box.right() <= hi]
    x = max(clear or free, key=lambda s: free[s][1] - free[s][0])  # (the wider band)
    dlg.move(x, origin.y())
    lo, hi = free[x]
    r = window.scene.geom.scale * view.transform().m11()  # a hex's radius on the screen
    vp_top = vp.mapToGlobal(QPoint(0, 0)).y()
    if lo + r <= box.left() and box.right() <= hi - r and vp_top + r <= box.top() \
            and box.bottom() <= vp_top + vp.height() - r:
        return  # (the hexes and a hex-wide margin in sight: the map stays where it is)
    k = view.transform().m11()
    now = view.mapToScene(vp.rect().center())
    at = view.mapToScene(vp.mapFromGlobal(box.center()))
    inside = vp_top + r <= box.top() and box.bottom() <= vp_top + vp.height() - r
    aim = QPointF(at.x() + (vp_left + vp.width() / 2 - (lo + hi) / 2) / k, now.y() if inside else at.y())
    scroll_to(dlg, view, aim)
