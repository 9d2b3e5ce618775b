"""The map's names: where each goes at a zoom level, clear of the counter stacks on a hex map
(labels.py; an area map names every area, maplabels.py), and each drawn as a sprite, its text
on a light halo, made once per level and size and blitted at whole device pixels (a name's
outline filled as a path cost about ten times as much, in every tile it crosses)."""

from __future__ import annotations

import math
from collections import OrderedDict

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage, QPainter

from ddaydesk.board import Board
from ddaydesk.ui.geometry import BoardGeometry
from ddaydesk.ui.labels import Label, LabelPlanner
from ddaydesk.ui.maplabels import area_labels

MAX_SPRITES = 1200  # names drawn for the levels in use (a few KB each)
FONT = "DejaVu Sans"


class MapNames:
    def __init__(self, board: Board, geom: BoardGeometry, paper: QRectF):
        self.board, self.geom, self.paper = board, geom, paper
        # hex maps: place names clear of the counter stacks; area maps: every area's name
        self.planner = LabelPlanner(board, geom, paper) if board.grid is not None else None
        self.stacks: dict[int, int] = {}  # counters per place: names keep clear of them
        self._plans: dict[float, list[Label]] = {}
        self._sprites: OrderedDict[tuple, tuple[QImage, QPointF]] = OrderedDict()

    def plan(self, level: float, dpr: float = 1.0) -> list[Label]:
        """The names at this level, planned once per level and counter layout for the whole
        map, so a name cut by a tile edge is drawn the same in both tiles."""
        got = self._plans.get(level)
        if got is None:
            got = self._plans[level] = self.plan_for(level, self.stacks, dpr)
        return got

    def plan_for(self, level: float, stacks: dict[int, int], dpr: float = 1.0) -> list[Label]:
        if self.planner is None:
            return area_labels(self.board, self.geom, level, self.paper, dpr)
        return self.planner.plan(level, stacks, dpr)

    def restack(self, stacks: dict[int, int], drawn: set[float], dpr: float) -> list[tuple[float, QRectF]]:
        """Counter stacks moved: the plans of the ``drawn`` levels made again (the others
        forgotten); (level, box) of each name that came, went or moved."""
        stacks = {p: n for p, n in stacks.items() if n > 0}
        if stacks == self.stacks or self.planner is None:  # an area's name has its own room
            return []
        self.stacks = stacks
        changed: list[tuple[float, QRectF]] = []
        for level, old in list(self._plans.items()):
            if level not in drawn:  # no tile of it kept: planned again when next drawn
                del self._plans[level]
                continue
            new = self._plans[level] = self.plan_for(level, stacks, dpr)
            before = {(lb.name, lb.anchor): lb.box for lb in old}
            after = {(lb.name, lb.anchor): lb.box for lb in new}
            changed += [(level, b) for k, b in before.items() if after.get(k) != b]
            changed += [(level, b) for k, b in after.items() if before.get(k) != b]
        return changed

    def draw(self, p: QPainter, rect: QRectF, level: float, colour: str, dpr: float) -> None:
        """The names that reach into ``rect`` (scene units), each blitted at whole pixels."""
        to_device = p.worldTransform()
        shown = []
        for label in self.plan(level, dpr):
            if label.box.intersects(rect):
                img, off = self.sprite(label, level, colour)
                at = to_device.map(label.box.topLeft())
                shown.append((round(at.x() + off.x()), round(at.y() + off.y()), img))
        p.save()
        p.resetTransform()
        for x, y, img in shown:
            p.drawImage(x, y, img)
        p.restore()

    def sprite(self, label: Label, level: float, colour: str) -> tuple[QImage, QPointF]:
        """The name's text on its halo, in device pixels at ``level``, and where its corner
        lies from the label box's (kept by text, size and palette: a replan moves names, it
        does not redraw them)."""
        px = label.size * level
        top = label.box.topLeft()
        lines = tuple((round((b.x() - top.x()) * level, 1), round((b.y() - top.y()) * level, 1), t)
                      for b, t in label.lines)
        key = (lines, round(px, 2), colour)
        got = self._sprites.get(key)
        if got is not None:
            self._sprites.move_to_end(key)
            return got
        r = max(1.0, px * 0.14)  # the halo's reach: as the stroke of 0.28 of the size it stands for
        m = math.ceil(r) + 1
        font = QFont(FONT)
        font.setBold(True)
        font.setPixelSize(max(1, round(px)))
        fm = QFontMetricsF(font)
        w = max(x + fm.horizontalAdvance(t) for x, _y, t in lines) + 2 * m
        h = max(y + fm.descent() for _x, y, _t in lines) + 2 * m
        img = QImage(max(1, math.ceil(w)), max(1, math.ceil(h)), QImage.Format.Format_ARGB32_Premultiplied)
        img.fill(Qt.GlobalColor.transparent)
        q = QPainter(img)
        q.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        q.setFont(font)
        q.setPen(QColor(255, 252, 235))
        for k in range(8):  # the halo: the text moved round a circle, then made translucent
            dx, dy = r * math.cos(k * math.pi / 4), r * math.sin(k * math.pi / 4)
            for x, y, t in lines:
                q.drawText(QPointF(x + m + dx, y + m + dy), t)
        q.setCompositionMode(QPainter.CompositionMode.CompositionMode_DestinationIn)
        q.fillRect(img.rect(), QColor(0, 0, 0, 215))
        q.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceOver)
        q.setPen(QColor(colour))
        for x, y, t in lines:
            q.drawText(QPointF(x + m, y + m), t)
        q.end()
        got = self._sprites[key] = (img, QPointF(-m, -m))
        while len(self._sprites) > MAX_SPRITES:
            self._sprites.popitem(last=False)
        return got

