"""Where Koenig's battle dialog stands: clear of the hex it is about. The dialog is window-modal
(the map cannot be panned behind it), so it goes to the top or the bottom of the window,
whichever leaves the target more room, and the map scrolls the target into the free band: the
players see the target, the attackers' arrows and the units around while they decide (the
shared part: ``ui/dialog_place``)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF

from ddaydesk.ui.dialog_place import covers, scroll_to


def clear_of(dlg) -> None:
    """Move the shown battle dialog off its target hex (and scroll the map if it must)."""
    window, battle = dlg.window_, dlg.controller.view.extra.battle
    place = dlg.start["target"] if dlg.start else battle.target if battle is not None else -1
    if place < 0:
        return
    view, vp = window.view, window.view.viewport()
    centre = window.scene.geom.centres[place]
    top = window.mapToGlobal(QPoint(0, 0)).y()
    bottom = top + window.height()
    height = dlg.frameGeometry().height()
    y = vp.mapToGlobal(view.mapFromScene(centre)).y()
    vp_top = vp.mapToGlobal(QPoint(0, 0)).y()
    at_top = y - top > bottom - y  # the target in the lower half: the dialog above it
    y = max(top, min(vp_top, bottom - height) if at_top else bottom - height)  # (the turn bar in sight)
    dlg.move(dlg.frameGeometry().x(), y)
    if not covers(dlg, window, place):
        return
    lo, hi = (y + height, bottom) if at_top else (top, y)
    lo, hi = max(lo, vp_top), min(hi, vp_top + vp.height())
    if hi <= lo:
        return
    k = view.transform().m11()
    # the target and the hexes around it (where a retreat may go) clear of the dialog's edge; the
    # map legend keeps to the far corners
    want = min(lo + 3 * window.scene.geom.scale * k, (lo + hi) / 2) if at_top else \
        max(hi - 3 * window.scene.geom.scale * k, (lo + hi) / 2)
    now = view.mapToScene(vp.rect().center())
    x = now.x() if abs(centre.x() - now.x()) * k < vp.width() / 2 - 2 * window.scene.geom.scale * k \
        else centre.x()  # (a target in sight across keeps the map where it is across)
    scroll_to(dlg, view, QPointF(x, centre.y() + (vp.height() / 2 - (want - vp_top)) / k))


def fit(dlg) -> None:
    """The dialog tall enough for every line at its width (wrapped lines do not say so
    themselves; a unit ticked adds strength lines), then placed again: grown at the bottom of
    the window, it moves up rather than off the screen."""
    need = dlg.layout().totalHeightForWidth(dlg.width()) if dlg.layout().hasHeightForWidth() else -1
    if need > dlg.height():
        dlg.resize(dlg.width(), need)
        if dlg.isVisible():
            clear_of(dlg)
