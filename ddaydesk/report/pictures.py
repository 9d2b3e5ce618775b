"""Pictures of the map for the game report, offscreen: the board drawn once by the map
renderer (``ui/maprender.py``, as the window's tiles), then for each turn the window's own
scene items over it: counters where the view puts them, markers, a profile's decorations,
and the turn's moves and attacks. Needs a QApplication (the report command makes one)."""

from __future__ import annotations

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from ddaydesk.ui.action_marks import Marks
from ddaydesk.ui.maprender import MapRenderer
from ddaydesk.ui.mapview import MapScene
from ddaydesk.ui.overlays import Z_COUNTER
from ddaydesk.ui.palette import DEFAULT
from ddaydesk.ui.port import GameView
from ddaydesk.ui.review_marks import MarkItems

WIDTH = 1100  # pixels across a picture
QUALITY = 82  # JPEG: a map picture is a third of its PNG's size and decodes everywhere
LINE_PX = 2.5
PAGE = QColor("#f7f4ec")  # around the map sheet (a JPEG has no transparency)


class MapPictures:
    def __init__(self, board, profile, width: int = WIDTH):
        self.scene = scene = MapScene(board, DEFAULT, None, profile)
        # a renderer of its own: the counters drawn here must not move the window's place names
        scene.renderer = MapRenderer(board, scene.geom, DEFAULT, labels=profile.map_names,
                                     paint_extra=profile.paint_map)
        self.rect = QRectF(scene.geom.rect)
        self.level = width / self.rect.width()
        self.size = (width, max(1, round(self.rect.height() * self.level)))
        self.base = scene.renderer.render(self.level, self.rect, *self.size)
        scene.counters.set_level(self.level)
        # the turn's moves and attacks, at least LINE_PX wide however small the map is drawn
        self.marks = MarkItems(scene, scene.geom, Z_COUNTER + 1.5, strong=True,
                               width=max(0.14, LINE_PX / (self.level * scene.geom.scale)))

    def picture(self, view: GameView, marks: Marks = Marks()) -> QImage:  # noqa: B008 (immutable)
        self.scene.show_view(view)
        self.marks.show(marks)
        img = QImage(*self.size, QImage.Format.Format_RGB32)
        img.fill(PAGE)
        p = QPainter(img)
        p.drawImage(0, 0, self.base)
        p.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform)
        self.scene.render(p, QRectF(0, 0, *self.size), self.rect)
        p.end()
        return img

    def jpeg(self, view: GameView, marks: Marks = Marks()) -> bytes:  # noqa: B008 (immutable)
        return encode(self.picture(view, marks), "JPG", QUALITY)


def encode(img: QImage, fmt: str = "PNG", quality: int = -1) -> bytes:
    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    img.save(buf, fmt, quality)
    buf.close()
    return bytes(data.data())
