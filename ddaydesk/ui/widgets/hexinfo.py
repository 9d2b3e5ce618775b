"""The place-info dock: what is under the cursor (terrain, hexsides, named places, regions, the
units there), in names."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QVBoxLayout, QWidget

from ddaydesk.board import Board
from ddaydesk.ui.counters import CounterArt
from ddaydesk.ui.port import SupplyView, UnitInfo
from ddaydesk.ui.rule_links import link_label, linked
from ddaydesk.ui.widgets.stacklist import StackList


def hex_description(board: Board, place: int, place_name: Callable[[int], str]) -> str:
    """Terrain, named place, hexside features and regions of a place, as rich text."""
    area = board.grid is None
    lines = [f"<b>{escape(place_name(place))}</b>" + ("" if area else f" · {board.terrain_of(place)}")]
    listed = {(p.name, p.kind) for p in board.places_at.get(place, [])}  # a region of the same: said once
    for p in board.places_at.get(place, []):
        if area and p.name == board.name_of(place) and p.kind != "city":
            continue
        cap = f", capacity {p.capacity}" if p.capacity is not None else ""
        lines.append(f"{escape(p.name)} ({p.kind.replace('_', ' ')}{cap})")
    sides = []
    for j, s in zip(board.adj[place], board.adj_side[place], strict=True):
        feats = board.side_features(s)
        if feats:
            name = board.side_names.get(s, "")
            sides.append(f"{' and '.join(f.replace('_', ' ') for f in feats)}{' ' + name if name else ''}"
                         f" toward {escape(place_name(j))}")
    if sides:
        lines.append(("Borders: " if area else "Hexsides: ") + "; ".join(sides))
    for r in board.regions.values():
        if place in r.places and r.name and r.name != r.id and (r.name, r.kind) not in listed:
            lines.append(f"{escape(r.name)} ({r.kind.replace('_', ' ')}{', ' + r.side if r.side else ''})")
        elif (r.kind == "invasion_area" and not area and board.terrain_of(place) == "sea"
              and any(j in r.places for j in board.adj[place])):  # where landing units wait
            lines.append(f"All-sea hex off the {escape(r.name)} invasion area's coast")
    return "<br>".join(lines)


class HexInfo(QScrollArea):
    """The words on top, whole; the units' list below them (a dock too short for both scrolls:
    nothing is drawn over anything)."""

    def __init__(self, art: CounterArt, port, parent=None):
        super().__init__(parent)
        self.port = port
        self.board = port.board
        what = "hex to see its terrain, hexsides" if self.board.grid is not None else "place to see what it holds"
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # its lines wrap
        self.body = QWidget()
        lay = QVBoxLayout(self.body)
        self.header = link_label(QLabel(f"Point at a {what} and its units.<br><br>"  # a system's rule ids
                                        "Click a unit to select it; where it may move is shaded."))
        self.header.setWordWrap(True)
        self.header.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.supply = link_label(QLabel(""))  # the supply explanations' rule ids are links
        self.supply.setWordWrap(True)
        self.stack = StackList(art, port, self.body)
        lay.addWidget(self.header)
        lay.addWidget(self.stack, 1)  # the room the words leave, up to its units' height...
        self.stack.hide()
        lay.addWidget(self.supply)
        lay.addStretch(0)  # ...and only then the rest, below (it had half the room, the list scrolled)
        self.setWidget(self.body)
        self.place = -1

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit_words()

    def _fit_words(self) -> None:
        """The words keep the height their wrapped lines need: the list shrinks (and scrolls)
        first (a layout reads a wrapped label's least height for one line: the town's hexsides
        ran under the list, a Sector's last lines were cut with room empty below its Unit)."""
        m = self.body.layout().contentsMargins()
        width = max(1, self.viewport().width() - m.left() - m.right())
        for label in (self.header, self.supply):
            label.setMinimumHeight(label.heightForWidth(width) if label.text() else 0)

    def show_place(self, place: int, units: list[UnitInfo], supply: SupplyView | None, extra: str = "") -> None:
        """``extra``: the system's own words about the place (rich text; rule ids become links)."""
        self.place = place
        if place < 0:
            return
        self.header.setText(hex_description(self.board, place, self.port.place_name) + extra)
        self.stack.set_units(units)
        self.stack.setVisible(bool(units))
        # (as tall as its units, no taller: the supply explanations below keep their room)
        s = self.stack
        s.setMaximumHeight(sum(s.sizeHintForRow(r) + 2 * s.spacing() for r in range(s.count())) + 2 * s.frameWidth() + 2)
        lines = [f"<b style='color:#b3261e'>{escape(u.name)}</b>: {linked(u.peril)}" for u in units if u.peril]
        if supply is not None:
            for u in units:
                us = supply.units.get(u.id)
                if us is not None:
                    mark = "in supply" if us.supplied else "<b>OUT of supply</b>"
                    lines.append(f"{escape(u.name)}: {mark}: {linked(us.reason)}")
        self.supply.setText("<br>".join(lines))
        self.supply.setVisible(bool(lines))  # (empty, it kept a line's height under the list)
        self._fit_words()
