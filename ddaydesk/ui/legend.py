"""The map legend: what each overlay's colours, hatchings and lines mean, for what is shown.

A small panel in the map's bottom-left corner (it stays there as the map pans and zooms).
Its samples are drawn with the overlay items' own pens and brushes, so the legend shows what
the map shows, in every palette; it follows the layers as they are switched on and off (the
overlays tell it). Entries of the supply view also explain the counters' "!" marks and the
HQ loads; the map markers (supply centres, beachheads...) and airborne drift are explained
whenever the map shows any.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QPixmap
from PySide6.QtWidgets import (
    QFrame,
    QGraphicsPathItem,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QLayout,
    QVBoxLayout,
    QWidget,
)

from ddaydesk.ui.overlays import LAYERS, MARKER_LABELS, Overlays

SWATCH = QSize(30, 16)
TITLES = {"choices": "Combat result"}  # groups that are no View layer (those have their title there)
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
        out += [("range", "the selected unit can reach", (ov.range_fill, ov.range_edge)),
                ("range", "it must stop there (enemy zone of control)", ov.range_stops),
                ("range", "its path, with the MP spent", ov.path_line)]
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
        out.append(("trails", "the last move of each unit", ov.trails))
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
        self.rows = QVBoxLayout(self)
        self.rows.setContentsMargins(8, 6, 8, 6)
        self.rows.setSpacing(3)
        self.rows.setSizeConstraint(QLayout.SizeConstraint.SetFixedSize)  # always as big as its rows
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
        layer = None
        for lay, text, sample in shown:
            if lay != layer:
                layer = lay
                title = QLabel(LAYERS[lay][0] if lay in LAYERS else TITLES.get(lay, "Map markers"))
                title.setStyleSheet("font-weight: bold;")
                self.rows.addWidget(title)
                title.show()  # (now, so that the size below counts it)
            row = self._row(text, sample)
            self.rows.addWidget(row)
            row.show()
        self.setVisible(bool(shown))
        self.rows.activate()  # the new size now, not at the next event loop turn
        self._place()

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
        """The entries' texts, in order (titles included)."""
        out = []
        for k in range(self.rows.count()):
            w = self.rows.itemAt(k).widget()
            labels = [w] if isinstance(w, QLabel) else w.findChildren(QLabel)
            out += [lb.text() for lb in labels if lb.text()]
        return out

    def _place(self) -> None:
        vp = self.view.viewport().geometry()
        self.move(vp.left() + 10, max(vp.top(), vp.top() + vp.height() - self.height() - 10))

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._place()  # (its size settles once the rows are laid out)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self._place()
        return False
