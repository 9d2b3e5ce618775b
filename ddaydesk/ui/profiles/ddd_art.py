"""What a D-Day Dice Battle Map prints on its Sectors and lines, drawn over the terrain into
the map tiles (``DDDProfile.paint_map``) from its areas' properties (board.props): each Sector's
number, DEF, machine guns (a red star marks Special Damage), requirement and attributes; each
line's Courage cost, Land Mines and Barrier; the Bunkers."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen

from ddaydesk.board import Board
from ddaydesk.ui.geometry import BoardGeometry

INK = QColor("#2b2418")
GUN = QColor("#a31f1f")
GOLD = QColor("#c99a2e")
BARRIER = QColor("#4a3320")
SHORT = {"cant_stay": "can't stay here", "fight_once": "fight once", "lose_specialist": "lose a Specialist",
         "no_lock": "no dice locked", "five_dice": "roll 5 dice", "no_items": "no Items",
         "gain_d6_soldiers": "+1d6 Soldiers", "max_one_unit": "1 Unit only"}
BONUS = {"soldiers": "Soldier", "courage": "Courage", "stars": "Star", "tools": "Item Point"}


def _font(px: float, bold: bool = True) -> QFont:
    f = QFont("DejaVu Sans")
    f.setPixelSize(max(1, round(px)))
    f.setBold(bold)
    return f


def _lines(board: Board) -> tuple:
    """(a, b, side, midpoint, one end, other end, at a corner) of the border each pair of
    adjacent areas shares, worked out once per map."""
    return board.derived("ui.sector_lines", _shared_borders)


def _shared_borders(board: Board) -> tuple:
    out = []
    for i in range(board.n):
        for j, side in zip(board.adj[i], board.adj_side[i], strict=True):
            if j <= i:
                continue
            shared = board.polygon(i).boundary.intersection(board.polygon(j).boundary)
            if shared.is_empty:
                continue
            if shared.length == 0:  # Sectors meeting at a corner: a short line across the way between them
                out.append((i, j, side, *_across(board, i, j, shared), True))
                continue
            mid = shared.interpolate(0.5, normalized=True)
            ends = list(shared.coords) if shared.geom_type == "LineString" else \
                [c for g in getattr(shared, "geoms", ()) for c in g.coords]
            out.append((i, j, side, (mid.x, mid.y), ends[0], ends[-1], False))
    return tuple(out)


def _across(board: Board, i: int, j: int, corner) -> tuple:
    """(midpoint, one end, other end) of a line a Sector wide at the corner two Sectors meet at,
    square to the way from one to the other (the map draws that way as a line)."""
    pt = corner.geoms[0] if hasattr(corner, "geoms") else corner
    a, b = board.polygon(i).centroid, board.polygon(j).centroid
    dx, dy = b.x - a.x, b.y - a.y
    n = (dx * dx + dy * dy) ** 0.5 or 1.0
    px, py = -dy / n * 0.6, dx / n * 0.6
    return (pt.x, pt.y), (pt.x - px, pt.y - py), (pt.x + px, pt.y + py)


def draw_sector_marks(p: QPainter, board: Board, geom: BoardGeometry, places: Iterable[int]) -> None:
    s = geom.scale
    for i in places:
        props = board.props[i]
        if "row" in props:
            _sector(p, board, geom, i, props, s)
    _borders(p, board, s)


def _sector(p: QPainter, board: Board, geom: BoardGeometry, i: int, props: dict, s: float) -> None:
    r = geom.bounds[i]
    pad = s * 0.12
    p.setPen(INK)
    bunker = props.get("bunker")
    title = board.name_of(i) if bunker else props.get("sector", board.labels[i])  # (a campaign board's part)
    p.setFont(_font(s * (0.42 if bunker else 0.55)))
    p.drawText(QRectF(r.left() + pad, r.top() + pad * (4 if bunker else 0.5), r.width() - 2 * pad, s * 0.7),
               Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, title)
    # DEF on a shield at the top right
    wide = 1.35 if "def_later" in props else 1.05  # "DEF 9/6"
    box = QRectF(r.right() - pad - s * wide, r.top() + pad * (4 if bunker else 0.5), s * wide, s * 0.48)
    p.setBrush(QColor(255, 255, 255, 210))
    p.setPen(QPen(INK, s * 0.03))
    p.drawRoundedRect(box, s * 0.08, s * 0.08)
    p.setFont(_font(s * 0.3))
    later = f"/{props['def_later']}" if "def_later" in props else ""  # two DEF values: 9/6
    p.drawText(box, Qt.AlignmentFlag.AlignCenter, f"DEF {props.get('def', 0)}{later}")
    x = r.right() - pad - s * 0.22
    y = box.bottom() + s * 0.3
    for _k in range(props.get("mgf", 0)):  # a gun sight per machine gun
        _sight(p, QPointF(x, y), s * 0.17)
        x -= s * 0.42
    if props.get("special_damage"):
        p.setPen(GUN)
        p.setFont(_font(s * 0.34))
        p.drawText(QPointF(x - s * 0.12, y + s * 0.12), "✹")
    words = []
    if props.get("requires"):
        words.append(f"needs {props['requires'].replace('_', ' ').title()}")
    if props.get("gain_specialist"):
        words.append(f"gain {props['gain_specialist'].replace('_', ' ').title()}")
    if props.get("bonus"):
        words.append(f"+1 {BONUS[props['bonus']]} a roll")
    words += [SHORT.get(a, a) for a in props.get("attributes", ())]
    if props.get("start"):
        words.append("landing")
    if words:
        p.setPen(INK)
        p.setFont(_font(s * 0.24, bold=False))
        # left of the middle, where the lines' Courage marks do not fall
        p.drawText(QRectF(r.left() + pad, r.bottom() - s * 0.75, r.width() * 0.46, s * 0.7),
                   Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom | Qt.TextFlag.TextWordWrap,
                   " · ".join(words))


def _sight(p: QPainter, c: QPointF, rad: float) -> None:
    p.setPen(QPen(GUN, rad * 0.3))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawEllipse(c, rad, rad)
    p.drawLine(QPointF(c.x() - rad * 1.4, c.y()), QPointF(c.x() + rad * 1.4, c.y()))
    p.drawLine(QPointF(c.x(), c.y() - rad * 1.4), QPointF(c.x(), c.y() + rad * 1.4))


def _borders(p: QPainter, board: Board, s: float) -> None:
    mines, barrier = board.feature_bit("mines"), board.feature_bit("barrier")
    for _i, _j, side, (mx, my), a, b, corner in _lines(board):
        mask = board.side_mask[side]
        cost = board.side_props.get(side, {}).get("courage", 0)
        mid = QPointF(mx * s, my * s)
        if mask & barrier:
            p.setPen(QPen(BARRIER, s * 0.16, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
            p.drawLine(QPointF(a[0] * s, a[1] * s), QPointF(b[0] * s, b[1] * s))
        if mask & mines:  # four mines along the line, two each side of its middle
            path = QPainterPath()
            ux, uy = b[0] - a[0], b[1] - a[1]
            steps = (-2, -1, 1, 2)
            if corner:  # along the way up from the corner, clear of what the Sectors print by it
                ux, uy = (-uy, ux) if ux < 0 else (uy, -ux)
                steps = (1.4, 2.2, 3, 3.8)
            n = (ux * ux + uy * uy) ** 0.5 or 1.0
            for k in steps:
                path.addEllipse(QPointF(mid.x() + k * s * 0.32 * ux / n, mid.y() + k * s * 0.32 * uy / n),
                                s * 0.09, s * 0.09)
            p.setPen(QPen(QColor("#111111"), s * 0.03))
            p.setBrush(QColor("#555555"))
            p.drawPath(path)
        if cost:
            p.setPen(QPen(INK, s * 0.04))
            p.setBrush(GOLD)
            p.drawEllipse(mid, s * 0.22, s * 0.22)
            p.setFont(_font(s * 0.28))
            p.drawText(QRectF(mid.x() - s * 0.22, mid.y() - s * 0.22, s * 0.44, s * 0.44),
                       Qt.AlignmentFlag.AlignCenter, str(cost))
