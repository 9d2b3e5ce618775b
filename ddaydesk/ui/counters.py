"""Counter art: NATO unit symbols on nationality colours, drawn once per face and zoom level.

A :class:`Face` is everything printed on a counter; :class:`CounterArt` draws a face into a
pixmap at a zoom level and caches it, so the scene shows plain pixmap items and nothing is
painted in Python per frame (../shared/research/perf.md §7 recommendation 2).
"""

from __future__ import annotations

import re
from collections import OrderedDict
from dataclasses import dataclass
from functools import cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QPixmap

from ddaydesk.ui.geometry import HEX_PX
from ddaydesk.ui.palette import Palette
from ddaydesk.ui.port import UnitInfo

COUNTER = HEX_PX * 1.12  # counter side in scene units
FONT = "DejaVu Sans"

_ORDINALS = {"first": "1", "second": "2", "third": "3", "fifth": "5", "seventh": "7",
             "eighth": "8", "ninth": "9", "fifteenth": "15"}
# A generic name ("German infantry 3", "US airborne infantry 1", "Canadian Unit": D-Day2 and
# D-Day Dice, whose units of a kind are alike) is a nationality and type words: the counter's
# colour and symbol say those, so it prints only what they do not (its number is a serial).
_NATIONS = {"german": "Ger", "us": "US", "american": "US", "uk": "UK", "british": "Br", "canadian": "Can",
            "french": "Fr", "greek": "Gr", "norwegian": "Nor", "polish": "Pol"}
_KINDS = {"infantry": "", "armour": "", "artillery": "", "airborne": "Abn", "parasurprise": "Para",
          "blockhouse": "Blockhouse", "bomber": "Bomber", "fighter": "Fighter", "unit": ""}
_FILLER = {"panzer", "division", "armoured", "the", "hq"}  # said by the symbol or the size mark
# Designations a lone number would make alike: battalion of regiment ('II./Grenadier-Regiment
# 736' and 'III./...' are 'II/736' and 'III/736'), combat command ('CCA/4', 'CCB/4'), a paired
# regiment ('13th/18th Royal Hussars': '13/18'), a strongpoint ('WN 20').
_COMPOUND = (re.compile(r"^([IVX]+)\./\D*?(\d+)"), re.compile(r"^(CC[A-Z])/(\d+)"),
             re.compile(r"^(\d+)(?:st|nd|rd|th)?/(\d+)"), re.compile(r"^(WN) (\d+)"))


@dataclass(frozen=True)
class Face:
    """What a counter shows, and so which drawn pixmap it shares with its likes."""

    type: str
    nationality: str
    label: str
    size: str
    values: str  # "4-4-4"
    reduced: bool = False
    out_of_supply: int = 0  # 0, 1 (white "!"), 2 (red "!": out more than one turn)


@cache
def _font(px: int, bold: bool) -> tuple[QFont, QFontMetricsF]:
    font = QFont(FONT)
    font.setPixelSize(px)
    font.setBold(bold)
    return font, QFontMetricsF(font)


def short_label(unit: UnitInfo) -> str:
    """The designation printed on the counter: '352', '12 SS', 'Lehr', '1 US'."""
    return _designation(unit.name, unit.type == "hq")


@cache  # a counter layer asks for every unit's face at each view: the names are few
def _designation(name: str, hq: bool) -> str:
    for word, digit in _ORDINALS.items():
        name = re.sub(rf"\b{word}\b", digit, name, flags=re.IGNORECASE)
    words = [w for w in re.split(r"[\s\-]+", name) if w and not w.isdigit()]
    nation = [_NATIONS[w.lower()] for w in words[:1] if w.lower() in _NATIONS]
    kinds = words[len(nation):]
    if kinds and all(w.lower() in _KINDS for w in kinds):
        said = " ".join(filter(None, (_KINDS[w.lower()] for w in kinds)))
        return said or (nation[0] if kinds == ["Unit"] else "")  # (no symbol says a Dice unit's nation)
    num = re.search(r"\d+", name)
    if num:
        pair = next((m for m in (c.match(name) for c in _COMPOUND) if m), None)
        label = f"{pair[1]}{' ' if pair[1] == 'WN' else '/'}{pair[2]}" if pair else num.group(0)
        if re.search(r"\bSS\b|SS-", name):
            label += " SS"
        elif hq and re.search(r"\bU\.S\.|\bUS\b", name):  # ('First US Army', the campaign's: '1 US')
            label += " US"
        return label
    words = [w for w in words if w.lower() not in _FILLER] or words
    short = " ".join(words)
    if len(short) <= 7:  # 'Lehr', 'Guards', 'SHAEF', 'OB West': the name itself
        return short
    if len(words) == 1:
        return short[:4] + "."  # 'Neth.'
    return "".join(w[0] for w in words if w[:1].isupper()) or short[:4] + "."  # 'FBB', 'ERY', 'AGB'


def size_mark(unit: UnitInfo) -> str:
    """The size mark printed over the symbol: the order of battle's (the scenario's ``size``),
    never guessed from the name."""
    return unit.size


def face_of(unit: UnitInfo, labelled: bool = True) -> Face:
    """What the unit's counter shows; ``labelled=False``: the face alike units share (no
    designation: one counter stands for all of them)."""
    values = (unit.attack, unit.defence, unit.movement)
    return Face(unit.type, unit.nationality, short_label(unit) if labelled else "", size_mark(unit),
                "-".join(map(str, values)) if any(values) else "",  # a system without factors prints none
                unit.reduced, min(unit.turns_out_of_supply, 2))


class CounterArt:
    """Counter pixmaps, cached per face and scale. The printed frame and symbol (shared by
    many counters) are drawn once per kind; each face adds only its two lines of text."""

    MAX = 3000  # cached pixmaps (about 300 counters at a few zoom levels)

    def __init__(self, palette: Palette):
        self.palette = palette
        self._cache: OrderedDict[tuple[Face, float], QPixmap] = OrderedDict()
        self._bases: dict[tuple, QPixmap] = {}

    def face(self, unit: UnitInfo, labelled: bool = True) -> Face:
        """What ``unit``'s counter shows (a system's art may print more: Koenig's Hits)."""
        return face_of(unit, labelled)

    def set_palette(self, palette: Palette) -> None:
        self.palette = palette
        self._cache.clear()
        self._bases.clear()

    def pixmap(self, face: Face, scale: float) -> QPixmap:
        """The face at ``scale`` device pixels per scene unit; logical size is COUNTER."""
        key = (face, scale)
        pm = self._cache.get(key)
        if pm is not None:
            self._cache.move_to_end(key)
            return pm
        side = max(8, round(COUNTER * scale))
        base_key = self._base_key(face, side)
        base = self._bases.get(base_key)
        if base is None:
            base = self._paint(side, lambda p: self._draw_base(p, face))
            self._bases[base_key] = base
        pm = QPixmap(base)
        p = QPainter(pm)
        self._setup(p, side)
        self._draw_text(p, face)
        p.end()
        pm.setDevicePixelRatio(side / COUNTER)
        self._cache[key] = pm
        while len(self._cache) > self.MAX:
            self._cache.popitem(last=False)
        return pm

    def keep_scales(self, scales: set[float]) -> None:
        """Let go of the pixmaps drawn at other scales than ``scales`` (the view's zoom levels
        now and just before, which a zoom back shows at once): each level the wheel stopped at
        left a set of every counter in view, about 2 MiB at a close zoom on the campaign,
        kept for good. They are drawn again if the view goes back there."""
        for key in [k for k in self._cache if k[1] not in scales]:
            del self._cache[key]
        sides = {max(8, round(COUNTER * s)) for s in scales}
        for key in [k for k in self._bases if k[5] not in sides]:  # (its side in pixels: _base_key)
            del self._bases[key]

    def _base_key(self, face: Face, side: int) -> tuple:
        """What the printed frame and symbol depend on (shared by many faces)."""
        return (face.type, face.nationality, face.size, face.reduced, face.out_of_supply, side)

    @staticmethod
    def _setup(p: QPainter, side: int) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        p.scale(side / 100.0, side / 100.0)  # draw in a 100 x 100 box

    def _paint(self, side: int, draw) -> QPixmap:
        pm = QPixmap(side, side)
        pm.fill(Qt.GlobalColor.transparent)
        p = QPainter(pm)
        self._setup(p, side)
        draw(p)
        p.end()
        return pm

    def _draw_text(self, p: QPainter, face: Face) -> None:
        ink = QColor(self.palette.counter_colours(face.nationality)[1])
        self._text(p, QRectF(4, 57, 92, 18), face.label, 17, ink, bold=True)
        self._text(p, QRectF(4, 74, 92, 22), face.values, 20, ink, bold=True)

    def _draw_base(self, p: QPainter, face: Face) -> None:
        bg, ink = self.palette.counter_colours(face.nationality)
        bg_c, ink_c = QColor(bg), QColor(ink)
        body = QRectF(3, 3, 94, 94)
        # shadow, then the die-cut square with a bevel
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(0, 0, 0, 90))
        p.drawRoundedRect(body.translated(2.5, 3), 7, 7)
        p.setBrush(bg_c)
        p.setPen(QPen(bg_c.darker(170), 2.2))
        p.drawRoundedRect(body, 7, 7)
        p.setPen(QPen(QColor(255, 255, 255, 110), 2))
        p.drawLine(QPointF(9, 5.5), QPointF(91, 5.5))
        if face.reduced:
            # the printed back side: a pale band across the top, as on most counter sheets
            band = QColor(255, 255, 255, 120)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(band)
            p.drawRect(QRectF(4.5, 4.5, 91, 14))
        self._text(p, QRectF(6, 5, 88, 15), face.size, 12, ink_c, bold=True)
        symbol = QRectF(22, 21, 56, 36)
        p.setBrush(QColor(255, 255, 255, 60) if face.type != "hq" else QColor(255, 255, 255, 90))
        p.setPen(QPen(ink_c, 3.2))
        p.drawRect(symbol)
        p.setBrush(Qt.BrushStyle.NoBrush)
        self._symbol(p, face.type, symbol, ink_c)
        if face.out_of_supply:
            self._supply_mark(p, face.out_of_supply)

    def _text(self, p: QPainter, r: QRectF, text: str, px: int, colour: QColor, bold: bool) -> None:
        font, fm = _font(px, bold)
        width = fm.horizontalAdvance(text)
        if width > r.width():
            font = _font(max(6, int(px * r.width() / width)), bold)[0]
        p.setFont(font)
        p.setPen(colour)
        p.drawText(r, Qt.AlignmentFlag.AlignCenter, text)

    def _symbol(self, p: QPainter, kind: str, r: QRectF, ink: QColor) -> None:
        x0, y0, x1, y1 = r.left(), r.top(), r.right(), r.bottom()
        cx, cy = r.center().x(), r.center().y()
        cross = kind in ("infantry", "mechanised", "parachute", "glider", "static", "commando")
        if cross:
            p.drawLine(QPointF(x0, y0), QPointF(x1, y1))
            p.drawLine(QPointF(x0, y1), QPointF(x1, y0))
        if kind in ("armour", "mechanised"):
            p.drawRoundedRect(QRectF(x0 + 9, y0 + 8, r.width() - 18, r.height() - 16), 10, 10)
        if kind == "parachute":
            # the canopy: a semicircle resting on the bottom edge
            p.drawArc(QRectF(cx - 12, y1 - 13, 24, 26), 0, 180 * 16)
        elif kind == "glider":
            wing = QPainterPath(QPointF(x0 + 10, cy + 11))
            wing.quadTo(QPointF(cx, cy + 3), QPointF(x1 - 10, cy + 11))
            p.drawPath(wing)
        elif kind == "static":
            # fixed-position infantry: a base bar under the symbol
            p.setBrush(ink)
            p.drawRect(QRectF(x0 + 6, y1 - 7, r.width() - 12, 4))
            p.setBrush(Qt.BrushStyle.NoBrush)
        elif kind == "commando":
            self._text(p, QRectF(x0, y0 + 1, r.width(), 12), "C", 11, ink, bold=True)
        elif kind == "artillery":
            p.setBrush(ink)
            p.drawEllipse(QPointF(cx, cy), 6, 6)
            p.setBrush(Qt.BrushStyle.NoBrush)
        elif kind == "anti_aircraft":
            p.drawArc(QRectF(x0 + 6, cy - 4, r.width() - 12, 32), 0, 180 * 16)
            p.setBrush(ink)
            p.drawEllipse(QPointF(cx, cy + 6), 3.5, 3.5)
            p.setBrush(Qt.BrushStyle.NoBrush)
        elif kind == "anti_tank":
            p.drawLine(QPointF(x0, y1), QPointF(cx, y0))
            p.drawLine(QPointF(cx, y0), QPointF(x1, y1))
        elif kind == "hq":
            p.drawLine(QPointF(x0, y1), QPointF(x0, y1 + 14))  # the staff
            self._text(p, r, "HQ", 16, ink, bold=True)
        elif kind == "fortress":
            top = QPainterPath(QPointF(x0 + 8, y1 - 6))
            for k in range(5):
                xa = x0 + 8 + k * (r.width() - 16) / 5
                xb = xa + (r.width() - 16) / 10
                top.lineTo(xa, y0 + 10)
                top.lineTo(xb, y0 + 10)
                top.lineTo(xb, y0 + 16)
                top.lineTo(xb + (r.width() - 16) / 10, y0 + 16)
            top.lineTo(x1 - 8, y1 - 6)
            p.drawPath(top)

    def _supply_mark(self, p: QPainter, level: int) -> None:
        # Unity of Command's mark: white "!" out of supply, red "!" out for more than a turn.
        fill = QColor("#ffffff") if level == 1 else QColor("#d01818")
        ink = QColor("#000000") if level == 1 else QColor("#ffffff")
        p.setPen(QPen(QColor("#000000"), 2))
        p.setBrush(fill)
        p.drawEllipse(QPointF(84, 16), 13, 13)
        self._text(p, QRectF(71, 3, 26, 26), "!", 21, ink, bold=True)
