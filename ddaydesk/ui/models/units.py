"""The order of battle as a table: one row per unit of the view, sortable and filterable."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)

from ddaydesk.ui.port import UnitInfo

COLUMNS = ("Unit", "Side", "Nationality", "Type", "A-D-M", "Where", "Status")
NATIONALITY = {"us": "US", "british": "British", "canadian": "Canadian", "french": "French",
               "polish": "Polish", "german": "German", "greek": "Greek", "norwegian": "Norwegian"}
UNIT_ID_ROLE = Qt.ItemDataRole.UserRole + 1
SIDE_ROLE = Qt.ItemDataRole.UserRole + 2

Index = QModelIndex | QPersistentModelIndex


def status_text(u: UnitInfo) -> str:
    parts = []
    if u.eliminated:
        parts.append("eliminated")
    elif u.place < 0 and u.arrive_turn is not None:
        parts.append(f"arrives turn {u.arrive_turn}")
    if u.reduced:
        parts.append("reduced")
    if u.hits:
        parts.append(f"{u.hits} Hit{'s' if u.hits > 1 else ''}")
    if u.turns_out_of_supply:
        parts.append("out of supply" + (f" ({u.turns_out_of_supply} turns)" if u.turns_out_of_supply > 1 else ""))
    if u.mp_left is not None and u.mp_left < u.movement:
        parts.append(f"{u.mp_left} MP left")
    return ", ".join(parts)


def factors(u: UnitInfo) -> str:
    return f"{u.attack}-{u.defence}-{u.movement}"


class UnitTableModel(QAbstractTableModel):
    def __init__(self, place_name: Callable[[int], str], parent=None,
                 values: Callable[[UnitInfo], str] = factors, values_title: str = COLUMNS[4],
                 icon: Callable[[UnitInfo], object] | None = None):
        """``values``: a unit's printed values as its system prints them, under ``values_title``;
        ``icon``: the unit's counter beside its name (its colours and symbol say whose and what
        it is, as on the map), made when a row is first drawn."""
        super().__init__(parent)
        self.place_name = place_name
        self.values = values
        self.icon = icon
        self.columns = COLUMNS[:4] + (values_title,) + COLUMNS[5:]
        self.units: list[UnitInfo] = []

    def set_units(self, units: tuple[UnitInfo, ...] | list[UnitInfo]) -> None:
        self.beginResetModel()
        self.units = list(units)
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt signature)
        return 0 if parent.isValid() else len(self.units)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole):
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self.columns[section]
        return None

    def summary(self, u: UnitInfo) -> str:
        """'1st Infantry Division: Allied (US) infantry, 4-4-4 at Omaha Beach; out of supply'."""
        where = u.where or (self.place_name(u.place) if u.place >= 0 else "off the map")
        side, nation, status = u.side.capitalize(), NATIONALITY.get(u.nationality, u.nationality), status_text(u)
        side += f" ({nation})" if nation != side else ""
        return (f"{u.name}: {side} {u.type.replace('_', ' ')}, {self.values(u)} at {where}"
                + (f"; {status}" if status else ""))

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        u = self.units[index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return (u.name, u.side.capitalize(), NATIONALITY.get(u.nationality, u.nationality), u.type.replace("_", " "),
                    self.values(u),
                    u.where or (self.place_name(u.place) if u.place >= 0 else "—"), status_text(u))[col]
        if role == Qt.ItemDataRole.DecorationRole and col == 0 and self.icon is not None:
            return self.icon(u)
        if role == Qt.ItemDataRole.ToolTipRole:  # the whole row in any cell: a narrow dock cuts some
            return self.summary(u)
        if role == UNIT_ID_ROLE:
            return u.id
        if role == SIDE_ROLE:
            return u.side
        return None


class UnitFilterModel(QSortFilterProxyModel):
    """Text filter over every column, plus a side filter ('' shows both sides)."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.side = ""
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.setFilterKeyColumn(-1)
        self.setSortCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)

    def set_side(self, side: str) -> None:
        self.beginFilterChange()
        self.side = side
        self.endFilterChange()

    def filterAcceptsRow(self, row: int, parent: Index) -> bool:
        if self.side:
            idx = self.sourceModel().index(row, 0, parent)
            if self.sourceModel().data(idx, SIDE_ROLE) != self.side:
                return False
        return super().filterAcceptsRow(row, parent)
