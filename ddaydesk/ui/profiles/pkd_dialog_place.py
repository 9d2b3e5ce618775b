"""Where Koenig's battle dialog stands: clear of the hex it is about. The dialog is window-modal
(the map cannot be panned behind it), so it goes to the top or the bottom of the window,
whichever leaves the target more room, and the map scrolls the target into the free band: the
players see the target, the attackers' arrows and the units around while they decide."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF


def covers(dlg, window, place: int) -> bool:
    """True when the dialog hides the centre of ``place`` on the map."""
    view = window.view
    at = view.viewport().mapToGlobal(view.mapFromScene(window.scene.geom.centres[place]))
    return dlg.frameGeometry().contains(at)


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
    at_top = y - top > bottom - y  # the target in the lower half: the dialog above it
    dlg.move(dlg.frameGeometry().x(), top if at_top else max(top, bottom - height))
    if not covers(dlg, window, place):
        return
    vp_top = vp.mapToGlobal(QPoint(0, 0)).y()
    lo, hi = (top + height, bottom) if at_top else (top, bottom - height)
    lo, hi = max(lo, vp_top), min(hi, vp_top + vp.height())
    if hi <= lo:
        return
    k = view.transform().m11()
    view.centerOn(QPointF(centre.x(), centre.y() + (vp.height() / 2 - ((lo + hi) / 2 - vp_top)) / k))


def fit(dlg) -> None:
    """The dialog tall enough for every line at its width (wrapped lines do not say so
    themselves; a unit ticked adds strength lines), then placed again: grown at the bottom of
    the window, it moves up rather than off the screen."""
    need = dlg.layout().totalHeightForWidth(dlg.width()) if dlg.layout().hasHeightForWidth() else -1
    if need > dlg.height():
        dlg.resize(dlg.width(), need)
        if dlg.isVisible():
            clear_of(dlg)
