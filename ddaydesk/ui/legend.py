"""The map legend: what each overlay's colours, hatchings and lines mean, for what is shown.

A small panel in a corner of the map (it stays there as the map pans and zooms), shown or
hidden from the View menu (L). It hides as little of the map as it can: a tall legend is laid
out in columns; it stands in the corner covering the fewest counters and marks (bottom-left
when all are alike); when the pointer comes near it, it moves to another corner, and one that
cannot get out of the way fades while the pointer is over it.
Its samples are drawn with the overlay items' own pens and brushes, so the legend shows what
the map shows, in every palette; it follows the layers as they are switched on and off (the
overlays tell it). Entries of the supply view also explain the counters' "!" marks and the
HQ loads; the map markers (supply centres, beachheads...) and airborne drift are explained
whenever the map shows any.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QPixmap
from PySide6.QtWidgets import (
    QFrame,
    QGraphicsOpacityEffect,
    QGraphicsPathItem,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QLayout,
    QVBoxLayout,
    QWidget,
)

from ddaydesk.ui.overlays import LAYERS, MARKER_LABELS, Z_COUNTER, Overlays

SWATCH = QSize(30, 16)
CORNERS = ((False, False), (True, False), (False, True), (True, True))  # (right, top): bottom-left first
# groups that are no View layer (those have their title there)
TITLES = {"choices": "Combat result", "attack": "Attack", "duties": "Combat obligations",
          "whatif": "Supply after the move shown", "placing": "Placing", "review": "Reviewed action",
          "map": "Printed on the map"}
MARKER_WORDS = {"supply_centre": "supply centre", "interdiction": "interdiction", "beachhead": "beachhead",
                "drop_zone": "drop zone"}


def entries(ov: Overlays) -> list[tuple[str, str, object]]:
    """(layer, text, sample) for every layer shown and the markers on the map; a sample is
    an overlay item (area or line, drawn with its pen and brush), or a string drawn as a
    chip, a counter mark or a piece of text."""
    out: list[tuple[str, str, object]] = []

    def on(layer: str) -> bool:
        return ov.visible.get(layer, False) and layer in ov.filled

    if on("range"):
        out.append(("range", "the selected unit can reach", (ov.range_fill, ov.range_edge)))
        if not ov.range_stops.path().isEmpty():
            out.append(("range", "it must stop there (enemy zone of control)", ov.range_stops))
        spent = f", with the {ov.cost_unit} spent" if ov.cost_unit else ""  # MP, or D-Day Dice's Courage
        out.append(("range", f"its path{spent}", ov.path_line))
    if on("zoc"):
        out += [("zoc", "zone of control of the side playing", ov.zoc_own),
                ("zoc", "zone of control of the other side", ov.zoc_enemy)]
    if on("supply"):
        out += [("supply", "in supply: where the supply lines run", ov.supply_ok),
                ("supply", "a unit out of supply", ov.supply_out),
                ("supply", "a unit's line to its HQ or source", ov.supply_lines),
                ("supply", "an HQ's line to its source", ov.supply_hq_lines),
                ("supply", "HQ load: units supplied / capacity", "text:3/8"),
                ("supply", "counter out of supply this turn", "mark:1"),
                ("supply", "out of supply for longer", "mark:2")]
    if on("trails"):
        out.append(("trails", "a move since your last turn (and yours this turn)", ov.trails))
    out += ov.marks.entries()
    for more in ov.more_entries:  # marks other modules draw (review.py)
        out += more()
    if "choices" in ov.filled:
        out.append(("choices", "a retreat or advance may end there: click to choose it", ov.choice_ends))
    for kind in sorted(ov.marker_kinds):
        if kind in ov.skip_markers:  # drawn by the system's profile: its own sample, if it gives one
            if kind in ov.owned_samples:
                out.append(("markers", *ov.owned_samples[kind]))
            continue
        label = MARKER_LABELS.get(kind, kind[:3].upper())
        out.append(("markers", MARKER_WORDS.get(kind, kind.replace("_", " ")), f"chip:{label}"))
    if ov.drift_shown:
        out.append(("markers", "airborne drift: planned drop to where it landed", ov.drift_lines))
    return out + map_entries(ov)


def map_entries(ov: Overlays) -> list[tuple[str, str, object]]:
    """The regions the map's tiles draw (maprender.py ``_regions``), with samples in their ink:
    nothing on the map says what a dashed red coast means."""
    out: list[tuple[str, str, object]] = []
    kinds = {r.kind: r for r in ov.geom.board.regions.values()}
    if "invasion_area" in kinds:
        edge = QGraphicsPathItem()
        edge.setPen(QPen(QColor(ov.palette.invasion), 12, Qt.PenStyle.DashLine))  # (swatch: 12 x 0.12 = 1.4 px)
        out.append(("map", "invasion area: a coast the Allies may invade (the Hex dock names it)", edge))
    source = kinds.get("supply_source")
    if source is not None:
        band = QGraphicsPathItem()
        colour = QColor(ov.palette.side.get(source.side or "", "#555555"))
        colour.setAlpha(60)
        band.setPen(Qt.PenStyle.NoPen)
        band.setBrush(colour)
        side = f"{source.side.capitalize()} " if source.side else ""
        out.append(("map", f"{side}supply source (map edge)", band))
    return out


def swatch(ov: Overlays, sample: object, scale: float = 1.0) -> QPixmap:
    """The sample of one entry, SWATCH sized."""
    w, h = SWATCH.width(), SWATCH.height()
    pm = QPixmap(round(w * scale), round(h * scale))
    pm.setDevicePixelRatio(scale)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    box = QRectF(2, 2, w - 4, h - 4)
    items = sample if isinstance(sample, tuple) else (sample,)
    for item in items:
        if isinstance(item, QGraphicsPathItem):
            pen = QPen(item.pen())
            pen.setWidthF(min(4.0, max(1.2, pen.widthF() * 0.12)))  # map widths are in scene units
            if item.brush().style() != Qt.BrushStyle.NoBrush:
                p.setPen(pen if pen.style() != Qt.PenStyle.NoPen else Qt.PenStyle.NoPen)
                p.setBrush(item.brush())
                p.drawRect(box)
            else:
                p.setPen(pen)
                p.drawLine(QPointF(box.left(), box.center().y()), QPointF(box.right(), box.center().y()))
        elif isinstance(item, str):
            _special(p, box, item)
    p.end()
    return pm


def _special(p: QPainter, box: QRectF, what: str) -> None:
    kind, _, text = what.partition(":")
    font = QFont("DejaVu Sans")
    font.setBold(True)
    font.setPixelSize(10)
    p.setFont(font)
    if kind == "mark":  # the counters' "!" (counters.py)
        r = min(box.width(), box.height()) / 2
        fill, ink = (QColor("#ffffff"), QColor("#000000")) if text == "1" else (QColor("#d01818"), QColor("#ffffff"))
        p.setPen(QPen(QColor("#000000"), 1.2))
        p.setBrush(fill)
        p.drawEllipse(box.center(), r, r)
        p.setPen(ink)
        p.drawText(box, Qt.AlignmentFlag.AlignCenter, "!")
        return
    if kind == "chip":  # a map marker (overlays.show_markers)
        p.setPen(QPen(QColor("#1b1b1b"), 1))
        p.setBrush(QColor("#fff3c4"))
        p.drawRoundedRect(box, 3, 3)
    p.setPen(QColor("#102010"))
    p.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


class MapLegend(QFrame):
    """The legend panel over a map view's bottom-left corner."""

    def __init__(self, view: QGraphicsView, overlays: Overlays):
        super().__init__(view)  # (not the viewport: scrolling the map would move it too)
        self.view = view
        self.overlays = overlays
        self.setObjectName("map-legend")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.rows = QHBoxLayout(self)  # columns of groups
        self.rows.setContentsMargins(8, 6, 8, 6)
        self.rows.setSpacing(16)
        self.rows.setSizeConstraint(QLayout.SizeConstraint.SetFixedSize)  # always as big as its rows
        self.shown = True  # the View menu's switch
        self.fade = QGraphicsOpacityEffect(self)  # see-through while the pointer is over it
        self.fade.setOpacity(1.0)
        self.setGraphicsEffect(self.fade)
        self.corner = 0  # CORNERS: where it stands now
        overlays.changed.append(self.refresh)
        view.viewport().installEventFilter(self)
        self.refresh()

    def refresh(self) -> None:
        while self.rows.count():
            w = self.rows.takeAt(0).widget()
            if w is not None:
                w.hide()  # (deleted later: gone from the panel now)
                w.deleteLater()
        shown = entries(self.overlays)
        groups: list[tuple[str, list[tuple[str, object]]]] = []
        for lay, text, sample in shown:
            if not groups or groups[-1][0] != lay:
                groups.append((lay, []))
            groups[-1][1].append((text, sample))
        # a tall legend goes into columns side by side: it covers a low strip of the map, not
        # a third of its height
        line = self.fontMetrics().height() + 5
        budget = max(6, int(self.view.viewport().height() * 0.45 / line))
        column, used = None, budget + 1
        for lay, rows in groups:
            if column is None or used + 1 + len(rows) > budget:
                column = QWidget()
                col = QVBoxLayout(column)
                col.setContentsMargins(0, 0, 0, 0)
                col.setSpacing(3)
                self.rows.addWidget(column, 0, Qt.AlignmentFlag.AlignTop)
                column.show()
                used = 0
            title = QLabel(LAYERS[lay][0] if lay in LAYERS else TITLES.get(lay, "Map markers"))
            title.setStyleSheet("font-weight: bold;")
            column.layout().addWidget(title)
            title.show()  # (now, so that the size below counts it)
            for text, sample in rows:
                row = self._row(text, sample)
                column.layout().addWidget(row)
                row.show()
            used += 1 + len(rows)
        self.setVisible(bool(shown) and self.shown)
        for k in range(self.rows.count()):
            self.rows.itemAt(k).widget().layout().activate()
        self.rows.activate()  # the new size now, not at the next event loop turn
        self.corner = self._best_corner()

    def _row(self, text: str, sample: object) -> QWidget:
        row = QWidget()
        lay = QHBoxLayout(row)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(6)
        pic = QLabel()
        pic.setPixmap(swatch(self.overlays, sample, self.devicePixelRatioF()))
        lay.addWidget(pic)
        lay.addWidget(QLabel(text), 1)
        return row

    def texts(self) -> list[str]:
        """The entries' texts, in order (titles included), column by column."""
        out = []
        for c in range(self.rows.count()):
            col = self.rows.itemAt(c).widget().layout()
            for k in range(col.count()):
                w = col.itemAt(k).widget()
                labels = [w] if isinstance(w, QLabel) else w.findChildren(QLabel)
                out += [lb.text() for lb in labels if lb.text()]
        return out

    def set_shown(self, on: bool) -> None:
        self.shown = on
        self.refresh()

    def _rect(self, corner: int) -> QRect:
        """Where it would stand in ``corner``, in the viewport's coordinates."""
        vp = self.view.viewport().rect()
        right, top = CORNERS[corner]
        x = vp.width() - self.width() - 10 if right else 10
        y = 10 if top else max(0, vp.height() - self.height() - 10)
        return QRect(x, y, self.width(), self.height())

    def _best_corner(self, avoid: QPoint | None = None) -> int:
        """The corner hiding the fewest counters and marks of play (the pointer's never), the
        one it stands in when it is as good as any."""
        def cost(corner: int) -> float:
            r = self._rect(corner)
            hidden = sum(3 if it.zValue() > Z_COUNTER + 0.2 else 1 for it in self.view.items(r)
                         if it.zValue() >= Z_COUNTER - 0.5 and it.isVisible())
            return hidden + (1000 if avoid is not None and r.adjusted(-24, -24, 24, 24).contains(avoid) else 0) \
                + (0 if corner == self.corner else 0.5) + corner * 0.01
        best = min(range(len(CORNERS)), key=cost)
        self.corner = best
        self._place()
        return best

    def _place(self) -> None:
        r = self._rect(self.corner).translated(self.view.viewport().geometry().topLeft())
        self.move(r.topLeft())

    def _near(self, pos) -> bool:
        r = self.geometry().translated(-self.view.viewport().geometry().topLeft())
        return r.adjusted(-24, -24, 24, 24).contains(pos)

    def _dodge(self, pos) -> None:
        """The pointer (viewport coordinates) near the legend: it goes to the other corner; one
        too wide to get out of the way fades while the pointer is over it."""
        if not self.isVisible():
            return
        if self._near(pos):
            self._best_corner(avoid=pos)
        self.fade.setOpacity(0.12 if self._near(pos) else 1.0)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._place()  # (its size settles once the rows are laid out)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self.refresh()  # (the columns follow the map's height)
        elif event.type() in (QEvent.Type.MouseMove, QEvent.Type.DragMove):
            self._dodge(event.position().toPoint())
        return False
