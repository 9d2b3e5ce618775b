"""What a D-Day Dice Battle Map prints on its Sectors and lines, drawn over the terrain into
the map tiles (``DDDProfile.paint_map``) from its areas' properties (board.props): each Sector's
number, DEF, machine guns (a red star marks Special Damage), requirement and attributes; each
line's Courage cost, Land Mines and Barrier; the Bunkers."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen

from ddaydesk.board import Board
from ddaydesk.diskcache import board_value
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
    return board_value(board, "ddd-sector-lines", _shared_borders, lambda v: tuple(
        (i, j, side, tuple(mid), tuple(a), tuple(b), corner) for i, j, side, mid, a, b, corner in v))


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
    marks = line_marks(board, s)
    for i in places:
        props = board.props[i]
        if "row" in props:
            _sector(p, board, geom, i, props, s, marks)
    _borders(p, board, s)


def line_marks(board: Board, s: float) -> list[QRectF]:
    """Where the lines' Courage costs and Land Mines are printed (scene units): a Sector's own
    printing keeps clear of them."""
    out = []
    mines = board.feature_bit("mines")
    for _i, _j, side, (mx, my), a, b, corner in _lines(board):
        if board.side_props.get(side, {}).get("courage", 0):
            out.append(QRectF((mx - 0.26) * s, (my - 0.26) * s, 0.52 * s, 0.52 * s))
        if board.side_mask[side] & mines:
            for c in _mine_spots(mx, my, a, b, corner):
                out.append(QRectF((c[0] - 0.12) * s, (c[1] - 0.12) * s, 0.24 * s, 0.24 * s))
    return out


def _mine_spots(mx: float, my: float, a, b, corner: bool) -> list[tuple[float, float]]:
    """Four mines along a line (model units), two each side of its middle; at a corner, along
    the way up from it, clear of what the Sectors print by it."""
    ux, uy = b[0] - a[0], b[1] - a[1]
    steps = (-2, -1, 1, 2)
    if corner:
        ux, uy = (-uy, ux) if ux < 0 else (uy, -ux)
        steps = (1.4, 2.2, 3, 3.8)
    n = (ux * ux + uy * uy) ** 0.5 or 1.0
    return [(mx + k * 0.32 * ux / n, my + k * 0.32 * uy / n) for k in steps]


def _clear(r: QRectF, marks: list[QRectF]) -> bool:
    return not any(r.intersects(m) for m in marks)


def def_box(geom: BoardGeometry, i: int, marks: list[QRectF]) -> QRectF:
    """The DEF shield at a Sector's top right (a Bunker's below its roof), moved down clear of a
    line's Courage cost or mines printed there."""
    s = geom.scale
    r = geom.bounds[i]
    pad = s * 0.12
    props = geom.board.props[i]
    later = f"/{props['def_later']}" if "def_later" in props else ""  # two DEF values: 9/6
    wide = QFontMetricsF(_font(s * 0.3)).horizontalAdvance(f"DEF {props.get('def', 0)}{later}") + s * 0.24
    box = QRectF(r.right() - pad - wide, r.top() + (s * 0.75 if props.get("bunker") else pad * 0.5),
                 wide, s * 0.48)
    for _k in range(6):
        if _clear(box, marks):
            break
        box.translate(0, s * 0.2)
    return box


def gun_spots(geom: BoardGeometry, i: int, marks: list[QRectF]) -> list[QPointF]:
    """Where a Sector's machine-gun sights go: in a row under its DEF shield, right to left."""
    s = geom.scale
    box = def_box(geom, i, marks)
    y = box.bottom() + s * 0.3
    return [QPointF(box.right() - s * 0.22 - k * s * 0.42, y) for k in range(geom.board.props[i].get("mgf", 0))]


def _sector(p: QPainter, board: Board, geom: BoardGeometry, i: int, props: dict, s: float,
            marks: list[QRectF]) -> None:
    r = geom.bounds[i]
    pad = s * 0.12
    p.setPen(INK)
    bunker = props.get("bunker")
    title = board.name_of(i) if bunker else props.get("sector", board.labels[i])  # (a campaign board's part)
    px = s * 0.55
    if bunker:  # its name left of the dragon's teeth printed at its centre, smaller if need be
        room = geom.centres[i].x() - s * 0.62 - (r.left() + pad)
        px = max(s * 0.28, min(s * 0.42, s * 0.42 * room / QFontMetricsF(_font(s * 0.42)).horizontalAdvance(title)))
    p.setFont(_font(px))
    top = r.top() + (s * 0.75 if bunker else pad * 0.5)
    p.drawText(QRectF(r.left() + pad, top, r.width() - 2 * pad, s * 0.7),
               Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, title)
    box = def_box(geom, i, marks)
    p.setBrush(QColor(255, 255, 255, 210))
    p.setPen(QPen(INK, s * 0.03))
    p.drawRoundedRect(box, s * 0.08, s * 0.08)
    p.setFont(_font(s * 0.3))
    later = f"/{props['def_later']}" if "def_later" in props else ""  # two DEF values: 9/6
    p.drawText(box, Qt.AlignmentFlag.AlignCenter, f"DEF {props.get('def', 0)}{later}")
    guns = gun_spots(geom, i, marks)  # the sights themselves are drawn while the guns fire (ddd_map)
    if props.get("special_damage"):
        x = (guns[-1].x() if guns else box.right()) - s * 0.42
        p.setPen(GUN)
        p.setFont(_font(s * 0.34))
        p.drawText(QPointF(x - s * 0.12, box.bottom() + s * 0.42), "✹")
    spot, text = words_spot(geom, i, marks)
    if text:
        p.setPen(INK)
        p.setFont(_font(s * 0.24, bold=False))
        p.drawText(spot, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap, text)


def unit_spot(geom: BoardGeometry, i: int) -> QPointF:
    """Where a Sector's Units stand: its centre, moved off its small print (beside the words where
    two markers fit, else to the middle of the room above or below them); in a Bunker, under
    its dragon's teeth."""
    s = geom.scale
    c = geom.centres[i]
    r = geom.bounds[i]
    if geom.board.props[i].get("bunker"):
        return QPointF(c.x(), c.y() + s * 0.62)
    spot, text = words_spot(geom, i, line_marks(geom.board, s))
    half = s * 0.45  # a marker's half height, its turn die below
    if not text or spot.bottom() < c.y() - half or spot.top() > c.y() + half:
        return c
    if r.right() - spot.right() > s * 1.9:  # room for two markers beside the words
        return QPointF((spot.right() + r.right()) / 2, c.y())
    if spot.center().y() < c.y():
        return QPointF(c.x(), (spot.bottom() + r.bottom()) / 2)
    return QPointF(c.x(), (r.top() + s * 0.7 + spot.top()) / 2)


def _sector_words(props: dict) -> list[str]:
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
    return words


def words_spot(geom: BoardGeometry, i: int, marks: list[QRectF]) -> tuple[QRectF, str]:
    """Where a Sector's attributes go in small print, and the words: at its bottom left, else
    bottom right, else under its number (each also a little in from the side, off a line of
    mines there), the middle last: the first place no line's marks, its DEF or its guns fall."""
    words = _sector_words(geom.board.props[i])
    if not words:
        return QRectF(), ""
    s = geom.scale
    r = geom.bounds[i]
    box = def_box(geom, i, marks)
    guns = gun_spots(geom, i, marks)
    keep_clear = marks + [box] + [QRectF(c.x() - s * 0.25, c.y() - s * 0.25, s * 0.5, s * 0.5) for c in guns]
    if geom.board.terrain_of(i) == "bocage":  # the map's hedges (terrain_marks.hedges) about its centre
        c = geom.centres[i]
        keep_clear.append(QRectF(c.x() - s * 0.65, c.y() - s * 0.75, s * 1.3, s * 1.5))
    if geom.board.props[i].get("special_damage"):  # its star, left of the guns
        x = (guns[-1].x() if guns else box.right()) - s * 0.42
        keep_clear.append(QRectF(x - s * 0.2, box.bottom() + s * 0.1, s * 0.4, s * 0.4))
    text = " · ".join(words)
    pad = s * 0.12
    flags = Qt.TextFlag.TextWordWrap
    need = QFontMetricsF(_font(s * 0.24, bold=False)).boundingRect(QRectF(0, 0, r.width() * 0.5, s * 3), flags, text)
    w, h = need.width(), need.height()
    inset = s * 0.35  # off a line of mines along the Sector's side
    xs = (r.left() + pad, r.right() - pad - w, r.left() + pad + inset, r.right() - pad - inset - w)
    ys = (r.bottom() - pad - h, r.top() + s * 0.75, r.bottom() - pad - inset - h)  # the bottom, under the number
    spots = [QRectF(x, y, w, h) for y in ys for x in xs]
    spots += [QRectF(x, r.center().y() - h / 2, w, h) for x in xs]  # the middle, where the Units stand: last
    return next((q for q in spots if _clear(q.adjusted(-2, -2, 2, 2), keep_clear)), spots[0]), text


def _borders(p: QPainter, board: Board, s: float) -> None:
    mines, barrier = board.feature_bit("mines"), board.feature_bit("barrier")
    for _i, _j, side, (mx, my), a, b, corner in _lines(board):
        mask = board.side_mask[side]
        cost = board.side_props.get(side, {}).get("courage", 0)
        mid = QPointF(mx * s, my * s)
        if mask & barrier:
            p.setPen(QPen(BARRIER, s * 0.16, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
            p.drawLine(QPointF(a[0] * s, a[1] * s), QPointF(b[0] * s, b[1] * s))
        if mask & mines:  # four mines along the line
            path = QPainterPath()
            for x, y in _mine_spots(mx, my, a, b, corner):
                path.addEllipse(QPointF(x * s, y * s), s * 0.09, s * 0.09)
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
